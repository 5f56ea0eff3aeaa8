// Bad values that were accepted silently (issue 16.11): each refused with an error naming its file
// and field, or — where the spec allows the value — a documented decision, as a warning.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { akms, builtDemo, write } from "../helpers.js";
import { memoryText } from "../mcp/memory-text.js";

const demo = builtDemo();
const env = { AKMS_GLOBAL_VAULT: demo.vault };
const K = demo.knowledge;

function validateAs(rel: string, text: string): { ok: boolean; errors: { field?: string; code?: string; file?: string; message: string }[]; warnings: unknown[] } {
  const f = write(join(demo.dir, "probe", rel), text);
  const r = akms(["validate", f, "--json"], { cwd: demo.repo, env });
  return r.json.files[0];
}

function assertRefused(label: string, rel: string, text: string, field: RegExp): void {
  const r = validateAs(rel, text);
  assert.equal(r.ok, false, `${label}: refused`);
  assert.ok(r.errors.some((e) => field.test(e.field ?? "")), `${label}: an error on ${field}: ${JSON.stringify(r.errors)}`);
}

const task = readFileSync(join(K, "tasks", "task-201.json"), "utf8");
const overlay = readFileSync(join(K, "graph", "local_state.yaml"), "utf8");
const pcd = readFileSync(join(K, "sessions", "handoff_phase_1.md"), "utf8");

test("task records: a bogus status and a negative phase are refused; no status is pending (the spec's example has none)", () => {
  assertRefused("status bogus", "knowledge/tasks/task-201.json", task.replace('"status": "pending"', '"status": "bogus"'), /^status$/);
  assertRefused("phase -5", "knowledge/tasks/task-201.json", task.replace(/"phase": \d+/, '"phase": -5'), /^phase$/);
  assert.equal(validateAs("knowledge/tasks/task-201.json", task.replace(/\s*"status": "pending",/, "")).ok, true);
});

test("AgentMemory: nodes_missing: null is refused; an unknown new_knowledge domain is a warning of the update", () => {
  assertRefused("nodes_missing null", "knowledge/sessions/t-1.md", memoryText("t-1", "nodes_missing: null"), /^nodes_missing$/);
  const f = write(
    join(K, "sessions", "t-2.md"),
    memoryText("t-2", "new_knowledge:\n  - suggested_id: brand-new-thing\n    domain: fft-galrkin\n    status: tentative\n    source: agent\n    content_draft: A new thing.\n"),
  );
  const r = akms(["update", f, "--dry-run", "--json"], { cwd: demo.repo, env });
  assert.equal(r.code, 0, r.stdout);
  assert.ok(r.json.warnings.some((w: string) => /new_knowledge\[0\]\.domain "fft-galrkin" is not the domain of any node/.test(w)), JSON.stringify(r.json.warnings));
});

test("overlay: a bogus unanchored severity, a dedup score of 7.5, local_edges: null and a negative session phase are refused", () => {
  const rel = "knowledge/graph/local_state.yaml";
  assertRefused("severity bogus", rel, overlay.replace("        severity: medium\n  session-task-102:", "        severity: bogus\n  session-task-102:"), /unanchored_pitfalls\[0\]\.severity/);
  assertRefused("score 7.5", rel, overlay.replace("score: 0.811594", "score: 7.5"), /new_knowledge\[0\]\.score/);
  assertRefused("local_edges null", rel, overlay.replace(/^local_edges:\n(  - [\s\S]*?)(?=^\S)/m, "local_edges: null\n"), /^local_edges$/);
  assertRefused("phase -5", rel, overlay.replace("    phase: 1\n", "    phase: -5\n"), /session_nodes\..*\.phase/);
});

test("PCD: negative or fractional review counts and new_knowledge: null are refused", () => {
  const rel = "knowledge/sessions/handoff_phase_1.md";
  assertRefused("negative count", rel, pcd.replace("      minor: 0", "      minor: -1"), /review_breakdown\.minor/);
  assertRefused("fractional count", rel, pcd.replace("      high: 0", "      high: 0.5"), /review_breakdown\.high/);
  assertRefused("new_knowledge null", rel, pcd.replace(/^new_knowledge:\n((?:  .*\n|\n)*?)(?=^\S)/m, "new_knowledge: null\n"), /^new_knowledge$/);
});

test("a task's unknown agent_role is blamed on the task record, in validate and in query", () => {
  const bad = task.replace('"akms_schema"', '"agent_role": "bogus_role",\n  "akms_schema"');
  const file = join(K, "tasks", "task-201.json");
  const before = readFileSync(file, "utf8");
  writeFileSync(file, bad);
  try {
    const v = akms(["validate", file, "--json"], { cwd: demo.repo, env });
    assert.equal(v.code, 1);
    assert.equal(v.json.files[0].errors[0].field, "agent_role");
    assert.equal(v.json.files[0].errors[0].code, "UNKNOWN_ROLE");
    const q = akms(["query", "--task", "knowledge/tasks/task-201.json", "--json"], { cwd: demo.repo, env });
    assert.equal(q.code, 1);
    assert.equal(q.json.error.file, "knowledge/tasks/task-201.json");
    assert.equal(q.json.error.field, "agent_role");
  } finally {
    writeFileSync(file, before);
  }
});
