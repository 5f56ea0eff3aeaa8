// The graph as the planning path reads it. Small graphs: graph.json, parsed. Large graphs: a
// compact derived cache (knowledge/graph/.cache/plan-graph.txt), keyed by graph.json's identity
// (inode, size, mtime, ctime) and decoded lazily: ids and the tag index up front, a node's record
// and edges only when the query touches it. Parsing a 50,000-node graph.json takes about a second;
// opening the cache takes a few tens of milliseconds.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { GNode, GraphLink, LoadedGraph } from "../graph.js";
import { loadGraph } from "../graph.js";
import { LockHeldError } from "../errors.js";
import { readTextIfExists, writeFileAtomic } from "../fsx.js";
import { withLock } from "../lock.js";
import type { RepoPaths } from "../paths.js";
import { EDGE_TYPES } from "../schemas/common.js";

/** What the query, tag derivation and loadouts read of a graph. A LoadedGraph satisfies it. */
export interface PlanGraph {
  version: string;
  nodes: { get(id: string): GNode | undefined; has(id: string): boolean; values(): Iterable<GNode>; readonly size: number };
  out: { get(id: string): GraphLink[] | undefined };
  in: { get(id: string): GraphLink[] | undefined };
  /** Lower-case tag → ids of the nodes carrying it; when absent, the query scans every node. */
  tagIndex?: { get(lowerTag: string): readonly string[] | undefined };
}

const FORMAT = "akms-plan-graph-1";
/** Node attributes the planning path reads (the rest of graph.json stays out of the cache). */
const FIELDS = [
  "title",
  "domain",
  "subdomain",
  "tags",
  "status",
  "confidence",
  "confidence_default",
  "source",
  "node_origin",
  "activations",
  "last_activated",
  "content_ref",
  "context_size",
  "reading_priority",
  "source_file",
  "phase",
  "outcome",
] as const;
/** Graphs smaller than this load from graph.json directly (parsing them is already fast). */
export const CACHE_MIN_BYTES = 2 * 1024 * 1024;

function cachePath(paths: RepoPaths): string {
  return join(paths.cacheDir, "plan-graph.txt");
}

