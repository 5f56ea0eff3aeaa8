import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  cachedByStat,
  nullsHeld,
  parseDedupSections,
  primeNullsOnce,
  sectionDraft,
  withoutSections
} from "./chunk-MOGCZWZI.mjs";
import {
  GlobalFiles,
  listLocalNodeFiles,
  localNodeIds
} from "./chunk-2BK6NNZL.mjs";
import {
  DEFAULT_ROLE,
  deriveTags,
  queryGraph,
  readTask,
  resolveRole
} from "./chunk-BHTI52HA.mjs";
import {
  loadGraph
} from "./chunk-WKFECQLF.mjs";
import {
  buildLocked
} from "./chunk-GNOMD4OV.mjs";
import {
  todayIso
} from "./chunk-QVAO2ACK.mjs";
import {
  recoverPendingTransaction
} from "./chunk-EUE77RB2.mjs";
import {
  withLock
} from "./chunk-W24I3PEA.mjs";
import {
  parseFrontmatter
} from "./chunk-OBKM57IJ.mjs";
import {
  severityOfWeight
} from "./chunk-DWREGR5U.mjs";
import {
  readTextIfExists,
  resolveInside,
  writeFileAtomic
} from "./chunk-Q4IS5S6U.mjs";
import {
  AkmsError
} from "./chunk-C3ZMY3KT.mjs";

