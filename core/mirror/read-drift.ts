// Docstring drift as the health and review reports need it: file, function, what contradicts what.
// `akms mirror` records each mirror's findings in its frontmatter as an optional `drift:` list
// (`function`, `kind` unknown-parameter | return-on-none | semantic, `detail`, `line`) and sets
// `status: draft`; the compiler copies that list into graph.json as the node attribute `drift`.
// This reads the mirror files themselves, so it works without a build.
import { readFileSync } from "node:fs";
import { relative, sep } from "node:path";
import type { Context } from "../context.js";
import { splitFrontmatter } from "../frontmatter.js";
import { parseYaml } from "../yaml.js";
import { listMarkdown } from "../compiler/sources.js";
import type { DriftKind } from "./drift.js";
import type { DriftRecord } from "./generate.js";

export interface MirrorDriftRecord extends DriftRecord {
  /** Repository-relative path of the mirror .md. */
  mirror_file: string;
}

const KINDS = new Set<DriftKind>(["unknown-parameter", "return-on-none", "semantic"]);

/** Every drift finding recorded in knowledge/code-mirror/, sorted by source file, line, function. */
export function readMirrorDrift(ctx: Pick<Context, "paths" | "repo">): MirrorDriftRecord[] {
  const out: MirrorDriftRecord[] = [];
  for (const item of listMarkdown(ctx.paths.codeMirror, "knowledge/code-mirror/", true)) {
    let data: Record<string, unknown> | null = null;
    try {
      const split = splitFrontmatter(readFileSync(item.file, "utf8"));
      data = split ? (parseYaml(split.yaml, { file: item.shown, firstLine: 2 }) as Record<string, unknown> | null) : null;
    } catch {
      continue; // an unreadable mirror is the build's and validate's to report
    }
    if (!data || typeof data !== "object" || data.domain !== "code-mirror" || !Array.isArray(data.drift)) continue;
    for (const d of data.drift as unknown[]) {
      if (!d || typeof d !== "object") continue;
      const r = d as Record<string, unknown>;
      if (typeof r.function !== "string" || typeof r.detail !== "string" || !KINDS.has(r.kind as DriftKind)) continue;
      out.push({
        source_file: typeof data.source_file === "string" ? data.source_file : "",
        mirror_id: typeof data.id === "string" ? data.id : "",
        mirror_file: relative(ctx.repo, item.file).split(sep).join("/"),
        function: r.function,
        kind: r.kind as DriftKind,
        detail: r.detail,
        line: typeof r.line === "number" ? r.line : 0,
      });
    }
  }
  out.sort((a, b) => (a.source_file < b.source_file ? -1 : a.source_file > b.source_file ? 1 : a.line - b.line || (a.function < b.function ? -1 : 1)));
  return out;
}
