// Task record (spec §4.5): AKMS adds akms_tags, loadout_path, akms_schema; other fields pass through.
import { z } from "zod";
import { Id, Int, SchemaTag } from "./common.js";

export const ROLE_NAME = /^[a-z][a-z0-9_-]{0,63}$/;

export const TaskRecord = z.looseObject({
  task_id: Id,
  akms_tags: z.array(z.string({ error: "must be a string" }), { error: "must be a list of tags (may be empty)" }),
  loadout_path: z.string().nullable().optional(),
  akms_schema: SchemaTag,
  title: z.string().optional(),
  objective: z.string().optional(),
  description: z.string().optional(),
  steps: z.array(z.string()).optional(),
  implementation_steps: z.array(z.string()).optional(),
  scope: z.array(z.string({ error: "must be a list of file paths" })).optional(),
  depends_on: z.array(Id).optional(),
  phase: Int.optional(),
  status: z.string().optional(),
  agent_role: z.string().regex(ROLE_NAME, { error: "must be a role name like implementer" }).optional(),
});
export type TaskRecord = z.infer<typeof TaskRecord>;
