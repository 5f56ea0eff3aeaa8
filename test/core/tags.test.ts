import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scratch, treeHash, write, writeNode, type NodeSpec } from "../helpers.js";
import { loadContext, type Context } from "../../core/context.js";
import { build } from "../../core/compiler/build.js";
import { loadGraph, type LoadedGraph } from "../graph-json.js";
import { containsPhrase, deriveTags, taskTags, writeTaskTags } from "../../core/tags.js";
import { readTask, withTags } from "../../core/query/task.js";
import { isAkmsError } from "../../core/errors.js";

const MIRROR = `---
id: mirror-solvers-green
title: "Code Mirror: src/solvers/green.py"
domain: code-mirror
status: established
confidence: 1.0
source: generated
auto_update: true
content_ref: code-mirror/solvers/green.md
source_file: src/solvers/green.py
generated_at: 2026-01-01T00:00:00
generated_by_phase: 1
akms_schema: v2
---
`;

function setup(globals: NodeSpec[], locals: NodeSpec[] = [], config = ""): { ctx: Context; graph: LoadedGraph; vault: string; repo: string } {
  const s = scratch();
  for (const n of globals) writeNode(s.vault, n);
  for (const n of locals) writeNode(join(s.knowledge, "local-nodes"), n);
  write(join(s.knowledge, "code-mirror", "solvers", "green.md"), MIRROR);
  write(join(s.knowledge, "docs", "design.md"), "# Design\n");
  if (config) write(join(s.knowledge, "graph", "propagation_config.yaml"), `akms_schema: v2\n${config}`);
  const ctx = loadContext({ repo: s.repo, vault: s.vault });
  build(ctx);
  return { ctx, graph: loadGraph(ctx.paths), vault: s.vault, repo: s.repo };
}

const roots = (ctx: Context) => ({ repo: ctx.repo, knowledge: ctx.paths.knowledge, vault: ctx.vault.path });

const NODES: NodeSpec[] = [
  { id: "green-op", title: "Green Operator", tags: ["green-operator", "spectral"], edges: [{ to: "mirror-solvers-green", type: "implements", weight: 1 }] },
  { id: "fft-basics", title: "FFT Basics", tags: ["fft", "Spectral"] },
  { id: "escapee", title: "Escapee", tags: ["escaped"], extra: "content_ref: ../repo/src/y.py" },
  { id: "unrelated", title: "Unrelated Thing", tags: ["zzzz"] },
];
const LOCALS: NodeSpec[] = [{ id: "design", title: "Design Notes", tags: ["design-doc"], extra: "content_ref: docs/design.md" }];

test("scope: a scope file → its code-mirror node → the concept nodes implementing it; content_ref matches; escapes are refused", () => {
  const { ctx, graph } = setup(NODES, LOCALS);
  const d = deriveTags(graph, ctx.cfg, { scope: ["src/solvers/green.py", "knowledge/docs/design.md", "src/y.py"] }, roots(ctx));
  assert.deepEqual(
    d.tags.map((t) => t.tag),
    ["design-doc", "green-operator", "spectral"],
  );
  assert.deepEqual(d.tags.find((t) => t.tag === "spectral")!.sources, [
    { kind: "scope-mirror", file: "src/solvers/green.py", mirror: "mirror-solvers-green", node: "green-op" },
  ]);
  assert.deepEqual(d.tags[0]!.sources, [{ kind: "scope-content-ref", file: "knowledge/docs/design.md", node: "design" }]);
  assert.equal(d.warnings.length, 1);
  assert.match(d.warnings[0]!, /escapee: content_ref "\.\.\/repo\/src\/y\.py" leaves its layer root/);
});

test("text: whole-word title matches and tag substrings of at least min_tag_length; union and case-insensitive dedup with every source", () => {
  const { ctx, graph } = setup(NODES, LOCALS);
  const task = {
    title: "Make the green operator Nyquist-safe",
    objective: "Keep the spectral FFT path fast",
    steps: ["Unrelated things stay", "see code mirror: src/solvers/green.py"],
  };
  const d = deriveTags(graph, ctx.cfg, task, roots(ctx));
  assert.deepEqual(d.text_fields, ["title", "objective", "steps"]);
  assert.deepEqual(d.tags.map((t) => t.tag), ["fft", "green-operator", "spectral"]);
  const spectral = d.tags.find((t) => t.tag === "spectral")!;
  assert.deepEqual(spectral.sources, [
    { kind: "title", node: "green-op", title: "Green Operator" },
    { kind: "tag-substring", tag: "spectral" },
  ]);
  // "Unrelated things" is not the whole title "Unrelated Thing"; the mirror title contributes nothing.
  assert.ok(!d.tags.some((t) => t.tag === "zzzz"));
  const strict = setup(NODES, LOCALS, "tag_derivation:\n  min_tag_length: 4\n  title_match: substring\n");
  const d2 = deriveTags(strict.graph, strict.ctx.cfg, { title: "xgreen operatorx and fft" }, roots(strict.ctx));
  assert.deepEqual(d2.tags.map((t) => t.tag), ["green-operator", "spectral"], "substring title match; the 3-letter tag is too short");
  assert.ok(containsPhrase("a green operator.", "green operator", true));
  assert.ok(!containsPhrase("greenoperator", "green operator", true));
  assert.ok(!containsPhrase("the green operators", "green operator", true));
  assert.ok(containsPhrase("x (c++) y", "c++", true), "a title ending in punctuation still matches whole-word");
});

