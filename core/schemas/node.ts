// Node frontmatter schemas (spec §4.1, §4.1.4, §4.7).
import type { z } from "zod";
import { lazy, zod } from "../zod.js";
import { EXPERIENTIAL_FIELDS } from "./vocabulary.js";
import { EdgeType, Id, IsoDate, IsoDateTime, NonEmpty, NonNegInt, SchemaTag, Source, Status, Unit } from "./common.js";

export const Edge = lazy(() =>
  zod.object({
    to: Id,
    type: EdgeType,
    weight: Unit,
    note: zod.string({ error: "must be a string" }).nullable().optional(),
  })
);
export type Edge = z.infer<typeof Edge>;

const RESERVED_DOMAINS = ["session", "code-mirror"];

const nodeShape = lazy(() => ({
  id: Id,
  title: NonEmpty,
  domain: NonEmpty.refine((d) => !RESERVED_DOMAINS.includes(d), {
    error: "`session` and `code-mirror` are system-reserved domains",
  }),
  subdomain: zod.string({ error: "must be a string" }).nullable().optional(),
  tags: zod.array(NonEmpty, { error: "must be a list of tags" }).min(1, { error: "needs at least one tag" }),
  status: Status,
  confidence: Unit,
  source: Source,
  confidence_floor: Unit.nullable().optional(),
  edges: zod.array(Edge, { error: "must be a list of edges" }).nullable().optional(),
  load_with: zod.array(Id, { error: "must be a list of node ids" }).nullable().optional(),
  context_size: zod.enum(["small", "medium", "large"], { error: "must be one of small | medium | large" }).nullable().optional(),
  reading_priority: zod
    .enum(["full", "summary", "pitfalls-only"], { error: "must be one of full | summary | pitfalls-only" })
    .nullable()
    .optional(),
  content_ref: zod.string({ error: "must be a relative path string" }).nullable().optional(),
  akms_schema: SchemaTag,
}));

export { EXPERIENTIAL_FIELDS };

/** The frontmatter fields the spec defines for a node (§4.1): what a strict reader of it accepts. */
export function specNodeFields(): string[] {
  return Object.keys(nodeShape);
}

/** Global vault node: intrinsic fields only. Unknown optional fields are allowed (spec §8.2). */
export const GlobalNode = lazy(() =>
  zod
    .looseObject(nodeShape)
    .superRefine((n, ctx) => {
      for (const f of EXPERIENTIAL_FIELDS) {
        if (f in n) {
          ctx.addIssue({
            code: "custom",
            path: [f],
            message: "experiential fields are not allowed in a global node (they live in local_state.yaml)",
          });
        }
      }
      if (n.source === "generated") {
        ctx.addIssue({ code: "custom", path: ["source"], message: "`generated` is reserved for code-mirror nodes; use human, agent or hybrid" });
      }
    })
);
export type GlobalNode = z.infer<typeof GlobalNode>;

const experiential = lazy(() => ({
  activations: NonNegInt.optional(),
  last_activated: IsoDate.nullable().optional(),
  activated_by_tasks: zod.array(zod.string()).nullable().optional(),
  session_refs: zod.array(zod.string()).nullable().optional(),
  origin_session: Id.nullable().optional(),
  origin_phase: NonNegInt.nullable().optional(),
}));

/** Local node (spec §4.1.4): agent- or human-written; experiential fields tolerated. */
export const LocalNode = lazy(() =>
  zod
    .looseObject({ ...nodeShape, ...experiential })
    .superRefine((n, ctx) => {
      if (n.source !== "agent" && n.source !== "human") {
        ctx.addIssue({
          code: "custom",
          path: ["source"],
          message: `a local node's source must be agent or human (found ${n.source}); generated is reserved for code-mirror nodes`,
        });
      }
      if ("auto_update" in n) {
        ctx.addIssue({ code: "custom", path: ["auto_update"], message: "auto_update appears only in generated code-mirror nodes" });
      }
    })
);
export type LocalNode = z.infer<typeof LocalNode>;

/** Code-mirror node (spec §4.7): generated marker frontmatter. */
export const MirrorNode = lazy(() =>
  zod
    .looseObject({
      id: Id,
      title: NonEmpty,
      domain: zod.literal("code-mirror", { error: "must be code-mirror" }),
      status: zod.enum(["established", "draft"], { error: "must be established (or draft when its docstrings drift)" }),
      confidence: zod.literal(1, { error: "must be 1.0" }),
      source: zod.literal("generated", { error: "must be generated" }),
      auto_update: zod.literal(true, { error: "must be true" }),
      content_ref: NonEmpty,
      source_file: NonEmpty,
      generated_at: IsoDateTime,
      generated_by_phase: NonNegInt.nullable(),
      akms_schema: SchemaTag,
    })
    .superRefine((n, ctx) => {
      for (const f of ["tags", "edges"]) {
        if (f in n) ctx.addIssue({ code: "custom", path: [f], message: `a code-mirror node has no ${f} (spec §4.7)` });
      }
    })
);
export type MirrorNode = z.infer<typeof MirrorNode>;

/** Agent-drafted local nodes must carry a content_draft section (spec §4.1.4). */
export function hasContentDraft(body: string): boolean {
  return /^##\s+content_draft\b/m.test(body);
}
