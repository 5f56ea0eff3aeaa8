// The full argument parser (meow): for every command line the quick parser (args.ts) leaves to it
// — unknown flags (reported as "Unknown flag" on stderr, exit 2), repeated flags, `--x=v`, `-hy`,
// `--`, a flag without its value… Loaded only then, so a plain command line never loads meow.
import meow from "meow";
import { FLAGS } from "./flags.js";

export function parseWithMeow(argv: string[]): { input: string[]; flags: Record<string, unknown> } {
  const cli = meow("", {
    importMeta: import.meta,
    argv,
    allowUnknownFlags: false,
    autoHelp: false,
    autoVersion: false,
    booleanDefault: undefined,
    flags: FLAGS as never,
  });
  return { input: cli.input, flags: cli.flags };
}
