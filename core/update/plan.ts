// Planning an update entirely in memory (spec §5.5, DESIGN §4 Update): from the validated
// documents, the compiled graph and the overlay, compute every file's final bytes and a full
// account of what changes and why. Nothing here writes; apply.ts journals and writes the plan.
import { plural } from "../plural.js";
import { statVector } from "../store/freshness.js";
import { extname, join, relative, sep } from "node:path";
import type { Context } from "../context.js";
import { problemsError, type Problem } from "../errors.js";
import { readBytesIfExists, realpathOrNull, sha256 } from "../fsx.js";
import { pcdFileName } from "../paths.js";
import { splitFrontmatter } from "../frontmatter.js";
import { hasContentDraft } from "../schemas/node.js";
import type { UpdateDelta } from "../compiler/update-patch.js";
import { lineOfPath } from "../yaml.js";
import type { GNode } from "../graph.js";
import type { PitfallReport } from "../graph-file/doc.js";
import type { UpdateGraph } from "./plan-state.js";
import type { Overlay } from "../schemas/overlay.js";
import type { Pcd } from "../schemas/evidence.js";
import type { OUTCOMES } from "../schemas/common.js";
import { applyFeedback, describeStep } from "./confidence.js";
import { ledgerId, pcdCarries, sessionDocument, unknownMemoryKeys, type EvidenceDoc } from "./documents.js";
import { normalizeOverlay, overlayLimits, overlayText, type OverlayReuse } from "./overlay-io.js";
import { newKnowledge, type Knowledge } from "./plan-knowledge.js";
import { startPlan, type PlanState } from "./plan-state.js";
import type { DocumentResult, PlanResult } from "./plan-types.js";

export type { BlockingRecord, DedupEvent, DocumentResult, NodeChange, PitfallRecord, PlanResult, StepRecord } from "./plan-types.js";
import type { OverlayState } from "../overlay-file.js";
import type { TxnWrite } from "../transaction.js";

import { PITFALL_WEIGHT } from "../schemas/vocabulary.js";

export interface Plan {
  result: PlanResult;
  writes: TxnWrite[];
  /** The overlay as written (its bytes and parsed form), when the update writes it. */
  overlay: { bytes: Buffer; data: Overlay } | null;
  /** What changed, for the recompile to patch graph.json with (see core/compiler/update-patch.ts). */
  delta: UpdateDelta;
}

function posix(p: string): string {
  return p.split(sep).join("/");
}

/**
 * A session's outcome in the spec's vocabulary (§4.2 example: success; the Python implementation's
 * enum: success | partial | failed) from the evidence's task status: complete → success, partial
 * and deferred → partial, failed → failed. The task status itself is kept beside it (task_status).
 */
export function sessionOutcome(status: string): "success" | "partial" | "failed" {
  return status === "complete" ? "success" : status === "failed" ? "failed" : "partial";
}

function pcdOutcome(d: Pcd): (typeof OUTCOMES)[number] {
  const statuses = new Set(d.tasks.map((t) => t.status));
  if (statuses.size === 0) return "complete";
  return statuses.size === 1 ? [...statuses][0]! : "partial";
}

function uniq<T>(xs: Iterable<T>): T[] {
  return [...new Set(xs)];
}

/** The applied PCD of a phase (its session's document), read once per update; null when there is none to read. */
function appliedPcd(ctx: Context, ov: Overlay, phase: number, read: Map<number, EvidenceDoc | null>): EvidenceDoc | null {
  if (read.has(phase)) return read.get(phase)!;
  const ref = ov.session_nodes?.[`session-phase${phase}`]?.content_ref;
  let pcd: EvidenceDoc | null = null;
  try {
    const doc = ref ? sessionDocument(ctx.paths.knowledge, ref) : null;
    pcd = doc?.kind === "pcd" ? doc : null;
  } catch {
    pcd = null; // not a valid document: nothing says it holds one
  }
  read.set(phase, pcd);
  return pcd;
}

/**
 * The applied PCD of an AgentMemory's phase that holds its evidence (documents.ts pcdCarries: the
 * orchestrator's REVIEW applies its assembled PCD alone), shown as its file; null when none does.
 */
