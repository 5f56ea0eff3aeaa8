// The derived store's one file format (knowledge/graph/.cache/; derived, safe to delete). Every
// store file — the node records (compiler/parse-cache.ts) and the facts about the other sources
// (facts.ts) — is a list of records under a header naming its format and the build of akms that
// wrote it: `key TAB length TAB value NL`, the header a record of its own, a trailer `end TAB
// count TAB digest NL`. The text is ASCII (a writer escapes anything else) and read as latin1, so a
// record's length counts bytes and characters alike. The trailer holds a digest of everything
// before it (sha256, 16 hex digits: ≈ 35 ms for the 42 MB parse cache at 50,000 nodes), so a file
// that is not whole — another format, another build, a torn file, or bytes changed in place — reads
// as nothing: never an error, the caller derives again from the sources, and nothing damaged reaches
// graph.json. Files are written whole by atomic rename (a kill leaves the old file or
// the new one), either at once (writeRecordFile) or record by record (RecordSpool). The store's two
// files of other formats carry a digest too: the build manifest (`sealed`) and the graph index's
// delta (`sealedJson`); the graph index holds one per section in its header (graph-index.ts).
//
// Why a format of our own and not SQLite: measured side by side (scripts/bench/store-engine.ts,
// docs/decisions.md "The derived store"), reading or writing every record — what a compile does —
// is about twice as fast this way; SQLite wins only a look-up of a few records in a large file,
// which the store avoids by keeping small facts in a small file.
import { createHash, type Hash } from "node:crypto";
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { writeFileAtomic } from "../fsx.js";

/** JSON text with its non-ASCII characters as \\uXXXX escapes (the same JSON value). */
export function jsonAscii(json: string): string {
  return /[^\x00-\x7e]/.test(json) ? json.replace(/[^\x00-\x7e]/g, hex4) : json;
}

/** A character as a \\uXXXX escape. */
export function hex4(c: string): string {
  return "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");
}

/** One record's text. */
export function recordText(key: string, value: string): string {
  return key + "\t" + value.length + "\t" + value + "\n";
}

/** The digest the store's files carry: the first DIGEST_WIDTH hex digits of a sha256. */
export const DIGEST_WIDTH = 16;

function digestOf(hash: Hash): string {
  return hash.digest("hex").slice(0, DIGEST_WIDTH);
}

/** The store's digest of `data` (a string in `encoding`): the one every store file carries. */
export function digestHex(data: Uint8Array | string, encoding: "utf8" | "latin1" = "utf8"): string {
  return digestOf(typeof data === "string" ? createHash("sha256").update(data, encoding) : createHash("sha256").update(data));
}

/** The trailer: the number of records and the digest of the text before it. */
function trailerText(count: number, digest: Hash): string {
  return "end\t" + count + "\t" + digestOf(digest) + "\n";
}

/** Whether `text`'s trailer, which starts at `at`, counts `count` records and holds the digest of the text before it. */
function trailerHolds(text: string, at: number, count: number): boolean {
  const m = /^end\t(\d+)\t([0-9a-f]{16})\n$/.exec(text.slice(at));
  return m !== null && Number(m[1]) === count && digestHex(text.slice(0, at), "latin1") === m[2];
}

/**
 * A store file that is not a record file — the build manifest (V8's serialization) — as its
 * digest line and then its bytes; `unsealed` gives the bytes back, or null when they are not what
 * the line says (a damaged file reads as none).
 */
export function sealed(body: Buffer): Buffer[] {
  return [Buffer.from(digestHex(body) + "\n", "latin1"), body];
}

export function unsealed(file: Buffer): Buffer | null {
  if (file.length <= DIGEST_WIDTH || file[DIGEST_WIDTH] !== 0x0a) return null;
  const body = file.subarray(DIGEST_WIDTH + 1);
  return digestHex(body) === file.toString("latin1", 0, DIGEST_WIDTH) ? body : null;
}

/**
 * A JSON object's text with its digest as the first member (`{"sum":"…",…}`: still JSON, the
 * graph index's delta); `unsealedJson` gives the object's text without it back, or null when the
 * rest is not what the sum says.
 */
export function sealedJson(json: string): string {
  if (!json.startsWith("{") || json === "{}") throw new TypeError("sealedJson: a non-empty JSON object");
  return `{"sum":"${digestHex(json)}",` + json.slice(1);
}

