// The graph index: the compiled graph as every reader reads it (query, loadout, show, export, the
// review and the console, the update, record, check, the orchestrator), a derived file of the store
// (knowledge/graph/.cache/plan-graph.bin) written with graph.json in the same locked step and keyed
// by graph.json's identity (device, inode, size, mtime, ctime). Read lazily: ids, offsets, tag and
// domain names, edge lists and postings up front (≈ 6 MB at 50,000 nodes), a node's record only
// when a reader touches it, the records and the links' text whole for a walk or a write.
// Parsing a 50,000-node graph.json takes about a second; opening the index a few milliseconds.
// Every node's record is the node's own text in graph.json, and every node's out-links are kept as
// their text in graph.json too: a reader gets from the index exactly what parsing graph.json would
// give it, and graph.json is written from the index's sections (graphTextOf, graphTextOfBody) —
// after a compile, and when it was deleted and nothing it is compiled from changed.
// Damage: the header holds a digest of every section, checked whenever a section is read whole (all
// but the records and the links' text when the index is opened; those two by a walk or a writer);
// the records' digest is one per block of RECORD_BLOCK records, so that a record read alone is
// checked with its block; and an edge that does not read as one is damage too. A damaged index is
// removed and the reader stops with STORE_DAMAGED; the next reader (or the same command, once:
// core/settle.ts) makes it again from the sources. Never trusted, never copied into graph.json.
import { isAscii } from "node:buffer";
import { closeSync, fstatSync, readSync, statSync } from "node:fs";
import { endianness } from "node:os";
import { join } from "node:path";
import { NODE_DEPTH, type GNode, type GraphDoc, type GraphLink } from "../graph-file/doc.js";
import { openReadOrNull, removeFile } from "../fsx.js";
import { AkmsError, LockHeldError, STORE_DAMAGED } from "../errors.js";
import { withLock } from "../lock.js";
import type { RepoPaths } from "../paths.js";
import { asReadBack, pyJsonText } from "../pyjson.js";
import { SEP, graphTextFrom, headOf } from "../graph-file/layout.js";
import { DIGEST_WIDTH, digestHex } from "./records.js";
import { isWarm, warm } from "./memo.js";

/** A graph's nodes by id (a Map satisfies it; the index reads a node when it is asked for). */
export interface NodeTable {
  get(id: string): GNode | undefined;
  has(id: string): boolean;
  keys(): Iterable<string>;
  values(): Iterable<GNode>;
  readonly size: number;
}

/** What the query, tag derivation and loadouts read of a graph. A LoadedGraph satisfies it. */
export interface PlanGraph {
  version: string;
  nodes: NodeTable;
  out: { get(id: string): GraphLink[] | undefined };
  in: { get(id: string): GraphLink[] | undefined };
  /** Lower-case tag → ids of the nodes carrying it; when absent, the query scans every node. */
  tagIndex?: Postings;
}

/** A key → the ids of the nodes it names, sorted (undefined for none). */
export interface Postings {
  get(key: string): readonly string[] | undefined;
}

/** graph.json's graph-level attributes (generated_at, counts, vault, repo id, warnings). */
export type GraphAttrs = GraphDoc["graph"];

/** The whole graph as a reader gets it: the planning view, the graph-level attributes, every link. */
export interface GraphIndex extends PlanGraph {
  /** graph.json, the file this is the index of. */
  file: string;
  attrs: GraphAttrs;
  /** Every link in graph.json's order (by source, then as the compile ordered each node's out-links). */
  links(): Iterable<GraphLink>;
  /** Domain (exactly as written) → the ids of its nodes. */
  domainIndex: Postings;
  /** The links of type pitfall, in graph.json's order (the review's, without reading every link); shared, not to be changed. */
  pitfalls(): GraphLink[];
  /** Whether a node has any edge, in or out (without reading its edges). */
  linked(id: string): boolean;
  /**
   * The body of graph.json's node list: every node's text (at NODE_DEPTH) in id order, joined by
   * SEP — with `changes` in place of the graph's own (id → the node's text; null: no such node).
   */
  nodesText(changes?: NodeTexts): (string | Buffer)[];
  /**
   * The body of graph.json's links list: each node's out-links' text (at NODE_DEPTH, joined by SEP)
   * in id order — with `changes` in place of the graph's own (id → its out-links' text; "" or
   * null: none).
   */
  linksText(changes?: NodeTexts): (string | Buffer)[];
}

/** Texts of graph.json's list elements by node id (a node's own, or its out-links'); null: none. */
export type NodeTexts = ReadonlyMap<string, string | null>;

/** A node's out-links as graph.json writes them: each at NODE_DEPTH, joined by SEP ("" for none). */
export function outLinksText(links: readonly GraphLink[] | undefined): string {
  return links?.length ? links.map((l) => pyJsonText(l, NODE_DEPTH)).join(SEP) : "";
}

