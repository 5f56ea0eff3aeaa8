// The planning commands' common input: `--task FILE|ID` or `--tags a,b` (exactly one), and the tags
// and role they give; and their check of it before the graph is prepared (checkPlanningInput: the
// flags and the task record, read as the command reads them — the validated record is kept in the
// store's facts, so the command's own read of it costs no second validation). The flags are the
// CLI's (the MCP tools reach them through the commands), so this lives with the commands.
import { loadContext, type Context } from "../../core/context.js";
import { UsageError } from "../../core/errors.js";
import { normalizeTags, resolveTaskRole, type QueryGraph } from "../../core/query.js";
import { taskTags, type TagDerivation } from "../../core/tags.js";
import { readTask, taskArgFile, type LoadedTask } from "../../core/query/task.js";
import type { TaskRecord } from "../../core/schemas/task.js";
import { validatedFacts } from "../../core/store/facts.js";
import type { Flags } from "./types.js";

export interface PlanningInput {
  task: LoadedTask | null;
  tags: string[];
  tagsFrom: "akms_tags" | "derived" | "flag";
  derivation: TagDerivation | null;
  role: string;
}

export interface PlanningFlags {
  task: LoadedTask | null;
  tags: string[] | undefined;
}

export function parseTagsFlag(value: unknown): string[] {
  if (typeof value !== "string") throw new UsageError("--tags needs a comma-separated list, e.g. --tags fft-galerkin,spectral");
  const tags = normalizeTags(value.split(","));
  if (!tags.length) throw new UsageError("--tags needs at least one tag, e.g. --tags fft-galerkin,spectral");
  return tags;
}

/** The task file's name when --task is given, else null (then the tags are read). */
function checkPlanningFlags(flags: { task?: unknown; tags?: unknown }): string | null {
  const hasTask = flags.task !== undefined;
  const hasTags = flags.tags !== undefined;
  if (hasTask && hasTags) throw new UsageError("give either --task FILE or --tags a,b, not both");
  if (!hasTask && !hasTags) throw new UsageError("give --task FILE (a task record) or --tags a,b");
  if (hasTask) {
    if (typeof flags.task !== "string" || !flags.task) throw new UsageError("--task needs a task record file");
    return flags.task;
  }
  return null;
}

function checkRoleFlag(roleFlag: unknown): string | undefined {
  if (roleFlag !== undefined && typeof roleFlag !== "string") throw new UsageError("--role needs a role name, e.g. --role physics_reviewer");
  return roleFlag as string | undefined;
}

/** Checks the flags and reads the task record; the tags come later (they may need the graph). */
export function readPlanningFlags(flags: { task?: unknown; tags?: unknown }, cwd = process.cwd(), ctx?: Context): PlanningFlags {
  const taskFile = checkPlanningFlags(flags);
  if (taskFile !== null) {
    // With the repository known, its validated task records answer for bytes validated before.
    const cache = ctx ? validatedFacts<TaskRecord>(ctx.paths, "task") : undefined;
    const task = readTask(ctx ? taskArgFile(ctx.paths, taskFile, cwd) : taskFile, cwd, cache);
    cache?.save();
    return { task, tags: undefined };
  }
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

export function checkPlanningInput(flags: Flags): void {
  const ctx = flags.task !== undefined ? loadContext({ repo: flags.repo, vault: flags.vault, writeCache: true }) : undefined;
  readPlanningFlags({ task: flags.task, tags: flags.tags }, process.cwd(), ctx);
}
