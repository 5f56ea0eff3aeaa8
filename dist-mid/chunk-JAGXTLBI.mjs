import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  listMarkdown
} from "./chunk-2N2TC7TM.mjs";
import {
  splitFrontmatter
} from "./chunk-OBKM57IJ.mjs";
import {
  readTextFile
} from "./chunk-DWREGR5U.mjs";
import {
  resolveInside
} from "./chunk-Q4IS5S6U.mjs";

// core/loadout/content.ts
import { readFileSync } from "node:fs";
import { join } from "node:path";
function estimateTokens(text) {
  return Math.ceil(text.length / 4);
}
var ID_LINE = /^id:[ \t]*["']?([^"'\s#]+)["']?[ \t]*(?:#.*)?$/m;
function frontmatterId(file) {
  let head;
  try {
    head = readFileSync(file, "utf8").slice(0, 8192);
  } catch {
    return null;
  }
  const fm = splitFrontmatter(head);
  return fm ? ID_LINE.exec(fm.yaml)?.[1] ?? null : null;
}
var scans = /* @__PURE__ */ new Map();
function scanDir(dir) {
  let m = scans.get(dir);
  if (m) return m;
  m = /* @__PURE__ */ new Map();
  for (const { file } of listMarkdown(dir, "")) {
    const id = frontmatterId(file);
    if (id && !m.has(id)) m.set(id, file);
  }
  scans.set(dir, m);
  return m;
}
function shownUnder(root, rootShown, file) {
  const rel = file.slice(root.length).replace(/^[\\/]+/, "").split(/[\\/]/).join("/");
  return rootShown.replace(/\/+$/, "") + "/" + rel;
}
function locateNodeFile(roots, n) {
  if (n.domain === "session") {
    const ref = typeof n.content_ref === "string" ? resolveInside(roots.knowledge, n.content_ref) : null;
    return ref ? { file: ref, shown: shownUnder(roots.knowledge, "knowledge", ref) } : null;
  }
  const [dir, dirShown] = n.node_origin === "global" ? [roots.vault, roots.vaultDisplay] : [roots.localNodes, "knowledge/local-nodes"];
  const named = join(dir, `${n.id}.md`);
  const file = frontmatterId(named) === n.id ? named : scanDir(dir).get(n.id) ?? null;
  return file ? { file, shown: shownUnder(dir, dirShown, file) } : null;
}
function bodyOf(text) {
  const fm = splitFrontmatter(text);
  return (fm ? fm.body : text).replace(/^\s+/, "");
}
function extractSummary(markdown) {
  const lines = markdown.split(/\r?\n/);
  let inFence = false;
  let start = -1;
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (!inFence && start >= 0 && /^#{1,2}\s/.test(line)) break;
    if (start >= 0) out.push(line);
    else if (!inFence && /^##\s+summary\s*#*\s*$/i.test(line)) start = i;
  }
  if (start < 0) return null;
  const text = out.join("\n").trim();
  return text || null;
}
function pitfallSection(body) {
  const m = /^##[ \t]+Pitfalls[ \t]*$/im.exec(body);
  if (!m) return [];
  const rest = body.slice(m.index + m[0].length);
  const next = /^#{1,2}[ \t]+\S/m.exec(rest);
  const text = rest.slice(0, next ? next.index : void 0);
  const items = [];
  for (const line of text.split(/\r?\n/)) {
    const bullet = /^\s*[-*+][ \t]+(.*)$/.exec(line);
    if (bullet) items.push(bullet[1].trim());
    else if (line.trim() && items.length && /^\s+\S/.test(line)) items[items.length - 1] += ` ${line.trim()}`;
    else if (line.trim()) items.push(line.trim());
  }
  return items;
}
function readNodeContent(roots, n) {
  const warnings = [];
  const nodeFile = locateNodeFile(roots, n);
  let body = "";
  if (!nodeFile) warnings.push(`node ${n.id}: its file was not found; the loadout lists it without content`);
  else {
    try {
      body = bodyOf(readTextFile(nodeFile.file, nodeFile.shown));
    } catch (e) {
      warnings.push(`node ${n.id}: ${nodeFile.shown} could not be read (${e.message})`);
    }
  }
  let contentFile = null;
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
        warnings.push(`node ${n.id}: content_ref "${ref}" could not be read (${e.message}); it is ignored`);
      }
    }
  }
  const text = [body.trimEnd(), refText.trimEnd()].filter(Boolean).join("\n\n");
  const summary = extractSummary(body) ?? extractSummary(refText);
  return { nodeFile, contentFile, text, summary, warnings };
}
function truncateToTokens(text, tokens, marker) {
  if (estimateTokens(text) <= tokens) return { text, truncated: false };
  const room = Math.max(0, tokens * 4 - 120);
  let cut = text.slice(0, room);
  const nl = cut.lastIndexOf("\n");
  if (nl > room / 2) cut = cut.slice(0, nl);
  cut = cut.trimEnd();
  return { text: cut + "\n\n" + marker(estimateTokens(cut)), truncated: true };
}

export {
  estimateTokens,
  extractSummary,
  pitfallSection,
  readNodeContent,
  truncateToTokens
};
