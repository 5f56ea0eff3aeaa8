import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  readOverlayState,
  rememberOverlay
} from "./chunk-CN7HKROC.mjs";
import {
  allocateId,
  appendDedupSection,
  draftTextOf,
  newNodeText,
  normalizeOverlay,
  overlayText,
  sanitizeDraft,
  titleFromId
} from "./chunk-SPJIBC4O.mjs";
import {
  NodeFiles
} from "./chunk-B4QPU3Q7.mjs";
import {
  HEAD,
  TAIL,
  buildLocked,
  compileGraph
} from "./chunk-GNOMD4OV.mjs";
import {
  commitTransaction,
  crashPoint,
  finishTransaction,
  hasPendingTransaction,
  recoverPendingTransaction
} from "./chunk-EUE77RB2.mjs";
import {
  withLock
} from "./chunk-W24I3PEA.mjs";
import {
  AgentMemory,
  Pcd
} from "./chunk-2ZAOF5AY.mjs";
import {
  hasContentDraft,
  pyString
} from "./chunk-2N2TC7TM.mjs";
import {
  parseFrontmatter,
  splitFrontmatter
} from "./chunk-OBKM57IJ.mjs";
import {
  ID_PATTERN,
  LIMITS,
  PITFALL_WEIGHT,
  TASK_ID_PATTERN,
  checkSchema,
  decodeUtf8,
  fieldPath,
  lineLocator,
  lineOfPath,
  parseYaml
} from "./chunk-DWREGR5U.mjs";
import {
  displayPath,
  readBytesIfExists,
  realpathOrNull,
  sha256
} from "./chunk-Q4IS5S6U.mjs";
import {
  AkmsError,
  NotFoundError,
  StateError,
  ValidationError
} from "./chunk-C3ZMY3KT.mjs";

