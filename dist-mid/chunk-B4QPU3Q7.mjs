import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  listMarkdown
} from "./chunk-2N2TC7TM.mjs";
import {
  splitFrontmatter
} from "./chunk-OBKM57IJ.mjs";

// core/update/node-files.ts
import { readFileSync } from "node:fs";
import { join } from "node:path";
var ID_LINE = /^id[ \t]*:[ \t]*(["']?)([^"'\s#]+)\1[ \t]*(?:#.*)?$/m;
function idOf(text) {
  const split = splitFrontmatter(text);
  const m = split ? ID_LINE.exec(split.yaml) : null;
  return m ? m[2] : null;
}
function readText(file) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}
var NodeFiles = class {
  constructor(dir) {
    this.dir = dir;
  }
  dir;
  index = null;
  /** The file declaring `id` and its text, or null. */
  find(id) {
    const direct = join(this.dir, `${id}.md`);
    const text = readText(direct);
    if (text !== null && idOf(text) === id) return { file: direct, text };
    if (!this.index) {
      this.index = /* @__PURE__ */ new Map();
      for (const f of listMarkdown(this.dir, "")) {
        const t = readText(f.file);
        const fid = t === null ? null : idOf(t);
        if (fid && !this.index.has(fid)) this.index.set(fid, f.file);
      }
    }
    const file = this.index.get(id);
    const found = file ? readText(file) : null;
    return file && found !== null ? { file, text: found } : null;
  }
};

export {
  NodeFiles
};
