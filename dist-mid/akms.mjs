import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  loadAllCommands,
  loadCommand
} from "./chunk-FFHGZ4KF.mjs";
import {
  stripControl
} from "./chunk-NTRS6NJ7.mjs";
import {
  BugError,
  UsageError,
  formatError,
  isAkmsError
} from "./chunk-C3ZMY3KT.mjs";
import "./chunk-F7TTDJ7Y.mjs";

// src/argv.ts
import { parseArgs } from "node:util";

// src/flags.ts
var FLAGS = {
  repo: { type: "string" },
  vault: { type: "string" },
  json: { type: "boolean", default: false },
  color: { type: "boolean", default: true },
  help: { type: "boolean", shortFlag: "h" },
  version: { type: "boolean" },
  keepGoing: { type: "boolean" },
  cache: { type: "boolean" },
  tags: { type: "string" },
  task: { type: "string" },
  role: { type: "string" },
  explain: { type: "boolean" },
  write: { type: "boolean" },
  phase: { type: "number" },
  mode: { type: "string" },
  qmd: { type: "boolean" },
  contextLimit: { type: "number" },
  out: { type: "string" },
  dryRun: { type: "boolean" },
  files: { type: "string", isMultiple: true },
  since: { type: "string" },
  all: { type: "boolean" },
  report: { type: "boolean" },
  kind: { type: "string" },
  reason: { type: "string" },
  yes: { type: "boolean", shortFlag: "y" },
  force: { type: "boolean" },
  limit: { type: "number" },
  pcd: { type: "string" },
  in: { type: "string" },
  nodes: { type: "string" },
  agent: { type: "string", isMultiple: true }
};

// src/argv.ts
var kebab = (key) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
var BY_NAME = new Map(Object.keys(FLAGS).map((k) => [kebab(k), k]));
var NUMBER = /^-?(?:\d+|\d*\.\d+)$/;
var OPTIONS = Object.fromEntries(
  Object.entries(FLAGS).map(([key, spec]) => [
    kebab(key),
    { type: spec.type === "boolean" ? "boolean" : "string", ...spec.shortFlag ? { short: spec.shortFlag } : {}, ...spec.isMultiple ? { multiple: true } : {} }
  ])
);
function usage(e) {
  const msg = e.message ?? String(e);
  const unknown = /Unknown option '([^']+)'/.exec(msg);
  if (unknown) throw new UsageError(`unknown flag ${unknown[1]}`);
  const missing = /Option '(-[^ ']+)(?:[^']*)' argument (?:missing|is ambiguous)/.exec(msg);
  if (missing) throw new UsageError(`${missing[1]} needs a value`);
  throw new UsageError(msg.split("\n")[0] ?? "bad arguments");
}
function parseArgv(argv) {
  const negated = /* @__PURE__ */ new Set();
  const args = [];
  let rest = false;
  for (const a of argv) {
    if (!rest && a === "--") rest = true;
    const key = !rest && a.startsWith("--no-") ? BY_NAME.get(a.slice(5)) : void 0;
    if (key !== void 0 && FLAGS[key].type === "boolean" && !BY_NAME.has(a.slice(2))) negated.add(key);
    else args.push(a);
  }
  let parsed;
  try {
    parsed = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: true, tokens: true });
  } catch (e) {
    usage(e);
  }
  const seen = /* @__PURE__ */ new Map();
  for (const t of parsed.tokens ?? []) if (t.kind === "option") seen.set(t.name, (seen.get(t.name) ?? 0) + 1);
  const flags = {};
  for (const [key, spec] of Object.entries(FLAGS)) {
    const name = kebab(key);
    const v = parsed.values[name];
    if ((seen.get(name) ?? 0) + (negated.has(key) ? 1 : 0) > 1 && !spec.isMultiple) throw new UsageError(`the flag --${name} can only be given once`);
    if (negated.has(key)) flags[key] = false;
    else if (v === void 0) {
      if (spec.isMultiple) flags[key] = [];
      else if (spec.default !== void 0) flags[key] = spec.default;
    } else if (spec.type === "number") {
      if (typeof v !== "string" || !NUMBER.test(v)) throw new UsageError(`--${name} needs a number (got ${JSON.stringify(v)})`);
      flags[key] = Number(v);
    } else flags[key] = v;
  }
  return { input: parsed.positionals, flags };
}

