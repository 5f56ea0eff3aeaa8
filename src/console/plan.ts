// The planning path as the Why and Loadout screens see it: a task record (its akms_tags, or the
// derived tags when empty) or typed tags, a role, and the query's structured explanation —
// computed by the core's queryGraph / deriveTags, the same functions `akms query` runs.
import { basename } from "node:path";
import type { Context } from "../../core/context.js";
import { queryGraph, resolveRole, normalizeTags, type QueryResult } from "../../core/query.js";
import { listTaskFiles, readTask, type LoadedTask } from "../../core/query/task.js";
import type { TagDerivation } from "../../core/tags.js";
import { taskTags } from "../../core/tags.js";
import type { TaskRecord } from "../../core/schemas/task.js";
import type { GraphIndex } from "../../core/graph.js";
import type { LoadedConfig } from "../../core/config.js";
import { errorText } from "./errors.js";
import { validatedFacts } from "../../core/store/facts.js";

export interface TaskEntry {
  file: string;
  shown: string;
  record: TaskRecord | null;
  /** The task as the core reads it (planLoadout takes this). */
  loaded: LoadedTask | null;
  error: string | null;
}

/** Every knowledge/tasks/*.json, sorted by name; an invalid one is listed with its error. */
export function listTasks(ctx: Context): TaskEntry[] {
  let files: string[];
  try {
    files = listTaskFiles(ctx.paths);
  } catch {
    return []; // an unreadable knowledge/tasks/: `akms validate` names it
  }
  const cache = validatedFacts<TaskRecord>(ctx.paths, "task");
  const tasks = files.map((file): TaskEntry => {
    const n = basename(file);
    try {
      const t = readTask(file, ctx.repo, cache);
      return { file, shown: t.shown, record: t.record, loaded: t, error: null };
    } catch (e) {
      return { file, shown: `knowledge/tasks/${n}`, record: null, loaded: null, error: errorText(e) };
    }
  });
  cache.save();
  return tasks;
}

export interface PlanSource {
  /** "task": the selected task record; "tags": typed tags. */
  kind: "task" | "tags";
  taskIndex: number;
  tags: string[];
  /** A role chosen with `o` (overrides the task's agent_role). */
  role: string | null;
}

export const initialPlanSource: PlanSource = { kind: "task", taskIndex: 0, tags: [], role: null };

export interface Plan {
  /** "TASK-302 — title" or "tags a, b". */
  label: string;
  task: TaskEntry | null;
  tags: string[];
  tagOrigin: "task" | "derived" | "typed";
  derivation: TagDerivation | null;
  role: string;
  result: QueryResult | null;
  error: string | null;
}

export function roles(cfg: LoadedConfig): string[] {
  return Object.keys(cfg.config.query_roles).sort();
}

export function planFor(ctx: Context, graph: GraphIndex, tasks: TaskEntry[], src: PlanSource): Plan {
  const cfg = ctx.cfg;
  if (src.kind === "tags" || !tasks.length) {
    const tags = normalizeTags(src.tags);
    const label = src.kind === "tags" ? `tags ${tags.join(", ") || "(none)"}` : "no task records in knowledge/tasks/ — press t to type tags";
    try {
      const role = resolveRole(cfg, src.role);
      return { label, task: null, tags, tagOrigin: "typed", derivation: null, role, result: queryGraph(graph, cfg, { tags, role }), error: null };
    } catch (e) {
      return { label, task: null, tags, tagOrigin: "typed", derivation: null, role: src.role ?? "implementer", result: null, error: errorText(e) };
    }
  }
  const task = tasks[Math.max(0, Math.min(tasks.length - 1, src.taskIndex))]!;
  const rec = task.record;
  const label = rec ? `${rec.task_id}${rec.title ? ` — ${rec.title}` : ""}` : task.shown;
  if (!rec || !task.loaded) return { label, task, tags: [], tagOrigin: "task", derivation: null, role: src.role ?? "implementer", result: null, error: task.error };
  try {
    const role = resolveRole(cfg, src.role, rec.agent_role);
    const { tags, from, derivation } = taskTags(ctx, graph, task.loaded);
    return { label, task, tags, tagOrigin: from === "derived" ? "derived" : "task", derivation, role, result: queryGraph(graph, cfg, { tags, role }), error: null };
  } catch (e) {
    return { label, task, tags: [], tagOrigin: "task", derivation: null, role: src.role ?? "implementer", result: null, error: errorText(e) };
  }
}
