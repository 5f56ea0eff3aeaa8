// What a checkpoint shows besides the stage output: the AKMS status — node changes and new pitfalls
// since the previous checkpoint (graph snapshots), the health report's counts — and the artifacts
// with their hashes, so that an edit made with any editor shows as "edited since the checkpoint".
import { readFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import type { Context } from "../context.js";
import { isAkmsError } from "../errors.js";
import { sha256 } from "../fsx.js";
import { openGraph } from "../graph.js";
import { healthReport } from "../health.js";
import { buildLocked } from "../compiler/build.js";
import { displayPath } from "../paths.js";
import { diffSnapshots, takeSnapshot } from "./snapshot.js";
import { readSnapshot, writeSnapshot } from "./store.js";
import type { AkmsStatus, Artifact, Checkpoint, OrchestratorState } from "./types.js";
import { stageLabel } from "./types.js";

export function fileSha(abs: string): string | null {
  try {
    return sha256(readFileSync(abs));
  } catch {
    return null;
  }
}

/** An artifact of a checkpoint; `path` absolute or repository-relative. */
export function artifact(ctx: Context, path: string, kind: string, description: string, editable = true): Artifact {
  const abs = isAbsolute(path) ? path : join(ctx.repo, path);
  return { path: displayPath(ctx.repo, abs), kind, description, sha256: fileSha(abs), editable };
}

/** Artifacts whose bytes changed since the checkpoint was made. */
export function editedSince(ctx: Context, cp: Checkpoint | null): string[] {
  if (!cp) return [];
  return cp.artifacts.filter((a) => fileSha(join(ctx.repo, a.path)) !== a.sha256).map((a) => a.path);
}

export interface StageOutput {
  summary: string[];
  artifacts: Artifact[];
  details: Record<string, unknown>;
  warnings: string[];
  reviewReport?: string | null;
}

/** The AKMS status now (the caller holds the lock), compared with the previous checkpoint's snapshot. */
export function akmsStatus(ctx: Context, reviewReport: string | null, warnings: string[]): AkmsStatus {
  try {
    buildLocked(ctx);
  } catch (e) {
    if (!isAkmsError(e)) throw e;
    warnings.push(`graph.json could not be rebuilt (${e.message}); the status below is of the last compiled graph`);
  }
  let graph;
  try {
    graph = openGraph(ctx.paths);
  } catch (e) {
    if (!isAkmsError(e)) throw e;
    warnings.push(`no compiled graph to report on: ${e.message}`);
    return {
      graph: false,
      changes: { previous_graph_version: null, graph_version: "", baseline: true, added: [], removed: [], status_changed: [], confidence_changed: [] },
      new_pitfalls: [],
      health: {},
      node_count: 0,
      edge_count: 0,
      review_report: reviewReport,
    };
  }
  const snap = takeSnapshot(graph);
  const { changes, new_pitfalls } = diffSnapshots(readSnapshot(ctx), snap);
  writeSnapshot(ctx, snap);
  const health = healthReport(ctx, graph);
  return {
    graph: true,
    changes,
    new_pitfalls,
    health: { ...health.counts },
    node_count: health.node_count,
    edge_count: health.edge_count,
    review_report: reviewReport,
  };
}

export function makeCheckpoint(ctx: Context, s: OrchestratorState, out: StageOutput, at: string): Checkpoint {
  const warnings = [...out.warnings, ...ctx.cfg.warnings];
  const akms = akmsStatus(ctx, out.reviewReport ?? null, warnings);
  const seq = s.history.filter((h) => h.event === "checkpoint").length + 1;
  return {
    seq,
    stage: s.current.stage,
    phase: s.current.phase,
    title: stageLabel(s.current),
    created_at: at,
    summary: out.summary,
    artifacts: out.artifacts,
    details: out.details,
    akms,
    warnings: [...new Set(warnings)],
  };
}
