// Each tool's outputSchema: what its structuredContent holds (results.ts makes it; the SDK checks
// every non-error result against it before it leaves the server, and the client checks it again).
// Shapes are open: a document may carry more than its schema names (the CLI's fields pass through
// the generic pager), never less.
import { z } from "zod";

const Paging = {
  total: z.number().int().optional().describe("how many items in all"),
  shown: z.string().optional().describe('which of them this page holds, e.g. "1-12 of 40"'),
  next: z.object({ cursor: z.number().int(), hint: z.string() }).optional().describe("present when there is more: call again with this cursor"),
  compiled: z.object({ reason: z.string(), graph_version: z.string().optional(), node_count: z.number().optional(), error: z.string().optional() }).optional().describe("graph.json was compiled (or kept) before answering, and why"),
};

const SHAPES: Record<string, z.ZodRawShape> = {
  query: {
    role: z.string(),
    seed_tags: z.array(z.string()),
    graph_version: z.string(),
    selected: z.array(z.string()).describe("every selected node id, in rank order"),
    counts: z.object({ nodes: z.number(), pitfalls: z.number(), sessions: z.number(), excluded: z.number() }),
    notes: z.array(z.string()).optional(),
    items: z.array(z.object({ kind: z.enum(["node", "pitfall", "session", "excluded"]) }).loose()).describe("nodes (id, title, rank, confidence, status, why), then pitfalls (on, session, weight, warning), sessions, and with explain the excluded"),
    ...Paging,
  },
  loadout: {
    path: z.string().describe("the loadout file, repository-relative"),
    task_id: z.string(),
    phase: z.number().nullable(),
    node_ids: z.array(z.string()).describe("every node the loadout selects"),
    pitfall_count: z.number(),
    markdown: z.string().describe("the loadout's Markdown (this page of it, in whole lines)"),
    ...Paging,
  },
  status: {
    graph_version: z.string(),
    node_count: z.number(),
    counts: z.record(z.string(), z.number()),
    items: z.array(z.object({ section: z.string(), item: z.string() })),
    waiting_sessions: z
      .object({ count: z.number(), files: z.array(z.string()), apply: z.string() })
      .optional()
      .describe("session documents recorded (a record_memory's too) and not applied yet: the update after the phase applies them"),
    ...Paging,
  },
  search: {
    query: z.string(),
    engine: z.enum(["hybrid", "qmd", "lexical", "embedding"]).describe("hybrid: BM25 and the offline embedding model fused by rank"),
    semantic: z.union([z.object({ engine: z.string(), covered: z.number(), files: z.number(), embedded: z.number() }), z.object({ off: z.string() })]).optional(),
    hits: z.array(z.object({ id: z.string().nullable(), file: z.string(), line: z.number(), snippet: z.string() }).loose()),
    note: z.string().optional(),
    ...Paging,
  },
  show_node: {
    node: z.record(z.string(), z.unknown()).optional().describe("the node's compiled attributes (with id)"),
    nodes: z.array(z.record(z.string(), z.unknown())).optional().describe("with ids: one show document per id"),
    ...Paging,
  },
  pitfalls: { ...Paging },
  derive_tags: { ...Paging },
  validate: { ...Paging },
  record_memory: {
    ok: z.literal(true),
    task_id: z.string(),
    session: z.string(),
    file: z.string(),
    written: z.boolean(),
    new_knowledge: z.array(z.record(z.string(), z.unknown())).describe("per new_knowledge entry: what the update will do, with likely_duplicate"),
    known_pitfalls: z.array(z.object({ node: z.string(), known_since: z.array(z.string()), loaded: z.boolean().nullable(), says: z.string() }).loose()).optional().describe("reported pitfalls the graph knew already, and whether this task was shown them"),
    dry_run: z.boolean().optional(),
    replaced: z.boolean().optional(),
    ...Paging,
    next: z.union([z.string(), z.object({ cursor: z.number().int(), hint: z.string() })]).optional().describe("what happens next (the update that applies it)"),
  },
  current_task: {
    task_id: z.string().nullable(),
    source: z.string().nullable(),
    loadout: z.string().nullable(),
    candidates: z.array(z.object({ task_id: z.string() }).loose()),
    note: z.string(),
    ...Paging,
  },
  changes_since: {
    since: z.string(),
    since_from: z.string(),
    counts: z.object({ pitfalls: z.number(), confidence: z.number(), decisions: z.number(), drafted: z.number() }),
    items: z.array(z.object({ kind: z.enum(["pitfall", "confidence", "decision", "drafted"]) }).loose()),
    ...Paging,
  },
};

/** The schemas, open objects (a document may carry more fields than its schema names). */
export const OUTPUTS: Record<string, z.ZodType> = Object.fromEntries(Object.entries(SHAPES).map(([k, shape]) => [k, z.looseObject(shape)]));
