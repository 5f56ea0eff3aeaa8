// The MCP server as an agent host meets it: the SDK's own Client over stdio spawns the built
// `akms mcp` on a copy of the demo, and every tool's structuredContent is held to the CLI's --json.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { akms, BIN, builtDemo, treeHash } from "../helpers.js";
import { memoryText } from "./memory-text.js";
import { TOOLS } from "../../src/mcp/tools.js";
import { UsageError } from "../../core/errors.js";
import { forAgent } from "../../src/mcp/agent-words.js";
import { docBytes, shapeGeneric } from "../../src/mcp/results.js";

const demo = builtDemo();
const env = { ...process.env, NO_COLOR: "1", AKMS_GLOBAL_VAULT: demo.vault } as Record<string, string>;
let client: Client;
const vaultBefore = treeHash(demo.vault);

async function connect(): Promise<Client> {
  const c = new Client({ name: "akms-test", version: "1.0.0" });
  await c.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "--repo", demo.repo], env, cwd: demo.repo, stderr: "pipe" }));
  return c;
}

before(async () => {
  // The search pairs compare the MCP document with the CLI's JSON: BM25 alone here, so the second
  // call does not rank over more embedded files than the first (test/core/semantic-search.test.ts
  // has the hybrid, through the CLI and the server).
  appendFileSync(join(demo.knowledge, "graph", "propagation_config.yaml"), "\nsearch:\n  embedding: none\n");
  // Built by this akms's bundle, so that no call compiles first (the budget then holds that note too).
  assert.equal(akms(["build"], { cwd: demo.repo, env }).code, 0);
  client = await connect();
});
after(async () => {
  await client.close();
});

type Called = { isError?: boolean; structuredContent?: any; content: { type: string; text: string }[] };
/** A tool call; an error's document is its text block (structuredContent is for answers, held to the outputSchema). */
const call = async (name: string, args: Record<string, unknown> = {}): Promise<Called> => {
  const r = (await client.callTool({ name, arguments: args })) as Called;
  if (r.isError) {
    assert.equal(r.structuredContent, undefined, "an error carries no structuredContent");
    return { ...r, structuredContent: JSON.parse(r.content[0]!.text) };
  }
  return r;
};
const cli = (args: string[]) => akms([...args, "--json"], { cwd: demo.repo, env });

/** Fields that differ between two runs of the same call by nature (a fresh qmd probe, the loadout's write). */
function stable(x: any): any {
  return JSON.parse(JSON.stringify(x));
}

test("lists every tool with annotations, and the resources", async () => {
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name).sort();
  assert.deepEqual(names, ["changes_since", "current_task", "derive_tags", "loadout", "pitfalls", "query", "record_memory", "search", "show_node", "status", "validate"]);
  for (const t of tools) {
    assert.ok(t.description && t.description.length > 40, `${t.name} has a description an agent can act on`);
    assert.equal(typeof t.annotations?.readOnlyHint, "boolean", `${t.name} says whether it reads only`);
  }
  const rec = tools.find((t) => t.name === "record_memory")!;
  assert.equal(rec.annotations?.readOnlyHint, false);
  assert.equal(rec.annotations?.destructiveHint, false);
  for (const n of ["query", "show_node", "search", "status", "validate", "pitfalls", "current_task", "changes_since"]) assert.equal(tools.find((t) => t.name === n)!.annotations?.readOnlyHint, true, n);
  assert.ok(!names.some((n) => /promote|draft|dedup|undo/.test(n)), "no promotion over MCP");
  const info = client.getInstructions() ?? "";
  assert.match(info, /human/);
  const templates = await client.listResourceTemplates();
  assert.deepEqual(templates.resourceTemplates.map((r) => r.uriTemplate).sort(), ["akms://loadout/{task_id}", "akms://node/{id}"]);
});

