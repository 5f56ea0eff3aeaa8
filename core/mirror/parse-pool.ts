// Parsing many files: in this thread for a few, on worker threads for many (web-tree-sitter is
// single-threaded and parsing dominates a large mirror run). The worker is its own small bundle,
// dist/mirror-worker.mjs next to the CLI bundle (see parse-worker.ts). Without it — running from
// the .ts sources, or AKMS_MIRROR_WORKERS=0 — everything is parsed in this thread.
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Language, ParsedSource } from "./types.js";

export interface ParseJob {
  path: string;
  lang: Language;
  text: string;
}

/** Below this much source, starting workers costs more than it saves. */
const MIN_PARALLEL_BYTES = 1_500_000;
const MIN_PARALLEL_FILES = 24;

export async function parseOne(job: ParseJob): Promise<ParsedSource> {
  if (job.lang === "python") return (await import("./python.js")).parsePython(job.text);
  return (await import("./typescript.js")).parseTypeScript(job.text, job.path);
}

function workerFile(): string | null {
  try {
    const f = fileURLToPath(new URL("./mirror-worker.mjs", import.meta.url));
    return existsSync(f) ? f : null;
  } catch {
    return null;
  }
}

function workerCount(jobs: readonly ParseJob[], env: NodeJS.ProcessEnv): number {
  const forced = env.AKMS_MIRROR_WORKERS;
  if (forced !== undefined && /^\d+$/.test(forced)) return Math.min(Number(forced), jobs.length);
  const bytes = jobs.reduce((n, j) => n + j.text.length, 0);
  if (jobs.length < MIN_PARALLEL_FILES || bytes < MIN_PARALLEL_BYTES) return 0;
  return Math.min(Math.max(availableParallelism(), 1), 4, jobs.length);
}

/**
 * Parses every job; `onParsed` is called in this thread as results arrive (in any order), so the
 * caller's own work (drift, rendering) overlaps the parsing. Resolves when all are done.
 */
export async function parseAll(
  jobs: readonly ParseJob[],
  onParsed: (index: number, parsed: ParsedSource) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ workers: number; inThread: number }> {
  const file = workerFile();
  const n = file ? workerCount(jobs, env) : 0;
  if (!file || n < 2) {
    for (const [i, job] of jobs.entries()) onParsed(i, await parseOne(job));
    return { workers: 0, inThread: jobs.length };
  }
  let next = 0;
  const failed: number[] = [];
  await new Promise<void>((resolveAll) => {
    let live = n;
    const retire = () => {
      if (--live === 0) resolveAll();
    };
    for (let w = 0; w < n; w++) {
      const worker = new Worker(file);
      let current = -1;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        void worker.terminate();
        retire();
      };
      const feed = () => {
        if (next >= jobs.length) return finish();
        current = next++;
        worker.postMessage({ index: current, job: jobs[current] });
      };
      worker.on("message", (m: { index: number; json?: string; error?: string }) => {
        if (m.json !== undefined) onParsed(m.index, JSON.parse(m.json) as ParsedSource);
        else failed.push(m.index);
        current = -1;
        feed();
      });
      // A worker that cannot start or dies: its job is parsed here instead, the others go on.
      worker.on("error", () => {
        if (current >= 0) failed.push(current);
        current = -1;
        finish();
      });
      worker.on("exit", () => {
        if (current >= 0) failed.push(current);
        current = -1;
        finish();
      });
      feed();
    }
  });
  // Whatever the workers could not do (or did not get to) is parsed in this thread, where a real
  // error surfaces with its message.
  const handled = new Set<number>(failed);
  for (let i = next; i < jobs.length; i++) handled.add(i);
  for (const i of [...handled].sort((a, b) => a - b)) onParsed(i, await parseOne(jobs[i]!));
  return { workers: n, inThread: handled.size };
}
