import type { z } from "zod";
import { lazy, zod } from "../zod.js";
import { EDGE_TYPES, ID_PATTERN, ISO_DATE, ISO_DATE_TIME, SESSION_ID_PATTERN, SOURCES, STATUSES, TASK_ID_PATTERN } from "./vocabulary.js";

export { EDGE_TYPES, ID_PATTERN, SESSION_ID_PATTERN, SOURCES, STATUSES, TASK_ID_PATTERN };
export const Id = lazy(() =>
  zod
    .string({ error: "must be a string id" })
    .regex(ID_PATTERN, { error: "must match ^[a-z0-9][a-z0-9._-]{0,127}$ (lower-case letters, digits, . _ -; no slashes)" })
    .refine((s) => !s.includes(".."), { error: "must not contain '..'" })
);

/** A node id, or a session node id as the Python implementation writes it (vocabulary.ts SESSION_ID_PATTERN). */
export const NodeOrSessionId = lazy(() =>
  zod
    .string({ error: "must be a string id" })
    .refine((s) => ID_PATTERN.test(s) || SESSION_ID_PATTERN.test(s), { error: "must match ^[a-z0-9][a-z0-9._-]{0,127}$ (lower-case letters, digits, . _ -; no slashes), or be a session id session-<task id>" })
    .refine((s) => !s.includes(".."), { error: "must not contain '..'" })
);

export const TaskId = lazy(() =>
  zod
    .string({ error: "must be a string task id" })
    .regex(TASK_ID_PATTERN, { error: "must match ^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$ (letters, digits, . _ -; no slashes, no leading dot)" })
    .refine((s) => !s.includes(".."), { error: "must not contain '..'" })
);

export const Unit = lazy(() =>
  zod
    .number({ error: "must be a number between 0.0 and 1.0" })
    .min(0, { error: "must be between 0.0 and 1.0" })
    .max(1, { error: "must be between 0.0 and 1.0" })
);

/** Text that says something: not empty, and not only spaces (blank text is as empty to a reader). */
export const NonEmpty = lazy(() => zod.string({ error: "must be a string" }).min(1, { error: "must not be empty" }).regex(/\S/, { error: "must not be blank (only spaces)" }));

/** YAML dates stay strings (CORE schema); accept numbers-free ISO-looking text. */
export const IsoDate = lazy(() =>
  zod
    .string({ error: "must be an ISO date string like 2026-03-04" })
    .regex(ISO_DATE, { error: "must be an ISO date like 2026-03-04" })
);
export const IsoDateTime = lazy(() =>
  zod
    .string({ error: "must be an ISO 8601 timestamp like 2026-03-04T10:32:00" })
    .regex(ISO_DATE_TIME, {
      error: "must be an ISO 8601 timestamp like 2026-03-04T10:32:00",
    })
);

export const EdgeType = lazy(() => zod.enum(EDGE_TYPES, { error: `must be one of ${EDGE_TYPES.join(" | ")}` }));
export type EdgeType = z.infer<typeof EdgeType>;

export const Status = lazy(() => zod.enum(STATUSES, { error: `must be one of ${STATUSES.join(" | ")}` }));
export type Status = z.infer<typeof Status>;

export const Source = lazy(() => zod.enum(SOURCES, { error: `must be one of ${SOURCES.join(" | ")}` }));

export const OUTCOMES = ["complete", "partial", "failed", "deferred"] as const;
export const Outcome = lazy(() => zod.enum(OUTCOMES, { error: `must be one of ${OUTCOMES.join(" | ")}` }));

export const SEVERITIES = ["high", "medium", "low"] as const;
export const Severity = lazy(() => zod.enum(SEVERITIES, { error: `must be one of ${SEVERITIES.join(" | ")}` }));

export const Int = lazy(() => zod.number({ error: "must be an integer" }).int({ error: "must be an integer" }));
export const NonNegInt = lazy(() => Int.min(0, { error: "must be 0 or more" }));

export const SchemaTag = lazy(() => zod.literal("v2", { error: 'must be "v2"' }));
