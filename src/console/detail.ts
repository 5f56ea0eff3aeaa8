// What the detail pane shows for a node: its file (frontmatter, body, content_draft section) and
// any dedup sections appended to it. Read once per model generation, so the bytes the user saw
// are the bytes an action is checked against.
import { readFileSync } from "node:fs";
import type { Context } from "../../core/context.js";
import type { GNode, NodeTable } from "../../core/graph.js";
import { parseFrontmatter, splitFrontmatter } from "../../core/frontmatter.js";
import { isAkmsError } from "../../core/errors.js";
import { sha256 } from "../../core/fsx.js";
import { NodeFiles } from "../../core/node-files.js";
import { parseDedupSections, withoutSections, type DedupSection } from "../../core/review/dedup-sections.js";
import { safeLines } from "../../components/text.js";

export interface NodeDetail {
  id: string;
  node: GNode | undefined;
  /** Absolute path of the file shown (null when the node has no file we can read). */
  file: string | null;
  /** The path as shown to the user. */
  shown: string | null;
  /** sha256 of the bytes shown. */
  sha: string | null;
  frontmatter: string[];
  body: string[];
  /** The `## content_draft` section (agent-authored text awaiting review), when present. */
  contentDraft: string[] | null;
  /** Dedup sections appended to the node (pending and decided). */
  dedup: DedupSection[];
  /** The body without its dedup sections: the "existing" side of a pending merge. */
  existing: string[];
  /** sha256 of local_state.yaml when this was shown (a global node's draft/undraft changes that file). */
  overlaySha: string;
  /** Why there is no file to show, when there is none. */
  note?: string;
}

/** sha256 of a file's bytes, reading a missing file as empty (as the review actions do). */
export function fileSha(path: string): string {
  try {
    return sha256(readFileSync(path));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return sha256(Buffer.alloc(0));
    throw e;
  }
}

/** The `## content_draft` section of a body: from its heading to the next level-2 heading. */
export function contentDraftOf(body: string): string | null {
  const m = /^##[ \t]+content_draft\b.*$/m.exec(body);
  if (!m) return null;
  const rest = body.slice(m.index + m[0].length);
  const next = /^##[ \t]+(?!#)/m.exec(rest);
  return rest.slice(0, next ? next.index : undefined).replace(/^\r?\n/, "").trimEnd();
}

export function loadDetail(ctx: Context, nodes: NodeTable, id: string, files = new NodeFiles(ctx)): NodeDetail {
  const n = nodes.get(id);
  const located = files.locate(n, id);
  const overlaySha = fileSha(ctx.paths.overlay);
  const empty: NodeDetail = { id, node: n, file: null, shown: null, sha: null, frontmatter: [], body: [], contentDraft: null, dedup: [], existing: [], overlaySha };
  // No file declares the id now, but the one named after it is there (an edit broke its YAML): shown, and e opens it again.
  const named = "note" in located ? files.fileNamed(n, id) : null;
  if ("note" in located && named === null) return { ...empty, note: located.note };
  const where = named ?? (located as { file: string; shown: string });
  let buf: Buffer;
  try {
    buf = readFileSync(where.file);
  } catch (e) {
    return { ...empty, shown: where.shown, note: `cannot read ${where.shown}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  }
  const text = buf.toString("utf8");
  const split = splitFrontmatter(text);
  const yaml = split ? split.yaml : "";
  const body = split ? split.body : text;
  const draft = contentDraftOf(body);
  const existingBody = (() => {
    const s = splitFrontmatter(withoutSections(text));
    return s ? s.body : withoutSections(text);
  })();
  return {
    id,
    node: n,
    file: where.file,
    shown: where.shown,
    sha: sha256(buf),
    frontmatter: safeLines(yaml.replace(/\r?\n$/, "")),
    body: safeLines(body.replace(/^\r?\n/, "").trimEnd()),
    contentDraft: draft === null ? null : safeLines(draft),
    dedup: parseDedupSections(text),
    existing: safeLines(existingBody.replace(/^\r?\n/, "").trimEnd()),
    overlaySha,
    ...(named ? { note: `${named.shown} does not declare id ${id} as it stands (${whyNoId(text, named.shown)}); e opens it, R rebuilds` } : {}),
  };
}

/** Why a node file's text declares no id: its frontmatter's problem, in one line. */
function whyNoId(text: string, shown: string): string {
  try {
    const id = parseFrontmatter(text, shown).data.id;
    return id === undefined ? "it has no id" : `it declares ${JSON.stringify(id)}`;
  } catch (e) {
    return isAkmsError(e) ? `${e.line ? `line ${e.line}: ` : ""}${e.message}` : String(e);
  }
}

/** A small per-generation cache of details (the model is rebuilt on every reload). */
export class DetailCache {
  private readonly map = new Map<string, NodeDetail>();
  private readonly files: NodeFiles;
  constructor(
    private readonly ctx: Context,
    private readonly nodes: NodeTable,
  ) {
    this.files = new NodeFiles(ctx);
  }
  get(id: string): NodeDetail {
    let d = this.map.get(id);
    if (!d) {
      d = loadDetail(this.ctx, this.nodes, id, this.files);
      this.map.set(id, d);
    }
    return d;
  }
}
