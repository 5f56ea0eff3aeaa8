// The MCP server's tools: one table, each tool a thin adapter onto the CLI command of the same job,
// so a tool's structuredContent is exactly that command's `--json` document for the same inputs.
// Paths an agent passes (task records, artifacts) must resolve inside the bound repository.
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { z } from "zod";
import { AkmsError, NotFoundError, UsageError } from "../../core/errors.js";
import { loadContext } from "../../core/context.js";
import { repoPaths, resolveInside, staysInside } from "../../core/paths.js";
import { taskRecordOf } from "../../core/query/task.js";
import { memoryFromObject, recordMemory } from "../../core/agent/record.js";
import { currentTask } from "../../core/agent/current-task.js";
import { changesSince } from "../../core/agent/changes.js";
import { parseKind, validateText } from "../../core/validate.js";
import { TASK_ID_PATTERN } from "../../core/schemas/vocabulary.js";
import type { CommandResult } from "../output.js";
import type { CommandSpec, Flags } from "../commands/types.js";
import { loadCommand } from "../commands/index.js";
import { validationResult } from "../commands/validate.js";
import { itemLine } from "../commands/status.js";
import { shapeLoadout, shapeQuery, shapeShow, shapeStatus, type AgentDoc, type ShapeArgs } from "./results.js";

export interface Binding {
  repo: string;
  vault?: string;
}

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint: boolean;
}

export interface ToolDef {
  name: string;
  title: string;
  description: string;
  input: z.ZodRawShape;
  annotations: ToolAnnotations;
  run(args: Record<string, unknown>, b: Binding): Promise<CommandResult>;
  /** The command's check of its own input (a task record), run before the graph is prepared: a refused input writes nothing. */
  check?(args: Record<string, unknown>, b: Binding): Promise<void>;
  /** The model's document from the command's result (results.ts); default: shapeGeneric. */
  shape?(r: CommandResult, s: ShapeArgs): AgentDoc;
}

/** Largest text argument a tool reads (an AgentMemory or artifact is a few kilobytes). */
export const MAX_TEXT_BYTES = 8 * 1024 * 1024;

const READ: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };

async function viaCommand(name: string, args: string[], flags: Record<string, unknown>, b: Binding): Promise<CommandResult> {
  const cmd = (await loadCommand(name)) as CommandSpec;
  return cmd.run(args, asFlags(flags, b));
}

/** The command's own input check (CommandSpec.checkInput), with the flags the tool runs it with. */
async function checkVia(name: string, flags: Record<string, unknown>, b: Binding): Promise<void> {
  const cmd = (await loadCommand(name)) as CommandSpec;
  cmd.checkInput?.(asFlags(flags, b));
}

function asFlags(flags: Record<string, unknown>, b: Binding): Flags {
  return { ...flags, repo: b.repo, vault: b.vault, json: true, color: false };
}

function inRepo(b: Binding, p: string, field: string): string {
  const rel = isAbsolute(p) ? relative(b.repo, p) : p;
  const abs = resolveInside(b.repo, rel);
  if (!abs) {
    throw new AkmsError("OUTSIDE_REPO", `${field} "${p.slice(0, 200)}" is not inside the repository ${b.repo}`, {
      field,
      hint: "pass a path inside the repository (relative to its root), e.g. knowledge/tasks/<task_id>.json",
    });
  }
  return abs;
}

/** A task given as its id (knowledge/tasks/<id>.json) or as a path inside the repository. */
function taskFile(b: Binding, task: string): string {
  const f = taskRecordOf(repoPaths(b.repo), task);
  if (f !== null) {
    if (!staysInside(b.repo, f)) throw new AkmsError("OUTSIDE_REPO", `the record of task "${task}" is a symbolic link out of the repository`, { field: "task", hint: "give a task whose record is a file inside the repository" });
    return f;
  }
  if (TASK_ID_PATTERN.test(task) && !task.endsWith(".json")) {
    // An id with no record (a task no orchestrator planned) is not a path either: say what to give instead.
    if (!existsSync(join(b.repo, task))) {
      throw new NotFoundError(`task "${task}" has no task record (knowledge/tasks/${task}.json does not exist)`, {
        field: "task",
        hint: "give the task's tags instead (`tags`), and name the loadout it writes in your AgentMemory's loadout_used",
      });
    }
  }
  return inRepo(b, task, "task");
}

