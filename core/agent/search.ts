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
import type { LoadedGraph } from "../graph.js";
import { QmdError, qmdSearch, qmdSearchMany, type QmdIndexing } from "../qmd.js";
import { knowledgeCollectionName, qmdUse } from "../loadout/retrieve.js";
import { declaredId } from "../node-files.js";
import { stripControl } from "../control-chars.js";

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
  engine: "qmd" | "lexical";
  /** Why qmd was not used (null when it was). */
  degraded: string | null;
  files_searched: number;
  /** qmd indexed the files for this search: it had no index of them yet ("built"), or files had changed ("refreshed"). */
  qmd_index: QmdIndexing | null;
  /** Said when the hits match only some of the query's words. */
  note?: string;
  hits: SearchHit[];
}

export interface SearchOptions {
  scope?: SearchScope;
  limit?: number;
  noQmd?: boolean;
  env?: NodeJS.ProcessEnv;
  /** Told before qmd indexes (the first search of a scope can take a while on a large repository). */
  onIndex?: (kind: QmdIndexing) => void;
}

const SNIPPET_CHARS = 200;

interface Scoped {
  collections: { name: string; dir: string }[];
  files: Listed[];
}

function scopeFiles(ctx: Context, scope: SearchScope): Scoped {
  if (scope === "nodes") {
    return {
      collections: [
        { name: "vault", dir: ctx.vault.path },
        { name: "local-nodes", dir: ctx.paths.localNodes },
      ],
      files: [...listMarkdown(ctx.vault.path, ctx.vault.display.replace(/\/+$/, "") + "/"), ...listMarkdown(ctx.paths.localNodes, "knowledge/local-nodes/")],
    };
  }
  const seg = scope === "sessions" ? "sessions" : "code-mirror";
  const dir = join(ctx.paths.knowledge, seg);
  return { collections: [{ name: knowledgeCollectionName(seg), dir }], files: listMarkdown(dir, `knowledge/${seg}/`, true) };
}

/** file (absolute) → node id: the frontmatter id of node files; sessions and mirror files by content_ref. */
function idResolver(ctx: Context, graph: LoadedGraph | null, scope: SearchScope): (file: string) => string | null {
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

function snippet(text: string): string {
  const t = stripControl(text).replace(/\s+/g, " ").trim();
  return t.length > SNIPPET_CHARS ? t.slice(0, SNIPPET_CHARS - 1) + "…" : t;
}

/**
 * The degraded search: BM25 over the files' words (k1 1.2, b 0.75: term weight by rarity, length
 * normalised, so a long general file does not outrank a short one about the words). A word no file
 * holds adds nothing: the others still rank. Ties: the file's shown path.
 */
export function lexicalSearch(files: Listed[], query: string, limit: number): { file: Listed; line: number; text: string }[] {
  const want = words(query);
  if (!want.length) return [];
  const docs: { file: Listed; text: string; tf: Map<string, number>; len: number }[] = [];
  for (const f of files) {
    let text: string;
    try {
      text = readFileSync(f.file, "utf8");
    } catch {
      continue;
    }
    const toks = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    const tf = new Map<string, number>();
    for (const t of toks) if (want.includes(t)) tf.set(t, (tf.get(t) ?? 0) + 1);
    docs.push({ file: f, text, tf, len: toks.length });
  }
  const n = docs.length;
  const avg = docs.reduce((x, d) => x + d.len, 0) / Math.max(1, n);
  const idf = new Map(want.map((w) => {
    const df = docs.filter((d) => d.tf.has(w)).length;
    return [w, Math.log((n - df + 0.5) / (df + 0.5) + 1)] as const;
  }));
  const K1 = 1.2;
  const B = 0.75;
  const scored: { file: Listed; line: number; text: string; score: number }[] = [];
  for (const d of docs) {
    if (!d.tf.size) continue;
    let score = 0;
    for (const [w, f] of d.tf) score += idf.get(w)! * ((f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.len) / (avg || 1))));
    const lines = d.text.split(/\r?\n/);
    let best = 0;
    let bestScore = -1;
    lines.forEach((l, i) => {
      const ll = l.toLowerCase();
      const s2 = want.filter((w) => ll.includes(w)).length;
      if (s2 > bestScore) {
        best = i;
        bestScore = s2;
      }
    });
    scored.push({ file: d.file, line: best + 1, text: lines[best] ?? "", score });
  }
  scored.sort((x, y) => y.score - x.score || (x.file.shown < y.file.shown ? -1 : x.file.shown > y.file.shown ? 1 : 0));
  return scored.slice(0, limit);
}

