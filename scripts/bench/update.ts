// `akms update`: one AgentMemory with 20 nodes_used (a mix of useful / outdated / missing-detail),
// as a whole CLI run with the recompile included — budget 1 s at 50,000 nodes. Each
// repetition applies a new document (a new task id), so every run really updates, and then, in
// turn, a memory dated before every applied one (its sessions taken out and applied again after
// it, in the canonical order: core/update/in-order.ts); one untimed update first
// puts the generated overlay into the form akms writes (the steady state of a repository). For
// context the same table shows `akms build` right after the overlay's repo_id changed: a recompile
// that writes graph.json again, as the update's does. (The update's own recompile patches
// graph.json for what it changed — core/compiler/update-patch.ts — so it is far cheaper than that build.)
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { akmsCmd, benchMemory, dataset, fmtMs, median, registerSection, sizes, timeRun } from "./common.js";

const COVERAGE = ["sufficient", "outdated", "missing-detail", "sufficient"];
import { graphFromText } from "../../test/graph-json.js";

function reps(): number {
  return Number(process.env.BENCH_REPS ?? 5);
}

/** 20 established global node ids spread over the graph (g-NNNNNN from the generator). */
function usedIds(graphJson: string, n: number, rep: number): string[] {
  const view = graphFromText(readFileSync(graphJson, "utf8"), graphJson).nodes;
  const out: string[] = [];
  for (let k = 0; out.length < 20 && k < 20 * 50; k++) {
    const id = `g-${String((k * 7919 + rep * 104729) % n).padStart(6, "0")}`;
    const node = view.get(id);
    if (node && node.status === "established" && !out.includes(id)) out.push(id);
  }
  return out;
}


registerSection({
  name: "update",
  title: "akms update — one AgentMemory with 20 nodes_used, whole CLI run, recompile included (goal ≤ 1 s at 50,000 nodes); then one dated before every applied one",
  run() {
    const rows: Record<string, unknown>[] = [];
    console.log("| nodes | update CLI (median) | a memory dated before the applied ones (median) | for comparison: `akms build` after an overlay change (median) |");
    console.log("|---:|---:|---:|---:|");
    for (const n of sizes([50000])) {
      const d = dataset(n);
      const work = mkdtempSync(join(tmpdir(), "akms-bench-update-"));
      const repo = join(work, "repo");
      cpSync(d.repo, repo, { recursive: true });
      const base = ["--repo", repo, "--vault", d.vault];
      try {
        const b = timeRun(akmsCmd(["build", ...base]));
        if (b.code !== 0) throw new Error(`akms build failed: ${b.stderr}`);
        const update: number[] = [];
        const early: number[] = [];
        const rebuild: number[] = [];
        const apply = (name: string, task: string, used: readonly string[], date?: string): number => {
          const doc = join(work, `${name}.md`);
          writeFileSync(doc, benchMemory(task, used.map((id, j) => ({ id, useful: j % 3 !== 0, coverage: COVERAGE[j % 4]! })), { date }));
          const u = timeRun(akmsCmd(["update", doc, ...base]));
          if (u.code !== 0) throw new Error(`akms update failed: ${u.stderr}`);
          return u.wallMs;
        };
        for (let i = -1; i < reps(); i++) {
          const used = usedIds(join(repo, "knowledge", "graph", "graph.json"), n, i + 1);
          const t = apply(`bench-${i}`, `bench-task-${i}`, used);
          if (i < 0) continue;
          update.push(t);
          // A memory dated the day before every applied one (an agent that finished late): the
          // sessions applied are taken out and applied again after it (core/update/in-order.ts).
          early.push(apply(`bench-early-${i}`, `bench-early-${i}`, usedIds(join(repo, "knowledge", "graph", "graph.json"), n, i + 100), "2026-03-03"));
        }
        // The recompile alone, after the overlay changed (after the updates: they keep its parse cache warm).
        const overlay = join(repo, "knowledge", "graph", "local_state.yaml");
        for (let i = 0; i < reps(); i++) {
          const before = readFileSync(overlay, "utf8");
          const after = before.replace(/^repo_id: .*$/m, `repo_id: bench-${i}`);
          if (after === before) throw new Error("the overlay has no repo_id line to change");
          writeFileSync(overlay, after);
          const r = timeRun(akmsCmd(["build", ...base]));
          if (r.code !== 0) throw new Error(`akms build failed: ${r.stderr}`);
          rebuild.push(r.wallMs);
        }
        const row = { nodes: n, update_ms: median(update), early_ms: median(early), rebuild_ms: median(rebuild), runs: { update, early, rebuild } };
        rows.push(row);
        console.log(`| ${n.toLocaleString("en")} | ${fmtMs(row.update_ms)} | ${fmtMs(row.early_ms)} | ${fmtMs(row.rebuild_ms)} |`);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    }
    return rows;
  },
});
