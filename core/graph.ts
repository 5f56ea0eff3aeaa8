// The compiled graph in memory: graph.json parsed once, with id → node and adjacency maps.
// Readers (query, loadout, update, health, console) share this; they never need the lock.
import { readFileSync, statSync, type Stats } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { NotFoundError, ValidationError } from "./errors.js";
import type { RepoPaths } from "./paths.js";
import { warm } from "./warm.js";
import type { BuildWarning, GraphDoc, GraphLink, GraphNode } from "./graph-file/doc.js";
import { blankedBytes, graphVersionOf } from "./graph-file/version.js";
import { vectorOf } from "./store/freshness.js";

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

/** `version`: graph_version of `text` when it is known already (readGraphAhead hashed the bytes). */
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

export function loadGraph(paths: RepoPaths): LoadedGraph {
  return warm(`graph:${paths.graphJson}`, [paths.graphJson], () => readGraph(paths));
}

function readGraph(paths: RepoPaths): LoadedGraph {
  const ahead = takeGraphAhead(paths.graphJson);
  if (ahead) return graphFromText(ahead.bytes.toString("utf8"), paths.graphJson, ahead.version ?? undefined);
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

// ── Reading ahead ─────────────────────────────────────────────────────────────────────────────
// The console starts reading graph.json (and hashing it for its graph_version) on the thread
// pool before it loads its code, so that both are done by the time the model is loaded. The
// bytes are used only for the file as it is then: same inode, size, mtime and ctime as before
// and after they were read; otherwise loadGraph reads the file as always.

export interface Ahead {
  file: string;
  key: string;
  bytes: Buffer;
  /** null: the head did not allow hashing the bytes as they are (graphFromText hashes the text). */
  version: string | null;
}

let ahead: { file: string; result: Ahead | null } | null = null;

const statKey = (st: Stats) => vectorOf(st).join(":"); // the one stat vector (core/store/freshness.ts)

/** Starts reading `file` ahead for the next loadGraph; the promise settles when it is read (never rejects). */
export function readGraphAhead(file: string): Promise<void> {
  const slot: { file: string; result: Ahead | null } = { file, result: null };
  ahead = slot;
  return (async () => {
    try {
      const before = statKey(await stat(file));
      const bytes = await readFile(file);
      const blanked = blankedBytes(bytes);
      // Hashed on the thread pool too; null (graphFromText hashes the text) when it cannot be.
      const version = blanked
        ? crypto.subtle.digest("SHA-256", blanked as Uint8Array<ArrayBuffer>).then(
            (d) => Buffer.from(d).toString("hex").slice(0, 12),
            () => null,
          )
        : null;
      const after = statKey(await stat(file));
      if (before === after) slot.result = { file, key: after, bytes, version: await version };
    } catch {
      /* loadGraph reads the file itself (and reports what is wrong with it) */
    }
  })();
}

/** The bytes read ahead for `file` when it is still as it was read (used once). */
export function takeGraphAhead(file: string): Ahead | null {
  if (ahead === null || ahead.file !== file) return null;
  const r = ahead.result;
  ahead = null;
  if (r === null) return null;
  try {
    return statKey(statSync(file)) === r.key ? r : null;
  } catch {
    return null;
  }
}

/** Nodes that may ever appear in a loadout table: not sessions, not code-mirror. */
export function isDomainNode(n: GNode): boolean {
  return n.domain !== "session" && n.domain !== "code-mirror" && n.node_origin !== "code-mirror";
}

export const LOADABLE = new Set(["tentative", "established"]);
