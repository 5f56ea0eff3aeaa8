import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  parseFrontmatter
} from "./chunk-OBKM57IJ.mjs";
import {
  EXPERIENTIAL_FIELDS,
  EdgeType,
  Id,
  Int,
  IsoDate,
  IsoDateTime,
  LIMITS,
  NonEmpty,
  NonNegInt,
  SchemaTag,
  Severity,
  Source,
  Status,
  TaskId,
  Unit,
  decodeUtf8,
  lazy,
  parseYaml,
  safeCheck,
  zod
} from "./chunk-DWREGR5U.mjs";
import {
  openReadOrNull
} from "./chunk-Q4IS5S6U.mjs";
import {
  AkmsError
} from "./chunk-C3ZMY3KT.mjs";

// core/pyjson.ts
var FLOAT_KEYS = /* @__PURE__ */ new Set(["confidence", "confidence_default", "confidence_floor", "weight", "score"]);
var RAW_TEXT = /* @__PURE__ */ Symbol("akms.pyjson.raw");
function pyFloat(x) {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "-Infinity";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const ax = Math.abs(x);
  if (ax >= 1e-4 && ax < 1e16) {
    const s2 = String(x);
    return s2.includes(".") ? s2 : s2 + ".0";
  }
  const neg = x < 0;
  const e = Math.abs(x).toExponential();
  const [mant, expS] = e.split("e");
  const digits = mant.replace(".", "");
  const exp = Number(expS);
  const decpt = exp + 1;
  let s;
  if (decpt <= -4 || decpt > 16) {
    s = digits[0] + (digits.length > 1 ? "." + digits.slice(1) : "") + "e" + (exp < 0 ? "-" : "+") + String(Math.abs(exp)).padStart(2, "0");
  } else if (decpt <= 0) {
    s = "0." + "0".repeat(-decpt) + digits;
  } else if (decpt >= digits.length) {
    s = digits + "0".repeat(decpt - digits.length) + ".0";
  } else {
    s = digits.slice(0, decpt) + "." + digits.slice(decpt);
  }
  return neg ? "-" + s : s;
}
function pyInt(x) {
  return Number.isSafeInteger(x) ? String(x) : BigInt(x).toString();
}
var SAFE = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
function pyString(s) {
  if (SAFE.test(s)) return '"' + s + '"';
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 34) out += '\\"';
    else if (c === 92) out += "\\\\";
    else if (c === 10) out += "\\n";
    else if (c === 13) out += "\\r";
    else if (c === 9) out += "\\t";
    else if (c === 8) out += "\\b";
    else if (c === 12) out += "\\f";
    else if (c < 32 || c > 126) out += "\\u" + c.toString(16).padStart(4, "0");
    else out += s[i];
  }
  return out + '"';
}
function cmpKeys(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
var keyInfos = /* @__PURE__ */ new Map();
function keyInfo(k) {
  let ki = keyInfos.get(k);
  if (ki === void 0) {
    ki = { name: k, float: FLOAT_KEYS.has(k), heads: [], firstHeads: [], quoted: [] };
    if (keyInfos.size < 4096) keyInfos.set(k, ki);
  }
  return ki;
}
function headOf(ki, depth, first) {
  const list = first ? ki.firstHeads : ki.heads;
  let h = list[depth];
  if (h === void 0) {
    h = (first ? "{\n" : ",\n") + indentOf(depth + 1) + pyString(ki.name) + ": ";
    list[depth] = h;
  }
  return h;
}
function quotedHeadOf(ki, depth, first) {
  return ki.quoted[depth * 2 + (first ? 1 : 0)] ??= headOf(ki, depth, first) + '"';
}
var floatCache = /* @__PURE__ */ new Map();
function floatText(x) {
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  let s = floatCache.get(x);
  if (s === void 0) {
    s = pyFloat(x);
    if (floatCache.size < 65536) floatCache.set(x, s);
  }
  return s;
}
function plainAscii(s) {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || c > 126 || c === 34 || c === 92) return false;
  }
  return true;
}
var shapeRaw = [];
var shapeSorted = [];
var scratchKeys = [];
function sortedKeys(obj, depth) {
  let n = 0;
  for (const k in obj) if (obj[k] !== void 0) scratchKeys[n++] = k;
  const raw = shapeRaw[depth];
  if (raw !== void 0 && raw.length === n) {
    let i = 0;
    while (i < n && raw[i] === scratchKeys[i]) i++;
    if (i === n) return shapeSorted[depth];
  }
  const keys = scratchKeys.slice(0, n);
  const sorted = keys.slice().sort(cmpKeys).map(keyInfo);
  shapeRaw[depth] = keys;
  shapeSorted[depth] = sorted;
  return sorted;
}
var indents = [""];
function indentOf(depth) {
  while (indents.length <= depth) indents.push(indents[indents.length - 1] + "  ");
  return indents[depth];
}
var closers = [];
function closerOf(depth, bracket) {
  const i = depth * 2 + (bracket === "]" ? 1 : 0);
  return closers[i] ??= "\n" + indentOf(depth) + bracket;
}
var itemHeads = [];
function itemHeadOf(depth, first) {
  const i = depth * 2 + (first ? 1 : 0);
  return itemHeads[i] ??= (first ? "[\n" : ",\n") + indentOf(depth + 1);
}
var quotedItemHeads = [];
function quotedItemHeadOf(depth, first) {
  return quotedItemHeads[depth * 2 + (first ? 1 : 0)] ??= itemHeadOf(depth, first) + '"';
}
function put(v, depth, asFloat, out) {
  if (v === null || v === void 0) {
    out.push("null");
    return;
  }
  switch (typeof v) {
    case "string":
      if (plainAscii(v)) out.push('"', v, '"');
      else out.push(pyString(v));
      return;
    case "number":
      out.push(asFloat || !Number.isInteger(v) ? floatText(v) : pyInt(v));
      return;
    case "boolean":
      out.push(v ? "true" : "false");
      return;
    case "object": {
      if (Array.isArray(v)) {
        const len = v.length;
        if (len === 0) {
          out.push("[]");
          return;
        }
        for (let i = 0; i < len; i++) {
          const item = v[i];
          if (typeof item === "string" && plainAscii(item)) out.push(quotedItemHeadOf(depth, i === 0), item, '"');
          else {
            out.push(itemHeadOf(depth, i === 0));
            put(item, depth + 1, asFloat, out);
          }
        }
        out.push(closerOf(depth, "]"));
        return;
      }
      const raw = v[RAW_TEXT];
      if (raw !== void 0 && raw.depth === depth) {
        out.push(raw.text);
        return;
      }
      const obj = v;
      const keys = sortedKeys(obj, depth);
      const n = keys.length;
      if (n === 0) {
        out.push("{}");
        return;
      }
      for (let i = 0; i < n; i++) {
        const ki = keys[i];
        const value = obj[ki.name];
        if (typeof value === "string" && plainAscii(value)) out.push(quotedHeadOf(ki, depth, i === 0), value, '"');
        else {
          out.push(headOf(ki, depth, i === 0));
          put(value, depth + 1, ki.float, out);
        }
      }
      out.push(closerOf(depth, "}"));
      return;
    }
    default:
      throw new TypeError(`cannot serialise ${typeof v}`);
  }
}
var Sink = class {
  constructor(max) {
    this.max = max;
  }
  max;
  chunks = [];
  parts = [];
  size = 0;
  add(s) {
    this.parts.push(s);
    this.size += s.length;
    if (this.size >= this.max) this.end();
  }
  end() {
    if (this.parts.length) this.chunks.push(this.parts.join(""));
    this.parts = [];
    this.size = 0;
  }
};
var pieces = [];
function joined(v, depth, asFloat) {
  pieces.length = 0;
  put(v, depth, asFloat, pieces);
  const s = pieces.join("");
  pieces.length = 0;
  return s;
}
function write(v, depth, asFloat, sink) {
  if (v === null || typeof v !== "object") return sink.add(joined(v, depth, asFloat));
  if (Array.isArray(v)) {
    if (v.length <= 64) return sink.add(joined(v, depth, asFloat));
    for (let i = 0; i < v.length; i++) {
      sink.add(itemHeadOf(depth, i === 0));
      sink.add(joined(v[i], depth + 1, asFloat));
    }
    return sink.add(closerOf(depth, "]"));
  }
  const obj = v;
  const keys = sortedKeys(obj, depth).slice();
  if (keys.length === 0) return sink.add("{}");
  for (let i = 0; i < keys.length; i++) {
    const ki = keys[i];
    sink.add(headOf(ki, depth, i === 0));
    write(obj[ki.name], depth + 1, ki.float, sink);
  }
  sink.add(closerOf(depth, "}"));
}
function pyJsonText(v, depth) {
  return joined(v, depth, false);
}
function pyJsonDumps(v) {
  return pyJsonChunks(v).join("");
}
function pyJsonChunks(v, chunkChars = 256 * 1024) {
  const sink = new Sink(chunkChars);
  write(v, 0, false, sink);
  sink.add("\n");
  sink.end();
  return sink.chunks;
}

