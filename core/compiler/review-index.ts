// The review index: what the review sections and `akms status` read of the compiled graph — every
// node as graph.json holds it, the pitfall links, which nodes have no edge at all, the compile
// warnings, repo_id, generated_at, the counts and the version. A LoadedGraph gives it at once (reviewGraphOf). For a large graph that is a fraction
// of graph.json — no links but the pitfalls — so it is kept in knowledge/graph/.cache/review-graph.json,
// keyed by graph.json's identity (device, inode, size, mtime, ctime, as the planning index is): a
// full compile writes it beside graph.json (emit.ts), a console that had to parse graph.json (after
// a patch) keeps it for the next start, and the console opens its first frame from it without
// parsing graph.json. Anything else — another graph.json, another format, a damaged file — is not used.
import { closeSync, readFileSync, readSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { openGraph, type BuildWarning, type GNode, type GraphIndex, type GraphLink, type NodeTable } from "../graph.js";
import { openReadOrNull, writeFileAtomic } from "../fsx.js";
import { withLock } from "../lock.js";
import type { RepoPaths } from "../paths.js";
import type { PlanGraph } from "../store/graph-index.js";
import { writtenKey } from "../store/freshness.js";

export interface ReviewGraph {
  version: string;
  repoId: string;
  generatedAt: string;
  /** graph.json's node_count and edge_count. */
  nodeCount: number;
  edgeCount: number;
  /** Every node, whole, in graph.json's order. */
  nodes: NodeTable;
  warnings: BuildWarning[];
  /** The links of type pitfall, in graph.json's order. */
  pitfalls: GraphLink[];
  /** Whether a node has any edge (in or out). */
  linked(id: string): boolean;
  /** The graph the blocked-task check queries (the planning index when this came from the cache). */
  planning(): PlanGraph;
}

const FORMAT = "akms-review-graph-2";

export function reviewGraphPath(paths: RepoPaths): string {
  return join(paths.cacheDir, "review-graph.json");
}

/** The review's view of a loaded graph (nothing copied). */
export function reviewGraphOf(graph: GraphIndex | ReviewGraph): ReviewGraph {
  if (!("attrs" in graph)) return graph;
  return {
    version: graph.version,
    repoId: String(graph.attrs?.repo_id ?? ""),
    generatedAt: graph.attrs?.generated_at ?? "",
    nodeCount: graph.attrs?.node_count ?? graph.nodes.size,
    edgeCount: graph.attrs?.edge_count ?? [...graph.links()].length,
    nodes: graph.nodes,
    warnings: graph.attrs?.warnings ?? [],
    pitfalls: [...graph.links()].filter((l) => l.type === "pitfall"),
    linked: (id) => (graph.out.get(id)?.length ?? 0) > 0 || (graph.in.get(id)?.length ?? 0) > 0,
    planning: () => graph,
  };
}

interface Head {
  format: string;
  key: string;
  version: string;
  repo_id: string;
  generated_at: string;
  node_count: number;
  edge_count: number;
}

interface Body {
  warnings: BuildWarning[];
  pitfalls: GraphLink[];
  unlinked: string[];
  nodes: GNode[];
}

/**
 * The cache file's text: a header line (format, key, version, repo_id, …), then the body as one
 * JSON line — in pieces of about a megabyte (no one string of the whole file: 18 MB at 50,000
 * nodes), exactly the text JSON.stringify gives of the body.
 */
function* encodeReviewGraph(g: ReviewGraph, key: string, asWritten: (n: GNode) => GNode = (n) => n): Generator<string> {
  const head: Head = { format: FORMAT, key, version: g.version, repo_id: g.repoId, generated_at: g.generatedAt, node_count: g.nodeCount, edge_count: g.edgeCount };
  const unlinked: string[] = [];
  for (const n of g.nodes.values()) if (!g.linked(n.id)) unlinked.push(n.id);
  const body: Omit<Body, "nodes"> = { warnings: g.warnings, pitfalls: g.pitfalls, unlinked };
  yield `${JSON.stringify(head)}\n${JSON.stringify(body).slice(0, -1)},"nodes":[`;
  let part: string[] = [];
  let size = 0;
  let first = true;
  for (const n of g.nodes.values()) {
    const text = (first ? "" : ",") + JSON.stringify(asWritten(n));
    first = false;
    part.push(text);
    size += text.length;
    if (size >= 1 << 20) {
      yield part.join("");
      part = [];
      size = 0;
    }
  }
  yield part.join("") + "]}\n";
}

/** The header of the cache's bytes when it is this format and `key`; else null. */
function headOf(bytes: Buffer, key: string): { head: Head; rest: number } | null {
  const nl = bytes.indexOf(10);
  if (nl < 0) return null;
  try {
    const head = JSON.parse(bytes.toString("utf8", 0, nl)) as Head;
    if (head.format !== FORMAT || head.key !== key || typeof head.version !== "string" || typeof head.repo_id !== "string") return null;
    if (typeof head.generated_at !== "string" || !Number.isInteger(head.node_count) || !Number.isInteger(head.edge_count)) return null;
    return { head, rest: nl + 1 };
  } catch {
    return null;
  }
}

/** A review graph from the cache's bytes (for graph.json at `key`), or null when they are not one. */
function decodeReviewGraph(bytes: Buffer, key: string, planning: () => PlanGraph): ReviewGraph | null {
  const h = headOf(bytes, key);
  if (!h) return null;
  let body: Body;
  try {
    body = JSON.parse(bytes.toString("utf8", h.rest)) as Body;
  } catch {
    return null;
  }
  if (!body || !Array.isArray(body.nodes) || !Array.isArray(body.pitfalls) || !Array.isArray(body.unlinked) || !Array.isArray(body.warnings)) return null;
  const nodes = new Map<string, GNode>();
  for (const n of body.nodes) nodes.set(n.id, n);
  const unlinked = new Set(body.unlinked);
  return {
    version: h.head.version,
    repoId: h.head.repo_id,
    generatedAt: h.head.generated_at,
    nodeCount: h.head.node_count,
    edgeCount: h.head.edge_count,
    nodes,
    warnings: body.warnings,
    pitfalls: body.pitfalls,
    linked: (id) => !unlinked.has(id),
    planning,
  };
}

/** Whether the cache file's header is the one for graph.json at `key` (its first 4 KiB read). */
function headMatches(file: string, key: string): boolean {
  const fd = openReadOrNull(file);
  if (fd === null) return false;
  try {
    const first = Buffer.alloc(4096);
    return headOf(first.subarray(0, readSync(fd, first, 0, first.length, 0)), key) !== null;
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

// ── Reading ahead (the console starts it before its code loads, as it did graph.json) ────────────

let ahead: { file: string; key: string; bytes: Buffer } | null = null;

/** Reads the cache on the thread pool when it is the one for graph.json as it is; true when it is. */
export async function readReviewGraphAhead(paths: RepoPaths): Promise<boolean> {
  ahead = null;
  const file = reviewGraphPath(paths);
  const key = writtenKey(paths.graphJson);
  if (key === null) return false;
  if (!headMatches(file, key)) return false; // a cache of another graph.json is not read whole
  try {
    const bytes = await readFile(file);
    if (writtenKey(paths.graphJson) !== key) return false;
    ahead = { file, key, bytes };
    return true;
  } catch {
    return false;
  }
}

/**
 * The review graph for graph.json as it is now, from the cache, or null (none, another graph.json,
 * damaged). The blocked-task check then queries the planning index.
 */
export function openReviewGraph(paths: RepoPaths, planning: () => PlanGraph): { graph: ReviewGraph; key: string } | null {
  const key = writtenKey(paths.graphJson);
  if (key === null) return null;
  const file = reviewGraphPath(paths);
  let bytes = ahead && ahead.file === file && ahead.key === key ? ahead.bytes : null;
  ahead = null;
  if (bytes === null && !headMatches(file, key)) return null;
  try {
    bytes ??= readFileSync(file);
  } catch {
    return null; // none (or unreadable): graph.json is parsed instead
  }
  const graph = decodeReviewGraph(bytes, key, planning);
  return graph ? { graph, key } : null;
}

/**
 * Keeps `g` as the review graph of graph.json at `key` (best effort: skipped when graph.json is no
 * longer at `key`, when the lock is held or the cache cannot be written). `asWritten`: each node as
 * graph.json's text reads it back, made one at a time (the compile's nodes: compiler/emit.ts).
 */
export function keepReviewGraph(paths: RepoPaths, g: ReviewGraph, key: string, asWritten?: (n: GNode) => GNode): boolean {
  if (writtenKey(paths.graphJson) !== key) return false;
  // The console's: encoded before the lock is taken, so a writer that comes meanwhile finds it held
  // only for the write. The compile's (it holds the lock): made a piece at a time as it is written.
  const text = asWritten ? encodeReviewGraph(g, key, asWritten) : [...encodeReviewGraph(g, key)];
  try {
    return withLock(paths.lock, () => writtenKey(paths.graphJson) === key && writeFileAtomic(reviewGraphPath(paths), text, { knownDifferent: true }));
  } catch {
    return false;
  }
}

/** The review index of graph.json as it is, its blocked-task check querying the graph index; null when none is kept for it. */
export function openReviewIndex(paths: RepoPaths): ReturnType<typeof openReviewGraph> {
  return openReviewGraph(paths, () => openGraph(paths));
}
