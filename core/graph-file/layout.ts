// graph.json as the compiler lays it out (pyjson's sorted keys, 2-space indent): the layout's
// constants, the parts of the document, and its sorted arrays searched in place. Every reader and
// patch of graph.json's text takes the layout from here; a patch that meets anything it does not
// expect is not sure (patch.ts), and the caller compiles in full.
import { isAscii } from "node:buffer";
import { pyJsonText } from "../pyjson.js";
import { blankGeneratedAt } from "./version.js";
import type { BuildWarning, GraphDoc } from "./doc.js";

export const HEAD = '{\n  "directed": true,\n  "graph": ';
const LINKS_OPEN = ',\n  "links": [\n    ';
const MIDDLE = '\n  ],\n  "multigraph": false,\n  "nodes": [\n    ';
const TAIL = "\n  ]\n}\n";
/** Where the head (the graph-level attributes) ends, whether or not there are links. */
const LINKS_KEY = ',\n  "links": [';
/** The head's end to the first node's `{` when there are no links. */
const NO_LINKS = ',\n  "links": [],\n  "multigraph": false,\n  "nodes": [\n    ';
const OPEN = "\n    {\n";
const CLOSE = "\n    }";
/** Between two elements of a top-level array. */
export const SEP = ",\n    ";
const ID_KEY = Buffer.from('\n      "id": "', "latin1");
const SOURCE_KEY = Buffer.from('\n      "source": "', "latin1");
const TARGET_KEY = '",\n      "target": "';
/** The graph-level node_count (4 spaces: a node's attributes sit at 6). */
export const NODE_COUNT = /\n {4}"node_count": (\d+),\n/;

export { NotSure, sure } from "./patch.js";
import { sure } from "./patch.js";

export interface Found {
  found: boolean;
  /** The element's `{` (found), or where a new element goes: the next element's `{`, or the array's end. */
  start: number;
  end: number;
  /** Past the array's last element. */
  append: boolean;
}

/** A sorted array of graph.json (nodes by id, links by source then target), searched in its bytes. */
export class SortedArray {
  constructor(
    private readonly buf: Buffer,
    private readonly from: number,
    private readonly to: number,
    private readonly needle: Buffer,
    private readonly keyAt: (p: number) => string,
  ) {}

  find(key: string): Found {
    const { buf, needle } = this;
    let lo = this.from;
    let hi = this.to;
    while (lo < hi) {
      const mid = lo + ((hi - lo) >> 1);
      const p = buf.indexOf(needle, mid);
      if (p === -1 || p >= hi) {
        hi = mid;
        continue;
      }
      const k = this.keyAt(p);
      if (k === key) return { found: true, start: this.startOf(p), end: this.endOf(p), append: false };
      if (k < key) lo = p + needle.length;
      else hi = mid;
    }
    const p = buf.indexOf(needle, lo);
    if (p === -1 || p >= this.to) return { found: false, start: this.to, end: this.to, append: true };
    sure(this.keyAt(p) > key);
    return { found: false, start: this.startOf(p), end: this.startOf(p), append: false };
  }

  private startOf(p: number): number {
    const at = this.buf.lastIndexOf(OPEN, p, "latin1");
    sure(at >= this.from - OPEN.length);
    return at + OPEN.length - 2;
  }

  private endOf(p: number): number {
    const at = this.buf.indexOf(CLOSE, p, "latin1");
    sure(at >= 0 && at < this.to);
    return at + CLOSE.length;
  }
}

/** The JSON string starting at `start` (after its opening quote), when it holds no escape. */
function quotedAt(buf: Buffer, start: number): string {
  const end = buf.indexOf(34, start);
  sure(end > start);
  const s = buf.toString("latin1", start, end);
  sure(!s.includes("\\"));
  return s;
}

export interface GraphText {
  buf: Buffer;
  /** Where the graph attributes end (the links' opening follows). */
  headEnd: number;
  /** The first link's `{`, and the end of the last one. */
  linksFrom: number;
  linksTo: number;
  /** The first node's `{`, and the end of the last one. */
  nodesFrom: number;
  nodesTo: number;
  nodes: SortedArray;
  links: SortedArray;
}

