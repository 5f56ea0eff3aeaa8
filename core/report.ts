// The review report (spec §3.7, UR-03, UR-06, UR-08; DESIGN §4 Review report): one screen of
// counts first, then one table per section, one line per item, with status and confidence
// (global default → local) inline and the one command that acts on the item. Written to
// knowledge/reviews/phase-<N>-review.md; the console renders the same data (reviewData).
import { join, resolve } from "node:path";
import type { Context } from "./context.js";
import type { Problem } from "./errors.js";
import { writeFileAtomic } from "./fsx.js";
import { withLock } from "./lock.js";
import { todayIso } from "./clock.js";
import { openGraph, type GraphIndex } from "./graph.js";
import { buildLocked } from "./compiler/build.js";
import { recoverPendingTransaction } from "./transaction.js";
import { collect, SECTION_ORDER, type Sections } from "./review/sections.js";
import { blockReasonText } from "./review/blocked.js";
import { latestPhase, sessionNodes, type SessionsOf } from "./review/sessions.js";
import type { NodeItem } from "./review/items.js";
import { wouldItHaveHelped, type Helped } from "./eval/helped.js";
import { oneLine, stripControl } from "./control-chars.js";
import { plural } from "./plural.js";

export type SectionName = keyof Sections;

export interface ReviewData {
  phase: number;
  graph_version: string;
  repo_id: string;
  /** The date stale nodes are measured against. */
  today: string;
  stale_node_days: number;
  summary: Record<SectionName, number>;
  sections: Sections;
  problems: Problem[];
  /** "Would it have helped?" for the phase's tasks (core/eval/helped.ts); null when not asked for (the console reads it after its first frame). */
  helped: Helped | null;
}

export const SECTION_TITLES: Record<SectionName, string> = {
  new_tentative: "New tentative nodes",
  older_tentative: "Older tentative nodes",
  dedup_events: "Dedup events",
  drafted: "Drafted",
  degraded: "Degraded confidence",
  new_pitfalls: "New pitfalls",
  unanchored_pitfalls: "Unanchored pitfalls",
  blocked_tasks: "Blocked downstream tasks",
  id_collisions: "Id collisions",
  drift: "Docstring drift",
  orphans: "Orphans",
  stale: "Stale nodes",
  orphaned_overlay: "Orphaned overlay entries",
  edge_problems: "Dangling / duplicate edges",
  compile_warnings: "Other compile warnings",
};

/** Phase of the report: the one asked for, else the latest phase among session nodes, else 0. */
export function reportPhase(graph: SessionsOf, phase?: number): number {
  return phase ?? latestPhase(graph);
}

/**
 * `graph`: the store's index of graph.json, opened (not read through: the console's first frame
 * reads the nodes, the pitfall links and the warnings). `live`: for the console, which refreshes often and shows a few items' files (see Scope.live).
 */
export function reviewData(ctx: Context, graph: GraphIndex, opts: { phase?: number; today?: string; live?: boolean; lookBack?: boolean } = {}): ReviewData {
  const phase = reportPhase(graph, opts.phase);
  const today = opts.today ?? todayIso();
  const c = collect(ctx, graph, { phase, all: false, today, live: opts.live });
  return {
    phase,
    graph_version: graph.version,
    repo_id: String(graph.attrs.repo_id ?? ""),
    today,
    stale_node_days: ctx.cfg.config.graph.stale_node_days,
    summary: Object.fromEntries(SECTION_ORDER.map((k) => [k, c.sections[k].length])) as Record<SectionName, number>,
    sections: c.sections,
    problems: c.problems,
    helped: opts.lookBack === false ? null : wouldItHaveHelped(ctx, graph, phase),
  };
}

// ── Markdown ──────────────────────────────────────────────────────────────────────────────────

/**
 * One table cell: one line, no pipes breaking the row, no control characters — and the whole
 * text (the report is a file, not a screen: nothing is cut). Prose too long for a scannable table
 * (drafts) goes into a list under it instead (`notes`).
 */
function cell(v: unknown): string {
  if (v === null || v === undefined || v === "") return "—";
  const s = oneLine(stripControl(String(v)));
  return s.replace(/\\/g, "\\\\").replace(/\|/g, "\\|");
}

