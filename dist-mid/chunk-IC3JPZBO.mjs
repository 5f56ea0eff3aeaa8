import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  didYouMean
} from "./chunk-NBN2NJWP.mjs";
import {
  HEADER,
  allocateId,
  dumpOverlay,
  newNodeText,
  normalizeOverlay,
  overlayText,
  titleFromId
} from "./chunk-SPJIBC4O.mjs";
import {
  parseDedupSections,
  removeSection,
  sectionDraft,
  setSectionStatus,
  statKeyOf
} from "./chunk-MOGCZWZI.mjs";
import {
  GlobalFiles,
  findLocalNodeFiles,
  localNodeIds
} from "./chunk-2BK6NNZL.mjs";
import {
  graphFromText,
  loadGraph
} from "./chunk-WKFECQLF.mjs";
import {
  asCompiled,
  buildLocked,
  manifestBeforeWrites,
  recordPatchedGraph
} from "./chunk-GNOMD4OV.mjs";
import {
  nowIso
} from "./chunk-QVAO2ACK.mjs";
import {
  blankGeneratedAt,
  stampGeneratedAt
} from "./chunk-SIN2K5UU.mjs";
import {
  commitTransaction,
  finishTransaction,
  recoverPendingTransaction
} from "./chunk-EUE77RB2.mjs";
import {
  withLock
} from "./chunk-W24I3PEA.mjs";
import {
  pyJsonText,
  readNode,
  toGraphNode
} from "./chunk-2N2TC7TM.mjs";
import {
  parseFrontmatter,
  splitFrontmatter
} from "./chunk-OBKM57IJ.mjs";
import {
  EXPERIENTIAL_FIELDS,
  ID_PATTERN,
  lazy,
  parseYaml,
  zod
} from "./chunk-DWREGR5U.mjs";
import {
  displayPath,
  exists,
  readBytesIfExists,
  readTextIfExists,
  removeFile,
  resolveInside,
  sha256,
  writeFileAtomic
} from "./chunk-Q4IS5S6U.mjs";
import {
  AkmsError,
  NotFoundError,
  StaleWriteError,
  StateError,
  ValidationError
} from "./chunk-C3ZMY3KT.mjs";

// core/review/actions.ts
import { lstatSync, readFileSync, statSync } from "node:fs";
import { join as join3 } from "node:path";

// core/review/recompile.ts
var jsonStr = (s) => JSON.stringify(s);
var ID_OK = /^[a-z0-9][a-z0-9._-]*$/;
function patchNodeStatus(text, id, status) {
  if (!ID_OK.test(id) || !/^[a-z]+$/.test(status)) return null;
  const nodesAt = text.indexOf('\n  "nodes": [\n');
  if (nodesAt < 0) return null;
  const idLine = `
      "id": ${jsonStr(id)},
`;
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
  return text.slice(0, start) + status + text.slice(start + m[1].length);
}
function withNodeCount(text, delta) {
  const m = /\n {4}"node_count": (\d+),\n/.exec(text);
  const links = text.indexOf('\n  "links": ');
  if (!m || links < 0 || m.index > links) return null;
  const start = m.index + '\n    "node_count": '.length;
  return text.slice(0, start) + String(Number(m[1]) + delta) + text.slice(start + m[1].length);
}
function insertNode(text, id, nodeText) {
  if (!ID_OK.test(id) || text.includes(jsonStr(id))) return null;
  const nodesAt = text.indexOf('\n  "nodes": [\n');
  if (nodesAt < 0) return null;
  const re = /\n {6}"id": (".*"),\n/g;
  re.lastIndex = nodesAt;
  let next = null;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (JSON.parse(m[1]) > id) {
      next = m.index;
      break;
    }
  }
  let out;
  if (next !== null) {
    const open = text.lastIndexOf("\n    {\n", next);
    if (open < nodesAt) return null;
    out = text.slice(0, open + 1) + "    " + nodeText + ",\n" + text.slice(open + 1);
  } else {
    const end = text.lastIndexOf("\n    }\n  ]\n}");
    if (end < nodesAt) return null;
    const at = end + "\n    }".length;
    out = text.slice(0, at) + ",\n    " + nodeText + text.slice(at);
  }
  return withNodeCount(out, 1);
}
function removeNode(text, id) {
  if (!ID_OK.test(id)) return null;
  const nodesAt = text.indexOf('\n  "nodes": [\n');
  const at = text.indexOf(`
      "id": ${jsonStr(id)},
`, nodesAt);
  if (nodesAt < 0 || at < 0) return null;
  const open = text.lastIndexOf("\n    {\n", at);
  const close = text.indexOf("\n    }", at);
  if (open < nodesAt || close < 0) return null;
  const block = text.slice(open, close);
  if (!block.includes('\n      "node_origin": "local",\n')) return null;
  const after = close + "\n    }".length;
  const quoted = jsonStr(id);
  if (text.lastIndexOf(quoted, open) >= 0 || text.indexOf(quoted, after) >= 0) return null;
  let out;
  if (text.startsWith(",\n", after)) out = text.slice(0, open + 1) + text.slice(after + 2);
  else if (text[open - 1] === ",") out = text.slice(0, open - 1) + text.slice(after);
  else return null;
  return withNodeCount(out, -1);
}
function localNodeText(node) {
  const copy = { ...node.data };
  toGraphNode(copy, "local");
  return pyJsonText(copy, 2);
}
function sameGraphInput(a, b) {
  return a !== void 0 && b !== void 0 && a.id === b.id && Boolean(a.missingDraft) === Boolean(b.missingDraft) && localNodeText(a) === localNodeText(b);
}
function addedNode(ctx, change) {
  const { node } = readNode({ file: change.file, shown: change.shown }, "local");
  if (!node || node.id !== change.id || node.missingDraft || node.data.content_ref !== void 0) return null;
  const edges = node.data.edges;
  if (edges !== void 0 && edges !== null && !(Array.isArray(edges) && edges.length === 0)) return null;
  const overlay = readTextIfExists(ctx.paths.overlay);
  if (overlay !== null && overlay.includes(change.id)) return null;
  return localNodeText(node);
}
function recompile(ctx, change, wrote) {
  const full = () => ({ graphVersion: buildLocked(ctx, { wrote: { files: wrote.files } }).graphVersion, how: "full" });
  if (change.kind === "full") return full();
  const known = wrote.graphText;
  const text = known !== void 0 && statKeyOf(ctx.paths.graphJson) === known.key ? known.text : readTextIfExists(ctx.paths.graphJson);
  if (text === null) return full();
  const blank = blankGeneratedAt(text);
  let patched;
  let added = null;
  if (change.kind === "none") patched = blank;
  else if (change.kind === "status") patched = patchNodeStatus(blank, change.id, change.status);
  else if (change.kind === "remove") {
    const overlay = readTextIfExists(ctx.paths.overlay);
    patched = overlay !== null && overlay.includes(change.id) ? null : removeNode(blank, change.id);
  } else {
    added = addedNode(ctx, change);
    patched = added === null ? null : insertNode(blank, change.id, added);
  }
  if (patched === null) return full();
  const contentSha = sha256(patched);
  const graphVersion = contentSha.slice(0, 12);
  if (patched === blank) {
    recordPatchedGraph(ctx, wrote.base, wrote.files, null);
    return { graphVersion, how: "patch" };
  }
  const generatedAt = nowIso();
  const out = Buffer.from(stampGeneratedAt(patched, generatedAt), "utf8");
  writeFileAtomic(ctx.paths.graphJson, [out], { knownDifferent: true });
  const nodeCount = /\n {4}"node_count": (\d+),\n/.exec(patched);
  recordPatchedGraph(ctx, nodeCount ? wrote.base : null, wrote.files, { text: out, contentSha, nodeCount: Number(nodeCount?.[1]) });
  return { graphVersion, how: "patch", generatedAt, ...added !== null ? { added: JSON.parse(added) } : {} };
}

