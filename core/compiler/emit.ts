// The one writer of graph.json. Every way of arriving at its new text — a compile, a patch after an
// update or an edit (build.ts), a patch after a review action (review/recompile.ts) — hands the text
// here with `generated_at` blank; here it is hashed (the hash of the blanked text is the content's
// identity and its first 12 hex are graph_version), compared with what the file holds, stamped with
// the time, written by atomic rename, and followed in the same locked step by the graph index:
// the change when the caller knows it (a patch: store/graph-delta.ts), else the index made anew.
import type { Context } from "../context.js";
import { sha256, writeFileAtomic } from "../fsx.js";
import { nowIso } from "../clock.js";
import type { GraphDoc } from "../graph-file/doc.js";
import { stampGeneratedAt } from "../graph-file/version.js";
import { attrsOfHead } from "../graph-file/layout.js";
import { writtenKey } from "../store/freshness.js";
import { writePlanDelta, type PlanChange } from "../store/graph-delta.js";
import { hasIndexFor, planGraphCachePath, rebuildPlanIndex } from "../store/graph-index.js";
import { nodeAsWritten } from "./node-value.js";
import { graphFromDoc, indexOfLoaded } from "../graph.js";
import { asReadBack } from "../pyjson.js";

export interface Emitted {
  /** False when graph.json already held this content (it is left as it was, with its generated_at). */
  written: boolean;
  /** sha256 of the text with generated_at blank. */
  contentSha: string;
  graphVersion: string;
  generatedAt: string;
}

export interface EmitOptions {
  /** What graph.json holds now, when the caller knows it (an unchanged content is not written again). */
  current?: { contentSha: string | null; generatedAt: string | null };
  /** The planning index's update: the change a patch made, or the compiled document to index anew. */
  index: { change: PlanChange } | { doc: GraphDoc } | null;
  env?: NodeJS.ProcessEnv;
}

/**
 * Writes graph.json from its text (`text()`: the chunks, generated_at blank, the first chunk holding
 * the head); the caller holds the lock. The text is made, hashed and written first and is garbage
 * before the index is made: a full compile's 42 MB of text is not held while its index is encoded.
 */
export function emitGraph(ctx: Context, text: () => readonly (string | Buffer)[], opts: EmitOptions): Emitted {
  const prevKey = writtenKey(ctx.paths.graphJson);
  const { written, same, head, ...out } = writeText(ctx, text, opts);
  const index = opts.index;
  if (same) {
    // The same graph: its index is written only when the store holds none for it (deleted, or of another format).
    const key = writtenKey(ctx.paths.graphJson);
    if (index && "doc" in index && key !== null && !hasIndexFor(planGraphCachePath(ctx.paths), key)) writeIndexes(ctx, index.doc, out.graphVersion, out.generatedAt);
  } else if (written && index && "change" in index) writePlanDelta(ctx.paths, prevKey, writtenKey(ctx.paths.graphJson), out.graphVersion, attrsOfHead(head), index.change);
  else if (written && index && "doc" in index) writeIndexes(ctx, index.doc, out.graphVersion, out.generatedAt);
  return { written, ...out };
}

/** The text hashed, and written unless graph.json holds that content already (`same`). */
function writeText(ctx: Context, text: () => readonly (string | Buffer)[], opts: EmitOptions): Emitted & { same: boolean; head: string } {
  const chunks = text();
  const contentSha = sha256(chunks);
  const graphVersion = contentSha.slice(0, 12);
  if (opts.current?.contentSha === contentSha) return { written: false, same: true, head: "", contentSha, graphVersion, generatedAt: opts.current.generatedAt ?? "" };
  const generatedAt = nowIso(opts.env);
  const head = stampGeneratedAt(chunks[0] as string, generatedAt);
  const written = writeFileAtomic(ctx.paths.graphJson, [head, ...chunks.slice(1)], { knownDifferent: true });
  return { written, same: false, head, contentSha, graphVersion, generatedAt };
}

/**
 * A full compile's graph index, made from its own document with every node as graph.json's text
 * reads it back (so it equals what a reader of graph.json would make).
 */
function writeIndexes(ctx: Context, doc: GraphDoc, version: string, generatedAt: string): void {
  // Each node read back one at a time as the index writes it: holding all 58,000 read-back nodes at
  // once raised a cold compile's peak at 50,000 by ≈ 35 MB (past the 400 MB goal).
  const g = { ...indexOfLoaded(graphFromDoc(doc, ctx.paths.graphJson, version)), attrs: asReadBack({ ...doc.graph, generated_at: generatedAt }) };
  rebuildPlanIndex(ctx.paths, g, nodeAsWritten);
}
