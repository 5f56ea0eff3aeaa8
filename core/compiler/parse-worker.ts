// Worker side of the parallel read: waits for its input (it may be started before the files are
// listed, see parse-worker-start.ts), claims chunks of node files from the shared counter, reads
// them with the fast paths only, and posts each chunk's answer as one JSON string (far cheaper to
// move between threads than structured-cloned objects) as soon as it is done.
import { workerData, type MessagePort } from "node:worker_threads";
import { fastReadEntry } from "./fast-read.js";
import type { Origin } from "./sources.js";
import { DONE, NEXT_CHUNK, type WorkerAnswer, type WorkerEntry, type WorkerInput } from "./worker-protocol.js";

const { port, shared } = workerData as { port: MessagePort; shared: Int32Array };

function post(answer: WorkerAnswer): void {
  port.postMessage(JSON.stringify(answer));
}

function run(input: WorkerInput): void {
  try {
    const jobs = JSON.parse(input.jobs) as [Origin, [string, string, number][]][];
    for (let c = Atomics.add(shared, NEXT_CHUNK, 1); c < input.chunks.length; c = Atomics.add(shared, NEXT_CHUNK, 1)) {
      const { job, start, end } = input.chunks[c]!;
      const [origin, items] = jobs[job]!;
      const entries: WorkerEntry[] = [];
      for (let k = start; k < end; k++) {
        const [file, , size] = items[k]!;
        entries.push(fastReadEntry(file, origin, input.maxFileBytes, input.render, size >= 0 ? size : undefined));
      }
      post([c, entries]);
    }
  } catch (e) {
    post({ error: String((e as Error)?.message ?? e) });
  }
}

port.once("message", (input: WorkerInput) => {
  run(input);
  Atomics.store(shared, DONE, 1);
  Atomics.notify(shared, DONE);
});
