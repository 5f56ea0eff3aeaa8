// AgentMemory (spec §4.3) and Phase Completion Document (spec §4.4). The persistent-zone fields are
// one shared shape so that both go through the same validator (FR-M08).
import { z } from "zod";
import { Id, IsoDate, IsoDateTime, Int, NonEmpty, NonNegInt, Outcome, SchemaTag, Severity } from "./common.js";

const Str = z.string({ error: "must be a string" });

export const NodeUsed = z.looseObject({
  id: Id,
  useful: z.boolean({ error: "must be true or false" }),
  coverage: z.enum(["sufficient", "missing-detail", "outdated"], { error: "must be one of sufficient | missing-detail | outdated" }),
  note: Str.nullable().optional(),
});
export type NodeUsed = z.infer<typeof NodeUsed>;

export const NodeMissing = z.looseObject({
  description: NonEmpty,
  suggested_id: Id,
  domain: NonEmpty,
  tags: z.array(NonEmpty).nullable().optional(),
  priority: Severity,
});

export const Lessons = z.looseObject({
  worked: z.array(Str).nullable().optional(),
  failed: z
    .array(z.looseObject({ what: NonEmpty, why: NonEmpty, fix: NonEmpty }))
    .nullable()
    .optional(),
});

export const Pitfall = z.looseObject({
  node_ref: Id.nullable(),
  description: NonEmpty,
  severity: Severity,
});
export type Pitfall = z.infer<typeof Pitfall>;

export const NewKnowledge = z.looseObject({
  suggested_id: Id,
  content_draft: NonEmpty,
  status: z.literal("tentative", { error: "must be tentative (agent-written knowledge always starts tentative)" }),
  source: z.literal("agent", { error: "must be agent" }),
  title: NonEmpty.optional(),
  domain: NonEmpty.optional(),
  tags: z.array(NonEmpty).nullable().optional(),
});
export type NewKnowledge = z.infer<typeof NewKnowledge>;

export const persistentZone = {
  nodes_used: z.array(NodeUsed).nullable().optional(),
  nodes_missing: z.array(NodeMissing).nullable().optional(),
  lessons: Lessons.nullable().optional(),
  pitfalls_discovered: z.array(Pitfall).nullable().optional(),
  new_knowledge: z.array(NewKnowledge).nullable().optional(),
  akms_schema: SchemaTag,
};

export const AgentMemory = z.looseObject({
  task_id: Id,
  task_description: NonEmpty,
  phase_id: Int,
  timestamp: IsoDateTime,
  agent_model: NonEmpty,
  loadout_used: NonEmpty,
  status: Outcome,
  commit: Str.nullable().optional(),
  tests_passed: NonNegInt,
  tests_total: NonNegInt,
  completion_notes: Str.nullable().optional(),
  ...persistentZone,
});
export type AgentMemory = z.infer<typeof AgentMemory>;

const PathEntry = (second: string) => z.looseObject({ path: NonEmpty, [second]: Str });

export const FailingTest = z.looseObject({
  tests: z.union([Str, z.array(Str)]).optional(),
  reason: Str.optional(),
  impact_on_next_phase: z.enum(["none", "low", "blocking"], { error: "must be one of none | low | blocking" }),
  /** Which downstream tasks this blocks (our optional field; else the PCD's recommended_start). */
  blocks: z.array(Id).optional(),
});

export const Pcd = z.looseObject({
  phase_id: Int,
  plan_file: NonEmpty,
  branch: NonEmpty,
  date: z.union([IsoDate, IsoDateTime]),
  loadout_used: NonEmpty,
  tasks: z.array(
    z.looseObject({
      task_id: Id,
      title: NonEmpty,
      commit: Str.nullable().optional(),
      tests_passed: NonNegInt,
      tests_total: NonNegInt,
      status: Outcome,
      agent_model: NonEmpty,
      review_score: Int.nullable().optional(),
      review_breakdown: z.record(z.string(), z.unknown()).nullable().optional(),
    }),
  ),
  overall_test_status: z.record(z.string(), z.unknown(), { error: "must be a mapping of counts (pass, total, skipped, fixed)" }),
  files_created: z.array(PathEntry("description")).nullable().optional(),
  files_modified: z.array(PathEntry("changes")).nullable().optional(),
  files_deleted: z.array(PathEntry("reason")).nullable().optional(),
  interfaces_added: z.array(z.looseObject({ name: NonEmpty, description: Str })).nullable().optional(),
  assumptions: z
    .array(z.looseObject({ claim: NonEmpty, where: Str, rationale: Str, risk_if_wrong: Str }))
    .nullable()
    .optional(),
  known_issues: z
    .looseObject({
      failing_tests: z.array(FailingTest).nullable().optional(),
      bugs: z.array(Str).nullable().optional(),
      coverage_gaps: z.array(Str).nullable().optional(),
    })
    .nullable()
    .optional(),
  next_phase_warnings: z
    .array(NonEmpty, { error: "must be a list of strings" })
    .min(1, { error: "MUST contain at least one entry, even if \"No warnings\" (FR-M06)" }),
  recommended_start: Str.nullable().optional(),
  ...persistentZone,
});
export type Pcd = z.infer<typeof Pcd>;
