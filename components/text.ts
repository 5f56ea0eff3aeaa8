// Text shaping for the console: every string that came from a file passes through `safe`
// (escape sequences and control characters removed), then is cut to the cells it may use. Widths
// are string-width's (the library ink measures with), with a shortcut for printable ASCII and a
// memo in front, so layout and ink agree on every character.
import stringWidth from "string-width";
import { stripControl as clean } from "../core/control-chars.js";

/** A file-derived string made safe for one terminal line: no escapes, no tabs, no newlines. */
export function safe(s: unknown): string {
  if (s === null || s === undefined) return "";
  const str = typeof s === "string" ? s : typeof s === "object" ? JSON.stringify(s) : String(s);
  return clean(str.replace(/\t/g, "  ").replace(/\r?\n|\r/g, " "));
}

/** File-derived multi-line text made safe: the lines, each cleaned. */
export function safeLines(s: unknown): string[] {
  if (s === null || s === undefined) return [];
  const str = typeof s === "string" ? s : String(s);
  return str
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((l) => clean(l.replace(/\t/g, "  ")));
}

const ASCII = /^[\x20-\x7e]*$/;
const widths = new Map<string, number>();
let segmenter: Intl.Segmenter | null = null;

/** Terminal cells `s` takes, as string-width counts them. */
export function width(s: string): number {
  if (ASCII.test(s)) return s.length;
  let w = widths.get(s);
  if (w === undefined) {
    w = stringWidth(s);
    if (widths.size >= 50_000) widths.clear();
    widths.set(s, w);
  }
  return w;
}

/** The user-perceived characters of `s` (grapheme clusters; plain ASCII without a segmenter). */
function graphemes(s: string): string[] {
  if (ASCII.test(s)) return s.split("");
  segmenter ??= new Intl.Segmenter();
  return Array.from(segmenter.segment(s), (x) => x.segment);
}

/** Cuts `s` to at most `w` cells, ending in "…" when cut. */
export function truncate(s: string, w: number): string {
  if (w <= 0) return "";
  if (width(s) <= w) return s;
  let out = "";
  let used = 0;
  for (const ch of graphemes(s)) {
    const cw = width(ch);
    if (used + cw > w - 1) break;
    out += ch;
    used += cw;
  }
  return out + "…";
}

/** Cuts `s` to at most `w` cells from the start, beginning with "…" when cut (the end is what tells "…task-101" from "…task-102"). */
export function truncateStart(s: string, w: number): string {
  if (w <= 0) return "";
  if (width(s) <= w) return s;
  const chars = graphemes(s);
  let out = "";
  let used = 0;
  for (let i = chars.length - 1; i >= 0; i--) {
    const cw = width(chars[i]!);
    if (used + cw > w - 1) break;
    out = chars[i]! + out;
    used += cw;
  }
  return "…" + out;
}

/** Exactly `w` cells: cut (at the end, or at the start), then padded (left- or right-aligned). */
export function pad(s: string, w: number, align: "left" | "right" = "left", cut: "end" | "start" = "end"): string {
  const t = cut === "start" ? truncateStart(s, w) : truncate(s, w);
  const fill = " ".repeat(Math.max(0, w - width(t)));
  return align === "right" ? fill + t : t + fill;
}

/** Soft-wraps lines to `w` cells (at spaces where possible, hard otherwise); linear in the text. */
export function wrap(lines: string[], w: number): string[] {
  const out: string[] = [];
  const max = Math.max(1, w);
  for (const line of lines) {
    if (line.length <= max && width(line) <= max) {
      out.push(line);
      continue;
    }
    let cur = "";
    let curW = 0;
    // Position in `cur` just after the last space, and the width up to it.
    let space = -1;
    let spaceW = 0;
    for (const ch of graphemes(line)) {
      const cw = width(ch);
      if (ch === " " && curW + cw > max) {
        // Break at this space; it is not carried to the next line.
        out.push(cur);
        cur = "";
        curW = 0;
        space = -1;
        spaceW = 0;
        continue;
      }
      if (curW + cw > max && cur) {
        if (space > 0 && spaceW > max / 3) {
          out.push(cur.slice(0, space).trimEnd());
          cur = cur.slice(space);
          curW -= spaceW;
        } else {
          out.push(cur);
          cur = "";
          curW = 0;
        }
        space = -1;
        spaceW = 0;
      }
      cur += ch;
      curW += cw;
      if (ch === " ") {
        space = cur.length;
        spaceW = curW;
      }
    }
    out.push(cur);
  }
  return out;
}

export function fmtConf(n: unknown): string {
  return typeof n === "number" && Number.isFinite(n) ? n.toFixed(2) : "–";
}

/** "0.90→0.74" (global default → local), or one figure when they are equal. */
export function confPair(def: unknown, cur: unknown): string {
  if (typeof def === "number" && typeof cur === "number" && Math.abs(def - cur) > 1e-9) return `${fmtConf(def)}→${fmtConf(cur)}`;
  return fmtConf(typeof cur === "number" ? cur : def);
}

/** First index of a window of `height` rows over `count` items that keeps `selected` visible. */
export function windowStart(selected: number, count: number, height: number): number {
  if (count <= height || height <= 0) return 0;
  const margin = Math.floor(height / 3);
  const start = selected - margin;
  return Math.max(0, Math.min(start, count - height));
}
