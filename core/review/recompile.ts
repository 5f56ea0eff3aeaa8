// The recompile after a review action, within the console's budget. promote / draft / undraft (and
// their undo) change one node's `status` and nothing else the compiler reads (the actions verify
// that every other frontmatter field, the body and the rest of the overlay stay as they were), and
// dedup accept changes only a node's body, which is not graph input (spec §2). dedup reject adds one
// new local node with no edges (and its undo removes it), changing nothing else the compiler reads
// but, when an update registered the section's session in the overlay, that session's registry
// entry, which names the node `created` (its session node in graph.json and the node's provenance).
// So graph.json is written from the store's index of it with that one change (reviewText), to
// exactly the text the full compile (sorted keys, Python-compatible JSON) would write: that node's
// text with its new status, or the one node inserted or removed (and its session node) and
// node_count. A batch of status actions is one change, each node's status (statusesText). Anything
// else — a node the graph does not hold yet, an id named elsewhere in the graph or the overlay (a
// warning, an edge, an override) — takes the build, targeted at the files the action wrote.
// Patching never makes graph.json less current than it was: a source edited without `akms build`
// is still picked up by the next build. The build manifest is kept exact: it records the written
// files and the patched graph.json when both were as it recorded them before, and is removed
// otherwise (see recordPatchedGraph), so no later targeted build trusts a record the patch outdated.
import type { Context } from "../context.js";
import { readTextIfExists } from "../fsx.js";
import { displayPath } from "../paths.js";
import { storedOverlay } from "../overlay-file.js";
import { buildLocked, recordPatchedGraph, type ManifestBase } from "../compiler/build.js";
import { graphTextFrom, headOf } from "../graph-file/layout.js";
import { attemptPatch, sure, type PatchCounts } from "../graph-file/patch.js";
import type { PlanChange } from "../store/graph-delta.js";
import type { GraphIndex } from "../store/graph-index.js";
import { emitGraph } from "../compiler/emit.js";
import { graphIndexed, indexOrNone } from "../graph.js";
import { NODE_DEPTH } from "../graph-file/doc.js";
import { ID_PATTERN } from "../schemas/vocabulary.js";
import { readNode, type SourceNode } from "../compiler/sources.js";
import { bodyFlag } from "../compiler/node-value.js";
import { draftedBy, sessionGraphNode, toGraphNode, withProvenance } from "../compiler/merge.js";
import { pyJsonText } from "../pyjson.js";

export type GraphChange =
  /** One node's effective status is now `status`. */
  | { kind: "status"; id: string; status: string }
  /** Each node's effective status is now the one given (a batch's actions, recompiled once). */
  | { kind: "statuses"; statuses: ReadonlyMap<string, string> }
  /** Nothing the compiler reads changed (a node's body). */
  | { kind: "none" }
  /**
   * A new local node file `file` declares `id`; nothing else the compiler reads changed but, with
   * `session`, that session's registry entry in the overlay, whose new_knowledge gained, last, the
   * entry naming the node `created` (dedup reject).
   */
  | { kind: "add"; id: string; file: string; shown: string; session?: string }
  /**
   * The local node file that declared `id` is gone; nothing else the compiler reads changed but, with
   * `session`, that session's registry entry, whose new_knowledge lost that last entry (its undo).
   */
  | { kind: "remove"; id: string; session?: string }
  /** Anything else. */
  | { kind: "full" };

export interface Recompiled {
  graphVersion: string;
  /** "patch": graph.json written from the store's index with the one change (or left as it was); "full": buildLocked. */
  how: "patch" | "full";
  /** The generated_at a patch stamped (absent when graph.json was left as it was). */
  generatedAt?: string;
}

/** What the action wrote: exactly these files (see BuildOptions.wrote), and the manifest before the writes. */
export interface Written {
  files: readonly string[];
  base: ManifestBase | null;
}

