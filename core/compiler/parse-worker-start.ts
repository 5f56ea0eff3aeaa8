// The parse worker, started ahead of the read. A worker takes some 100–200 ms to boot; a cold
// `akms build` started from the command line starts it before its own modules load, so by the time
// the files are listed the worker is ready to read (see parallel.ts). Only node built-ins here: the
// command line imports this before anything else.
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { MessageChannel, Worker, type MessagePort } from "node:worker_threads";

export interface StartedWorker {
  worker: Worker;
  /** This side of the channel: the input goes out, the answer comes back. */
  port: MessagePort;
  shared: Int32Array;
}

/** The worker bundle next to the compiled code; null when running from source or single-threaded. */
export function parseWorkerFile(): string | null {
  if (process.env.AKMS_PARSE_THREADS === "1") return null;
  try {
    const f = fileURLToPath(new URL("./parse-worker.mjs", import.meta.url));
    return existsSync(f) ? f : null;
  } catch {
    return null;
  }
}

/** A new worker waiting for its input on `port`, or null when there is no worker bundle or it fails to start. */
export function startParseWorker(): StartedWorker | null {
  const file = parseWorkerFile();
  if (!file) return null;
  const shared = new Int32Array(new SharedArrayBuffer(8));
  const { port1, port2 } = new MessageChannel();
  try {
    const worker = new Worker(file, { workerData: { port: port2, shared }, transferList: [port2] });
    worker.unref();
    port1.unref();
    return { worker, port: port1, shared };
  } catch {
    port1.close();
    return null;
  }
}

let early: StartedWorker | null = null;

/** The worker started early, if any; it is handed out once. */
export function takeEarlyWorker(): StartedWorker | null {
  const w = early;
  early = null;
  return w;
}

/**
 * For `akms build` from the command line: starts the worker now when the build looks cold (the
 * repository has no build manifest), so its start-up overlaps the command's. A wrong guess costs
 * only the idle worker (it never changes what is built).
 */
export function startEarlyForBuild(cwd: string, repoFlag: string | undefined): void {
  if (early) return;
  const manifest = join(repoFlag ? resolve(cwd, repoFlag) : gitTop(resolve(cwd)), "knowledge", "graph", ".cache", "build-manifest.bin");
  if (existsSync(manifest)) return;
  early = startParseWorker();
}

/** The nearest directory holding .git (findRepo asks git itself; this is only a guess). */
function gitTop(dir: string): string {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, ".git"))) return d;
    if (dirname(d) === d) return dir;
  }
}
