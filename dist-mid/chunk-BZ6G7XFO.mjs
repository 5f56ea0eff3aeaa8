import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  KIND_LABEL,
  runUpdate
} from "./chunk-RIOBEXJW.mjs";
import "./chunk-CN7HKROC.mjs";
import "./chunk-SPJIBC4O.mjs";
import {
  writeReviewReport
} from "./chunk-Z3FRYNR6.mjs";
import "./chunk-MOGCZWZI.mjs";
import "./chunk-2BK6NNZL.mjs";
import "./chunk-B4QPU3Q7.mjs";
import "./chunk-BHTI52HA.mjs";
import "./chunk-WKFECQLF.mjs";
import "./chunk-GNOMD4OV.mjs";
import "./chunk-QVAO2ACK.mjs";
import "./chunk-SIN2K5UU.mjs";
import "./chunk-EUE77RB2.mjs";
import {
  loadContext
} from "./chunk-2KKMRBBQ.mjs";
import "./chunk-W24I3PEA.mjs";
import "./chunk-2ZAOF5AY.mjs";
import "./chunk-JAGXTLBI.mjs";
import "./chunk-2N2TC7TM.mjs";
import "./chunk-OBKM57IJ.mjs";
import "./chunk-IWODBICT.mjs";
import "./chunk-PEBIPHYY.mjs";
import "./chunk-DWREGR5U.mjs";
import {
  displayPath
} from "./chunk-Q4IS5S6U.mjs";
import {
  UsageError
} from "./chunk-C3ZMY3KT.mjs";
import "./chunk-F7TTDJ7Y.mjs";

// src/commands/update.ts
function text(r) {
  const lines = [];
  const dry = r.dryRun;
  if (r.recovered?.rolledForward.length) lines.push(`completed an interrupted update first (${r.recovered.rolledForward.length} file(s))`);
  if (r.recovered?.discarded) lines.push("discarded an incomplete, interrupted update first (nothing of it had been applied)");
  for (const d of r.documents) {
    const label = KIND_LABEL[d.kind];
    const verb = d.status === "already-applied" ? "already applied, unchanged:" : dry ? "would apply" : "applied";
    lines.push(`${verb} ${label} ${d.file} \u2192 ${d.session}`);
    for (const p of d.pitfalls) lines.push(`  pitfall ${p.from} \u2192 ${p.to} (weight ${String(p.weight)})`);
    for (const p of d.unanchored_pitfalls) lines.push(`  unanchored pitfall (${p.severity}), kept for the review report: ${p.description.split("\n")[0]}`);
    for (const k of d.new_knowledge) {
      lines.push(
        k.action === "appended" ? `  new knowledge ${k.suggested_id}: appended to local node ${k.node} as a pending dedup section (score ${String(k.score)})` : `  new knowledge ${k.suggested_id}: new tentative node ${k.node}${k.match ? ` (similar to global ${k.match}, score ${String(k.score)})` : ""}`
      );
    }
    for (const b of d.blocking) lines.push(`  blocking failure${b.reason ? ` (${b.reason})` : ""}: blocks ${b.tasks.length ? b.tasks.join(", ") : "(no task named)"}`);
  }
  if (r.nodes.length) {
    lines.push(dry ? "confidence (would change):" : "confidence:");
    const w = Math.max(...r.nodes.map((n) => n.id.length));
    for (const n of r.nodes) {
      const why = n.steps.map((s) => s.why).join("; ");
      lines.push(`  ${n.id.padEnd(w)}  ${String(n.before)} \u2192 ${String(n.after)}  ${why}${n.activations_added ? ` [activations +${n.activations_added}]` : ""}`);
    }
  }
  const f = r.files;
  const prefix = dry ? "would " : "";
  for (const p of f.created) lines.push(`${prefix}create ${p}`);
  for (const p of f.appended) lines.push(`${prefix}append to ${p}`);
  for (const p of f.updated) lines.push(`${prefix}update ${p}`);
  if (dry) lines.push("dry run: nothing was written");
  else if (r.graph) lines.push(`graph.json ${r.graph.written ? "recompiled" : "unchanged"}: ${r.graph.nodeCount} nodes, ${r.graph.edgeCount} edges, graph_version ${r.graph.graphVersion}`);
  return lines.join("\n");
}
var updateCommand = {
  name: "update",
  summary: "apply AgentMemory / PCD files to the local overlay (validated first; all-or-nothing); --json: documents, nodes, files, graph, warnings",
  usage: "akms update FILE\u2026 [--dry-run]",
  run(args, flags) {
    if (!args.length) throw new UsageError("akms update needs at least one AgentMemory or PCD file", "akms update knowledge/sessions/<task_id>.md [more files] [--dry-run]");
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    const reports = [];
    const r = runUpdate(ctx, args, {
      dryRun: Boolean(flags.dryRun),
      afterUpdate: (c, result) => {
        const phases = [...new Set(result.documents.filter((d) => d.kind === "pcd").map((d) => d.phase))].sort((a, b) => a - b);
        for (const phase of phases) reports.push(displayPath(c.repo, writeReviewReport(c, { phase }).path));
      }
    });
    return {
      json: {
        ok: true,
        dry_run: r.dryRun,
        documents: r.documents,
        nodes: r.nodes,
        files: r.files,
        graph: r.graph && { written: r.graph.written, graph_version: r.graph.graphVersion, node_count: r.graph.nodeCount, edge_count: r.graph.edgeCount },
        recovered: r.recovered && { rolled_forward: r.recovered.rolledForward, discarded: r.recovered.discarded },
        warnings: r.warnings,
        config_warnings: ctx.cfg.warnings,
        review_reports: reports
      },
      text: text(r) + reports.map((p) => `
review report: ${p}`).join(""),
      notes: [...ctx.cfg.warnings, ...r.warnings].map((w) => `warning: ${w}`)
    };
  }
};
export {
  updateCommand
};
