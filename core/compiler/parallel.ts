// Reading node files on two threads. The compile stays synchronous: the main thread reads its half
// while a worker reads the other, then blocks on a shared flag and takes the worker's answer with
// receiveMessageOnPort. Results are reassembled in list order, so the output equals a one-thread
// read byte for byte. Without the worker bundle (running from source), or if the worker fails,
// everything is read on this thread.
import { existsSync } from "node:fs";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { MessageChannel, Worker, receiveMessageOnPort } from "node:worker_threads";
import { readShare, type ParseJob, type ShareResult } from "./read-share.js";

/** Below this many files a worker's start-up costs more than it saves. */
export const PARALLEL_MIN_FILES = 4000;
const WORKER_TIMEOUT_MS = 120_000;

function workerFile(): string | null {
  if (process.env.AKMS_PARSE_THREADS === "1") return null;
  try {
    const f = fileURLToPath(new URL("./parse-worker.mjs", import.meta.url));
    return existsSync(f) ? f : null;
  } catch {
    return null;
  }
}

function split(jobs: ParseJob[]): { mine: ParseJob[]; theirs: ParseJob[] } {
  const total = jobs.reduce((s, j) => s + j.items.length, 0);
  let budget = Math.floor(total / 2);
  const mine: ParseJob[] = [];
  const theirs: ParseJob[] = [];
  for (const j of jobs) {
    const take = Math.min(budget, j.items.length);
    budget -= take;
    if (take > 0) theirs.push({ origin: j.origin, items: j.items.slice(0, take) });
    if (take < j.items.length) mine.push({ origin: j.origin, items: j.items.slice(take) });
  }
  return { mine, theirs };
}

/** Reads every job's files; returns one ShareResult per job, in job order. */
export function readJobs(jobs: ParseJob[]): ShareResult[] {
  const total = jobs.reduce((s, j) => s + j.items.length, 0);
  const file = total >= PARALLEL_MIN_FILES && cpus().length > 1 ? workerFile() : null;
  if (!file) return jobs.map(readShare);
  const { mine, theirs } = split(jobs);
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  let worker: Worker;
  try {
    worker = new Worker(file, { workerData: { port: port2, flag, jobs: theirs }, transferList: [port2] });
    worker.unref();
  } catch {
    return jobs.map(readShare);
  }
  const myResults = mine.map(readShare);
  const deadline = Date.now() + WORKER_TIMEOUT_MS;
  while (Atomics.load(flag, 0) === 0 && Date.now() < deadline) Atomics.wait(flag, 0, 0, 200);
  const msg = Atomics.load(flag, 0) === 1 ? receiveMessageOnPort(port1) : undefined;
  port1.close();
  void worker.terminate();
  let theirResults: ShareResult[];
  const parsed = msg ? (JSON.parse(msg.message as string) as { ok: boolean; results?: ShareResult[] }) : null;
  if (parsed?.ok && parsed.results) theirResults = parsed.results;
  else theirResults = theirs.map(readShare); // the worker failed: do its share here
  // Stitch each job back together: the worker read the front of it, this thread the rest.
  return jobs.map((j) => {
    const front = theirResults[theirs.findIndex((t) => t.items.length && t.items[0] === j.items[0])];
    const back = myResults[mine.findIndex((m) => m.items.length && m.items[m.items.length - 1] === j.items[j.items.length - 1])];
    return {
      nodes: [...(front?.nodes ?? []), ...(back?.nodes ?? [])],
      problems: [...(front?.problems ?? []), ...(back?.problems ?? [])],
    };
  });
}
