// What a review action changes in graph.json's text (core/review/recompile.ts runs it under the
// patch contract): promote / draft / undraft give one node a new status value; dedup reject inserts
// one local node (and its undo removes it), with node_count. The bytes are spliceGraph's
// (splice.ts); here is which node changes, and the checks that nothing else would: an id the graph
// names elsewhere, a node not where the layout puts it (layout.ts), is not sure (NotSure).
import { NODE_COUNT, graphText, sure } from "./layout.js";
import { spliceGraph } from "./splice.js";
import { pyJsonText } from "../pyjson.js";
import { ID_PATTERN } from "../schemas/vocabulary.js";

export type ReviewEdit =
  /** The node's status value is now `status`. */
  | { kind: "status"; id: string; status: string }
  /** A new node, `text` as the compile writes it (pyJsonText at depth 2). */
  | { kind: "add"; id: string; text: string }
  /** A local node removed. */
  | { kind: "remove"; id: string };

/** The node's own text at depth 2: graph.json's layout. */
const DEPTH = 2;

/**
 * graph.json's bytes after `edit`, in parts: the head up to the links as text (generated_at as the
 * file has it), then slices of `buf` and the new text between them (no copy of the file is made);
 * "same" when the node has that status already.
 */
export function reviewSplice(buf: Buffer, edit: ReviewEdit): [string, ...(string | Buffer)[]] | "same" {
  sure(ID_PATTERN.test(edit.id));
  const g = graphText(buf);
  const head = buf.toString("latin1", 0, g.headEnd);
  const quoted = Buffer.from(JSON.stringify(edit.id), "latin1");
  if (edit.kind === "add") {
    // An id the graph names anywhere (a node, an edge, a warning) would change more than one node.
    sure(buf.indexOf(quoted) < 0);
    return spliceGraph(g, withNodeCount(head, 1), { nodes: new Map([[edit.id, edit.text]]) });
  }
  const at = g.nodes.find(edit.id);
  sure(at.found);
  const text = buf.toString("latin1", at.start, at.end);
  if (edit.kind === "remove") {
    // A local node that nothing outside its own object names (no edge, no warning).
    sure(text.includes('\n      "node_origin": "local",\n') && buf.indexOf(quoted) >= at.start && buf.indexOf(quoted, at.end) < 0);
    return spliceGraph(g, withNodeCount(head, -1), { nodes: new Map([[edit.id, null]]) });
  }
  sure(/^[a-z]+$/.test(edit.status));
  const node = JSON.parse(text) as Record<string, unknown>;
  sure(typeof node.status === "string" && pyJsonText(node, DEPTH) === text); // written back, it reads as it did
  if (node.status === edit.status) return "same";
  node.status = edit.status;
  return spliceGraph(g, head, { nodes: new Map([[edit.id, pyJsonText(node, DEPTH)]]) });
}

/** The head with its node_count (the graph-level one, 4-space indent) moved by `delta`. */
function withNodeCount(head: string, delta: number): string {
  const m = NODE_COUNT.exec(head);
  sure(m !== null);
  const start = m.index + '\n    "node_count": '.length;
  return head.slice(0, start) + String(Number(m[1]) + delta) + head.slice(start + m[1]!.length);
}
