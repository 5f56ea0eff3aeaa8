// Text shaping for the console: every string that came from a file passes through `safe`
// (escape sequences and control characters removed), then is cut to the cells it may use.
import { clean } from "../output.js";

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

/** Terminal cells a character takes (wide CJK / emoji 2, combining marks 0, else 1). */
function cellWidth(cp: number): number {
  if (cp === 0) return 0;
  if ((cp >= 0x300 && cp <= 0x36f) || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0xfe00 && cp <= 0xfe0f)) return 0;
  if (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf && cp !== 0x303f) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1f64f) ||
    (cp >= 0x1f900 && cp <= 0x1f9ff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  )
    return 2;
  return 1;
}

export function width(s: string): number {
  let w = 0;
  for (const ch of s) w += cellWidth(ch.codePointAt(0)!);
  return w;
}

/** Cuts `s` to at most `w` cells, ending in "…" when cut. */
export function truncate(s: string, w: number): string {
  if (w <= 0) return "";
  if (width(s) <= w) return s;
  let out = "";
  let used = 0;
  for (const ch of s) {
    const cw = cellWidth(ch.codePointAt(0)!);
    if (used + cw > w - 1) break;
    out += ch;
    used += cw;
  }
  return out + "…";
}

/** Exactly `w` cells: cut, then padded (left- or right-aligned). */
export function pad(s: string, w: number, align: "left" | "right" = "left"): string {
  const t = truncate(s, w);
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
    for (const ch of line) {
      const cw = cellWidth(ch.codePointAt(0)!);
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

export function plural(n: number, one: string, many = one + "s"): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** First index of a window of `height` rows over `count` items that keeps `selected` visible. */
export function windowStart(selected: number, count: number, height: number): number {
  if (count <= height || height <= 0) return 0;
  const margin = Math.floor(height / 3);
  const start = selected - margin;
  return Math.max(0, Math.min(start, count - height));
}
