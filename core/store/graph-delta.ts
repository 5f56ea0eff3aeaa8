// The graph index kept fresh by the writers. A write that patches graph.json (an update, a few
// edited nodes, a review action) knows exactly which nodes and links it changed; it records them
// as a delta over the graph index of the graph.json before it (knowledge/graph/.cache/
// plan-graph.delta.json), keyed by the new graph.json's identity, in the same locked step. The
// next reader opens the index and the delta and reads what the full index would give — so the
// first reader after a write costs what a warm one does. Deltas chain (each carries the ones before
// it) until they grow past MAX_DELTA_NODES; then nothing is written, and the writer's build
// compiles the index anew (a build leaves graph.json indexed, core/compiler/build.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { NODE_DEPTH, type GNode, type GraphLink } from "../graph-file/doc.js";
import { removeFile, writeFileAtomic } from "../fsx.js";
import type { RepoPaths } from "../paths.js";
import { domainKeys, hasIndexFor, indexHead, openFullIndex, openPlanGraph, outLinksText, planGraphCachePath, tagKeys, type GraphAttrs, type GraphIndex, type Postings } from "./graph-index.js";
import { asReadBack, pyJsonText } from "../pyjson.js";
import { sealedJson, unsealedJson } from "./records.js";

const FORMAT = "akms-plan-delta-3";
/** Past this many changed nodes a delta costs more to read than the index costs to rebuild once. */
const MAX_DELTA_NODES = 20_000;

/**
 * What a write changed in the graph: nodes changed or added (their whole new node; null: removed),
 * nodes whose status alone changed (a review action), and links added.
 */
export interface PlanChange {
  nodes: Map<string, Record<string, unknown> | null>;
  status?: Map<string, string>;
  links: GraphLink[];
}

interface DeltaFile {
  format: string;
  /** The identity of the graph.json the full index (plan-graph.bin) was made for. */
  base: string;
  /** The identity of the graph.json this delta brings the index up to. */
  key: string;
  version: string;
  /** The new graph.json's graph-level attributes. */
  attrs: GraphAttrs;
  nodes: Record<string, GNode | null>;
  out: Record<string, GraphLink[]>;
  in: Record<string, GraphLink[]>;
}

export function planDeltaPath(paths: RepoPaths): string {
  return join(paths.cacheDir, "plan-graph.delta.json");
}

function readDelta(paths: RepoPaths): DeltaFile | null {
  try {
    const json = unsealedJson(readFileSync(planDeltaPath(paths), "utf8"));
    if (json === null) return null; // damaged: not used (its base then holds no index of graph.json, and the next build makes one)
    const d = JSON.parse(json) as DeltaFile;
    return d.format === FORMAT && typeof d.base === "string" && typeof d.key === "string" && d.attrs && d.nodes && d.out && d.in ? d : null;
  } catch {
    return null;
  }
}

/** A node's out-links in graph.json's order: by target (links are sorted by source, then target). */
export const byTarget = (a: GraphLink, b: GraphLink) => (a.target < b.target ? -1 : a.target > b.target ? 1 : 0);
const bySource = (a: GraphLink, b: GraphLink) => (a.source < b.source ? -1 : a.source > b.source ? 1 : 0);

/**
 * Records `change` as the delta that makes the index of graph.json `prevKey` (plan-graph.bin, or it
 * and the delta before) the index of graph.json `newKey`. False (and no delta) when there is no such
 * index to build on, or the delta would be too large. The caller holds the repository lock.
 */
export function writePlanDelta(paths: RepoPaths, prevKey: string | null, newKey: string | null, version: string, attrs: GraphAttrs | null, change: PlanChange): boolean {
  const file = planDeltaPath(paths);
  const drop = () => {
    removeFile(file);
    return false;
  };
  if (prevKey === null || newKey === null || attrs === null) return drop();
  // The full index made for the graph.json just replaced; else the delta before, when it is the one
  // that brought the index it names up to that graph.json.
  const direct = openPlanGraph(planGraphCachePath(paths), prevKey);
  const read = direct === null ? readDelta(paths) : null;
  const prior = read !== null && read.key === prevKey ? read : null;
  const base = direct ?? (prior !== null ? openPlanGraph(planGraphCachePath(paths), prior.base) : null);
  if (base === null) return drop();
  const view = prior ? withDelta(base, prior) : base;
  const d: DeltaFile = { format: FORMAT, base: prior?.base ?? prevKey, key: newKey, version, attrs, nodes: { ...prior?.nodes }, out: { ...prior?.out }, in: { ...prior?.in } };
  for (const [id, node] of change.nodes) d.nodes[id] = node === null ? null : asReadBack({ ...node, id } as GNode);
  for (const [id, status] of change.status ?? []) {
    const n = Object.hasOwn(d.nodes, id) ? d.nodes[id] : view.nodes.get(id);
    if (!n) return drop(); // not in the index it builds on: only a rebuild can be sure
    d.nodes[id] = { ...n, status };
  }
  for (const added of change.links) {
    const l = asReadBack(added);
    const out = [...(d.out[l.source] ?? view.out.get(l.source) ?? []), l].sort(byTarget);
    const inn = [...(d.in[l.target] ?? view.in.get(l.target) ?? []), l].sort(bySource);
    d.out[l.source] = out;
    d.in[l.target] = inn;
  }
  if (Object.keys(d.nodes).length > MAX_DELTA_NODES) return drop();
  return writeFileAtomic(file, sealedJson(JSON.stringify(d)));
}