test("each read tool's structuredContent equals the CLI's --json for the same call", async () => {
  const pairs: [string, Record<string, unknown>, string[]][] = [
    ["query", { tags: ["fft", "green-operator"], role: "implementer", explain: true }, ["query", "--tags", "fft,green-operator", "--role", "implementer", "--explain"]],
    ["query", { task: "task-201" }, ["query", "--task", "knowledge/tasks/task-201.json"]],
    ["derive_tags", { task: "knowledge/tasks/task-203.json" }, ["derive-tags", "--task", "knowledge/tasks/task-203.json"]],
    ["pitfalls", { nodes: ["memoization-mutable-arrays", "green-operator-caching"] }, ["pitfalls", "--nodes", "memoization-mutable-arrays,green-operator-caching"]],
    ["pitfalls", { tags: "fft" }, ["pitfalls", "--tags", "fft"]],
    ["show_node", { id: "fft-frequency-conventions" }, ["show", "fft-frequency-conventions"]],
    ["search", { query: "green operator cache", in: "nodes", limit: 5 }, ["search", "green operator cache", "--in", "nodes", "--limit", "5"]],
    ["search", { query: "Nyquist", in: "sessions" }, ["search", "Nyquist", "--in", "sessions"]],
    ["status", {}, ["status"]],
    ["validate", { path: "knowledge/sessions/task-101.md" }, ["validate", "knowledge/sessions/task-101.md"]],
  ];
  for (const [tool, args, argv] of pairs) {
    const r = await call(tool, args);
    assert.ok(!r.isError, `${tool} ${JSON.stringify(args)}: ${r.content[0]?.text}`);
    assert.ok(r.content[0]?.type === "text" && r.content[0].text.length > 0, `${tool} has a text block`);
    const c = cli(argv);
    assert.equal(c.code, 0, `${argv.join(" ")}: ${c.stderr}`);
    delete c.json.compiled;
    const mcp = stable(r.structuredContent);
    delete mcp.compiled; // the first call may compile (the demo was built by another build of akms)
    if (tool === "search") {
      // The tool's search came first: it may have built qmd's index of the scope, the CLI's then finds it.
      assert.ok(mcp.engine !== "qmd" || ["built", null].includes(mcp.qmd_index), `qmd_index ${mcp.qmd_index}`);
      assert.equal(c.json.qmd_index, null);
      mcp.qmd_index = null;
    }
    // The model's document is made from the same core result as the CLI's --json.
    const def = TOOLS.find((t) => t.name === tool)!;
    const s = { cursor: 0, explain: args.explain === true, budget: 8000, tool };
    const want = def.shape ? def.shape({ json: c.json, text: "" }, s) : shapeGeneric(c.json, s);
    assert.deepEqual(mcp, stable(want), `${tool} ${JSON.stringify(args)} = the model's document of akms ${argv.join(" ")} --json`);
    assert.ok(docBytes(mcp) <= 8000, `${tool}: ${docBytes(mcp)} bytes, within the budget`);
    assert.equal(r.content[0]!.text, JSON.stringify(r.structuredContent), `${tool}: the text block is the same document`);
  }
  // The model is told which recorded documents wait for the update (the demo's task-103).
  const st = await call("status");
  assert.ok(st.structuredContent.waiting_sessions.files.includes("knowledge/sessions/task-103.md"), JSON.stringify(st.structuredContent.waiting_sessions));
  assert.equal(st.structuredContent.waiting_sessions.count, st.structuredContent.waiting_sessions.files.length);
});

