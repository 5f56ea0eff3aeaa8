// The ego graph of the query (DESIGN §4): breadth-first from the seeds over the whole graph (any
// status — a draft node in the middle still connects), along out-edges of the followed types,
// with `contradicts` followed both ways, up to max_depth hops. With `both` (loadout.ego_direction:
// both, the graph read as undirected) every followed edge is also walked backwards.
//
// Each reached node keeps ONE chain — the one its depth and weight come from: the fewest hops;
// among those, the highest product of edge weights; among those, the first found (frontier in id
// order, out-edges before reversed contradicts edges, each list in id order). Seeds: depth 0, weight 1.
import type { GraphLink } from "../graph.js";
import type { PlanGraph } from "../store/graph-index.js";

export interface TraceStep {
  from: string;
  type: string;
  to: string;
  weight: number;
  /** "out": the edge is declared from → to; "reverse": an edge declared to → from, walked backwards (contradicts, or any with ego_direction both). */
  direction: "out" | "reverse";
}

export interface Reached {
  seed: string;
  depth: number;
  weight: number;
  chain: TraceStep[];
}

export function roundTo(x: number, places: number): number {
  const f = 10 ** places;
  return Math.round(x * f) / f;
}

/** `types` null = every edge type. */
export function traverse(
  graph: Pick<PlanGraph, "out" | "in">,
  seeds: readonly string[],
  types: ReadonlySet<string> | null,
  maxDepth: number,
  both = false,
): Map<string, Reached> {
  const reached = new Map<string, Reached>();
  for (const s of [...seeds].sort()) reached.set(s, { seed: s, depth: 0, weight: 1, chain: [] });
  const follows = (t: string) => types === null || types.has(t);
  const reverseContradicts = follows("contradicts");
  let frontier = [...reached.keys()];
  for (let depth = 1; depth <= maxDepth && frontier.length; depth++) {
    const next = new Map<string, Reached>();
    const offer = (from: Reached, l: GraphLink, to: string, direction: TraceStep["direction"]) => {
      const done = reached.get(to);
      if (done) return; // reached at a smaller depth
      const w = from.weight * l.weight;
      const cur = next.get(to);
      if (cur && !(w > cur.weight)) return;
      const fromId = direction === "out" ? l.source : l.target;
      next.set(to, {
        seed: from.seed,
        depth,
        weight: w,
        chain: [...from.chain, { from: fromId, type: l.type, to, weight: l.weight, direction }],
      });
    };
    for (const id of frontier) {
      const r = reached.get(id)!;
      for (const l of graph.out.get(id) ?? []) if (follows(l.type)) offer(r, l, l.target, "out");
      // Backwards: every followed edge with ego_direction both, else contradicts only.
      const back = both ? follows : reverseContradicts ? (t: string) => t === "contradicts" : null;
      if (back) for (const l of graph.in.get(id) ?? []) if (back(l.type)) offer(r, l, l.source, "reverse");
    }
    frontier = [...next.keys()].sort();
    for (const id of frontier) reached.set(id, next.get(id)!);
  }
  return reached;
}
