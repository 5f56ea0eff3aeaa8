// What an update reads of the compiled graph: a few nodes by id, the predecessors of the nodes it
// hits, and the tentative nodes of a domain. graph.json has a fixed layout (DESIGN §4: Python's
// json.dumps(sort_keys=True, indent=2), nodes sorted by id), so instead of parsing the whole file
// (tens of megabytes on a large graph) a node is found by binary search over its "id" lines, a
// node's predecessors by one search for its "target" lines, and only those objects are parsed.
// Anything unexpected (another layout, unsorted nodes) falls back to a full parse.
import { isAscii } from "node:buffer";
import { closeSync, fstatSync, openSync, readFileSync } from "node:fs";
import { HEAD as GRAPH_HEAD, OPEN, TAIL as GRAPH_TAIL } from "./layout.js";
import { NotFoundError } from "../errors.js";
import type { GNode, GraphDoc, GraphLink } from "../graph.js";
import { pyString } from "../pyjson.js";

export interface GraphView {
  node(id: string): GNode | undefined;
  has(id: string): boolean;
  /** Links whose target is `id`. */
  predecessors(id: string): GraphLink[];
  /** Says which nodes' predecessors will be asked for next: they may be found all in one pass. */
  prefetchPredecessors?(ids: readonly string[]): void;
  /** Nodes whose domain is `domain`. */
  inDomain(domain: string): GNode[];
  /** The file's bytes and its stat (size, mtimeMs, ctimeMs, ino) when they were read. */
  file?: { bytes: Buffer; stat: number[] };
}

/** A view over a parsed graph document (the in-memory compile of a dry run, or the fallback). */
export function viewOfDoc(doc: Pick<GraphDoc, "nodes" | "links">): GraphView {
  const nodes = new Map<string, GNode>();
  const inn = new Map<string, GraphLink[]>();
  for (const n of doc.nodes) nodes.set(n.id, n as GNode);
  for (const l of doc.links) {
    let list = inn.get(l.target);
    if (!list) inn.set(l.target, (list = []));
    list.push(l);
  }
  return {
    node: (id) => nodes.get(id),
    has: (id) => nodes.has(id),
    predecessors: (id) => inn.get(id) ?? [],
    inDomain: (domain) => [...nodes.values()].filter((n) => n.domain === domain),
  };
}

const NODE_OPEN = OPEN;
const NODE_CLOSE = "\n    }";
const ID_KEY = '\n      "id": "';
const TARGET_KEY = '\n      "target": "';
const QUOTE = 34;
const COMMA = 44;
const NEWLINE = 10;

/** Thrown when the file turns out not to be laid out as we write it. */
class Unexpected extends Error {}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** Searches the file's bytes as they are (ASCII: one byte per character), never decoding all of them. */
class IndexedGraph implements GraphView {
  private readonly preds = new Map<string, number[]>();
  private readonly parsed = new Map<number, Record<string, unknown>>();
  private readonly found = new Map<string, number>();
  private linksText: string | null = null;

  constructor(
    private readonly buf: Buffer,
    private readonly links: [number, number],
    private readonly nodesAt: [number, number],
  ) {}

  private valueAt(keyAt: number, key: string): string {
    const start = keyAt + key.length;
    return this.buf.toString("latin1", start, this.buf.indexOf(QUOTE, start));
  }

  /** Position of the node's `"id"` line: binary search, the nodes being sorted by id. */
  private locate(id: string): number {
    const hit = this.found.get(id);
    if (hit !== undefined) return hit;
    let [lo, hi] = this.nodesAt;
    let at = -1;
    while (lo < hi) {
      const mid = lo + ((hi - lo) >> 1);
      const p = this.buf.indexOf(ID_KEY, mid, "latin1");
      if (p === -1 || p >= hi) {
        hi = mid;
        continue;
      }
      const key = this.valueAt(p, ID_KEY);
      if (key === id) {
        at = p;
        break;
      }
      if (key < id) lo = p + ID_KEY.length;
      else hi = mid;
    }
    if (at === -1) {
      // Confirm a miss the slow way: a file whose nodes are not sorted is not ours to search.
      const needle = Buffer.from(`${ID_KEY}${id}"`, "utf8");
      for (let i = this.buf.indexOf(needle, this.nodesAt[0]); i !== -1; i = this.buf.indexOf(needle, i + 1)) {
        const next = this.buf[i + needle.length];
        if (next === COMMA || next === NEWLINE) throw new Unexpected("nodes are not sorted by id");
      }
    }
    this.found.set(id, at);
    return at;
  }

  /** The whole object around position `at` (an attribute line at 6 spaces of indent). */
  private objectAt(at: number): Record<string, unknown> {
    let o = this.parsed.get(at);
    if (!o) {
      const start = this.buf.lastIndexOf(NODE_OPEN, at, "latin1");
      const end = this.buf.indexOf(NODE_CLOSE, at, "latin1");
      o = JSON.parse(this.buf.toString("latin1", start + 1, end + NODE_CLOSE.length)) as Record<string, unknown>;
      this.parsed.set(at, o);
    }
    return o;
  }

