// A/B of two builds of akms (e.g. before and after a change) on what users wait on: a cold compile,
// a no-op, the build after graph.json was deleted (the store kept), the rebuild after 10 edited
// nodes, one `akms update` and one dated before every applied one, the first query after them and a
// second one, one review action (promote, then its undo), `akms show` of a node after it, and a
// global node's draft, its undo, an update after a draft and the undraft, and a dedup reject of a
// registered session's merge with its undo, and a promote of ten marked nodes with its undo. Each
// build gets its own copy of the data (the caches of one build do not serve the other), and the two
// take turns, step by step, in one run.
// Wall and CPU seconds of whole CLI processes. usage:
//   node --import tsx scripts/bench/ab.ts DIST_A DIST_B [N=5000] [RUNS=5]
// (build A with `AKMS_DIST=dist-before npm run build` on the old commit; see docs/benchmarks.md)
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { EDITED, ROOT, benchMemory, dataset, editNodes, median } from "./common.js";
import { appendDedupSection } from "../../core/update/nodes.js";

const [distA, distB] = [resolve(process.argv[2] ?? "dist-before"), resolve(process.argv[3] ?? "dist")];
const N = Number(process.argv[4] ?? 5000);
const RUNS = Number(process.argv[5] ?? 5);
const work = mkdtempSync(join(tmpdir(), "akms-ab-"));

interface Side {
  name: string;
  bin: string;
  repo: string;
  vault: string;
  times: Record<string, { wall: number; cpu: number }[]>;
}

function sideOf(name: string, dist: string): Side {
  const d = dataset(N);
  const dir = join(work, name);
  // cp -a keeps the files' times, so each copy starts as the data set is.
  const cp = spawnSync("cp", ["-a", d.dir, dir]);
  if (cp.status !== 0) throw new Error(`cp failed: ${cp.stderr}`);
  const bin = join(work, `bin-${name}.mjs`);
  writeFileSync(bin, `import { main } from ${JSON.stringify(pathToFileURL(join(dist, "akms.mjs")).href)};\nmain().then((c) => { process.exitCode = c; });\n`);
  return { name, bin, repo: join(dir, "repo"), vault: join(dir, "vault"), times: {} };
}

/** Runs one CLI command of a side; wall and CPU (user + system, from GNU time) in ms. */
function run(s: Side, args: string[]): { wall: number; cpu: number; out: string } {
  const argv = ["/usr/bin/time", "-f", "__CPU=%U %S", process.execPath, s.bin, ...args, "--repo", s.repo, "--vault", s.vault];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(argv[0]!, argv.slice(1), { encoding: "utf8", maxBuffer: 256 * 1024 * 1024});
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  const m = /__CPU=([\d.]+) ([\d.]+)/.exec(r.stderr);
  if (r.status !== 0) throw new Error(`${s.name}: akms ${args.join(" ")} failed (${r.status}): ${r.stdout}${r.stderr}`);
  return { wall, cpu: m ? (Number(m[1]) + Number(m[2])) * 1000 : NaN, out: r.stdout };
}

function timed(s: Side, step: string, args: string[]): string {
  const r = run(s, args);
  (s.times[step] ??= []).push({ wall: r.wall, cpu: r.cpu });
  return r.out;
}


function usedIds(round: number): string[] {
  return Array.from({ length: 20 }, (_, k) => `g-${String((k * 7919 + round * 104729) % N).padStart(6, "0")}`);
}

/** The first of the round's used global nodes that a draft applies to (established or tentative): the same on both sides. */
function draftable(s: Side, i: number): string {
  for (const id of usedIds(i)) {
    const status = (JSON.parse(run(s, ["show", id, "--json"]).out) as { node?: { status?: string } }).node?.status;
    if (status === "established" || status === "tentative") return id;
  }
  throw new Error(`none of round ${i}'s used global nodes is established or tentative`);
}