test("taskTags uses akms_tags when set and the derivation when it is empty", () => {
  const { ctx, graph } = setup(NODES, LOCALS);
  const dir = ctx.paths.tasks;
  write(join(dir, "t1.json"), JSON.stringify({ task_id: "t1", title: "green operator", akms_tags: ["Given"], akms_schema: "v2" }, null, 2));
  write(join(dir, "t2.json"), JSON.stringify({ task_id: "t2", title: "green operator", akms_tags: [], akms_schema: "v2" }, null, 2));
  assert.deepEqual(taskTags(ctx, graph, readTask(join(dir, "t1.json"))).tags, ["Given"]);
  const t2 = taskTags(ctx, graph, readTask(join(dir, "t2.json")));
  assert.deepEqual([t2.from, t2.tags], ["derived", ["green-operator", "spectral"]]);
});

test("--write replaces only the akms_tags bytes, logs every tag's sources, keeps an author's tags unless forced, and refuses a changed record", () => {
  const { ctx, graph, vault } = setup(NODES, LOCALS);
  const file = join(ctx.paths.tasks, "task-9.json");
  const original = `{\n  "task_id": "task-9",\n  "title": "Green Operator work",\n  "akms_tags": [],\n  "ratio": 1.0,\n  "note": "caf\\u00e9 ✓",\n  "akms_schema": "v2"\n}\n`;
  write(file, original);
  const vaultHash = treeHash(vault);
  const task = readTask(file);
  const d = deriveTags(graph, ctx.cfg, task.record, roots(ctx));
  const w = writeTaskTags(ctx, task, d, graph.version, { env: { SOURCE_DATE_EPOCH: "1700000000" } });
  assert.equal(w.written, true);
  const after = readFileSync(file, "utf8");
  assert.equal(after, original.replace('"akms_tags": []', '"akms_tags": [\n    "green-operator",\n    "spectral"\n  ]'));
  const log = readFileSync(join(ctx.paths.tasks, "task-9.tags.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(log.length, 1);
  assert.deepEqual([log[0].at, log[0].graph_version, log[0].previous], ["2023-11-14T22:13:20Z", graph.version, []]);
  assert.deepEqual(log[0].tags[0], {
    tag: "green-operator",
    sources: [{ kind: "title", node: "green-op", title: "Green Operator" }],
    why: ['task text contains the title of green-op ("Green Operator")'],
  });

  const again = writeTaskTags(ctx, readTask(file), d, graph.version);
  assert.deepEqual([again.written, /already set/.test(again.skipped ?? "")], [false, true]);
  const forced = writeTaskTags(ctx, readTask(file), { ...d, tags: d.tags.slice(0, 1) }, graph.version, { force: true });
  assert.equal(forced.written, true);
  assert.match(readFileSync(file, "utf8"), /"akms_tags": \[\n {4}"green-operator"\n {2}\],/);

  const stale = readTask(file);
  writeFileSync(file, stale.text.replace("Green Operator work", "edited"));
  assert.throws(() => writeTaskTags(ctx, stale, d, graph.version, { force: true }), (e: unknown) => isAkmsError(e) && e.code === "STALE");
  assert.equal(treeHash(vault), vaultHash);
});

test("bad task records: no akms_tags, not JSON, wrong field types — each a located error", () => {
  const s = scratch();
  const f1 = write(join(s.dir, "a.json"), `{"task_id": "a", "akms_schema": "v2"}`);
  assert.throws(() => readTask(f1), (e: unknown) => isAkmsError(e) && e.field === "akms_tags" && /"akms_tags": \[\]/.test(e.hint ?? ""));
  const f2 = write(join(s.dir, "b.json"), `{\n  "task_id": "b",\n  "akms_tags": [,]\n}`);
  assert.throws(() => readTask(f2), (e: unknown) => isAkmsError(e) && e.line === 3 && /not valid JSON/.test(e.message));
  const f3 = write(join(s.dir, "c.json"), `{\n  "task_id": "c",\n  "akms_tags": "x",\n  "akms_schema": "v2"\n}`);
  assert.throws(() => readTask(f3), (e: unknown) => isAkmsError(e) && e.field === "akms_tags" && e.line === 3);
  assert.equal(withTags(`{"a": {"akms_tags": 1}, "akms_tags": ["x"]}`, ["y"]), `{"a": {"akms_tags": 1}, "akms_tags": [\n  "y"\n]}`);
  // A person's file: its indentation step and its CRLF line ends.
  assert.equal(withTags('{\r\n    "task_id": "c",\r\n    "akms_tags": []\r\n}\r\n', ["y", "z"]), '{\r\n    "task_id": "c",\r\n    "akms_tags": [\r\n        "y",\r\n        "z"\r\n    ]\r\n}\r\n');
  assert.equal(withTags('{\n\t"akms_tags": []\n}\n', ["y"]), '{\n\t"akms_tags": [\n\t\t"y"\n\t]\n}\n');
});
