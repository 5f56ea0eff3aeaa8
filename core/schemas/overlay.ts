// local_state.yaml (spec §4.2) plus the optional, non-breaking `history` and `status: draft` override.
import { z } from "zod";
import { EdgeType, Id, IsoDate, Int, NonEmpty, NonNegInt, SchemaTag, Unit } from "./common.js";

export const HistoryEntry = z.object({
  date: z.string({ error: "must be an ISO date string" }),
  confidence: Unit,
  cause: NonEmpty,
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const NodeOverride = z.looseObject({
  confidence: Unit.optional(),
  activations: NonNegInt.optional(),
  last_activated: IsoDate.nullable().optional(),
  activated_by_tasks: z.array(NonEmpty).optional(),
  session_refs: z.array(NonEmpty).optional(),
  /** A review action's per-repository suppression of a global node. */
  status: z.literal("draft", { error: "an overlay status override can only be draft" }).optional(),
  history: z.array(HistoryEntry).optional(),
});
export type NodeOverride = z.infer<typeof NodeOverride>;

export const LocalEdge = z.object({
  from: Id,
  to: Id,
  type: EdgeType,
  weight: Unit,
  note: z.string().nullable().optional(),
});
export type LocalEdge = z.infer<typeof LocalEdge>;

export const OUTCOME_VALUES = ["success", "complete", "partial", "failed", "deferred"] as const;

export const SessionNodeEntry = z.looseObject({
  title: NonEmpty,
  tags: z.array(NonEmpty).optional(),
  outcome: z.enum(OUTCOME_VALUES, { error: `must be one of ${OUTCOME_VALUES.join(" | ")}` }),
  content_ref: NonEmpty,
  phase: Int,
  source_hash: z.string().optional(),
});
export type SessionNodeEntry = z.infer<typeof SessionNodeEntry>;

export const Overlay = z.looseObject({
  akms_schema: SchemaTag,
  repo_id: z.string().nullable().optional(),
  nodes: z.record(Id, NodeOverride).nullable().optional(),
  local_edges: z.array(LocalEdge).nullable().optional(),
  session_nodes: z.record(Id, SessionNodeEntry).nullable().optional(),
  suppressed_edges: z
    .array(z.unknown())
    .max(0, { error: "is reserved in v2 and MUST be an empty list []" })
    .nullable()
    .optional(),
});
export type Overlay = z.infer<typeof Overlay>;
