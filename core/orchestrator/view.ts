// The checkpoint as text — what `akms orchestrate status` prints for people and scripts without a
// terminal UI: the stage output, the AKMS status, the warnings and the action menu. The console's
// Checkpoint screen shows the same parts from the same state.
import { formatProblem } from "../errors.js";
import { changesLine } from "./snapshot.js";
import type { StatusView } from "./runner.js";
import type { HealthSections } from "../health.js";
import { stageLabel, STAGE_TITLES, type ActionId, type AkmsStatus, type OrchestratorState } from "./types.js";
import { nextStage } from "./machine.js";
import { plural } from "../plural.js";

export const ACTION_HELP: Record<ActionId, { cli: string; what: (s: OrchestratorState) => string }> = {
  approve: {
    cli: "akms orchestrate approve",
    what: (s) => {
      const n = safeNext(s);
      return n ? `approve, then run ${n}` : "approve and finish the run";
    },
  },
  reject: { cli: "akms orchestrate reject --reason R", what: () => "reject with a reason (fix, then `next` runs the stage again)" },
  edit: { cli: "akms orchestrate edit [N|PATH]", what: () => "list / open the artifacts in $EDITOR" },
  abort: { cli: "akms orchestrate abort [--reason R]", what: () => "stop here; everything is kept for `resume`" },
  next: { cli: "akms orchestrate next", what: (s) => `run ${stageLabel(s.current)}${s.status === "failed" || s.status === "rejected" ? " again" : ""}` },
  resume: { cli: "akms orchestrate resume", what: (s) => `continue at ${stageLabel(s.current)} (${s.resume_status ?? "pending"})` },
};

function safeNext(s: OrchestratorState): string | null {
  try {
    const n = nextStage(s.current, s.phases);
    return n ? stageLabel(n) : null;
  } catch {
    return null;
  }
}

/** Each health section's count as a noun, one and many (`akms status` has the sections' titles). */
const HEALTH_NOUNS: Record<keyof HealthSections, [string, string]> = {
  degraded: ["degraded", "degraded"],
  flagged: ["flagged", "flagged"],
  tentative: ["tentative", "tentative"],
  dedup_events: ["dedup event", "dedup events"],
  drift: ["drift", "drift"],
  id_collisions: ["id collision", "id collisions"],
  orphans: ["orphan", "orphans"],
  islands: ["island", "islands"],
  stale: ["stale", "stale"],
  blocked_tasks: ["blocked task", "blocked tasks"],
  orphaned_overlay: ["orphaned overlay entry", "orphaned overlay entries"],
  pitfalls: ["pitfall", "pitfalls"],
  unanchored_pitfalls: ["unanchored pitfall", "unanchored pitfalls"],
  edge_problems: ["edge problem", "edge problems"],
  compile_warnings: ["compile warning", "compile warnings"],
};

export function healthLine(h: Record<string, number>): string {
  const parts = Object.entries(h)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => {
      const [one, many] = HEALTH_NOUNS[k as keyof HealthSections] ?? [k, k];
      return plural(n, one, many);
    });
  return parts.length ? parts.join(" · ") : "nothing to report";
}

export function akmsLines(a: AkmsStatus, limit = 8): string[] {
  const c = a.changes;
  if (a.graph === false) return ["no compiled graph to report on (see the warnings)", ...(a.review_report ? [`review report: ${a.review_report}`] : [])];
  const lines = [changesLine(c, a.new_pitfalls.length)];
  for (const n of c.added.slice(0, limit)) lines.push(`  + ${n.id} (${n.status}${n.confidence !== null ? `, ${n.confidence}` : ""}, ${n.origin})`);
  if (c.added.length > limit) lines.push(`  + … ${c.added.length - limit} more`);
  for (const n of c.removed.slice(0, limit)) lines.push(`  - ${n}`);
  for (const n of c.status_changed.slice(0, limit)) lines.push(`  ~ ${n.id}: ${n.from} → ${n.to}`);
  for (const n of c.confidence_changed.slice(0, limit)) lines.push(`  ~ ${n.id}: confidence ${n.from ?? "?"} → ${n.to ?? "?"}`);
  if (c.confidence_changed.length > limit) lines.push(`  ~ … ${c.confidence_changed.length - limit} more confidence changes`);
  for (const p of a.new_pitfalls.slice(0, limit)) lines.push(`  ! pitfall ${p.from} → ${p.to}${p.weight !== null ? ` (${p.weight})` : ""}: ${p.note.split("\n")[0]}`);
  lines.push(`health: ${healthLine(a.health)} (${plural(a.node_count, "node")}, ${plural(a.edge_count, "edge")})`);
  if (a.review_report) lines.push(`review report: ${a.review_report}`);
  return lines;
}

