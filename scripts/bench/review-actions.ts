// Review actions: one action, recompile included, in-process (the console's budget: ≤ 300 ms) and
// as a whole CLI run (≤ 800 ms), on a copy of the generated knowledge base. Each action is undone
// right after, so every repetition starts from the same state. The generated data has no pending
// dedup merge, so one is appended to a local node (as `akms update` writes it, from a session the
// overlay registers) for `dedup reject` and `dedup accept`; one update first leaves the overlay as
// akms writes it.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { loadContext } from "../../core/context.js";
import { build } from "../../core/compiler/build.js";
import { loadGraph } from "../../test/graph-json.js";
import { dedupAccept, dedupReject, draft, promote, undo } from "../../core/review/actions.js";
import { appendDedupSection } from "../../core/update/nodes.js";
import { runUpdate } from "../../core/update/apply.js";
import { akmsCmd, benchMemory, dataset, fmtMs, median, registerSection, sizes, timeRun } from "./common.js";

function reps(): number {
  return Number(process.env.BENCH_REPS ?? 7);
}

function inProcess(fn: () => unknown): { wall: number; cpu: number } {
  const c = process.cpuUsage();
  const t = performance.now();
  fn();
  const u = process.cpuUsage(c);
  return { wall: performance.now() - t, cpu: (u.user + u.system) / 1000 };
}

registerSection({
  name: "review-actions",
  title: "Review actions (promote / draft of a global node / dedup reject / dedup accept, recompile included) — budgets 300 ms in-process, 800 ms CLI",
  run() {
    const rows: Record<string, unknown>[] = [];
    console.log("| nodes | action | in-process wall | in-process CPU | undo in-process | CLI run | CLI undo |");
    console.log("|---:|---|---:|---:|---:|---:|---:|");
    for (const n of sizes([5000])) {
      const d = dataset(n);
      const work = mkdtempSync(join(tmpdir(), "akms-bench-review-"));
      cpSync(d.repo, join(work, "repo"), { recursive: true });
      const repo = join(work, "repo");
      try {
        const ctx = loadContext({ repo, vault: d.vault, env: {} });
        build(ctx);
        const g = loadGraph(ctx.paths);
        const locals = [...g.nodes.values()].filter((x) => x.node_origin === "local" && x.status === "tentative");
        const local = locals[0]!.id;
        const merged = locals[1]!.id;
        const global = [...g.nodes.values()].find((x) => x.node_origin === "global" && x.status === "established")!.id;
        const mergedFile = join(ctx.paths.localNodes, `${merged}.md`);
        const doc = join(work, "memory.md");
        writeFileSync(doc, benchMemory("bench-review-task", [{ id: global, useful: true, coverage: "sufficient" }]));
        runUpdate(ctx, [doc], { env: {} });
        const pending = { session: "session-phase1-task0", score: 0.9, suggestedId: "bench-rejected", nodeId: merged, draft: "The text of the merged draft." };
        writeFileSync(mergedFile, appendDedupSection(readFileSync(mergedFile, "utf8"), pending));
        build(ctx);
        const cases: [string, string[], () => unknown][] = [
          [`promote ${local}`, ["promote", local], () => promote(ctx, { id: local })],
          [`draft ${global} (global: overlay)`, ["draft", global], () => draft(ctx, { id: global })],
          [`dedup reject ${merged} (a new local node, its session's registry entry)`, ["dedup", "reject", merged], () => dedupReject(ctx, { id: merged })],
          [`dedup accept ${merged}`, ["dedup", "accept", merged], () => dedupAccept(ctx, { id: merged })],
        ];
        // In-process first, then the CLI, each after a build of its own: the build manifest belongs
        // to one build of the compiler (the bundle and the TypeScript sources differ), as in use.
        const inproc = cases.map(([, , fn]) => {
          const act: { wall: number; cpu: number }[] = [];
          const und: number[] = [];
          for (let i = 0; i < reps(); i++) {
            act.push(inProcess(fn));
            und.push(inProcess(() => undo(ctx)).wall);
          }
          return { act, und };
        });
        const built = timeRun(akmsCmd(["build", "--repo", repo, "--vault", d.vault]));
        if (built.code !== 0) throw new Error(`akms build failed: ${built.stderr}`);
        cases.forEach(([name, argv], k) => {
          const { act, und } = inproc[k]!;
          const cli: number[] = [];
          const cliUndo: number[] = [];
          for (let i = 0; i < reps(); i++) {
            const a = timeRun(akmsCmd([...argv, "--repo", repo, "--vault", d.vault]));
            if (a.code !== 0) throw new Error(`akms ${argv.join(" ")} failed: ${a.stderr}`);
            cli.push(a.wallMs);
            const b = timeRun(akmsCmd(["undo", "--repo", repo, "--vault", d.vault]));
            if (b.code !== 0) throw new Error(`akms undo failed: ${b.stderr}`);
            cliUndo.push(b.wallMs);
          }
          const row = {
            nodes: n,
            action: name,
            in_process_ms: median(act.map((x) => x.wall)),
            in_process_cpu_ms: median(act.map((x) => x.cpu)),
            undo_in_process_ms: median(und),
            cli_ms: median(cli),
            cli_undo_ms: median(cliUndo),
            runs: { act, und, cli, cliUndo },
          };
          rows.push(row);
          console.log(
            `| ${n.toLocaleString("en")} | ${name} | ${fmtMs(row.in_process_ms)} | ${fmtMs(row.in_process_cpu_ms)} | ${fmtMs(row.undo_in_process_ms)} | ${fmtMs(row.cli_ms)} | ${fmtMs(row.cli_undo_ms)} |`,
          );
        });
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    }
    console.log(`\nmedian of ${reps()} runs; each action is undone before the next; CLI = whole \`akms\` process.`);
    return rows;
  },
});