export function searchKnowledge(ctx: Context, graph: LoadedGraph | null, query: string, opts: SearchOptions = {}): SearchResult {
  const scope = opts.scope ?? "nodes";
  if (!SEARCH_SCOPES.includes(scope)) throw new UsageError(`--in must be one of ${SEARCH_SCOPES.join(", ")} (got "${String(scope)}")`);
  const limit = opts.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError("--limit needs a whole number from 1 to 1000");
  const q = query.replace(/\s+/g, " ").trim();
  if (!q) throw new UsageError("give the words to search for", 'akms search "green operator cache"');
  const scoped = scopeFiles(ctx, scope);
  const { collections } = scoped;
  // Only what lives in the repository or the vault, whatever a symbolic link in them points at.
  const files = scoped.files.filter((f) => staysInside(ctx.repo, f.file) || staysInside(ctx.vault.path, f.file));
  const idOf = idResolver(ctx, graph, scope);
  const shownOf = new Map(files.map((f) => [f.file, f.shown]));
  const use = qmdUse(Boolean(opts.noQmd), opts.env, { dir: ctx.paths.qmdCacheDir, lock: ctx.paths.lock });
  let degraded: string | null = use.available ? null : `qmd ${use.reason}`;
  let hits: SearchHit[] | null = null;
  let indexed: QmdIndexing | null = null;
  let relaxed = false;
  const onIndex = (kind: QmdIndexing) => {
    indexed = kind;
    opts.onIndex?.(kind);
  };
  if (use.available && use.bin) {
    try {
      const run = (text: string) => qmdSearch(use.bin!, { stateDir: join(ctx.paths.qmdCacheDir, "index"), collections, query: text, files: files.map((f) => f.file), limit, bestFirst: true, onIndex });
      let found = run(q);
      const ws = words(q);
      if (!found.length && ws.length > 1) {
        // qmd's BM25 wants every word: with none holding them all, each word is searched alone and the
        // lists fused by reciprocal rank (a file matching more words first), as a search engine would.
        relaxed = true;
        const fused = new Map<string, { h: (typeof found)[number]; score: number; words: number }>();
        // The words' searches run at once (qmdSearchMany: the index is brought up to date once).
        const each = qmdSearchMany(use.bin!, { stateDir: join(ctx.paths.qmdCacheDir, "index"), collections, queries: ws, files: files.map((f) => f.file), limit, bestFirst: true, onIndex });
        for (const r of each) {
          if (r instanceof Error) throw r;
          r.forEach((h, i) => {
            const cur = fused.get(h.file);
            fused.set(h.file, { h: cur?.h ?? h, score: (cur?.score ?? 0) + 1 / (60 + i + 1), words: (cur?.words ?? 0) + 1 });
          });
        }
        found = [...fused.values()].sort((x, y) => y.words - x.words || y.score - x.score || (x.h.file < y.h.file ? -1 : 1)).slice(0, limit).map((x) => x.h);
      }
      hits = found.map((h) => ({ id: idOf(h.file), file: shownOf.get(h.file) ?? h.file, line: h.line, snippet: snippet(h.text) }));
    } catch (e) {
      if (!(e instanceof QmdError)) throw e;
      degraded = `qmd failed: ${e.message}`;
    }
  }
  hits ??= lexicalSearch(files, q, limit).map((h) => ({ id: idOf(h.file.file), file: h.file.shown, line: h.line, snippet: snippet(h.text) }));
  const result: SearchResult = { ok: true, query: q, scope, engine: degraded === null ? "qmd" : "lexical", degraded, files_searched: files.length, qmd_index: indexed, hits };
  if (relaxed) result.note = "no file holds every word: ranked by the words that match";
  return result;
}