export function statusText(v: StatusView): string {
  const s = v.state;
  const out: string[] = [];
  out.push(`akms orchestrate — plan ${s.plan_file} (branches ${s.plan_name}_phase-<N>, base ${s.base_branch})${s.phases.length ? ` · phases ${s.phases.join(", ")}` : ""}`);
  const where = `${stageLabel(s.current)} · ${s.status}${s.status === "checkpoint" && s.checkpoint ? ` #${s.checkpoint.seq}` : ""}${s.attempt > 1 ? ` · attempt ${s.attempt}` : ""}`;
  out.push(`stage: ${where}`);
  if (s.status === "aborted") out.push(`aborted while ${s.resume_status ?? "pending"}; nothing was lost`);
  if (s.rejection && s.status === "rejected") out.push(`rejected: ${s.rejection.reason}`);
  if (s.status === "running") {
    out.push(
      v.lock
        ? `running: pid ${v.lock.pid} holds the repository lock (\`${v.lock.command}\`, since ${v.lock.since})`
        : "interrupted (no akms process holds the lock): `akms orchestrate next` runs it again",
    );
  }
  if (s.status === "done") out.push("the run is complete");

  if (s.error && (s.status === "failed" || (s.status === "aborted" && s.resume_status === "failed"))) {
    out.push("", `Error [${s.error.code}]`, `  ${formatProblem({ file: s.error.file ?? undefined, line: s.error.line ?? undefined, field: s.error.field ?? undefined, message: s.error.message })}`);
    for (const p of s.error.problems.slice(0, 20)) out.push(`  ${formatProblem(p)}`);
    if (s.error.hint) out.push(`  → ${s.error.hint}`);
  }

  const cp = s.checkpoint;
  if (cp) {
    out.push("", `Stage output — ${cp.title} (checkpoint #${cp.seq}, ${cp.created_at})`);
    for (const l of cp.summary) out.push(`  ${l}`);
    if (cp.artifacts.length) {
      out.push("", "Artifacts");
      cp.artifacts.forEach((a, i) => out.push(`  ${String(i + 1).padStart(2)}. ${a.path}  ${a.kind}${a.editable ? "" : " (read only)"} — ${a.description}${v.edited.includes(a.path) ? "  [edited since the checkpoint]" : ""}`));
    }
    out.push("", "AKMS status (since the previous checkpoint)");
    for (const l of akmsLines(cp.akms)) out.push(`  ${l}`);
    if (cp.warnings.length) {
      out.push("", `Warnings (${cp.warnings.length})`);
      for (const w of cp.warnings) out.push(`  ! ${w}`);
    }
  }

  const phases = s.phases.filter((p) => s.phase_runs[String(p)]);
  if (phases.length) {
    out.push("", "Phases");
    for (const p of phases) {
      const pr = s.phase_runs[String(p)]!;
      const tasks = Object.values(pr.tasks).sort((a, b) => (a.task_id < b.task_id ? -1 : 1));
      out.push(`  ${p}: ${pr.branch}${pr.closed_commit ? ` (committed ${pr.closed_commit.slice(0, 7)})` : ""} — ${tasks.map((t) => `${t.task_id} ${t.status}${t.outcome ? `/${t.outcome}` : ""}`).join(", ") || "no tasks yet"}`);
    }
  }

  out.push("", "Actions");
  if (!v.actions.length) out.push("  none: the run is complete");
  const w = Math.max(0, ...v.actions.map((a) => ACTION_HELP[a].cli.length));
  for (const a of v.actions) out.push(`  ${ACTION_HELP[a].cli.padEnd(w)}  ${ACTION_HELP[a].what(s)}`);
  return out.join("\n");
}

export { STAGE_TITLES };