function carriedBy(ctx: Context, d: EvidenceDoc, ov: Overlay, read: Map<number, EvidenceDoc | null>): string | null {
  if (d.kind !== "agent-memory") return null;
  const pcd = appliedPcd(ctx, ov, d.phase, read);
  return pcd && pcdCarries(pcd.data, d.data) ? pcd.shown : null;
}

/** Refuses documents whose session id is registered from other bytes (or taken by another node). */
function checkApplied(ctx: Context, docs: readonly EvidenceDoc[], ov: Overlay, graph: UpdateGraph, warnings: string[], carried: Map<EvidenceDoc, string>): EvidenceDoc[] {
  const problems: Problem[] = [];
  const fresh: EvidenceDoc[] = [];
  const pcds = new Map<number, EvidenceDoc | null>(); // the applied PCD of each phase, read once
  for (const d of docs) {
    const field = d.kind === "pcd" ? "phase_id" : "task_id";
    // Located only when there is a problem to report: locating parses the document again.
    const where = () => ({ file: d.shown, line: lineOfPath(d.yaml, [field], d.firstLine), field });
    const reg = ov.session_nodes?.[d.sessionId];
    const regTask = (reg as { task_id?: unknown } | undefined)?.task_id ?? graph.nodes.get(d.sessionId)?.task_id;
    if (reg && d.taskId !== null && typeof regTask === "string" && regTask !== d.taskId && regTask.toLowerCase() === d.taskId.toLowerCase()) {
      problems.push({
        ...where(),
        code: "TASK_ID_CASE",
        message: `task id ${d.taskId} differs only by case from ${regTask}, already applied as ${d.sessionId}`,
        hint: "task ids that differ only by case collide on case-insensitive file systems: give this task its own id",
      });
      continue;
    }
    if (reg) {
      if (reg.source_hash === d.hash) continue;
      problems.push({
        ...where(),
        code: "ALREADY_APPLIED",
        message: reg.source_hash
          ? `${d.sessionId} was already applied from a different document (source_hash ${reg.source_hash.slice(0, 12)}…, this document ${d.hash.slice(0, 12)}…)`
          : `${d.sessionId} is already registered in local_state.yaml, not by an update from this document`,
        hint: "applied evidence is never re-applied or changed: give new evidence its own task id (or phase), or pass the document exactly as it was applied",
      });
      continue;
    }
    // Applied by the Python implementation (its ledger names the source; its session id keeps the task id's case, or says phase-N).
    if ((ov.processed_sources ?? []).includes(ledgerId(d))) {
      warnings.push(`${d.shown}: not applied — local_state.yaml's processed_sources already names ${ledgerId(d)} (applied by the spec's Python implementation as session-${ledgerId(d)})`);
      continue;
    }
    const pcd = carriedBy(ctx, d, ov, pcds);
    if (pcd !== null) {
      carried.set(d, `session-phase${d.phase}`);
      warnings.push(`${d.shown}: not applied — its evidence came in with ${pcd} (session-phase${d.phase}), which holds it; applying it again would count it twice`);
      continue;
    }
    const other = graph.nodes.get(d.sessionId);
    if (other) {
      problems.push({
        ...where(),
        code: "SESSION_ID_TAKEN",
        message: `its session id ${d.sessionId} is already taken by the ${other.node_origin} node "${d.sessionId}"`,
        hint: "rename that node, or give this document another task id",
      });
      continue;
    }
    fresh.push(d);
    // A PCD applied in this call holds the memories of its phase that come after it, as an applied one does.
    if (d.kind === "pcd") pcds.set(d.phase, d);
  }
  if (problems.length) {
    throw problemsError(problems, problems[0]!.code!, `${problems.length} documents cannot be applied; nothing was changed`, "fix each document listed");
  }
  return fresh;
}

/** The document's account, before anything of it is applied. */
function documentResult(d: EvidenceDoc, st: PlanState, fresh: boolean, dryRun: boolean): DocumentResult {
  return {
    file: d.shown,
    kind: d.kind,
    session: d.sessionId,
    phase: d.phase,
    task_id: d.taskId,
    loadout_used: typeof d.data.loadout_used === "string" ? d.data.loadout_used : null,
    status: fresh ? (dryRun ? "would-apply" : "applied") : "already-applied",
    source_hash: d.hash,
    content_ref: st.sessions[d.sessionId]?.content_ref ?? null,
    pitfalls: [],
    unanchored_pitfalls: [],
    new_knowledge: [],
    blocking: [],
    untouched_auto_update: [],
  };
}

