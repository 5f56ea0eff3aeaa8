// Checkpoint screen state (pure): the selected artifact, the scroll of the stage output, an armed
// abort (X twice), and whether an orchestrator action is running. Keys become effects the shell
// runs through core/orchestrator (approve, reject with a reason, edit, abort, next/resume).
import type { Command } from "../../src/console/keybindings.js";
import type { ActionId } from "../../core/orchestrator/types.js";
import { move, MOVES, scroll } from "../list.js";
import type { CheckpointEnv, OrchestrateEffect } from "../../src/console/checkpoint.js";

export type { CheckpointEnv, OrchestrateAction, OrchestrateEffect } from "../../src/console/checkpoint.js";

export interface CheckpointState {
  selected: number;
  offset: number;
  /** X was pressed once: a second X aborts. */
  armed: boolean;
  /** An orchestrator action of this console is running (keys that act are refused meanwhile). */
  busy: boolean;
}

export const initialCheckpoint: CheckpointState = { selected: 0, offset: 0, armed: false, busy: false };

export const NO_RUN: CheckpointEnv = { present: false, actions: [], artifacts: [], seq: null, lines: 0, page: 1, approve: null };

export interface CheckpointRouted {
  state: CheckpointState;
  effect?: OrchestrateEffect;
  status?: { text: string; tone: "info" | "ok" | "error" | "warn" };
  /** Open the reason input (reject). */
  askReason?: boolean;
  /** Ask first (approve): the dialog's text and the effect a yes runs. */
  confirm?: { title: string; lines: string[]; effect: OrchestrateEffect };
}

const TEXT_MOVES = new Set<Command>(["page-up", "page-down", "top", "bottom"]);

const ACTION_OF: Partial<Record<Command, ActionId[]>> = {
  "cp-approve": ["approve"],
  "cp-reject": ["reject"],
  "cp-edit": ["edit"],
  "cp-abort": ["abort"],
  "cp-next": ["resume", "next"],
};
const VERB: Partial<Record<Command, string>> = { "cp-approve": "approve", "cp-reject": "reject", "cp-edit": "edit", "cp-abort": "abort", "cp-next": "run the stage" };

/** Why a Checkpoint key does nothing now (null: it acts). The router and the `?` help both ask it. */
export function checkpointDisabled(cmd: Command, s: CheckpointState, env: CheckpointEnv): string | null {
  const needs = ACTION_OF[cmd];
  if (!needs) return null;
  if (!env.present) return "no orchestration run here: start one with `akms orchestrate init PLAN_FILE`";
  if (s.busy) return "a stage is running; wait for its checkpoint";
  if (!needs.some((a) => env.actions.includes(a))) return `cannot ${VERB[cmd]} now (allowed: ${env.actions.join(", ") || "nothing: the run is complete"})`;
  if (cmd === "cp-edit") {
    const a = env.artifacts[s.selected];
    if (!a) return "no artifact selected (↑↓ pick one)";
    if (!a.editable) return `${a.path} is read only at this checkpoint`;
  }
  return null;
}

export function checkpointKey(s0: CheckpointState, cmd: Command, env: CheckpointEnv): CheckpointRouted {
  const s = cmd === "cp-abort" ? s0 : { ...s0, armed: false };
  if (TEXT_MOVES.has(cmd)) return { state: { ...s, offset: scroll(s.offset, cmd, env.lines, env.page) } };
  if (MOVES.has(cmd)) return { state: { ...s, selected: move(s.selected, cmd, env.artifacts.length, 5) } };
  if (!ACTION_OF[cmd]) return { state: s };
  const why = checkpointDisabled(cmd, s, env);
  if (why) return { state: s, status: { text: why, tone: "warn" } };
  switch (cmd) {
    case "cp-approve":
      return {
        state: s,
        confirm: { title: env.approve?.title ?? "Approve the checkpoint and run the next stage?", lines: env.approve?.lines ?? [], effect: { kind: "orchestrate", action: "approve", seq: env.seq } },
      };
    case "cp-reject":
      return { state: s, askReason: true };
    case "cp-edit":
      return { state: s, effect: { kind: "orchestrate", action: "edit", seq: env.seq, artifact: env.artifacts[s.selected]!.path } };
    case "cp-abort":
      if (!s.armed) return { state: { ...s, armed: true }, status: { text: "press X again to abort the run (everything is kept; n resumes)", tone: "warn" } };
      return { state: { ...s, armed: false }, effect: { kind: "orchestrate", action: "abort", seq: env.seq } };
    case "cp-next": {
      // Running a stage dispatches agents: asked first, like approve (n cancels in every dialog).
      const action = env.actions.includes("resume") ? "resume" : "next";
      return {
        state: s,
        confirm: {
          title: action === "resume" ? "Resume the run at its current stage?" : "Run the current stage again?",
          lines: ["The stage runs to its next checkpoint; EXECUTE dispatches the task agents.", "y / Enter runs it · n / Esc cancels"],
          effect: { kind: "orchestrate", action, seq: env.seq },
        },
      };
    }
  }
  return { state: s };
}
