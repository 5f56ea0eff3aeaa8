import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { akms, scratch, write, writeNode } from "../helpers.js";

// `akms query --task` loads the task reader and tag derivation only then (src/commands/query.ts):
// the task's tags, its agent_role and its errors must come through as with --tags.
test("query --task: the task's akms_tags and agent_role, derived tags, and a task without akms_tags", () => {
  const s = scratch();
  writeNode(s.vault, { id: "a", tags: ["alpha"], confidence: 0.9, edges: [{ to: "b", type: "requires", weight: 1 }, { to: "c", type: "contradicts", weight: 1 }] });
  writeNode(s.vault, { id: "b", tags: ["beta"], confidence: 0.8 });
  writeNode(s.vault, { id: "c", tags: ["gamma"], confidence: 0.7 });
  const base = ["--repo", s.repo, "--vault", s.vault];
  assert.equal(akms(["build", ...base]).code, 0);
  const byTags = akms(["query", ...base, "--tags", "alpha", "--role", "physics_reviewer", "--json"]);
  assert.equal(byTags.code, 0, byTags.stderr);
  const t = write(join(s.knowledge, "tasks", "t1.json"), `{\n  "task_id": "t1",\n  "agent_role": "physics_reviewer",\n  "akms_tags": ["alpha"],\n  "akms_schema": "v2"\n}\n`);
  const byTask = akms(["query", ...base, "--task", t, "--json"]);
  assert.equal(byTask.code, 0, byTask.stderr);
  const { tags_from, task_file, ...rest } = byTask.json as Record<string, unknown>;
  const { tags_from: _f, task_file: _t, ...expected } = byTags.json as Record<string, unknown>;
  assert.deepEqual([tags_from, task_file], ["akms_tags", t]);
  assert.deepEqual(rest, expected);
  const text = akms(["query", ...base, "--task", t]);
  assert.ok(text.stdout.startsWith(`task t1 (${t}): tags from akms_tags\nquery: role physics_reviewer · tags alpha`), text.stdout);
  const d = write(join(s.knowledge, "tasks", "t2.json"), `{\n  "task_id": "t2",\n  "title": "alpha work",\n  "akms_tags": [],\n  "akms_schema": "v2"\n}\n`);
  const derived = akms(["query", ...base, "--task", d, "--json"]);
  assert.equal(derived.code, 0, derived.stderr);
  assert.equal((derived.json as { tags_from: string }).tags_from, "derived");
  assert.deepEqual((derived.json as { seed_tags: string[] }).seed_tags, ["alpha"]);
  const bare = write(join(s.knowledge, "tasks", "t3.json"), `{\n  "task_id": "t3",\n  "akms_schema": "v2"\n}\n`);
  const noTags = akms(["query", ...base, "--task", bare]);
  assert.equal(noTags.code, 1);
  assert.match(noTags.stderr, /t3\.json: akms_tags: the task record has no "akms_tags" field — add "akms_tags": \[\]/);
  const missing = akms(["query", ...base, "--task", join(s.repo, "nope.json"), "--json"]);
  assert.equal(missing.code, 1);
  // A task named by its id, as the MCP tools, the hook and the orchestrator name it: its record in
  // knowledge/tasks/, from any working directory (it said "t1: no such file").
  for (const argv of [["query", "--task", "t1", "--json"], ["loadout", "--task", "t1", "--no-qmd", "--out", "-", "--json"], ["derive-tags", "--task", "t1", "--json"]]) {
    const r = akms([...argv, ...base], { cwd: join(s.knowledge, "tasks") });
    assert.equal(r.code, 0, `${argv[0]}: ${r.stderr}${r.stdout}`);
    const j = r.json as { task_id?: string; task_file?: string };
    assert.equal(argv[0] === "loadout" ? j.task_id : j.task_file, argv[0] === "loadout" ? "t1" : "t1.json", argv[0]);
  }
  const noRecord = akms(["loadout", ...base, "--task", "t9", "--no-qmd"]);
  assert.equal(noRecord.code, 1);
  assert.match(noRecord.stderr, /"t9" is neither a file nor a task with a record \(knowledge\/tasks\/t9\.json does not exist\) — give the task record's path or its task id, or the task's tags with --tags a,b/);
});

// A refused input writes nothing (the malformed battery: a stale graph.json was recompiled, then
// the task record refused): the planning commands check their task record before the graph is prepared.
test("query, loadout and derive-tags refuse a bad task record before compiling a stale graph.json: nothing is written", () => {
  const s = scratch();
  writeNode(s.vault, { id: "a", tags: ["alpha"], confidence: 0.9 });
  const base = ["--repo", s.repo, "--vault", s.vault];
  assert.equal(akms(["build", ...base]).code, 0);
  const graph = join(s.knowledge, "graph", "graph.json");
  const before = readFileSync(graph);
  writeNode(s.vault, { id: "b", tags: ["beta"], confidence: 0.8 }); // graph.json is now stale
  const bad = write(join(s.knowledge, "tasks", "t1.json"), `{\n  "task_id": "t1",\n  "akms_tags": ["alpha"`);
  for (const cmd of [["query", "--task", bad], ["loadout", "--task", bad, "--no-qmd"], ["derive-tags", "--task", bad]]) {
    const r = akms([...cmd, ...base, "--json"]);
    assert.equal(r.code, 1, `${cmd[0]}: ${r.stdout}`);
    assert.match(r.json.error.message, /not valid JSON/);
    assert.deepEqual(readFileSync(graph), before, `${cmd[0]} left graph.json as it was`);
  }
  assert.equal(akms(["query", ...base, "--tags", "beta"]).code, 0, "a good query recompiles it");
  assert.notDeepEqual(readFileSync(graph), before);
});
