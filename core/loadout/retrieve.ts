// Content retrieval with the real qmd (spec §3.3, §5.4): BM25 search (`qmd search`, never the
// model-backed modes), results restricted to the selected nodes' files and sorted by (file, line).
//
// qmd ANDs the words of a query, so a loadout's tags are searched one query per tag and the hits
// united. Each tag's hits over the indexed collections are cached in knowledge/graph/.qmd_cache/
// as <graph_version>-<query_hash>.json (query_hash: qmd version, query, collections) and shared
// by every loadout of that graph version; an entry is not reused once a selected file is newer
// than the files it was computed from (a body edit does not change graph_version).
import { readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { LockHeldError } from "../errors.js";
import { withLock } from "../lock.js";
import { readTextIfExists, removeFile, sha256, writeFileAtomic } from "../fsx.js";
import { splitFrontmatter } from "../frontmatter.js";
import { findQmd, probeQmd, qmdSearch, type QmdStatus } from "../qmd.js";
import type { Roots, ShownFile } from "./content.js";

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
}

const CACHE_FORMAT = "akms-qmd-hits-1";
const PASSAGE_CHARS = 200;
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

/**
 * qmd's status: `disabled` (--no-qmd), else the probe of core/qmd.ts (it runs the binary twice).
 * With `remember`, a successful probe is kept in <dir>/probe.json and reused while the binary,
 * its package.json and the Node.js version are unchanged — so a CLI run whose passages all come
 * from the cache starts no qmd process. (A qmd broken since then still fails at search time and
 * degrades the loadout.)
 */
export function qmdUse(disabled: boolean, env: NodeJS.ProcessEnv = process.env, remember?: { dir: string; lock: string }): QmdUse {
  if (disabled) return { available: false, reason: "disabled by --no-qmd", bin: null, version: null };
  const bin = remember ? findQmd(env) : null;
  const key = bin ? probeKey(bin) : null;
  const file = remember ? join(remember.dir, "probe.json") : null;
  if (file && key) {
    try {
      const doc = JSON.parse(readFileSync(file, "utf8")) as { key?: string; status?: QmdUse };
      if (doc.key === key && doc.status?.available && doc.status.bin === bin) return stillUsable(doc.status);
    } catch {
      /* no or unreadable record: probe */
    }
  }
  const s: QmdStatus = probeQmd(env);
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

function oneLine(s: string): string {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > PASSAGE_CHARS ? t.slice(0, PASSAGE_CHARS - 1) + "…" : t;
}

interface Collection {
  name: string;
  dir: string;
  /** Prefix of the shown paths of its files. */
  shown: string;
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
    const name = `k-${seg.replace(/[^A-Za-z0-9_-]+/g, "_").slice(0, 40)}-${sha256(seg).slice(0, 6)}`;
    if (!out.some((c) => c.name === name)) out.push({ name, dir: join(roots.knowledge, seg), shown: `knowledge/${seg}` });
  }
  return out;
}

/** Every Markdown file qmd indexes in `dir` (no hidden parts), with its mtime. */
function walkMarkdown(dir: string, shownPrefix: string): { file: string; shown: string; mtimeMs: number }[] {
  const out: { file: string; shown: string; mtimeMs: number }[] = [];
  const walk = (abs: string, rel: string) => {
    let names: string[];
    try {
      names = readdirSync(abs);
    } catch {
      return;
    }
    for (const name of names) {
      if (name.startsWith(".") || name === "node_modules") continue;
      const child = join(abs, name);
      let st;
      try {
        st = statSync(child);
      } catch {
        continue;
      }
      const r = rel ? `${rel}/${name}` : name;
      if (st.isDirectory()) walk(child, r);
      else if (st.isFile() && name.endsWith(".md")) out.push({ file: child, shown: `${shownPrefix}/${r}`, mtimeMs: st.mtimeMs });
    }
  };
  walk(dir, "");
  return out;
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
  const has = (l: string, w: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "iu").test(l);
  for (const all of [true, false]) {
    for (let i = fmEnd; i < lines.length; i++) {
      const l = lines[i]!;
      if (l.trim() && (all ? words.every((w) => has(l, w)) : words.some((w) => has(l, w)))) return { line: i + 1, text: oneLine(l) };
    }
  }
  return null;
}

/**
 * Passages for the loadout's tags within `files` (the selected nodes' files and content_ref
 * targets). Throws QmdError when qmd fails (the caller degrades).
 */
export function retrievePassages(opts: {
  qmd: QmdUse;
  stateDir: string;
  cacheDir: string;
  graphVersion: string;
  tags: readonly string[];
  files: ShownFile[];
  roots: Roots;
}): Retrieval {
  const queries = tagQueries(opts.tags);
  const files = [...new Map(opts.files.map((f) => [f.shown, f])).values()];
  if (!queries.length || !files.length) return { queries, passages: [], cached: false };
  const collections = collectionsFor(opts.roots, files);
  const selected = new Map(files.map((f) => [f.shown, { ...f, mtime: mtimeOf(f.file), fmEnd: frontmatterEnd(f.file) }]));
  const newestSelected = [...selected.values()].reduce((m, f) => Math.max(m, f.mtime ?? 0), 0);
  let allFromCache = true;
  let searchable: ReturnType<typeof walkMarkdown> | null = null;
  const passages = new Map<string, Passage>();

  for (const query of queries) {
    const collKey = collections.map((c) => `${c.name}=${c.dir}`);
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
    if (!doc) {
      allFromCache = false;
      searchable ??= collections.flatMap((c) => walkMarkdown(c.dir, c.shown));
      const shownOf = new Map(searchable.map((f) => [f.file, f]));
      const byShown = new Map(searchable.map((f) => [f.shown, f]));
      const hits = qmdSearch(opts.qmd.bin!, {
        stateDir: opts.stateDir,
        collections: collections.map(({ name, dir }) => ({ name, dir })),
        query,
        files: searchable.map((f) => f.file),
      });
      const kept = hits.filter((h) => shownOf.has(h.file)).map((h) => ({ file: shownOf.get(h.file)!.shown, line: h.line, text: oneLine(h.text) }));
      kept.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
      const hitMtimes: Record<string, number> = {};
      for (const h of kept) hitMtimes[h.file] = byShown.get(h.file)!.mtimeMs;
      doc = {
        format: CACHE_FORMAT,
        graph_version: opts.graphVersion,
        query,
        collections: collKey,
        newest_mtime_ms: searchable.reduce((m, f) => Math.max(m, f.mtimeMs), 0),
        hit_mtimes: hitMtimes,
        hits: kept,
      };
      writeFileAtomic(cacheFile, JSON.stringify(doc, null, 2) + "\n");
    }
    for (const h of doc.hits) {
      const sel = selected.get(h.file);
      if (!sel) continue;
      const hit = h.line > sel.fmEnd ? h : bodyLineFor(sel.file, sel.fmEnd, query);
      if (!hit) continue;
      const key = `${h.file}\0${hit.line}`;
      if (!passages.has(key)) passages.set(key, { file: h.file, line: hit.line, text: hit.text, query });
    }
  }
  if (!allFromCache) pruneOtherVersions(opts.cacheDir, opts.graphVersion);
  const sorted = [...passages.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  return { queries, passages: sorted, cached: allFromCache };
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