/** One round of every step on one side. */
function round(s: Side, i: number): void {
  rmSync(join(s.repo, "knowledge", "graph", "graph.json"), { force: true });
  rmSync(join(s.repo, "knowledge", "graph", ".cache"), { recursive: true, force: true });
  timed(s, "cold compile", ["build"]);
  timed(s, "no-op", ["build"]);
  rmSync(join(s.repo, "knowledge", "graph", "graph.json"));
  timed(s, "graph.json deleted, the store kept", ["build"]);
  const restore = editNodes(s.vault, i);
  timed(s, `rebuild after ${EDITED} edits`, ["build"]);
  restore();
  run(s, ["build"]);
  const doc = join(work, `${s.name}-memory-${i}.md`);
  writeFileSync(doc, benchMemory(`ab-task-${i}`, usedIds(i).map((id, j) => ({ id, useful: j % 3 !== 0, coverage: j % 2 ? "sufficient" : "outdated" }))));
  timed(s, "update (20 nodes used)", ["update", doc]);
  // A memory dated before every applied one: taken in order since 2026-12-07 (the applied ones out and again), appended before.
  const early = join(work, `${s.name}-early-${i}.md`);
  writeFileSync(early, benchMemory(`ab-early-${i}`, usedIds(i + 50).map((id, j) => ({ id, useful: j % 3 !== 0, coverage: j % 2 ? "sufficient" : "outdated" })), { date: "2026-03-03" }));
  timed(s, "update dated before the applied ones", ["update", early]);
  timed(s, "first query after it", ["query", "--tags", "tag-1000"]);
  timed(s, "query", ["query", "--tags", "tag-1000"]);
  const local = `l-${String(i).padStart(6, "0")}`;
  timed(s, "review action (promote)", ["promote", local]);
  timed(s, "its undo", ["undo"]);
  timed(s, "show (a node, after the undo)", ["show", usedIds(i)[1]!]);
  // A global node's draft (an override in the overlay), its undo, and the next reader of the overlay
  // after a draft: an update (a memory that sorts after the applied ones), then the undraft.
  const global = draftable(s, i);
  timed(s, "draft of a global node", ["draft", global]);
  timed(s, "the draft's undo", ["undo"]);
  run(s, ["draft", global]);
  // It uses a local node too (an agent's draft that helped): that node has an entry in the overlay.
  const used = `l-${String(i + 200).padStart(6, "0")}`;
  const later = join(work, `${s.name}-later-${i}.md`);
  writeFileSync(later, benchMemory(`ab-zlater-${i}`, [...usedIds(i + 20), used].map((id, j) => ({ id, useful: j % 3 !== 0, coverage: j % 2 ? "sufficient" : "outdated" }))));
  timed(s, "update after a draft", ["update", later]);
  timed(s, "undraft of the global node", ["undraft", global]);
  timed(s, "promote of a local node the update used", ["promote", used]);
  timed(s, "its undo (the local node's)", ["undo"]);
  // A merge an update appended to a local node, its session registered in the overlay (as the
  // update writes it): rejected (a new node, and the session's registry entry), and the reject undone.
  const merged = `l-${String(i + 300).padStart(6, "0")}`;
  const file = join(s.repo, "knowledge", "local-nodes", `${merged}.md`);
  const pending = { session: "session-phase1-task0", score: 0.9, suggestedId: `ab-rejected-${i}`, nodeId: merged, draft: "The text of the merged draft." };
  writeFileSync(file, appendDedupSection(readFileSync(file, "utf8"), pending));
  run(s, ["build"]);
  timed(s, "dedup reject (a registered session's merge)", ["dedup", "reject", merged]);
  timed(s, "its undo (the reject's)", ["undo"]);
  // The console's marked nodes, or `akms promote A B …`: one batch of ten.
  const marked = Array.from({ length: 10 }, (_, k) => `l-${String(i * 10 + 400 + k).padStart(6, "0")}`);
  timed(s, "promote of 10 marked local nodes", ["promote", ...marked]);
  timed(s, "its undo (the batch's)", ["undo"]);
}

const a = sideOf("A", distA);
const b = sideOf("B", distB);
// The copies' dirty pages written out now, not during the first rounds (the later copy's more).
spawnSync("sync");
const load0 = loadavg();
for (let i = 0; i < RUNS; i++) {
  // Alternate which side goes first, so neither always runs on a cache the other just warmed.
  for (const s of i % 2 ? [b, a] : [a, b]) round(s, i);
}
const f = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
const shown = (dist: string) => (dist.startsWith(ROOT + "/") ? dist.slice(ROOT.length + 1) : dist);
console.log(`A = ${shown(distA)}, B = ${shown(distB)}; ${N.toLocaleString("en")} nodes; ${RUNS} rounds, in turns; load average ${load0.map((x) => x.toFixed(2)).join(" ")} → ${loadavg().map((x) => x.toFixed(2)).join(" ")}`);
console.log("");
console.log("| step | A wall | B wall | B / A wall | A CPU | B CPU | B / A CPU |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const step of Object.keys(a.times)) {
  const [aw, bw] = [median(a.times[step]!.map((t) => t.wall)), median(b.times[step]!.map((t) => t.wall))];
  const [ac, bc] = [median(a.times[step]!.map((t) => t.cpu)), median(b.times[step]!.map((t) => t.cpu))];
  console.log(`| ${step} | ${f(aw)} | ${f(bw)} | ${(bw / aw).toFixed(2)} | ${f(ac)} | ${f(bc)} | ${(bc / ac).toFixed(2)} |`);
}
rmSync(work, { recursive: true, force: true });
