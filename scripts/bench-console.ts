// The review console's performance goals, measured on the built CLI in a real terminal (tmux):
//   first frame ≤ 500 ms on a 5,000-node repository (process start → the status bar on screen),
//   keypress action → refreshed screen ≤ 300 ms (promote confirmed → "✓ $ akms promote" shown),
//   navigation ≤ 50 ms per key (j → the position "N of M" advanced).
// Times include tmux's own latency (capture-pane is polled every few ms), so they are upper bounds.
// usage: node --import tsx scripts/bench-console.ts [N=5000] [RUNS=5]
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir, cpus, loadavg } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { BIN, ROOT, dataset } from "./bench/common.js";
import { startPane, tmuxAvailable, type Pane } from "../test/e2e/tmux.js";
import { loadContext } from "../core/context.js";
import { loadModel } from "../src/console/model.js";

const N = Number(process.argv[2] ?? 5000);
const RUNS = Number(process.argv[3] ?? 5);
const ENV = { TERM: "xterm-256color", CI: undefined, CONTINUOUS_INTEGRATION: undefined, AKMS_GLOBAL_VAULT: undefined };
const STATUS = /│ graph [0-9a-f]{12} │/;

if (!tmuxAvailable()) {
  console.error("tmux is required (apt-get install tmux)");
  process.exit(2);
}
if (!existsSync(join(ROOT, "dist", "akms.mjs"))) {
  console.error("run `npm run build` first");
  process.exit(2);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const ms = (x: number | undefined) => (x === undefined ? "–" : `${x.toFixed(0)} ms`);
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

/** Polls the pane until `re` matches; returns the elapsed ms since `t0`. */
async function until(pane: Pane, re: RegExp, t0: number, timeout = 30000): Promise<number> {
  for (;;) {
    let screen = "";
    try {
      screen = pane.capture();
    } catch {
      /* starting */
    }
    if (re.test(screen)) return performance.now() - t0;
    if (performance.now() - t0 > timeout) throw new Error(`timed out waiting for ${re}:\n${screen}`);
    await sleep(2);
  }
}

const src = dataset(N);
const dir = mkdtempSync(join(tmpdir(), "akms-bench-console-"));
cpSync(src.dir, dir, { recursive: true });
const repo = join(dir, "repo");
const vault = join(dir, "vault");
const where = ["--repo", repo, "--vault", vault];
const b = spawnSync(process.execPath, [BIN, "build", ...where], { encoding: "utf8" });
if (b.status !== 0) throw new Error(b.stderr);

console.log(`# review console benchmark — ${N} global nodes (+${Math.floor(N / 10)} local), ${RUNS} runs`);
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}; node ${process.version}; load average ${loadavg().map((x) => x.toFixed(2)).join(" ")}\n`);

// In-process breakdown of the model load (what happens before the first frame besides start-up).
{
  const ctx = loadContext({ repo, vault, env: {} });
  const m = loadModel(ctx, {});
  console.log(`model: ${m.graph.nodes.size} nodes; load breakdown (ms): ${Object.entries(m.timings).map(([k, v]) => `${k} ${v}`).join(", ")}`);
}

const first: number[] = [];
const nav: number[] = [];
const action: number[] = [];
const undo: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const pane = startPane(`akms-bench-${process.pid}-${run}`, [process.execPath, BIN, "review", ...where], { width: 120, height: 40, env: ENV });
  const t0 = performance.now();
  try {
    first.push(await until(pane, STATUS, t0));
    // Navigation: each j moves the selection; wait for the new position in the status bar.
    for (let k = 0; k < 10; k++) {
      const before = /(\d+) of (\d+) │ graph/.exec(pane.capture());
      if (!before || Number(before[1]) >= Number(before[2])) break;
      const want = new RegExp(`\\b${Number(before[1]) + 1} of ${before[2]} │ graph`);
      const t = performance.now();
      pane.send("j");
      nav.push(await until(pane, want, t, 5000));
    }
    // Action: centre a local tentative node in the explorer, promote it, then undo.
    const id = `l-${String(run).padStart(6, "0")}`;
    pane.send("2", "/", ...id.split(""), "Enter");
    await until(pane, new RegExp(`^${id} `, "m"), performance.now(), 30000);
    pane.send("p");
    await until(pane, new RegExp(`Promote ${id}\\?`), performance.now(), 30000);
    let t = performance.now();
    pane.send("y");
    action.push(await until(pane, /✓ \$ akms promote/, t, 30000));
    pane.send("u");
    await until(pane, /Undo #\d+/, performance.now(), 30000);
    t = performance.now();
    pane.send("y");
    undo.push(await until(pane, /✓ \$ akms undo/, t, 30000));
    pane.send("q");
  } finally {
    pane.kill();
  }
}
rmSync(dir, { recursive: true, force: true });

console.log("");
console.log("| measure | median | p95 | goal |");
console.log("|---|---|---|---|");
console.log(`| first frame (process start → status bar shown) | ${ms(median(first))} | ${ms(p95(first))} | ≤ 500 ms |`);
console.log(`| navigation (j → position updated) | ${ms(median(nav))} | ${ms(p95(nav))} | ≤ 50 ms |`);
console.log(`| action: promote confirmed → refreshed screen | ${ms(median(action))} | ${ms(p95(action))} | ≤ 300 ms |`);
console.log(`| action: undo confirmed → refreshed screen | ${ms(median(undo))} | ${ms(p95(undo))} | ≤ 300 ms |`);
