// A node's parse-cache value: its body flag, what the merge reads of it, as JSON, a tab, then the
// node's finished text in graph.json (ASCII, no tab: pyString escapes them). The reader of a node
// file renders it, so an unchanged node is serialised once. A stub is the node as the merge sees it
// before it must change: those fields plus the text (see mergeGraph's editable).
import { RAW_TEXT, pyJsonText, type RawText } from "../pyjson.js";
import { toGraphNode } from "./merge.js";
import { NODE_DEPTH, type GraphNode } from "../graph-file/doc.js";
import type { Origin, SourceNode } from "./sources.js";
import { jsonAscii } from "../store/records.js";

/**
 * What the merge reads of a node before step 4 (see mergeGraph), and the graph index's postings
 * (tags, domain: store/graph-index.ts); the rest is in its text.
 */
export const MERGE_READS = ["id", "edges", "content_ref", "domain", "tags", "auto_update", "context_size"] as const;

/**
 * The first character of a node's value: what its body lacks, as the reader of the file found it —
 * "0" nothing, plus 1 no `## content_draft` (UR-05), plus 2 no `## Summary` of a large node (FR-L11).
 */
export function bodyFlag(node: Pick<SourceNode, "missingDraft" | "missingSummary">): string {
  return String.fromCharCode(0x30 + (node.missingDraft ? 1 : 0) + (node.missingSummary ? 2 : 0));
}

/** The body facts a value's flag character (its code) says. */
export function bodyFacts(flag: number): Pick<SourceNode, "missingDraft" | "missingSummary"> {
  const bits = flag - 0x30;
  return { missingDraft: (bits & 1) !== 0, missingSummary: (bits & 2) !== 0 };
}

/**
 * The value of a node file's data (see the file comment). With `consume` the data object is turned
 * into the graph node in place (the caller drops it); otherwise it is left as it was.
 */
export function renderNodeValue(data: Record<string, unknown>, origin: Origin, consume: boolean): { meta: Record<string, unknown>; value: string } {
  const meta: Record<string, unknown> = {};
  for (const k of MERGE_READS) if (data[k] !== undefined) meta[k] = data[k];
  const graphNode = consume ? data : { ...data };
  toGraphNode(graphNode, origin);
  const text = pyJsonText(graphNode, NODE_DEPTH);
  return { meta, value: jsonAscii(JSON.stringify(meta)) + "\t" + text };
}

/**
 * A graph node of the compile's document exactly as graph.json's text reads it back — the same
 * values, keys in the written (sorted) order: a stub parsed from its text (see stubOf), any other
 * through the text the writer makes of it. The indexes a compile writes beside graph.json are made
 * of these, so that they equal what a reader of graph.json would make.
 */
export function nodeAsWritten<T extends GraphNode>(node: T): T {
  const raw = (node as { [RAW_TEXT]?: RawText & { stub?: boolean } })[RAW_TEXT];
  return JSON.parse(raw?.stub ? raw.text : pyJsonText(node, NODE_DEPTH)) as T;
}

/** A node file's data rendered: its value, and its stub (the data object is consumed). */
export function renderStub(data: Record<string, unknown>, origin: Origin): { stub: Record<string, unknown>; value: string } {
  const { meta, value } = renderNodeValue(data, origin, true);
  return { stub: stubOf(meta, value.slice(value.indexOf("\t") + 1))!, value };
}

/** The stub of a value's parsed meta and its text; undefined when the meta is not a node's. */
export function stubOf(meta: unknown, text: string): Record<string, unknown> | undefined {
  if (meta === null || typeof meta !== "object" || Array.isArray(meta) || typeof (meta as { id?: unknown }).id !== "string") return undefined;
  const raw: RawText & { stub: boolean } = { depth: NODE_DEPTH, text, stub: true };
  (meta as { [RAW_TEXT]?: RawText })[RAW_TEXT] = raw;
  return meta as Record<string, unknown>;
}

/**
 * The stubs of many values (each from `skip` characters on: what precedes the meta) with a single
 * JSON.parse of their metas, far cheaper than one parse per node. A damaged value has no stub.
 */
export function stubsOf(values: readonly (string | undefined)[], skip: (value: string) => number): (Record<string, unknown> | undefined)[] {
  const out: (Record<string, unknown> | undefined)[] = new Array(values.length);
  const metas: string[] = [];
  const texts: string[] = [];
  const at: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === undefined) continue;
    const start = skip(value);
    const tab = value.indexOf("\t", start);
    if (tab < 0) continue;
    metas.push(value.slice(start, tab));
    texts.push(value.slice(tab + 1));
    at.push(i);
  }
  let parsed: unknown[] | null = null;
  try {
    const all = JSON.parse("[" + metas.join(",") + "]") as unknown;
    if (Array.isArray(all) && all.length === metas.length) parsed = all;
  } catch {
    /* some value is damaged: parse them one by one below */
  }
  for (let k = 0; k < at.length; k++) {
    let meta: unknown;
    if (parsed !== null) meta = parsed[k];
    else {
      try {
        meta = JSON.parse(metas[k]!);
      } catch {
        continue;
      }
    }
    out[at[k]!] = stubOf(meta, texts[k]!);
  }
  return out;
}
