// Finding a node's file by id (graph.json keeps no paths): `<dir>/<id>.md` when its frontmatter
// says so (the usual layout), else one scan of the layer's *.md files, built only when needed.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { splitFrontmatter } from "../frontmatter.js";
import { listMarkdown } from "../compiler/sources.js";

const ID_LINE = /^id[ \t]*:[ \t]*(["']?)([^"'\s#]+)\1[ \t]*(?:#.*)?$/m;

function idOf(text: string): string | null {
  const split = splitFrontmatter(text);
  const m = split ? ID_LINE.exec(split.yaml) : null;
  return m ? m[2]! : null;
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

export class NodeFiles {
  private index: Map<string, string> | null = null;

  constructor(private readonly dir: string) {}

  /** The file declaring `id` and its text, or null. */
  find(id: string): { file: string; text: string } | null {
    const direct = join(this.dir, `${id}.md`);
    const text = readText(direct);
    if (text !== null && idOf(text) === id) return { file: direct, text };
    if (!this.index) {
      this.index = new Map();
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
}