/** The index of graph.json `key` from plan-graph.bin and the delta over it; null when they do not make it. */
export function openPlanDelta(paths: RepoPaths, key: string): GraphIndex | null {
  const d = readDelta(paths);
  if (d === null || d.key !== key) return null;
  const base = openFullIndex(paths, d.base);
  return base === null ? null : withDelta(base, d);
}

/**
 * Whether the store holds the index of the graph.json whose identity is `key`: the full index made
 * for it, or the full index and the delta that brings it up to it (the index's header is read, and the delta when the header is not for `key`).
 */
export function indexHeld(paths: RepoPaths, key: string): boolean {
  const full = planGraphCachePath(paths);
  if (hasIndexFor(full, key)) return true;
  const d = readDelta(paths);
  return d !== null && d.key === key && hasIndexFor(full, d.base);
}

/** A graph.json text's identity: its version (the hash's first 12 hex) and its generated_at. */
interface TextIdentity {
  version: string;
  generatedAt: string;
}

/**
 * Which of the store's index files were made for the graph.json text `content`, whatever
 * graph.json's stat is: the delta, when it was (over the full index it names); else the full index
 * (its header's key), when it was; null when neither.
 */
function madeFor(paths: RepoPaths, content: TextIdentity): { delta: DeltaFile } | { key: string; version: string; attrs: GraphAttrs } | null {
  const full = planGraphCachePath(paths);
  const d = readDelta(paths);
  if (d !== null && d.version === content.version && d.attrs.generated_at === content.generatedAt && hasIndexFor(full, d.base)) return { delta: d };
  const head = indexHead(full);
  return head !== null && head.version === content.version && head.generatedAt === content.generatedAt ? head : null;
}

/** The store's index of the graph.json text `content` (see madeFor), opened; null when it holds none. */
export function indexOfText(paths: RepoPaths, content: TextIdentity): GraphIndex | null {
  const m = madeFor(paths, content);
  if (m === null) return null;
  if ("key" in m) return openFullIndex(paths, m.key);
  const base = openFullIndex(paths, m.delta.base);
  return base === null ? null : withDelta(base, m.delta);
}

/** The store's index dropped, full and delta: it is not what its header says (the next build makes it anew). The caller holds the lock. */
export function dropIndex(paths: RepoPaths): void {
  removeFile(planDeltaPath(paths));
  removeFile(planGraphCachePath(paths));
}

/**
 * The store's index re-keyed to graph.json `key` when that graph.json is the text it was made for
 * (`version` and `generatedAt`: its content's identity) but its stat is not the one recorded — a
 * copied repository, a restored cache, a file touched, copied over itself or written back. The
 * delta, when it is the one for that text (over the full index it names), names the new key; else
 * the full index, when it is, gets an empty delta that names it (the index file, tens of
 * megabytes at 50,000 nodes, is not written again for a key). False when neither was made for
 * that text. The caller holds the lock.
 */
export function rekeyIndex(paths: RepoPaths, key: string, content: TextIdentity): boolean {
  const m = madeFor(paths, content);
  if (m === null) return false;
  const d: DeltaFile = "delta" in m ? { ...m.delta, key } : { format: FORMAT, base: m.key, key, version: m.version, attrs: m.attrs, nodes: {}, out: {}, in: {} };
  writeFileAtomic(planDeltaPath(paths), sealedJson(JSON.stringify(d)), { knownDifferent: true });
  return true;
}

