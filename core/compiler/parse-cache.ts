// The per-file parse cache (knowledge/graph/.cache/parse-cache.bin; derived, safe to delete): what
// readNode returned for each valid node file (the overlay's record is a fact: core/overlay-file.ts),
// keyed by the file's path, origin, shown path and stat (size, mtimeMs, ctimeMs, ino). A rebuild parses only the
// files whose key changed. A node's value is what the merge reads of it plus its finished text in
// graph.json (see nodeValue), so an unchanged node is neither parsed nor serialised again, and the
// facts of its body (node-value.ts bodyFlag), so an unchanged node's file is not read again either.
// The file is one of the store's record files (core/store/records.ts: ASCII, read as latin1, so its
// strings and the graph.json text sliced from them stay one byte per character). Looking an entry
// up compares key text, and an unchanged entry is written back as the very text it was read as. A
// damaged or foreign cache reads as empty; it is never an error.
import { join } from "node:path";
import { removeFile } from "../fsx.js";
import { findRecord, headerText, hex4, jsonSafe, isWhole, parseRecords, readStoreText, RecordSpool, recordText, writeRecordFile } from "../store/records.js";
import type { Listed, Origin, SourceNode } from "./sources.js";
import { readShare, type ShareResult } from "./read-nodes.js";
import { STAT_WIDTH, contentSha, statAll, type FileStats } from "../store/freshness.js";
import { bodyFacts, bodyFlag, renderNodeValue, stubOf, stubsOf } from "./node-value.js";

const FORMAT = "akms-parse-cache-9";

export function parseCachePath(cacheDir: string): string {
  return join(cacheDir, "parse-cache.bin");
}

export interface ParseCache {
  /** key text → value text (see readWithCache): the base file's records, then the delta's. */
  entries: Map<string, string>;
  /** Characters in the base file. */
  baseSize: number;
  /** The delta file's records, as written. */
  delta: string[];
  deltaSize: number;
}

const record = recordText;

function headerOf(identity: string): string {
  return headerText(FORMAT, identity);
}

export function parseDeltaPath(cacheDir: string): string {
  return join(cacheDir, "parse-cache.delta");
}

/** The records of one cache file, or null when it is not a whole cache written under `identity`. */
function readRecords(file: string, identity: string, into: Map<string, string>, raw: string[] | null): number | null {
  const text = readStoreText(file);
  return text !== null && parseRecords(text, headerOf(identity), into, raw) ? text.length : null;
}

/**
 * Reads the cache written under `identity` (anything else reads as empty): the base file and the
 * delta file. Every record is keyed by a file's path and stat, so a record is right for whichever
 * file has that key: the delta needs no tie to one base.
 */
export function loadParseCache(cacheDir: string, identity: string): ParseCache {
  const entries = new Map<string, string>();
  const baseSize = readRecords(parseCachePath(cacheDir), identity, entries, null);
  if (baseSize === null) entries.clear();
  const delta: string[] = [];
  const deltaSize = readRecords(parseDeltaPath(cacheDir), identity, entries, delta);
  return { entries, baseSize: baseSize ?? 0, delta: deltaSize === null ? [] : delta, deltaSize: deltaSize ?? 0 };
}

/**
 * The values of `keys` as loadParseCache would give them (the delta's record over the base's), found
 * in the files' text without building the whole map: for a caller that needs a few records (the edit
 * patch). undefined for a key with no record, or when a file is not a cache written under `identity`.
 */
export function findRecords(cacheDir: string, identity: string, keys: readonly string[]): (string | undefined)[] {
  const out: (string | undefined)[] = new Array(keys.length).fill(undefined);
  const header = headerOf(identity);
  for (const file of [parseCachePath(cacheDir), parseDeltaPath(cacheDir)]) {
    const text = readStoreText(file);
    if (text === null) continue;
    if (!isWhole(text, header)) return keys.map(() => undefined);
    keys.forEach((key, k) => {
      const value = findRecord(text, key);
      if (value !== undefined) out[k] = value;
    });
  }
  return out;
}

