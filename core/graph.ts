// The compiled graph in memory: graph.json parsed once, with id → node and adjacency maps.
// Readers (query, loadout, update, health, console) share this; they never need the lock.
import { readFileSync } from "node:fs";
import { NotFoundError, ValidationError } from "./errors.js";
import type { RepoPaths } from "./paths.js";
import type { BuildWarning, GraphDoc, GraphLink, GraphNode } from "./compiler/merge.js";
import { graphVersionOf } from "./compiler/graph-version.js";

export type { BuildWarning, GraphDoc, GraphLink, GraphNode };

export interface GNode extends GraphNode {
  title: string;
  domain: string;
  tags?: string[];
  status: string;
  confidence: number;
  confidence_default: number;
  source: string;
  node_origin: "global" | "local" | "code-mirror";
  activations?: number;
  last_activated?: string;
  confidence_floor?: number | null;
  auto_update?: boolean;
  content_ref?: string | null;
  context_size?: string | null;
  reading_priority?: string | null;
}

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

export function graphFromText(text: string, file: string): LoadedGraph {
  let doc: GraphDoc;
  try {
    doc = JSON.parse(text) as GraphDoc;
  } catch (e) {
    throw new ValidationError(`graph.json is not valid JSON: ${(e as Error).message}`, { file, hint: "run `akms build` to recompile it" });
  }
  if (!doc || !Array.isArray(doc.nodes) || !Array.isArray(doc.links)) {
    throw new ValidationError("graph.json is not a node-link graph", { file, hint: "run `akms build` to recompile it" });
  }
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
    version: graphVersionOf(text),
    generatedAt: doc.graph?.generated_at ?? "",
    doc,
    nodes,
    out,
    in: inn,
    warnings: doc.graph?.warnings ?? [],
  };
}

export function loadGraph(paths: RepoPaths): LoadedGraph {
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

/** Nodes that may ever appear in a loadout table: not sessions, not code-mirror. */
export function isDomainNode(n: GNode): boolean {
  return n.domain !== "session" && n.domain !== "code-mirror" && n.node_origin !== "code-mirror";
}

export const LOADABLE = new Set(["tentative", "established"]);
