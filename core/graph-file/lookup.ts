// What a one-shot review action needs of graph.json — one node, a few id look-ups and the build
// warnings — read from its text without parsing the whole file (a 5,000-node graph takes
// ≈ 100 ms to parse, and more to hash for its version, in a CLI run that looks at one node).
// The compiler writes graph.json in one layout (sorted keys, 2-space indent: "graph" before
// "links" before "nodes", each node an object at 4 spaces with its attributes at 6), so a node's
// object is found by its `"id"` line and parsed alone. Anything else — a layout not found, an id
// the layout search cannot be sure of, the same id twice — is answered from the full parse
// (graphFromText), which the text view makes on first need: the answers are the same either way.
import { graphFromText, type BuildWarning, type GNode, type LoadedGraph } from "../graph.js";
import { CLOSE, GRAPH_KEY as GRAPH, NODES_OPEN as NODES, OPEN, idLine } from "./layout.js";
import { ID_PATTERN } from "../schemas/vocabulary.js";

/** The part of a loaded graph the review actions read. */
export interface GraphLookup {
  nodes: Pick<Map<string, GNode>, "get" | "has">;
  warnings: BuildWarning[];
  /** Every node id (an error's did-you-mean; the text view parses the whole graph for it). */
  ids(): Iterable<string>;
}

/** A parsed graph as a look-up. */
export function graphLookup(g: LoadedGraph): GraphLookup {
  return { nodes: g.nodes, warnings: g.warnings, ids: () => g.nodes.keys() };
}


/** A look-up over graph.json's text (`file` names it in errors of the full parse). */
export function graphLookupFromText(text: string, file: string): GraphLookup {
  let full: LoadedGraph | null = null;
  const parsed = (): LoadedGraph => (full ??= graphFromText(text, file));
  const nodesAt = text.indexOf(NODES);
  const layoutOk = text.startsWith('{\n  "directed": ') && nodesAt > 0 && /\n {2}\]\n\}\n?$/.test(text.slice(-8)) && text.indexOf(NODES, nodesAt + 1) < 0;
  if (!layoutOk) return graphLookup(parsed());
  const graphAt = text.indexOf(GRAPH);
  const graphEnd = graphAt < 0 ? -1 : text.indexOf("\n  },\n", graphAt);
  let warnings: BuildWarning[] | null = null;
  if (graphAt > 0 && graphEnd > graphAt && graphEnd < nodesAt) {
    try {
      const g = JSON.parse(text.slice(graphAt + GRAPH.length, graphEnd + 4)) as { warnings?: BuildWarning[] } | null;
      warnings = g && typeof g === "object" && !Array.isArray(g) ? (g.warnings ?? []) : null;
    } catch {
      warnings = null;
    }
  }
  const found = new Map<string, GNode | undefined>();
  const get = (id: string): GNode | undefined => {
    if (full) return full.nodes.get(id);
    if (found.has(id)) return found.get(id);
    if (!ID_PATTERN.test(id)) return parsed().nodes.get(id);
    const line = idLine(id);
    const at = text.indexOf(line, nodesAt);
    let node: GNode | undefined;
    if (at >= 0) {
      if (text.indexOf(line, at + line.length) >= 0) return parsed().nodes.get(id);
      const open = text.lastIndexOf(OPEN, at);
      const close = text.indexOf(CLOSE, at);
      if (open < nodesAt || close < 0) return parsed().nodes.get(id);
      try {
        node = JSON.parse(text.slice(open + 1, close + CLOSE.length)) as GNode;
      } catch {
        return parsed().nodes.get(id);
      }
      if (!node || typeof node !== "object" || node.id !== id) return parsed().nodes.get(id);
    } else if (text.indexOf(`"id": ${JSON.stringify(id)}`, nodesAt) >= 0) {
      // Written some other way than the layout expects: let the parse tell.
      return parsed().nodes.get(id);
    }
    found.set(id, node);
    return node;
  };
  return {
    nodes: { get, has: (id: string) => get(id) !== undefined },
    ids: () => parsed().nodes.keys(),
    get warnings() {
      return full ? full.warnings : (warnings ?? parsed().warnings);
    },
  };
}
