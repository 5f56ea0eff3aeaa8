// Which local node files hold no dedup section, kept between console runs
// (knowledge/graph/.cache/review-dedup.json): the review data looks for dedup sections in every
// local node file, and reading them all is most of its cost on a large repository. A file is
// skipped only while its stat (inode, size, mtime, ctime — read-cache.ts's key) is the one
// recorded; any other file, or no (or a damaged) index, is read as always.
import { readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Context } from "../context.js";
import { writeFileAtomic } from "../fsx.js";
import { withLock } from "../lock.js";
import { nullsHeld, primeNullsOnce } from "../store/read-cache.js";

/** read-cache's kind for a local node file's text when it holds a dedup section (else null). */
export const DEDUP_TEXT = "dedup-text";
const FORMAT = "akms-review-dedup-1";

interface IndexFile {
  format: string;
  /** The local nodes' directory the names are in. */
  dir: string;
  /** File name → stat key of the files with no dedup section. */
  none: Record<string, string>;
}

export function dedupIndexPath(ctx: Context): string {
  return join(ctx.paths.cacheDir, "review-dedup.json");
}

/** Primes read-cache with the index (once per process and repository). */
export function primeDedupIndex(ctx: Context): void {
  const path = dedupIndexPath(ctx);
  const dir = ctx.paths.localNodes;
  primeNullsOnce(DEDUP_TEXT, path, () => {
    let e: IndexFile;
    try {
      e = JSON.parse(readFileSync(path, "utf8")) as IndexFile;
    } catch {
      return [];
    }
    if (!e || e.format !== FORMAT || e.dir !== dir || !e.none || typeof e.none !== "object") return [];
    return Object.entries(e.none)
      .filter(([name, key]) => typeof key === "string" && basename(name) === name)
      .map(([name, key]): [string, string] => [join(dir, name), key]);
  });
}

/**
 * Records the files this process found without a dedup section (best effort: skipped when there
 * are none, when the lock is held or when nothing changed). The console calls it when it closes.
 */
export function saveDedupIndex(ctx: Context): boolean {
  const path = dedupIndexPath(ctx);
  const dir = ctx.paths.localNodes;
  const none: Record<string, string> = {};
  for (const [file, key] of nullsHeld(DEDUP_TEXT)) if (dirname(file) === dir) none[basename(file)] = key;
  if (Object.keys(none).length === 0) return false; // nothing worth a file
  const text = JSON.stringify({ format: FORMAT, dir, none } satisfies IndexFile);
  try {
    if (readFileSync(path, "utf8") === text) return false;
  } catch {
    /* no index yet */
  }
  try {
    return withLock(ctx.paths.lock, () => writeFileAtomic(path, text));
  } catch {
    return false; // the lock is held, or the cache cannot be written: next time
  }
}