// core/update/documents.ts
import { readFileSync, statSync } from "node:fs";
import { extname, resolve } from "node:path";
function sessionOfTask(taskId) {
  return `session-${taskId.toLowerCase()}`;
}
var KIND_LABEL = { "agent-memory": "AgentMemory", pcd: "PCD" };
var RESERVED_DOMAINS = /* @__PURE__ */ new Set(["session", "code-mirror"]);
function problemsOf(e, shown) {
  if (e instanceof AkmsError) {
    const head = { code: e.code, file: e.file ?? shown, line: e.line, field: e.field, message: e.message, hint: e.hint };
    return e.problems.length ? e.problems.map((p) => ({ ...p, file: p.file ?? shown })) : [head];
  }
  throw e;
}
function readBytes(abs, shown) {
  let size;
  try {
    const st = statSync(abs);
    if (!st.isFile()) throw new AkmsError("NOT_A_FILE", "is not a regular file", { file: shown, hint: "pass AgentMemory or PCD files" });
    size = st.size;
  } catch (e) {
    if (e.code === "ENOENT") {
      throw new AkmsError("NOT_FOUND", "no such file", { file: shown, hint: "check the path of the document" });
    }
    throw e;
  }
  if (size > LIMITS.maxFileBytes) {
    throw new AkmsError("TOO_LARGE", `the document is too large (${size} bytes, limit ${LIMITS.maxFileBytes})`, {
      file: shown,
      hint: "an AgentMemory or PCD is a few kilobytes; check that this is the right file"
    });
  }
  return readFileSync(abs);
}
function detectKind(data, shown) {
  const has = (k) => Object.prototype.hasOwnProperty.call(data, k);
  if (has("next_phase_warnings") || has("plan_file")) return "pcd";
  if (has("task_id") || has("task_description") || has("agent_model")) return "agent-memory";
  throw new ValidationError("cannot tell whether this is an AgentMemory or a PCD", {
    file: shown,
    line: 1,
    hint: "an AgentMemory has task_id (spec \xA74.3); a PCD has plan_file and next_phase_warnings (spec \xA74.4)"
  });
}
function at(src, path, message, hint) {
  src.locate ??= lineLocator(src.yaml, src.firstLine);
  return { file: src.file, line: src.locate(path), field: fieldPath(path), message, ...hint ? { hint } : {} };
}
function semanticProblems(kind, d, src, sessionId) {
  const out = [];
  const list = (k) => Array.isArray(d[k]) ? d[k] : [];
  const counts = (o, path) => {
    if (typeof o.tests_passed === "number" && typeof o.tests_total === "number" && o.tests_passed > o.tests_total) {
      out.push(at(src, [...path, "tests_passed"], `is ${o.tests_passed}, more than tests_total (${o.tests_total})`, "tests_passed counts passing tests out of tests_total"));
    }
  };
  counts(d, []);
  if (kind === "pcd") list("tasks").forEach((t, i) => counts(t, ["tasks", i]));
  if (!ID_PATTERN.test(sessionId)) {
    const field = kind === "pcd" ? "phase_id" : "task_id";
    out.push(at(src, [field], `gives the session id "${sessionId}", which is not a valid id (at most 128 characters)`, `shorten ${field}`));
  }
  for (const section of ["nodes_used", "pitfalls_discovered", "new_knowledge"]) {
    list(section).forEach((e, i) => {
      for (const k of ["confidence", "weight"]) {
        if (!(k in e)) continue;
        const v = e[k];
        if (typeof v !== "number" || !(v >= 0 && v <= 1)) {
          out.push(at(src, [section, i, k], "must be a number between 0.0 and 1.0", "confidence changes come from the update rules; remove the field or fix its value"));
        }
      }
    });
  }
  for (const section of ["new_knowledge", "nodes_missing"]) {
    list(section).forEach((e, i) => {
      if (typeof e.domain === "string" && RESERVED_DOMAINS.has(e.domain)) {
        out.push(at(src, [section, i, "domain"], `"${e.domain}" is a system-reserved domain`, "use the knowledge's own domain"));
      }
    });
  }
  list("new_knowledge").forEach((e, i) => {
    if (typeof e.content_draft === "string" && /^[\s\u0000-\u001f\u007f]*$/.test(e.content_draft)) {
      out.push(at(src, ["new_knowledge", i, "content_draft"], "holds no text", "write the drafted knowledge, or drop the entry"));
    }
  });
  if (kind === "pcd") {
    list("nodes_used").forEach((e, i) => {
      if ("task_id" in e && !(typeof e.task_id === "string" && TASK_ID_PATTERN.test(e.task_id))) {
        out.push(at(src, ["nodes_used", i, "task_id"], "must be a task id (^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$)"));
      }
    });
  }
  return out;
}
function readOne(abs, shown) {
  return parseDocument(readBytes(abs, shown), abs, shown);
}
function parseDocument(bytes, abs, shown) {
  const text = decodeUtf8(bytes, shown);
  if (text.trim() === "") {
    throw new ValidationError("the document is empty", { file: shown, line: 1, hint: "an update needs an AgentMemory (spec \xA74.3) or a PCD (spec \xA74.4)" });
  }
  let yaml;
  let firstLine;
  let data;
  const ext = extname(abs).toLowerCase();
  if (ext === ".yaml" || ext === ".yml") {
    yaml = text;
    firstLine = 1;
    data = parseYaml(text, { file: shown });
    if (data === null || data === void 0) throw new ValidationError("the document is empty", { file: shown, line: 1, hint: "add the document's fields" });
    if (typeof data !== "object" || Array.isArray(data)) throw new ValidationError("the document must be a YAML mapping (key: value lines)", { file: shown, line: 1 });
  } else {
    const fm = parseFrontmatter(text, shown);
    yaml = fm.yaml;
    firstLine = fm.firstLine;
    data = fm.data;
  }
  const raw = data;
  const kind = detectKind(raw, shown);
  const src = { file: shown, yaml, firstLine };
  const located = { file: shown, text: yaml, firstLine };
  const parsed = kind === "pcd" ? checkSchema(Pcd, raw, located, "PCD") : checkSchema(AgentMemory, raw, located, "AgentMemory");
  const taskId = kind === "agent-memory" ? parsed.task_id : null;
  const sessionId = kind === "pcd" ? `session-phase${parsed.phase_id}` : sessionOfTask(taskId);
  const problems = semanticProblems(kind, raw, src, sessionId);
  if (problems.length) throw new ValidationError(problems[0].message, { file: shown, problems });
  const when = kind === "pcd" ? parsed.date : parsed.timestamp;
  return {
    file: abs,
    shown,
    bytes,
    hash: sha256(bytes),
    kind,
    yaml,
    firstLine,
    data: parsed,
    sessionId,
    taskId,
    phase: parsed.phase_id,
    date: when.slice(0, 10)
  };
}
function reject(problems, what) {
  const files = new Set(problems.map((p) => p.file));
  const first = problems[0];
  throw new AkmsError(
    problems.length === 1 ? first.code ?? "VALIDATION" : "VALIDATION",
    problems.length === 1 ? first.message : `${problems.length} problems in ${files.size} ${what}${files.size === 1 ? "" : "s"}; nothing was changed`,
    {
      file: first.file,
      line: first.line,
      field: first.field,
      hint: problems.length === 1 ? first.hint ?? "fix the document; nothing was changed" : "fix every problem listed; nothing was changed",
      problems: problems.length > 1 ? problems : []
    }
  );
}
function readDocuments(files, opts) {
  const problems = [];
  const docs = [];
  for (const f of files) {
    const abs = resolve(opts.cwd, f);
    const shown = displayPath(opts.repo, abs);
    try {
      docs.push(readOne(abs, shown));
    } catch (e) {
      problems.push(...problemsOf(e, shown));
    }
  }
  const seen = /* @__PURE__ */ new Map();
  for (const d of docs) {
    const other = seen.get(d.sessionId);
    if (other) {
      const field = d.kind === "pcd" ? "phase_id" : "task_id";
      problems.push({
        file: d.shown,
        line: lineOfPath(d.yaml, [field], d.firstLine),
        field,
        message: `gives session ${d.sessionId}, like ${other.shown}: one call applies each ${d.kind === "pcd" ? "phase" : "task"} once`,
        hint: "pass each document once (a PCD per phase, an AgentMemory per task)"
      });
    } else seen.set(d.sessionId, d);
  }
  if (problems.length) reject(problems, "document");
  return docs;
}
function checkNodeRefs(docs, node) {
  const problems = [];
  for (const d of docs) {
    const src = { file: d.shown, yaml: d.yaml, firstLine: d.firstLine };
    (d.data.nodes_used ?? []).forEach((u, i) => {
      if (!node(u.id)) {
        problems.push(at(src, ["nodes_used", i, "id"], `unknown node id "${u.id}": no node of the compiled graph has it`, "use an id from the graph (`akms query`), or list the missing knowledge under nodes_missing"));
      }
    });
    (d.data.pitfalls_discovered ?? []).forEach((p, i) => {
      if (p.node_ref === null) return;
      const n = node(p.node_ref);
      if (!n) {
        problems.push(at(src, ["pitfalls_discovered", i, "node_ref"], `unknown node id "${p.node_ref}": no node of the compiled graph has it`, "use an existing node's id, or null for a pitfall with no node"));
      } else if (n.domain === "session" || n.domain === "code-mirror") {
        problems.push(at(src, ["pitfalls_discovered", i, "node_ref"], `"${p.node_ref}" is a ${n.domain} node; a pitfall hangs on a domain node`, "name the domain node the pitfall is about, or null"));
      }
    });
  }
  if (problems.length) reject(problems, "document");
}