// core/review/graph-lookup.ts
function graphLookup(g) {
  return { nodes: g.nodes, warnings: g.warnings, ids: () => g.nodes.keys() };
}
var ID_OK2 = /^[a-z0-9][a-z0-9._-]*$/;
var NODES = '\n  "nodes": [\n';
var GRAPH = '\n  "graph": ';
function graphLookupFromText(text, file) {
  let full = null;
  const parsed = () => full ??= graphFromText(text, file);
  const nodesAt = text.indexOf(NODES);
  const layoutOk = text.startsWith('{\n  "directed": ') && nodesAt > 0 && /\n {2}\]\n\}\n?$/.test(text.slice(-8)) && text.indexOf(NODES, nodesAt + 1) < 0;
  if (!layoutOk) return graphLookup(parsed());
  const graphAt = text.indexOf(GRAPH);
  const graphEnd = graphAt < 0 ? -1 : text.indexOf("\n  },\n", graphAt);
  let warnings = null;
  if (graphAt > 0 && graphEnd > graphAt && graphEnd < nodesAt) {
    try {
      const g = JSON.parse(text.slice(graphAt + GRAPH.length, graphEnd + 4));
      warnings = g && typeof g === "object" && !Array.isArray(g) ? g.warnings ?? [] : null;
    } catch {
      warnings = null;
    }
  }
  const found = /* @__PURE__ */ new Map();
  const get = (id) => {
    if (full) return full.nodes.get(id);
    if (found.has(id)) return found.get(id);
    if (!ID_OK2.test(id)) return parsed().nodes.get(id);
    const line = `
      "id": ${JSON.stringify(id)},
`;
    const at = text.indexOf(line, nodesAt);
    let node;
    if (at >= 0) {
      if (text.indexOf(line, at + line.length) >= 0) return parsed().nodes.get(id);
      const open = text.lastIndexOf("\n    {\n", at);
      const close = text.indexOf("\n    }", at);
      if (open < nodesAt || close < 0) return parsed().nodes.get(id);
      try {
        node = JSON.parse(text.slice(open + 1, close + "\n    }".length));
      } catch {
        return parsed().nodes.get(id);
      }
      if (!node || typeof node !== "object" || node.id !== id) return parsed().nodes.get(id);
    } else if (text.indexOf(`"id": ${JSON.stringify(id)}`, nodesAt) >= 0) {
      return parsed().nodes.get(id);
    }
    found.set(id, node);
    return node;
  };
  return {
    nodes: { get, has: (id) => get(id) !== void 0 },
    ids: () => parsed().nodes.keys(),
    get warnings() {
      return full ? full.warnings : warnings ?? parsed().warnings;
    }
  };
}