/** The postings keys of a node: its tags, lower-cased, and its domain. */
export function tagKeys(n: Record<string, unknown>): string[] {
  return Array.isArray(n.tags) ? [...new Set(n.tags.filter((x): x is string => typeof x === "string").map((x) => x.toLowerCase()))] : [];
}
export function domainKeys(n: Record<string, unknown>): string[] {
  return typeof n.domain === "string" ? [n.domain] : [];
}

/** What encoding an index needs of a graph: its nodes and adjacency, its version and attributes. */
export type IndexSource = Pick<GraphIndex, "version" | "nodes" | "out" | "in" | "attrs">;

const FORMAT = "akms-plan-graph-13";
const BIG_ENDIAN = endianness() === "BE";
/**
 * Edge types stored by number (anything else is stored as a JSON string). Part of FORMAT: kept
 * here, not taken from schemas/common.ts, so that the query reads the cache without loading zod.
 */
export const EDGE_TYPES = ["requires", "feeds-into", "refines", "contradicts", "pitfall", "implements"] as const;
export function planGraphCachePath(paths: RepoPaths): string {
  return join(paths.cacheDir, "plan-graph.bin");
}

/**
 * The index file: one JSON header line (format, key, version, graph attributes, counts, each
 * section's byte range, each section's digest), then the sections. Read eagerly: the ids (sorted)
 * and the tag and domain names (sorted) with their byte offsets, the byte offsets of every node's
 * record, the edge lists (`other,type,weight,origin[,note]` joined by `;`) and postings, the notes
 * and the pitfall links — raw bytes, nothing split or decoded up front (splitting 58,000 ids cost
 * more than the rest of the query); an id, a name, a node's edges or a key's postings are decoded
 * when a lookup touches them. Read on demand: a node's record (a positioned read of its text in
 * graph.json; the records section is the body of graph.json's node list, and of one JSON array,
 * read whole by a walk over every node). The links section — each node's out-links as graph.json's
 * text, every link followed by SEP — is read only to write graph.json.
 */
const SECTIONS = ["ids", "idOff", "rec", "recOff", "recSums", "out", "outOff", "in", "inOff", "tagNames", "tagNameOff", "tagPost", "tagOff", "domNames", "domNameOff", "domPost", "domOff", "notes", "pitfalls", "links", "linkOff"] as const;
type Section = (typeof SECTIONS)[number];

/**
 * Read whole and checked when an index is opened, besides the ids, offsets and names it reads to
 * open (≈ 4 MB at 50,000 nodes: the edge lists, the postings, the notes). Left to a walk or a write,
 * which read and check them whole: the records and the links' text (42 MB); a record read alone is
 * checked with its block (RECORD_BLOCK), then parsed and its id checked.
 */
const CHECKED_AT_OPEN = ["out", "in", "tagPost", "domPost", "notes", "pitfalls", "recSums"] as const;

/**
 * Records per digest block. A record read alone is read with its block and the block checked (≈ 3.6
 * KB at 50,000 nodes, where a query reads ≈ 200 records); the digests are made where the section's
 * one digest was (the same bytes, hashed in pieces: ≈ 5 ms more), and read at open (116 KB).
 */
const RECORD_BLOCK = 8;

/** The records section's block digests: each block's digestHex, back to back. */
function recordSums(rec: Buffer, recOff: Buffer): Buffer {
  const off = (i: number) => recOff.readUInt32LE(4 * i);
  const n = recOff.length / 4 - 1;
  const sums: string[] = [];
  for (let k = 0; k < n; k += RECORD_BLOCK) sums.push(digestHex(rec.subarray(off(k), off(Math.min(k + RECORD_BLOCK, n)))));
  return Buffer.from(sums.join(""), "latin1");
}

/** Items stored as one section of bytes and a section of their uint32 offsets. */
class Column {
  private readonly parts: string[] = [];
  private readonly off: number[] = [0];
  private at = 0;
  private ascii = true;

  push(s: string): void {
    this.parts.push(s);
    const ascii = !NON_ASCII.test(s); // an ASCII item's UTF-8 length is its length
    if (!ascii) this.ascii = false;
    this.at += ascii ? s.length : Buffer.byteLength(s);
    this.off.push(this.at);
  }

  /** The items' bytes, written one by one (no joined copy of a column of tens of megabytes); the items are then let go. */
  bytes(): Buffer {
    const out = Buffer.allocUnsafe(this.at);
    const encoding = this.ascii ? "latin1" : "utf8";
    let at = 0;
    for (const s of this.parts) at += out.write(s, at, encoding);
    this.parts.length = 0;
    return out;
  }

  offsets(): Buffer {
    const b = Buffer.alloc(4 * this.off.length);
    for (let i = 0; i < this.off.length; i++) b.writeUInt32LE(this.off[i]!, 4 * i);
    return b;
  }
}