test("loadout writes the loadout as the CLI does and returns its Markdown itself, paged in whole lines within the budget", async () => {
  const pages: any[] = [];
  let cursor: number | undefined = undefined;
  do {
    const r = await call("loadout", { task: "task-201", no_qmd: true, ...(cursor === undefined ? {} : { cursor }) });
    assert.ok(!r.isError, r.content[0]?.text);
    assert.ok(docBytes(r.structuredContent) <= 8000, `page of ${docBytes(r.structuredContent)} bytes`);
    assert.equal(r.content[0]!.text, JSON.stringify(r.structuredContent));
    pages.push(r.structuredContent);
    cursor = r.structuredContent.next?.cursor;
  } while (cursor !== undefined && pages.length < 50);
  const file = join(demo.repo, pages[0].path);
  assert.ok(existsSync(file));
  const md = readFileSync(file, "utf8");
  assert.equal(pages.map((p) => p.markdown).join("\n"), md.replace(/^---\n[\s\S]*?\n---\n+/, ""), "every page together is the loadout's Markdown, whole");
  const c = cli(["loadout", "--task", "knowledge/tasks/task-201.json", "--no-qmd"]);
  assert.equal(c.code, 0, c.stderr);
  for (const p of pages) assert.deepEqual(p.node_ids, c.json.node_ids, "every page names every selected node");
  assert.match(pages.map((p) => p.markdown).join("\n"), /## Known Pitfalls/);
  assert.equal(readFileSync(file, "utf8"), md, "identical inputs → identical bytes");
  const res = await client.readResource({ uri: `akms://loadout/task-201` });
  assert.equal((res.contents[0] as { text: string }).text, md);
});

test("the node resource gives the node's file", async () => {
  const res = await client.readResource({ uri: "akms://node/fft-frequency-conventions" });
  const text = (res.contents[0] as { text: string }).text;
  assert.match(text, /^---\nid: fft-frequency-conventions/);
});

test("bad input is an isError result with the CLI's code, and the server answers the next call", async () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["show_node", { id: "no-such-node" }, "NOT_FOUND"],
    ["query", { tags: "fft", role: "bogus_role" }, "UNKNOWN_ROLE"],
    ["record_memory", { memory: "---\ntask_id: t1\nakms_schema: v2\n---\n" }, "VALIDATION"],
    ["record_memory", { memory: memoryText("../escape") }, "VALIDATION"],
    ["validate", { path: "../../etc/passwd" }, "OUTSIDE_REPO"],
    ["query", { task: "/etc/passwd" }, "OUTSIDE_REPO"],
    ["validate", { text: "x".repeat(10_000_000) }, "TOO_LARGE"],
    ["pitfalls", {}, "USAGE"],
  ];
  for (const [tool, args, code] of cases) {
    const r = await call(tool, args);
    assert.equal(r.isError, true, `${tool} ${JSON.stringify(args).slice(0, 80)} is an error`);
    assert.equal(r.structuredContent?.error?.code, code, `${tool}: ${r.content[0]?.text.slice(0, 200)}`);
    const ok = await call("status");
    assert.ok(!ok.isError, "the next call is answered normally");
  }
  // A task id with no record: what to give instead, not "no such file … check the path".
  const noRecord = await call("loadout", { task: "task-no-record" });
  assert.equal(noRecord.structuredContent?.error?.code, "NOT_FOUND");
  assert.match(noRecord.structuredContent.error.message, /task "task-no-record" has no task record \(knowledge\/tasks\/task-no-record\.json does not exist\)/);
  assert.match(noRecord.structuredContent.error.hint, /give the task's tags instead \(`tags`\)/);
  const cliErr = cli(["show", "no-such-node"]);
  const mcpErr = await call("show_node", { id: "no-such-node" });
  // The same error as the CLI's, its words for a tool caller.
  assert.deepEqual(mcpErr.structuredContent, { ...cliErr.json, error: { ...cliErr.json.error, message: forAgent(cliErr.json.error.message), ...(cliErr.json.error.hint ? { hint: forAgent(cliErr.json.error.hint) } : {}) } });
});