// core/update/graph-view.ts
import { isAscii } from "node:buffer";
import { closeSync, fstatSync, openSync, readFileSync as readFileSync2 } from "node:fs";
function viewOfDoc(doc) {
  const nodes = /* @__PURE__ */ new Map();
  const inn = /* @__PURE__ */ new Map();
  for (const n of doc.nodes) nodes.set(n.id, n);
  for (const l of doc.links) {
    let list = inn.get(l.target);
    if (!list) inn.set(l.target, list = []);
    list.push(l);
  }
  return {
    node: (id) => nodes.get(id),
    has: (id) => nodes.has(id),
    predecessors: (id) => inn.get(id) ?? [],
    inDomain: (domain) => [...nodes.values()].filter((n) => n.domain === domain)
  };
}
var NODE_OPEN = "\n    {\n";
var NODE_CLOSE = "\n    }";
var ID_KEY = '\n      "id": "';
var TARGET_KEY = '\n      "target": "';
var QUOTE = 34;
var COMMA = 44;
var NEWLINE = 10;
var Unexpected = class extends Error {
};
var escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
var IndexedGraph = class {
  constructor(buf, links, nodesAt) {
    this.buf = buf;
    this.links = links;
    this.nodesAt = nodesAt;
  }
  buf;
  links;
  nodesAt;
  preds = /* @__PURE__ */ new Map();
  parsed = /* @__PURE__ */ new Map();
  found = /* @__PURE__ */ new Map();
  linksText = null;
  valueAt(keyAt, key) {
    const start = keyAt + key.length;
    return this.buf.toString("latin1", start, this.buf.indexOf(QUOTE, start));
  }
  /** Position of the node's `"id"` line: binary search, the nodes being sorted by id. */
  locate(id) {
    const hit = this.found.get(id);
    if (hit !== void 0) return hit;
    let [lo, hi] = this.nodesAt;
    let at2 = -1;
    while (lo < hi) {
      const mid = lo + (hi - lo >> 1);
      const p = this.buf.indexOf(ID_KEY, mid, "latin1");
      if (p === -1 || p >= hi) {
        hi = mid;
        continue;
      }
      const key = this.valueAt(p, ID_KEY);
      if (key === id) {
        at2 = p;
        break;
      }
      if (key < id) lo = p + ID_KEY.length;
      else hi = mid;
    }
    if (at2 === -1) {
      const needle = Buffer.from(`${ID_KEY}${id}"`, "utf8");
      for (let i = this.buf.indexOf(needle, this.nodesAt[0]); i !== -1; i = this.buf.indexOf(needle, i + 1)) {
        const next = this.buf[i + needle.length];
        if (next === COMMA || next === NEWLINE) throw new Unexpected("nodes are not sorted by id");
      }
    }
    this.found.set(id, at2);
    return at2;
  }
  /** The whole object around position `at` (an attribute line at 6 spaces of indent). */
  objectAt(at2) {
    let o = this.parsed.get(at2);
    if (!o) {
      const start = this.buf.lastIndexOf(NODE_OPEN, at2, "latin1");
      const end = this.buf.indexOf(NODE_CLOSE, at2, "latin1");
      o = JSON.parse(this.buf.toString("latin1", start + 1, end + NODE_CLOSE.length));
      this.parsed.set(at2, o);
    }
    return o;
  }
  node(id) {
    const at2 = this.locate(id);
    return at2 === -1 ? void 0 : this.objectAt(at2);
  }
  has(id) {
    return this.locate(id) !== -1;
  }
  /** One pass over the links for every id not searched yet: a regular expression of them all. */
  prefetchPredecessors(ids) {
    const wanted = [...new Set(ids)].filter((id) => !this.preds.has(id));
    if (wanted.length < 2) return;
    const [from, to] = this.links;
    const text = this.linksText ??= this.buf.toString("latin1", from, to);
    for (const id of wanted) this.preds.set(id, []);
    const re = new RegExp(`${escapeRegExp(TARGET_KEY)}(${wanted.map(escapeRegExp).join("|")})"[,
]`, "g");
    for (const m of text.matchAll(re)) this.preds.get(m[1]).push(from + m.index);
  }
  predecessors(id) {
    let at2 = this.preds.get(id);
    if (!at2) {
      at2 = [];
      const needle = Buffer.from(`${TARGET_KEY}${id}"`, "utf8");
      const [from, to] = this.links;
      for (let i = this.buf.indexOf(needle, from); i !== -1 && i < to; i = this.buf.indexOf(needle, i + needle.length)) {
        const next = this.buf[i + needle.length];
        if (next === COMMA || next === NEWLINE) at2.push(i);
      }
      this.preds.set(id, at2);
    }
    return at2.map((i) => this.objectAt(i));
  }
  inDomain(domain) {
    const key = Buffer.from(`
      "domain": ${pyString(domain)}`, "latin1");
    const out = [];
    for (let i = this.buf.indexOf(key, this.nodesAt[0]); i !== -1; i = this.buf.indexOf(key, i + key.length)) {
      const next = this.buf[i + key.length];
      if (next === COMMA || next === NEWLINE) out.push(this.objectAt(i));
    }
    return out;
  }
};
function guarded(indexed, full) {
  let fallback = null;
  const use = (f) => {
    if (!fallback) {
      try {
        return f(indexed);
      } catch (e) {
        if (!(e instanceof Unexpected || e instanceof SyntaxError)) throw e;
        fallback = full();
      }
    }
    return f(fallback);
  };
  return {
    node: (id) => use((g) => g.node(id)),
    has: (id) => use((g) => g.has(id)),
    predecessors: (id) => use((g) => g.predecessors(id)),
    prefetchPredecessors: (ids) => use((g) => g.prefetchPredecessors?.(ids)),
    inDomain: (d) => use((g) => g.inDomain(d))
  };
}
var HEAD2 = Buffer.from(HEAD, "latin1");
var TAIL2 = Buffer.from(TAIL, "latin1");
function readGraphView(file) {
  let fd;
  try {
    fd = openSync(file, "r");
  } catch (e) {
    if (e.code === "ENOENT") return null;
    throw e;
  }
  let bytes;
  let stat;
  try {
    const st = fstatSync(fd);
    stat = [st.size, st.mtimeMs, st.ctimeMs, st.ino];
    bytes = readFileSync2(fd);
  } finally {
    closeSync(fd);
  }
  const view = viewOfBytes(bytes, file);
  view.file = { bytes, stat };
  return view;
}
function viewOfBytes(bytes, file) {
  const full = () => {
    try {
      return viewOfDoc(JSON.parse(bytes.toString("utf8")));
    } catch {
      throw new NotFoundError("graph.json cannot be read", { file, hint: "run `akms build` to recompile it" });
    }
  };
  if (!isAscii(bytes)) return full();
  const links = bytes.indexOf('\n  "links": [', 0, "latin1");
  const multigraph = links > 0 ? bytes.indexOf('\n  "multigraph": ', links, "latin1") : -1;
  const nodes = multigraph > 0 ? bytes.indexOf('\n  "nodes": [', multigraph, "latin1") : -1;
  const laidOut = nodes > multigraph && multigraph > links && links > 0 && bytes.subarray(0, HEAD2.length).equals(HEAD2) && bytes.length >= TAIL2.length && bytes.subarray(bytes.length - TAIL2.length).equals(TAIL2);
  return laidOut ? guarded(new IndexedGraph(bytes, [links, multigraph], [nodes, bytes.length]), full) : full();
}

