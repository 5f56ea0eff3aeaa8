import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  normalizeTags,
  readTask,
  resolveTaskRole,
  taskTags
} from "./chunk-BHTI52HA.mjs";
import {
  UsageError
} from "./chunk-C3ZMY3KT.mjs";

// core/query/input.ts
function parseTagsFlag(value) {
  if (typeof value !== "string") throw new UsageError("--tags needs a comma-separated list, e.g. --tags fft-galerkin,spectral");
  const tags = normalizeTags(value.split(","));
  if (!tags.length) throw new UsageError("--tags needs at least one tag, e.g. --tags fft-galerkin,spectral");
  return tags;
}
function checkPlanningFlags(flags) {
  const hasTask = flags.task !== void 0;
  const hasTags = flags.tags !== void 0;
  if (hasTask && hasTags) throw new UsageError("give either --task FILE or --tags a,b, not both");
  if (!hasTask && !hasTags) throw new UsageError("give --task FILE (a task record) or --tags a,b");
  if (hasTask) {
    if (typeof flags.task !== "string" || !flags.task) throw new UsageError("--task needs a task record file");
    return flags.task;
  }
  return null;
}
function checkRoleFlag(roleFlag) {
  if (roleFlag !== void 0 && typeof roleFlag !== "string") throw new UsageError("--role needs a role name, e.g. --role physics_reviewer");
  return roleFlag;
}
function readPlanningFlags(flags, cwd = process.cwd()) {
  const taskFile = checkPlanningFlags(flags);
  if (taskFile !== null) return { task: readTask(taskFile, cwd), tags: void 0 };
  return { task: null, tags: parseTagsFlag(flags.tags) };
}
function planningInput(ctx, graph, read, roleFlag) {
  const role = resolveTaskRole(ctx.cfg, checkRoleFlag(roleFlag), read.task);
  if (read.task) {
    const t = taskTags(ctx, graph, read.task);
    return { task: read.task, tags: t.tags, tagsFrom: t.from, derivation: t.derivation, role };
  }
  return { task: null, tags: read.tags ?? [], tagsFrom: "flag", derivation: null, role };
}

export {
  parseTagsFlag,
  readPlanningFlags,
  planningInput
};
