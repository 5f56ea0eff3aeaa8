// Planning an update entirely in memory (spec §5.5, DESIGN §4 Update): from the validated
// documents, the compiled graph and the overlay, compute every file's final bytes and a full
// account of what changes and why. Nothing here writes; apply.ts journals and writes the plan.
import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import type { Context } from "../context.js";
import { AkmsError, type Problem } from "../errors.js";
import { readBytesIfExists, realpathOrNull, sha256 } from "../fsx.js";
import { splitFrontmatter } from "../frontmatter.js";
import { hasContentDraft } from "../schemas/node.js";
import type { UpdateDelta } from "../graph-file/update-patch.js";
import { lineOfPath } from "../yaml.js";
import type { GNode } from "../graph.js";
import type { PitfallReport } from "../compiler/merge.js";
import type { GraphView } from "../graph-file/view.js";
import type { Overlay, NodeOverride, LocalEdge } from "../schemas/overlay.js";
import type { Pcd } from "../schemas/evidence.js";
import { applyFeedback, describeStep, paramsFromConfig, type ConfidenceGraph, type StepKind } from "./confidence.js";
import { bestMatch, dedupText, type DedupCandidate } from "./dedup.js";
import type { EvidenceDoc, EvidenceKind } from "./documents.js";
import { NodeFiles } from "./node-files.js";
import { allocateId, appendDedupSection, draftTextOf, newNodeText, sanitizeDraft, titleFromId } from "./nodes.js";
import { normalizeOverlay, overlayText, type OverlayReuse } from "./overlay-io.js";
import type { OverlayState } from "./overlay-store.js";
import type { TxnWrite } from "./transaction.js";

import { PITFALL_WEIGHT } from "../schemas/vocabulary.js";

export interface PitfallRecord {
  from: string;
  to: string;
  weight: number;
  note: string;
}

export interface DedupEvent {
  suggested_id: string;
  /** The node the draft went to: the matched local node (appended) or the new node (created). */
  node: string;
  match: string | null;
  match_origin: "local" | "global" | null;
  score: number | null;
  action: "appended" | "created";
}

export interface BlockingRecord {
  /** Downstream task ids this failure blocks (the entry's `blocks`, else the PCD's recommended_start). */
  tasks: string[];
  tests: string[];
  reason?: string;
}

export interface DocumentResult {
  file: string;
  kind: EvidenceKind;
  session: string;
  phase: number;
  task_id: string | null;
  status: "applied" | "already-applied" | "would-apply";
  source_hash: string;
  content_ref: string | null;
  pitfalls: PitfallRecord[];
  unanchored_pitfalls: { description: string; severity: "high" | "medium" | "low" }[];
  /** What became of each new_knowledge entry (dedup outcome). */
  new_knowledge: DedupEvent[];
  blocking: BlockingRecord[];
  /** nodes_used entries naming auto_update nodes (code mirror, sessions): left untouched. */
  untouched_auto_update: string[];
}

export interface StepRecord {
  session: string;
  kind: StepKind;
  before: number;
  after: number;
  why: string;
}

export interface NodeChange {
  id: string;
  before: number;
  after: number;
  activations_added: number;
  steps: StepRecord[];
}

export interface PlanResult {
  documents: DocumentResult[];
  nodes: NodeChange[];
  files: { created: string[]; appended: string[]; updated: string[] };
  warnings: string[];
}

export interface Plan {
  result: PlanResult;
  writes: TxnWrite[];
  /** The overlay as written (its bytes and parsed form), when the update writes it. */
  overlay: { bytes: Buffer; data: Overlay } | null;
  /** What changed, for the recompile to patch graph.json with (see core/compiler/update-patch.ts). */
  delta: UpdateDelta;
}

type Planned = { data: string | Buffer; action: "created" | "appended" | "updated" };

function posix(p: string): string {
  return p.split(sep).join("/");
}

function emptyOverlay(): Overlay {
  return { akms_schema: "v2", nodes: {}, local_edges: [], session_nodes: {}, suppressed_edges: [] };
}

