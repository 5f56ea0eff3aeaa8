// `git merge` of two branches that each applied 10 AgentMemories (20 nodes_used each, a pitfall
// each), with the akms merge driver registered (`akms init --git`) — goal ≤ 2 s at 5,000 nodes,
// ≤ 10 s at 50,000. The whole `git merge` is timed (the driver's runs and the post-merge hook's
// rebuild of graph.json included: GNU time counts the CPU of the processes git waits for); each
// repetition resets the first branch and merges again, alternating with a merge whose hooks are
// off (`-c core.hooksPath=/dev/null`: the driver alone).
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { akmsCmd, benchMemory, dataset, fmtMb, fmtMs, median, registerSection, sizes, timeRun } from "./common.js";

const COVERAGE = ["sufficient", "outdated", "missing-detail", "sufficient"];
import { graphFromText } from "../../test/graph-json.js";

const reps = () => Number(process.env.BENCH_REPS ?? 5);

function sh(cwd: string, cmd: string[], env: NodeJS.ProcessEnv): string {
  const r = spawnSync(cmd[0]!, cmd.slice(1), { cwd, env: { ...process.env, ...env }, encoding: "utf8", maxBuffer: 256 << 20 });
  if (r.status !== 0) throw new Error(`${cmd.join(" ")} failed: ${r.stderr}`);
  return r.stdout;
}

/** 20 established global ids for document `k` of branch `side` (spread over the graph, overlapping between branches). */
function used(graphJson: string, n: number, side: number, k: number): string[] {
  const view = graphFromText(readFileSync(graphJson, "utf8"), graphJson).nodes;
  const out: string[] = [];
  for (let j = 0; out.length < 20 && j < 1000; j++) {
    const id = `g-${String((j * 7919 + k * 104729 + side * 31) % n).padStart(6, "0")}`;
    if (view.get(id)?.status === "established" && !out.includes(id)) out.push(id);
  }
  return out;
}


registerSection({
  name: "merge",
  title: "git merge of two branches × 10 AgentMemories with the akms merge driver (goal ≤ 2 s at 5,000 nodes, ≤ 10 s at 50,000)",
  run() {
    const rows: Record<string, unknown>[] = [];
    console.log("| nodes | git merge, wall (median) | CPU (median) | peak RSS | runs | without the hook's rebuild (median) | load before → after |");
    console.log("|---:|---:|---:|---:|---|---:|---|");
    for (const n of sizes([5000, 50000])) {
      const d = dataset(n);
      const work = mkdtempSync(join(tmpdir(), "akms-bench-merge-"));
      const repo = join(work, "repo");
      cpSync(d.repo, repo, { recursive: true });
      const env = { AKMS_GLOBAL_VAULT: d.vault, GIT_AUTHOR_NAME: "b", GIT_AUTHOR_EMAIL: "b@x", GIT_COMMITTER_NAME: "b", GIT_COMMITTER_EMAIL: "b@x" };
      const akms = (args: string[]) => sh(repo, akmsCmd([...args, "--repo", repo]), env);
      try {
        akms(["build"]);
        sh(repo, ["git", "init", "-q", "-b", "main"], env);
        akms(["init", "--git"]);
        sh(repo, ["git", "add", "-A"], env);
        sh(repo, ["git", "commit", "-q", "-m", "base"], env);
        const graphJson = join(repo, "knowledge", "graph", "graph.json");
        for (const [side, branch] of [[1, "ours"], [2, "theirs"]] as const) {
          sh(repo, ["git", "checkout", "-q", "-b", branch, "main"], env);
          const docs: string[] = [];
          for (let k = 0; k < 10; k++) {
            const f = join(work, `${branch}-${k}.md`);
            const ids = used(graphJson, n, side, k);
            const day = String(1 + k * 2 + side).padStart(2, "0");
            writeFileSync(f, benchMemory(`${branch}-task-${k}`, ids.map((id, j) => ({ id, useful: j % 3 !== 0, coverage: COVERAGE[j % 4]! })), { date: `2026-03-${day}`, pitfallOn: ids[0] }));
            docs.push(f);
          }
          akms(["update", ...docs]);
          sh(repo, ["git", "add", "-A"], env);
          sh(repo, ["git", "commit", "-q", "-m", `${branch} learned`], env);
        }
        sh(repo, ["git", "checkout", "-q", "ours"], env);
        const tip = sh(repo, ["git", "rev-parse", "HEAD"], env).trim();
        const wall: number[] = [];
        const cpu: number[] = [];
        const peak: number[] = [];
        const driverOnly: number[] = [];
        const load = loadavg()[0]!;
        for (let i = 0; i < reps(); i++) {
          sh(repo, ["git", "reset", "-q", "--hard", tip], env);
          const r = timeRun(["git", "merge", "--no-edit", "-q", "theirs"], { cwd: repo, env });
          if (r.code !== 0) throw new Error(`git merge failed: ${r.stdout}${r.stderr}`);
          if (/^<{7} /m.test(readFileSync(join(repo, "knowledge", "graph", "local_state.yaml"), "utf8"))) throw new Error("the merged overlay has conflict markers");
          wall.push(r.wallMs);
          if (r.cpuMs !== null) cpu.push(r.cpuMs);
          if (r.peakKb !== null) peak.push(r.peakKb);
          sh(repo, ["git", "reset", "-q", "--hard", tip], env);
          const d = timeRun(["git", "-c", "core.hooksPath=/dev/null", "merge", "--no-edit", "-q", "theirs"], { cwd: repo, env });
          if (d.code !== 0) throw new Error(`git merge failed: ${d.stdout}${d.stderr}`);
          driverOnly.push(d.wallMs);
        }
        const after = loadavg()[0]!;
        const row = { nodes: n, merge_ms: median(wall), cpu_ms: cpu.length ? median(cpu) : null, peak_kb: peak.length ? Math.max(...peak) : null, runs: wall, driver_only_ms: median(driverOnly), load_before: load, load_after: after };
        rows.push(row);
        console.log(`| ${n.toLocaleString("en")} | ${fmtMs(row.merge_ms)} | ${row.cpu_ms === null ? "n/a" : fmtMs(row.cpu_ms)} | ${fmtMb(row.peak_kb)} | ${wall.map(fmtMs).join(", ")} | ${fmtMs(row.driver_only_ms)} | ${load.toFixed(2)} → ${after.toFixed(2)} |`);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    }
    return rows;
  },
});
