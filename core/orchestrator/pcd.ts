// The phase completion document (spec §4.4), assembled deterministically by the orchestrator from
// the phase's AgentMemories and the phase branch's diff: the ephemeral zone (tasks, test totals,
// files created/modified/deleted, known issues, warnings for the next phase) and the persistent
// zone (every memory's nodes_used, nodes_missing, lessons, pitfalls and new knowledge, in task
// order; core/update/documents.ts pcdCarries tells such a PCD holds a memory). Same memories and
// diff → same bytes.
import type { AgentMemory } from "../schemas/evidence.js";
import { dumpYaml } from "../update/overlay-io.js";
import type { FileChange } from "./git.js";
import { scopesOverlap } from "./waves.js";

export interface PcdTask {
  task_id: string;
  title: string;
  scope: string[];
  memory: AgentMemory;
  /** The AgentMemory's path, repository-relative. */
  memory_file: string;
}

export interface PcdInput {
  phase: number;
  plan_file: string;
  branch: string;
  /** The phase's tasks in task-id order. */
  tasks: PcdTask[];
  files: FileChange[];
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function owners(path: string, tasks: readonly PcdTask[]): string[] {
  return tasks.filter((t) => t.scope.some((s) => scopesOverlap(s, path))).map((t) => t.task_id);
}

function firstLine(s: string | null | undefined): string {
  return (s ?? "").split("\n")[0]!.trim();
}

export function pcdData(input: PcdInput): Record<string, unknown> {
  const tasks = [...input.tasks].sort((a, b) => cmp(a.task_id, b.task_id));
  const dates = tasks.map((t) => t.memory.timestamp.slice(0, 10)).sort();
  const passed = tasks.reduce((n, t) => n + t.memory.tests_passed, 0);
  const total = tasks.reduce((n, t) => n + t.memory.tests_total, 0);
  const describe = (path: string, verb: string) => {
    const o = owners(path, tasks);
    return `${verb} in phase ${input.phase}${o.length ? ` (scope of ${o.join(", ")})` : ""}`;
  };
  const failing = tasks
    .filter((t) => t.memory.tests_passed < t.memory.tests_total)
    .map((t) => ({
      tests: `${t.task_id}: ${t.memory.tests_total - t.memory.tests_passed} of ${t.memory.tests_total} failing`,
      reason: firstLine(t.memory.completion_notes) || `reported by ${t.task_id}'s agent`,
      impact_on_next_phase: "low",
    }));
  const warnings: string[] = [];
  for (const t of tasks) {
    if (t.memory.status !== "complete") warnings.push(`${t.task_id} ended ${t.memory.status}${t.memory.completion_notes ? `: ${firstLine(t.memory.completion_notes)}` : ""}`);
    for (const p of t.memory.pitfalls_discovered ?? []) {
      if (p.severity === "high") warnings.push(`high-severity pitfall${p.node_ref ? ` on ${p.node_ref}` : ""} (${t.task_id}): ${firstLine(p.description)}`);
    }
  }
  const lessonsWorked: string[] = [];
  const lessonsFailed: unknown[] = [];
  for (const t of tasks) {
    for (const w of t.memory.lessons?.worked ?? []) lessonsWorked.push(w);
    for (const f of t.memory.lessons?.failed ?? []) lessonsFailed.push(f);
  }
  return {
    phase_id: input.phase,
    plan_file: input.plan_file,
    branch: input.branch,
    date: dates[dates.length - 1] ?? "1970-01-01",
    loadout_used: `loadouts/phase${input.phase}-*-loadout.md`,
    tasks: tasks.map((t) => ({
      task_id: t.task_id,
      title: t.title,
      commit: t.memory.commit ?? null,
      tests_passed: t.memory.tests_passed,
      tests_total: t.memory.tests_total,
      status: t.memory.status,
      agent_model: t.memory.agent_model,
      review_score: 0,
    })),
    // The spec's words (passed, total, skipped, fixed) and the spec's Python implementation's
    // (dedicated_*, previously_failing_fixed), which its PCD model requires: both, the same counts.
    overall_test_status: { passed, total, skipped: 0, fixed: 0, dedicated_passing: passed, dedicated_total: total, dedicated_skipped: 0, previously_failing_fixed: 0 },
    files_created: input.files.filter((f) => f.change === "created").map((f) => ({ path: f.path, description: describe(f.path, "created") })),
    files_modified: input.files.filter((f) => f.change === "modified").map((f) => ({ path: f.path, changes: describe(f.path, "modified") })),
    files_deleted: input.files.filter((f) => f.change === "deleted").map((f) => ({ path: f.path, reason: describe(f.path, "deleted") })),
    interfaces_added: [],
    assumptions: [],
    known_issues: { failing_tests: failing, bugs: [], coverage_gaps: [] },
    next_phase_warnings: warnings.length ? warnings : ["No warnings"],
    recommended_start: null,
    nodes_used: tasks.flatMap((t) => (t.memory.nodes_used ?? []).map((u) => ({ ...u, task_id: t.task_id }))),
    nodes_missing: tasks.flatMap((t) => t.memory.nodes_missing ?? []),
    lessons: { worked: lessonsWorked, failed: lessonsFailed },
    // Each agent's pitfall stays its own entry, prefixed with the task that found it.
    pitfalls_discovered: tasks.flatMap((t) => (t.memory.pitfalls_discovered ?? []).map((p) => ({ ...p, description: `${t.task_id}: ${p.description}` }))),
    new_knowledge: tasks.flatMap((t) => t.memory.new_knowledge ?? []),
    akms_schema: "v2",
  };
}

export function pcdText(input: PcdInput): string {
  const data = pcdData(input);
  const tasks = [...input.tasks].sort((a, b) => cmp(a.task_id, b.task_id));
  const body = [
    `# Phase ${input.phase} completion`,
    "",
    `Assembled by \`akms orchestrate\` on branch \`${input.branch}\` from the AgentMemories of ${tasks.map((t) => `\`${t.task_id}\``).join(", ")} and the branch's diff. The persistent zone is what \`akms update\` applies; the rest briefs the next phase's agents.`,
    "",
    "## Task notes",
    "",
    ...tasks.map((t) => `- **${t.task_id}** (${t.memory.status}, tests ${t.memory.tests_passed}/${t.memory.tests_total}, ${t.memory_file}): ${firstLine(t.memory.completion_notes) || "no notes"}`),
    "",
  ];
  return `---\n${dumpYaml(data)}---\n\n${body.join("\n")}`;
}
