// The embedding vectors of node text chunks, kept by content hash in the derived store
// (knowledge/graph/.cache/vectors-<engine>.bin; safe to delete, rebuilt incrementally): a chunk is
// embedded once per engine, whatever file it moves to, and a changed chunk is a new key. The file:
// one JSON header line {format, engine, dims, count}, then per vector its key (32 bytes of a
// sha256) and dims float32 values. A header of another format, engine or size is no file.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { writeFileAtomic } from "../fsx.js";
import { withLock } from "../lock.js";
import type { RepoPaths } from "../paths.js";

const FORMAT = "akms-vectors-1";

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

  constructor(
    private readonly paths: RepoPaths,
    private readonly engineId: string,
    private readonly dims: number,
  ) {
    this.file = vectorFile(paths, engineId);
    this.load();
  }

  private load(): void {
    let buf: Buffer;
    try {
      buf = readFileSync(this.file);
    } catch {
      return;
    }
    const nl = buf.indexOf(0x0a);
    if (nl < 0) return;
    try {
      const h = JSON.parse(buf.subarray(0, nl).toString("utf8")) as { format?: string; engine?: string; dims?: number; count?: number };
      const width = 32 + this.dims * 4;
      if (h.format !== FORMAT || h.engine !== this.engineId || h.dims !== this.dims || typeof h.count !== "number" || buf.length !== nl + 1 + h.count * width) return;
      for (let i = 0, o = nl + 1; i < h.count; i++, o += width) {
        const key = buf.subarray(o, o + 32).toString("hex");
        const v = new Float32Array(this.dims);
        for (let k = 0; k < this.dims; k++) v[k] = buf.readFloatLE(o + 32 + k * 4);
        this.map.set(key, v);
      }
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
   * effort: skipped when the lock is held or the file cannot be written (the next run embeds again).
   */
  save(keep: ReadonlySet<string>): boolean {
    const stale = [...this.map.keys()].some((k) => !keep.has(k));
    if (!this.added && !stale) return false;
    const keys = [...this.map.keys()].filter((k) => keep.has(k)).sort();
    const width = 32 + this.dims * 4;
    const head = Buffer.from(JSON.stringify({ format: FORMAT, engine: this.engineId, dims: this.dims, count: keys.length }) + "\n", "utf8");
    const body = Buffer.alloc(keys.length * width);
    keys.forEach((k, i) => {
      const o = i * width;
      Buffer.from(k, "hex").copy(body, o);
      const v = this.map.get(k)!;
      for (let d = 0; d < this.dims; d++) body.writeFloatLE(v[d]!, o + 32 + d * 4);
    });
    try {
      const ok = withLock(this.paths.lock, () => writeFileAtomic(this.file, [head, body], { knownDifferent: true }));
      this.added = 0;
      return ok;
    } catch {
      return false;
    }
  }
}
