// AgentMemory (spec §4.3) and Phase Completion Document (spec §4.4). The persistent-zone fields are
// one shared shape so that both go through the same validator (FR-M08).
import type { z } from "zod";
import { lazy, zod } from "../zod.js";
import { Id, IsoDate, IsoDateTime, NonEmpty, NonNegInt, Outcome, SchemaTag, Severity, TaskId } from "./common.js";

const Str = lazy(() => zod.string({ error: "must be a string" }));

export const NodeUsed = lazy(() =>
  zod.looseObject({
    id: Id,
    useful: zod.boolean({ error: "must be true or false" }),
    coverage: zod.enum(["sufficient", "missing-detail", "outdated"], { error: "must be one of sufficient | missing-detail | outdated" }),
    note: Str.nullable().optional(),
  })
);
export type NodeUsed = z.infer<typeof NodeUsed>;

export const NodeMissing = lazy(() =>
  zod.looseObject({
    description: NonEmpty,
    suggested_id: Id,
    domain: NonEmpty,
    tags: zod.array(NonEmpty).nullable().optional(),
    priority: Severity,
  })
);

export const Lessons = lazy(() =>
  zod.looseObject({
    worked: zod.array(Str).nullable().optional(),
    failed: zod
      .array(zod.looseObject({ what: NonEmpty, why: NonEmpty, fix: NonEmpty }))
      .nullable()
      .optional(),
  })
);

export const Pitfall = lazy(() =>
  zod.looseObject({
    node_ref: Id.nullable(),
    description: NonEmpty,
    severity: Severity,
  })
);
export type Pitfall = z.infer<typeof Pitfall>;

export const NewKnowledge = lazy(() =>
  zod.looseObject({
    suggested_id: Id,
    content_draft: NonEmpty,
    status: zod.literal("tentative", { error: "must be tentative (agent-written knowledge always starts tentative)" }),
    source: zod.literal("agent", { error: "must be agent" }),
    title: NonEmpty.optional(),
    domain: NonEmpty.optional(),
    tags: zod.array(NonEmpty).nullable().optional(),
  })
);
export type NewKnowledge = z.infer<typeof NewKnowledge>;

/** A list field of the persistent zone: absent or a list — `null` is refused (write [] for none). */
const listOf = <T extends z.ZodType>(item: T) => zod.array(item, { error: "must be a list (write [] for none)" }).optional();

export const persistentZone = lazy(() => ({
  nodes_used: listOf(NodeUsed),
  nodes_missing: listOf(NodeMissing),
  lessons: Lessons.nullable().optional(),
  pitfalls_discovered: listOf(Pitfall),
  new_knowledge: listOf(NewKnowledge),
  akms_schema: SchemaTag,
}));

export const AgentMemory = lazy(() =>
  zod.looseObject({
    task_id: TaskId,
    task_description: NonEmpty,
    phase_id: NonNegInt,
    timestamp: IsoDateTime,
    agent_model: NonEmpty,
    loadout_used: NonEmpty,
    status: Outcome,
    commit: Str.nullable().optional(),
    tests_passed: NonNegInt,
    tests_total: NonNegInt,
    completion_notes: Str.nullable().optional(),
    ...persistentZone,
  })
);
export type AgentMemory = z.infer<typeof AgentMemory>;

const PathEntry = (second: string) => zod.looseObject({ path: NonEmpty, [second]: Str });

export const FailingTest = lazy(() =>
  zod.looseObject({
    tests: zod.union([Str, zod.array(Str)]).optional(),
    reason: Str.optional(),
    impact_on_next_phase: zod.enum(["none", "low", "blocking"], { error: "must be one of none | low | blocking" }),
    /** Which downstream tasks this blocks (our optional field; else the PCD's recommended_start). */
    blocks: zod.array(TaskId).optional(),
  })
);

export const Pcd = lazy(() =>
  zod.looseObject({
    phase_id: NonNegInt,
    plan_file: NonEmpty,
    branch: NonEmpty,
    date: zod.union([IsoDate, IsoDateTime]),
    loadout_used: NonEmpty,
    tasks: zod.array(
      zod.looseObject({
        task_id: TaskId,
        title: NonEmpty,
        commit: Str.nullable().optional(),
        tests_passed: NonNegInt,
        tests_total: NonNegInt,
        status: Outcome,
        agent_model: NonEmpty,
        review_score: NonNegInt.nullable().optional(),
        review_breakdown: zod.record(zod.string(), NonNegInt, { error: "must map minor / medium / high / critical to whole counts (0 or more)" }).nullable().optional(),
      }),
    ),
    overall_test_status: zod.record(zod.string(), NonNegInt, { error: "must be a mapping of whole counts, 0 or more (passed, total, skipped, fixed)" }),
    files_created: zod.array(PathEntry("description")).nullable().optional(),
    files_modified: zod.array(PathEntry("changes")).nullable().optional(),
    files_deleted: zod.array(PathEntry("reason")).nullable().optional(),
    interfaces_added: zod.array(zod.looseObject({ name: NonEmpty, description: Str })).nullable().optional(),
    assumptions: zod
      .array(zod.looseObject({ claim: NonEmpty, where: Str, rationale: Str, risk_if_wrong: Str }))
      .nullable()
      .optional(),
    known_issues: zod
      .looseObject({
        failing_tests: zod.array(FailingTest).nullable().optional(),
        bugs: zod.array(Str).nullable().optional(),
        coverage_gaps: zod.array(Str).nullable().optional(),
      })
      .nullable()
      .optional(),
    next_phase_warnings: zod
      .array(NonEmpty, { error: "must be a list of strings" })
      .min(1, { error: "MUST contain at least one entry, even if \"No warnings\" (FR-M06)" }),
    recommended_start: Str.nullable().optional(),
    ...persistentZone,
  })
);
export type Pcd = z.infer<typeof Pcd>;
