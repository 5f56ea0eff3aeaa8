// "Node changes since the last checkpoint": a compact snapshot of the compiled graph (status and
// confidence per node, every pitfall edge) taken at each checkpoint, and the difference between two.
import type { GraphLink, GraphIndex } from "../graph.js";
import type { NodeChanges, PitfallEdge } from "./types.js";
import { plural } from "../plural.js";

export interface GraphSnapshot {
  graph_version: string;
  /** id → [status, confidence, origin]. */
  nodes: Record<string, [string, number | null, string]>;
  /** "from → to" → pitfall edge. */
  pitfalls: Record<string, PitfallEdge>;
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

export function pitfallKey(l: { source: string; target: string }): string {
  return `${l.source} → ${l.target}`;
}

export function takeSnapshot(graph: Pick<GraphIndex, "version" | "nodes" | "links">): GraphSnapshot {
  const nodes: GraphSnapshot["nodes"] = {};
  for (const n of [...graph.nodes.values()].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    nodes[n.id] = [String(n.status ?? ""), num(n.confidence), String(n.node_origin ?? "")];
  }
  const pitfalls: GraphSnapshot["pitfalls"] = {};
  for (const l of graph.links() as Iterable<GraphLink>) {
    if (l.type !== "pitfall") continue;
    pitfalls[pitfallKey(l)] = { from: l.source, to: l.target, weight: num(l.weight), note: typeof l.note === "string" ? l.note : "" };
  }
  return { graph_version: graph.version, nodes, pitfalls };
}

/** What changed from `prev` to `cur` (prev null: the first checkpoint, nothing to compare). */
export function diffSnapshots(prev: GraphSnapshot | null, cur: GraphSnapshot): { changes: NodeChanges; new_pitfalls: PitfallEdge[] } {
  const changes: NodeChanges = {
    previous_graph_version: prev?.graph_version ?? null,
    graph_version: cur.graph_version,
    baseline: prev === null,
    added: [],
    removed: [],
    status_changed: [],
    confidence_changed: [],
  };
  if (!prev) return { changes, new_pitfalls: [] };
  for (const [id, [status, conf, origin]] of Object.entries(cur.nodes)) {
    const before = prev.nodes[id];
    if (!before) {
      changes.added.push({ id, status, confidence: conf, origin });
      continue;
    }
    if (before[0] !== status) changes.status_changed.push({ id, from: before[0], to: status });
    if (before[1] !== conf) changes.confidence_changed.push({ id, from: before[1], to: conf });
  }
  for (const id of Object.keys(prev.nodes)) if (!cur.nodes[id]) changes.removed.push(id);
  changes.removed.sort();
  const new_pitfalls: PitfallEdge[] = [];
  for (const [k, p] of Object.entries(cur.pitfalls).sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const before = prev.pitfalls[k];
    if (!before || before.note !== p.note) new_pitfalls.push(p);
  }
  return { changes, new_pitfalls };
}

/** One line: "2 added · 1 status changed · 3 confidence changed · 1 new pitfall". */
export function changesLine(c: NodeChanges, pitfalls: number): string {
  if (c.baseline) return `baseline: graph_version ${c.graph_version} (the first checkpoint of this run)`;
  const parts = [
    `${plural(c.added.length, "node")} added`,
    `${c.removed.length} removed`,
    `${plural(c.status_changed.length, "status change")}`,
    `${plural(c.confidence_changed.length, "confidence change")}`,
    `${plural(pitfalls, "new pitfall")}`,
  ];
  const v = c.previous_graph_version === c.graph_version ? `graph_version ${c.graph_version} (unchanged)` : `graph_version ${c.previous_graph_version} → ${c.graph_version}`;
  return `${parts.join(" · ")} — ${v}`;
}
