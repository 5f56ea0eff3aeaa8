// The orchestrator's state machine, pure: (state, event, time) → new state. It knows the stage
// order (INIT → PLAN → TASK BREAKDOWN → per phase SCAFFOLD → EXECUTE → REVIEW → FINALIZE) and
// which action each status allows; running a stage (the effects) lives in runner.ts.
import { StateError } from "../errors.js";
import {
  PER_PHASE,
  STATE_FORMAT,
  stageLabel,
  type ActionId,
  type Checkpoint,
  type ErrorRecord,
  type HistoryEntry,
  type HistoryEvent,
  type OrchestratorState,
  type RunStatus,
  type StageRef,
} from "./types.js";

/** Every stage of a run, in order, for the given phases. */
export function stageSequence(phases: readonly number[]): StageRef[] {
  const out: StageRef[] = [
    { stage: "plan", phase: null },
    { stage: "task-breakdown", phase: null },
  ];
  for (const p of phases) out.push({ stage: "scaffold", phase: p }, { stage: "execute", phase: p }, { stage: "review", phase: p });
  out.push({ stage: "finalize", phase: null });
  return out;
}

/** The stage after `cur`, or null after FINALIZE. */
export function nextStage(cur: StageRef, phases: readonly number[]): StageRef | null {
  const seq = stageSequence(phases);
  const i = seq.findIndex((s) => s.stage === cur.stage && s.phase === cur.phase);
  if (i < 0) throw new StateError(`${stageLabel(cur)} is not a stage of this run (phases ${phases.join(", ") || "none"})`, { hint: "the state file was edited by hand; restore it" });
  return seq[i + 1] ?? null;
}

export interface InitParams {
  plan_name: string;
  plan_file: string;
  base_branch: string;
  no_qmd: boolean;
}

/** INIT: a new run, standing before PLAN (INIT is the one transition no person gates). */
export function initialState(p: InitParams, at: string): OrchestratorState {
  const s: OrchestratorState = {
    format: STATE_FORMAT,
    plan_name: p.plan_name,
    plan_file: p.plan_file,
    base_branch: p.base_branch,
    no_qmd: p.no_qmd,
    phases: [],
    current: { stage: "plan", phase: null },
    status: "pending",
    resume_status: null,
    attempt: 0,
    checkpoint: null,
    error: null,
    rejection: null,
    phase_runs: {},
    history: [],
    created_at: at,
    updated_at: at,
  };
  return log(s, "init", at, `plan ${p.plan_file}`);
}

/** Statuses in which the current stage (re)runs on `next`. */
export const RUNNABLE = new Set<RunStatus>(["pending", "running", "rejected", "failed"]);

/** The actions a person can take now (the console's menu and `status`'s hint). */
export function allowedActions(s: OrchestratorState): ActionId[] {
  switch (s.status) {
    case "checkpoint":
      return ["approve", "reject", "edit", "abort"];
    case "pending":
    case "running":
      return ["next", "abort"];
    case "rejected":
    case "failed":
      return ["next", "edit", "abort"];
    case "aborted":
      return ["resume"];
    case "done":
      return [];
  }
}

function log(s: OrchestratorState, event: HistoryEvent, at: string, detail: string | null = null, ref: StageRef = s.current): OrchestratorState {
  const entry: HistoryEntry = { seq: s.history.length + 1, at, event, stage: ref.stage, phase: ref.phase, detail };
  return { ...s, history: [...s.history, entry], updated_at: at };
}

function refuse(s: OrchestratorState, what: string): never {
  const hint = (() => {
    switch (s.status) {
      case "checkpoint":
        return "a checkpoint awaits a decision: `akms orchestrate approve`, `reject --reason R`, `edit` or `abort`";
      case "aborted":
        return "the run was aborted: `akms orchestrate resume` continues it";
      case "done":
        return "the run is complete; `akms orchestrate init PLAN` starts a new one";
      case "failed":
      case "rejected":
        return "fix what is reported, then `akms orchestrate next` runs the stage again";
      default:
        return "`akms orchestrate next` runs the current stage";
    }
  })();
  throw new StateError(`cannot ${what}: ${stageLabel(s.current)} is ${s.status}`, { hint });
}

export type MachineEvent =
  | { type: "start" }
  | { type: "succeed"; checkpoint: Checkpoint }
  | { type: "fail"; error: ErrorRecord }
  | { type: "approve" }
  | { type: "reject"; reason: string }
  | { type: "edit"; artifact: string }
  | { type: "abort"; reason: string | null }
  | { type: "resume" };

export function transition(s: OrchestratorState, e: MachineEvent, at: string): OrchestratorState {
  switch (e.type) {
    case "start": {
      if (!RUNNABLE.has(s.status)) refuse(s, `run ${stageLabel(s.current)}`);
      // A "running" stage found by the next process was interrupted (its lock holder died).
      const base = s.status === "running" ? log(s, "interrupted", at, `attempt ${s.attempt} did not finish; running it again`) : s;
      return log({ ...base, status: "running", attempt: base.attempt + 1, error: null, checkpoint: null }, "run", at, `attempt ${base.attempt + 1}`);
    }
    case "succeed":
      if (s.status !== "running") refuse(s, "record a checkpoint");
      return log({ ...s, status: "checkpoint", checkpoint: e.checkpoint, error: null, rejection: null }, "checkpoint", at, `checkpoint #${e.checkpoint.seq}`);
    case "fail":
      if (s.status !== "running") refuse(s, "record a failure");
      return log({ ...s, status: "failed", error: e.error }, "fail", at, `${e.error.code}: ${e.error.message}`);
    case "approve": {
      if (s.status !== "checkpoint") refuse(s, "approve");
      const approved = log(s, "approve", at);
      const next = nextStage(s.current, s.phases);
      if (!next) return log({ ...approved, status: "done", resume_status: null }, "done", at);
      return { ...approved, current: next, status: "pending", attempt: 0, checkpoint: null, error: null, rejection: null };
    }
    case "reject": {
      if (s.status !== "checkpoint") refuse(s, "reject");
      const reason = e.reason.trim();
      if (!reason) throw new StateError("a rejection needs a reason", { hint: "akms orchestrate reject --reason \"what is wrong\"" });
      return log({ ...s, status: "rejected", rejection: { reason, at } }, "reject", at, reason);
    }
    case "edit":
      if (!(s.status === "checkpoint" || s.status === "rejected" || s.status === "failed")) refuse(s, "edit artifacts");
      return log(s, "edit", at, e.artifact);
    case "abort":
      if (s.status === "aborted" || s.status === "done") refuse(s, "abort");
      return log({ ...s, status: "aborted", resume_status: s.status }, "abort", at, e.reason);
    case "resume": {
      if (s.status !== "aborted") refuse(s, "resume");
      const back = s.resume_status ?? "pending";
      return log({ ...s, status: back, resume_status: null }, "resume", at, `back to ${back}`);
    }
  }
}

/** True when the current stage is per phase and has a phase. */
export function phaseOf(ref: StageRef): number | null {
  return PER_PHASE.has(ref.stage) ? ref.phase : null;
}