/** A planning tool's --task or --tags, as the command takes them. */
function planningFlags(a: Record<string, unknown>, b: Binding): { tags: string | undefined; task: string | undefined } {
  return { tags: tagsFlag(a.tags), task: a.task === undefined ? undefined : taskFile(b, String(a.task)) };
}

function tagsFlag(tags: unknown): string | undefined {
  if (tags === undefined) return undefined;
  return Array.isArray(tags) ? tags.join(",") : String(tags);
}

function checkSize(text: string, field: string): void {
  const n = Buffer.byteLength(text, "utf8");
  if (n > MAX_TEXT_BYTES) {
    throw new AkmsError("TOO_LARGE", `${field} is too large (${n} bytes, limit ${MAX_TEXT_BYTES})`, { field, hint: "send a few kilobytes: summarise, and cite long material by path" });
  }
}

const Tags = z.union([z.array(z.string().max(200)).max(200), z.string().max(4000)]).describe("tags, as a list or comma-separated");
const Role = z.string().max(64).describe("agent role (query_roles in propagation_config.yaml); default implementer, or the task's agent_role");
const Task = z.string().max(4096).describe("a task id (knowledge/tasks/<id>.json) or a task record path inside the repository");
// Every tool takes it: every result is held to the budget, and any long one comes in pages.
const Cursor = z.number().int().min(0).max(10_000_000).describe("where to continue a result that was cut into pages: the `next.cursor` of the previous call");

