// The sections of the review gate (spec §3.7, §5.7; DESIGN §4 Review report), computed once from
// the compiled graph and the files beside it, and shared by `akms status` (every item, all
// phases) and the review report (what phase N brought, plus what still needs a decision).
import { journalPromotions, promotedOutsideReview } from "./self-promotion.js";
import { join } from "node:path";
import type { Context } from "../context.js";
import { fileError, type Problem } from "../errors.js";
import { readTextIfExists } from "../fsx.js";
import { todayIso } from "../clock.js";
import type { BuildWarning, GNode, GraphIndex } from "../graph.js";
import { parseFrontmatter } from "../frontmatter.js";
import { parseDedupSections, sectionDraft, withoutSections } from "./dedup-sections.js";
import { NodeFiles } from "../node-files.js";
import { bareItem, domainNodes, FileResolver, GLOBAL_PROMOTION, nodeItem, withFields, type NodeItem } from "./items.js";
import { cachedByStat } from "../store/memo.js";
import { DEDUP_TEXT, primeDedupIndex } from "./dedup-index.js";
import { jaccard, nodeDedupText, tokens } from "../update/dedup.js";
import { round6 } from "../update/confidence.js";
import { readSessions, type CoverageFlag, type SessionInfo, type Unanchored } from "./sessions.js";
import { blockedTasks, type BlockedTaskItem } from "./blocked.js";
import { severityOfWeight } from "../schemas/vocabulary.js";
import { overlayDrafts } from "../overlay-file.js";
import { readJournal, standingActions, type JournalEntry } from "./journal.js";
import { displayPath } from "../paths.js";
import { nearestIds } from "../suggest.js";

export type { NodeItem, BlockedTaskItem, CoverageFlag };

export interface DedupEventItem extends NodeItem {
  session: string | null;
  phase: number | null;
  score: number | null;
  /** pending | accepted (appended sections); for a node created beside a global near-duplicate: created. */
  dedup_status: string;
  kind: "appended" | "created";
  /** The node the draft was found similar to (the node itself for an appended section). */
  match: string | null;
  suggested_id: string | null;
  /** The node's own text (without dedup sections) — the left side of a side-by-side view. */
  existing_text: string;
  /** The draft that was appended (or that became the new node). */
  draft_text: string;
  /** The other command that decides this event. */
  alternatives: string[];
}

export interface DegradedItem extends NodeItem {
  /** confidence_default − confidence (0 when only flagged). */
  drop: number;
  flags: CoverageFlag[];
}

export interface PitfallItem {
  from: NodeItem;
  session: string;
  phase: number | null;
  weight: number;
  severity: string;
  note: string;
  /** The task that reported it, when the pitfall carries several reports (else its session says). */
  task_id: string | null;
  session_file: string | null;
  command: string | null;
}

export interface UnanchoredItem extends Unanchored {
  command: string | null;
  fix: string;
}

export interface CollisionItem {
  id: string;
  code: "ID_COLLISION" | "DUPLICATE_ID";
  /** The file that wins (in the graph) and the one that is skipped. */
  kept_file: string | null;
  skipped_file: string | null;
  message: string;
  command: string | null;
  fix: string;
}

export interface DriftItem extends NodeItem {
  source_file: string | null;
  function: string | null;
  kind: string | null;
  detail: string | null;
  line: number | null;
  fix: string;
}

export interface OrphanItem extends NodeItem {
  fix: string;
}

export interface StaleItem extends NodeItem {
  last_activated: string;
  days: number;
}

export interface WarningItem {
  code: string;
  node: string | null;
  source: string | null;
  target: string | null;
  type: string | null;
  file: string | null;
  message: string;
  command: string | null;
  fix: string;
}

export interface Sections {
  new_tentative: NodeItem[];
  /** Local tentative nodes still awaiting review that another phase (or a person, by hand) brought; empty for `akms status`, whose tentative section holds every one. */
  older_tentative: NodeItem[];
  dedup_events: DedupEventItem[];
  /** Nodes drafted in this repository (a local node's status, a global node's overlay override), with undraft. */
  drafted: DraftedItem[];
  degraded: DegradedItem[];
  new_pitfalls: PitfallItem[];
  unanchored_pitfalls: UnanchoredItem[];
  blocked_tasks: BlockedTaskItem[];
  id_collisions: CollisionItem[];
  drift: DriftItem[];
  orphans: OrphanItem[];
  stale: StaleItem[];
  orphaned_overlay: WarningItem[];
  edge_problems: WarningItem[];
  /** Compile warnings not covered above (missing content_ref, missing content_draft, …). */
  compile_warnings: WarningItem[];
}

