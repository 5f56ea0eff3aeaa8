// `akms update`: the only path by which experience enters the graph (spec §5.5). Validate every
// document first; then, under the repository lock: finish any interrupted update, make sure the
// compiled graph is current, plan every change in memory, journal and apply it (transaction.ts),
// recompile graph.json. With --dry-run: the same plan against an in-memory compile, nothing written.
import type { Context } from "../context.js";
import { StateError, ValidationError } from "../errors.js";
import { withLock } from "../lock.js";
import { displayPath } from "../paths.js";
import { buildLocked, compileGraph, type BuildResult } from "../compiler/build.js";
import { readOverlay } from "../compiler/sources.js";
import { loadGraph, type GNode, type GraphDoc, type GraphLink } from "../graph.js";
import type { Overlay } from "../schemas/overlay.js";
import { checkNodeRefs, readDocuments, type EvidenceDoc } from "./documents.js";
import { planUpdate, type GraphView, type PlanResult } from "./plan.js";
import { commitTransaction, crashPoint, hasPendingTransaction, recoverPendingTransaction, type Recovery } from "./transaction.js";

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

function loadOverlay(ctx: Context): Overlay | null {
  const shown = displayPath(ctx.repo, ctx.paths.overlay);
  const r = readOverlay(ctx.paths.overlay, shown);
  if (r.problems.length) {
    throw new ValidationError(`the overlay ${shown} is invalid; nothing was changed`, {
      file: shown,
      hint: "fix local_state.yaml (see spec §4.2), then retry",
      problems: r.problems,
    });
  }
  return r.overlay;
}

/** The id and predecessor maps of an in-memory compile (what the plan reads of a LoadedGraph). */
function graphView(doc: GraphDoc): GraphView {
  const nodes = new Map<string, GNode>();
  const inn = new Map<string, GraphLink[]>();
  for (const n of doc.nodes) nodes.set(n.id, n as GNode);
  for (const l of doc.links) {
    let list = inn.get(l.target);
    if (!list) inn.set(l.target, (list = []));
    list.push(l);
  }
  return { nodes, in: inn };
}

function planAgainst(ctx: Context, docs: EvidenceDoc[], graph: GraphView, dryRun: boolean) {
  checkNodeRefs(docs, (id) => graph.nodes.get(id));
  return planUpdate(ctx, docs, graph, loadOverlay(ctx), dryRun);
}

export function runUpdate(ctx: Context, files: readonly string[], opts: UpdateOptions = {}): UpdateResult {
  const env = opts.env ?? process.env;
  const docs = readDocuments(files, { cwd: opts.cwd ?? process.cwd(), repo: ctx.repo });

  if (opts.dryRun) {
    if (hasPendingTransaction(ctx)) {
      throw new StateError("an interrupted update is pending in knowledge/graph/.txn/", {
        hint: "run `akms update` without --dry-run: it completes the interrupted update first",
      });
    }
    const plan = planAgainst(ctx, docs, graphView(compileGraph(ctx, { env }).doc), true);
    return { ...plan.result, dryRun: true, recovered: null, graph: null };
  }

  return withLock(ctx.paths.lock, () => {
    const recovered = recoverPendingTransaction(ctx);
    buildLocked(ctx, { env }); // the arithmetic runs on the compiled graph of the current sources
    const plan = planAgainst(ctx, docs, loadGraph(ctx.paths), false);
    crashPoint("planned", env);
    commitTransaction(ctx, plan.writes);
    const b = buildLocked(ctx, { env });
    crashPoint("built", env);
    const result: UpdateResult = {
      ...plan.result,
      dryRun: false,
      recovered,
      graph: { written: b.written, graphVersion: b.graphVersion, nodeCount: b.nodeCount, edgeCount: b.edgeCount },
    };
    opts.afterUpdate?.(ctx, result);
    return result;
  });
}
