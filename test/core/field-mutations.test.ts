// Field mutations of the demo's own artifacts that every reader must refuse (issue 39: 15 of 232
// were accepted by every command). Each case changes one field of one committed file; the one
// validator (core/validate.ts, the schemas every reader parses with) must name that field. The
// mutations that stay accepted are listed at the end with why: optional free text where empty
// means "none", as the spec's Python models default it (`note: str = ""`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEMO } from "../helpers.js";
import { validateText } from "../../core/validate.js";

const FILES = {
  node: "repo/knowledge/local-nodes/job-cache-key-solver-version.md",
  memory: "repo/knowledge/sessions/task-101.md",
  pcd: "repo/knowledge/sessions/handoff_phase_1.md",
  overlay: "repo/knowledge/graph/local_state.yaml",
  task: "repo/knowledge/tasks/task-201.json",
  config: "repo/knowledge/graph/propagation_config.yaml",
  mirror: "repo/knowledge/code-mirror/runner/cache.md",
} as const;

/** [file, the line's pattern, its replacement, the field the error must name]. */
const REFUSED: [keyof typeof FILES, RegExp, string, string][] = [
  ["node", /^title: .*$/m, "title: '   '", "title"],
  ["node", /^domain: .*$/m, "domain: '  '", "domain"],
  ["node", /^(tags:\n  - ).*$/m, "$1'  '", "tags"],
  ["node", /^origin_phase: .*$/m, "origin_phase: -5", "origin_phase"],
  ["memory", /^agent_model: .*$/m, "agent_model: '   '", "agent_model"],
  ["memory", /^loadout_used: .*$/m, "loadout_used: ' '", "loadout_used"],
  ["memory", /^tests_passed: .*$/m, "tests_passed: 999", "tests_passed"],
  ["memory", /^task_description: .*$/m, "task_description: '   '", "task_description"],
  ["pcd", /^(\s+tests_passed: ).*$/m, "$1999", "tests_passed"],
  // The update's rules beyond the fields are validate's too: a system-reserved domain.
  ["memory", /^(\s+domain: ).*$/m, "$1session", "domain"],
  ["overlay", /^(\s+source_hash: ).*$/m, "$1abc", "source_hash"],
  ["overlay", /^(\s+evidence: ).*$/m, "$17", "evidence"],
  ["overlay", /^(\s+task_id: ).*$/m, "$1['task-101']", "task_id"],
  ["task", /"title": "[^"]*"/, '"title": "  "', "title"],
  ["task", /"scope": \[\s*"[^"]*"/, '"scope": [""', "scope"],
  ["config", /^(\s*base_branch: ).*$/m, "$1'  '", "base_branch"],
  ["mirror", /^generated_by_phase: .*$/m, "generated_by_phase: -5", "generated_by_phase"],
];

for (const [kind, pattern, replacement, field] of REFUSED) {
  test(`refused: ${kind} ${field} → ${replacement.replace("$1", "")}`, () => {
    const file = join(DEMO, FILES[kind]);
    const text = readFileSync(file, "utf8");
    assert.match(text, pattern, `the demo's ${FILES[kind]} has the line to mutate`);
    assert.equal(validateText(text, file, FILES[kind]).ok, true, "the file as committed is valid");
    const r = validateText(text.replace(pattern, replacement), file, FILES[kind]);
    assert.equal(r.ok, false, `${kind} with ${replacement} must be refused`);
    assert.ok(
      r.errors.some((e) => (e.field ?? "").split(".").some((f) => f === field || f.startsWith(`${field}[`)) || e.message.includes(field)),
      `the error names ${field}: ${JSON.stringify(r.errors.map((e) => [e.field, e.message]))}`,
    );
  });
}

test("still accepted, and why: optional free text where empty means none", () => {
  const file = join(DEMO, FILES.memory);
  const text = readFileSync(file, "utf8");
  for (const [pattern, replacement] of [
    [/^completion_notes: .*$/m, "completion_notes: ''"],
    [/^commit: .*$/m, "commit: ''"],
  ] as const) {
    assert.match(text, pattern, `the demo's ${FILES.memory} has the line to mutate`);
    assert.equal(validateText(text.replace(pattern, replacement), file, FILES.memory).ok, true, replacement);
  }
});