test("record_memory writes knowledge/sessions/<task_id>.md, never runs the update, replaces it until it is applied, then refuses a different one", async () => {
  const overlay = readFileSync(join(demo.knowledge, "graph", "local_state.yaml"));
  const graph = readFileSync(join(demo.knowledge, "graph", "graph.json"));
  const text = memoryText(
    "TASK-301",
    [
      "new_knowledge:",
      "  - suggested_id: green-cache-key-reference-medium",
      "    title: Green-operator cache key must include the reference medium",
      "    domain: software-eng",
      "    status: tentative",
      "    source: agent",
      "    content_draft: |",
      "      The Green operator cache in src/solvers/fft/green.py was keyed on the grid shape only. After the phase properties changed between two load cases, get_green_operator returned the operator built for the previous reference medium, and the basic scheme diverged without any error. The cache key must contain the grid shape, the cell lengths, both Lamé parameters of the reference medium and the Nyquist convention.",
    ].join("\n"),
  );
  const r = await call("record_memory", { memory: text });
  assert.ok(!r.isError, r.content[0]?.text);
  assert.equal(r.structuredContent.file, "knowledge/sessions/TASK-301.md");
  assert.equal(r.structuredContent.session, "session-task-301");
  assert.equal(readFileSync(join(demo.repo, "knowledge/sessions/TASK-301.md"), "utf8"), text);
  assert.deepEqual(readFileSync(join(demo.knowledge, "graph", "local_state.yaml")), overlay, "the overlay is untouched (no update during the task)");
  assert.deepEqual(readFileSync(join(demo.knowledge, "graph", "graph.json")), graph);
  const dup = r.structuredContent.new_knowledge[0];
  assert.equal(dup.likely_duplicate?.id, "green-cache-key-includes-ref-medium", "the updater's dedup names the likely duplicate");
  const again = await call("record_memory", { memory: text });
  assert.ok(!again.isError);
  assert.equal(again.structuredContent.written, false, "the same document again changes nothing");
  // Not yet applied: a corrected document takes its place.
  const fixed = text.replace("tests_passed: 3", "tests_passed: 2");
  const other = await call("record_memory", { memory: fixed });
  assert.ok(!other.isError, other.content[0]?.text);
  assert.equal(other.structuredContent.replaced, true);
  assert.equal(readFileSync(join(demo.repo, "knowledge/sessions/TASK-301.md"), "utf8"), fixed);
  // Then `akms update` applies it exactly as a hand-written one.
  const u = akms(["update", "knowledge/sessions/TASK-301.md", "--json"], { cwd: demo.repo, env });
  assert.equal(u.code, 0, u.stderr);
  assert.equal(u.json.documents[0].session, "session-task-301");
  assert.equal(u.json.documents[0].new_knowledge[0].node, "green-cache-key-includes-ref-medium");
  // Applied: now fixed.
  const late = await call("record_memory", { memory: text });
  assert.equal(late.isError, true);
  assert.equal(late.structuredContent.error.code, "STATE");
  assert.match(late.structuredContent.error.message, /already applied/);
  assert.equal(treeHash(demo.vault), vaultBefore, "the global vault never changes");
});

test("record_memory as an agent needs it: every problem at once with its field, unknown keys with a did-you-mean, a dry run, the object form", async () => {
  const bad = memoryText("TASK-302", "pitfalls:\n  - node_ref: null\n    description: x\n    severity: high").replace("status: complete", "status: done").replace("tests_total: 3", "tests_total: many");
  const r = await call("record_memory", { memory: bad });
  assert.equal(r.isError, true);
  const problems = r.structuredContent.error.problems as { field?: string; hint?: string; line?: number }[];
  assert.ok(problems.length >= 3, JSON.stringify(problems));
  const fields = problems.map((p) => p.field);
  assert.ok(fields.includes("status") && fields.includes("tests_total") && fields.includes("pitfalls"), JSON.stringify(fields));
  assert.match(problems.find((p) => p.field === "pitfalls")!.hint!, /did you mean `pitfalls_discovered`/);
  assert.ok(problems.every((p) => typeof p.line === "number"), "each names its line");
  assert.ok(!existsSync(join(demo.repo, "knowledge/sessions/TASK-302.md")), "nothing recorded");
  const dry = await call("record_memory", { memory: memoryText("TASK-302"), dry_run: true });
  assert.ok(!dry.isError, dry.content[0]?.text);
  assert.equal(dry.structuredContent.dry_run, true);
  assert.ok(!existsSync(join(demo.repo, "knowledge/sessions/TASK-302.md")), "a dry run records nothing");
  const obj = await call("record_memory", {
    memory: { task_id: "TASK-303", task_description: "Object form", phase_id: 2, timestamp: "2026-11-20T10:00:00", agent_model: "m", loadout_used: "knowledge/loadouts/x.md", status: "complete", tests_passed: 1, tests_total: 1, nodes_used: [{ id: "nyquist-frequency-handling", useful: true, coverage: "sufficient" }], akms_schema: "v2", notes: "Free text." },
  });
  assert.ok(!obj.isError, obj.content[0]?.text);
  const written = readFileSync(join(demo.repo, "knowledge/sessions/TASK-303.md"), "utf8");
  assert.match(written, /^---\ntask_id: TASK-303\n[\s\S]*\n---\n\nFree text\.\n$/);
  const v = akms(["validate", "knowledge/sessions/TASK-303.md", "--json"], { cwd: demo.repo, env });
  assert.equal(v.code, 0, v.stdout);
});

