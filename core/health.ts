// `akms status`: the health report of spec §5.7 — degraded confidence (global default and local
// value), nodes flagged missing-detail / outdated, tentative nodes awaiting promotion with their
// location, dedup events (every pending one and near-duplicate, and the current phase's), docstring drift, id
// collisions, orphans, disconnected islands, stale nodes, blocked downstream tasks, orphaned overlay entries — plus every
// compile warning (dangling and duplicate edges, missing content_refs, …). Read-only.
import type { Context } from "./context.js";
import type { Problem } from "./errors.js";
import type { BuildWarning, GraphIndex } from "./graph.js";
import { todayIso } from "./clock.js";
import { collect, type Sections } from "./review/sections.js";
import { latestPhase, type CoverageFlag } from "./review/sessions.js";
import { domainNodes } from "./review/items.js";
import { islands, type IslandItem } from "./islands.js";

export interface HealthSections {
  degraded: Sections["degraded"];
  flagged: CoverageFlag[];
  tentative: Sections["new_tentative"];
  dedup_events: Sections["dedup_events"];
  drift: Sections["drift"];
  id_collisions: Sections["id_collisions"];
  orphans: Sections["orphans"];
  islands: IslandItem[];
  stale: Sections["stale"];
  blocked_tasks: Sections["blocked_tasks"];
  orphaned_overlay: Sections["orphaned_overlay"];
  pitfalls: Sections["new_pitfalls"];
  unanchored_pitfalls: Sections["unanchored_pitfalls"];
  edge_problems: Sections["edge_problems"];
  compile_warnings: Sections["compile_warnings"];
}

export const HEALTH_ORDER: (keyof HealthSections)[] = [
  "degraded",
  "flagged",
  "tentative",
  "dedup_events",
  "drift",
  "id_collisions",
  "orphans",
  "islands",
  "stale",
  "blocked_tasks",
  "orphaned_overlay",
  "pitfalls",
  "unanchored_pitfalls",
  "edge_problems",
  "compile_warnings",
];

export const HEALTH_TITLES: Record<keyof HealthSections, string> = {
  degraded: "Degraded confidence (global default → local)",
  flagged: "Flagged missing-detail / outdated",
  tentative: "Tentative nodes awaiting promotion",
  dedup_events: "Dedup events (pending, and this phase's)",
  drift: "Docstring drift",
  id_collisions: "Id collisions",
  orphans: "Orphaned nodes (no edges)",
  islands: "Disconnected islands (linked only among themselves)",
  stale: "Stale nodes",
  blocked_tasks: "Blocked downstream tasks",
  orphaned_overlay: "Orphaned overlay entries",
  pitfalls: "Pitfalls",
  unanchored_pitfalls: "Unanchored pitfalls",
  edge_problems: "Dangling / duplicate edges",
  compile_warnings: "Other compile warnings",
};

export interface HealthReport {
  graph_version: string;
  generated_at: string;
  repo_id: string;
  node_count: number;
  edge_count: number;
  /** The latest phase among session nodes (0 when there are none). */
  phase: number;
  /** The date stale nodes are measured against. */
  today: string;
  stale_node_days: number;
  counts: Record<keyof HealthSections, number>;
  /** Tentative nodes by location. */
  tentative_by_origin: { global: number; local: number };
  sections: HealthSections;
  /** Every compile warning as the compiler recorded it. */
  warnings: BuildWarning[];
  /** Files the report could not read (task records, session documents). */
  problems: Problem[];
}

/** The report from the graph index (no parse of graph.json), or from a parsed graph — the same report either way (tested). */
export function healthReport(ctx: Context, graph: GraphIndex, opts: { today?: string } = {}): HealthReport {
  const phase = latestPhase(graph);
  const today = opts.today ?? todayIso();
  const c = collect(ctx, graph, { phase, all: true, today });
  const s = c.sections;
  const sections: HealthSections = {
    degraded: s.degraded.filter((d) => d.drop > 0),
    flagged: c.sessions.flatMap((x) => x.flags).sort((a, b) => (a.node < b.node ? -1 : a.node > b.node ? 1 : (a.phase ?? 0) - (b.phase ?? 0))),
    tentative: s.new_tentative,
    dedup_events: s.dedup_events.filter((e) => e.dedup_status === "pending" || e.dedup_status === "near-duplicate" || e.phase === phase),
    drift: s.drift,
    id_collisions: s.id_collisions,
    orphans: s.orphans,
    islands: islands(graph, domainNodes(graph)),
    stale: s.stale,
    blocked_tasks: s.blocked_tasks,
    orphaned_overlay: s.orphaned_overlay,
    pitfalls: s.new_pitfalls,
    unanchored_pitfalls: s.unanchored_pitfalls,
    edge_problems: s.edge_problems,
    compile_warnings: s.compile_warnings,
  };
  const counts = Object.fromEntries(HEALTH_ORDER.map((k) => [k, sections[k].length])) as Record<keyof HealthSections, number>;
  return {
    graph_version: graph.version,
    generated_at: graph.attrs.generated_at ?? "",
    repo_id: String(graph.attrs.repo_id ?? ""),
    node_count: graph.attrs.node_count ?? graph.nodes.size,
    edge_count: graph.attrs.edge_count ?? [...graph.links()].length,
    phase,
    today,
    stale_node_days: ctx.cfg.config.graph.stale_node_days,
    counts,
    tentative_by_origin: {
      global: sections.tentative.filter((t) => t.origin === "global").length,
      local: sections.tentative.filter((t) => t.origin === "local").length,
    },
    sections,
    warnings: graph.attrs.warnings ?? [],
    problems: c.problems,
  };
}
