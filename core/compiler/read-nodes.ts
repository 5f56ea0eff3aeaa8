// Reading one origin's node files in list order with the one reader (sources.ts readNode); for
// the parse cache, each node that JSON carries exactly becomes its stub with its rendered value.
import type { Problem } from "../errors.js";
import { renderStub } from "./node-value.js";
import { jsonSafe } from "../store/records.js";
import { readNode, type Listed, type Origin, type SourceNode } from "./sources.js";

export interface ParseJob {
  origin: Origin;
  items: Listed[];
}

export interface ShareResult {
  nodes: SourceNode[];
  problems: Problem[];
}

/**
 * Reads one origin's node files, in order. With `render`, each node whose data JSON carries exactly
 * becomes its stub, with its parse-cache value (see node-value.ts).
 */
export function readShare(job: ParseJob, render = false): ShareResult {
  const nodes: SourceNode[] = [];
  const problems: Problem[] = [];
  for (const item of job.items) {
    const r = readNode(item, job.origin);
    const node = r.node;
    if (node) {
      if (render && jsonSafe(node.data)) {
        const { stub, value } = renderStub(node.data, node.origin);
        node.data = stub;
        node.value = value;
      }
      nodes.push(node);
    } else problems.push(...r.problems);
  }
  return { nodes, problems };
}
