// Semantic search (issue 37) and retrieval measurement (issue 36): the cold index (`akms index`,
// whole process: wall, CPU seconds, peak memory), the index after one changed node (a whole
// `akms index` process, and inside a warm MCP server: the first search after the change embeds it),
// a warm hybrid search through the MCP server (the model loaded; median of 10 after the first call,
// which is reported apart), and `akms eval retrieval` on the demo set.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { BIN, ROOT, dataset, fmtMs, median, registerSection, sizes, loadText } from "./common.js";

/** A whole akms process under /usr/bin/time: wall seconds, CPU seconds, peak resident memory. */
function timedRun(args: string[], env: Record<string, string>): { wall: number; cpu: number; rssMb: number; stdout: string } {
  const r = spawnSync("/usr/bin/time", ["-f", "%e %U %S %M", process.execPath, BIN, ...args], { env: { ...(process.env as Record<string, string>), ...env }, encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`akms ${args.join(" ")} failed: ${r.stderr}`);
  const last = r.stderr.trim().split("\n").pop()!.split(" ").map(Number);
  return { wall: last[0]!, cpu: last[1]! + last[2]!, rssMb: last[3]! / 1024, stdout: r.stdout };
}

function sets(n: number): { repo: string; vault: string; query: string } {
  if (n === 50) {
    const dir = mkdtempSync(join(tmpdir(), "akms-bench-search-"));
    cpSync(join(ROOT, "fixtures", "demo"), dir, { recursive: true });
    return { repo: join(dir, "repo"), vault: join(dir, "vault"), query: "how do I stop the residual from plateauing on even grids" };
  }
  const d = dataset(n);
  // The vectors are the store's: a cold index starts without them.
  for (const f of readdirSync(join(d.repo, "knowledge", "graph", ".cache"), { withFileTypes: true }).filter((e) => e.name.startsWith("vectors-"))) rmSync(join(d.repo, "knowledge", "graph", ".cache", f.name));
  return { repo: d.repo, vault: d.vault, query: "spectral green operator convergence on coarse grids" };
}

registerSection({
  name: "search",
  title: "Semantic search: cold index, one changed node, warm hybrid search, akms eval retrieval",
  async run() {
    const rows: Record<string, unknown>[] = [];
    console.log(`load average ${loadText()} at the start\n`);
    console.log("| nodes | cold `akms index` (wall / CPU / peak RSS) | chunks | one node changed: `akms index` | one node changed: warm server's next search (embeds it) | MCP hybrid search: first call | warm (median of 10) | `akms eval retrieval` |");
    console.log("|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const n of sizes([50, 5000])) {
      const s = sets(n);
      const env = { AKMS_GLOBAL_VAULT: s.vault };
      spawnSync(process.execPath, [BIN, "build", "--repo", s.repo], { env: { ...process.env, ...env } });
      const cold = timedRun(["index", "--repo", s.repo, "--json"], env);
      const chunks = (JSON.parse(cold.stdout) as { scopes: { embedded: number }[] }).scopes.reduce((a, x) => a + x.embedded, 0);
      const file = join(s.vault, readdirSync(s.vault).filter((f) => f.endsWith(".md")).sort()[0]!);
      const before = readFileSync(file, "utf8");
      writeFileSync(file, before.trimEnd() + "\n\nOne more sentence, written for the benchmark.\n");
      const one = timedRun(["index", "--repo", s.repo], env);
      writeFileSync(file, before);
      timedRun(["index", "--repo", s.repo], env);
      const c = new Client({ name: "bench", version: "1" });
      await c.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "--repo", s.repo, "--vault", s.vault], stderr: "ignore" }));
      let first = 0;
      const warm: number[] = [];
      const changed: number[] = [];
      const search = async () => {
        const t0 = process.hrtime.bigint();
        const r = (await c.callTool({ name: "search", arguments: { query: s.query, limit: 10 } })) as { structuredContent?: { semantic?: { embedded?: number } } };
        return { ms: Number(process.hrtime.bigint() - t0) / 1e6, embedded: r.structuredContent?.semantic?.embedded ?? 0 };
      };
      try {
        for (let i = 0; i < 11; i++) {
          const { ms } = await search();
          if (i === 0) first = ms;
          else warm.push(ms);
        }
        // One node changed under a warm server, three times (a new sentence each time): the next search embeds it.
        for (let i = 0; i < 3; i++) {
          writeFileSync(file, before.trimEnd() + `\n\nA sentence written for the benchmark, round ${i} of the warm server.\n`);
          const r = await search();
          if (r.embedded !== 1) throw new Error(`the search after one changed node embedded ${r.embedded} chunks, not 1`);
          changed.push(r.ms);
        }
      } finally {
        writeFileSync(file, before);
        await c.close();
      }
      const ev = n === 50 ? timedRun(["eval", "retrieval", "--repo", s.repo], env) : null;
      const row = { nodes: n, index_wall_s: cold.wall, index_cpu_s: cold.cpu, index_rss_mb: cold.rssMb, chunks, one_changed_wall_s: one.wall, one_changed_cpu_s: one.cpu, one_changed_warm_ms: median(changed), first_search_ms: first, warm_search_ms: median(warm), eval_wall_s: ev?.wall ?? null, eval_cpu_s: ev?.cpu ?? null };
      rows.push(row);
      console.log(
        `| ${n === 50 ? "50 (demo)" : n.toLocaleString("en")} | ${cold.wall.toFixed(1)} s / ${cold.cpu.toFixed(1)} s / ${cold.rssMb.toFixed(0)} MB | ${chunks} | ${one.wall.toFixed(2)} s (CPU ${one.cpu.toFixed(2)} s) | ${fmtMs(median(changed))} (median of 3) | ${fmtMs(first)} | ${fmtMs(median(warm))} | ${ev ? `${ev.wall.toFixed(1)} s (CPU ${ev.cpu.toFixed(1)} s)` : "–"} |`,
      );
    }
    console.log(`\nload average ${loadText()} at the end`);
    return rows;
  },
});
