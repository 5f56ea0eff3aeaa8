// Content retrieval with the real qmd (spec §3.3, §5.4): BM25 search (`qmd search`, never the
// model-backed modes), results restricted to the selected nodes' files and sorted by (file, line).
//
// qmd ANDs the words of a query, so a loadout's tags are searched one query per tag and the hits
// united. Each tag's hits over the indexed collections are cached in knowledge/graph/.qmd_cache/
// as <graph_version>-<query_hash>.json (query_hash: qmd version, query, collections) and shared
// by every loadout of that graph version; an entry is not reused once a selected file is newer
// than the files it was computed from (a body edit does not change graph_version).
//
// A loadout's uncached tag queries are searched together (concurrently); a phase's loadouts made
// together (writeLoadouts) search every uncached query of the phase first (prefetchPassages), then
// each loadout is made exactly as alone, finding its hits in the cache.
import { readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { LockHeldError } from "../errors.js";
import { withLock } from "../lock.js";
import { readTextIfExists, removeFile, sha256, writeFileAtomic } from "../fsx.js";
import { splitFrontmatter } from "../frontmatter.js";
import { findQmd, indexedMarkdown, probeQmd, probeQmdAsync, qmdSearchMany, type QmdIndexing, type QmdStatus } from "../qmd.js";
import type { Roots, ShownFile } from "./content.js";
import { escapeRegExp } from "../regexp.js";
import { oneLine } from "../control-chars.js";

export interface QmdUse {
  available: boolean;
  reason: string;
  bin: string | null;
  version: string | null;
}

export interface Passage {
  /** Shown path (repo-relative or under the vault's display path). */
  file: string;
  line: number;
  text: string;
  /** The tag query that found it. */
  query: string;
}

export interface Retrieval {
  queries: string[];
  passages: Passage[];
  /** True when every query's hits came from the cache. */
  cached: boolean;
  /** qmd indexed the files for this retrieval (or for its batch): its index was new, or files had changed. */
  indexed: QmdIndexing | null;
}

const CACHE_FORMAT = "akms-qmd-hits-1";
const PASSAGE_CHARS = 200;
/**
 * The embedding arm's passages (core/embed/semantic.ts passagesWithin) added to qmd's: those of
 * the selected files that qmd did not find, in the same (file, line) order as every passage.
 */
export function withSemanticPassages(r: Retrieval, files: readonly ShownFile[], semantic: { engine: string; passages: { file: string; line: number; text: string }[] }): Retrieval {
  const selected = new Set(files.map((f) => f.shown));
  const have = new Set(r.passages.map((p) => `${p.file}\0${p.line}`));
  const add = semantic.passages
    .filter((p) => selected.has(p.file) && !have.has(`${p.file}\0${p.line}`))
    .map((p) => ({ file: p.file, line: p.line, text: passage(p.text), query: `semantic (${semantic.engine})` }));
  const passages = [...r.passages, ...add].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  return { ...r, queries: add.length ? [...r.queries, `semantic (${semantic.engine})`] : r.queries, passages };
}

/** Knowledge subdirectories that never hold node content. */
const NOT_CONTENT = new Set(["graph", "loadouts", "code-mirror", "tasks", "reviews", "orchestrator"]);

/** qmd binaries that failed a search in this process: later loadouts degrade at once instead of retrying. */
const failedBins = new Map<string, string>();

export function markQmdFailed(q: QmdUse, reason: string): QmdUse {
  if (q.bin) failedBins.set(q.bin, reason);
  return { ...q, available: false, reason };
}

/** A status probed earlier, unless its binary has failed since. */
export function stillUsable(q: QmdUse): QmdUse {
  const failed = q.available && q.bin ? failedBins.get(q.bin) : undefined;
  return failed ? { ...q, available: false, reason: failed } : q;
}

const PROBE_FORMAT = "akms-qmd-probe-1";

/** What a successful probe depends on: the binary, its package, and the Node.js running it. */
function probeKey(bin: string): string | null {
  try {
    const real = realpathSync(bin);
    const parts = [PROBE_FORMAT, real, process.version];
    for (const f of [real, join(dirname(real), "..", "package.json")]) {
      try {
        const st = statSync(f);
        parts.push(`${f}\t${st.size}\t${st.mtimeMs}\t${st.ino}`);
      } catch {
        parts.push(`${f}\tmissing`);
      }
    }
    return sha256(parts.join("\n"));
  } catch {
    return null;
  }
}

/** Where a successful probe is kept between runs (knowledge/graph/.qmd_cache/probe.json) and the lock to write it under. */
export interface ProbeMemory {
  dir: string;
  lock: string;
}

/**
 * qmd's status: `disabled` (--no-qmd), else the probe of core/qmd.ts (it runs the binary twice).
 * With `remember`, a successful probe is kept in <dir>/probe.json and reused while the binary,
 * its package.json and the Node.js version are unchanged — so a CLI run whose passages all come
 * from the cache starts no qmd process. (A qmd broken since then still fails at search time and
 * degrades the loadout.)
 */
export function qmdUse(disabled: boolean, env: NodeJS.ProcessEnv = process.env, remember?: ProbeMemory): QmdUse {
  if (disabled) return { available: false, reason: "disabled by --no-qmd", bin: null, version: null };
  const recalled = recallProbe(env, remember);
  return recalled.use ?? keepProbe(probeQmd(env), recalled, remember);
}

/**
 * qmdUse with the probe's runs off the caller's thread (the console): the same answer, the same
 * probe.json. Aborted by `signal` (the console closing), the probe's qmd process is killed and the
 * promise rejects.
 */
export async function qmdUseAsync(env: NodeJS.ProcessEnv = process.env, remember?: ProbeMemory, signal?: AbortSignal): Promise<QmdUse> {
  const recalled = recallProbe(env, remember);
  return recalled.use ?? keepProbe(await probeQmdAsync(env, signal), recalled, remember);
}

interface Recalled {
  /** The remembered status, when it still holds. */
  use: QmdUse | null;
  bin: string | null;
  key: string | null;
  file: string | null;
}

function recallProbe(env: NodeJS.ProcessEnv, remember: ProbeMemory | undefined): Recalled {
  const bin = remember ? findQmd(env) : null;
  const key = bin ? probeKey(bin) : null;
  const file = remember ? join(remember.dir, "probe.json") : null;
  if (file && key) {
    try {
      const doc = JSON.parse(readFileSync(file, "utf8")) as { key?: string; status?: QmdUse };
      if (doc.key === key && doc.status?.available && doc.status.bin === bin) return { use: stillUsable(doc.status), bin, key, file };
    } catch {
      /* no or unreadable record: probe */
    }
  }
  return { use: null, bin, key, file };
}

function keepProbe(s: QmdStatus, { bin, key, file }: Recalled, remember: ProbeMemory | undefined): QmdUse {
  const use: QmdUse = { available: s.available, reason: s.reason, bin: s.bin, version: s.version };
  if (remember && file && key && use.available && use.bin === bin) {
    try {
      withLock(remember.lock, () => writeFileAtomic(file, JSON.stringify({ key, status: use }, null, 2) + "\n"));
    } catch (e) {
      if (!(e instanceof LockHeldError)) throw e;
    }
  }
  return stillUsable(use);
}

/** One qmd query per tag: its words, lower-cased, joined by hyphens (qmd reads that as a phrase). */
export function tagQueries(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of tags) {
    const q = t.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).join("-");
    if (q && !out.includes(q)) out.push(q);
  }
  return out;
}