const NON_ASCII = /[^\x00-\x7f]/;

/** Serializes a graph into the index file's bytes. */
export function encodePlanGraph(g: IndexSource, key: string): Buffer {
  return Buffer.concat(indexFileChunks(indexBody(g), key, g.version, g.attrs));
}

/** An index's sections, encoded from a graph before graph.json is written from them. */
export interface IndexBody {
  sections: Record<Section, Buffer>;
  nodes: number;
  tags: number;
  domains: number;
}

/**
 * The index's sections of a graph. A node's record is its text in graph.json (pyJsonText at
 * NODE_DEPTH: the compile's own document hands over the text it kept, a parsed graph.json is
 * written again as it was read), its out-links' text too; its postings come from the node itself.
 */
export function indexBody(g: Pick<IndexSource, "nodes" | "out" | "in">): IndexBody {
  const ids = [...g.nodes.keys()].sort();
  const idx = new Map(ids.map((id, i) => [id, i]));
  // A link's note, or { note, reports } when several agents reported the pitfall.
  const notes: (string | { note?: string; reports: unknown[] })[] = [];
  const edgeList = (links: GraphLink[] | undefined, other: (l: GraphLink) => string) =>
    (links ?? [])
      .map((l) => {
        const t = EDGE_TYPES.indexOf(l.type as (typeof EDGE_TYPES)[number]);
        let s = `${idx.get(other(l))},${t < 0 ? JSON.stringify(l.type) : t},${l.weight},${l.edge_origin === "global" ? 0 : 1}`;
        if (l.reports?.length) s += `,${notes.push({ ...(l.note !== undefined ? { note: l.note } : {}), reports: l.reports }) - 1}`;
        else if (l.note !== undefined) s += `,${notes.push(l.note) - 1}`;
        return s;
      })
      .join(";");
  const idCol = new Column();
  const recs = new Column();
  const outs = new Column();
  const ins = new Column();
  const linkTexts = new Column();
  const tagIdx = new Map<string, number[]>();
  const domIdx = new Map<string, number[]>();
  const post = (idx: Map<string, number[]>, keys: string[], i: number) => {
    for (const k of keys) {
      let a = idx.get(k);
      if (!a) idx.set(k, (a = []));
      a.push(i);
    }
  };
  ids.forEach((id, i) => {
    const n = g.nodes.get(id)! as Record<string, unknown>;
    idCol.push(id);
    // The whole node as graph.json writes it; each record but the last ends with graph.json's own
    // separator: the section is then the body of graph.json's node list, and of one JSON array.
    recs.push(pyJsonText(n, NODE_DEPTH) + (i < ids.length - 1 ? SEP : ""));
    const out = g.out.get(id);
    outs.push(edgeList(out, (l) => l.target));
    ins.push(edgeList(g.in.get(id), (l) => l.source));
    linkTexts.push(out?.length ? outLinksText(out) + SEP : "");
    post(tagIdx, tagKeys(n), i);
    post(domIdx, domainKeys(n), i);
  });
  const columns = (idx: Map<string, number[]>) => {
    const keys = [...idx.keys()].sort();
    const names = new Column();
    const posts = new Column();
    for (const k of keys) {
      names.push(k);
      posts.push(idx.get(k)!.join(" "));
    }
    return { count: keys.length, names, posts };
  };
  const tags = columns(tagIdx);
  const doms = columns(domIdx);
  const sections: Record<Section, Buffer> = {
    ids: idCol.bytes(),
    idOff: idCol.offsets(),
    rec: recs.bytes(),
    recOff: recs.offsets(),
    recSums: Buffer.alloc(0), // below, from the two above
    out: outs.bytes(),
    outOff: outs.offsets(),
    in: ins.bytes(),
    inOff: ins.offsets(),
    tagNames: tags.names.bytes(),
    tagNameOff: tags.names.offsets(),
    tagPost: tags.posts.bytes(),
    tagOff: tags.posts.offsets(),
    domNames: doms.names.bytes(),
    domNameOff: doms.names.offsets(),
    domPost: doms.posts.bytes(),
    domOff: doms.posts.offsets(),
    // As graph.json's text reads them back (the compile's own objects keep their own key order).
    notes: Buffer.from(JSON.stringify(asReadBack(notes))),
    pitfalls: Buffer.from(JSON.stringify(asReadBack(ids.flatMap((id) => (g.out.get(id) ?? []).filter((l) => l.type === "pitfall"))))),
    links: linkTexts.bytes(),
    linkOff: linkTexts.offsets(),
  };
  sections.recSums = recordSums(sections.rec, sections.recOff);
  return { sections, nodes: ids.length, tags: tags.count, domains: doms.count };
}

