// Valid texts of every AKMS artifact kind, for the bad-input tests to break one field at a time.

export function globalNode(id = "alpha", extra = ""): string {
  return `---
id: ${id}
title: "Alpha"
domain: demo
tags: [spectral]
status: established
confidence: 0.8
source: human
${extra}akms_schema: v2
---

# Alpha
`;
}

export function localNode(id = "beta", opts: { source?: string; status?: string; body?: string; extra?: string } = {}): string {
  return `---
id: ${id}
title: "Beta"
domain: demo
tags: [spectral]
status: ${opts.status ?? "tentative"}
confidence: 0.5
source: ${opts.source ?? "agent"}
${opts.extra ?? ""}akms_schema: v2
---

${opts.body ?? "> agent-authored, awaiting review\n\n## content_draft\n\nDraft text.\n"}`;
}

export function mirrorNode(extra = ""): string {
  return `---
id: mirror-a
title: "Code Mirror: src/a.py"
domain: code-mirror
status: established
confidence: 1.0
source: generated
auto_update: true
content_ref: code-mirror/a.md
source_file: src/a.py
generated_at: 2026-03-04T10:00:00
generated_by_phase: 1
${extra}akms_schema: v2
---

## f
`;
}

export const OVERLAY = `akms_schema: v2
repo_id: demo
nodes:
  alpha:
    confidence: 0.8
    activations: 2
    last_activated: 2026-01-02
local_edges:
  - from: alpha
    to: session-t1
    type: pitfall
    weight: 0.5
session_nodes:
  session-t1:
    title: "Session: t1"
    outcome: complete
    content_ref: sessions/t1.md
    phase: 1
suppressed_edges: []
`;

export function agentMemory(extra = ""): string {
  return `---
task_id: t1
task_description: "Fix the strain-rate formula"
phase_id: 1
timestamp: 2026-03-04T10:32:00
agent_model: model-x
loadout_used: loadouts/phase1-t1-loadout.md
status: complete
tests_passed: 3
tests_total: 3
nodes_used:
  - id: alpha
    useful: true
    coverage: sufficient
${extra}new_knowledge: []
akms_schema: v2
---

## Task Notes
`;
}

export function pcd(warnings = '["No warnings"]'): string {
  return `---
phase_id: 1
plan_file: plan.md
branch: phase-1
date: 2026-03-04
loadout_used: loadouts/phase1-loadout.md
tasks:
  - task_id: t1
    title: T1
    tests_passed: 1
    tests_total: 1
    status: complete
    agent_model: model-x
overall_test_status: {pass: 1, total: 1}
next_phase_warnings: ${warnings}
akms_schema: v2
---
`;
}

export const TASK = `{
  "task_id": "t1",
  "title": "Fix the strain rate",
  "scope": ["src/a.py"],
  "akms_tags": [],
  "akms_schema": "v2"
}
`;

export const LOADOUT_HEADER = `---
task_id: t1
phase: 1
generated_at: 2026-03-04T10:00:00
graph_version: abcdef123456
seed_tags: [spectral]
agent_role: implementer
node_count: 1
loadout_mode: routing
available_context: 45000
qmd_available: false
akms_schema: v2
---
`;

export function loadout(sections = ["Domain Knowledge", "Known Pitfalls", "Relevant Session History", "Suggested Reading Order"]): string {
  return `${LOADOUT_HEADER}
# Loadout: t1

${sections.map((s) => `## ${s}\n\n(text)\n`).join("\n")}`;
}

/** A YAML "billion laughs" document: 9 levels of 10 aliases each (10^9 values when expanded). */
export function aliasBomb(prefix = ""): string {
  const lines = [`${prefix}a: &a [x, x, x, x, x, x, x, x, x, x]`];
  for (let i = 1; i < 9; i++) {
    const me = String.fromCharCode(97 + i);
    const prev = String.fromCharCode(96 + i);
    lines.push(`${prefix}${me}: &${me} [${Array(10).fill(`*${prev}`).join(", ")}]`);
  }
  return lines.join("\n") + "\n";
}
