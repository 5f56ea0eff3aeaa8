// The one writer of graph.json. Every way of arriving at its new text — a compile (its document:
// graph.json is written from the index's sections made from it), a patch after an update or an
// edit (build.ts), a patch after a review action (review/recompile.ts), the store's index of a
// graph.json deleted since its build (build.ts restored) — ends here with `generated_at` blank;
// here it is hashed (the hash of the blanked text is the content's identity and its first 12 hex
// are graph_version), compared with what the file holds, stamped with the time, written by atomic
// rename, and followed in the same locked step by the graph index: the change when the caller
// knows it (a patch: store/graph-delta.ts), else the index of the compile's sections — or kept,
// when the store holds the one made for this very text (graph.json written back).
import { existsSync } from "node:fs";
import type { Context } from "../context.js";
import { pause } from "../lock.js";
import { sha256, writeFileAtomic } from "../fsx.js";
import { nowIso } from "../clock.js";
import type { GraphDoc } from "../graph-file/doc.js";
import { stampGeneratedAt } from "../graph-file/version.js";
import { attrsOfHead } from "../graph-file/layout.js";
import { writtenKey } from "../store/freshness.js";
import { indexHeld, rekeyIndex, writePlanDelta, type PlanChange } from "../store/graph-delta.js";
import { graphTextOfBody, indexBody, indexFileChunks, planGraphCachePath, type IndexBody } from "../store/graph-index.js";
import { graphFromDoc } from "../graph.js";
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
  /**
   * What graph.json last held, when it is gone (the manifest's record): the same content is written
   * back with its generated_at — the content did not change, so neither does the time (DESIGN.md) —
   * and the index made for that text is kept.
   */
  restore?: { contentSha: string; generatedAt: string } | null;
  /**
   * The planning index's update: the change a patch made, or "held" — the text was written back
   * from the store's index of it (store/graph-index.ts graphTextOf), which is then re-keyed to the
   * new file. (A compile's document is indexed by emitCompiled.)
   */
  index: { change: PlanChange } | "held" | null;
  /** The text's hash (generated_at blank), when the caller has computed it already. */
  contentSha?: string;
  env?: NodeJS.ProcessEnv;
}

/**
 * Writes graph.json from its text (`text()`: the chunks, generated_at blank, the first chunk holding
 * the head); the caller holds the lock.
 */
export function emitGraph(ctx: Context, text: () => readonly (string | Buffer)[], opts: EmitOptions): Emitted {
  const prevKey = writtenKey(ctx.paths.graphJson);
  const { written, same, head, ...out } = writeText(ctx, text, opts);
  if (written) settledKey(ctx.paths.graphJson);
  const index = opts.index;
  if (index === null || !(written || same)) return { written, ...out };
  if (index === "held") keptIndex(ctx, out); // when it cannot be, the build compiles the index anew
  else if (written) writePlanDelta(ctx.paths, prevKey, writtenKey(ctx.paths.graphJson), out.graphVersion, attrsOfHead(head), index.change);
  return { written, ...out };
}

/**
 * A compile's document written: its index's sections made first (each node's and each node's
 * out-links' text in graph.json), graph.json written from them, then the index file from the same
 * sections — the two equal by construction. No second serialisation of the document is made.
 */
export function emitCompiled(ctx: Context, doc: GraphDoc, opts: Omit<EmitOptions, "index" | "contentSha">): Emitted {
  const body = indexBody(graphFromDoc(doc, ctx.paths.graphJson, ""));
  const { written, same, ...out } = writeText(ctx, () => graphTextOfBody(body, doc.graph), opts);
  if (written) settledKey(ctx.paths.graphJson);
  if ((written || same) && !keptIndex(ctx, out)) writeIndex(ctx, body, doc, out);
  return { written, contentSha: out.contentSha, graphVersion: out.graphVersion, generatedAt: out.generatedAt };
}

/**
 * Whether the store holds the index of this very text for graph.json as written: the same graph,
 * or the same text written back — re-keyed to the file's new stat, its sections untouched.
 */
function keptIndex(ctx: Context, out: { graphVersion: string; generatedAt: string }): boolean {
  const key = writtenKey(ctx.paths.graphJson);
  return key !== null && (indexHeld(ctx.paths, key) || rekeyIndex(ctx.paths, key, { version: out.graphVersion, generatedAt: out.generatedAt }));
}

/**
 * Where timestamps are too coarse to tell writes within a second apart, graph.json's identity is not
 * trusted for up to two seconds after its write (ownWriteVector), and its index could not be keyed
 * to it: the writer waits that out, under the lock, so that no reader finds graph.json without its
 * index. Never waits where timestamps are finer (ext4, APFS, NTFS, tmpfs).
 */
function settledKey(file: string): void {
  for (let i = 0; i < 25 && writtenKey(file) === null && existsSync(file); i++) pause(100);
}

/** The text hashed, and written unless graph.json holds that content already (`same`). */
function writeText(ctx: Context, text: () => readonly (string | Buffer)[], opts: Omit<EmitOptions, "index">): Emitted & { same: boolean; head: string } {
  const chunks = text();
  const contentSha = opts.contentSha ?? sha256(chunks);
  const graphVersion = contentSha.slice(0, 12);
  if (opts.current?.contentSha === contentSha) return { written: false, same: true, head: "", contentSha, graphVersion, generatedAt: opts.current.generatedAt ?? "" };
  const generatedAt = opts.restore?.contentSha === contentSha ? opts.restore.generatedAt : nowIso(opts.env);
  const head = stampGeneratedAt(chunks[0] as string, generatedAt);
  const written = writeFileAtomic(ctx.paths.graphJson, [head, ...chunks.slice(1)], { knownDifferent: true });
  return { written, same: false, head, contentSha, graphVersion, generatedAt };
}

/** A compile's index file, keyed to graph.json as written (nothing when its stat cannot be trusted yet). */
function writeIndex(ctx: Context, body: IndexBody, doc: GraphDoc, out: { graphVersion: string; generatedAt: string }): void {
  const key = writtenKey(ctx.paths.graphJson);
  if (key === null) return;
  const attrs = asReadBack({ ...doc.graph, generated_at: out.generatedAt });
  // A new key (graph.json was just written), so a new file: written in parts, no comparison.
  writeFileAtomic(planGraphCachePath(ctx.paths), indexFileChunks(body, key, out.graphVersion, attrs), { knownDifferent: true });
}