// core/compiler/merge.ts
var NOT_APPLIED = /* @__PURE__ */ new Set(["history"]);
function appliedKeys(entry) {
  if (entry === void 0) return [];
  return Object.keys(entry).filter((k) => !NOT_APPLIED.has(k) && entry[k] !== void 0);
}
function applyOverride(node, entry) {
  for (const k of appliedKeys(entry)) node[k] = entry[k];
}
var byId = (a, b) => a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
function toGraphNode(node, origin) {
  const declared = node.edges;
  node.edges = void 0;
  node.confidence_default = node.confidence;
  node.node_origin = origin;
  if (node.activations === void 0) node.activations = 0;
  if (node.last_activated === void 0) node.last_activated = null;
  if (origin === "code-mirror") {
    node.source = "generated";
    node.auto_update = true;
  }
  return declared;
}
function editable(node) {
  const raw = node[RAW_TEXT];
  if (raw === void 0) return node;
  if (raw.stub) return JSON.parse(raw.text);
  node[RAW_TEXT] = void 0;
  return node;
}
function sessionGraphNode(id, s) {
  return {
    ...s,
    id,
    domain: "session",
    auto_update: true,
    node_origin: "local",
    status: "established",
    confidence: 1,
    confidence_default: 1,
    source: "agent",
    akms_schema: "v2",
    activations: s.activations ?? 0,
    last_activated: s.last_activated ?? null
  };
}
function mergeGraph(input) {
  const warnings = [];
  const nodes = /* @__PURE__ */ new Map();
  const shownOf = /* @__PURE__ */ new Map();
  const edges = [];
  const addNode = (src) => {
    const node = src.data;
    const declared = toGraphNode(node, src.origin);
    nodes.set(src.id, node);
    shownOf.set(src.id, src.shown);
    const edgeOrigin = src.origin === "global" ? "global" : "local";
    for (const e of declared ?? []) {
      edges.push({ from: src.id, to: e.to, type: e.type, weight: e.weight, note: e.note, origin: edgeOrigin, file: src.shown });
    }
    if (src.missingDraft) {
      warnings.push({
        code: "MISSING_CONTENT_DRAFT",
        message: "agent-drafted local node has no `## content_draft` section marking its text as agent-authored (spec \xA74.1.4, UR-05)",
        file: src.shown,
        node: src.id
      });
    }
    if (node.context_size === "large" && src.origin !== "code-mirror" && input.summaryOk && !input.summaryOk(src.file)) {
      warnings.push({
        code: "MISSING_SUMMARY",
        message: "a node with context_size: large has no `## Summary` section (spec FR-L11): routing-mode loadouts fall back to its whole text",
        file: src.shown,
        node: src.id
      });
    }
    const ref = node.content_ref;
    if (typeof ref === "string" && ref && !input.contentRefOk(src.origin, ref)) {
      warnings.push({
        code: "MISSING_CONTENT_REF",
        message: `content_ref "${ref}" does not resolve to a file inside its layer root`,
        file: src.shown,
        node: src.id
      });
    }
  };
  for (const g of [...input.globals].sort(byId)) {
    if (nodes.has(g.id)) {
      warnings.push({ code: "DUPLICATE_ID", message: `global id "${g.id}" is also declared by ${shownOf.get(g.id)}; this file is skipped`, file: g.shown, node: g.id });
      continue;
    }
    addNode(g);
  }
  for (const l of [...input.locals].sort(byId)) {
    if (nodes.has(l.id)) {
      const other = nodes.get(l.id);
      warnings.push({
        code: other.node_origin === "global" ? "ID_COLLISION" : "DUPLICATE_ID",
        message: other.node_origin === "global" ? `local node "${l.id}" collides with global node ${shownOf.get(l.id)}; the global node wins and the local one is skipped` : `local id "${l.id}" is also declared by ${shownOf.get(l.id)}; this file is skipped`,
        file: l.shown,
        node: l.id
      });
      continue;
    }
    addNode(l);
  }
  for (const m of [...input.mirrors].sort(byId)) {
    if (nodes.has(m.id)) {
      warnings.push({ code: "DUPLICATE_ID", message: `code-mirror id "${m.id}" is already taken by ${shownOf.get(m.id)}; this mirror is skipped`, file: m.shown, node: m.id });
      continue;
    }
    addNode(m);
  }
  const ov = input.overlay;
  for (const id of Object.keys(ov?.nodes ?? {}).sort()) {
    const override = ov.nodes[id];
    let node = nodes.get(id);
    if (!node) {
      warnings.push({ code: "ORPHANED_OVERLAY", message: `overlay state for "${id}", which no source declares`, file: input.overlayShown, node: id });
      continue;
    }
    if (node.auto_update === true) {
      warnings.push({ code: "AUTO_UPDATE_OVERRIDE", message: `overlay state for auto_update node "${id}" is ignored`, file: input.overlayShown, node: id });
      continue;
    }
    const edited = editable(node);
    if (edited !== node) nodes.set(id, node = edited);
    applyOverride(node, override);
  }
  for (const id of Object.keys(ov?.session_nodes ?? {}).sort()) {
    if (nodes.has(id)) {
      warnings.push({ code: "SESSION_ID_TAKEN", message: `session node id "${id}" is already taken by ${shownOf.get(id)}; the session node is skipped`, file: input.overlayShown, node: id });
      continue;
    }
    nodes.set(id, sessionGraphNode(id, ov.session_nodes[id]));
    shownOf.set(id, input.overlayShown);
  }
  for (const e of ov?.local_edges ?? []) {
    edges.push({ from: e.from, to: e.to, type: e.type, weight: e.weight, note: e.note, origin: "local", file: input.overlayShown, ...e.reports?.length ? { reports: e.reports } : {} });
  }
  const seen = /* @__PURE__ */ new Map();
  const links = [];
  for (const e of edges) {
    if (!nodes.has(e.from)) {
      warnings.push({ code: "DANGLING_EDGE", message: `edge ${e.from} -[${e.type}]-> ${e.to}: source "${e.from}" is not a node`, file: e.file, source: e.from, target: e.to, type: e.type });
      continue;
    }
    const target = nodes.get(e.to);
    if (!target) {
      warnings.push({ code: "DANGLING_EDGE", message: `edge ${e.from} -[${e.type}]-> ${e.to}: target "${e.to}" is not a node`, file: e.file, source: e.from, target: e.to, type: e.type });
      continue;
    }
    if (e.type === "pitfall" && target.domain !== "session") {
      warnings.push({ code: "PITFALL_TARGET", message: `pitfall edge ${e.from} -> ${e.to}: a pitfall edge must target a session node`, file: e.file, source: e.from, target: e.to, type: e.type });
      continue;
    }
    let targets = seen.get(e.from);
    if (targets === void 0) seen.set(e.from, targets = []);
    else if (Array.isArray(targets) ? targets.includes(e.to) : targets.has(e.to)) {
      warnings.push({ code: "DUPLICATE_EDGE", message: `second edge ${e.from} -> ${e.to} (${e.type}) is not stored; the first one wins`, file: e.file, source: e.from, target: e.to, type: e.type });
      continue;
    }
    if (!Array.isArray(targets)) targets.add(e.to);
    else if (targets.push(e.to) > 32) seen.set(e.from, new Set(targets));
    const link = { source: e.from, target: e.to, type: e.type, weight: e.weight, edge_origin: e.origin };
    if (typeof e.note === "string" && e.note !== "") link.note = e.note;
    if (e.reports?.length) link.reports = e.reports.map((r) => ({ ...r }));
    links.push(link);
  }
  links.sort((a, b) => a.source < b.source ? -1 : a.source > b.source ? 1 : a.target < b.target ? -1 : a.target > b.target ? 1 : 0);
  const sortedNodes = [...nodes.values()].sort(byId);
  return {
    directed: true,
    multigraph: false,
    graph: {
      akms_schema: "v2",
      generated_at: "",
      node_count: sortedNodes.length,
      edge_count: links.length,
      global_vault: input.globalVault,
      repo_id: input.repoId,
      warnings
    },
    nodes: sortedNodes,
    links
  };
}

