import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  readOverlayState
} from "./chunk-CN7HKROC.mjs";
import {
  locateNodeFile
} from "./chunk-WNTECCL5.mjs";
import {
  didYouMean
} from "./chunk-NBN2NJWP.mjs";
import {
  GlobalFiles
} from "./chunk-2BK6NNZL.mjs";
import {
  splitFrontmatter
} from "./chunk-OBKM57IJ.mjs";
import {
  NotFoundError
} from "./chunk-C3ZMY3KT.mjs";

// core/agent/show.ts
import { readFileSync } from "node:fs";
function edge(l) {
  const x = l;
  return { from: l.source, to: l.target, type: l.type, weight: l.weight, edge_origin: x.edge_origin ?? null, note: x.note ?? null };
}
function showNode(ctx, graph, id) {
  const n = graph.nodes.get(id);
  if (!n) {
    throw new NotFoundError(`no node "${id}" in the compiled graph`, { field: "id", hint: didYouMean(id, graph.nodes.keys()) ?? "`akms search WORDS` finds nodes by their text; ids are lower-case" });
  }
  const where = locateNodeFile(ctx, new GlobalFiles(ctx), n, id);
  let frontmatter = null;
  let body = null;
  let fileNote = "note" in where ? where.note : null;
  if ("file" in where) {
    try {
      const text = readFileSync(where.file, "utf8");
      const split = splitFrontmatter(text);
      frontmatter = split ? split.yaml.replace(/\r?\n$/, "") : null;
      body = (split ? split.body : text).replace(/^\r?\n/, "").trimEnd();
    } catch (e) {
      fileNote = `cannot read ${where.shown}: ${e.code ?? e.message}`;
    }
  }
  const ov = readOverlayState(ctx)?.overlay;
  const localEdges = (ov?.local_edges ?? []).filter((e) => e.from === id || e.to === id);
  const x = n;
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
      node: ov?.nodes?.[id] ?? null,
      session: ov?.session_nodes?.[id] ?? null,
      local_edges: localEdges
    },
    edges: { out: (graph.out.get(id) ?? []).map(edge), in: (graph.in.get(id) ?? []).map(edge) },
    provenance: {
      node_origin: n.node_origin,
      source: n.source,
      status: n.status,
      origin_session: x.origin_session ?? null,
      origin_phase: x.origin_phase ?? null,
      confidence_default: n.confidence_default,
      confidence: n.confidence
    }
  };
}

export {
  showNode
};
