// Loadout generation (spec §4.6, §5.4; DESIGN §4): the query's nodes, mode selection, summaries or
// inline content with qmd passages (or the degraded mode of spec §3.6), pitfalls, session history
// and reading order — one file per task, rewritten only when its content changes.
import { join, resolve } from "node:path";
import type { Config } from "./config.js";
import type { Context } from "./context.js";
import { LockHeldError, UsageError } from "./errors.js";
import { readTextIfExists, sha256, writeFileAtomic } from "./fsx.js";
import type { GNode } from "./graph.js";
import { agentLockWaitMs, withLock, withLockWait } from "./lock.js";
import { nowIso } from "./clock.js";
import { confineToKnowledge, displayPath, resolveInside } from "./paths.js";
import { DEFAULT_ROLE, normalizeTags, queryGraph, resolveTaskRole, type QueryGraph, type QueryResult } from "./query.js";
import { taskTags, type TagDerivation } from "./tags.js";
import type { LoadedTask } from "./query/task.js";
import { NodeFiles } from "./node-files.js";
import { estimateTokens, readNodeContent, truncateToTokens, type NodeContent, type Roots, type ShownFile } from "./loadout/content.js";
import { pitfallSection } from "./markdown.js";
import { effectiveRead, selectMode, sizeTokens, type ModeRequest, type ModeSelection } from "./loadout/mode.js";
import { readingOrder } from "./loadout/reading-order.js";
import { renderBody, renderHeader, type LoadoutEntry, type LoadoutHeaderData } from "./loadout/render.js";
import { markQmdFailed, prefetchPassages, qmdUse, retrievePassages, stillUsable, withSemanticPassages, type QmdUse, type Retrieval, type RetrievalInput, type SearchBatch } from "./loadout/retrieve.js";
import type { QmdIndexing } from "./qmd.js";

export interface LoadoutRequest {
  /** The task record (--task); its akms_tags, or derived tags when empty. */
  task?: LoadedTask | null;
  /** Seed tags (--tags) when there is no task. */
  tags?: string[];
  role?: string;
  phase?: number | null;
  mode?: ModeRequest;
  noQmd?: boolean;
  contextLimit?: number;
  /** Output file (absolute); default knowledge/loadouts/phase<N>-<task_id>-loadout.md. */
  out?: string;
  env?: NodeJS.ProcessEnv;
  /** A qmd status already probed (several loadouts in one run probe once). */
  qmd?: QmdUse;
  /** Told before qmd indexes the knowledge for this loadout (its index is new, or files changed): a caller can say so while it waits. */
  onQmdIndex?: (kind: QmdIndexing) => void;
  /** The embedding arm's passages for the selected files (prepareSemantic), added to qmd's. */
  semantic?: { engine: string; passages: { file: string; line: number; text: string }[] };
}

export interface LoadoutPlan {
  taskId: string;
  phase: number | null;
  role: string;
  tags: string[];
  tagsFrom: "akms_tags" | "derived" | "flag";
  derivation: TagDerivation | null;
  query: QueryResult;
  mode: ModeSelection;
  qmd: QmdUse;
  retrieval: Retrieval | null;
  entries: LoadoutEntry[];
  warnings: string[];
  /** Output path (absolute) and as shown. */
  file: string;
  shown: string;
  header: LoadoutHeaderData;
  body: string;
}

export interface LoadoutResult {
  file: string;
  shown: string;
  written: boolean;
  task_id: string;
  phase: number | null;
  role: string;
  seed_tags: string[];
  tags_from: LoadoutPlan["tagsFrom"];
  graph_version: string;
  loadout_mode: string;
  mode_reason: string;
  available_context: number;
  qmd_available: boolean;
  qmd_reason: string;
  qmd_cached: boolean | null;
  /** qmd indexed the knowledge for this loadout: "built" (its first index here) or "refreshed" (files changed); null: its index was up to date. */
  qmd_index: QmdIndexing | null;
  node_ids: string[];
  node_count: number;
  pitfall_count: number;
  warnings: string[];
}

function rootsOf(ctx: Context): Roots {
  return { repo: ctx.repo, knowledge: ctx.paths.knowledge, localNodes: ctx.paths.localNodes, vault: ctx.vault.path, vaultDisplay: ctx.vault.display };
}

/** Default file: knowledge/loadouts/phase<N>-<task_id>-loadout.md; another role than the task's own gets -<role>. */
export function loadoutPath(ctx: Context, taskId: string, phase: number | null, role: string, ownRole: string): string {
  const rolePart = role === ownRole ? "" : `-${role}`;
  const name = `${phase !== null ? `phase${phase}-` : ""}${taskId}${rolePart}-loadout.md`;
  return join(ctx.paths.loadouts, name);
}

