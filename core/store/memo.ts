// The process memo: what a long-running process (`akms mcp`, the console) derives from files it
// reads again and again — the graph's index (and apart, the full index file under its deltas), the
// config, a session document, a local node's dedup sections, a node's text chunks for the
// embedding arm — each kept in a slot with the key of the
// files it came from (memoKey, core/store/freshness.ts: a missing file is a state too, and a stat
// too recent to trust keys nothing) and made again when any of them changes on disk. Writers
// replace files (writeFileAtomic: a new inode), an edit in place changes the mtime or the size.
// `akms mcp` and the console turn it on (keepWarm); a one-shot CLI process never does, so its reads
// are exactly as before. The console's live review also asks for its per-file values (`keep`).
import { memoKey } from "./freshness.js";

let enabled = false;
const slots = new Map<string, { key: string; value: unknown }>();
/** Files that derived to null at a key in an earlier process (dedup-index.ts), by kind and file. */
const knownNull = new Map<string, string>();
const primedFrom = new Set<string>();

/** Turns the server's memo on (or off, which forgets everything). */
export function keepWarm(on = true): void {
  enabled = on;
  if (!on) slots.clear();
}

/** Whether this process keeps warm state (a long-running server). */
export function isWarm(): boolean {
  return enabled;
}

/** `make()`, or what it gave last time in this slot while `files` are unchanged (when `keep`). */
function remember<T>(keep: boolean, slot: string, files: readonly string[], make: () => T): T {
  if (!keep) return make();
  const keys = files.map(memoKey);
  // A file changed too recently to be told apart by its stat: made again, kept for nobody.
  if (keys.includes(null)) {
    slots.delete(slot);
    return make();
  }
  const key = keys.join("|");
  const hit = slots.get(slot);
  if (hit && hit.key === key) return hit.value as T;
  if (knownNull.get(slot) === key) {
    slots.set(slot, { key, value: null });
    return null as T;
  }
  const value = make();
  slots.set(slot, { key, value });
  return value;
}

/** The server's memo: `make()`, or what it gave last time in this slot while `files` are unchanged. */
export function warm<T>(slot: string, files: readonly string[], make: () => T): T {
  return remember(enabled, slot, files, make);
}

/** `derive(file)`, or what it returned for this file as it is now; everything is derived again unless `keep`. */
export function cachedByStat<T>(keep: boolean, kind: string, file: string, derive: (file: string) => T): T {
  return remember(keep, `${kind}\0${file}`, [file], () => derive(file));
}

/**
 * Once per `source` (a cache file): tells cachedByStat that `derive` gave null for these files at
 * these keys in an earlier process. A file whose key differs now is derived as always.
 */
export function primeNullsOnce(kind: string, source: string, load: () => Iterable<[file: string, key: string]>): void {
  if (primedFrom.has(source)) return;
  primedFrom.add(source);
  for (const [file, key] of load()) knownNull.set(`${kind}\0${file}`, key);
}

/** The files whose value for `kind` is null as of their key now held. */
export function nullsHeld(kind: string): [file: string, key: string][] {
  const out: [string, string][] = [];
  const prefix = `${kind}\0`;
  for (const [id, e] of slots) if (e.value === null && id.startsWith(prefix)) out.push([id.slice(prefix.length), e.key]);
  return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** Forgets everything (tests: a fresh process). */
export function clearMemo(): void {
  slots.clear();
  knownNull.clear();
  primedFrom.clear();
}
