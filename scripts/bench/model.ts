// What the model receives (issue 33): the bytes of every tool's result at each size (the largest
// page; every page must be within agents.max_result_bytes), the server's start to tools/list, a
// warm query, and the first query in a fresh clone (no graph.json, no cache: the compile included).
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { BIN, ROOT, dataset, fmtMs, median, registerSection, sizes, loadText } from "./common.js";

async function connect(repo: string, vault: string): Promise<Client> {
  const c = new Client({ name: "bench", version: "1" });
  await c.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "--repo", repo, "--vault", vault], stderr: "ignore" }));
  return c;
}

async function timed<T>(f: () => Promise<T>): Promise<[number, T]> {
  const t0 = process.hrtime.bigint();
  const v = await f();
  return [Number(process.hrtime.bigint() - t0) / 1e6, v];
}

/** The largest page of a tool's result, following next.cursor (the first PAGES pages: a 50,000-node status has hundreds, each computed anew). */
const PAGES = 12;

async function largestPage(c: Client, name: string, args: Record<string, unknown>): Promise<{ bytes: number; pages: number }> {
  let cursor: number | undefined;
  let bytes = 0;
  let pages = 0;
  do {
    const r = (await c.callTool({ name, arguments: { ...args, ...(cursor === undefined ? {} : { cursor }) } })) as { structuredContent?: { next?: { cursor?: number } } };
    bytes = Math.max(bytes, Buffer.byteLength(JSON.stringify(r.structuredContent ?? {})));
    pages++;
    cursor = r.structuredContent?.next?.cursor;
  } while (cursor !== undefined && pages < PAGES);
  return { bytes, pages };
}

/** The data set of `n` nodes; at 50, a copy of the demo in a scratch folder (`scratch`: removed by the caller). */
function sets(n: number): { repo: string; vault: string; tags: string[]; node: string; words: string; scratch?: string } {
  if (n === 50) {
    const dir = mkdtempSync(join(tmpdir(), "akms-bench-demo-"));
    cpSync(join(ROOT, "fixtures", "demo"), dir, { recursive: true });
    return { repo: join(dir, "repo"), vault: join(dir, "vault"), tags: ["green-operator", "spectral", "nyquist"], node: "nyquist-frequency-handling", words: "Nyquist", scratch: dir };
  }
  const d = dataset(n);
  return { repo: d.repo, vault: d.vault, tags: ["tag-1", "tag-2"], node: "g-000000", words: "spectral green operator" };
}

registerSection({
  name: "model",
  title: "What the model receives: result bytes per tool, start, warm and fresh-clone queries",
  async run() {
    const rows: Record<string, unknown>[] = [];
    console.log(`load average ${loadText()}; budget agents.max_result_bytes = 8000 (the largest page of each result, pages in brackets)\n`);
    console.log("| nodes | query | query explain | loadout (degraded) | status | search | show_node | pitfalls | changes_since | start → tools/list | fresh-clone first query (compile) | warm query (median of 20) |");
    console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const n of sizes([50, 5000, 50000])) {
      const s = sets(n);
      try {
        // A fresh clone: no graph.json, no cache.
        rmSync(join(s.repo, "knowledge", "graph", "graph.json"), { force: true });
        rmSync(join(s.repo, "knowledge", "graph", ".cache"), { recursive: true, force: true });
        const starts: number[] = [];
        for (let i = 0; i < 5; i++) {
          const [ms, c] = await timed(async () => {
            const c = await connect(s.repo, s.vault);
            await c.listTools();
            return c;
          });
          starts.push(ms);
          if (i < 4) await c.close();
          else {
            const q = { name: "query", arguments: { tags: s.tags } };
            const [fresh] = await timed(() => c.callTool(q));
            const warm: number[] = [];
            for (let k = 0; k < 20; k++) warm.push((await timed(() => c.callTool(q)))[0]);
            const bytes: Record<string, { bytes: number; pages: number }> = {
              query: await largestPage(c, "query", { tags: s.tags }),
              explain: await largestPage(c, "query", { tags: s.tags, explain: true }),
              loadout: await largestPage(c, "loadout", { tags: s.tags, no_qmd: true }),
              status: await largestPage(c, "status", {}),
              search: await largestPage(c, "search", { query: s.words, limit: 50 }),
              show: await largestPage(c, "show_node", { id: s.node }),
              pitfalls: await largestPage(c, "pitfalls", { tags: s.tags }),
              changes: await largestPage(c, "changes_since", { since: "2000-01-01" }),
            };
            await c.close();
            const row = { nodes: n, bytes, start_ms: median(starts), fresh_first_query_ms: fresh, warm_query_ms: median(warm), load: loadavg()[0] };
            rows.push(row);
            const b = (k: string) => `${bytes[k]!.bytes} [${bytes[k]!.pages}]`;
            console.log(`| ${n} | ${b("query")} | ${b("explain")} | ${b("loadout")} | ${b("status")} | ${b("search")} | ${b("show")} | ${b("pitfalls")} | ${b("changes")} | ${fmtMs(row.start_ms)} | ${fmtMs(fresh)} | ${fmtMs(row.warm_query_ms)} |`);
          }
        }
        if (!existsSync(join(s.repo, "knowledge", "graph", "graph.json"))) throw new Error("the fresh-clone query did not compile graph.json");
      } finally {
        if (s.scratch) rmSync(s.scratch, { recursive: true, force: true });
      }
    }
    return rows;
  },
});