/** A stable id for a loadout made from tags alone. */
export function adhocTaskId(tags: string[]): string {
  const key = tags.map((t) => t.toLowerCase()).sort().join("\n");
  return `tags-${sha256(key).slice(0, 10)}`;
}

/** A loadout planned up to its qmd retrieval (which needs only the tags and the selected files). */
interface LoadoutDraft {
  task: LoadedTask | null;
  role: string;
  ownRole: string;
  tags: string[];
  tagsFrom: LoadoutPlan["tagsFrom"];
  derivation: TagDerivation | null;
  taskId: string;
  phase: number | null;
  query: QueryResult;
  roots: Roots;
  warnings: string[];
  contents: Map<string, NodeContent>;
  mode: ModeSelection;
  entries: LoadoutEntry[];
}

function draftLoadout(ctx: Context, graph: QueryGraph, req: LoadoutRequest): LoadoutDraft {
  const cfg = ctx.cfg.config;
  const task = req.task ?? null;
  if (!task && req.tags === undefined) throw new UsageError("give --task FILE or --tags a,b");
  const role = resolveTaskRole(ctx.cfg, req.role, task);
  const ownRole = resolveOwnRole(ctx, task);
  let tags: string[];
  let tagsFrom: LoadoutPlan["tagsFrom"];
  let derivation: TagDerivation | null = null;
  if (task) ({ tags, from: tagsFrom, derivation } = taskTags(ctx, graph, task));
  else {
    tags = normalizeTags(req.tags ?? []);
    tagsFrom = "flag";
  }
  const taskId = task ? task.record.task_id : adhocTaskId(tags);
  const phase = req.phase ?? task?.record.phase ?? null;
  const query = queryGraph(graph, ctx.cfg, { tags, role });
  const roots = rootsOf(ctx);
  const files = new NodeFiles(ctx);
  const warnings: string[] = derivation ? [...derivation.warnings] : [];

  // Content of every node (also in degraded mode: the Read column needs to know about ## Summary).
  const contents = new Map<string, NodeContent>();
  for (const n of query.nodes) {
    const c = readNodeContent(roots, files, graph.nodes.get(n.id)!);
    contents.set(n.id, c);
    warnings.push(...c.warnings);
  }
  const nodeOf = (id: string) => graph.nodes.get(id)! as GNode;
  let fullCost = 0;
  for (const n of query.nodes) {
    const g = nodeOf(n.id);
    if (!n.below_threshold && effectiveRead("full", g.reading_priority, contents.get(n.id)!.summary !== null).read === "full") fullCost += sizeTokens(cfg, g.context_size);
  }
  const taskTokens = task ? estimateTokens(task.text) : 0;
  const mode = selectMode(cfg, {
    requested: req.mode ?? "auto",
    contextLimit: req.contextLimit ?? cfg.loadout.mode_selection.model_context_limit,
    taskTokens,
    fullCost,
  });
  const entries: LoadoutEntry[] = query.nodes.map((n) => {
    const g = nodeOf(n.id);
    const c = contents.get(n.id)!;
    // Below the confidence threshold, a node is in for its pitfall warnings only (spec §5.3 step 9):
    // evidence has degraded it, so its content is not loaded.
    const { read, note } = n.below_threshold
      ? { read: "pitfalls-only" as const, note: "below min_confidence_threshold: in for its pitfall warnings only; its content is not loaded" }
      : effectiveRead(mode.mode, g.reading_priority, c.summary !== null);
    const path = (c.contentFile ?? c.nodeFile)?.shown ?? null;
    const pitfallItems = read === "pitfalls-only" ? pitfallSection(c.text) : [];
    return { id: n.id, title: n.title, origin: n.node_origin, status: n.status, confidence: n.confidence, position: n.position, read, readNote: note, path, why: n.why, block: null, trimmed: false, passages: [], pitfallItems, below: n.below_threshold === true, ...(n.co_loaded_with ? { coLoadedWith: n.co_loaded_with } : {}) };
  });
  return { task, role, ownRole, tags, tagsFrom, derivation, taskId, phase, query, roots, warnings, contents, mode, entries };
}

/** The loadout's qmd status: disabled, the one the request carries, or probed. */
function qmdFor(ctx: Context, req: LoadoutRequest): QmdUse {
  return req.noQmd ? qmdUse(true) : req.qmd ? stillUsable(req.qmd) : qmdUse(false, req.env, { dir: ctx.paths.qmdCacheDir, lock: ctx.paths.lock });
}

