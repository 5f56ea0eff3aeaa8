// Blocked downstream tasks (DESIGN §4 Review report): a task record in knowledge/tasks/*.json that
// is not complete, and either the latest PCD lists it as blocked by a failing test (the test's
// `blocks:` list, else the PCD's recommended_start — what `akms update` records), or its role query
// would load an agent-sourced tentative node — with the promotion that would unblock it.
import type { Context } from "../context.js";
import { AkmsError, type Problem } from "../errors.js";
import type { GraphIndex } from "../graph.js";
import { queryGraph, resolveRole, DEFAULT_ROLE } from "../query.js";
import { isComplete, listTaskFiles, readTask } from "../query/task.js";
import type { TaskRecord } from "../schemas/task.js";
import { validatedFacts } from "../store/facts.js";
import { deriveTags } from "../tags.js";
import { nodeItem, type FileResolver, type NodeItem } from "./items.js";
import type { SessionInfo } from "./sessions.js";

export type BlockReason =
  | { kind: "failing-test"; session: string; phase: number | null; tests: string[]; reason: string | null; file: string | null }
  | { kind: "tentative-node"; node: NodeItem; role: string };

/** One reason a task is blocked, as a line of text (the report's cell, the console's detail and row). */
export function blockReasonText(r: BlockReason, confidence: (n: NodeItem) => string = (n) => String(n.confidence ?? n.confidence_default ?? "?"), withWhy = true): string {
  if (r.kind === "failing-test") {
    const where = [`session ${r.session}`, r.phase !== null ? `phase ${r.phase}` : ""].filter(Boolean).join(", ");
    return `failing test ${r.tests.join(", ") || "(unnamed)"} (${where})${withWhy && r.reason ? `: ${r.reason}` : ""}`;
  }
  return `tentative agent node ${r.node.id} (${r.node.status}, ${confidence(r.node)}) in its ${r.role} loadout`;
}

export interface BlockedTaskItem {
  task_id: string;
  title: string;
  /** The task record's status ("pending" when it has none). */
  status: string;
  phase: number | null;
  /** Repository-relative path of the task record. */
  file: string;
  role: string;
  tags: string[];
  reasons: BlockReason[];
  /** The promotions that would unblock it (one per agent-drafted tentative node its query loads). */
  unblock: string[];
  command: string | null;
  fix?: string;
}

/** `saveCache`: keep the validated task records for next time (the console; one-shot reports only read them). */
export function blockedTasks(ctx: Context, graph: GraphIndex, sessions: SessionInfo[], phase: number, files: FileResolver, problems: Problem[], saveCache = false): BlockedTaskItem[] {
  const outcome = new Map<string, string>();
  for (const s of sessions) for (const [t, st] of Object.entries(s.task_status)) outcome.set(t, st);
  // The latest PCD up to this phase speaks for the next phase (its impact_on_next_phase).
  const pcd = [...sessions].reverse().find((s) => s.kind === "pcd" && (s.phase === null || s.phase <= phase)) ?? null;
  const out: BlockedTaskItem[] = [];
  const cache = validatedFacts<TaskRecord>(ctx.paths, "task");
  let taskFiles: string[] = [];
  try {
    taskFiles = listTaskFiles(ctx.paths);
  } catch (e) {
    if (!(e instanceof AkmsError)) throw e;
    problems.push({ file: e.file, message: `task records skipped: ${e.message}`, hint: e.hint });
  }
  for (const file of taskFiles) {
    let task;
    try {
      task = readTask(file, ctx.repo, cache);
    } catch (e) {
      if (!(e instanceof AkmsError)) throw e;
      problems.push({ file: e.file ?? file, line: e.line, field: e.field, message: `task record skipped: ${e.message}`, hint: e.hint });
      continue;
    }
    const r = task.record;
    const status = typeof r.status === "string" && r.status ? r.status : "pending";
    if (isComplete(status) || isComplete(outcome.get(r.task_id))) continue;
    const reasons: BlockReason[] = [];
    for (const b of pcd?.blocking ?? []) {
      if (b.tasks.includes(r.task_id)) reasons.push({ kind: "failing-test", session: b.session, phase: b.phase, tests: b.tests, reason: b.reason, file: b.file });
    }
    let role = DEFAULT_ROLE;
    try {
      role = resolveRole(ctx.cfg, r.agent_role);
    } catch (e) {
      problems.push({ file: task.shown, field: "agent_role", message: (e as Error).message, hint: "the blocked-task check used the implementer role" });
    }
    let tags = r.akms_tags;
    if (!tags.length) tags = deriveTags(graph, ctx.cfg, r, { repo: ctx.repo, knowledge: ctx.paths.knowledge, vault: ctx.vault.path }).tags.map((t) => t.tag);
    const q = queryGraph(graph, ctx.cfg, { tags, role });
    const unblock: string[] = [];
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
      command: unblock.length === 1 ? unblock[0]! : unblock.length ? unblock.join(" && ") : null,
      ...(testReasons.length
        ? { fix: `make the failing test${testReasons.flatMap((x) => (x.kind === "failing-test" ? x.tests : [])).length > 1 ? "s" : ""} pass first (${testReasons.flatMap((x) => (x.kind === "failing-test" ? x.tests : [])).join(", ") || "see the PCD"})` }
        : {}),
    });
  }
  if (saveCache) cache.save();
  return out;
}