/**
 * The session file's content_ref: the document itself when it lies inside knowledge/, else a copy
 * in sessions/ (planned); null, with a problem, when that copy's place holds another document.
 */
function sessionFile(st: PlanState, d: EvidenceDoc, knowledgeReal: string | null): string | null {
  const docReal = realpathOrNull(d.file);
  const inside = knowledgeReal && docReal ? relative(knowledgeReal, docReal) : null;
  if (inside && !inside.startsWith("..") && !inside.startsWith(sep) && inside !== "") return posix(inside);
  const ext = [".yaml", ".yml"].includes(extname(d.file).toLowerCase()) ? extname(d.file).toLowerCase() : ".md";
  const name = d.kind === "pcd" ? pcdFileName(d.phase!, ext) : d.taskId! + ext;
  const target = join(st.ctx.paths.sessions, name);
  const contentRef = `sessions/${name}`;
  const existing = readBytesIfExists(target);
  if (existing && !existing.equals(d.bytes)) {
    st.problems.push({
      file: d.shown,
      message: `knowledge/${contentRef} already exists and holds another document`,
      hint: `apply the file knowledge/${contentRef} itself, or move it away first`,
    });
    return null;
  }
  if (!existing && !st.planned.has(target)) st.planned.set(target, { data: d.bytes, action: "created" });
  return contentRef;
}

/** Confidence: boost, direct hits, propagation (confidence.ts), then per-node bookkeeping (spec §5.5 steps 1–2). */
function applyConfidence(st: PlanState, d: EvidenceDoc, base: DocumentResult, contentRef: string): string[] {
  const { cg, params, values, changes } = st;
  const sid = d.sessionId;
  const used = d.data.nodes_used ?? [];
  const fb = applyFeedback(cg, values, used, params);
  base.untouched_auto_update = uniq(fb.skipped);
  for (const id of base.untouched_auto_update) {
    st.warnings.push(`${d.shown}: nodes_used "${id}" is an auto_update node (code mirror or session): no confidence change (spec §4.7)`);
  }
  const docBefore = new Map<string, number>();
  for (const s of fb.steps) {
    if (!docBefore.has(s.node)) docBefore.set(s.node, s.before);
    let c = changes.get(s.node);
    if (!c) changes.set(s.node, (c = { id: s.node, before: s.before, after: s.before, activations_added: 0, steps: [] }));
    c.after = s.after;
    c.steps.push({ session: sid, kind: s.kind, before: s.before, after: s.after, why: describeStep(s, params) });
  }
  for (const [id, before] of docBefore) {
    const e = st.entryOf(id);
    const after = values.get(id)!;
    e.confidence = after;
    if (after !== before) e.history = [...(e.history ?? []), { date: d.date, confidence: after, cause: sid }];
  }
  for (const u of used) {
    if (cg.autoUpdate(u.id)) continue;
    const e = st.entryOf(u.id);
    if (u.useful) {
      const n = st.gnode(u.id);
      e.activations = (e.activations ?? (typeof n?.activations === "number" ? n.activations : 0)) + 1;
      changes.get(u.id)!.activations_added++; // a useful entry always has its boost step
      const last = e.last_activated ?? (typeof n?.last_activated === "string" ? n.last_activated : null);
      e.last_activated = last && last > d.date ? last : d.date;
    }
    const rawTask = (u as Record<string, unknown>).task_id;
    const task = d.taskId ?? (typeof rawTask === "string" ? rawTask : null);
    if (task) {
      const tasks = st.listOf(e, u.id, "activated_by_tasks");
      if (!tasks.includes(task)) tasks.push(task);
      e.activated_by_tasks = tasks;
    }
    st.touchRef(u.id, contentRef);
  }
  return used.map((u) => u.id);
}

/**
 * Pitfalls: one edge node_ref → session node per anchored node (a DiGraph holds one edge per
 * pair), weighted by the highest severity, notes joined; when several reports name one node (a PCD
 * gathers the phase's agents) the edge also lists each report as it came — never merged (spec
 * §5.8). Unanchored ones are kept for the review report. Returns the anchored node ids.
 */
