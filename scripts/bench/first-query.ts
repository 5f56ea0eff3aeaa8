// The first query after a change (`akms update`, then the next task's `akms query`) against a warm
// query, paired round by round on a copy of the generated data: the planning index is kept fresh by
// the update itself (core/compiler/plan-delta.ts), so the first query should cost what a warm one does
// (goal: ≤ 0.5 s and ≤ 1.5× the warm query at 50,000). Wall and CPU seconds of whole CLI runs.
// BENCH_BEFORE=DIST (another build, e.g. dist-before) runs the same rounds on a copy of its own
// with that build, in turns, as the paired "before".
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { BIN, benchMemory, dataset, fmtMs, median, registerSection, sizes, timeRun } from "./common.js";

function reps(): number {
  return Number(process.env.BENCH_REPS ?? 5);
}

function run(args: string[], bin = BIN): { wall: number; cpu: number } {
  const r = timeRun([process.execPath, bin, ...args]);
  if (r.code !== 0) throw new Error(`akms ${args.join(" ")} failed: ${r.stdout}${r.stderr}`);
  return { wall: r.wallMs, cpu: r.cpuMs ?? NaN };
}


registerSection({
  name: "first-query",
  title: "The first query after `akms update` vs a warm query (goal at 50,000: ≤ 0.5 s, ≤ 1.5× warm)",
  run() {
    const rows: Record<string, unknown>[] = [];
    console.log("| nodes | build | update (median) | first query after it | warm query | first / warm | first query CPU | warm CPU | load at start → end |");
    console.log("|---:|---|---:|---:|---:|---:|---:|---:|---|");
    const before = process.env.BENCH_BEFORE ? resolve(process.env.BENCH_BEFORE) : null;
    for (const n of sizes([5000, 50000])) {
      const d = dataset(n);
      const work = mkdtempSync(join(tmpdir(), "akms-bench-fq-"));
      const sides: { name: string; bin: string; base: string[] }[] = [{ name: "this build", bin: BIN, base: [] }];
      if (before) {
        const bin = join(work, "bin-before.mjs");
        writeFileSync(bin, `import { main } from ${JSON.stringify(pathToFileURL(join(before, "akms.mjs")).href)};\nmain().then((c) => { process.exitCode = c; });\n`);
        sides.push({ name: `before (${process.env.BENCH_BEFORE})`, bin, base: [] });
      }
      const load0 = loadavg()[0]!;
      try {
        sides.forEach((side, k) => {
          const cp = spawnSync("cp", ["-a", d.dir, join(work, `kb-${k}`)]);
          if (cp.status !== 0) throw new Error(`cp failed: ${cp.stderr}`);
          side.base = ["--repo", join(work, `kb-${k}`, "repo"), "--vault", join(work, `kb-${k}`, "vault")];
        });
        const query = (side: (typeof sides)[number]) => ["query", "--tags", "tag-1,tag-2", ...side.base];
        const doc = (k: number, i: number) => {
          const f = join(work, `memory-${k}-${i}.md`);
          writeFileSync(f, benchMemory(`fq-task-${i}`, Array.from({ length: 20 }, (_, k) => ({ id: `g-${String((k * 7919 + (i + 2) * 104729) % n).padStart(6, "0")}`, useful: k % 3 !== 0, coverage: "sufficient" }))));
          return f;
        };
        const times = sides.map(() => ({ update: [] as number[], first: [] as { wall: number; cpu: number }[], warm: [] as { wall: number; cpu: number }[], cold: { wall: 0, cpu: 0 }, afterCold: { wall: 0, cpu: 0 } }));
        sides.forEach((side, k) => {
          // Cold: no graph.json, no .cache (a fresh clone); then the first query.
          const graphDir = join(work, `kb-${k}`, "repo", "knowledge", "graph");
          rmSync(join(graphDir, "graph.json"), { force: true });
          rmSync(join(graphDir, ".cache"), { recursive: true, force: true });
          times[k]!.cold = run(["build", ...side.base], side.bin);
          times[k]!.afterCold = run(query(side), side.bin);
          run(query(side), side.bin); // the planning index, for a build that leaves it to the first query
          run(["update", doc(k, -1), ...side.base], side.bin); // the overlay in the form akms writes (steady state)
        });
        for (let i = 0; i < reps(); i++) {
          sides.forEach((side, k) => {
            times[k]!.update.push(run(["update", doc(k, i), ...side.base], side.bin).wall);
            times[k]!.first.push(run(query(side), side.bin));
            times[k]!.warm.push(run(query(side), side.bin));
          });
        }
        sides.forEach((side, k) => {
          const t = times[k]!;
          const f = median(t.first.map((x) => x.wall));
          const w = median(t.warm.map((x) => x.wall));
          const row = { nodes: n, build: side.name, update_ms: median(t.update), first_ms: f, warm_ms: w, ratio: f / w, first_cpu_ms: median(t.first.map((x) => x.cpu)), warm_cpu_ms: median(t.warm.map((x) => x.cpu)), load: [load0, loadavg()[0]] };
          rows.push(row);
          console.log(
            `| ${n.toLocaleString("en")} | ${side.name} | ${fmtMs(row.update_ms)} | ${fmtMs(f)} | ${fmtMs(w)} | ${row.ratio.toFixed(2)} | ${fmtMs(row.first_cpu_ms)} | ${fmtMs(row.warm_cpu_ms)} | ${load0.toFixed(2)} → ${loadavg()[0]!.toFixed(2)} |`,
          );
        });
        console.log(`| ${n.toLocaleString("en")} | cold build, then the first query | ${sides.map((side, k) => `${side.name}: build ${fmtMs(times[k]!.cold.wall)}, query ${fmtMs(times[k]!.afterCold.wall)} (CPU ${fmtMs(times[k]!.afterCold.cpu)})`).join(" · ")} |||||||`);
        rows.push({ nodes: n, cold: sides.map((side, k) => ({ build: side.name, cold_build_ms: times[k]!.cold.wall, first_query_ms: times[k]!.afterCold.wall, first_query_cpu_ms: times[k]!.afterCold.cpu })) });
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    }
    console.log(`\nmedian of ${reps()} rounds; each round: one update (20 nodes used), then the query twice (the first after the update, then warm); with BENCH_BEFORE the builds take turns, each on its own copy.`);
    return rows;
  },
});
