import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  markQmdFailed,
  prefetchPassages,
  qmdUse,
  retrievePassages,
  stillUsable
} from "./chunk-VDEEV4GL.mjs";
import {
  DEFAULT_ROLE,
  normalizeTags,
  queryGraph,
  resolveTaskRole,
  taskTags
} from "./chunk-BHTI52HA.mjs";
import {
  stripControl
} from "./chunk-NTRS6NJ7.mjs";
import {
  nowIso
} from "./chunk-QVAO2ACK.mjs";
import {
  withLock
} from "./chunk-W24I3PEA.mjs";
import {
  estimateTokens,
  pitfallSection,
  readNodeContent,
  truncateToTokens
} from "./chunk-JAGXTLBI.mjs";
import {
  displayPath,
  readTextIfExists,
  resolveInside,
  sha256,
  writeFileAtomic
} from "./chunk-Q4IS5S6U.mjs";
import {
  LockHeldError,
  UsageError
} from "./chunk-C3ZMY3KT.mjs";

// core/loadout.ts
import { join, resolve } from "node:path";

// core/loadout/mode.ts
function sizeTokens(cfg, contextSize) {
  const sizes = cfg.loadout.context_size_tokens;
  return contextSize === "small" || contextSize === "large" ? sizes[contextSize] : sizes.medium;
}
function selectMode(cfg, opts) {
  const ms = cfg.loadout.mode_selection;
  const available = opts.contextLimit - ms.system_prompt_tokens - opts.taskTokens - ms.safety_margin;
  const base = {
    requested: opts.requested,
    context_limit: opts.contextLimit,
    system_prompt_tokens: ms.system_prompt_tokens,
    task_tokens: opts.taskTokens,
    safety_margin: ms.safety_margin,
    available,
    low_threshold: ms.low_threshold,
    budget_fraction: ms.budget_fraction,
    full_cost: opts.fullCost
  };
  if (opts.requested !== "auto") return { ...base, mode: opts.requested, reason: `--mode ${opts.requested}` };
  const budget = Math.floor(available * ms.budget_fraction);
  if (available < ms.low_threshold) {
    return { ...base, mode: "routing", reason: `available ${available} < low_threshold ${ms.low_threshold}` };
  }
  if (opts.fullCost === 0) {
    return { ...base, mode: ms.default_mode, reason: `no node to inline (full_cost 0): default_mode ${ms.default_mode}` };
  }
  if (opts.fullCost > available * ms.budget_fraction) {
    return { ...base, mode: "routing", reason: `full_cost ${opts.fullCost} > available ${available} \xD7 budget_fraction ${ms.budget_fraction} = ${budget}` };
  }
  return { ...base, mode: "full", reason: `full_cost ${opts.fullCost} \u2264 available ${available} \xD7 budget_fraction ${ms.budget_fraction} = ${budget}` };
}
function effectiveRead(mode, readingPriority, hasSummary) {
  if (readingPriority === "pitfalls-only") return { read: "pitfalls-only", note: "reading_priority: pitfalls-only" };
  if (readingPriority === "full") return { read: "full", note: mode === "routing" ? "reading_priority: full overrides routing mode" : null };
  if (readingPriority === "summary") {
    if (!hasSummary) return { read: "full", note: "reading_priority: summary, but the node has no ## Summary section: falls back to full" };
    return { read: "summary", note: mode === "full" ? "reading_priority: summary overrides full mode" : null };
  }
  return { read: mode === "full" ? "full" : "summary", note: null };
}