/** A list under a table: one item per row that has long text, named by its row. */
function notes(title: string, items: [label: string, text: string][]): string[] {
  const kept = items.filter(([, t]) => t);
  return kept.length ? ["", `${title}:`, "", ...kept.map(([label, text]) => `- ${label}: ${cell(text)}`)] : [];
}

const code = (s: string | null | undefined) => (s ? "`" + s.replace(/`/g, "'").replace(/\|/g, "\\|") + "`" : "—");

function num(x: number | null): string {
  return x === null ? "?" : String(Math.round(x * 1000) / 1000);
}

/** "0.88 → 0.64" when the local value differs from the seed, else "0.88". */
export function confidenceText(it: { confidence_default: number | null; confidence: number | null }): string {
  if (it.confidence === null && it.confidence_default === null) return "—";
  if (it.confidence_default === null || it.confidence === null || num(it.confidence_default) === num(it.confidence)) return num(it.confidence ?? it.confidence_default);
  return `${num(it.confidence_default)} → ${num(it.confidence)}`;
}

function provenance(it: NodeItem): string {
  const parts = [it.source ?? "?"];
  if (it.origin_session) parts.push(it.origin_session);
  if (it.origin_phase !== null) parts.push(`phase ${it.origin_phase}`);
  return parts.join(" · ");
}

const action = (it: { command: string | null; fix?: string }) => (it.command ? code(it.command) : it.fix ? cell(it.fix) : "—");

function table(head: string[], rows: string[][]): string[] {
  return [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)];
}

function nodeCols(it: NodeItem): string[] {
  return [code(it.id), cell(it.title), it.status, confidenceText(it), it.origin, cell(provenance(it)), cell(it.file)];
}
const NODE_HEAD = ["Node", "Title", "Status", "Confidence", "Origin", "Provenance", "File"];

function sectionLines(name: SectionName, d: ReviewData): string[] {
  const s = d.sections;
  switch (name) {
    case "new_tentative":
    case "older_tentative":
      return table([...NODE_HEAD, "Command"], s[name].map((it) => [...nodeCols(it), action(it)]));
    case "dedup_events":
      return table(
        ["Node", "Status", "Confidence", "Session", "Score", "Dedup", "Draft", "Command"],
        s.dedup_events.map((e) => [
          code(e.id),
          e.status,
          confidenceText(e),
          cell(e.session),
          e.score === null ? "—" : String(e.score),
          e.kind === "created" ? `new node, similar to ${code(e.match)}` : e.dedup_status,
          e.draft_text ? `below (${e.session ?? "draft"})` : "—",
          e.command ? [code(e.command), ...e.alternatives.map(code)].join(" or ") : "—",
        ]),
      ).concat(notes("Drafts, in full", s.dedup_events.map((e) => [`${code(e.id)} from ${cell(e.session)}`, e.draft_text])));
    case "drafted":
      return table(["Node", "Title", "Origin", "Drafted in", "Confidence", "File", "Command"], s.drafted.map((it) => [code(it.id), cell(it.title), it.origin, it.drafted_in, confidenceText(it), cell(it.file), action(it)]));
    case "degraded":
      return table(
        ["Node", "Title", "Status", "Confidence", "Drop", "Origin", "Flags", "Command"],
        s.degraded.map((it) => [
          code(it.id),
          cell(it.title),
          it.status,
          confidenceText(it),
          it.drop ? num(it.drop) : "—",
          it.origin,
          cell(it.flags.map((f) => `${f.coverage} (${f.session})`).join(", ")),
          action(it),
        ]),
      );
    case "new_pitfalls":
      return table(
        ["Node", "Status", "Confidence", "Severity", "Session", "Pitfall"],
        s.new_pitfalls.map((p) => [code(p.from.id), p.from.status, confidenceText(p.from), p.severity, cell(p.task_id ? `${p.session} (task ${p.task_id})` : p.session), cell(p.note)]),
      );
    case "unanchored_pitfalls":
      return table(
        ["Session", "Severity", "Pitfall", "File", "What to do"],
        s.unanchored_pitfalls.map((u) => [cell(u.session), u.severity, cell(u.description), cell(u.file), cell(u.fix)]),
      );
    case "blocked_tasks":
      return table(
        ["Task", "Title", "Status", "Blocked by", "Unblock"],
        s.blocked_tasks.map((t) => [
          code(t.task_id),
          cell(t.title),
          t.status,
          cell(
            t.reasons.map((r) => blockReasonText(r, confidenceText, false)).join("; "),
          ),
          t.command ? t.unblock.map(code).join(" and ") + (t.fix ? `; ${cell(t.fix)}` : "") : cell(t.fix),
        ]),
      ).concat(
        notes(
          "Why, in full",
          s.blocked_tasks.flatMap((t) => t.reasons.flatMap((r): [string, string][] => (r.kind === "failing-test" && r.reason ? [[`${code(t.task_id)}: ${r.tests.join(", ") || "(unnamed)"}`, r.reason]] : []))),
        ),
      );
    case "id_collisions":
      return table(["Id", "Kind", "Kept", "Skipped", "What to do"], s.id_collisions.map((c) => [code(c.id), c.code === "ID_COLLISION" ? "global vs local" : "duplicate", cell(c.kept_file), cell(c.skipped_file), cell(c.fix)]));
    case "drift":
      return table(
        ["Mirror", "Status", "Source", "Function", "Line", "Drift", "Command"],
        s.drift.map((x) => [code(x.id), x.status, cell(x.source_file), cell(x.function), x.line === null ? "—" : String(x.line), cell([x.kind, x.detail].filter(Boolean).join(": ")), action(x)]),
      );
    case "orphans":
      return table([...NODE_HEAD, "What to do"], s.orphans.map((it) => [...nodeCols(it), cell(it.fix)]));
    case "stale":
      return table([...NODE_HEAD, "Last activated", "Command"], s.stale.map((it) => [...nodeCols(it), `${it.last_activated} (${it.days} days)`, action(it)]));
    case "orphaned_overlay":
    case "edge_problems":
    case "compile_warnings":
      return table(["Code", "Node / edge", "File", "Problem", "What to do"], s[name].map((w) => [w.code.toLowerCase(), cell(w.node ?? (w.source ? `${w.source} → ${w.target}` : null)), cell(w.file), cell(w.message), cell(w.fix)]));
  }
}

/** How many items wait for a person's decision: the tentative nodes (new and older), the dedup events that can be decided, the blocked tasks. */
export function awaitingDecision(d: ReviewData): number {
  return d.summary.new_tentative + d.summary.older_tentative + d.sections.dedup_events.filter((e) => e.command).length + d.summary.blocked_tasks;
}

/** The report's Markdown; `helped`: the phase's look back (core/eval/helped.ts), a section of the report alone. */
export function renderReviewReport(data: ReviewData): string {
  const helped = data.helped;
  const actionable = awaitingDecision(data);
  const lines: string[] = [
    `# Review — phase ${data.phase}`,
    "",
    `Repository \`${cell(data.repo_id || "?")}\` · graph_version \`${data.graph_version}\` · ${plural(actionable, "item")} ${actionable === 1 ? "awaits" : "await"} a decision.`,
    `Confidence reads *global default → this repository*. Run the command on a line to act on it; \`akms undo\` reverts the last action.`,
    "",
    "## Summary",
    "",
    ...table(
      ["Section", "Items"],
      SECTION_ORDER.map((k) => [data.summary[k] ? `[${SECTION_TITLES[k]}](#${anchor(SECTION_TITLES[k])})` : SECTION_TITLES[k], String(data.summary[k])]),
    ),
  ];
  if (data.problems.length) lines.push("", `${plural(data.problems.length, "file")} could not be read for this report (see the end).`);
  if (helped?.tasks.length) lines.push(...helpedLines(helped));
  for (const k of SECTION_ORDER) {
    lines.push("", `## ${SECTION_TITLES[k]}`, "");
    if (k === "stale") lines.push(`Not activated for more than ${data.stale_node_days} days before ${data.today}.`, "");
    if (!data.sections[k].length) lines.push("None.");
    else lines.push(...sectionLines(k, data));
  }
  if (data.problems.length) {
    lines.push("", "## Could not read", "");
    for (const p of data.problems) lines.push(`- ${cell(p.file)}${p.line ? `:${p.line}` : ""}: ${cell(p.message)}`);
  }
  return lines.join("\n") + "\n";
}

/** "Would it have helped?": per task of the phase, and the phase's totals. */
function helpedLines(h: Helped): string[] {
  const pct = (x: number | null) => (x === null ? "—" : `${Math.round(x * 100)} %`);
  const lines = [
    "",
    "## Would it have helped?",
    "",
    (h.helpful_recall === null
      ? "Nothing says what this phase's agents were shown (no loadout or impression of their tasks). "
      : `Of what this phase's agents marked useful, ${pct(h.helpful_recall)} was in what they were shown (their loadouts; the impression log when there is one). `) +
      (h.rebit === 0
        ? "No reported pitfall was one reported before its task."
        : `${plural(h.rebit, "reported pitfall")} ${h.rebit === 1 ? "was" : "were"} the same as one reported before the task: ${h.rebit_loaded} of them loaded (memory ignored), ${h.rebit - h.rebit_loaded} not (memory missing).`),
    "",
    ...table(
      ["Task", "Useful shown", "Pitfalls that bit again", "Gaps"],
      h.tasks.map((t) => [
        cell(t.task_id),
        t.useful_shown === null ? `— of ${t.useful} (nothing says what it was shown)` : `${t.useful_shown} of ${t.useful}`,
        t.rebit.length ? t.rebit.map((r) => `${r} (${t.rebit_shown === null ? "?" : t.rebit_shown.includes(r) ? "loaded" : "not loaded"})`).join(", ") : "—",
        t.gaps.length ? t.gaps.join(", ") : "—",
      ]),
    ),
  ];
  if (h.recurring_gaps.length) lines.push("", `Recurring gaps (reported by more than one task): ${h.recurring_gaps.join(", ")}.`);
  if (h.gaps_promoted.length) lines.push("", `Gaps of this phase now established nodes: ${h.gaps_promoted.join(", ")}.`);
  return lines;
}

function anchor(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, "")
    .replace(/ /g, "-");
}

