// The plain vocabulary of the node schemas: patterns and value lists, with no zod, so that code
// which must stay small (the compiler's fast node check, loaded by the parse worker) shares them
// with the zod schemas instead of copying them.

/** DESIGN §5: any id that can end up in a file name — the characters, for a pattern that finds ids in text. */
export const ID_BODY = "[a-z0-9][a-z0-9._-]{0,127}";
export const ID_PATTERN = new RegExp(`^${ID_BODY}$`);
/**
 * A task id (spec examples: TASK-101, TASK-302): upper case allowed, no path separators, no leading
 * dot. Its session node is `session-<task id in lower case>`, so two task ids that differ only by
 * case collide there, as they would on a case-insensitive file system, and are refused.
 */
export const TASK_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
/**
 * A session node id in an overlay: akms's own (`session-<task id in lower case>`, an ordinary id)
 * or the spec's Python implementation's, which keeps the task id as written (`session-TCR-101`)
 * and names a phase's `session-phase-1`. Both are read; akms writes the first.
 */
export const SESSION_ID_PATTERN = /^session-[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
/** YAML dates stay strings (CORE schema). */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export const EDGE_TYPES = ["requires", "feeds-into", "refines", "contradicts", "pitfall", "implements"] as const;
export const STATUSES = ["draft", "tentative", "established", "deprecated"] as const;
export const SOURCES = ["human", "agent", "hybrid", "generated"] as const;

/** A pitfall's edge weight by its severity (DESIGN §4 Update), and back. */
export const PITFALL_WEIGHT: Record<string, number> = { high: 0.8, medium: 0.5, low: 0.3 };
export function severityOfWeight(w: number): "high" | "medium" | "low" {
  return w >= 0.8 ? "high" : w >= 0.5 ? "medium" : "low";
}

/** Fields a global node may not carry (they live in local_state.yaml). */
export const EXPERIENTIAL_FIELDS = ["activations", "last_activated", "activated_by_tasks", "session_refs", "auto_update"] as const;