function applyPitfalls(st: PlanState, d: EvidenceDoc, base: DocumentResult, contentRef: string): string[] {
  const sid = d.sessionId;
  const anchored = new Map<string, { weight: number; notes: string[]; reports: PitfallReport[] }>();
  for (const p of d.data.pitfalls_discovered ?? []) {
    if (p.node_ref === null) {
      base.unanchored_pitfalls.push({ description: p.description, severity: p.severity });
      continue;
    }
    const g = anchored.get(p.node_ref) ?? { weight: 0, notes: [], reports: [] };
    g.weight = Math.max(g.weight, PITFALL_WEIGHT[p.severity]!);
    g.notes.push(p.description);
    const task = (p as Record<string, unknown>).task_id;
    g.reports.push({ weight: PITFALL_WEIGHT[p.severity]!, severity: p.severity, note: p.description, ...(typeof task === "string" ? { task_id: task } : d.taskId ? { task_id: d.taskId } : {}) });
    anchored.set(p.node_ref, g);
  }
  for (const [from, g] of anchored) {
    const edge = { from, to: sid, type: "pitfall" as const, weight: g.weight, note: g.notes.join("\n"), ...(g.reports.length > 1 ? { reports: g.reports } : {}) };
    st.edges.push(edge);
    base.pitfalls.push({ ...edge });
    st.touchRef(from, contentRef);
  }
  if (base.unanchored_pitfalls.length) {
    st.warnings.push(`${d.shown}: ${plural(base.unanchored_pitfalls.length, "pitfall")} with node_ref null, kept on ${sid} for the review report`);
  }
  return [...anchored.keys()];
}

/** A PCD's extras for the review gate (blocked tasks) and the code mirror (changed files). */
function pcdExtras(d: EvidenceDoc, base: DocumentResult): Record<string, unknown> {
  const extras: Record<string, unknown> = {};
  if (d.kind !== "pcd") return extras;
  const p = d.data as Pcd;
  for (const ft of p.known_issues?.failing_tests ?? []) {
    if (ft.impact_on_next_phase !== "blocking") continue;
    const tasks = ft.blocks ?? (typeof p.recommended_start === "string" && p.recommended_start ? [p.recommended_start] : []);
    const tests = ft.tests === undefined ? [] : Array.isArray(ft.tests) ? ft.tests : [ft.tests];
    base.blocking.push({ tasks, tests, ...(ft.reason ? { reason: ft.reason } : {}) });
  }
  const paths = (list: Record<string, unknown>[] | null | undefined) => uniq((list ?? []).map((f) => String(f.path)));
  if (base.blocking.length) extras.blocking = base.blocking;
  for (const [key, list] of [
    ["files_created", p.files_created],
    ["files_modified", p.files_modified],
    ["files_deleted", p.files_deleted],
  ] as const) {
    const ps = paths(list);
    if (ps.length) extras[key] = ps;
  }
  return extras;
}

/** The session node's overlay entry (spec §5.5 step 5), tagged with the domains of the nodes it names. */
function recordSession(st: PlanState, d: EvidenceDoc, base: DocumentResult, contentRef: string, named: string[]): void {
  const extras = pcdExtras(d, base);
  const domains = uniq(
    named
      .map((id) => st.gnode(id))
      .filter((n): n is GNode => Boolean(n) && n!.domain !== "session" && n!.domain !== "code-mirror")
      .map((n) => n.domain),
  ).sort();
  const sid = d.sessionId;
  const status = d.kind === "pcd" ? pcdOutcome(d.data as Pcd) : (d.data as { status: (typeof OUTCOMES)[number] }).status;
  st.touchSession(sid);
  // The applied-documents ledger the Python implementation checks: without it, it would apply this document again.
  // Sorted (a set, as the Python implementation reads it): the same evidence gives the same bytes in any order — a merge's replay and the sequential updates alike.
  // An overlay an older akms wrote has no ledger: its first one names every document the registry already holds too.
  const ledger = (st.ov.processed_sources ??= registryLedger(st.sessions));
  if (!ledger.includes(ledgerId(d))) {
    ledger.push(ledgerId(d));
    ledger.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }
  st.sessions[sid] = {
    title: d.kind === "pcd" ? `Session: phase ${d.phase} handoff` : `Session: ${d.taskId}`,
    ...(domains.length ? { tags: domains } : {}),
    outcome: sessionOutcome(status),
    task_status: status,
    content_ref: contentRef,
    phase: d.phase,
    source_hash: d.hash,
    evidence: d.kind,
    date: d.date,
    ...(d.taskId ? { task_id: d.taskId } : {}),
    ...(base.unanchored_pitfalls.length ? { unanchored_pitfalls: base.unanchored_pitfalls } : {}),
    ...(base.new_knowledge.length ? { new_knowledge: base.new_knowledge.map((k) => ({ ...k })) } : {}),
    ...extras,
  };
}