/** Where a repository's loadouts keep qmd's own state (its index). */
export function qmdStateDir(ctx: Context): string {
  return join(ctx.paths.qmdCacheDir, "index");
}

/** What the qmd retrieval of a draft searches: its tags over its selected nodes' files. */
function retrievalInput(ctx: Context, graph: QueryGraph, d: LoadoutDraft, qmd: QmdUse, onQmdIndex?: (kind: QmdIndexing) => void): RetrievalInput {
  const files: ShownFile[] = [];
  for (const e of d.entries) {
    if (e.read === "pitfalls-only") continue;
    const c = d.contents.get(e.id)!;
    for (const f of [c.nodeFile, c.contentFile]) if (f) files.push(f);
  }
  return { qmd, stateDir: qmdStateDir(ctx), cacheDir: ctx.paths.qmdCacheDir, graphVersion: graph.version, tags: d.tags, files, roots: d.roots, onIndex: onQmdIndex };
}

/**
 * The embedding arm's passages for the loadout `req` would make (the files its query selects),
 * ranked by similarity to the task's text (its title and description, else its tags): async, so
 * it is prepared before the loadout is written under the lock. Null when the arm is off or not
 * installed (the loadout is then qmd's alone), or in the degraded mode.
 */
export async function prepareSemantic(ctx: Context, graph: QueryGraph, req: LoadoutRequest): Promise<LoadoutRequest["semantic"] | null> {
  if (req.noQmd) return null;
  const { configuredEngine, passagesWithin } = await import("./embed/semantic.js");
  const load = await configuredEngine(ctx);
  if ("missing" in load) return null; // no model: the loadout is qmd's alone, and nothing is drafted twice
  const d = draftLoadout(ctx, graph, req);
  const files = retrievalInput(ctx, graph, d, { available: true, reason: "", bin: null, version: null }).files;
  if (!files.length) return null;
  const rec = d.task?.record;
  const text = [rec?.title, rec?.description].filter((x): x is string => typeof x === "string" && x.trim() !== "").join("\n") || d.tags.join(" ");
  return passagesWithin(ctx, load.engine, files.map((f) => ({ file: f.file, shown: f.shown })), text);
}

/** Computes the loadout (reads node files, may run qmd and fill its cache); writes no loadout. */
export function planLoadout(ctx: Context, graph: QueryGraph, req: LoadoutRequest): LoadoutPlan {
  return finishLoadout(ctx, graph, req, draftLoadout(ctx, graph, req), undefined);
}

function finishLoadout(ctx: Context, graph: QueryGraph, req: LoadoutRequest, d: LoadoutDraft, batch: SearchBatch | undefined): LoadoutPlan {
  const cfg = ctx.cfg.config;
  const { task, role, ownRole, tags, tagsFrom, derivation, taskId, phase, query, warnings, contents, mode, entries } = d;
  const nodeOf = (id: string) => graph.nodes.get(id)! as GNode;
  let qmd = qmdFor(ctx, req);

  // qmd: passages from the selected nodes' files; a failing qmd degrades like a missing one.
  let retrieval: Retrieval | null = null;
  if (qmd.available) {
    const input = retrievalInput(ctx, graph, d, qmd, req.onQmdIndex);
    try {
      // qmd's index and the hit cache live in knowledge/graph/.qmd_cache/: written under the lock
      // (re-entrant when writeLoadout already holds it).
      retrieval = withLock(ctx.paths.lock, () => retrievePassages({ ...input, batch }));
      if (req.semantic) retrieval = withSemanticPassages(retrieval, input.files, req.semantic);
    } catch (e) {
      if (e instanceof LockHeldError) qmd = { ...qmd, available: false, reason: `skipped: ${e.message}` };
      else qmd = markQmdFailed(qmd, `qmd failed: ${(e as Error).message.split("\n")[0]}`);
    }
  }
  if (qmd.available) fillBlocks(cfg, entries, contents, retrieval, (id) => nodeOf(id).context_size);

  const order = readingOrder(
    entries.filter((e) => e.read !== "pitfalls-only").map((e) => e.id),
    (id) => graph.out.get(id) ?? [],
  );
  const sessionPaths = new Map<string, string | null>();
  for (const s of query.session_details) {
    const full = s.content_ref ? resolveInside(ctx.paths.knowledge, s.content_ref) : null;
    sessionPaths.set(s.id, full ? displayPath(ctx.repo, full) : null);
  }
  const body = renderBody({
    title: task?.record.title ?? (task ? taskId : `tags ${tags.join(", ") || "(none)"}`),
    query,
    mode,
    qmd: { available: qmd.available, reason: qmd.reason },
    entries,
    order,
    sessionPaths,
    warnings,
    maxLoadoutTokens: cfg.loadout.max_loadout_tokens,
    dedupThreshold: cfg.graph.dedup_threshold,
  });
  const file = req.out ?? loadoutPath(ctx, taskId, phase, role, ownRole);
  const header: LoadoutHeaderData = {
    task_id: taskId,
    // The spec's header phase is an integer (the Python implementation refuses null): a loadout
    // from tags alone is phase 0.
    phase: phase ?? 0,
    generated_at: "",
    graph_version: graph.version,
    seed_tags: tags,
    agent_role: role,
    node_count: entries.length,
    loadout_mode: mode.mode,
    available_context: mode.available,
    qmd_available: qmd.available,
    akms_schema: "v2",
    task_file: task ? displayPath(ctx.repo, task.file) : null,
    tags_from: tagsFrom,
    mode_requested: mode.requested,
    context_limit: mode.context_limit,
    system_prompt_tokens: mode.system_prompt_tokens,
    task_tokens: mode.task_tokens,
    safety_margin: mode.safety_margin,
    low_threshold: mode.low_threshold,
    budget_fraction: mode.budget_fraction,
    full_cost: mode.full_cost,
    mode_reason: mode.reason,
    no_qmd: Boolean(req.noQmd),
    qmd_reason: qmd.reason,
    qmd_version: qmd.available ? qmd.version : null,
    qmd_queries: qmd.available && retrieval ? retrieval.queries : null,
    max_loadout_tokens: cfg.loadout.max_loadout_tokens,
    content_tokens: entries.reduce((s, e) => s + (e.block?.tokens ?? 0), 0),
  };
  return { taskId, phase, role, tags, tagsFrom, derivation, query, mode, qmd, retrieval, entries, warnings, file, shown: displayPath(ctx.repo, file), header, body };
}