export const TOOLS: ToolDef[] = [
  {
    name: "query",
    title: "Query the knowledge graph",
    description:
      "The role's ranked subgraph for a task. Returns `selected` (every selected node id, in rank order) and `items`: each node (id, title, rank, confidence, status, one line of why), then the pitfall warnings and sessions that reach them; with explain, also the excluded nodes and why. Long results come in pages: call again with `cursor` = `next.cursor`. Give tags, or a task (its akms_tags, else derived tags).",
    input: { tags: Tags.optional(), task: Task.optional(), role: Role.optional(), explain: z.boolean().optional(), cursor: Cursor.optional() },
    annotations: { ...READ, idempotentHint: true },
    run: (a, b) => viaCommand("query", [], { ...planningFlags(a, b), role: a.role, explain: a.explain }, b),
    check: (a, b) => checkVia("query", planningFlags(a, b), b),
    shape: (r, s) => shapeQuery(r.json as Record<string, unknown>, s),
  },
  {
    name: "loadout",
    title: "Write a task's loadout",
    description:
      "Writes the task's loadout (knowledge/loadouts/phase<N>-<task_id>-loadout.md) as `akms loadout` does and returns its Markdown itself (`markdown`: the nodes to read with paths, Known Pitfalls, session history, reading order), its `path` and `node_ids`. A long loadout comes in pages of whole lines: call again with the same task and `cursor` = `next.cursor` (or read the file at `path`). no_qmd: the degraded mode (no qmd passages).",
    input: {
      task: Task.optional(),
      tags: Tags.optional(),
      role: Role.optional(),
      phase: z.number().int().min(0).optional(),
      mode: z.enum(["auto", "routing", "full"]).optional(),
      no_qmd: z.boolean().optional(),
      context_limit: z.number().int().min(1).optional(),
      cursor: Cursor.optional(),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    check: (a, b) => checkVia("loadout", planningFlags(a, b), b),
    run: async (a, b) => {
      const r = await viaCommand("loadout", [], { ...planningFlags(a, b), role: a.role, phase: a.phase, mode: a.mode, qmd: a.no_qmd ? false : undefined, contextLimit: a.context_limit }, b);
      const j = r.json as { file?: string; shown?: string };
      const file = j.file ?? (j.shown ? resolve(b.repo, j.shown) : null);
      const markdown = file && existsSync(file) ? readFileSync(file, "utf8") : "";
      return { ...r, json: { ...(r.json as object), markdown } };
    },
    shape: (r, s) => {
      const { markdown, ...j } = r.json as Record<string, unknown> & { markdown: string };
      return shapeLoadout(j, markdown, s);
    },
  },
  {
    name: "derive_tags",
    title: "Derive a task's tags",
    description: "Derives tags for a task record from its scope files and text (spec §4.5), each with its source. Writes nothing unless write is true (then akms_tags is filled in the record).",
    input: { task: Task, write: z.boolean().optional(), force: z.boolean().optional(), cursor: Cursor.optional() },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    check: (a, b) => checkVia("derive-tags", { task: taskFile(b, String(a.task)) }, b),
    run: (a, b) => viaCommand("derive-tags", [], { task: taskFile(b, String(a.task)), write: a.write, force: a.force }, b),
  },
  {
    name: "pitfalls",
    title: "Pitfalls of nodes",
    description: "The pitfall warnings the graph holds: for node ids, every pitfall report on them (weight, severity, note, reporting session) and their ## Pitfalls sections; for tags, the same for the nodes the role's query selects.",
    input: { nodes: z.array(z.string().max(200)).max(500).optional(), tags: Tags.optional(), role: Role.optional(), cursor: Cursor.optional() },
    annotations: { ...READ, idempotentHint: true },
    run: (a, b) => viaCommand("pitfalls", [], { nodes: Array.isArray(a.nodes) ? a.nodes.join(",") : undefined, tags: tagsFlag(a.tags), role: a.role }, b),
  },
  {
    name: "show_node",
    title: "Show nodes",
    description: "Knowledge nodes whole: frontmatter, body, compiled attributes, their overlay state in this repository, edges in and out, provenance (who wrote it, from which session). Give `id`, or `ids` for several at once (returned as `nodes`, paged by `cursor` when long).",
    input: { id: z.string().max(200).optional().describe("node id, as query and search name it"), ids: z.array(z.string().max(200)).min(1).max(50).optional().describe("several node ids"), cursor: Cursor.optional() },
    annotations: { ...READ, idempotentHint: true },
    run: async (a, b) => {
      if ((a.id === undefined) === (a.ids === undefined)) throw new UsageError("show_node: give id, or ids (not both)");
      if (a.id !== undefined) return viaCommand("show", [String(a.id)], {}, b);
      const ids = [...new Set((a.ids as string[]).map(String))];
      const nodes: unknown[] = [];
      for (const id of ids) {
        const r = await viaCommand("show", [id], {}, b);
        nodes.push(r.json);
      }
      return { json: { ok: true, nodes }, text: "" };
    },
    shape: (r, s) => shapeShow(r.json as Record<string, unknown>, r.text, s),
  },
  {
    name: "current_task",
    title: "Which task is mine",
    description: "Names your task: from AKMS_TASK_ID, else the git branch (a task id in its name), else the only task record in progress — and says so when it cannot tell, listing the open tasks. Returns task_id, how it was decided (`source`), the task's title/status/phase and its newest loadout's path.",
    input: { cursor: Cursor.optional() },
    annotations: { ...READ, idempotentHint: true },
    run: async (_a, b) => {
      const r = currentTask(loadContext({ repo: b.repo, vault: b.vault }));
      return { json: { ok: true, ...r }, text: r.note };
    },
  },
  {
    name: "changes_since",
    title: "What changed in the knowledge",
    description: "What changed since a date (`since`, YYYY-MM-DD; default: the newest phase handoff): pitfalls reported (node, note, session, date), confidence changes (node, from → to, cause; `from` is null for the first change the overlay's history keeps: the node started at its file's value, `confidence_default` in show_node), review decisions (promotions, drafts, dedup decisions, undos) and what updates did with agents' drafts. Long lists page with `cursor`.",
    input: { since: z.string().max(40).optional().describe("a date, YYYY-MM-DD (or an ISO date-time)"), cursor: Cursor.optional() },
    annotations: { ...READ, idempotentHint: true },
    run: async (a, b) => {
      const r = changesSince(loadContext({ repo: b.repo, vault: b.vault }), a.since === undefined ? undefined : String(a.since));
      const items = [
        ...r.pitfalls.map((x) => ({ kind: "pitfall", ...x })),
        ...r.confidence.map((x) => ({ kind: "confidence", ...x })),
        ...r.decisions.map((x) => ({ kind: "decision", ...x })),
        ...r.drafted.map((x) => ({ kind: "drafted", ...x })),
      ];
      return { json: { ok: true, since: r.since, since_from: r.since_from, counts: { pitfalls: r.pitfalls.length, confidence: r.confidence.length, decisions: r.decisions.length, drafted: r.drafted.length }, items }, text: "" };
    },
  },
  {
    name: "search",
    title: "Search knowledge text",
    description: "Search over node files, session documents or the code mirror: BM25 and, when the offline embedding model is installed, semantic similarity, fused by rank (`engine` says which arms ran; `semantic` how many files the embeddings covered). Finds a node from a paraphrase of its idea. Hits are named by node id with a snippet.",
    input: { query: z.string().max(1000), in: z.enum(["nodes", "sessions", "mirror"]).optional(), limit: z.number().int().min(1).max(1000).optional(), cursor: Cursor.optional() },
    annotations: { ...READ, idempotentHint: true },
    run: (a, b) => viaCommand("search", [String(a.query)], { in: a.in, limit: a.limit }, b),
  },
  {
    name: "status",
    title: "Knowledge health",
    description: "The health report: `counts` of degraded, flagged and tentative nodes, dedup events, pitfalls, docstring drift, collisions, orphans, stale nodes, blocked tasks and compile warnings, and `items` (section and one line each), in pages: call again with `cursor` = `next.cursor` for more.",
    input: { cursor: Cursor.optional() },
    annotations: { ...READ, idempotentHint: true },
    run: (_a, b) => viaCommand("status", [], {}, b),
    shape: (r, s) => shapeStatus(r.json as Record<string, unknown>, itemLine, s),
  },
  {
    name: "validate",
    title: "Validate an AKMS artifact",
    description:
      "Checks an artifact (node, mirror node, overlay, AgentMemory, PCD, task record, loadout, config) against the v2 schemas. Give path (inside the repository) or text; with text, as_path (where it would live, e.g. knowledge/sessions/task-7.md) or kind says what it is.",
    input: { path: z.string().max(4096).optional(), text: z.string().optional(), as_path: z.string().max(4096).optional(), kind: z.string().max(40).optional(), cursor: Cursor.optional() },
    annotations: { ...READ, idempotentHint: true },
    run: async (a, b) => {
      if ((a.path === undefined) === (a.text === undefined)) throw new UsageError("give exactly one of path or text");
      const kind = typeof a.kind === "string" ? parseKind(a.kind) : undefined;
      if (a.path !== undefined) {
        return viaCommand("validate", [relative(b.repo, inRepo(b, String(a.path), "path"))], { kind }, b);
      }
      const text = String(a.text);
      checkSize(text, "text");
      const where = a.as_path === undefined ? join(b.repo, "artifact") : inRepo(b, String(a.as_path), "as_path");
      return validationResult([validateText(text, where, a.as_path === undefined ? "(text)" : relative(b.repo, where), { kind })]);
    },
  },
  {
    name: "record_memory",
    title: "Record the task's AgentMemory",
    description:
      "Hands in your AgentMemory (what the task used and whether it helped, what was missing, pitfalls, new knowledge): `memory` is the whole document as text (YAML frontmatter between --- lines) or as an object of its fields (`notes`: free text for the reviewer). It is checked as `akms update` checks it — every problem at once, each with its field and line, unknown keys with a \"did you mean\" — and written atomically to knowledge/sessions/<task_id>.md; the graph learns from it after the phase. `dry_run: true` checks it and names the likely duplicate of each new_knowledge entry without recording. Until `akms update` has applied it, sending a corrected document for the same task replaces it. The server's instructions show the smallest valid form.",
    input: {
      memory: z.union([z.string().describe("the AgentMemory document's text"), z.record(z.string(), z.unknown()).describe("the AgentMemory's fields as an object (task_id, task_description, phase_id, timestamp, agent_model, loadout_used, status, tests_passed, tests_total, nodes_used, nodes_missing, pitfalls_discovered, new_knowledge, lessons, akms_schema: v2; notes: free text)")]),
      dry_run: z.boolean().optional().describe("check only: list every problem and the likely duplicates, record nothing"),
      cursor: Cursor.optional(),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    run: async (a, b) => {
      const text = typeof a.memory === "string" ? a.memory : a.memory && typeof a.memory === "object" && !Array.isArray(a.memory) ? memoryFromObject(a.memory as Record<string, unknown>) : "";
      if (!text) throw new UsageError("memory: give the AgentMemory as text or as an object of its fields");
      checkSize(text, "memory");
      const ctx = loadContext({ repo: b.repo, vault: b.vault });
      const r = recordMemory(ctx, text, { dryRun: a.dry_run === true });
      const dup = r.new_knowledge.filter((k) => k.likely_duplicate);
      const said = r.dry_run ? `checked: valid; it would be recorded as ${r.file} (task ${r.task_id}).` : r.replaced ? `replaced ${r.file} (task ${r.task_id}): not yet applied, so the new document takes its place.` : `${r.written ? "recorded" : "already recorded, unchanged:"} ${r.file} (task ${r.task_id}); the update after the phase applies it.`;
      return {
        json: r,
        text: said + (dup.length ? `\nlikely duplicates: ${dup.map((k) => `${k.suggested_id} ≈ ${k.likely_duplicate!.id} (score ${k.likely_duplicate!.score})`).join("; ")}` : ""),
      };
    },
  },
];
