// Pending dedup sections appended to local nodes by `akms update` (DESIGN §4 Update, Dedup):
//   <!-- akms:dedup session=… score=… status=pending -->
//   …the appended draft…
//   <!-- akms:end -->
// Found by position in the file so that accept changes only the status value of one marker and
// reject removes exactly one section.
import { SECTION_MARK_LINE } from "../update/nodes.js";

const OPEN = /<!--[ \t]*akms:dedup\b([^>]*?)-->/g;
const END = /<!--[ \t]*akms:end[ \t]*-->/g;
const ATTR = /([A-Za-z_][\w-]*)=("([^"]*)"|'([^']*)'|([^\s"'>]+))/g;

export interface DedupSection {
  /** 0-based index among the file's dedup sections. */
  index: number;
  attrs: Record<string, string>;
  session: string | null;
  score: number | null;
  status: string;
  /** Offsets in the whole file: the opening marker, the closing marker's end. */
  start: number;
  end: number;
  /** Offsets of the `status` attribute's value inside the opening marker (null when absent). */
  statusValue: { start: number; end: number } | null;
  /** The draft text between the markers, without the newlines that frame it. */
  text: string;
}

export function parseDedupSections(text: string): DedupSection[] {
  const out: DedupSection[] = [];
  OPEN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = OPEN.exec(text))) {
    const attrText = m[1]!;
    const attrOffset = m.index + m[0].indexOf(attrText);
    const attrs: Record<string, string> = {};
    let statusValue: DedupSection["statusValue"] = null;
    ATTR.lastIndex = 0;
    let a: RegExpExecArray | null;
    while ((a = ATTR.exec(attrText))) {
      const value = a[3] ?? a[4] ?? a[5] ?? "";
      attrs[a[1]!] = value;
      if (a[1] === "status") {
        const quoted = a[3] !== undefined || a[4] !== undefined;
        const vs = attrOffset + a.index + a[1]!.length + 1 + (quoted ? 1 : 0);
        statusValue = { start: vs, end: vs + value.length };
      }
    }
    END.lastIndex = OPEN.lastIndex;
    const e = END.exec(text);
    const nextOpen = (() => {
      const re = new RegExp(OPEN.source, "g");
      re.lastIndex = OPEN.lastIndex;
      const n = re.exec(text);
      return n ? n.index : Infinity;
    })();
    if (!e || e.index > nextOpen) continue; // unterminated marker: not a section
    const inner = text.slice(OPEN.lastIndex, e.index).replace(/^[ \t]*\r?\n/, "").replace(/\r?\n[ \t]*$/, "");
    const score = attrs.score !== undefined && attrs.score !== "" && Number.isFinite(Number(attrs.score)) ? Number(attrs.score) : null;
    out.push({
      index: out.length,
      attrs,
      session: attrs.session ?? null,
      score,
      status: attrs.status ?? "pending",
      start: m.index,
      end: e.index + e[0].length,
      statusValue,
      text: inner,
    });
    OPEN.lastIndex = e.index + e[0].length;
  }
  return out;
}

/** The text with one section's status value changed (only those bytes). */
export function setSectionStatus(text: string, s: DedupSection, status: string): string {
  if (s.statusValue) return text.slice(0, s.statusValue.start) + status + text.slice(s.statusValue.end);
  // No status attribute: add one just before the marker's closing `-->`.
  const close = text.indexOf("-->", s.start);
  const pad = text[close - 1] === " " ? "" : " ";
  return text.slice(0, close) + `${pad}status=${status} ` + text.slice(close);
}

/**
 * The text with one section removed: the markers, the text between them, the line break after the
 * closing marker and the one blank line `akms update` writes before the opening marker — so that
 * removing the last appended section gives back the bytes the node had before it was appended.
 */
export function removeSection(text: string, s: DedupSection): string {
  let start = s.start;
  let end = s.end;
  const after = /^[ \t]*\r?\n/.exec(text.slice(end));
  if (after) end += after[0].length;
  if (text.slice(start - 4, start) === "\r\n\r\n") start -= 2;
  else if (text.slice(start - 2, start) === "\n\n") start -= 1;
  return text.slice(0, start) + text.slice(end);
}

const DRAFT_HEADING = /^#{1,6}[ \t]+content_draft\b[^\n]*(?:\n|$)/;

/**
 * The section's draft alone: without the "agent-authored" line `akms update` writes first (whose
 * "new knowledge `X`" names the suggested id) and without a leading `## content_draft` heading.
 */
export function sectionDraft(s: DedupSection): { draft: string; suggestedId: string | null } {
  let text = s.text.replace(/^\s*\n/, "");
  let suggestedId = s.attrs.suggested_id ?? null;
  const m = SECTION_MARK_LINE.exec(text);
  if (m) {
    suggestedId = /\(new knowledge `([^`]+)`\)/.exec(m[0])?.[1] ?? suggestedId;
    text = text.slice(m[0].length).replace(/^\s*\n/, "");
  }
  const h = DRAFT_HEADING.exec(text);
  if (h) text = text.slice(h[0].length);
  return { draft: text.trim(), suggestedId };
}

/** The node's text without any dedup sections (the "existing" side of a side-by-side view). */
export function withoutSections(text: string): string {
  let out = text;
  for (const s of [...parseDedupSections(text)].reverse()) out = removeSection(out, s);
  return out;
}
