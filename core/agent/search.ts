// `akms search QUERY` / the MCP tool search: full-text search over node files, session documents
// or the code mirror with the real qmd (BM25), each hit named by the node id its file declares.
// Without qmd: a lexical search over the same files, said so in the result (the spec's degraded
// mode).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Context } from "../context.js";
import { UsageError } from "../errors.js";
import { listMarkdown, type Listed } from "../compiler/sources.js";
import { staysInside } from "../paths.js";
import type { GraphIndex } from "../graph.js";
import { QmdError, qmdSearchMany, type QmdHit, type QmdIndexing } from "../qmd.js";
import { knowledgeCollectionName, qmdUse } from "../loadout/retrieve.js";
import { declaredId } from "../node-files.js";
import { oneLine, stripControl } from "../control-chars.js";
import { splitFrontmatter } from "../frontmatter.js";
import { cachedByStat, isWarm } from "../store/memo.js";
import type { EngineName } from "../embed/engine.js";

export const SEARCH_SCOPES = ["nodes", "sessions", "mirror"] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

export interface SearchHit {
  /** The node the file holds (null for a file no node of the graph names). */
  id: string | null;
  file: string;
  line: number;
  snippet: string;
}

export interface SearchResult {
  ok: true;
  query: string;
  scope: SearchScope;
  /** The arms that ranked the hits: hybrid = BM25 (qmd, or lexical) and embeddings fused by reciprocal rank. */
  engine: "hybrid" | "qmd" | "lexical" | "embedding";
  /** Why qmd was not used (null when it was). */
  degraded: string | null;
  files_searched: number;
  /** qmd indexed the files for this search: it had no index of them yet ("built"), or files had changed ("refreshed"). */
  qmd_index: QmdIndexing | null;
  /** Said when the hits match only some of the query's words. */
  note?: string;
  /** The embedding arm: its engine and how many of the files it covered (the rest: BM25 alone), or why it did not run. */
  semantic?: { engine: string; covered: number; files: number; embedded: number } | { off: string };
  hits: SearchHit[];
}

export interface SearchOptions {
  scope?: SearchScope;
  limit?: number;
  noQmd?: boolean;
  env?: NodeJS.ProcessEnv;
  /** Told before qmd indexes (the first search of a scope can take a while on a large repository). */
  onIndex?: (kind: QmdIndexing) => void;
  /** The arms to run (default both; the embedding arm runs when its engine is installed and on). */
  arms?: readonly ("bm25" | "embed")[];
  /** The embedding engine instead of the config's `search.embedding` (`akms eval retrieval` measures each). */
  engine?: EngineName;
  /** The hybrid's BM25 arm (default: akms's lexical BM25, which ranks sentence queries better than qmd's AND of the words: docs/decisions.md). */
  hybridBm25?: "qmd" | "lexical";
}

const SNIPPET_CHARS = 200;

interface Scoped {
  collections: { name: string; dir: string }[];
  /** The scope's Markdown files that, followed through every symbolic link, stay inside the repository or the vault. */
  files: Listed[];
}

/**
 * The files of a listing that stay inside the repository or the vault. A listing's walk never
 * follows a directory link, so a file that is no link lies where its listed directory really is:
 * one check per directory and one per link (a check per file was most of a warm search's time at
 * 5,000 nodes: docs/decisions.md).
 */
function inside(ctx: Context, dir: string, files: Listed[]): Listed[] {
  const roots = [ctx.repo, ctx.vault.path];
  const dirInside = roots.some((r) => staysInside(r, dir));
  return files.filter((f) => (f.link ? roots.some((r) => staysInside(r, f.file)) : dirInside));
}

export function scopeFiles(ctx: Context, scope: SearchScope): Scoped {
  if (scope === "nodes") {
    return {
      collections: [
        { name: "vault", dir: ctx.vault.path },
        { name: "local-nodes", dir: ctx.paths.localNodes },
      ],
      files: [
        ...inside(ctx, ctx.vault.path, listMarkdown(ctx.vault.path, ctx.vault.display.replace(/\/+$/, "") + "/")),
        ...inside(ctx, ctx.paths.localNodes, listMarkdown(ctx.paths.localNodes, "knowledge/local-nodes/")),
      ],
    };
  }
  const seg = scope === "sessions" ? "sessions" : "code-mirror";
  const dir = join(ctx.paths.knowledge, seg);
  return { collections: [{ name: knowledgeCollectionName(seg), dir }], files: inside(ctx, dir, listMarkdown(dir, `knowledge/${seg}/`, true)) };
}