// core/compiler/sources.ts
import { closeSync as closeSync2, fstatSync, openSync, readdirSync, readFileSync, readSync as readSync2 } from "node:fs";
import { isUtf8 } from "node:buffer";
import { join, relative, sep } from "node:path";

// core/schemas/node.ts
var Edge = lazy(
  () => zod.object({
    to: Id,
    type: EdgeType,
    weight: Unit,
    note: zod.string({ error: "must be a string" }).nullable().optional()
  })
);
var RESERVED_DOMAINS = ["session", "code-mirror"];
var nodeShape = lazy(() => ({
  id: Id,
  title: NonEmpty,
  domain: NonEmpty.refine((d) => !RESERVED_DOMAINS.includes(d), {
    error: "`session` and `code-mirror` are system-reserved domains"
  }),
  subdomain: zod.string({ error: "must be a string" }).nullable().optional(),
  tags: zod.array(NonEmpty, { error: "must be a list of tags" }).min(1, { error: "needs at least one tag" }),
  status: Status,
  confidence: Unit,
  source: Source,
  confidence_floor: Unit.nullable().optional(),
  edges: zod.array(Edge, { error: "must be a list of edges" }).nullable().optional(),
  load_with: zod.array(Id, { error: "must be a list of node ids" }).nullable().optional(),
  context_size: zod.enum(["small", "medium", "large"], { error: "must be one of small | medium | large" }).nullable().optional(),
  reading_priority: zod.enum(["full", "summary", "pitfalls-only"], { error: "must be one of full | summary | pitfalls-only" }).nullable().optional(),
  content_ref: zod.string({ error: "must be a relative path string" }).nullable().optional(),
  akms_schema: SchemaTag
}));
var GlobalNode = lazy(
  () => zod.looseObject(nodeShape).superRefine((n, ctx) => {
    for (const f of EXPERIENTIAL_FIELDS) {
      if (f in n) {
        ctx.addIssue({
          code: "custom",
          path: [f],
          message: "experiential fields are not allowed in a global node (they live in local_state.yaml)"
        });
      }
    }
    if (n.source === "generated") {
      ctx.addIssue({ code: "custom", path: ["source"], message: "`generated` is reserved for code-mirror nodes; use human, agent or hybrid" });
    }
  })
);
var experiential = lazy(() => ({
  activations: NonNegInt.optional(),
  last_activated: IsoDate.nullable().optional(),
  activated_by_tasks: zod.array(zod.string()).nullable().optional(),
  session_refs: zod.array(zod.string()).nullable().optional(),
  origin_session: Id.nullable().optional(),
  origin_phase: Int.nullable().optional()
}));
var LocalNode = lazy(
  () => zod.looseObject({ ...nodeShape, ...experiential }).superRefine((n, ctx) => {
    if (n.source !== "agent" && n.source !== "human") {
      ctx.addIssue({
        code: "custom",
        path: ["source"],
        message: `a local node's source must be agent or human (found ${n.source}); generated is reserved for code-mirror nodes`
      });
    }
    if ("auto_update" in n) {
      ctx.addIssue({ code: "custom", path: ["auto_update"], message: "auto_update appears only in generated code-mirror nodes" });
    }
  })
);
var MirrorNode = lazy(
  () => zod.looseObject({
    id: Id,
    title: NonEmpty,
    domain: zod.literal("code-mirror", { error: "must be code-mirror" }),
    status: zod.enum(["established", "draft"], { error: "must be established (or draft when its docstrings drift)" }),
    confidence: zod.literal(1, { error: "must be 1.0" }),
    source: zod.literal("generated", { error: "must be generated" }),
    auto_update: zod.literal(true, { error: "must be true" }),
    content_ref: NonEmpty,
    source_file: NonEmpty,
    generated_at: IsoDateTime,
    generated_by_phase: Int.nullable(),
    akms_schema: SchemaTag
  }).superRefine((n, ctx) => {
    for (const f of ["tags", "edges"]) {
      if (f in n) ctx.addIssue({ code: "custom", path: [f], message: `a code-mirror node has no ${f} (spec \xA74.7)` });
    }
  })
);
function hasContentDraft(body) {
  return /^##\s+content_draft\b/m.test(body);
}

