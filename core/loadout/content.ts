// A selected node's files and text for a loadout: the node file (found by the one locator, core/node-files.ts), its content_ref
// target (inside its own layer root, or a warning), the `## Summary` section, token estimates.
import { splitFrontmatter } from "../frontmatter.js";
import type { GNode } from "../graph.js";
import type { NodeFiles } from "../node-files.js";
import { resolveInside } from "../paths.js";
import { readTextFile } from "../textfile.js";
import { extractSummary } from "../markdown.js";

export interface Roots {
  repo: string;
  knowledge: string;
  localNodes: string;
  vault: string;
  /** The vault as the user wrote it (for paths shown in loadouts). */
  vaultDisplay: string;
}

export interface ShownFile {
  file: string;
  /** Repository-relative (`knowledge/…`) or under the vault's display path. */
  shown: string;
}

export interface NodeContent {
  nodeFile: ShownFile | null;
  contentFile: ShownFile | null;
  /** Node body (frontmatter removed) followed by the content_ref target's text. */
  text: string;
  summary: string | null;
  warnings: string[];
}

/** DESIGN §4: tokens ≈ ceil(chars / 4). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function shownUnder(root: string, rootShown: string, file: string): string {
  const rel = file.slice(root.length).replace(/^[\\/]+/, "").split(/[\\/]/).join("/");
  return rootShown.replace(/\/+$/, "") + "/" + rel;
}

function bodyOf(text: string): string {
  const fm = splitFrontmatter(text);
  return (fm ? fm.body : text).replace(/^\s+/, "");
}


export function readNodeContent(roots: Roots, files: NodeFiles, n: GNode): NodeContent {
  const warnings: string[] = [];
  const at = files.locate(n, n.id);
  const nodeFile = "file" in at ? at : null;
  let body = "";
  if (!nodeFile) warnings.push(`node ${n.id}: its file was not found; the loadout lists it without content`);
  else {
    try {
      body = bodyOf(readTextFile(nodeFile.file, nodeFile.shown));
    } catch (e) {
      warnings.push(`node ${n.id}: ${nodeFile.shown} could not be read (${(e as Error).message})`);
    }
  }
  let contentFile: ShownFile | null = null;
  let refText = "";
  const ref = n.domain !== "session" && typeof n.content_ref === "string" && n.content_ref ? n.content_ref : null;
  if (ref) {
    const [root, rootShown] = n.node_origin === "global" ? [roots.vault, roots.vaultDisplay] : [roots.knowledge, "knowledge"];
    const full = resolveInside(root, ref);
    if (!full) warnings.push(`node ${n.id}: content_ref "${ref}" leaves its layer root (${rootShown}); it is ignored`);
    else {
      try {
        refText = bodyOf(readTextFile(full, shownUnder(root, rootShown, full)));
        contentFile = { file: full, shown: shownUnder(root, rootShown, full) };
      } catch (e) {
        warnings.push(`node ${n.id}: content_ref "${ref}" could not be read (${(e as Error).message}); it is ignored`);
      }
    }
  }
  const text = [body.trimEnd(), refText.trimEnd()].filter(Boolean).join("\n\n");
  const summary = extractSummary(body) ?? extractSummary(refText);
  return { nodeFile, contentFile, text, summary, warnings };
}

/** Cuts `text` to at most `tokens` tokens, at a line break when one is near; marks the cut. */
export function truncateToTokens(text: string, tokens: number, marker: (kept: number) => string): { text: string; truncated: boolean } {
  if (estimateTokens(text) <= tokens) return { text, truncated: false };
  const room = Math.max(0, tokens * 4 - 120); // leaves room for the marker
  let cut = text.slice(0, room);
  const nl = cut.lastIndexOf("\n");
  if (nl > room / 2) cut = cut.slice(0, nl);
  cut = cut.trimEnd();
  return { text: cut + "\n\n" + marker(estimateTokens(cut)), truncated: true };
}
