// Review (the default screen): the review report's sections as navigable lists with counts, each
// item's key facts inline (status, confidence global → local, origin, provenance — UR-08), and a
// detail pane with the node's frontmatter, body and content_draft; a pending dedup merge is shown
// side by side (the existing text beside the appended draft, with its score and session).
import React from "react";
import { Box, Text } from "ink";
import type { ReviewState } from "./state.js";
import { selectedIn } from "./state.js";
import type { ReviewItem, ReviewSectionView } from "../../src/console/review-view.js";
import { itemFacts } from "../../src/console/review-view.js";
import type { NodeDetail } from "../../src/console/detail.js";
import { confPair, safe, truncate, width as cells, wrap } from "../../components/text.js";
import { contentWidth, Table, type Column } from "../../components/Table.js";
import { Rule } from "../../components/Rule.js";
import { KeyHint } from "../../components/KeyHint.js";
import { SideBySide } from "../../components/SideBySide.js";
import { confColor, statusColor, useTheme } from "../../components/theme.js";

export interface ReviewProps {
  width: number;
  height: number;
  state: ReviewState;
  sections: ReviewSectionView[];
  item: ReviewItem | null;
  detail: NodeDetail | null;
  /** The detail pane's lines (detailLines, computed once per item by the views). */
  lines: DetailLine[];
  /** "phase 2 · 14 items need a look" */
  headline: string;
  /** The review actions that may run on the selected item (key, what): the views decide by the core rule. */
  actions?: [string, string][];
}

export interface DetailLine {
  text: string;
  color?: string;
  bold?: boolean;
  dim?: boolean;
}

export const WIDE = 120;

const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);

export function reviewLayout(width: number, height: number): { wide: boolean; list: number; detail: number; sideW: number } {
  const wide = width >= WIDE;
  // Narrow: strip, rule, list, rule, detail, hints. Wide: rule, list, rule, detail, hints (sections on the left).
  const fixed = wide ? 3 : 4;
  const free = Math.max(4, height - fixed);
  const list = Math.max(3, Math.min(wide ? 14 : 9, Math.floor(free * 0.4)));
  return { wide, list, detail: Math.max(1, free - list), sideW: wide ? 30 : 0 };
}

export interface DedupView {
  session: string;
  score: string;
  status: string;
  kind: string;
  match: string;
  existing: string[];
  draft: string[];
}

/** A dedup event item (core DedupEventItem) as the side-by-side view shows it. */
export function dedupEvent(item: ReviewItem | null): DedupView | null {
  const r = item?.raw;
  if (!r || typeof r.draft_text !== "string") return null;
  return {
    session: safe(r.session ?? "?"),
    score: typeof r.score === "number" ? String(r.score) : "?",
    status: safe(r.dedup_status ?? "pending"),
    kind: safe(r.kind ?? "appended"),
    match: safe(r.match ?? ""),
    existing: String(r.existing_text ?? "").split(/\r?\n/).map(safe),
    draft: r.draft_text.split(/\r?\n/).map(safe),
  };
}

/** The item's own lines at the top of the detail pane (label and title, facts, file, command). */
function itemHead(item: ReviewItem, detail: NodeDetail | null, width: number): DetailLine[] {
  const out: DetailLine[] = [];
  const push = (text: string, style: Omit<DetailLine, "text"> = {}) => {
    for (const l of wrap([text], width)) out.push({ text: l, ...style });
  };
  push(`${item.label}${item.title ? ` — ${item.title}` : ""}`, { bold: true, color: "cyan" });
  const facts = [
    item.status,
    item.confidence !== null || item.confidenceDefault !== null ? `conf ${confPair(item.confidenceDefault, item.confidence)}` : "",
    item.origin,
    item.provenance,
  ].filter(Boolean);
  if (facts.length) push(facts.join(" · "));
  if (detail?.shown || item.file) push(`file ${detail?.shown ?? item.file}`, { dim: true });
  if (item.command) push(`$ ${item.command}`, { color: "green" });
  return out;
}

/**
 * The detail pane before a node item's file is read (the console's first frame): the item's own
 * lines — the same first lines detailLines gives once the file is read — and, for an item that is
 * not a node, everything (it has no file to read).
 */
export function itemLines(item: ReviewItem | null, width: number): DetailLine[] {
  return item?.node ? itemHead(item, null, width) : detailLines(item, null, width);
}

