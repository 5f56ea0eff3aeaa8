import type { Problem } from "../errors.js";
import { readNode, type Listed, type Origin, type SourceNode } from "./sources.js";
import type { WorkerEntry } from "./worker-protocol.js";

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

/** Turns a worker's entries back into the ShareResult one thread would have read. */
export function fromEntries(origin: Origin, items: Listed[], entries: WorkerEntry[]): ShareResult {
  const nodes: SourceNode[] = [];
  const problems: Problem[] = [];
  items.forEach((item, k) => {
    const e = entries[k];
    if (e) {
      const data = e[0];
      nodes.push({ id: data.id as string, origin, file: item.file, shown: item.shown, data, missingDraft: e[1] });
      return;
    }
    const r = readNode(item, origin);
    if (r.node) nodes.push(r.node);
    else problems.push(...r.problems);
  });
  return { nodes, problems };
}
