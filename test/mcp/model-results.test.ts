// What the model receives under a small byte budget (agents.max_result_bytes): every page within
// it, each list item whole, paging that reaches every item, every selected node id on every page.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { akms, BIN, builtDemo } from "../helpers.js";
import { docBytes, pageWithin } from "../../src/mcp/results.js";

const BUDGET = 2500;
const demo = builtDemo();
const env = { ...process.env, NO_COLOR: "1", AKMS_GLOBAL_VAULT: demo.vault } as Record<string, string>;
let client: Client;

before(async () => {
  appendFileSync(join(demo.knowledge, "graph", "propagation_config.yaml"), `\nagents:\n  max_result_bytes: ${BUDGET}\n`);
  assert.equal(akms(["build"], { cwd: demo.repo, env }).code, 0);
  client = new Client({ name: "akms-test", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "--repo", demo.repo], env, cwd: demo.repo, stderr: "pipe" }));
});
after(async () => {
  await client.close();
});

async function allPages(tool: string, args: Record<string, unknown>): Promise<any[]> {
  const pages: any[] = [];
  let cursor: number | undefined;
  do {
    const r = (await client.callTool({ name: tool, arguments: { ...args, ...(cursor === undefined ? {} : { cursor }) } })) as { isError?: boolean; structuredContent: any; content: { text: string }[] };
    assert.ok(!r.isError, r.content[0]?.text);
    assert.ok(docBytes(r.structuredContent) <= BUDGET, `${tool} page ${pages.length}: ${docBytes(r.structuredContent)} bytes > ${BUDGET}`);
    assert.equal(r.content[0]!.text, JSON.stringify(r.structuredContent));
    pages.push(r.structuredContent);
    cursor = r.structuredContent.next?.cursor;
  } while (cursor !== undefined && pages.length < 200);
  assert.ok(pages.length < 200);
  return pages;
}

test("query under a small budget: pages within it, every selected node reached, `selected` on every page", async () => {
  const c = akms(["query", "--task", "knowledge/tasks/task-201.json", "--explain", "--json"], { cwd: demo.repo, env });
  assert.equal(c.code, 0, c.stderr);
  const pages = await allPages("query", { task: "task-201", explain: true });
  assert.ok(pages.length > 1, "the budget makes it page");
  const ids = c.json.nodes.map((n: any) => n.id);
  for (const p of pages) assert.deepEqual(p.selected, ids);
  const items = pages.flatMap((p) => p.items);
  assert.deepEqual(items.filter((i) => i.kind === "node").map((i) => i.id), ids, "every node, once, in rank order");
  assert.equal(items.filter((i) => i.kind === "excluded").length, c.json.excluded.length);
  assert.equal(items.filter((i) => i.kind === "pitfall").length, c.json.pitfalls.length);
});

test("loadout and status under a small budget: whole lines and items, all of them", async () => {
  const pages = await allPages("loadout", { task: "task-201", no_qmd: true });
  assert.ok(pages.length > 1);
  const md = pages.map((p) => p.markdown).join("\n");
  assert.match(md, /## Known Pitfalls/);
  for (const id of pages[0].node_ids) assert.ok(md.includes(`\`${id}\``), `${id} in the Markdown`);
  const st = await allPages("status", {});
  const total = Object.values<number>(st[0].counts).reduce((a, b) => a + b, 0);
  assert.ok(st.flatMap((p) => p.items).length >= 1 && st.flatMap((p) => p.items).length <= total + 100);
});

test("pageWithin: exact on a hand-made list (greedy, whole items, the cursor continues)", () => {
  const items = ["aaaa", "bbbb", "cccc", "dddd"];
  const frame = (p: any) => ({ items: p.items, next: p.next_cursor });
  const one = pageWithin(items, 0, docBytes({ items: ["aaaa", "bbbb"], next: 2 }), frame);
  assert.deepEqual(one.page.items, ["aaaa", "bbbb"]);
  assert.equal(one.page.next_cursor, 2);
  const two = pageWithin(items, 2, 1000, frame);
  assert.deepEqual(two.page.items, ["cccc", "dddd"]);
  assert.equal(two.page.next_cursor, null);
  const tight = pageWithin(["x".repeat(500)], 0, 100, frame, (s, room) => s.slice(0, room));
  assert.equal(tight.page.items.length, 1, "an item alone over the budget is still sent (shortened)");
});

test("every tool takes the cursor its pages name: a long validate report pages to its end", async () => {
  const { tools } = await client.listTools();
  for (const t of tools) assert.ok("cursor" in ((t.inputSchema as { properties?: object }).properties ?? {}), `${t.name} takes cursor (any result may come in pages)`);
  // A node with 60 edges of an unknown type: one problem each, far over the budget.
  const edges = Array.from({ length: 60 }, (_, i) => `  - to: node-${i}\n    type: not-a-type\n    weight: 0.5`).join("\n");
  const text = `---\nid: many-bad-edges\ntitle: "Many bad edges"\ndomain: demo\ntags: [x]\nstatus: tentative\nconfidence: 0.5\nsource: human\nedges:\n${edges}\nakms_schema: v2\n---\n\n# Many\n`;
  const problems: unknown[] = [];
  let cursor: number | undefined;
  let pages = 0;
  do {
    const r = (await client.callTool({ name: "validate", arguments: { text, as_path: "knowledge/local-nodes/many-bad-edges.md", ...(cursor === undefined ? {} : { cursor }) } })) as { isError?: boolean; content: { text: string }[] };
    assert.equal(r.isError, true, "an invalid artifact");
    assert.ok(Buffer.byteLength(r.content[0]!.text) <= BUDGET, `page ${pages}: ${Buffer.byteLength(r.content[0]!.text)} bytes`);
    const doc = JSON.parse(r.content[0]!.text);
    // The document keeps its shape: the one file, its errors paged.
    assert.equal(doc.files.length, 1);
    assert.equal(doc.files[0].file, "knowledge/local-nodes/many-bad-edges.md");
    problems.push(...doc.files[0].errors);
    cursor = doc.next?.cursor;
    pages++;
  } while (cursor !== undefined && pages < 50);
  assert.ok(pages > 1, "the report came in pages");
  assert.equal(cursor, undefined, "the pages reached the end");
  assert.deepEqual(problems.map((p: any) => p.field), Array.from({ length: 60 }, (_, i) => `edges[${i}].type`), "every problem once, in order");
  for (const p of problems as { message: string; hint: string }[]) assert.doesNotMatch(p.message + p.hint, /…/, "each problem whole");
});

test("show_node of a node longer than the budget: `akms show`'s lines in pages, whole, its attributes on every page; several ids name the one too long", async () => {
  const id = "lippmann-schwinger";
  const c = akms(["show", id], { cwd: demo.repo, env });
  assert.equal(c.code, 0, c.stderr);
  assert.ok(Buffer.byteLength(c.stdout) > BUDGET, "the node is longer than the budget");
  const pages = await allPages("show_node", { id });
  assert.ok(pages.length > 1);
  for (const p of pages) assert.equal(p.node.id, id);
  assert.equal(pages.map((p) => p.text).join("\n"), c.stdout.replace(/\n$/, ""), "every line, whole, in order, line breaks kept");
  const many = await allPages("show_node", { ids: [id, "fft-frequency-conventions"] });
  const nodes = many.flatMap((p) => p.nodes);
  assert.deepEqual(nodes.map((n: any) => n.id), [id, "fft-frequency-conventions"]);
  assert.match(nodes[0].too_long, /call show_node with id "lippmann-schwinger"/);
});
