import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  NodeFiles
} from "./chunk-B4QPU3Q7.mjs";
import {
  splitFrontmatter
} from "./chunk-OBKM57IJ.mjs";
import {
  readTextIfExists
} from "./chunk-Q4IS5S6U.mjs";

// core/review/node-files.ts
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
var ID_LINE = /^id[ \t]*:[ \t]*(["']?)([^"'\s#]+)\1[ \t]*(?:#.*)?$/m;
function idOfText(text) {
  const split = splitFrontmatter(text);
  if (!split) return null;
  const m = ID_LINE.exec(split.yaml);
  return m ? m[2] : null;
}
function idOfFile(file) {
  try {
    return idOfText(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}
function vaultShownPrefix(ctx) {
  return ctx.vault.display.replace(/\/+$/, "") + "/";
}
function listLocalNodeFiles(ctx) {
  const dir = ctx.paths.localNodes;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    const code = e.code;
    if (code === "ENOENT" || code === "ENOTDIR") return [];
    throw e;
  }
  const out = [];
  for (const ent of entries) {
    const name = ent.name;
    if (name.endsWith(".md") && !name.startsWith(".") && (ent.isFile() || ent.isSymbolicLink())) out.push({ file: join(dir, name), shown: "knowledge/local-nodes/" + name });
  }
  out.sort((a, b) => a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
  return out;
}
function findLocalNodeFiles(ctx, id, mode = "auto") {
  const direct = join(ctx.paths.localNodes, `${id}.md`);
  if (mode !== "all" && idOfFile(direct) === id) return [{ file: direct, shown: `knowledge/local-nodes/${id}.md` }];
  if (mode === "direct") return [];
  const hits = [];
  for (const f of listLocalNodeFiles(ctx)) {
    const text = readTextIfExists(f.file);
    if (text !== null && text.includes(id) && idOfText(text) === id) hits.push(f);
  }
  return hits;
}
function localNodeIds(ctx) {
  const out = /* @__PURE__ */ new Map();
  for (const f of listLocalNodeFiles(ctx)) {
    const id = idOfFile(f.file);
    if (id && !out.has(id)) out.set(id, f);
  }
  return out;
}
var GlobalFiles = class {
  constructor(ctx) {
    this.ctx = ctx;
    this.files = new NodeFiles(ctx.vault.path);
  }
  ctx;
  files;
  find(id) {
    const hit = this.files.find(id);
    if (!hit) return null;
    return { file: hit.file, shown: vaultShownPrefix(this.ctx) + relative(this.ctx.vault.path, hit.file).split(sep).join("/") };
  }
};

export {
  idOfText,
  listLocalNodeFiles,
  findLocalNodeFiles,
  localNodeIds,
  GlobalFiles
};