export function unsealedJson(text: string): string | null {
  const m = /^\{"sum":"([0-9a-f]{16})",/.exec(text);
  if (m === null) return null;
  const json = "{" + text.slice(m[0].length);
  return digestHex(json) === m[1] ? json : null;
}

/** The header record of a file of `format` written by build `identity`. */
export function headerText(format: string, identity: string): string {
  return recordText(format, jsonAscii(JSON.stringify(identity)));
}

/**
 * The records of `text` (a whole store file under `header`) into `into`, the last of a key
 * winning; `raw` receives each record's text as written. Returns false, adding nothing, when the
 * text is not a whole file under that header.
 */
export function parseRecords(text: string, header: string, into: Map<string, string>, raw: string[] | null = null): boolean {
  if (!text.startsWith(header)) return false;
  const found: [string, string, number, number][] = [];
  let at = header.length;
  for (;;) {
    const tab = text.indexOf("\t", at);
    const tab2 = tab < 0 ? -1 : text.indexOf("\t", tab + 1);
    if (tab2 < 0) return false;
    const key = text.slice(at, tab);
    const len = Number(text.slice(tab + 1, tab2));
    if (key === "end") {
      if (!trailerHolds(text, at, found.length)) return false;
      break;
    }
    const end = tab2 + 1 + len;
    if (!Number.isInteger(len) || len < 0 || text.charCodeAt(end) !== 0x0a) return false;
    found.push([key, text.slice(tab2 + 1, end), at, end + 1]);
    at = end + 1;
  }
  for (const [key, value, from, to] of found) {
    into.set(key, value);
    raw?.push(text.slice(from, to));
  }
  return true;
}

/** A store file's text (latin1), or null when there is none or it cannot be read. */
export function readStoreText(file: string): string | null {
  try {
    return readFileSync(file, "latin1");
  } catch {
    return null;
  }
}

/** True when `text` is a whole file under `header`: its trailer in place, and its digest that of the text (the records are not split). */
export function isWhole(text: string, header: string): boolean {
  if (!text.startsWith(header)) return false;
  const from = Math.max(0, text.length - 64); // the trailer is shorter (V8's lastIndexOf over a whole file is slow)
  const i = text.slice(from).lastIndexOf("\nend\t");
  const at = from + i + 1;
  const count = i < 0 ? null : /^end\t(\d+)\t/.exec(text.slice(at, at + 32));
  return count !== null && trailerHolds(text, at, Number(count[1]));
}

/**
 * The value of `key` in a whole file's text without parsing every record (the last record of the
 * key wins, as in parseRecords), or undefined.
 */
export function findRecord(text: string, key: string): string | undefined {
  // A record starts a line (the header is the first record), and its key ends at a tab. Searching
  // forwards is several times faster than lastIndexOf on a 40 MB string.
  const line = "\n" + key + "\t";
  let at = text.indexOf(line);
  for (let next = at; next >= 0; next = text.indexOf(line, at + 1)) at = next;
  if (at < 0) return undefined;
  const tab = at + 1 + key.length;
  const tab2 = text.indexOf("\t", tab + 1);
  const len = Number(text.slice(tab + 1, tab2));
  const end = tab2 + 1 + len;
  if (tab2 < 0 || !Number.isInteger(len) || len < 0 || text.charCodeAt(end) !== 0x0a) return undefined;
  return text.slice(tab2 + 1, end);
}

/** Writes a whole store file (atomic), joined in pieces of about a megabyte: no second copy of it in memory. */
export function writeRecordFile(file: string, header: string, records: readonly string[]): void {
  const chunks: string[] = [header];
  for (let i = 0; i < records.length; ) {
    let size = 0;
    const from = i;
    while (i < records.length && size < 1 << 20) size += records[i++]!.length;
    chunks.push(records.slice(from, i).join(""));
  }
  const digest = createHash("sha256");
  for (const c of chunks) digest.update(c, "latin1");
  chunks.push(trailerText(records.length, digest));
  writeFileAtomic(file, chunks, { knownDifferent: true });
}

/** A store file written record by record: a temporary file, renamed over the file by commit. */
export class RecordSpool {
  private readonly tmp: string;
  private fd: number | null;
  private parts: string[];
  private size = 0;
  private count = 0;
  private readonly digest = createHash("sha256");
  constructor(
    private readonly file: string,
    header: string,
  ) {
    const dir = dirname(file);
    mkdirSync(dir, { recursive: true });
    this.tmp = join(dir, `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
    this.fd = openSync(this.tmp, "w", 0o666);
    this.parts = [header];
  }
  add(record: string): void {
    this.parts.push(record);
    this.size += record.length;
    this.count++;
    if (this.size >= 1 << 20) this.flush();
  }
  private flush(): void {
    const bytes = Buffer.from(this.parts.join(""), "latin1"); // ASCII: the same bytes as UTF-8
    this.digest.update(bytes);
    let off = 0;
    while (off < bytes.length) off += writeSync(this.fd!, bytes, off, bytes.length - off);
    this.parts = [];
    this.size = 0;
  }
  commit(): void {
    try {
      this.flush();
      const trailer = Buffer.from(trailerText(this.count, this.digest), "latin1");
      let off = 0;
      while (off < trailer.length) off += writeSync(this.fd!, trailer, off, trailer.length - off);
      fsyncSync(this.fd!);
    } catch (e) {
      this.discard();
      throw e;
    }
    closeSync(this.fd!);
    this.fd = null;
    renameSync(this.tmp, this.file);
    try {
      const d = openSync(dirname(this.file), "r");
      try {
        fsyncSync(d);
      } finally {
        closeSync(d);
      }
    } catch {
      // Some filesystems refuse fsync on directories; the rename is still atomic.
    }
  }
  discard(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    rmSync(this.tmp, { force: true });
  }
}

/**
 * Whether JSON carries `v` unchanged: finite numbers other than -0, plain objects and arrays,
 * strings, booleans, null. (An undefined property is dropped by JSON, and skipped alike by the merge
 * and by the writer of graph.json.)
 */
export function jsonSafe(v: unknown, depth = 0): boolean {
  if (v === null || v === undefined) return true;
  switch (typeof v) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(v) && !Object.is(v, -0);
    case "object": {
      if (depth > 64) return false;
      if (Array.isArray(v)) {
        for (const x of v) if (x === undefined || !jsonSafe(x, depth + 1)) return false;
        return true;
      }
      const proto = Object.getPrototypeOf(v);
      if ((proto !== Object.prototype && proto !== null) || Object.hasOwn(v, "__proto__")) return false;
      for (const k in v) if (!jsonSafe((v as Record<string, unknown>)[k], depth + 1)) return false;
      return true;
    }
    default:
      return false;
  }
}
