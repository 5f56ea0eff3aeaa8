// Starting one task agent: spawn with an argv array (no shell), in the repository, with a timeout;
// its output is kept (the tail, for the log file) and its exit is reported as data.
import { spawn } from "node:child_process";

export interface AgentRun {
  argv: string[];
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** Set when the process could not be started at all (ENOENT, EACCES, …). */
  spawnError: { code: string; message: string } | null;
  /** stdout and stderr interleaved, the last `maxOutput` characters. */
  output: string;
  ms: number;
}

export interface AgentOptions {
  cwd: string;
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
  maxOutput?: number;
  /** After a timeout's SIGTERM, how long before SIGKILL. */
  graceMs?: number;
}

export function runAgent(argv: readonly string[], opts: AgentOptions): Promise<AgentRun> {
  const max = opts.maxOutput ?? 256 * 1024;
  const t0 = Date.now();
  return new Promise((resolve) => {
    let output = "";
    const keep = (chunk: Buffer | string) => {
      output += chunk.toString();
      if (output.length > 2 * max) output = output.slice(-max);
    };
    let timedOut = false;
    let settled = false;
    const finish = (r: Omit<AgentRun, "argv" | "output" | "ms" | "timedOut">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(killer);
      resolve({ ...r, argv: [...argv], timedOut, output: output.length > max ? output.slice(-max) : output, ms: Date.now() - t0 });
    };
    let killer: NodeJS.Timeout | undefined;
    const child = spawn(argv[0]!, argv.slice(1), { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ["ignore", "pipe", "pipe"], shell: false });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGTERM");
      killer = setTimeout(() => child.kill("SIGKILL"), opts.graceMs ?? 5000);
    }, opts.timeoutMs);
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    child.on("error", (e: NodeJS.ErrnoException) => finish({ exitCode: null, signal: null, spawnError: { code: e.code ?? "ERROR", message: e.message } }));
    child.on("close", (code, signal) => finish({ exitCode: code, signal: signal ?? null, spawnError: null }));
  });
}
