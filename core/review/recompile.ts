// The recompile after a review action, within the console's budget. promote / draft / undraft (and
// their undo) change one node's `status` and nothing else the compiler reads (the actions verify
// that every other frontmatter field, the body and the rest of the overlay stay as they were), and
// dedup accept changes only a node's body, which is not graph input (spec §2). dedup reject adds one
// new local node with no edges (and its undo removes it), changing nothing else the compiler reads.
// So graph.json is patched in place, to exactly the text the full compile (sorted keys,
// Python-compatible JSON) would write: the one `"status": …` value of that node, or the one node
// inserted or removed and node_count. Anything else — a node graph.json does not hold yet, an id
// mentioned elsewhere in the graph or the overlay (a warning, an edge, an override), a layout this
// patch cannot find — takes the build, targeted at the files the action wrote.
// Patching never makes graph.json less current than it was: a source edited without `akms build`
// is still picked up by the next build. The build manifest is kept exact: it records the written
// files and the patched graph.json when both were as it recorded them before, and is removed
// otherwise (see recordPatchedGraph), so no later targeted build trusts a record the patch outdated.
import type { Context } from "../context.js";
import { readTextIfExists, sha256, writeFileAtomic } from "../fsx.js";
import { nowIso } from "../clock.js";
import { buildLocked, recordPatchedGraph, type ManifestBase } from "../compiler/build.js";
import { blankGeneratedAt, stampGeneratedAt } from "../compiler/graph-version.js";
import { readNode, type SourceNode } from "../compiler/sources.js";
import { toGraphNode } from "../compiler/merge.js";
import { pyJsonText } from "../pyjson.js";
import { statKeyOf } from "./read-cache.js";

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
  /** The node an "add" patch inserted, as graph.json now holds it. */
  added?: Record<string, unknown>;
}

/** What the action wrote: exactly these files (see BuildOptions.wrote), and the manifest before the writes. */
export interface Written {
  files: readonly string[];
  base: ManifestBase | null;
  /** graph.json's text as the action read it, used while the file keeps that stat key (read-cache.ts statKeyOf). */
  graphText?: { key: string; text: string };
}

const jsonStr = (s: string) => JSON.stringify(s);
const ID_OK = /^[a-z0-9][a-z0-9._-]*$/;

/**
 * graph.json's text with node `id`'s status value replaced; null when the node or its status line
 * cannot be found in the layout the compiler writes (2-space indent, one attribute per line).
 */
export function patchNodeStatus(text: string, id: string, status: string): string | null {
  if (!ID_OK.test(id) || !/^[a-z]+$/.test(status)) return null;
  const nodesAt = text.indexOf('\n  "nodes": [\n');
  if (nodesAt < 0) return null;
  const idLine = `\n      "id": ${jsonStr(id)},\n`;
  const at = text.indexOf(idLine, nodesAt);
  if (at < 0 || text.indexOf(idLine, at + idLine.length) >= 0) return null;
  const open = text.lastIndexOf("\n    {\n", at);
  const close = text.indexOf("\n    }", at);
  if (open < nodesAt || close < 0) return null;
  const re = /\n {6}"status": "([a-z]+)"(,?)\n/g;
  re.lastIndex = open;
  const m = re.exec(text);
  if (!m || m.index > close) return null;
  const start = m.index + '\n      "status": "'.length;
  return text.slice(0, start) + status + text.slice(start + m[1]!.length);
}

/** node_count (the graph-level one, 4-space indent, before the links) moved by `delta`; null when not found. */
function withNodeCount(text: string, delta: number): string | null {
  const m = /\n {4}"node_count": (\d+),\n/.exec(text);
  const links = text.indexOf('\n  "links": ');
  if (!m || links < 0 || m.index > links) return null;
  const start = m.index + '\n    "node_count": '.length;
  return text.slice(0, start) + String(Number(m[1]) + delta) + text.slice(start + m[1]!.length);
}

/**
 * graph.json's text with `nodeText` (a node as pyJsonText writes it at depth 2) inserted in id order,
 * and node_count one up; null when the id is mentioned anywhere in the graph already (a node, an
 * edge, a warning) or the layout is not the compiler's.
 */
export function insertNode(text: string, id: string, nodeText: string): string | null {
  if (!ID_OK.test(id) || text.includes(jsonStr(id))) return null;
  const nodesAt = text.indexOf('\n  "nodes": [\n');
  if (nodesAt < 0) return null;
  const re = /\n {6}"id": (".*"),\n/g;
  re.lastIndex = nodesAt;
  let next: number | null = null;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if ((JSON.parse(m[1]!) as string) > id) {
      next = m.index;
      break;
    }
  }
  let out: string;
  if (next !== null) {
    const open = text.lastIndexOf("\n    {\n", next);
    if (open < nodesAt) return null;
    out = text.slice(0, open + 1) + "    " + nodeText + ",\n" + text.slice(open + 1);
  } else {
    const end = text.lastIndexOf("\n    }\n  ]\n}");
    if (end < nodesAt) return null;
    const at = end + "\n    }".length;
    out = text.slice(0, at) + ",\n    " + nodeText + text.slice(at);
  }
  return withNodeCount(out, 1);
}

