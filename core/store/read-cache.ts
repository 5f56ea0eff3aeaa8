// What a long-running process (the console, akms mcp) derives from a source file it reads again and
// again — a local node's dedup sections, a session document, a node's text chunks for the embedding
// arm — kept per file while its stat key (core/store/freshness.ts) stays the same: the console
// refreshes after each action, and an action changes one or two files. Writers replace files
// (writeFileAtomic: a new inode), an edit in place changes the mtime or the size, and a stat too
// recent to trust keys nothing.
import { statKey } from "./freshness.js";

const entries = new Map<string, { key: string; value: unknown }>();
/** Files that derived to null at a stat key in an earlier process (dedup-index.ts), by kind and file. */
const knownNull = new Map<string, string>();

/**
 * `derive(file)`, or what it returned for this file as it is now. A file that cannot be stat-ed
 * (missing, unreadable) is derived again every time; so is everything unless `keep` (a one-shot
 * command gains nothing from keeping it).
 */
export function cachedByStat<T>(keep: boolean, kind: string, file: string, derive: (file: string) => T): T {
  if (!keep) return derive(file);
  const key = statKey(file); // null: derived below, as if there were no cache
  const id = `${kind}\0${file}`;
  const hit = key === null ? undefined : entries.get(id);
  if (hit && hit.key === key) return hit.value as T;
  if (key !== null && knownNull.get(id) === key) {
    entries.set(id, { key, value: null });
    return null as T;
  }
  const value = derive(file);
  if (key === null) entries.delete(id);
  else entries.set(id, { key, value });
  return value;
}

const primedFrom = new Set<string>();

/**
 * Once per `source` (a cache file): tells cachedByStat that `derive` gave null for these files at
 * these stat keys in an earlier process. A file whose stat differs now is derived as always.
 */
export function primeNullsOnce(kind: string, source: string, load: () => Iterable<[file: string, key: string]>): void {
  if (primedFrom.has(source)) return;
  primedFrom.add(source);
  for (const [file, key] of load()) knownNull.set(`${kind}\0${file}`, key);
}

/** The files whose value for `kind` is null as of their stat key now held. */
export function nullsHeld(kind: string): [file: string, key: string][] {
  const out: [string, string][] = [];
  const prefix = `${kind}\0`;
  for (const [id, e] of entries) if (e.value === null && id.startsWith(prefix)) out.push([id.slice(prefix.length), e.key]);
  return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** Forgets everything (tests: a fresh process). */
export function clearReadCache(): void {
  entries.clear();
  knownNull.clear();
  primedFrom.clear();
}
