// The patches of graph.json's text after a review action (core/review/recompile.ts runs them
// under the patch contract): promote / draft / undraft change one node's status value; dedup
// reject inserts one local node (and its undo removes it). Each gives the exact text the full
// compile writes, or null (NotSure) when it cannot be sure (the layout is the compiler's: layout.ts).
import { CLOSE, NODES_OPEN, NODE_COUNT, OPEN, TAIL, idLine, nodesOf, sure } from "./layout.js";
import { ID_PATTERN } from "../schemas/vocabulary.js";

const jsonStr = (s: string) => JSON.stringify(s);

const STATUS_KEY = '\n      "status": "';

/**
 * graph.json's bytes with node `id`'s status value replaced, in parts: the head up to the links as
 * text (generated_at is blanked and stamped in it), then the bytes before and after the new value
 * (no copy of the file is made); "same" when the node has that status already. Not sure (NotSure)
 * when the node or its status line cannot be found in the layout the compiler writes (layout.ts:
 * 2-space indent, one attribute per line).
 */
export function patchNodeStatus(buf: Buffer, id: string, status: string): [head: string, ...rest: (string | Buffer)[]] | "same" {
  sure(ID_PATTERN.test(id) && /^[a-z]+$/.test(status));
  const g = nodesOf(buf);
  const node = g.nodes.find(id);
  sure(node.found);
  const key = buf.indexOf(STATUS_KEY, node.start, "latin1");
  sure(key > node.start && key < node.end);
  const from = key + STATUS_KEY.length;
  const to = buf.indexOf(34, from);
  const was = buf.toString("latin1", from, to);
  sure(to > from && to < node.end && /^[a-z]+$/.test(was) && /^",?\n/.test(buf.toString("latin1", to, to + 3)));
  if (was === status) return "same";
  return [buf.toString("latin1", 0, g.headEnd), buf.subarray(g.headEnd, from), status, buf.subarray(to)];
}

/** node_count (the graph-level one, 4-space indent, before the links) moved by `delta`; null when not found. */
function withNodeCount(text: string, delta: number): string | null {
  const m = NODE_COUNT.exec(text);
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
  if (!ID_PATTERN.test(id) || text.includes(jsonStr(id))) return null;
  const nodesAt = text.indexOf(NODES_OPEN);
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
    const open = text.lastIndexOf(OPEN, next);
    if (open < nodesAt) return null;
    out = text.slice(0, open + 1) + "    " + nodeText + ",\n" + text.slice(open + 1);
  } else {
    const end = text.lastIndexOf(CLOSE + TAIL.slice(0, -1));
    if (end < nodesAt) return null;
    const at = end + CLOSE.length;
    out = text.slice(0, at) + ",\n    " + nodeText + text.slice(at);
  }
  return withNodeCount(out, 1);
}

/**
 * graph.json's text without local node `id`, node_count one down; null unless nothing outside the
 * node's own object mentions the id (no edge, no warning names it) and it is not the only node.
 */
export function removeNode(text: string, id: string): string | null {
  if (!ID_PATTERN.test(id)) return null;
  const nodesAt = text.indexOf(NODES_OPEN);
  const at = text.indexOf(idLine(id), nodesAt);
  if (nodesAt < 0 || at < 0) return null;
  const open = text.lastIndexOf(OPEN, at);
  const close = text.indexOf(CLOSE, at);
  if (open < nodesAt || close < 0) return null;
  const block = text.slice(open, close);
  if (!block.includes('\n      "node_origin": "local",\n')) return null;
  const after = close + CLOSE.length;
  const quoted = jsonStr(id);
  // Searched forwards (V8's lastIndexOf over tens of megabytes is several times slower).
  const first = text.indexOf(quoted);
  if ((first >= 0 && first < open) || text.indexOf(quoted, after) >= 0) return null;
  let out: string;
  if (text.startsWith(",\n", after)) out = text.slice(0, open + 1) + text.slice(after + 2);
  else if (text[open - 1] === ",") out = text.slice(0, open - 1) + text.slice(after);
  else return null;
  return withNodeCount(out, -1);
}
