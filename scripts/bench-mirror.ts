// Benchmark: `akms mirror --all` over 1,000 realistic Python files, then a re-run with nothing
// changed, then a run after 10 files changed. Targets: first run ≤ 10 s, unchanged re-run ≤ 1 s.
//
//   npm run build && node --import tsx scripts/bench-mirror.ts [--files N] [--keep]
//
// The files are built deterministically from the CPython modules in fixtures/mirror/python: each
// file is a module docstring, imports and a run of consecutive top-level definitions taken from
// those modules (2–13 KB of definitions plus whatever the last one brings: about 10 KB on average, a
// typical project module), with its
// top-level names suffixed so that no two files are the same. The repository is a git work tree
// (as in real use), so `--all` lists files with `git ls-files`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { pyFiles } from "../test/helpers.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BIN = join(ROOT, "bin", "akms.mjs");
const FIXTURES = join(ROOT, "fixtures", "mirror", "python");

const args = process.argv.slice(2);
const COUNT = Number(args[args.indexOf("--files") + 1]) > 0 && args.includes("--files") ? Number(args[args.indexOf("--files") + 1]) : 1000;
const KEEP = args.includes("--keep");

/** Top-level blocks: a (decorated) def or class and the module-level lines after it. */
function blocks(text: string): string[] {
  const lines = text.split("\n");
  const starts: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const isDef = /^(async def |def |class )/.test(l);
    const isDeco = l.startsWith("@");
    const prevDeco = i > 0 && lines[i - 1]!.startsWith("@");
    if ((isDeco && !prevDeco) || (isDef && !prevDeco)) starts.push(i);
  }
  const out: string[] = [];
  for (let k = 0; k < starts.length; k++) out.push(lines.slice(starts[k], starts[k + 1] ?? lines.length).join("\n").trimEnd() + "\n");
  return out;
}

/** Keeps only blocks Python itself accepts on their own (when python3 is here). */
function validBlocks(all: string[]): string[] {
  const r = spawnSync(
    "python3",
    ["-c", "import ast,json,sys\nok=[]\nfor b in json.load(sys.stdin):\n    try:\n        ast.parse(b); ok.append(True)\n    except SyntaxError:\n        ok.append(False)\nprint(json.dumps(ok))"],
    { input: JSON.stringify(all), encoding: "utf8", maxBuffer: 256 << 20 },
  );
  if (r.status !== 0) return all;
  const ok = JSON.parse(r.stdout) as boolean[];
  return all.filter((_, i) => ok[i]);
}

