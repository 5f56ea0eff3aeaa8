// The parse worker's reader: the fast paths only. A file it cannot answer for with certainty (an
// odd file, bad UTF-8, a BOM, frontmatter beyond the fast parser or check, a problem of any kind)
// is answered 0 and read again by the main thread, whose readNode names every problem. It imports
// neither zod nor the error-path YAML library, so the worker starts quickly.
import { isUtf8 } from "node:buffer";
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { openReadOrNull } from "../fsx.js";
import { fastParseYaml, fastSplitFrontmatter } from "./fast-frontmatter.js";
import { fastCheckNode } from "./fast-node-check.js";
import { renderNodeValue } from "./node-value.js";
import type { Origin } from "./sources.js";
import type { WorkerEntry } from "./worker-protocol.js";

export const HEAD_BYTES = 16 * 1024;
const headBuf = Buffer.allocUnsafe(HEAD_BYTES);

/** hasContentDraft's test (core/schemas/node.ts; pinned by a test). */
export const CONTENT_DRAFT = /^##\s+content_draft\b/m;

/** Byte offset just past the closing `---` line of the frontmatter in `buf[0, len)`, or -1. */
export function frontmatterEnd(buf: Buffer, len: number): number {
  if (len < 4 || buf[0] !== 0x2d || buf[1] !== 0x2d || buf[2] !== 0x2d) return -1;
  let i = buf.indexOf(0x0a, 0);
  while (i >= 0 && i < len) {
    const start = i + 1;
    if (start + 3 <= len && buf[start] === 0x2d && buf[start + 1] === 0x2d && buf[start + 2] === 0x2d) {
      let j = start + 3;
      while (j < len && (buf[j] === 0x20 || buf[j] === 0x09 || buf[j] === 0x0d)) j++;
      if (j === len) return len;
      if (buf[j] === 0x0a) return j + 1;
    }
    i = buf.indexOf(0x0a, start);
  }
  return -1;
}

/** True when JSON carries `v` exactly (no -0, NaN, ±Infinity, undefined or class instances). */
export function jsonExact(v: unknown): boolean {
  if (typeof v === "number") return Number.isFinite(v) && !Object.is(v, -0);
  if (v === null || typeof v === "string" || typeof v === "boolean") return true;
  if (Array.isArray(v)) return v.every(jsonExact);
  if (typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype) {
    for (const k in v) if (!jsonExact((v as Record<string, unknown>)[k])) return false;
    return true;
  }
  return false;
}

/**
 * The bytes readNode reads of a file whose size the build has just statted — the head up to the
 * frontmatter's end, or a local node whole — without a stat of its own (on this machine an fstat
 * costs as much as the open and the read together); null when anything is not as expected (too
 * large, empty, no end of the frontmatter in the head, a size that changed, a read error): the
 * caller then reads the file the ordinary way, which names any problem.
 */
export function readKnownSize(file: string, wholeFile: boolean, size: number, maxFileBytes: number): Buffer | null {
  if (!(size > 0 && size <= maxFileBytes)) return null;
  const fd = openReadOrNull(file);
  if (fd === null) return null;
  try {
    // One byte more than the file should hold, so a file that grew is noticed.
    const buf = wholeFile && size >= HEAD_BYTES ? Buffer.allocUnsafe(size + 1) : headBuf;
    const n = readSync(fd, buf, 0, wholeFile ? Math.min(buf.length, size + 1) : Math.min(buf.length, size), 0);
    if (wholeFile) return n === size ? buf.subarray(0, n) : null;
    const end = frontmatterEnd(buf, n);
    return end < 0 ? null : buf.subarray(0, end);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** The text readNode would read (the head up to the frontmatter's end; a local node whole), or null. */
function readText(file: string, wholeFile: boolean, maxFileBytes: number, size?: number): string | null {
  if (size !== undefined) {
    const bytes = readKnownSize(file, wholeFile, size, maxFileBytes);
    if (bytes !== null) return isUtf8(bytes) ? bytes.toString("utf8") : null;
  }
  const fd = openSync(file, "r");
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size === 0 || st.size > maxFileBytes) return null;
    const buf = wholeFile && st.size > HEAD_BYTES ? Buffer.allocUnsafe(st.size) : headBuf;
    const n = readSync(fd, buf, 0, Math.min(buf.length, st.size), 0);
    let end = n;
    if (wholeFile) {
      if (n !== st.size) return null;
    } else if ((end = frontmatterEnd(buf, n)) < 0) return null;
    const bytes = buf.subarray(0, end);
    return isUtf8(bytes) ? bytes.toString("utf8") : null;
  } finally {
    closeSync(fd);
  }
}

/**
 * readNode's node for a file the fast paths fully understand, as [data, missingDraft] — with
 * `render`, [its parse-cache value, missingDraft] — else 0.
 */
export function fastReadEntry(file: string, origin: Origin, maxFileBytes: number, render = false, size?: number): WorkerEntry {
  let text: string | null;
  try {
    text = readText(file, origin === "local", maxFileBytes, size);
  } catch {
    return 0;
  }
  const split = text === null ? undefined : fastSplitFrontmatter(text);
  const parsed = split && fastParseYaml(split.yaml);
  const data = parsed && fastCheckNode(origin, parsed);
  if (!data || !jsonExact(data)) return 0;
  const missingDraft = origin === "local" && data.source === "agent" && !CONTENT_DRAFT.test(split!.body);
  return [render ? renderNodeValue(data, origin, true).value : data, missingDraft];
}
