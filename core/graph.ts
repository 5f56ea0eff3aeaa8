// The compiled graph in memory. Every reader (query, loadout, show, export, record, report, the
// review, the update, the orchestrator) opens the store's index of graph.json (openGraph), without
// the lock: the index a full compile wrote with it, or that index and the delta a patch left.
// graph.json itself is never parsed: it is read only to be hashed, when its stat is not the one its
// index was keyed to (a copied repository). A build does not count as current until the store holds
// the index of graph.json as it is (core/compiler/build.ts), so a reader after prepareRead finds it;
// one that still finds none waits for a writer that may be between its graph.json and its index.
import { existsSync } from "node:fs";
import { isNotWritable, isStoreDamaged, LockHeldError, NotFoundError } from "./errors.js";
import type { RepoPaths } from "./paths.js";
import { warm } from "./store/memo.js";
import type { BuildWarning, GNode, GraphDoc, GraphLink, GraphNode } from "./graph-file/doc.js";
import { writtenKey } from "./store/freshness.js";
import { domainKeys, listTextOf, openFullIndex, outLinksText, textsOf, planGraphCachePath, tagKeys, type GraphIndex, type NodeTable } from "./store/graph-index.js";
import { indexHeld, indexOfText, openPlanDelta, planDeltaPath, rekeyIndex } from "./store/graph-delta.js";
import { agentLockWaitMs, withLock, withLockWait } from "./lock.js";
import { readBytesIfExists } from "./fsx.js";
import { blankedSha, generatedAtOf } from "./graph-file/version.js";

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
 * The compiled graph as every reader gets it: the store's index of graph.json as it is now, opened
 * lazily. Throws NotFoundError when there is no graph.json, or when the store holds no index of it
 * (the cache folder deleted, graph.json written by another program): `akms build` rebuilds it.
 */
export function openGraph(paths: RepoPaths): GraphIndex {
  // Keyed by the index's files too: one found damaged is removed, and made anew by the next build.
  return warm(`graph-index:${paths.graphJson}`, [paths.graphJson, planGraphCachePath(paths), planDeltaPath(paths)], () => readIndexed(paths));
}

/** openGraph, or null when there is no graph.json or no index of it (any other problem is thrown). */
export function openGraphOrNull(paths: RepoPaths): GraphIndex | null {
  try {
    return openGraph(paths);
  } catch (e) {
    if (e instanceof NotFoundError) return null;
    throw e;
  }
}

/**
 * openGraph for a writer, or null: none, or found damaged on opening — it is removed then. A patch
 * (after an update, an edit, a review action) then compiles in full, which makes it anew; `akms
 * record` says no pitfall was known. (A reader's damage is thrown instead: it runs once more, core/settle.ts.)
 */
export function indexOrNone(paths: RepoPaths): GraphIndex | null {
  try {
    return openGraphOrNull(paths);
  } catch (e) {
    if (isStoreDamaged(e)) return null;
    throw e;
  }
}

/**
 * Whether the store holds the index of graph.json as it is now (what a build needs to count as
 * current): by the stat it was keyed to, else by graph.json's content (see rekeyed); `rekey` false
 * (a probe that writes nothing): by the stat alone.
 */
export function graphIndexed(paths: RepoPaths, rekey = true): boolean {
  const key = writtenKey(paths.graphJson);
  if (key === null || indexHeld(paths, key)) return key !== null;
  if (!rekey) return false;
  const r = rekeyed(paths, key);
  return r === "rekeyed" || (r !== "no" && indexOfText(paths, r.readOnly) !== null);
}

function indexNow(paths: RepoPaths): GraphIndex | null {
  const key = writtenKey(paths.graphJson);
  if (key === null) return null;
  const open = () => openFullIndex(paths, key) ?? openPlanDelta(paths, key);
  const now = open();
  if (now !== null) return now;
  const r = rekeyed(paths, key);
  return r === "rekeyed" ? open() : r === "no" ? null : indexOfText(paths, r.readOnly);
}

/**
 * "sha256 when unsure": graph.json's stat is not the one its index was keyed to (a copied
 * repository, a restored cache, a touched file), so its text is hashed; when it is the text the
 * index was made for (the same version and generated_at), the index is re-keyed to this stat under
 * the lock, for this reader and the next. "no" when it is not, or a writer holds the lock; in a
 * folder this user cannot write (a read-only checkout, where a chmod changed every stat) nothing is
 * re-keyed: the text's identity, for its index to be opened as it is.
 */
function rekeyed(paths: RepoPaths, key: string): "rekeyed" | "no" | { readOnly: { version: string; generatedAt: string } } {
  const bytes = readBytesIfExists(paths.graphJson);
  if (bytes === null) return "no";
  const content = { version: blankedSha(bytes).slice(0, 12), generatedAt: generatedAtOf(bytes.subarray(0, 4096).toString("utf8")) ?? "" };
  try {
    return withLock(paths.lock, () => writtenKey(paths.graphJson) === key && rekeyIndex(paths, key, content)) ? "rekeyed" : "no";
  } catch (e) {
    if (e instanceof LockHeldError) return "no";
    if (isNotWritable(e)) return { readOnly: content };
    throw e;
  }
}

function readIndexed(paths: RepoPaths): GraphIndex {
  const now = indexNow(paths);
  if (now !== null) return now;
  if (!existsSync(paths.graphJson)) throw new NotFoundError("there is no compiled graph yet", { file: paths.graphJson, hint: "run `akms build` first" });
  // A writer between its graph.json and the index (or still within a coarse timestamp's second):
  // the index is there once it lets the lock go. Re-entrant: a writer asking here is answered at once.
  let after: GraphIndex | null = null;
  try {
    after = withLockWait(paths.lock, agentLockWaitMs(), () => indexNow(paths));
  } catch (e) {
    if (!(e instanceof LockHeldError)) throw e;
  }
  if (after !== null) return after;
  throw new NotFoundError("the store holds no index of graph.json (knowledge/graph/.cache/ was deleted, or another program wrote graph.json)", {
    file: paths.graphJson,
    hint: "run `akms build`: it rebuilds the store from the sources",
  });
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
    nodesText: (changes) => textsOf(g.nodes, changes),
    linksText: (changes) => listTextOf(g.nodes.keys(), (id) => g.nodes.has(id), (id) => outLinksText(g.out.get(id)), changes),
  };
}

export const LOADABLE = new Set(["tentative", "established"]);
