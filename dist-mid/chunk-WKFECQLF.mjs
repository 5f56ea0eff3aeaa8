import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  blankedBytes,
  graphVersionOf
} from "./chunk-SIN2K5UU.mjs";
import {
  warm
} from "./chunk-PEBIPHYY.mjs";
import {
  NotFoundError,
  ValidationError
} from "./chunk-C3ZMY3KT.mjs";

// core/graph.ts
import { readFileSync, statSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
function graphFromText(text, file, version) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new ValidationError(`graph.json is not valid JSON: ${e.message}`, { file, hint: "run `akms build` to recompile it" });
  }
  if (!doc || !Array.isArray(doc.nodes) || !Array.isArray(doc.links)) {
    throw new ValidationError("graph.json is not a node-link graph", { file, hint: "run `akms build` to recompile it" });
  }
  const nodes = /* @__PURE__ */ new Map();
  const out = /* @__PURE__ */ new Map();
  const inn = /* @__PURE__ */ new Map();
  for (const n of doc.nodes) nodes.set(n.id, n);
  for (const l of doc.links) {
    let o = out.get(l.source);
    if (!o) out.set(l.source, o = []);
    o.push(l);
    let i = inn.get(l.target);
    if (!i) inn.set(l.target, i = []);
    i.push(l);
  }
  return {
    file,
    version: version ?? graphVersionOf(text),
    generatedAt: doc.graph?.generated_at ?? "",
    doc,
    nodes,
    out,
    in: inn,
    warnings: doc.graph?.warnings ?? []
  };
}
function loadGraph(paths) {
  return warm(`graph:${paths.graphJson}`, [paths.graphJson], () => readGraph(paths));
}
function readGraph(paths) {
  const ahead2 = takeGraphAhead(paths.graphJson);
  if (ahead2) return graphFromText(ahead2.bytes.toString("utf8"), paths.graphJson, ahead2.version ?? void 0);
  let text;
  try {
    text = readFileSync(paths.graphJson, "utf8");
  } catch (e) {
    if (e.code === "ENOENT") {
      throw new NotFoundError("there is no compiled graph yet", { file: paths.graphJson, hint: "run `akms build` first" });
    }
    throw e;
  }
  return graphFromText(text, paths.graphJson);
}
var ahead = null;
var statKey = (st) => `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
function readGraphAhead(file) {
  const slot = { file, result: null };
  ahead = slot;
  return (async () => {
    try {
      const before = statKey(await stat(file));
      const bytes = await readFile(file);
      const blanked = blankedBytes(bytes);
      const version = blanked ? crypto.subtle.digest("SHA-256", blanked).then(
        (d) => Buffer.from(d).toString("hex").slice(0, 12),
        () => null
      ) : null;
      const after = statKey(await stat(file));
      if (before === after) slot.result = { file, key: after, bytes, version: await version };
    } catch {
    }
  })();
}
function takeGraphAhead(file) {
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
var LOADABLE = /* @__PURE__ */ new Set(["tentative", "established"]);

export {
  graphFromText,
  loadGraph,
  readGraphAhead,
  LOADABLE
};
