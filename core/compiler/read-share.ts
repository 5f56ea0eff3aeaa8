import type { Problem } from "../errors.js";
import { readNode, type Listed, type Origin, type SourceNode } from "./sources.js";

export interface ParseJob {
  origin: Origin;
  items: Listed[];
}

export interface ShareResult {
  nodes: SourceNode[];
  problems: Problem[];
}

/** Reads one share of node files, in order. */
export function readShare(job: ParseJob): ShareResult {
  const nodes: SourceNode[] = [];
  const problems: Problem[] = [];
  for (const item of job.items) {
    const r = readNode(item, job.origin);
    if (r.node) nodes.push(r.node);
    else problems.push(...r.problems);
  }
  return { nodes, problems };
}
