// Compile: `akms build` cold, no-op and after an edit, side by side with
// shared/bench/pyref_build.py (Python, PyYAML's C loader, NetworkX) on the same generated data in
// the same run.
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { EDITED, SHARED_BENCH, akmsCmd, dataset, editNodes, fmtMb, fmtMs, median, registerSection, sizes, timeRun } from "./common.js";

function reps(n: number): number {
  return Number(process.env.BENCH_REPS ?? (n >= 50000 ? 3 : 5));
}

const ratio = (r: number | null) => (r === null ? "n/a" : r.toFixed(1) + "×");

registerSection({
  name: "compile",
  title: "Compile (akms build) vs the spec's stack (pyref_build.py)",
  run() {
    const pyref = join(SHARED_BENCH, "pyref_build.py");
    const havePy = existsSync(pyref) && timeRun(["python3", "-c", "import networkx, yaml"]).code === 0;
    const rows: Record<string, unknown>[] = [];
    console.log(`| nodes | akms cold | akms no-op | akms after ${EDITED} nodes edited | akms with graph.json deleted, the store kept | akms peak RSS | pyref | pyref peak RSS | ratio: pyref / akms cold | ratio: pyref / akms after the edit | ratio: pyref / akms with the store kept |`);
    console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const n of sizes()) {
      const d = dataset(n);
      const graph = join(d.repo, "knowledge", "graph", "graph.json");
      const cache = join(d.repo, "knowledge", "graph", ".cache");
      const cold: number[] = [];
      const coldRss: number[] = [];
      const noop: number[] = [];
      const edit: number[] = [];
      const kept: number[] = [];
      const py: number[] = [];
      const pyRss: number[] = [];
      for (let i = 0; i < reps(n); i++) {
        // Interleaved, so that machine noise hits both sides alike.
        rmSync(graph, { force: true });
        rmSync(cache, { recursive: true, force: true });
        const a = timeRun(akmsCmd(["build", "--repo", d.repo, "--vault", d.vault]));
        if (a.code !== 0) throw new Error(`akms build failed: ${a.stderr}`);
        cold.push(a.wallMs);
        if (a.peakKb !== null) coldRss.push(a.peakKb);
        const b = timeRun(akmsCmd(["build", "--repo", d.repo, "--vault", d.vault]));
        if (!/^unchanged/.test(b.stdout)) throw new Error(`no-op rebuild wrote: ${b.stdout}`);
        noop.push(b.wallMs);
        // The everyday compile: a few nodes changed since the last build (the parse cache at work;
        // its output is tested equal, byte for byte, to a --no-cache build).
        const restore = editNodes(d.vault, i);
        try {
          const e = timeRun(akmsCmd(["build", "--repo", d.repo, "--vault", d.vault]));
          if (e.code !== 0 || !/^wrote/.test(e.stdout)) throw new Error(`build after the edit did not write: ${e.stdout}${e.stderr}`);
          edit.push(e.wallMs);
        } finally {
          restore();
        }
        // graph.json deleted, the store (.cache) kept and current: a `git clean` of the output, or
        // a checkout that removed it; the compile reads its records instead of the node files.
        timeRun(akmsCmd(["build", "--repo", d.repo, "--vault", d.vault]));
        rmSync(graph, { force: true });
        const k = timeRun(akmsCmd(["build", "--repo", d.repo, "--vault", d.vault]));
        if (k.code !== 0 || !/^wrote/.test(k.stdout)) throw new Error(`build with the store kept did not write: ${k.stdout}${k.stderr}`);
        kept.push(k.wallMs);
        if (havePy) {
          const p = timeRun(["python3", pyref, d.vault, d.repo, join(d.dir, "pyref-graph.json")]);
          if (p.code !== 0) throw new Error(`pyref failed: ${p.stderr}`);
          py.push(p.wallMs);
          if (p.peakKb !== null) pyRss.push(p.peakKb);
        }
      }
      const row = {
        nodes: n,
        akms_cold_ms: median(cold),
        akms_noop_ms: median(noop),
        akms_edit_ms: median(edit),
        akms_store_kept_ms: median(kept),
        akms_peak_kb: coldRss.length ? Math.max(...coldRss) : null,
        pyref_ms: py.length ? median(py) : null,
        pyref_peak_kb: pyRss.length ? Math.max(...pyRss) : null,
        ratio: py.length ? median(py) / median(cold) : null,
        ratio_edit: py.length ? median(py) / median(edit) : null,
        ratio_store_kept: py.length ? median(py) / median(kept) : null,
        runs: { cold, noop, edit, kept, py },
      };
      rows.push(row);
      console.log(
        `| ${n.toLocaleString("en")} | ${fmtMs(row.akms_cold_ms)} | ${fmtMs(row.akms_noop_ms)} | ${fmtMs(row.akms_edit_ms)} | ${fmtMs(row.akms_store_kept_ms)} | ${fmtMb(row.akms_peak_kb)} | ${row.pyref_ms === null ? "n/a" : fmtMs(row.pyref_ms)} | ${fmtMb(row.pyref_peak_kb)} | ${ratio(row.ratio)} | ${ratio(row.ratio_edit)} | ${ratio(row.ratio_store_kept)} |`,
      );
      // graph.json as the restored sources compile (the other sections start from it).
      timeRun(akmsCmd(["build", "--repo", d.repo, "--vault", d.vault]));
    }
    console.log(
      `\nmedian of ${reps(500)} runs (${reps(50000)} at 50,000); whole CLI processes; cold = no graph.json and no build cache; ` +
        `after the edit = ${EDITED} global nodes' frontmatter changed since the last build; the store kept = graph.json deleted after a build, the cache left (pyref has no cache: it always compiles in full).`,
    );
    return rows;
  },
});
