import type { Problem } from "../errors.js";
import { readNode, type Listed, type Origin, type SourceNode } from "./sources.js";
import { jsonSafe, renderStub, stubsOf } from "./node-value.js";
import type { WorkerEntry } from "./worker-protocol.js";

export interface ParseJob {
  origin: Origin;
  items: Listed[];
}

export interface ShareResult {
  nodes: SourceNode[];
  problems: Problem[];
}

/**
 * Reads one share of node files, in order. With `render`, each node whose data JSON carries exactly
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

/**
 * Turns a worker's entries back into the ShareResult one thread would have read; a rendered entry
 * becomes the stub of its value (with the value kept for the parse cache).
 */
export function fromEntries(origin: Origin, items: Listed[], entries: WorkerEntry[]): ShareResult {
  const nodes: SourceNode[] = [];
  const problems: Problem[] = [];
  const stubs = stubsOf(
    entries.map((e) => (e && typeof e[0] === "string" ? e[0] : undefined)),
    () => 0,
  );
  items.forEach((item, k) => {
    const e = entries[k];
    const stub = stubs[k];
    if (e && typeof e[0] === "string") {
      if (stub !== undefined) {
        nodes.push({ id: stub.id as string, origin, file: item.file, shown: item.shown, data: stub, missingDraft: e[1], value: e[0] });
        return;
      }
    } else if (e) {
      const data = e[0] as Record<string, unknown>;
      nodes.push({ id: data.id as string, origin, file: item.file, shown: item.shown, data, missingDraft: e[1] });
      return;
    }
    const r = readNode(item, origin);
    if (r.node) nodes.push(r.node);
    else problems.push(...r.problems);
  });
  return { nodes, problems };
}
