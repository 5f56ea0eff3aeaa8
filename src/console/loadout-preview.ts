// The loadout an agent would get, computed in memory by the core's planLoadout (the function
// `akms loadout` writes with) — nothing is written; the header's generated_at is left blank.
import type { Context } from "../../core/context.js";
import type { GraphIndex } from "../../core/graph.js";
import { loadoutText, planLoadout, qmdStateDir, type LoadoutPlan } from "../../core/loadout.js";
import { hasQmdIndex } from "../../core/qmd.js";
import type { QmdUse } from "../../core/loadout/retrieve.js";
import type { PlanSource, TaskEntry } from "./plan.js";
import { errorText } from "./errors.js";
import { safeLines } from "../../components/text.js";

export interface LoadoutPreview {
  plan: LoadoutPlan | null;
  /** The loadout file's text, line by line (safe for the terminal). */
  lines: string[];
  error: string | null;
  ms: number;
}

export function previewLoadout(
  ctx: Context,
  graph: GraphIndex,
  tasks: TaskEntry[],
  src: PlanSource,
  opts: { useQmd: boolean; mode: "auto" | "routing" | "full"; qmd: QmdUse | null; phase?: number },
): LoadoutPreview {
  const t0 = performance.now();
  try {
    const task = src.kind === "task" && tasks.length ? tasks[Math.max(0, Math.min(tasks.length - 1, src.taskIndex))]! : null;
    if (task && !task.loaded) return { plan: null, lines: [], error: task.error ?? `${task.shown} cannot be read`, ms: 0 };
    const plan = planLoadout(ctx, graph, {
      task: task?.loaded ?? null,
      tags: task ? undefined : src.tags,
      role: src.role ?? undefined,
      phase: opts.phase ?? null,
      mode: opts.mode,
      noQmd: !opts.useQmd,
      qmd: opts.useQmd && opts.qmd ? opts.qmd : undefined,
    });
    const text = loadoutText(plan, "(preview: not written)");
    return { plan, lines: safeLines(text), error: null, ms: performance.now() - t0 };
  } catch (e) {
    return { plan: null, lines: [], error: errorText(e), ms: performance.now() - t0 };
  }
}

/** What the Loadout screen says while its preview is computed (qmd's first search here builds its index). */
export function previewPendingNote(ctx: Context, useQmd: boolean, qmd: QmdUse | null): string {
  if (!useQmd || qmd?.available === false) return "computing the degraded loadout …";
  return hasQmdIndex(qmdStateDir(ctx))
    ? "asking qmd (a search over the selected nodes' files) …"
    : "asking qmd: it is building its index of the knowledge (the first search here; later ones reuse it) …";
}
