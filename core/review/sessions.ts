// The evidence behind the review gate, per registered session (spec §4.2 session_nodes): what
// `akms update` recorded on the session entry (unanchored_pitfalls, blocking, new_knowledge) and,
// where an entry predates those fields, the same facts read from the session's own document
// (the AgentMemory or PCD its content_ref names). Read-only; a document that cannot be read is a
// problem in the report, never a crash.
import type { Context } from "../context.js";
import type { Problem } from "../errors.js";
import { parseFrontmatter } from "../frontmatter.js";
import { readTextIfExists } from "../fsx.js";
import type { GNode, GraphIndex } from "../graph.js";
import { resolveInside } from "../paths.js";
import { cachedByStat } from "../store/memo.js";
import type { DedupEvent } from "../update/plan-types.js";

export interface CoverageFlag {
  node: string;
  coverage: "missing-detail" | "outdated";
  note: string | null;
  session: string;
  phase: number | null;
}

export interface Unanchored {
  session: string;
  phase: number | null;
  severity: string;
  description: string;
  /** Repository-relative path of the session document. */
  file: string | null;
}

export interface Blocking {
  session: string;
  phase: number | null;
  tasks: string[];
  tests: string[];
  reason: string | null;
  file: string | null;
}

/** A session's new_knowledge entry (the update's DedupEvent) with the session it came from. */
export interface KnowledgeEvent extends DedupEvent {
  session: string;
  phase: number | null;
  /** The node a rejected dedup merge's draft was rejected from (`akms dedup reject` made this node of it). */
  rejected_from: string | null;
}

export interface SessionInfo {
  id: string;
  phase: number | null;
  title: string;
  /** Repository-relative path of the session document (null when its content_ref does not resolve). */
  file: string | null;
  kind: "pcd" | "agent-memory" | null;
  task_id: string | null;
  outcome: string | null;
  date: string | null;
  flags: CoverageFlag[];
  unanchored: Unanchored[];
  blocking: Blocking[];
  knowledge: KnowledgeEvent[];
  /** PCD task outcomes (task id → status), for "is this downstream task complete". */
  task_status: Record<string, string>;
}

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

function readDoc(ctx: Context, ref: string | null, problems: Problem[], sessionId: string, keep: boolean): { file: string | null; data: Record<string, unknown> | null } {
  if (!ref) return { file: null, data: null };
  const full = resolveInside(ctx.paths.knowledge, ref);
  const shown = `knowledge/${ref}`;
  if (!full) {
    problems.push({ file: shown, message: `session ${sessionId}: content_ref "${ref}" leaves knowledge/`, hint: "session content_refs are relative to knowledge/" });
    return { file: null, data: null };
  }
  const doc = cachedByStat(keep, "session-doc", full, (file): { data: Record<string, unknown> | null; error?: string } => {
    const text = readTextIfExists(file);
    if (text === null) return { data: null }; // pruned session files are normal (spec §4.2)
    try {
      return { data: parseFrontmatter(text, shown).data };
    } catch (e) {
      return { data: null, error: (e as Error).message };
    }
  });
  if (doc.error !== undefined) problems.push({ file: shown, message: `session ${sessionId}: its document cannot be read: ${doc.error}` });
  return { file: shown, data: doc.data };
}

/** A session node's document, parsed (its frontmatter's fields), and where it is; data null when it cannot be read. */
export function sessionDocument(ctx: Context, n: GNode, problems: Problem[], keep = false): { file: string | null; data: Record<string, unknown> | null } {
  return readDoc(ctx, str(n.content_ref), problems, n.id, keep);
}

