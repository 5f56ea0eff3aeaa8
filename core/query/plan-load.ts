// Loading the graph for planning: the planning index of this graph.json (plan-graph.ts), or an
// earlier index and the delta its writer left (plan-delta.ts), or graph.json itself — then, for a
// large graph, the index is written for the next query.
import { statSync } from "node:fs";
import { loadGraph } from "../graph.js";
import { LockHeldError } from "../errors.js";
import { writeFileAtomic } from "../fsx.js";
import { withLock } from "../lock.js";
import type { RepoPaths } from "../paths.js";
import { warm } from "../warm.js";
import { writtenKey as identity } from "../store/freshness.js";
import { openPlanDelta } from "../compiler/plan-delta.js";
import { CACHE_MIN_BYTES, encodePlanGraph, openPlanGraph, planGraphCachePath, type PlanGraph } from "../compiler/plan-graph.js";
import { openReviewGraph } from "../compiler/review-index.js";

export interface PlanGraphLoad {
  graph: PlanGraph;
  from: "graph.json" | "cache";
  /** The cache was (re)written by this call. */
  cacheWritten: boolean;
}

/**
 * Loads the graph for planning: from the cache when it matches graph.json, else graph.json itself
 * (then, for a large graph, the cache is written — skipped when another process holds the lock).
 */
export function loadPlanGraph(paths: RepoPaths, opts: { cacheMinBytes?: number } = {}): PlanGraphLoad {
  return warm(`plan-graph:${paths.graphJson}`, [paths.graphJson], () => readPlanGraph(paths, opts));
}

function readPlanGraph(paths: RepoPaths, opts: { cacheMinBytes?: number }): PlanGraphLoad {
  const key = identity(paths.graphJson);
  const cacheFile = planGraphCachePath(paths);
  if (key !== null) {
    // The index of this graph.json, or the index of an earlier one and the delta its writer left (plan-delta.ts).
    const g = openPlanGraph(cacheFile, key) ?? openPlanDelta(paths, key);
    if (g) return { graph: g, from: "cache", cacheWritten: false };
  }
  const g = loadGraph(paths);
  const size = (() => {
    try {
      return statSync(paths.graphJson).size;
    } catch {
      return 0;
    }
  })();
  let cacheWritten = false;
  if (key !== null && size >= (opts.cacheMinBytes ?? CACHE_MIN_BYTES) && identity(paths.graphJson) === key) {
    try {
      cacheWritten = withLock(paths.lock, () => writeFileAtomic(cacheFile, encodePlanGraph(g, key)));
    } catch (e) {
      if (!(e instanceof LockHeldError)) throw e; // a writer is busy: read-only this time
    }
  }
  return { graph: g, from: "graph.json", cacheWritten };
}


/** The review index of graph.json as it is (compiler/review-index.ts), its blocked-task check querying the planning index; null when none is kept for it. */
export function openReviewIndex(paths: RepoPaths): ReturnType<typeof openReviewGraph> {
  return openReviewGraph(paths, () => loadPlanGraph(paths).graph);
}
