// graph.json's new text from the text before and what changed: the one place where a patch's change
// becomes bytes. The update's, the edit rebuild's and the review actions' patches each decide what
// changed (and whether they can be sure of it: patch.ts); each hands the change here as nodes
// replaced, inserted or removed and links inserted, every one as the compiler writes it (pyJsonText
// at depth 2), with the new head. The arrays stay sorted as the compiler sorts them (nodes by id,
// links by source then target: layout.ts), and the unchanged bytes are not copied: the result is
// the head, then slices of the old buffer and the new texts between them.
import { SEP, sure, type GraphText, type SortedArray } from "./layout.js";

export interface TextChange {
  /** Nodes by id: the new text of a node replaced or inserted; null: the node removed. */
  nodes: ReadonlyMap<string, string | null>;
  /** Links inserted, by `source\0target`: their text. */
  links?: ReadonlyMap<string, string>;
}

type Edit = { at: number; end: number; text: string };

/**
 * The new graph.json (generated_at as `head` has it): `head` (the document up to the links), then
 * `g`'s bytes with `change` applied. Not sure (NotSure) of a node replaced or removed that `g` does
 * not hold, one inserted that it holds, a link inserted into no links at all, or a removal together
 * with any other change (no patch makes one: the separators of neighbours would interleave).
 */
export function spliceGraph(g: GraphText, head: string, change: TextChange): [string, ...(string | Buffer)[]] {
  const links = change.links ?? new Map<string, string>();
  const edits: Edit[] = [];
  const inserted: [string, string][] = [];
  for (const [id, text] of change.nodes) {
    const at = g.nodes.find(id);
    if (text === null) {
      sure(at.found && change.nodes.size === 1 && links.size === 0);
      edits.push(removal(g, at));
    } else if (at.found) {
      if (g.buf.toString("latin1", at.start, at.end) !== text) edits.push({ at: at.start, end: at.end, text });
    } else inserted.push([id, text]);
  }
  insertions(g.nodes, inserted, edits);
  sure(links.size === 0 || g.linksTo > g.linksFrom);
  insertions(g.links, [...links], edits);
  // In order; insertions (at === end) before a replacement at the same place, each group as pushed.
  edits.sort((a, b) => a.at - b.at || (a.at === a.end ? 0 : 1) - (b.at === b.end ? 0 : 1));
  const out: [string, ...(string | Buffer)[]] = [head];
  let copied = g.headEnd;
  for (const e of edits) {
    sure(e.at >= copied);
    if (e.at > copied) out.push(g.buf.subarray(copied, e.at));
    if (e.text) out.push(e.text);
    copied = e.end;
  }
  out.push(g.buf.subarray(copied));
  return out;
}

/** New elements of a sorted array, in key order, each with the separator on its side. */
function insertions(array: SortedArray, entries: [string, string][], edits: Edit[]): void {
  entries.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  for (const [key, text] of entries) {
    const at = array.find(key);
    sure(!at.found);
    edits.push(at.append ? { at: at.start, end: at.start, text: SEP + text } : { at: at.start, end: at.start, text: text + SEP });
  }
}

/** An element removed with one separator: the one before it, or (the first element) the one after; never the only one. */
function removal(g: GraphText, at: { start: number; end: number }): Edit {
  if (g.buf.toString("latin1", at.start - SEP.length, at.start) === SEP) return { at: at.start - SEP.length, end: at.end, text: "" };
  sure(g.buf.toString("latin1", at.end, at.end + SEP.length) === SEP);
  return { at: at.start, end: at.end + SEP.length, text: "" };
}
