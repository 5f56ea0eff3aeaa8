import { loadContext } from "../../core/context.js";
import { requireKnowledge } from "../../core/paths.js";
import { formatProblem } from "../../core/errors.js";
import { openGraph } from "../../core/graph.js";
import { healthReport, HEALTH_ORDER, HEALTH_TITLES, type HealthReport, type HealthSections } from "../../core/health.js";
import { confidenceText } from "../../core/report.js";
import { driverRuns, gitSetup, mergeDriverWarning } from "../../core/team/register.js";
import { sessionsNotApplied } from "../../core/team/unapplied.js";
import type { CommandSpec } from "./types.js";
import { plural } from "../../core/plural.js";

const SHOWN = 8;

/** One line per item: what it is, its status and confidence, and what to run. */
export function itemLine(key: keyof HealthSections, it: unknown): string {
  const x = it as Record<string, unknown>;
  const act = (o: Record<string, unknown>) => (typeof o.command === "string" ? `→ ${o.command}` : typeof o.fix === "string" ? `→ ${o.fix}` : "");
  const node = (o: Record<string, unknown>) => `${o.id}  ${o.status}  ${confidenceText(o as never)}  ${o.origin}`;
  switch (key) {
    case "flagged":
      return `${x.node}  ${x.coverage} in ${x.session}${x.note ? ` — ${String(x.note).split("\n")[0]}` : ""}`;
    case "dedup_events":
      return `${node(x)}  ${x.kind === "created" ? `new node similar to ${x.match}` : `${x.dedup_status} from ${x.session}`} (score ${x.score ?? "?"})  ${act(x)}`;
    case "degraded":
      return `${node(x)}  ${x.file ?? ""}  ${act(x)}`;
    case "pitfalls": {
      const from = x.from as Record<string, unknown>;
      return `${from.id} → ${x.session}  ${x.severity}: ${String(x.note).split("\n")[0]}`;
    }
    case "unanchored_pitfalls":
      return `${x.session}  ${x.severity}: ${String(x.description).split("\n")[0]}`;
    case "blocked_tasks":
      return `${x.task_id}  ${x.status}  ${act(x)}`;
    case "id_collisions":
      return `${x.id}  kept ${x.kept_file ?? "?"}, skipped ${x.skipped_file ?? "?"}  → ${x.fix}`;
    case "drift":
      return `${x.id}  ${x.source_file ?? ""}${x.function ? ` ${x.function}` : ""}${x.line ? `:${x.line}` : ""}  ${[x.kind, x.detail].filter(Boolean).join(": ")}  ${act(x)}`;
    case "islands":
      return `${x.size} nodes: ${(x.nodes as string[]).slice(0, 6).join(", ")}${(x.nodes as string[]).length > 6 ? ", …" : ""}  → ${x.fix}`;
    case "stale":
      return `${node(x)}  last activated ${x.last_activated} (${x.days} days)  ${act(x)}`;
    case "edge_problems":
      return `${String(x.code).toLowerCase()}: ${x.file ? `${x.file}: ` : ""}${x.message}  ${act(x)}`;
    case "orphaned_overlay":
    case "compile_warnings":
      return `${String(x.code).toLowerCase()}: ${x.file ? `${x.file}: ` : ""}${x.message}`;
    default:
      return `${node(x)}  ${x.file ?? ""}  ${act(x)}`;
  }
}

function text(h: HealthReport): string {
  const lines = [
    `graph_version ${h.graph_version} · ${plural(h.node_count, "node")}, ${plural(h.edge_count, "edge")} · repo ${h.repo_id || "?"} · latest phase ${h.phase}`,
    "",
  ];
  const w = Math.max(...HEALTH_ORDER.map((k) => HEALTH_TITLES[k].length));
  for (const k of HEALTH_ORDER) {
    const extra = k === "tentative" && h.counts.tentative ? `  (${h.tentative_by_origin.local} local-nodes/, ${h.tentative_by_origin.global} global)` : k === "stale" ? `  (> ${h.stale_node_days} days before ${h.today})` : "";
    lines.push(`${HEALTH_TITLES[k].padEnd(w)}  ${String(h.counts[k]).padStart(4)}${extra}`);
  }
  for (const k of HEALTH_ORDER) {
    const items = h.sections[k] as unknown[];
    if (!items.length) continue;
    lines.push("", `${HEALTH_TITLES[k]} (${items.length})`);
    for (const it of items.slice(0, SHOWN)) lines.push(`  ${itemLine(k, it)}`.trimEnd());
    if (items.length > SHOWN) lines.push(`  … ${items.length - SHOWN} more (\`akms status --json\` lists all)`);
  }
  if (h.problems.length) {
    lines.push("", `Could not read (${h.problems.length})`);
    for (const p of h.problems.slice(0, SHOWN)) lines.push(`  ${formatProblem(p)}`);
  }
  return lines.join("\n");
}

export const statusCommand: CommandSpec = {
  name: "status",
  summary: "health report: degraded/flagged/tentative nodes, dedup events, drift, collisions, orphans, stale, blocked tasks, compile warnings",
  flags: [],
  usage: "akms status",
  run(_args, flags) {
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    requireKnowledge(ctx.paths);
    const h = healthReport(ctx, openGraph(ctx.paths));
    const g = gitSetup(ctx.paths);
    const runs = g.top !== null && g.configured !== null ? driverRuns(g.top, g.configured) : null;
    const merge = mergeDriverWarning(g) ?? (runs && !runs.ok ? `${runs.why}: run \`akms init --git\` here (until then a merge leaves conflict markers in knowledge/graph/local_state.yaml)` : null);
    const notApplied = sessionsNotApplied(ctx);
    const pending = notApplied.committed ?? [];
    // Every document waiting for an update, committed or not (a record_memory's is not, until someone commits it).
    const waiting = notApplied.all.filter((u) => u.state === "not applied");
    const evidenceNote = waiting.length
      ? `${plural(waiting.length, "session document")} ${waiting.length === 1 ? "is" : "are"} not applied in the overlay (${waiting.slice(0, 3).map((u) => u.file).join(", ")}${waiting.length > 3 ? ", …" : ""}): \`akms update ${waiting.map((u) => u.file).join(" ")}\` applies ${waiting.length === 1 ? "it" : "them"} (after a task or a phase this is normal; after a merge it means an overlay lost that evidence)`
      : null;
    const gitJson = g.top === null ? null : { merge_driver: g.configured, driver_runs: runs ? runs.ok : null, attributes: g.attributes || g.routed, warning: merge, unapplied_sessions: pending };
    return { json: { ok: true, ...h, git: gitJson, waiting_sessions: waiting.map((u) => ({ file: u.file, session: u.session })) }, text: text(h), notes: [...ctx.cfg.warnings, ...(merge ? [merge] : []), ...(evidenceNote ? [evidenceNote] : [])].map((w) => `warning: ${w}`) };
  },
};
