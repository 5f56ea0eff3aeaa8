import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  FLOAT_KEYS
} from "./chunk-2N2TC7TM.mjs";

// core/update/overlay-io.ts
var PLAIN = /^[A-Za-z_][A-Za-z0-9_./-]*$/;
var RESERVED = /^(?:true|false|null|yes|no|on|off|y|n)$/i;
var DATE = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;
var UNPRINTABLE = /[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/g;
function yamlString(s) {
  if (PLAIN.test(s) && !RESERVED.test(s) || DATE.test(s)) return s;
  return JSON.stringify(s).replace(UNPRINTABLE, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}
function yamlNumber(x, asFloat) {
  if (!Number.isFinite(x)) throw new TypeError(`cannot write ${x} to YAML`);
  if (Number.isInteger(x)) return asFloat ? `${x}.0` : String(x);
  let s = String(x);
  if (s.includes("e")) s = x.toFixed(20).replace(/0+$/, "");
  return s;
}
var memo = /* @__PURE__ */ new Map();
function str(s) {
  let out = memo.get(s);
  if (out === void 0) {
    if (memo.size > 2e5) memo.clear();
    memo.set(s, out = yamlString(s));
  }
  return out;
}
var keyInfos = /* @__PURE__ */ new Map();
function keyInfo(k) {
  let ki = keyInfos.get(k);
  if (ki === void 0) {
    const bare = str(k) + ":";
    ki = { bare, head: bare + " ", float: FLOAT_KEYS.has(k) };
    if (keyInfos.size < 4096) keyInfos.set(k, ki);
  }
  return ki;
}
function scalar(v, asFloat) {
  if (v === null) return "null";
  switch (typeof v) {
    case "string":
      return str(v);
    case "number":
      return yamlNumber(v, asFloat);
    case "boolean":
      return v ? "true" : "false";
    case "object":
      if (Array.isArray(v)) return v.length === 0 ? "[]" : null;
      for (const k in v) if (v[k] !== void 0) return null;
      return "{}";
    default:
      throw new TypeError(`cannot write a ${typeof v} to YAML`);
  }
}
function definedKeys(o) {
  const keys = [];
  let sorted = true;
  for (const k in o) {
    if (o[k] === void 0) continue;
    if (sorted && keys.length && keys[keys.length - 1] > k) sorted = false;
    keys.push(k);
  }
  return sorted ? keys : keys.sort((a, b) => a < b ? -1 : a > b ? 1 : 0);
}
var pads = [];
var pad = (n) => pads[n] ??= " ".repeat(n);
function mapping(o, indent, first) {
  let out = "";
  let lead = first ?? pad(indent);
  for (const k of definedKeys(o)) {
    out += pair(lead, k, o[k], indent);
    lead = pad(indent);
  }
  return out;
}
function pair(lead, k, v, indent) {
  const ki = keyInfo(k);
  const s = scalar(v, ki.float);
  return s !== null ? lead + ki.head + s + "\n" : lead + ki.bare + "\n" + block(v, indent + 2, ki.float);
}
function block(v, indent, asFloat, first) {
  return Array.isArray(v) ? sequence(v, indent, asFloat, first) : mapping(v, indent, first);
}
function sequence(items, indent, asFloat, first) {
  let out = "";
  let lead = first ?? pad(indent);
  for (const item of items) {
    const s = scalar(item, asFloat);
    if (s !== null) out += lead + "- " + s + "\n";
    else out += block(item, indent + 2, asFloat, lead + "- ");
    lead = pad(indent);
  }
  return out;
}
function dumpYaml(o) {
  return mapping(o, 0) || "\n";
}
var HEADER = "# Experiential state of this repository (spec \xA74.2), written by `akms update` and the review\n# actions. Edit the knowledge, not this file: it is rewritten deterministically.\n";
function normalizeOverlay(ov, limits) {
  const over = (e) => e.session_refs !== void 0 && e.session_refs.length > limits.maxSessionRefs || e.history !== void 0 && e.history.length > limits.maxHistory;
  const given = ov.nodes ?? {};
  let nodes = given;
  for (const id in given) {
    if (!over(given[id])) continue;
    nodes = {};
    for (const [k, entry] of Object.entries(given)) {
      if (!over(entry)) {
        nodes[k] = entry;
        continue;
      }
      const e = { ...entry };
      if (e.session_refs && e.session_refs.length > limits.maxSessionRefs) e.session_refs = e.session_refs.slice(-limits.maxSessionRefs);
      if (e.history && e.history.length > limits.maxHistory) e.history = e.history.slice(-limits.maxHistory);
      nodes[k] = e;
    }
    break;
  }
  return {
    ...ov,
    akms_schema: "v2",
    nodes,
    local_edges: ov.local_edges ?? [],
    session_nodes: ov.session_nodes ?? {},
    suppressed_edges: ov.suppressed_edges ?? []
  };
}
var REUSABLE = /* @__PURE__ */ new Set(["nodes", "session_nodes"]);
var ENTRY = /\n {2}(?! )/g;
var TOP_LEVEL = /\n(?! )/g;
function nextEntry(text, from, end) {
  ENTRY.lastIndex = from - 1;
  const m = ENTRY.exec(text);
  return m && m.index + 1 < end ? m.index + 1 : end;
}
function idAt(text, at) {
  let key;
  try {
    const end = text.charCodeAt(at + 2) === 34 ? text.indexOf('"', at + 3) + 1 : text.indexOf(":", at + 2);
    key = text.slice(at + 2, end);
    const after = text.charCodeAt(at + 3 + key.length);
    if (end <= at + 2 || text.charCodeAt(end) !== 58 || after !== 10 && after !== 32) return null;
    const id = key.startsWith('"') ? JSON.parse(key) : key;
    return typeof id === "string" && str(id) === key ? id : null;
  } catch {
    return null;
  }
}
function entryFor(text, start, end, id) {
  let lo = start;
  let hi = end;
  let found = end;
  while (lo < hi) {
    const mid = lo + (hi - lo >> 1);
    const e = nextEntry(text, mid, end);
    if (e >= hi) {
      hi = mid;
      continue;
    }
    const key = idAt(text, e);
    if (key === null) return null;
    if (key >= id) {
      found = e;
      hi = mid;
    } else lo = e + 1;
  }
  return found;
}
function splicedSection(section, entries, reuse) {
  const text = reuse.text;
  const head = text.indexOf(`
${section}:
`);
  if (head === -1) return null;
  const start = head + section.length + 3;
  TOP_LEVEL.lastIndex = start - 1;
  const top = TOP_LEVEL.exec(text);
  const end = top ? top.index + 1 : text.length;
  const { before, changed } = reuse.sections[section];
  const ids = [...changed].filter((id) => entries[id] !== void 0).sort((a, b) => a < b ? -1 : a > b ? 1 : 0);
  let out = "";
  let copied = start;
  let added = 0;
  for (const id of ids) {
    const at = entryFor(text, copied, end, id);
    if (at === null) return null;
    out += text.slice(copied, at) + pair("  ", id, entries[id], 2);
    if (at < end && idAt(text, at) === id) copied = nextEntry(text, at + 1, end);
    else {
      copied = at;
      added++;
    }
  }
  let count = 0;
  for (const k in entries) if (entries[k] !== void 0) count++;
  return count === before + added ? out + text.slice(copied, end) : null;
}
function overlayText(normalized, reuse) {
  const o = normalized;
  if (!reuse) return HEADER + dumpYaml(o);
  let out = "";
  for (const k of definedKeys(o)) {
    const v = o[k];
    const spliced = REUSABLE.has(k) && scalar(v, false) === null && !Array.isArray(v) ? splicedSection(k, v, reuse) : null;
    out += spliced !== null ? keyInfo(k).bare + "\n" + spliced : pair("", k, v, 0);
  }
  return HEADER + (out || "\n");
}
function dumpOverlay(ov, limits) {
  return overlayText(normalizeOverlay(ov, limits));
}

// core/update/nodes.ts
function sanitizeDraft(text) {
  return text.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "").replace(/<!--/g, "&lt;!--").replace(/^\s*\n/, "").replace(/\s+$/, "");
}
function oneLine(text) {
  return text.replace(/\s+/g, " ").trim();
}
function titleFromId(id) {
  const words = id.replace(/[-_.]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
var MARK = "**Agent-authored, awaiting review.**";
function newNodeText(n) {
  const fm = [
    "---",
    `id: ${yamlString(n.id)}`,
    `title: ${yamlString(n.title)}`,
    `domain: ${yamlString(n.domain)}`,
    "tags:",
    ...n.tags.map((t) => `  - ${yamlString(t)}`),
    "status: tentative",
    `confidence: ${yamlNumber(0.5, true)}`,
    "source: agent",
    `origin_session: ${yamlString(n.session)}`,
    `origin_phase: ${n.phase}`,
    "akms_schema: v2",
    "---"
  ];
  const from = n.suggestedId === n.id ? "" : ` (suggested as \`${n.suggestedId}\`, which was taken)`;
  const body = [
    "",
    `# ${oneLine(n.title)}`,
    "",
    `> ${MARK} Drafted by \`${n.session}\` (phase ${n.phase})${from}; not trusted until a human reviews it:`,
    `> \`akms promote ${n.id}\` to accept, \`akms draft ${n.id}\` to keep it out of loadouts.`,
    ...n.similarTo ? [`> Similar to global node \`${n.similarTo.id}\` (dedup score ${yamlNumber(n.similarTo.score, true)}); global files are never changed, so this is a new local node.`] : [],
    "",
    "## content_draft",
    "",
    n.draft,
    ""
  ];
  return fm.join("\n") + "\n" + body.join("\n");
}
function appendDedupSection(existing, a) {
  const base = existing.endsWith("\n") ? existing : existing + "\n";
  return base + `
<!-- akms:dedup session=${a.session} score=${yamlNumber(a.score, true)} status=pending -->
${MARK} From \`${a.session}\` (new knowledge \`${a.suggestedId}\`): \`akms dedup accept ${a.nodeId}\` or \`akms dedup reject ${a.nodeId}\`.

` + a.draft + "\n<!-- akms:end -->\n";
}
function draftTextOf(body) {
  let text = body;
  const head = /^##[ \t]+content_draft\b.*$/m.exec(body);
  if (head) {
    const rest = body.slice(head.index + head[0].length);
    const next = /^##[ \t]/m.exec(rest);
    text = next ? rest.slice(0, next.index) : rest;
  }
  return text.replace(/<!--[\s\S]*?-->/g, "").replace(/^(?:> )?\*\*Agent-authored, awaiting review\.\*\*.*$/gm, "").replace(/^> `akms promote .*$/gm, "");
}
function allocateId(base, taken) {
  if (!taken(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const id = base.slice(0, 128 - suffix.length) + suffix;
    if (!taken(id)) return id;
  }
}

export {
  dumpYaml,
  HEADER,
  normalizeOverlay,
  overlayText,
  dumpOverlay,
  sanitizeDraft,
  titleFromId,
  newNodeText,
  appendDedupSection,
  draftTextOf,
  allocateId
};