/**
 * A local node as graph.json holds it when no overlay override touches it (the compiler's own
 * rendering), with its provenance from the session registry's `created` entries (`drafted`).
 */
export function localNodeText(node: SourceNode, drafted?: ReturnType<typeof draftedBy>): string {
  const copy = { ...node.data };
  toGraphNode(copy, "local");
  if (drafted) withProvenance(copy, drafted);
  return pyJsonText(copy, NODE_DEPTH);
}

/** Whether two readings of one local node file give the compiler the same node (same text, same warnings). */
export function sameGraphInput(a: SourceNode | undefined, b: SourceNode | undefined): boolean {
  return a !== undefined && b !== undefined && a.id === b.id && bodyFlag(a) === bodyFlag(b) && localNodeText(a) === localNodeText(b);
}

/**
 * The node a new local file adds to the graph with nothing else (no edges, no warning of its own);
 * else null. `registry`: the session entry that names it `created` (registryChange), its only mention.
 */
function addedNode(ctx: Context, change: { id: string; file: string; shown: string }, registry: RegistryChange | null): string | null {
  const { node } = readNode({ file: change.file, shown: change.shown }, "local");
  if (!node || node.id !== change.id || node.missingDraft || node.missingSummary || node.data.content_ref !== undefined) return null;
  const edges = node.data.edges;
  if (edges !== undefined && edges !== null && !(Array.isArray(edges) && edges.length === 0)) return null;
  if (registry !== null) return localNodeText(node, registry.drafted);
  // An overlay entry naming the id (an override, a session, an edge) would change more than one node.
  const overlay = readTextIfExists(ctx.paths.overlay);
  if (overlay !== null && overlay.includes(change.id)) return null;
  return localNodeText(node);
}

interface RegistryChange {
  session: string;
  /** The session node as the full compile now writes it, and its text. */
  node: Record<string, unknown>;
  text: string;
  /** Who drafted which node, by the overlay as it is now (merge.ts draftedBy). */
  drafted: ReturnType<typeof draftedBy>;
}

/**
 * The session node after its registry entry gained (`added`) or lost (`removed`) the last
 * new_knowledge entry, the one naming node `id` `created` — as the full compile writes it (merge.ts
 * sessionGraphNode, from the overlay as the store reads it now). Sure only when the session node in
 * graph.json is the one the entry with (removed) or without (added) that one entry gives, no warning
 * names the session, and nothing else in the overlay names the node.
 */
function registryChange(ctx: Context, g: Pick<GraphIndex, "attrs" | "nodes">, id: string, session: string, how: "added" | "removed"): RegistryChange {
  const read = storedOverlay(ctx.paths, displayPath(ctx.repo, ctx.paths.overlay));
  const ov = read.overlay;
  const entry = ov?.session_nodes?.[session] as Record<string, unknown> | null | undefined;
  sure(read.problems.length === 0 && ov !== undefined && ov !== null && entry !== undefined && entry !== null);
  sure(!JSON.stringify(g.attrs.warnings).includes(JSON.stringify(session)));
  const quoted = JSON.stringify(id);
  const list = entry.new_knowledge;
  sure(list === undefined || Array.isArray(list));
  const known = (list ?? []) as unknown[];
  const was = g.nodes.get(session);
  sure(was !== undefined);
  const wasText = pyJsonText(was, NODE_DEPTH);
  const names = (e: unknown) => JSON.stringify(e).includes(quoted);
  const created = (e: unknown) => typeof e === "object" && e !== null && (e as { action?: unknown }).action === "created" && (e as { node?: unknown }).node === id;
  const textOf = (e: Record<string, unknown>) => pyJsonText(sessionGraphNode(session, e), NODE_DEPTH);
  if (how === "added") {
    // Nothing but the entry's last item names the node: no override, edge or other session's entry.
    sure(known.length > 0 && created(known.at(-1)) && !names({ ...ov, session_nodes: { ...ov.session_nodes, [session]: null } }));
    const before = { ...entry, new_knowledge: known.slice(0, -1) };
    sure(!names(before));
    // The entry before it: new_knowledge one item shorter, or none at all when that was its only item.
    const { new_knowledge: _, ...none } = before;
    sure(textOf(before) === wasText || (known.length === 1 && textOf(none) === wasText));
  } else {
    sure(!names(ov));
    const wasList = (was as { new_knowledge?: unknown }).new_knowledge;
    sure(Array.isArray(wasList) && wasList.length === known.length + 1 && created(wasList.at(-1)));
    sure(textOf({ ...entry, new_knowledge: [...known, wasList.at(-1)] }) === wasText);
  }
  const node = sessionGraphNode(session, entry) as Record<string, unknown>;
  return { session, node, text: pyJsonText(node, NODE_DEPTH), drafted: draftedBy(ov.session_nodes) };
}

