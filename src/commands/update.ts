import { loadContext } from "../../core/context.js";
import { knownPitfalls } from "../../core/agent/record.js";
import { UsageError } from "../../core/errors.js";
import { runUpdate, type UpdateResult } from "../../core/update/apply.js";
import { KIND_LABEL } from "../../core/update/documents.js";
import { writeReviewReport } from "../../core/report.js";
import { displayPath } from "../../core/paths.js";
import type { CommandSpec } from "./types.js";
import { plural } from "../../core/plural.js";

function text(r: UpdateResult): string {
  const lines: string[] = [];
  const dry = r.dryRun;
  if (r.recovered?.rolledForward.length) lines.push(`completed an interrupted update first (${plural(r.recovered.rolledForward.length, "file")})`);
  if (r.recovered?.discarded) lines.push("discarded an incomplete, interrupted update first (nothing of it had been applied)");
  for (const d of r.documents) {
    const label = KIND_LABEL[d.kind];
    const verb = d.status === "already-applied" ? "already applied, unchanged:" : dry ? "would apply" : "applied";
    lines.push(`${verb} ${label} ${d.file} → ${d.session}`);
    for (const p of d.pitfalls) lines.push(`  pitfall ${p.from} → ${p.to} (weight ${String(p.weight)})`);
    for (const k of d.known_pitfalls ?? []) lines.push(`  known pitfall: ${k.says}`);
    for (const p of d.unanchored_pitfalls) lines.push(`  unanchored pitfall (${p.severity}), kept for the review report: ${p.description.split("\n")[0]}`);
    for (const k of d.new_knowledge) {
      lines.push(
        k.action === "appended"
          ? `  new knowledge ${k.suggested_id}: appended to local node ${k.node} as a pending dedup section (score ${String(k.score!)})`
          : `  new knowledge ${k.suggested_id}: new tentative node ${k.node}${k.match ? ` (similar to global ${k.match}, score ${String(k.score!)})` : ""}`,
      );
    }
    for (const b of d.blocking) lines.push(`  blocking failure${b.reason ? ` (${b.reason})` : ""}: blocks ${b.tasks.length ? b.tasks.join(", ") : "(no task named)"}`);
  }
  if (r.nodes.length) {
    lines.push(dry ? "confidence (would change):" : "confidence:");
    const w = Math.max(...r.nodes.map((n) => n.id.length));
    // A session applied again after the documents given (core/update/in-order.ts) is named at its steps.
    const given = new Set(r.documents.map((d) => d.session));
    for (const n of r.nodes) {
      const why = n.steps.map((s) => (given.has(s.session) ? s.why : `${s.why} (${s.session}, applied again)`)).join("; ");
      lines.push(`  ${n.id.padEnd(w)}  ${String(n.before)} → ${String(n.after)}  ${why}${n.activations_added ? ` [activations +${n.activations_added}]` : ""}`);
    }
  }
  const f = r.files;
  const prefix = dry ? "would " : "";
  for (const p of f.created) lines.push(`${prefix}create ${p}`);
  for (const p of f.appended) lines.push(`${prefix}append to ${p}`);
  for (const p of f.updated) lines.push(`${prefix}update ${p}`);
  if (dry) lines.push("dry run: nothing was written");
  else if (r.graph) lines.push(`graph.json ${r.graph.written ? "recompiled" : "unchanged"}: ${plural(r.graph.nodeCount, "node")}, ${plural(r.graph.edgeCount, "edge")}, graph_version ${r.graph.graphVersion}`);
  return lines.join("\n");
}

export const updateCommand: CommandSpec = {
  name: "update",
  summary: "apply AgentMemory / PCD files to the local overlay (validated first; all-or-nothing; in the canonical order: date, phase, session id); --json: documents, nodes, files, graph, warnings",
  flags: ["dryRun"],
  usage: "akms update FILE… [--dry-run]",
  run(args, flags) {
    if (!args.length) throw new UsageError("akms update needs at least one AgentMemory or PCD file", "akms update knowledge/sessions/<task_id>.md [more files] [--dry-run]");
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    // After every applied PCD, the phase's review report is (re)written (spec §3.7, FR-R01).
    const reports: string[] = [];
    const r = runUpdate(ctx, args, {
      dryRun: Boolean(flags.dryRun),
      afterUpdate: (c, result) => {
        const phases = [...new Set(result.documents.filter((d) => d.kind === "pcd").map((d) => d.phase))].sort((a, b) => a - b);
        for (const phase of phases) reports.push(displayPath(c.repo, writeReviewReport(c, { phase }).path));
      },
    });
    // Each AgentMemory's reported pitfalls that were known before it, and whether its task was shown them.
    const documents = r.documents.map((d) => (d.kind === "agent-memory" && d.task_id && d.pitfalls.length ? { ...d, known_pitfalls: knownPitfalls(ctx, { task_id: d.task_id, loadout_used: d.loadout_used }, d.pitfalls.map((p) => p.from), d.session) } : d));
    r.documents = documents;
    return {
      json: {
        ok: true,
        dry_run: r.dryRun,
        documents,
        nodes: r.nodes,
        files: r.files,
        graph: r.graph && { written: r.graph.written, graph_version: r.graph.graphVersion, node_count: r.graph.nodeCount, edge_count: r.graph.edgeCount },
        recovered: r.recovered && { rolled_forward: r.recovered.rolledForward, discarded: r.recovered.discarded },
        warnings: r.warnings,
        config_warnings: ctx.cfg.warnings,
        review_reports: reports,
      },
      text: text(r) + reports.map((p) => `\nreview report: ${p}`).join(""),
      notes: [...ctx.cfg.warnings, ...r.warnings].map((w) => `warning: ${w}`),
    };
  },
};
