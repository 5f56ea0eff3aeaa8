// What a zod schema made of a file's exact bytes, kept between runs (knowledge/graph/.cache/
// validated-NAME.json), so that a command that only reads a few small files it read before (the
// config, the task records) does not load zod and build the schema again (≈ 50–100 ms of
// start-up) to validate the same bytes. The values are the schema's own output: an entry is used
// only for the same file path, the same bytes (sha256) and the same build of akms (buildIdentity,
// core/store/freshness.ts); anything else — another build, another format, a damaged cache, a
// caller that passes no build — is a miss, and the caller validates. Only values JSON carries exactly are kept.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { sha256, writeFileAtomic } from "./fsx.js";
import { withLock } from "./lock.js";
import type { RepoPaths } from "./paths.js";
import { buildIdentity } from "./store/freshness.js";


const FORMAT = "akms-validated-1";

interface CacheFile {
  format: string;
  build: string;
  /** file path → [sha256 of its bytes, the validated value] */
  entries: Record<string, [string, unknown]>;
}

export interface ValidatedCache<T> {
  get(file: string, bytes: Buffer | string): T | undefined;
  put(file: string, bytes: Buffer | string, value: T): void;
  /** Writes the cache when something was put (best effort: skipped when the lock is held or on any write error). */
  save(): boolean;
}

export function validatedCachePath(paths: RepoPaths, name: string): string {
  return join(paths.cacheDir, `validated-${name}.json`);
}

function readCacheFile(file: string, build: string): CacheFile["entries"] {
  try {
    const c = JSON.parse(readFileSync(file, "utf8")) as CacheFile;
    if (c.format !== FORMAT || c.build !== build || !c.entries || typeof c.entries !== "object") return {};
    return c.entries;
  } catch {
    return {};
  }
}

/** The cache `name` of this repository, for this build (a cache that never hits without a build id). */
export function validatedCache<T>(paths: RepoPaths, name: string, build: string | null = buildIdentity()): ValidatedCache<T> {
  const file = validatedCachePath(paths, name);
  let entries: CacheFile["entries"] | null = null;
  let dirty = false;
  const all = () => (entries ??= build === null ? {} : readCacheFile(file, build));
  return {
    get(path, bytes) {
      if (build === null) return undefined;
      const e = all()[path];
      return Array.isArray(e) && e[0] === sha256(bytes) ? (e[1] as T) : undefined;
    },
    put(path, bytes, value) {
      if (build === null || !isDeepStrictEqual(JSON.parse(JSON.stringify(value ?? null)), value)) return;
      all()[path] = [sha256(bytes), value];
      dirty = true;
    },
    save() {
      if (!dirty || build === null) return false;
      dirty = false;
      try {
        const text = JSON.stringify({ format: FORMAT, build, entries: all() } satisfies CacheFile);
        return withLock(paths.lock, () => writeFileAtomic(file, text));
      } catch {
        return false; // the lock is held (LockHeldError), or the cache cannot be written: next time
      }
    },
  };
}
