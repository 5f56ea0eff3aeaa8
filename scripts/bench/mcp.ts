// The MCP server as a host uses it: start to the first answered tools/list (a new server each run),
// then warm calls in one server — query at each size, the degraded loadout — timed by the client.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { loadavg } from "node:os";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { akmsCmd, BIN, dataset, fmtMs, median, registerSection, sizes, timeRun, loadText } from "./common.js";

async function connect(repo: string, vault: string): Promise<Client> {
  const c = new Client({ name: "bench", version: "1" });
  await c.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "--repo", repo, "--vault", vault], stderr: "ignore" }));
  return c;
}

async function timed(f: () => Promise<unknown>): Promise<number> {
  const t0 = process.hrtime.bigint();
  await f();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

registerSection({
  name: "mcp",
  title: "MCP server: start to tools/list, warm query, degraded loadout",
  async run() {
    const rows: Record<string, unknown>[] = [];
    console.log(`load average ${loadText()}\n`);
    console.log("| nodes | start → tools/list (median of 5) | first query (graph read) | warm query (median of 20) | new loadout, degraded (median of 5, each for other tags) |");
    console.log("|---:|---:|---:|---:|---:|");
    for (const n of sizes([5000, 50000])) {
      const d = dataset(n);
      if (!existsSync(join(d.repo, "knowledge", "graph", "graph.json"))) {
        const b = timeRun(akmsCmd(["build", "--repo", d.repo, "--vault", d.vault]));
        if (b.code !== 0) throw new Error(`akms build failed: ${b.stderr}`);
      }
      const starts: number[] = [];
      for (let i = 0; i < 5; i++) {
        let c: Client | null = null;
        starts.push(await timed(async () => {
          c = await connect(d.repo, d.vault);
          await c.listTools();
        }));
        await (c as Client | null)?.close();
      }
      const c = await connect(d.repo, d.vault);
      const q = { name: "query", arguments: { tags: ["tag-1", "tag-2"] } };
      const first = await timed(() => c.callTool(q));
      const warm: number[] = [];
      for (let i = 0; i < 20; i++) warm.push(await timed(() => c.callTool(q)));
      // Each loadout for other tags, so each is computed and written (not an unchanged repeat).
      const lo: number[] = [];
      for (let i = 0; i < 5; i++) lo.push(await timed(() => c.callTool({ name: "loadout", arguments: { tags: [`tag-${i + 3}`, `tag-${i + 4}`], no_qmd: true, phase: 90 + Math.floor(Date.now() % 1000) } })));
      await c.close();
      const row = { nodes: n, start_ms: median(starts), first_query_ms: first, warm_query_ms: median(warm), loadout_degraded_ms: median(lo), load: loadavg()[0] };
      rows.push(row);
      console.log(`| ${n} | ${fmtMs(row.start_ms)} | ${fmtMs(first)} | ${fmtMs(row.warm_query_ms)} | ${fmtMs(row.loadout_degraded_ms)} |`);
    }
    return rows;
  },
});