test("the server notices graph.json changing on disk between calls", async () => {
  const before = await call("show_node", { id: "nyquist-frequency-handling" });
  const r = akms(["update", "knowledge/sessions/task-102.md", "--json"], { cwd: demo.repo, env }); // already applied: no change
  assert.equal(r.code, 0, r.stderr);
  const u = akms(["draft", "nyquist-frequency-handling", "--json"], { cwd: demo.repo, env });
  assert.equal(u.code, 0, u.stderr);
  const after = await call("show_node", { id: "nyquist-frequency-handling" });
  assert.notEqual(after.structuredContent.graph_version, before.structuredContent.graph_version);
  assert.equal(after.structuredContent.node.status, "draft");
  akms(["undo", "--json"], { cwd: demo.repo, env });
});

test("the server exits 0 within a second of stdin closing", async () => {
  const { spawn } = await import("node:child_process");
  const p = spawn(process.execPath, [BIN, "mcp", "--repo", demo.repo], { env, stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  p.stdout.on("data", (d) => (out += d));
  p.stdin.write(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } }) + "\n");
  await new Promise((r) => setTimeout(r, 1500));
  const t0 = Date.now();
  p.stdin.end();
  const code = await new Promise<number | null>((r) => p.on("exit", (c) => r(c)));
  assert.equal(code, 0);
  assert.ok(Date.now() - t0 < 1000, `exited in ${Date.now() - t0} ms`);
  for (const line of out.split("\n").filter(Boolean)) assert.equal(JSON.parse(line).jsonrpc, "2.0", "stdout carries JSON-RPC only");
});

test("current_task names the task (AKMS_TASK_ID, the branch, the one in progress) or says it cannot tell; changes_since and show_node for several ids", async () => {
  const ct = await call("current_task", {});
  assert.ok(!ct.isError, ct.content[0]?.text);
  assert.equal(ct.structuredContent.task_id, null, "the demo's branch names no task and none is in progress");
  assert.match(ct.structuredContent.note, /cannot tell which task is yours/);
  assert.ok(ct.structuredContent.candidates.some((t: { task_id: string }) => t.task_id === "task-201"));
  const ch = await call("changes_since", { since: "2026-11-05" });
  assert.ok(!ch.isError, ch.content[0]?.text);
  const items = ch.structuredContent.items as { kind: string; date?: string; node?: string }[];
  assert.ok(items.some((i) => i.kind === "pitfall" && i.node === "nyquist-frequency-handling"), "the pitfall reported on 2026-11-05");
  assert.ok(items.some((i) => i.kind === "confidence"));
  assert.ok(items.filter((i) => i.date).every((i) => i.date! >= "2026-11-05"));
  const dflt = await call("changes_since", {});
  assert.match(dflt.structuredContent.since_from, /phase handoff/);
  const bad = await call("changes_since", { since: "yesterday" });
  assert.equal(bad.isError, true);
  const many = await call("show_node", { ids: ["nyquist-frequency-handling", "fft-frequency-conventions"] });
  assert.ok(!many.isError, many.content[0]?.text);
  assert.deepEqual(many.structuredContent.nodes.map((n: { node: { id: string } }) => n.node.id), ["nyquist-frequency-handling", "fft-frequency-conventions"]);
});

test("errors speak tool arguments, not CLI flags", async () => {
  const r = await call("loadout", {});
  assert.equal(r.isError, true);
  const text = JSON.stringify(r.structuredContent.error);
  assert.doesNotMatch(text, /--task|--tags/);
  assert.match(text, /`task` argument/);
  assert.equal(r.content[0]!.text, JSON.stringify(r.structuredContent));
  // So do a result's notes: tags no node carries point at the search tool, not at `akms search`.
  const q = await call("query", { tags: ["no-such-tag"] });
  assert.ok(!q.isError);
  assert.deepEqual(q.structuredContent.notes, ['no domain node carries any of the tags "no-such-tag": the result is empty — search the knowledge by the task\'s words instead (the search tool)']);
});