/** file (absolute) → node id: the frontmatter id of node files; sessions and mirror files by content_ref. */
function idResolver(ctx: Context, graph: GraphIndex | null, scope: SearchScope): (file: string) => string | null {
  if (scope === "nodes") {
    return (file) => {
      try {
        const id = declaredId(readFileSync(file, "utf8"));
        return id && (!graph || graph.nodes.has(id)) ? id : null;
      } catch {
        return null;
      }
    };
  }
  const byRef = new Map<string, string>();
  for (const n of graph?.nodes.values() ?? []) {
    if (typeof n.content_ref === "string" && (n.domain === "session" || n.node_origin === "code-mirror")) byRef.set(join(ctx.paths.knowledge, n.content_ref), n.id);
  }
  return (file) => byRef.get(file) ?? null;
}

function words(q: string): string[] {
  return [...new Set(q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
}

/** Words that say nothing of what a query is about (Lucene's English stop set). */
const STOP_WORDS = new Set("a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with".split(" "));

/**
 * The words a file must hold one of to be a hit: the query's words but its stop words (a file
 * holding only "to" of "how to bake sourdough bread" is no hit); a query of stop words alone, all.
 * They weigh in the rank as every word does.
 */
function meantWords(want: readonly string[]): string[] {
  const meant = want.filter((w) => !STOP_WORDS.has(w));
  return meant.length ? meant : [...want];
}

function snippet(text: string): string {
  return oneLine(stripControl(text), SNIPPET_CHARS);
}

/**
 * A passage's snippet (the embedding arm's hit; its chunk's body, semantic.ts chunksOf) without its
 * headings, which a hit's id and title already say — the prose, or the headings when the passage
 * has nothing else.
 */
export function passageSnippet(body: string): string {
  const lines = body.split("\n");
  const prose = lines.filter((l) => !/^\s{0,3}#{1,6}(\s|$)/.test(l));
  return snippet((prose.some((l) => l.trim()) ? prose : lines).join("\n"));
}

/** A file's words for BM25: how often each occurs, and how many there are. */
interface Terms {
  tf: Map<string, number>;
  len: number;
}

function termsOf(file: string): Terms | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return null;
  }
  const toks = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const tf = new Map<string, number>();
  for (const t of toks) tf.set(t, (tf.get(t) ?? 0) + 1);
  return { tf, len: toks.length };
}

/**
 * The line of `file` to show for a hit, 1-based, and its text: of the body's lines, the first that
 * holds the most weight of the words (each word whole, weighed by its rarity as BM25 weighs it: a
 * line with "stop" before one with "a"); the frontmatter's only when no body line holds any (its id
 * and tags say what the hit's id already says, and a snippet is there to show the content); else
 * the body's first line with text (its title or summary).
 */
function bestLine(file: string, want: ReadonlyMap<string, number>): { line: number; text: string } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return { line: 1, text: "" };
  }
  const lines = text.split(/\r?\n/);
  const bodyFrom = splitFrontmatter(text)?.endLine ?? 0; // 0-based index of the body's first line
  const best = (from: number, to: number): number => {
    let at = -1;
    let most = 0;
    for (let i = from; i < to; i++) {
      // Whole words, as BM25 counts them: "a" is not in "## Summary".
      let n = 0;
      for (const w of new Set(words(lines[i]!))) n += want.get(w) ?? 0;
      if (n > most) [at, most] = [i, n];
    }
    return at;
  };
  let at = best(bodyFrom, lines.length);
  if (at < 0) at = best(0, bodyFrom);
  if (at < 0) at = Math.max(0, lines.findIndex((l, i) => i >= bodyFrom && l.trim() !== ""));
  return { line: at + 1, text: lines[at] ?? "" };
}

/**
 * The degraded search: BM25 over the files' words (k1 1.2, b 0.75: term weight by rarity, length
 * normalised, so a long general file does not outrank a short one about the words). A word no file
 * holds adds nothing: the others still rank. Ties: the file's shown path. A long-running process
 * (akms mcp) keeps each file's word counts while its stat is unchanged (core/store/memo.ts).
 */