/** A passage as a loadout shows it: one line of at most PASSAGE_CHARS characters. */
const passage = (s: string): string => oneLine(s, PASSAGE_CHARS);

interface Collection {
  name: string;
  dir: string;
  /** Prefix of the shown paths of its files. */
  shown: string;
}

/** qmd's collection name for knowledge/<seg> (one name per directory: qmd allows no second). */
export function knowledgeCollectionName(seg: string): string {
  return `k-${seg.replace(/[^A-Za-z0-9_-]+/g, "_").slice(0, 40)}-${sha256(seg).slice(0, 6)}`;
}

/** The vault, knowledge/local-nodes, and any other knowledge subdirectory holding a selected file. */
export function collectionsFor(roots: Roots, files: ShownFile[]): Collection[] {
  const out: Collection[] = [
    { name: "vault", dir: roots.vault, shown: roots.vaultDisplay.replace(/\/+$/, "") },
    { name: "local-nodes", dir: roots.localNodes, shown: "knowledge/local-nodes" },
  ];
  for (const f of files) {
    const rel = relative(roots.knowledge, f.file).split(sep);
    if (rel.length < 2 || rel[0] === ".." || rel[0] === "local-nodes" || NOT_CONTENT.has(rel[0]!)) continue;
    const seg = rel[0]!;
    const name = knowledgeCollectionName(seg);
    if (!out.some((c) => c.name === name)) out.push({ name, dir: join(roots.knowledge, seg), shown: `knowledge/${seg}` });
  }
  return out;
}

