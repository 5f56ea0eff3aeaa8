// Worker side of the parallel read: parses its share of node files and posts the results back as
// one JSON string (far cheaper to move between threads than structured-cloned objects).
import { workerData, type MessagePort } from "node:worker_threads";
import { readShare, type ParseJob } from "./read-share.js";

const { port, flag, jobs } = workerData as { port: MessagePort; flag: Int32Array; jobs: ParseJob[] };
let message: string;
try {
  message = JSON.stringify({ ok: true, results: jobs.map(readShare) });
} catch (e) {
  message = JSON.stringify({ ok: false, error: String((e as Error)?.message ?? e) });
}
port.postMessage(message);
Atomics.store(flag, 0, 1);
Atomics.notify(flag, 0);