/** The detail pane's lines for a node item (frontmatter, body with content_draft marked). */
export function detailLines(item: ReviewItem | null, detail: NodeDetail | null, width: number): DetailLine[] {
  if (!item) return [{ text: "Nothing selected.", dim: true }];
  const out: DetailLine[] = itemHead(item, detail, width);
  const push = (text: string, style: Omit<DetailLine, "text"> = {}) => {
    for (const l of wrap([text], width)) out.push({ text: l, ...style });
  };
  if (!item.node || !detail) {
    out.push({ text: "" });
    for (const f of itemFacts(item)) push(f, { dim: true });
    return out;
  }
  if (detail.note) push(detail.note, { dim: true });
  if (detail.frontmatter.length) {
    out.push({ text: "── frontmatter", dim: true });
    for (const l of detail.frontmatter) push(l);
  }
  if (detail.body.length) {
    out.push({ text: "── body", dim: true });
    let inDraft = false;
    let inDedup = false;
    for (const l of detail.body) {
      if (/^##[ \t]+content_draft\b/.test(l)) inDraft = true;
      else if (/^##[ \t]+(?!#)/.test(l)) inDraft = false;
      if (/<!--\s*akms:dedup\b/.test(l)) inDedup = true;
      const style: Omit<DetailLine, "text"> = inDedup ? { color: "magenta" } : inDraft ? { color: "yellow" } : {};
      push((inDraft || inDedup ? "┃ " : "") + l, style);
      if (/<!--\s*akms:end\s*-->/.test(l)) inDedup = false;
    }
  }
  return out;
}

function SectionStrip({ sections, active, width }: { sections: ReviewSectionView[]; active: number; width: number }) {
  const theme = useTheme();
  const parts = sections.map((s, i) => ({ i, text: ` ${s.short} ${s.count} ` }));
  // Keep the active section visible: start from a window that contains it.
  let start = 0;
  const fits = (from: number) => parts.slice(from, active + 1).reduce((w, p) => w + cells(p.text), 0) <= width - 4;
  while (start < active && !fits(start)) start++;
  const shown: typeof parts = [];
  let used = start > 0 ? 2 : 0;
  for (const p of parts.slice(start)) {
    if (used + cells(p.text) > width - 2) break;
    shown.push(p);
    used += cells(p.text);
  }
  const more = shown.length && shown[shown.length - 1]!.i < parts.length - 1;
  return (
    <Text wrap="truncate-end">
      {start > 0 ? <Text dimColor>‹ </Text> : null}
      {shown.map((p) => {
        const s = sections[p.i]!;
        const on = p.i === active;
        return (
          <Text key={s.key} inverse={on} bold={on || s.count > 0} dimColor={!on && s.count === 0} color={theme.c(on ? "cyan" : undefined)}>
            {p.text}
          </Text>
        );
      })}
      {more ? <Text dimColor> ›</Text> : null}
    </Text>
  );
}

function SectionColumn({ sections, active, width, height }: { sections: ReviewSectionView[]; active: number; width: number; height: number }) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold wrap="truncate-end">
        {truncate("Sections", width)}
      </Text>
      {sections.map((s, i) => {
        const on = i === active;
        const count = String(s.count) + (s.count !== s.total ? `/${s.total}` : "");
        return (
          <Text key={s.key} inverse={on} bold={on || s.count > 0} dimColor={!on && s.count === 0} color={theme.c(on ? "cyan" : undefined)} wrap="truncate-end">
            {truncate(s.title, width - count.length - 2).padEnd(width - count.length - 1, " ") + count}
          </Text>
        );
      })}
    </Box>
  );
}

