// The planning commands' common input: `--task FILE` or `--tags a,b` (exactly one), and the tags
// and role they give. (input-quick.ts: the same, loading the task reader only for --task.)
import type { Context } from "../context.js";
import { resolveTaskRole, type QueryGraph } from "../query.js";
import { taskTags } from "../tags.js";
import { checkPlanningFlags, checkRoleFlag, parseTagsFlag, type PlanningFlags, type PlanningInput } from "./input-quick.js";
import { readTask } from "./task.js";

export { parseTagsFlag, type PlanningInput };

/** Checks the flags and reads the task record; the tags come later (they may need the graph). */
export function readPlanningFlags(flags: { task?: unknown; tags?: unknown }, cwd = process.cwd()): PlanningFlags {
  const taskFile = checkPlanningFlags(flags);
  if (taskFile !== null) return { task: readTask(taskFile, cwd), tags: undefined };
  return { task: null, tags: parseTagsFlag(flags.tags) };
}

export function planningInput(ctx: Context, graph: QueryGraph, read: PlanningFlags, roleFlag?: unknown): PlanningInput {
  const role = resolveTaskRole(ctx.cfg, checkRoleFlag(roleFlag), read.task);
  if (read.task) {
    const t = taskTags(ctx, graph, read.task);
    return { task: read.task, tags: t.tags, tagsFrom: t.from, derivation: t.derivation, role };
  }
  return { task: null, tags: read.tags ?? [], tagsFrom: "flag", derivation: null, role };
}