/**
 * A session's outcome in the spec's vocabulary (§4.2 example: success; the Python implementation's
 * enum: success | partial | failed) from the evidence's task status: complete → success, partial
 * and deferred → partial, failed → failed. The task status itself is kept beside it (task_status).
 */
export function sessionOutcome(status: string): "success" | "partial" | "failed" {
  return status === "complete" ? "success" : status === "failed" ? "failed" : "partial";
}

function pcdOutcome(d: Pcd): string {
  const statuses = new Set(d.tasks.map((t) => t.status));
  if (statuses.size === 0) return "complete";
  return statuses.size === 1 ? [...statuses][0]! : "partial";
}

function uniq<T>(xs: Iterable<T>): T[] {
  return [...new Set(xs)];
}


/** Refuses documents whose session id is registered from other bytes (or taken by another node). */
function checkApplied(docs: readonly EvidenceDoc[], ov: Overlay, graph: GraphView): EvidenceDoc[] {
  const problems: Problem[] = [];
  const fresh: EvidenceDoc[] = [];
  for (const d of docs) {
    const field = d.kind === "pcd" ? "phase_id" : "task_id";
    // Located only when there is a problem to report: locating parses the document again.
    const where = () => ({ file: d.shown, line: lineOfPath(d.yaml, [field], d.firstLine), field });
    const reg = ov.session_nodes?.[d.sessionId];
    const regTask = (reg as { task_id?: unknown } | undefined)?.task_id ?? graph.node(d.sessionId)?.task_id;
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
    const other = graph.node(d.sessionId);
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
  }
  if (problems.length) {
    const p = problems[0]!;
    throw new AkmsError(p.code!, problems.length === 1 ? p.message : `${problems.length} documents cannot be applied; nothing was changed`, {
      file: p.file,
      line: p.line,
      field: p.field,
      hint: p.hint,
      problems: problems.length > 1 ? problems : [],
    });
  }
  return fresh;
}