export function ReviewScreen({ width, height, state, sections, item, lines, headline, actions = [] }: ReviewProps) {
  const theme = useTheme();
  const { wide, list, detail: detailH, sideW } = reviewLayout(width, height);
  const mainW = wide ? width - sideW - 2 : width;
  const sec = sections[state.section];
  const count = sec?.count ?? 0;
  const sel = sec ? selectedIn(state, { sections: sections.map((s) => ({ key: s.key, count: s.count })), page: list, detailLines: 0, detailPage: 0 }) : 0;
  const marked = new Set(state.marked);
  const cols: Column<ReviewItem>[] = [
    // A marked node (m, M) carries a tick before its label.
    { header: "item", width: "grow", cell: (r) => (marked.size && r.node && marked.has(r.node) ? `✓ ${r.label}` : r.label), color: (r) => (r.node && marked.has(r.node) ? "magenta" : undefined) },
    { header: "status", width: 11, cell: (r) => r.status, color: (r) => statusColor(r.status) },
    { header: "conf g→l", width: 9, cell: (r) => (r.confidence === null && r.confidenceDefault === null ? "" : confPair(r.confidenceDefault, r.confidence)), color: (r) => confColor(r.confidenceDefault, r.confidence) },
    { header: "origin", width: 6, cell: (r) => r.origin },
  ];
  if (mainW >= 80) {
    // As wide as the section's provenance needs (sampled), cut from the start: the session id's end tells items apart.
    const sample = sec ? range(0, Math.min(sec.count, 200)).map((i) => sec.itemAt(i)!) : [];
    // A blocked task's column is its first reason instead, cut at its end.
    const blocked = sec?.key === "blocked_tasks";
    const header = blocked ? "blocked by" : "provenance";
    cols.push({ header, width: contentWidth(header, sample, (r) => r.source, 10, Math.min(blocked ? 60 : 32, Math.max(12, mainW - 70))), cell: (r) => r.source, cut: blocked ? "end" : "start" });
  }
  if (mainW >= 110) cols.push({ header: "title", width: "grow", cell: (r) => r.title });

  const dedup = sec?.key === "dedup_events" ? dedupEvent(item) : null;
  const offset = Math.max(0, Math.min(state.detailOffset, Math.max(0, lines.length - detailH)));
  const filterNote = state.filter ? ` · filter "${safe(state.filter)}" (Esc clears)` : "";
  const sortNote = state.sort === "report" ? "" : ` · sorted by ${state.sort} (s)`;
  const pos = count ? `${sel + 1} of ${count}` : "empty";
  // Only keys that do something here: the selected item's possible actions (the one rule), then moves.
  const markNote = marked.size ? ` · ${marked.size} marked` : "";
  const hints: [string, string][] = [
    ...(marked.size ? ([["p d D", `act on the ${marked.size} marked`], ["m", "mark"], ["M", "all / none"], ["Esc", "clear marks"]] as [string, string][]) : [...actions, ...(item?.node ? ([["m", "mark"]] as [string, string][]) : [])]),
    ["Enter", sec?.key === "dedup_events" ? "scroll detail" : "detail"],
    ["←→", "section"],
    ["/", "filter"],
    ["s", "sort"],
    ["u", "undo"],
  ];

  const main = (
    <Box flexDirection="column" width={mainW} height={wide ? height - 1 : height - 2}>
      <Rule title={`${sec?.title ?? "Review"} — ${pos}${markNote}${filterNote}${sortNote}`} right={headline} width={mainW} active={state.focus === "list"} />
      <Table
        columns={cols}
        rows={sec ? { length: count, slice: (from = 0, to = count) => range(from, Math.min(to, count)).map((i) => sec.itemAt(i)!) } : []}
        width={mainW}
        height={list}
        selected={sel}
        focused={state.focus === "list"}
        empty={state.filter ? "No item matches the filter." : (sec?.empty ?? "Nothing here: this section is clear. ← → move between sections.")}
        rowKey={(r) => r.key}
      />
      <Rule
        title={
          dedup
            ? dedup.kind === "created"
              ? `Dedup: ${item?.label ?? ""} was created beside global ${dedup.match}`
              : `Dedup into ${item?.label ?? ""} (${dedup.status})`
            : `Detail${item ? `: ${item.label}` : ""}`
        }
        // The session first: it tells one node's drafts apart, and what is cut at narrow widths is the score.
        right={dedup ? `${dedup.session} · score ${dedup.score}` : lines.length > detailH ? `${offset + 1}–${Math.min(lines.length, offset + detailH)} of ${lines.length}` : ""}
        width={mainW}
        active={state.focus === "detail"}
      />
      {dedup ? (
        <SideBySide
          left={{ title: dedup.kind === "created" ? `Similar: ${dedup.match}` : `Existing: ${item?.label ?? ""}`, lines: dedup.existing }}
          right={{ title: `${dedup.kind === "created" ? "New node's draft" : "Draft"} from ${dedup.session} (${dedup.status})`, lines: dedup.draft, color: "magenta" }}
          width={mainW}
          height={detailH}
          offset={state.detailOffset}
        />
      ) : (
        <Box flexDirection="column" width={mainW} height={detailH}>
          {lines.slice(offset, offset + detailH).map((l, i) => (
            <Text key={offset + i} color={theme.c(l.color)} bold={l.bold} dimColor={l.dim} wrap="truncate-end">
              {truncate(l.text, mainW) || " "}
            </Text>
          ))}
        </Box>
      )}
    </Box>
  );

  return (
    <Box flexDirection="column" width={width} height={height}>
      {wide ? (
        <Box width={width} height={height - 1}>
          <SectionColumn sections={sections} active={state.section} width={sideW} height={height - 1} />
          <Box width={2} />
          {main}
        </Box>
      ) : (
        <>
          <SectionStrip sections={sections} active={state.section} width={width} />
          {main}
        </>
      )}
      <KeyHint width={width} hints={hints} />
    </Box>
  );
}