/** The index file's bytes in parts: its header (keyed to graph.json `key`), then each section. */
export function indexFileChunks(body: IndexBody, key: string, version: string, attrs: GraphAttrs): Buffer[] {
  const ranges: Record<string, [number, number]> = {};
  let at = 0;
  for (const name of SECTIONS) {
    ranges[name] = [at, body.sections[name].length];
    at += body.sections[name].length;
  }
  // Each section's digest (≈ 35 ms for the 48 MB of a 50,000-node index); the records' is their blocks' (recSums).
  const sums = Object.fromEntries(SECTIONS.map((name) => [name, name === "rec" ? "blocks" : digestHex(body.sections[name])]));
  const head = Buffer.from(JSON.stringify({ format: FORMAT, key, version, attrs, nodes: body.nodes, tags: body.tags, domains: body.domains, sections: ranges, sums }) + "\n");
  return [head, ...SECTIONS.map((name) => body.sections[name])];
}

/** A section of items, each but perhaps the last followed by SEP, as the body of one list (its last SEP dropped). */
function listBody(sec: Buffer): Buffer {
  return endsWithSep(sec, sec.length) ? sec.subarray(0, sec.length - SEP.length) : sec;
}

function endsWithSep(sec: Buffer, end: number): boolean {
  return end >= SEP.length && sec.toString("latin1", end - SEP.length, end) === SEP;
}

/** graph.json's text, generated_at blank, from an index's sections just encoded (the compile's). */
export function graphTextOfBody(body: IndexBody, attrs: GraphAttrs): [string, ...(string | Buffer)[]] {
  const list = (name: "links" | "rec") => {
    const b = listBody(body.sections[name]);
    return b.length ? [b] : [];
  };
  return graphTextFrom(headOf(attrs), list("links"), list("rec"));
}

/** What an index says of itself when its bytes are not what its header says: the reader stops. */
class Damaged extends Error {}

interface Head {
  format?: string;
  key?: string;
  version?: string;
  attrs?: GraphAttrs;
  nodes?: number;
  tags?: number;
  domains?: number;
  sections?: Record<Section, [number, number]>;
  sums?: Record<Section, string>;
}

/**
 * Sorted strings stored as bytes + offsets: item i made (once) when asked for, lookups by binary
 * search. ASCII tables (ids always are) are decoded as one string and items sliced from it.
 */
class StringTable {
  private readonly items: (string | undefined)[];
  private readonly ascii: string | null;
  constructor(
    private readonly bytes: Buffer,
    private readonly off: Uint32Array,
    readonly size: number,
  ) {
    if (off.length !== size + 1 || off[size] !== bytes.length) throw new Error("plan-graph cache: a string table does not match its offsets");
    this.items = new Array<string | undefined>(size);
    this.ascii = isAscii(bytes) ? bytes.toString("latin1") : null;
  }

  at(i: number): string {
    let s = this.items[i];
    if (s === undefined) {
      const a = this.off[i]!;
      const b = this.off[i + 1]!;
      s = this.items[i] = this.ascii !== null ? this.ascii.slice(a, b) : this.bytes.toString("utf8", a, b);
    }
    return s;
  }

