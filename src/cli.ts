// The akms command line: argv.ts parses the flags (node:util.parseArgs over flags.ts), the
// registry dispatches, output.ts prints.
import { parseArgv, type ParsedArgs } from "./argv.js";
import { loadAllCommands, loadCommand } from "./commands/index.js";
import type { CommandSpec } from "./commands/types.js";
import { emit, emitError, type CommandResult } from "./output.js";
import { UsageError } from "../core/errors.js";
import type { Flags } from "./commands/types.js";
import { GLOBAL_FLAGS } from "./flags.js";

function helpText(COMMANDS: CommandSpec[]): string {
  return `
  akms — persistent, reviewable knowledge for coding agents (AKMS v2)

  Usage
    $ akms <command> [options]        (akms <command> --help for one command)

  Commands
${COMMANDS.map((c) => `    ${c.usage}\n        ${c.summary}`).join("\n")}

  Global options
    --repo DIR     repository root (default: git root of the current directory, else it)
    --vault DIR    global vault (default: $AKMS_GLOBAL_VAULT, else global_vault in config, else ~/.claude/akms/nodes)
    --json         one JSON document on stdout, nothing else there
    --no-color     no colours (also NO_COLOR)

  Exit codes: 0 ok · 1 failed / invalid input (nothing written) · 2 usage error · 3 lock held
`;
}

/** Readers that first complete a write killed half-way (writers do it under their own lock). */
const SETTLES = new Set(["record", "mcp"]);
/** Commands that read the graph: they compile it first when graph.json is missing or stale (core/settle.ts). */
const READS = new Set(["eval", "query", "loadout", "derive-tags", "re-evaluate", "status", "review", "show", "pitfalls", "search", "export", "hook", "promote", "draft", "undraft", "dedup"]);

/** How a path is printed for a person to paste into a shell (the demo script prints its commands with it). */
export { shellWord } from "../core/shell-word.js";

export async function main(argv = process.argv.slice(2)): Promise<number> {
  const jsonWanted = argv.includes("--json");
  const out = { json: jsonWanted, color: !argv.includes("--no-color") && !process.env.NO_COLOR };
  let cli: ParsedArgs;
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
  if (!name || name === "help" || (cli.flags.help && !name)) {
    process.stdout.write(helpText(await loadAllCommands()));
    return name || cli.flags.help ? 0 : 2;
  }
  const pending = loadCommand(name);
  const cmd = pending ? await pending : null;
  if (!cmd) return emitError(new UsageError(`unknown command "${name}"`), out);
  // Each command takes its own flags: one it does not take is an error, never silently ignored.
  const takes = new Set<string>([...GLOBAL_FLAGS, ...cmd.flags]);
  const stray = cli.given.filter((k) => !takes.has(k));
  if (stray.length) {
    const kebab = (k: string) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    const own = cmd.flags.map(kebab);
    return emitError(new UsageError(`akms ${name} does not take ${stray.map(kebab).join(", ")}`, `${own.length ? `its flags: ${own.join(", ")}` : `it takes no flags`} (besides --repo, --vault, --json, --no-color); usage: ${cmd.usage}`), out);
  }
  if (cli.flags.help) {
    process.stdout.write(cmd.help ?? `\n  ${cmd.usage}\n\n  ${cmd.summary}\n`);
    return 0;
  }
  try {
    const where = { repo: typeof cli.flags.repo === "string" ? cli.flags.repo : undefined, vault: typeof cli.flags.vault === "string" ? cli.flags.vault : undefined };
    let compiled: import("../core/settle.js").Compiled | null = null;
    // The console opens at once on the compiled graph (compiling only a missing one) and checks its
    // sources after its first frame, naming what changed (R rebuilds): only a killed write is settled first.
    const opensAsCompiled = name === "review" && !cli.flags.report;
    const flags: Flags = { ...(cli.flags as unknown as Flags), json: out.json, color: out.color };
    cmd.checkInput?.(flags); // a refused input before any compile: it writes nothing
    let result: CommandResult;
    if (READS.has(name) && !opensAsCompiled && (name !== "hook" || args[0] === "session-start")) {
      ({ compiled, result } = await (await import("../core/settle.js")).readPrepared(where, () => cmd.run(args, flags)));
    } else {
      if (SETTLES.has(name) || opensAsCompiled) await (await import("../core/settle.js")).settleInterrupted(where);
      result = await cmd.run(args, flags);
    }
    if (compiled) {
      process.stderr.write(`akms: ${compiled.note}\n`);
      if (result.json && typeof result.json === "object" && !Array.isArray(result.json)) result.json = { ...(result.json as object), compiled: compiled.json };
    }
    // What a --json read showed (an agent's channel) goes to the impression log.
    if (out.json && result.json) {
      const imp = await import("../core/agent/impressions.js");
      if (imp.SHOWING.has(name)) {
        const { locateRepo, repoConfig } = await import("../core/context.js");
        const { paths } = locateRepo(where);
        if (repoConfig(paths).config.agents.impressions) imp.logShown(paths, "cli", name, result.json, JSON.stringify(result.json));
      }
    }
    return emit(result, out);
  } catch (e) {
    return emitError(e, out);
  }
}