/**
 * graph.json's text without local node `id`, node_count one down; null unless nothing outside the
 * node's own object mentions the id (no edge, no warning names it) and it is not the only node.
 */
export function removeNode(text: string, id: string): string | null {
  if (!ID_OK.test(id)) return null;
  const nodesAt = text.indexOf('\n  "nodes": [\n');
  const at = text.indexOf(`\n      "id": ${jsonStr(id)},\n`, nodesAt);
  if (nodesAt < 0 || at < 0) return null;
  const open = text.lastIndexOf("\n    {\n", at);
  const close = text.indexOf("\n    }", at);
  if (open < nodesAt || close < 0) return null;
  const block = text.slice(open, close);
  if (!block.includes('\n      "node_origin": "local",\n')) return null;
  const after = close + "\n    }".length;
  const quoted = jsonStr(id);
  if (text.lastIndexOf(quoted, open) >= 0 || text.indexOf(quoted, after) >= 0) return null;
  let out: string;
  if (text.startsWith(",\n", after)) out = text.slice(0, open + 1) + text.slice(after + 2);
  else if (text[open - 1] === ",") out = text.slice(0, open - 1) + text.slice(after);
  else return null;
  return withNodeCount(out, -1);
}

/** A local node as graph.json holds it when no overlay entry touches it (the compiler's own rendering). */
export function localNodeText(node: SourceNode): string {
  const copy = { ...node.data };
  toGraphNode(copy, "local");
  return pyJsonText(copy, 2);
}

/** Whether two readings of one local node file give the compiler the same node (same text, same warnings). */
export function sameGraphInput(a: SourceNode | undefined, b: SourceNode | undefined): boolean {
  return a !== undefined && b !== undefined && a.id === b.id && Boolean(a.missingDraft) === Boolean(b.missingDraft) && localNodeText(a) === localNodeText(b);
}

/** The node a new local file adds to the graph with nothing else (no edges, no warning of its own); else null. */
function addedNode(ctx: Context, change: { id: string; file: string; shown: string }): string | null {
  const { node } = readNode({ file: change.file, shown: change.shown }, "local");
  if (!node || node.id !== change.id || node.missingDraft || node.data.content_ref !== undefined) return null;
  const edges = node.data.edges;
  if (edges !== undefined && edges !== null && !(Array.isArray(edges) && edges.length === 0)) return null;
  // An overlay entry naming the id (an override, a session, an edge) would change more than one node.
  const overlay = readTextIfExists(ctx.paths.overlay);
  if (overlay !== null && overlay.includes(change.id)) return null;
  return localNodeText(node);
}

/** The caller holds the repository lock; `wrote`: the files the action wrote and the manifest before. */
export function recompile(ctx: Context, change: GraphChange, wrote: Written): Recompiled {
  const full = (): Recompiled => ({ graphVersion: buildLocked(ctx, { wrote: { files: wrote.files } }).graphVersion, how: "full" });
  if (change.kind === "full") return full();
  const known = wrote.graphText;
  const text = known !== undefined && statKeyOf(ctx.paths.graphJson) === known.key ? known.text : readTextIfExists(ctx.paths.graphJson);
  if (text === null) return full();
  const blank = blankGeneratedAt(text);
  let patched: string | null;
  let added: string | null = null;
  if (change.kind === "none") patched = blank;
  else if (change.kind === "status") patched = patchNodeStatus(blank, change.id, change.status);
  else if (change.kind === "remove") {
    const overlay = readTextIfExists(ctx.paths.overlay);
    patched = overlay !== null && overlay.includes(change.id) ? null : removeNode(blank, change.id);
  } else {
    added = addedNode(ctx, change);
    patched = added === null ? null : insertNode(blank, change.id, added);
  }
  if (patched === null) return full();
  const contentSha = sha256(patched);
  const graphVersion = contentSha.slice(0, 12);
  if (patched === blank) {
    recordPatchedGraph(ctx, wrote.base, wrote.files, null);
    return { graphVersion, how: "patch" };
  }
  const generatedAt = nowIso();
  // Encoded once, for the write and the manifest's hash of it.
  const out = Buffer.from(stampGeneratedAt(patched, generatedAt), "utf8");
  writeFileAtomic(ctx.paths.graphJson, [out], { knownDifferent: true });
  const nodeCount = /\n {4}"node_count": (\d+),\n/.exec(patched);
  recordPatchedGraph(ctx, nodeCount ? wrote.base : null, wrote.files, { text: out, contentSha, nodeCount: Number(nodeCount?.[1]) });
  return { graphVersion, how: "patch", generatedAt, ...(added !== null ? { added: JSON.parse(added) as Record<string, unknown> } : {}) };
}