// src/output.ts
var clean = stripControl;
function emit(result, opts) {
  if (result.quiet) return result.exitCode ?? 0;
  if (opts.json) {
    process.stdout.write(JSON.stringify(result.json, null, 2) + "\n");
  } else {
    if (result.text) process.stdout.write(clean(result.text).replace(/\n?$/, "\n"));
    for (const n of result.notes ?? []) process.stderr.write(clean(n) + "\n");
  }
  return result.exitCode ?? 0;
}
function emitError(e, opts) {
  const err = isAkmsError(e) ? e : new BugError(`unexpected failure: ${e instanceof Error ? e.message : String(e)}`);
  if (process.env.AKMS_DEBUG === "1" && e instanceof Error) process.stderr.write((e.stack ?? "") + "\n");
  if (opts.json) {
    process.stdout.write(JSON.stringify({ ok: false, error: err.toJSON() }, null, 2) + "\n");
  } else {
    process.stderr.write(clean(formatError(err)) + "\n");
  }
  return err.exitCode;
}

// src/cli.ts
function helpText(COMMANDS) {
  return `
  akms \u2014 persistent, reviewable knowledge for coding agents (AKMS v2)

  Usage
    $ akms <command> [options]        (akms <command> --help for one command)

  Commands
${COMMANDS.map((c) => `    ${c.usage}
        ${c.summary}`).join("\n")}

  Global options
    --repo DIR     repository root (default: git root of the current directory, else it)
    --vault DIR    global vault (default: $AKMS_GLOBAL_VAULT, else global_vault in config, else ~/.claude/akms/nodes)
    --json         one JSON document on stdout, nothing else there
    --no-color     no colours (also NO_COLOR)

  Exit codes: 0 ok \xB7 1 failed / invalid input (nothing written) \xB7 2 usage error \xB7 3 lock held
`;
}
var SETTLES = /* @__PURE__ */ new Set(["query", "loadout", "derive-tags", "re-evaluate", "status", "review", "show", "pitfalls", "search", "record", "mcp"]);
async function main(argv = process.argv.slice(2)) {
  const jsonWanted = argv.includes("--json");
  const out = { json: jsonWanted, color: !argv.includes("--no-color") && !process.env.NO_COLOR };
  let cli;
  try {
    cli = parseArgv(argv);
  } catch (e) {
    return emitError(e, out);
  }
  process.title = "akms";
  const [name, ...args] = cli.input;
  if (cli.flags.version) {
    process.stdout.write("akms 0.1.0 (AKMS schema v2)\n");
    return 0;
  }
  if (!name || name === "help" || cli.flags.help && !name) {
    process.stdout.write(helpText(await loadAllCommands()));
    return name || cli.flags.help ? 0 : 2;
  }
  const pending = loadCommand(name);
  const cmd = pending ? await pending : null;
  if (!cmd) return emitError(new UsageError(`unknown command "${name}"`), out);
  if (cli.flags.help) {
    process.stdout.write(cmd.help ?? `
  ${cmd.usage}

  ${cmd.summary}
`);
    return 0;
  }
  try {
    if (SETTLES.has(name)) {
      const { settleInterrupted } = await import("./chunk-CIO3Q57Y.mjs");
      await settleInterrupted({ repo: typeof cli.flags.repo === "string" ? cli.flags.repo : void 0, vault: typeof cli.flags.vault === "string" ? cli.flags.vault : void 0 });
    }
    const result = await cmd.run(args, { ...cli.flags, json: out.json, color: out.color });
    return emit(result, out);
  } catch (e) {
    return emitError(e, out);
  }
}
export {
  main
};