function throwProblems(problems: readonly Problem[]): void {
  if (!problems.length) return;
  throw problemsError(problems, "SESSION_FILE", `${problems.length} documents cannot be applied; nothing was changed`, "fix each document listed");
}

/** The overlay's new bytes (planned when they differ from the file's), its unchanged entries' lines reused. */
function planOverlay(st: PlanState, state: OverlayState | null): Plan["overlay"] {
  const cfg = st.ctx.cfg.config;
  const { nodes, book } = st;
  const data = normalizeOverlay(st.ov, overlayLimits(cfg.graph));
  // Entries pruned just now changed too (normalizeOverlay copies only those).
  if (data.nodes !== nodes) {
    for (const id in data.nodes) {
      if (data.nodes[id] === nodes[id]) continue;
      if (!book.changedNodes.has(id)) book.entriesBefore.set(id, nodes[id]);
      book.changedNodes.add(id);
    }
  }
  const before = st.canonicalBefore;
  const reuse: OverlayReuse | undefined =
    state?.canonical && before
      ? {
          text: state.bytes.toString("utf8"),
          sections: {
            nodes: { before: before.nodes, changed: state.differs ? new Set([...book.changedNodes, ...state.differs.nodes]) : book.changedNodes },
            session_nodes: { before: before.sessions, changed: book.changedSessions },
          },
        }
      : undefined;
  const bytes = Buffer.from(overlayText(data, reuse), "utf8");
  const current = state?.bytes ?? null;
  if (current && current.equals(bytes)) return null;
  st.planned.set(st.ctx.paths.overlay, { data: bytes, action: current ? "updated" : "created" });
  return { bytes, data };
}

/**
 * The patch's account of the update (core/compiler/update-patch.ts): the book, the local node
 * files created and appended to, and — for a real write — the files it overwrites as they are now.
 */
function patchDelta(st: PlanState, knowledge: Knowledge, state: OverlayState | null, writes: boolean): UpdateDelta {
  const { book } = st;
  const delta: UpdateDelta = {
    nodes: book.entriesBefore,
    sessions: [...book.changedSessions],
    counts: book.counts,
    edges: st.edges.slice(book.edgesBefore),
    before: [],
    created: [...knowledge.created.values()].map((c) => c.file),
    appended: [...knowledge.appendedFrom.keys()],
    exact: book.exact,
  };
  if (!writes) return delta;
  const before = [{ path: st.ctx.paths.overlay, stat: statVector(st.ctx.paths.overlay), sha: state?.sha256 ?? "" }];
  delta.before = before;
  for (const [file, text] of knowledge.appendedFrom) {
    const now = st.planned.get(file)!.data as string;
    const was = splitFrontmatter(text);
    const is = splitFrontmatter(now);
    // A dedup section is appended at the end: the frontmatter, and so the node, stay as they were,
    // unless the section adds the content_draft heading a missing-draft warning is about.
    if (!was || !is || !now.startsWith(text) || was.yaml !== is.yaml || hasContentDraft(was.body) !== hasContentDraft(is.body)) delta.exact = false;
    before.push({ path: file, stat: statVector(file), sha: sha256(text) });
  }
  return delta;
}

/**
 * A replay of documents already applied elsewhere (the merge driver, core/team/): each session keeps
 * the content_ref and the new-knowledge outcome it was applied with, because the files that outcome
 * made (tentative nodes, dedup sections) are merged as files, not made again.
 */
export interface Replay {
  sessions: ReadonlyMap<string, { content_ref: string; new_knowledge?: readonly Record<string, unknown>[] }>;
}

/** The nodes the overlay's registry says its sessions created. */
function createdBy(ov: Overlay): Set<string> {
  const out = new Set<string>();
  for (const e of Object.values(ov.session_nodes ?? {})) for (const k of e.new_knowledge ?? []) if (k.action === "created" && typeof k.node === "string") out.add(k.node);
  return out;
}