/** graph.json's bytes in the compiler's layout (anything else is not sure); its links may be none. */
export function graphText(buf: Buffer): GraphText {
  sure(isAscii(buf));
  const headEnd = buf.indexOf(LINKS_KEY, 0, "latin1");
  sure(headEnd > 0);
  let linksFrom: number;
  let middle: number;
  let nodesFrom: number;
  if (buf.toString("latin1", headEnd, headEnd + NO_LINKS.length) === NO_LINKS) {
    linksFrom = middle = headEnd + LINKS_KEY.length;
    nodesFrom = headEnd + NO_LINKS.length;
  } else {
    sure(buf.toString("latin1", headEnd, headEnd + LINKS_OPEN.length) === LINKS_OPEN);
    linksFrom = headEnd + LINKS_OPEN.length;
    middle = buf.indexOf(MIDDLE, linksFrom, "latin1");
    sure(middle > 0);
    nodesFrom = middle + MIDDLE.length;
  }
  const nodesTo = buf.length - TAIL.length;
  sure(nodesTo > nodesFrom && buf.toString("latin1", nodesTo) === TAIL);
  const nodes = new SortedArray(buf, nodesFrom, nodesTo, ID_KEY, (p) => quotedAt(buf, p + ID_KEY.length));
  const links = new SortedArray(buf, linksFrom, middle, SOURCE_KEY, (p) => {
    const source = quotedAt(buf, p + SOURCE_KEY.length);
    const t = p + SOURCE_KEY.length + source.length;
    sure(buf.toString("latin1", t, t + TARGET_KEY.length) === TARGET_KEY);
    return source + "\0" + quotedAt(buf, t + TARGET_KEY.length);
  });
  return { buf, headEnd, linksFrom, linksTo: middle, nodesFrom, nodesTo, nodes, links };
}

/**
 * graph.json's text from its parts, generated_at blank: the graph-level attributes, and the bodies
 * of its links and nodes lists (each element's text at depth 2, joined by SEP; no element, no
 * body). Null for a graph without nodes (its text is the compile's to write).
 */
export function graphTextFrom(attrs: GraphDoc["graph"], links: readonly (string | Buffer)[], nodes: readonly (string | Buffer)[]): (string | Buffer)[] | null {
  if (!nodes.length) return null;
  const head = HEAD + pyJsonText({ ...attrs, generated_at: "" }, 1);
  return links.length ? [head + LINKS_OPEN, ...links, MIDDLE, ...nodes, TAIL] : [head + NO_LINKS, ...nodes, TAIL];
}

/** The graph-level attributes a head of graph.json's text holds; null when it is not in this layout. */
export function attrsOfHead(text: string): GraphDoc["graph"] | null {
  if (!text.startsWith(HEAD)) return null;
  // The head alone (headerText), or the head and more of the document.
  const at = text.indexOf(LINKS_KEY, HEAD.length);
  const end = at < 0 ? text.length : at;
  try {
    return JSON.parse(text.slice(HEAD.length, end)) as GraphDoc["graph"];
  } catch {
    return null;
  }
}
export interface HeaderFields {
  nodeCount: number;
  edgeCount: number;
  globalVault: string;
  repoId: string;
  warnings: readonly BuildWarning[];
}

/** The document's head up to the links, generated_at blank (stampGeneratedAt fills it in). */
export function headerText(h: HeaderFields): string {
  return (
    HEAD +
    pyJsonText(
      { akms_schema: "v2", generated_at: "", node_count: h.nodeCount, edge_count: h.edgeCount, global_vault: h.globalVault, repo_id: h.repoId, warnings: h.warnings },
      1,
    )
  );
}

/** Whether graph.json's head is, generated_at aside, the one these fields make. */
export function sameHeader(g: GraphText, h: HeaderFields): boolean {
  return blankGeneratedAt(g.buf.toString("latin1", 0, g.headEnd)) === headerText(h);
}
