// `akms review` without --report: the console, full-screen on the alternate screen buffer. The
// terminal is restored on every way out — quit, Ctrl-C, SIGINT/SIGTERM/SIGHUP, an uncaught
// exception — and around $EDITOR, which gets the normal screen while it runs.
import React from "react";
import { render } from "ink";
import { diffingStdout } from "../src/console/frame-diff.js";
import { spawnSync } from "node:child_process";
import { writeSync } from "node:fs";
import type { Context } from "../core/context.js";
import { UsageError } from "../core/errors.js";
import { editorFailure, editorRun } from "../core/editor.js";
import type { CommandResult } from "../src/output.js";
import type { Flags } from "../src/commands/types.js";
import { App, type EditorResult } from "./App.js";
import { loadModel } from "../src/console/model.js";
import { saveDedupIndex } from "../core/review/dedup-index.js";
import { keepWarm } from "../core/store/memo.js";
import type { ScreenId } from "../src/console/keybindings.js";

const ENTER_ALT = "\x1b[?1049h\x1b[H\x1b[2J";
const LEAVE_ALT = "\x1b[?1049l";
const HIDE_CURSOR = "\x1b[?25l";
const SHOW_CURSOR = "\x1b[?25h";

export interface TerminalGuard {
  /** Leaves the alternate screen and shows the cursor (idempotent). */
  restore(): void;
  /**
   * What a signal runs before the terminal is restored: the renderer's unmount, so that its last
   * write lands on the alternate screen and not, after it, on the normal one.
   */
  beforeRestore(fn: () => void): void;
  /** Stops listening for signals and crashes. */
  dispose(): void;
}

/** Enters the alternate screen and arranges for it to be left however the process ends. */
export function guardTerminal(out: NodeJS.WriteStream = process.stdout, input: NodeJS.ReadStream = process.stdin): TerminalGuard {
  let active = true;
  let teardown: (() => void) | null = null;
  out.write(ENTER_ALT + HIDE_CURSOR);
  const restore = () => {
    if (!active) return;
    active = false;
    try {
      if (input.isTTY) input.setRawMode?.(false);
    } catch {
      /* the terminal may be gone already */
    }
    out.write(SHOW_CURSOR + LEAVE_ALT);
  };
  const onSignal = (sig: NodeJS.Signals) => {
    try {
      teardown?.();
    } catch {
      /* restoring the terminal matters more */
    }
    restore();
    process.exit(sig === "SIGINT" ? 130 : sig === "SIGTERM" ? 143 : 129);
  };
  const onCrash = (e: unknown) => {
    restore();
    // Straight to fd 2: process.stderr may be held while the console runs.
    writeSync(2, `akms review crashed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  };
  const signals: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
  for (const s of signals) process.on(s, onSignal);
  process.on("uncaughtException", onCrash);
  process.on("unhandledRejection", onCrash);
  process.on("exit", restore);
  // Started through a wrapper (`npx akms review` runs it under `npm exec`): when the wrapper is
  // killed, no signal reaches us and we would stay on the alternate screen in the background.
  // A parent that went away (we were re-parented) ends the console as a hang-up does.
  const parent = process.ppid;
  const orphan = setInterval(() => {
    if (process.ppid !== parent) onSignal("SIGHUP");
  }, 500);
  orphan.unref();
  return {
    restore,
    beforeRestore(fn) {
      teardown = fn;
    },
    dispose() {
      clearInterval(orphan);
      for (const s of signals) process.off(s, onSignal);
      process.off("uncaughtException", onCrash);
      process.off("unhandledRejection", onCrash);
      process.off("exit", restore);
    },
  };
}

/**
 * While the console owns the screen, anything written to stderr (a library's warning, console.*)
 * would land in the middle of the frame and shift it. It is held and printed after the terminal
 * is restored.
 */
export function holdStderr(): { release(): void } {
  const chunks: string[] = [];
  const origWrite = process.stderr.write;
  const methods = ["log", "info", "warn", "error", "debug"] as const;
  const origConsole = methods.map((m) => console[m]);
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    chunks.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    const cb = rest.find((r) => typeof r === "function") as (() => void) | undefined;
    cb?.();
    return true;
  }) as typeof process.stderr.write;
  for (const m of methods) console[m] = (...args: unknown[]) => void chunks.push(args.map(String).join(" ") + "\n");
  let released = false;
  const onExit = () => release();
  process.on("exit", onExit);
  function release() {
    if (released) return;
    released = true;
    process.off("exit", onExit);
    process.stderr.write = origWrite;
    methods.forEach((m, i) => (console[m] = origConsole[i]!));
    const text = chunks.join("");
    if (text) process.stderr.write(text.endsWith("\n") ? text : text + "\n");
  }
  return { release };
}

/** Runs the editor on the normal screen, then takes the alternate screen back. */
function runEditor(file: string): EditorResult {
  const run = editorRun(file);
  const out = process.stdout;
  const input = process.stdin;
  out.write(SHOW_CURSOR + LEAVE_ALT);
  if (input.isTTY) input.setRawMode(false);
  const r = spawnSync(run.command, run.args, { stdio: "inherit" });
  if (input.isTTY) input.setRawMode(true);
  out.write(ENTER_ALT + HIDE_CURSOR);
  const failed = editorFailure(run, r);
  if (!failed) return { error: null };
  return { error: failed.started ? `${failed.message}; press R to reload if the file changed` : failed.message };
}

export async function openConsole(ctx: Context, flags: Flags, opts: { initialScreen?: ScreenId } = {}): Promise<CommandResult> {
  if (!process.stdout.isTTY || !process.stdin.isTTY) {
    throw new UsageError(
      "akms review opens an interactive console and needs a terminal (stdin and stdout must be a TTY)",
      "for the review report as Markdown, run `akms review --report` (add --out FILE to choose where it goes)",
    );
  }
  const color = flags.color !== false && !process.env.NO_COLOR;
  const phase = typeof flags.phase === "number" ? flags.phase : undefined;
  // Opening on the Checkpoint screen: its code first (otherwise it is loaded after the first frame).
  if (opts.initialScreen === "checkpoint") await import("../src/console/checkpoint-run.js");
  // A long-running process, as `akms mcp` is: what it derives from a file is kept while the file
  // is unchanged (core/store/memo.ts), so a reload after the console's own action reads what changed.
  keepWarm();
  // Load before taking the screen, so a failure prints like any other command's.
  const model = loadModel(ctx, { phase }, { rebuild: "if-missing" });
  const guard = guardTerminal();
  const held = holdStderr();
  try {
    // Only the lines that changed reach the terminal (src/console/frame-diff.ts).
    const stdout = process.env.AKMS_CONSOLE_WRITES === "whole" ? process.stdout : diffingStdout(process.stdout);
    const app = render(<App model={model} color={color} editor={runEditor} initialScreen={opts.initialScreen} />, { stdout, exitOnCtrlC: false, patchConsole: false, maxFps: 60 });
    guard.beforeRestore(() => app.unmount());
    await app.waitUntilExit();
  } finally {
    guard.restore();
    guard.dispose();
    held.release();
  }
  // Which local node files hold no dedup section, for the next start's review data (written on the
  // way out, so that no write holds up the keys while the console runs).
  saveDedupIndex(ctx);
  return { json: { ok: true }, text: "" };
}
