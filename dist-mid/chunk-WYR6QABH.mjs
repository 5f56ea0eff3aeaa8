import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  collect,
  latestPhase
} from "./chunk-Z3FRYNR6.mjs";
import {
  todayIso
} from "./chunk-QVAO2ACK.mjs";

// core/health.ts
var HEALTH_ORDER = [
  "degraded",
  "flagged",
  "tentative",
  "dedup_events",
  "drift",
  "id_collisions",
  "orphans",
  "stale",
  "blocked_tasks",
  "orphaned_overlay",
  "pitfalls",
  "unanchored_pitfalls",
  "edge_problems",
  "compile_warnings"
];
var HEALTH_TITLES = {
  degraded: "Degraded confidence (global default \u2192 local)",
  flagged: "Flagged missing-detail / outdated",
  tentative: "Tentative nodes awaiting promotion",
  dedup_events: "Dedup events (pending, and this phase's)",
  drift: "Docstring drift",
  id_collisions: "Id collisions",
  orphans: "Orphaned nodes (no edges)",
  stale: "Stale nodes",
  blocked_tasks: "Blocked downstream tasks",
  orphaned_overlay: "Orphaned overlay entries",
  pitfalls: "Pitfalls",
  unanchored_pitfalls: "Unanchored pitfalls",
  edge_problems: "Dangling / duplicate edges",
  compile_warnings: "Other compile warnings"
};
function healthReport(ctx, graph, opts = {}) {
  const phase = latestPhase(graph);
  const today = opts.today ?? todayIso();
  const c = collect(ctx, graph, { phase, all: true, today });
  const s = c.sections;
  const sections = {
    degraded: s.degraded.filter((d) => d.drop > 0),
    flagged: c.sessions.flatMap((x) => x.flags).sort((a, b) => a.node < b.node ? -1 : a.node > b.node ? 1 : (a.phase ?? 0) - (b.phase ?? 0)),
    tentative: s.new_tentative,
    dedup_events: s.dedup_events.filter((e) => e.dedup_status === "pending" || e.phase === phase),
    drift: s.drift,
    id_collisions: s.id_collisions,
    orphans: s.orphans,
    stale: s.stale,
    blocked_tasks: s.blocked_tasks,
    orphaned_overlay: s.orphaned_overlay,
    pitfalls: s.new_pitfalls,
    unanchored_pitfalls: s.unanchored_pitfalls,
    edge_problems: s.edge_problems,
    compile_warnings: s.compile_warnings
  };
  const counts = Object.fromEntries(HEALTH_ORDER.map((k) => [k, sections[k].length]));
  return {
    graph_version: graph.version,
    generated_at: graph.generatedAt,
    repo_id: String(graph.doc.graph?.repo_id ?? ""),
    node_count: graph.doc.graph?.node_count ?? graph.nodes.size,
    edge_count: graph.doc.graph?.edge_count ?? graph.doc.links.length,
    phase,
    today,
    stale_node_days: ctx.cfg.config.graph.stale_node_days,
    counts,
    tentative_by_origin: {
      global: sections.tentative.filter((t) => t.origin === "global").length,
      local: sections.tentative.filter((t) => t.origin === "local").length
    },
    sections,
    warnings: graph.warnings,
    problems: c.problems
  };
}

export {
  HEALTH_ORDER,
  HEALTH_TITLES,
  healthReport
};