  /** The index of `s`, or -1 (the table is sorted as Array.prototype.sort sorts strings). */
  indexOf(s: string): number {
    let lo = 0;
    let hi = this.size - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = this.at(mid);
      if (v === s) return mid;
      if (v < s) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

class LazyPlanGraph implements GraphIndex {
  readonly version: string;
  /** The identity of the graph.json this index was made for (its header's key). */
  readonly key: string;
  readonly attrs: GraphAttrs;
  private readonly fd: number;
  private readonly base: number;
  private readonly sec: Record<Section, [number, number]>;
  private readonly sums: Record<Section, string>;
  private readonly ids: StringTable;
  private readonly recOff: Uint32Array;
  private readonly outOff: Uint32Array;
  private readonly inOff: Uint32Array;
  private readonly cacheNodes = new Map<number, GNode>();
  private readonly cacheOut = new Map<number, GraphLink[]>();
  private readonly cacheIn = new Map<number, GraphLink[]>();
  private notes: (string | { note?: string; reports: GraphLink["reports"] })[] | null = null;
  readonly nodes: PlanGraph["nodes"];
  readonly out: PlanGraph["out"];
  readonly in: PlanGraph["in"];
  readonly tagIndex: Postings;
  readonly domainIndex: Postings;

  constructor(
    readonly file: string,
    private readonly indexFile: string,
    private readonly lock: string | null,
    fd: number,
    base: number,
    head: Required<Head>,
  ) {
    this.fd = fd;
    this.attrs = head.attrs;
    this.base = base;
    this.version = head.version;
    this.key = head.key;
    this.sec = head.sections;
    this.sums = head.sums;
    this.ids = new StringTable(this.read("ids"), this.readOffsets("idOff"), head.nodes);
    this.recOff = this.readOffsets("recOff");
    this.outOff = this.readOffsets("outOff");
    this.inOff = this.readOffsets("inOff");
    if (this.recOff.length !== head.nodes + 1 || this.outOff.length !== head.nodes + 1 || this.inOff.length !== head.nodes + 1) {
      throw new Error("plan-graph cache: section sizes do not match its header");
    }
    this.tagIndex = this.postings("tagNames", "tagNameOff", "tagPost", "tagOff", head.tags);
    this.domainIndex = this.postings("domNames", "domNameOff", "domPost", "domOff", head.domains);
    for (const name of CHECKED_AT_OPEN) this.readWhole(name);
    const self = this;
    const n = head.nodes;
    this.nodes = {
      get: (id) => {
        const i = self.indexOf(id);
        return i < 0 ? undefined : self.node(i);
      },
      has: (id) => self.indexOf(id) >= 0,
      *keys() {
        for (let i = 0; i < n; i++) yield self.ids.at(i);
      },
      *values() {
        self.readAllNodes();
        for (let i = 0; i < n; i++) yield self.node(i);
      },
      size: n,
    };
    this.out = { get: (id) => self.linksOf(id, true) };
    this.in = { get: (id) => self.linksOf(id, false) };
  }

  /** A postings table: its sorted key names (read now) and each key's ids (read when asked for). */
  private postings(names: Section, nameOff: Section, post: Section, postOff: Section, count: number): Postings {
    const table = new StringTable(this.read(names), this.readOffsets(nameOff), count);
    const off = this.readOffsets(postOff);
    if (off.length !== count + 1) throw new Error("plan-graph cache: section sizes do not match its header");
    const made = new Map<string, readonly string[]>();
    return {
      get: (key) => {
        let ids = made.get(key);
        if (ids) return ids;
        const k = table.indexOf(key);
        if (k < 0) return undefined;
        ids = this.slice(post, off, k).split(" ").map((i) => this.idAt(i));
        made.set(key, ids);
        return ids;
      },
    };
  }

  private pitfallLinks: GraphLink[] | null = null;

  /** Read once per opened index (the review's sections and its look back both walk them). */
  pitfalls(): GraphLink[] {
    return (this.pitfallLinks ??= this.parsed(this.readWhole("pitfalls").toString("utf8"), "the pitfall links") as GraphLink[]);
  }

  linked(id: string): boolean {
    const i = this.indexOf(id);
    return i >= 0 && (this.outOff[i + 1]! > this.outOff[i]! || this.inOff[i + 1]! > this.inOff[i]!);
  }

  /** Every link, from the out-edges section (read whole when the index was opened). */
  *links(): Iterable<GraphLink> {
    for (let i = 0; i < this.ids.size; i++) yield* this.linksOf(this.ids.at(i), true) ?? [];
  }

  /** Sections read whole, for a walk over every node (item i is then sliced from the bytes in hand). */
  private readonly whole = new Map<Section, Buffer>();

  private readWhole(name: Section): Buffer {
    let b = this.whole.get(name);
    if (b === undefined) this.whole.set(name, (b = this.read(name)));
    return b;
  }

  private readAt(position: number, length: number): Buffer {
    const buf = Buffer.allocUnsafe(length); // every byte is read into (or this throws)
    let got = 0;
    while (got < length) {
      const r = readSync(this.fd, buf, got, length - got, position + got);
      if (r === 0) throw new Error("plan-graph cache: the file is shorter than its header says");
      got += r;
    }
    return buf;
  }

  /** A section read whole, checked against its digest (the records against their blocks'). */
  private read(name: Section): Buffer {
    const [at, len] = this.sec[name];
    const bytes = this.readAt(this.base + at, len);
    if (name === "rec") {
      if (len !== this.recOff[this.ids.size]) this.damaged("its records section is not the length of its records");
      for (let k = 0; k * RECORD_BLOCK < this.ids.size; k++) this.checkBlock(k, bytes.subarray(this.recOff[k * RECORD_BLOCK]!, this.recOff[this.blockEnd(k)]!));
    } else if (digestHex(bytes) !== this.sums[name]) this.damaged(`its ${name} section does not match its digest`);
    return bytes;
  }

  private blockEnd(k: number): number {
    return Math.min((k + 1) * RECORD_BLOCK, this.ids.size);
  }

  private checkBlock(k: number, bytes: Buffer): void {
    const sums = this.readWhole("recSums");
    if (sums.length !== DIGEST_WIDTH * Math.ceil(this.ids.size / RECORD_BLOCK) || digestHex(bytes) !== sums.toString("latin1", k * DIGEST_WIDTH, (k + 1) * DIGEST_WIDTH)) {
      this.damaged(`its records do not match their digests (block ${k})`);
    }
  }

  /** Record blocks read alone and checked, by block number. */
  private readonly blocks = new Map<number, Buffer>();

  /** Record i's text (and the separator after it), read with its block, the block checked once. */
  private record(i: number): string {
    const whole = this.whole.get("rec");
    if (whole !== undefined) return whole.toString("utf8", this.recOff[i]!, this.recOff[i + 1]!);
    const k = Math.floor(i / RECORD_BLOCK);
    const start = this.recOff[k * RECORD_BLOCK]!;
    let block = this.blocks.get(k);
    if (block === undefined) {
      block = this.readAt(this.base + this.sec.rec[0] + start, this.recOff[this.blockEnd(k)]! - start);
      this.checkBlock(k, block);
      this.blocks.set(k, block);
    }
    return block.toString("utf8", this.recOff[i]! - start, this.recOff[i + 1]! - start);
  }

  /** The id at index text `i` (an item of an edge list or postings); damage when it names none. */
  private idAt(i: string): string {
    const n = Number(i);
    if (!Number.isInteger(n) || n < 0 || n >= this.ids.size || i === "") this.damaged(`an item names node ${JSON.stringify(i)}, which it does not hold`);
    return this.ids.at(n);
  }

  /** Stops the reader: the index is not what its header says (removed first, when opened for a repository). */
  private damaged(why: string): never {
    if (this.lock === null) throw new Damaged(why);
    const dropped = dropDamaged(this.indexFile, this.fd, this.lock);
    throw new AkmsError(STORE_DAMAGED, `the store's index of graph.json is damaged (${why})${dropped ? "; it was removed" : ""}`, {
      file: this.indexFile,
      hint: dropped
        ? "run the command again: akms makes the index anew from the sources first (so does `akms build`)"
        : "delete the file once the command holding the repository lock has finished; `akms build` then makes it anew from the sources",
    });
  }

  /** An offsets section as numbers (little-endian uint32 in the file). */
  private readOffsets(name: Section): Uint32Array {
    const b = this.read(name);
    if (b.length % 4 !== 0) throw new Error("plan-graph cache: an offsets section is not whole uint32s");
    if (BIG_ENDIAN) b.swap32();
    // Buffers of this size own their memory from offset 0 (small ones are 8-aligned in the pool).
    if (b.byteOffset % 4 === 0) return new Uint32Array(b.buffer, b.byteOffset, b.length / 4);
    return new Uint32Array(new Uint8Array(b).buffer);
  }

  /** Item i of a section whose item offsets are in `off`. */
  private slice(name: Section, off: Uint32Array, i: number): string {
    const a = off[i]!;
    const b = off[i + 1]!;
    if (b <= a) return "";
    const whole = this.whole.get(name);
    return whole !== undefined ? whole.toString("utf8", a, b) : this.readAt(this.base + this.sec[name][0] + a, b - a).toString("utf8");
  }

  private indexOf(id: string): number {
    return this.ids.indexOf(id);
  }

  /** JSON text of the index parsed; damage when it is not JSON. */
  private parsed(text: string, what: string): unknown {
    try {
      return JSON.parse(text);
    } catch {
      return this.damaged(`${what}: not JSON`);
    }
  }

  /**
   * Every node at once, for a reader that walks them all (the review, an export): the records
   * section (records joined by commas) read in one go and parsed as one JSON array, instead of a
   * positioned read and a parse per node.
   */
  private readAllNodes(): void {
    const n = this.ids.size;
    if (this.cacheNodes.size === n) return;
    const recs = this.parsed(`[${this.read("rec").toString("utf8")}]`, "the records") as GNode[];
    for (let i = 0; i < n; i++) if (!this.cacheNodes.has(i)) this.cacheNodes.set(i, recs[i]!);
  }

  private node(i: number): GNode {
    let node = this.cacheNodes.get(i);
    if (!node) {
      const text = this.record(i); // the node's text in graph.json, and the separator after it
      node = this.parsed(text.endsWith(SEP) ? text.slice(0, -SEP.length) : text, "a node's record") as GNode;
      if (node === null || typeof node !== "object" || node.id !== this.ids.at(i)) this.damaged(`the record of ${JSON.stringify(this.ids.at(i))} is another node's`);
      this.cacheNodes.set(i, node);
    }
    return node;
  }

  /**
   * The records section is that body, byte for byte; with changes (a delta's), the runs of records
   * they leave alone are copied as they are, the changed texts put between them.
   */
  nodesText(changes?: NodeTexts): (string | Buffer)[] {
    return this.listText("rec", this.recOff, changes);
  }

  /** The links section, its last SEP dropped; with changes, as nodesText. */
  linksText(changes?: NodeTexts): (string | Buffer)[] {
    return this.listText("links", this.linkOff(), changes);
  }

  private linkOffsets: Uint32Array | null = null;

  private linkOff(): Uint32Array {
    if (this.linkOffsets === null) {
      this.linkOffsets = this.readOffsets("linkOff");
      if (this.linkOffsets.length !== this.ids.size + 1) throw new Error("plan-graph cache: section sizes do not match its header");
    }
    return this.linkOffsets;
  }

  /**
   * A list of graph.json kept as a section of items by node (each followed by SEP, but perhaps the
   * last; an item may be empty), with `changes` in place: runs of items they leave alone copied as
   * they are, a new key's text put in id order, the pieces joined by SEP.
   */
  private listText(name: "rec" | "links", off: Uint32Array, changes?: NodeTexts): (string | Buffer)[] {
    const n = this.ids.size;
    if (!changes?.size) {
      const b = listBody(this.read(name));
      return b.length ? [b] : [];
    }
    this.readWhole(name);
    const sec = this.whole.get(name)!;
    const pieces: (string | Buffer)[] = [];
    const put = (p: string | Buffer | null | undefined) => {
      if (p?.length) pieces.push(p); // a run of nodes without out-links is an empty slice
    };
    let from = -1; // the first item of the run of unchanged ones being gathered
    const endRun = (to: number) => {
      if (from < 0) return;
      const end = off[to]!;
      put(sec.subarray(off[from]!, endsWithSep(sec, end) ? end - SEP.length : end));
      from = -1;
    };
    const added = [...changes.keys()].filter((id) => changes.get(id) && this.indexOf(id) < 0).sort();
    let a = 0;
    for (let i = 0; i < n; i++) {
      const id = this.ids.at(i);
      for (; a < added.length && added[a]! < id; a++) {
        endRun(i);
        put(changes.get(added[a]!));
      }
      if (!changes.has(id)) {
        if (from < 0) from = i;
        continue;
      }
      endRun(i);
      put(changes.get(id));
    }
    endRun(n);
    for (; a < added.length; a++) put(changes.get(added[a]!));
    return pieces.flatMap((p, k) => (k ? [SEP, p] : [p]));
  }

  private linksOf(id: string, out: boolean): GraphLink[] | undefined {
    const i = this.indexOf(id);
    if (i < 0) return undefined;
    const cache = out ? this.cacheOut : this.cacheIn;
    let list = cache.get(i);
    if (list) return list;
    const text = out ? this.slice("out", this.outOff, i) : this.slice("in", this.inOff, i);
    list = [];
    if (text) {
      for (const part of text.split(";")) {
        const [o, t, w, origin, note] = part.split(",");
        const other = this.idAt(o!);
        const l: GraphLink = {
          source: out ? id : other,
          target: out ? other : id,
          type: /^\d+$/.test(t!) ? EDGE_TYPES[Number(t)]! : (this.parsed(t!, "an edge's type") as string),
          weight: Number(w),
          edge_origin: origin === "0" ? "global" : "local",
        };
        if (typeof l.type !== "string" || !Number.isFinite(l.weight) || (origin !== "0" && origin !== "1")) this.damaged(`an edge of ${JSON.stringify(id)} does not read as one`);
        if (note !== undefined) {
          const v = (this.notes ??= this.parsed(this.readWhole("notes").toString("utf8"), "the links' notes") as (string | { note?: string; reports: GraphLink["reports"] })[])[Number(note)]!;
          if (typeof v === "string") l.note = v;
          else {
            if (v.note !== undefined) l.note = v.note;
            l.reports = v.reports;
          }
        }
        list.push(l);
      }
    }
    cache.set(i, list);
    return list;
  }
}

/**
 * GraphIndex.nodesText and linksText of a graph in hand: its nodes' keys in id order, each one's text
 * (`textOf`) unless `changes` gives it (null: none), the empty ones left out, joined by SEP.
 */
export function listTextOf(keys: Iterable<string>, has: (id: string) => boolean, textOf: (id: string) => string, changes?: NodeTexts): string[] {
  const ids = [...keys].filter((id) => changes?.get(id) !== null);
  for (const [id, text] of changes ?? []) if (text !== null && !has(id)) ids.push(id);
  ids.sort();
  const texts = ids.map((id) => (changes?.has(id) ? changes.get(id)! : textOf(id))).filter((t) => t !== "");
  return texts.length ? [texts.join(SEP)] : [];
}

/** GraphIndex.nodesText of nodes in hand: each written at NODE_DEPTH, unless `changes` gives its text. */
export function textsOf(nodes: Pick<NodeTable, "keys" | "get" | "has">, changes?: NodeTexts): string[] {
  return listTextOf(nodes.keys(), (id) => nodes.has(id), (id) => pyJsonText(nodes.get(id)!, NODE_DEPTH), changes);
}

/**
 * graph.json's text, generated_at blank, as an index gives it back — graph.json written from the
 * store: the head written anew from the attributes, the links and nodes as the index keeps their text.
 */
export function graphTextOf(g: GraphIndex): [string, ...(string | Buffer)[]] {
  return graphTextFrom(headOf(g.attrs), g.linksText(), g.nodesText());
}

/**
 * An opened index reads its sections when asked, through the descriptor it keeps; the descriptor is
 * closed once nothing holds the index any more (a long-running server opens one per graph.json it
 * reads, and would otherwise run out of descriptors after as many writes).
 */
const closeWhenDropped = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    /* closed already */
  }
});