/**
 * A replayed session's new-knowledge outcomes, as recorded — but a node it created that the replay
 * (or the overlay it starts from) already holds from another session is what `akms update` would
 * have recorded in that order: the draft appended to it, score 1 (two branches drafted the same id;
 * the node's merge made the later draft a dedup section of it, core/team/merge-node.ts).
 */
function replayedKnowledge(entries: readonly Record<string, unknown>[], created: Set<string>): DocumentResult["new_knowledge"] {
  return entries.map((k) => {
    const e = { ...k };
    if (e.action === "created" && typeof e.node === "string") {
      if (created.has(e.node) && e.suggested_id === e.node && e.rejected_from === undefined) Object.assign(e, { action: "appended", match: e.node, match_origin: "local", score: 1 });
      else created.add(e.node);
    }
    return e as unknown as DocumentResult["new_knowledge"][number];
  });
}

export function planUpdate(ctx: Context, docs: readonly EvidenceDoc[], graph: UpdateGraph, state: OverlayState | null, dryRun: boolean, replay?: Replay): Plan {
  const st = startPlan(ctx, graph, state);
  const carried = new Map<EvidenceDoc, string>(); // a memory its phase's applied PCD holds → that PCD's session
  const fresh = new Set(checkApplied(ctx, docs, st.ov, graph, st.warnings, carried));
  const sessionIds = new Set(docs.map((d) => d.sessionId));
  const knowledge = newKnowledge(st);
  const knowledgeReal = realpathOrNull(ctx.paths.knowledge);
  let createdIds: Set<string> | undefined;
  for (const d of docs) {
    const base = documentResult(d, st, fresh.has(d), dryRun);
    const into = carried.get(d);
    if (into !== undefined) Object.assign(base, { session: into, content_ref: st.sessions[into]?.content_ref ?? null });
    st.results.push(base);
    if (!fresh.has(d)) continue;
    if (d.kind === "agent-memory") for (const p of unknownMemoryKeys(d.data, d.shown, d.yaml, d.firstLine)) st.warnings.push(`${p.file}:${p.line}: ${p.message} (${p.hint})`);
    const replayed = replay?.sessions.get(d.sessionId);
    const contentRef = replayed ? replayed.content_ref : sessionFile(st, d, knowledgeReal);
    if (contentRef === null) continue;
    base.content_ref = contentRef;
    const used = applyConfidence(st, d, base, contentRef);
    const anchored = applyPitfalls(st, d, base, contentRef);
    if (replayed) base.new_knowledge = replayedKnowledge(replayed.new_knowledge ?? [], (createdIds ??= createdBy(st.ov)));
    else knowledge.apply(d, base, d.sessionId, sessionIds);
    recordSession(st, d, base, contentRef, [...used, ...anchored]);
  }
  throwProblems(st.problems);
  const written = fresh.size ? planOverlay(st, state) : null;
  const writes: TxnWrite[] = [];
  const files: PlanResult["files"] = { created: [], appended: [], updated: [] };
  for (const path of [...st.planned.keys()].sort()) {
    const p = st.planned.get(path)!;
    writes.push({ path, data: p.data });
    files[p.action].push(posix(relative(ctx.repo, path)));
  }
  for (const c of st.changes.values()) c.after = st.values.get(c.id) ?? c.after;
  return {
    result: { documents: st.results, nodes: [...st.changes.values()].sort((a, b) => (a.id < b.id ? -1 : 1)), files, warnings: st.warnings },
    writes,
    overlay: written,
    delta: patchDelta(st, knowledge, state, !dryRun && written !== null),
  };
}

/** The ledger ids of the registry's documents (an AgentMemory's task id, a PCD's phase), sorted. */
function registryLedger(sessions: PlanState["sessions"]): string[] {
  const ids = new Set<string>();
  for (const e of Object.values(sessions)) {
    if (e.evidence === "pcd" && typeof e.phase === "number") ids.add(ledgerId({ kind: "pcd", phase: e.phase, taskId: null }));
    else if (e.evidence === "agent-memory" && typeof e.task_id === "string") ids.add(ledgerId({ kind: "agent-memory", phase: e.phase, taskId: e.task_id }));
  }
  return [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
