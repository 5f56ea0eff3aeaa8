// The command line, parsed by Node's own util.parseArgs from the one option table (flags.ts):
// `--kebab-case` flags become camelCase keys, `--no-x` sets a boolean x to false, numbers are
// checked, repeated single-value flags and unknown flags are usage errors (exit 2).
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "../core/errors.js";
import { FLAGS } from "./flags.js";

export interface ParsedArgs {
  input: string[];
  flags: Record<string, unknown>;
  /** The flags given on the command line (camelCase keys, first-seen order), defaults not included. */
  given: string[];
}

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const BY_NAME = new Map(Object.keys(FLAGS).map((k) => [kebab(k), k]));
const NUMBER = /^-?(?:\d+|\d*\.\d+)$/;

const OPTIONS: NonNullable<ParseArgsConfig["options"]> = Object.fromEntries(
  Object.entries(FLAGS).map(([key, spec]) => [
    kebab(key),
    { type: spec.type === "boolean" ? "boolean" : "string", ...(spec.shortFlag ? { short: spec.shortFlag } : {}), ...(spec.isMultiple ? { multiple: true } : {}) },
  ]),
) as NonNullable<ParseArgsConfig["options"]>;

function usage(e: unknown): never {
  const msg = (e as Error).message ?? String(e);
  const unknown = /Unknown option '([^']+)'/.exec(msg);
  if (unknown) throw new UsageError(`unknown flag ${unknown[1]}`);
  const missing = /Option '(-[^ ']+)(?:[^']*)' argument missing/.exec(msg);
  if (missing) throw new UsageError(`${missing[1]} needs a value`);
  // parseArgs takes a value that starts with "-" (a negative number, say) for the next flag.
  const ambiguous = /Option '(-[^ ']+)' argument is ambiguous/.exec(msg);
  if (ambiguous) throw new UsageError(`${ambiguous[1]} needs a value (a value that starts with "-" is written ${ambiguous[1]}=VALUE)`);
  throw new UsageError(msg.split("\n")[0] ?? "bad arguments");
}

export function parseArgv(argv: readonly string[]): ParsedArgs {
  // --no-x for a boolean x (Node 20's parseArgs has no negation of its own).
  const negated = new Set<string>();
  const args: string[] = [];
  let rest = false;
  for (const a of argv) {
    if (!rest && a === "--") rest = true;
    const key = !rest && a.startsWith("--no-") ? BY_NAME.get(a.slice(5)) : undefined;
    if (key !== undefined && FLAGS[key]!.type === "boolean" && !BY_NAME.has(a.slice(2))) negated.add(key);
    else args.push(a);
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: true, tokens: true });
  } catch (e) {
    usage(e);
  }
  const seen = new Map<string, number>();
  const given: string[] = [];
  for (const t of parsed.tokens ?? []) {
    if (t.kind !== "option") continue;
    seen.set(t.name, (seen.get(t.name) ?? 0) + 1);
    const key = BY_NAME.get(t.name) ?? [...BY_NAME.entries()].find(([, k]) => FLAGS[k]!.shortFlag === t.name)?.[1];
    if (key && !given.includes(key)) given.push(key);
  }
  // --no-x given before --x would be listed after it: the order is the command line's for the test above.
  const order = (k: string) => {
    const i = argv.findIndex((a) => a === `--${kebab(k)}` || a.startsWith(`--${kebab(k)}=`) || a === `--no-${kebab(k)}` || (FLAGS[k]!.shortFlag !== undefined && a === `-${FLAGS[k]!.shortFlag}`));
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  for (const k of negated) if (!given.includes(k)) given.push(k);
  given.sort((a, b) => order(a) - order(b));
  const flags: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(FLAGS)) {
    const name = kebab(key);
    const v = (parsed.values as Record<string, unknown>)[name];
    if ((seen.get(name) ?? 0) + (negated.has(key) ? 1 : 0) > 1 && !spec.isMultiple) throw new UsageError(`the flag --${name} can only be given once`);
    if (negated.has(key)) flags[key] = false;
    else if (v === undefined) {
      if (spec.isMultiple) flags[key] = [];
      else if (spec.default !== undefined) flags[key] = spec.default;
    } else if (spec.type === "number") {
      if (typeof v !== "string" || !NUMBER.test(v)) throw new UsageError(`--${name} needs a number (got ${JSON.stringify(v)})`);
      flags[key] = Number(v);
    } else flags[key] = v;
  }
  return { input: parsed.positionals, flags, given };
}
