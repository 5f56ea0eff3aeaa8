// The embedding vectors of node text chunks, kept by content hash in the derived store
// (knowledge/graph/.cache/vectors-<engine>.bin; safe to delete, rebuilt incrementally): a chunk is
// embedded once per engine, whatever file it moves to, and a changed chunk is a new key. The file:
// one JSON header line {format, engine, dims, count}, then per vector its key (32 bytes of a
// sha256) and dims float32 values. A header of another format, engine or size is no file.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { endianness } from "node:os";
import { writeFileAtomic } from "../fsx.js";
import { agentLockWaitMs, withLock, withLockWait } from "../lock.js";
import type { RepoPaths } from "../paths.js";

const FORMAT = "akms-vectors-1";
/** The file's floats are little-endian; on such a machine they are copied as they are. */
const LITTLE_ENDIAN = endianness() === "LE";

export function vectorKey(engineId: string, text: string): string {
  return createHash("sha256").update(engineId).update("\0").update(text).digest("hex");
}

/** The vectors of one engine in this repository's store. */
export function vectorFile(paths: RepoPaths, engineId: string): string {
  return join(paths.cacheDir, `vectors-${engineId.replace(/[^a-z0-9.-]+/gi, "_")}.bin`);
}

export class VectorStore {
  private readonly map = new Map<string, Float32Array>();
  private added = 0;
  private readonly file: string;

  /** `bytes`: the file's bytes when the caller has read them already. */
  constructor(
    private readonly paths: RepoPaths,
    private readonly engineId: string,
    private readonly dims: number,
    bytes?: Buffer,
  ) {
    this.file = vectorFile(paths, engineId);
    this.load(bytes);
  }

  private load(bytes?: Buffer): void {
    let buf: Buffer;
    try {
      buf = bytes ?? readFileSync(this.file);
    } catch {
      return;
    }
    const nl = buf.indexOf(0x0a);
    if (nl < 0) return;
    try {
      const h = JSON.parse(buf.subarray(0, nl).toString("utf8")) as { format?: string; engine?: string; dims?: number; count?: number };
      const width = 32 + this.dims * 4;
      if (h.format !== FORMAT || h.engine !== this.engineId || h.dims !== this.dims || typeof h.count !== "number" || buf.length !== nl + 1 + h.count * width) return;
      // One copy of every value (the vectors start at no aligned offset), read as little-endian floats.
      const values = new Float32Array(h.count * this.dims);
      const bytes = new Uint8Array(values.buffer);
      for (let i = 0, o = nl + 1; i < h.count; i++, o += width) {
        bytes.set(buf.subarray(o + 32, o + width), i * this.dims * 4);
        this.map.set(buf.toString("hex", o, o + 32), values.subarray(i * this.dims, (i + 1) * this.dims));
      }
      if (!LITTLE_ENDIAN) for (let i = 0; i < values.length; i++) values[i] = Buffer.from(values.buffer, i * 4, 4).readFloatLE(0);
    } catch {
      this.map.clear(); // a damaged file is no file
    }
  }

  get size(): number {
    return this.map.size;
  }

  keys(): IterableIterator<string> {
    return this.map.keys();
  }

  get(key: string): Float32Array | undefined {
    return this.map.get(key);
  }

  put(key: string, v: Float32Array): void {
    if (!this.map.has(key)) this.added++;
    this.map.set(key, v);
  }

  /**
   * Writes the vectors when some were added, keeping only `keep` (the keys in use now) — best
   * effort: skipped when the lock is held or the file cannot be written (the next run embeds again);
   * `strict` (`akms index`, whose work is this write): the reason is thrown instead.
   */
  save(keep: ReadonlySet<string>, opts: { strict?: boolean } = {}): boolean {
    const stale = [...this.map.keys()].some((k) => !keep.has(k));
    if (!this.added && !stale) return false;
    const keys = [...this.map.keys()].filter((k) => keep.has(k)).sort();
    const width = 32 + this.dims * 4;
    const head = Buffer.from(JSON.stringify({ format: FORMAT, engine: this.engineId, dims: this.dims, count: keys.length }) + "\n", "utf8");
    const body = Buffer.alloc(keys.length * width);
    keys.forEach((k, i) => {
      const o = i * width;
      body.write(k, o, "hex");
      const v = this.map.get(k)!;
      if (LITTLE_ENDIAN) body.set(new Uint8Array(v.buffer, v.byteOffset, this.dims * 4), o + 32);
      else for (let d = 0; d < this.dims; d++) body.writeFloatLE(v[d]!, o + 32 + d * 4);
    });
    try {
      const write = () => writeFileAtomic(this.file, [head, body], { knownDifferent: true });
      // Strict: a writer holding the lock is waited for (a bounded time), as an agent's command waits.
      const ok = opts.strict ? withLockWait(this.paths.lock, agentLockWaitMs(), write) : withLock(this.paths.lock, write);
      this.added = 0;
      return ok;
    } catch (e) {
      if (opts.strict) throw e;
      return false;
    }
  }
}

/**
 * Adds the vectors of another store folder (a scratch copy of knowledge/, as `akms eval replay`
 * works in) to this repository's, engine by engine: they are content-keyed, so each holds for any
 * file with that chunk. Writes only when some are new; best effort, as `save`.
 */
export function carryVectors(from: RepoPaths, to: RepoPaths): number {
  let added = 0;
  let names: string[];
  try {
    names = readdirSync(from.cacheDir).filter((n) => /^vectors-.*\.bin$/.test(n));
  } catch {
    return 0;
  }
  for (const n of names) {
    let head: { format?: string; engine?: string; dims?: number };
    let buf: Buffer;
    try {
      buf = readFileSync(join(from.cacheDir, n));
      head = JSON.parse(buf.subarray(0, Math.max(0, buf.indexOf(0x0a))).toString("utf8"));
    } catch {
      continue;
    }
    if (head.format !== FORMAT || typeof head.engine !== "string" || typeof head.dims !== "number") continue;
    const source = new VectorStore(from, head.engine, head.dims, buf); // read once
    const target = new VectorStore(to, head.engine, head.dims);
    let fresh = 0;
    for (const k of source.keys()) {
      if (target.get(k)) continue;
      target.put(k, source.get(k)!);
      fresh++;
    }
    if (fresh && target.save(new Set(target.keys()))) added += fresh;
  }
  return added;
}