// core/update/plan.ts
import { existsSync, readFileSync as readFileSync3, statSync as statSync2 } from "node:fs";
import { extname as extname2, join, relative, sep } from "node:path";

// core/update/confidence.ts
function paramsFromConfig(config) {
  const c = config.confidence;
  return {
    boost: c.activation_boost,
    decay: c.local_decay,
    propagationFactor: c.propagation_factor,
    minConfidence: c.min_confidence,
    maxConfidence: c.max_confidence,
    hopLimit: c.hop_limit,
    edgeMultiplier: { ...config.edge_type_propagation }
  };
}
function round6(x) {
  return Math.round(x * 1e6) / 1e6;
}
function clamp(value, floor, p) {
  const low = typeof floor === "number" ? floor : p.minConfidence;
  return round6(Math.max(Math.min(value, p.maxConfidence), low));
}
function applyFeedback(graph, values, entries, p) {
  const steps = [];
  const skipped = [];
  const get = (id) => values.get(id) ?? graph.confidence(id);
  const hits = [];
  for (const e of entries) {
    if (graph.autoUpdate(e.id)) {
      skipped.push(e.id);
      continue;
    }
    if (e.useful) {
      const before = get(e.id);
      const after = clamp(before + p.boost, graph.floor(e.id), p);
      values.set(e.id, after);
      steps.push({ node: e.id, kind: "boost", before, after });
    }
    if (e.coverage === "missing-detail" || e.coverage === "outdated") {
      const before = get(e.id);
      const after = clamp(before * p.decay, graph.floor(e.id), p);
      values.set(e.id, after);
      steps.push({ node: e.id, kind: "hit", before, after, coverage: e.coverage });
      hits.push({ id: e.id, delta: round6(before - after) });
    }
  }
  const spreading = (fs) => fs.filter((f) => f.delta > 0).map((f) => f.id);
  if (p.hopLimit > 0) graph.prefetchPredecessors?.(spreading(hits));
  for (const hit of hits) {
    const reached = /* @__PURE__ */ new Set([hit.id]);
    let frontier = [hit];
    for (let hop = 1; hop <= p.hopLimit && frontier.length; hop++) {
      if (hop > 1) graph.prefetchPredecessors?.(spreading(frontier));
      const next = [];
      for (const f of frontier) {
        if (f.delta <= 0) continue;
        const preds = [...graph.predecessors(f.id)].sort((a, b) => a.source < b.source ? -1 : a.source > b.source ? 1 : 0);
        for (const link of preds) {
          if (reached.has(link.source) || graph.autoUpdate(link.source)) continue;
          const drop = f.delta * p.propagationFactor * (p.edgeMultiplier[link.type] ?? 0) * link.weight;
          if (!(drop > 0)) continue;
          reached.add(link.source);
          const before = get(link.source);
          const after = clamp(before - drop, graph.floor(link.source), p);
          values.set(link.source, after);
          steps.push({ node: link.source, kind: "propagation", before, after, from: f.id, edgeType: link.type, weight: link.weight, hop });
          next.push({ id: link.source, delta: round6(before - after) });
        }
      }
      frontier = next;
    }
  }
  return { steps, skipped };
}
function describeStep(s, p) {
  const num = (x) => String(round6(x));
  switch (s.kind) {
    case "boost":
      return `boost +${num(p.boost)} (useful)`;
    case "hit":
      return `direct hit \xD7${num(p.decay)} (coverage ${s.coverage})`;
    case "propagation":
      return `\u2212${num(s.before - s.after)} from ${s.from} via ${s.edgeType} (weight ${num(s.weight ?? 0)}, hop ${s.hop})`;
  }
}

