// Where a graph node's text lives: a local or global node file found by id, or (session and
// code-mirror nodes) the file its content_ref names inside knowledge/. Shared by the console's
// detail pane and `akms show`.
import { readFileSync } from "node:fs";
import type { Context } from "../context.js";
import type { GNode } from "../graph.js";
import { resolveInside } from "../paths.js";
import { findLocalNodeFiles, type GlobalFiles } from "./node-files.js";

export type Located = { file: string; shown: string } | { note: string };

export function locateNodeFile(ctx: Context, globals: GlobalFiles, n: GNode | undefined, id: string): Located {
  if (!n) return { note: `${id} is not in the compiled graph` };
  if (n.node_origin === "local" && n.domain !== "session") {
    const hits = findLocalNodeFiles(ctx, id);
    if (hits[0]) return { file: hits[0].file, shown: hits[0].shown };
    return { note: `no file in knowledge/local-nodes/ declares id ${id}` };
  }
  if (n.node_origin === "global") {
    const f = globals.find(id);
    return f ? { file: f.file, shown: f.shown } : { note: `no file in the global vault declares id ${id}` };
  }
  // Session and code-mirror nodes: their content_ref points at the file (inside knowledge/).
  const ref = typeof n.content_ref === "string" ? n.content_ref : null;
  if (ref) {
    for (const base of [ctx.paths.knowledge, ctx.repo]) {
      const p = resolveInside(base, ref);
      if (p) {
        try {
          readFileSync(p);
          return { file: p, shown: ref };
        } catch {
          /* try the next base */
        }
      }
    }
  }
  if (n.node_origin === "code-mirror" && typeof n.source_file === "string") {
    return { note: `generated mirror of ${n.source_file}` };
  }
  return { note: ref ? `${ref} is not readable` : `${id} has no file of its own` };
}
