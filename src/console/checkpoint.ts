// The Checkpoint screen's data: the orchestrator state as the screen shows it (stage output,
// artifacts, AKMS status, warnings, the action menu). Reading the state and running its actions
// (checkpoint-run.ts) load the orchestrator, which the first frame does not need.
import type { StatusView } from "../../core/orchestrator/runner.js";
import { ACTION_HELP, akmsLines } from "../../core/orchestrator/view.js";
import { stageLabel, type ActionId, type Artifact } from "../../core/orchestrator/types.js";
import { primaryKey, type Command } from "./keybindings.js";
import { safe } from "../../components/text.js";

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

export interface CheckpointData {
  view: StatusView | null;
  /** Why the state could not be read (a damaged state file). */
  error: string | null;
  /** What can be edited now: the checkpoint's artifacts, else the stage's inputs (to fix a failure). */
  targets: Artifact[];
  /** What approving would do next (when approve is allowed): the confirmation's text. */
  approve?: { title: string; lines: string[] } | null;
}

export interface Line {
  text: string;
  color?: string;
  dim?: boolean;
  bold?: boolean;
}

export interface CheckpointScreenData {
  header: string;
  headerColor: string | undefined;
  lines: Line[];
  artifacts: { path: string; editable: boolean; text: string; edited: boolean }[];
  menu: [string, string][];
}

const ACTION_KEYS: Partial<Record<ActionId, Command>> = { approve: "cp-approve", reject: "cp-reject", edit: "cp-edit", abort: "cp-abort", next: "cp-next", resume: "cp-next" };

const STATUS_COLOR: Record<string, string> = { checkpoint: "cyan", failed: "red", rejected: "yellow", aborted: "yellow", done: "green", running: "magenta", pending: "blue" };

export function checkpointScreenData(data: CheckpointData | undefined): CheckpointScreenData {
  const v = data?.view ?? null;
  if (!v) {
    return {
      header: data?.error ? "The orchestrator state cannot be read" : "No orchestration run in this repository",
      headerColor: data?.error ? "red" : undefined,
      lines: data?.error
        ? [{ text: safe(data.error), color: "red" }]
        : [{ text: "Start one with `akms orchestrate init PLAN_FILE`: every stage of the pipeline then stops here for your decision." }],
      artifacts: [],
      menu: [],
    };
  }
  const s = v.state;
  const cp = s.checkpoint;
  const lines: Line[] = [];
  const head = (t: string) => lines.push({ text: "", dim: true }, { text: t, bold: true });
  lines.push({ text: `plan ${safe(s.plan_file)} · branches ${safe(s.plan_name)}_phase-<N> from ${safe(s.base_branch)}${s.phases.length ? ` · phases ${s.phases.join(", ")}` : ""}`, dim: true });
  if (s.status === "aborted") lines.push({ text: `Aborted while ${s.resume_status ?? "pending"} — nothing was lost; n resumes.`, color: "yellow" });
  if (s.status === "rejected" && s.rejection) lines.push({ text: `Rejected: ${safe(s.rejection.reason)} — fix it (e edits), then n runs the stage again.`, color: "yellow" });
  if (s.status === "pending") lines.push({ text: `${stageLabel(s.current)} has not run yet: n runs it.` });
  if (s.status === "running") lines.push({ text: `${stageLabel(s.current)} is running (or was interrupted: n runs it again).`, color: "magenta" });
  if (s.status === "done") lines.push({ text: "The run is complete.", color: "green" });
  if (s.error && (s.status === "failed" || s.resume_status === "failed")) {
    head(`Error [${safe(s.error.code)}]`);
    lines.push({ text: safe(s.error.message), color: "red" });
    for (const p of s.error.problems.slice(0, 12)) lines.push({ text: `  ${safe([p.file, p.line].filter((x) => x !== undefined && x !== null).join(":"))}${p.field ? ` ${safe(p.field)}` : ""}: ${safe(p.message)}`, color: "red" });
    if (s.error.hint) lines.push({ text: `→ ${safe(s.error.hint)}` });
  }
  if (cp) {
    head(`Stage output — ${cp.title}`);
    for (const l of cp.summary) lines.push({ text: safe(l) });
    head("AKMS status (since the previous checkpoint)");
    for (const l of akmsLines(cp.akms)) lines.push({ text: safe(l), color: l.trimStart().startsWith("!") ? "yellow" : undefined });
    if (cp.warnings.length) {
      head(`Warnings (${cp.warnings.length})`);
      for (const w of cp.warnings) lines.push({ text: `! ${safe(w)}`, color: "yellow" });
    }
  }
  const phases = s.phases.filter((p) => s.phase_runs[String(p)]);
  if (phases.length) {
    head("Phases");
    for (const p of phases) {
      const pr = s.phase_runs[String(p)]!;
      const tasks = Object.values(pr.tasks).sort((a, b) => (a.task_id < b.task_id ? -1 : 1));
      lines.push({ text: `${p}: ${safe(pr.branch)} — ${tasks.map((t) => `${safe(t.task_id)} ${t.status}${t.outcome ? `/${safe(t.outcome)}` : ""}`).join(", ") || "no tasks yet"}` });
    }
  }
  const artifacts = (cp?.artifacts ?? data?.targets ?? []).map((a) => {
    const edited = v.edited.includes(a.path);
    return { path: a.path, editable: a.editable, edited, text: `${safe(a.path)}  ${safe(a.kind)}${a.editable ? "" : " (read only)"} — ${safe(a.description)}${edited ? "  [edited]" : ""}` };
  });
  const menu: [string, string][] = [];
  for (const a of v.actions) {
    const cmd = ACTION_KEYS[a];
    if (cmd) menu.push([primaryKey(cmd), a === "abort" ? "abort (twice)" : ACTION_HELP[a].what(s)]);
  }
  return {
    header: `${stageLabel(s.current)} · ${s.status}${s.status === "checkpoint" && cp ? ` #${cp.seq}` : ""}${s.attempt > 1 ? ` · attempt ${s.attempt}` : ""}`,
    headerColor: STATUS_COLOR[s.status],
    lines,
    artifacts,
    menu,
  };
}

/** Rows for the stage text and for the artifact list. */
export function checkpointLayout(height: number, artifacts: number): { text: number; artifacts: number } {
  const list = artifacts ? Math.min(artifacts, Math.max(2, Math.floor((height - 4) / 3))) : 0;
  return { text: Math.max(2, height - 3 - (artifacts ? list + 1 : 0)), artifacts: list };
}

export function checkpointEnv(data: CheckpointData | undefined, height: number): CheckpointEnv {
  const sd = checkpointScreenData(data);
  const v = data?.view ?? null;
  const lay = checkpointLayout(height, sd.artifacts.length);
  return {
    present: v !== null,
    actions: v?.actions ?? [],
    artifacts: sd.artifacts.map((a) => ({ path: a.path, editable: a.editable })),
    seq: v?.state.checkpoint?.seq ?? null,
    lines: sd.lines.length,
    page: lay.text,
    approve: data?.approve ?? null,
  };
}
