// Suggested reading order (spec §4.6): prerequisites first, from the `requires` edges among the
// loadout's nodes (A requires B → read B before A); otherwise rank order, each node as early as
// its prerequisites allow. A requires cycle is read as one block in rank order and reported.
import type { GraphLink } from "../graph.js";

export interface ReadingOrder {
  /** Node ids, prerequisites first. */
  order: string[];
  /** For each id, the loadout nodes it requires (in the order above). */
  requires: Map<string, string[]>;
  /** Each requires cycle among the nodes, in rank order. */
  cycles: string[][];
}

/** `ids` in rank order; `out` gives each node's out-links. */
export function readingOrder(ids: readonly string[], out: (id: string) => readonly GraphLink[]): ReadingOrder {
  const pos = new Map(ids.map((id, i) => [id, i]));
  const req = new Map<string, string[]>();
  for (const id of ids) {
    const targets = out(id)
      .filter((l) => l.type === "requires" && pos.has(l.target))
      .map((l) => l.target);
    req.set(id, [...new Set(targets)].sort((a, b) => pos.get(a)! - pos.get(b)!));
  }

  // Tarjan's strongly connected components over "requires" edges.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const comps: string[][] = [];
  let counter = 0;
  const strong = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of req.get(v)!) {
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      comps.push(comp.sort((a, b) => pos.get(a)! - pos.get(b)!));
    }
  };
  for (const id of ids) if (!index.has(id)) strong(id);

  const compOf = new Map<string, number>();
  comps.forEach((c, i) => c.forEach((id) => compOf.set(id, i)));
  const cycles = comps.filter((c) => c.length > 1 || req.get(c[0]!)!.includes(c[0]!)).sort((a, b) => pos.get(a[0]!)! - pos.get(b[0]!)!);

  // Depth first over the components in rank order: before a component, the components it
  // requires (best-ranked first), so the most important node comes as early as its prerequisites allow.
  const head = (i: number) => pos.get(comps[i]![0]!)!;
  const needs = comps.map((c, i) => [...new Set(c.flatMap((id) => req.get(id)!.map((t) => compOf.get(t)!)))].filter((k) => k !== i).sort((a, b) => head(a) - head(b)));
  const done = new Set<number>();
  const order: string[] = [];
  const visit = (i: number) => {
    if (done.has(i)) return;
    done.add(i);
    for (const k of needs[i]!) visit(k);
    order.push(...comps[i]!);
  };
  for (const i of comps.map((_, i) => i).sort((a, b) => head(a) - head(b))) visit(i);
  const requires = new Map<string, string[]>();
  const orderPos = new Map(order.map((id, i) => [id, i]));
  for (const id of order) requires.set(id, [...req.get(id)!].sort((a, b) => orderPos.get(a)! - orderPos.get(b)!));
  return { order, requires, cycles };
}
