// `akms eval replay`: did the context akms would have given each task carry what its agent then
// needed? The evidence is replayed in a scratch copy of knowledge/ (never the repository;
// replayEvidence, which `akms check` also runs to compare the overlay with its evidence): the
// overlay is taken back to before its sessions (review decisions kept, the sessions' confidences,
// pitfall edges and drafted nodes removed), and the documents of the overlay's session registry are
// applied one by one by the real `akms update`, in the merge driver's canonical order (documents.ts
// canonicalOrder). Before each AgentMemory (and each PCD, for the AgentMemories it holds that are
// no session of their own: the orchestrator's, documents.ts carriedDocuments), every arm builds its
// context from the graph as it stood, at the token budget of the loadout akms would have written, and is scored against labels
// from that document and the task's later ones:
//   helpful recall   Σ grade of the arm's nodes / Σ grade of the helpful nodes that existed then
//                    (grade: useful+sufficient 3, useful+missing-detail 2, useful+outdated 1)
//   stale tokens     tokens spent on nodes the task marked outdated
//   known pitfalls   for each pitfall reported before the task on a node it used: did the context
//                    carry the warning (the loadout lists the pitfall; another arm holds its session)
//   repeat bites     pitfalls reported again after they were known (dedup.ts samePitfall: the same
//                    node, a description the dedup score calls the same): arm-free, the headline; per arm, whether the
//                    warning was carried (memory ignored) or not (memory missing)
//   gaps             nodes_missing per task, and how many are established nodes now
// Arms: the loadout, BM25 over the task text (and the embedding / hybrid arms when the engine is
// on), the whole knowledge in id order, seeded random-k (mean of draws), last phase's loadouts for
// the role, and what the agent was shown (the impression log, else its loadout file). The tokens of
// a node are the loadout's estimate of its text (content.ts). Deterministic: no clock, seeded draws.
import { plural } from "../plural.js";
import { existsSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { Context } from "../context.js";
import { loadContext } from "../context.js";
import { AkmsError, problemsError, UsageError } from "../errors.js";
import { scratchDir, writableCopy } from "../fsx.js";
import { repoPaths } from "../paths.js";
import { carryVectors } from "../store/vectors.js";
import { openGraph, type GNode } from "../graph.js";
import { build } from "../compiler/build.js";
import { draftedBy } from "../compiler/merge.js";
import { canonicalOrder, carriedDocuments, sessionDocument, type EvidenceDoc } from "../update/documents.js";
import { runUpdate } from "../update/apply.js";
import { readOverlayState } from "../overlay-file.js";
import { dumpOverlay, overlayLimits, sameData } from "../update/overlay-io.js";
import { rootOverlay } from "../update/unapply.js";
import { samePitfall } from "../update/dedup.js";
import { planLoadout } from "../loadout.js";
import { estimateTokens, readNodeContent } from "../loadout/content.js";
import { loadoutHeader, loadoutNodeIds } from "../loadout/render.js";
import { NodeFiles } from "../node-files.js";
import { shownTo } from "../agent/impressions.js";
import { searchMany } from "../agent/search.js";
import { bootstrapMean, mean, mulberry32 } from "./metrics.js";
import type { AgentMemory } from "../schemas/evidence.js";
import type { Overlay } from "../schemas/overlay.js";
import { listTaskFiles, readTaskRecords, type LoadedTask } from "../query/task.js";

export const REPLAY_ARMS = ["loadout", "bm25", "embedding", "hybrid", "vault", "random", "last-phase", "shown"] as const;
const RANDOM_DRAWS = 20;

/** One arm's context for one task, scored. */
export interface ReplaySample {
  task: string;
  session: string;
  phase: number;
  arm: string;
  /** The context's nodes (none listed for the random arm: its figures are means over draws). */
  nodes: string[];
  size: number;
  tokens: number;
  budget: number;
  /** null: the task marked no node that existed then as useful. */
  helpful_recall: number | null;
  helpful_in: number;
  /** How many of the arm's nodes the task's evidence labels at all. */
  labelled: number;
  stale_tokens: number;
  known_pitfalls: number;
  known_carried: number;
  repeat_bites: number;
  repeat_carried: number;
}

export interface ReplayTask {
  task: string;
  session: string;
  phase: number;
  budget: number;
  /** Helpful nodes the task named that did not exist when it ran (knowledge absent). */
  absent: string[];
  gaps: string[];
  gaps_promoted: string[];
  pitfalls_reported: number;
  repeat_bites: { node: string; known_since: string }[];
}

export interface ReplayArmSummary {
  arm: string;
  about: string;
  tasks: number;
  helpful_recall: { mean: number; low: number; high: number; n: number };
  /** Of the arm's nodes, the share the evidence labels at all (recall is read with it). */
  labelled_share: number;
  stale_tokens: number;
  known_pitfall_coverage: number | null;
  repeat_bites_carried: number;
  tokens_per_helpful_node: number | null;
}

export interface ReplayEval {
  ok: true;
  documents: number;
  tasks: number;
  phases: number[];
  /** The replay ends on the overlay the repository holds (the evidence replayed is all of it). */
  reproduces_overlay: boolean;
  repeat_bite_rate: { bites: number; pitfalls: number; rate: number | null };
  gap_rate: { gaps: number; per_task: number; promoted: number };
  arms: ReplayArmSummary[];
  notes: string[];
  task_list: ReplayTask[];
  samples: ReplaySample[];
}

export interface ReplayOptions {
  env: NodeJS.ProcessEnv;
  seed?: number;
  arms?: readonly string[];
}

interface Labels {
  grade: Map<string, number>;
  outdated: Set<string>;
  labelled: Set<string>;
}

function labelsOf(docs: readonly EvidenceDoc[]): Labels {
  const grade = new Map<string, number>();
  const outdated = new Set<string>();
  const labelled = new Set<string>();
  for (const d of docs) {
    for (const u of (d.data as AgentMemory).nodes_used ?? []) {
      labelled.add(u.id);
      if (u.coverage === "outdated") outdated.add(u.id);
      const g = !u.useful ? 0 : u.coverage === "sufficient" ? 3 : u.coverage === "missing-detail" ? 2 : 1;
      grade.set(u.id, Math.max(grade.get(u.id) ?? 0, g));
    }
  }
  return { grade, outdated, labelled };
}

interface Context_ {
  nodes: string[];
  /** Pitfalls (node → earlier session) the context carries. */
  carries: (node: string, session: string) => boolean;
}

/** The documents the overlay's session registry names, read and validated, in the canonical order. */
function registryDocuments(ctx: Context, ov: Overlay): EvidenceDoc[] {
  const docs: EvidenceDoc[] = [];
  for (const [id, rec] of Object.entries(ov.session_nodes ?? {})) {
    const doc = sessionDocument(ctx.paths.knowledge, rec.content_ref);
    if (doc === null) {
      throw new AkmsError("REPLAY", `the evidence of ${id} is missing: knowledge/${rec.content_ref}`, { file: `knowledge/${rec.content_ref}`, hint: "restore the document (git checkout), or remove its session from the overlay" });
    }
    docs.push(doc);
  }
  return canonicalOrder(docs);
}

/** Local node files the replayed sessions drafted (they did not exist before them): the registry names them (merge.ts draftedBy). */
function draftedFiles(ctx: Context, ov: Overlay, sessions: ReadonlySet<string>): string[] {
  const theirs = Object.fromEntries(Object.entries(ov.session_nodes ?? {}).filter(([id]) => sessions.has(id)));
  const local = new NodeFiles(ctx).local;
  return [...draftedBy(theirs).keys()].flatMap((id) => {
    const f = local.find(id);
    return f ? [f.file] : [];
  });
}

/** The nodes of last phase's loadouts written for `role` (their header's agent_role), file by file. */
function loadoutsOfPhase(ctx: Context, phase: number, role: string): string[] {
  let names: string[];
  try {
    names = readdirSync(ctx.paths.loadouts).filter((n) => n.startsWith(`phase${phase}-`) && n.endsWith("-loadout.md")).sort();
  } catch {
    return [];
  }
  const ids: string[] = [];
  for (const n of names) {
    const text = readFileSync(join(ctx.paths.loadouts, n), "utf8");
    if (loadoutHeader(text, n)?.agent_role === role) ids.push(...loadoutNodeIds(text));
  }
  return [...new Set(ids)];
}

export async function evalReplay(ctx: Context, opts: ReplayOptions): Promise<ReplayEval> {
  const seed = opts.seed ?? 1;
  const wanted = opts.arms ?? null;
  if (wanted) {
    const unknown = wanted.filter((a) => !(REPLAY_ARMS as readonly string[]).includes(a));
    if (unknown.length) throw new UsageError(`--arms: no arm ${unknown.map((u) => `"${u}"`).join(", ")} in the replay`, `the arms: ${REPLAY_ARMS.join(", ")}`);
  }
  const on = (a: string) => wanted === null || wanted.includes(a);
  const state = readOverlayState(ctx);
  if (!state || !Object.keys(state.overlay.session_nodes ?? {}).length) throw new UsageError("no evidence to replay: the overlay names no session (apply AgentMemories with `akms update` first)");
  const docs = registryDocuments(ctx, state.overlay); // (the labels read the documents after each one)
  const now = openGraph(ctx.paths);
  const records = readTaskRecords(ctx.repo, listTaskFiles(ctx.paths));
  if (records.problems.length) throw problemsError(records.problems, "VALIDATION", `${plural(records.problems.length, "problem")} in the task records the replay reads`, "fix the task records (`akms validate knowledge/tasks/*.json` names each problem), then replay");
  const tasks = new Map<string, LoadedTask>(records.tasks.map((t) => [t.record.task_id.toLowerCase(), t]));
  const threshold = ctx.cfg.config.graph.dedup_threshold;
  const notes: string[] = [];

  const earlier: { session: string; node_ref: string | null; description: string }[] = [];
  const samples: ReplaySample[] = [];
  const taskList: ReplayTask[] = [];
  const engineOn = ctx.cfg.config.search.embedding !== "none";
  if (!engineOn && (wanted?.includes("embedding") || wanted?.includes("hybrid"))) throw new UsageError("the embedding and hybrid arms need search.embedding (it is none here)");
  let semanticNote = false;
  const registry = state.overlay.session_nodes ?? {};
  const replayed = await replayEvidence(ctx, opts.env, async (doc, i, sctx) => {
    // The tasks this document reports: an AgentMemory, or the ones a PCD holds that are no session
    // of their own (the orchestrator applies its PCD alone); their pitfalls land on `session`.
    const reports = doc.kind === "agent-memory" ? [doc] : carriedDocuments(ctx.paths.sessions, doc.data as Record<string, unknown>, (id) => Object.hasOwn(registry, id));
    const session = doc.sessionId;
    for (const d of reports) {
      const mem = d.data as AgentMemory;
      const graph = openGraph(sctx.paths);
      const files = new NodeFiles(sctx);
      const roots = { repo: sctx.repo, knowledge: sctx.paths.knowledge, localNodes: sctx.paths.localNodes, vault: sctx.vault.path, vaultDisplay: sctx.vault.display };
      const tok = new Map<string, number>();
      const tokensOf = (id: string): number => {
        let t = tok.get(id);
        if (t === undefined) {
          const n = graph.nodes.get(id);
          t = n ? estimateTokens(readNodeContent(roots, files, n as GNode).text) : 0;
          tok.set(id, t);
        }
        return t;
      };
      const labels = labelsOf([d, ...docs.slice(i + 1).filter((x) => x.kind === "agent-memory" && x.taskId?.toLowerCase() === d.taskId!.toLowerCase())]);
      const helpful = [...labels.grade].filter(([id, g]) => g > 0 && graph.nodes.has(id));
      const absent = [...labels.grade].filter(([id, g]) => g > 0 && !graph.nodes.has(id)).map(([id]) => id).sort();
      const used = new Set((mem.nodes_used ?? []).map((u) => u.id));
      const known = earlier.filter((p) => p.node_ref !== null && used.has(p.node_ref));
      const bites: { node: string; known_since: string }[] = [];
      for (const p of mem.pitfalls_discovered ?? []) {
        const first = earlier.find((q) => samePitfall(q, p, threshold));
        if (first) bites.push({ node: p.node_ref!, known_since: first.session });
      }
      const task = tasks.get(d.taskId!.toLowerCase()) ?? null;
      const role = task?.record.agent_role ?? "implementer";
      // The loadout akms would have written then (its node set; qmd adds only passages) sets the budget.
      const plan = task ? planLoadout(sctx, graph, { task, phase: d.phase, noQmd: true, env: opts.env }) : null;
      if (!task) notes.push(`${d.taskId}: no task record in knowledge/tasks/, so no loadout (and no budget beyond the config's max_loadout_tokens)`);
      const loadoutIds = plan ? [...new Set([...plan.entries.map((e) => e.id), ...plan.query.sessions])] : [];
      const budget = plan ? loadoutIds.reduce((a, id) => a + tokensOf(id), 0) : ctx.cfg.config.loadout.max_loadout_tokens;
      const fill = (ranked: readonly string[]): string[] => {
        const out: string[] = [];
        let spent = 0;
        for (const id of ranked) {
          if (!graph.nodes.has(id) || out.includes(id)) continue;
          const t = tokensOf(id);
          if (spent + t > budget) continue;
          out.push(id);
          spent += t;
        }
        return out;
      };
      const holds = (c: readonly string[]) => (_node: string, session: string) => c.includes(session);
      const pool = [...graph.nodes.values()].filter((n) => n.domain !== "session" && n.node_origin !== "code-mirror" && n.status !== "draft" && n.status !== "deprecated").map((n) => n.id).sort();
      const text = task ? `${task.record.title}\n${task.record.objective ?? ""}` : mem.task_description;
      const contexts = new Map<string, Context_[]>();
      if (plan && on("loadout")) {
        const pit = new Set(plan.query.pitfalls.map((p) => `${p.from}\0${p.to}`));
        contexts.set("loadout", [{ nodes: loadoutIds, carries: (node, session) => pit.has(`${node}\0${session}`) }]);
      }
      const searchArm = async (name: string, arms: ("bm25" | "embed")[]) => {
        const [r] = await searchMany(sctx, graph, [text], { arms, noQmd: true, limit: 1000, env: opts.env, embedBudget: Infinity });
        if (arms.includes("embed") && !r!.semantic?.hasOwnProperty("engine")) {
          if (!semanticNote) notes.push(`the ${name} arm did not run: ${(r!.semantic as { off?: string } | undefined)?.off ?? "no embedding engine"}`);
          semanticNote = true;
          return;
        }
        const c = fill(r!.hits.map((h) => h.id).filter((x): x is string => x !== null));
        contexts.set(name, [{ nodes: c, carries: holds(c) }]);
      };
      if (on("bm25")) await searchArm("bm25", ["bm25"]);
      if (engineOn && on("embedding")) await searchArm("embedding", ["embed"]);
      if (engineOn && on("hybrid")) await searchArm("hybrid", ["bm25", "embed"]);
      if (on("vault")) {
        const c = fill(pool);
        contexts.set("vault", [{ nodes: c, carries: holds(c) }]);
      }
      if (on("random")) {
        const rnd = mulberry32(seed + i);
        contexts.set(
          "random",
          Array.from({ length: RANDOM_DRAWS }, () => {
            const p = [...pool];
            for (let k = p.length - 1; k > 0; k--) {
              const j = Math.floor(rnd() * (k + 1));
              [p[k], p[j]] = [p[j]!, p[k]!];
            }
            const c = fill(p);
            return { nodes: c, carries: holds(c) };
          }),
        );
      }
      if (on("last-phase") && d.phase > 0) {
        const c = fill(loadoutsOfPhase(ctx, d.phase - 1, role));
        contexts.set("last-phase", [{ nodes: c, carries: holds(c) }]);
      }
      if (on("shown")) {
        const s = shownTo(ctx.paths, { task_id: d.taskId!, loadout_used: (d.data as { loadout_used?: unknown }).loadout_used });
        if (s) {
          // akms never shows a node without its pitfall warnings (loadout, query, show), so a shown node carried them.
          const c = [...s].filter((id) => graph.nodes.has(id));
          contexts.set("shown", [{ nodes: c, carries: (node, session) => c.includes(node) || c.includes(session) }]);
        }
      }
      const total = helpful.reduce((a, [, g]) => a + g, 0);
      for (const [arm, draws] of contexts) {
        const scored = draws.map((c) => {
          const inCtx = new Set(c.nodes);
          return {
            nodes: c.nodes,
            tokens: c.nodes.reduce((a, id) => a + tokensOf(id), 0),
            helpful_recall: total ? helpful.filter(([id]) => inCtx.has(id)).reduce((a, [, g]) => a + g, 0) / total : null,
            helpful_in: helpful.filter(([id]) => inCtx.has(id)).length,
            labelled: c.nodes.filter((id) => labels.labelled.has(id)).length,
            stale_tokens: c.nodes.filter((id) => labels.outdated.has(id)).reduce((a, id) => a + tokensOf(id), 0),
            known_carried: known.filter((p) => c.carries(p.node_ref!, p.session)).length,
            repeat_carried: bites.filter((b) => c.carries(b.node, b.known_since)).length,
          };
        });
        const avg = (f: (s: (typeof scored)[number]) => number) => mean(scored.map(f));
        samples.push({
          task: d.taskId!,
          session,
          phase: d.phase,
          arm,
          nodes: draws.length === 1 ? scored[0]!.nodes : [],
          size: avg((s) => s.nodes.length),
          tokens: avg((s) => s.tokens),
          budget,
          helpful_recall: total ? avg((s) => s.helpful_recall!) : null,
          helpful_in: avg((s) => s.helpful_in),
          labelled: avg((s) => s.labelled),
          stale_tokens: avg((s) => s.stale_tokens),
          known_pitfalls: known.length,
          known_carried: avg((s) => s.known_carried),
          repeat_bites: bites.length,
          repeat_carried: avg((s) => s.repeat_carried),
        });
      }
      const gaps = (mem.nodes_missing ?? []).map((g) => g.suggested_id);
      taskList.push({ task: d.taskId!, session, phase: d.phase, budget, absent, gaps, gaps_promoted: gaps.filter((g) => now.nodes.get(g)?.status === "established"), pitfalls_reported: (mem.pitfalls_discovered ?? []).filter((p) => p.node_ref !== null).length, repeat_bites: bites });
    }
    // Known from this document on: after all the tasks it reports (a PCD's tasks did not see each other's).
    for (const d of reports) for (const p of (d.data as AgentMemory).pitfalls_discovered ?? []) earlier.push({ session, node_ref: p.node_ref, description: p.description });
  });
  const reproduces = replayed.differs.length === 0;
  if (!reproduces) notes.push(`the replay does not end on the repository's overlay (it differs in ${replayed.differs.join("; ")}: evidence applied out of the canonical order, review decisions since, or state from sessions whose documents are gone): the graph 'as it stood' is the canonical replay's`);

  const armNames = [...new Set(samples.map((s) => s.arm))].sort((a, b) => REPLAY_ARMS.indexOf(a as never) - REPLAY_ARMS.indexOf(b as never));
  const about: Record<string, string> = {
    loadout: "the loadout akms would have written for the task then (its nodes and the sessions it points at)",
    bm25: "akms's lexical BM25 over node files, the task's title and objective as the query",
    embedding: "the embedding arm of akms search over node files",
    hybrid: "BM25 and embeddings fused by reciprocal rank (akms search)",
    vault: "every knowledge node in id order",
    random: `${RANDOM_DRAWS} seeded shuffles of the knowledge nodes (seed ${seed})`,
    "last-phase": "last phase's loadouts for the task's role (knowledge/loadouts/)",
    shown: "what the agent was shown: the impression log, else its loadout file (not held to the budget)",
  };
  const arms: ReplayArmSummary[] = armNames.map((arm) => {
    const mine = samples.filter((s) => s.arm === arm);
    const rec = mine.filter((s) => s.helpful_recall !== null).map((s) => s.helpful_recall!);
    const size = mine.reduce((a, s) => a + s.size, 0);
    const known = mine.reduce((a, s) => a + s.known_pitfalls, 0);
    const helpfulIn = mine.reduce((a, s) => a + s.helpful_in, 0);
    return {
      arm,
      about: about[arm] ?? arm,
      tasks: mine.length,
      helpful_recall: { ...bootstrapMean(rec, 2000, seed), n: rec.length },
      labelled_share: size ? mine.reduce((a, s) => a + s.labelled, 0) / size : 0,
      stale_tokens: mine.reduce((a, s) => a + s.stale_tokens, 0),
      known_pitfall_coverage: known ? mine.reduce((a, s) => a + s.known_carried, 0) / known : null,
      repeat_bites_carried: mine.reduce((a, s) => a + s.repeat_carried, 0),
      tokens_per_helpful_node: helpfulIn ? mine.reduce((a, s) => a + s.tokens, 0) / helpfulIn : null,
    };
  });
  const reported = taskList.reduce((a, t) => a + t.pitfalls_reported, 0);
  const bitesTotal = taskList.reduce((a, t) => a + t.repeat_bites.length, 0);
  const gapsTotal = taskList.reduce((a, t) => a + t.gaps.length, 0);
  return {
    ok: true,
    documents: docs.length,
    tasks: taskList.length,
    phases: [...new Set(docs.map((d) => d.phase))].sort((a, b) => a - b),
    reproduces_overlay: reproduces,
    repeat_bite_rate: { bites: bitesTotal, pitfalls: reported, rate: reported ? bitesTotal / reported : null },
    gap_rate: { gaps: gapsTotal, per_task: taskList.length ? gapsTotal / taskList.length : 0, promoted: new Set(taskList.flatMap((t) => t.gaps_promoted)).size },
    arms,
    notes: [...new Set(notes)],
    task_list: taskList,
    samples,
  };
}

/**
 * The evidence of the overlay's session registry applied again in a scratch copy of knowledge/
 * (the repository is not written): the overlay taken back to its root (rootOverlay, and the local
 * nodes those sessions drafted removed), then each document applied by the real `akms update` in
 * the canonical order, `before` called with the scratch's context before each. Says where the
 * replay's overlay differs from the repository's (its top-level keys, each map's differing entries
 * named; none: the overlay is the replay of its evidence). Used by `akms eval replay` and `akms check`.
 */
export async function replayEvidence(
  ctx: Context,
  env: NodeJS.ProcessEnv,
  before?: (d: EvidenceDoc, i: number, sctx: Context) => Promise<void> | void,
): Promise<{ docs: EvidenceDoc[]; differs: string[] }> {
  const state = readOverlayState(ctx);
  if (!state || !Object.keys(state.overlay.session_nodes ?? {}).length) return { docs: [], differs: [] };
  const docs = registryDocuments(ctx, state.overlay);
  const sessions = new Set(docs.map((d) => d.sessionId));
  const opts = { env };
  // The scratch: knowledge/ copied, the derived files dropped (the vectors kept: a content-keyed cache), the overlay at its root.
  const scratch = scratchDir("akms-replay-");
  let vectorsCopied = "";
  try {
    const sk = join(scratch, "knowledge");
    // knowledge/ itself may be a link (to a folder shared by checkouts): its target is copied.
    writableCopy(realpathSync(ctx.paths.knowledge), sk, { verbatimSymlinks: true });
    const cache = join(sk, "graph", ".cache");
    for (const n of existsSync(cache) ? readdirSync(cache) : []) if (!n.startsWith("vectors-")) rmSync(join(cache, n), { recursive: true, force: true });
    for (const n of ["graph.json", ".qmd_cache", ".txn"]) rmSync(join(sk, "graph", n), { recursive: true, force: true });
    vectorsCopied = vectorSizes(cache);
    const sctx = loadContext({ repo: scratch, vault: ctx.vault.path, env: {} });
    writeFileSync(sctx.paths.overlay, dumpOverlay(rootOverlay(state.overlay, docs), overlayLimits(sctx.cfg.config.graph)));
    for (const f of draftedFiles(sctx, state.overlay, sessions)) rmSync(f);
    build(sctx, { env: opts.env });

    for (const [i, d] of docs.entries()) {
      await before?.(d, i, sctx);
      // The document's own copy in the scratch (a registry written by the Python implementation keys it by another session id).
      runUpdate(sctx, [join(sctx.paths.knowledge, relative(ctx.paths.knowledge, d.file))], { env, cwd: scratch });
    }
    // Compared as data (a person's comments in the file are not a difference).
    const replayed = readOverlayState(sctx)!.overlay as Record<string, unknown>;
    const real = state.overlay as Record<string, unknown>;
    // An overlay with no ledger at all was written before akms kept one: the next update writes it; no difference of knowledge.
    const keys = [...new Set([...Object.keys(real), ...Object.keys(replayed)])].filter((k) => k !== "processed_sources" || real[k] !== undefined);
    const differs = keys
      .filter((k) => !sameData(real[k] ?? null, replayed[k] ?? null))
      .sort()
      .map((k) => whereDiffers(k, real[k], replayed[k]));
    return { docs, differs };
  } finally {
    // What the replay's searches embedded stays (content-keyed): the next replay or search reuses it.
    if (vectorSizes(join(scratch, "knowledge", "graph", ".cache")) !== vectorsCopied) carryVectors(repoPaths(scratch), ctx.paths);
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** A top-level key where the two overlays differ; for a map of entries (nodes, session_nodes), the entries that differ: `nodes (a, b and 3 more)`. */
function whereDiffers(key: string, real: unknown, replayed: unknown): string {
  const isMap = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
  if (!isMap(real) || !isMap(replayed)) return key;
  const ids = [...new Set([...Object.keys(real), ...Object.keys(replayed)])].filter((id) => !sameData(real[id] ?? null, replayed[id] ?? null)).sort();
  return ids.length ? `${key} (${ids.slice(0, 5).join(", ")}${ids.length > 5 ? ` and ${ids.length - 5} more` : ""})` : key;
}

/** The vector files of a store folder and their sizes (a search that embeds makes its file longer). */
function vectorSizes(cacheDir: string): string {
  const names = existsSync(cacheDir) ? readdirSync(cacheDir).filter((n) => n.startsWith("vectors-")).sort() : [];
  return names.map((n) => `${n} ${statSync(join(cacheDir, n)).size}`).join("\n");
}

const f2 = (x: number | null) => (x === null ? "–" : x.toFixed(2));
/** A count, or a mean over draws (the random arm) with two decimals. */
const count = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2));

/** The terminal table: per arm, helpful recall with its interval and the pitfall and token figures. */
export function replayTable(r: ReplayEval): string {
  const head = ["arm", "helpful recall [95 % CI] (tasks)", "labelled share", "known pitfalls carried", "repeat bites carried", "stale tokens", "tokens per helpful node"];
  const rows = r.arms.map((a) => [
    a.arm,
    `${f2(a.helpful_recall.mean)} [${f2(a.helpful_recall.low)}, ${f2(a.helpful_recall.high)}] (${a.helpful_recall.n})`,
    f2(a.labelled_share),
    f2(a.known_pitfall_coverage),
    `${count(a.repeat_bites_carried)} of ${r.repeat_bite_rate.bites}`,
    a.stale_tokens.toFixed(0),
    a.tokens_per_helpful_node === null ? "–" : a.tokens_per_helpful_node.toFixed(0),
  ]);
  return [
    `akms eval replay: ${plural(r.documents, "document")}, ${plural(r.tasks, "task")} over phases ${r.phases.join(", ")}; the replay ${r.reproduces_overlay ? "ends on the repository's overlay" : "does NOT end on the repository's overlay"}`,
    `repeat-bite rate: ${r.repeat_bite_rate.bites} of ${r.repeat_bite_rate.pitfalls} pitfalls reported on a node were known before (${f2(r.repeat_bite_rate.rate)}); gaps: ${r.gap_rate.gaps} (${r.gap_rate.per_task.toFixed(2)} per task), ${r.gap_rate.promoted} established since`,
    "",
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
    "",
    "arms:",
    ...r.arms.map((a) => `  ${a.arm}: ${a.about}`),
    ...r.notes.map((n) => `note: ${n}`),
  ].join("\n");
}
