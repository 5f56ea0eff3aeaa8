// Reading and validating the source files of the compile: global nodes, local nodes, code-mirror
// nodes and the overlay. Every bad file becomes a located problem; nothing is skipped silently.
import { readdirSync, readFileSync, statSync, type Dirent } from "node:fs";
import { join, relative, sep } from "node:path";
import type { z } from "zod";
import { AkmsError, type Problem } from "../errors.js";
import { parseFrontmatter } from "../frontmatter.js";
import { LIMITS, parseYaml } from "../yaml.js";
import { safeCheck } from "../schema-check.js";
import { GlobalNode, LocalNode, MirrorNode, hasContentDraft } from "../schemas/node.js";
import { Overlay } from "../schemas/overlay.js";

export type Origin = "global" | "local" | "code-mirror";

export interface SourceNode {
  id: string;
  origin: Origin;
  /** Absolute path. */
  file: string;
  /** Path for messages and graph.json warnings (repo-relative, or under the vault's display path). */
  shown: string;
  data: Record<string, unknown>;
}

export interface Listed {
  file: string;
  shown: string;
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
        out.push({ file: full, shown: shownPrefix + relative(dir, full).split(sep).join("/") });
      }
    }
  };
  walk(dir);
  out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return out;
}

function readLimited(file: string, shown: string): string {
  const st = statSync(file);
  if (!st.isFile()) throw new AkmsError("NOT_A_FILE", "is not a regular file", { file: shown });
  if (st.size > LIMITS.maxFileBytes) {
    throw new AkmsError("TOO_LARGE", `file is too large (${st.size} bytes, limit ${LIMITS.maxFileBytes})`, {
      file: shown,
      hint: "split the node, or move the content to a content_ref target",
    });
  }
  const buf = readFileSync(file);
  const text = buf.toString("utf8");
  if (text.includes("\uFFFD") && !Buffer.from(text, "utf8").equals(buf)) {
    throw new AkmsError("ENCODING", "file is not valid UTF-8", { file: shown, hint: "save the file as UTF-8" });
  }
  return text;
}

function asProblems(e: unknown, shown: string): Problem[] {
  if (e instanceof AkmsError) {
    const head: Problem = { file: e.file ?? shown, line: e.line, field: e.field, message: e.message, hint: e.hint };
    return e.problems.length ? e.problems.map((p) => ({ ...p, file: p.file ?? shown })) : [head];
  }
  return [{ file: shown, message: (e as Error).message }];
}

const SCHEMAS: Record<Origin, z.ZodType> = { global: GlobalNode, local: LocalNode, "code-mirror": MirrorNode };

export function readNode(item: Listed, origin: Origin): { node?: SourceNode; problems: Problem[] } {
  try {
    const text = readLimited(item.file, item.shown);
    const fm = parseFrontmatter(text, item.shown);
    const r = safeCheck(SCHEMAS[origin], fm.data, { file: item.shown, text: fm.yaml, firstLine: fm.firstLine });
    if (!r.ok) return { problems: r.problems };
    const data = r.data as Record<string, unknown>;
    if (origin === "local" && data.source === "agent" && !hasContentDraft(fm.body)) {
      return {
        problems: [
          {
            file: item.shown,
            field: "body",
            message: "an agent-drafted local node must carry a `## content_draft` section (spec §4.1.4)",
            hint: "add a `## content_draft` heading above the agent-written text",
          },
        ],
      };
    }
    return { node: { id: data.id as string, origin, file: item.file, shown: item.shown, data }, problems: [] };
  } catch (e) {
    return { problems: asProblems(e, item.shown) };
  }
}

export function readOverlay(file: string, shown: string): { overlay: Overlay | null; problems: Problem[] } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { overlay: null, problems: [] };
    throw e;
  }
  try {
    const data = parseYaml(text, { file: shown });
    if (data === null || data === undefined) {
      return { overlay: null, problems: [{ file: shown, line: 1, message: "the overlay is empty", hint: "delete the file or add `akms_schema: v2`" }] };
    }
    const r = safeCheck(Overlay, data, { file: shown, text });
    if (!r.ok) return { overlay: null, problems: r.problems };
    return { overlay: r.data, problems: [] };
  } catch (e) {
    return { overlay: null, problems: asProblems(e, shown) };
  }
}
