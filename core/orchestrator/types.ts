// The orchestrator's persisted state (knowledge/orchestrator/state.json): where the run stands, the
// checkpoint a person is looking at, what each phase did, and the history of every decision.
import { basename } from "node:path";
import { lazy, zod } from "../zod.js";
import { UsageError, type Problem } from "../errors.js";

export const STATE_FORMAT = "akms-orchestrator-1";

export const STAGES = ["plan", "task-breakdown", "scaffold", "execute", "review", "finalize"] as const;
export type StageId = (typeof STAGES)[number];

export const STAGE_TITLES: Record<StageId, string> = {
  plan: "PLAN",
  "task-breakdown": "TASK BREAKDOWN",
  scaffold: "SCAFFOLD",
  execute: "EXECUTE",
  review: "REVIEW",
  finalize: "FINALIZE",
};

/** Stages that run once per phase. */
export const PER_PHASE = new Set<StageId>(["scaffold", "execute", "review"]);

/**
 * pending: the stage has not run yet · running: it is running (or was, when the process died) ·
 * checkpoint: its output waits for a person · rejected: a person rejected it (re-run with `next`) ·
 * failed: it stopped with an error (fix, then `next`) · aborted: a person stopped the run
 * (`resume` continues) · done: finalized and approved.
 */