export function lexicalSearch(files: Listed[], query: string, limit: number): { file: Listed; line: number; text: string }[] {
  const want = words(query);
  if (!want.length) return [];
  const meant = meantWords(want);
  const docs: { file: Listed; terms: Terms }[] = [];
  for (const f of files) {
    const terms = cachedByStat(isWarm(), "bm25 terms", f.file, termsOf);
    if (terms) docs.push({ file: f, terms });
  }
  const n = docs.length;
  const avg = docs.reduce((x, d) => x + d.terms.len, 0) / Math.max(1, n);
  const idf = new Map(
    want.map((w) => {
      const df = docs.filter((d) => d.terms.tf.has(w)).length;
      return [w, Math.log((n - df + 0.5) / (df + 0.5) + 1)] as const;
    }),
  );
  const K1 = 1.2;
  const B = 0.75;
  const scored: { file: Listed; score: number }[] = [];
  for (const d of docs) {
    let score = 0;
    for (const w of want) {
      const f = d.terms.tf.get(w);
      if (f) score += idf.get(w)! * ((f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.terms.len) / (avg || 1))));
    }
    if (score > 0 && meant.some((w) => d.terms.tf.has(w))) scored.push({ file: d.file, score });
  }
  scored.sort((x, y) => y.score - x.score || (x.file.shown < y.file.shown ? -1 : x.file.shown > y.file.shown ? 1 : 0));
  return scored.slice(0, limit).map(({ file }) => ({ file, ...bestLine(file.file, idf) }));
}

/**
 * The BM25 arm for several queries: qmd's search (the first pass of every query at once, then every
 * word of the queries no file answered whole, at once), or the lexical fallback without qmd (said
 * in `degraded`).
 */
export function bm25Many(ctx: Context, graph: GraphIndex | null, queries: readonly string[], opts: SearchOptions = {}): SearchResult[] {
  const scope = opts.scope ?? "nodes";
  if (!SEARCH_SCOPES.includes(scope)) throw new UsageError(`--in must be one of ${SEARCH_SCOPES.join(", ")} (got "${String(scope)}")`);
  const limit = opts.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError("--limit needs a whole number from 1 to 1000");
  const qs = queries.map((query) => oneLine(query));
  if (!qs.length || qs.some((q) => !q)) throw new UsageError("give the words to search for", 'akms search "green operator cache"');
  const { collections, files } = scopeFiles(ctx, scope);
  const idOf = idResolver(ctx, graph, scope);
  const shownOf = new Map(files.map((f) => [f.file, f.shown]));
  const use = qmdUse(Boolean(opts.noQmd), opts.env, { dir: ctx.paths.qmdCacheDir, lock: ctx.paths.lock });
  let degraded: string | null = use.available ? null : `qmd ${use.reason}`;
  let found: (QmdHit[] | null)[] = qs.map(() => null);
  const relaxed = new Set<number>();
  let indexed: QmdIndexing | null = null;
  const onIndex = (kind: QmdIndexing) => {
    indexed = kind;
    opts.onIndex?.(kind);
  };
  if (use.available && use.bin) {
    try {
      const run = (texts: string[]) =>
        qmdSearchMany(use.bin!, { stateDir: join(ctx.paths.qmdCacheDir, "index"), collections, queries: texts, files: files.map((f) => f.file), limit, bestFirst: true, onIndex }).map((r) => {
          if (r instanceof Error) throw r;
          return r;
        });
      found = run(qs);
      // qmd's BM25 wants every word: where no file holds them all, each word is searched alone and the
      // lists fused by reciprocal rank (a file matching more words first), as a search engine would.
      // A stop word is not searched alone: a file holding only it is no hit (meantWords).
      const alone = (q: string) => meantWords(words(q));
      const open = qs.map((q, i) => i).filter((i) => !found[i]!.length && words(qs[i]!).length > 1);
      const allWords = [...new Set(open.flatMap((i) => alone(qs[i]!)))];
      const byWord = new Map(allWords.length ? run(allWords).map((r, k) => [allWords[k]!, r] as const) : []);
      for (const i of open) {
        relaxed.add(i);
        const fused = new Map<string, { h: QmdHit; score: number; words: number }>();
        for (const w of alone(qs[i]!)) {
          byWord.get(w)!.forEach((h, r) => {
            const cur = fused.get(h.file);
            fused.set(h.file, { h: cur?.h ?? h, score: (cur?.score ?? 0) + 1 / (60 + r + 1), words: (cur?.words ?? 0) + 1 });
          });
        }
        found[i] = [...fused.values()].sort((x, y) => y.words - x.words || y.score - x.score || (x.h.file < y.h.file ? -1 : 1)).slice(0, limit).map((x) => x.h);
      }
    } catch (e) {
      if (!(e instanceof QmdError)) throw e;
      degraded = `qmd failed: ${e.message}`;
      found = qs.map(() => null);
    }
  }
  return qs.map((q, i) => {
    const f = found[i];
    const hits = f ? f.map((h) => ({ id: idOf(h.file), file: shownOf.get(h.file) ?? h.file, line: h.line, snippet: snippet(h.text) })) : lexicalSearch(files, q, limit).map((h) => ({ id: idOf(h.file.file), file: h.file.shown, line: h.line, snippet: snippet(h.text) }));
    const result: SearchResult = { ok: true, query: q, scope, engine: f ? "qmd" : "lexical", degraded: f ? null : degraded, files_searched: files.length, qmd_index: indexed, hits };
    if (relaxed.has(i)) result.note = "no file holds every word: ranked by the words that match";
    return result;
  });
}

