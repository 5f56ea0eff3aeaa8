import type { CommandResult } from "../output.js";

/** Flags as src/argv.ts parses them (camelCase). Each command reads the ones it documents. */
export type Flags = Record<string, unknown> & {
  repo?: string;
  vault?: string;
  json: boolean;
  color: boolean;
};

export interface CommandSpec {
  name: string;
  /** One line for the command reference. */
  summary: string;
  usage: string;
  /** Longer text for `akms <command> --help` (default: usage and summary). */
  help?: string;
  /** The flags it takes besides the global ones (camelCase keys of src/flags.ts); any other is a usage error. */
  flags: readonly string[];
  /**
   * A read command's check of its own input (a task record), run before the graph is prepared
   * (core/settle.ts prepareRead compiles a stale graph.json): a refused input writes nothing.
   */
  checkInput?(flags: Flags): void;
  /** Runs the command; `args` are the positional arguments after the command name. */
  run(args: string[], flags: Flags): CommandResult | Promise<CommandResult>;
}
