import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  editTargets,
  fileSha,
  isComplete,
  loadTasks,
  orchestrateAbort,
  orchestrateApprove,
  orchestrateNext,
  orchestrateRecordEdit,
  orchestrateReject,
  orchestrateResume,
  orchestrateStatus
} from "./chunk-Y7PQ7J64.mjs";
import "./chunk-YBDCSPVJ.mjs";
import "./chunk-RIOBEXJW.mjs";
import "./chunk-CN7HKROC.mjs";
import "./chunk-M5JJG5WS.mjs";
import "./chunk-X3WYGEXI.mjs";
import {
  healthReport
} from "./chunk-WYR6QABH.mjs";
import {
  errorText,
  setCheckpointLoader
} from "./chunk-4G76M64G.mjs";
import {
  branchName,
  nextStage,
  stageLabel
} from "./chunk-SJTEM7VQ.mjs";
import "./chunk-DVAT5OZ6.mjs";
import "./chunk-VDEEV4GL.mjs";
import "./chunk-WNTECCL5.mjs";
import "./chunk-IC3JPZBO.mjs";
import "./chunk-NBN2NJWP.mjs";
import "./chunk-SPJIBC4O.mjs";
import "./chunk-Z3FRYNR6.mjs";
import "./chunk-MOGCZWZI.mjs";
import "./chunk-2BK6NNZL.mjs";
import "./chunk-B4QPU3Q7.mjs";
import "./chunk-BHTI52HA.mjs";
import {
  loadGraph
} from "./chunk-WKFECQLF.mjs";
import "./chunk-NTRS6NJ7.mjs";
import "./chunk-GNOMD4OV.mjs";
import "./chunk-QVAO2ACK.mjs";
import "./chunk-SIN2K5UU.mjs";
import "./chunk-EUE77RB2.mjs";
import "./chunk-W24I3PEA.mjs";
import "./chunk-2ZAOF5AY.mjs";
import "./chunk-JAGXTLBI.mjs";
import "./chunk-2N2TC7TM.mjs";
import "./chunk-OBKM57IJ.mjs";
import "./chunk-PEBIPHYY.mjs";
import "./chunk-DWREGR5U.mjs";
import "./chunk-Q4IS5S6U.mjs";
import {
  isAkmsError
} from "./chunk-C3ZMY3KT.mjs";
import "./chunk-F7TTDJ7Y.mjs";

// src/console/checkpoint-run.ts
import { join } from "node:path";

// core/orchestrator/preview.ts
function phaseTasks(ctx, s, phase) {
  const run = s.phase_runs[String(phase)];
  if (run && Object.keys(run.tasks).length) return Object.keys(run.tasks).sort();
  try {
    return loadTasks(ctx).filter((t) => t.record.phase === phase && !isComplete(t)).map((t) => t.record.task_id).sort();
  } catch {
    return [];
  }
}
function blockedOf(ctx, ids) {
  try {
    const h = healthReport(ctx, loadGraph(ctx.paths));
    return h.sections.blocked_tasks.filter((b) => ids.includes(b.task_id)).map((b) => ({ id: b.task_id, why: b.reasons[0] ? b.reasons[0].kind === "failing-test" ? `failing test in ${b.reasons[0].session}` : `would load tentative ${b.reasons[0].node.id}` : "blocked" }));
  } catch {
    return [];
  }
}
function previewApprove(ctx, s) {
  const next = nextStage(s.current, s.phases);
  const title = next ? `Approve ${stageLabel(s.current)} and run ${stageLabel(next)}?` : `Approve ${stageLabel(s.current)} and finish the run?`;
  const lines = [];
  let dispatched = [];
  if (!next) lines.push("The run is then complete.");
  else if (next.stage === "scaffold" && next.phase !== null) {
    const ids = phaseTasks(ctx, s, next.phase);
    lines.push(`Creates and checks out the branch ${branchName(s.plan_name, next.phase)} (from ${s.base_branch}), writes the loadouts of ${ids.length} task${ids.length === 1 ? "" : "s"} and their loadout_path: ${ids.join(", ") || "(none)"}.`);
    dispatched = ids;
  } else if (next.stage === "execute" && next.phase !== null) {
    dispatched = phaseTasks(ctx, s, next.phase);
    lines.push(`Dispatches agents for ${dispatched.length} task${dispatched.length === 1 ? "" : "s"} of phase ${next.phase}: ${dispatched.join(", ") || "(none)"}.`);
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

// src/console/checkpoint-run.ts
function loadCheckpointData(ctx) {
  try {
    const view = orchestrateStatus(ctx);
    const approve = view.actions.includes("approve") ? previewApprove(ctx, view.state) : null;
    return { view, error: null, targets: editTargets(ctx, view.state), approve };
  } catch (e) {
    if (isAkmsError(e) && e.code === "STATE" && /no orchestration run/.test(e.message)) return { view: null, error: null, targets: [] };
    return { view: null, error: errorText(e), targets: [] };
  }
}
async function runOrchestrateEffect(ctx, e, hooks) {
  const opts = { onProgress: hooks.progress, expectedSeq: e.seq ?? void 0 };
  const summary = (r) => r.done.join(" \xB7 ");
  switch (e.action) {
    case "approve":
      return summary(await orchestrateApprove(ctx, opts));
    case "reject":
      return summary(await orchestrateReject(ctx, e.reason ?? "", opts));
    case "abort":
      return summary(await orchestrateAbort(ctx, "aborted from the console", {}));
    case "next":
      return summary(await orchestrateNext(ctx, { onProgress: hooks.progress }));
    case "resume":
      return summary(await orchestrateResume(ctx, { onProgress: hooks.progress }));
    case "edit": {
      const file = join(ctx.repo, e.artifact);
      if (!hooks.editor) return `open ${e.artifact} in your editor; the checkpoint shows it as edited (R reloads)`;
      const before = fileSha(file);
      const r = hooks.editor(file);
      if (r.error) throw new Error(r.error);
      if (fileSha(file) === before) return `${e.artifact}: not changed`;
      return summary(await orchestrateRecordEdit(ctx, e.artifact, {}));
    }
  }
}
setCheckpointLoader(loadCheckpointData);
export {
  loadCheckpointData,
  runOrchestrateEffect
};