function resolveOwnRole(ctx: Context, task: LoadedTask | null): string {
  const r = task?.record.agent_role;
  return r && Object.hasOwn(ctx.cfg.config.query_roles, r) ? r : DEFAULT_ROLE;
}

/** qmd passages listed per node (the first ones by file and line). */
const PASSAGES_PER_NODE = 5;

/** Summaries / inline content per node, then trimming of the lowest-ranked content to max_loadout_tokens. */
export function fillBlocks(
  cfg: Config,
  entries: LoadoutEntry[],
  contents: Map<string, NodeContent>,
  retrieval: Retrieval | null,
  contextSize: (id: string) => unknown,
): void {
  for (const e of entries) {
    const c = contents.get(e.id)!;
    const files = new Set([c.nodeFile?.shown, c.contentFile?.shown].filter(Boolean));
    e.passages = (retrieval?.passages ?? []).filter((p) => files.has(p.file)).slice(0, PASSAGES_PER_NODE);
    if (e.read === "pitfalls-only") continue;
    if (e.read === "summary") {
      const src = c.summary ?? c.text;
      if (!src) continue;
      const cap = cfg.loadout.routing_tokens_per_node;
      const t = truncateToTokens(src, cap, (k) => `[… summary cut at ${k} tokens (routing_tokens_per_node ${cap}); read ${e.path ?? "the node file"}]`);
      e.block = { kind: c.summary ? "summary" : "excerpt", text: t.text, tokens: estimateTokens(t.text), truncated: t.truncated };
      continue;
    }
    if (!c.text) continue;
    const alloc = sizeTokens(cfg, contextSize(e.id));
    const t = truncateToTokens(c.text, alloc, (k) => `[… cut at ${k} tokens: this node's allocation is ${alloc} tokens; read ${e.path ?? "the node file"} for the rest]`);
    e.block = { kind: "full", text: t.text, tokens: estimateTokens(t.text), truncated: t.truncated };
  }
  const max = cfg.loadout.max_loadout_tokens;
  let total = entries.reduce((s, e) => s + (e.block?.tokens ?? 0), 0);
  for (const kind of ["full", "summary"] as const) {
    for (let i = entries.length - 1; i >= 0 && total > max; i--) {
      const e = entries[i]!;
      const b = e.block;
      if (!b || (kind === "full" ? b.kind !== "full" : b.kind === "full")) continue;
      total -= b.tokens;
      e.block = null;
      e.trimmed = true;
    }
  }
}

const GENERATED_AT_LINE = /^generated_at: .*$/m;

/** The loadout text with generated_at blanked (what "unchanged" is judged on). */
export function blankLoadoutGeneratedAt(text: string): string {
  return text.replace(GENERATED_AT_LINE, 'generated_at: ""');
}

