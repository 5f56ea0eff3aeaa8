// Worker side of the mirror's parallel parsing (parse-pool.ts): parses the files it is sent, one
// message each, and answers with the result (or the error's message). Bundled on its own as
// dist/mirror-worker.mjs so that a worker starts without loading the whole CLI.
import { parentPort } from "node:worker_threads";
import { parseOne, type ParseJob } from "./parse-pool.js";

const port = parentPort;
if (port) {
  port.on("message", async (m: { index: number; job: ParseJob }) => {
    try {
      // One JSON string moves between threads far faster than a structured clone of the object.
      port.postMessage({ index: m.index, json: JSON.stringify(await parseOne(m.job)) });
    } catch (e) {
      port.postMessage({ index: m.index, error: (e as Error).message });
    }
  });
}
