// Rendering the console in-process with ink-testing-library on a scratch repository.
// Facts measured here: wait a tick after render() and after every stdin.write; one key per write.
import React from "react";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { render } from "ink-testing-library";
import { build } from "../../core/compiler/build.js";
import { loadContext } from "../../core/context.js";
import { loadModel, type ConsoleModel } from "../../src/console/model.js";
import { App, type EditorResult } from "../../screens/App.js";
// Loaded in production after the first frame; here before, so that models read the orchestrator state.
import "../../src/console/checkpoint-run.js";
import { copyDemo } from "../helpers.js";

export const KEYS: Record<string, string> = {
  down: "\x1b[B",
  up: "\x1b[A",
  right: "\x1b[C",
  left: "\x1b[D",
  enter: "\r",
  esc: "\x1b",
  tab: "\t",
  backspace: "\x7f",
};

export const tick = (ms = 15) => new Promise((r) => setTimeout(r, ms));

export interface Console {
  model: ConsoleModel;
  frame(): string;
  frames: string[];
  /** Sends keys one write each ("down", "enter", … or literal characters), waiting after each. */
  press(...keys: string[]): Promise<void>;
  /** Waits until the frame matches (actions run after a timer; a reload follows). */
  waitFor(re: RegExp, ms?: number): Promise<string>;
  /** Resolves once the work after the first frame is done (App's onSettled): the check for newer sources among it. */
  settled: Promise<void>;
  unmount(): void;
}

export function demoRepo() {
  const d = copyDemo();
  const env = { ...process.env };
  delete env.AKMS_GLOBAL_VAULT;
  const ctx = loadContext({ repo: d.repo, vault: d.vault, env });
  build(ctx);
  return { ...d, ctx };
}

export async function openConsole(
  ctx: ReturnType<typeof loadContext>,
  opts: { width?: number; height?: number; color?: boolean; editor?: (file: string) => EditorResult; rebuild?: boolean | "if-missing" } = {},
): Promise<Console> {
  const model = loadModel(ctx, {}, { rebuild: opts.rebuild ?? true });
  let onSettled = () => {};
  const settled = new Promise<void>((resolve) => (onSettled = resolve));
  const r = render(<App model={model} color={opts.color ?? false} size={{ width: opts.width ?? 100, height: opts.height ?? 30 }} probeQmd={false} editor={opts.editor} onSettled={onSettled} />);
  await tick();
  const c: Console = {
    model,
    frame: () => r.lastFrame() ?? "",
    frames: r.frames,
    async press(...keys) {
      for (const k of keys) {
        r.stdin.write(KEYS[k] ?? k);
        await tick();
        await tick();
      }
    },
    async waitFor(re, ms = 10000) {
      const t0 = Date.now();
      while (Date.now() - t0 < ms) {
        const f = r.lastFrame() ?? "";
        if (re.test(f)) return f;
        await tick(20);
      }
      throw new Error(`timed out waiting for ${re}; last frame:\n${r.lastFrame()}`);
    },
    settled,
    unmount: () => r.unmount(),
  };
  return c;
}

/** Presses `key` until the frame matches (at most `max` presses). */
export async function pressUntil(c: Console, key: string, re: RegExp, max = 40): Promise<string> {
  for (let i = 0; i < max; i++) {
    if (re.test(c.frame())) return c.frame();
    await c.press(key);
  }
  if (re.test(c.frame())) return c.frame();
  throw new Error(`never saw ${re} pressing ${key}; last frame:\n${c.frame()}`);
}

/** Writes `n` small local node files (bulk-00000.md …) into `dir`; returns their paths. */
export function writeBulkNodes(dir: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    const f = join(dir, `bulk-${String(i).padStart(5, "0")}.md`);
    writeFileSync(f, bulkNode(i));
    return f;
  });
}

/** A small local node file (a tentative agent node without a dedup section), the i-th of a bulk set. */
function bulkNode(i: number): string {
  const id = `bulk-${String(i).padStart(5, "0")}`;
  return `---\nid: ${id}\ntitle: "Bulk ${i}"\ndomain: software-eng\ntags:\n  - bulk\nstatus: tentative\nconfidence: 0.5\nsource: agent\ncontext_size: small\nakms_schema: v2\n---\n\n# Bulk ${i}\n\n## Summary\n\nA node of the bulk set.\n`;
}
