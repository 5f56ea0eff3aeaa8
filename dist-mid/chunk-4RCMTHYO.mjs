import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  HEALTH_ORDER,
  HEALTH_TITLES,
  healthReport
} from "./chunk-WYR6QABH.mjs";
import {
  confidenceText
} from "./chunk-Z3FRYNR6.mjs";
import "./chunk-MOGCZWZI.mjs";
import "./chunk-2BK6NNZL.mjs";
import "./chunk-B4QPU3Q7.mjs";
import "./chunk-BHTI52HA.mjs";
import {
  loadGraph
} from "./chunk-WKFECQLF.mjs";
import "./chunk-GNOMD4OV.mjs";
import "./chunk-QVAO2ACK.mjs";
import "./chunk-SIN2K5UU.mjs";
import "./chunk-EUE77RB2.mjs";
import {
  loadContext
} from "./chunk-2KKMRBBQ.mjs";
import "./chunk-W24I3PEA.mjs";
import "./chunk-JAGXTLBI.mjs";
import "./chunk-2N2TC7TM.mjs";
import "./chunk-OBKM57IJ.mjs";
import "./chunk-IWODBICT.mjs";
import "./chunk-PEBIPHYY.mjs";
import "./chunk-DWREGR5U.mjs";
import {
  requireKnowledge
} from "./chunk-Q4IS5S6U.mjs";
import {
  formatProblem
} from "./chunk-C3ZMY3KT.mjs";
import "./chunk-F7TTDJ7Y.mjs";

// src/commands/status.ts
var SHOWN = 8;
function itemLine(key, it) {
  const x = it;
  const act = (o) => typeof o.command === "string" ? `\u2192 ${o.command}` : typeof o.fix === "string" ? `\u2192 ${o.fix}` : "";
  const node = (o) => `${o.id}  ${o.status}  ${confidenceText(o)}  ${o.origin}`;
  switch (key) {
    case "flagged":
      return `${x.node}  ${x.coverage} in ${x.session}${x.note ? ` \u2014 ${String(x.note).split("\n")[0]}` : ""}`;
    case "dedup_events":
      return `${node(x)}  ${x.kind === "created" ? `new node similar to ${x.match}` : `${x.dedup_status} from ${x.session}`} (score ${x.score ?? "?"})  ${act(x)}`;
    case "degraded":
      return `${node(x)}  ${x.file ?? ""}  ${act(x)}`;
    case "pitfalls": {
      const from = x.from;
      return `${from.id} \u2192 ${x.session}  ${x.severity}: ${String(x.note).split("\n")[0]}`;
    }
    case "unanchored_pitfalls":
      return `${x.session}  ${x.severity}: ${String(x.description).split("\n")[0]}`;
    case "blocked_tasks":
      return `${x.task_id}  ${x.status}  ${act(x)}`;
    case "id_collisions":
      return `${x.id}  kept ${x.kept_file ?? "?"}, skipped ${x.skipped_file ?? "?"}  \u2192 ${x.fix}`;
    case "drift":
      return `${x.id}  ${x.source_file ?? ""}${x.function ? ` ${x.function}` : ""}${x.line ? `:${x.line}` : ""}  ${[x.kind, x.detail].filter(Boolean).join(": ")}  ${act(x)}`;
    case "stale":
      return `${node(x)}  last activated ${x.last_activated} (${x.days} days)  ${act(x)}`;
    case "orphaned_overlay":
    case "edge_problems":
    case "compile_warnings":
      return `${String(x.code).toLowerCase()}: ${x.file ? `${x.file}: ` : ""}${x.message}`;
    default:
      return `${node(x)}  ${x.file ?? ""}  ${act(x)}`;
  }
}
function text(h) {
  const lines = [
    `graph_version ${h.graph_version} \xB7 ${h.node_count} nodes, ${h.edge_count} edges \xB7 repo ${h.repo_id || "?"} \xB7 latest phase ${h.phase}`,
    ""
  ];
  const w = Math.max(...HEALTH_ORDER.map((k) => HEALTH_TITLES[k].length));
  for (const k of HEALTH_ORDER) {
    const extra = k === "tentative" && h.counts.tentative ? `  (${h.tentative_by_origin.local} local-nodes/, ${h.tentative_by_origin.global} global)` : k === "stale" ? `  (> ${h.stale_node_days} days before ${h.today})` : "";
    lines.push(`${HEALTH_TITLES[k].padEnd(w)}  ${String(h.counts[k]).padStart(4)}${extra}`);
  }
  for (const k of HEALTH_ORDER) {
    const items = h.sections[k];
    if (!items.length) continue;
    lines.push("", `${HEALTH_TITLES[k]} (${items.length})`);
    for (const it of items.slice(0, SHOWN)) lines.push(`  ${itemLine(k, it)}`.trimEnd());
    if (items.length > SHOWN) lines.push(`  \u2026 ${items.length - SHOWN} more (\`akms status --json\` lists all)`);
  }
  if (h.problems.length) {
    lines.push("", `Could not read (${h.problems.length})`);
    for (const p of h.problems.slice(0, SHOWN)) lines.push(`  ${formatProblem(p)}`);
  }
  return lines.join("\n");
}
var statusCommand = {
  name: "status",
  summary: "health report: degraded/flagged/tentative nodes, dedup events, drift, collisions, orphans, stale, blocked tasks, compile warnings",
  usage: "akms status",
  run(_args, flags) {
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    requireKnowledge(ctx.paths);
    const h = healthReport(ctx, loadGraph(ctx.paths));
    return { json: { ok: true, ...h }, text: text(h), notes: ctx.cfg.warnings.map((w) => `warning: ${w}`) };
  }
};
export {
  statusCommand
};