function sessionOf(ctx: Context, n: GNode, problems: Problem[], keep: boolean): SessionInfo {
  const phase = typeof n.phase === "number" ? n.phase : null;
  const { file, data } = readDoc(ctx, str(n.content_ref), problems, n.id, keep);
  const d = data ?? {};
  const isPcd = "known_issues" in d || "next_phase_warnings" in d || "plan_file" in d;
  const kind = data ? (isPcd ? "pcd" : "task_id" in d ? "agent-memory" : null) : str(n.evidence) === "pcd" ? "pcd" : str(n.evidence) === "agent-memory" ? "agent-memory" : null;
  const flags: CoverageFlag[] = [];
  for (const u of arr(d.nodes_used)) {
    const e = obj(u);
    const cov = e.coverage;
    if ((cov === "missing-detail" || cov === "outdated") && typeof e.id === "string") {
      flags.push({ node: e.id, coverage: cov, note: str(e.note), session: n.id, phase });
    }
  }
  const unanchored: Unanchored[] = (Array.isArray(n.unanchored_pitfalls) ? n.unanchored_pitfalls : arr(d.pitfalls_discovered).filter((p) => obj(p).node_ref === null)).map((p) => {
    const e = obj(p);
    return { session: n.id, phase, severity: str(e.severity) ?? "medium", description: str(e.description) ?? "", file };
  });
  let blocking: Blocking[];
  if (Array.isArray(n.blocking)) {
    blocking = n.blocking.map((b) => {
      const e = obj(b);
      return { session: n.id, phase, tasks: arr(e.tasks).filter((t): t is string => typeof t === "string"), tests: arr(e.tests).map(String), reason: str(e.reason), file };
    });
  } else {
    blocking = [];
    const start = str(d.recommended_start);
    for (const ft of arr(obj(d.known_issues).failing_tests)) {
      const e = obj(ft);
      if (e.impact_on_next_phase !== "blocking") continue;
      const tasks = Array.isArray(e.blocks) ? e.blocks.filter((t): t is string => typeof t === "string") : start ? [start] : [];
      const tests = e.tests === undefined ? [] : Array.isArray(e.tests) ? e.tests.map(String) : [String(e.tests)];
      blocking.push({ session: n.id, phase, tasks, tests, reason: str(e.reason), file });
    }
  }
  const knowledge: KnowledgeEvent[] = arr(n.new_knowledge).map((k) => {
    const e = obj(k);
    return {
      session: n.id,
      phase,
      suggested_id: str(e.suggested_id) ?? "",
      node: str(e.node) ?? "",
      match: str(e.match),
      match_origin: e.match_origin === "local" || e.match_origin === "global" ? e.match_origin : null,
      score: typeof e.score === "number" ? e.score : null,
      action: e.action === "appended" ? "appended" : "created",
      rejected_from: str(e.rejected_from),
    };
  });
  const task_status: Record<string, string> = {};
  if (kind === "pcd") for (const t of arr(d.tasks)) if (typeof obj(t).task_id === "string") task_status[obj(t).task_id as string] = String(obj(t).status);
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
    task_status,
  };
}

/** Every registered session, in (phase, id) order. `keep`: documents are kept by their key (core/store/memo.ts). */
export function readSessions(ctx: Context, graph: SessionsOf, problems: Problem[], keep = false): SessionInfo[] {
  const out = sessionNodes(graph).map((n) => sessionOf(ctx, n, problems, keep));
  out.sort((a, b) => (a.phase ?? -1) - (b.phase ?? -1) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return out;
}

/** What the session nodes are read from: the graph's nodes and its domain postings. */
export type SessionsOf = Pick<GraphIndex, "nodes" | "domainIndex">;

/** The session nodes (domain `session`), in id order: from the domain postings, without walking every node. */
export function sessionNodes(graph: SessionsOf): GNode[] {
  return (graph.domainIndex.get("session") ?? []).map((id) => graph.nodes.get(id)).filter((n): n is GNode => n !== undefined);
}

/** The latest phase among session nodes, else 0 (the review report's default phase). */
export function latestPhase(graph: SessionsOf): number {
  let max: number | null = null;
  for (const n of sessionNodes(graph)) if (typeof n.phase === "number" && (max === null || n.phase > max)) max = n.phase;
  return max ?? 0;
}