// core/schemas/overlay.ts
var HistoryEntry = lazy(
  () => zod.object({
    date: zod.string({ error: "must be an ISO date string" }),
    confidence: Unit,
    cause: NonEmpty
  })
);
var NodeOverride = lazy(
  () => zod.looseObject({
    confidence: Unit.optional(),
    activations: NonNegInt.optional(),
    last_activated: IsoDate.nullable().optional(),
    activated_by_tasks: zod.array(NonEmpty).optional(),
    session_refs: zod.array(NonEmpty).optional(),
    /** A review action's per-repository suppression of a global node. */
    status: zod.literal("draft", { error: "an overlay status override can only be draft" }).optional(),
    history: zod.array(HistoryEntry).optional()
  })
);
var PitfallReportEntry = lazy(
  () => zod.object({
    weight: Unit,
    severity: Severity,
    note: zod.string(),
    task_id: TaskId.optional()
  })
);
var LocalEdge = lazy(
  () => zod.object({
    from: Id,
    to: Id,
    type: EdgeType,
    weight: Unit,
    note: zod.string().nullable().optional(),
    reports: zod.array(PitfallReportEntry).optional()
  })
);
var OUTCOME_VALUES = ["success", "complete", "partial", "failed", "deferred"];
var SessionNodeEntry = lazy(
  () => zod.looseObject({
    title: NonEmpty,
    tags: zod.array(NonEmpty).optional(),
    outcome: zod.enum(OUTCOME_VALUES, { error: `must be one of ${OUTCOME_VALUES.join(" | ")}` }),
    content_ref: NonEmpty,
    phase: NonNegInt,
    source_hash: zod.string().optional(),
    unanchored_pitfalls: zod.array(zod.looseObject({ description: NonEmpty, severity: Severity })).optional(),
    new_knowledge: zod.array(zod.looseObject({ score: Unit.nullable().optional() })).optional()
  })
);
var Overlay = lazy(
  () => zod.looseObject({
    akms_schema: SchemaTag,
    repo_id: zod.string().nullable().optional(),
    nodes: zod.record(Id, NodeOverride).nullable().optional(),
    local_edges: zod.array(LocalEdge, { error: "must be a list of edges (write [] for none)" }).optional(),
    session_nodes: zod.record(Id, SessionNodeEntry).nullable().optional(),
    suppressed_edges: zod.array(zod.unknown()).max(0, { error: "is reserved in v2 and MUST be an empty list []" }).nullable().optional()
  })
);

