// The orchestrator's stage writes killed at every write step (issue 16.1): approving TASK BREAKDOWN
// runs SCAFFOLD 1 (a branch, tag write-back, loadouts, loadout_path in the task records, the state);
// killed at each atomic write, then `akms orchestrate next` runs the interrupted stage again, and
// knowledge/ ends as after one clean run (the run's own history, which records the interruption,
// aside), on the same branch.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { akms, ROOT, snapshot, tmp, write, writeNode } from "../helpers.js";

const GIT_ENV = { GIT_AUTHOR_NAME: "Test", GIT_AUTHOR_EMAIL: "test@example.org", GIT_COMMITTER_NAME: "Test", GIT_COMMITTER_EMAIL: "test@example.org" };
const ENV = { ...GIT_ENV, SOURCE_DATE_EPOCH: "1790000000", AKMS_GLOBAL_VAULT: "", AKMS_TEST: "1" };
const AGENT = [process.execPath, join(ROOT, "fixtures", "orchestrator", "fake-agent.mjs"), "{task_file}", "{loadout}", "{memory_out}", "{phase}", "{pcd}"];

function git(repo: string, ...args: string[]): string {
  const r = spawnSync("git", args, { cwd: repo, encoding: "utf8", env: { ...process.env, ...GIT_ENV } });
  assert.equal(r.status, 0, `git ${args.join(" ")}: ${r.stderr}`);
  return r.stdout.trim();
}

function atBreakdown(): string {
  const dir = tmp("akms-orcrash-");
  const vault = join(dir, "vault");
  const repo = join(dir, "repo");
  writeNode(vault, { id: "fft-solver", title: "FFT solver", domain: "numerics", tags: ["fft", "solver"], confidence: 0.8 });
  write(join(repo, "knowledge", "graph", "propagation_config.yaml"), `akms_schema: v2\nglobal_vault: ../vault\norchestrator:\n  plan_name: demo\n  base_branch: main\n  agent_command: ${JSON.stringify(AGENT)}\n`);
  write(join(repo, "knowledge", ".gitignore"), "graph/.cache/\ngraph/.qmd_cache/\ngraph/.akms.lock\n");
  write(join(repo, "plans", "plan.md"), "# Plan\n\n## Phase 1\nThe solver.\n");
  write(join(repo, "src", "solver.py"), "def solve(x):\n    return x\n");
  write(join(repo, "src", "conv.py"), "def converged(r):\n    return r < 1e-6\n");
  for (const [id, tags, scope] of [["t-a", ["fft"], "src/solver.py"], ["t-b", [], "src/conv.py"]] as const) {
    write(join(repo, "knowledge", "tasks", `${id}.json`), JSON.stringify({ task_id: id, title: `Tune the FFT solver (${id})`, scope: [scope], depends_on: [], phase: 1, status: "pending", akms_tags: tags, akms_schema: "v2" }, null, 2) + "\n");
  }
  git(repo, "init", "-q", "-b", "main");
  git(repo, "add", "-A");
  git(repo, "commit", "-q", "-m", "init");
  for (const args of [["orchestrate", "init", "plans/plan.md", "--no-qmd"], ["orchestrate", "approve"]]) {
    const r = akms([...args, "--repo", repo], { env: ENV, cwd: repo });
    assert.equal(r.code, 0, r.stderr);
  }
  return dir;
}

function copy(dir: string): { dir: string; repo: string } {
  const to = tmp("akms-orcrash-");
  cpSync(dir, to, { recursive: true });
  return { dir: to, repo: join(to, "repo") };
}

/**
 * knowledge/ without the caches, the orchestrator's own state (its history logs the interruption)
 * and a dead holder's lock file (the next writer reclaims it; a reader leaves it).
 */
function state(c: { dir: string; repo: string }): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of snapshot(join(c.repo, "knowledge"))) {
    if (k.startsWith("graph/.cache/") || k.startsWith("graph/.qmd_cache/") || k.startsWith("orchestrator/") || k === "graph/.akms.lock") continue;
    out.set(k, Buffer.from(v, "base64").toString("latin1").split(c.dir).join("<DIR>"));
  }
  return out;
}

function runState(c: { repo: string }) {
  const s = JSON.parse(readFileSync(join(c.repo, "knowledge", "orchestrator", "state.json"), "utf8"));
  return { current: s.current, status: s.status, phases: s.phase_runs["1"]?.tasks ? Object.keys(s.phase_runs["1"].tasks).sort() : null };
}

test("SCAFFOLD killed at every write step, then `orchestrate next`: the clean run's knowledge/, state and branch", () => {
  const base = atBreakdown();
  const clean = copy(base);
  const r = akms(["orchestrate", "approve", "--repo", clean.repo], { env: ENV, cwd: clean.repo });
  assert.equal(r.code, 0, r.stderr);
  const expected = state(clean);
  const expectedRun = runState(clean);
  const branch = git(clean.repo, "rev-parse", "--abbrev-ref", "HEAD");
  let steps = 0;
  for (let n = 1; n < 300; n++) {
    const c = copy(base);
    const k = akms(["orchestrate", "approve", "--repo", c.repo], { env: { ...ENV, AKMS_CRASH_WRITE_AT: String(n) }, cwd: c.repo });
    if (k.code === 0) break;
    assert.equal(k.code, -1, `step ${n}: expected SIGKILL, got ${k.code}: ${k.stderr}`);
    steps = n;
    const s0 = JSON.parse(readFileSync(join(c.repo, "knowledge", "orchestrator", "state.json"), "utf8"));
    // Killed before the stage started: approve again; at its checkpoint already: nothing left to run.
    const verb = s0.status === "checkpoint" ? (s0.current.stage === "task-breakdown" ? "approve" : "status") : "next";
    const again = akms(["orchestrate", verb, "--repo", c.repo], { env: ENV, cwd: c.repo });
    assert.equal(again.code, 0, `step ${n}: the next command failed: ${again.stdout}\n${again.stderr}`);
    const now = state(c);
    const diff = [...new Set([...now.keys(), ...expected.keys()])].filter((x) => now.get(x) !== expected.get(x)).sort();
    assert.deepEqual(diff, [], `step ${n}: knowledge/ differs from one clean run`);
    assert.deepEqual(runState(c), expectedRun, `step ${n}: the run's state`);
    assert.equal(git(c.repo, "rev-parse", "--abbrev-ref", "HEAD"), branch, `step ${n}: the branch`);
  }
  assert.ok(steps >= 3, `only ${steps} write steps were reached`);
});
