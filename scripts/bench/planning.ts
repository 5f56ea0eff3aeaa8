// Planning path: one task's query as a whole CLI run (cold: graph.json parsed and the planning
// cache written; warm: from the cache) and in-process once loaded; ten loadouts, degraded and
// with qmd, as ten CLI runs and in-process.
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { akmsCmd, dataset, fmtMs, median, registerSection, sizes, timeRun } from "./common.js";
import { loadContext } from "../../core/context.js";
import { queryGraph } from "../../core/query.js";
import { openGraph } from "../../core/graph.js";
import { writeLoadouts, type LoadoutRequest } from "../../core/loadout.js";
import { findQmd } from "../../core/qmd.js";

const TAGS = Array.from({ length: 10 }, (_, i) => `tag-${i + 1}`);

/** A phase's loadouts in one process: made together, as a phase makes them. */
function phase(ctx: Parameters<typeof writeLoadouts>[0], graph: Parameters<typeof writeLoadouts>[1], reqs: LoadoutRequest[]): void {
  for (const o of writeLoadouts(ctx, graph, reqs)) if (!o.ok) throw o.error;
}

function ms(t0: bigint): number {
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

registerSection({
  name: "planning",
  title: "Planning: query and loadouts",
  run() {
    const rows: Record<string, unknown>[] = [];
    const qmd = findQmd() !== null;
    console.log("| nodes | query CLI cold | query CLI warm | query in-process | 10 loadouts degraded (CLI) | 10 loadouts degraded (in-process) | 10 loadouts qmd (CLI, cold) | 10 loadouts qmd (CLI, cached) | 10 loadouts qmd (in-process, cached) | 10 loadouts qmd (in-process, index built, results not cached) |");
    console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const n of sizes()) {
      const d = dataset(n);
      const base = ["--repo", d.repo, "--vault", d.vault];
      if (!existsSync(join(d.repo, "knowledge", "graph", "graph.json"))) {
        const b = timeRun(akmsCmd(["build", ...base]));
        if (b.code !== 0) throw new Error(`akms build failed: ${b.stderr}`);
      }
      const planCache = join(d.repo, "knowledge", "graph", ".cache", "plan-graph.bin");
      const loadouts = join(d.repo, "knowledge", "loadouts");
      const qmdCache = join(d.repo, "knowledge", "graph", ".qmd_cache");
      const query = ["query", ...base, "--tags", "tag-1,tag-2", "--json"];

      rmSync(planCache, { force: true });
      const cold = timeRun(akmsCmd(query));
      if (cold.code !== 0) throw new Error(`akms query failed: ${cold.stderr}`);
      const warm: number[] = [];
      for (let i = 0; i < 5; i++) warm.push(timeRun(akmsCmd(query)).wallMs);

      const ctx = loadContext({ repo: d.repo, vault: d.vault });
      const graph = openGraph(ctx.paths);
      const inproc: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t0 = process.hrtime.bigint();
        queryGraph(graph, ctx.cfg, { tags: [TAGS[i % 10]!, TAGS[(i + 3) % 10]!], role: "implementer" });
        inproc.push(ms(t0));
      }

      const tenCli = (extra: string[]) => {
        rmSync(loadouts, { recursive: true, force: true });
        let total = 0;
        for (const t of TAGS) {
          const r = timeRun(akmsCmd(["loadout", ...base, "--tags", t, ...extra]));
          if (r.code !== 0) throw new Error(`akms loadout failed: ${r.stderr}`);
          total += r.wallMs;
        }
        return total;
      };
      const degradedCli = tenCli(["--no-qmd"]);
      rmSync(loadouts, { recursive: true, force: true });
      let t0 = process.hrtime.bigint();
      phase(ctx, graph, TAGS.map((t) => ({ tags: [t], noQmd: true })));
      const degradedIn = ms(t0);
      let qmdCold: number | null = null;
      let qmdWarm: number | null = null;
      let qmdIn: number | null = null;
      let qmdInFresh: number | null = null;
      if (qmd) {
        rmSync(qmdCache, { recursive: true, force: true });
        qmdCold = tenCli([]);
        qmdWarm = tenCli([]);
        rmSync(loadouts, { recursive: true, force: true });
        t0 = process.hrtime.bigint();
        phase(ctx, graph, TAGS.map((t) => ({ tags: [t] })));
        qmdIn = ms(t0);
        // A new phase: qmd's index is up to date, but no search result is cached yet.
        for (const f of readdirSync(qmdCache)) if (f.endsWith(".json") && f !== "probe.json") rmSync(join(qmdCache, f));
        rmSync(loadouts, { recursive: true, force: true });
        t0 = process.hrtime.bigint();
        phase(ctx, graph, TAGS.map((t) => ({ tags: [t] })));
        qmdInFresh = ms(t0);
      }
      const row = {
        nodes: n,
        query_cli_cold_ms: cold.wallMs,
        query_cli_warm_ms: median(warm),
        query_inprocess_ms: median(inproc),
        loadouts10_degraded_cli_ms: degradedCli,
        loadouts10_degraded_inprocess_ms: degradedIn,
        loadouts10_qmd_cold_cli_ms: qmdCold,
        loadouts10_qmd_cached_cli_ms: qmdWarm,
        loadouts10_qmd_cached_inprocess_ms: qmdIn,
        loadouts10_qmd_uncached_inprocess_ms: qmdInFresh,
      };
      rows.push(row);
      const f = (x: number | null) => (x === null ? "n/a (no qmd)" : fmtMs(x));
      console.log(
        `| ${n.toLocaleString("en")} | ${fmtMs(row.query_cli_cold_ms)} | ${fmtMs(row.query_cli_warm_ms)} | ${row.query_inprocess_ms.toFixed(2)} ms | ${fmtMs(degradedCli)} | ${fmtMs(degradedIn)} | ${f(qmdCold)} | ${f(qmdWarm)} | ${f(qmdIn)} | ${f(qmdInFresh)} |`,
      );
    }
    console.log("\nquery: tags tag-1,tag-2, role implementer; CLI warm = median of 5 (planning cache present), in-process = median of 20 after one load; loadouts: one per tag tag-1…tag-10, each a whole CLI run (summed) or all ten in one process, made together as a phase makes them (writeLoadouts: the uncached qmd searches run concurrently).");
    return rows;
  },
});