// core/compiler/read-head.ts
import { closeSync, readSync } from "node:fs";
var HEAD_BYTES = 16 * 1024;
var headBuf = Buffer.allocUnsafe(HEAD_BYTES);
function frontmatterEnd(buf, len) {
  if (len < 4 || buf[0] !== 45 || buf[1] !== 45 || buf[2] !== 45) return -1;
  let i = buf.indexOf(10, 0);
  while (i >= 0 && i < len) {
    const start = i + 1;
    if (start + 3 <= len && buf[start] === 45 && buf[start + 1] === 45 && buf[start + 2] === 45) {
      let j = start + 3;
      while (j < len && (buf[j] === 32 || buf[j] === 9 || buf[j] === 13)) j++;
      if (j === len) return len;
      if (buf[j] === 10) return j + 1;
    }
    i = buf.indexOf(10, start);
  }
  return -1;
}
function readKnownSize(file, wholeFile, size, maxFileBytes) {
  if (!(size > 0 && size <= maxFileBytes)) return null;
  const fd = openReadOrNull(file);
  if (fd === null) return null;
  try {
    const buf = wholeFile && size >= HEAD_BYTES ? Buffer.allocUnsafe(size + 1) : headBuf;
    const n = readSync(fd, buf, 0, wholeFile ? Math.min(buf.length, size + 1) : Math.min(buf.length, size), 0);
    if (wholeFile) return n === size ? buf.subarray(0, n) : null;
    const end = frontmatterEnd(buf, n);
    return end < 0 ? null : buf.subarray(0, end);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

// core/compiler/node-value.ts
var MERGE_READS = ["id", "edges", "content_ref", "domain", "auto_update", "context_size"];
var NODE_DEPTH = 2;
function jsonAscii(json) {
  return /[^\x00-\x7e]/.test(json) ? json.replace(/[^\x00-\x7e]/g, hex4) : json;
}
function hex4(c) {
  return "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");
}
function jsonSafe(v, depth = 0) {
  if (v === null || v === void 0) return true;
  switch (typeof v) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(v) && !Object.is(v, -0);
    case "object": {
      if (depth > 64) return false;
      if (Array.isArray(v)) {
        for (const x of v) if (x === void 0 || !jsonSafe(x, depth + 1)) return false;
        return true;
      }
      const proto = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null || Object.hasOwn(v, "__proto__")) return false;
      for (const k in v) if (!jsonSafe(v[k], depth + 1)) return false;
      return true;
    }
    default:
      return false;
  }
}
function renderNodeValue(data, origin, consume) {
  const meta = {};
  for (const k of MERGE_READS) if (data[k] !== void 0) meta[k] = data[k];
  const graphNode = consume ? data : { ...data };
  toGraphNode(graphNode, origin);
  const text = pyJsonText(graphNode, NODE_DEPTH);
  return { meta, value: jsonAscii(JSON.stringify(meta)) + "	" + text };
}
function renderStub(data, origin) {
  const { meta, value } = renderNodeValue(data, origin, true);
  return { stub: stubOf(meta, value.slice(value.indexOf("	") + 1)), value };
}
function stubOf(meta, text) {
  if (meta === null || typeof meta !== "object" || Array.isArray(meta) || typeof meta.id !== "string") return void 0;
  const raw = { depth: NODE_DEPTH, text, stub: true };
  meta[RAW_TEXT] = raw;
  return meta;
}
function stubsOf(values, skip) {
  const out = new Array(values.length);
  const metas = [];
  const texts = [];
  const at = [];
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === void 0) continue;
    const start = skip(value);
    const tab = value.indexOf("	", start);
    if (tab < 0) continue;
    metas.push(value.slice(start, tab));
    texts.push(value.slice(tab + 1));
    at.push(i);
  }
  let parsed = null;
  try {
    const all = JSON.parse("[" + metas.join(",") + "]");
    if (Array.isArray(all) && all.length === metas.length) parsed = all;
  } catch {
  }
  for (let k = 0; k < at.length; k++) {
    let meta;
    if (parsed !== null) meta = parsed[k];
    else {
      try {
        meta = JSON.parse(metas[k]);
      } catch {
        continue;
      }
    }
    out[at[k]] = stubOf(meta, texts[k]);
  }
  return out;
}