function generate(repo: string, count: number): { bytes: number } {
  const pool = validBlocks(pyFiles(FIXTURES).flatMap((f) => blocks(readFileSync(f, "utf8"))));
  let seed = 20250601;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const target = 2000 + Math.floor(rand() * 11000);
    let at = Math.floor(rand() * pool.length);
    const parts = [`"""Module ${i}: generated for the akms mirror benchmark."""\n`, "import os\nimport re\nimport sys\n"];
    let size = 0;
    while (size < target) {
      const b = pool[at % pool.length]!.replace(/^((?:async )?def |class )([A-Za-z_]\w*)/m, (_, kw, name) => `${kw}${name}_m${i}`);
      parts.push(b);
      size += b.length;
      at++;
    }
    const text = parts.join("\n\n");
    const dir = join(repo, "src", `pkg${String(i % 25).padStart(2, "0")}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `module_${String(i).padStart(4, "0")}.py`), text);
    bytes += Buffer.byteLength(text);
  }
  return { bytes };
}

function git(repo: string, a: string[]): void {
  spawnSync("git", ["-c", "user.name=bench", "-c", "user.email=bench@example.com", "-c", "commit.gpgsign=false", ...a], { cwd: repo, stdio: "ignore" });
}

const HAS_TIME = existsSync("/usr/bin/time");

/** Wall time, and CPU time (user + sys, all threads) from GNU time where it is installed. */
function run(repo: string, vault: string): { ms: number; cpuMs: number | null; json: any } {
  const cmd = [process.execPath, BIN, "mirror", "--all", "--repo", repo, "--vault", vault, "--json"];
  const argv = HAS_TIME ? ["/usr/bin/time", "-f", "__CPU=%U %S", ...cmd] : cmd;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(argv[0]!, argv.slice(1), { cwd: repo, encoding: "utf8", maxBuffer: 256 << 20 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`akms mirror failed (${r.status}): ${r.stdout.slice(0, 2000)} ${r.stderr.slice(0, 2000)}`);
  const m = /__CPU=([\d.]+) ([\d.]+)/.exec(r.stderr);
  return { ms, cpuMs: m ? Math.round((Number(m[1]) + Number(m[2])) * 1000) : null, json: JSON.parse(r.stdout) };
}

const dir = mkdtempSync(join(tmpdir(), "akms-bench-mirror-"));
const repo = join(dir, "repo");
const vault = join(dir, "vault");
mkdirSync(vault, { recursive: true });
mkdirSync(join(repo, "knowledge", "graph"), { recursive: true });
writeFileSync(join(repo, ".gitignore"), "knowledge/graph/.cache/\n");
const { bytes } = generate(repo, COUNT);
git(repo, ["init", "-q", "-b", "main"]);
git(repo, ["add", "-A"]);
git(repo, ["commit", "-qm", "bench"]);

const first = run(repo, vault);
const again = run(repo, vault);
// Ten files change (a docstring line each): only they are parsed and rewritten.
for (let i = 0; i < 10; i++) {
  const f = join(repo, "src", `pkg${String((i * 97) % 25).padStart(2, "0")}`, `module_${String((i * 97) % COUNT).padStart(4, "0")}.py`);
  writeFileSync(f, readFileSync(f, "utf8").replace("generated for the akms mirror benchmark", "edited"));
}
const ten = run(repo, vault);

const defs = first.json.mirrored.reduce((n: number, m: { definitions: number }) => n + m.definitions, 0);
const result = {
  files: COUNT,
  source_bytes: bytes,
  definitions: defs,
  first_run_ms: Math.round(first.ms),
  first_run_cpu_ms: first.cpuMs,
  first_run_written: first.json.mirrored.length,
  first_run_parse_workers: first.json.parsing.workers,
  unchanged_rerun_ms: Math.round(again.ms),
  unchanged_rerun_cpu_ms: again.cpuMs,
  unchanged_rerun_written: again.json.mirrored.length,
  ten_changed_ms: Math.round(ten.ms),
  ten_changed_cpu_ms: ten.cpuMs,
  ten_changed_written: ten.json.mirrored.length,
  cpus: availableParallelism(),
  load_average_1m: Number(loadavg()[0]!.toFixed(2)),
  targets: { first_run_ms: 10000, unchanged_rerun_ms: 1000 },
  pass: first.ms <= 10000 && again.ms <= 1000 && again.json.mirrored.length === 0,
};
process.stdout.write(JSON.stringify(result, null, 2) + "\n");
process.stderr.write(
  `mirror ${COUNT} Python files (${(bytes / 1e6).toFixed(1)} MB, ${defs} definitions): first run ${(first.ms / 1000).toFixed(2)} s (target ≤ 10 s), ` +
    `unchanged re-run ${(again.ms / 1000).toFixed(2)} s (target ≤ 1 s), 10 changed ${(ten.ms / 1000).toFixed(2)} s; ` +
    `CPU ${first.cpuMs ?? "?"} / ${again.cpuMs ?? "?"} / ${ten.cpuMs ?? "?"} ms; ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)}\n`,
);
if (KEEP) process.stderr.write(`kept ${dir}\n`);
else rmSync(dir, { recursive: true, force: true });
process.exitCode = result.pass ? 0 : 1;
