// What approving the current checkpoint will do next — the branch it creates, the tasks it
// dispatches, and the dispatched tasks the health report lists as blocked — for the console's
// confirmation dialog (nothing is approved by accident, issue 16.9).
import type { Context } from "../context.js";
import { openGraph } from "../graph.js";
import { healthReport } from "../health.js";
import { nextStage } from "./machine.js";
import { loadTasks, taskComplete } from "./tasks.js";
import { branchName, stageLabel, type OrchestratorState } from "./types.js";
import { plural } from "../plural.js";

export interface ApprovePreview {
  title: string;
  lines: string[];
  /** Tasks the next stage dispatches although the health report lists them as blocked. */
  blocked: string[];
}

function phaseTasks(ctx: Context, s: OrchestratorState, phase: number): string[] {
  const run = s.phase_runs[String(phase)];
  if (run && Object.keys(run.tasks).length) return Object.keys(run.tasks).sort();
  try {
    return loadTasks(ctx)
      .filter((t) => t.record.phase === phase && !taskComplete(t))
      .map((t) => t.record.task_id)
      .sort();
  } catch {
    return [];
  }
}

function blockedOf(ctx: Context, ids: readonly string[]): { id: string; why: string }[] {
  try {
    const h = healthReport(ctx, openGraph(ctx.paths));
    return h.sections.blocked_tasks.filter((b) => ids.includes(b.task_id)).map((b) => ({ id: b.task_id, why: b.reasons[0] ? (b.reasons[0].kind === "failing-test" ? `failing test in ${b.reasons[0].session}` : `would load tentative ${b.reasons[0].node.id}`) : "blocked" }));
  } catch {
    return [];
  }
}

export function previewApprove(ctx: Context, s: OrchestratorState): ApprovePreview {
  const next = nextStage(s.current, s.phases);
  const title = next ? `Approve ${stageLabel(s.current)} and run ${stageLabel(next)}?` : `Approve ${stageLabel(s.current)} and finish the run?`;
  const lines: string[] = [];
  let dispatched: string[] = [];
  if (!next) lines.push("The run is then complete.");
  else if (next.stage === "scaffold" && next.phase !== null) {
    const ids = phaseTasks(ctx, s, next.phase);
    lines.push(`Creates and checks out the branch ${branchName(s.plan_name, next.phase)} (from ${s.base_branch}), writes the loadouts of ${plural(ids.length, "task")} and their loadout_path: ${ids.join(", ") || "(none)"}.`);
    dispatched = ids;
  } else if (next.stage === "execute" && next.phase !== null) {
    dispatched = phaseTasks(ctx, s, next.phase);
    lines.push(`Dispatches agents for ${plural(dispatched.length, "task")} of phase ${next.phase}: ${dispatched.join(", ") || "(none)"}.`);
  } else if (next.stage === "review" && next.phase !== null) {
    lines.push(`Writes phase ${next.phase}'s PCD, applies the AgentMemories with akms update, and writes the review report.`);
  } else if (next.stage === "finalize") {
    lines.push(`Merges the phase branches into ${s.base_branch}, newest first.`);
  } else lines.push(`Runs ${stageLabel(next)}.`);
  const blocked = blockedOf(ctx, dispatched);
  for (const b of blocked) lines.push(`warning: ${b.id} is listed as blocked (${b.why}) and would be ${next?.stage === "execute" ? "dispatched" : "scheduled"} anyway.`);
  lines.push("Nothing runs until you confirm.");
  return { title, lines, blocked: blocked.map((b) => b.id) };
}
