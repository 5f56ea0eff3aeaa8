// Confidence mathematics of an update (spec §5.5.2, DESIGN §4 Update), pure: the caller supplies
// the graph view and a working map of values; every step is returned with its reason.
//
// Pass 1, per nodes_used entry in document order: `useful` → boost (+β); then coverage
// missing-detail / outdated → direct hit (×α), δ = value just before the hit − value after.
// Pass 2, per direct hit in document order: propagation to predecessors, hop by hop up to
// hop_limit; hop k uses the drop hop k−1's node actually took; predecessors in id order.
// Every step clamps to [confidence_floor or min_confidence, max_confidence] and rounds to 6 decimals.
import type { Config } from "../config.js";

export interface ConfidenceParams {
  boost: number;
  decay: number;
  propagationFactor: number;
  minConfidence: number;
  maxConfidence: number;
  hopLimit: number;
  edgeMultiplier: Record<string, number>;
}

export function paramsFromConfig(config: Config): ConfidenceParams {
  const c = config.confidence;
  return {
    boost: c.activation_boost,
    decay: c.local_decay,
    propagationFactor: c.propagation_factor,
    minConfidence: c.min_confidence,
    maxConfidence: c.max_confidence,
    hopLimit: c.hop_limit,
    edgeMultiplier: { ...config.edge_type_propagation },
  };
}

export interface PredecessorLink {
  /** The node declaring the edge (the predecessor). */
  source: string;
  type: string;
  weight: number;
}

/** What the mathematics needs to know about the graph. */
export interface ConfidenceGraph {
  /** Current confidence before this update (the compiled graph's value). */
  confidence(id: string): number;
  /** The node's confidence_floor, or null/undefined when it has none. */
  floor(id: string): number | null | undefined;
  /** auto_update nodes (code mirror, sessions) are never changed. */
  autoUpdate(id: string): boolean;
  /** Links whose target is `id`. */
  predecessors(id: string): readonly PredecessorLink[];
}

export interface FeedbackEntry {
  id: string;
  useful: boolean;
  coverage: string;
}

export type StepKind = "boost" | "hit" | "propagation";

export interface Step {
  node: string;
  kind: StepKind;
  before: number;
  after: number;
  /** Hit: the coverage value that caused it. */
  coverage?: string;
  /** Propagation: the node whose drop propagated, the edge and the hop. */
  from?: string;
  edgeType?: string;
  weight?: number;
  hop?: number;
}

export interface FeedbackResult {
  steps: Step[];
  /** Entries left alone because their node is auto_update. */
  skipped: string[];
}

export function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

export function clamp(value: number, floor: number | null | undefined, p: ConfidenceParams): number {
  const low = typeof floor === "number" ? floor : p.minConfidence;
  // The floor wins over the cap: a foundational node never falls below its declared floor.
  return round6(Math.max(Math.min(value, p.maxConfidence), low));
}

/** Applies one document's nodes_used to `values` (the working confidences, changed in place). */
export function applyFeedback(
  graph: ConfidenceGraph,
  values: Map<string, number>,
  entries: readonly FeedbackEntry[],
  p: ConfidenceParams,
): FeedbackResult {
  const steps: Step[] = [];
  const skipped: string[] = [];
  const get = (id: string) => values.get(id) ?? graph.confidence(id);
  const hits: { id: string; delta: number }[] = [];

  for (const e of entries) {
    if (graph.autoUpdate(e.id)) {
      skipped.push(e.id);
      continue;
    }
    if (e.useful) {
      const before = get(e.id);
      const after = clamp(before + p.boost, graph.floor(e.id), p);
      values.set(e.id, after);
      steps.push({ node: e.id, kind: "boost", before, after });
    }
    if (e.coverage === "missing-detail" || e.coverage === "outdated") {
      const before = get(e.id);
      const after = clamp(before * p.decay, graph.floor(e.id), p);
      values.set(e.id, after);
      steps.push({ node: e.id, kind: "hit", before, after, coverage: e.coverage });
      hits.push({ id: e.id, delta: round6(before - after) });
    }
  }

  for (const hit of hits) {
    // Each node takes at most one share of a given hit, at its nearest hop.
    const reached = new Set([hit.id]);
    let frontier = [hit];
    for (let hop = 1; hop <= p.hopLimit && frontier.length; hop++) {
      const next: { id: string; delta: number }[] = [];
      for (const f of frontier) {
        if (f.delta <= 0) continue;
        const preds = [...graph.predecessors(f.id)].sort((a, b) => (a.source < b.source ? -1 : a.source > b.source ? 1 : 0));
        for (const link of preds) {
          if (reached.has(link.source) || graph.autoUpdate(link.source)) continue;
          const drop = f.delta * p.propagationFactor * (p.edgeMultiplier[link.type] ?? 0) * link.weight;
          if (!(drop > 0)) continue;
          reached.add(link.source);
          const before = get(link.source);
          const after = clamp(before - drop, graph.floor(link.source), p);
          values.set(link.source, after);
          steps.push({ node: link.source, kind: "propagation", before, after, from: f.id, edgeType: link.type, weight: link.weight, hop });
          next.push({ id: link.source, delta: round6(before - after) });
        }
      }
      frontier = next;
    }
  }
  return { steps, skipped };
}

/** One line of "why" for a step, for --dry-run and the update summary. */
export function describeStep(s: Step, p: ConfidenceParams): string {
  const num = (x: number) => String(round6(x));
  // A node below its floor (confidence_floor, else min_confidence) is raised to it by any step (clamp).
  const raised = s.kind !== "boost" && s.after > s.before ? `, raised to its floor ${num(s.after)}` : "";
  switch (s.kind) {
    case "boost":
      return `boost +${num(p.boost)} (useful)`;
    case "hit":
      return `direct hit ×${num(p.decay)} (coverage ${s.coverage})${raised}`;
    case "propagation":
      return `${raised ? "" : `−${num(s.before - s.after)} `}from ${s.from} via ${s.edgeType} (weight ${num(s.weight ?? 0)}, hop ${s.hop})${raised}`;
  }
}
