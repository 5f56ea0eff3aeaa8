// load_with (spec §4.1: "node ids almost always co-loaded … a loading hint, distinct from semantic
// edges"): the nodes a selected node names there are loaded with it when they are loadable for the
// role. They are not graph edges: nothing is traversed from them and no confidence propagates.
import type { GNode } from "../graph.js";

export interface CoLoad {
  node: GNode;
  /** The selected node whose load_with names it. */
  with: string;
}

/**
 * The nodes to co-load, in the order of the selection and of each node's load_with; none already
 * selected, none twice, at most `limit` (co-loads do not take ranked places: they come after them).
 */
export function coLoads(selected: readonly GNode[], lookup: (id: string) => GNode | undefined, loadable: (n: GNode) => boolean, limit: number): CoLoad[] {
  const taken = new Set(selected.map((n) => n.id));
  const out: CoLoad[] = [];
  for (const s of selected) {
    const ids = (s as GNode & { load_with?: unknown }).load_with;
    if (!Array.isArray(ids)) continue;
    for (const id of ids) {
      if (out.length >= limit) return out;
      if (typeof id !== "string" || taken.has(id)) continue;
      const n = lookup(id);
      if (!n || !loadable(n)) continue;
      taken.add(id);
      out.push({ node: n, with: s.id });
    }
  }
  return out;
}
