import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  LOADABLE
} from "./chunk-WKFECQLF.mjs";
import {
  nowIso
} from "./chunk-QVAO2ACK.mjs";
import {
  commitTransaction,
  finishTransaction
} from "./chunk-EUE77RB2.mjs";
import {
  withLock
} from "./chunk-W24I3PEA.mjs";
import {
  TaskRecord
} from "./chunk-PEBIPHYY.mjs";
import {
  checkSchema,
  parseYaml,
  readTextFile
} from "./chunk-DWREGR5U.mjs";
import {
  displayPath,
  readTextIfExists,
  resolveInside,
  writeFileAtomic
} from "./chunk-Q4IS5S6U.mjs";
import {
  AkmsError,
  StaleWriteError,
  ValidationError,
  isAkmsError
} from "./chunk-C3ZMY3KT.mjs";

// core/query/co-load.ts
function coLoads(selected, lookup, loadable, limit) {
  const taken = new Set(selected.map((n) => n.id));
  const out = [];
  for (const s of selected) {
    const ids = s.load_with;
    if (!Array.isArray(ids)) continue;
    for (const id of ids) {
      if (out.length >= limit) return out;
      if (typeof id !== "string" || taken.has(id)) continue;
      const n = lookup(id);
      if (!n || !loadable(n)) continue;
      taken.add(id);
      out.push({ node: n, with: s.id });
    }
  }
  return out;
}

// core/query/traverse.ts
function roundTo(x, places) {
  const f = 10 ** places;
  return Math.round(x * f) / f;
}
function traverse(graph, seeds, types, maxDepth) {
  const reached = /* @__PURE__ */ new Map();
  for (const s of [...seeds].sort()) reached.set(s, { seed: s, depth: 0, weight: 1, chain: [] });
  const follows = (t) => types === null || types.has(t);
  const reverseContradicts = follows("contradicts");
  let frontier = [...reached.keys()];
  for (let depth = 1; depth <= maxDepth && frontier.length; depth++) {
    const next = /* @__PURE__ */ new Map();
    const offer = (from, l, to, direction) => {
      const done = reached.get(to);
      if (done) return;
      const w = from.weight * l.weight;
      const cur = next.get(to);
      if (cur && !(w > cur.weight)) return;
      const fromId = direction === "out" ? l.source : l.target;
      next.set(to, {
        seed: from.seed,
        depth,
        weight: w,
        chain: [...from.chain, { from: fromId, type: l.type, to, weight: l.weight, direction }]
      });
    };
    for (const id of frontier) {
      const r = reached.get(id);
      for (const l of graph.out.get(id) ?? []) if (follows(l.type)) offer(r, l, l.target, "out");
      if (reverseContradicts) {
        for (const l of graph.in.get(id) ?? []) if (l.type === "contradicts") offer(r, l, l.source, "reverse");
      }
    }
    frontier = [...next.keys()].sort();
    for (const id of frontier) reached.set(id, next.get(id));
  }
  return reached;
}

