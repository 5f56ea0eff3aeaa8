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

/**
 * What a parse worker sends back for one file: the valid node's data and missingDraft, or 0 when
 * the reading thread must read the file itself — a file with problems, or data JSON would not
 * carry exactly (-0, NaN, ±Infinity): so what crosses threads equals what one thread reads.
 */
export type WorkerEntry = 0 | [Record<string, unknown>, boolean];

function jsonExact(v: unknown): boolean {
  if (typeof v === "number") return Number.isFinite(v) && !Object.is(v, -0);
  if (v === null || typeof v === "string" || typeof v === "boolean") return true;
  if (Array.isArray(v)) return v.every(jsonExact);
  if (typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype) {
    for (const k in v) if (!jsonExact((v as Record<string, unknown>)[k])) return false;
    return true;
  }
  return false;
}

export function readEntries(origin: Origin, items: Listed[]): WorkerEntry[] {
  return items.map((item) => {
    const r = readNode(item, origin);
    return r.node && jsonExact(r.node.data) ? [r.node.data, r.node.missingDraft === true] : 0;
  });
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
