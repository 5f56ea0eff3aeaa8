// local_state.yaml (spec §4.2) plus the optional, non-breaking `history` and `status: draft` override.
import type { z } from "zod";
import { lazy, zod } from "../zod.js";
import { EdgeType, Id, IsoDate, IsoDateTime, NodeOrSessionId, NonEmpty, NonNegInt, Outcome, SchemaTag, Severity, TaskId, Unit } from "./common.js";

export const HistoryEntry = lazy(() =>
  zod.object({
    date: zod.string({ error: "must be an ISO date string" }),
    confidence: Unit,
    cause: NonEmpty,
  })
);
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const NodeOverride = lazy(() =>
  zod.looseObject({
    confidence: Unit.optional(),
    activations: NonNegInt.optional(),
    last_activated: IsoDate.nullable().optional(),
    activated_by_tasks: zod.array(NonEmpty).optional(),
    session_refs: zod.array(NonEmpty).optional(),
    /** A review action's per-repository suppression of a global node. */
    status: zod.literal("draft", { error: "an overlay status override can only be draft" }).optional(),
    history: zod.array(HistoryEntry).optional(),
  })
);
export type NodeOverride = z.infer<typeof NodeOverride>;

/** One agent's report of a pitfall; an edge reported several times lists each (spec §5.8: never merged). */
export const PitfallReportEntry = lazy(() =>
  zod.object({
    weight: Unit,
    severity: Severity,
    note: zod.string(),
    task_id: TaskId.optional(),
  })
);

/** Loose: the spec's Python implementation adds `source_id` (the report's task), kept as it is. */
export const LocalEdge = lazy(() =>
  zod.looseObject({
    from: Id,
    to: NodeOrSessionId,
    type: EdgeType,
    weight: Unit,
    note: zod.string().nullable().optional(),
    reports: zod.array(PitfallReportEntry).optional(),
  })
);
export type LocalEdge = z.infer<typeof LocalEdge>;

export const OUTCOME_VALUES = ["success", "complete", "partial", "failed", "deferred"] as const;

export const SessionNodeEntry = lazy(() =>
  zod.looseObject({
    title: NonEmpty,
    tags: zod.array(NonEmpty).optional(),
    outcome: zod.enum(OUTCOME_VALUES, { error: `must be one of ${OUTCOME_VALUES.join(" | ")}` }),
    content_ref: NonEmpty,
    phase: NonNegInt,
    // What akms writes on a session it applied (core/update/plan.ts recordSession): typed, so a
    // hand edit that breaks one is named here, not met later by the check, the review or a replay.
    source_hash: zod.string().regex(/^[0-9a-f]{64}$/, { error: "must be the sha256 (64 hex digits) of the document applied" }).optional(),
    evidence: zod.enum(["agent-memory", "pcd"], { error: "must be agent-memory | pcd (the kind of document applied)" }).optional(),
    task_id: TaskId.optional(),
    task_status: Outcome.optional(),
    date: zod.union([IsoDate, IsoDateTime]).optional(),
    blocking: zod.array(zod.looseObject({ tasks: zod.array(TaskId), tests: zod.array(zod.string()) }), { error: "must be a list of {tasks, tests}" }).optional(),
    files_created: zod.array(NonEmpty, { error: "must be a list of paths" }).optional(),
    files_modified: zod.array(NonEmpty, { error: "must be a list of paths" }).optional(),
    files_deleted: zod.array(NonEmpty, { error: "must be a list of paths" }).optional(),
    unanchored_pitfalls: zod.array(zod.looseObject({ description: NonEmpty, severity: Severity })).optional(),
    new_knowledge: zod.array(zod.looseObject({ score: Unit.nullable().optional() })).optional(),
  })
);
export type SessionNodeEntry = z.infer<typeof SessionNodeEntry>;

export const Overlay = lazy(() =>
  zod.looseObject({
    akms_schema: SchemaTag,
    repo_id: zod.string().nullable().optional(),
    nodes: zod.record(Id, NodeOverride).nullable().optional(),
    local_edges: zod.array(LocalEdge, { error: "must be a list of edges (write [] for none)" }).optional(),
    session_nodes: zod.record(NodeOrSessionId, SessionNodeEntry).nullable().optional(),
    /** The Python implementation's ledger of applied documents (an AgentMemory's task id as written, a PCD's `phase-<N>`); akms reads and writes it. */
    processed_sources: zod.array(NonEmpty, { error: "must be a list of applied source ids" }).nullable().optional(),
    suppressed_edges: zod
      .array(zod.unknown())
      .max(0, { error: "is reserved in v2 and MUST be an empty list []" })
      .nullable()
      .optional(),
  })
);
export type Overlay = z.infer<typeof Overlay>;
