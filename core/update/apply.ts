// `akms update`: the only path by which experience enters the graph (spec §5.5). Validate every
// document first; then, under the repository lock: finish any interrupted update, read the
// compiled graph (compiling it first only when it is missing or lacks a node a document names),
// plan every change in memory (in the canonical order: in-order.ts), journal and apply it
// (transaction.ts), recompile graph.json.
// With --dry-run: the same plan against an in-memory compile, and nothing written.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Context } from "../context.js";
import { withScratchDir } from "../fsx.js";
import { AkmsError, StateError } from "../errors.js";
import { withLock } from "../lock.js";
import { buildInTwoSteps, graphIsFresh, buildLocked, compileInMemory, type BuildResult, type KnownWrites } from "../compiler/build.js";
import { canonicalOrder, checkNodeRefs, readDocuments, type EvidenceDoc } from "./documents.js";
import { indexOrNone } from "../graph.js";
import type { UpdateGraph } from "./plan-state.js";
import { keepOverlay, readOverlayState } from "../overlay-file.js";
import { overlayText } from "./overlay-io.js";
import { planUpdate, type Plan, type PlanResult } from "./plan.js";
import { deltaFromWhole, givenResult, graphWithout, inCanonicalOrder, type InOrder } from "./in-order.js";
import { commitTransaction, crashPoint, finishTransaction, hasPendingTransaction, recoverPendingTransaction, type Recovery } from "../transaction.js";

export interface UpdateResult extends PlanResult {
  dryRun: boolean;
  /** What recoverPendingTransaction found before this update (null on a dry run). */
  recovered: Recovery | null;
  /** The recompile after the update (null on a dry run). */
  graph: Pick<BuildResult, "written" | "graphVersion" | "nodeCount" | "edgeCount"> | null;
}

export interface UpdateOptions {
  dryRun?: boolean;
  /** Where relative document paths are resolved (default: the process's cwd). */
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /**
   * Called inside the lock after graph.json is recompiled (never on a dry run), also when every
   * document was already applied — e.g. to (re)write the phase review report for applied PCDs.
   * Anything it writes goes through writeFileAtomic, under the lock it already holds.
   */
  afterUpdate?: (ctx: Context, result: UpdateResult) => void;
}

/**
 * The compiled graph with every node the documents name, and the write of graph.json it still
 * needs (null when graph.json holds it). graph.json is used when it is the compile of the sources
 * as they are — the freshness test every reader runs first (graphIsFresh: the manifest's listing
 * and the stat of every input) — and the sources are compiled first otherwise: after a checkout or
 * a pull that changed node files, or the overlay (a `git checkout --theirs` of the overlay, as a
 * merge conflict's hint says, left a graph with the other side's sessions, and the update refused a
 * document as SESSION_ID_TAKEN), and when a named node is not in it. The update's recompile then
 * rightly trusts every file it did not write (BuildOptions.wrote). Until 2026-12-06 only the
 * overlay was checked: a checkout that removed a node file left it in graph.json after the update.
 * That compile is written only once the plan holds (buildInTwoSteps): a refused update writes
 * nothing, not even graph.json. The confidence base comes from the overlay itself, so a graph.json
 * not yet recompiled after an interrupted update does not skew the arithmetic.
 */
function currentGraph(ctx: Context, docs: EvidenceDoc[], env: NodeJS.ProcessEnv): { graph: UpdateGraph; write: (() => unknown) | null } {
  const opened = indexOrNone(ctx.paths);
  if (opened !== null && graphIsFresh(ctx)) {
    try {
      checkNodeRefs(docs, opened.nodes);
      return { graph: opened, write: null };
    } catch (e) {
      if (!(e instanceof AkmsError)) throw e;
      let steps: ReturnType<typeof buildInTwoSteps>;
      try {
        steps = buildInTwoSteps(ctx, { env });
      } catch {
        throw e; // sources that do not compile: the unknown id is still the error to show
      }
      checkNodeRefs(docs, steps.graph.nodes);
      return steps;
    }
  }
  const steps = buildInTwoSteps(ctx, { env });
  checkNodeRefs(docs, steps.graph.nodes);
  return steps;
}

/**
 * The graph compiled in memory with the overlay without the sessions applied again (in-order.ts),
 * when graphWithout cannot be sure of a node.
 */
