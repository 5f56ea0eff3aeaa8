// The embedding arm of search and of the loadout's content retrieval: node text cut into chunks
// (the title, then paragraphs up to about CHUNK_WORDS words, each with its first line), each chunk's
// vector from the store (core/store/vectors.ts) or embedded now, and files ranked by their best
// chunk's cosine similarity to the query. Graph operations never come here (spec §3.2): query
// ranking, tag derivation and dedup decisions stay model-free.
//
// A search never waits for a whole-vault embed: at most EMBED_BUDGET chunks are embedded in one
// call (`akms index` embeds everything ahead, with a progress line); files whose chunks are not all
// embedded yet are left to the BM25 arm, and the result says how many files were covered.
import { mkdirSync, readFileSync } from "node:fs";
import type { Context } from "../context.js";
import type { Listed } from "../compiler/sources.js";
import { parseFrontmatter, splitFrontmatter } from "../frontmatter.js";
import { cosine, loadEngine, type Engine, type EngineName } from "./engine.js";
import { VectorStore, vectorFile, vectorKey } from "../store/vectors.js";
import { cachedByStat, isWarm, warm } from "../store/memo.js";

const CHUNK_WORDS = 120;
/** Chunks embedded by one search at most (≈ 2–3 s on two cores); the rest waits for `akms index` or later searches. */
export const EMBED_BUDGET = 24;

export interface Chunk {
  file: Listed;
  line: number;
  /** What is embedded: the file's title, then the passage. */
  text: string;
  /** The passage alone, as the file has it (a title-only chunk: the title): what readers show. */
  body: string;
  key: string;
}

/** A file's chunks: its title (frontmatter `title`, else the first heading) leads every chunk. */
export function chunksOf(file: Listed, text: string, engineId: string): Chunk[] {
  const split = splitFrontmatter(text);
  const body = split ? split.body : text;
  const offset = split ? split.endLine : 0;
  let title = /^#\s+(.*)$/m.exec(body)?.[1] ?? "";
  try {
    const t = parseFrontmatter(text, file.shown).data.title;
    if (typeof t === "string" && t.trim()) title = t.trim();
  } catch {
    /* no valid frontmatter: the first heading */
  }
  const lines = body.split(/\r?\n/);
  const out: Chunk[] = [];
  let cur: string[] = [];
  let words = 0;
  let start = 0;
  const flush = () => {
    const t = cur.join("\n").trim();
    if (t) {
      const full = title ? `${title}\n${t}` : t;
      out.push({ file, line: offset + start + 1, text: full, body: t, key: vectorKey(engineId, full) });
    }
    cur = [];
    words = 0;
  };
  lines.forEach((l, i) => {
    if (/^<!--.*-->\s*$/.test(l)) return; // machine markers carry no meaning
    if (!cur.length) start = i;
    cur.push(l);
    words += l.split(/\s+/).filter(Boolean).length;
    if (words >= CHUNK_WORDS && l.trim() === "") flush();
    else if (words >= CHUNK_WORDS * 2) flush();
  });
  flush();
  if (!out.length && title) out.push({ file, line: 1, text: title, body: title, key: vectorKey(engineId, title) });
  return out;
}

export interface SemanticHit {
  file: Listed;
  line: number;
  /** The best chunk's passage (Chunk.body). */
  body: string;
  score: number;
}

export interface SemanticRun {
  engine: string;
  /** Files whose every chunk has a vector (the arm ranked these). */
  covered: number;
  files: number;
  /** Chunks embedded by this call. */
  embedded: number;
  /** Per query: files best first. */
  ranked: SemanticHit[][];
  /** The chunk keys of the files (what an index keeps: core/store/vectors.ts VectorStore.save). */
  keys: string[];
}

/** The engine's vectors in this repository's store; a warm process (akms mcp) keeps them while their file is unchanged. */
export function openVectors(ctx: Context, engine: Engine): VectorStore {
  return warm(`vectors ${ctx.paths.cacheDir} ${engine.id}`, [vectorFile(ctx.paths, engine.id)], () => new VectorStore(ctx.paths, engine.id, engine.dims));
}

export interface SemanticOptions {
  /** Most chunks to embed now (Infinity: all, as `akms index` does). */
  budget?: number;
  onProgress?: (done: number, total: number) => void;
  /** The vectors to read and add to (`akms index` opens them once for every scope); default openVectors. */
  store?: VectorStore;
}