// core/query.ts
var DEFAULT_ROLE = "implementer";
var PREFER_MULTIPLIER = 1.5;
function normalizeTags(tags) {
  const seen = /* @__PURE__ */ new Set();
  const out = [];
  for (const raw of tags) {
    const t = raw.trim();
    const k = t.toLowerCase();
    if (!t || seen.has(k)) continue;
    seen.add(k);
    out.push(t);
  }
  return out;
}
function unknownRoleError(role, cfg) {
  const roles = Object.keys(cfg.config.query_roles).sort();
  return new AkmsError("UNKNOWN_ROLE", `unknown role "${role}"; the roles are: ${roles.join(", ")}`, {
    field: "role",
    file: cfg.file ?? void 0,
    hint: `use one of ${roles.join(", ")}, or define "${role}" under query_roles in propagation_config.yaml`
  });
}
function resolveTaskRole(cfg, flag, task) {
  const own = task?.record.agent_role;
  if (!flag && own && !Object.hasOwn(cfg.config.query_roles, own)) {
    const roles = Object.keys(cfg.config.query_roles).sort();
    throw new AkmsError("UNKNOWN_ROLE", `the task's agent_role "${own}" is not a role of this repository; the roles are: ${roles.join(", ")}`, {
      file: task.shown,
      field: "agent_role",
      hint: `fix agent_role in ${task.shown} (one of ${roles.join(", ")}), pass --role, or define "${own}" under query_roles in propagation_config.yaml`
    });
  }
  return resolveRole(cfg, flag, own);
}
function resolveRole(cfg, ...candidates) {
  const role = candidates.find((c) => typeof c === "string" && c !== "") ?? DEFAULT_ROLE;
  if (!Object.hasOwn(cfg.config.query_roles, role)) throw unknownRoleError(role, cfg);
  return role;
}
var isSession = (n) => n.domain === "session";
var isMirror = (n) => n.domain === "code-mirror" || n.node_origin === "code-mirror";
function fmtNum(x) {
  return String(roundTo(x, 6));
}
function chainText(t) {
  let s = t.seed;
  for (const st of t.chain) {
    s += st.direction === "out" ? ` -${st.type}(${fmtNum(st.weight)})-> ${st.to}` : ` <-${st.type}(${fmtNum(st.weight)})- ${st.to}`;
  }
  return s;
}
function reachText(t) {
  const tags = t.matched_tags.map((x) => `"${x}"`).join(", ");
  if (!t.chain.length) return `seed: tag${t.matched_tags.length > 1 ? "s" : ""} ${tags} match${t.matched_tags.length > 1 ? "" : "es"}`;
  return `reached from seed ${t.seed} (tag${t.matched_tags.length > 1 ? "s" : ""} ${tags}) via ${chainText(t)} (depth ${t.depth}, path weight ${fmtNum(t.weight)})`;
}
function rankText(f) {
  const vars = `confidence ${fmtNum(f.confidence)}, activations ${f.activations}, depth ${f.depth}, weight ${fmtNum(f.weight)}`;
  return `rank ${fmtNum(f.rank)} = ${f.formula} with ${vars}${f.prefer_domain ? ` (${fmtNum(f.base)} \xD7 ${PREFER_MULTIPLIER}, preferred domain)` : ""}`;
}
function matchSeeds(graph, tags) {
  const byLower = /* @__PURE__ */ new Map();
  for (const t of tags) byLower.set(t.toLowerCase(), t);
  const seeds = /* @__PURE__ */ new Map();
  const sessions = /* @__PURE__ */ new Map();
  if (!byLower.size) return { seeds, sessions };
  let candidates = graph.nodes.values();
  if (graph.tagIndex) {
    const ids = /* @__PURE__ */ new Set();
    for (const k of byLower.keys()) for (const id of graph.tagIndex.get(k) ?? []) ids.add(id);
    candidates = [...ids].sort().map((id) => graph.nodes.get(id));
  }
  for (const n of candidates) {
    const nt = n.tags;
    if (!nt || !nt.length || isMirror(n)) continue;
    let matched = null;
    for (const t of nt) {
      const hit = typeof t === "string" ? byLower.get(t.toLowerCase()) : void 0;
      if (hit === void 0) continue;
      matched ??= [];
      if (!matched.includes(hit)) matched.push(hit);
    }
    if (matched) (isSession(n) ? sessions : seeds).set(n.id, tags.filter((t) => matched.includes(t)));
  }
  return { seeds, sessions };
}
function traceOf(r, seedTags) {
  return { seed: r.seed, matched_tags: seedTags.get(r.seed) ?? [], chain: r.chain, depth: r.depth, weight: roundTo(r.weight, 6) };
}
function pitfallLinks(graph, id) {
  return (graph.out.get(id) ?? []).filter((l) => l.type === "pitfall" && graph.nodes.get(l.target)?.domain === "session");
}
function queryGraph(graph, cfg, opts) {
  const role = opts.role;
  const prof = cfg.config.query_roles[role];
  const rankFn = cfg.rank[role];
  if (!prof || !rankFn || !Object.hasOwn(cfg.config.query_roles, role)) throw unknownRoleError(role, cfg);
  const L = cfg.config.loadout;
  const tags = normalizeTags(opts.tags);
  const followsPitfalls = prof.edge_types.includes("pitfall");
  const exclude = new Set(prof.exclude_domains);
  const prefer = new Set(prof.prefer_domains);
  const { seeds, sessions: sessionMatches } = matchSeeds(graph, tags);
  const seedIds = [...seeds.keys()].sort();
  const roleReach = traverse(graph, seedIds, new Set(prof.edge_types), L.max_depth);
  const anyReach = traverse(graph, seedIds, null, L.max_depth);
  const hasPitfall = (id) => followsPitfalls && pitfallLinks(graph, id).length > 0;
  const candidates = [];
  const excluded = [];
  const exclude1 = (n, trace, reason, why, extra = {}) => excluded.push({
    id: n.id,
    why,
    reason,
    title: String(n.title ?? n.id),
    domain: String(n.domain),
    status: String(n.status),
    confidence: n.confidence,
    depth: trace.depth,
    trace,
    ...extra
  });
  for (const [id, r] of roleReach) {
    const n = graph.nodes.get(id);
    if (isSession(n) || isMirror(n)) continue;
    const trace = traceOf(r, seeds);
    const reach = reachText(trace);
    if (!LOADABLE.has(n.status)) {
      const reason = n.status === "deprecated" ? "deprecated" : "draft";
      exclude1(n, trace, reason, `${reason}: status ${n.status} is never loaded (spec \xA73.7, FR-G04); ${reach}`);
      continue;
    }
    if (exclude.has(n.domain)) {
      exclude1(n, trace, "domain_excluded", `domain excluded: "${n.domain}" is in ${role}'s exclude_domains; ${reach}`);
      continue;
    }
    const below = !(n.confidence >= L.min_confidence_threshold);
    if (below && !hasPitfall(id)) {
      exclude1(
        n,
        trace,
        "below_threshold",
        `below threshold: confidence ${fmtNum(n.confidence)} < min_confidence_threshold ${fmtNum(L.min_confidence_threshold)}; ${reach}`
      );
      continue;
    }
    const activations = typeof n.activations === "number" ? n.activations : 0;
    const vars = { confidence: n.confidence, activations, depth: trace.depth, weight: trace.weight };
    const base = rankFn(vars);
    const pref = prefer.has(n.domain);
    const multiplier = pref ? PREFER_MULTIPLIER : 1;
    candidates.push({
      node: n,
      trace,
      figures: { formula: prof.rank_formula, ...vars, base: roundTo(base, 6), multiplier, prefer_domain: pref, rank: roundTo(base * multiplier, 6) },
      ...below ? { below: true } : {}
    });
  }
  for (const [id, r] of anyReach) {
    if (roleReach.has(id)) continue;
    const n = graph.nodes.get(id);
    if (isSession(n) || isMirror(n)) continue;
    const trace = traceOf(r, seeds);
    const notFollowed = [...new Set(r.chain.map((s) => s.type).filter((t) => !prof.edge_types.includes(t)))].sort();
    exclude1(
      n,
      trace,
      "edge_type_not_followed",
      `edge type not followed: reachable only via ${notFollowed.join(", ")}, which ${role} does not follow (edge_types: ${prof.edge_types.join(", ") || "none"}); ${chainText(trace)}`,
      { not_followed: notFollowed }
    );
  }
  candidates.sort(
    (a, b) => b.figures.rank - a.figures.rank || b.node.confidence - a.node.confidence || a.trace.depth - b.trace.depth || (a.node.id < b.node.id ? -1 : a.node.id > b.node.id ? 1 : 0)
  );
  const kept = [];
  let pitfallCount = 0;
  const belowOnes = candidates.filter((c) => c.below);
  candidates.filter((c) => !c.below).forEach((c, i) => {
    const rankPos = i + 1;
    const pf = hasPitfall(c.node.id);
    if (i < L.max_nodes_per_loadout) {
      kept.push({ c, injected: false, rankPos });
      if (pf) pitfallCount++;
      return;
    }
    if (pf && pitfallCount < L.max_pitfall_nodes) {
      kept.push({ c, injected: true, rankPos });
      pitfallCount++;
      return;
    }
    const limitNote = pf ? `; it carries pitfall warnings, but max_pitfall_nodes ${L.max_pitfall_nodes} pitfall-connected nodes are already in` : "";
    exclude1(
      c.node,
      c.trace,
      "cut_by_cap",
      `cut by cap: rank place ${rankPos} > max_nodes_per_loadout ${L.max_nodes_per_loadout} (${rankText(c.figures)})${limitNote}; ${reachText(c.trace)}`,
      { rank: c.figures.rank, rank_position: rankPos }
    );
  });
  for (const c of belowOnes) {
    if (pitfallCount < L.max_pitfall_nodes) {
      kept.push({ c, injected: true, rankPos: 0 });
      pitfallCount++;
      continue;
    }
    exclude1(
      c.node,
      c.trace,
      "below_threshold",
      `below threshold: confidence ${fmtNum(c.node.confidence)} < min_confidence_threshold ${fmtNum(L.min_confidence_threshold)}; it carries pitfall warnings, but max_pitfall_nodes ${L.max_pitfall_nodes} pitfall-connected nodes are already in; ${reachText(c.trace)}`
    );
  }
  const byKept = new Map(kept.map((k) => [k.c.node.id, k.c]));
  const loadableHere = (n) => !isSession(n) && !isMirror(n) && LOADABLE.has(n.status) && !exclude.has(n.domain);
  const co = coLoads(kept.map((k) => k.c.node), (id) => graph.nodes.get(id), loadableHere, L.max_nodes_per_loadout);
  for (const x of co) {
    const via = byKept.get(x.with);
    const activations = typeof x.node.activations === "number" ? x.node.activations : 0;
    const vars = { confidence: x.node.confidence, activations, depth: via.trace.depth, weight: via.trace.weight };
    const base = rankFn(vars);
    kept.push({ c: { node: x.node, trace: via.trace, figures: { formula: prof.rank_formula, ...vars, base: roundTo(base, 6), multiplier: 1, prefer_domain: false, rank: roundTo(base, 6) }, coWith: x.with }, injected: false, rankPos: 0 });
  }
  const coIds = new Set(co.map((x) => x.node.id));
  for (let i = excluded.length - 1; i >= 0; i--) if (coIds.has(excluded[i].id)) excluded.splice(i, 1);
  const nodes = kept.map(({ c, injected, rankPos }, i) => {
    const n = c.node;
    let why = `${reachText(c.trace)}; ${rankText(c.figures)}`;
    if (c.coWith) {
      why = `co-loaded with ${c.coWith}: it names ${n.id} in load_with (a loading hint, not an edge: nothing propagates through it); ${rankText(c.figures)}`;
    } else if (c.below) {
      why += `; pitfall injection below threshold: confidence ${fmtNum(n.confidence)} < min_confidence_threshold ${fmtNum(L.min_confidence_threshold)}, kept for its pitfall warnings only (spec \xA75.3 step 9; ${pitfallCount} of max_pitfall_nodes ${L.max_pitfall_nodes} pitfall-connected nodes in)`;
    } else if (injected) {
      why += `; pitfall injection: rank place ${rankPos} is beyond max_nodes_per_loadout ${L.max_nodes_per_loadout}, kept because it carries pitfall warnings (${pitfallCount} of max_pitfall_nodes ${L.max_pitfall_nodes} pitfall-connected nodes in)`;
    }
    return {
      id: n.id,
      rank: c.figures.rank,
      why,
      position: i + 1,
      title: String(n.title ?? n.id),
      domain: String(n.domain),
      status: String(n.status),
      confidence: n.confidence,
      node_origin: String(n.node_origin),
      seed: !c.coWith && c.trace.chain.length === 0,
      pitfall_injected: injected,
      ...c.below ? { below_threshold: true } : {},
      ...c.coWith ? { co_loaded_with: c.coWith } : {},
      trace: c.trace,
      rank_figures: c.figures
    };
  });
  const pitfalls = [];
  const sessionInfo = /* @__PURE__ */ new Map();
  const sessionEntry = (id) => {
    let e = sessionInfo.get(id);
    if (!e) sessionInfo.set(id, e = { via: /* @__PURE__ */ new Set(), from: [], tags: [] });
    return e;
  };
  if (followsPitfalls) {
    for (const n of nodes) {
      for (const l of pitfallLinks(graph, n.id)) {
        pitfalls.push({ from: n.id, to: l.target, note: l.note ?? "", weight: l.weight, ...l.reports?.length ? { reports: l.reports } : {} });
        const e = sessionEntry(l.target);
        e.via.add("pitfall");
        e.from.push(n.id);
      }
    }
  }
  for (const [id, matched] of sessionMatches) {
    const e = sessionEntry(id);
    e.via.add("tag");
    e.tags = matched;
  }
  const sessionIds = [...sessionInfo.keys()].sort();
  const session_details = sessionIds.map((id) => {
    const s = graph.nodes.get(id);
    const e = sessionInfo.get(id);
    const whys = [];
    if (e.via.has("pitfall")) whys.push(`pitfall edge from ${e.from.join(", ")}`);
    if (e.via.has("tag")) whys.push(`tag ${e.tags.map((t) => `"${t}"`).join(", ")} matches`);
    return {
      id,
      why: whys.join("; "),
      via: ["pitfall", "tag"].filter((v) => e.via.has(v)),
      title: String(s.title ?? id),
      phase: typeof s.phase === "number" ? s.phase : null,
      outcome: typeof s.outcome === "string" ? s.outcome : null,
      task_status: typeof s.task_status === "string" ? s.task_status : null,
      content_ref: typeof s.content_ref === "string" ? s.content_ref : null,
      pitfall_from: e.from,
      matched_tags: e.tags
    };
  });
  const seedLower = /* @__PURE__ */ new Set();
  for (const m of seeds.values()) for (const t of m) seedLower.add(t.toLowerCase());
  const unmatched = tags.filter((t) => !seedLower.has(t.toLowerCase()));
  const notes = [];
  if (!tags.length) notes.push("no seed tags were given, so no node can be a seed: the result is empty (cold start, UR-01)");
  else if (!seeds.size) notes.push(`no domain node carries any of the tags ${tags.map((t) => `"${t}"`).join(", ")}: the result is empty (cold start, UR-01)`);
  else if (unmatched.length) notes.push(`tag${unmatched.length > 1 ? "s" : ""} ${unmatched.map((t) => `"${t}"`).join(", ")} matched no domain node`);
  if (!followsPitfalls) notes.push(`${role} does not follow pitfall edges (edge_types: ${prof.edge_types.join(", ")}): no pitfall warnings or pitfall injection`);
  excluded.sort((a, b) => a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return {
    role,
    seed_tags: tags,
    seeds: seedIds,
    nodes,
    pitfalls,
    sessions: sessionIds,
    excluded,
    graph_version: graph.version,
    profile: {
      edge_types: [...prof.edge_types],
      rank_formula: prof.rank_formula,
      prefer_domains: [...prof.prefer_domains],
      exclude_domains: [...prof.exclude_domains],
      follows_pitfalls: followsPitfalls,
      max_depth: L.max_depth,
      max_nodes_per_loadout: L.max_nodes_per_loadout,
      max_pitfall_nodes: L.max_pitfall_nodes,
      min_confidence_threshold: L.min_confidence_threshold
    },
    unmatched_tags: unmatched,
    session_details,
    notes
  };
}

// core/query/task.ts
import { resolve } from "node:path";
function lineAt(text, offset) {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
function yamlErrorLine(text, shown) {
  try {
    parseYaml(text, { file: shown });
  } catch (e) {
    return isAkmsError(e) ? e.line : void 0;
  }
  return void 0;
}
function readTask(fileArg, cwd = process.cwd()) {
  const file = resolve(cwd, fileArg);
  const shown = displayPath(cwd, file);
  const text = readTextFile(file, shown);
  let data;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const msg = e.message;
    const pos = /position (\d+)/.exec(msg);
    throw new ValidationError(`the task record is not valid JSON: ${msg.replace(/\s+/g, " ")}`, {
      file: shown,
      line: pos ? lineAt(text, Number(pos[1])) : yamlErrorLine(text, shown),
      hint: "a task record is a JSON object (spec \xA74.5)"
    });
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) {
    throw new ValidationError("the task record must be a JSON object", { file: shown, line: 1, hint: "see spec \xA74.5 for the task record fields" });
  }
  if (!("akms_tags" in data)) {
    throw new ValidationError('the task record has no "akms_tags" field', {
      file: shown,
      field: "akms_tags",
      hint: 'add "akms_tags": [] \u2014 an empty list means the tags are derived (`akms derive-tags --task FILE --write` fills it)'
    });
  }
  const record = checkSchema(TaskRecord, data, { file: shown, text }, "task record");
  return { file, shown, text, record };
}
function ws(t, i) {
  while (i < t.length && (t[i] === " " || t[i] === "	" || t[i] === "\n" || t[i] === "\r")) i++;
  return i;
}
function valueEnd(t, i) {
  const c = t[i];
  if (c === '"') {
    i++;
    while (i < t.length && t[i] !== '"') i += t[i] === "\\" ? 2 : 1;
    return i + 1;
  }
  if (c === "{" || c === "[") {
    let depth = 0;
    for (; i < t.length; i++) {
      const d = t[i];
      if (d === '"') {
        i = valueEnd(t, i) - 1;
        continue;
      }
      if (d === "{" || d === "[") depth++;
      else if (d === "}" || d === "]") {
        depth--;
        if (depth === 0) return i + 1;
      }
    }
    return i;
  }
  while (i < t.length && !/[,}\]\s]/.test(t[i])) i++;
  return i;
}
function topLevelValueSpan(t, key) {
  let i = ws(t, t.charCodeAt(0) === 65279 ? 1 : 0);
  if (t[i] !== "{") return null;
  i = ws(t, i + 1);
  while (i < t.length && t[i] !== "}") {
    const kEnd = valueEnd(t, i);
    const k = JSON.parse(t.slice(i, kEnd));
    i = ws(t, kEnd);
    if (t[i] !== ":") return null;
    const vStart = ws(t, i + 1);
    const vEnd = valueEnd(t, vStart);
    if (k === key) return [vStart, vEnd];
    i = ws(t, vEnd);
    if (t[i] === ",") i = ws(t, i + 1);
  }
  return null;
}
function withTags(text, tags) {
  const span = topLevelValueSpan(text, "akms_tags");
  if (!span) throw new ValidationError('the task record has no top-level "akms_tags" field to write to', { field: "akms_tags" });
  const lineStart = text.lastIndexOf("\n", span[0] - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))[0];
  const value = tags.length === 0 ? "[]" : JSON.stringify(tags, null, 2).replace(/\n/g, "\n" + indent);
  return text.slice(0, span[0]) + value + text.slice(span[1]);
}