// core/loadout/reading-order.ts
function readingOrder(ids, out) {
  const pos = new Map(ids.map((id, i) => [id, i]));
  const req = /* @__PURE__ */ new Map();
  for (const id of ids) {
    const targets = out(id).filter((l) => l.type === "requires" && pos.has(l.target)).map((l) => l.target);
    req.set(id, [...new Set(targets)].sort((a, b) => pos.get(a) - pos.get(b)));
  }
  const index = /* @__PURE__ */ new Map();
  const low = /* @__PURE__ */ new Map();
  const onStack = /* @__PURE__ */ new Set();
  const stack = [];
  const comps = [];
  let counter = 0;
  const strong = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of req.get(v)) {
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      comps.push(comp.sort((a, b) => pos.get(a) - pos.get(b)));
    }
  };
  for (const id of ids) if (!index.has(id)) strong(id);
  const compOf = /* @__PURE__ */ new Map();
  comps.forEach((c, i) => c.forEach((id) => compOf.set(id, i)));
  const cycles = comps.filter((c) => c.length > 1 || req.get(c[0]).includes(c[0])).sort((a, b) => pos.get(a[0]) - pos.get(b[0]));
  const head = (i) => pos.get(comps[i][0]);
  const needs = comps.map((c, i) => [...new Set(c.flatMap((id) => req.get(id).map((t) => compOf.get(t))))].filter((k) => k !== i).sort((a, b) => head(a) - head(b)));
  const done = /* @__PURE__ */ new Set();
  const order = [];
  const visit = (i) => {
    if (done.has(i)) return;
    done.add(i);
    for (const k of needs[i]) visit(k);
    order.push(...comps[i]);
  };
  for (const i of comps.map((_, i2) => i2).sort((a, b) => head(a) - head(b))) visit(i);
  const requires = /* @__PURE__ */ new Map();
  const orderPos = new Map(order.map((id, i) => [id, i]));
  for (const id of order) requires.set(id, [...req.get(id)].sort((a, b) => orderPos.get(a) - orderPos.get(b)));
  return { order, requires, cycles };
}