/** The engine the config names, or why there is none. */
export async function configuredEngine(ctx: Context): Promise<{ engine: Engine } | { missing: string }> {
  const name = ctx.cfg.config.search.embedding;
  if (name === "none") return { missing: "semantic search is off (search.embedding: none)" };
  return loadEngine(name as EngineName);
}

/** The chunks of `files` with their vectors: those in the store, and the missing ones embedded now within the budget. */
async function embeddedChunks(ctx: Context, engine: Engine, files: readonly Listed[], opts: SemanticOptions): Promise<{ chunks: Chunk[]; store: VectorStore; embedded: number }> {
  // A warm process (akms mcp) keeps the vectors while their file is unchanged, and each file's chunks while its stat is.
  const store = opts.store ?? openVectors(ctx, engine);
  const chunks: Chunk[] = [];
  for (const f of files) {
    const cs = cachedByStat(isWarm(), `chunks ${engine.id}`, f.file, (file) => {
      try {
        return chunksOf(f, readFileSync(file, "utf8"), engine.id);
      } catch {
        return null;
      }
    });
    if (cs) chunks.push(...cs);
  }
  const missing = [...new Map(chunks.filter((c) => !store.get(c.key)).map((c) => [c.key, c])).values()];
  const todo = missing.slice(0, opts.budget ?? EMBED_BUDGET);
  if (todo.length) {
    const vs = await engine.embed(todo.map((c) => c.text), opts.onProgress);
    todo.forEach((c, i) => store.put(c.key, vs[i]!));
    mkdirSync(ctx.paths.cacheDir, { recursive: true });
    store.save(new Set([...store.keys()]));
  }
  return { chunks, store, embedded: todo.length };
}

/**
 * Ranks `files` for each query by embedding similarity (a file by its best chunk), embedding what
 * is missing within the budget; a file whose best chunk is under the engine's floor is no hit.
 */
export async function semanticRank(ctx: Context, engine: Engine, files: readonly Listed[], queries: readonly string[], opts: SemanticOptions = {}): Promise<SemanticRun> {
  const { chunks, store, embedded } = await embeddedChunks(ctx, engine, files, opts);
  const byFile = new Map<string, Chunk[]>();
  for (const c of chunks) byFile.set(c.file.file, [...(byFile.get(c.file.file) ?? []), c]);
  const covered = [...byFile.values()].filter((cs) => cs.every((c) => store.get(c.key)));
  const qv = queries.length ? await engine.embed([...queries]) : [];
  const ranked = qv.map((q) =>
    covered
      .map((cs) => {
        let best: Chunk = cs[0]!;
        let score = -Infinity;
        for (const c of cs) {
          const s = cosine(q, store.get(c.key)!);
          if (s > score) [best, score] = [c, s];
        }
        return { file: best.file, line: best.line, body: best.body, score };
      })
      .filter((h) => engine.floor === null || h.score >= engine.floor)
      .sort((a, b) => b.score - a.score || (a.file.shown < b.file.shown ? -1 : 1)),
  );
  return { engine: engine.id, covered: covered.length, files: byFile.size, embedded, ranked, keys: chunks.map((c) => c.key) };
}

/**
 * The loadout's embedding arm inside the node set the graph selected (spec §1.4's role for search):
 * for each of `files`, its `perFile` chunks most similar to the task's text, as passages (the
 * loadout sorts every passage by file and line).
 */
export async function passagesWithin(ctx: Context, engine: Engine, files: readonly Listed[], text: string, perFile = 2): Promise<{ engine: string; passages: { file: string; line: number; text: string }[] }> {
  // Every chunk of the selected files (a handful of nodes): the passages depend on the files' text alone, never on how much a search embedded before.
  const { chunks, store } = await embeddedChunks(ctx, engine, files, { budget: Infinity });
  const [q] = await engine.embed([text]);
  const byFile = new Map<string, { c: Chunk; s: number }[]>();
  for (const c of chunks) {
    const v = store.get(c.key);
    if (v) byFile.set(c.file.file, [...(byFile.get(c.file.file) ?? []), { c, s: cosine(q!, v) }]);
  }
  const passages = [...byFile.values()].flatMap((xs) =>
    xs
      .sort((a, b) => b.s - a.s || a.c.line - b.c.line)
      .slice(0, perFile)
      .map(({ c }) => ({ file: c.file.shown, line: c.line, text: c.body })),
  );
  return { engine: engine.id, passages };
}