export const RUN_STATUSES = ["pending", "running", "checkpoint", "rejected", "failed", "aborted", "done"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const ACTIONS = ["approve", "reject", "edit", "abort", "next", "resume"] as const;
export type ActionId = (typeof ACTIONS)[number];

export interface StageRef {
  stage: StageId;
  phase: number | null;
}

export interface Artifact {
  /** Repository-relative path. */
  path: string;
  kind: string;
  description: string;
  /** sha256 of the file when the checkpoint was made (null when it did not exist). */
  sha256: string | null;
  editable: boolean;
}

export interface NodeChanges {
  previous_graph_version: string | null;
  graph_version: string;
  /** True for the first checkpoint of a run: nothing to compare with. */
  baseline: boolean;
  added: { id: string; status: string; confidence: number | null; origin: string }[];
  removed: string[];
  status_changed: { id: string; from: string; to: string }[];
  confidence_changed: { id: string; from: number | null; to: number | null }[];
}

export interface PitfallEdge {
  from: string;
  to: string;
  weight: number | null;
  note: string;
}

export interface AkmsStatus {
  /** False when there was no compiled graph to report on (the rest is empty; a warning says why). Absent in a run's state from before 2026-12-07: a graph. */
  graph?: boolean;
  changes: NodeChanges;
  new_pitfalls: PitfallEdge[];
  /** Health-report counts per section (`akms status`). */
  health: Record<string, number>;
  node_count: number;
  edge_count: number;
  /** The review report written for this checkpoint (REVIEW only). */
  review_report: string | null;
}

export interface Checkpoint {
  seq: number;
  stage: StageId;
  phase: number | null;
  title: string;
  created_at: string;
  /** The stage output, one line each. */
  summary: string[];
  artifacts: Artifact[];
  /** Stage-specific structured output (what `--json` scripts read). */
  details: Record<string, unknown>;
  akms: AkmsStatus;
  warnings: string[];
}

export interface ErrorRecord {
  code: string;
  message: string;
  hint: string | null;
  file: string | null;
  line: number | null;
  field: string | null;
  problems: Problem[];
}

export type HistoryEvent = "init" | "run" | "interrupted" | "checkpoint" | "fail" | "approve" | "reject" | "edit" | "abort" | "resume" | "done";

export interface HistoryEntry {
  seq: number;
  at: string;
  event: HistoryEvent;
  stage: StageId;
  phase: number | null;
  /** The reason of a reject or abort, the artifact of an edit, the error of a failure. */
  detail: string | null;
}

export type TaskRunStatus = "pending" | "running" | "done" | "failed";

export interface TaskRun {
  task_id: string;
  /** Task record, repository-relative. */
  file: string;
  role: string;
  tags: string[];
  tags_from: string;
  /** Loadout, repository-relative (the task record's loadout_path). */
  loadout: string;
  loadout_nodes: number;
  loadout_pitfalls: number;
  loadout_mode: string;
  /** Where the agent writes its AgentMemory (knowledge/sessions/<task_id>.md). */
  memory: string;
  wave: number;
  status: TaskRunStatus;
  attempts: number;
  exit_code: number | null;
  /** The AgentMemory's own outcome (complete | partial | failed | deferred). */
  outcome: string | null;
  log: string | null;
  error: ErrorRecord | null;
}

export interface PhaseRun {
  phase: number;
  branch: string;
  /** The branch or ref it was created from. */
  from: string;
  /** The commit the branch was created at (null until created). */
  base_commit: string | null;
  waves: string[][];
  tasks: Record<string, TaskRun>;
  /** The PCD, repository-relative (after REVIEW). */
  pcd: string | null;
  /** The commit that closed the phase (its knowledge and source changes). */
  closed_commit: string | null;
}

export interface OrchestratorState {
  format: string;
  plan_name: string;
  /** Repository-relative. */
  plan_file: string;
  base_branch: string;
  no_qmd: boolean;
  /** Phases to run, ascending (known after TASK BREAKDOWN). */
  phases: number[];
  current: StageRef;
  status: RunStatus;
  /** The status an abort interrupted (what `resume` returns to). */
  resume_status: RunStatus | null;
  /** How often the current stage has been started. */
  attempt: number;
  checkpoint: Checkpoint | null;
  /** The last failure of the current stage. */
  error: ErrorRecord | null;
  rejection: { reason: string; at: string } | null;
  phase_runs: Record<string, PhaseRun>;
  history: HistoryEntry[];
  created_at: string;
  updated_at: string;
}

// The state file is read back through a schema: a hand-damaged file is an error naming the field.
const Ref = lazy(() => zod.object({ stage: zod.enum(STAGES), phase: zod.number().int().nullable() }));
export const StateSchema = lazy(() =>
  zod.looseObject({
    format: zod.literal(STATE_FORMAT, { error: `must be "${STATE_FORMAT}"` }),
    plan_name: zod.string().min(1),
    plan_file: zod.string().min(1),
    base_branch: zod.string().min(1),
    no_qmd: zod.boolean(),
    phases: zod.array(zod.number().int()),
    current: Ref,
    status: zod.enum(RUN_STATUSES),
    resume_status: zod.enum(RUN_STATUSES).nullable(),
    attempt: zod.number().int().min(0),
    checkpoint: zod.looseObject({ seq: zod.number().int(), stage: zod.enum(STAGES), summary: zod.array(zod.string()), artifacts: zod.array(zod.looseObject({ path: zod.string() })) }).nullable(),
    error: zod.looseObject({ code: zod.string(), message: zod.string() }).nullable(),
    rejection: zod.looseObject({ reason: zod.string() }).nullable(),
    phase_runs: zod.record(zod.string(), zod.looseObject({ phase: zod.number().int(), branch: zod.string(), tasks: zod.record(zod.string(), zod.looseObject({ task_id: zod.string(), status: zod.string() })) })),
    history: zod.array(zod.looseObject({ seq: zod.number().int(), event: zod.string() })),
    created_at: zod.string(),
    updated_at: zod.string(),
  })
);

export function stageLabel(ref: StageRef): string {
  return `${STAGE_TITLES[ref.stage]}${ref.phase !== null ? ` (phase ${ref.phase})` : ""}`;
}

export function branchName(planName: string, phase: number): string {
  return `${planName}_phase-${phase}`;
}

/** A plan name usable in branch names: config orchestrator.plan_name, else the plan file's name. */
function planNameFor(configName: string, planFile: string): string {
  const raw = configName.trim() || basename(planFile).replace(/\.[^.]*$/, "");
  const s = raw
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/\.{2,}/g, ".")
    .replace(/^[-.]+|[-.]+$/g, "");
  if (!s) throw new UsageError(`cannot name branches after "${raw}"`, "set orchestrator.plan_name in propagation_config.yaml (letters, digits, . _ -)");
  return s;
}

/** The run's branch names as the config sets them now (PLAN checks them; SCAFFOLD creates the branches). */
export function namesFromConfig(orchestrator: { plan_name: string; base_branch: string }, planFile: string): Pick<OrchestratorState, "plan_name" | "base_branch"> {
  return { plan_name: planNameFor(orchestrator.plan_name, planFile), base_branch: orchestrator.base_branch };
}
