// The recompile after a review action, within the console's budget. promote / draft / undraft (and
// their undo) change one node's `status` and nothing else the compiler reads (the actions verify
// that every other frontmatter field, the body and the rest of the overlay stay as they were), and
// dedup accept changes only a node's body, which is not graph input (spec §2). So graph.json is
// patched in place: the one `"status": …` value of that node, which is exactly the text the full
// compile (sorted keys, Python-compatible JSON) would write. Anything else — a new node, a node
// graph.json does not hold yet, a layout this patch cannot find — takes the full build.
// Patching never makes graph.json less current than it was: a source edited without `akms build`
// is still picked up by the next build, whose fingerprint no longer matches.
import type { Context } from "../context.js";
import { readTextIfExists, sha256, writeFileAtomic } from "../fsx.js";
import { nowIso } from "../clock.js";
import { buildLocked } from "../compiler/build.js";
import { blankGeneratedAt, stampGeneratedAt } from "../compiler/graph-version.js";

export type GraphChange =
  /** One node's effective status is now `status`. */
  | { kind: "status"; id: string; status: string }
  /** Nothing the compiler reads changed (a node's body). */
  | { kind: "none" }
  /** Anything else; `wrote`: exactly the files the action wrote, when it knows them (see BuildOptions.wrote). */
  | { kind: "full"; wrote?: readonly string[] };

export interface Recompiled {
  graphVersion: string;
  /** "patch": graph.json edited in place (or left as it was); "full": buildLocked. */
  how: "patch" | "full";
  /** The generated_at a patch stamped (absent when graph.json was left as it was). */
  generatedAt?: string;
}

const jsonStr = (s: string) => JSON.stringify(s);

/**
 * graph.json's text with node `id`'s status value replaced; null when the node or its status line
 * cannot be found in the layout the compiler writes (2-space indent, one attribute per line).
 */
export function patchNodeStatus(text: string, id: string, status: string): string | null {
  if (!/^[a-z0-9][a-z0-9._-]*$/.test(id) || !/^[a-z]+$/.test(status)) return null;
  const nodesAt = text.indexOf('\n  "nodes": [\n');
  if (nodesAt < 0) return null;
  const idLine = `\n      "id": ${jsonStr(id)},\n`;
  const at = text.indexOf(idLine, nodesAt);
  if (at < 0 || text.indexOf(idLine, at + idLine.length) >= 0) return null;
  const open = text.lastIndexOf("\n    {\n", at);
  const close = text.indexOf("\n    }", at);
  if (open < nodesAt || close < 0) return null;
  const re = /\n {6}"status": "([a-z]+)"(,?)\n/g;
  re.lastIndex = open;
  const m = re.exec(text);
  if (!m || m.index > close) return null;
  const start = m.index + '\n      "status": "'.length;
  return text.slice(0, start) + status + text.slice(start + m[1]!.length);
}

/** The caller holds the repository lock. */
export function recompile(ctx: Context, change: GraphChange): Recompiled {
  const full = (): Recompiled => ({
    graphVersion: buildLocked(ctx, change.kind === "full" && change.wrote ? { wrote: { files: change.wrote } } : {}).graphVersion,
    how: "full",
  });
  if (change.kind === "full") return full();
  const text = readTextIfExists(ctx.paths.graphJson);
  if (text === null) return full();
  const blank = blankGeneratedAt(text);
  if (change.kind === "none") return { graphVersion: sha256(blank).slice(0, 12), how: "patch" };
  const patched = patchNodeStatus(blank, change.id, change.status);
  if (patched === null) return full();
  const graphVersion = sha256(patched).slice(0, 12);
  if (patched === blank) return { graphVersion, how: "patch" };
  const generatedAt = nowIso();
  writeFileAtomic(ctx.paths.graphJson, stampGeneratedAt(patched, generatedAt), { knownDifferent: true });
  return { graphVersion, how: "patch", generatedAt };
}