export function loadoutText(plan: LoadoutPlan, generatedAt: string): string {
  return renderHeader({ ...plan.header, generated_at: generatedAt }) + "\n" + plan.body;
}

export function resultOf(plan: LoadoutPlan, written: boolean): LoadoutResult {
  return {
    file: plan.file,
    shown: plan.shown,
    written,
    task_id: plan.taskId,
    phase: plan.phase,
    role: plan.role,
    seed_tags: plan.tags,
    tags_from: plan.tagsFrom,
    graph_version: plan.header.graph_version,
    loadout_mode: plan.mode.mode,
    mode_reason: plan.mode.reason,
    available_context: plan.mode.available,
    qmd_available: plan.qmd.available,
    qmd_reason: plan.qmd.reason,
    qmd_cached: plan.retrieval ? plan.retrieval.cached : null,
    qmd_index: plan.retrieval?.indexed ?? null,
    node_ids: plan.entries.map((e) => e.id),
    node_count: plan.entries.length,
    pitfall_count: plan.query.pitfalls.length,
    warnings: plan.warnings,
  };
}

/** Writes a planned loadout; when only generated_at would differ, the file is left untouched. */
function writePlan(plan: LoadoutPlan, req: LoadoutRequest): LoadoutResult {
  const current = readTextIfExists(plan.file);
  if (current !== null && blankLoadoutGeneratedAt(current) === loadoutText(plan, "")) return resultOf(plan, false);
  const written = writeFileAtomic(plan.file, loadoutText(plan, nowIso(req.env)));
  return resultOf(plan, written);
}

/**
 * Plans and writes one loadout under the repository lock. When only generated_at would differ,
 * the file is left untouched (identical inputs → identical bytes).
 */
export function writeLoadout(ctx: Context, graph: QueryGraph, req: LoadoutRequest): LoadoutResult {
  // An agent's own loadout waits for a writer to finish rather than failing (bounded).
  return withLockWait(ctx.paths.lock, agentLockWaitMs(), () => {
    const plan = planLoadout(ctx, graph, req);
    // The default place (not a path a person gave with --out) stays inside knowledge/ for real.
    if (req.out === undefined) confineToKnowledge(ctx.paths.knowledge, plan.file, displayPath(ctx.repo, plan.file));
    return writePlan(plan, req);
  });
}

/**
 * Plans one loadout and gives its text without writing it (`akms loadout --out -`: standard
 * output). A read, as query and search are: no repository lock (a read-only checkout answers).
 */
export function renderLoadout(ctx: Context, graph: QueryGraph, req: LoadoutRequest): { result: LoadoutResult; text: string } {
  const plan = planLoadout(ctx, graph, req);
  return { result: { ...resultOf(plan, false), file: "-", shown: "-" }, text: loadoutText(plan, nowIso(req.env)) };
}

export type LoadoutOutcome = { ok: true; result: LoadoutResult } | { ok: false; error: unknown };

/**
 * Several loadouts made together (a phase's): the same files as writeLoadout one by one, in
 * order, but every qmd search they need that is not cached runs first, concurrently
 * (prefetchPassages). One outcome per request; a failing request does not stop the others.
 */
export function writeLoadouts(ctx: Context, graph: QueryGraph, reqs: LoadoutRequest[], opts: { jobs?: number } = {}): LoadoutOutcome[] {
  return withLock(ctx.paths.lock, () => {
    const drafts = reqs.map((req): { ok: true; draft: LoadoutDraft } | { ok: false; error: unknown } => {
      try {
        return { ok: true, draft: draftLoadout(ctx, graph, req) };
      } catch (error) {
        return { ok: false, error };
      }
    });
    const inputs: RetrievalInput[] = [];
    drafts.forEach((d, i) => {
      if (!d.ok) return;
      const qmd = qmdFor(ctx, reqs[i]!);
      if (qmd.available) inputs.push(retrievalInput(ctx, graph, d.draft, qmd, reqs[i]!.onQmdIndex));
    });
    const batch = inputs.length ? prefetchPassages(inputs, opts.jobs) : undefined;
    return drafts.map((d, i): LoadoutOutcome => {
      if (!d.ok) return d;
      try {
        const req = reqs[i]!;
        return { ok: true, result: writePlan(finishLoadout(ctx, graph, req, d.draft, batch), req) };
      } catch (error) {
        return { ok: false, error };
      }
    });
  });
}

export function resolveOut(cwd: string, out: string | undefined): string | undefined {
  return out ? resolve(cwd, out) : undefined;
}
