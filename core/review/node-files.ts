// Which file holds a node: graph.json keeps no paths, so local and global node files are found by
// id — `<id>.md` first (the common layout), else a scan of the layer's *.md frontmatter.
import { readdirSync, readFileSync, type Dirent } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Context } from "../context.js";
import { splitFrontmatter } from "../frontmatter.js";
import type { Listed } from "../compiler/sources.js";
import { readTextIfExists } from "../fsx.js";
import { NodeFiles } from "../update/node-files.js";

const ID_LINE = /^id[ \t]*:[ \t]*(["']?)([^"'\s#]+)\1[ \t]*(?:#.*)?$/m;

/** The frontmatter `id:` of a node file, read without a full YAML parse (null when none). */
export function idOfText(text: string): string | null {
  const split = splitFrontmatter(text);
  if (!split) return null;
  const m = ID_LINE.exec(split.yaml);
  return m ? m[2]! : null;
}

function idOfFile(file: string): string | null {
  try {
    return idOfText(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

export function vaultShownPrefix(ctx: Context): string {
  return ctx.vault.display.replace(/\/+$/, "") + "/";
}

/** listMarkdown(localNodes, "knowledge/local-nodes/") for this flat directory: names, no path arithmetic. */
export function listLocalNodeFiles(ctx: Context): Listed[] {
  const dir = ctx.paths.localNodes;
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return [];
    throw e;
  }
  const out: Listed[] = [];
  for (const ent of entries) {
    const name = ent.name;
    if (name.endsWith(".md") && !name.startsWith(".") && (ent.isFile() || ent.isSymbolicLink())) out.push({ file: join(dir, name), shown: "knowledge/local-nodes/" + name });
  }
  out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return out;
}

/**
 * Every local node file declaring `id` (usually one; two is a DUPLICATE_ID the caller reports).
 * "direct": only `<id>.md`; "auto": `<id>.md` when it declares the id, else a scan of every file;
 * "all": always the scan (the graph reported a duplicate).
 */
export function findLocalNodeFiles(ctx: Context, id: string, mode: "direct" | "auto" | "all" = "auto"): Listed[] {
  const direct = join(ctx.paths.localNodes, `${id}.md`);
  if (mode !== "all" && idOfFile(direct) === id) return [{ file: direct, shown: `knowledge/local-nodes/${id}.md` }];
  if (mode === "direct") return [];
  const hits: Listed[] = [];
  for (const f of listLocalNodeFiles(ctx)) {
    const text = readTextIfExists(f.file);
    if (text !== null && text.includes(id) && idOfText(text) === id) hits.push(f);
  }
  return hits;
}

/** Ids of every local node file (for did-you-mean and id allocation). */
export function localNodeIds(ctx: Context): Map<string, Listed> {
  const out = new Map<string, Listed>();
  for (const f of listLocalNodeFiles(ctx)) {
    const id = idOfFile(f.file);
    if (id && !out.has(id)) out.set(id, f);
  }
  return out;
}

/** Finds global node files by id (the update's NodeFiles: `<id>.md` first, else one scan of the vault). */
export class GlobalFiles {
  private readonly files: NodeFiles;
  constructor(private readonly ctx: Context) {
    this.files = new NodeFiles(ctx.vault.path);
  }

  find(id: string): Listed | null {
    const hit = this.files.find(id);
    if (!hit) return null;
    return { file: hit.file, shown: vaultShownPrefix(this.ctx) + relative(this.ctx.vault.path, hit.file).split(sep).join("/") };
  }
}
