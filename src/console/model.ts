// The console's model: everything the screens show, loaded through the shared core (the same
// functions the CLI uses) and replaced whole on every reload — never edited in place.
import type { Context } from "../../core/context.js";
import { AkmsError, isStoreDamaged, NotFoundError } from "../../core/errors.js";
import { errorText } from "./errors.js";
import { graphIndexed, openGraph, type GraphIndex, type NodeTable } from "../../core/graph.js";
import { writtenKey } from "../../core/store/freshness.js";
import { build } from "../../core/compiler/build.js";
import { storedOverlay } from "../../core/overlay-file.js";
import { displayPath } from "../../core/paths.js";
import type { Overlay } from "../../core/schemas/overlay.js";
import { undoTarget, type UndoTarget } from "../../core/review/actions.js";
import { reviewData, type ReviewData } from "../../core/report.js";
import { wouldItHaveHelped, type Helped } from "../../core/eval/helped.js";
import { changesAfter, changesSince, type Changes } from "../../core/agent/changes.js";
import { readSeen } from "./seen.js";
import { DetailCache } from "./detail.js";
import { listTasks, type TaskEntry } from "./plan.js";
import type { CheckpointData } from "./checkpoint.js";

export interface ConsoleOptions {
  /** Review report phase (`akms review --phase N`). */
  phase?: number;
}

export interface ConsoleModel {
  ctx: Context;
  opts: ConsoleOptions;
  /** graph_version of the compiled graph shown. */
  version: string;
  /** Every node of the compiled graph, as graph.json holds it. */
  nodes: NodeTable;
  /**
   * The whole graph (links and adjacency), the store's index of graph.json: the first frame reads
   * its nodes, pitfall links and warnings (core/review/sections.ts), the explorer, history, why and loadout
   * screens the rest.
   */
  graph: () => GraphIndex;
  /** local_state.yaml, parsed on first use (only the History screen needs it). */
  overlay: () => Overlay | null;
  /** Whether this load recompiled first (false: the compiled graph was taken as it was). */
  rebuilt: boolean;
  /** graph.json's written key when this model read it (graph-watch.ts: a later key means another process rewrote it). */
  graphKey: string | null;
  /**
   * What `u` would undo now (null when nothing), with the journal sha to pass back; read when first
   * asked (checking the journal's entries loads zod, which the first frame does without).
   */
  undo: () => UndoTarget | null;
  details: DetailCache;
  /** knowledge/tasks/*.json for the Why and Loadout screens (read, and validated, when first asked for). */
  tasks: () => TaskEntry[];
  /** The review report's data (core/report.ts reviewData, as `akms review --report` prints it), without its look back. */
  review: ReviewData | null;
  /** "Would it have helped?" for the review's phase: it reads the phase's session documents, so it is made after the first frame (settleModel). */
  helped: () => Helped | null;
  /** Whether `helped` has been made (the screen says it is being read until then). */
  helpedKnown: () => boolean;
  /** What changed since this clone's console last closed (seen.ts; else since the newest phase handoff): made after the first frame too. */
  changes: () => { changes: Changes; last: string | null } | null;
  changesKnown: () => boolean;
  /** The orchestrator run (`akms orchestrate`) for the Checkpoint screen. */
  orchestrator?: CheckpointData;
  /** Warnings to show once (a failed rebuild that left the previous graph in place, …). */
  notices: string[];
  /** Increases on every load: caches keyed on the model see a new generation. */
  generation: number;
  /** Milliseconds each part of the load took (for the benchmark and the status line). */
  timings: Record<string, number>;
}

let generation = 0;

// The orchestrator's state is read by checkpoint-run.ts, which registers here when it is loaded:
// after the first frame, or before it when the console opens on the Checkpoint screen.
let loadCheckpoint: ((ctx: Context) => CheckpointData) | null = null;

export function setCheckpointLoader(load: (ctx: Context) => CheckpointData): void {
  loadCheckpoint = load;
}

/** Whether the model reads the orchestrator's state (checkpoint-run.ts is loaded). */
export function checkpointLoaded(): boolean {
  return loadCheckpoint !== null;
}

/** `model` with the orchestrator's state read now (for a model loaded before checkpoint-run.ts). */
export function withCheckpoint(model: ConsoleModel): ConsoleModel {
  if (!loadCheckpoint) return model;
  const timings = { ...model.timings };
  const orchestrator = timed(timings, "orchestrator", () => loadCheckpoint!(model.ctx));
  return { ...model, orchestrator, timings };
}

function timed<T>(timings: Record<string, number>, name: string, fn: () => T): T {
  const t0 = performance.now();
  try {
    return fn();
  } finally {
    timings[name] = Math.round((performance.now() - t0) * 10) / 10;
  }
}