export function planUpdate(ctx: Context, docs: readonly EvidenceDoc[], graph: GraphView, state: OverlayState | null, dryRun: boolean): Plan {
  const cfg = ctx.cfg.config;
  const params = paramsFromConfig(cfg);
  const ov: Overlay = state?.overlay ?? emptyOverlay(); // changed in place: the caller's copy is the working state
  ov.nodes ??= {};
  ov.local_edges ??= [];
  ov.session_nodes ??= {};
  const nodes = ov.nodes;
  const edges = ov.local_edges as LocalEdge[];
  const sessions = ov.session_nodes;
  // How many entries the overlay read has: the writer copies the lines of those left unchanged.
  const before = state?.canonical ? { nodes: Object.keys(nodes).length, sessions: Object.keys(sessions).length } : null;

  const fresh = new Set(checkApplied(docs, ov, graph));
  const sessionIds = new Set(docs.map((d) => d.sessionId));
  const planned = new Map<string, Planned>();
  const problems: Problem[] = [];
  const warnings: string[] = [];
  const results: DocumentResult[] = [];
  const changes = new Map<string, NodeChange>();
  const values = new Map<string, number>();

  const gnode = (id: string): GNode | undefined => graph.node(id);
  const cg: ConfidenceGraph = {
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
    prefetchPredecessors: (ids) => graph.prefetchPredecessors?.(ids),
  };
  // Every change to an entry goes through entryOf (nodes) or sets sessions[id]: the ids recorded
  // here are the entries the overlay writer writes again; it copies the lines of all the others.
  const changedNodes = new Set<string>();
  const changedSessions = new Set<string>();
  // Each changed entry as it was read (a shallow copy: the update replaces values, never edits them).
  const entriesBefore = new Map<string, NodeOverride | undefined>();
  const counts = { nodes: Object.keys(nodes).length, sessions: Object.keys(sessions).length };
  const edgesBefore = edges.length;
  let exact = true;
  const entryOf = (id: string): NodeOverride => {
    if (!changedNodes.has(id)) entriesBefore.set(id, nodes[id] && { ...nodes[id] });
    changedNodes.add(id);
    return (nodes[id] ??= {});
  };
  const listOf = (e: NodeOverride, id: string, key: "session_refs" | "activated_by_tasks"): string[] => {
    const fromGraph = (gnode(id) as Record<string, unknown> | undefined)?.[key];
    return [...(e[key] ?? (Array.isArray(fromGraph) ? (fromGraph as string[]) : []))];
  };
  const touchRef = (id: string, ref: string) => {
    const e = entryOf(id);
    const refs = listOf(e, id, "session_refs").filter((r) => r !== ref);
    refs.push(ref); // most recent last; pruned to max_session_refs when written
    e.session_refs = refs;
  };

  // New-knowledge bookkeeping across the whole call.
  const localFiles = new NodeFiles(ctx.paths.localNodes);
  const globalFiles = new NodeFiles(ctx.vault.path);
  const created = new Map<string, { domain: string; title: string; file: string }>();
  const candidatesByDomain = new Map<string, { id: string; origin: "local" | "global"; title: string; file: string | null }[]>();
  const graphCandidates = (domain: string) => {
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
  const currentText = (file: string): string | null => {
    const p = planned.get(file);
    if (p) return typeof p.data === "string" ? p.data : p.data.toString("utf8");
    try {
      return readFileSync(file, "utf8");
    } catch {
      return null;
    }
  };
  const candidateText = (title: string, file: string | null): string => {
    const text = file ? currentText(file) : null;
    const body = text === null ? "" : (splitFrontmatter(text)?.body ?? text);
    return dedupText(title, draftTextOf(body));
  };
  const takenId = (id: string) =>
    graph.has(id) ||
    created.has(id) ||
    sessionIds.has(id) ||
    Boolean(sessions[id]) ||
    planned.has(join(ctx.paths.localNodes, `${id}.md`)) ||
    existsSync(join(ctx.paths.localNodes, `${id}.md`));

  const knowledgeReal = realpathOrNull(ctx.paths.knowledge);
  /** Local node files appended to: their text before. */
  const appendedFrom = new Map<string, string>();

  for (const d of docs) {
    const base: DocumentResult = {
      file: d.shown,
      kind: d.kind,
      session: d.sessionId,
      phase: d.phase,
      task_id: d.taskId,
      status: fresh.has(d) ? (dryRun ? "would-apply" : "applied") : "already-applied",
      source_hash: d.hash,
      content_ref: sessions[d.sessionId]?.content_ref ?? null,
      pitfalls: [],
      unanchored_pitfalls: [],
      new_knowledge: [],
      blocking: [],
      untouched_auto_update: [],
    };
    results.push(base);
    if (!fresh.has(d)) continue;
    const sid = d.sessionId;

    // The session file: the document itself when it lies inside knowledge/, else a copy in sessions/.
    let contentRef: string;
    const docReal = realpathOrNull(d.file);
    const inside = knowledgeReal && docReal ? relative(knowledgeReal, docReal) : null;
    if (inside && !inside.startsWith("..") && !inside.startsWith(sep) && inside !== "") {
      contentRef = posix(inside);
    } else {
      const ext = [".yaml", ".yml"].includes(extname(d.file).toLowerCase()) ? extname(d.file).toLowerCase() : ".md";
      const name = (d.kind === "pcd" ? `handoff_phase_${d.phase}` : d.taskId!) + ext;
      const target = join(ctx.paths.sessions, name);
      contentRef = `sessions/${name}`;
      const existing = readBytesIfExists(target);
      if (existing && !existing.equals(d.bytes)) {
        problems.push({
          file: d.shown,
          message: `knowledge/${contentRef} already exists and holds another document`,
          hint: `apply the file knowledge/${contentRef} itself, or move it away first`,
        });
        continue;
      }
      if (!existing && !planned.has(target)) planned.set(target, { data: d.bytes, action: "created" });
    }
    base.content_ref = contentRef;

    // Confidence: boost, direct hits, propagation (confidence.ts), then per-node bookkeeping.
    const used = d.data.nodes_used ?? [];
    const fb = applyFeedback(cg, values, used, params);
    base.untouched_auto_update = uniq(fb.skipped);
    for (const id of base.untouched_auto_update) {
      warnings.push(`${d.shown}: nodes_used "${id}" is an auto_update node (code mirror or session): no confidence change (spec §4.7)`);
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
      const e = entryOf(id);
      const after = values.get(id)!;
      e.confidence = after;
      if (after !== before) e.history = [...(e.history ?? []), { date: d.date, confidence: after, cause: sid }];
    }
    for (const u of used) {
      if (cg.autoUpdate(u.id)) continue;
      const e = entryOf(u.id);
      if (u.useful) {
        const n = gnode(u.id);
        e.activations = (e.activations ?? (typeof n?.activations === "number" ? n.activations : 0)) + 1;
        changes.get(u.id)!.activations_added++; // a useful entry always has its boost step
        const last = e.last_activated ?? (typeof n?.last_activated === "string" ? n.last_activated : null);
        e.last_activated = last && last > d.date ? last : d.date;
      }
      const rawTask = (u as Record<string, unknown>).task_id;
      const task = d.taskId ?? (typeof rawTask === "string" ? rawTask : null);
      if (task) {
        const tasks = listOf(e, u.id, "activated_by_tasks");
        if (!tasks.includes(task)) tasks.push(task);
        e.activated_by_tasks = tasks;
      }
      touchRef(u.id, contentRef);
    }

    // Pitfalls: one edge node_ref → session node per anchored node (a DiGraph holds one edge per
    // pair), weighted by the highest severity, notes joined; when several reports name one node
    // (a PCD gathers the phase's agents) the edge also lists each report as it came — never merged
    // (spec §5.8). Unanchored ones are kept for the review report.
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
      edges.push(edge);
      base.pitfalls.push({ ...edge });
      touchRef(from, contentRef);
    }
    if (base.unanchored_pitfalls.length) {
      warnings.push(`${d.shown}: ${base.unanchored_pitfalls.length} pitfall(s) with node_ref null, kept on ${sid} for the review report`);
    }

    // New knowledge: dedup against tentative nodes of the same domain, then append or create.
    const missing = new Map((d.data.nodes_missing ?? []).map((m) => [m.suggested_id, m]));
    for (const [i, k] of (d.data.new_knowledge ?? []).entries()) {
      const m = missing.get(k.suggested_id);
      const domain = k.domain ?? m?.domain ?? "uncategorized";
      if (k.domain !== undefined && graph.inDomain(k.domain).length === 0 && ![...created.values()].some((c) => c.domain === k.domain)) {
        warnings.push(`${d.shown}: new_knowledge[${i}].domain "${k.domain}" is not the domain of any node yet; ${k.suggested_id} starts it (check the spelling)`);
      }
      const title = k.title ?? titleFromId(k.suggested_id);
      const tags = uniq([...(k.tags?.length ? k.tags : (m?.tags ?? []))]);
      const draft = sanitizeDraft(k.content_draft);
      const cands: (DedupCandidate & { file: string | null })[] = graphCandidates(domain).map((c) => ({
        id: c.id,
        origin: c.origin,
        file: c.file,
        text: candidateText(c.title, c.file),
      }));
      for (const [id, c] of created) {
        if (c.domain === domain) cands.push({ id, origin: "local", file: c.file, text: candidateText(c.title, c.file) });
      }
      const match = bestMatch({ id: k.suggested_id, text: dedupText(title, draft) }, cands, cfg.graph.dedup_threshold);
      const target = match ? cands.find((c) => c.id === match.id)! : null;
      if (match && target && match.origin === "local" && target.file) {
        const prev = planned.get(target.file);
        if (prev === undefined) appendedFrom.set(target.file, currentText(target.file) ?? "");
        planned.set(target.file, {
          data: appendDedupSection(currentText(target.file) ?? "", { nodeId: match.id, session: sid, score: match.score, suggestedId: k.suggested_id, draft }),
          action: prev?.action === "created" ? "created" : "appended",
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
          ...(match ? { similarTo: { id: match.id, score: match.score } } : {}),
        }),
        action: "created",
      });
      created.set(id, { domain, title, file });
      base.new_knowledge.push({
        suggested_id: k.suggested_id,
        node: id,
        match: match?.id ?? null,
        match_origin: match?.origin ?? null,
        score: match?.score ?? null,
        action: "created",
      });
    }

    // PCD extras for the review gate (blocked tasks) and the code mirror (changed files).
    const extras: Record<string, unknown> = {};
    if (d.kind === "pcd") {
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
    }
    const domains = uniq(
      [...used.map((u) => u.id), ...anchored.keys()]
        .map((id) => gnode(id))
        .filter((n): n is GNode => Boolean(n) && n!.domain !== "session" && n!.domain !== "code-mirror")
        .map((n) => n.domain),
    ).sort();
    if (sessions[sid] !== undefined) exact = false;
    changedSessions.add(sid);
    sessions[sid] = {
      title: d.kind === "pcd" ? `Session: phase ${d.phase} handoff` : `Session: ${d.taskId}`,
      ...(domains.length ? { tags: domains } : {}),
      outcome: sessionOutcome(d.kind === "pcd" ? pcdOutcome(d.data as Pcd) : (d.data as { status: string }).status),
      task_status: d.kind === "pcd" ? pcdOutcome(d.data as Pcd) : (d.data as { status: string }).status,
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

  if (problems.length) {
    const p = problems[0]!;
    throw new AkmsError("SESSION_FILE", problems.length === 1 ? p.message : `${problems.length} documents cannot be applied; nothing was changed`, {
      file: p.file,
      hint: p.hint,
      problems: problems.length > 1 ? problems : [],
    });
  }

  const writes: TxnWrite[] = [];
  let written: Plan["overlay"] = null;
  if (fresh.size) {
    const data = normalizeOverlay(ov, { maxSessionRefs: cfg.graph.max_session_refs, maxHistory: cfg.graph.max_history });
    // Entries pruned just now changed too (normalizeOverlay copies only those).
    if (data.nodes !== nodes) {
      for (const id in data.nodes) {
        if (data.nodes[id] === nodes[id]) continue;
        if (!changedNodes.has(id)) entriesBefore.set(id, nodes[id]);
        changedNodes.add(id);
      }
    }
    let reuse: OverlayReuse | undefined;
    if (state?.canonical && before) {
      reuse = {
        text: state.bytes.toString("utf8"),
        sections: { nodes: { before: before.nodes, changed: changedNodes }, session_nodes: { before: before.sessions, changed: changedSessions } },
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
  const files: PlanResult["files"] = { created: [], appended: [], updated: [] };
  for (const path of [...planned.keys()].sort()) {
    const p = planned.get(path)!;
    writes.push({ path, data: p.data });
    files[p.action].push(posix(relative(ctx.repo, path)));
  }
  for (const c of changes.values()) c.after = values.get(c.id) ?? c.after;
  const delta: UpdateDelta = {
    nodes: entriesBefore,
    sessions: [...changedSessions],
    counts,
    edgesBefore,
    before: [],
    created: [...created.values()].map((c) => c.file),
    appended: [...appendedFrom.keys()],
    exact,
  };
  if (!dryRun && written) {
    // What the recompile checks against the last build's record of these files.
    const before = [{ path: ctx.paths.overlay, stat: statOf(ctx.paths.overlay), sha: state?.sha256 ?? "" }];
    delta.before = before;
    for (const [file, text] of appendedFrom) {
      const now = planned.get(file)!.data as string;
      const was = splitFrontmatter(text);
      const is = splitFrontmatter(now);
      // A dedup section is appended at the end: the frontmatter, and so the node, stay as they were,
      // unless the section adds the content_draft heading a missing-draft warning is about.
      if (!was || !is || !now.startsWith(text) || was.yaml !== is.yaml || hasContentDraft(was.body) !== hasContentDraft(is.body)) delta.exact = false;
      before.push({ path: file, stat: statOf(file), sha: sha256(text) });
    }
  }
  return {
    result: {
      documents: results,
      nodes: [...changes.values()].sort((a, b) => (a.id < b.id ? -1 : 1)),
      files,
      warnings,
    },
    writes,
    overlay: written,
    delta,
  };
}

/** size, mtimeMs, ctimeMs, ino (as the build records them); -1s for a missing file. */
function statOf(file: string): number[] {
  const st = statSync(file, { throwIfNoEntry: false });
  return st === undefined ? [-1, -1, -1, -1] : [st.size, st.mtimeMs, st.ctimeMs, st.ino];
}
