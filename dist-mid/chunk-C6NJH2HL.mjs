import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  changesLine,
  nextStage,
  stageLabel
} from "./chunk-SJTEM7VQ.mjs";
import {
  formatProblem
} from "./chunk-C3ZMY3KT.mjs";

// core/orchestrator/view.ts
var ACTION_HELP = {
  approve: {
    cli: "akms orchestrate approve",
    what: (s) => {
      const n = safeNext(s);
      return n ? `approve, then run ${n}` : "approve and finish the run";
    }
  },
  reject: { cli: "akms orchestrate reject --reason R", what: () => "reject with a reason (fix, then `next` runs the stage again)" },
  edit: { cli: "akms orchestrate edit [N|PATH]", what: () => "list / open the artifacts in $EDITOR" },
  abort: { cli: "akms orchestrate abort [--reason R]", what: () => "stop here; everything is kept for `resume`" },
  next: { cli: "akms orchestrate next", what: (s) => `run ${stageLabel(s.current)}${s.status === "failed" || s.status === "rejected" ? " again" : ""}` },
  resume: { cli: "akms orchestrate resume", what: (s) => `continue at ${stageLabel(s.current)} (${s.resume_status ?? "pending"})` }
};
function safeNext(s) {
  try {
    const n = nextStage(s.current, s.phases);
    return n ? stageLabel(n) : null;
  } catch {
    return null;
  }
}
var HEALTH_SHORT = {
  tentative: "tentative",
  degraded: "degraded",
  flagged: "flagged",
  dedup_events: "dedup",
  drift: "drift",
  id_collisions: "id collisions",
  orphans: "orphans",
  stale: "stale",
  blocked_tasks: "blocked tasks",
  orphaned_overlay: "orphaned overlay",
  pitfalls: "pitfalls",
  unanchored_pitfalls: "unanchored pitfalls",
  edge_problems: "edge problems",
  compile_warnings: "compile warnings"
};
function healthLine(h) {
  const parts = Object.entries(h).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${HEALTH_SHORT[k] ?? k}`);
  return parts.length ? parts.join(" \xB7 ") : "nothing to report";
}
function akmsLines(a, limit = 8) {
  const c = a.changes;
  const lines = [changesLine(c, a.new_pitfalls.length)];
  for (const n of c.added.slice(0, limit)) lines.push(`  + ${n.id} (${n.status}${n.confidence !== null ? `, ${n.confidence}` : ""}, ${n.origin})`);
  if (c.added.length > limit) lines.push(`  + \u2026 ${c.added.length - limit} more`);
  for (const n of c.removed.slice(0, limit)) lines.push(`  - ${n}`);
  for (const n of c.status_changed.slice(0, limit)) lines.push(`  ~ ${n.id}: ${n.from} \u2192 ${n.to}`);
  for (const n of c.confidence_changed.slice(0, limit)) lines.push(`  ~ ${n.id}: confidence ${n.from ?? "?"} \u2192 ${n.to ?? "?"}`);
  if (c.confidence_changed.length > limit) lines.push(`  ~ \u2026 ${c.confidence_changed.length - limit} more confidence changes`);
  for (const p of a.new_pitfalls.slice(0, limit)) lines.push(`  ! pitfall ${p.from} \u2192 ${p.to}${p.weight !== null ? ` (${p.weight})` : ""}: ${p.note.split("\n")[0]}`);
  lines.push(`health: ${healthLine(a.health)} (${a.node_count} nodes, ${a.edge_count} edges)`);
  if (a.review_report) lines.push(`review report: ${a.review_report}`);
  return lines;
}
function statusText(v) {
  const s = v.state;
  const out = [];
  out.push(`akms orchestrate \u2014 plan ${s.plan_file} (branches ${s.plan_name}_phase-<N>, base ${s.base_branch})${s.phases.length ? ` \xB7 phases ${s.phases.join(", ")}` : ""}`);
  const where = `${stageLabel(s.current)} \xB7 ${s.status}${s.status === "checkpoint" && s.checkpoint ? ` #${s.checkpoint.seq}` : ""}${s.attempt > 1 ? ` \xB7 attempt ${s.attempt}` : ""}`;
  out.push(`stage: ${where}`);
  if (s.status === "aborted") out.push(`aborted while ${s.resume_status ?? "pending"}; nothing was lost`);
  if (s.rejection && s.status === "rejected") out.push(`rejected: ${s.rejection.reason}`);
  if (s.status === "running") {
    out.push(
      v.lock ? `running: pid ${v.lock.pid} holds the repository lock (\`${v.lock.command}\`, since ${v.lock.since})` : "interrupted (no akms process holds the lock): `akms orchestrate next` runs it again"
    );
  }
  if (s.status === "done") out.push("the run is complete");
  if (s.error && (s.status === "failed" || s.status === "aborted" && s.resume_status === "failed")) {
    out.push("", `Error [${s.error.code}]`, `  ${formatProblem({ file: s.error.file ?? void 0, line: s.error.line ?? void 0, field: s.error.field ?? void 0, message: s.error.message })}`);
    for (const p of s.error.problems.slice(0, 20)) out.push(`  ${formatProblem(p)}`);
    if (s.error.hint) out.push(`  \u2192 ${s.error.hint}`);
  }
  const cp = s.checkpoint;
  if (cp) {
    out.push("", `Stage output \u2014 ${cp.title} (checkpoint #${cp.seq}, ${cp.created_at})`);
    for (const l of cp.summary) out.push(`  ${l}`);
    if (cp.artifacts.length) {
      out.push("", "Artifacts");
      cp.artifacts.forEach((a, i) => out.push(`  ${String(i + 1).padStart(2)}. ${a.path}  ${a.kind}${a.editable ? "" : " (read only)"} \u2014 ${a.description}${v.edited.includes(a.path) ? "  [edited since the checkpoint]" : ""}`));
    }
    out.push("", "AKMS status (since the previous checkpoint)");
    for (const l of akmsLines(cp.akms)) out.push(`  ${l}`);
    if (cp.warnings.length) {
      out.push("", `Warnings (${cp.warnings.length})`);
      for (const w2 of cp.warnings) out.push(`  ! ${w2}`);
    }
  }
  const phases = s.phases.filter((p) => s.phase_runs[String(p)]);
  if (phases.length) {
    out.push("", "Phases");
    for (const p of phases) {
      const pr = s.phase_runs[String(p)];
      const tasks = Object.values(pr.tasks).sort((a, b) => a.task_id < b.task_id ? -1 : 1);
      out.push(`  ${p}: ${pr.branch}${pr.closed_commit ? ` (committed ${pr.closed_commit.slice(0, 7)})` : ""} \u2014 ${tasks.map((t) => `${t.task_id} ${t.status}${t.outcome ? `/${t.outcome}` : ""}`).join(", ") || "no tasks yet"}`);
    }
  }
  out.push("", "Actions");
  if (!v.actions.length) out.push("  none: the run is complete");
  const w = Math.max(0, ...v.actions.map((a) => ACTION_HELP[a].cli.length));
  for (const a of v.actions) out.push(`  ${ACTION_HELP[a].cli.padEnd(w)}  ${ACTION_HELP[a].what(s)}`);
  return out.join("\n");
}

export {
  ACTION_HELP,
  akmsLines,
  statusText
};