function identity(file: string): string | null {
  try {
    const st = statSync(file, { bigint: true });
    return `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
  } catch {
    return null;
  }
}

/** Serializes a loaded graph into the cache text. */
export function encodePlanGraph(g: LoadedGraph, key: string): string {
  const ids = [...g.nodes.keys()].sort();
  const idx = new Map(ids.map((id, i) => [id, i]));
  const notes: string[] = [];
  const edgeList = (links: GraphLink[] | undefined, other: (l: GraphLink) => string) =>
    (links ?? [])
      .map((l) => {
        const t = EDGE_TYPES.indexOf(l.type as (typeof EDGE_TYPES)[number]);
        let s = `${idx.get(other(l))},${t < 0 ? l.type : t},${l.weight},${l.edge_origin === "global" ? 0 : 1}`;
        if (l.note !== undefined) s += `,${notes.push(l.note) - 1}`;
        return s;
      })
      .join(";");
  const records: string[] = [];
  const outs: string[] = [];
  const ins: string[] = [];
  const tagIdx = new Map<string, number[]>();
  ids.forEach((id, i) => {
    const n = g.nodes.get(id)! as unknown as Record<string, unknown>;
    const rec: Record<string, unknown> = {};
    for (const f of FIELDS) if (n[f] !== undefined) rec[f] = n[f];
    records.push(JSON.stringify(rec));
    outs.push(edgeList(g.out.get(id), (l) => l.target));
    ins.push(edgeList(g.in.get(id), (l) => l.source));
    if (Array.isArray(n.tags)) {
      for (const t of new Set(n.tags.filter((x): x is string => typeof x === "string").map((x) => x.toLowerCase()))) {
        let a = tagIdx.get(t);
        if (!a) tagIdx.set(t, (a = []));
        a.push(i);
      }
    }
  });
  const tagLines = [...tagIdx.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([t, a]) => `${JSON.stringify(t)}\t${a.join(" ")}`);
  const head = JSON.stringify({ format: FORMAT, key, version: g.version, nodes: ids.length, tags: tagLines.length });
  return [head, ...ids, ...records, ...outs, ...ins, ...tagLines, JSON.stringify(notes)].join("\n") + "\n";
}

class LazyPlanGraph implements PlanGraph {
  readonly version: string;
  private readonly lines: string[];
  private readonly n: number;
  private readonly cacheNodes = new Map<number, GNode>();
  private readonly cacheOut = new Map<number, GraphLink[]>();
  private readonly cacheIn = new Map<number, GraphLink[]>();
  private readonly tags = new Map<string, number[]>();
  private readonly tagIds = new Map<string, readonly string[]>();
  private readonly tagCount: number;
  private notes: string[] | null = null;
  readonly nodes: PlanGraph["nodes"];
  readonly out: PlanGraph["out"];
  readonly in: PlanGraph["in"];
  readonly tagIndex: NonNullable<PlanGraph["tagIndex"]>;

  constructor(lines: string[], version: string, n: number, tagCount: number) {
    this.lines = lines;
    this.version = version;
    this.n = n;
    this.tagCount = tagCount;
    const tagStart = 1 + 4 * n;
    for (let i = 0; i < tagCount; i++) {
      const line = lines[tagStart + i]!;
      const tab = line.indexOf("\t");
      this.tags.set(JSON.parse(line.slice(0, tab)) as string, line.slice(tab + 1).split(" ").map(Number));
    }
    const self = this;
    this.nodes = {
      get: (id) => {
        const i = self.indexOf(id);
        return i < 0 ? undefined : self.node(i);
      },
      has: (id) => self.indexOf(id) >= 0,
      *values() {
        for (let i = 0; i < self.n; i++) yield self.node(i);
      },
      size: n,
    };
    this.out = { get: (id) => self.links(id, true) };
    this.in = { get: (id) => self.links(id, false) };
    this.tagIndex = {
      get: (t) => {
        let ids = self.tagIds.get(t);
        if (ids) return ids;
        const v = self.tags.get(t);
        if (!v) return undefined;
        ids = v.map((i) => self.lines[1 + i]!);
        self.tagIds.set(t, ids);
        return ids;
      },
    };
  }

  private indexOf(id: string): number {
    let lo = 0;
    let hi = this.n - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = this.lines[1 + mid]!;
      if (v === id) return mid;
      if (v < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  private node(i: number): GNode {
    let node = this.cacheNodes.get(i);
    if (!node) {
      node = { id: this.lines[1 + i]!, ...(JSON.parse(this.lines[1 + this.n + i]!) as object) } as GNode;
      this.cacheNodes.set(i, node);
    }
    return node;
  }

  private links(id: string, out: boolean): GraphLink[] | undefined {
    const i = this.indexOf(id);
    if (i < 0) return undefined;
    const cache = out ? this.cacheOut : this.cacheIn;
    let list = cache.get(i);
    if (list) return list;
    const line = this.lines[1 + (out ? 2 : 3) * this.n + i]!;
    list = [];
    if (line) {
      for (const part of line.split(";")) {
        const [o, t, w, origin, note] = part.split(",");
        const other = this.lines[1 + Number(o)]!;
        const l: GraphLink = {
          source: out ? id : other,
          target: out ? other : id,
          type: /^\d+$/.test(t!) ? EDGE_TYPES[Number(t)]! : t!,
          weight: Number(w),
          edge_origin: origin === "0" ? "global" : "local",
        };
        if (note !== undefined) l.note = (this.notes ??= JSON.parse(this.lines[1 + 4 * this.n + this.tagCount]!) as string[])[Number(note)]!;
        list.push(l);
      }
    }
    cache.set(i, list);
    return list;
  }
}

export function decodePlanGraph(text: string, key: string | null): PlanGraph | null {
  const nl = text.indexOf("\n");
  if (nl < 0) return null;
  let head: { format?: string; key?: string; version?: string; nodes?: number; tags?: number };
  try {
    head = JSON.parse(text.slice(0, nl));
  } catch {
    return null;
  }
  if (head.format !== FORMAT || (key !== null && head.key !== key) || typeof head.version !== "string") return null;
  const lines = text.split("\n");
  const n = head.nodes ?? -1;
  const t = head.tags ?? -1;
  if (n < 0 || t < 0 || lines.length !== 1 + 4 * n + t + 2) return null;
  return new LazyPlanGraph(lines, head.version, n, t);
}

export interface PlanGraphLoad {
  graph: PlanGraph;
  from: "graph.json" | "cache";
  /** The cache was (re)written by this call. */
  cacheWritten: boolean;
}

/**
 * Loads the graph for planning: from the cache when it matches graph.json, else graph.json itself
 * (then, for a large graph, the cache is written — skipped when another process holds the lock).
 */
export function loadPlanGraph(paths: RepoPaths, opts: { cacheMinBytes?: number } = {}): PlanGraphLoad {
  const key = identity(paths.graphJson);
  const cacheFile = cachePath(paths);
  if (key !== null) {
    const cached = readTextIfExists(cacheFile);
    const g = cached === null ? null : decodePlanGraph(cached, key);
    if (g) return { graph: g, from: "cache", cacheWritten: false };
  }
  const g = loadGraph(paths);
  const size = (() => {
    try {
      return statSync(paths.graphJson).size;
    } catch {
      return 0;
    }
  })();
  let cacheWritten = false;
  if (key !== null && size >= (opts.cacheMinBytes ?? CACHE_MIN_BYTES) && identity(paths.graphJson) === key) {
    try {
      cacheWritten = withLock(paths.lock, () => writeFileAtomic(cacheFile, encodePlanGraph(g, key)));
    } catch (e) {
      if (!(e instanceof LockHeldError)) throw e; // a writer is busy: read-only this time
    }
  }
  return { graph: g, from: "graph.json", cacheWritten };
}

/** Reads the whole cache file (for tests and benchmarks). */
export function readPlanGraphCache(paths: RepoPaths): string | null {
  try {
    return readFileSync(cachePath(paths), "utf8");
  } catch {
    return null;
  }
}
