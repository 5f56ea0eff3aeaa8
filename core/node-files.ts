// Which file holds a node — the one locator. graph.json keeps no paths, so a node's file is found
// by id: `<layer>/<id>.md` when it declares that id (the usual layout), else the first file of the
// layer's listing (listMarkdown's order, the compiler's) that does. "Declares" is the compiler's
// own reading — the frontmatter parsed as YAML, its `id` field — so `id : x`, quoted ids and a
// frontmatter of any length find the file `akms show` and the compile find.
//
// A caller that locates many files without their text (a report listing thousands of nodes) has
// `<id>.md` confirmed by the store's record of the file as it is now (path() — the compile's
// reading of the same bytes, keyed by the freshness rule's stat) instead of a YAML parse of each.
//
// A NodeFiles object lives for one operation or one console generation (it is made again when the
// graph changes): its scan of a layer is made on the first id not at `<id>.md`, a hit from the scan
// is read again (a file that no longer declares the id is not returned), and a miss re-scans once
// the layer's listing has changed. No state outlives its owner.
import { existsSync, readdirSync, readFileSync, type Dirent } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Context } from "./context.js";
import type { GNode } from "./graph.js";
import { parseFrontmatter } from "./frontmatter.js";
import { listMarkdown, type Listed, type Origin } from "./compiler/sources.js";
import { declaredIdAt, loadParseCache, type ParseCache } from "./compiler/parse-cache.js";
import { buildIdentity } from "./store/freshness.js";
import { resolveInside } from "./paths.js";

/** The id a node file's text declares, read as the compiler reads it; null when it declares none (or is not a node file). */
export function declaredId(text: string): string | null {
  try {
    const id = parseFrontmatter(text, "").data.id;
    return typeof id === "string" && id !== "" ? id : null;
  } catch {
    return null;
  }
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

export interface Found extends Listed {
  text: string;
}

/** One layer's node files (the vault, knowledge/local-nodes/, knowledge/code-mirror/). */
export class LayerFiles {
  private scan: { names: string; byId: Map<string, Listed[]> } | null = null;
  private lookups = 0;

  constructor(
    readonly dir: string,
    /** What paths under `dir` are shown as (`knowledge/local-nodes/`, the vault's display path + `/`). */
    readonly shownPrefix: string,
    private readonly recursive = false,
    /** The layer's origin and the store's node records (the parse cache), for a caller that locates many files. */
    private readonly records: { origin: Origin; cache: () => ParseCache } | null = null,
  ) {}

  listing(): Listed[] {
    return this.recursive ? listMarkdown(this.dir, this.shownPrefix, true) : listFlat(this.dir, this.shownPrefix);
  }

  private index(): Map<string, Listed[]> {
    const listing = this.listing();
    const names = listing.map((f) => f.file).join("\n");
    if (this.scan?.names === names) return this.scan.byId;
    const byId = new Map<string, Listed[]>();
    for (const f of listing) {
      const text = readText(f.file);
      const id = text === null ? null : declaredId(text);
      if (id !== null) byId.set(id, [...(byId.get(id) ?? []), f]);
    }
    this.scan = { names, byId };
    return byId;
  }

  private shownOf(file: string): string {
    return this.shownPrefix + relative(this.dir, file).split(sep).join("/");
  }

  /** `<id>.md` when it declares `id` (no scan). */
  named(id: string): Found | null {
    const direct = join(this.dir, `${id}.md`);
    const text = readText(direct);
    return text !== null && declaredId(text) === id ? { file: direct, shown: this.shownOf(direct), text } : null;
  }

  /**
   * The file declaring `id`, without its text. `<id>.md` is confirmed by the store's record of it as
   * it is now (the compile's reading of those bytes) once a caller has asked for many files — a
   * report listing thousands of nodes; else, or when the store cannot say, as find does.
   */
  path(id: string): Listed | null {
    if (this.records !== null && ++this.lookups > 32) {
      const file = join(this.dir, `${id}.md`);
      const shown = this.shownOf(file);
      const declared = declaredIdAt(this.records.cache(), file, this.records.origin, shown);
      if (declared === id) return { file, shown };
    }
    const f = this.find(id);
    return f && { file: f.file, shown: f.shown };
  }

  /** The file declaring `id`, with its text; null when no file of the layer does. */
  find(id: string): Found | null {
    const named = this.named(id);
    if (named) return named;
    const fromScan = (byId: Map<string, Listed[]>): Found | null => {
      for (const f of byId.get(id) ?? []) {
        const t = readText(f.file);
        if (t !== null && declaredId(t) === id) return { ...f, text: t };
      }
      return null;
    };
    const cached = this.scan ? fromScan(this.scan.byId) : null;
    return cached ?? fromScan(this.index());
  }

  /** Every file declaring `id` (two or more: a DUPLICATE_ID the compile reports). */
  findAll(id: string): Listed[] {
    return (this.index().get(id) ?? []).filter((f) => {
      const t = readText(f.file);
      return t !== null && declaredId(t) === id;
    });
  }

  /** Every id the layer's files declare, with the first file declaring it. */
  ids(): Map<string, Listed> {
    return new Map([...this.index()].map(([id, files]) => [id, files[0]!]));
  }
}

/** The *.md files directly in `dir` (listMarkdown's result for a flat layer, without path arithmetic per entry). */
function listFlat(dir: string, shownPrefix: string): Listed[] {
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
    if (name.endsWith(".md") && !name.startsWith(".") && (ent.isFile() || ent.isSymbolicLink())) out.push({ file: join(dir, name), shown: shownPrefix + name, ...(ent.isSymbolicLink() ? { link: true } : {}) });
  }
  out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return out;
}

