// A/B of the console's first frame between two builds of akms (e.g. before and after a change),
// side by side in turns, in a real terminal (tmux), timed by a preloaded hook at the moment the
// first frame is written. Each build runs on its own copy of the data: the caches keyed by the
// build (core/store/facts.ts) would otherwise be rewritten by the other build on every run,
// and both would pay for validating again what their caches hold. A copy has new file times, so each
// build compiles its copy first (`akms build`): both open on a graph compiled after the last change,
// the state a user opens the console in (the check for newer sources then stats every input). usage:
//   node --import tsx scripts/bench/ab-first-frame.ts DIST_A DIST_B [N=5000] [RUNS=11]   (BENCH_DIR=COPY: run on a copy)
// AB_MEASURE=key: the first key instead (first-frame/measure.ts firstKeyAfterFrame: `j` sent as
// soon as the frame shows, to its result on screen; polled). AB_FRESH_PROBE=1: every run starts
// without the qmd probe the console remembers (.qmd_cache/probe.json), as the first start in a
// repository does. AB_FRESH_BUILD=1: every run starts right after a cold `akms build` (no graph.json,
// no .cache, no .qmd_cache: a fresh clone's first build), by that run's own build of akms.
// AB_AFTER_WRITE=1: every run starts right after an `akms promote` of a local node (graph.json
// patched, as after an agent's update or a review action from the CLI), undone after the run.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ROOT, dataset, median, loadText } from "./common.js";
import { firstKeyAfterFrame, reviewFirstFrame, settledReview } from "./first-frame/measure.js";

const [distA, distB] = [resolve(process.argv[2] ?? "dist-before"), resolve(process.argv[3] ?? "dist")];
const N = Number(process.argv[4] ?? 5000);
const RUNS = Number(process.argv[5] ?? 11);
// BENCH_DIR: a copy of the data (its repo/ and vault/), e.g. in /tmp, instead of the data set under .bench/.
const src = process.env.BENCH_DIR ? resolve(process.env.BENCH_DIR) : dataset(N).dir;
const dir = mkdtempSync(join(tmpdir(), "akms-abff-"));
/** A copy of the data for each build (its repo/ and vault/), compiled by that build. */
const copyFor = (dist: string, tag: string) => {
  const to = join(dir, `data-${tag}`);
  for (const part of ["repo", "vault"]) cpSync(join(src, part), join(to, part), { recursive: true });
  const d = { repo: join(to, "repo"), vault: join(to, "vault") };
  execFileSync(process.execPath, [binOf(dist), "build", "--repo", d.repo, "--vault", d.vault], { stdio: "ignore", env: { ...process.env, AKMS_GLOBAL_VAULT: undefined } });
  return d;
};

/** A bin for each build: dist/akms.mjs exports main() (bin/akms.mjs runs it). */
function binOf(dist: string): string {
  const f = join(dir, `bin-${Buffer.from(dist).toString("hex").slice(-16)}.mjs`);
  writeFileSync(f, `import { main } from ${JSON.stringify(pathToFileURL(join(dist, "akms.mjs")).href)};\nmain().then((c) => { process.exitCode = c; });\n`);
  return f;
}

const KEY = process.env.AB_MEASURE === "key";
const FRESH_PROBE = process.env.AB_FRESH_PROBE === "1";
const FRESH_BUILD = process.env.AB_FRESH_BUILD === "1";
const AFTER_WRITE = process.env.AB_AFTER_WRITE === "1";
const cli = (dist: string, ...args: string[]) => execFileSync(process.execPath, [binOf(dist), ...args, "--repo", data.get(dist)!.repo, "--vault", data.get(dist)!.vault], { stdio: "ignore", env: { ...process.env, AKMS_GLOBAL_VAULT: undefined } });
const firstFrame = async (dist: string, run: number) => {
  if (AFTER_WRITE) cli(dist, "promote", `l-${String(run >> 1).padStart(6, "0")}`);
  try {
    return await frameOnce(dist, run);
  } finally {
    if (AFTER_WRITE) cli(dist, "undo");
  }
};
const frameOnce = (dist: string, run: number) => {
  const graphDir = join(data.get(dist)!.repo, "knowledge", "graph");
  if (FRESH_PROBE) rmSync(join(graphDir, ".qmd_cache", "probe.json"), { force: true });
  if (FRESH_BUILD) {
    for (const f of ["graph.json", ".cache", ".qmd_cache"]) rmSync(join(graphDir, f), { recursive: true, force: true });
    execFileSync(process.execPath, [binOf(dist), "build", "--repo", data.get(dist)!.repo, "--vault", data.get(dist)!.vault], { stdio: "ignore", env: { ...process.env, AKMS_GLOBAL_VAULT: undefined } });
  }
  return KEY ? firstKeyAfterFrame(bins.get(dist)!, data.get(dist)!.repo, data.get(dist)!.vault) : reviewFirstFrame(bins.get(dist)!, data.get(dist)!.repo, data.get(dist)!.vault, join(dir, `ff-${run}.log`));
};

const bins = new Map([distA, distB].map((x) => [x, binOf(x)]));
const data = new Map([
  [distA, copyFor(distA, "a")],
  [distB, copyFor(distB, "b")],
]);
execFileSync("sync"); // the copies' dirty pages written out now, not during the first runs
console.log(`load average at the start ${loadText()}`);
// Warm the file cache for both, and let each console make its caches (the qmd probe it remembers).
await settledReview(bins.get(distA)!, data.get(distA)!.repo, data.get(distA)!.vault);
await settledReview(bins.get(distB)!, data.get(distB)!.repo, data.get(distB)!.vault);
const a: number[] = [];
const b: number[] = [];
for (let i = 0; i < RUNS; i++) {
  a.push(await firstFrame(distA, 2 * i));
  b.push(await firstFrame(distB, 2 * i + 1));
}
const f = (x: number) => `${x.toFixed(0)} ms`;
const what = (KEY ? "first key after the first frame (j sent as the frame shows → its result on screen, polled)" : "first frame (process start → frame written)") + (FRESH_PROBE ? ", no remembered qmd probe" : "") + (FRESH_BUILD ? ", each right after a cold `akms build`" : "") + (AFTER_WRITE ? ", each right after an `akms promote`" : "");
console.log(`| ${N} nodes, ${what}, ${RUNS} runs each, in turns | median | min | max |`);
console.log("|---|---:|---:|---:|");
console.log(`| A ${distA.slice(ROOT.length + 1)} | ${f(median(a))} | ${f(Math.min(...a))} | ${f(Math.max(...a))} |`);
console.log(`| B ${distB.slice(ROOT.length + 1)} | ${f(median(b))} | ${f(Math.min(...b))} | ${f(Math.max(...b))} |`);
console.log(`B / A = ${(median(b) / median(a)).toFixed(3)}; load average at the end ${loadText()}`);
rmSync(dir, { recursive: true, force: true });