// core/update/dedup.ts
function tokens(text) {
  return new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? []);
}
function jaccard(a, b) {
  if (a.size === 0 && b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let common = 0;
  for (const t of small) if (large.has(t)) common++;
  return round6(common / (a.size + b.size - common));
}
function dedupText(title, draft) {
  return `${title}
${draft}`;
}
function bestMatch(entry, candidates, threshold) {
  const mine = tokens(entry.text);
  let best = null;
  for (const c of candidates) {
    const score = c.id === entry.id ? 1 : jaccard(mine, tokens(c.text));
    if (!(score > threshold)) continue;
    if (!best || score > best.score || score === best.score && c.id < best.id) best = { id: c.id, origin: c.origin, score };
  }
  return best;
}

// core/update/plan.ts
function posix(p) {
  return p.split(sep).join("/");
}
function emptyOverlay() {
  return { akms_schema: "v2", nodes: {}, local_edges: [], session_nodes: {}, suppressed_edges: [] };
}
function sessionOutcome(status) {
  return status === "complete" ? "success" : status === "failed" ? "failed" : "partial";
}
function pcdOutcome(d) {
  const statuses = new Set(d.tasks.map((t) => t.status));
  if (statuses.size === 0) return "complete";
  return statuses.size === 1 ? [...statuses][0] : "partial";
}
function uniq(xs) {
  return [...new Set(xs)];
}
function checkApplied(docs, ov, graph) {
  const problems = [];
  const fresh = [];
  for (const d of docs) {
    const field = d.kind === "pcd" ? "phase_id" : "task_id";
    const where = () => ({ file: d.shown, line: lineOfPath(d.yaml, [field], d.firstLine), field });
    const reg = ov.session_nodes?.[d.sessionId];
    const regTask = reg?.task_id ?? graph.node(d.sessionId)?.task_id;
    if (reg && d.taskId !== null && typeof regTask === "string" && regTask !== d.taskId && regTask.toLowerCase() === d.taskId.toLowerCase()) {
      problems.push({
        ...where(),
        code: "TASK_ID_CASE",
        message: `task id ${d.taskId} differs only by case from ${regTask}, already applied as ${d.sessionId}`,
        hint: "task ids that differ only by case collide on case-insensitive file systems: give this task its own id"
      });
      continue;
    }
    if (reg) {
      if (reg.source_hash === d.hash) continue;
      problems.push({
        ...where(),
        code: "ALREADY_APPLIED",
        message: reg.source_hash ? `${d.sessionId} was already applied from a different document (source_hash ${reg.source_hash.slice(0, 12)}\u2026, this document ${d.hash.slice(0, 12)}\u2026)` : `${d.sessionId} is already registered in local_state.yaml, not by an update from this document`,
        hint: "applied evidence is never re-applied or changed: give new evidence its own task id (or phase), or pass the document exactly as it was applied"
      });
      continue;
    }
    const other = graph.node(d.sessionId);
    if (other) {
      problems.push({
        ...where(),
        code: "SESSION_ID_TAKEN",
        message: `its session id ${d.sessionId} is already taken by the ${other.node_origin} node "${d.sessionId}"`,
        hint: "rename that node, or give this document another task id"
      });
      continue;
    }
    fresh.push(d);
  }
  if (problems.length) {
    const p = problems[0];
    throw new AkmsError(p.code, problems.length === 1 ? p.message : `${problems.length} documents cannot be applied; nothing was changed`, {
      file: p.file,
      line: p.line,
      field: p.field,
      hint: p.hint,
      problems: problems.length > 1 ? problems : []
    });
  }
  return fresh;
}
function planUpdate(ctx, docs, graph, state, dryRun) {
  const cfg = ctx.cfg.config;
  const params = paramsFromConfig(cfg);
  const ov = state?.overlay ?? emptyOverlay();
  ov.nodes ??= {};
  ov.local_edges ??= [];
  ov.session_nodes ??= {};
  const nodes = ov.nodes;
  const edges = ov.local_edges;
  const sessions = ov.session_nodes;
  const before = state?.canonical ? { nodes: Object.keys(nodes).length, sessions: Object.keys(sessions).length } : null;
  const fresh = new Set(checkApplied(docs, ov, graph));
  const sessionIds = new Set(docs.map((d) => d.sessionId));
  const planned = /* @__PURE__ */ new Map();
  const problems = [];
  const warnings = [];
  const results = [];
  const changes = /* @__PURE__ */ new Map();
  const values = /* @__PURE__ */ new Map();
  const gnode = (id) => graph.node(id);
  const cg = {
    // The overlay as read (after any interrupted update was completed) over the node's own value:
    // right even when graph.json has not been recompiled since the overlay last changed.
    confidence: (id) => {
      const n = gnode(id);
      const c = nodes[id]?.confidence ?? n?.confidence_default ?? n?.confidence;
      return typeof c === "number" ? c : params.minConfidence;
    },
    floor: (id) => gnode(id)?.confidence_floor,
    autoUpdate: (id) => gnode(id)?.auto_update === true,
    predecessors: (id) => graph.predecessors(id),
    prefetchPredecessors: (ids) => graph.prefetchPredecessors?.(ids)
  };
  const changedNodes = /* @__PURE__ */ new Set();
  const changedSessions = /* @__PURE__ */ new Set();
  const entriesBefore = /* @__PURE__ */ new Map();
  const counts = { nodes: Object.keys(nodes).length, sessions: Object.keys(sessions).length };
  const edgesBefore = edges.length;
  let exact = true;
  const entryOf = (id) => {
    if (!changedNodes.has(id)) entriesBefore.set(id, nodes[id] && { ...nodes[id] });
    changedNodes.add(id);
    return nodes[id] ??= {};
  };
  const listOf = (e, id, key) => {
    const fromGraph = gnode(id)?.[key];
    return [...e[key] ?? (Array.isArray(fromGraph) ? fromGraph : [])];
  };
  const touchRef = (id, ref) => {
    const e = entryOf(id);
    const refs = listOf(e, id, "session_refs").filter((r) => r !== ref);
    refs.push(ref);
    e.session_refs = refs;
  };
  const localFiles = new NodeFiles(ctx.paths.localNodes);
  const globalFiles = new NodeFiles(ctx.vault.path);
  const created = /* @__PURE__ */ new Map();
  const candidatesByDomain = /* @__PURE__ */ new Map();
  const graphCandidates = (domain) => {
    let list = candidatesByDomain.get(domain);
    if (!list) {
      list = [];
      for (const n of graph.inDomain(domain)) {
        if (n.status !== "tentative") continue;
        if (n.node_origin !== "local" && n.node_origin !== "global") continue;
        const found = (n.node_origin === "local" ? localFiles : globalFiles).find(n.id);
        list.push({ id: n.id, origin: n.node_origin, title: String(n.title ?? n.id), file: found?.file ?? null });
      }
      candidatesByDomain.set(domain, list);
    }
    return list;
  };
  const currentText = (file) => {
    const p = planned.get(file);
    if (p) return typeof p.data === "string" ? p.data : p.data.toString("utf8");
    try {
      return readFileSync3(file, "utf8");
    } catch {
      return null;
    }
  };
  const candidateText = (title, file) => {
    const text = file ? currentText(file) : null;
    const body = text === null ? "" : splitFrontmatter(text)?.body ?? text;
    return dedupText(title, draftTextOf(body));
  };
  const takenId = (id) => graph.has(id) || created.has(id) || sessionIds.has(id) || Boolean(sessions[id]) || planned.has(join(ctx.paths.localNodes, `${id}.md`)) || existsSync(join(ctx.paths.localNodes, `${id}.md`));
  const knowledgeReal = realpathOrNull(ctx.paths.knowledge);
  const appendedFrom = /* @__PURE__ */ new Map();
  for (const d of docs) {
    const base = {
      file: d.shown,
      kind: d.kind,
      session: d.sessionId,
      phase: d.phase,
      task_id: d.taskId,
      status: fresh.has(d) ? dryRun ? "would-apply" : "applied" : "already-applied",
      source_hash: d.hash,
      content_ref: sessions[d.sessionId]?.content_ref ?? null,
      pitfalls: [],
      unanchored_pitfalls: [],
      new_knowledge: [],
      blocking: [],
      untouched_auto_update: []
    };
    results.push(base);
    if (!fresh.has(d)) continue;
    const sid = d.sessionId;
    let contentRef;
    const docReal = realpathOrNull(d.file);
    const inside = knowledgeReal && docReal ? relative(knowledgeReal, docReal) : null;
    if (inside && !inside.startsWith("..") && !inside.startsWith(sep) && inside !== "") {
      contentRef = posix(inside);
    } else {
      const ext = [".yaml", ".yml"].includes(extname2(d.file).toLowerCase()) ? extname2(d.file).toLowerCase() : ".md";
      const name = (d.kind === "pcd" ? `handoff_phase_${d.phase}` : d.taskId) + ext;
      const target = join(ctx.paths.sessions, name);
      contentRef = `sessions/${name}`;
      const existing = readBytesIfExists(target);
      if (existing && !existing.equals(d.bytes)) {
        problems.push({
          file: d.shown,
          message: `knowledge/${contentRef} already exists and holds another document`,
          hint: `apply the file knowledge/${contentRef} itself, or move it away first`
        });
        continue;
      }
      if (!existing && !planned.has(target)) planned.set(target, { data: d.bytes, action: "created" });
    }
    base.content_ref = contentRef;
    const used = d.data.nodes_used ?? [];
    const fb = applyFeedback(cg, values, used, params);
    base.untouched_auto_update = uniq(fb.skipped);
    for (const id of base.untouched_auto_update) {
      warnings.push(`${d.shown}: nodes_used "${id}" is an auto_update node (code mirror or session): no confidence change (spec \xA74.7)`);
    }
    const docBefore = /* @__PURE__ */ new Map();
    for (const s of fb.steps) {
      if (!docBefore.has(s.node)) docBefore.set(s.node, s.before);
      let c = changes.get(s.node);
      if (!c) changes.set(s.node, c = { id: s.node, before: s.before, after: s.before, activations_added: 0, steps: [] });
      c.after = s.after;
      c.steps.push({ session: sid, kind: s.kind, before: s.before, after: s.after, why: describeStep(s, params) });
    }
    for (const [id, before2] of docBefore) {
      const e = entryOf(id);
      const after = values.get(id);
      e.confidence = after;
      if (after !== before2) e.history = [...e.history ?? [], { date: d.date, confidence: after, cause: sid }];
    }
    for (const u of used) {
      if (cg.autoUpdate(u.id)) continue;
      const e = entryOf(u.id);
      if (u.useful) {
        const n = gnode(u.id);
        e.activations = (e.activations ?? (typeof n?.activations === "number" ? n.activations : 0)) + 1;
        changes.get(u.id).activations_added++;
        const last = e.last_activated ?? (typeof n?.last_activated === "string" ? n.last_activated : null);
        e.last_activated = last && last > d.date ? last : d.date;
      }
      const rawTask = u.task_id;
      const task = d.taskId ?? (typeof rawTask === "string" ? rawTask : null);
      if (task) {
        const tasks = listOf(e, u.id, "activated_by_tasks");
        if (!tasks.includes(task)) tasks.push(task);
        e.activated_by_tasks = tasks;
      }
      touchRef(u.id, contentRef);
    }
    const anchored = /* @__PURE__ */ new Map();
    for (const p of d.data.pitfalls_discovered ?? []) {
      if (p.node_ref === null) {
        base.unanchored_pitfalls.push({ description: p.description, severity: p.severity });
        continue;
      }
      const g = anchored.get(p.node_ref) ?? { weight: 0, notes: [], reports: [] };
      g.weight = Math.max(g.weight, PITFALL_WEIGHT[p.severity]);
      g.notes.push(p.description);
      const task = p.task_id;
      g.reports.push({ weight: PITFALL_WEIGHT[p.severity], severity: p.severity, note: p.description, ...typeof task === "string" ? { task_id: task } : d.taskId ? { task_id: d.taskId } : {} });
      anchored.set(p.node_ref, g);
    }
    for (const [from, g] of anchored) {
      const edge = { from, to: sid, type: "pitfall", weight: g.weight, note: g.notes.join("\n"), ...g.reports.length > 1 ? { reports: g.reports } : {} };
      edges.push(edge);
      base.pitfalls.push({ ...edge });
      touchRef(from, contentRef);
    }
    if (base.unanchored_pitfalls.length) {
      warnings.push(`${d.shown}: ${base.unanchored_pitfalls.length} pitfall(s) with node_ref null, kept on ${sid} for the review report`);
    }
    const missing = new Map((d.data.nodes_missing ?? []).map((m) => [m.suggested_id, m]));
    for (const [i, k] of (d.data.new_knowledge ?? []).entries()) {
      const m = missing.get(k.suggested_id);
      const domain = k.domain ?? m?.domain ?? "uncategorized";
      if (k.domain !== void 0 && graph.inDomain(k.domain).length === 0 && ![...created.values()].some((c) => c.domain === k.domain)) {
        warnings.push(`${d.shown}: new_knowledge[${i}].domain "${k.domain}" is not the domain of any node yet; ${k.suggested_id} starts it (check the spelling)`);
      }
      const title = k.title ?? titleFromId(k.suggested_id);
      const tags = uniq([...k.tags?.length ? k.tags : m?.tags ?? []]);
      const draft = sanitizeDraft(k.content_draft);
      const cands = graphCandidates(domain).map((c) => ({
        id: c.id,
        origin: c.origin,
        file: c.file,
        text: candidateText(c.title, c.file)
      }));
      for (const [id2, c] of created) {
        if (c.domain === domain) cands.push({ id: id2, origin: "local", file: c.file, text: candidateText(c.title, c.file) });
      }
      const match = bestMatch({ id: k.suggested_id, text: dedupText(title, draft) }, cands, cfg.graph.dedup_threshold);
      const target = match ? cands.find((c) => c.id === match.id) : null;
      if (match && target && match.origin === "local" && target.file) {
        const prev = planned.get(target.file);
        if (prev === void 0) appendedFrom.set(target.file, currentText(target.file) ?? "");
        planned.set(target.file, {
          data: appendDedupSection(currentText(target.file) ?? "", { nodeId: match.id, session: sid, score: match.score, suggestedId: k.suggested_id, draft }),
          action: prev?.action === "created" ? "created" : "appended"
        });
        base.new_knowledge.push({ suggested_id: k.suggested_id, node: match.id, match: match.id, match_origin: "local", score: match.score, action: "appended" });
        continue;
      }
      const id = allocateId(k.suggested_id, takenId);
      if (id !== k.suggested_id) warnings.push(`${d.shown}: new knowledge "${k.suggested_id}" is taken; created "${id}" instead`);
      const file = join(ctx.paths.localNodes, `${id}.md`);
      planned.set(file, {
        data: newNodeText({
          id,
          title,
          domain,
          tags: tags.length ? tags : [domain],
          session: sid,
          phase: d.phase,
          suggestedId: k.suggested_id,
          draft,
          ...match ? { similarTo: { id: match.id, score: match.score } } : {}
        }),
        action: "created"
      });
      created.set(id, { domain, title, file });
      base.new_knowledge.push({
        suggested_id: k.suggested_id,
        node: id,
        match: match?.id ?? null,
        match_origin: match?.origin ?? null,
        score: match?.score ?? null,
        action: "created"
      });
    }
    const extras = {};
    if (d.kind === "pcd") {
      const p = d.data;
      for (const ft of p.known_issues?.failing_tests ?? []) {
        if (ft.impact_on_next_phase !== "blocking") continue;
        const tasks = ft.blocks ?? (typeof p.recommended_start === "string" && p.recommended_start ? [p.recommended_start] : []);
        const tests = ft.tests === void 0 ? [] : Array.isArray(ft.tests) ? ft.tests : [ft.tests];
        base.blocking.push({ tasks, tests, ...ft.reason ? { reason: ft.reason } : {} });
      }
      const paths = (list) => uniq((list ?? []).map((f) => String(f.path)));
      if (base.blocking.length) extras.blocking = base.blocking;
      for (const [key, list] of [
        ["files_created", p.files_created],
        ["files_modified", p.files_modified],
        ["files_deleted", p.files_deleted]
      ]) {
        const ps = paths(list);
        if (ps.length) extras[key] = ps;
      }
    }
    const domains = uniq(
      [...used.map((u) => u.id), ...anchored.keys()].map((id) => gnode(id)).filter((n) => Boolean(n) && n.domain !== "session" && n.domain !== "code-mirror").map((n) => n.domain)
    ).sort();
    if (sessions[sid] !== void 0) exact = false;
    changedSessions.add(sid);
    sessions[sid] = {
      title: d.kind === "pcd" ? `Session: phase ${d.phase} handoff` : `Session: ${d.taskId}`,
      ...domains.length ? { tags: domains } : {},
      outcome: sessionOutcome(d.kind === "pcd" ? pcdOutcome(d.data) : d.data.status),
      task_status: d.kind === "pcd" ? pcdOutcome(d.data) : d.data.status,
      content_ref: contentRef,
      phase: d.phase,
      source_hash: d.hash,
      evidence: d.kind,
      date: d.date,
      ...d.taskId ? { task_id: d.taskId } : {},
      ...base.unanchored_pitfalls.length ? { unanchored_pitfalls: base.unanchored_pitfalls } : {},
      ...base.new_knowledge.length ? { new_knowledge: base.new_knowledge.map((k) => ({ ...k })) } : {},
      ...extras
    };
  }
  if (problems.length) {
    const p = problems[0];
    throw new AkmsError("SESSION_FILE", problems.length === 1 ? p.message : `${problems.length} documents cannot be applied; nothing was changed`, {
      file: p.file,
      hint: p.hint,
      problems: problems.length > 1 ? problems : []
    });
  }
  const writes = [];
  let written = null;
  if (fresh.size) {
    const data = normalizeOverlay(ov, { maxSessionRefs: cfg.graph.max_session_refs, maxHistory: cfg.graph.max_history });
    if (data.nodes !== nodes) {
      for (const id in data.nodes) {
        if (data.nodes[id] === nodes[id]) continue;
        if (!changedNodes.has(id)) entriesBefore.set(id, nodes[id]);
        changedNodes.add(id);
      }
    }
    let reuse;
    if (state?.canonical && before) {
      reuse = {
        text: state.bytes.toString("utf8"),
        sections: { nodes: { before: before.nodes, changed: changedNodes }, session_nodes: { before: before.sessions, changed: changedSessions } }
      };
    }
    const text = overlayText(data, reuse);
    const bytes = Buffer.from(text, "utf8");
    const current = state?.bytes ?? null;
    if (!current || !current.equals(bytes)) {
      planned.set(ctx.paths.overlay, { data: bytes, action: current ? "updated" : "created" });
      written = { bytes, data };
    }
  }
  const files = { created: [], appended: [], updated: [] };
  for (const path of [...planned.keys()].sort()) {
    const p = planned.get(path);
    writes.push({ path, data: p.data });
    files[p.action].push(posix(relative(ctx.repo, path)));
  }
  for (const c of changes.values()) c.after = values.get(c.id) ?? c.after;
  const delta = {
    nodes: entriesBefore,
    sessions: [...changedSessions],
    counts,
    edgesBefore,
    before: [],
    created: [...created.values()].map((c) => c.file),
    appended: [...appendedFrom.keys()],
    exact
  };
  if (!dryRun && written) {
    const before2 = [{ path: ctx.paths.overlay, stat: statOf(ctx.paths.overlay), sha: state?.sha256 ?? "" }];
    delta.before = before2;
    for (const [file, text] of appendedFrom) {
      const now = planned.get(file).data;
      const was = splitFrontmatter(text);
      const is = splitFrontmatter(now);
      if (!was || !is || !now.startsWith(text) || was.yaml !== is.yaml || hasContentDraft(was.body) !== hasContentDraft(is.body)) delta.exact = false;
      before2.push({ path: file, stat: statOf(file), sha: sha256(text) });
    }
  }
  return {
    result: {
      documents: results,
      nodes: [...changes.values()].sort((a, b) => a.id < b.id ? -1 : 1),
      files,
      warnings
    },
    writes,
    overlay: written,
    delta
  };
}
function statOf(file) {
  const st = statSync2(file, { throwIfNoEntry: false });
  return st === void 0 ? [-1, -1, -1, -1] : [st.size, st.mtimeMs, st.ctimeMs, st.ino];
}

// core/update/apply.ts
function currentGraph(ctx, docs, env) {
  let view = readGraphView(ctx.paths.graphJson);
  if (!view) {
    buildLocked(ctx, { env });
    view = readGraphView(ctx.paths.graphJson);
  }
  try {
    checkNodeRefs(docs, (id) => view.node(id));
    return view;
  } catch (e) {
    if (!(e instanceof AkmsError)) throw e;
    let rebuilt = false;
    try {
      rebuilt = buildLocked(ctx, { env }).written;
    } catch {
    }
    if (!rebuilt) throw e;
  }
  view = readGraphView(ctx.paths.graphJson);
  checkNodeRefs(docs, (id) => view.node(id));
  return view;
}
function applyPlan(ctx, docs, env) {
  const graph = currentGraph(ctx, docs, env);
  const plan = planUpdate(ctx, docs, graph, readOverlayState(ctx), false);
  crashPoint("planned", env);
  commitTransaction(ctx, plan.writes);
  const overlay = plan.overlay ? { ...plan.overlay, json: JSON.stringify(plan.overlay.data) } : void 0;
  if (overlay) rememberOverlay(ctx, overlay.bytes, overlay.data, overlay.json);
  return { result: plan.result, wrote: { files: plan.writes.map((w) => w.path), overlay, update: { ...plan.delta, graph: graph.file } } };
}
function planDryRun(ctx, docs, env = process.env) {
  if (hasPendingTransaction(ctx)) {
    throw new StateError("an interrupted update is pending in knowledge/graph/.txn/", {
      hint: "run `akms update` without --dry-run: it completes the interrupted update first"
    });
  }
  const graph = viewOfDoc(compileGraph(ctx, { env }).doc);
  checkNodeRefs(docs, (id) => graph.node(id));
  return planUpdate(ctx, docs, graph, readOverlayState(ctx), true).result;
}
function runUpdate(ctx, files, opts = {}) {
  const env = opts.env ?? process.env;
  const docs = readDocuments(files, { cwd: opts.cwd ?? process.cwd(), repo: ctx.repo });
  if (opts.dryRun) return { ...planDryRun(ctx, docs, env), dryRun: true, recovered: null, graph: null };
  return withLock(ctx.paths.lock, () => {
    const recovered = recoverPendingTransaction(ctx, () => buildLocked(ctx, { env }));
    const { result: planned, wrote } = applyPlan(ctx, docs, env);
    const clean = !recovered.discarded && recovered.rolledForward.length === 0;
    const b = buildLocked(ctx, clean ? { env, wrote } : { env });
    crashPoint("built", env);
    finishTransaction(ctx);
    const result = {
      ...planned,
      dryRun: false,
      recovered,
      graph: { written: b.written, graphVersion: b.graphVersion, nodeCount: b.nodeCount, edgeCount: b.edgeCount }
    };
    opts.afterUpdate?.(ctx, result);
    return result;
  });
}

export {
  KIND_LABEL,
  parseDocument,
  readDocuments,
  checkNodeRefs,
  planDryRun,
  runUpdate
};
