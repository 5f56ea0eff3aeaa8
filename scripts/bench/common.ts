// Shared benchmark plumbing: timing whole processes (wall time and peak RSS), medians, data sets.
import { loadavg } from "node:os";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { generateVault } from "./genvault.js";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const BIN = join(ROOT, "bin", "akms.mjs");
export const SHARED_BENCH = resolve(ROOT, "..", "shared", "bench");

export interface Run {
  wallMs: number;
  peakKb: number | null;
  /** User + system CPU milliseconds, from GNU time when it is there. */
  cpuMs: number | null;
  code: number;
  stdout: string;
  stderr: string;
}

const HAS_TIME = existsSync("/usr/bin/time");

/** Runs a whole process; peak RSS and CPU seconds from GNU time when it is there. */
export function timeRun(cmd: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Run {
  const argv = HAS_TIME ? ["/usr/bin/time", "-f", "__PEAK_KB=%M __CPU=%U %S", ...cmd] : cmd;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(argv[0]!, argv.slice(1), { cwd: opts.cwd ?? ROOT, env: { ...process.env, ...opts.env }, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const m = /__PEAK_KB=(\d+) __CPU=([\d.]+) ([\d.]+)/.exec(r.stderr ?? "");
  return {
    wallMs,
    peakKb: m ? Number(m[1]) : null,
    cpuMs: m ? (Number(m[2]) + Number(m[3])) * 1000 : null,
    code: r.status ?? -1,
    stdout: r.stdout ?? "",
    stderr: (r.stderr ?? "").replace(/__PEAK_KB=\d+ __CPU=[\d.]+ [\d.]+\n?/, ""),
  };
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function sizes(defaults = [500, 5000, 50000]): number[] {
  return process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(",").map(Number) : defaults;
}

const DATA_VERSION = "1";

/**
 * A generated knowledge base of `n` global nodes under .bench/ (made once, reused); `BENCH_DIR`
 * puts the data sets elsewhere, so that two benchmark runs do not share (and disturb) one copy.
 */
export function dataset(n: number): { dir: string; vault: string; repo: string } {
  const dir = join(process.env.BENCH_DIR ? resolve(process.env.BENCH_DIR) : join(ROOT, ".bench"), `kb-${n}`);
  const stamp = join(dir, ".complete");
  if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== DATA_VERSION) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    generateVault(dir, n);
    writeFileSync(stamp, DATA_VERSION);
  }
  return { dir, vault: join(dir, "vault"), repo: join(dir, "repo") };
}

export function akmsCmd(args: string[]): string[] {
  return [process.execPath, BIN, ...args];
}

export const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
export const fmtMb = (kb: number | null) => (kb === null ? "n/a" : `${(kb / 1024).toFixed(0)} MB`);

export interface BenchSection {
  name: string;
  title: string;
  run(): Promise<unknown> | unknown;
}

/** Every section, in order. Each lives in its own file under scripts/bench/. */
export function benchSections(): BenchSection[] {
  return registry;
}

const registry: BenchSection[] = [];
export function registerSection(s: BenchSection): void {
  registry.push(s);
}

/** How many node files the "after an edit" build finds changed. */
export const EDITED = 10;

/**
 * Edits EDITED global nodes spread over the vault (a new confidence value in the frontmatter, as a
 * reviewer or a `git pull` would); returns a function that puts their text back.
 */
export function editNodes(vault: string, round: number): () => void {
  const files = readdirSync(vault).filter((f) => f.endsWith(".md")).sort();
  const saved: [string, string][] = [];
  for (let k = 0; k < EDITED; k++) {
    const f = join(vault, files[Math.floor(((k + 0.5) * files.length) / EDITED)]!);
    const text = readFileSync(f, "utf8");
    const edited = text.replace(/^confidence: .*$/m, `confidence: 0.${String(11 + ((round * EDITED + k) % 88))}`);
    if (edited === text) throw new Error(`no confidence line to edit in ${f}`);
    saved.push([f, text]);
    writeFileSync(f, edited);
  }
  return () => {
    for (const [f, text] of saved) writeFileSync(f, text);
  };
}

export interface BenchUse {
  id: string;
  useful: boolean;
  coverage: string;
}

/** A benchmark AgentMemory: `used` as nodes_used; optionally its own date and one pitfall on a node. */
export function benchMemory(task: string, used: readonly BenchUse[], opts: { date?: string; pitfallOn?: string } = {}): string {
  return [
    "---",
    `task_id: ${task}`,
    'task_description: "benchmark task"',
    "phase_id: 1",
    `timestamp: ${opts.date ?? "2026-03-04"}T10:00:00`,
    "agent_model: bench",
    "loadout_used: loadouts/bench.md",
    "status: complete",
    "tests_passed: 1",
    "tests_total: 1",
    "nodes_used:",
    ...used.map((u) => `  - id: ${u.id}\n    useful: ${u.useful}\n    coverage: ${u.coverage}`),
    ...(opts.pitfallOn ? ["pitfalls_discovered:", `  - node_ref: ${opts.pitfallOn}`, `    description: "pitfall of ${task}"`, "    severity: medium"] : []),
    "akms_schema: v2",
    "---",
    "",
  ].join("\n");
}

/** The machine's load average (1, 5, 15 minutes), as every section prints it beside its figures. */
export function loadText(): string {
  return loadavg().map((x) => x.toFixed(2)).join(" ");
}
