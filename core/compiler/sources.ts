// Reading and validating the node files of the compile: global nodes, local nodes, code-mirror
// nodes (the overlay's reader is core/overlay-file.ts). Every bad file becomes a located problem;
// nothing is skipped silently.
import { closeSync, fstatSync, openSync, readdirSync, readSync, type Dirent } from "node:fs";
import { join, relative, sep } from "node:path";
import type { z } from "zod";
import { AkmsError, asProblems, type Problem } from "../errors.js";
import { parseFrontmatter, splitFrontmatter } from "../frontmatter.js";
import { LIMITS } from "../yaml.js";
import { decodeUtf8 } from "../textfile.js";
import { safeCheck } from "../schema-check.js";
import { GlobalNode, LocalNode, MirrorNode, hasContentDraft } from "../schemas/node.js";
import { extractSummary } from "../markdown.js";
import { HEAD_BYTES, frontmatterEnd, readKnownSize } from "./read-head.js";

export type Origin = "global" | "local" | "code-mirror";

export interface SourceNode {
  id: string;
  origin: Origin;
  /** Absolute path. */
  file: string;
  /** Path for messages and graph.json warnings (repo-relative, or under the vault's display path). */
  shown: string;
  data: Record<string, unknown>;
  /** An agent-drafted local node without a `## content_draft` section (UR-05 warning). */
  missingDraft?: boolean;
  /** A node with context_size: large without a `## Summary` section (FR-L11 warning). */
  missingSummary?: boolean;
  /** Its parse-cache value, when it was rendered as it was read (data is then its stub). */
  value?: string;
}

export interface Listed {
  file: string;
  shown: string;
  /** Its size as this build statted it, if it did: the reader then needs no stat of its own. */
  size?: number;
  /** A symbolic link (the listing saw it as one): checked to resolve inside its root. */
  link?: boolean;
}

/** Top-level *.md files of a directory, sorted by name; [] when it does not exist. */
export function listMarkdown(dir: string, shownPrefix: string, recursive = false): Listed[] {
  const out: Listed[] = [];
  const walk = (d: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return;
      throw e;
    }
    for (const ent of entries) {
      const full = join(d, ent.name);
      if (ent.isDirectory()) {
        if (recursive && !ent.name.startsWith(".")) walk(full);
      } else if ((ent.isFile() || ent.isSymbolicLink()) && ent.name.endsWith(".md") && !ent.name.startsWith(".")) {
        out.push({ file: full, shown: shownPrefix + relative(dir, full).split(sep).join("/"), ...(ent.isSymbolicLink() ? { link: true } : {}) });
      }
    }
  };
  walk(dir);
  out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return out;
}

const headBuf = Buffer.allocUnsafe(HEAD_BYTES);

/**
 * Reads what the compiler needs of a node file: its frontmatter (and the body when `wholeFile`).
 * Reading only the head keeps I/O and memory small: parsed values are slices of the text they
 * came from, so a whole body read here would stay alive as long as the node does. `whole`: the
 * file's bytes when the head's read got all of them (readKnownSize: used at once, or not at all).
 */
function readSource(file: string, shown: string, wholeFile: boolean, size?: number): { text: string; whole: Buffer | null } {
  if (size !== undefined) {
    const r = readKnownSize(file, wholeFile, size, LIMITS.maxFileBytes);
    if (r !== null) return { text: decodeUtf8(r.bytes, shown), whole: r.whole };
  }
  return { text: readOrdinary(file, shown, wholeFile), whole: null };
}

/** readSource without a known size: the file statted, then its head (or all of it) read. */
function readOrdinary(file: string, shown: string, wholeFile: boolean): string {
  const fd = openSync(file, "r");
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new AkmsError("NOT_A_FILE", "is not a regular file", { file: shown });
    if (st.size > LIMITS.maxFileBytes) {
      throw new AkmsError("TOO_LARGE", `file is too large (${st.size} bytes, limit ${LIMITS.maxFileBytes})`, {
        file: shown,
        hint: "split the node, or move the content to a content_ref target",
      });
    }
    if (!wholeFile) {
      const n = readSync(fd, headBuf, 0, Math.min(HEAD_BYTES, st.size), 0);
      const end = frontmatterEnd(headBuf, n);
      if (end >= 0) return decodeUtf8(headBuf.subarray(0, end), shown);
    }
    const all = Buffer.allocUnsafe(st.size);
    let off = 0;
    while (off < st.size) {
      const n = readSync(fd, all, off, st.size - off, off);
      if (n === 0) break;
      off += n;
    }
    return decodeUtf8(all.subarray(0, off), shown);
  } finally {
    closeSync(fd);
  }
}

const SCHEMAS: Record<Origin, z.ZodType> = { global: GlobalNode, local: LocalNode, "code-mirror": MirrorNode };

/** The one reader of a node file: its bytes → js-yaml → the origin's zod schema → located problems. */
export function readNode(item: Listed, origin: Origin): { node?: SourceNode; problems: Problem[] } {
  try {
    const { text, whole } = readSource(item.file, item.shown, origin === "local", item.size);
    const fm = parseFrontmatter(text, item.shown);
    const r = safeCheck(SCHEMAS[origin], fm.data, { file: item.shown, text: fm.yaml, firstLine: fm.firstLine });
    if (!r.ok) return { problems: r.problems };
    const data = r.data as Record<string, unknown>;
    // The body is not graph input (spec §2): what it lacks is a health warning, not a reject — a
    // missing content_draft section (UR-05), a large node's missing `## Summary` (FR-L11). Both are
    // decided here, from the text in hand, and kept with the node's parse-cache record.
    const missingDraft = origin === "local" && data.source === "agent" && !hasContentDraft(fm.body);
    const missingSummary = origin !== "code-mirror" && data.context_size === "large" && extractSummary(origin === "local" ? fm.body : bodyOf(item, whole)) === null;
    return { node: { id: data.id as string, origin, file: item.file, shown: item.shown, data, missingDraft, missingSummary }, problems: [] };
  } catch (e) {
    return { problems: asProblems(e, item.shown) };
  }
}

/**
 * A node file's body (the compile reads only a global node's head: this is for a large node's
 * `## Summary`): from `whole`, the bytes the head's read got when it got the whole file — taken
 * before any other file is read — else read whole now.
 */
function bodyOf(item: Listed, whole: Buffer | null): string {
  const text = whole !== null ? decodeUtf8(whole, item.shown) : readSource(item.file, item.shown, true, item.size).text;
  return splitFrontmatter(text)?.body ?? text;
}
