// The orchestrator's pure parts: the agent command template (argv, never a shell string), the
// surgical task-record field writer, the assembled PCD (valid, deterministic, every agent's pitfall
// kept), and "node changes since the last checkpoint".
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { expandTemplate, templateProblems } from "../../core/orchestrator/template.js";
import { withField } from "../../core/orchestrator/tasks.js";
import { pcdData, pcdText, type PcdTask } from "../../core/orchestrator/pcd.js";
import { diffSnapshots, type GraphSnapshot } from "../../core/orchestrator/snapshot.js";
import { pcdCarries, readDocuments } from "../../core/update/documents.js";
import type { AgentMemory, Pcd } from "../../core/schemas/evidence.js";
import { tmp, write } from "../helpers.js";

test("agent command: placeholders expand inside each argv element; nothing is split or quoted", () => {
  const argv = ["my agent", "--task={task_file}", "{loadout}", "--out", "{memory_out}", "{pcd}", "; rm -rf /"];
  const values = { task_file: "/r/k/t a.json", task_id: "t-1", loadout: "/r/l.md", memory_out: "/r/s/t-1.md", phase: "2", repo: "/r", pcd: "", role: "implementer", branch: "p_phase-2", plan_file: "/r/plan.md" };
  assert.deepEqual(expandTemplate(argv, values), ["my agent", "--task=/r/k/t a.json", "/r/l.md", "--out", "/r/s/t-1.md", "", "; rm -rf /"]);
  assert.deepEqual(templateProblems(argv), []);
});

