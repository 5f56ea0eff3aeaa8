// `akms show ID` / the MCP tool show_node: one node whole — its frontmatter and body as written,
// its compiled attributes, its overlay state in this repository, its edges both ways, and where
// it came from.
import { readFileSync } from "node:fs";
import type { Context } from "../context.js";
import { NotFoundError } from "../errors.js";
import { splitFrontmatter } from "../frontmatter.js";
import type { GraphLink, GraphIndex } from "../graph.js";
import { NodeFiles } from "../node-files.js";
import { readOverlayState } from "../overlay-file.js";
import { didYouMean } from "../suggest.js";

export interface ShownEdge {
  from: string;
  to: string;
  type: string;
  weight: number;
  edge_origin: string | null;
  note: string | null;
}

export interface ShowResult {
  ok: true;
  id: string;
  graph_version: string;
  node: Record<string, unknown>;
  file: string | null;
  /** Why there is no file text (a generated mirror, a missing file). */
  file_note: string | null;
  frontmatter: string | null;
  body: string | null;
  overlay: {
    node: Record<string, unknown> | null;
    session: Record<string, unknown> | null;
    local_edges: Record<string, unknown>[];
  };
  edges: { out: ShownEdge[]; in: ShownEdge[] };
  provenance: {
    node_origin: string;
    source: string;
    status: string;
    origin_session: string | null;
    origin_phase: number | null;
    confidence_default: number;
    confidence: number;
  };
}

function edge(l: GraphLink): ShownEdge {
  const x = l as GraphLink & { edge_origin?: string; note?: string | null };
  return { from: l.source, to: l.target, type: l.type, weight: l.weight, edge_origin: x.edge_origin ?? null, note: x.note ?? null };
}

export function showNode(ctx: Context, graph: GraphIndex, id: string): ShowResult {
  const n = graph.nodes.get(id);
  if (!n) {
    throw new NotFoundError(`no node "${id}" in the compiled graph`, { field: "id", hint: didYouMean(id, graph.nodes.keys()) ?? "`akms search WORDS` finds nodes by their text; ids are lower-case" });
  }
  const where = new NodeFiles(ctx).locate(n, id);
  let frontmatter: string | null = null;
  let body: string | null = null;
  let fileNote: string | null = "note" in where ? where.note : null;
  if ("file" in where) {
    try {
      const text = readFileSync(where.file, "utf8");
      const split = splitFrontmatter(text);
      frontmatter = split ? split.yaml.replace(/\r?\n$/, "") : null;
      body = (split ? split.body : text).replace(/^\r?\n/, "").trimEnd();
    } catch (e) {
      fileNote = `cannot read ${where.shown}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`;
    }
  }
  const ov = readOverlayState(ctx)?.overlay;
  const localEdges = (ov?.local_edges ?? []).filter((e) => e.from === id || e.to === id) as Record<string, unknown>[];
  const x = n as typeof n & { origin_session?: string; origin_phase?: number };
  return {
    ok: true,
    id,
    graph_version: graph.version,
    node: { ...n },
    file: "file" in where ? where.shown : null,
    file_note: fileNote,
    frontmatter,
    body,
    overlay: {
      node: (ov?.nodes?.[id] as Record<string, unknown> | undefined) ?? null,
      session: (ov?.session_nodes?.[id] as Record<string, unknown> | undefined) ?? null,
      local_edges: localEdges,
    },
    edges: { out: (graph.out.get(id) ?? []).map(edge), in: (graph.in.get(id) ?? []).map(edge) },
    provenance: {
      node_origin: n.node_origin,
      source: n.source,
      status: n.status,
      origin_session: x.origin_session ?? null,
      origin_phase: x.origin_phase ?? null,
      confidence_default: n.confidence_default,
      confidence: n.confidence,
    },
  };
}