// core/compiler/sources.ts
function listMarkdown(dir, shownPrefix, recursive = false) {
  const out = [];
  const walk = (d) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch (e) {
      const code = e.code;
      if (code === "ENOENT" || code === "ENOTDIR") return;
      throw e;
    }
    for (const ent of entries) {
      const full = join(d, ent.name);
      if (ent.isDirectory()) {
        if (recursive && !ent.name.startsWith(".")) walk(full);
      } else if ((ent.isFile() || ent.isSymbolicLink()) && ent.name.endsWith(".md") && !ent.name.startsWith(".")) {
        out.push({ file: full, shown: shownPrefix + relative(dir, full).split(sep).join("/"), ...ent.isSymbolicLink() ? { link: true } : {} });
      }
    }
  };
  walk(dir);
  out.sort((a, b) => a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
  return out;
}
var headBuf2 = Buffer.allocUnsafe(HEAD_BYTES);
function decode(buf, shown) {
  if (!isUtf8(buf)) return decodeUtf8(buf, shown);
  const text = buf.toString("utf8");
  return text.charCodeAt(0) === 65279 ? text.slice(1) : text;
}
function readSource(file, shown, wholeFile, size) {
  if (size !== void 0) {
    const bytes = readKnownSize(file, wholeFile, size, LIMITS.maxFileBytes);
    if (bytes !== null) return decode(bytes, shown);
  }
  const fd = openSync(file, "r");
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new AkmsError("NOT_A_FILE", "is not a regular file", { file: shown });
    if (st.size > LIMITS.maxFileBytes) {
      throw new AkmsError("TOO_LARGE", `file is too large (${st.size} bytes, limit ${LIMITS.maxFileBytes})`, {
        file: shown,
        hint: "split the node, or move the content to a content_ref target"
      });
    }
    if (!wholeFile) {
      const n = readSync2(fd, headBuf2, 0, Math.min(HEAD_BYTES, st.size), 0);
      const end = frontmatterEnd(headBuf2, n);
      if (end >= 0) return decode(headBuf2.subarray(0, end), shown);
    }
    const all = Buffer.allocUnsafe(st.size);
    let off = 0;
    while (off < st.size) {
      const n = readSync2(fd, all, off, st.size - off, off);
      if (n === 0) break;
      off += n;
    }
    return decode(all.subarray(0, off), shown);
  } finally {
    closeSync2(fd);
  }
}
function asProblems(e, shown) {
  if (e instanceof AkmsError) {
    const head = { file: e.file ?? shown, line: e.line, field: e.field, message: e.message, hint: e.hint };
    return e.problems.length ? e.problems.map((p) => ({ ...p, file: p.file ?? shown })) : [head];
  }
  return [{ file: shown, message: e.message }];
}
var SCHEMAS = { global: GlobalNode, local: LocalNode, "code-mirror": MirrorNode };
function readNode(item, origin) {
  try {
    const text = readSource(item.file, item.shown, origin === "local", item.size);
    const fm = parseFrontmatter(text, item.shown);
    const r = safeCheck(SCHEMAS[origin], fm.data, { file: item.shown, text: fm.yaml, firstLine: fm.firstLine });
    if (!r.ok) return { problems: r.problems };
    const data = r.data;
    const missingDraft = origin === "local" && data.source === "agent" && !hasContentDraft(fm.body);
    return { node: { id: data.id, origin, file: item.file, shown: item.shown, data, missingDraft }, problems: [] };
  } catch (e) {
    return { problems: asProblems(e, item.shown) };
  }
}
function readShare(job, render = false) {
  const nodes = [];
  const problems = [];
  for (const item of job.items) {
    const r = readNode(item, job.origin);
    const node = r.node;
    if (node) {
      if (render && jsonSafe(node.data)) {
        const { stub, value } = renderStub(node.data, node.origin);
        node.data = stub;
        node.value = value;
      }
      nodes.push(node);
    } else problems.push(...r.problems);
  }
  return { nodes, problems };
}
function readOverlay(file, shown) {
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    if (e.code === "ENOENT") return { overlay: null, problems: [] };
    throw e;
  }
  try {
    const text = decode(bytes, shown);
    const data = parseYaml(text, { file: shown });
    if (data === null || data === void 0) {
      return { overlay: null, problems: [{ file: shown, line: 1, message: "the overlay is empty", hint: "delete the file or add `akms_schema: v2`" }] };
    }
    const r = safeCheck(Overlay, data, { file: shown, text });
    if (!r.ok) return { overlay: null, problems: r.problems };
    return { overlay: r.data, problems: [] };
  } catch (e) {
    return { overlay: null, problems: asProblems(e, shown) };
  }
}

export {
  FLOAT_KEYS,
  pyString,
  pyJsonText,
  pyJsonDumps,
  pyJsonChunks,
  GlobalNode,
  LocalNode,
  MirrorNode,
  hasContentDraft,
  Overlay,
  appliedKeys,
  applyOverride,
  toGraphNode,
  sessionGraphNode,
  mergeGraph,
  NODE_DEPTH,
  jsonAscii,
  hex4,
  jsonSafe,
  renderNodeValue,
  stubOf,
  stubsOf,
  listMarkdown,
  readNode,
  readShare,
  readOverlay
};