export interface WrittenReport {
  /** Where it was written; "-" when it went to standard output (the caller prints `text`). */
  path: string;
  written: boolean;
  phase: number;
  summary: Record<SectionName, number>;
  /** The items awaiting a decision (awaitingDecision), as the report's first line says. */
  awaiting: number;
  graph_version: string;
  /** The phases the repository's session nodes name (a report for another phase is empty). */
  known_phases: number[];
  /** The Markdown, when it was not written to a file (out "-"). */
  text?: string;
}

/**
 * The report. To standard output (`out` "-") it is a read, of the graph its caller settled (a CLI
 * reader's freshness test: it answers in a read-only checkout too); to a file it recompiles (cheap
 * when nothing changed) and writes under the lock, unchanged bytes not rewritten.
 */
export function writeReviewReport(ctx: Context, opts: { phase?: number; out?: string; cwd?: string; today?: string } = {}): WrittenReport {
  if (opts.out === "-") {
    const r = reportOf(ctx, opts);
    return { ...r.base, path: "-", written: false, text: renderReviewReport(r.data) };
  }
  return withLock(ctx.paths.lock, () => {
    recoverPendingTransaction(ctx, () => buildLocked(ctx));
    buildLocked(ctx);
    const { base, data } = reportOf(ctx, opts);
    const path = opts.out ? resolve(opts.cwd ?? process.cwd(), opts.out) : join(ctx.paths.reviews, `phase-${data.phase}-review.md`);
    const written = writeFileAtomic(path, renderReviewReport(data));
    return { ...base, path, written };
  });
}

function reportOf(ctx: Context, opts: { phase?: number; today?: string }) {
  const graph = openGraph(ctx.paths);
  const data = reviewData(ctx, graph, { phase: opts.phase, today: opts.today });
  const known = [...new Set(sessionNodes(graph).filter((n) => typeof n.phase === "number").map((n) => n.phase as number))].sort((a, b) => a - b);
  return { data, base: { phase: data.phase, summary: data.summary, awaiting: awaitingDecision(data), graph_version: data.graph_version, known_phases: known } };
}
