// The Why screen's rows and explanations, built from the query's structured result: every node
// in (seed and matched tag, the chain of edges, rank and its figures), the pitfalls and sessions
// it brings, and every node out with its reason.
import type { ExcludedNode, QueryNode, QueryResult, TraceStep } from "../../core/query.js";
import { fmtConf, safe } from "../../components/text.js";
import { plural } from "../../core/plural.js";

export type WhyRow =
  | { key: string; kind: "heading"; text: string }
  | { key: string; kind: "node"; node: QueryNode }
  | { key: string; kind: "pitfall"; from: string; to: string; note: string; weight: number }
  | { key: string; kind: "session"; id: string; why: string; title: string; outcome: string | null; phase: number | null }
  | { key: string; kind: "excluded"; node: ExcludedNode };

const REASON: Record<ExcludedNode["reason"], string> = {
  draft: "draft",
  deprecated: "deprecated",
  domain_excluded: "domain excluded",
  below_threshold: "below threshold",
  cut_by_cap: "cut by cap",
  edge_type_not_followed: "edge not followed",
};

export function reasonLabel(r: ExcludedNode["reason"]): string {
  return REASON[r] ?? r;
}

function matches(filter: string, ...fields: string[]): boolean {
  if (!filter) return true;
  const f = filter.toLowerCase();
  return fields.some((x) => x.toLowerCase().includes(f));
}

export function whyRows(r: QueryResult, filter = ""): WhyRow[] {
  const rows: WhyRow[] = [];
  const nodes = r.nodes.filter((n) => matches(filter, n.id, n.title));
  rows.push({ key: "h-in", kind: "heading", text: `In the loadout (${nodes.length}${filter ? ` of ${r.nodes.length}` : ""}) — rank order` });
  for (const n of nodes) rows.push({ key: `n-${n.id}`, kind: "node", node: n });
  const pits = r.pitfalls.filter((p) => matches(filter, p.from, p.to, p.note));
  if (pits.length) {
    rows.push({ key: "h-pit", kind: "heading", text: `Known pitfalls (${pits.length})` });
    pits.forEach((p, i) => rows.push({ key: `p-${i}-${p.from}-${p.to}`, kind: "pitfall", ...p }));
  }
  const sess = r.session_details.filter((s) => matches(filter, s.id, s.title));
  if (sess.length) {
    rows.push({ key: "h-ses", kind: "heading", text: `Relevant sessions (${sess.length})` });
    for (const s of sess) rows.push({ key: `s-${s.id}`, kind: "session", id: s.id, why: s.why, title: s.title, outcome: s.outcome, phase: s.phase });
  }
  const ex = r.excluded.filter((e) => matches(filter, e.id, e.title, e.reason));
  rows.push({ key: "h-ex", kind: "heading", text: `Left out (${ex.length}${filter ? ` of ${r.excluded.length}` : ""}) — with the reason` });
  for (const e of ex) rows.push({ key: `x-${e.id}`, kind: "excluded", node: e });
  return rows;
}

export function isHeading(r: WhyRow | undefined): boolean {
  return !r || r.kind === "heading";
}

export function stepText(s: TraceStep): string {
  return s.direction === "out" ? `${s.from} —${s.type} (w ${s.weight})→ ${s.to}` : `${s.from} ←${s.type} (w ${s.weight})— ${s.to}  (contradicts, walked backwards)`;
}

/** The full explanation of one row, as lines (wrapped by the screen). */
export function explain(row: WhyRow | undefined, r: QueryResult): string[] {
  if (!row || row.kind === "heading") return [];
  switch (row.kind) {
    case "node": {
      const n = row.node;
      const t = n.trace;
      const f = n.rank_figures;
      const lines = [`#${n.position} ${safe(n.id)} — ${safe(n.title)}  (${safe(n.status)}, ${safe(n.node_origin)})`];
      const tags = t.matched_tags.map((x) => `"${safe(x)}"`).join(", ");
      if (n.co_loaded_with) lines.push(`Co-loaded with ${safe(n.co_loaded_with)}: it names this node in load_with (a loading hint, not an edge; nothing propagates through it).`);
      else if (n.seed) lines.push(`Seed: its tag${t.matched_tags.length > 1 ? "s" : ""} ${tags} match${t.matched_tags.length > 1 ? "" : "es"} the task's tags.`);
      else {
        lines.push(`Reached from seed ${safe(t.seed)} (tag ${tags}) in ${plural(t.depth, "hop")}, path weight ${t.weight}:`);
        for (const s of t.chain) lines.push(`  ${safe(stepText(s))}`);
      }
      lines.push(
        `Rank ${f.rank} = ${safe(f.formula)} with confidence ${fmtConf(f.confidence)}, activations ${f.activations}, depth ${f.depth}, weight ${f.weight}` +
          (f.prefer_domain ? ` (${f.base} × ${f.multiplier}: preferred domain)` : ""),
      );
      if (n.below_threshold) lines.push(`Below min_confidence_threshold ${r.profile.min_confidence_threshold} (confidence ${n.confidence}), kept by pitfall injection for its pitfall warnings only (spec §5.3 step 9).`);
      else if (n.pitfall_injected) lines.push(`Beyond max_nodes_per_loadout ${r.profile.max_nodes_per_loadout}, kept by pitfall injection: it carries pitfall warnings.`);
      return lines;
    }
    case "excluded": {
      const e = row.node;
      const lines = [`${safe(e.id)} — ${safe(e.title)}  (${safe(e.status)}, conf ${fmtConf(e.confidence)})`, `Left out: ${reasonLabel(e.reason)}.`];
      lines.push(safe(e.why));
      if (e.trace.chain.length) for (const s of e.trace.chain) lines.push(`  ${safe(stepText(s))}`);
      return lines;
    }
    case "pitfall":
      return [
        `Pitfall: ${safe(row.from)} —pitfall (w ${row.weight})→ ${safe(row.to)}`,
        `"${safe(row.note)}"`,
        `Always included: a node in the loadout carries this warning (spec §4.6 Known Pitfalls).`,
      ];
    case "session":
      return [`Session ${safe(row.id)} — ${safe(row.title)}`, `${row.outcome ? `outcome ${safe(row.outcome)}` : ""}${row.phase !== null ? ` · phase ${row.phase}` : ""}`, `Included because: ${safe(row.why)}`];
  }
}

/** The node a row is about (Enter opens it in the Explorer). */
export function rowNode(r: WhyRow | undefined): string | null {
  if (!r) return null;
  switch (r.kind) {
    case "node":
    case "excluded":
      return r.node.id;
    case "pitfall":
      return r.from;
    case "session":
      return r.id;
    default:
      return null;
  }
}