// core/review/dedup-index.ts
import { readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
var DEDUP_TEXT = "dedup-text";
var FORMAT = "akms-review-dedup-1";
function dedupIndexPath(ctx) {
  return join(ctx.paths.cacheDir, "review-dedup.json");
}
function primeDedupIndex(ctx) {
  const path = dedupIndexPath(ctx);
  const dir = ctx.paths.localNodes;
  primeNullsOnce(DEDUP_TEXT, path, () => {
    let e;
    try {
      e = JSON.parse(readFileSync(path, "utf8"));
    } catch {
      return [];
    }
    if (!e || e.format !== FORMAT || e.dir !== dir || !e.none || typeof e.none !== "object") return [];
    return Object.entries(e.none).filter(([name, key]) => typeof key === "string" && basename(name) === name).map(([name, key]) => [join(dir, name), key]);
  });
}
function saveDedupIndex(ctx) {
  const path = dedupIndexPath(ctx);
  const dir = ctx.paths.localNodes;
  const none = {};
  for (const [file, key] of nullsHeld(DEDUP_TEXT)) if (dirname(file) === dir) none[basename(file)] = key;
  if (Object.keys(none).length === 0) return false;
  const text = JSON.stringify({ format: FORMAT, dir, none });
  try {
    if (readFileSync(path, "utf8") === text) return false;
  } catch {
  }
  try {
    return withLock(ctx.paths.lock, () => writeFileAtomic(path, text));
  } catch {
    return false;
  }
}

// core/review/sections.ts
import { join as join3 } from "node:path";

// core/review/items.ts
var num = (v) => typeof v === "number" && Number.isFinite(v) ? v : null;
var FileResolver = class {
  constructor(ctx) {
    this.ctx = ctx;
    this.globals = new GlobalFiles(ctx);
  }
  ctx;
  locals = null;
  globals;
  fileOf(n) {
    if (n.node_origin === "local") {
      this.locals ??= new Map([...localNodeIds(this.ctx)].map(([id, l]) => [id, l.shown]));
      return this.locals.get(n.id) ?? null;
    }
    if (n.node_origin === "code-mirror") return typeof n.content_ref === "string" ? `knowledge/${n.content_ref}` : null;
    if (n.domain === "session") return typeof n.content_ref === "string" ? `knowledge/${n.content_ref}` : null;
    return this.globals.find(n.id)?.shown ?? null;
  }
  /** The local node file declaring `id` (repo-relative), whether or not the graph holds that node. */
  localFile(id) {
    this.locals ??= new Map([...localNodeIds(this.ctx)].map(([i, l]) => [i, l.shown]));
    return this.locals.get(id) ?? null;
  }
  globalFile(id) {
    return this.globals.find(id)?.shown ?? null;
  }
};
function withFields(item, extra) {
  return Object.assign(item, extra);
}
function nodeItem(n, files, command) {
  const title = typeof n.title === "string" ? n.title : n.id;
  const source = typeof n.source === "string" ? n.source : null;
  const originSession = typeof n.origin_session === "string" ? n.origin_session : null;
  const originPhase = typeof n.origin_phase === "number" ? n.origin_phase : null;
  let file;
  return {
    id: n.id,
    title,
    status: String(n.status),
    confidence_default: num(n.confidence_default),
    confidence: num(n.confidence),
    origin: n.node_origin,
    source,
    origin_session: originSession,
    origin_phase: originPhase,
    get file() {
      if (file === void 0) file = files.fileOf(n);
      return file;
    },
    set file(v) {
      file = v;
    },
    command
  };
}
function bareItem(id, origin, file, command) {
  return { id, title: id, status: "\u2014", confidence_default: null, confidence: null, origin, source: null, origin_session: null, origin_phase: null, file, command };
}
function isReviewable(n) {
  return n.domain !== "session" && n.domain !== "code-mirror" && n.node_origin !== "code-mirror";
}
function domainNodes(graph) {
  return [...graph.nodes.values()].filter(isReviewable);
}
function promoteCommand(n, files) {
  if (n.node_origin === "local") return `akms promote ${n.id}`;
  return `global node: set \`status: established\` in ${files.fileOf(n) ?? `its vault file (${n.id})`} by hand`;
}

// core/review/sessions.ts
var str = (v) => typeof v === "string" ? v : null;
var arr = (v) => Array.isArray(v) ? v : [];
var obj = (v) => v && typeof v === "object" && !Array.isArray(v) ? v : {};
function readDoc(ctx, ref, problems, sessionId, keep) {
  if (!ref) return { file: null, data: null };
  const full = resolveInside(ctx.paths.knowledge, ref);
  const shown = `knowledge/${ref}`;
  if (!full) {
    problems.push({ file: shown, message: `session ${sessionId}: content_ref "${ref}" leaves knowledge/`, hint: "session content_refs are relative to knowledge/" });
    return { file: null, data: null };
  }
  const doc = cachedByStat(keep, "session-doc", full, (file) => {
    const text = readTextIfExists(file);
    if (text === null) return { data: null };
    try {
      return { data: parseFrontmatter(text, shown).data };
    } catch (e) {
      return { data: null, error: e.message };
    }
  });
  if (doc.error !== void 0) problems.push({ file: shown, message: `session ${sessionId}: its document cannot be read: ${doc.error}` });
  return { file: shown, data: doc.data };
}
function sessionOf(ctx, n, problems, keep) {
  const phase = typeof n.phase === "number" ? n.phase : null;
  const { file, data } = readDoc(ctx, str(n.content_ref), problems, n.id, keep);
  const d = data ?? {};
  const isPcd = "known_issues" in d || "next_phase_warnings" in d || "plan_file" in d;
  const kind = data ? isPcd ? "pcd" : "task_id" in d ? "agent-memory" : null : str(n.evidence) === "pcd" ? "pcd" : str(n.evidence) === "agent-memory" ? "agent-memory" : null;
  const flags = [];
  for (const u of arr(d.nodes_used)) {
    const e = obj(u);
    const cov = e.coverage;
    if ((cov === "missing-detail" || cov === "outdated") && typeof e.id === "string") {
      flags.push({ node: e.id, coverage: cov, note: str(e.note), session: n.id, phase });
    }
  }
  const unanchored = (Array.isArray(n.unanchored_pitfalls) ? n.unanchored_pitfalls : arr(d.pitfalls_discovered).filter((p) => obj(p).node_ref === null)).map((p) => {
    const e = obj(p);
    return { session: n.id, phase, severity: str(e.severity) ?? "medium", description: str(e.description) ?? "", file };
  });
  let blocking;
  if (Array.isArray(n.blocking)) {
    blocking = n.blocking.map((b) => {
      const e = obj(b);
      return { session: n.id, phase, tasks: arr(e.tasks).filter((t) => typeof t === "string"), tests: arr(e.tests).map(String), reason: str(e.reason), file };
    });
  } else {
    blocking = [];
    const start = str(d.recommended_start);
    for (const ft of arr(obj(d.known_issues).failing_tests)) {
      const e = obj(ft);
      if (e.impact_on_next_phase !== "blocking") continue;
      const tasks = Array.isArray(e.blocks) ? e.blocks.filter((t) => typeof t === "string") : start ? [start] : [];
      const tests = e.tests === void 0 ? [] : Array.isArray(e.tests) ? e.tests.map(String) : [String(e.tests)];
      blocking.push({ session: n.id, phase, tasks, tests, reason: str(e.reason), file });
    }
  }
  const knowledge = arr(n.new_knowledge).map((k) => {
    const e = obj(k);
    return {
      session: n.id,
      phase,
      suggested_id: str(e.suggested_id) ?? "",
      node: str(e.node) ?? "",
      match: str(e.match),
      match_origin: e.match_origin === "local" || e.match_origin === "global" ? e.match_origin : null,
      score: typeof e.score === "number" ? e.score : null,
      action: e.action === "appended" ? "appended" : "created"
    };
  });
  const task_status = {};
  if (kind === "pcd") {
    for (const t of arr(d.tasks)) if (typeof obj(t).task_id === "string") task_status[obj(t).task_id] = String(obj(t).status);
  }
  const taskId = str(n.task_id) ?? str(d.task_id);
  if (kind === "agent-memory" && taskId && typeof d.status === "string") task_status[taskId] = d.status;
  return {
    id: n.id,
    phase,
    title: str(n.title) ?? n.id,
    file,
    kind,
    task_id: taskId,
    outcome: str(n.outcome),
    date: str(n.date) ?? str(d.date) ?? (typeof d.timestamp === "string" ? d.timestamp.slice(0, 10) : null),
    flags,
    unanchored,
    blocking,
    knowledge,
    task_status
  };
}
function readSessions(ctx, graph, problems, keep = false) {
  const out = [];
  for (const n of graph.nodes.values()) if (n.domain === "session") out.push(sessionOf(ctx, n, problems, keep));
  out.sort((a, b) => (a.phase ?? -1) - (b.phase ?? -1) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return out;
}
function latestPhase(graph) {
  let max = null;
  for (const n of graph.nodes.values()) if (n.domain === "session" && typeof n.phase === "number" && (max === null || n.phase > max)) max = n.phase;
  return max ?? 0;
}

// core/review/blocked.ts
import { readdirSync } from "node:fs";
import { join as join2 } from "node:path";
var DONE = /* @__PURE__ */ new Set(["complete", "completed", "done", "success"]);
function listTaskFiles(dir) {
  try {
    return readdirSync(dir).filter((n) => n.endsWith(".json") && !n.startsWith(".")).sort().map((n) => join2(dir, n));
  } catch {
    return [];
  }
}
function blockedTasks(ctx, graph, sessions, phase, files, problems) {
  const outcome = /* @__PURE__ */ new Map();
  for (const s of sessions) for (const [t, st] of Object.entries(s.task_status)) outcome.set(t, st);
  const pcd = [...sessions].reverse().find((s) => s.kind === "pcd" && (s.phase === null || s.phase <= phase)) ?? null;
  const out = [];
  for (const file of listTaskFiles(ctx.paths.tasks)) {
    let task;
    try {
      task = readTask(file, ctx.repo);
    } catch (e) {
      if (!(e instanceof AkmsError)) throw e;
      problems.push({ file: e.file ?? file, line: e.line, field: e.field, message: `task record skipped: ${e.message}`, hint: e.hint });
      continue;
    }
    const r = task.record;
    const status = typeof r.status === "string" && r.status ? r.status : "pending";
    if (DONE.has(status.toLowerCase()) || DONE.has((outcome.get(r.task_id) ?? "").toLowerCase())) continue;
    const reasons = [];
    for (const b of pcd?.blocking ?? []) {
      if (b.tasks.includes(r.task_id)) reasons.push({ kind: "failing-test", session: b.session, phase: b.phase, tests: b.tests, reason: b.reason, file: b.file });
    }
    let role = DEFAULT_ROLE;
    try {
      role = resolveRole(ctx.cfg, r.agent_role);
    } catch (e) {
      problems.push({ file: task.shown, field: "agent_role", message: e.message, hint: "the blocked-task check used the implementer role" });
    }
    let tags = r.akms_tags;
    if (!tags.length) tags = deriveTags(graph, ctx.cfg, r, { repo: ctx.repo, knowledge: ctx.paths.knowledge, vault: ctx.vault.path }).tags.map((t) => t.tag);
    const q = queryGraph(graph, ctx.cfg, { tags, role });
    const unblock = [];
    for (const qn of q.nodes) {
      const n = graph.nodes.get(qn.id);
      if (!n || n.status !== "tentative" || n.source !== "agent") continue;
      const cmd = n.node_origin === "local" ? `akms promote ${n.id}` : null;
      reasons.push({ kind: "tentative-node", node: nodeItem(n, files, cmd), role });
      if (cmd) unblock.push(cmd);
    }
    if (!reasons.length) continue;
    const testReasons = reasons.filter((x) => x.kind === "failing-test");
    out.push({
      task_id: r.task_id,
      title: typeof r.title === "string" ? r.title : r.task_id,
      status,
      phase: typeof r.phase === "number" ? r.phase : null,
      file: task.shown,
      role,
      tags,
      reasons,
      unblock,
      command: unblock.length === 1 ? unblock[0] : unblock.length ? unblock.join(" && ") : null,
      ...testReasons.length ? { fix: `make the failing test${testReasons.flatMap((x) => x.kind === "failing-test" ? x.tests : []).length > 1 ? "s" : ""} pass first (${testReasons.flatMap((x) => x.kind === "failing-test" ? x.tests : []).join(", ") || "see the PCD"})` } : {}
    });
  }
  return out;
}

// core/review/sections.ts
var SECTION_ORDER = [
  "new_tentative",
  "dedup_events",
  "degraded",
  "new_pitfalls",
  "unanchored_pitfalls",
  "blocked_tasks",
  "id_collisions",
  "drift",
  "orphans",
  "stale",
  "orphaned_overlay",
  "edge_problems",
  "compile_warnings"
];
var cmp = (a, b) => a < b ? -1 : a > b ? 1 : 0;
var byId = (a, b) => cmp(a.id, b.id);
function days(from, to) {
  const a = Date.parse(from.slice(0, 10) + "T00:00:00Z");
  const b = Date.parse(to.slice(0, 10) + "T00:00:00Z");
  return Number.isFinite(a) && Number.isFinite(b) ? Math.round((b - a) / 864e5) : 0;
}
function warningItem(w, command, fix) {
  return {
    code: w.code,
    node: w.node ?? null,
    source: w.source ?? null,
    target: w.target ?? null,
    type: w.type ?? null,
    file: w.file ?? null,
    message: w.message,
    command,
    fix
  };
}
function dedupEvents(ctx, graph, files, scope, phaseOf, sessions, problems) {
  const out = [];
  if (scope.live === true) primeDedupIndex(ctx);
  for (const f of listLocalNodeFiles(ctx)) {
    const text = cachedByStat(scope.live === true, DEDUP_TEXT, f.file, (file) => {
      const t = readTextIfExists(file);
      return t !== null && t.includes("akms:dedup") ? t : null;
    });
    if (text === null) continue;
    const sections = parseDedupSections(text);
    if (!sections.length) continue;
    let id;
    let existing;
    try {
      const fm = parseFrontmatter(text, f.shown);
      id = String(fm.data.id);
      existing = parseFrontmatter(withoutSections(text), f.shown).body.trim();
    } catch (e) {
      problems.push({ file: f.shown, message: `dedup sections of an unreadable node: ${e.message}` });
      continue;
    }
    const n = graph.nodes.get(id);
    const pending = sections.filter((s) => s.status === "pending");
    for (const s of sections) {
      const phase = phaseOf(s.session);
      if (!scope.all && phase !== scope.phase && s.status !== "pending") continue;
      if (!scope.all && phase !== scope.phase && phase !== null && phase > scope.phase) continue;
      const arg = pending.length > 1 && s.session ? ` ${s.session}` : "";
      const isPending = s.status === "pending";
      const base = n && n.node_origin === "local" ? nodeItem(n, files, null) : bareItem(id, "local", f.shown, null);
      const { draft, suggestedId } = sectionDraft(s);
      out.push(
        withFields(base, {
          file: f.shown,
          command: isPending ? `akms dedup accept ${id}${arg}` : null,
          session: s.session,
          phase,
          score: s.score,
          dedup_status: s.status,
          kind: "appended",
          match: id,
          suggested_id: suggestedId,
          existing_text: existing,
          draft_text: draft,
          alternatives: isPending ? [`akms dedup reject ${id}${arg}`] : []
        })
      );
    }
  }
  for (const s of sessions) {
    if (!scope.all && s.phase !== scope.phase) continue;
    for (const k of s.knowledge) {
      if (k.action !== "created" || k.match === null) continue;
      const n = graph.nodes.get(k.node);
      if (!n) continue;
      const tentative = n.status === "tentative";
      const matched = graph.nodes.get(k.match);
      const rel = files.localFile(k.node);
      const nodeText = rel ? readTextIfExists(join3(ctx.repo, rel)) : null;
      let draft = "";
      if (nodeText) {
        try {
          draft = parseFrontmatter(nodeText, k.node).body.trim();
        } catch {
        }
      }
      out.push(
        withFields(nodeItem(n, files, tentative ? `akms promote ${n.id}` : null), {
          session: s.id,
          phase: s.phase,
          score: k.score,
          dedup_status: tentative ? "created" : String(n.status),
          kind: "created",
          match: k.match,
          suggested_id: k.suggested_id,
          existing_text: matched ? `${matched.title} (${k.match_origin ?? "global"} node ${k.match}; its file: ${files.fileOf(matched) ?? "not found"})` : k.match,
          draft_text: draft,
          alternatives: tentative ? [`akms draft ${n.id}`] : []
        })
      );
    }
  }
  out.sort((a, b) => (a.dedup_status === "pending" ? 0 : 1) - (b.dedup_status === "pending" ? 0 : 1) || byId(a, b) || cmp(a.session ?? "", b.session ?? ""));
  return out;
}
function collect(ctx, graph, scope) {
  const problems = [];
  const live = scope.live === true;
  const files = new FileResolver(ctx);
  const sessions = readSessions(ctx, graph, problems, live);
  const sessionPhase = new Map(sessions.map((s) => [s.id, s.phase]));
  const phaseOf = (s) => s === null ? null : sessionPhase.get(s) ?? null;
  const inPhase = (p) => scope.all || p === scope.phase;
  const nodes = domainNodes(graph);
  const provenancePhase = (n) => typeof n.origin_phase === "number" ? n.origin_phase : phaseOf(typeof n.origin_session === "string" ? n.origin_session : null);
  const tentative = nodes.filter((n) => n.status === "tentative");
  const newTentative = tentative.filter((n) => scope.all ? true : n.node_origin === "local" && provenancePhase(n) === scope.phase);
  const olderTentative = scope.all ? 0 : tentative.filter((n) => n.node_origin === "local" && provenancePhase(n) !== scope.phase).length;
  const flagsByNode = /* @__PURE__ */ new Map();
  for (const s of sessions) {
    if (!inPhase(s.phase)) continue;
    for (const f of s.flags) {
      const l = flagsByNode.get(f.node) ?? [];
      l.push(f);
      flagsByNode.set(f.node, l);
    }
  }
  const degraded = [];
  for (const n of nodes) {
    const c = typeof n.confidence === "number" ? n.confidence : null;
    const d = typeof n.confidence_default === "number" ? n.confidence_default : null;
    const drop = c !== null && d !== null && c < d ? Math.round((d - c) * 1e6) / 1e6 : 0;
    const flags = flagsByNode.get(n.id) ?? [];
    if (drop > 0 || flags.length) degraded.push(withFields(nodeItem(n, files, n.status === "draft" || n.status === "deprecated" ? null : `akms draft ${n.id}`), { drop, flags }));
  }
  degraded.sort((a, b) => b.drop - a.drop || byId(a, b));
  const pitfalls = [];
  for (const l of graph.doc.links) {
    if (l.type !== "pitfall") continue;
    const target = graph.nodes.get(l.target);
    const from = graph.nodes.get(l.source);
    if (!target || !from || target.domain !== "session") continue;
    const phase = phaseOf(l.target);
    if (!inPhase(phase)) continue;
    const note = typeof l.note === "string" ? l.note : "";
    const reports = l.reports?.length ? l.reports : [{ weight: l.weight, severity: severityOfWeight(l.weight), note, task_id: void 0 }];
    const fromItem = nodeItem(from, files, null);
    let sessionFile;
    for (const r of reports) {
      pitfalls.push({
        from: fromItem,
        session: l.target,
        phase,
        weight: r.weight,
        severity: r.severity,
        note: r.note,
        task_id: r.task_id ?? null,
        get session_file() {
          if (sessionFile === void 0) sessionFile = files.fileOf(target);
          return sessionFile;
        },
        set session_file(v) {
          sessionFile = v;
        },
        command: null
      });
    }
  }
  pitfalls.sort((a, b) => b.weight - a.weight || cmp(a.from.id, b.from.id) || cmp(a.session, b.session));
  const unanchored = sessions.filter((s) => inPhase(s.phase)).flatMap((s) => s.unanchored).map((u) => ({ ...u, command: null, fix: "no node holds this yet: name one in the evidence's node_ref, or write a node that covers it" }));
  const collisions = [];
  const orphanedOverlay = [];
  const edgeProblems = [];
  const otherWarnings = [];
  for (const w of graph.warnings) {
    switch (w.code) {
      case "ID_COLLISION":
      case "DUPLICATE_ID": {
        const id = w.node ?? "?";
        const n = graph.nodes.get(id);
        const kept = n ? files.fileOf(n) : null;
        collisions.push({
          id,
          code: w.code,
          kept_file: kept,
          skipped_file: w.file ?? null,
          message: w.message,
          command: null,
          fix: `give ${w.file ?? "the skipped file"} its own id (edit its \`id:\` line and rename the file), then \`akms build\``
        });
        break;
      }
      case "ORPHANED_OVERLAY":
        orphanedOverlay.push(warningItem(w, null, `no source declares "${w.node}" any more; its state stays in ${w.file ?? "local_state.yaml"} (restore the node, or leave the entry \u2014 it is never applied)`));
        break;
      case "DANGLING_EDGE":
      case "DUPLICATE_EDGE":
      case "PITFALL_TARGET":
        edgeProblems.push(
          warningItem(
            w,
            null,
            w.code === "DANGLING_EDGE" ? `fix or remove the edge to "${w.target}" in ${w.file ?? "its file"} (no node has that id)` : w.code === "DUPLICATE_EDGE" ? `remove the second ${w.source} \u2192 ${w.target} edge in ${w.file ?? "its file"} (only the first is kept)` : `a pitfall edge must point at a session node; fix it in ${w.file ?? "its file"}`
          )
        );
        break;
      default:
        otherWarnings.push(
          warningItem(
            w,
            null,
            w.code === "MISSING_CONTENT_REF" ? `make content_ref of "${w.node}" point at an existing file inside its layer, or remove it` : w.code === "MISSING_CONTENT_DRAFT" ? `add a \`## content_draft\` heading above the agent-written text of "${w.node}"` : w.code === "MISSING_SUMMARY" ? `add a \`## Summary\` section (3\u20135 sentences) to "${w.node}" in ${w.file ?? "its file"}, or set a smaller context_size` : `see ${w.file ?? "the file named"}`
          )
        );
    }
  }
  const drift = [];
  for (const n of graph.nodes.values()) {
    if (n.node_origin !== "code-mirror" && n.domain !== "code-mirror") continue;
    const list = Array.isArray(n.drift) ? n.drift : [];
    if (!list.length && n.status !== "draft") continue;
    const sf = typeof n.source_file === "string" ? n.source_file : null;
    const cmd = sf ? `akms mirror --files ${sf}` : null;
    const entries = list.length ? list : [{}];
    for (const d of entries) {
      const fn = typeof d.function === "string" ? d.function : null;
      drift.push({
        ...nodeItem(n, files, cmd),
        source_file: sf,
        function: fn,
        kind: typeof d.kind === "string" ? d.kind : null,
        detail: typeof d.detail === "string" ? d.detail : null,
        line: typeof d.line === "number" ? d.line : null,
        fix: `fix the docstring${fn ? ` of ${fn}` : "s"} in ${sf ?? "the source file"}${d.line !== void 0 ? ` (line ${d.line})` : ""}, then regenerate the mirror`
      });
    }
  }
  drift.sort((a, b) => byId(a, b) || (a.line ?? 0) - (b.line ?? 0));
  const orphans = [];
  if (ctx.cfg.config.graph.orphan_warning) {
    for (const n of nodes) {
      if ((graph.out.get(n.id)?.length ?? 0) || (graph.in.get(n.id)?.length ?? 0)) continue;
      if (n.status === "deprecated") continue;
      orphans.push(withFields(nodeItem(n, files, null), { fix: `connect it: add edges to ${n.id}'s file, or from the nodes it belongs with` }));
    }
  }
  const today = scope.today ?? todayIso();
  const limit = ctx.cfg.config.graph.stale_node_days;
  const stale = [];
  for (const n of nodes) {
    if (typeof n.last_activated !== "string" || n.status === "draft" || n.status === "deprecated") continue;
    const age = days(n.last_activated, today);
    if (age > limit) stale.push(withFields(nodeItem(n, files, `akms draft ${n.id}`), { last_activated: n.last_activated, days: age }));
  }
  stale.sort((a, b) => b.days - a.days || byId(a, b));
  const blocked = blockedTasks(ctx, graph, sessions, scope.phase, files, problems);
  return {
    sections: {
      new_tentative: newTentative.map(
        (n) => n.node_origin === "local" ? nodeItem(n, files, `akms promote ${n.id}`) : withFields(nodeItem(n, files, null), { fix: promoteCommand(n, files) })
      ),
      dedup_events: dedupEvents(ctx, graph, files, scope, phaseOf, sessions, problems),
      degraded,
      new_pitfalls: pitfalls,
      unanchored_pitfalls: unanchored,
      blocked_tasks: blocked,
      id_collisions: collisions.sort((a, b) => cmp(a.id, b.id) || cmp(a.skipped_file ?? "", b.skipped_file ?? "")),
      drift,
      orphans,
      stale,
      orphaned_overlay: orphanedOverlay,
      edge_problems: edgeProblems,
      compile_warnings: otherWarnings
    },
    sessions,
    older_tentative: olderTentative,
    problems
  };
}

// core/report.ts
import { join as join4, resolve } from "node:path";
var SECTION_TITLES = {
  new_tentative: "New tentative nodes",
  dedup_events: "Dedup events",
  degraded: "Degraded confidence",
  new_pitfalls: "New pitfalls",
  unanchored_pitfalls: "Unanchored pitfalls",
  blocked_tasks: "Blocked downstream tasks",
  id_collisions: "Id collisions",
  drift: "Docstring drift",
  orphans: "Orphans",
  stale: "Stale nodes",
  orphaned_overlay: "Orphaned overlay entries",
  edge_problems: "Dangling / duplicate edges",
  compile_warnings: "Other compile warnings"
};
function reportPhase(graph, phase) {
  return phase ?? latestPhase(graph);
}
function reviewData(ctx, graph, opts = {}) {
  const phase = reportPhase(graph, opts.phase);
  const today = opts.today ?? todayIso();
  const c = collect(ctx, graph, { phase, all: false, today, live: opts.live });
  return {
    phase,
    graph_version: graph.version,
    repo_id: String(graph.doc.graph?.repo_id ?? ""),
    today,
    stale_node_days: ctx.cfg.config.graph.stale_node_days,
    summary: Object.fromEntries(SECTION_ORDER.map((k) => [k, c.sections[k].length])),
    sections: c.sections,
    older_tentative: c.older_tentative,
    problems: c.problems
  };
}
var CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]|\u001b\[[0-?]*[ -/]*[@-~]/g;
function cell(v, max = 90) {
  if (v === null || v === void 0 || v === "") return "\u2014";
  let s = String(v).replace(CONTROL, "").replace(/\s+/g, " ").trim();
  if (s.length > max) s = s.slice(0, max - 1).trimEnd() + "\u2026";
  return s.replace(/\\/g, "\\\\").replace(/\|/g, "\\|");
}
var code = (s) => s ? "`" + s.replace(/`/g, "'").replace(/\|/g, "\\|") + "`" : "\u2014";
function num2(x) {
  return x === null ? "?" : String(Math.round(x * 1e3) / 1e3);
}
function confidenceText(it) {
  if (it.confidence === null && it.confidence_default === null) return "\u2014";
  if (it.confidence_default === null || it.confidence === null || num2(it.confidence_default) === num2(it.confidence)) return num2(it.confidence ?? it.confidence_default);
  return `${num2(it.confidence_default)} \u2192 ${num2(it.confidence)}`;
}
function provenance(it) {
  const parts = [it.source ?? "?"];
  if (it.origin_session) parts.push(it.origin_session);
  if (it.origin_phase !== null) parts.push(`phase ${it.origin_phase}`);
  return parts.join(" \xB7 ");
}
var action = (it) => it.command ? code(it.command) : it.fix ? cell(it.fix, 110) : "\u2014";
function table(head, rows) {
  return [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)];
}
function nodeCols(it) {
  return [code(it.id), cell(it.title, 60), it.status, confidenceText(it), it.origin, cell(provenance(it), 50), cell(it.file, 70)];
}
var NODE_HEAD = ["Node", "Title", "Status", "Confidence", "Origin", "Provenance", "File"];
function sectionLines(name, d) {
  const s = d.sections;
  switch (name) {
    case "new_tentative":
      return table([...NODE_HEAD, "Command"], s.new_tentative.map((it) => [...nodeCols(it), action(it)]));
    case "dedup_events":
      return table(
        ["Node", "Status", "Confidence", "Session", "Score", "Dedup", "Draft (excerpt)", "Command"],
        s.dedup_events.map((e) => [
          code(e.id),
          e.status,
          confidenceText(e),
          cell(e.session),
          e.score === null ? "\u2014" : String(e.score),
          e.kind === "created" ? `new node, similar to ${code(e.match)}` : e.dedup_status,
          cell(e.draft_text, 70),
          e.command ? [code(e.command), ...e.alternatives.map(code)].join(" or ") : "\u2014"
        ])
      );
    case "degraded":
      return table(
        ["Node", "Title", "Status", "Confidence", "Drop", "Origin", "Flags", "Command"],
        s.degraded.map((it) => [
          code(it.id),
          cell(it.title, 50),
          it.status,
          confidenceText(it),
          it.drop ? num2(it.drop) : "\u2014",
          it.origin,
          cell(it.flags.map((f) => `${f.coverage} (${f.session})`).join(", "), 60),
          action(it)
        ])
      );
    case "new_pitfalls":
      return table(
        ["Node", "Status", "Confidence", "Severity", "Session", "Pitfall"],
        s.new_pitfalls.map((p) => [code(p.from.id), p.from.status, confidenceText(p.from), p.severity, cell(p.task_id ? `${p.session} (task ${p.task_id})` : p.session), cell(p.note, 110)])
      );
    case "unanchored_pitfalls":
      return table(
        ["Session", "Severity", "Pitfall", "File", "What to do"],
        s.unanchored_pitfalls.map((u) => [cell(u.session), u.severity, cell(u.description, 110), cell(u.file), cell(u.fix, 80)])
      );
    case "blocked_tasks":
      return table(
        ["Task", "Title", "Status", "Blocked by", "Unblock"],
        s.blocked_tasks.map((t) => [
          code(t.task_id),
          cell(t.title, 50),
          t.status,
          cell(
            t.reasons.map((r) => r.kind === "failing-test" ? `failing test ${r.tests.join(", ") || "(unnamed)"} (${r.session})` : `tentative agent node ${r.node.id} (${r.node.status}, ${confidenceText(r.node)}) in its ${r.role} loadout`).join("; "),
            140
          ),
          t.command ? t.unblock.map(code).join(" and ") + (t.fix ? `; ${cell(t.fix, 60)}` : "") : cell(t.fix, 90)
        ])
      );
    case "id_collisions":
      return table(["Id", "Kind", "Kept", "Skipped", "What to do"], s.id_collisions.map((c) => [code(c.id), c.code === "ID_COLLISION" ? "global vs local" : "duplicate", cell(c.kept_file), cell(c.skipped_file), cell(c.fix, 90)]));
    case "drift":
      return table(
        ["Mirror", "Status", "Source", "Function", "Line", "Drift", "Command"],
        s.drift.map((x) => [code(x.id), x.status, cell(x.source_file), cell(x.function), x.line === null ? "\u2014" : String(x.line), cell([x.kind, x.detail].filter(Boolean).join(": "), 80), action(x)])
      );
    case "orphans":
      return table([...NODE_HEAD, "What to do"], s.orphans.map((it) => [...nodeCols(it), cell(it.fix, 60)]));
    case "stale":
      return table([...NODE_HEAD, "Last activated", "Command"], s.stale.map((it) => [...nodeCols(it), `${it.last_activated} (${it.days} days)`, action(it)]));
    case "orphaned_overlay":
    case "edge_problems":
    case "compile_warnings":
      return table(["Code", "Node / edge", "File", "Problem", "What to do"], s[name].map((w) => [w.code.toLowerCase(), cell(w.node ?? (w.source ? `${w.source} \u2192 ${w.target}` : null)), cell(w.file), cell(w.message, 100), cell(w.fix, 90)]));
  }
}
function renderReviewReport(data) {
  const actionable = data.summary.new_tentative + data.sections.dedup_events.filter((e) => e.command).length + data.summary.blocked_tasks;
  const lines = [
    `# Review \u2014 phase ${data.phase}`,
    "",
    `Repository \`${cell(data.repo_id || "?")}\` \xB7 graph_version \`${data.graph_version}\` \xB7 ${actionable} item${actionable === 1 ? "" : "s"} await a decision.`,
    `Confidence reads *global default \u2192 this repository*. Run the command on a line to act on it; \`akms undo\` reverts the last action.`,
    "",
    "## Summary",
    "",
    ...table(
      ["Section", "Items"],
      SECTION_ORDER.map((k) => [data.summary[k] ? `[${SECTION_TITLES[k]}](#${anchor(SECTION_TITLES[k])})` : SECTION_TITLES[k], String(data.summary[k])])
    )
  ];
  if (data.older_tentative) lines.push("", `Also awaiting review from other phases: ${data.older_tentative} local tentative node${data.older_tentative === 1 ? "" : "s"} (\`akms status\` lists them).`);
  if (data.problems.length) lines.push("", `${data.problems.length} file${data.problems.length === 1 ? "" : "s"} could not be read for this report (see the end).`);
  for (const k of SECTION_ORDER) {
    lines.push("", `## ${SECTION_TITLES[k]}`, "");
    if (k === "stale") lines.push(`Not activated for more than ${data.stale_node_days} days before ${data.today}.`, "");
    if (!data.sections[k].length) lines.push("None.");
    else lines.push(...sectionLines(k, data));
  }
  if (data.problems.length) {
    lines.push("", "## Could not read", "");
    for (const p of data.problems) lines.push(`- ${cell(p.file)}${p.line ? `:${p.line}` : ""}: ${cell(p.message, 200)}`);
  }
  return lines.join("\n") + "\n";
}
function anchor(title) {
  return title.toLowerCase().replace(/[^a-z0-9 -]/g, "").replace(/ /g, "-");
}
function writeReviewReport(ctx, opts = {}) {
  return withLock(ctx.paths.lock, () => {
    recoverPendingTransaction(ctx, () => buildLocked(ctx));
    buildLocked(ctx);
    const graph = loadGraph(ctx.paths);
    const data = reviewData(ctx, graph, { phase: opts.phase, today: opts.today });
    const known = [...new Set([...graph.nodes.values()].filter((n) => n.domain === "session" && typeof n.phase === "number").map((n) => n.phase))].sort((a, b) => a - b);
    const base = { phase: data.phase, summary: data.summary, graph_version: data.graph_version, known_phases: known };
    if (opts.out === "-") return { ...base, path: "-", written: false, text: renderReviewReport(data) };
    const path = opts.out ? resolve(opts.cwd ?? process.cwd(), opts.out) : join4(ctx.paths.reviews, `phase-${data.phase}-review.md`);
    const written = writeFileAtomic(path, renderReviewReport(data));
    return { ...base, path, written };
  });
}

export {
  saveDedupIndex,
  latestPhase,
  SECTION_ORDER,
  collect,
  SECTION_TITLES,
  reviewData,
  confidenceText,
  writeReviewReport
};
