// How a command's result reaches the terminal: JSON on stdout with --json, text otherwise.
// Strings from files pass through `clean` so they cannot inject terminal escape sequences.
import { AkmsError, BugError, formatError, isAkmsError, unnamedWriteError } from "../core/errors.js";
import { stripControl } from "../core/control-chars.js";
import { patchFaults } from "../core/graph-file/patch.js";

export interface CommandResult {
  /** The one JSON document printed with --json. */
  json: unknown;
  /** Human output (stdout). */
  text: string;
  /** Notes for stderr in human mode (warnings). */
  notes?: string[];
  exitCode?: number;
  /** Prints nothing (a command that spoke on stdout itself, such as the MCP server). */
  quiet?: boolean;
}

export interface OutputOptions {
  json: boolean;
  color: boolean;
}

/** Removes escape sequences and control characters (keeps \n and \t). */
export const clean = stripControl;

export function emit(result: CommandResult, opts: OutputOptions): number {
  if (result.quiet) return result.exitCode ?? 0;
  if (opts.json) {
    // A graph.json patch that failed (core/graph-file/patch.ts) is counted where a caller sees it.
    const json = patchFaults.length && result.json && typeof result.json === "object" && !Array.isArray(result.json) ? { ...result.json, patch_faults: patchFaults.length } : result.json;
    process.stdout.write(JSON.stringify(json, null, 2) + "\n");
  } else {
    if (result.text) process.stdout.write(clean(result.text).replace(/\n?$/, "\n"));
    for (const n of result.notes ?? []) process.stderr.write(clean(n) + "\n");
  }
  return result.exitCode ?? 0;
}

export function emitError(e: unknown, opts: OutputOptions): number {
  const err: AkmsError = isAkmsError(e) ? e : (unnamedWriteError(e) ?? new BugError(`unexpected failure: ${e instanceof Error ? e.message : String(e)}`));
  if (process.env.AKMS_DEBUG === "1" && e instanceof Error) process.stderr.write((e.stack ?? "") + "\n");
  if (opts.json) {
    process.stdout.write(JSON.stringify({ ok: false, error: err.toJSON() }, null, 2) + "\n");
  } else {
    process.stderr.write(clean(formatError(err)) + "\n");
  }
  return err.exitCode;
}