// core/loadout/render.ts
var RESERVED = /^(?:true|false|yes|no|on|off|y|n|null|~|[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?|\.inf|\.nan|0x[0-9a-f]+|0o[0-7]+)$/i;
function yamlScalar(v) {
  if (v === null) return "null";
  if (typeof v !== "string") return String(v);
  if (/^[A-Za-z0-9][A-Za-z0-9._/:+-]*$/.test(v) && !RESERVED.test(v) && !/:$/.test(v) && !v.includes(": ")) return v;
  return JSON.stringify(v);
}
function flowScalar(v) {
  return /^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(v) && !RESERVED.test(v) ? v : JSON.stringify(v);
}
function renderHeader(h) {
  const lines = ["---"];
  for (const [k, v] of Object.entries(h)) {
    if (Array.isArray(v)) lines.push(`${k}: [${v.map((x) => flowScalar(String(x))).join(", ")}]`);
    else lines.push(`${k}: ${yamlScalar(v)}`);
  }
  lines.push("---", "");
  return lines.join("\n");
}
function cell(s) {
  return stripControl(s).replace(/\s+/g, " ").replace(/\|/g, "\\|").trim();
}
function inline(s) {
  return stripControl(s).replace(/\s+/g, " ").trim();
}
function code(s) {
  return "`" + inline(s).replace(/`/g, "'") + "`";
}
function fenced(text) {
  let longest = 0;
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}markdown
${stripControl(text).trimEnd()}
${fence}`;
}
function quoted(text) {
  return stripControl(text).trimEnd().split("\n").map((l) => l ? `> ${l}` : ">").join("\n");
}
function conf(x) {
  return (Math.round(x * 100) / 100).toFixed(2);
}
function renderBody(r) {
  const out = [];
  const titleOf = new Map(r.entries.map((e) => [e.id, e.title]));
  out.push(`# Loadout: ${inline(r.title)}`, "");
  out.push("## Domain Knowledge", "");
  out.push("| Node | Origin | Confidence | Priority | Path | Read |", "|---|---|---|---|---|---|");
  for (const e of r.entries) {
    const flag = (e.status === "tentative" ? " (tentative: awaiting review)" : "") + (e.coLoadedWith ? ` (co-loaded with ${code(e.coLoadedWith)})` : "");
    const read = e.read === "pitfalls-only" ? `pitfalls-only (${e.below ? "below threshold; " : ""}${e.pitfallItems.length} warning${e.pitfallItems.length === 1 ? "" : "s"} under Known Pitfalls)` : e.read + (e.trimmed ? " (trimmed: over max_loadout_tokens)" : "");
    out.push(`| ${code(e.id)} ${cell(e.title)}${flag} | ${e.origin} | ${conf(e.confidence)} | ${e.position} | ${e.path ? cell(e.path) : "(file not found)"} | ${read} |`);
  }
  out.push("");
  if (!r.entries.length) {
    const why = r.query.notes[0] ?? "no node passed the query's filters";
    out.push(`No nodes: ${inline(why)}.`, "");
  }
  if (r.entries.length) {
    out.push("Why these nodes:", "");
    for (const e of r.entries) out.push(`${e.position}. ${code(e.id)}: ${inline(e.why)}${e.readNote ? `; ${inline(e.readNote)}` : ""}`);
    out.push("");
  }
  const notes = [...r.query.notes.slice(r.entries.length ? 0 : 1), ...r.warnings];
  if (r.query.excluded.length) {
    const counts = /* @__PURE__ */ new Map();
    for (const x of r.query.excluded) counts.set(x.reason, (counts.get(x.reason) ?? 0) + 1);
    const parts = [...counts.entries()].sort((a, b) => a[0] < b[0] ? -1 : 1).map(([k, n]) => `${n} ${k.replace(/_/g, " ")}`);
    notes.push(`${r.query.excluded.length} reached node${r.query.excluded.length === 1 ? "" : "s"} left out (${parts.join(", ")}); \`akms query --explain\` shows each`);
  }
  for (const n of notes) out.push(`> Note: ${inline(n)}`);
  if (notes.length) out.push("");
  if (!r.qmd.available) {
    out.push(
      `> Degraded mode (spec \xA73.6): qmd is not available (${inline(r.qmd.reason)}), so this loadout carries no inline content and no summaries. Read each node at its path.`,
      ""
    );
  } else if (r.entries.some((e) => e.block || e.passages.length)) {
    out.push(r.mode.mode === "routing" ? "### Summaries" : "### Full Content", "");
    for (const e of r.entries) {
      if (!e.block && !e.passages.length) continue;
      out.push(`#### ${e.position}. ${code(e.id)} ${inline(e.title)}`, "");
      if (e.block?.kind === "full") out.push(fenced(e.block.text), "");
      else if (e.block?.kind === "summary") out.push(quoted(e.block.text), "");
      else if (e.block?.kind === "excerpt") out.push("(no `## Summary` section: the opening of the node)", "", quoted(e.block.text), "");
      else if (e.trimmed) out.push(`(content trimmed to keep the loadout within max_loadout_tokens ${r.maxLoadoutTokens}; read ${e.path ?? "the node file"})`, "");
      if (e.passages.length) {
        out.push("Relevant passages (qmd search):");
        for (const p of e.passages) out.push(`- ${code(`${p.file}:${p.line}`)} (${inline(p.query)}) ${inline(p.text)}`);
        out.push("");
      }
    }
  }
  out.push("## Known Pitfalls", "");
  const own = r.entries.filter((e) => e.read === "pitfalls-only" && e.pitfallItems.length);
  for (const e of own) for (const it of e.pitfallItems) out.push(`- ${code(e.id)} (its \`## Pitfalls\`, ${e.below ? "below threshold" : "reading_priority pitfalls-only"}): ${inline(it)}`);
  if (own.length && !r.query.pitfalls.length) out.push("");
  if (!r.query.pitfalls.length && own.length) {
  } else if (!r.query.pitfalls.length) {
    out.push(r.query.profile.follows_pitfalls ? "None recorded for these nodes." : `None: ${r.query.role} does not follow pitfall edges.`, "");
  } else {
    for (const p of r.query.pitfalls) {
      const path = r.sessionPaths.get(p.to);
      for (const x of p.reports?.length ? p.reports : [{ weight: p.weight, note: p.note, task_id: void 0, severity: void 0 }]) {
        const who = x.task_id ? `, task ${x.task_id}` : "";
        out.push(`- ${code(p.from)} \u2192 ${code(p.to)} (${x.severity ? `${x.severity}, ` : ""}weight ${x.weight}${who}): ${inline(x.note) || "(no note)"}${path ? ` \u2014 ${path}` : ""}`);
      }
    }
    out.push("");
  }
  out.push("## Relevant Session History", "");
  if (!r.query.session_details.length) out.push("None.", "");
  else {
    for (const s of r.query.session_details) {
      const facts = [s.phase !== null ? `phase ${s.phase}` : null, s.outcome ? `outcome ${s.outcome}${s.task_status && s.task_status !== s.outcome ? ` (task ${s.task_status})` : ""}` : null].filter(Boolean).join(", ");
      const path = r.sessionPaths.get(s.id);
      out.push(`- ${code(s.id)} ${inline(s.title)}${facts ? ` (${facts})` : ""}${path ? ` \u2014 ${path}` : ""} \u2014 ${inline(s.why)}`);
    }
    out.push("");
  }
  out.push("## Suggested Reading Order", "");
  if (!r.order.order.length) out.push("Nothing to read.", "");
  else {
    r.order.order.forEach((id, i) => {
      const req = r.order.requires.get(id) ?? [];
      out.push(`${i + 1}. ${code(id)} ${inline(titleOf.get(id) ?? id)}${req.length ? ` (requires ${req.map(code).join(", ")})` : ""}`);
    });
    out.push("");
    for (const c of r.order.cycles) {
      out.push(`> Note: a requires cycle among ${c.map(code).join(", ")}: no prerequisite order exists, so they are read in rank order.`);
    }
    if (r.order.cycles.length) out.push("");
  }
  return out.join("\n").replace(/\n+$/, "\n");
}

// core/loadout.ts
function rootsOf(ctx) {
  return { repo: ctx.repo, knowledge: ctx.paths.knowledge, localNodes: ctx.paths.localNodes, vault: ctx.vault.path, vaultDisplay: ctx.vault.display };
}
function loadoutPath(ctx, taskId, phase, role, ownRole) {
  const rolePart = role === ownRole ? "" : `-${role}`;
  const name = `${phase !== null ? `phase${phase}-` : ""}${taskId}${rolePart}-loadout.md`;
  return join(ctx.paths.loadouts, name);
}
function adhocTaskId(tags) {
  const key = tags.map((t) => t.toLowerCase()).sort().join("\n");
  return `tags-${sha256(key).slice(0, 10)}`;
}
function draftLoadout(ctx, graph, req) {
  const cfg = ctx.cfg.config;
  const task = req.task ?? null;
  if (!task && req.tags === void 0) throw new UsageError("give --task FILE or --tags a,b");
  const role = resolveTaskRole(ctx.cfg, req.role, task);
  const ownRole = resolveOwnRole(ctx, task);
  let tags;
  let tagsFrom;
  let derivation = null;
  if (task) ({ tags, from: tagsFrom, derivation } = taskTags(ctx, graph, task));
  else {
    tags = normalizeTags(req.tags ?? []);
    tagsFrom = "flag";
  }
  const taskId = task ? task.record.task_id : adhocTaskId(tags);
  const phase = req.phase ?? task?.record.phase ?? null;
  const query = queryGraph(graph, ctx.cfg, { tags, role });
  const roots = rootsOf(ctx);
  const warnings = derivation ? [...derivation.warnings] : [];
  const contents = /* @__PURE__ */ new Map();
  for (const n of query.nodes) {
    const c = readNodeContent(roots, graph.nodes.get(n.id));
    contents.set(n.id, c);
    warnings.push(...c.warnings);
  }
  const nodeOf = (id) => graph.nodes.get(id);
  let fullCost = 0;
  for (const n of query.nodes) {
    const g = nodeOf(n.id);
    if (!n.below_threshold && effectiveRead("full", g.reading_priority, contents.get(n.id).summary !== null).read === "full") fullCost += sizeTokens(cfg, g.context_size);
  }
  const taskTokens = task ? estimateTokens(task.text) : 0;
  const mode = selectMode(cfg, {
    requested: req.mode ?? "auto",
    contextLimit: req.contextLimit ?? cfg.loadout.mode_selection.model_context_limit,
    taskTokens,
    fullCost
  });
  const entries = query.nodes.map((n) => {
    const g = nodeOf(n.id);
    const c = contents.get(n.id);
    const { read, note } = n.below_threshold ? { read: "pitfalls-only", note: "below min_confidence_threshold: in for its pitfall warnings only; its content is not loaded" } : effectiveRead(mode.mode, g.reading_priority, c.summary !== null);
    const path = (c.contentFile ?? c.nodeFile)?.shown ?? null;
    const pitfallItems = read === "pitfalls-only" ? pitfallSection(c.text) : [];
    return { id: n.id, title: n.title, origin: n.node_origin, status: n.status, confidence: n.confidence, position: n.position, read, readNote: note, path, why: n.why, block: null, trimmed: false, passages: [], pitfallItems, below: n.below_threshold === true, ...n.co_loaded_with ? { coLoadedWith: n.co_loaded_with } : {} };
  });
  return { task, role, ownRole, tags, tagsFrom, derivation, taskId, phase, query, roots, warnings, contents, mode, entries };
}
function qmdFor(ctx, req) {
  return req.noQmd ? qmdUse(true) : req.qmd ? stillUsable(req.qmd) : qmdUse(false, req.env, { dir: ctx.paths.qmdCacheDir, lock: ctx.paths.lock });
}
function retrievalInput(ctx, graph, d, qmd) {
  const files = [];
  for (const e of d.entries) {
    if (e.read === "pitfalls-only") continue;
    const c = d.contents.get(e.id);
    for (const f of [c.nodeFile, c.contentFile]) if (f) files.push(f);
  }
  return { qmd, stateDir: join(ctx.paths.qmdCacheDir, "index"), cacheDir: ctx.paths.qmdCacheDir, graphVersion: graph.version, tags: d.tags, files, roots: d.roots };
}
function planLoadout(ctx, graph, req) {
  return finishLoadout(ctx, graph, req, draftLoadout(ctx, graph, req), void 0);
}
function finishLoadout(ctx, graph, req, d, batch) {
  const cfg = ctx.cfg.config;
  const { task, role, ownRole, tags, tagsFrom, derivation, taskId, phase, query, warnings, contents, mode, entries } = d;
  const nodeOf = (id) => graph.nodes.get(id);
  let qmd = qmdFor(ctx, req);
  let retrieval = null;
  if (qmd.available) {
    const input = retrievalInput(ctx, graph, d, qmd);
    try {
      retrieval = withLock(ctx.paths.lock, () => retrievePassages({ ...input, batch }));
    } catch (e) {
      if (e instanceof LockHeldError) qmd = { ...qmd, available: false, reason: `skipped: ${e.message}` };
      else qmd = markQmdFailed(qmd, `qmd failed: ${e.message.split("\n")[0]}`);
    }
  }
  if (qmd.available) fillBlocks(cfg, entries, contents, retrieval, (id) => nodeOf(id).context_size);
  const order = readingOrder(
    entries.filter((e) => e.read !== "pitfalls-only").map((e) => e.id),
    (id) => graph.out.get(id) ?? []
  );
  const sessionPaths = /* @__PURE__ */ new Map();
  for (const s of query.session_details) {
    const full = s.content_ref ? resolveInside(ctx.paths.knowledge, s.content_ref) : null;
    sessionPaths.set(s.id, full ? displayPath(ctx.repo, full) : null);
  }
  const body = renderBody({
    title: task?.record.title ?? (task ? taskId : `tags ${tags.join(", ") || "(none)"}`),
    query,
    mode,
    qmd: { available: qmd.available, reason: qmd.reason },
    entries,
    order,
    sessionPaths,
    warnings,
    maxLoadoutTokens: cfg.loadout.max_loadout_tokens
  });
  const file = req.out ?? loadoutPath(ctx, taskId, phase, role, ownRole);
  const header = {
    task_id: taskId,
    phase,
    generated_at: "",
    graph_version: graph.version,
    seed_tags: tags,
    agent_role: role,
    node_count: entries.length,
    loadout_mode: mode.mode,
    available_context: mode.available,
    qmd_available: qmd.available,
    akms_schema: "v2",
    task_file: task ? displayPath(ctx.repo, task.file) : null,
    tags_from: tagsFrom,
    mode_requested: mode.requested,
    context_limit: mode.context_limit,
    system_prompt_tokens: mode.system_prompt_tokens,
    task_tokens: mode.task_tokens,
    safety_margin: mode.safety_margin,
    low_threshold: mode.low_threshold,
    budget_fraction: mode.budget_fraction,
    full_cost: mode.full_cost,
    mode_reason: mode.reason,
    no_qmd: Boolean(req.noQmd),
    qmd_reason: qmd.reason,
    qmd_version: qmd.available ? qmd.version : null,
    qmd_queries: qmd.available && retrieval ? retrieval.queries : null,
    max_loadout_tokens: cfg.loadout.max_loadout_tokens,
    content_tokens: entries.reduce((s, e) => s + (e.block?.tokens ?? 0), 0)
  };
  return { taskId, phase, role, tags, tagsFrom, derivation, query, mode, qmd, retrieval, entries, warnings, file, shown: displayPath(ctx.repo, file), header, body };
}
function resolveOwnRole(ctx, task) {
  const r = task?.record.agent_role;
  return r && Object.hasOwn(ctx.cfg.config.query_roles, r) ? r : DEFAULT_ROLE;
}
var PASSAGES_PER_NODE = 5;
function fillBlocks(cfg, entries, contents, retrieval, contextSize) {
  for (const e of entries) {
    const c = contents.get(e.id);
    const files = new Set([c.nodeFile?.shown, c.contentFile?.shown].filter(Boolean));
    e.passages = (retrieval?.passages ?? []).filter((p) => files.has(p.file)).slice(0, PASSAGES_PER_NODE);
    if (e.read === "pitfalls-only") continue;
    if (e.read === "summary") {
      const src = c.summary ?? c.text;
      if (!src) continue;
      const cap = cfg.loadout.routing_tokens_per_node;
      const t2 = truncateToTokens(src, cap, (k) => `[\u2026 summary cut at ${k} tokens (routing_tokens_per_node ${cap}); read ${e.path ?? "the node file"}]`);
      e.block = { kind: c.summary ? "summary" : "excerpt", text: t2.text, tokens: estimateTokens(t2.text), truncated: t2.truncated };
      continue;
    }
    if (!c.text) continue;
    const alloc = sizeTokens(cfg, contextSize(e.id));
    const t = truncateToTokens(c.text, alloc, (k) => `[\u2026 cut at ${k} tokens: this node's allocation is ${alloc} tokens; read ${e.path ?? "the node file"} for the rest]`);
    e.block = { kind: "full", text: t.text, tokens: estimateTokens(t.text), truncated: t.truncated };
  }
  const max = cfg.loadout.max_loadout_tokens;
  let total = entries.reduce((s, e) => s + (e.block?.tokens ?? 0), 0);
  for (const kind of ["full", "summary"]) {
    for (let i = entries.length - 1; i >= 0 && total > max; i--) {
      const e = entries[i];
      const b = e.block;
      if (!b || (kind === "full" ? b.kind !== "full" : b.kind === "full")) continue;
      total -= b.tokens;
      e.block = null;
      e.trimmed = true;
    }
  }
}
var GENERATED_AT_LINE = /^generated_at: .*$/m;
function blankLoadoutGeneratedAt(text) {
  return text.replace(GENERATED_AT_LINE, 'generated_at: ""');
}
function loadoutText(plan, generatedAt) {
  return renderHeader({ ...plan.header, generated_at: generatedAt }) + "\n" + plan.body;
}
function resultOf(plan, written) {
  return {
    file: plan.file,
    shown: plan.shown,
    written,
    task_id: plan.taskId,
    phase: plan.phase,
    role: plan.role,
    seed_tags: plan.tags,
    tags_from: plan.tagsFrom,
    graph_version: plan.header.graph_version,
    loadout_mode: plan.mode.mode,
    mode_reason: plan.mode.reason,
    available_context: plan.mode.available,
    qmd_available: plan.qmd.available,
    qmd_reason: plan.qmd.reason,
    qmd_cached: plan.retrieval ? plan.retrieval.cached : null,
    node_ids: plan.entries.map((e) => e.id),
    node_count: plan.entries.length,
    pitfall_count: plan.query.pitfalls.length,
    warnings: plan.warnings
  };
}
function writePlan(plan, req) {
  const current = readTextIfExists(plan.file);
  if (current !== null && blankLoadoutGeneratedAt(current) === loadoutText(plan, "")) return resultOf(plan, false);
  const written = writeFileAtomic(plan.file, loadoutText(plan, nowIso(req.env)));
  return resultOf(plan, written);
}
function writeLoadout(ctx, graph, req) {
  return withLock(ctx.paths.lock, () => writePlan(planLoadout(ctx, graph, req), req));
}
function writeLoadouts(ctx, graph, reqs, opts = {}) {
  return withLock(ctx.paths.lock, () => {
    const drafts = reqs.map((req) => {
      try {
        return { ok: true, draft: draftLoadout(ctx, graph, req) };
      } catch (error) {
        return { ok: false, error };
      }
    });
    const inputs = [];
    drafts.forEach((d, i) => {
      if (!d.ok) return;
      const qmd = qmdFor(ctx, reqs[i]);
      if (qmd.available) inputs.push(retrievalInput(ctx, graph, d.draft, qmd));
    });
    const batch = inputs.length ? prefetchPassages(inputs, opts.jobs) : void 0;
    return drafts.map((d, i) => {
      if (!d.ok) return d;
      try {
        const req = reqs[i];
        return { ok: true, result: writePlan(finishLoadout(ctx, graph, req, d.draft, batch), req) };
      } catch (error) {
        return { ok: false, error };
      }
    });
  });
}
function resolveOut(cwd, out) {
  return out ? resolve(cwd, out) : void 0;
}

export {
  sizeTokens,
  loadoutPath,
  planLoadout,
  loadoutText,
  writeLoadout,
  writeLoadouts,
  resolveOut
};