test("agent command: empty, not a list, or an unknown placeholder → problems naming the key and the fix", () => {
  const empty = templateProblems([]);
  assert.match(empty[0]!.message, /is not set/);
  assert.match(empty[0]!.hint!, /agent_command: \[/);
  assert.match(templateProblems("claude -p {task_file}")[0]!.message, /list of strings/);
  const unknown = templateProblems(["a", "{taskfile}"]);
  assert.equal(unknown[0]!.field, "orchestrator.agent_command[1]");
  assert.match(unknown[0]!.message, /unknown placeholder \{taskfile\}/);
});

test("task record fields: only the value's bytes change; a missing field is added in the file's indentation", () => {
  const text = '{\n    "task_id": "t-1",\n    "akms_tags": [],\n    "loadout_path": null,\n    "akms_schema": "v2"\n}\n';
  const set = withField(text, "loadout_path", "knowledge/loadouts/phase1-t-1-loadout.md");
  assert.equal(set, text.replace('"loadout_path": null', '"loadout_path": "knowledge/loadouts/phase1-t-1-loadout.md"'));
  const added = withField('{\n    "task_id": "t-1",\n    "akms_schema": "v2"\n}\n', "status", "complete");
  assert.equal(added, '{\n    "task_id": "t-1",\n    "akms_schema": "v2",\n    "status": "complete"\n}\n');
  assert.deepEqual(JSON.parse(added), { task_id: "t-1", akms_schema: "v2", status: "complete" });
  assert.equal(withField('{\r\n  "task_id": "t-1"\r\n}\r\n', "status", "complete"), '{\r\n  "task_id": "t-1",\r\n  "status": "complete"\r\n}\r\n', "a CRLF file stays CRLF");
  // A nested key of the same name is not touched.
  const nested = '{"a": {"status": "x"}, "status": "pending"}';
  assert.equal(withField(nested, "status", "complete"), '{"a": {"status": "x"}, "status": "complete"}');
});

function memory(task_id: string, extra: Partial<AgentMemory> = {}): AgentMemory {
  return {
    task_id,
    task_description: `do ${task_id}`,
    phase_id: 1,
    timestamp: "2026-05-01T10:00:00",
    agent_model: "m",
    loadout_used: `loadouts/phase1-${task_id}-loadout.md`,
    status: "complete",
    tests_passed: 2,
    tests_total: 2,
    akms_schema: "v2",
    ...extra,
  } as AgentMemory;
}

test("the assembled PCD validates, aggregates the persistent zone in task order and keeps every agent's pitfall", () => {
  const tasks: PcdTask[] = [
    { task_id: "t-b", title: "B", scope: ["src/b.py"], memory_file: "knowledge/sessions/t-b.md", memory: memory("t-b", { status: "partial", tests_passed: 1, completion_notes: "one test left", timestamp: "2026-05-02T09:00:00", pitfalls_discovered: [{ node_ref: "n1", description: "second", severity: "low" }] }) },
    {
      task_id: "t-a",
      title: "A",
      scope: ["src/a.py"],
      memory_file: "knowledge/sessions/t-a.md",
      memory: memory("t-a", {
        nodes_used: [{ id: "n1", useful: true, coverage: "outdated" }],
        pitfalls_discovered: [{ node_ref: "n1", description: "first", severity: "high" }],
        new_knowledge: [{ suggested_id: "k1", content_draft: "text", status: "tentative", source: "agent", title: "K", domain: "d" }],
      }),
    },
  ];
  const input = { phase: 1, plan_file: "plans/p.md", branch: "p_phase-1", tasks, files: [{ path: "src/a.py", change: "modified" as const }, { path: "src/new.py", change: "created" as const }, { path: "src/old.py", change: "deleted" as const }] };
  const d = pcdData(input);
  assert.deepEqual((d.tasks as { task_id: string }[]).map((x) => x.task_id), ["t-a", "t-b"]);
  assert.equal(d.date, "2026-05-02");
  assert.deepEqual(d.overall_test_status, { passed: 3, total: 4, skipped: 0, fixed: 0, dedicated_passing: 3, dedicated_total: 4, dedicated_skipped: 0, previously_failing_fixed: 0 }, "the spec's words and the Python implementation's");
  assert.deepEqual(d.pitfalls_discovered, [
    { node_ref: "n1", description: "t-a: first", severity: "high" },
    { node_ref: "n1", description: "t-b: second", severity: "low" },
  ]);
  assert.deepEqual(d.nodes_used, [{ id: "n1", useful: true, coverage: "outdated", task_id: "t-a" }]);
  assert.deepEqual(d.files_modified, [{ path: "src/a.py", changes: "modified in phase 1 (scope of t-a)" }]);
  assert.equal((d.files_created as unknown[]).length, 1);
  assert.equal((d.files_deleted as unknown[]).length, 1);
  assert.deepEqual(d.next_phase_warnings, ["high-severity pitfall on n1 (t-a): first", "t-b ended partial: one test left"]);
  assert.equal((d.known_issues as { failing_tests: unknown[] }).failing_tests.length, 1);
  // Same inputs → same bytes; and the text is a PCD the updater accepts.
  const text = pcdText(input);
  assert.equal(pcdText({ ...input, tasks: [...tasks].reverse() }), text);
  const dir = tmp();
  const file = write(join(dir, "knowledge", "sessions", "handoff_phase_1.md"), text);
  const [doc] = readDocuments([file], { cwd: dir, repo: dir });
  assert.equal(doc!.kind, "pcd");
  assert.equal(doc!.sessionId, "session-phase1");
  // With nothing to report the warnings still hold one entry (FR-M06).
  assert.deepEqual(pcdData({ ...input, tasks: [{ ...tasks[1]!, memory: memory("t-a") }] }).next_phase_warnings, ["No warnings"]);
});

test("pcdCarries: the assembled PCD holds each of its AgentMemories; a PCD that lists a task without its evidence does not", () => {
  const a = memory("t-a", { nodes_used: [{ id: "n1", useful: true, coverage: "outdated" }], pitfalls_discovered: [{ node_ref: "n1", description: "first", severity: "high" }], new_knowledge: [{ suggested_id: "k1", content_draft: "text", status: "tentative", source: "agent" }] });
  const b = memory("t-b", { pitfalls_discovered: [{ node_ref: "n1", description: "second", severity: "low" }] });
  const tasks: PcdTask[] = [a, b].map((m) => ({ task_id: m.task_id, title: m.task_id, scope: [], memory_file: `knowledge/sessions/${m.task_id}.md`, memory: m }));
  const pcd = pcdData({ phase: 1, plan_file: "p.md", branch: "p_phase-1", tasks, files: [] }) as unknown as Pcd;
  assert.deepEqual([pcdCarries(pcd, a), pcdCarries(pcd, b)], [true, true]);
  // Another verdict, a pitfall it does not hold, a task it does not list: not carried.
  assert.equal(pcdCarries(pcd, { ...a, nodes_used: [{ id: "n1", useful: false, coverage: "outdated" }] }), false);
  assert.equal(pcdCarries(pcd, { ...b, pitfalls_discovered: [{ node_ref: "n2", description: "second", severity: "low" }] }), false);
  assert.equal(pcdCarries(pcd, memory("t-c")), false);
  // A phase agent's PCD: it lists t-a, with evidence of its own.
  assert.equal(pcdCarries({ ...pcd, nodes_used: [{ id: "n9", useful: true, coverage: "sufficient" }], pitfalls_discovered: [], new_knowledge: [] } as Pcd, a), false);
});

test("node changes since the previous checkpoint: added, removed, status, confidence, new pitfalls", () => {
  const a: GraphSnapshot = { graph_version: "v1", nodes: { x: ["established", 0.8, "global"], y: ["tentative", 0.5, "local"], gone: ["established", 0.7, "local"] }, pitfalls: { "x → s1": { from: "x", to: "s1", weight: 0.8, note: "n" } } };
  const b: GraphSnapshot = {
    graph_version: "v2",
    nodes: { x: ["established", 0.82, "global"], y: ["established", 0.5, "local"], z: ["tentative", 0.5, "local"] },
    pitfalls: { "x → s1": { from: "x", to: "s1", weight: 0.8, note: "n" }, "y → s2": { from: "y", to: "s2", weight: 0.5, note: "m" } },
  };
  const { changes, new_pitfalls } = diffSnapshots(a, b);
  assert.deepEqual(changes.added.map((n) => n.id), ["z"]);
  assert.deepEqual(changes.removed, ["gone"]);
  assert.deepEqual(changes.status_changed, [{ id: "y", from: "tentative", to: "established" }]);
  assert.deepEqual(changes.confidence_changed, [{ id: "x", from: 0.8, to: 0.82 }]);
  assert.deepEqual(new_pitfalls.map((p) => `${p.from}→${p.to}`), ["y→s2"]);
  assert.equal(diffSnapshots(null, b).changes.baseline, true);
});
