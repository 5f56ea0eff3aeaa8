// graph.json as the compiler lays it out (pyjson's sorted keys, 2-space indent): the layout's
// constants and the document made of its parts — its head from the graph-level attributes, then the
// bodies of its links and nodes lists, each element's text at depth 2 (NODE_DEPTH) joined by SEP.
// Every writer's text is put together here (the compile's and every change's, from the store's
// index: store/graph-index.ts), so that each writes the bytes the others would.
import { pyJsonText } from "../pyjson.js";
import type { BuildWarning, GraphDoc } from "./doc.js";

export const HEAD = '{\n  "directed": true,\n  "graph": ';
const LINKS_OPEN = ',\n  "links": [\n    ';
const MIDDLE = '\n  ],\n  "multigraph": false,\n  "nodes": [\n    ';
const TAIL = "\n  ]\n}\n";
/** Where the head (the graph-level attributes) ends, whether or not there are links. */
const LINKS_KEY = ',\n  "links": [';
/** The head's end to the first node's `{` when there are no links. */
const NO_LINKS = ',\n  "links": [],\n  "multigraph": false,\n  "nodes": [\n    ';
/** The head's end to the document's end when there are no nodes (and so no links). */
const NO_NODES = ',\n  "links": [],\n  "multigraph": false,\n  "nodes": []\n}\n';
/** Between two elements of a top-level array. */
export const SEP = ",\n    ";

/** graph.json's head (up to the links) written from its graph-level attributes, generated_at blank. */
export function headOf(attrs: GraphDoc["graph"]): string {
  return HEAD + pyJsonText({ ...attrs, generated_at: "" }, 1);
}

/**
 * graph.json's text from its parts, generated_at blank: its head (headOf, headerText), and the
 * bodies of its links and nodes lists (each element's text at depth 2, joined by SEP; no element,
 * no body).
 */
export function graphTextFrom(head: string, links: readonly (string | Buffer)[], nodes: readonly (string | Buffer)[]): [string, ...(string | Buffer)[]] {
  if (!nodes.length) return [head + NO_NODES];
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
  return headOf({ akms_schema: "v2", generated_at: "", node_count: h.nodeCount, edge_count: h.edgeCount, global_vault: h.globalVault, repo_id: h.repoId, warnings: h.warnings } as GraphDoc["graph"]);
}
