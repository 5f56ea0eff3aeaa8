// The neighbourhood of a node: every node within `radius` edges of it, edges followed both ways
// (breadth first). The console's Explorer lays it out; `akms export --around` exports it.
import type { PlanGraph } from "../store/graph-index.js";

/** Distance of every node within `radius` of `center` (undirected). */
export function distances(g: Pick<PlanGraph, "out" | "in">, center: string, radius: number): Map<string, number> {
  const dist = new Map<string, number>([[center, 0]]);
  let frontier = [center];
  for (let d = 1; d <= radius && frontier.length; d++) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const l of g.out.get(id) ?? []) if (!dist.has(l.target)) (dist.set(l.target, d), next.push(l.target));
      for (const l of g.in.get(id) ?? []) if (!dist.has(l.source)) (dist.set(l.source, d), next.push(l.source));
    }
    frontier = next;
  }
  return dist;
}
