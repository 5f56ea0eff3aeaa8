// The Review screen's view of the core's review data (core/report.ts reviewData — the same data
// `akms review --report` prints): the sections in report order, each item's key facts, filtered.
import { SECTION_TITLES, type ReviewData, type SectionName } from "../../core/report.js";
import { SECTION_ORDER } from "../../core/review/sections.js";
import { safe } from "../../components/text.js";
import { blockReasonText, type BlockReason } from "../../core/review/blocked.js";
import type { Helped } from "../../core/eval/helped.js";
import type { Changes } from "../../core/agent/changes.js";
import { plural } from "../../core/plural.js";
import { oneLine } from "../../core/control-chars.js";

const SHORT: Record<SectionName, string> = {
  new_tentative: "Tentative",
  older_tentative: "Older",
  dedup_events: "Dedup",
  drafted: "Drafted",
  degraded: "Degraded",
  new_pitfalls: "Pitfalls",
  unanchored_pitfalls: "Unanchored",
  blocked_tasks: "Blocked",
  id_collisions: "Collisions",
  drift: "Drift",
  orphans: "Orphans",
  stale: "Stale",
  orphaned_overlay: "Overlay",
  edge_problems: "Edges",
  compile_warnings: "Warnings",
};

/** The report's sections, in the report's order, with its titles. */
export const REVIEW_SECTIONS: { key: SectionName; title: string; short: string }[] = SECTION_ORDER.map((k) => ({ key: k, title: SECTION_TITLES[k], short: SHORT[k] }));

/** One report item as the screen shows it (the raw item is kept for the detail pane). */
export interface ReviewItem {
  key: string;
  /** The node the item is about (actions and the explorer use it); null for non-node items. */
  node: string | null;
  label: string;
  title: string;
  status: string;
  confidenceDefault: number | null;
  confidence: number | null;
  origin: string;
  provenance: string;
  /** The list's short form: who wrote it and the session it came from ("agent · session-task-101"). */
  source: string;
  file: string;
  command: string;
  raw: Record<string, unknown>;
}

export interface ReviewSectionView {
  key: string;
  title: string;
  short: string;
  /** The (filtered) items, made when first read: a screen shows one section's items at a time. */
  readonly items: ReviewItem[];
  /** Item `i` of `items`; without a filter made on its own (a screen shows a window of them). */
  itemAt(i: number): ReviewItem | undefined;
  /** How many items pass the filter (items.length, without making them when there is no filter). */
  count: number;
  /** Items before the filter. */
  total: number;
  /** What an empty section says instead of "clear", when work waits elsewhere. */
  empty?: string;
}

const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

function provenanceText(v: unknown): string {
  if (typeof v === "string") return v;
  if (v && typeof v === "object") {
    return Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== null && x !== undefined && x !== "")
      .map(([k, x]) => (k === "source" ? String(x) : `${k} ${String(x)}`))
      .join(" · ");
  }
  return "";
}

/** The list column's provenance: the source and the session, the part that tells items apart (a blocked task: its first reason). */
function sourceOf(r: Record<string, unknown>): string {
  if (Array.isArray(r.reasons) && r.reasons.length) return blockReasonText(r.reasons[0] as BlockReason);
  const short = [str(r.source), str(r.origin_session)].filter(Boolean).join(" · ");
  return short || provenanceOf(r);
}

function provenanceOf(r: Record<string, unknown>): string {
  const bits = [str(r.source), r.origin_session ? `from ${str(r.origin_session)}` : "", typeof r.origin_phase === "number" ? `phase ${r.origin_phase}` : ""];
  return bits.filter(Boolean).join(" · ") || provenanceText(r.provenance);
}

export function toItem(section: string, raw: Record<string, unknown>, i: number, isNode: (id: string) => boolean): ReviewItem {
  // A pitfall item carries its node under `from`; the others are flat.
  const from = raw.from && typeof raw.from === "object" ? (raw.from as Record<string, unknown>) : null;
  const base = from ?? raw;
  const id = str(base.id) || str(raw.node);
  const label = from ? `${str(from.id)} → ${str(raw.session)}` : id || str(raw.task_id) || str(raw.session) || str(raw.code) || str(raw.file) || `#${i + 1}`;
  const title = from
    ? str(raw.note)
    : str(raw.title) && str(raw.title) !== id
      ? str(raw.title)
      : str(raw.description) || str(raw.message) || str(raw.detail) || str(raw.title);
  let file: string | undefined; // read on first use: the core finds an item's file then (see nodeItem)
  return {
    key: `${section}:${label}:${i}`,
    node: id && isNode(id) ? id : null,
    label: safe(label),
    title: safe(title),
    // A pitfall's status column is its severity (its node's status is in the detail pane).
    status: safe(from ? str(raw.severity) : str(raw.dedup_status) ? `${str(base.status)}` : str(base.status) || str(raw.severity)),
    confidenceDefault: num(base.confidence_default),
    confidence: num(base.confidence),
    origin: safe(str(base.origin) || str(base.node_origin)),
    provenance: safe(provenanceOf(base)),
    // A pitfall's: its note (its reporter first, as the orchestrator writes it) — two reports on one
    // edge are otherwise two identical rows; its node's source is in the detail.
    source: safe(from ? oneLine(str(raw.note)) : sourceOf(base)),
    get file() {
      file ??= safe(str(base.file) || str(raw.session_file));
      return file;
    },
    command: safe(str(raw.command)),
    raw,
  };
}

