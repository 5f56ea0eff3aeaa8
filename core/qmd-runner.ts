// Several qmd processes at once from synchronous code: one short-lived node process (the runner,
// started with spawnSync) spawns them with a bounded concurrency and prints their outcomes as JSON.
// Each run keeps the rules of a single one: an argv array, its own process group, a timeout that
// kills the whole group. The runner itself has a timeout too; it is sent SIGTERM, on which it kills
// every group still running before it exits.
import { spawnSync, type SpawnSyncReturns } from "node:child_process";

export interface RunnerJob {
  cmd: string;
  argsList: string[][];
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  jobs: number;
  maxBuffer: number;
  /** The runner's own timeout (default: every wave of runs timing out, plus a margin). */
  runnerTimeoutMs?: number;
}

interface RunnerResult {
  pid: number;
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  error: { code?: string; message: string } | null;
}

// Plain JavaScript, run with `node -e`; the job arrives on stdin.
const RUNNER = String.raw`
"use strict";
const { spawn } = require("node:child_process");
const live = new Set();
const killGroup = (pid) => { try { process.kill(-pid, "SIGKILL"); } catch {} };
process.on("SIGTERM", () => { for (const pid of live) killGroup(pid); process.exit(143); });
let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (d) => { input += d; });
process.stdin.on("end", () => {
  const job = JSON.parse(input);
  const n = job.argsList.length;
  const results = new Array(n);
  let next = 0, done = 0;
  const finish = () => process.stdout.write(JSON.stringify(results), () => process.exit(0));
  const settle = (i, r) => { results[i] = r; done++; if (done === n) finish(); else start(); };
  const start = () => {
    if (next >= n) return;
    const i = next++;
    let child;
    try {
      child = spawn(job.cmd, job.argsList[i], { cwd: job.cwd, stdio: ["ignore", "pipe", "pipe"], detached: true, windowsHide: true });
    } catch (e) {
      settle(i, { pid: 0, status: null, signal: null, stdout: "", stderr: "", error: { code: e.code, message: e.message } });
      return;
    }
    const pid = child.pid;
    if (pid) live.add(pid);
    const out = [], err = [];
    let size = 0, error = null, settled = false;
    const timer = setTimeout(() => {
      error = { code: "ETIMEDOUT", message: "spawnSync " + job.cmd + " ETIMEDOUT" };
      if (pid) killGroup(pid);
    }, job.timeoutMs);
    const take = (list) => (d) => {
      size += d.length;
      if (size > job.maxBuffer && !error) {
        error = { code: "ENOBUFS", message: "spawnSync " + job.cmd + " ENOBUFS" };
        if (pid) killGroup(pid);
      }
      if (!error) list.push(d);
    };
    child.stdout.on("data", take(out));
    child.stderr.on("data", take(err));
    const end = (status, signal) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (pid) {
        live.delete(pid);
        if (error || signal) killGroup(pid);
      }
      settle(i, { pid: pid || 0, status, signal, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8"), error });
    };
    child.on("error", (e) => {
      if (!error) error = { code: e.code, message: e.message };
      if (!pid) end(null, null);
    });
    child.on("close", (status, signal) => end(status, signal));
  };
  if (n === 0) finish();
  for (let k = 0; k < Math.min(job.jobs, n); k++) start();
});
`;

/** Extra time the runner gets on top of its runs' own timeouts (its start, its JSON). */
const RUNNER_MARGIN_MS = 30_000;

function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    /* the group is already gone */
  }
}

function asReturns(r: RunnerResult): SpawnSyncReturns<string> {
  const out: SpawnSyncReturns<string> = { pid: r.pid, output: [null, r.stdout, r.stderr], stdout: r.stdout, stderr: r.stderr, status: r.status, signal: r.signal };
  if (r.error) out.error = Object.assign(new Error(r.error.message), r.error.code ? { code: r.error.code } : {});
  return out;
}

/**
 * Runs `cmd` once per entry of `argsList`, at most `jobs` at a time; the outcomes in the order
 * given, shaped like spawnSync's. When the runner itself fails, every run reports that failure.
 */
export function runConcurrently(job: RunnerJob): SpawnSyncReturns<string>[] {
  const waves = Math.ceil(job.argsList.length / Math.max(1, job.jobs));
  const timeout = job.runnerTimeoutMs ?? job.timeoutMs * waves + RUNNER_MARGIN_MS;
  // `detached` works for spawnSync (it shares spawn's option handling) but is missing from its type.
  const options = {
    cwd: job.cwd,
    env: job.env,
    input: JSON.stringify({ cmd: job.cmd, argsList: job.argsList, cwd: job.cwd, timeoutMs: job.timeoutMs, jobs: job.jobs, maxBuffer: job.maxBuffer }),
    encoding: "utf8" as const,
    timeout,
    killSignal: "SIGTERM" as const,
    // every run's output, JSON-escaped, plus room for the escaping
    maxBuffer: job.maxBuffer * Math.max(1, job.argsList.length) * 2,
    stdio: ["pipe", "pipe", "pipe"] as ["pipe", "pipe", "pipe"],
    windowsHide: true,
    detached: true,
  };
  const r = spawnSync(process.execPath, ["-e", RUNNER], options);
  if (r.pid && (r.error || r.signal)) killGroup(r.pid);
  let parsed: RunnerResult[] | null = null;
  if (!r.error && r.status === 0) {
    try {
      const v = JSON.parse(r.stdout) as unknown;
      if (Array.isArray(v) && v.length === job.argsList.length) parsed = v as RunnerResult[];
    } catch {
      parsed = null;
    }
  }
  if (parsed) return parsed.map(asReturns);
  const err = r.error as NodeJS.ErrnoException | undefined;
  const why =
    err?.code === "ETIMEDOUT"
      ? { code: "ETIMEDOUT", message: `spawnSync ${job.cmd} ETIMEDOUT` }
      : { message: `the runner of concurrent qmd runs failed: ${err?.message ?? (r.signal ? `killed by ${r.signal}` : `exit code ${r.status}`)}${r.stderr ? `: ${r.stderr.trim().split("\n")[0]}` : ""}` };
  return job.argsList.map(() => asReturns({ pid: 0, status: null, signal: null, stdout: "", stderr: "", error: why }));
}
