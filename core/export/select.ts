// What an export holds (read through the planning index, so a small selection of a large graph
// reads only what it touches): the whole merged graph, the subgraph `akms query` selects for tags and a
// role, or the ego graph of a node (every node within `radius` edges of it, either direction).
// A graphology Graph, built in one deterministic order (nodes by id, edges by source, target and
// type), with the attributes every format writes.
import { MultiDirectedGraph } from "graphology";
import { NotFoundError, UsageError } from "../errors.js";
import type { LoadedConfig } from "../config.js";
import type { GNode, GraphLink } from "../graph.js";
import type { PlanGraph } from "../store/graph-index.js";
import { queryGraph } from "../query.js";
import { distances } from "../query/neighbourhood.js";
import { severityOfWeight } from "../schemas/vocabulary.js";

export interface NodeAttributes {
  label: string;
  title: string;
  domain: string;
  status: string;
  confidence: number;
  confidence_default: number;
  node_origin: string;
  source: string;
  tags: string;
  activations: number;
  /** ISO date, "" when never activated. */
  last_activated: string;
}

export interface EdgeAttributes {
  type: string;
  weight: number;
  edge_origin: string;
  /** The edge's note: for a pitfall, the warning itself (every report's, joined). */
  note: string;
  /** A pitfall's severity (from its weight); "" for other edges. */
  severity: string;
}

export type ExportGraph = MultiDirectedGraph<NodeAttributes, EdgeAttributes>;

export type Selection = { kind: "all" } | { kind: "query"; tags: string[]; role: string } | { kind: "around"; id: string; radius: number };

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function nodeAttributes(n: GNode): NodeAttributes {
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  return {
    label: str(n.title) || n.id,
    title: str(n.title),
    domain: str(n.domain),
    status: str(n.status),
    confidence: typeof n.confidence === "number" ? n.confidence : 0,
    confidence_default: typeof n.confidence_default === "number" ? n.confidence_default : 0,
    node_origin: str(n.node_origin),
    source: str(n.source),
    tags: Array.isArray(n.tags) ? n.tags.filter((t) => typeof t === "string").join(",") : "",
    activations: typeof n.activations === "number" ? n.activations : 0,
    last_activated: str(n.last_activated),
  };
}

/** A link's note for export: its own, or every report's when several agents reported it. */
function noteOf(l: GraphLink): string {
  if (l.reports?.length) return l.reports.map((r) => r.note).filter((x): x is string => typeof x === "string" && x !== "").join(" | ");
  return l.note ?? "";
}

function selectedIds(g: PlanGraph, cfg: LoadedConfig, sel: Selection): Set<string> | null {
  if (sel.kind === "all") return null;
  if (sel.kind === "around") {
    if (!g.nodes.has(sel.id)) throw new NotFoundError(`no node "${sel.id}" in the compiled graph`, { hint: "`akms status` or `akms search` finds node ids; `akms build` if it is new" });
    if (!Number.isInteger(sel.radius) || sel.radius < 0) throw new UsageError(`--radius needs a whole number of at least 0 (got ${sel.radius})`);
    return new Set(distances(g, sel.id, sel.radius).keys());
  }
  // The query's nodes, and its pitfall sessions (the pitfall edge runs from a node to the session
  // that reported it and carries the warning): what a loadout for these tags warns of, and from where.
  const q = queryGraph(g, cfg, { tags: sel.tags, role: sel.role });
  return new Set([...q.nodes.map((n) => n.id), ...q.session_details.filter((s) => s.via.includes("pitfall")).map((s) => s.id)]);
}

/** The graph (or the selected part of it) as a graphology graph, nodes and edges in a fixed order. */
export function exportGraph(g: PlanGraph, cfg: LoadedConfig, sel: Selection): ExportGraph {
  const keep = selectedIds(g, cfg, sel);
  const out: ExportGraph = new MultiDirectedGraph<NodeAttributes, EdgeAttributes>({ allowSelfLoops: true });
  const ids = (keep ? [...keep] : [...g.nodes.values()].map((n) => n.id)).sort(cmp);
  for (const id of ids) out.addNode(id, nodeAttributes(g.nodes.get(id)!));
  const links: GraphLink[] = [];
  for (const id of ids) for (const l of g.out.get(id) ?? []) if (out.hasNode(l.target)) links.push(l);
  links.sort((a, b) => cmp(a.source, b.source) || cmp(a.target, b.target) || cmp(a.type, b.type));
  // Edge ids from the edge itself (endpoints and type), not its position: an update that adds one
  // edge renamed a third of the others before. A second edge with the same triple gets "#2", ….
  const seen = new Map<string, number>();
  for (const l of links) {
    const base = `${l.source}->${l.target}:${l.type}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    out.addDirectedEdgeWithKey(n === 1 ? base : `${base}#${n}`, l.source, l.target, {
      type: l.type,
      weight: l.weight,
      edge_origin: l.edge_origin ?? "global",
      note: noteOf(l),
      severity: l.type === "pitfall" ? severityOfWeight(l.weight) : "",
    });
  }
  return out;
}