/**
 * What several review actions changed together, as one change: their nodes' new statuses (the last
 * of a node's, as the graph would give it after all of them), nothing, or anything else — compiled.
 */
export function together(changes: readonly GraphChange[]): GraphChange {
  const statuses = new Map<string, string>();
  for (const c of changes) {
    if (c.kind === "status") statuses.set(c.id, c.status);
    else if (c.kind === "statuses") for (const [id, st] of c.statuses) statuses.set(id, st);
    else if (c.kind !== "none") return { kind: "full" };
  }
  return statuses.size ? { kind: "statuses", statuses } : { kind: "none" };
}

/** What a patched review action changed: nodes' new statuses, or the node inserted or removed (and its session node). */
function planChangeOf(change: GraphChange, added: string | null, registry: RegistryChange | null): PlanChange {
  const nodes = new Map<string, Record<string, unknown> | null>();
  const status = new Map<string, string>();
  if (change.kind === "remove") nodes.set(change.id, null);
  else if (change.kind === "add" && added !== null) nodes.set(change.id, JSON.parse(added) as Record<string, unknown>);
  else if (change.kind === "status") status.set(change.id, change.status);
  else if (change.kind === "statuses") for (const [id, st] of change.statuses) status.set(id, st);
  if (registry !== null) nodes.set(registry.session, registry.node);
  return { nodes, status, links: [] };
}

/** How often this process patched graph.json after a review action, and compiled in full (for the tests). */
export const reviewPatchCounts: PatchCounts = { patched: 0, fallback: 0 };

export type ReviewEdit =
  /** The node's status value is now `status`. */
  | { kind: "status"; id: string; status: string }
  /** A new node, `text` as the compile writes it (pyJsonText at NODE_DEPTH). */
  | { kind: "add"; id: string; text: string }
  /** A local node removed. */
  | { kind: "remove"; id: string };

/**
 * graph.json's text (generated_at blank) after `edit`, written from `g`, the store's index of
 * graph.json as it is: its head (node_count moved by a node added or removed), its links, and its
 * nodes with the one changed (and, for a node added or removed, `session`: its session node's new
 * text); "same" when the node has that status already. Not sure (NotSure) of
 * a node to add or remove that a warning names, one to add that is there, one to change or remove
 * that is not, or one to remove that is not a local node without edges: the full compile decides those.
 */
export function reviewText(g: Pick<GraphIndex, "attrs" | "nodes" | "linked" | "linksText" | "nodesText">, edit: ReviewEdit, session?: { session: string; text: string }): [string, ...(string | Buffer)[]] | "same" {
  sure(ID_PATTERN.test(edit.id));
  if (edit.kind === "status") {
    sure(session === undefined);
    return statusesText(g, new Map([[edit.id, edit.status]]));
  }
  // A node added or removed that a warning names (a dangling edge to it, an id taken) changes more than itself.
  sure(!JSON.stringify(g.attrs.warnings).includes(JSON.stringify(edit.id)));
  sure(session === undefined || (session.session !== edit.id && g.nodes.has(session.session)));
  const node = g.nodes.get(edit.id);
  const text = (count: number, nodes: Map<string, string | null>) => {
    if (session !== undefined) nodes.set(session.session, session.text);
    return graphTextFrom(headOf({ ...g.attrs, node_count: g.attrs.node_count + count }), g.linksText(), g.nodesText(nodes));
  };
  if (edit.kind === "add") {
    sure(node === undefined);
    return text(1, new Map([[edit.id, edit.text]]));
  }
  sure(node !== undefined && node.node_origin === "local" && !g.linked(edit.id));
  return text(-1, new Map([[edit.id, null]]));
}

