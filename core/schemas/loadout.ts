// Loadout header (spec §4.6).
import { z } from "zod";
import { Id, Int, IsoDateTime, NonNegInt, SchemaTag } from "./common.js";

export const LoadoutHeader = z.looseObject({
  task_id: Id,
  phase: Int.nullable(),
  generated_at: IsoDateTime,
  graph_version: z.string().regex(/^[0-9a-f]{6,64}$/, { error: "must be a hex hash" }),
  seed_tags: z.array(z.string()),
  agent_role: z.string().min(1),
  node_count: NonNegInt,
  loadout_mode: z.enum(["routing", "full"], { error: "must be routing or full" }),
  available_context: Int,
  qmd_available: z.boolean(),
  akms_schema: SchemaTag,
});
export type LoadoutHeader = z.infer<typeof LoadoutHeader>;
