// The compiled graph in memory. Every reader (query, loadout, show, export, record, report, the
// review, the update, the orchestrator) opens the store's index of graph.json (openGraph), without
// the lock; graph.json is parsed whole (loadGraph, with id → node and adjacency maps) only when the
// store holds no index for it — the index is then written for the next reader, under the lock when
// it is free — and by the tests that hold the index to graph.json.
import { readFileSync } from "node:fs";
import { LockHeldError, NotFoundError, ValidationError } from "./errors.js";
import type { RepoPaths } from "./paths.js";
import { warm } from "./store/memo.js";
import type { BuildWarning, GNode, GraphDoc, GraphLink, GraphNode } from "./graph-file/doc.js";
import { graphVersionOf } from "./graph-file/version.js";
import { writtenKey } from "./store/freshness.js";
import { domainKeys, encodePlanGraph, openPlanGraph, planGraphCachePath, tagKeys, type GraphIndex, type NodeTable } from "./store/graph-index.js";
import { openPlanDelta } from "./store/graph-delta.js";
import { withLock } from "./lock.js";
import { writeFileAtomic } from "./fsx.js";

export type { BuildWarning, GNode, GraphDoc, GraphLink, GraphNode, GraphIndex, NodeTable };

export interface LoadedGraph {
  file: string;
  /** graph_version of the bytes read. */
  version: string;
  generatedAt: string;
  doc: GraphDoc;
  nodes: Map<string, GNode>;
  out: Map<string, GraphLink[]>;
  in: Map<string, GraphLink[]>;
  warnings: BuildWarning[];
}

/** `version`: graph_version of `text` when it is known already. */
export function graphFromText(text: string, file: string, version?: string): LoadedGraph {
  let doc: GraphDoc;
  try {
    doc = JSON.parse(text) as GraphDoc;
  } catch (e) {
    throw new ValidationError(`graph.json is not valid JSON: ${(e as Error).message}`, { file, hint: "run `akms build` to recompile it" });
  }
  if (!doc || !Array.isArray(doc.nodes) || !Array.isArray(doc.links)) {
    throw new ValidationError("graph.json is not a node-link graph", { file, hint: "run `akms build` to recompile it" });
  }
  return graphFromDoc(doc, file, version ?? graphVersionOf(text));
}

/** The id and adjacency maps of a node-link document (parsed from graph.json, or the compile's own). */
export function graphFromDoc(doc: GraphDoc, file: string, version: string): LoadedGraph {
  const nodes = new Map<string, GNode>();
  const out = new Map<string, GraphLink[]>();
  const inn = new Map<string, GraphLink[]>();
  for (const n of doc.nodes) nodes.set(n.id, n as GNode);
  for (const l of doc.links) {
    let o = out.get(l.source);
    if (!o) out.set(l.source, (o = []));
    o.push(l);
    let i = inn.get(l.target);
    if (!i) inn.set(l.target, (i = []));
    i.push(l);
  }
  return {
    file,
    version,
    generatedAt: doc.graph?.generated_at ?? "",
    doc,
    nodes,
    out,
    in: inn,
    warnings: doc.graph?.warnings ?? [],
  };
}

/**
 * The compiled graph as every reader gets it: the store's index of graph.json as it is now (the
 * index a full compile wrote with it, or that index and the delta a patch left), opened lazily.
 * Only when the store holds none for this graph.json (deleted, damaged, written by another build)
 * is graph.json parsed, and the index written for the next reader (not while a writer holds the lock).
 */
export function openGraph(paths: RepoPaths): GraphIndex {
  return openGraphFrom(paths).graph;
}

/** openGraph, or null when there is no graph.json yet (any other problem is thrown). */
export function openGraphOrNull(paths: RepoPaths): GraphIndex | null {
  try {
    return openGraph(paths);
  } catch (e) {
    if (e instanceof NotFoundError) return null;
    throw e;
  }
}

export interface GraphOpened {
  graph: GraphIndex;
  from: "graph.json" | "index";
  /** The index was (re)written by this call. */
  indexWritten: boolean;
}

/** openGraph, saying where the graph came from (for the tests and benches of the index). */
export function openGraphFrom(paths: RepoPaths): GraphOpened {
  return warm(`graph-index:${paths.graphJson}`, [paths.graphJson], () => readIndexed(paths));
}

function readIndexed(paths: RepoPaths): GraphOpened {
  const key = writtenKey(paths.graphJson);
  const file = planGraphCachePath(paths);
  if (key !== null) {
    const g = openPlanGraph(file, key, paths.graphJson) ?? openPlanDelta(paths, key);
    if (g) return { graph: g, from: "index", indexWritten: false };
  }
  const g = loadGraph(paths);
  let indexWritten = false;
  if (key !== null && writtenKey(paths.graphJson) === key) {
    try {
      indexWritten = withLock(paths.lock, () => writeFileAtomic(file, encodePlanGraph(indexOfLoaded(g), key)));
    } catch (e) {
      if (!(e instanceof LockHeldError)) throw e; // a writer is busy: read-only this time
    }
  }
  return { graph: indexOfLoaded(g), from: "graph.json", indexWritten };
}

/** A parsed graph.json seen as the index of it (its postings made when first asked for). */
export function indexOfLoaded(g: LoadedGraph): GraphIndex {
  const postings = (keysOf: (n: GNode) => string[]) => {
    let made: Map<string, string[]> | null = null;
    return {
      get(key: string): readonly string[] | undefined {
        if (made === null) {
          made = new Map();
          for (const id of [...g.nodes.keys()].sort()) {
            for (const k of keysOf(g.nodes.get(id)!)) {
              let a = made.get(k);
              if (!a) made.set(k, (a = []));
              a.push(id);
            }
          }
        }
        return made.get(key);
      },
    };
  };
  return {
    file: g.file,
    version: g.version,
    attrs: g.doc.graph,
    nodes: g.nodes,
    out: g.out,
    in: g.in,
    links: () => g.doc.links,
    tagIndex: postings(tagKeys),
    domainIndex: postings(domainKeys),
    pitfalls: () => g.doc.links.filter((l) => l.type === "pitfall"),
    linked: (id) => g.nodes.has(id) && ((g.out.get(id)?.length ?? 0) > 0 || (g.in.get(id)?.length ?? 0) > 0),
  };
}

/** graph.json parsed whole: openGraph's fallback when the store holds no index for it (readers use openGraph). */
export function loadGraph(paths: RepoPaths): LoadedGraph {
  return warm(`graph:${paths.graphJson}`, [paths.graphJson], () => readGraph(paths));
}

function readGraph(paths: RepoPaths): LoadedGraph {
  let text: string;
  try {
    text = readFileSync(paths.graphJson, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") {
      throw new NotFoundError("there is no compiled graph yet", { file: paths.graphJson, hint: "run `akms build` first" });
    }
    throw e;
  }
  return graphFromText(text, paths.graphJson);
}

export const LOADABLE = new Set(["tentative", "established"]);