test("an argument a tool does not take is refused by name, as the CLI refuses a flag it does not take; every schema says so", async () => {
  const { tools } = await client.listTools();
  for (const t of tools) assert.equal((t.inputSchema as { additionalProperties?: unknown }).additionalProperties, false, `${t.name}: no argument beyond its own`);
  const r = (await client.callTool({ name: "pitfalls", arguments: { ids: ["hill-mandel-condition"] } })) as Called;
  assert.equal(r.isError, true);
  assert.match(r.content[0]!.text, /Unrecognized key: "ids"/, "the misnamed argument is named, not ignored");
  const ok = await call("pitfalls", { nodes: ["hill-mandel-condition"] });
  assert.equal(ok.isError, undefined);
});

test("every tool declares an outputSchema that its answers meet (the SDK client checks each result against it)", async () => {
  const { tools } = await client.listTools();
  for (const t of tools) {
    assert.equal((t.outputSchema as { type?: string } | undefined)?.type, "object", `${t.name} has an outputSchema`);
  }
  const q = tools.find((t) => t.name === "query")!.outputSchema as { required?: string[] };
  assert.ok(q.required?.includes("selected") && q.required.includes("items"));
});

test("a request over the server's limit is refused with an error, before it is read whole; the server lives on", async () => {
  const big = "x".repeat(30 * 1024 * 1024);
  const r = await client.callTool({ name: "validate", arguments: { text: big } }).then(
    () => null,
    (e: Error) => e,
  );
  assert.ok(r instanceof Error, "an error answer");
  assert.match(r!.message, /request is too large/);
  const ok = await call("status");
  assert.ok(!ok.isError, "the server answers the next call");
});

test("a warm server sees a source edited between two calls (the watch) and answers from the recompiled graph", async () => {
  const file = join(demo.knowledge, "local-nodes", "mandel-factors-load-cases.md");
  const before = readFileSync(file, "utf8");
  const first = await call("show_node", { id: "mandel-factors-load-cases" });
  assert.ok(!first.isError, first.content[0]?.text);
  writeFileSync(file, before.replace(/^title: .*$/m, 'title: "Edited between calls"'));
  try {
    const after = await call("show_node", { id: "mandel-factors-load-cases" });
    assert.ok(!after.isError, after.content[0]?.text);
    assert.equal(after.structuredContent.compiled?.reason, "stale");
    assert.equal(after.structuredContent.node.title, "Edited between calls");
  } finally {
    writeFileSync(file, before);
  }
});

test("the watch: a source tree created after the server started is watched (a new local-nodes/ and an edit inside it are seen); the impression log's appends are not a change", async () => {
  const d = builtDemo();
  const env = { ...(process.env as Record<string, string>), AKMS_GLOBAL_VAULT: d.vault, AKMS_QMD_BIN: "/nonexistent/qmd" };
  const local = join(d.knowledge, "local-nodes");
  const moved = `${local}.away`;
  renameSync(local, moved); // the server starts without knowledge/local-nodes/
  assert.equal(akms(["build", "--repo", d.repo], { env }).code, 0);
  const c = new Client({ name: "watch", version: "1" });
  await c.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "--repo", d.repo], env, stderr: "pipe" }));
  const show = async (id: string) => (await c.callTool({ name: "show_node", arguments: { id } })) as { isError?: boolean; structuredContent?: { compiled?: { reason: string }; node?: { title: string } } };
  try {
    assert.ok((await show("mandel-factors-load-cases")).isError, "not there yet");
    const again = await show("lippmann-schwinger");
    assert.equal(again.structuredContent?.compiled, undefined, "the impression log's append changed no source");
    renameSync(moved, local);
    const back = await show("mandel-factors-load-cases");
    assert.ok(!back.isError);
    assert.equal(back.structuredContent?.compiled?.reason, "stale");
    const file = join(local, "mandel-factors-load-cases.md");
    writeFileSync(file, readFileSync(file, "utf8").replace(/^title: .*$/m, 'title: "Seen inside the new tree"'));
    const edited = await show("mandel-factors-load-cases");
    assert.equal(edited.structuredContent?.node?.title, "Seen inside the new tree");
  } finally {
    await c.close();
  }
});

