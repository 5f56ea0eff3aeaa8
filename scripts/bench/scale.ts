// 200,000 global nodes (+ 20,000 local, a 7.8 MB overlay of 42,000 entries): the cold compile, the
// first query after it (the cold compile writes the planning index, so it opens it), warm queries and the
// no-op, with each one's peak memory. Goals (issue 18): compiles; query ≤ 1 s; peak ≤ 1.5 GB.
// `BENCH_SIZES=200000 npm run bench -- scale` (the data set is generated once: ≈ 1.5 min, 1.4 GB).
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { akmsCmd, dataset, fmtMb, fmtMs, median, registerSection, sizes, timeRun } from "./common.js";

registerSection({
  name: "scale",
  title: "Scale: 200,000 nodes (compile and query)",
  run() {
    const rows: Record<string, unknown>[] = [];
    console.log("| nodes | cold compile | its peak | first query after the cold compile | its peak | warm query (median of 3) | no-op | load at start → end |");
    console.log("|---:|---:|---:|---:|---:|---:|---:|---|");
    for (const n of sizes([200000])) {
      const d = dataset(n);
      const base = ["--repo", d.repo, "--vault", d.vault];
      const load0 = loadavg()[0]!;
      rmSync(join(d.repo, "knowledge", "graph", "graph.json"), { force: true });
      rmSync(join(d.repo, "knowledge", "graph", ".cache"), { recursive: true, force: true });
      const ok = (r: ReturnType<typeof timeRun>, what: string) => {
        if (r.code !== 0) throw new Error(`${what} failed: ${r.stderr}`);
        return r;
      };
      const cold = ok(timeRun(akmsCmd(["build", ...base])), "cold build");
      const query = ["query", "--tags", "tag-1,tag-2", ...base];
      const first = ok(timeRun(akmsCmd(query)), "first query");
      const warm = [0, 1, 2].map(() => ok(timeRun(akmsCmd(query)), "warm query").wallMs);
      const noop = ok(timeRun(akmsCmd(["build", ...base])), "no-op build");
      const row = { nodes: n, cold_ms: cold.wallMs, cold_peak_kb: cold.peakKb, first_ms: first.wallMs, first_peak_kb: first.peakKb, warm_ms: median(warm), noop_ms: noop.wallMs, load: [load0, loadavg()[0]] };
      rows.push(row);
      console.log(
        `| ${n.toLocaleString("en")} | ${fmtMs(cold.wallMs)} | ${fmtMb(cold.peakKb)} | ${fmtMs(first.wallMs)} | ${fmtMb(first.peakKb)} | ${fmtMs(row.warm_ms)} | ${fmtMs(noop.wallMs)} | ${load0.toFixed(2)} → ${loadavg()[0]!.toFixed(2)} |`,
      );
    }
    return rows;
  },
});
