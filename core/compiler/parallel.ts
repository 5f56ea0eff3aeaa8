// Reading node files on two threads. The compile stays synchronous: the files are cut into
// chunks that this thread and a worker claim from a shared counter (whichever is free takes the
// next), then this thread blocks on a shared flag and takes the worker's answer with
// receiveMessageOnPort. The worker runs the fast paths only; a file it cannot answer for exactly
// is read here again, and results are reassembled in list order, so the output equals a
// one-thread read byte for byte. Without the worker bundle (running from source), or if the
// worker fails, everything is read here.
import { cpus } from "node:os";
import { receiveMessageOnPort } from "node:worker_threads";
import { LIMITS } from "../yaml.js";
import { fromEntries, readShare, type ParseJob, type ShareResult } from "./read-share.js";
import { parseWorkerFile, startParseWorker, takeEarlyWorker, type StartedWorker } from "./parse-worker-start.js";
import { DONE, NEXT_CHUNK, type Chunk, type WorkerAnswer, type WorkerInput } from "./worker-protocol.js";

/** Below this many files a worker's start-up costs more than it saves. */
export const PARALLEL_MIN_FILES = 4000;
const WORKER_TIMEOUT_MS = 120_000;
/** Files per claim: small enough to balance the two threads, large enough to keep claims rare. */
const CHUNK_FILES = 256;

function chunksOf(jobs: ParseJob[]): Chunk[] {
  const chunks: Chunk[] = [];
  jobs.forEach((j, job) => {
    for (let start = 0; start < j.items.length; start += CHUNK_FILES) {
      chunks.push({ job, start, end: Math.min(start + CHUNK_FILES, j.items.length) });
    }
  });
  return chunks;
}

function inputOf(jobs: ParseJob[], chunks: Chunk[], render: boolean): WorkerInput {
  return {
    jobs: JSON.stringify(jobs.map((j) => [j.origin, j.items.map((i) => [i.file, i.shown, i.size ?? -1])])),
    chunks,
    maxFileBytes: LIMITS.maxFileBytes,
    render,
  };
}

function parallelFor(jobs: ParseJob[]): boolean {
  const total = jobs.reduce((s, j) => s + j.items.length, 0);
  return total >= PARALLEL_MIN_FILES && cpus().length > 1 && parseWorkerFile() !== null;
}

/** A read the worker started before this thread got to it (see readAhead). */
interface Ahead {
  started: StartedWorker;
  chunks: Chunk[];
  files: string[][];
  render: boolean;
}
let ahead: Ahead | null = null;

/**
 * For a build that will read every listed file (a cold `akms build`: no manifest, no parse cache):
 * the early worker starts reading `jobs` now, while this thread stats the files and reads the
 * overlay; readJobs then joins in on the same chunks. Nothing happens without an early worker.
 */
export function readAhead(jobs: ParseJob[], render: boolean): void {
  if (ahead !== null || !parallelFor(jobs)) return;
  const started = takeEarlyWorker();
  if (started === null) return;
  const chunks = chunksOf(jobs);
  started.port.postMessage(inputOf(jobs, chunks, render));
  ahead = { started, chunks, files: jobs.map((j) => j.items.map((i) => i.file)), render };
}

/** The read started ahead, when it is of exactly these jobs; any other is stopped (its work is lost, never used). */
function takeAhead(jobs: ParseJob[], render: boolean): Ahead | null {
  const a = ahead;
  ahead = null;
  if (a === null) return null;
  const same = a.render === render && a.files.length === jobs.length && jobs.every((j, k) => j.items.length === a.files[k]!.length && j.items.every((it, i) => it.file === a.files[k]![i]));
  if (same) return a;
  a.started.port.close();
  void a.started.worker.terminate();
  return null;
}

/**
 * Reads every job's files; returns one ShareResult per job, in job order. With `render`, the nodes
 * come as stubs with their parse-cache values (see node-value.ts). `besides` is other work for this
 * thread, done while the worker starts.
 */
export function readJobs(jobs: ParseJob[], render = false, besides?: () => void): ShareResult[] {
  const before = takeAhead(jobs, render);
  const started = before?.started ?? (parallelFor(jobs) ? (takeEarlyWorker() ?? startParseWorker()) : null);
  if (!started) {
    besides?.();
    return jobs.map((j) => readShare(j, render));
  }
  const { worker, port, shared } = started;
  const chunks = before?.chunks ?? chunksOf(jobs);
  try {
    if (before === null) port.postMessage(inputOf(jobs, chunks, render));
    besides?.(); // this thread's other work, while the worker starts
  } catch (e) {
    port.close();
    void worker.terminate();
    throw e;
  }
  const results: (ShareResult | undefined)[] = new Array(chunks.length);
  const readChunk = (c: number) => {
    const { job, start, end } = chunks[c]!;
    results[c] = readShare({ origin: jobs[job]!.origin, items: jobs[job]!.items.slice(start, end) }, render);
  };
  // The worker posts each chunk's answer as it finishes it; they are taken in between this thread's
  // own chunks, so little is left to take once both are done.
  let failed = false;
  const take = () => {
    for (let m = receiveMessageOnPort(port); m !== undefined && !failed; m = receiveMessageOnPort(port)) {
      const answer = JSON.parse(m.message as string) as WorkerAnswer;
      if (!Array.isArray(answer)) {
        failed = true; // its other answers are still exact; what it did not answer is read here
        break;
      }
      const [c, entries] = answer;
      const { job, start, end } = chunks[c]!;
      results[c] = fromEntries(jobs[job]!.origin, jobs[job]!.items.slice(start, end), entries);
    }
  };
  for (let c = Atomics.add(shared, NEXT_CHUNK, 1); c < chunks.length; c = Atomics.add(shared, NEXT_CHUNK, 1)) {
    readChunk(c);
    take();
  }
  const deadline = Date.now() + WORKER_TIMEOUT_MS;
  while (Atomics.load(shared, DONE) === 0 && Date.now() < deadline) {
    Atomics.wait(shared, DONE, 0, 20);
    take();
  }
  take(); // everything it posted before it said it was done
  port.close();
  void worker.terminate();
  // Chunks the worker claimed but did not answer (it failed or timed out) are read here.
  for (let c = 0; c < chunks.length; c++) if (!results[c]) readChunk(c);
  return jobs.map((_, job) => {
    const nodes: ShareResult["nodes"] = [];
    const problems: ShareResult["problems"] = [];
    chunks.forEach((ch, c) => {
      if (ch.job !== job) return;
      for (const n of results[c]!.nodes) nodes.push(n);
      for (const p of results[c]!.problems) problems.push(p);
    });
    return { nodes, problems };
  });
}
