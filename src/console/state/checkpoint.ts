// Checkpoint screen state (pure): the selected artifact, the scroll of the stage output, an armed
// abort (X twice), and whether an orchestrator action is running. Keys become effects the shell
// runs through core/orchestrator (approve, reject with a reason, edit, abort, next/resume).
import type { Command } from "../keybindings.js";
import type { ActionId } from "../../../core/orchestrator/types.js";
import { move, MOVES, scroll } from "./list.js";

export interface CheckpointState {
  selected: number;
  offset: number;
  /** X was pressed once: a second X aborts. */
  armed: boolean;
  /** An orchestrator action of this console is running (keys that act are refused meanwhile). */
  busy: boolean;
}

export const initialCheckpoint: CheckpointState = { selected: 0, offset: 0, armed: false, busy: false };

export type OrchestrateAction = "approve" | "reject" | "edit" | "abort" | "next" | "resume";

export interface OrchestrateEffect {
  kind: "orchestrate";
  action: OrchestrateAction;
  /** The checkpoint the person decided on (a newer one refuses the decision). */
  seq: number | null;
  reason?: string;
  /** Repository-relative path (edit). */
  artifact?: string;
}

export interface CheckpointEnv {
  /** False when there is no orchestration run in this repository. */
  present: boolean;
  actions: ActionId[];
  artifacts: { path: string; editable: boolean }[];
  seq: number | null;
  lines: number;
  page: number;
  /** What approving would do (the confirmation's title and lines). */
  approve: { title: string; lines: string[] } | null;
}

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

export function checkpointKey(s0: CheckpointState, cmd: Command, env: CheckpointEnv): CheckpointRouted {
  const s = cmd === "cp-abort" ? s0 : { ...s0, armed: false };
  if (TEXT_MOVES.has(cmd)) return { state: { ...s, offset: scroll(s.offset, cmd, env.lines, env.page) } };
  if (MOVES.has(cmd)) return { state: { ...s, selected: move(s.selected, cmd, env.artifacts.length, 5) } };
  const acts = ["cp-approve", "cp-reject", "cp-edit", "cp-abort", "cp-next"];
  if (!acts.includes(cmd)) return { state: s };
  if (!env.present) return { state: s, status: { text: "no orchestration run here: start one with `akms orchestrate init PLAN_FILE`", tone: "warn" } };
  if (s.busy) return { state: s, status: { text: "a stage is running; wait for its checkpoint", tone: "warn" } };
  const allowed = (a: ActionId) => env.actions.includes(a);
  const refuse = (what: string) => ({ state: s, status: { text: `cannot ${what} now (allowed: ${env.actions.join(", ") || "nothing: the run is complete"})`, tone: "warn" as const } });
  switch (cmd) {
    case "cp-approve":
      if (!allowed("approve")) return refuse("approve");
      return {
        state: s,
        confirm: { title: env.approve?.title ?? "Approve the checkpoint and run the next stage?", lines: env.approve?.lines ?? [], effect: { kind: "orchestrate", action: "approve", seq: env.seq } },
      };
    case "cp-reject":
      if (!allowed("reject")) return refuse("reject");
      return { state: s, askReason: true };
    case "cp-edit": {
      if (!allowed("edit")) return refuse("edit");
      const a = env.artifacts[s.selected];
      if (!a) return { state: s, status: { text: "no artifact selected (↑↓ pick one)", tone: "warn" } };
      if (!a.editable) return { state: s, status: { text: `${a.path} is read only at this checkpoint`, tone: "warn" } };
      return { state: s, effect: { kind: "orchestrate", action: "edit", seq: env.seq, artifact: a.path } };
    }
    case "cp-abort":
      if (!allowed("abort")) return refuse("abort");
      if (!s.armed) return { state: { ...s, armed: true }, status: { text: "press X again to abort the run (everything is kept; n resumes)", tone: "warn" } };
      return { state: { ...s, armed: false }, effect: { kind: "orchestrate", action: "abort", seq: env.seq } };
    case "cp-next":
      if (allowed("resume")) return { state: s, effect: { kind: "orchestrate", action: "resume", seq: env.seq } };
      if (allowed("next")) return { state: s, effect: { kind: "orchestrate", action: "next", seq: env.seq } };
      return refuse("run the stage");
  }
  return { state: s };
}