function compiledWithout(ctx: Context, order: InOrder): UpdateGraph {
  // The compile reads an overlay from a file (as the merge driver's replay does): a scratch copy of it.
  const bytes = Buffer.from(overlayText(order.state.overlay), "utf8");
  return withScratchDir("akms-update-", (scratch) => {
    const file = join(scratch, "local_state.yaml");
    writeFileSync(file, bytes);
    return compileInMemory(ctx, { overlay: { file, bytes, data: order.state.overlay } });
  });
}

/**
 * The plan of `docs` against the graph `current` gives, in the canonical order: after applied
 * sessions they sort before, those are taken out and applied again (in-order.ts), and the account
 * of what changed is made against the overlay as it was.
 */
function planInOrder(ctx: Context, docs: EvidenceDoc[], dryRun: boolean, current: () => UpdateGraph): Plan {
  const state = readOverlayState(ctx);
  const order = inCanonicalOrder(ctx, docs, state);
  if (order === null || typeof order === "string") {
    const planned = canonicalOrder(docs);
    const plan = planUpdate(ctx, planned, current(), state, dryRun);
    if (order !== null) plan.result.warnings.unshift(order);
    return { ...plan, result: givenResult(plan, planned, docs) };
  }
  const whole = current();
  const graph = graphWithout(ctx, whole, order) ?? compiledWithout(ctx, order);
  checkNodeRefs(order.docs, graph.nodes);
  const plan = planUpdate(ctx, order.docs, graph, order.state, dryRun, order.replay);
  return { ...plan, result: givenResult(plan, order.docs, docs, { again: order, graph: whole }), delta: deltaFromWhole(plan, order) };
}

/** Returns the result and what was written (for the targeted recompile). */
function applyPlan(ctx: Context, docs: EvidenceDoc[], env: NodeJS.ProcessEnv): { result: PlanResult; wrote: KnownWrites } {
  const compiled: { write: (() => unknown) | null } = { write: null };
  const plan = planInOrder(ctx, docs, false, () => {
    const c = currentGraph(ctx, docs, env);
    compiled.write = c.write;
    return c.graph;
  });
  compiled.write?.(); // the graph planned against, compiled first, now that the plan holds
  crashPoint("planned", env);
  commitTransaction(ctx, plan.writes);
  // The overlay as written, kept for the next reader of these bytes (the recompile gets it in hand).
  const overlay = plan.overlay ?? undefined;
  if (overlay) keepOverlay(ctx.paths, overlay.bytes, overlay.data, true);
  return { result: plan.result, wrote: { files: plan.writes.map((w) => w.path), overlay, update: plan.delta } };
}

/** What `akms update` would do with `docs`, against an in-memory compile; nothing is written. */
export function planDryRun(ctx: Context, docs: EvidenceDoc[]): PlanResult {
  if (hasPendingTransaction(ctx)) {
    throw new StateError("an interrupted update is pending in knowledge/graph/.txn/", {
      hint: "run `akms update` without --dry-run: it completes the interrupted update first",
    });
  }
  return planInOrder(ctx, docs, true, () => {
    const graph = compileInMemory(ctx);
    checkNodeRefs(docs, graph.nodes);
    return graph;
  }).result;
}

export function runUpdate(ctx: Context, files: readonly string[], opts: UpdateOptions = {}): UpdateResult {
  const env = opts.env ?? process.env;
  const docs = readDocuments(files, { cwd: opts.cwd ?? process.cwd(), repo: ctx.repo });

  if (opts.dryRun) return { ...planDryRun(ctx, docs), dryRun: true, recovered: null, graph: null };

  return withLock(ctx.paths.lock, () => {
    const recovered = recoverPendingTransaction(ctx, () => buildLocked(ctx, { env }));
    // Planned and applied in a function of its own: the graph read and the files' bytes are
    // garbage before the recompile, which needs the memory. The overlay as written is kept: the
    // recompile uses it instead of parsing the file again.
    const { result: planned, wrote } = applyPlan(ctx, docs, env);
    // Only the files this update wrote changed, unless an interrupted one was finished first.
    const clean = !recovered.discarded && recovered.rolledForward.length === 0;
    const b = buildLocked(ctx, clean ? { env, wrote } : { env });
    crashPoint("built", env);
    finishTransaction(ctx);
    const result: UpdateResult = {
      ...planned,
      dryRun: false,
      recovered,
      graph: { written: b.written, graphVersion: b.graphVersion, nodeCount: b.nodeCount, edgeCount: b.edgeCount },
    };
    opts.afterUpdate?.(ctx, result);
    return result;
  });
}