export const SECTION_ORDER: (keyof Sections)[] = [
  "new_tentative",
  "older_tentative",
  "dedup_events",
  "drafted",
  "degraded",
  "new_pitfalls",
  "unanchored_pitfalls",
  "blocked_tasks",
  "id_collisions",
  "drift",
  "orphans",
  "stale",
  "orphaned_overlay",
  "edge_problems",
  "compile_warnings",
];

export interface DraftedItem extends NodeItem {
  /** Where the decision is written: the local node file's status, or the overlay's override of a global node. */
  drafted_in: "node file" | "overlay";
}

export interface Scope {
  /** The phase whose new items are listed. */
  phase: number;
  /** true (`akms status`): every item of every phase; false (review report): what phase N brought. */
  all: boolean;
  /** "Today" for stale nodes (YYYY-MM-DD); default: the clock (SOURCE_DATE_EPOCH honoured). */
  today?: string;
  /**
   * A long-lived caller (the console) that refreshes often: what files yield is kept while they
   * stay the same (core/store/memo.ts).
   */
  live?: boolean;
}

export interface Collected {
  sections: Sections;
  sessions: SessionInfo[];
  problems: Problem[];
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byId = <T extends { id: string }>(a: T, b: T) => cmp(a.id, b.id);

function days(from: string, to: string): number {
  const a = Date.parse(from.slice(0, 10) + "T00:00:00Z");
  const b = Date.parse(to.slice(0, 10) + "T00:00:00Z");
  return Number.isFinite(a) && Number.isFinite(b) ? Math.round((b - a) / 86_400_000) : 0;
}

function warningItem(w: BuildWarning, command: string | null, fix: string): WarningItem {
  return {
    code: w.code,
    node: w.node ?? null,
    source: w.source ?? null,
    target: w.target ?? null,
    type: w.type ?? null,
    file: w.file ?? null,
    message: w.message,
    command,
    fix,
  };
}

function dedupEvents(ctx: Context, graph: GraphIndex, files: FileResolver, scope: Scope, phaseOf: (s: string | null) => number | null, sessions: SessionInfo[], problems: Problem[]): DedupEventItem[] {
  const out: DedupEventItem[] = [];
  if (scope.live === true) primeDedupIndex(ctx);
  for (const f of new NodeFiles(ctx).local.listing()) {
    const text = cachedByStat(scope.live === true, DEDUP_TEXT, f.file, (file) => {
      let t: string | null;
      try {
        t = readTextIfExists(file);
      } catch (e) {
        // A looping link, a file that cannot be read: named here (the compile refuses it too).
        const why = fileError(e, f.shown);
        if (!why) throw e;
        problems.push({ file: f.shown, message: why.message, hint: why.hint });
        return null;
      }
      return t !== null && t.includes("akms:dedup") ? t : null;
    });
    if (text === null) continue;
    const sections = parseDedupSections(text);
    if (!sections.length) continue;
    let id: string;
    let existing: string;
    try {
      const fm = parseFrontmatter(text, f.shown);
      id = String(fm.data.id);
      existing = parseFrontmatter(withoutSections(text), f.shown).body.trim();
    } catch (e) {
      problems.push({ file: f.shown, message: `dedup sections of an unreadable node: ${(e as Error).message}` });
      continue;
    }
    const n = graph.nodes.get(id);
    const pending = sections.filter((s) => s.status === "pending");
    for (const s of sections) {
      const phase = phaseOf(s.session);
      if (!scope.all && phase !== scope.phase && s.status !== "pending") continue;
      if (!scope.all && phase !== scope.phase && phase !== null && phase > scope.phase) continue;
      const arg = pending.length > 1 && s.session ? ` ${s.session}` : "";
      const isPending = s.status === "pending";
      const base = n && n.node_origin === "local" ? nodeItem(n, files, null) : bareItem(id, "local", f.shown, null);
      const { draft, suggestedId } = sectionDraft(s);
      out.push(
        withFields(base, {
          file: f.shown,
          command: isPending ? `akms dedup accept ${id}${arg}` : null,
          session: s.session,
          phase,
          score: s.score,
          dedup_status: s.status,
          kind: "appended" as const,
          match: id,
          suggested_id: suggestedId,
          existing_text: existing,
          draft_text: draft,
          alternatives: isPending ? [`akms dedup reject ${id}${arg}`] : [],
        }),
      );
    }
  }
  // A draft close to a global node became a new local node (global files are never appended to).
  for (const s of sessions) {
    if (!scope.all && s.phase !== scope.phase) continue;
    for (const k of s.knowledge) {
      if (k.action !== "created" || k.match === null) continue;
      const n = graph.nodes.get(k.node);
      if (!n) continue;
      const tentative = n.status === "tentative";
      const matched = graph.nodes.get(k.match);
      const rel = files.localFile(k.node);
      const nodeText = rel ? readTextIfExists(join(ctx.repo, rel)) : null;
      let draft = "";
      if (nodeText) {
        try {
          draft = parseFrontmatter(nodeText, k.node).body.trim();
        } catch {
          /* shown without text */
        }
      }
      out.push(
        withFields(nodeItem(n, files, tentative ? `akms promote ${n.id}` : null), {
          session: s.id,
          phase: s.phase,
          score: k.score,
          dedup_status: tentative ? "created" : String(n.status),
          kind: "created" as const,
          match: k.match,
          suggested_id: k.suggested_id,
          existing_text: matched ? `${matched.title} (${k.match_origin ?? "global"} node ${k.match}; its file: ${files.fileOf(matched) ?? "not found"})` : k.match,
          draft_text: draft,
          alternatives: tentative ? [`akms draft ${n.id}`] : [],
        }),
      );
    }
  }
  out.push(...nearDuplicates(ctx, graph, files, sessions));
  out.push(...rejectedEvents(ctx, graph, files, scope, phaseOf, problems));
  out.sort((a, b) => (a.dedup_status === "pending" ? 0 : 1) - (b.dedup_status === "pending" ? 0 : 1) || byId(a, b) || cmp(a.session ?? "", b.session ?? ""));
  return out;
}

/**
 * Near-duplicates: two sessions' new nodes in one domain whose texts score above the dedup
 * threshold, both created with no match — which a sequential update never does (the later draft
 * would have been appended to the earlier node), so they came from two branches merged (or a
 * lowered threshold). Each pair is listed once, on the later node while it is tentative (the
 * canonical order: the session's date, then its id): draft it to keep it out, or promote it to keep both.
 */
function nearDuplicates(ctx: Context, graph: GraphIndex, files: FileResolver, sessions: SessionInfo[]): DedupEventItem[] {
  const threshold = ctx.cfg.config.graph.dedup_threshold;
  const byDomain = new Map<string, { node: GNode; session: SessionInfo; at: string }[]>();
  for (const s of sessions) {
    for (const k of s.knowledge) {
      // A reviewer's rejection made this node of a draft: decided to be other knowledge.
      const n = k.action === "created" && k.match === null && k.rejected_from === null ? graph.nodes.get(k.node) : undefined;
      if (!n || n.node_origin !== "local") continue;
      const domain = String(n.domain ?? "");
      const list = byDomain.get(domain) ?? [];
      byDomain.set(domain, list);
      list.push({ node: n, session: s, at: `${s.date ?? ""}\0${s.id}` });
    }
  }
  const out: DedupEventItem[] = [];
  for (const list of byDomain.values()) {
    if (list.length < 2 || !list.some((e) => e.node.status === "tentative")) continue;
    list.sort((a, b) => cmp(a.at, b.at) || cmp(a.node.id, b.node.id));
    const texts = list.map((e) => {
      const rel = files.localFile(e.node.id);
      const text = rel ? readTextIfExists(join(ctx.repo, rel)) : null;
      return { text, tokens: tokens(nodeDedupText(String(e.node.title ?? e.node.id), text)) };
    });
    list.forEach((later, j) => {
      if (later.node.status !== "tentative") return;
      let best: { i: number; score: number } | null = null;
      for (let i = 0; i < j; i++) {
        if (list[i]!.node.id === later.node.id) continue;
        const score = jaccard(texts[j]!.tokens, texts[i]!.tokens);
        if (score > threshold && (!best || score > best.score)) best = { i, score };
      }
      if (!best) return;
      const earlier = list[best.i]!.node;
      const body = (text: string | null) => {
        try {
          return text === null ? "" : parseFrontmatter(text, "node").body.trim();
        } catch {
          return "";
        }
      };
      out.push(
        withFields(nodeItem(later.node, files, `akms draft ${later.node.id}`), {
          session: later.session.id,
          phase: later.session.phase,
          score: round6(best.score),
          dedup_status: "near-duplicate",
          kind: "created" as const,
          match: earlier.id,
          suggested_id: later.node.id,
          existing_text: body(texts[best.i]!.text),
          draft_text: body(texts[j]!.text),
          alternatives: [`akms promote ${later.node.id}`],
        }),
      );
    });
  }
  return out;
}

/**
 * The phase's rejected dedup merges, from the review journal (a rejected section leaves the node
 * it was appended to, so its file no longer says): kept as decided, with the node the draft became.
 */
function rejectedEvents(ctx: Context, graph: GraphIndex, files: FileResolver, scope: Scope, phaseOf: (s: string | null) => number | null, problems: Problem[]): DedupEventItem[] {
  let entries: JournalEntry[];
  try {
    entries = readJournal(ctx).entries;
  } catch (e) {
    problems.push({ file: displayPath(ctx.repo, ctx.paths.reviewLog), message: `the review journal cannot be read, so rejected dedup merges are not listed: ${(e as Error).message}` });
    return [];
  }
  const out: DedupEventItem[] = [];
  for (const e of standingActions(entries)) {
    if (e.action !== "dedup-reject" || !e.dedup) continue;
    const phase = phaseOf(e.dedup.session);
    if (!scope.all && phase !== scope.phase) continue;
    const n = graph.nodes.get(e.id);
    const base = n && n.node_origin === "local" ? nodeItem(n, files, null) : bareItem(e.id, "local", e.files[0]?.path ?? "", null);
    const became = e.dedup.node ? graph.nodes.get(e.dedup.node) : undefined;
    out.push(
      withFields(base, {
        session: e.dedup.session,
        phase,
        score: e.dedup.score,
        dedup_status: "rejected",
        kind: "appended" as const,
        match: e.id,
        suggested_id: e.dedup.node,
        existing_text: n ? String(n.title ?? e.id) : e.id,
        draft_text: e.dedup.node ? `Rejected (${e.at}): the draft became its own node ${e.dedup.node}${became ? ` (${became.status})` : " (no longer in the graph)"}.` : `Rejected (${e.at}).`,
        alternatives: [],
      }),
    );
  }
  return out;
}

type PhaseOf = (session: string | null) => number | null;
type InPhase = (phase: number | null) => boolean;

/** Degraded: confidence below the seed, or flagged missing-detail / outdated by this phase's evidence. */
/** The command for a degraded or stale node: draft it, or — drafted here already — undraft it. */
function draftCommand(n: GNode, draftedHere: ReadonlySet<string>): string | null {
  if (draftedHere.has(n.id)) return `akms undraft ${n.id}`;
  return n.status === "draft" || n.status === "deprecated" ? null : `akms draft ${n.id}`;
}

function degradedItems(nodes: GNode[], sessions: SessionInfo[], inPhase: InPhase, files: FileResolver, draftedHere: ReadonlySet<string>): DegradedItem[] {
  const flagsByNode = new Map<string, CoverageFlag[]>();
  for (const s of sessions) {
    if (!inPhase(s.phase)) continue;
    for (const f of s.flags) {
      const l = flagsByNode.get(f.node) ?? [];
      l.push(f);
      flagsByNode.set(f.node, l);
    }
  }
  const degraded: DegradedItem[] = [];
  for (const n of nodes) {
    const c = typeof n.confidence === "number" ? n.confidence : null;
    const d = typeof n.confidence_default === "number" ? n.confidence_default : null;
    const drop = c !== null && d !== null && c < d ? Math.round((d - c) * 1e6) / 1e6 : 0;
    const flags = flagsByNode.get(n.id) ?? [];
    if (drop > 0 || flags.length) degraded.push(withFields(nodeItem(n, files, draftCommand(n, draftedHere)), { drop, flags }));
  }
  return degraded.sort((a, b) => b.drop - a.drop || byId(a, b));
}

/** Pitfalls: edges to session nodes, one item per report. */
function pitfallItems(graph: GraphIndex, files: FileResolver, phaseOf: PhaseOf, inPhase: InPhase): PitfallItem[] {
  const pitfalls: PitfallItem[] = [];
  for (const l of graph.pitfalls()) {
    const target = graph.nodes.get(l.target);
    const from = graph.nodes.get(l.source);
    if (!target || !from || target.domain !== "session") continue;
    const phase = phaseOf(l.target);
    if (!inPhase(phase)) continue;
    const note = typeof l.note === "string" ? l.note : "";
    // One item per report: a pitfall several agents reported lists each of them (never merged).
    const reports = l.reports?.length ? l.reports : [{ weight: l.weight, severity: severityOfWeight(l.weight), note, task_id: undefined }];
    const fromItem = nodeItem(from, files, null);
    // Found on first read, as nodeItem's file. (No spread in this literal: V8 then puts the
    // accessor after the other keys, and the JSON would change.)
    let sessionFile: string | null | undefined;
    for (const r of reports) {
      pitfalls.push({
        from: fromItem,
        session: l.target,
        phase,
        weight: r.weight,
        severity: r.severity,
        note: r.note,
        task_id: r.task_id ?? null,
        get session_file() {
          if (sessionFile === undefined) sessionFile = files.fileOf(target);
          return sessionFile;
        },
        set session_file(v: string | null) {
          sessionFile = v;
        },
        command: null,
      });
    }
  }
  return pitfalls.sort((a, b) => b.weight - a.weight || cmp(a.from.id, b.from.id) || cmp(a.session, b.session));
}

/** Compile warnings, each in its section. */
function warningSections(graph: GraphIndex, files: FileResolver): { collisions: CollisionItem[]; orphanedOverlay: WarningItem[]; edgeProblems: WarningItem[]; otherWarnings: WarningItem[] } {
  const collisions: CollisionItem[] = [];
  const orphanedOverlay: WarningItem[] = [];
  const edgeProblems: WarningItem[] = [];
  const otherWarnings: WarningItem[] = [];
  let suggested = 0;
  for (const w of graph.attrs.warnings ?? []) {
    switch (w.code) {
      case "ID_COLLISION":
      case "DUPLICATE_ID": {
        const id = w.node ?? "?";
        const n = graph.nodes.get(id);
        const kept = n ? files.fileOf(n) : null;
        collisions.push({
          id,
          code: w.code,
          kept_file: kept,
          skipped_file: w.file ?? null,
          message: w.message,
          command: null,
          fix: `give ${w.file ?? "the skipped file"} its own id (edit its \`id:\` line and rename the file), then \`akms build\``,
        });
        break;
      }
      case "ORPHANED_OVERLAY":
        orphanedOverlay.push(warningItem(w, null, `no source declares "${w.node}" any more; its state stays in ${w.file ?? "local_state.yaml"} (restore the node, or leave the entry — it is never applied)`));
        break;
      case "DANGLING_EDGE":
      case "DUPLICATE_EDGE":
      case "PITFALL_TARGET":
        edgeProblems.push(
          warningItem(
            w,
            null,
            w.code === "DANGLING_EDGE"
              ? danglingFix(w, graph, suggested++ < SUGGESTED_TARGETS)
              : w.code === "DUPLICATE_EDGE"
                ? `remove the second ${w.source} → ${w.target} edge in ${w.file ?? "its file"} (only the first is kept)`
                : `a pitfall edge must point at a session node; fix it in ${w.file ?? "its file"}`,
          ),
        );
        break;
      default:
        otherWarnings.push(
          warningItem(
            w,
            null,
            w.code === "MISSING_CONTENT_REF"
              ? `make content_ref of "${w.node}" point at an existing file inside its layer, or remove it`
              : w.code === "MISSING_CONTENT_DRAFT"
                ? `add a \`## content_draft\` heading above the agent-written text of "${w.node}"`
                : w.code === "MISSING_SUMMARY"
                  ? `add a \`## Summary\` section (3–5 sentences) to "${w.node}" in ${w.file ?? "its file"}, or set a smaller context_size`
                  : `see ${w.file ?? "the file named"}`,
          ),
        );
    }
  }
  return { collisions, orphanedOverlay, edgeProblems, otherWarnings };
}

/**
 * Dangling edges whose target gets a "did you mean": the first ones in graph.json's order. A
 * look-up compares the target with every id (≈ 60 ms at 58,000 nodes); a mistyped id is a few edges,
 * and a graph with hundreds of dangling edges has a cause that no suggestion fixes.
 */
const SUGGESTED_TARGETS = 20;

/** How to fix an edge to an id no node has: the nearest id, when one is near enough (suggest.ts). */
function danglingFix(w: BuildWarning, graph: GraphIndex, suggest: boolean): string {
  const near = suggest && w.target ? nearestIds(w.target, graph.nodes.keys(), 1)[0] : undefined;
  const where = w.file ?? "its file";
  return near ? `change the edge's target "${w.target}" to "${near}" (the nearest id), or remove the edge, in ${where}` : `fix or remove the edge to "${w.target}" in ${where} (no node has that id)`;
}

/** Docstring drift: mirror nodes that carry a drift list, or that the mirror set to draft. */
function driftItems(graph: GraphIndex, files: FileResolver): DriftItem[] {
  const drift: DriftItem[] = [];
  for (const n of graph.nodes.values()) {
    if (n.node_origin !== "code-mirror" && n.domain !== "code-mirror") continue;
    const list = Array.isArray(n.drift) ? (n.drift as Record<string, unknown>[]) : [];
    if (!list.length && n.status !== "draft") continue;
    const sf = typeof n.source_file === "string" ? n.source_file : null;
    const cmd = sf ? `akms mirror --files ${sf}` : null;
    const entries = list.length ? list : [{}];
    for (const d of entries) {
      const fn = typeof d.function === "string" ? d.function : null;
      drift.push({
        ...nodeItem(n, files, cmd),
        source_file: sf,
        function: fn,
        kind: typeof d.kind === "string" ? d.kind : null,
        detail: typeof d.detail === "string" ? d.detail : null,
        line: typeof d.line === "number" ? d.line : null,
        fix: `fix the docstring${fn ? ` of ${fn}` : "s"} in ${sf ?? "the source file"}${d.line !== undefined ? ` (line ${d.line})` : ""}, then regenerate the mirror`,
      });
    }
  }
  return drift.sort((a, b) => byId(a, b) || (a.line ?? 0) - (b.line ?? 0));
}

/** Orphans: nodes with no edges at all. */
function orphanItems(ctx: Context, graph: GraphIndex, nodes: GNode[], files: FileResolver): OrphanItem[] {
  const orphans: OrphanItem[] = [];
  if (ctx.cfg.config.graph.orphan_warning) {
    for (const n of nodes) {
      if (graph.linked(n.id)) continue;
      if (n.status === "deprecated") continue;
      orphans.push(withFields(nodeItem(n, files, null), { fix: `connect it: add edges to ${n.id}'s file, or from the nodes it belongs with` }));
    }
  }
  return orphans;
}

/** Stale nodes: not activated for stale_node_days. */
function staleItems(ctx: Context, nodes: GNode[], files: FileResolver, scope: Scope): StaleItem[] {
  const today = scope.today ?? todayIso();
  const limit = ctx.cfg.config.graph.stale_node_days;
  const stale: StaleItem[] = [];
  for (const n of nodes) {
    if (typeof n.last_activated !== "string" || n.status === "draft" || n.status === "deprecated") continue;
    const age = days(n.last_activated, today);
    if (age > limit) stale.push(withFields(nodeItem(n, files, `akms draft ${n.id}`), { last_activated: n.last_activated, days: age }));
  }
  return stale.sort((a, b) => b.days - a.days || byId(a, b));
}

/**
 * Drafted here: local nodes whose status is draft, and global nodes this repository's overlay
 * drafts (a global node that is draft in the vault itself is the vault's decision, not listed).
 * The overlay is read only when a global node is draft.
 */
function draftedItems(ctx: Context, nodes: GNode[], files: FileResolver, save: boolean): DraftedItem[] {
  const drafts = nodes.filter((n) => n.status === "draft" && (n.node_origin === "local" || n.node_origin === "global"));
  const byOverlay = drafts.some((n) => n.node_origin === "global") ? overlayDrafts(ctx, save) : new Set<string>();
  return drafts
    .filter((n) => n.node_origin === "local" || byOverlay.has(n.id))
    .map((n) => withFields(nodeItem(n, files, `akms undraft ${n.id}`), { drafted_in: n.node_origin === "local" ? ("node file" as const) : ("overlay" as const) }))
    .sort(byId);
}

/** Agent nodes established outside the review (self-promotion.ts), as compile warnings with the fix. */
function selfPromoted(ctx: Context, nodes: GNode[], files: FileResolver): WarningItem[] {
  const promoted = journalPromotions(ctx);
  return nodes
    .filter((n) => promotedOutsideReview(n, promoted))
    .map((n) => ({
      code: "PROMOTED_OUTSIDE_REVIEW",
      node: n.id,
      source: null,
      target: null,
      type: null,
      file: files.fileOf(n),
      message: `${n.id} is established, but no review promoted it (source: agent, and no \`akms promote\` in the review journal): an edit outside the review set its status`,
      command: `akms promote ${n.id}`,
      fix: `check it: \`akms promote ${n.id}\` records that you accept it; to take it back, set \`status: tentative\` in its file`,
    }));
}

/** `graph`: the store's index of graph.json (opened, not read through: the review reads the nodes, the pitfall links and the warnings). */
export function collect(ctx: Context, graph: GraphIndex, scope: Scope): Collected {
  const problems: Problem[] = [];
  const live = scope.live === true;
  const files = new FileResolver(ctx);
  const sessions = readSessions(ctx, graph, problems, live);
  const sessionPhase = new Map(sessions.map((s) => [s.id, s.phase]));
  const phaseOf = (s: string | null) => (s === null ? null : (sessionPhase.get(s) ?? null));
  const inPhase = (p: number | null) => scope.all || p === scope.phase;
  const nodes = domainNodes(graph);
  const provenancePhase = (n: GNode) => (typeof n.origin_phase === "number" ? n.origin_phase : phaseOf(typeof n.origin_session === "string" ? n.origin_session : null));

  // New tentative nodes: local ones drafted in this phase (status: every tentative node, global and local).
  const tentative = nodes.filter((n) => n.status === "tentative");
  const newTentative = tentative.filter((n) => (scope.all ? true : n.node_origin === "local" && provenancePhase(n) === scope.phase));
  const olderTentative = scope.all ? [] : tentative.filter((n) => n.node_origin === "local" && provenancePhase(n) !== scope.phase);
  const drafted = draftedItems(ctx, nodes, files, live);
  const degraded = degradedItems(nodes, sessions, inPhase, files, new Set(drafted.map((d) => d.id)));
  const pitfalls = pitfallItems(graph, files, phaseOf, inPhase);
  const unanchored: UnanchoredItem[] = sessions
    .filter((s) => inPhase(s.phase))
    .flatMap((s) => s.unanchored)
    .map((u) => ({ ...u, command: null, fix: "no node holds this yet: name one in the evidence's node_ref, or write a node that covers it" }));
  const { collisions, orphanedOverlay, edgeProblems, otherWarnings } = warningSections(graph, files);
  const drift = driftItems(graph, files);
  const orphans = orphanItems(ctx, graph, nodes, files);
  const stale = staleItems(ctx, nodes, files, scope);
  const blocked = blockedTasks(ctx, graph, sessions, scope.phase, files, problems, live);

  return {
    sections: {
      new_tentative: newTentative.map((n) =>
        n.node_origin === "local" ? nodeItem(n, files, `akms promote ${n.id}`) : withFields(nodeItem(n, files, null), { fix: GLOBAL_PROMOTION }),
      ),
      older_tentative: olderTentative.map((n) => nodeItem(n, files, `akms promote ${n.id}`)),
      dedup_events: dedupEvents(ctx, graph, files, scope, phaseOf, sessions, problems),
      drafted,
      degraded,
      new_pitfalls: pitfalls,
      unanchored_pitfalls: unanchored,
      blocked_tasks: blocked,
      id_collisions: collisions.sort((a, b) => cmp(a.id, b.id) || cmp(a.skipped_file ?? "", b.skipped_file ?? "")),
      drift,
      orphans,
      stale,
      orphaned_overlay: orphanedOverlay,
      edge_problems: edgeProblems,
      compile_warnings: [...selfPromoted(ctx, nodes, files), ...otherWarnings],
    },
    sessions,
    problems,
  };
}

