// The console's first frame, measured in a real terminal (tmux): a preloaded hook notes the moment
// the first frame is written (process start → frame on the terminal, no polling in between).
// Shared by the `console` section of `npm run bench`, scripts/bench/ab-first-frame.ts and
// scripts/bench-console.ts.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { ROOT } from "../common.js";
import { startPane, TMUX, type Pane } from "../../../test/e2e/tmux.js";

const hook = join(ROOT, "scripts", "bench", "first-frame", "hook.mjs");
/** The status bar's graph version: on screen only when the whole first frame is. */
export const REVIEW_FRAME = /│ graph [0-9a-f]{12} │/;
export const TINY_FRAME = /Hello from a tiny ink app/;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let runs = 0;

/** The pid of the pane's process (`env` execs the command: the same process). */
function panePid(pane: Pane): number {
  return Number(execFileSync(TMUX, ["-L", pane.name, "display-message", "-p", "-t", pane.name, "#{pane_pid}"], { encoding: "utf8" }).trim());
}

/**
 * Kills the pane and waits until its process has ended (gone, or a zombie): a process killed
 * while it still works after its first frame (the console's work after it, its exit) would
 * otherwise take CPU from the next run, which on two cores is the other side of an A/B.
 */
async function killAndWait(pane: Pane, pid: number): Promise<void> {
  pane.kill();
  for (let t = 0; t < 15000; t += 5) {
    let state: string;
    try {
      state = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /s, "")[0]!;
    } catch {
      return; // gone
    }
    if (state === "Z" || state === "X") return;
    await sleep(5);
  }
  throw new Error(`process ${pid} still running 15 s after its pane was killed`);
}

/** Milliseconds from the start of `node <argv>` to its first write matching `frame`, in a 120×40 tmux pane. */
export async function firstFrame(argv: string[], frame: RegExp, log: string): Promise<number> {
  rmSync(log, { force: true });
  const pane = startPane(`akms-ff-${process.pid}-${++runs}`, [process.execPath, "--import", hook, ...argv], {
    width: 120,
    height: 40,
    env: { TERM: "xterm-256color", CI: undefined, CONTINUOUS_INTEGRATION: undefined, AKMS_GLOBAL_VAULT: undefined, FIRST_FRAME_RE: frame.source, FIRST_FRAME_LOG: log },
  });
  const pid = panePid(pane);
  try {
    // The hook appends one line; until it is whole the file may be there and empty.
    const line = () => (existsSync(log) ? readFileSync(log, "utf8") : "");
    for (let t = 0; t < 30000 && !line().endsWith("\n"); t += 5) await sleep(5);
    const ms = Number(line().trim());
    if (!(ms > 0)) throw new Error(`no first frame within 30 s (${argv.join(" ")})`);
    return ms;
  } finally {
    await killAndWait(pane, pid);
  }
}

/** `akms review` (run by `bin`) on repo/vault: milliseconds to its first frame. */
export function reviewFirstFrame(bin: string, repo: string, vault: string, log: string): Promise<number> {
  return firstFrame([bin, "review", "--repo", repo, "--vault", vault], REVIEW_FRAME, log);
}

/** `akms review` (run by `bin`) on repo/vault in a 120×40 pane, once its first frame is up: `use`, then the pane killed and its process ended. */
async function withReviewPane<T>(tag: string, bin: string, repo: string, vault: string, use: (pane: Pane) => Promise<T>): Promise<T> {
  const pane = startPane(`akms-${tag}-${process.pid}-${++runs}`, [process.execPath, bin, "review", "--repo", repo, "--vault", vault], {
    width: 120,
    height: 40,
    env: { TERM: "xterm-256color", CI: undefined, CONTINUOUS_INTEGRATION: undefined, AKMS_GLOBAL_VAULT: undefined },
  });
  const pid = panePid(pane);
  try {
    await pane.waitFor(REVIEW_FRAME, 30000);
    return await use(pane);
  } finally {
    await killAndWait(pane, pid);
  }
}

/**
 * `akms review` on repo/vault: milliseconds from its first frame on screen to `j` shown done (the
 * Review list at its second item), the key sent as soon as the frame is seen. Both read by polling
 * tmux's screen (Pane.waitFor: every 25 ms, a match confirmed by a capture 40 ms later): the key
 * goes ≥ 40 ms after the frame shows, and the figure is an upper bound by up to ≈ 65 ms.
 */
export function firstKeyAfterFrame(bin: string, repo: string, vault: string): Promise<number> {
  return withReviewPane("fk", bin, repo, vault, async (pane) => {
    const t0 = performance.now();
    pane.send("j");
    await pane.waitFor(/ 2 of \d+/, 10000);
    return performance.now() - t0;
  });
}

/**
 * A first run of `akms review` that is left open until the console has made its caches — the qmd
 * probe it remembers (knowledge/graph/.qmd_cache/probe.json, written once the probe ends after the
 * first frame) and the graph index of the store (.cache/plan-graph.bin, written by the build, or by
 * the first reader that found none) — then closed: the runs measured after it start as a user's
 * second start does. A cache a build does not make (qmd not installed) is waited for `maxMs`.
 */
export function settledReview(bin: string, repo: string, vault: string, maxMs = 5000): Promise<void> {
  return withReviewPane("warm", bin, repo, vault, async () => {
    const probe = join(repo, "knowledge", "graph", ".qmd_cache", "probe.json");
    const index = join(repo, "knowledge", "graph", ".cache", "plan-graph.bin");
    for (let t = 0; t < maxMs && !(existsSync(probe) && existsSync(index)); t += 25) await sleep(25);
  });
}

/** The yardstick of the console goal: the smallest ink app, one esbuild bundle as the CLI is; returns its file. */
export async function bundleTinyInkApp(dir: string): Promise<string> {
  const { build } = await import("esbuild");
  const out = join(dir, "tiny-ink-app.mjs");
  await build({
    entryPoints: [join(ROOT, "scripts", "bench", "first-frame", "tiny-ink-app.tsx")],
    outfile: out,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    alias: { "react-devtools-core": join(ROOT, "scripts", "stubs", "react-devtools-core.mjs") },
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: "warning",
  });
  return out;
}