function matches(item: ReviewItem, filter: string): boolean {
  if (!filter) return true;
  const f = filter.toLowerCase();
  return [item.label, item.title, item.status, item.origin, item.provenance].some((x) => x.toLowerCase().includes(f)) || item.file.toLowerCase().includes(f);
}

/** A task's line in "Would it have helped?": what it was shown of what helped, pitfalls that bit again, gaps. */
function helpedItem(t: Helped["tasks"][number], phaseFacts: string): Record<string, unknown> {
  const shown = t.useful_shown === null ? `${t.useful} useful (nothing says what it was shown)` : `${t.useful_shown} of ${plural(t.useful, "useful node")} ${t.useful_shown === 1 ? "was" : "were"} shown`;
  const bit = t.rebit.length ? ` · bit again: ${t.rebit.map((n) => `${n} (${t.rebit_shown === null ? "loaded?" : t.rebit_shown.includes(n) ? "loaded: memory ignored" : "not loaded: memory missing"})`).join(", ")}` : "";
  const gaps = t.gaps.length ? ` · missing: ${t.gaps.join(", ")}` : "";
  return {
    task_id: t.task_id,
    origin_session: t.session,
    description: shown + bit + gaps,
    severity: t.rebit.length ? "bit again" : t.gaps.length ? "gap" : "",
    useful: t.useful,
    useful_shown: t.useful_shown,
    bit_again: t.rebit,
    bit_again_loaded: t.rebit_shown,
    missing: t.gaps,
    ...(phaseFacts ? { "the phase": phaseFacts } : {}),
  };
}

/** The review's look back at the phase (core/eval/helped.ts), one row per task. */
function helpedSection(data: ReviewData | null, look: Helped | null | "reading", filter: string, isNode: (id: string) => boolean, order: ItemOrder): ReviewSectionView {
  const h = look === "reading" ? null : look;
  // The phase's figures go into each row's detail: the section title stays short enough for the sections column.
  const facts = h ? [h.helpful_recall === null ? "" : `helpful recall ${h.helpful_recall.toFixed(2)}`, h.rebit ? `${plural(h.rebit, "pitfall")} bit again (${h.rebit_loaded} loaded)` : "", h.recurring_gaps.length ? `recurring gaps: ${h.recurring_gaps.join(", ")}` : "", h.gaps_promoted.length ? `promoted since: ${h.gaps_promoted.join(", ")}` : ""].filter(Boolean).join(" · ") : "";
  const empty = look === "reading" ? "Reading the phase's session documents…" : data ? `No AgentMemory of phase ${data.phase} yet: the look back fills as its tasks report (akms update).` : undefined;
  return wholeSection({ key: "helped", title: "Would it have helped?", short: "Helped" }, (h?.tasks ?? []).map((t) => helpedItem(t, facts)), { filter, isNode, order, empty });
}

/** A section whose rows are all made at once (few, read after the first frame), filtered and ordered as the others. */
function wholeSection(head: { key: string; title: string; short: string }, raws: Record<string, unknown>[], o: { filter: string; isNode: (id: string) => boolean; order: ItemOrder; empty?: string }): ReviewSectionView {
  const all = raws.map((r, i) => toItem(head.key, r, i, o.isNode));
  const items = ordered(all.filter((it) => matches(it, o.filter)), o.order);
  return { ...head, items, itemAt: (i) => items[i], count: items.length, total: all.length, ...(o.empty !== undefined ? { empty: o.empty } : {}) };
}

/** The order of a section's items other than the report's: by confidence (lowest first; none last), provenance or id, ties by id. */
export type ItemOrder = "report" | "confidence" | "provenance" | "id";

function ordered(items: ReviewItem[], order: ItemOrder): ReviewItem[] {
  if (order === "report") return items;
  const byLabel = (a: ReviewItem, b: ReviewItem) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);
  const key = (it: ReviewItem) => (order === "confidence" ? (it.confidence ?? Infinity) : 0);
  return [...items].sort((a, b) =>
    order === "confidence" ? key(a) - key(b) || byLabel(a, b) : order === "provenance" ? (a.source < b.source ? -1 : a.source > b.source ? 1 : byLabel(a, b)) : byLabel(a, b),
  );
}

