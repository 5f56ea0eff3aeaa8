// Disconnected islands (the health report): groups of domain nodes linked among themselves but to
// nothing of the rest of the graph — connected components, edges taken either way, through
// graphology-components. The largest component is the graph proper; a single node apart is an
// orphan (listed as such); every other component is an island, largest first.
import { UndirectedGraph } from "graphology";
import { connectedComponents } from "graphology-components";
import type { GNode, GraphLink } from "./graph.js";

export interface IslandItem {
  size: number;
  /** Its node ids, sorted. */
  nodes: string[];
  fix: string;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `graph`: the smallest structural type — a node's out-links (a loaded graph, or the planning index). */
export function islands(graph: { out: { get(id: string): readonly GraphLink[] | undefined } }, nodes: GNode[]): IslandItem[] {
  // Undirected and simple: connectivity is all that is asked (an edge taken either way, once).
  const g = new UndirectedGraph({ allowSelfLoops: false });
  for (const n of nodes) if (n.status !== "deprecated") g.addNode(n.id);
  g.forEachNode((id) => {
    for (const l of graph.out.get(id) ?? []) if (l.target !== id && g.hasNode(l.target)) g.mergeEdge(id, l.target);
  });
  const comps = connectedComponents(g)
    .map((c) => c.sort(cmp))
    .sort((a, b) => b.length - a.length || cmp(a[0]!, b[0]!));
  return comps.slice(1).filter((c) => c.length >= 2).map((c) => ({ size: c.length, nodes: c, fix: `link it to the rest: an edge from one of ${c.slice(0, 3).join(", ")}${c.length > 3 ? ", …" : ""} to the nodes it belongs with` }));
}
