// What the impression log costs a warm MCP read (issue 36: ≤ 5 %), paired: two copies of the same
// repository (the vault shared), one with `agents.impressions: false`, each served by its own warm
// `akms mcp`; the same query is sent to both in turns, the order flipping every round, and each
// round's ratio (with / without) is kept. Reported: both medians, the median of the paired ratios,
// the servers' CPU seconds (from /proc), and the load average.
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { akmsCmd, BIN, dataset, median, registerSection, sizes, timeRun, loadText } from "./common.js";

const ROUNDS = Number(process.env.BENCH_IMPRESSION_ROUNDS ?? 200);

/** user + system CPU seconds of a process (Linux /proc; null elsewhere). */
function cpuSeconds(pid: number | null | undefined): number | null {
  if (!pid) return null;
  try {
    const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return null;
  }
}

registerSection({
  name: "impressions",
  title: "The impression log's cost on a warm MCP query (paired, alternating)",
  async run() {
    const rows: Record<string, unknown>[] = [];
    console.log(`load average ${loadText()} at the start\n`);
    console.log(`| nodes | warm query, log on (median of ${ROUNDS}) | log off | paired ratio on/off (median of rounds) | server CPU s on / off |`);
    console.log("|---:|---:|---:|---:|---:|");
    for (const n of sizes([50, 5000])) {
      const d = dataset(n);
      const dir = mkdtempSync(join(tmpdir(), "akms-bench-imp-"));
      try {
        const on = join(dir, "on");
        const off = join(dir, "off");
        for (const r of [on, off]) {
          cpSync(d.repo, r, { recursive: true });
          const b = timeRun(akmsCmd(["build", "--repo", r, "--vault", d.vault]));
          if (b.code !== 0) throw new Error(`akms build failed: ${b.stderr}`);
        }
        // The one difference: both copies get the key (a config file that exists in one copy only would be a second difference).
        for (const [repo, value] of [[on, true], [off, false]] as const) {
          rmSync(join(repo, "knowledge", "impressions.jsonl"), { force: true }); // what earlier benches' servers logged in the data set
          const cfg = join(repo, "knowledge", "graph", "propagation_config.yaml");
          if (existsSync(cfg)) appendFileSync(cfg, `\nagents:\n  impressions: ${value}\n`);
          else writeFileSync(cfg, `akms_schema: v2\nagents:\n  impressions: ${value}\n`);
        }
        const servers = await Promise.all(
          [on, off].map(async (repo) => {
            const t = new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "--repo", repo, "--vault", d.vault], stderr: "ignore" });
            const c = new Client({ name: "bench", version: "1" });
            await c.connect(t);
            return { c, t };
          }),
        );
        const q = { name: "query", arguments: { tags: ["tag-1", "tag-2"] } };
        for (const s of servers) {
          for (let i = 0; i < 5; i++) {
            const r = (await s.c.callTool(q)) as { isError?: boolean; content: { text: string }[] };
            if (r.isError) throw new Error(`the query failed: ${r.content[0]?.text}`); // an error answers fast: never time one
          }
        }
        const cpu0 = servers.map((s) => cpuSeconds(s.t.pid));
        const times: [number[], number[]] = [[], []];
        const ratios: number[] = [];
        for (let r = 0; r < ROUNDS; r++) {
          const order = r % 2 === 0 ? [0, 1] : [1, 0];
          const ms = [0, 0];
          for (const k of order) {
            const t0 = process.hrtime.bigint();
            await servers[k]!.c.callTool(q);
            ms[k] = Number(process.hrtime.bigint() - t0) / 1e6;
            times[k as 0 | 1].push(ms[k]!);
          }
          ratios.push(ms[0]! / ms[1]!);
        }
        const cpu1 = servers.map((s) => cpuSeconds(s.t.pid));
        for (const s of servers) await s.c.close();
        const cpu = cpu0.map((c0, k) => (c0 === null || cpu1[k] === null ? null : cpu1[k]! - c0));
        const logged = readFileSync(join(on, "knowledge", "impressions.jsonl"), "utf8").split("\n").filter(Boolean).length;
        if (logged < ROUNDS || existsSync(join(off, "knowledge", "impressions.jsonl"))) throw new Error(`the log is not what the arms say: ${logged} lines with it on, a file with it off: ${existsSync(join(off, "knowledge", "impressions.jsonl"))}`);
        const row = { nodes: n, on_ms: median(times[0]), off_ms: median(times[1]), paired_ratio: median(ratios), cpu_on_s: cpu[0], cpu_off_s: cpu[1], lines_logged: logged, load: loadavg()[0] };
        rows.push(row);
        console.log(`| ${n === 50 ? "50 (demo set)" : n.toLocaleString("en")} | ${row.on_ms.toFixed(2)} ms | ${row.off_ms.toFixed(2)} ms | ${row.paired_ratio.toFixed(3)} | ${cpu[0]?.toFixed(2) ?? "n/a"} / ${cpu[1]?.toFixed(2) ?? "n/a"} |`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    console.log(`\nload average ${loadText()} at the end`);
    return rows;
  },
});