/** Reciprocal-rank fusion constant (the usual 60: a rank's weight falls slowly, so both arms count). */
const RRF_K = 60;

/**
 * The one retrieval function of `akms search`, the MCP search tool and `akms eval retrieval`: the
 * BM25 arm and the embedding arm (core/embed/semantic.ts) over the same files, fused by
 * reciprocal rank; either alone when the other is off or missing, which the result says (`engine`,
 * `semantic`). Several queries share one pass of the embedding arm (one read of the vectors, one
 * batch of query embeddings).
 */
export async function searchMany(ctx: Context, graph: GraphIndex | null, queries: readonly string[], opts: SearchOptions & { embedBudget?: number; onEmbed?: (done: number, total: number) => void } = {}): Promise<SearchResult[]> {
  const arms = opts.arms ?? ["bm25", "embed"];
  const limit = opts.limit ?? 10;
  const room = Math.min(1000, Math.max(limit, 1) * 4); // the arms rank more than `limit` files, so the fusion has room
  const cut = (r: SearchResult): SearchResult => ({ ...r, hits: r.hits.slice(0, limit) });
  const { configuredEngine, semanticRank } = arms.includes("embed") ? await import("../embed/semantic.js") : { configuredEngine: null, semanticRank: null };
  const load = configuredEngine === null ? null : opts.engine ? await (await import("../embed/engine.js")).loadEngine(opts.engine) : await configuredEngine(ctx);
  const engine = load !== null && "engine" in load ? load.engine : null;
  // With the embedding arm, BM25 is the lexical one unless asked otherwise; alone, it is qmd's (the lexical one without qmd).
  const lexicalInHybrid = engine !== null && (opts.hybridBm25 ?? "lexical") === "lexical";
  // The BM25 arm also checks the arguments.
  const bm25 = bm25Many(ctx, graph, queries, { ...opts, limit: room, noQmd: opts.noQmd || lexicalInHybrid });
  if (engine === null || semanticRank === null || !bm25.length) return bm25.map((r) => ({ ...cut(r), ...(load !== null && "missing" in load ? { semantic: { off: load.missing } } : {}) }));
  const scope = bm25[0]!.scope;
  const files = scopeFiles(ctx, scope).files;
  const run = await semanticRank(ctx, engine, files, bm25.map((r) => r.query), { budget: opts.embedBudget, onProgress: opts.onEmbed });
  const idOf = idResolver(ctx, graph, scope);
  const semantic = { engine: run.engine, covered: run.covered, files: run.files, embedded: run.embedded };
  return bm25.map((r, qi) => {
    const sem = run.ranked[qi]!.slice(0, room).map((h) => ({ id: idOf(h.file.file), file: h.file.shown, line: h.line, snippet: passageSnippet(h.body) }));
    if (!arms.includes("bm25")) return { ...r, engine: "embedding" as const, degraded: null, qmd_index: null, note: undefined, semantic, hits: sem.slice(0, limit) };
    const fused = new Map<string, { hit: SearchHit; score: number }>();
    for (const list of [r.hits, sem]) {
      list.forEach((h, i) => {
        const cur = fused.get(h.file);
        fused.set(h.file, { hit: cur?.hit ?? h, score: (cur?.score ?? 0) + 1 / (RRF_K + i + 1) });
      });
    }
    const hits = [...fused.values()].sort((a, b) => b.score - a.score || (a.hit.file < b.hit.file ? -1 : 1)).slice(0, limit).map((x) => x.hit);
    return { ...r, engine: "hybrid" as const, degraded: lexicalInHybrid && !opts.noQmd ? null : r.degraded, semantic, hits, ...(r.note ? { note: `${r.note} (BM25 arm)` } : {}) };
  });
}

export async function searchKnowledge(ctx: Context, graph: GraphIndex | null, query: string, opts: SearchOptions = {}): Promise<SearchResult> {
  return (await searchMany(ctx, graph, [query], opts))[0]!;
}
