// Task record (spec §4.5): AKMS adds akms_tags, loadout_path, akms_schema; other fields pass through.
import type { z } from "zod";
import { lazy, zod } from "../zod.js";
import { NonEmpty, NonNegInt, SchemaTag, TaskId } from "./common.js";

export const ROLE_NAME = /^[a-z][a-z0-9_-]{0,63}$/;
/**
 * A task's status (the spec's example record has none: a record without one is pending). The
 * orchestrator writes the AgentMemory's outcome back (complete | partial | failed | deferred).
 */
export const TASK_STATUSES = ["pending", "in_progress", "blocked", "complete", "partial", "failed", "deferred"] as const;

export const TaskRecord = lazy(() =>
  zod.looseObject({
    task_id: TaskId,
    akms_tags: zod.array(NonEmpty, { error: "must be a list of tags (may be empty)" }),
    loadout_path: zod.string().nullable().optional(),
    akms_schema: SchemaTag,
    title: NonEmpty.optional(),
    objective: zod.string().optional(),
    description: zod.string().optional(),
    steps: zod.array(zod.string()).optional(),
    implementation_steps: zod.array(zod.string()).optional(),
    scope: zod.array(NonEmpty, { error: "must be a list of file paths" }).optional(),
    depends_on: zod.array(TaskId).optional(),
    phase: NonNegInt.optional(),
    status: zod.enum(TASK_STATUSES, { error: `must be one of ${TASK_STATUSES.join(" | ")}` }).optional(),
    agent_role: zod.string().regex(ROLE_NAME, { error: "must be a role name like implementer" }).optional(),
  })
);
export type TaskRecord = z.infer<typeof TaskRecord>;