// core/tags.ts
import { isAbsolute, join, relative, resolve as resolve2 } from "node:path";
var TEXT_FIELDS = ["title", "objective", "description", "implementation_steps", "steps"];
function taskText(task) {
  const parts = [];
  const fields = [];
  for (const f of TEXT_FIELDS) {
    const v = task[f];
    if (typeof v === "string" && v.trim()) {
      parts.push(v);
      fields.push(f);
    } else if (Array.isArray(v) && v.some((s) => typeof s === "string" && s.trim())) {
      parts.push(v.filter((s) => typeof s === "string").join("\n"));
      fields.push(f);
    }
  }
  return { text: parts.join("\n"), fields };
}
var WORD = /[\p{L}\p{N}_]/u;
function containsPhrase(hay, needle, wholeWord) {
  if (!needle) return false;
  let at = hay.indexOf(needle);
  if (!wholeWord) return at >= 0;
  while (at >= 0) {
    const before = at > 0 ? hay[at - 1] : "";
    const after = hay[at + needle.length] ?? "";
    const startOk = !before || !WORD.test(before) || !WORD.test(needle[0]);
    const endOk = !after || !WORD.test(after) || !WORD.test(needle[needle.length - 1]);
    if (startOk && endOk) return true;
    at = hay.indexOf(needle, at + 1);
  }
  return false;
}
var isMirror2 = (n) => n.domain === "code-mirror" || n.node_origin === "code-mirror";
var KIND_ORDER = { "scope-mirror": 0, "scope-content-ref": 1, title: 2, "tag-substring": 3 };
function sourceKey(s) {
  switch (s.kind) {
    case "scope-mirror":
      return `${KIND_ORDER[s.kind]}\0${s.file}\0${s.mirror}\0${s.node}`;
    case "scope-content-ref":
      return `${KIND_ORDER[s.kind]}\0${s.file}\0${s.node}`;
    case "title":
      return `${KIND_ORDER[s.kind]}\0${s.node}`;
    case "tag-substring":
      return `${KIND_ORDER[s.kind]}\0${s.tag}`;
  }
}
function describeSource(s) {
  switch (s.kind) {
    case "scope-mirror":
      return `scope file ${s.file} \u2192 code-mirror node ${s.mirror} \u2192 ${s.node} implements it`;
    case "scope-content-ref":
      return `scope file ${s.file} is the content_ref of ${s.node}`;
    case "title":
      return `task text contains the title of ${s.node} ("${s.title}")`;
    case "tag-substring":
      return `task text contains the tag "${s.tag}"`;
  }
}
function deriveTags(graph, cfg, task, roots) {
  const td = cfg.config.tag_derivation;
  const warnings = [];
  const found = /* @__PURE__ */ new Map();
  const add = (tag, src) => {
    const k = tag.toLowerCase();
    let e = found.get(k);
    if (!e) found.set(k, e = { tag: k, sources: /* @__PURE__ */ new Map() });
    e.sources.set(sourceKey(src), src);
  };
  const nodeTags = (n) => Array.isArray(n.tags) ? n.tags.filter((t) => typeof t === "string" && t.trim() !== "") : [];
  const scope = (task.scope ?? []).filter((s) => typeof s === "string" && s.trim() !== "");
  if (scope.length) {
    const scopeAbs = /* @__PURE__ */ new Map();
    for (const s of scope) scopeAbs.set(resolve2(roots.repo, s.trim()), s.trim());
    for (const n of graph.nodes.values()) {
      if (isMirror2(n)) {
        const sf = typeof n.source_file === "string" ? n.source_file : null;
        const file2 = sf ? scopeAbs.get(resolve2(roots.repo, sf)) : void 0;
        if (file2 === void 0) continue;
        for (const l of graph.in.get(n.id) ?? []) {
          if (l.type !== "implements") continue;
          const concept = graph.nodes.get(l.source);
          if (!concept || isMirror2(concept)) continue;
          for (const t of nodeTags(concept)) add(t, { kind: "scope-mirror", file: file2, mirror: n.id, node: concept.id });
        }
        continue;
      }
      const ref = typeof n.content_ref === "string" && n.content_ref ? n.content_ref : null;
      if (!ref) continue;
      const root = n.node_origin === "global" ? roots.vault : roots.knowledge;
      const file = scopeAbs.get(resolve2(root, ref));
      if (file === void 0) continue;
      if (resolveInside(root, ref) === null) {
        warnings.push(`node ${n.id}: content_ref "${ref}" leaves its layer root; it is not used to match scope file ${file}`);
        continue;
      }
      for (const t of nodeTags(n)) add(t, { kind: "scope-content-ref", file, node: n.id });
    }
  }
  const { text, fields } = taskText(task);
  if (text) {
    const hay = text.toLowerCase();
    const whole = td.title_match === "whole_word";
    const seenTags = /* @__PURE__ */ new Set();
    for (const n of graph.nodes.values()) {
      if (isMirror2(n)) continue;
      const tags2 = nodeTags(n);
      if (!tags2.length) continue;
      const title = typeof n.title === "string" ? n.title.trim() : "";
      if (title && containsPhrase(hay, title.toLowerCase(), whole)) {
        for (const t of tags2) add(t, { kind: "title", node: n.id, title });
      }
      for (const t of tags2) {
        const k = t.toLowerCase();
        if (seenTags.has(k)) continue;
        seenTags.add(k);
        if ([...k].length >= td.min_tag_length && hay.includes(k)) add(k, { kind: "tag-substring", tag: k });
      }
    }
  }
  const tags = [...found.entries()].sort((a, b) => a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0).map(([, e]) => ({ tag: e.tag, sources: [...e.sources.entries()].sort((a, b) => a[0] < b[0] ? -1 : 1).map(([, s]) => s) }));
  return { tags, text_fields: fields, scope, warnings };
}
function writeTaskTags(ctx, task, derivation, graphVersion, opts = {}) {
  const previous = task.record.akms_tags;
  const tags = derivation.tags.map((t) => t.tag);
  if (previous.length && !opts.force) {
    return { written: false, skipped: "akms_tags is already set by the task author (derived tags fill an empty list; --force replaces it)", log: null, previous };
  }
  if (previous.length === tags.length && previous.every((t, i) => t === tags[i])) {
    return { written: false, skipped: "akms_tags already holds exactly these tags", log: null, previous };
  }
  return withLock(ctx.paths.lock, () => {
    const now = readTextIfExists(task.file);
    if (now !== task.text) {
      throw new StaleWriteError("the task record changed while its tags were derived", { file: task.shown, hint: "run `akms derive-tags --write` again" });
    }
    const record = withTags(task.text, tags);
    let log = null;
    let logText = null;
    if (ctx.cfg.config.tag_derivation.log_derived_tags) {
      log = join(ctx.paths.tasks, `${task.record.task_id}.tags.jsonl`);
      const entry = {
        at: nowIso(opts.env),
        task_id: task.record.task_id,
        task_file: displayPath(ctx.repo, task.file),
        graph_version: graphVersion,
        previous,
        tags: derivation.tags.map((t) => ({ tag: t.tag, sources: t.sources, why: t.sources.map(describeSource) }))
      };
      logText = (readTextIfExists(log) ?? "") + JSON.stringify(entry) + "\n";
    }
    const rel = relative(ctx.paths.knowledge, task.file);
    if (log && logText !== null && !rel.startsWith("..") && !isAbsolute(rel)) {
      commitTransaction(ctx, [
        { path: task.file, data: record },
        { path: log, data: logText }
      ]);
      finishTransaction(ctx);
    } else {
      if (log && logText !== null) writeFileAtomic(log, logText);
      writeFileAtomic(task.file, record);
    }
    return { written: true, skipped: null, log: log && displayPath(ctx.repo, log), previous };
  });
}
function taskTags(ctx, graph, task) {
  if (task.record.akms_tags.length) return { tags: normalizeTags(task.record.akms_tags), from: "akms_tags", derivation: null };
  const derivation = deriveTags(graph, ctx.cfg, task.record, { repo: ctx.repo, knowledge: ctx.paths.knowledge, vault: ctx.vault.path });
  return { tags: derivation.tags.map((t) => t.tag), from: "derived", derivation };
}

export {
  DEFAULT_ROLE,
  normalizeTags,
  resolveTaskRole,
  resolveRole,
  queryGraph,
  readTask,
  topLevelValueSpan,
  describeSource,
  deriveTags,
  writeTaskTags,
  taskTags
};
