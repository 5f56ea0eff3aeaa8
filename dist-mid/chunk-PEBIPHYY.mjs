import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  NonNegInt,
  SchemaTag,
  TaskId,
  lazy,
  zod
} from "./chunk-DWREGR5U.mjs";

// core/warm.ts
import { statSync } from "node:fs";
var enabled = false;
var memo = /* @__PURE__ */ new Map();
function keepWarm(on = true) {
  enabled = on;
  if (!on) memo.clear();
}
function fileIdentity(file) {
  try {
    const st = statSync(file, { bigint: true });
    return `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
  } catch {
    return null;
  }
}
function warm(slot, files, make) {
  if (!enabled) return make();
  const key = files.map((f) => fileIdentity(f) ?? "missing").join("|");
  const hit = memo.get(slot);
  if (hit && hit.key === key) return hit.value;
  const value = make();
  memo.set(slot, { key, value });
  return value;
}

// core/schemas/task.ts
var ROLE_NAME = /^[a-z][a-z0-9_-]{0,63}$/;
var TASK_STATUSES = ["pending", "in_progress", "blocked", "complete", "partial", "failed", "deferred"];
var TaskRecord = lazy(
  () => zod.looseObject({
    task_id: TaskId,
    akms_tags: zod.array(zod.string({ error: "must be a string" }), { error: "must be a list of tags (may be empty)" }),
    loadout_path: zod.string().nullable().optional(),
    akms_schema: SchemaTag,
    title: zod.string().optional(),
    objective: zod.string().optional(),
    description: zod.string().optional(),
    steps: zod.array(zod.string()).optional(),
    implementation_steps: zod.array(zod.string()).optional(),
    scope: zod.array(zod.string({ error: "must be a list of file paths" })).optional(),
    depends_on: zod.array(TaskId).optional(),
    phase: NonNegInt.optional(),
    status: zod.enum(TASK_STATUSES, { error: `must be one of ${TASK_STATUSES.join(" | ")}` }).optional(),
    agent_role: zod.string().regex(ROLE_NAME, { error: "must be a role name like implementer" }).optional()
  })
);

export {
  ROLE_NAME,
  TaskRecord,
  keepWarm,
  fileIdentity,
  warm
};
