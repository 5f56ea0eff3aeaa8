// Loadout mode selection (spec §5.4, DESIGN §4) and each node's effective reading (spec §4.6).
import type { Config } from "../config.js";

export type LoadoutMode = "routing" | "full";
export type ModeRequest = "auto" | LoadoutMode;
export type Read = "full" | "summary" | "pitfalls-only";

export interface ModeSelection {
  mode: LoadoutMode;
  requested: ModeRequest;
  context_limit: number;
  system_prompt_tokens: number;
  task_tokens: number;
  safety_margin: number;
  /** context_limit − system_prompt_tokens − task_tokens − safety_margin. */
  available: number;
  low_threshold: number;
  budget_fraction: number;
  /** Sum of the context_size allocations of the nodes full mode would inline. */
  full_cost: number;
  reason: string;
}

export function sizeTokens(cfg: Config, contextSize: unknown): number {
  const sizes = cfg.loadout.context_size_tokens;
  return contextSize === "small" || contextSize === "large" ? sizes[contextSize] : sizes.medium;
}

export function selectMode(
  cfg: Config,
  opts: { requested: ModeRequest; contextLimit: number; taskTokens: number; fullCost: number },
): ModeSelection {
  const ms = cfg.loadout.mode_selection;
  const available = opts.contextLimit - ms.system_prompt_tokens - opts.taskTokens - ms.safety_margin;
  const base = {
    requested: opts.requested,
    context_limit: opts.contextLimit,
    system_prompt_tokens: ms.system_prompt_tokens,
    task_tokens: opts.taskTokens,
    safety_margin: ms.safety_margin,
    available,
    low_threshold: ms.low_threshold,
    budget_fraction: ms.budget_fraction,
    full_cost: opts.fullCost,
  };
  if (opts.requested !== "auto") return { ...base, mode: opts.requested, reason: `--mode ${opts.requested}` };
  const budget = Math.floor(available * ms.budget_fraction);
  if (available < ms.low_threshold) {
    return { ...base, mode: "routing", reason: `available ${available} < low_threshold ${ms.low_threshold}` };
  }
  if (opts.fullCost === 0) {
    return { ...base, mode: ms.default_mode, reason: `no node to inline (full_cost 0): default_mode ${ms.default_mode}` };
  }
  if (opts.fullCost > available * ms.budget_fraction) {
    return { ...base, mode: "routing", reason: `full_cost ${opts.fullCost} > available ${available} × budget_fraction ${ms.budget_fraction} = ${budget}` };
  }
  return { ...base, mode: "full", reason: `full_cost ${opts.fullCost} ≤ available ${available} × budget_fraction ${ms.budget_fraction} = ${budget}` };
}

/**
 * A node's reading under a mode: reading_priority overrides the mode both ways; `summary` without
 * a `## Summary` section falls back to full (spec §4.6).
 */
export function effectiveRead(mode: LoadoutMode, readingPriority: unknown, hasSummary: boolean): { read: Read; note: string | null } {
  if (readingPriority === "pitfalls-only") return { read: "pitfalls-only", note: "reading_priority: pitfalls-only" };
  if (readingPriority === "full") return { read: "full", note: mode === "routing" ? "reading_priority: full overrides routing mode" : null };
  if (readingPriority === "summary") {
    if (!hasSummary) return { read: "full", note: "reading_priority: summary, but the node has no ## Summary section: falls back to full" };
    return { read: "summary", note: mode === "full" ? "reading_priority: summary overrides full mode" : null };
  }
  return { read: mode === "full" ? "full" : "summary", note: null };
}
