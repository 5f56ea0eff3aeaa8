// Loadout header (spec §4.6).
import type { z } from "zod";
import { lazy, zod } from "../zod.js";
import { Int, IsoDateTime, NonNegInt, SchemaTag, TaskId } from "./common.js";

export const LoadoutHeader = lazy(() =>
  zod.looseObject({
    task_id: TaskId,
    // 0 for a loadout made from tags alone (no phase); null is read (older akms wrote it), not written.
    phase: Int.nullable(),
    generated_at: IsoDateTime,
    graph_version: zod.string().regex(/^[0-9a-f]{6,64}$/, { error: "must be a hex hash" }),
    seed_tags: zod.array(zod.string()),
    agent_role: zod.string().min(1),
    node_count: NonNegInt,
    loadout_mode: zod.enum(["routing", "full"], { error: "must be routing or full" }),
    available_context: Int,
    qmd_available: zod.boolean(),
    akms_schema: SchemaTag,
  })
);
export type LoadoutHeader = z.infer<typeof LoadoutHeader>;