export type Located = { file: string; shown: string } | { note: string };

/** The repository's node layers: where a graph node's text lives. */
export class NodeFiles {
  readonly global: LayerFiles;
  readonly local: LayerFiles;
  private readonly knowledge: string;
  private readonly repo: string;

  constructor(ctx: Pick<Context, "repo" | "paths" | "vault">) {
    // The store's node records, loaded once for this object and only when a layer is asked for many files.
    let records: ParseCache | null = null;
    const cache = () => (records ??= loadParseCache(ctx.paths.cacheDir, buildIdentity()));
    this.global = new LayerFiles(ctx.vault.path, ctx.vault.display.replace(/\/+$/, "") + "/", false, { origin: "global", cache });
    this.local = new LayerFiles(ctx.paths.localNodes, "knowledge/local-nodes/", false, { origin: "local", cache });
    this.knowledge = ctx.paths.knowledge;
    this.repo = ctx.repo;
  }

  /**
   * The file a local or global node would have by its name (`<id>.md` in its layer), whatever it
   * declares now: after an edit broke its frontmatter, locate finds no file for the id, and a
   * person still wants to see this one and open it again. Null when there is no such file.
   */
  fileNamed(n: GNode | undefined, id: string): Listed | null {
    const layer = this.layerOf(n);
    if (layer === null) return null;
    const file = join(layer.dir, `${id}.md`);
    return existsSync(file) ? { file, shown: `${layer.shownPrefix}${id}.md` } : null;
  }

  /** The layer whose files hold a local or global node (null for a session or code-mirror node). */
  private layerOf(n: GNode | undefined): LayerFiles | null {
    return n?.node_origin === "local" && n.domain !== "session" ? this.local : n?.node_origin === "global" ? this.global : null;
  }

  /**
   * A graph node's file: a local or global node file by id; a session or code-mirror node's
   * content_ref (inside knowledge/). A note says why there is none.
   */
  locate(n: GNode | undefined, id: string): Located {
    if (!n) return { note: `${id} is not in the compiled graph` };
    const layer = this.layerOf(n);
    if (layer !== null) {
      const f = layer.find(id);
      return f ? { file: f.file, shown: f.shown } : { note: `no file in ${layer === this.local ? "knowledge/local-nodes/" : "the global vault"} declares id ${id}` };
    }
    const ref = typeof n.content_ref === "string" ? n.content_ref : null;
    if (ref) {
      for (const base of [this.knowledge, this.repo]) {
        const p = resolveInside(base, ref);
        if (p !== null && readText(p) !== null) return { file: p, shown: base === this.knowledge ? `knowledge/${relative(base, p).split(sep).join("/")}` : ref };
      }
    }
    if (n.node_origin === "code-mirror" && typeof n.source_file === "string") return { note: `generated mirror of ${n.source_file}` };
    return { note: ref ? `${ref} is not readable` : `${id} has no file of its own` };
  }
}
