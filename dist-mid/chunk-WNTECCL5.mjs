import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  findLocalNodeFiles
} from "./chunk-2BK6NNZL.mjs";
import {
  resolveInside
} from "./chunk-Q4IS5S6U.mjs";

// core/review/locate.ts
import { readFileSync } from "node:fs";
function locateNodeFile(ctx, globals, n, id) {
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
  const ref = typeof n.content_ref === "string" ? n.content_ref : null;
  if (ref) {
    for (const base of [ctx.paths.knowledge, ctx.repo]) {
      const p = resolveInside(base, ref);
      if (p) {
        try {
          readFileSync(p);
          return { file: p, shown: ref };
        } catch {
        }
      }
    }
  }
  if (n.node_origin === "code-mirror" && typeof n.source_file === "string") {
    return { note: `generated mirror of ${n.source_file}` };
  }
  return { note: ref ? `${ref} is not readable` : `${id} has no file of its own` };
}

export {
  locateNodeFile
};