/** `base` with the delta's nodes and edge lists in place of its own. */
function withDelta(base: GraphIndex, d: DeltaFile): GraphIndex {
  const changed = d.nodes;
  const added = Object.keys(changed).filter((id) => changed[id] !== null && !base.nodes.has(id));
  const removed = Object.keys(changed).filter((id) => changed[id] === null && base.nodes.has(id)).length;
  const get = (id: string): GNode | undefined => (Object.hasOwn(changed, id) ? (changed[id] ?? undefined) : base.nodes.get(id));
  // A postings table of the index with the delta's nodes' keys in place of theirs.
  const merged = (from: Postings | undefined, keysOf: (n: GNode) => string[]): Postings => {
    const more = new Map<string, string[]>();
    for (const [id, n] of Object.entries(changed)) {
      if (!n) continue;
      for (const k of keysOf(n)) {
        let a = more.get(k);
        if (!a) more.set(k, (a = []));
        a.push(id);
      }
    }
    return {
      get(key) {
        const was = from?.get(key);
        const kept = (was ?? []).filter((id) => !Object.hasOwn(changed, id));
        const added = more.get(key);
        if (!added && kept.length === (was?.length ?? 0)) return was;
        const ids = [...kept, ...(added ?? [])].sort();
        return ids.length ? ids : undefined;
      },
    };
  };
  // Every node in id order, made once: the review walks them several times.
  let every: GNode[] | null = null;
  const everyNode = (): GNode[] => {
    const all: GNode[] = [];
    for (const n of base.nodes.values()) {
      const now = get(n.id);
      if (now) all.push(now);
    }
    for (const id of added) all.push(changed[id]!);
    if (added.length) all.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return all;
  };
  const nodes: GraphIndex["nodes"] = {
      get,
      has: (id) => get(id) !== undefined,
      *keys() {
        const all = [...base.nodes.keys()].filter((id) => !Object.hasOwn(changed, id) || changed[id] !== null);
        all.push(...added);
        if (added.length) all.sort();
        yield* all;
      },
      size: base.nodes.size + added.length - removed,
      *values() {
        yield* (every ??= everyNode());
      },
  };
  const out: GraphIndex["out"] = { get: (id) => (Object.hasOwn(d.out, id) ? d.out[id] : base.out.get(id)) };
  return {
    file: base.file,
    version: d.version,
    attrs: d.attrs,
    nodes,
    out,
    in: { get: (id) => (Object.hasOwn(d.in, id) ? d.in[id] : base.in.get(id)) },
    // The index's links (grouped by source, in id order) with the delta's out-links in place of
    // theirs: no node is parsed, and the index's edges are read in one go.
    *links() {
      const it = base.links()[Symbol.iterator]();
      let next = it.next();
      for (const id of nodes.keys()) {
        while (!next.done && next.value.source < id) next = it.next(); // a node the delta removed
        const own = Object.hasOwn(d.out, id);
        if (own) yield* d.out[id]!;
        for (; !next.done && next.value.source === id; next = it.next()) if (!own) yield next.value;
      }
    },
    // The index's pitfalls of the nodes whose out-links the delta leaves alone, and the delta's own, in graph.json's order.
    pitfalls() {
      const kept = base.pitfalls().filter((l) => !Object.hasOwn(d.out, l.source) && get(l.source) !== undefined && get(l.target) !== undefined);
      const more = Object.values(d.out).flatMap((ls) => ls.filter((l) => l.type === "pitfall"));
      return [...kept, ...more].sort(bySource);
    },
    // The index's own text for every node the delta leaves alone.
    nodesText: (more) => {
      const texts = new Map<string, string | null>();
      for (const [id, n] of Object.entries(changed)) texts.set(id, n ? pyJsonText(n, NODE_DEPTH) : null);
      for (const [id, text] of more ?? []) texts.set(id, text);
      return base.nodesText(texts);
    },
    // The index's own text for every node's out-links the delta leaves alone.
    linksText: (more) => {
      const texts = new Map<string, string | null>();
      for (const [id, links] of Object.entries(d.out)) texts.set(id, outLinksText(links));
      for (const [id, n] of Object.entries(changed)) if (n === null) texts.set(id, null);
      for (const [id, text] of more ?? []) texts.set(id, text);
      return base.linksText(texts);
    },
    linked(id) {
      if (get(id) === undefined) return false;
      if (!Object.hasOwn(d.out, id) && !Object.hasOwn(d.in, id) && !Object.hasOwn(changed, id)) return base.linked(id);
      return (out.get(id)?.length ?? 0) > 0 || ((Object.hasOwn(d.in, id) ? d.in[id] : base.in.get(id))?.length ?? 0) > 0;
    },
    tagIndex: merged(base.tagIndex, tagKeys),
    domainIndex: merged(base.domainIndex, domainKeys),
  };
}