/** Every Markdown file qmd indexes in `dir`, with its shown path and mtime. */
function walkMarkdown(dir: string, shownPrefix: string): { file: string; shown: string; mtimeMs: number }[] {
  return indexedMarkdown(dir).map(({ file, rel, st }) => ({ file, shown: `${shownPrefix}/${rel}`, mtimeMs: st.mtimeMs }));
}

interface CacheDoc {
  format: string;
  graph_version: string;
  query: string;
  collections: string[];
  /** Newest mtime among the files searched. */
  newest_mtime_ms: number;
  /** mtime of each file with a hit. */
  hit_mtimes: Record<string, number>;
  hits: { file: string; line: number; text: string }[];
}

function mtimeOf(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/** Line of the closing frontmatter fence (0 when the file has none): hits above it are metadata, not passages. */
function frontmatterEnd(file: string): number {
  try {
    const fm = splitFrontmatter(readFileSync(file, "utf8"));
    return fm ? fm.endLine : 0;
  } catch {
    return 0;
  }
}

/**
 * qmd gives one passage per file; when it lies in the frontmatter (a tags list), the passage is
 * the first body line holding every word of the query (as qmd's AND does), else any of them.
 */
function bodyLineFor(file: string, fmEnd: number, query: string): { line: number; text: string } | null {
  let lines: string[];
  try {
    lines = readFileSync(file, "utf8").split(/\r?\n/);
  } catch {
    return null;
  }
  const words = query.split("-").filter(Boolean);
  const has = (l: string, w: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(w)}`, "iu").test(l);
  for (const all of [true, false]) {
    for (let i = fmEnd; i < lines.length; i++) {
      const l = lines[i]!;
      if (l.trim() && (all ? words.every((w) => has(l, w)) : words.some((w) => has(l, w)))) return { line: i + 1, text: passage(l) };
    }
  }
  return null;
}

export interface RetrievalInput {
  qmd: QmdUse;
  stateDir: string;
  cacheDir: string;
  graphVersion: string;
  tags: readonly string[];
  files: ShownFile[];
  roots: Roots;
  /** Told before qmd indexes (core/qmd.ts onIndex). */
  onIndex?: (kind: QmdIndexing) => void;
}

/**
 * What prefetchPassages left for the loadouts of its batch: the cache entries it searched (their
 * loadouts count as not cached) and the searches that failed (their loadouts degrade with that
 * error instead of searching again).
 */
export interface SearchBatch {
  searched: Set<string>;
  failed: Map<string, unknown>;
  /** The indexing the batch's searches needed, told to the first loadout that searched. */
  indexed: QmdIndexing | null;
}

interface Lookup {
  query: string;
  cacheFile: string;
  collKey: string[];
  /** The cached hits when still valid for the selected files. */
  doc: CacheDoc | null;
}

interface Prepared {
  queries: string[];
  collections: Collection[];
  selected: Map<string, ShownFile & { mtime: number | null }>;
  lookups: Lookup[];
}

function prepare(opts: RetrievalInput): Prepared | { queries: string[] } {
  const queries = tagQueries(opts.tags);
  const files = [...new Map(opts.files.map((f) => [f.shown, f])).values()];
  if (!queries.length || !files.length) return { queries };
  const collections = collectionsFor(opts.roots, files);
  const selected = new Map(files.map((f) => [f.shown, { ...f, mtime: mtimeOf(f.file) }]));
  const newestSelected = [...selected.values()].reduce((m, f) => Math.max(m, f.mtime ?? 0), 0);
  const collKey = collections.map((c) => `${c.name}=${c.dir}`);
  const lookups = queries.map((query): Lookup => {
    const hash = sha256([CACHE_FORMAT, opts.qmd.version ?? "", query, ...collKey].join("\n")).slice(0, 16);
    const cacheFile = join(opts.cacheDir, `${opts.graphVersion}-${hash}.json`);
    let doc: CacheDoc | null = null;
    try {
      const d = JSON.parse(readTextIfExists(cacheFile) ?? "null") as CacheDoc | null;
      const fresh =
        d !== null &&
        d.format === CACHE_FORMAT &&
        d.graph_version === opts.graphVersion &&
        newestSelected <= d.newest_mtime_ms &&
        Object.entries(d.hit_mtimes).every(([f, m]) => !selected.has(f) || selected.get(f)!.mtime === m);
      if (fresh) doc = d;
    } catch {
      /* a damaged entry is recomputed */
    }
    return { query, cacheFile, collKey, doc };
  });
  return { queries, collections, selected, lookups };
}

type Walked = ReturnType<typeof walkMarkdown>;

/**
 * Runs the searches of `missing` (all over `collections`) and caches their hits; a failed search
 * gives its error. Directory walks are shared through `walks`.
 */
function searchAndCache(opts: RetrievalInput, collections: Collection[], missing: Lookup[], walks: Map<string, Walked>, jobs?: number): Map<string, CacheDoc | unknown> {
  const out = new Map<string, CacheDoc | unknown>();
  const searchable = collections.flatMap((c) => {
    const key = `${c.dir}\0${c.shown}`;
    let w = walks.get(key);
    if (!w) walks.set(key, (w = walkMarkdown(c.dir, c.shown)));
    return w;
  });
  const shownOf = new Map(searchable.map((f) => [f.file, f]));
  const byShown = new Map(searchable.map((f) => [f.shown, f]));
  const results = qmdSearchMany(opts.qmd.bin!, {
    onIndex: opts.onIndex,
    stateDir: opts.stateDir,
    collections: collections.map(({ name, dir }) => ({ name, dir })),
    queries: missing.map((l) => l.query),
    files: searchable.map((f) => f.file),
    jobs,
  });
  const newest = searchable.reduce((m, f) => Math.max(m, f.mtimeMs), 0);
  missing.forEach((l, i) => {
    const hits = results[i]!;
    if (hits instanceof Error) {
      out.set(l.cacheFile, hits);
      return;
    }
    const kept = hits.filter((h) => shownOf.has(h.file)).map((h) => ({ file: shownOf.get(h.file)!.shown, line: h.line, text: passage(h.text) }));
    kept.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
    const hitMtimes: Record<string, number> = {};
    for (const h of kept) hitMtimes[h.file] = byShown.get(h.file)!.mtimeMs;
    const doc: CacheDoc = {
      format: CACHE_FORMAT,
      graph_version: opts.graphVersion,
      query: l.query,
      collections: l.collKey,
      newest_mtime_ms: newest,
      hit_mtimes: hitMtimes,
      hits: kept,
    };
    writeFileAtomic(l.cacheFile, JSON.stringify(doc, null, 2) + "\n");
    out.set(l.cacheFile, doc);
  });
  return out;
}

function isDoc(v: unknown): v is CacheDoc {
  return typeof v === "object" && v !== null && (v as CacheDoc).format === CACHE_FORMAT;
}

/**
 * Passages for the loadout's tags within `files` (the selected nodes' files and content_ref
 * targets). Its uncached searches run concurrently. Throws QmdError when qmd fails (the caller
 * degrades); with `batch`, a search that failed there throws that error again.
 */
export function retrievePassages(opts: RetrievalInput & { batch?: SearchBatch }): Retrieval {
  const p = prepare(opts);
  if (!("lookups" in p)) return { queries: p.queries, passages: [], cached: false, indexed: null };
  const missing = p.lookups.filter((l) => !l.doc);
  let allFromCache = !missing.length;
  let indexed: QmdIndexing | null = null;
  // The first loadout of a batch to use an entry the batch searched is the one that searched it
  // (as when the loadouts are made one by one); the later ones find it cached.
  for (const l of p.lookups) if (opts.batch?.searched.delete(l.cacheFile)) allFromCache = false;
  if (!allFromCache && opts.batch?.indexed) {
    indexed = opts.batch.indexed;
    opts.batch.indexed = null;
  }
  if (missing.length) {
    const toSearch = missing.filter((l) => !opts.batch?.failed.has(l.cacheFile));
    const onIndex = (kind: QmdIndexing) => {
      indexed = kind;
      opts.onIndex?.(kind);
    };
    const found = toSearch.length ? searchAndCache({ ...opts, onIndex }, p.collections, toSearch, new Map()) : new Map<string, unknown>();
    for (const l of missing) {
      const r = opts.batch?.failed.has(l.cacheFile) ? opts.batch.failed.get(l.cacheFile) : found.get(l.cacheFile);
      if (!isDoc(r)) throw r;
      l.doc = r;
    }
  }
  const fmEnds = new Map<string, number>();
  const passages = new Map<string, Passage>();
  for (const { query, doc } of p.lookups) {
    for (const h of doc!.hits) {
      const sel = p.selected.get(h.file);
      if (!sel) continue;
      let fmEnd = fmEnds.get(h.file);
      if (fmEnd === undefined) fmEnds.set(h.file, (fmEnd = frontmatterEnd(sel.file)));
      const hit = h.line > fmEnd ? h : bodyLineFor(sel.file, fmEnd, query);
      if (!hit) continue;
      const key = `${h.file}\0${hit.line}`;
      if (!passages.has(key)) passages.set(key, { file: h.file, line: hit.line, text: hit.text, query });
    }
  }
  if (!allFromCache) pruneOtherVersions(opts.cacheDir, opts.graphVersion);
  const sorted = [...passages.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  return { queries: p.queries, passages: sorted, cached: allFromCache, indexed };
}

/**
 * The searches a batch of loadouts will need (every uncached tag query, once), run together — per
 * set of collections, qmd's index brought up to date once, then the searches concurrently — so
 * each loadout then finds its hits in the cache. Inputs without a usable qmd are skipped. Never
 * throws for a failing qmd: the failures are recorded for the loadouts that need them.
 */
export function prefetchPassages(inputs: RetrievalInput[], jobs?: number): SearchBatch {
  const batch: SearchBatch = { searched: new Set(), failed: new Map(), indexed: null };
  const groups = new Map<string, { input: RetrievalInput; collections: Collection[]; missing: Map<string, Lookup> }>();
  for (const input of inputs) {
    if (!input.qmd.available || !input.qmd.bin) continue;
    const p = prepare(input);
    if (!("lookups" in p)) continue;
    const key = JSON.stringify([input.qmd.bin, input.qmd.version, input.stateDir, input.cacheDir, input.graphVersion, p.collections]);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { input, collections: p.collections, missing: new Map() }));
    for (const l of p.lookups) if (!l.doc && !g.missing.has(l.cacheFile)) g.missing.set(l.cacheFile, l);
  }
  const walks = new Map<string, Walked>();
  for (const g of groups.values()) {
    if (!g.missing.size) continue;
    const missing = [...g.missing.values()];
    let found: Map<string, unknown>;
    try {
      const onIndex = (kind: QmdIndexing) => {
        batch.indexed ??= kind;
        g.input.onIndex?.(kind);
      };
      found = searchAndCache({ ...g.input, onIndex }, g.collections, missing, walks, jobs);
    } catch (e) {
      found = new Map(missing.map((l) => [l.cacheFile, e]));
    }
    for (const l of missing) {
      const r = found.get(l.cacheFile);
      if (isDoc(r)) batch.searched.add(l.cacheFile);
      else batch.failed.set(l.cacheFile, r);
    }
  }
  return batch;
}

/** Entries of other graph versions can never be reused: they are removed. */
function pruneOtherVersions(cacheDir: string, graphVersion: string): void {
  let names: string[];
  try {
    names = readdirSync(cacheDir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = /^([0-9a-f]{6,64})-[0-9a-f]{16}\.json$/.exec(name);
    if (m && m[1] !== graphVersion) removeFile(join(cacheDir, name));
  }
}
