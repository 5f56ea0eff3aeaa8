// "Would it have helped?" — the review's look back at a phase's tasks, from the evidence their
// agents reported and what they were shown: per task, helpful recall (the nodes the agent marked
// useful that were in what it was shown: the impression log, else its loadout file), the pitfalls
// that bit again (the same pitfall — dedup.ts samePitfall — reported by an earlier session) and
// whether the warning was loaded — "memory ignored" against "memory missing" — and the gaps
// (nodes_missing), with those reported by more than one task and those since promoted.
import type { Context } from "../context.js";
import type { Problem } from "../errors.js";
import type { GNode, GraphIndex } from "../graph.js";
import { readImpressions, shownTo } from "../agent/impressions.js";
import { sessionDocument, sessionNodes } from "../review/sessions.js";
import { carriedDocuments } from "../update/documents.js";
import { samePitfall } from "../update/dedup.js";

export interface HelpedTask {
  task_id: string;
  session: string;
  /** Nodes the agent marked useful, and of them the ones it was shown (null: nothing says what it was shown). */
  useful: number;
  useful_shown: number | null;
  /** Nodes of the pitfalls this task reported again (known before it: samePitfall); of them, the ones it was shown. */
  rebit: string[];
  rebit_shown: string[] | null;
  gaps: string[];
}

export interface Helped {
  phase: number;
  tasks: HelpedTask[];
  /** Σ useful_shown / Σ useful over the tasks that can tell (null: none can). */
  helpful_recall: number | null;
  rebit: number;
  rebit_loaded: number;
  /** Gaps (nodes_missing suggested ids) reported by more than one task, up to this phase. */
  recurring_gaps: string[];
  /** Gaps of this phase that are established nodes now. */
  gaps_promoted: string[];
}

const when = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : typeof v === "string" ? v : null);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** The phase's look back, from the review's view of the graph (its nodes and pitfall links). */
export function wouldItHaveHelped(ctx: Context, graph: Pick<GraphIndex, "nodes" | "pitfalls" | "domainIndex">, phase: number, problems: Problem[] = []): Helped {
  const impressions = readImpressions(ctx.paths);
  const threshold = ctx.cfg.config.graph.dedup_threshold;
  const pitfallsOf = new Map<string, string[]>();
  for (const l of graph.pitfalls()) pitfallsOf.set(l.source, [...(pitfallsOf.get(l.source) ?? []), l.target]);
  const sessions = sessionNodes(graph).sort((a, b) => (Number(a.phase ?? -1) - Number(b.phase ?? -1)) || (a.id < b.id ? -1 : 1));
  const docs = new Map<string, Record<string, unknown>>();
  for (const n of sessions) {
    const d = sessionDocument(ctx, n as GNode, problems).data;
    if (d) docs.set(n.id, d); // AgentMemories and PCDs: either may have reported a pitfall first
  }
  // The tasks' evidence: each AgentMemory applied as its own session, and each one a PCD holds (the
  // orchestrator applies its assembled PCD alone: its tasks' look back is read from their documents).
  const evidence: { session: string; phase: unknown; data: Record<string, unknown> }[] = [];
  for (const n of sessions) {
    const d = docs.get(n.id);
    if (!d) continue;
    if (typeof d.task_id === "string") evidence.push({ session: n.id, phase: n.phase, data: d });
    else for (const m of carriedDocuments(ctx.paths.sessions, d, (s) => graph.nodes.has(s))) evidence.push({ session: n.id, phase: n.phase, data: m.data as Record<string, unknown> });
  }
  const gapSeen = new Map<string, Set<string>>();
  for (const e of evidence) {
    if (typeof e.phase === "number" && e.phase > phase) continue;
    for (const g of arr(e.data.nodes_missing)) {
      const id = obj(g).suggested_id;
      if (typeof id === "string") gapSeen.set(id, new Set([...(gapSeen.get(id) ?? []), String(e.data.task_id)]));
    }
  }
  const tasks: HelpedTask[] = [];
  for (const { session, phase: p, data: d } of evidence) {
    if (p !== phase) continue;
    const n = { id: session };
    const taskId = d.task_id as string;
    const shown = shownTo(ctx.paths, { task_id: taskId, loadout_used: d.loadout_used }, impressions);
    const useful = arr(d.nodes_used).map(obj).filter((u) => u.useful === true && typeof u.id === "string").map((u) => u.id as string);
    const reported = arr(d.pitfalls_discovered).map(obj).filter((p) => typeof p.node_ref === "string" && typeof p.description === "string") as { node_ref: string; description: string }[];
    // Known before this task: a pitfall edge on the node from another session that came before it
    // (an earlier phase, or an earlier timestamp of its document).
    const before = (sid: string): boolean => {
      if (sid === n.id) return false;
      const p = graph.nodes.get(sid)?.phase;
      if (typeof p === "number" && p < phase) return true;
      const t0 = when(docs.get(sid)?.timestamp);
      const t1 = when(d.timestamp);
      return p === phase && t0 !== null && t1 !== null && t0 < t1;
    };
    // Bit again: the same pitfall (dedup.ts samePitfall) reported by a session before this one, whose edge the node still has.
    const rebit = [...new Set(reported.filter((p) => (pitfallsOf.get(p.node_ref) ?? []).some((sid) => before(sid) && arr(docs.get(sid)?.pitfalls_discovered).map(obj).some((q) => typeof q.description === "string" && samePitfall(q as { node_ref: string; description: string }, p, threshold)))).map((p) => p.node_ref))];
    tasks.push({
      task_id: taskId,
      session: n.id,
      useful: useful.length,
      useful_shown: shown ? useful.filter((u) => shown.has(u)).length : null,
      rebit,
      rebit_shown: shown ? rebit.filter((r) => shown.has(r)) : null,
      gaps: arr(d.nodes_missing).map(obj).map((g) => g.suggested_id).filter((x): x is string => typeof x === "string"),
    });
  }
  const telling = tasks.filter((t) => t.useful_shown !== null);
  const usefulTotal = telling.reduce((a, t) => a + t.useful, 0);
  return {
    phase,
    tasks,
    helpful_recall: usefulTotal ? telling.reduce((a, t) => a + t.useful_shown!, 0) / usefulTotal : null,
    rebit: tasks.reduce((a, t) => a + t.rebit.length, 0),
    rebit_loaded: tasks.reduce((a, t) => a + (t.rebit_shown?.length ?? 0), 0),
    recurring_gaps: [...gapSeen].filter(([, s]) => s.size > 1).map(([id]) => id).sort(),
    gaps_promoted: [...new Set(tasks.flatMap((t) => t.gaps))].filter((id) => graph.nodes.get(id)?.status === "established").sort(),
  };
}