/**
 * Loads the model. With `rebuild`, recompiles first (a no-op when nothing changed); "if-missing"
 * compiles only when there is no graph.json yet, or the store holds no index of it (the console opens at once on the compiled graph
 * and checks for changed sources after its first frame). A failed rebuild keeps the last compiled
 * graph and says so; with no graph at all it throws. An index of graph.json found damaged (and
 * removed by its reader: core/store/graph-index.ts) is made anew by a build, and the model loaded
 * once more, as the CLI does (core/settle.ts readPrepared).
 */
export function loadModel(ctx: Context, opts: ConsoleOptions = {}, how: { rebuild?: boolean | "if-missing" } = {}): ConsoleModel {
  try {
    return loadModelOnce(ctx, opts, how);
  } catch (e) {
    if (!isStoreDamaged(e)) throw e;
    return loadModelOnce(ctx, opts, { rebuild: true });
  }
}

function loadModelOnce(ctx: Context, opts: ConsoleOptions, { rebuild = true }: { rebuild?: boolean | "if-missing" }): ConsoleModel {
  const timings: Record<string, number> = {};
  const notices: string[] = [];
  const doBuild = rebuild === "if-missing" ? !graphIndexed(ctx.paths) : rebuild;
  if (doBuild) {
    try {
      timed(timings, "build", () => build(ctx)); // never drops the global nodes of a mistyped vault (buildLocked refuses)
    } catch (e) {
      if (!(e instanceof AkmsError)) throw e;
      notices.push(`rebuild failed, showing the last compiled graph: ${errorText(e)}`);
    }
  }
  const graphKey = writtenKey(ctx.paths.graphJson);
  const rg = timed(timings, "graph", () => {
    try {
      return openGraph(ctx.paths); // the store's index of graph.json, opened (not read through) for the first frame
    } catch (e) {
      if (e instanceof NotFoundError && notices.length) throw new AkmsError("BUILD_FAILED", notices[0]!, { hint: "fix the file named above, then open the console again" });
      throw e;
    }
  });
  let overlayMemo: { value: Overlay | null } | null = null;
  const overlay = () => {
    overlayMemo ??= { value: storedOverlay(ctx.paths, displayPath(ctx.repo, ctx.paths.overlay)).overlay };
    return overlayMemo.value;
  };
  let undoMemo: { value: UndoTarget | null } | null = null;
  const undo = () => (undoMemo ??= { value: undoTarget(ctx) }).value;
  let tasksMemo: TaskEntry[] | null = null;
  const tasks = () => (tasksMemo ??= listTasks(ctx));
  const review = timed(timings, "review", () => {
    try {
      return reviewData(ctx, rg, { phase: opts.phase, live: true, lookBack: false });
    } catch (e) {
      if (isStoreDamaged(e)) throw e;
      notices.push(`review report: ${errorText(e)}`);
      return null;
    }
  });
  const orchestrator = loadCheckpoint ? timed(timings, "orchestrator", () => loadCheckpoint!(ctx)) : undefined;
  let helpedMemo: { value: Helped | null } | null = null;
  const helped = () =>
    (helpedMemo ??= {
      value: review
        ? timed(timings, "helped", () => {
            try {
              return wouldItHaveHelped(ctx, rg, review.phase);
            } catch (e) {
              notices.push(`would it have helped: ${errorText(e)}`);
              return null;
            }
          })
        : null,
    }).value;
  let changesMemo: { value: { changes: Changes; last: string | null } | null } | null = null;
  const changes = () =>
    (changesMemo ??= {
      value: timed(timings, "changes", () => {
        try {
          const seen = readSeen(ctx);
          return seen ? { changes: changesAfter(ctx, seen), last: `this console last closed, ${seen.at.slice(0, 10)}` } : { changes: changesSince(ctx), last: null };
        } catch (e) {
          notices.push(`changes since the last review: ${errorText(e)}`);
          return null;
        }
      }),
    }).value;
  return {
    ctx,
    opts,
    orchestrator,
    version: rg.version,
    nodes: rg.nodes,
    graph: () => rg,
    overlay,
    rebuilt: doBuild,
    graphKey,
    undo,
    details: new DetailCache(ctx, rg.nodes),
    tasks,
    review,
    helped,
    helpedKnown: () => helpedMemo !== null,
    changes,
    changesKnown: () => changesMemo !== null,
    notices,
    generation: ++generation,
    timings,
  };
}

/**
 * The work a model leaves for after its frame, so that the screens that ask for it and the first
 * action do not wait for it.
 */
export function settleModel(model: ConsoleModel): void {
  model.helped();
  model.changes();
}