// core/review/status-line.ts
var STATUS_LINE = /^(status[ \t]*:[ \t]*)(["']?)([A-Za-z_-]+)\2([ \t]*(?:#[^\r\n]*)?)(\r?\n|$)/gm;
var OPEN_FENCE = /^---[ \t]*\r?\n/;
function findStatusLine(text) {
  const split = splitFrontmatter(text);
  if (!split) return null;
  const yamlStart = OPEN_FENCE.exec(text)[0].length;
  const yamlEnd = yamlStart + split.yaml.length;
  const region = text.slice(yamlStart, yamlEnd);
  STATUS_LINE.lastIndex = 0;
  const hits = [];
  let m;
  while (m = STATUS_LINE.exec(region)) {
    const valueStart = yamlStart + m.index + m[1].length + m[2].length;
    hits.push({ value: m[3], start: valueStart, end: valueStart + m[3].length });
    if (m[0].length === 0) STATUS_LINE.lastIndex++;
  }
  return hits.length === 1 ? hits[0] : null;
}
function replaceStatus(text, to, shown) {
  const line = findStatusLine(text);
  if (!line) {
    throw new StateError("cannot find one top-level `status:` line in the frontmatter to change", {
      file: shown,
      field: "status",
      hint: "write the status on its own line (`status: tentative`), then retry"
    });
  }
  return text.slice(0, line.start) + to + text.slice(line.end);
}

// core/review/overlay-edit.ts
function splitLines(text) {
  const out = [];
  const re = /([^\r\n]*)(\r\n|\n|$)/g;
  let m;
  while (m = re.exec(text)) {
    if (m[0] === "") break;
    out.push({ text: m[1], eol: m[2] });
  }
  return out;
}
var join = (lines) => lines.map((l) => l.text + l.eol).join("");
var indentOf = (s) => /^ */.exec(s)[0].length;
var isBlankOrComment = (s) => /^\s*(#.*)?$/.test(s);
var keyRe = (indent, key) => new RegExp(`^ {${indent}}(?:${key.replace(/[.]/g, "\\.")}|"${key.replace(/[.]/g, "\\.")}"|'${key.replace(/[.]/g, "\\.")}')[ \\t]*:(?:[ \\t]+(.*))?$`);
function parseOverlayText(text, shown) {
  return parseYaml(text, { file: shown });
}
function sameData(a, b) {
  if (a === b) return true;
  const objA = a !== null && typeof a === "object";
  const objB = b !== null && typeof b === "object";
  if (!objA || !objB || typeof a.toJSON === "function" || typeof b.toJSON === "function") {
    return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bs = b;
    if (a.length !== bs.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], bs[i])) return false;
    return true;
  }
  const ra = a;
  const rb = b;
  let n = 0;
  for (const k of Object.keys(ra)) {
    if (ra[k] === void 0) continue;
    n++;
    if (!Object.prototype.hasOwnProperty.call(rb, k) || !sameData(ra[k], rb[k])) return false;
  }
  for (const k of Object.keys(rb)) if (rb[k] !== void 0 && --n < 0) return false;
  return n === 0;
}
function unsupported(shown, why) {
  return new StateError(`cannot change local_state.yaml in place: ${why}`, {
    file: shown,
    hint: "write the `nodes:` section in block style (one key per line), as `akms update` does, then retry"
  });
}
function findNodesBlock(lines) {
  const header = lines.findIndex((l) => /^nodes[ \t]*:/.test(l.text));
  if (header < 0) return { header: -1, inline: "", start: lines.length, end: lines.length };
  const inline = (/^nodes[ \t]*:(.*)$/.exec(lines[header].text)[1] ?? "").replace(/\s+#.*$/, "").trim();
  let end = header + 1;
  let lastContent = header;
  for (; end < lines.length; end++) {
    const t = lines[end].text;
    if (isBlankOrComment(t)) continue;
    if (indentOf(t) === 0) break;
    lastContent = end;
  }
  return { header, inline, start: header + 1, end: lastContent + 1 };
}
function entryIndent(lines, b) {
  for (let i = b.start; i < b.end; i++) if (!isBlankOrComment(lines[i].text)) return indentOf(lines[i].text);
  return null;
}
function findEntry(lines, b, indent, id) {
  const re = keyRe(indent, id);
  for (let i = b.start; i < b.end; i++) {
    const m = re.exec(lines[i].text);
    if (!m) continue;
    let end = i + 1;
    let last = i;
    let childIndent = null;
    for (; end < b.end; end++) {
      const t = lines[end].text;
      if (isBlankOrComment(t)) continue;
      const ind = indentOf(t);
      if (ind <= indent) break;
      if (childIndent === null) childIndent = ind;
      last = end;
    }
    return { key: i, inline: (m[1] ?? "").replace(/\s+#.*$/, "").trim(), childIndent, end: last + 1 };
  }
  return null;
}
function entryKeys(lines, b, indent) {
  const out = [];
  const re = new RegExp(`^ {${indent}}(["']?)([^"':#\\s][^"':]*)\\1[ \\t]*:`);
  for (let i = b.start; i < b.end; i++) {
    const t = lines[i].text;
    if (isBlankOrComment(t) || indentOf(t) !== indent) continue;
    const m = re.exec(t);
    if (m) out.push({ key: m[2], line: i });
  }
  return out;
}
function verify(oldText, newText, shown, expect, oldParsed) {
  let oldData;
  let newData;
  try {
    oldData = oldParsed ?? parseOverlayText(oldText, shown) ?? {};
    newData = parseOverlayText(newText, shown);
  } catch {
    throw unsupported(shown, "the edited text would not parse");
  }
  const want = expect(oldData);
  if (!sameData(newData, want)) throw unsupported(shown, "the edit would change more than the one override");
}
function setDraftOverride(oldText, id, shown, oldParsed) {
  if (oldText === null) return `akms_schema: v2
nodes:
  ${id}:
    status: draft
`;
  const lines = splitLines(oldText);
  const eol = oldText.includes("\r\n") ? "\r\n" : "\n";
  const b = findNodesBlock(lines);
  let out;
  if (b.header < 0) {
    out = [...lines];
    if (out.length && out[out.length - 1].eol === "") out[out.length - 1] = { ...out[out.length - 1], eol };
    out.push({ text: "nodes:", eol }, { text: `  ${id}:`, eol }, { text: "    status: draft", eol });
  } else {
    const indent = entryIndent(lines, b);
    if (b.inline !== "" && !/^(\{\s*\}|null|~)$/.test(b.inline)) throw unsupported(shown, "`nodes:` is written in flow style");
    if (indent === null) {
      out = [...lines.slice(0, b.header), { text: "nodes:", eol: lines[b.header].eol || eol }];
      out.push({ text: `  ${id}:`, eol }, { text: "    status: draft", eol: b.header + 1 < lines.length ? eol : lines[b.header].eol });
      out.push(...lines.slice(b.header + 1));
    } else {
      const e = findEntry(lines, b, indent, id);
      if (e) {
        if (e.inline !== "" && !/^(\{\s*\}|null|~)$/.test(e.inline)) throw unsupported(shown, `the entry for "${id}" is written in flow style`);
        const child = e.childIndent ?? indent + 2;
        const keyLine = e.inline === "" ? lines[e.key] : { text: lines[e.key].text.replace(/:[ \t]+.*$/, ":"), eol: lines[e.key].eol };
        out = [...lines.slice(0, e.key), { text: keyLine.text, eol: keyLine.eol || eol }, { text: `${" ".repeat(child)}status: draft`, eol: keyLine.eol }, ...lines.slice(e.key + 1)];
      } else {
        const keys = entryKeys(lines, b, indent);
        const sample = findEntry(lines, b, indent, keys[0]?.key ?? "");
        const child = sample?.childIndent ?? indent + 2;
        const next = keys.find((k) => k.key > id);
        const at = next ? next.line : b.end;
        const before = lines.slice(0, at);
        if (before.length && before[before.length - 1].eol === "") before[before.length - 1] = { ...before[before.length - 1], eol };
        const lastEol = at < lines.length ? eol : lines[lines.length - 1].eol === "" ? "" : eol;
        out = [...before, { text: `${" ".repeat(indent)}${id}:`, eol }, { text: `${" ".repeat(child)}status: draft`, eol: lastEol }, ...lines.slice(at)];
      }
    }
  }
  const text = join(out);
  verify(oldText, text, shown, (old) => {
    const nodes = { ...old.nodes ?? {} };
    nodes[id] = { ...nodes[id] ?? {}, status: "draft" };
    return { ...old, nodes };
  }, oldParsed);
  return text;
}
function clearDraftOverride(oldText, id, shown, oldParsed) {
  const lines = splitLines(oldText);
  const b = findNodesBlock(lines);
  const indent = b.header < 0 ? null : entryIndent(lines, b);
  const e = indent === null ? null : findEntry(lines, b, indent, id);
  if (!e || e.childIndent === null) throw unsupported(shown, `no block entry for "${id}" under \`nodes:\``);
  const statusRe = new RegExp(`^ {${e.childIndent}}(?:status|"status"|'status')[ \\t]*:[ \\t]*["']?draft["']?[ \\t]*(#.*)?$`);
  const at = lines.findIndex((l, i) => i > e.key && i < e.end && statusRe.test(l.text));
  if (at < 0) throw unsupported(shown, `no \`status: draft\` line in the entry for "${id}"`);
  let out = [...lines.slice(0, at), ...lines.slice(at + 1)];
  const othersLeft = out.slice(e.key + 1, e.end - 1).some((l) => !isBlankOrComment(l.text));
  if (!othersLeft) out = [...out.slice(0, e.key), ...out.slice(e.end - 1)];
  if (out.length && lines[lines.length - 1].eol === "" && out[out.length - 1].eol !== "") out[out.length - 1] = { ...out[out.length - 1], eol: "" };
  const text = join(out);
  verify(oldText, text, shown, (old) => {
    const nodes = { ...old.nodes ?? {} };
    const rest = { ...nodes[id] ?? {} };
    delete rest.status;
    if (Object.keys(rest).length) nodes[id] = rest;
    else delete nodes[id];
    return { ...old, nodes: Object.keys(nodes).length ? nodes : null };
  }, oldParsed);
  return text;
}
var definedCount = (o) => {
  let n = 0;
  for (const k in o ?? {}) if (o[k] !== void 0) n++;
  return n;
};
function canonicalEdit(oldText, old, nodes, id, limits) {
  const before = normalizeOverlay(old, limits);
  return overlayText(normalizeOverlay({ ...old, nodes }, limits), {
    text: oldText,
    sections: {
      nodes: { before: definedCount(before.nodes), changed: /* @__PURE__ */ new Set([id]) },
      session_nodes: { before: definedCount(before.session_nodes), changed: /* @__PURE__ */ new Set() }
    }
  });
}
function editDraftOverride(oldText, id, shown, limits, on, parsed) {
  if (oldText === null) {
    if (!on) throw unsupported(shown, "there is no overlay");
    return { text: dumpOverlay({ akms_schema: "v2", nodes: { [id]: { status: "draft" } } }, limits), writer: "overlay-io" };
  }
  let ov = null;
  try {
    const data = parsed ?? parseOverlayText(oldText, shown);
    if (data && typeof data === "object" && !Array.isArray(data)) ov = data;
  } catch {
    ov = null;
  }
  let canonicalNow = false;
  try {
    canonicalNow = ov !== null && oldText.startsWith(HEADER) && dumpOverlay(ov, limits) === oldText;
  } catch {
    canonicalNow = false;
  }
  if (ov && canonicalNow) {
    const nodes = { ...ov.nodes ?? {} };
    if (on) nodes[id] = { ...nodes[id] ?? {}, status: "draft" };
    else {
      const rest = { ...nodes[id] ?? {} };
      delete rest.status;
      if (Object.keys(rest).length) nodes[id] = rest;
      else delete nodes[id];
    }
    return { text: canonicalEdit(oldText, ov, nodes, id, limits), writer: "overlay-io" };
  }
  return { text: on ? setDraftOverride(oldText, id, shown, ov ?? void 0) : clearDraftOverride(oldText, id, shown, ov ?? void 0), writer: "in-place" };
}

// core/review/dedup-node.ts
import { join as join2 } from "node:path";
function slug(s) {
  return s.toLowerCase().replace(/[^a-z0-9._-]+/g, "-").replace(/^[^a-z0-9]+/, "").replace(/[-.]+$/, "");
}
function phaseOfSession(ctx, session, graph, overlayCompiled = false) {
  const g = graph?.nodes.get(session);
  if (g && typeof g.phase === "number") return g.phase;
  const text = g === void 0 && graph !== null && overlayCompiled ? null : readTextIfExists(ctx.paths.overlay);
  if (text) {
    try {
      const ov = parseOverlayText(text, ctx.paths.overlay);
      const p = ov?.session_nodes?.[session]?.phase;
      if (typeof p === "number") return p;
    } catch {
    }
  }
  const m = /^session-phase(\d+)$/.exec(session);
  return m ? Number(m[1]) : 0;
}
function newNodeFromSection(ctx, origId, orig, s, graph) {
  const { draft: draft2, suggestedId } = sectionDraft(s);
  const session = s.session && ID_PATTERN.test(s.session) ? s.session : "session-unknown";
  const own = suggestedId && suggestedId !== origId && ID_PATTERN.test(suggestedId) ? suggestedId : null;
  const base = own ?? `${origId}-${slug(session.replace(/^session-/, "")) || "rejected"}`.slice(0, 120).replace(/[-.]+$/, "");
  const compiled = graph !== null && asCompiled(ctx, { vault: true, locals: true, overlay: true });
  const globals = compiled ? null : new GlobalFiles(ctx);
  const locals = compiled ? null : localNodeIds(ctx);
  const id = allocateId(
    base,
    (x) => Boolean(graph?.nodes.has(x)) || locals !== null && locals.has(x) || exists(join2(ctx.paths.localNodes, `${x}.md`)) || globals !== null && globals.find(x) !== null
  );
  const origTitle = typeof orig.title === "string" ? orig.title : origId;
  const tags = Array.isArray(orig.tags) && orig.tags.length ? orig.tags : [String(orig.domain)];
  const text = newNodeText({
    id,
    title: own ? titleFromId(own) : `${origTitle} (${session})`,
    domain: String(orig.domain),
    tags,
    session,
    phase: phaseOfSession(ctx, session, graph, compiled),
    suggestedId: suggestedId ?? base,
    draft: draft2 || "(the rejected section held no text)"
  });
  return { id, file: join2(ctx.paths.localNodes, `${id}.md`), text };
}

// core/review/journal.ts
var ACTION_KINDS = ["promote", "draft", "undraft", "dedup-accept", "dedup-reject", "undo"];
var Bytes = lazy(
  () => zod.object({
    encoding: zod.enum(["utf8", "base64"]),
    keep_head: zod.number().int().min(0),
    keep_tail: zod.number().int().min(0),
    data: zod.string()
  })
);
var JournalFile = lazy(
  () => zod.object({
    /** Repository-relative POSIX path. */
    path: zod.string().min(1),
    before_sha: zod.string().nullable(),
    after_sha: zod.string().nullable(),
    /** The file's bytes before the action (relative to its bytes after it); null when the action created it. */
    before: Bytes.nullable()
  })
);
var JournalEntry = lazy(
  () => zod.looseObject({
    seq: zod.number().int().min(1),
    at: zod.string(),
    action: zod.enum(ACTION_KINDS),
    id: zod.string(),
    cli: zod.string(),
    files: zod.array(JournalFile),
    /** For an undo: the seq of the action it reverted. */
    undoes: zod.number().int().nullable(),
    message: zod.string(),
    /** promote / draft / undraft of a local node: its status before the action. */
    prior_status: zod.string().optional()
  })
);
var isContinuation = (b) => b !== void 0 && (b & 192) === 128;
function encodeBytes(before, after) {
  let head = 0;
  let tail = 0;
  if (after) {
    const max = Math.min(before.length, after.length);
    while (head < max && before[head] === after[head]) head++;
    while (tail < max - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
    while (head > 0 && (isContinuation(before[head]) || isContinuation(after[head]))) head--;
    while (tail > 0 && (isContinuation(before[before.length - tail]) || isContinuation(after[after.length - tail]))) tail--;
  }
  const span = before.subarray(head, before.length - tail);
  const text = span.toString("utf8");
  const utf8 = Buffer.from(text, "utf8").equals(span);
  return { encoding: utf8 ? "utf8" : "base64", keep_head: head, keep_tail: tail, data: utf8 ? text : span.toString("base64") };
}
function decodeBytes(b, after) {
  const span = b.encoding === "utf8" ? Buffer.from(b.data, "utf8") : Buffer.from(b.data, "base64");
  if (!b.keep_head && !b.keep_tail) return span;
  if (!after || b.keep_head + b.keep_tail > after.length) throw new RangeError("the after-state is shorter than the kept bytes");
  return Buffer.concat([after.subarray(0, b.keep_head), span, after.subarray(after.length - b.keep_tail)]);
}
function readJournal(ctx) {
  const raw = readBytesIfExists(ctx.paths.reviewLog);
  const shown = displayPath(ctx.repo, ctx.paths.reviewLog);
  const entries = [];
  if (raw) {
    const lines = raw.toString("utf8").split("\n");
    lines.forEach((line, i) => {
      if (!line.trim()) return;
      let data;
      try {
        data = JSON.parse(line);
      } catch (e) {
        throw new ValidationError(`line ${i + 1} is not valid JSON: ${e.message}`, {
          file: shown,
          line: i + 1,
          hint: "the review journal is written by akms only; restore it from git, or remove the broken line"
        });
      }
      const r = JournalEntry.safeParse(data);
      if (!r.success) {
        const iss = r.error.issues[0];
        throw new ValidationError(`line ${i + 1} is not a review journal entry: ${iss.path.join(".") || "entry"} ${iss.message}`, {
          file: shown,
          line: i + 1,
          field: iss.path.join(".") || void 0,
          hint: "the review journal is written by akms only; restore it from git, or remove the broken line"
        });
      }
      entries.push(r.data);
    });
  }
  return { raw, sha: sha256(raw ?? Buffer.alloc(0)), entries };
}
function withEntry(journal, entry) {
  const seq = (journal.entries.at(-1)?.seq ?? 0) + 1;
  const full = { seq, ...entry };
  let prefix = journal.raw ?? Buffer.alloc(0);
  if (prefix.length && prefix[prefix.length - 1] !== 10) prefix = Buffer.concat([prefix, Buffer.from("\n")]);
  return { entry: full, bytes: Buffer.concat([prefix, Buffer.from(JSON.stringify(orderedEntry(full)) + "\n", "utf8")]) };
}
function orderedEntry(e) {
  return {
    seq: e.seq,
    at: e.at,
    action: e.action,
    id: e.id,
    cli: e.cli,
    undoes: e.undoes,
    message: e.message,
    ...e.prior_status !== void 0 ? { prior_status: e.prior_status } : {},
    files: e.files.map((f) => ({ path: f.path, before_sha: f.before_sha, after_sha: f.after_sha, before: f.before }))
  };
}
function lastUndoable(entries) {
  const undone = /* @__PURE__ */ new Set();
  for (const e of entries) if (e.action === "undo" && e.undoes !== null) undone.add(e.undoes);
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    if (e.action !== "undo" && !undone.has(e.seq)) return e;
  }
  return null;
}

// core/review/actions.ts
function shaOf(bytes) {
  return sha256(bytes ?? Buffer.alloc(0));
}
var q = (s) => /^[A-Za-z0-9_./:=@+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
var cache = null;
function graphKey(file) {
  try {
    const st = statSync(file);
    return `${file}\0${st.ino}\0${st.size}\0${st.mtimeMs}`;
  } catch {
    return null;
  }
}
function tryLoadGraph(ctx, oneShot) {
  const key = graphKey(ctx.paths.graphJson);
  if (key !== null && cache?.key === key) return { graph: graphLookup(cache.graph), text: null };
  const before = statKeyOf(ctx.paths.graphJson);
  let text;
  try {
    text = readFileSync(ctx.paths.graphJson, "utf8");
  } catch (e) {
    cache = null;
    if (e.code === "ENOENT") return null;
    throw e;
  }
  const shared = before === null ? null : { key: before, text };
  if (oneShot) return { graph: graphLookupFromText(text, ctx.paths.graphJson), text: shared };
  try {
    const graph = graphFromText(text, ctx.paths.graphJson);
    cache = key === null || key !== graphKey(ctx.paths.graphJson) ? null : { key, graph };
    return { graph: graphLookup(graph), text: shared };
  } catch (e) {
    cache = null;
    throw e;
  }
}
function sharedGraph(ctx) {
  const key = graphKey(ctx.paths.graphJson);
  if (key !== null && cache?.key === key) return cache.graph;
  const graph = loadGraph(ctx.paths);
  cache = key === null ? null : { key, graph };
  return graph;
}
function afterRecompile(ctx, change, rc) {
  const g = cache?.graph;
  const n = change.kind === "status" || change.kind === "remove" ? g?.nodes.get(change.id) : void 0;
  const fits = change.kind === "none" || (change.kind === "add" ? rc.added !== void 0 && !g?.nodes.has(change.id) : n !== void 0);
  if (rc.how === "patch" && g && g.file === ctx.paths.graphJson && fits) {
    const next = { ...g, version: rc.graphVersion };
    if (rc.generatedAt !== void 0) {
      next.generatedAt = rc.generatedAt;
      next.doc = { ...g.doc, graph: { ...g.doc.graph, generated_at: rc.generatedAt } };
    }
    if (n && change.kind === "status" && n.status !== change.status) {
      const patched = { ...n, status: change.status };
      next.nodes = new Map(g.nodes).set(n.id, patched);
      next.doc = { ...next.doc, nodes: g.doc.nodes.map((x) => x === n ? patched : x) };
    }
    if (change.kind === "add") {
      const added = rc.added;
      const nodes = g.doc.nodes.slice();
      let at = 0;
      while (at < nodes.length && nodes[at].id < added.id) at++;
      nodes.splice(at, 0, added);
      next.nodes = new Map(nodes.map((x) => [x.id, x]));
      next.doc = { ...next.doc, graph: { ...next.doc.graph, node_count: nodes.length }, nodes };
    } else if (n && change.kind === "remove") {
      const nodes = g.doc.nodes.filter((x) => x !== n);
      next.nodes = new Map(g.nodes);
      next.nodes.delete(n.id);
      next.doc = { ...next.doc, graph: { ...next.doc.graph, node_count: nodes.length }, nodes };
    }
    const key = graphKey(ctx.paths.graphJson);
    cache = key === null ? null : { key, graph: next };
  } else {
    cache = null;
  }
}
function checkId(id) {
  if (typeof id !== "string" || !ID_PATTERN.test(id) || id.includes("..")) {
    throw new ValidationError(`${JSON.stringify(id)} is not a node id`, {
      field: "id",
      hint: "node ids match ^[a-z0-9][a-z0-9._-]{0,127}$; `akms status` lists the nodes awaiting review"
    });
  }
}
function resolve(ctx, id, oneShot = false) {
  checkId(id);
  const read = tryLoadGraph(ctx, oneShot);
  const graph = read?.graph ?? null;
  const graphText = read?.text ?? null;
  const node = graph?.nodes.get(id);
  const reported = (code) => Boolean(graph?.warnings.some((w) => w.code === code && w.node === id));
  const mode = reported("DUPLICATE_ID") ? "all" : node?.node_origin === "global" && !reported("ID_COLLISION") ? "direct" : "auto";
  const locals = findLocalNodeFiles(ctx, id, mode);
  if (locals.length > 1) {
    throw new StateError(`"${id}" is declared by ${locals.length} local node files: ${locals.map((l) => l.shown).join(", ")}`, {
      hint: "give each file its own id (or delete the copy), run `akms build`, then retry"
    });
  }
  const shadowing = locals.length === 1 && node?.node_origin === "global" ? locals.pop().shown : void 0;
  if (locals.length === 1) {
    const l = locals[0];
    const st = lstatSync(l.file);
    if (st.isSymbolicLink() || !resolveInside(ctx.paths.localNodes, displayPath(ctx.paths.localNodes, l.file))) {
      throw new StateError(`${l.shown} is a symbolic link or lies outside knowledge/local-nodes/; review actions never write through links`, {
        file: l.shown,
        hint: "replace the link with the file itself, then retry"
      });
    }
    const bytes = readBytesIfExists(l.file);
    return { id, kind: "local-node", origin: "local", file: l.file, shown: l.shown, bytes, sha: shaOf(bytes), node, graph, graphText };
  }
  if (node) {
    if (node.node_origin === "global") {
      const bytes = readBytesIfExists(ctx.paths.overlay);
      return { id, kind: "overlay", origin: "global", file: ctx.paths.overlay, shown: displayPath(ctx.repo, ctx.paths.overlay), bytes, sha: shaOf(bytes), node, graph, graphText, ...shadowing ? { shadowed: shadowing } : {} };
    }
    if (node.node_origin === "code-mirror" || node.domain === "code-mirror") {
      throw new StateError(`"${id}" is a generated code-mirror node; its status follows its docstrings`, {
        hint: `fix the docstring drift in ${String(node.source_file ?? "its source file")}, then run \`akms mirror --files ${q(String(node.source_file ?? "FILE"))}\``
      });
    }
    if (node.domain === "session") {
      throw new StateError(`"${id}" is a session node (a record of what happened), not reviewable knowledge`, {
        hint: "review actions apply to knowledge nodes; `akms status` lists them"
      });
    }
    throw new NotFoundError(`"${id}" is in graph.json but no local node file declares it any more`, {
      hint: "run `akms build` to refresh the graph, then retry"
    });
  }
  const known = new Set(graph ? graph.ids() : []);
  for (const k of localNodeIds(ctx).keys()) known.add(k);
  const dym = didYouMean(id, known);
  throw new NotFoundError(`no node "${id}"${graph ? "" : " (and there is no compiled graph yet)"}`, {
    field: "id",
    hint: dym ?? (graph ? "`akms status` lists the nodes awaiting review" : "run `akms build` first")
  });
}
function actionTarget(ctx, id) {
  const r = resolve(ctx, id);
  return { file: r.file, sha: r.sha, kind: r.kind };
}
function applyAll(ctx, priors, journalBytes) {
  const txn = priors.filter((p) => p.after !== null).map((p) => ({ path: p.file, data: p.after }));
  txn.push({ path: ctx.paths.reviewLog, data: journalBytes });
  commitTransaction(ctx, txn);
  for (const p of priors) if (p.after === null) removeFile(p.file);
}
function restoreAll(ctx, priors, journal) {
  const txn = priors.filter((p) => p.before !== null).map((p) => ({ path: p.file, data: p.before }));
  if (journal.raw) txn.push({ path: ctx.paths.reviewLog, data: journal.raw });
  commitTransaction(ctx, txn);
  for (const p of priors) if (p.before === null) removeFile(p.file);
  if (!journal.raw) removeFile(ctx.paths.reviewLog);
}
function wrapBuildFailure(kind, id, e) {
  if (!(e instanceof AkmsError)) return e;
  return new AkmsError(e.code, `${kind} ${id} was not applied (nothing changed): the recompile failed: ${e.message}`, {
    file: e.file,
    line: e.line,
    field: e.field,
    hint: e.hint,
    exitCode: e.exitCode,
    problems: e.problems
  });
}
function commit(ctx, kind, id, cli, plan, undoes = null, graphText = null) {
  const journal = readJournal(ctx);
  const p = plan();
  const priors = p.writes.map((w) => ({ file: w.file, path: displayPath(ctx.repo, w.file), before: readBytesIfExists(w.file), after: w.bytes }));
  const files = priors.map((x) => ({
    path: x.path,
    before_sha: x.before === null ? null : sha256(x.before),
    after_sha: x.after === null ? null : sha256(x.after)
  }));
  const { entry, bytes } = withEntry(journal, {
    at: nowIso(),
    action: kind,
    id,
    cli,
    undoes,
    message: p.message,
    ...p.priorStatus ? { prior_status: p.priorStatus } : {},
    files: priors.map((x, i) => ({ ...files[i], before: x.before === null ? null : encodeBytes(x.before, x.after) }))
  });
  const wrote = priors.map((x) => x.file);
  const base = manifestBeforeWrites(ctx, wrote);
  applyAll(ctx, priors, bytes);
  let graphVersion;
  try {
    const change = p.change();
    const rc = recompile(ctx, change, { files: wrote, base, ...graphText ? { graphText } : {} });
    afterRecompile(ctx, change, rc);
    graphVersion = rc.graphVersion;
    finishTransaction(ctx);
  } catch (e) {
    cache = null;
    restoreAll(ctx, priors, journal);
    finishTransaction(ctx);
    throw wrapBuildFailure(kind, id, e);
  }
  return { action: kind, id, files, cli, graphVersion, message: p.message, seq: entry.seq };
}
function checkStale(r, expectedSha, what) {
  if (expectedSha !== void 0 && expectedSha !== r.sha) {
    throw new StaleWriteError(`${r.shown} changed since you looked at it; ${what} was not applied (nothing changed)`, {
      file: r.shown,
      hint: "reload, look at the file again, and repeat the action if it still applies"
    });
  }
}
function shadowNote(r) {
  return r.shadowed ? `warning: ${r.shadowed} declares the same id and is shadowed by the global node (it is not in the graph); give it its own id: edit its \`id:\` line, rename the file, then \`akms build\`` : null;
}
function withShadowNote(r, p) {
  const note = shadowNote(r);
  return note ? { ...p, message: `${p.message}
${note}` } : p;
}
function act(ctx, kind, req, cli, plan) {
  return withLock(ctx.paths.lock, () => {
    recoverPendingTransaction(ctx, () => buildLocked(ctx));
    const r = resolve(ctx, req.id, req.oneShot === true);
    checkStale(r, req.expectedSha, `\`${cli}\``);
    return commit(ctx, kind, r.id, cli, () => withShadowNote(r, plan(r)), null, r.graphText);
  });
}
function sameNodeAs(file, shown, before) {
  return sameGraphInput(before, readNode({ file, shown }, "local").node);
}
function readLocal(r) {
  const item = { file: r.file, shown: r.shown };
  const res = readNode(item, "local");
  if (!res.node) {
    throw new ValidationError(`${r.shown} is not a valid local node; fix it before reviewing it`, {
      file: r.shown,
      hint: "`akms validate " + r.shown + "` shows every problem",
      problems: res.problems
    });
  }
  const text = r.bytes.toString("utf8");
  return { text, status: String(res.node.data.status), data: res.node.data, node: res.node };
}
function withStatus(r, lf, to) {
  const text = replaceStatus(lf.text, to, r.shown);
  const before = parseFrontmatter(lf.text, r.shown);
  const after = parseFrontmatter(text, r.shown);
  const a = { ...before.data, status: to };
  if (JSON.stringify(a) !== JSON.stringify(after.data) || before.body !== after.body) {
    throw new StateError("the status line could not be changed on its own", { file: r.shown, field: "status", hint: "write the status on its own line (`status: tentative`), then retry" });
  }
  return Buffer.from(text, "utf8");
}
function manualPromotionSteps(ctx, localFile, data, id) {
  const dest = join3(ctx.vault.path, `${id}.md`);
  const steps = [`mv ${q(localFile)} ${q(dest)}`];
  const exp = EXPERIENTIAL_FIELDS.filter((f) => f in data);
  if (exp.length) steps.push(`# then edit ${q(dest)}: delete ${exp.join(", ")} (global nodes carry no experiential state)`);
  if (data.status !== "established") steps.push(`# and set \`status: established\` in ${q(dest)}`);
  steps.push(`akms build --repo ${q(ctx.repo)}`);
  return steps;
}
function globalRefusal(ctx, r, what, wanted) {
  const g = new GlobalFiles(ctx).find(r.id);
  const where = g ? g.shown : `the global vault (${ctx.vault.display})`;
  const edit = g ? `\${EDITOR:-vi} ${q(g.file)}` : null;
  return new StateError(`"${r.id}" is a global node (${where}); akms never edits the global vault, so it cannot ${what} it`, {
    hint: (edit ? `to change it for every repository, edit it by hand: \`${edit}\`${wanted ? ` (set \`status: ${wanted}\`)` : ""}, then \`akms build\`` : `edit the node's file in the global vault by hand, then \`akms build\``) + (r.shadowed ? `; ${shadowNote(r)}` : "")
  });
}
function overlayDraft(r) {
  const text = r.bytes === null ? null : r.bytes.toString("utf8");
  if (text === null) return { text, parsed: null, drafted: false };
  const parsed = parseOverlayText(text, r.shown);
  return { text, parsed, drafted: parsed?.nodes?.[r.id]?.status === "draft" };
}
function overlayEdit(ctx, ov, r, on) {
  const limits = { maxSessionRefs: ctx.cfg.config.graph.max_session_refs, maxHistory: ctx.cfg.config.graph.max_history };
  return editDraftOverride(ov.text, r.id, r.shown, limits, on, ov.parsed ?? void 0);
}
function globalFileStatus(ctx, id) {
  const g = new GlobalFiles(ctx).find(id);
  const text = g ? readTextIfExists(g.file) : null;
  try {
    const status = text === null ? void 0 : parseFrontmatter(text, g.shown).data.status;
    return typeof status === "string" ? { kind: "status", id, status } : { kind: "full" };
  } catch {
    return { kind: "full" };
  }
}
function statusChange(ctx, id) {
  try {
    const ov = readTextIfExists(ctx.paths.overlay);
    if (ov !== null && ov.includes(id)) {
      const data = parseOverlayText(ov, ctx.paths.overlay);
      if (data?.nodes?.[id]?.status === "draft") return { kind: "status", id, status: "draft" };
    }
    const local = findLocalNodeFiles(ctx, id, "direct")[0] ?? null;
    const file = local?.file ?? new GlobalFiles(ctx).find(id)?.file ?? (findLocalNodeFiles(ctx, id).length === 1 ? findLocalNodeFiles(ctx, id)[0].file : null);
    const text = file === null ? null : readTextIfExists(file);
    const status = text === null ? void 0 : parseFrontmatter(text, id).data.status;
    return typeof status === "string" ? { kind: "status", id, status } : { kind: "full" };
  } catch {
    return { kind: "full" };
  }
}
function pendingMergeNote(id, text) {
  const pending = parseDedupSections(text).filter((s) => s.status === "pending");
  if (!pending.length) return null;
  const from = pending.map((s) => s.session ?? "?").join(", ");
  return `note: ${pending.length} dedup merge${pending.length === 1 ? "" : "s"} into ${id} (from ${from}) still pending: ${id} is established with ${pending.length === 1 ? "that draft" : "those drafts"} awaiting \`akms dedup accept|reject ${id}\``;
}
function promote(ctx, req) {
  const cli = `akms promote ${req.id}`;
  return act(ctx, "promote", req, cli, (r) => {
    if (r.origin === "global") throw globalRefusal(ctx, r, "promote", "established");
    const lf = readLocal(r);
    if (lf.status === "established") throw new StateError(`"${r.id}" is already established`, { file: r.shown, field: "status", hint: "nothing to do" });
    if (lf.status === "draft") {
      throw new StateError(`"${r.id}" is draft; a draft is parked, not awaiting review`, {
        file: r.shown,
        field: "status",
        hint: `run \`akms undraft ${r.id}\` first, then \`akms promote ${r.id}\` if it is still right`
      });
    }
    if (lf.status === "deprecated") {
      throw new StateError(`"${r.id}" is deprecated (retired); a retired node is not promoted`, {
        file: r.shown,
        field: "status",
        hint: `if it should come back, set \`status: tentative\` in ${r.shown} by hand, review it, then promote it`
      });
    }
    const steps = manualPromotionSteps(ctx, r.file, { ...lf.data, status: "established" }, r.id);
    const pending = pendingMergeNote(r.id, lf.text);
    return {
      writes: [{ file: r.file, bytes: withStatus(r, lf, "established") }],
      change: () => statusChange(ctx, r.id),
      message: `promoted ${r.id}: tentative \u2192 established (${r.shown})
` + (pending ? `${pending}
` : "") + `To share it with every repository (a manual step; akms never writes the global vault):
` + steps.map((s) => `  ${s}`).join("\n")
    };
  });
}
function draft(ctx, req) {
  const cli = `akms draft ${req.id}`;
  return act(ctx, "draft", req, cli, (r) => {
    if (r.origin === "global") {
      const ov = overlayDraft(r);
      if (ov.drafted) throw new StateError(`"${r.id}" is already draft in this repository`, { file: r.shown, hint: `\`akms undraft ${r.id}\` brings it back` });
      const status = r.node?.status;
      if (status === "draft") throw new StateError(`"${r.id}" is already draft in the global vault itself`, { hint: "nothing to do" });
      if (status === "deprecated") throw new StateError(`"${r.id}" is deprecated; it is never loaded already`, { hint: "nothing to do" });
      const edit = overlayEdit(ctx, ov, r, true);
      return {
        writes: [{ file: r.file, bytes: Buffer.from(edit.text, "utf8") }],
        change: () => ({ kind: "status", id: r.id, status: "draft" }),
        message: `drafted ${r.id} for this repository only: \`nodes.${r.id}.status: draft\` in ${r.shown} (the global file is not touched)`
      };
    }
    const lf = readLocal(r);
    if (lf.status === "draft") throw new StateError(`"${r.id}" is already draft`, { file: r.shown, field: "status", hint: `\`akms undraft ${r.id}\` brings it back` });
    if (lf.status === "deprecated") throw new StateError(`"${r.id}" is deprecated; it is never loaded already`, { file: r.shown, field: "status", hint: "nothing to do" });
    return {
      priorStatus: lf.status,
      writes: [{ file: r.file, bytes: withStatus(r, lf, "draft") }],
      change: () => statusChange(ctx, r.id),
      message: `drafted ${r.id}: ${lf.status} \u2192 draft (${r.shown}); it is left out of every loadout until \`akms undraft ${r.id}\``
    };
  });
}
function statusBeforeDraft(ctx, r) {
  const entries = readJournal(ctx).entries;
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    if (e.action !== "draft" || e.id !== r.id || !e.files.some((f) => f.path === r.shown)) continue;
    return e.prior_status === "tentative" || e.prior_status === "established" ? e.prior_status : null;
  }
  return null;
}
function undraft(ctx, req) {
  const cli = `akms undraft ${req.id}`;
  return act(ctx, "undraft", req, cli, (r) => {
    if (r.origin === "global") {
      const ov = overlayDraft(r);
      if (!ov.drafted) {
        if (r.node?.status === "draft") throw globalRefusal(ctx, r, "undraft", "tentative");
        throw new StateError(`"${r.id}" is not draft (it is ${r.node?.status ?? "unknown"})`, { hint: "nothing to do" });
      }
      const edit = overlayEdit(ctx, ov, r, false);
      return {
        writes: [{ file: r.file, bytes: Buffer.from(edit.text, "utf8") }],
        change: () => globalFileStatus(ctx, r.id),
        message: `undrafted ${r.id} in this repository: removed \`nodes.${r.id}.status: draft\` from ${r.shown}; it is ${r.node?.status === "draft" ? "loaded again" : "back"} with its global status`
      };
    }
    const lf = readLocal(r);
    if (lf.status !== "draft") throw new StateError(`"${r.id}" is not draft (it is ${lf.status})`, { file: r.shown, field: "status", hint: "nothing to do" });
    const to = statusBeforeDraft(ctx, r) ?? "tentative";
    return {
      writes: [{ file: r.file, bytes: withStatus(r, lf, to) }],
      change: () => statusChange(ctx, r.id),
      message: `undrafted ${r.id}: draft \u2192 ${to} (${r.shown})${to === "tentative" ? `; it awaits review: \`akms promote ${r.id}\`` : ""}`
    };
  });
}
function pickSection(r, text, session, cli) {
  const sections = parseDedupSections(text);
  if (!sections.length) {
    throw new StateError(`"${r.id}" has no dedup section`, { file: r.shown, hint: "`akms status` lists the pending dedup events" });
  }
  const pending = sections.filter((s) => s.status === "pending");
  if (session !== void 0) {
    const s = sections.find((x) => x.session === session);
    if (!s) {
      throw new StateError(`"${r.id}" has no dedup section from session "${session}"`, {
        file: r.shown,
        hint: `its sections: ${sections.map((x) => `${x.session ?? "?"} (${x.status})`).join(", ")}`
      });
    }
    if (s.status !== "pending") throw new StateError(`the dedup section from "${session}" in "${r.id}" is ${s.status}, not pending`, { file: r.shown, hint: "only a pending dedup can be decided" });
    return s;
  }
  if (!pending.length) {
    throw new StateError(`"${r.id}" has no pending dedup (${sections.map((x) => `${x.session ?? "?"}: ${x.status}`).join(", ")})`, {
      file: r.shown,
      hint: `only a pending dedup can be decided; \`akms undo\` reverts the last decision if it was \`${cli.replace(/ \S+$/, "")} \u2026\``
    });
  }
  return pending[0];
}
function dedupAccept(ctx, req) {
  const cli = `akms dedup accept ${req.id}${req.session ? ` ${req.session}` : ""}`;
  return act(ctx, "dedup-accept", req, cli, (r) => {
    if (r.origin === "global") throw new StateError(`"${r.id}" is a global node; dedup sections live only in local nodes`, { hint: "`akms status` lists the pending dedup events" });
    const lf = readLocal(r);
    const s = pickSection(r, lf.text, req.session, cli);
    const text = setSectionStatus(lf.text, s, "accepted");
    const left = parseDedupSections(text).filter((x) => x.status === "pending").length;
    return {
      writes: [{ file: r.file, bytes: Buffer.from(text, "utf8") }],
      change: () => sameNodeAs(r.file, r.shown, lf.node) ? { kind: "none" } : { kind: "full" },
      message: `accepted the dedup merge from ${s.session ?? "an unnamed session"} into ${r.id} (${r.shown})${left ? `; ${left} more pending` : ""}`
    };
  });
}
function dedupReject(ctx, req) {
  const cli = `akms dedup reject ${req.id}${req.session ? ` ${req.session}` : ""}`;
  return act(ctx, "dedup-reject", req, cli, (r) => {
    if (r.origin === "global") throw new StateError(`"${r.id}" is a global node; dedup sections live only in local nodes`, { hint: "`akms status` lists the pending dedup events" });
    const lf = readLocal(r);
    const s = pickSection(r, lf.text, req.session, cli);
    const fresh = newNodeFromSection(ctx, r.id, lf.data, s, r.graph);
    const text = removeSection(lf.text, s);
    const left = parseDedupSections(text).filter((x) => x.status === "pending").length;
    return {
      writes: [
        { file: r.file, bytes: Buffer.from(text, "utf8") },
        { file: fresh.file, bytes: Buffer.from(fresh.text, "utf8") }
      ],
      change: () => sameNodeAs(r.file, r.shown, lf.node) ? { kind: "add", id: fresh.id, file: fresh.file, shown: displayPath(ctx.repo, fresh.file) } : { kind: "full" },
      message: `rejected the dedup merge from ${s.session ?? "an unnamed session"} into ${r.id}: its draft is now the tentative node ${fresh.id} (${displayPath(ctx.repo, fresh.file)}), awaiting review: \`akms promote ${fresh.id}\`${left ? `; ${left} more pending in ${r.id}` : ""}`
    };
  });
}
function undoTarget(ctx) {
  const j = readJournal(ctx);
  const e = lastUndoable(j.entries);
  return e ? { entry: e, journalSha: j.sha } : null;
}
function journalPath(ctx, path, shown) {
  const full = path.startsWith("knowledge/") ? resolveInside(ctx.paths.knowledge, path.slice("knowledge/".length)) : null;
  if (!full) {
    throw new ValidationError(`the review journal names a file outside knowledge/: ${JSON.stringify(path)}`, {
      file: shown,
      hint: "the review journal is written by akms only; restore it from git"
    });
  }
  return full;
}
function undo(ctx, req = {}) {
  return withLock(ctx.paths.lock, () => {
    recoverPendingTransaction(ctx, () => buildLocked(ctx));
    const j = readJournal(ctx);
    const shown = displayPath(ctx.repo, ctx.paths.reviewLog);
    if (req.expectedSha !== void 0 && req.expectedSha !== j.sha) {
      throw new StaleWriteError(`the review journal changed since you looked at it (another action was taken); undo was not applied`, {
        file: shown,
        hint: "reload and look at the last action again"
      });
    }
    const target = lastUndoable(j.entries);
    if (!target) {
      throw new StateError(j.entries.length ? "nothing to undo: every review action in the journal is undone already" : "nothing to undo: no review action has been taken yet", {
        file: shown,
        hint: "undo reverts `akms promote`, `draft`, `undraft` and `dedup accept|reject`"
      });
    }
    const writes = [];
    for (const f of target.files) {
      const full = journalPath(ctx, f.path, shown);
      const cur = readBytesIfExists(full);
      const curSha = cur === null ? null : sha256(cur);
      if (curSha !== f.after_sha) {
        throw new StaleWriteError(
          `${f.path} changed after \`${target.cli}\` (#${target.seq}); undo would overwrite newer content, so nothing was changed`,
          { file: f.path, hint: `look at ${f.path}; revert it by hand if needed (the journal keeps its prior bytes in entry #${target.seq})` }
        );
      }
      let prior = null;
      try {
        prior = f.before === null ? null : decodeBytes(f.before, cur);
      } catch {
        prior = null;
      }
      if ((prior === null ? null : sha256(prior)) !== f.before_sha) {
        throw new ValidationError(`entry #${target.seq} of the review journal is damaged: the stored bytes of ${f.path} do not match before_sha`, {
          file: shown,
          hint: "the review journal is written by akms only; restore it from git"
        });
      }
      writes.push({ file: full, bytes: prior });
    }
    const message = `undid #${target.seq} \`${target.cli}\`: ${target.files.map((f) => f.before_sha === null ? `removed ${f.path}` : `restored ${f.path}`).join(", ")}`;
    const dedup = target.action === "dedup-accept" || target.action === "dedup-reject";
    const kept = dedup ? writes.filter((w) => w.bytes !== null) : [];
    const gone = dedup ? writes.filter((w) => w.bytes === null) : [];
    const read = (w) => readNode({ file: w.file, shown: displayPath(ctx.repo, w.file) }, "local").node;
    const keptNow = kept.length === 1 ? read(kept[0]) : void 0;
    const goneNow = gone.length === 1 ? read(gone[0]) : void 0;
    const change = () => {
      if (!dedup) return statusChange(ctx, target.id);
      if (!keptNow || !sameNodeAs(kept[0].file, displayPath(ctx.repo, kept[0].file), keptNow)) return { kind: "full" };
      if (target.action === "dedup-accept") return gone.length === 0 ? { kind: "none" } : { kind: "full" };
      return goneNow ? { kind: "remove", id: goneNow.id } : { kind: "full" };
    };
    return commit(ctx, "undo", target.id, "akms undo", () => ({ writes, message, change }), target.seq);
  });
}

export {
  sharedGraph,
  actionTarget,
  promote,
  draft,
  undraft,
  dedupAccept,
  dedupReject,
  undoTarget,
  undo
};
