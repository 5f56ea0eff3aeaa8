// Runs every test/**/*.test.ts(x) with Node's built-in test runner (through tsx).
// A run that finds no test files, or executes zero tests, fails.
import { mkdirSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawn } from "node:child_process";

const roots = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const extra = process.argv.slice(2).filter((a) => a.startsWith("--"));
const files = [];
const walk = (d) => {
  for (const name of readdirSync(d).sort()) {
    const p = join(d, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.test\.tsx?$/.test(name)) files.push(p);
  }
};
// test/package and test/hosts install packages (the packed akms, the real host CLIs): their own
// scripts run them (`npm run test:package`, `npm run test:hosts`, both in .ci/run), not `npm test`.
const SEPARATE = new Set(["test/package", "test/hosts"]);
const walkAll = walk;
const walkDefault = (d) => {
  for (const name of readdirSync(d).sort()) {
    const p = join(d, name);
    if (SEPARATE.has(p.split("\\").join("/"))) continue;
    if (statSync(p).isDirectory()) walkDefault(p);
    else if (/\.test\.tsx?$/.test(name)) files.push(p);
  }
};
for (const r of roots.length ? roots : ["test"]) {
  if (!roots.length) {
    walkDefault(r);
    continue;
  }
  if (statSync(r).isDirectory()) walkAll(r);
  else files.push(r);
}
if (!files.length) {
  console.error("no test files found");
  process.exit(1);
}
// Every test's scratch folder (repositories, vaults, prefixes, $HOME) lives under a name holding a
// space, a quote, `%A` (git's and tmux's placeholder) and a non-ASCII letter, as people's paths do:
// an unquoted or raw path anywhere in akms (or a test) fails here, not on a user's machine.
// The folder stays (like the system's; each test removes its own scratch, and tsx keeps its cache
// there); AKMS_TEST_PLAIN_TMP=1 uses the system's folder instead, to tell a path problem from another.
const scratchRoot = process.env.AKMS_TEST_PLAIN_TMP === "1" ? null : join(tmpdir(), "akms test's 100%A é");
if (scratchRoot) mkdirSync(scratchRoot, { recursive: true });
const args = ["--import", "tsx", "--test", "--test-concurrency=2", "--test-timeout=300000", ...extra, ...files];
const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, AKMS_TEST: "1", ...(scratchRoot ? { TMPDIR: scratchRoot } : {}) } });
let tail = "";
child.stdout.on("data", (d) => {
  process.stdout.write(d);
  tail = (tail + d.toString()).slice(-4000);
});
child.on("close", (code) => {
  const m = /# tests (\d+)/.exec(tail) ?? /ℹ tests (\d+)/.exec(tail);
  if (m && Number(m[1]) === 0) {
    console.error("the test runner executed zero tests");
    process.exit(1);
  }
  process.exit(code ?? 1);
});
