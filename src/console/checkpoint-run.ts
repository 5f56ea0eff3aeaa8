// Reading the orchestrator's state for the Checkpoint screen and running the actions its keys
// start, through the same core/orchestrator functions `akms orchestrate` uses. Loaded after the
// first frame (or before it, when the console opens on the Checkpoint screen): the orchestrator's
// code is not needed to show the Review screen.
import { join } from "node:path";
import type { Context } from "../../core/context.js";
import { isAkmsError } from "../../core/errors.js";
import { fileSha } from "../../core/orchestrator/checkpoint.js";
import {
  editTargets,
  orchestrateAbort,
  orchestrateApprove,
  orchestrateNext,
  orchestrateRecordEdit,
  orchestrateReject,
  orchestrateResume,
  orchestrateStatus,
  type OpResult,
} from "../../core/orchestrator/runner.js";
import { previewApprove } from "../../core/orchestrator/preview.js";
import type { CheckpointData } from "./checkpoint.js";
import { errorText } from "./errors.js";
import { setCheckpointLoader } from "./model.js";
import type { OrchestrateEffect } from "./checkpoint.js";

export function loadCheckpointData(ctx: Context): CheckpointData {
  try {
    const view = orchestrateStatus(ctx);
    const approve = view.actions.includes("approve") ? previewApprove(ctx, view.state) : null;
    return { view, error: null, targets: editTargets(ctx, view.state), approve };
  } catch (e) {
    if (isAkmsError(e) && e.code === "STATE" && /no orchestration run/.test(e.message)) return { view: null, error: null, targets: [] };
    return { view: null, error: errorText(e), targets: [] };
  }
}

export interface EffectHooks {
  progress(message: string): void;
  /** Runs $EDITOR on a file (absent off a real terminal). */
  editor?: (file: string) => { error: string | null };
}

/** Runs one orchestrator action for the console; resolves to the line the status bar shows. */
export async function runOrchestrateEffect(ctx: Context, e: OrchestrateEffect, hooks: EffectHooks): Promise<string> {
  const opts = { onProgress: hooks.progress, expectedSeq: e.seq ?? undefined };
  const summary = (r: OpResult) => r.done.join(" · ");
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
      const file = join(ctx.repo, e.artifact!);
      if (!hooks.editor) return `open ${e.artifact} in your editor; the checkpoint shows it as edited (R reloads)`;
      const before = fileSha(file);
      const r = hooks.editor(file);
      if (r.error) throw new Error(r.error);
      if (fileSha(file) === before) return `${e.artifact}: not changed`;
      return summary(await orchestrateRecordEdit(ctx, e.artifact!, {}));
    }
  }
}

setCheckpointLoader(loadCheckpointData);
