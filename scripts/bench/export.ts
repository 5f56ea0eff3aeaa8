// `akms export` on the generated data: the whole graph to GraphML and to GEXF (written to a file,
// fsync included), and a radius-2 ego graph as DOT (goals at 50,000: ≤ 5 s each; ego ≤ 300 ms).
// Whole CLI runs on a copy of the data; wall and CPU seconds, peak RSS; the load average recorded.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { akmsCmd, dataset, fmtMb, fmtMs, median, registerSection, sizes, timeRun } from "./common.js";

function run(args: string[]): { wall: number; cpu: number; rss: number } {
  const r = timeRun(akmsCmd(args));
  if (r.code !== 0) throw new Error(`akms ${args.join(" ")} failed: ${r.stdout}${r.stderr}`);
  return { wall: r.wallMs, cpu: r.cpuMs ?? NaN, rss: r.peakKb ?? NaN };
}

registerSection({
  name: "export",
  title: "`akms export`: the whole graph as GraphML and GEXF, a radius-2 ego graph as DOT (goals at 50,000: ≤ 5 s; ego ≤ 300 ms)",
  run() {
    const reps = Number(process.env.BENCH_REPS ?? 3);
    const rows: Record<string, unknown>[] = [];
    console.log("| nodes | export | median wall | median CPU | peak RSS | load at start → end |");
    console.log("|---:|---|---:|---:|---:|---|");
    for (const n of sizes([5000, 50000])) {
      const d = dataset(n);
      const work = mkdtempSync(join(tmpdir(), "akms-bench-export-"));
      const copy = join(work, "kb");
      if (spawnSync("cp", ["-a", d.dir, copy]).status !== 0) throw new Error("cp failed");
      const base = ["--repo", join(copy, "repo"), "--vault", join(copy, "vault")];
      try {
        run(["query", "--tags", "tag-1", ...base]); // the planning index, as after any build
        const cases: [string, (i: number) => string[]][] = [
          ["GraphML, whole graph", (i) => ["export", "--format", "graphml", "--out", join(work, `g${i}.graphml`), ...base]],
          ["GEXF, whole graph", (i) => ["export", "--format", "gexf", "--out", join(work, `g${i}.gexf`), ...base]],
          ["DOT, ego graph radius 2", (i) => ["export", "--format", "dot", "--around", "g-000010", "--radius", "2", "--out", join(work, `e${i}.dot`), ...base]],
        ];
        for (const [name, args] of cases) {
          const load0 = loadavg()[0]!;
          const t = Array.from({ length: reps }, (_, i) => run(args(i)));
          const row = { nodes: n, export: name, wall: median(t.map((x) => x.wall)), cpu: median(t.map((x) => x.cpu)), rss: Math.max(...t.map((x) => x.rss)), load: [load0, loadavg()[0]!] };
          rows.push(row);
          console.log(`| ${n.toLocaleString("en-US")} | ${name} | ${fmtMs(row.wall)} | ${fmtMs(row.cpu)} | ${fmtMb(row.rss)} | ${load0.toFixed(2)} → ${loadavg()[0]!.toFixed(2)} |`);
        }
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    }
    return rows;
  },
});
