// What the review sections, `akms status` and the console's first frame read of the compiled graph:
// every node, the pitfall links, which nodes have no edge at all, the compile warnings, repo_id,
// generated_at, the counts and the version — a view of the graph index (core/store/graph-index.ts),
// nothing copied: the index keeps the pitfall links apart and tells a node's edges by their offsets,
// so the first frame reads neither graph.json nor every link.
import type { BuildWarning, GraphIndex, GraphLink, NodeTable } from "../graph.js";
import type { PlanGraph } from "../store/graph-index.js";

export interface ReviewGraph {
  version: string;
  repoId: string;
  generatedAt: string;
  /** graph.json's node_count and edge_count. */
  nodeCount: number;
  edgeCount: number;
  /** Every node, whole, in graph.json's order. */
  nodes: NodeTable;
  warnings: BuildWarning[];
  /** The links of type pitfall, in graph.json's order. */
  pitfalls: GraphLink[];
  /** Whether a node has any edge (in or out). */
  linked(id: string): boolean;
  /** The graph the blocked-task check and the islands query. */
  planning(): PlanGraph;
}

/** The review's view of the graph index. */
export function reviewGraphOf(graph: GraphIndex | ReviewGraph): ReviewGraph {
  if (!("attrs" in graph)) return graph;
  let pitfalls: GraphLink[] | null = null;
  return {
    version: graph.version,
    repoId: String(graph.attrs.repo_id ?? ""),
    generatedAt: graph.attrs.generated_at ?? "",
    nodeCount: graph.attrs.node_count ?? graph.nodes.size,
    edgeCount: graph.attrs.edge_count ?? [...graph.links()].length,
    nodes: graph.nodes,
    warnings: graph.attrs.warnings ?? [],
    get pitfalls() {
      return (pitfalls ??= graph.pitfalls());
    },
    linked: (id) => graph.linked(id),
    planning: () => graph,
  };
}
