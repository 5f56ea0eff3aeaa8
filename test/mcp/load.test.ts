// The server under load, a small seeded sample of `npm run stress`'s battery: sequential and
// concurrent calls without a failure or a growing heap, and record_memory from 8 clients at once.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { akms, BIN, builtDemo, treeHash } from "../helpers.js";
import { memoryText } from "./memory-text.js";

const SEQUENTIAL = Number(process.env.AKMS_MCP_CALLS ?? 200);

async function connect(repo: string, env: Record<string, string>): Promise<{ c: Client; pid: () => number | null }> {
  const c = new Client({ name: "load", version: "1" });
  const t = new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "--repo", repo], env, stderr: "pipe" });
  await c.connect(t);
  return { c, pid: () => t.pid };
}

/** The server's resident memory, from the kernel. */
function rss(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(m![1]) * 1024;
}

test(`${SEQUENTIAL} sequential and 20 concurrent calls: no failure, and the heap does not grow`, async () => {
  const d = builtDemo();
  const env = { ...(process.env as Record<string, string>), AKMS_GLOBAL_VAULT: d.vault };
  const { c, pid } = await connect(d.repo, env);
  const calls = [
    { name: "query", arguments: { tags: ["fft"] } },
    { name: "show_node", arguments: { id: "green-operator-caching" } },
    { name: "pitfalls", arguments: { nodes: ["green-operator-caching"] } },
    { name: "search", arguments: { query: "Nyquist", limit: 3 } },
    { name: "status", arguments: {} },
  ];
  try {
    for (let i = 0; i < 50; i++) await c.callTool(calls[i % calls.length]!);
    const h0 = rss(pid()!);
    for (let i = 0; i < SEQUENTIAL; i++) {
      const r = (await c.callTool(calls[i % calls.length]!)) as { isError?: boolean };
      assert.ok(!r.isError, `call ${i}`);
    }
    const rs = (await Promise.all(Array.from({ length: 20 }, (_, i) => c.callTool(calls[i % calls.length]!)))) as { isError?: boolean }[];
    assert.equal(rs.filter((r) => r.isError).length, 0);
    const h1 = rss(pid()!);
    assert.ok(h1 - h0 < 48 * 1024 * 1024, `resident memory grew by ${((h1 - h0) / 1048576).toFixed(1)} MB (bound 48 MB)`);
  } finally {
    await c.close();
  }
});

test("record_memory from 8 concurrent clients on 8 tasks: 8 of 8 first attempts succeed, 8 valid documents, none lost, the vault unchanged", async () => {
  const d = builtDemo();
  const env = { ...(process.env as Record<string, string>), AKMS_GLOBAL_VAULT: d.vault };
  const vault = treeHash(d.vault);
  const clients = (await Promise.all(Array.from({ length: 8 }, () => connect(d.repo, env)))).map((x) => x.c);
  try {
    const rs = (await Promise.all(clients.map((c, i) => c.callTool({ name: "record_memory", arguments: { memory: memoryText(`TASK-40${i}`) } })))) as { isError?: boolean; structuredContent?: any; content: { text: string }[] }[];
    // Each waits its turn for the lock (a bounded wait): 8 of 8 succeed on their first attempt.
    for (const [i, r] of rs.entries()) assert.ok(!r.isError, `client ${i}, first attempt: ${r.content[0]?.text}`);
  } finally {
    await Promise.all(clients.map((c) => c.close()));
  }
  for (let i = 0; i < 8; i++) {
    const f = join(d.repo, "knowledge", "sessions", `TASK-40${i}.md`);
    assert.equal(readFileSync(f, "utf8"), memoryText(`TASK-40${i}`));
    const v = akms(["validate", f, "--json"]);
    assert.equal(v.code, 0, v.stdout);
  }
  assert.equal(treeHash(d.vault), vault);
});
