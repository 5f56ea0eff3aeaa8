// Helpers for the `akms update` tests: a scratch knowledge base with a relative global_vault
// (so that two copies compile to the same bytes), evidence documents, and snapshots.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { akms, scratch, snapshot, write, writeNode, type CliRun, type NodeSpec } from "./helpers.js";

export type Scratch = ReturnType<typeof scratch>;

/** Fixed clock and no vault from the environment: runs are reproducible byte for byte. */
export const ENV = { SOURCE_DATE_EPOCH: "1767225600", AKMS_GLOBAL_VAULT: "", AKMS_TEST: "1" };

export function run(s: Scratch, args: string[], env: NodeJS.ProcessEnv = {}): CliRun {
  return akms([...args, "--repo", s.repo], { env: { ...ENV, ...env }, cwd: s.dir });
}

/** A built knowledge base: global nodes in the vault, optional local nodes, optional config lines. */
export function kb(globals: NodeSpec[], locals: NodeSpec[] = [], config = ""): Scratch {
  const s = scratch();
  write(join(s.knowledge, "graph", "propagation_config.yaml"), `akms_schema: v2\nglobal_vault: ../vault\n${config}`);
  for (const n of globals) writeNode(s.vault, n);
  for (const n of locals) writeNode(join(s.knowledge, "local-nodes"), n);
  const b = run(s, ["build"]);
  assert.equal(b.code, 0, b.stderr);
  return s;
}

export interface Used {
  id: string;
  useful: boolean;
  coverage: "sufficient" | "missing-detail" | "outdated";
}
export interface PitfallIn {
  node_ref: string | null;
  description: string;
  severity: "high" | "medium" | "low";
}
export interface KnowledgeIn {
  suggested_id: string;
  content_draft: string;
  domain?: string;
  title?: string;
  tags?: string[];
}

function persistent(o: { used?: Used[]; pitfalls?: PitfallIn[]; knowledge?: KnowledgeIn[] }): string[] {
  const lines: string[] = [];
  if (o.used) lines.push(`nodes_used: ${JSON.stringify(o.used)}`);
  if (o.pitfalls) lines.push(`pitfalls_discovered: ${JSON.stringify(o.pitfalls)}`);
  if (o.knowledge) lines.push(`new_knowledge: ${JSON.stringify(o.knowledge.map((k) => ({ ...k, status: "tentative", source: "agent" })))}`);
  return lines;
}

/** An AgentMemory (spec §4.3) as a Markdown file with frontmatter. */
export function memory(o: { task: string; phase?: number; date?: string; used?: Used[]; pitfalls?: PitfallIn[]; knowledge?: KnowledgeIn[]; extra?: string }): string {
  return [
    "---",
    `task_id: ${o.task}`,
    'task_description: "A task"',
    `phase_id: ${o.phase ?? 1}`,
    `timestamp: ${o.date ?? "2026-03-04"}T10:32:00`,
    "agent_model: test-model",
    "loadout_used: loadouts/phase1-loadout.md",
    "status: complete",
    "tests_passed: 7",
    "tests_total: 7",
    ...persistent(o),
    ...(o.extra ? [o.extra.trimEnd()] : []),
    "akms_schema: v2",
    "---",
    "",
    "## Task Notes",
    "",
    "Free text.",
    "",
  ].join("\n");
}

/** A phase completion document (spec §4.4). */
export function pcd(o: { phase: number; date?: string; used?: Used[]; pitfalls?: PitfallIn[]; knowledge?: KnowledgeIn[]; extra?: string; warnings?: string[] }): string {
  return [
    "---",
    `phase_id: ${o.phase}`,
    "plan_file: plans/plan.md",
    `branch: plan_phase-${o.phase}`,
    `date: ${o.date ?? "2026-03-05"}`,
    `loadout_used: loadouts/phase${o.phase}-loadout.md`,
    'tasks: [{"task_id": "t1", "title": "T1", "tests_passed": 3, "tests_total": 3, "status": "complete", "agent_model": "m"}]',
    'overall_test_status: {"pass": 3, "total": 3, "skipped": 0, "fixed": 0}',
    `next_phase_warnings: ${JSON.stringify(o.warnings ?? ["No warnings"])}`,
    ...persistent(o),
    ...(o.extra ? [o.extra.trimEnd()] : []),
    "akms_schema: v2",
    "---",
    "",
    "# Phase handoff",
    "",
  ].join("\n");
}

/** Every file under knowledge/ except the derived, git-ignored build cache. */
/** knowledge/ as the writers leave it: derived caches and the impression log (each --json read appends a line) aside. */
export function knowledgeState(s: Scratch): Map<string, string> {
  const snap = snapshot(s.knowledge);
  for (const k of [...snap.keys()]) if (k.startsWith("graph/.cache/") || k === "impressions.jsonl") snap.delete(k);
  return snap;
}

export function overlayText(s: Scratch): string {
  return readFileSync(join(s.knowledge, "graph", "local_state.yaml"), "utf8");
}

export function graphOf(s: Scratch): { nodes: Record<string, any>[]; links: Record<string, any>[] } {
  return JSON.parse(readFileSync(join(s.knowledge, "graph", "graph.json"), "utf8"));
}
