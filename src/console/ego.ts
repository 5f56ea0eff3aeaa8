// The explorer's ego graph: the nodes within `radius` hops of a centre (edges followed both ways),
// laid out as rows — the centre's outgoing then incoming edges grouped by type, each neighbour's
// own edges indented beneath it (breadth-first tree: each node appears once, at its distance).
import type { GraphLink, GraphIndex } from "../../core/graph.js";
import { distances } from "../../core/query/neighbourhood.js";

export interface EgoRow {
  key: string;
  /** A group heading ("→ requires (2)"); headings are not selectable. */
  heading?: string;
  depth: number;
  dir: "out" | "in";
  type: string;
  weight: number;
  origin: string;
  note?: string;
  /** The node this row leads to (Enter follows it). */
  neighbour: string;
  /** The node the row hangs under. */
  parent: string;
}

export interface Ego {
  center: string;
  radius: number;
  rows: EgoRow[];
  /** Nodes within the radius, the centre included. */
  nodeCount: number;
  /** Edges among those nodes. */
  edgeCount: number;
  outCount: number;
  inCount: number;
}

/** Rows beyond this are not laid out (the count still says how many nodes there are). */
export const MAX_ROWS = 5000;

const byKey = (a: [string, GraphLink], b: [string, GraphLink]) =>
  a[1].type < b[1].type ? -1 : a[1].type > b[1].type ? 1 : a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;

function edgesOf(g: GraphIndex, id: string): { out: [string, GraphLink][]; in: [string, GraphLink][] } {
  const out = (g.out.get(id) ?? []).map((l) => [l.target, l] as [string, GraphLink]).sort(byKey);
  const inn = (g.in.get(id) ?? []).map((l) => [l.source, l] as [string, GraphLink]).sort(byKey);
  return { out, in: inn };
}

export function egoGraph(g: GraphIndex, center: string, radius: number): Ego {
  const r = Math.max(1, radius);
  const dist = distances(g, center, r);
  let edgeCount = 0;
  for (const id of dist.keys()) for (const l of g.out.get(id) ?? []) if (dist.has(l.target)) edgeCount++;
  const rows: EgoRow[] = [];
  const placed = new Set<string>([center]);
  const top = edgesOf(g, center);

  const expand = (id: string, depth: number) => {
    if (depth > r || rows.length >= MAX_ROWS) return;
    const e = edgesOf(g, id);
    const kids: [string, GraphLink, "out" | "in"][] = [
      ...e.out.map(([n, l]) => [n, l, "out"] as [string, GraphLink, "out"]),
      ...e.in.map(([n, l]) => [n, l, "in"] as [string, GraphLink, "in"]),
    ];
    for (const [n, l, dir] of kids) {
      if (placed.has(n) || dist.get(n) !== depth || rows.length >= MAX_ROWS) continue;
      placed.add(n);
      rows.push(row(n, l, dir, depth, id));
      expand(n, depth + 1);
    }
  };

  const row = (n: string, l: GraphLink, dir: "out" | "in", depth: number, parent: string): EgoRow => ({
    key: `${parent}>${dir}>${l.type}>${n}`,
    depth,
    dir,
    type: l.type,
    weight: l.weight,
    origin: l.edge_origin,
    note: l.note ?? undefined,
    neighbour: n,
    parent,
  });

  for (const [dir, list] of [
    ["out", top.out],
    ["in", top.in],
  ] as const) {
    const types = [...new Set(list.map(([, l]) => l.type))];
    for (const t of types) {
      const group = list.filter(([, l]) => l.type === t);
      rows.push({
        key: `h>${dir}>${t}`,
        heading: `${dir === "out" ? "→ out" : "← in"} · ${t} (${group.length})`,
        depth: 0,
        dir,
        type: t,
        weight: 0,
        origin: "",
        neighbour: "",
        parent: center,
      });
      for (const [n, l] of group) {
        if (rows.length >= MAX_ROWS) break;
        // A neighbour reached by both an out and an in edge is listed under both (they are
        // different edges), but expanded only once.
        rows.push(row(n, l, dir, 1, center));
        if (!placed.has(n)) {
          placed.add(n);
          expand(n, 2);
        }
      }
    }
  }
  return { center, radius: r, rows, nodeCount: dist.size, edgeCount, outCount: top.out.length, inCount: top.in.length };
}

/** Index of the first selectable row at or after `from` moving by `step` (headings skipped). */
export function selectable(rows: EgoRow[], from: number, step: 1 | -1): number {
  if (!rows.length) return 0;
  let i = Math.max(0, Math.min(rows.length - 1, from));
  while (i >= 0 && i < rows.length && rows[i]!.heading) i += step;
  if (i < 0 || i >= rows.length) {
    // Nothing that way: search the other way.
    i = Math.max(0, Math.min(rows.length - 1, from));
    while (i >= 0 && i < rows.length && rows[i]!.heading) i -= step;
  }
  return Math.max(0, Math.min(rows.length - 1, i));
}