/** The header line of an index file (read until its newline: the warnings may run long). */
function headLine(fd: number): { head: Head; length: number } {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const chunk = Buffer.alloc(parts.length ? 1024 * 1024 : 64 * 1024);
    const n = readSync(fd, chunk, 0, chunk.length, at);
    if (n === 0) throw new Error("no header");
    const nl = chunk.subarray(0, n).indexOf(10);
    parts.push(chunk.subarray(0, nl < 0 ? n : nl));
    if (nl >= 0) {
      const line = Buffer.concat(parts);
      return { head: JSON.parse(line.toString("utf8")) as Head, length: line.length + 1 };
    }
    at += n;
  }
}

/** Whether `file` is an index, of this format, for graph.json `key` (its header alone is read). */
export function hasIndexFor(file: string, key: string): boolean {
  return indexHead(file)?.key === key;
}

/** The header of an index file: graph.json's identity it was keyed to, and the version and attributes (generated_at among them) of that graph.json's text. */
export function indexHead(file: string): { key: string; version: string; generatedAt: string; attrs: GraphAttrs } | null {
  const fd = openReadOrNull(file);
  if (fd === null) return null;
  try {
    const { head } = headLine(fd);
    return head.format === FORMAT && typeof head.key === "string" && typeof head.version === "string" && head.attrs ? { key: head.key, version: head.version, generatedAt: head.attrs.generated_at ?? "", attrs: head.attrs } : null;
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** An opened index, with the identity of the graph.json it was made for. */
export type KeyedIndex = GraphIndex & { readonly key: string };

/**
 * Opens an index file; null when it is missing, of another format, or for another graph.json
 * (`key`: its identity, null for any). `repo`: the graph.json it indexes and the repository's lock —
 * given, a damaged index (a section it reads to open not matching its digest now, the records or the
 * links' text when they are read) is removed and the reader stops with STORE_DAMAGED; not given, it
 * is null now and a Damaged error later.
 */
export function openPlanGraph(file: string, key: string | null, repo?: { graphJson: string; lock: string }): KeyedIndex | null {
  const fd = openReadOrNull(file);
  if (fd === null) return null;
  let opened: LazyPlanGraph | undefined;
  try {
    const { head, length } = headLine(fd);
    if (head.format !== FORMAT || typeof head.key !== "string" || (key !== null && head.key !== key) || typeof head.version !== "string" || !head.sections || !head.sums || !head.attrs || typeof head.tags !== "number" || typeof head.domains !== "number") throw new Error("not this graph");
    // An index cut short (a full disk, a copy interrupted) is not used: its sections are read lazily.
    const end = Math.max(0, ...Object.values(head.sections).map(([at, len]) => at + len));
    if (fstatSync(fd).size !== length + end) throw new Error("the index's size does not match its header");
    opened = new LazyPlanGraph(repo?.graphJson ?? "", file, repo?.lock ?? null, fd, length, head as Required<Head>);
    closeWhenDropped.register(opened, fd);
    return opened;
  } catch (e) {
    if (opened === undefined) closeSync(fd);
    if (e instanceof AkmsError) throw e; // damaged (and removed): STORE_DAMAGED
    return null;
  }
}

/**
 * A reader's full index (plan-graph.bin) of graph.json `key`, or null (openPlanGraph, damage
 * thrown). A warm process (core/store/memo.ts: the console, `akms mcp`) keeps the file it opened,
 * with every node it has read, while the file is unchanged on disk: a review action or an update
 * leaves it as it is and writes a delta over it, so the next reader's index is that delta over
 * nodes already parsed, not every node parsed again (the console's reload after a promote).
 */
export function openFullIndex(paths: RepoPaths, key: string): GraphIndex | null {
  const file = planGraphCachePath(paths);
  // A one-shot process opens it for `key` alone: the header tells another key before the ids and offsets are read.
  if (!isWarm()) return openPlanGraph(file, key, paths);
  const opened = warm(`plan-graph:${file}`, [file], () => openPlanGraph(file, null, paths));
  return opened !== null && opened.key === key ? opened : null;
}

/**
 * Removes a damaged index file under the repository lock, while it is still the file `fd` opened (a
 * writer may have replaced it meanwhile). False when another process holds the lock.
 */
function dropDamaged(file: string, fd: number, lock: string): boolean {
  try {
    return withLock(lock, () => {
      const now = statSync(file, { throwIfNoEntry: false });
      const was = fstatSync(fd);
      return now !== undefined && now.ino === was.ino && now.dev === was.dev && removeFile(file);
    });
  } catch (e) {
    if (e instanceof LockHeldError) return false;
    throw e;
  }
}
