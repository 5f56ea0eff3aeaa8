// The first query after a change (`akms update`, then the next task's `akms query`) against a warm
// query, paired round by round on a copy of the generated data: the planning index is kept fresh by
// the update itself (core/query/plan-delta.ts), so the first query should cost what a warm one does
// (goal: ≤ 0.5 s and ≤ 1.5× the warm query at 50,000). Wall and CPU seconds of whole CLI runs.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { BIN, dataset, fmtMs, median, registerSection, sizes } from "./common.js";

function reps(): number {
  return Number(process.env.BENCH_REPS ?? 5);
}

function run(args: string[]): { wall: number; cpu: number } {
  const argv = ["/usr/bin/time", "-f", "__CPU=%U %S", process.execPath, BIN, ...args];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(argv[0]!, argv.slice(1), { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`akms ${args.join(" ")} failed: ${r.stdout}${r.stderr}`);
  const m = /__CPU=([\d.]+) ([\d.]+)/.exec(r.stderr);
  return { wall, cpu: m ? (Number(m[1]) + Number(m[2])) * 1000 : NaN };
}

function memory(task: string, n: number, round: number): string {
  const used = Array.from({ length: 20 }, (_, k) => `  - id: g-${String((k * 7919 + (round + 2) * 104729) % n).padStart(6, "0")}\n    useful: ${k % 3 ? "true" : "false"}\n    coverage: sufficient`);
  return ["---", `task_id: ${task}`, 'task_description: "benchmark task"', "phase_id: 1", "timestamp: 2026-03-04T10:00:00", "agent_model: bench", "loadout_used: loadouts/bench.md", "status: complete", "tests_passed: 1", "tests_total: 1", "nodes_used:", ...used, "akms_schema: v2", "---", ""].join("\n");
}

registerSection({
  name: "first-query",
  title: "The first query after `akms update` vs a warm query (goal at 50,000: ≤ 0.5 s, ≤ 1.5× warm)",
  run() {
    const rows: Record<string, unknown>[] = [];
    console.log("| nodes | update (median) | first query after it | warm query | first / warm | first query CPU | warm CPU | load at start → end |");
    console.log("|---:|---:|---:|---:|---:|---:|---:|---|");
    for (const n of sizes([5000, 50000])) {
      const d = dataset(n);
      const work = mkdtempSync(join(tmpdir(), "akms-bench-fq-"));
      const cp = spawnSync("cp", ["-a", d.dir, join(work, "kb")]);
      if (cp.status !== 0) throw new Error(`cp failed: ${cp.stderr}`);
      const base = ["--repo", join(work, "kb", "repo"), "--vault", join(work, "kb", "vault")];
      const query = ["query", "--tags", "tag-1,tag-2", ...base];
      const load0 = loadavg()[0]!;
      try {
        run(["build", ...base]);
        run(query); // the repository's planning index (a large graph's first query writes it)
        const doc = (i: number) => {
          const f = join(work, `memory-${i}.md`);
          writeFileSync(f, memory(`fq-task-${i}`, n, i));
          return f;
        };
        run(["update", doc(-1), ...base]); // the overlay in the form akms writes (steady state)
        const update: number[] = [];
        const first: { wall: number; cpu: number }[] = [];
        const warm: { wall: number; cpu: number }[] = [];
        for (let i = 0; i < reps(); i++) {
          update.push(run(["update", doc(i), ...base]).wall);
          first.push(run(query));
          warm.push(run(query));
        }
        const f = median(first.map((x) => x.wall));
        const w = median(warm.map((x) => x.wall));
        const row = { nodes: n, update_ms: median(update), first_ms: f, warm_ms: w, ratio: f / w, first_cpu_ms: median(first.map((x) => x.cpu)), warm_cpu_ms: median(warm.map((x) => x.cpu)), load: [load0, loadavg()[0]] };
        rows.push(row);
        console.log(
          `| ${n.toLocaleString("en")} | ${fmtMs(row.update_ms)} | ${fmtMs(f)} | ${fmtMs(w)} | ${row.ratio.toFixed(2)} | ${fmtMs(row.first_cpu_ms)} | ${fmtMs(row.warm_cpu_ms)} | ${load0.toFixed(2)} → ${loadavg()[0]!.toFixed(2)} |`,
        );
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    }
    console.log(`\nmedian of ${reps()} rounds; each round: one update (20 nodes used), then the query twice (the first after the update, then warm).`);
    return rows;
  },
});