/** graph.json's text (generated_at blank) with these nodes' statuses, or "same" when each has its status already. */
export function statusesText(g: Pick<GraphIndex, "attrs" | "nodes" | "linksText" | "nodesText">, statuses: ReadonlyMap<string, string>): [string, ...(string | Buffer)[]] | "same" {
  const texts = new Map<string, string>();
  for (const [id, status] of statuses) {
    const node = g.nodes.get(id);
    sure(ID_PATTERN.test(id) && /^[a-z]+$/.test(status) && node !== undefined && typeof node.status === "string");
    if (node.status === status) continue;
    const changed = structuredClone(node); // the index's node is shared
    changed.status = status;
    texts.set(id, pyJsonText(changed, NODE_DEPTH));
  }
  return texts.size ? graphTextFrom(headOf(g.attrs), g.linksText(), g.nodesText(texts)) : "same";
}

/** The caller holds the repository lock; `wrote`: the files the action wrote and the manifest before. */
export function recompile(ctx: Context, change: GraphChange, wrote: Written): Recompiled {
  const full = (): Recompiled => ({ graphVersion: buildLocked(ctx, { wrote: { files: wrote.files } }).graphVersion, how: "full" });
  // The store's index of graph.json as it is; without one (deleted), the compile makes it anew.
  const g = change.kind === "full" || !graphIndexed(ctx.paths, false) ? null : indexOrNone(ctx.paths);
  if (g === null) return full();
  let added: string | null = null;
  let registry: RegistryChange | null = null;
  const text = attemptPatch("review", reviewPatchCounts, () => {
    if (change.kind === "none") return "same";
    if (change.kind === "status") return reviewText(g, change);
    if (change.kind === "statuses") return statusesText(g, change.statuses);
    if (change.kind === "remove") {
      if (change.session !== undefined) return reviewText(g, change, (registry = registryChange(ctx, g, change.id, change.session, "removed")));
      const overlay = readTextIfExists(ctx.paths.overlay);
      return overlay !== null && overlay.includes(change.id) ? null : reviewText(g, change);
    }
    if (change.kind !== "add") return null;
    if (change.session !== undefined) registry = registryChange(ctx, g, change.id, change.session, "added");
    added = addedNode(ctx, change, registry);
    return added === null ? null : reviewText(g, { kind: "add", id: change.id, text: added }, registry ?? undefined);
  });
  if (text === null) return full();
  if (text === "same") {
    recordPatchedGraph(ctx, wrote.base, wrote.files, null);
    return { graphVersion: g.version, how: "patch" };
  }
  const { contentSha, graphVersion, generatedAt } = emitGraph(ctx, () => text, { index: { change: planChangeOf(change, added, registry) } });
  const nodeCount = g.attrs.node_count + (change.kind === "add" ? 1 : change.kind === "remove" ? -1 : 0);
  recordPatchedGraph(ctx, wrote.base, wrote.files, { generatedAt, contentSha, nodeCount });
  // A change the index could not take (not sure of it): the compile indexes graph.json anew.
  if (!graphIndexed(ctx.paths, false)) return { graphVersion: buildLocked(ctx, { wrote: { files: wrote.files } }).graphVersion, how: "full", generatedAt };
  return { graphVersion, how: "patch", generatedAt };
}