  node(id: string): GNode | undefined {
    const at = this.locate(id);
    return at === -1 ? undefined : (this.objectAt(at) as GNode);
  }

  has(id: string): boolean {
    return this.locate(id) !== -1;
  }

  /** One pass over the links for every id not searched yet: a regular expression of them all. */
  prefetchPredecessors(ids: readonly string[]): void {
    const wanted = [...new Set(ids)].filter((id) => !this.preds.has(id));
    if (wanted.length < 2) return; // one id: predecessors() searches the bytes for it directly
    const [from, to] = this.links;
    const text = (this.linksText ??= this.buf.toString("latin1", from, to));
    for (const id of wanted) this.preds.set(id, []);
    const re = new RegExp(`${escapeRegExp(TARGET_KEY)}(${wanted.map(escapeRegExp).join("|")})"[,\n]`, "g");
    for (const m of text.matchAll(re)) this.preds.get(m[1]!)!.push(from + m.index);
  }

  predecessors(id: string): GraphLink[] {
    let at = this.preds.get(id);
    if (!at) {
      at = [];
      const needle = Buffer.from(`${TARGET_KEY}${id}"`, "utf8");
      const [from, to] = this.links;
      for (let i = this.buf.indexOf(needle, from); i !== -1 && i < to; i = this.buf.indexOf(needle, i + needle.length)) {
        const next = this.buf[i + needle.length];
        if (next === COMMA || next === NEWLINE) at.push(i);
      }
      this.preds.set(id, at);
    }
    return at.map((i) => this.objectAt(i) as unknown as GraphLink);
  }

  inDomain(domain: string): GNode[] {
    const key = Buffer.from(`\n      "domain": ${pyString(domain)}`, "latin1");
    const out: GNode[] = [];
    for (let i = this.buf.indexOf(key, this.nodesAt[0]); i !== -1; i = this.buf.indexOf(key, i + key.length)) {
      const next = this.buf[i + key.length];
      if (next === COMMA || next === NEWLINE) out.push(this.objectAt(i) as GNode);
    }
    return out;
  }
}

/** Falls back to a full parse the first time the indexed view meets a layout it does not expect. */
function guarded(indexed: IndexedGraph, full: () => GraphView): GraphView {
  let fallback: GraphView | null = null;
  const use = <T>(f: (g: GraphView) => T): T => {
    if (!fallback) {
      try {
        return f(indexed);
      } catch (e) {
        if (!(e instanceof Unexpected || e instanceof SyntaxError)) throw e;
        fallback = full();
      }
    }
    return f(fallback);
  };
  return {
    node: (id) => use((g) => g.node(id)),
    has: (id) => use((g) => g.has(id)),
    predecessors: (id) => use((g) => g.predecessors(id)),
    prefetchPredecessors: (ids) => use((g) => g.prefetchPredecessors?.(ids)),
    inDomain: (d) => use((g) => g.inDomain(d)),
  };
}

// graph.json's layout (graph-text.ts): its head and tail bytes.
const HEAD = Buffer.from(GRAPH_HEAD, "latin1");
const TAIL = Buffer.from(GRAPH_TAIL, "latin1");

/** The compiled graph as an update reads it; null when graph.json does not exist. */
export function readGraphView(file: string): GraphView | null {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
  let bytes: Buffer;
  let stat: number[];
  try {
    const st = fstatSync(fd);
    stat = [st.size, st.mtimeMs, st.ctimeMs, st.ino];
    bytes = readFileSync(fd);
  } finally {
    closeSync(fd);
  }
  const view = viewOfBytes(bytes, file);
  view.file = { bytes, stat };
  return view;
}

export function viewOfBytes(bytes: Buffer, file: string): GraphView {
  const full = (): GraphView => {
    try {
      return viewOfDoc(JSON.parse(bytes.toString("utf8")) as GraphDoc);
    } catch {
      throw new NotFoundError("graph.json cannot be read", { file, hint: "run `akms build` to recompile it" });
    }
  };
  // graph.json escapes every non-ASCII character as \uXXXX; anything else is read by a full parse.
  if (!isAscii(bytes)) return full();
  const links = bytes.indexOf('\n  "links": [', 0, "latin1");
  const multigraph = links > 0 ? bytes.indexOf('\n  "multigraph": ', links, "latin1") : -1;
  const nodes = multigraph > 0 ? bytes.indexOf('\n  "nodes": [', multigraph, "latin1") : -1;
  const laidOut =
    nodes > multigraph &&
    multigraph > links &&
    links > 0 &&
    bytes.subarray(0, HEAD.length).equals(HEAD) &&
    bytes.length >= TAIL.length &&
    bytes.subarray(bytes.length - TAIL.length).equals(TAIL);
  return laidOut ? guarded(new IndexedGraph(bytes, [links, multigraph], [nodes, bytes.length]), full) : full();
}