test("the watch: a directory made inside a watched tree after the server started is watched too (a code-mirror node written into it is seen at the next call)", async () => {
  const d = builtDemo();
  const env = { ...(process.env as Record<string, string>), AKMS_GLOBAL_VAULT: d.vault, AKMS_QMD_BIN: "/nonexistent/qmd" };
  assert.equal(akms(["build", "--repo", d.repo], { env }).code, 0);
  const c = new Client({ name: "watch-dir", version: "1" });
  await c.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "--repo", d.repo], env, stderr: "pipe" }));
  const show = async (id: string) => (await c.callTool({ name: "show_node", arguments: { id } })) as { isError?: boolean; structuredContent?: { compiled?: { reason: string }; node?: { title: string } } };
  try {
    assert.ok(!(await show("mirror-runner-cache")).isError, "the server answers (and watches from here on)");
    const dir = join(d.knowledge, "code-mirror", "zz-new", "deeper");
    mkdirSync(dir, { recursive: true });
    const file = join(dir, "made-later.md");
    const text = readFileSync(join(d.knowledge, "code-mirror", "runner", "cache.md"), "utf8").replace(/^id: .*$/m, "id: mirror-made-later");
    writeFileSync(file, text.replace(/^title: .*$/m, 'title: "Made in a new directory"'));
    const seen = await show("mirror-made-later");
    assert.equal(seen.structuredContent?.node?.title, "Made in a new directory", "the new directory's node, at the next call");
    // (That call's compile rewrote graph.json, which the watch of knowledge/graph/ sees: one call more runs the full test.)
    assert.equal((await show("mirror-made-later")).structuredContent?.compiled, undefined, "nothing changed since");
    // An edit inside the new directory: only a watch of that directory sees it (within the 10 s backstop).
    writeFileSync(file, text.replace(/^title: .*$/m, 'title: "Edited in the new directory"'));
    const edited = await show("mirror-made-later");
    assert.equal(edited.structuredContent?.compiled?.reason, "stale");
    assert.equal(edited.structuredContent?.node?.title, "Edited in the new directory");
  } finally {
    await c.close();
  }
});

test("forAgent: flags become tool arguments, akms commands the tool of the same job, a person's own command is kept whole", () => {
  assert.equal(
    forAgent("give --task FILE or --tags a,b; run `akms init --git` then `akms loadout --task X`; `--no-qmd` or --context-limit N\u001b[31m"),
    "give the `task` argument or the `tags` argument; run `akms init --git` then the loadout tool; `no_qmd: true` or the `context_limit` argument",
  );
  // A list placeholder goes with its flag; values a person typed stay.
  assert.equal(forAgent("give exactly one of --nodes a,b or --tags a,b"), "give exactly one of the `nodes` argument or the `tags` argument");
  assert.equal(forAgent("--tags http,retry matched no node"), "the `tags` argument http,retry matched no node");
  // The CLI's pointer to its --help: the model has the tool's schema.
  assert.equal(forAgent(new UsageError("x").hint!), "the tool's input schema lists the arguments it takes");
});

test("a tool refuses a bad task record before it compiles a stale graph.json: the refusal writes nothing", async () => {
  const file = join(demo.knowledge, "local-nodes", "mandel-factors-load-cases.md");
  const before = readFileSync(file, "utf8");
  const graph = join(demo.knowledge, "graph", "graph.json");
  const bad = join(demo.knowledge, "tasks", "broken-task.json");
  writeFileSync(bad, '{\n  "task_id": "broken-task",\n  "akms_tags": ["fft"');
  writeFileSync(file, before.replace(/^title: .*$/m, 'title: "Edited, not yet compiled"'));
  const graphBefore = readFileSync(graph);
  try {
    for (const [tool, args] of [["query", { task: "knowledge/tasks/broken-task.json" }], ["loadout", { task: "knowledge/tasks/broken-task.json", no_qmd: true }], ["derive_tags", { task: "knowledge/tasks/broken-task.json" }]] as const) {
      const r = await call(tool, args);
      assert.ok(r.isError, `${tool}: ${r.content[0]?.text}`);
      assert.match(r.structuredContent.error.message, /not valid JSON/, tool);
      assert.deepEqual(readFileSync(graph), graphBefore, `${tool} left graph.json as it was`);
    }
  } finally {
    writeFileSync(file, before);
    rmSync(bad);
  }
});