/**
 * The id the node file `file` (of `origin`, shown as `shown`) declares, by the cache's record of it
 * as it is now — the compile's own reading of these bytes; undefined when the cache cannot say
 * (no record at this stat, a stat too recent to trust, a racy record: the caller reads the file).
 * The locator's fast path (core/node-files.ts) for a caller that looks up many files.
 */
export function declaredIdAt(cache: ParseCache, file: string, origin: Origin, shown: string): string | null | undefined {
  const fs = statAll([file], Date.now());
  if (!(fs.stats[0]! >= 0)) return undefined;
  // The compile's own rule: the record of this stat, and for a stat taken too soon after a change, the same bytes.
  const value = lookup(cache, keyText(file, origin, shown, fs.stats, 0), file, 0, fs);
  if (value === undefined) return undefined;
  // A node's value: (a racy record's hash,) its flag, what the merge reads of it as JSON (no tab in JSON text), a tab, its text.
  const from = value.charCodeAt(0) === 0x23 ? 66 : 1;
  const tab = value.indexOf("\t", from);
  try {
    const meta = JSON.parse(value.slice(from, tab)) as { id?: unknown } | null;
    return tab > 0 && meta !== null && typeof meta === "object" && typeof meta.id === "string" ? meta.id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Adds records to the delta file, dropping its earlier records of the same files: for a caller that
 * compiled without reading the cache (the edit patch), so the next build need not parse them again.
 */
export function addRecords(cacheDir: string, identity: string, added: readonly { key: string; value: string }[]): void {
  if (!added.length) return;
  const raw: string[] = [];
  readRecords(parseDeltaPath(cacheDir), identity, new Map(), raw);
  const prefixes = added.map((a) => a.key.slice(0, fileKeyEnd(a.key)));
  const records = raw.filter((r) => !prefixes.some((p) => r.startsWith(p)));
  for (const a of added) records.push(record(a.key, a.value));
  writeRecordFile(parseDeltaPath(cacheDir), headerOf(identity), records);
}

/** Where a key's stat part starts: its path, origin and shown path come before (three NULs). */
function fileKeyEnd(key: string): number {
  let at = -1;
  for (let n = 0; n < 3; n++) at = key.indexOf("\0", at + 1);
  return at + 1;
}

/** `s` with every character outside printable ASCII (but NUL), and the backslash, as \uXXXX (one to one). */
function escapeKey(s: string): string {
  return /[^\x00\x20-\x5b\x5d-\x7e]/.test(s) ? s.replace(/[^\x00\x20-\x5b\x5d-\x7e]/g, hex4) : s;
}

/** The cache key of node file `i`, NUL-separated (no path holds a NUL). */
export function keyText(file: string, origin: string, shown: string, stats: Float64Array, i: number): string {
  const o = i * STAT_WIDTH;
  return escapeKey(file + "\0" + origin + "\0" + shown + "\0" + stats[o] + "\0" + stats[o + 1] + "\0" + stats[o + 2] + "\0" + stats[o + 3]);
}

export interface SourceJob {
  origin: Origin;
  items: Listed[];
}

export interface CachedRead {
  results: ShareResult[];
  /** How many node files were parsed (not taken from the cache). */
  parsed: number;
  /** Writes the cache as it should be after this read (null: nothing to write). */
  save: ((cacheDir: string) => void) | null;
  /** Drops what save would have written (call it when save is not called). */
  discard: () => void;
}

/**
 * The cached value of file `i` under `key`, if its bytes are still those it was parsed from: an
 * entry written for a racy stat carries the sha256 of those bytes ("#" + 64 hex before the value).
 * Returns the value without that prefix when the file is no longer racy now, so it is kept as
 * a plain entry.
 */
function lookup(cache: ParseCache | null, key: string, file: string, i: number, fs: FileStats): string | undefined {
  const value = cache?.entries.get(key);
  if (value === undefined || value.charCodeAt(0) !== 0x23) return value;
  const sha = fs.racy.get(i) ?? contentSha(file);
  if (sha !== value.slice(1, 65)) return undefined;
  return fs.racy.has(i) ? value : value.slice(65);
}

/** A cache value with the racy hash (see lookup) when `fs` holds one for file `i`. */
export function withRacy(fs: FileStats, i: number, value: string): string {
  const sha = fs.racy.get(i);
  return sha === undefined ? value : "#" + sha + value;
}

/**
 * Reads every job's files like readJobs, taking each valid file's result from `cache` when its key
 * (path, origin, shown path, stat) is unchanged. `fs` holds the stats of the listed files (jobs in
 * order; any after them are not read here). With `cache` null nothing is taken from the cache.
 */
export function readWithCache(
  jobs: SourceJob[],
  fs: FileStats,
  cache: ParseCache | null,
  identity: string,
  cacheDir: string,
): CachedRead {
  // Without a cache to start from every record is new: they go to a temporary file as they come
  // (committed by save, removed by discard), so a cold build never holds the whole cache.
  const spool = cache === null || cache.entries.size === 0 ? new RecordSpool(parseCachePath(cacheDir), headerOf(identity)) : null;
  try {
    return readInto(jobs, fs, cache, identity, spool);
  } catch (e) {
    spool?.discard();
    throw e;
  }
}

function readInto(jobs: SourceJob[], fs: FileStats, cache: ParseCache | null, identity: string, spool: RecordSpool | null): CachedRead {
  // Records kept from the cache (key, value), and records new in this read.
  const keptKeys: string[] = [];
  const keptValues: string[] = [];
  const added: string[] = [];
  const add = (r: string) => (spool !== null ? spool.add(r) : added.push(r));
  const stats = fs.stats;
  const slots: (SourceNode | undefined)[][] = [];
  const keys: (string | null)[][] = [];
  const values: (string | undefined)[][] = [];
  const fresh: SourceJob[] = [];
  let index = 0;
  for (const job of jobs) {
    const jobSlots: (SourceNode | undefined)[] = new Array(job.items.length);
    const jobKeys: (string | null)[] = new Array(job.items.length);
    const jobValues: (string | undefined)[] = new Array(job.items.length);
    for (let i = 0; i < job.items.length; i++, index++) {
      const item = job.items[i]!;
      if (!(stats[index * STAT_WIDTH]! >= 0)) {
        jobKeys[i] = null;
        continue;
      }
      const key = keyText(item.file, job.origin, item.shown, stats, index);
      jobKeys[i] = key;
      jobValues[i] = lookup(cache, key, item.file, index, fs);
    }
    // The stubs of one job in a single JSON.parse (far cheaper than one parse per node).
    const stubs = parseStubs(jobValues);
    const todo: Listed[] = [];
    const first = index - job.items.length;
    for (let i = 0; i < job.items.length; i++) {
      const item = job.items[i]!;
      const value = jobValues[i];
      const data = stubs[i];
      if (value !== undefined && data !== undefined) {
        jobSlots[i] = { id: data.id as string, origin: job.origin, file: item.file, shown: item.shown, data, ...bodyFacts(flagOf(value)) };
      } else {
        jobValues[i] = undefined;
        // Its size as statted (the reader then needs no stat of its own).
        const size = stats[(first + i) * STAT_WIDTH]!;
        todo.push(size >= 0 ? { file: item.file, shown: item.shown, size } : item);
      }
    }
    slots.push(jobSlots);
    keys.push(jobKeys);
    values.push(jobValues);
    fresh.push({ origin: job.origin, items: todo });
  }
  // Not under --no-cache (cache null): that build is the reference, its nodes are rendered by the writer.
  const render = cache !== null;
  const parsed = fresh.reduce((n, j) => n + j.items.length, 0);
  const freshResults = fresh.map((j) => (j.items.length ? readShare(j, render) : { nodes: [], problems: [] }));
  const results: ShareResult[] = [];
  index = 0;
  for (let j = 0; j < jobs.length; j++) {
    const job = jobs[j]!;
    const byFile = new Map<string, SourceNode>();
    for (const n of freshResults[j]!.nodes) byFile.set(n.file, n);
    const nodes: SourceNode[] = [];
    for (let i = 0; i < job.items.length; i++, index++) {
      const key = keys[j]![i]!;
      let node = slots[j]![i];
      if (node !== undefined) {
        const value = values[j]![i]!;
        if (value === cache!.entries.get(key)) {
          keptKeys.push(key);
          keptValues.push(value);
        } else add(record(key, value)); // a racy entry now trusted: kept as a plain one
      } else {
        node = byFile.get(job.items[i]!.file);
        if (node === undefined) continue;
        // The value is taken before the merge turns the node's data into the graph node.
        if (key !== null && (node.value !== undefined || jsonSafe(node.data))) {
          add(record(key, withRacy(fs, index, bodyFlag(node) + (node.value ?? nodeValue(node, render)))));
        }
        node.value = undefined;
      }
      nodes.push(node);
    }
    results.push({ nodes, problems: freshResults[j]!.problems });
  }
  if (spool !== null) {
    return {
      results,
      parsed,
      save: (cacheDir) => {
        spool.commit();
        removeFile(parseDeltaPath(cacheDir));
      },
      discard: () => spool.discard(),
    };
  }
  return { results, parsed, save: savePlan(cache, identity, keptKeys, keptValues, added), discard: () => {} };
}

/**
 * A node's cache value (see node-value.ts). With `attach`, the node becomes a stub of that value,
 * so graph.json's writer does not serialise it again and the parsed data is released (the merge
 * rebuilds a node it must change from the text). Not under --no-cache: that build is the reference
 * the cached path is checked against.
 */
function nodeValue(node: SourceNode, attach: boolean): string {
  const { meta, value } = renderNodeValue(node.data, node.origin, false);
  if (attach) node.data = stubOf(meta, value.slice(value.indexOf("\t") + 1))!;
  return value;
}

/** The cached values (flag, optional racy hash, value) as stubs. */
function parseStubs(values: readonly (string | undefined)[]): (Record<string, unknown> | undefined)[] {
  return stubsOf(values, (value) => (value.charCodeAt(0) === 0x23 ? 66 : 1));
}

function flagOf(value: string): number {
  return value.charCodeAt(value.charCodeAt(0) === 0x23 ? 65 : 0);
}

/**
 * How the cache is brought up to date: nothing when nothing is new; a few new records go to the
 * delta file (the base, tens of megabytes at 50,000 nodes, is not rewritten for them); otherwise,
 * or once the delta or the unused records grow large, one new base holding exactly the records in
 * use, and no delta.
 */
function savePlan(cache: ParseCache | null, identity: string, keptKeys: string[], keptValues: string[], added: string[]): ((cacheDir: string) => void) | null {
  const stale = cache === null ? 0 : cache.entries.size - keptKeys.length;
  if (cache !== null && added.length === 0 && stale === 0) return null;
  // The delta's records still in use: a file's earlier records are dropped rather than growing the
  // delta into a base rewrite.
  const delta = cache !== null && added.length > 0 ? liveRecords(cache.delta, keptKeys) : [];
  let deltaSize = 0;
  for (const r of delta) deltaSize += r.length;
  for (const r of added) deltaSize += r.length;
  const small = cache !== null && cache.baseSize > 0 && deltaSize <= Math.max(1 << 20, cache.baseSize / 8) && stale <= Math.max(64, keptKeys.length / 10);
  if (small) {
    if (added.length === 0) return null; // only unused records: they wait for the next full write
    return (cacheDir) => writeRecordFile(parseDeltaPath(cacheDir), headerOf(identity), [...delta, ...added]);
  }
  return (cacheDir) => {
    const records: string[] = new Array(keptKeys.length);
    for (let i = 0; i < keptKeys.length; i++) records[i] = record(keptKeys[i]!, keptValues[i]!);
    for (const r of added) records.push(r);
    writeRecordFile(parseCachePath(cacheDir), headerOf(identity), records);
    removeFile(parseDeltaPath(cacheDir));
  };
}

/** The records (as written: key, tab, …) whose key is among `kept`. */
function liveRecords(records: readonly string[], kept: readonly string[]): string[] {
  if (records.length === 0) return [];
  const keys = new Set<string>();
  for (const r of records) keys.add(r.slice(0, r.indexOf("\t")));
  const live = new Set<string>();
  for (const k of kept) if (keys.has(k)) live.add(k);
  return records.filter((r) => live.has(r.slice(0, r.indexOf("\t"))));
}