/** What changed since the reviewer's last decision (core/agent/changes.ts): one row per change, newest evidence last. */
function changesSection(look: { changes: Changes; last: string | null } | null | "reading", filter: string, isNode: (id: string) => boolean, order: ItemOrder): ReviewSectionView {
  const c = look === "reading" || look === null ? null : look.changes;
  const raws: Record<string, unknown>[] = c
    ? [
        // The provenance column says what changed and by whom (the list shows it; the detail the whole sentence).
        ...c.drafted.map((x) => ({ id: x.id, severity: x.action === "created" ? "drafted" : "appended", provenance: `${x.session} · ${x.date}`, description: `${x.action === "created" ? "drafted" : "a dedup section appended"} by ${x.session} (${x.date})` })),
        ...c.pitfalls.map((x) => ({ id: x.node, severity: "pitfall", provenance: `${x.session} · ${x.date}: ${x.note}`, description: `pitfall from ${x.session} (${x.date}, weight ${x.weight}): ${x.note}` })),
        ...c.confidence.map((x) => {
          // A null `from`: the first change the overlay's history keeps (the node started at its file's value).
          const moved = x.from === null ? `→ ${x.to.toFixed(3)}` : `${x.from.toFixed(3)} → ${x.to.toFixed(3)}`;
          return { id: x.node, severity: "confidence", provenance: `${moved} · ${x.cause}`, description: `${moved} by ${x.cause} (${x.date})${x.from === null ? ": its first recorded change (it started at its file's value)" : ""}` };
        }),
        ...c.decisions.map((x) => ({ id: x.id, severity: x.action, provenance: x.at, description: `${x.action} at ${x.at}` })),
      ]
    : [];
  const since = look !== "reading" && look !== null ? (look.last ? `since ${look.last}` : `since ${look.changes.since}, ${look.changes.since_from}`) : "";
  const empty = look === "reading" ? "Reading the overlay and the review journal…" : look === null ? "The overlay or the review journal could not be read (the status bar says why)." : `Nothing changed ${since}.`;
  return wholeSection({ key: "changes", title: "Since your last review", short: "Changed" }, raws, { filter, isNode, order, empty });
}

export interface SectionExtras {
  /** The phase's look back when it is read apart from `data` (the console, after its first frame); "reading" while it is not. */
  helped?: Helped | null | "reading";
  /** What changed since the last review action (the console, after its first frame); absent: no such section. */
  changes?: { changes: Changes; last: string | null } | null | "reading";
  order?: ItemOrder;
}

export function reviewSections(data: ReviewData | null, filter: string, isNode: (id: string) => boolean, extras: SectionExtras = {}): ReviewSectionView[] {
  const order = extras.order ?? "report";
  const helped = extras.helped === undefined ? (data?.helped ?? null) : extras.helped;
  // The console's later sections come last: a section read after the first frame never moves the ones before it.
  return [
    ...coreSections(data, filter, isNode, order),
    helpedSection(data, helped, filter, isNode, order),
    ...(extras.changes !== undefined ? [changesSection(extras.changes, filter, isNode, order)] : []),
  ];
}

function coreSections(data: ReviewData | null, filter: string, isNode: (id: string) => boolean, order: ItemOrder): ReviewSectionView[] {
  return REVIEW_SECTIONS.map((s) => {
    const raw: unknown = data?.sections[s.key];
    const list = Array.isArray(raw) ? (raw as Record<string, unknown>[]) : [];
    let items: ReviewItem[] | undefined;
    const made: (ReviewItem | undefined)[] = [];
    const one = (i: number) => (made[i] ??= toItem(s.key, list[i] ?? {}, i, isNode));
    const make = () => (items ??= ordered(list.map((_, i) => one(i)).filter((it) => matches(it, filter)), order));
    return {
      ...s,
      get items() {
        return make();
      },
      itemAt(i: number) {
        if (filter || items || order !== "report") return make()[i];
        return i >= 0 && i < list.length ? one(i) : undefined;
      },
      get count() {
        return filter ? make().length : list.length;
      },
      total: list.length,
    };
  });
}

/** Key/value lines for an item that is not a node (a pitfall, a drift, an edge problem …). */
const SHOWN_ELSEWHERE = new Set(["existing_text", "draft_text"]);

export function itemFacts(item: ReviewItem): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(item.raw)) {
    if (SHOWN_ELSEWHERE.has(k)) continue;
    if (v === null || v === undefined || v === "") continue;
    if (k === "reasons" && Array.isArray(v)) {
      // A blocked task's reasons, one line each (failing test, session, phase), not JSON.
      out.push("blocked by:");
      for (const r of v as BlockReason[]) out.push(`  • ${safe(blockReasonText(r))}`);
      continue;
    }
    if (typeof v === "object") out.push(`${k}: ${safe(JSON.stringify(v))}`);
    else out.push(`${k}: ${safe(String(v))}`);
  }
  return out;
}
