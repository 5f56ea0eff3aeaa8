// The recompile after a review action, within the console's budget. promote / draft / undraft (and
// their undo) change one node's `status` and nothing else the compiler reads (the actions verify
// that every other frontmatter field, the body and the rest of the overlay stay as they were), and
// dedup accept changes only a node's body, which is not graph input (spec §2). dedup reject adds one
// new local node with no edges (and its undo removes it), changing nothing else the compiler reads.
// So graph.json is patched, to exactly the text the full compile (sorted keys, Python-compatible
// JSON) would write: that node's text with its new status, or the one node inserted or removed and
// node_count (graph-file/review-patch.ts says which, graph-file/splice.ts writes the bytes).
// Anything else — a node graph.json does not hold yet, an id mentioned elsewhere in the graph or
// the overlay (a warning, an edge, an override), a layout this patch cannot find — takes the build,
// targeted at the files the action wrote.
// Patching never makes graph.json less current than it was: a source edited without `akms build`
// is still picked up by the next build. The build manifest is kept exact: it records the written
// files and the patched graph.json when both were as it recorded them before, and is removed
// otherwise (see recordPatchedGraph), so no later targeted build trusts a record the patch outdated.
import type { Context } from "../context.js";
import { readBytesIfExists, readTextIfExists } from "../fsx.js";
import { buildLocked, recordPatchedGraph, type ManifestBase } from "../compiler/build.js";
import { blankGeneratedAt, blankedSha } from "../graph-file/version.js";
import { NODE_COUNT } from "../graph-file/layout.js";
import { attemptPatch, type PatchCounts } from "../graph-file/patch.js";
import { reviewSplice } from "../graph-file/review-patch.js";
import type { PlanChange } from "../store/graph-delta.js";
import { emitGraph } from "../compiler/emit.js";
import { graphIndexed } from "../graph.js";
import { readNode, type SourceNode } from "../compiler/sources.js";
import { bodyFlag } from "../compiler/node-value.js";
import { toGraphNode } from "../compiler/merge.js";
import { pyJsonText } from "../pyjson.js";

export type GraphChange =
  /** One node's effective status is now `status`. */
  | { kind: "status"; id: string; status: string }
  /** Nothing the compiler reads changed (a node's body). */
  | { kind: "none" }
  /** A new local node file `file` declares `id`; nothing else the compiler reads changed. */
  | { kind: "add"; id: string; file: string; shown: string }
  /** The local node file that declared `id` is gone; nothing else the compiler reads changed. */
  | { kind: "remove"; id: string }
  /** Anything else. */
  | { kind: "full" };

export interface Recompiled {
  graphVersion: string;
  /** "patch": graph.json edited in place (or left as it was); "full": buildLocked. */
  how: "patch" | "full";
  /** The generated_at a patch stamped (absent when graph.json was left as it was). */
  generatedAt?: string;
}

/** What the action wrote: exactly these files (see BuildOptions.wrote), and the manifest before the writes. */
export interface Written {
  files: readonly string[];
  base: ManifestBase | null;
}

/** A local node as graph.json holds it when no overlay entry touches it (the compiler's own rendering). */
export function localNodeText(node: SourceNode): string {
  const copy = { ...node.data };
  toGraphNode(copy, "local");
  return pyJsonText(copy, 2);
}

/** Whether two readings of one local node file give the compiler the same node (same text, same warnings). */
export function sameGraphInput(a: SourceNode | undefined, b: SourceNode | undefined): boolean {
  return a !== undefined && b !== undefined && a.id === b.id && bodyFlag(a) === bodyFlag(b) && localNodeText(a) === localNodeText(b);
}

/** The node a new local file adds to the graph with nothing else (no edges, no warning of its own); else null. */
function addedNode(ctx: Context, change: { id: string; file: string; shown: string }): string | null {
  const { node } = readNode({ file: change.file, shown: change.shown }, "local");
  if (!node || node.id !== change.id || node.missingDraft || node.missingSummary || node.data.content_ref !== undefined) return null;
  const edges = node.data.edges;
  if (edges !== undefined && edges !== null && !(Array.isArray(edges) && edges.length === 0)) return null;
  // An overlay entry naming the id (an override, a session, an edge) would change more than one node.
  const overlay = readTextIfExists(ctx.paths.overlay);
  if (overlay !== null && overlay.includes(change.id)) return null;
  return localNodeText(node);
}

/** The one node a patched review action changed: its new status, the node inserted, or the node removed. */
function planChangeOf(change: GraphChange, added: string | null): PlanChange {
  const nodes = new Map<string, Record<string, unknown> | null>();
  const status = new Map<string, string>();
  if (change.kind === "remove") nodes.set(change.id, null);
  else if (change.kind === "add" && added !== null) nodes.set(change.id, JSON.parse(added) as Record<string, unknown>);
  else if (change.kind === "status") status.set(change.id, change.status);
  return { nodes, status, links: [] };
}

/** How often this process patched graph.json after a review action, and compiled in full (for the tests). */
export const reviewPatchCounts: PatchCounts = { patched: 0, fallback: 0 };

/** The caller holds the repository lock; `wrote`: the files the action wrote and the manifest before. */
export function recompile(ctx: Context, change: GraphChange, wrote: Written): Recompiled {
  const full = (): Recompiled => ({ graphVersion: buildLocked(ctx, { wrote: { files: wrote.files } }).graphVersion, how: "full" });
  // A patch changes the index the store holds; without one (deleted), the compile makes it anew.
  if (change.kind === "full" || !graphIndexed(ctx.paths, false)) return full();
  const bytes = readBytesIfExists(ctx.paths.graphJson);
  if (bytes === null) return full();
  let added: string | null = null;
  // graph.json as its head up to the links (generated_at and node_count are there) and the rest; "same": nothing to write.
  const parts = attemptPatch("review", reviewPatchCounts, (): (string | Buffer)[] | "same" | null => {
    if (change.kind === "none") return "same";
    if (change.kind === "status") return reviewSplice(bytes, change);
    if (change.kind === "remove") {
      const overlay = readTextIfExists(ctx.paths.overlay);
      return overlay !== null && overlay.includes(change.id) ? null : reviewSplice(bytes, change);
    }
    added = addedNode(ctx, change);
    return added === null ? null : reviewSplice(bytes, { kind: "add", id: change.id, text: added });
  });
  if (parts === null) return full();
  if (parts === "same") {
    recordPatchedGraph(ctx, wrote.base, wrote.files, null);
    return { graphVersion: blankedSha(bytes).slice(0, 12), how: "patch" };
  }
  // Hashed and written in those parts (the file is never copied whole).
  const [head, ...rest] = parts as [string, ...(string | Buffer)[]];
  const { contentSha, graphVersion, generatedAt } = emitGraph(ctx, () => [blankGeneratedAt(head), ...rest], { index: { change: planChangeOf(change, added) } });
  const nodeCount = NODE_COUNT.exec(head);
  recordPatchedGraph(ctx, nodeCount ? wrote.base : null, wrote.files, { generatedAt, contentSha, nodeCount: Number(nodeCount?.[1]) });
  // A change the index could not take (not sure of it): the compile indexes graph.json anew.
  if (!graphIndexed(ctx.paths, false)) return { graphVersion: buildLocked(ctx, { wrote: { files: wrote.files } }).graphVersion, how: "full", generatedAt };
  return { graphVersion, how: "patch", generatedAt };
}
