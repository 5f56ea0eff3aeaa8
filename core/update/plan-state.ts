// The working state of one update's plan: the overlay being changed (in place), the files planned,
// the account of what changed, and the bookkeeping the graph.json patch needs (which entries changed,
// as they were). The domain steps (plan.ts, plan-knowledge.ts) change entries only through
// `entryOf` and `touchSession`, so the bookkeeping cannot miss one.
import type { Context } from "../context.js";
import type { Problem } from "../errors.js";
import type { GNode, GraphIndex } from "../graph.js";
import type { LocalEdge, NodeOverride, Overlay } from "../schemas/overlay.js";
import { paramsFromConfig, type ConfidenceGraph } from "./confidence.js";
import type { OverlayState } from "../overlay-file.js";
import type { DocumentResult, NodeChange } from "./plan-types.js";

/** What an update reads of the compiled graph: nodes by id, a node's predecessors, a domain's nodes. */
export type UpdateGraph = Pick<GraphIndex, "nodes" | "in" | "domainIndex">;

/** The nodes of a domain (the index's postings, in id order). */
export function inDomain(graph: UpdateGraph, domain: string): GNode[] {
  return (graph.domainIndex.get(domain) ?? []).map((id) => graph.nodes.get(id)!);
}

export type Planned = { data: string | Buffer; action: "created" | "appended" | "updated" };

/** What the graph.json patch needs to know of the overlay's changes (core/compiler/update-patch.ts). */
export interface PatchBook {
  /** Each changed entry as it was read (a shallow copy: the update replaces values, never edits them). */
  entriesBefore: Map<string, NodeOverride | undefined>;
  changedNodes: Set<string>;
  changedSessions: Set<string>;
  counts: { nodes: number; sessions: number };
  edgesBefore: number;
  /** False once the plan does something the patch does not model. */
  exact: boolean;
}

export interface PlanState {
  ctx: Context;
  graph: UpdateGraph;
  params: ReturnType<typeof paramsFromConfig>;
  ov: Overlay;
  nodes: Record<string, NodeOverride>;
  edges: LocalEdge[];
  sessions: NonNullable<Overlay["session_nodes"]>;
  /** How many entries the overlay read has when it is canonical: the writer copies the lines of those left unchanged. */
  canonicalBefore: { nodes: number; sessions: number } | null;
  planned: Map<string, Planned>;
  problems: Problem[];
  warnings: string[];
  results: DocumentResult[];
  changes: Map<string, NodeChange>;
  values: Map<string, number>;
  cg: ConfidenceGraph;
  book: PatchBook;
  gnode(id: string): GNode | undefined;
  /** The overlay entry of `id`, for changing (recorded in the book). */
  entryOf(id: string): NodeOverride;
  /** Marks session entry `sid` as written by this update. */
  touchSession(sid: string): void;
  /** The entry's list value, else the node's own (as the graph holds it), copied. */
  listOf(e: NodeOverride, id: string, key: "session_refs" | "activated_by_tasks"): string[];
  /** Adds `ref` as the node's most recent session reference. */
  touchRef(id: string, ref: string): void;
}

function emptyOverlay(): Overlay {
  return { akms_schema: "v2", nodes: {}, local_edges: [], session_nodes: {}, suppressed_edges: [] };
}

function confidenceGraph(graph: UpdateGraph, nodes: Record<string, NodeOverride>, minConfidence: number): ConfidenceGraph {
  return {
    // The overlay as read (after any interrupted update was completed) over the node's own value:
    // right even when graph.json has not been recompiled since the overlay last changed.
    confidence: (id) => {
      const n = graph.nodes.get(id);
      const c = nodes[id]?.confidence ?? n?.confidence_default ?? n?.confidence;
      return typeof c === "number" ? c : minConfidence;
    },
    floor: (id) => graph.nodes.get(id)?.confidence_floor,
    autoUpdate: (id) => graph.nodes.get(id)?.auto_update === true,
    predecessors: (id) => graph.in.get(id) ?? [],
  };
}

export function startPlan(ctx: Context, graph: UpdateGraph, state: OverlayState | null): PlanState {
  const params = paramsFromConfig(ctx.cfg.config);
  const ov: Overlay = state?.overlay ?? emptyOverlay(); // changed in place: the caller's copy is the working state
  const nodes = (ov.nodes ??= {});
  const edges = (ov.local_edges ??= []) as LocalEdge[];
  const sessions = (ov.session_nodes ??= {});
  const counts = { nodes: Object.keys(nodes).length, sessions: Object.keys(sessions).length };
  const book: PatchBook = { entriesBefore: new Map(), changedNodes: new Set(), changedSessions: new Set(), counts, edgesBefore: edges.length, exact: true };
  const gnode = (id: string) => graph.nodes.get(id);
  const entryOf = (id: string): NodeOverride => {
    if (!book.changedNodes.has(id)) book.entriesBefore.set(id, nodes[id] && { ...nodes[id] });
    book.changedNodes.add(id);
    return (nodes[id] ??= {});
  };
  const listOf = (e: NodeOverride, id: string, key: "session_refs" | "activated_by_tasks"): string[] => {
    const fromGraph = (gnode(id) as Record<string, unknown> | undefined)?.[key];
    return [...(e[key] ?? (Array.isArray(fromGraph) ? (fromGraph as string[]) : []))];
  };
  return {
    ctx,
    graph,
    params,
    ov,
    nodes,
    edges,
    sessions,
    canonicalBefore: state?.canonical ? (state.differs?.counts ?? { ...counts }) : null,
    planned: new Map(),
    problems: [],
    warnings: [],
    results: [],
    changes: new Map(),
    values: new Map(),
    cg: confidenceGraph(graph, nodes, params.minConfidence),
    book,
    gnode,
    entryOf,
    touchSession: (sid) => {
      if (sessions[sid] !== undefined) book.exact = false;
      book.changedSessions.add(sid);
    },
    listOf,
    touchRef: (id, ref) => {
      const e = entryOf(id);
      const refs = listOf(e, id, "session_refs").filter((r) => r !== ref);
      refs.push(ref); // most recent last; pruned to max_session_refs when written
      e.session_refs = refs;
    },
  };
}
