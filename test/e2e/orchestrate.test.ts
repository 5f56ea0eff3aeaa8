// `akms orchestrate` end to end through the built CLI, in temporary git repositories, with the fake
// agent (fixtures/orchestrator/fake-agent.mjs): a two-phase plan from INIT to the merge into main,
// with a rejection, an abort and a resume, and a crash in the middle of EXECUTE; then bad input —
// cyclic dependencies, overlapping scopes in a wave, no agent command, agents that fail or write
// no / an invalid AgentMemory, a dirty tree at branch time, a merge conflict — each a clear message
// with the run's state kept, and the run continuing once the cause is fixed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { akms, BIN, ROOT, tmp, treeHash, write, writeNode } from "../helpers.js";
import { memory, pcd } from "../update-helpers.js";
import { shellWord } from "../../core/shell-word.js";
import { loadoutNodeIds } from "../../core/loadout/render.js";
import { startPane, tmuxAvailable } from "./tmux.js";

const FAKE_AGENT = join(ROOT, "fixtures", "orchestrator", "fake-agent.mjs");
const GIT_ENV = { GIT_AUTHOR_NAME: "Test", GIT_AUTHOR_EMAIL: "test@example.org", GIT_COMMITTER_NAME: "Test", GIT_COMMITTER_EMAIL: "test@example.org" };
const ENV = { ...GIT_ENV, SOURCE_DATE_EPOCH: "1790000000", AKMS_GLOBAL_VAULT: "", AKMS_TEST: "1", FAKE_AGENT_MODE: "" };

interface TaskSpec {
  id: string;
  title: string;
  phase: number;
  scope: string[];
  deps?: string[];
  tags?: string[];
  fake?: Record<string, unknown>;
}

const PHASED_TASKS: TaskSpec[] = [
  { id: "t-a", title: "Speed up the FFT solver", phase: 1, scope: ["src/solver.py"], tags: ["fft"], fake: { used: ["fft-solver"], pitfall: { node: "green-operator", note: "the Green operator needs the Nyquist convention" } } },
  {
    id: "t-b",
    title: "Check the convergence criterion",
    phase: 1,
    scope: ["src/conv.py"],
    deps: ["t-a"],
    tags: [],
    fake: { used: ["convergence"], knowledge: { id: "residual-plateau", title: "Residual plateau on even grids", domain: "numerics", tags: ["convergence"], draft: "The residual plateaus on even grids when Nyquist terms are truncated." } },
  },
  { id: "t-c", title: "Rotated Green operator", phase: 2, scope: ["src/solver.py"], deps: ["t-a"], tags: ["green"], fake: { used: ["green-operator"], outdated: ["fft-solver"] } },
];

function taskJson(t: TaskSpec): string {
  return (
    JSON.stringify(
      { task_id: t.id, title: t.title, scope: t.scope, depends_on: t.deps ?? [], phase: t.phase, status: "pending", akms_tags: t.tags ?? [], fake_agent: t.fake ?? {}, akms_schema: "v2" },
      null,
      2,
    ) + "\n"
  );
}

function git(repo: string, ...args: string[]) {
  const r = spawnSync("git", args, { cwd: repo, encoding: "utf8", env: { ...process.env, ...GIT_ENV } });
  assert.equal(r.status, 0, `git ${args.join(" ")}: ${r.stderr}`);
  return r.stdout.trim();
}

function config(agent: string[] | null, timeout = 60): string {
  const cmd = agent === null ? "[]" : JSON.stringify(agent);
  return `akms_schema: v2\nglobal_vault: ../vault\norchestrator:\n  plan_name: demo\n  base_branch: main\n  agent_command: ${cmd}\n  agent_timeout_seconds: ${timeout}\n`;
}

const AGENT = [process.execPath, FAKE_AGENT, "{task_file}", "{loadout}", "{memory_out}", "{phase}", "{pcd}"];

function setup(opts: { tasks?: TaskSpec[]; agent?: string[] | null } = {}) {
  const dir = tmp("akms-orch-");
  const vault = join(dir, "vault");
  const repo = join(dir, "repo");
  writeNode(vault, { id: "fft-solver", title: "FFT solver", domain: "numerics", tags: ["fft", "solver"], confidence: 0.8, edges: [{ to: "green-operator", type: "requires", weight: 0.8 }] });
  writeNode(vault, { id: "green-operator", title: "Green operator", domain: "numerics", tags: ["green", "fft"], confidence: 0.8 });
  writeNode(vault, { id: "convergence", title: "Convergence criterion", domain: "numerics", tags: ["convergence"], confidence: 0.7 });
  write(join(repo, "knowledge", "graph", "propagation_config.yaml"), config(opts.agent === undefined ? AGENT : opts.agent));
  write(join(repo, "knowledge", ".gitignore"), "graph/.cache/\ngraph/.qmd_cache/\ngraph/.akms.lock\n");
  write(join(repo, "plans", "plan.md"), "# Demo plan\n\n## Phase 1\nThe solver and its convergence check.\n\n## Phase 2\nThe rotated Green operator.\n");
  write(join(repo, "src", "solver.py"), "def solve(x):\n    return x\n");
  write(join(repo, "src", "conv.py"), "def converged(r):\n    return r < 1e-6\n");
  for (const t of opts.tasks ?? PHASED_TASKS) write(join(repo, "knowledge", "tasks", `${t.id}.json`), taskJson(t));
  git(repo, "init", "-q", "-b", "main");
  git(repo, "add", "-A");
  git(repo, "commit", "-q", "-m", "init");
  const run = (...args: string[]) => akms([...args, "--repo", repo], { env: ENV, cwd: repo });
  const runEnv = (env: Record<string, string>, ...args: string[]) => akms([...args, "--repo", repo], { env: { ...ENV, ...env }, cwd: repo });
  const state = () => JSON.parse(readFileSync(join(repo, "knowledge", "orchestrator", "state.json"), "utf8"));
  return { dir, vault, repo, run, runEnv, state, vaultHash: treeHash(vault) };
}

type Env = ReturnType<typeof setup>;

function ok(r: ReturnType<typeof akms>, what: string) {
  assert.equal(r.code, 0, `${what}: exit ${r.code}\n${r.stdout}\n${r.stderr}`);
  return r;
}

function at(e: Env, stage: string, phase: number | null, status = "checkpoint") {
  const s = e.state();
  assert.deepEqual([s.current.stage, s.current.phase, s.status], [stage, phase, status], JSON.stringify(s.error ?? s.current));
  return s;
}

/** Approves checkpoints until the run stands at `stage` (phase) with a checkpoint. */
function approveUntil(e: Env, stage: string, phase: number | null) {
  for (let i = 0; i < 12; i++) {
    const s = e.state();
    if (s.current.stage === stage && s.current.phase === phase && s.status === "checkpoint") return s;
    ok(e.run("orchestrate", "approve"), `approve at ${s.current.stage}`);
  }
  throw new Error(`never reached ${stage} ${phase}`);
}

test("a two-phase plan from INIT to the merge into main: checkpoints, a rejection, an abort and a resume, a crash", () => {
  const e = setup();

  // INIT → PLAN (no gate before PLAN), then its checkpoint.
  const init = e.run("orchestrate", "init", "plans/plan.md", "--no-qmd", "--json");
  ok(init, "init");
  assert.equal(init.json.ok, true);
  assert.equal(init.json.state.current.stage, "plan");
  assert.equal(init.json.state.status, "checkpoint");
  assert.deepEqual(init.json.actions, ["approve", "reject", "edit", "abort"]);
  assert.match(init.json.state.checkpoint.summary.join("\n"), /plan plans\/plan\.md: "Demo plan"/);
  assert.equal(init.json.state.checkpoint.akms.changes.baseline, true);
  assert.ok(existsSync(join(e.repo, "knowledge", "orchestrator", ".gitignore")));

  // Reject with a reason; `next` runs PLAN again.
  assert.equal(e.run("orchestrate", "reject").code, 2, "a rejection without a reason is a usage error");
  ok(e.run("orchestrate", "reject", "--reason", "check the base branch"), "reject");
  at(e, "plan", null, "rejected");
  assert.match(e.run("orchestrate", "status").stdout, /rejected: check the base branch/);
  assert.equal(e.run("orchestrate", "approve").code, 1);
  ok(e.run("orchestrate", "next"), "next after reject");
  assert.equal(at(e, "plan", null).attempt, 2);

  // TASK BREAKDOWN: phases and waves.
  const tb = ok(e.run("orchestrate", "approve", "--json"), "approve PLAN").json;
  assert.deepEqual(tb.state.phases, [1, 2]);
  assert.deepEqual(tb.state.checkpoint.details.waves, { "1": [["t-a"], ["t-b"]], "2": [["t-c"]] });

  // SCAFFOLD 1: the branch, tags (t-b's derived and written back), loadouts, loadout_path.
  ok(e.run("orchestrate", "approve"), "approve TASK BREAKDOWN");
  const sc = at(e, "scaffold", 1);
  assert.equal(git(e.repo, "branch", "--show-current"), "demo_phase-1");
  assert.equal(sc.phase_runs["1"].base_commit, git(e.repo, "rev-parse", "main"));
  const tb1 = JSON.parse(readFileSync(join(e.repo, "knowledge", "tasks", "t-b.json"), "utf8"));
  assert.deepEqual(tb1.akms_tags, ["convergence"]);
  assert.equal(sc.phase_runs["1"].tasks["t-b"].tags_from, "derived, written back");
  for (const id of ["t-a", "t-b"]) {
    const rec = JSON.parse(readFileSync(join(e.repo, "knowledge", "tasks", `${id}.json`), "utf8"));
    assert.equal(rec.loadout_path, `knowledge/loadouts/phase1-${id}-loadout.md`);
    assert.match(readFileSync(join(e.repo, rec.loadout_path), "utf8"), new RegExp(`task_id: ${id}`));
  }

  // Abort keeps everything; nothing but resume moves on; resume returns to the same checkpoint.
  const before = readFileSync(join(e.repo, "knowledge", "orchestrator", "state.json"), "utf8");
  ok(e.run("orchestrate", "abort", "--reason", "lunch"), "abort");
  const ab = at(e, "scaffold", 1, "aborted");
  assert.equal(ab.resume_status, "checkpoint");
  assert.deepEqual(ab.checkpoint, JSON.parse(before).checkpoint);
  const refused = e.run("orchestrate", "approve");
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /aborted.*resume/s);
  assert.match(e.run("orchestrate", "status").stdout, /akms orchestrate resume/);
  ok(e.run("orchestrate", "resume"), "resume");
  assert.equal(at(e, "scaffold", 1).checkpoint.seq, JSON.parse(before).checkpoint.seq);

  // EXECUTE 1: two waves, each agent writes its AgentMemory; the updater has not run.
  ok(e.run("orchestrate", "approve"), "approve SCAFFOLD 1");
  const ex = at(e, "execute", 1);
  assert.deepEqual(Object.values(ex.phase_runs["1"].tasks).map((t: any) => [t.task_id, t.status, t.outcome, t.wave]), [
    ["t-a", "done", "complete", 1],
    ["t-b", "done", "complete", 2],
  ]);
  assert.ok(existsSync(join(e.repo, "knowledge", "sessions", "t-a.md")));
  // Each agent knows its task from its environment (the hook and current_task read AKMS_TASK_ID).
  for (const id of ["t-a", "t-b"]) assert.match(readFileSync(join(e.repo, "knowledge", "orchestrator", "logs", "phase-1", `${id}.log`), "utf8"), new RegExp(`AKMS_TASK_ID=${id}\\b`));
  // What each agent was handed is in the impression log: its loadout file may be rewritten later (`akms re-evaluate`).
  const handed = readFileSync(join(e.repo, "knowledge", "impressions.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l)).filter((i) => i.via === "orchestrator");
  assert.deepEqual(handed.map((i) => [i.task_id, i.tool]), [["t-a", "loadout"], ["t-b", "loadout"]]);
  for (const i of handed) {
    const text = readFileSync(join(e.repo, "knowledge", "loadouts", `phase1-${i.task_id}-loadout.md`), "utf8");
    assert.deepEqual(i.nodes, loadoutNodeIds(text));
    assert.ok(i.nodes.length > 0 && text.includes(`graph_version: ${i.graph_version}`), JSON.stringify(i));
  }
  assert.equal(existsSync(join(e.repo, "knowledge", "graph", "local_state.yaml")), false, "no update during execution");
  assert.match(readFileSync(join(e.repo, "src", "solver.py"), "utf8"), /def t_a_phase1/);
  assert.equal(JSON.parse(readFileSync(join(e.repo, "knowledge", "tasks", "t-a.json"), "utf8")).status, "complete");

  // REVIEW 1: PCD → update → mirror → report; the checkpoint shows the new pitfall and node.
  const rv = ok(e.run("orchestrate", "approve", "--json"), "approve EXECUTE 1").json.state;
  assert.equal(rv.current.stage, "review");
  const pcd = readFileSync(join(e.repo, "knowledge", "sessions", "handoff_phase_1.md"), "utf8");
  assert.match(pcd, /files_modified:/);
  assert.match(pcd, /path: src\/solver\.py/);
  assert.match(pcd, /t-a: the Green operator needs the Nyquist convention/);
  assert.deepEqual(rv.checkpoint.akms.new_pitfalls.map((p: any) => `${p.from} → ${p.to}`), ["green-operator → session-phase1"]);
  assert.ok(rv.checkpoint.akms.changes.added.some((n: any) => n.id === "residual-plateau" && n.status === "tentative"));
  assert.ok(rv.checkpoint.akms.changes.confidence_changed.some((c: any) => c.id === "fft-solver"));
  assert.ok(existsSync(join(e.repo, "knowledge", "local-nodes", "residual-plateau.md")));
  assert.ok(existsSync(join(e.repo, "knowledge", "code-mirror", "solver.md")));
  assert.equal(rv.checkpoint.akms.review_report, "knowledge/reviews/phase-1-review.md");
  assert.ok(existsSync(join(e.repo, "knowledge", "reviews", "phase-1-review.md")));
  // The look back reads the tasks' AgentMemories the PCD holds (the PCD alone was applied).
  const report = readFileSync(join(e.repo, "knowledge", "reviews", "phase-1-review.md"), "utf8");
  assert.match(report, /## Would it have helped\?[\s\S]*\| t-a \| 1 of 1 \|[\s\S]*\| t-b \| 1 of 1 \|/);
  const text = e.run("orchestrate", "status").stdout;
  assert.match(text, /! pitfall green-operator → session-phase1/);
  assert.match(text, /\+ residual-plateau \(tentative/);

  // SCAFFOLD 2 commits phase 1 and branches from it; t-c's loadout carries the pitfall.
  ok(e.run("orchestrate", "approve"), "approve REVIEW 1");
  const s2 = at(e, "scaffold", 2);
  assert.equal(git(e.repo, "branch", "--show-current"), "demo_phase-2");
  assert.equal(s2.phase_runs["1"].closed_commit, git(e.repo, "rev-parse", "demo_phase-1"));
  assert.equal(s2.phase_runs["2"].base_commit, s2.phase_runs["1"].closed_commit);
  assert.equal(git(e.repo, "status", "--porcelain", "--", "src"), "");
  assert.equal(s2.phase_runs["2"].tasks["t-c"].loadout_pitfalls, 1);

  // EXECUTE 2, killed right after its wave: the next process finds it interrupted and finishes it
  // without dispatching the finished agent again.
  const killed = e.runEnv({ AKMS_CRASH_AT: "orchestrate-wave-1" }, "orchestrate", "approve");
  assert.notEqual(killed.code, 0);
  const mid = at(e, "execute", 2, "running");
  assert.equal(mid.phase_runs["2"].tasks["t-c"].status, "done");
  ok(e.run("orchestrate", "resume"), "resume after the crash");
  const ex2 = at(e, "execute", 2);
  assert.equal(ex2.phase_runs["2"].tasks["t-c"].attempts, 1, "the finished agent is not run again");
  assert.ok(ex2.history.some((h: any) => h.event === "interrupted"));
  assert.match(readFileSync(join(e.repo, "knowledge", "sessions", "t-c.md"), "utf8"), /read handoff_phase_1\.md/, "phase 2's agent got the phase 1 PCD");

  // REVIEW 2, FINALIZE: merged into main in reverse phase order; done.
  approveUntil(e, "finalize", null);
  const fin = e.state();
  assert.deepEqual(fin.checkpoint.details.merged.map((m: any) => [m.branch, m.result]), [
    ["demo_phase-2", "merged"],
    ["demo_phase-1", "already-contained"],
  ]);
  assert.equal(git(e.repo, "branch", "--show-current"), "main");
  const done = ok(e.run("orchestrate", "approve", "--json"), "approve FINALIZE").json;
  assert.equal(done.state.status, "done");
  assert.deepEqual(done.actions, []);
  assert.match(readFileSync(join(e.repo, "src", "solver.py"), "utf8"), /def t_c_phase2/);
  assert.ok(git(e.repo, "log", "--format=%s", "main").includes("akms orchestrate: demo phase 1 (t-a, t-b)"));
  assert.equal(git(e.repo, "status", "--porcelain"), "", "nothing left uncommitted; the orchestrator's state is git-ignored");
  assert.ok(readFileSync(join(e.repo, "knowledge", "graph", "local_state.yaml"), "utf8").includes("session-phase2"));
  // The phases' PCDs carry their tasks' AgentMemories: nothing waits for an update, and check finds
  // no unapplied evidence (it named every AgentMemory, whose `akms update` would count it twice) and
  // the overlay the replay of its evidence.
  const check = e.run("check", "--json");
  assert.deepEqual(check.json.findings.map((f: { code: string }) => f.code), ["MERGE_DRIVER"], check.stdout); // this setup runs no `akms init --git`
  assert.deepEqual(e.run("status", "--json").json.waiting_sessions, []);
  // The replay scores the tasks of the PCDs, each where its evidence landed.
  const replay = ok(e.run("eval", "replay", "--arms", "loadout,shown", "--json"), "eval replay").json;
  assert.deepEqual(replay.task_list.map((t: { task: string; session: string }) => [t.task, t.session]), [["t-a", "session-phase1"], ["t-b", "session-phase1"], ["t-c", "session-phase2"]]);
  assert.equal(replay.reproduces_overlay, true);
  // `akms update` of a memory its phase's PCD holds applies nothing again (it would count it twice).
  const overlayBefore = readFileSync(join(e.repo, "knowledge", "graph", "local_state.yaml"), "utf8");
  const again = ok(e.run("update", "knowledge/sessions/t-a.md"), "update of a carried memory");
  assert.match(again.stdout, /^already applied, unchanged: AgentMemory knowledge\/sessions\/t-a\.md → session-phase1$/m, "said as the session that holds it");
  assert.match(again.stderr, /t-a\.md: not applied — its evidence came in with knowledge\/sessions\/handoff_phase_1\.md \(session-phase1\)/);
  assert.equal(readFileSync(join(e.repo, "knowledge", "graph", "local_state.yaml"), "utf8"), overlayBefore);
  assert.equal(treeHash(e.vault), e.vaultHash, "the global vault is never written");
});

test("cyclic task dependencies: TASK BREAKDOWN names the cycle, keeps the state, and continues once fixed", () => {
  const tasks: TaskSpec[] = [
    { id: "t-a", title: "A", phase: 1, scope: ["src/a.py"], deps: ["t-b"], tags: ["fft"] },
    { id: "t-b", title: "B", phase: 1, scope: ["src/b.py"], deps: ["t-a"], tags: ["fft"] },
  ];
  const e = setup({ tasks });
  ok(e.run("orchestrate", "init", "plans/plan.md", "--no-qmd"), "init");
  const r = e.run("orchestrate", "approve");
  assert.equal(r.code, 1);
  assert.match(r.stderr, /error\[DEPENDENCY_CYCLE\]: .*t-a → t-b → t-a/);
  assert.match(r.stderr, /state is kept/);
  const s = at(e, "task-breakdown", null, "failed");
  assert.equal(s.error.code, "DEPENDENCY_CYCLE");
  assert.match(e.run("orchestrate", "status").stdout, /Error \[DEPENDENCY_CYCLE\]/);
  write(join(e.repo, "knowledge", "tasks", "t-a.json"), taskJson({ ...tasks[0]!, deps: [] }));
  ok(e.run("orchestrate", "next"), "next after the fix");
  assert.deepEqual(at(e, "task-breakdown", null).checkpoint.details.waves, { "1": [["t-a"], ["t-b"]] });
});

test("overlapping scopes in one wave: the error names both tasks and the shared file", () => {
  const tasks: TaskSpec[] = [
    { id: "t-a", title: "A", phase: 1, scope: ["src/solver.py"], tags: ["fft"] },
    { id: "t-b", title: "B", phase: 1, scope: ["src/solver.py", "src/b.py"], tags: ["fft"] },
  ];
  const e = setup({ tasks });
  ok(e.run("orchestrate", "init", "plans/plan.md", "--no-qmd"), "init");
  const r = e.run("orchestrate", "approve", "--json");
  assert.equal(r.code, 1);
  assert.equal(r.json.error.code, "SCOPE_OVERLAP");
  assert.match(r.json.error.message, /t-a and t-b are both in wave 1 of phase 1 and share src\/solver\.py/);
  assert.equal(at(e, "task-breakdown", null, "failed").error.code, "SCOPE_OVERLAP");
});

test("no agent command: EXECUTE stops before dispatching, names the key, and runs once it is set", () => {
  const e = setup({ agent: null, tasks: [PHASED_TASKS[0]!] });
  const init = ok(e.run("orchestrate", "init", "plans/plan.md", "--no-qmd", "--json"), "init").json;
  assert.ok(init.state.checkpoint.warnings.some((w: string) => /agent_command is not set/.test(w)), "PLAN warns early");
  approveUntil(e, "scaffold", 1);
  const r = e.run("orchestrate", "approve");
  assert.equal(r.code, 1);
  assert.match(r.stderr, /error\[AGENT_COMMAND_MISSING\]: .*orchestrator\.agent_command is not set/);
  const s = at(e, "execute", 1, "failed");
  assert.equal(s.phase_runs["1"].tasks["t-a"].status, "pending");
  assert.equal(existsSync(join(e.repo, "knowledge", "sessions", "t-a.md")), false);
  write(join(e.repo, "knowledge", "graph", "propagation_config.yaml"), config(AGENT));
  ok(e.run("orchestrate", "next"), "next with the command set");
  assert.equal(at(e, "execute", 1).phase_runs["1"].tasks["t-a"].status, "done");
});

test("plan_name or base_branch edited at PLAN's checkpoint: approve refuses it unchecked; PLAN run again names the new branches", () => {
  const e = setup({ tasks: [PHASED_TASKS[0]!] });
  ok(e.run("orchestrate", "init", "plans/plan.md", "--no-qmd"), "init");
  write(join(e.repo, "knowledge", "graph", "propagation_config.yaml"), config(AGENT).replace("plan_name: demo", "plan_name: retry"));
  git(e.repo, "commit", "-q", "-am", "plan name");
  const r = e.run("orchestrate", "approve");
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /orchestrator\.plan_name changed since PLAN checked it \(demo → retry\)/);
  assert.match(r.stderr, /akms orchestrate reject --reason R`, then `akms orchestrate next/);
  at(e, "plan", null);
  ok(e.run("orchestrate", "reject", "--reason", "renamed"), "reject");
  const plan = ok(e.run("orchestrate", "next", "--json"), "next").json;
  assert.equal(plan.state.plan_name, "retry");
  assert.ok(plan.state.checkpoint.summary.some((l: string) => l.startsWith("branches retry_phase-<N>")), plan.state.checkpoint.summary.join("\n"));
  approveUntil(e, "execute", 1);
  assert.equal(git(e.repo, "branch", "--show-current"), "retry_phase-1");
});

test("a plan that starts at phase 2 after a phase run before the orchestrator: its agents get that phase's handoff_phase_1.md", () => {
  const e = setup({ tasks: [{ id: "t-c", title: "Rotated Green operator", phase: 2, scope: ["src/solver.py"], tags: ["green"], fake: { used: ["green-operator"] } }] });
  write(join(e.repo, "knowledge", "sessions", "handoff_phase_1.md"), pcd({ phase: 1, used: [{ id: "fft-solver", useful: true, coverage: "sufficient" }], warnings: ["The Nyquist convention is still open."] }));
  git(e.repo, "add", "-A");
  git(e.repo, "commit", "-q", "-m", "phase 1, run by hand");
  ok(e.run("orchestrate", "init", "plans/plan.md", "--no-qmd", "--json"), "init");
  approveUntil(e, "scaffold", 2);
  // The fake agent refuses to run in a phase after the first without the previous phase's PCD.
  ok(e.run("orchestrate", "approve"), "scaffold, then execute");
  approveUntil(e, "execute", 2);
  assert.equal(e.state().phase_runs["2"].tasks["t-c"].status, "done");
  assert.equal(treeHash(e.vault), e.vaultHash);
});

test("agents that exit non-zero, write no AgentMemory or an invalid one: named per task; only those run again", () => {
  const tasks: TaskSpec[] = [
    { id: "t-a", title: "A", phase: 1, scope: ["src/a.py"], tags: ["fft"], fake: { pitfall: { node: "green-operator", note: "p" } } },
    { id: "t-b", title: "B", phase: 1, scope: ["src/b.py"], tags: ["fft"] },
    { id: "t-c", title: "C", phase: 1, scope: ["src/c.py"], tags: ["fft"] },
    { id: "t-d", title: "D", phase: 1, scope: ["src/d.py"], tags: ["fft"] },
  ];
  const e = setup({ tasks });
  ok(e.run("orchestrate", "init", "plans/plan.md", "--no-qmd"), "init");
  approveUntil(e, "scaffold", 1);
  const r = e.runEnv({ FAKE_AGENT_MODE: "t-a=invalid-memory,t-b=no-memory,t-c=fail" }, "orchestrate", "approve", "--json");
  assert.equal(r.code, 1);
  assert.equal(r.json.error.code, "AGENTS_FAILED");
  assert.match(r.json.error.message, /3 of 4 agents in wave 1 failed: t-a, t-b, t-c/);
  const byCode = Object.fromEntries(r.json.error.problems.map((p: any) => [p.code, p]));
  assert.match(byCode.INVALID_AGENT_MEMORY.message, /t-a: the AgentMemory is invalid/);
  assert.equal(byCode.INVALID_AGENT_MEMORY.file, "knowledge/sessions/t-a.md");
  assert.match(byCode.NO_AGENT_MEMORY.message, /t-b: the agent exited 0 but wrote no AgentMemory at knowledge\/sessions\/t-b\.md/);
  assert.match(byCode.AGENT_FAILED.message, /t-c: the agent exited with status 7: fake-agent t-c: simulated failure/);
  assert.match(byCode.AGENT_FAILED.hint, /knowledge\/orchestrator\/logs\/phase-1\/t-c\.log/);
  const s = at(e, "execute", 1, "failed");
  assert.deepEqual(Object.values(s.phase_runs["1"].tasks).map((t: any) => [t.task_id, t.status]), [
    ["t-a", "failed"],
    ["t-b", "failed"],
    ["t-c", "failed"],
    ["t-d", "done"],
  ]);
  const invalid = s.phase_runs["1"].tasks["t-a"].error;
  assert.ok(invalid.problems.some((p: any) => p.field === "tests_total") && invalid.problems.some((p: any) => /severity/.test(p.field ?? "")), JSON.stringify(invalid));
  // The agent misbehaves no more: only the failed tasks run again.
  ok(e.run("orchestrate", "next"), "next");
  const after = at(e, "execute", 1);
  assert.deepEqual(Object.values(after.phase_runs["1"].tasks).map((t: any) => [t.task_id, t.status, t.attempts]), [
    ["t-a", "done", 2],
    ["t-b", "done", 2],
    ["t-c", "done", 2],
    ["t-d", "done", 1],
  ]);
});

test("an agent whose AgentMemory has a key the schema does not know (its pitfalls under a typo) fails with the key and the nearest one", () => {
  const e = setup({ tasks: [PHASED_TASKS[0]!] });
  ok(e.run("orchestrate", "init", "plans/plan.md", "--no-qmd"), "init");
  approveUntil(e, "scaffold", 1);
  const r = e.runEnv({ FAKE_AGENT_MODE: "t-a=typo-key" }, "orchestrate", "approve", "--json");
  assert.equal(r.code, 1, r.stdout);
  assert.equal(r.json.error.code, "INVALID_AGENT_MEMORY");
  assert.match(r.json.error.message, /t-a: the AgentMemory has 1 unknown key \(pitfalls_encountered\): what it holds would be lost/);
  assert.match(r.json.error.hint, /did you mean `pitfalls_discovered`\?; fix the agent/);
  assert.equal(r.json.error.field, "pitfalls_encountered");
  assert.equal(at(e, "execute", 1, "failed").phase_runs["1"].tasks["t-a"].status, "failed");
  ok(e.run("orchestrate", "next"), "next, the agent fixed");
  assert.equal(at(e, "execute", 1).phase_runs["1"].tasks["t-a"].status, "done");
});

test("an agent past orchestrator.agent_timeout_seconds is stopped; an agent command that does not exist is named", () => {
  const e = setup({ tasks: [PHASED_TASKS[0]!] });
  write(join(e.repo, "knowledge", "graph", "propagation_config.yaml"), config(AGENT, 1));
  git(e.repo, "commit", "-q", "-am", "short timeout");
  ok(e.run("orchestrate", "init", "plans/plan.md", "--no-qmd"), "init");
  approveUntil(e, "scaffold", 1);
  const t0 = Date.now();
  const r = e.runEnv({ FAKE_AGENT_MODE: "t-a=sleep" }, "orchestrate", "approve");
  assert.equal(r.code, 1);
  assert.ok(Date.now() - t0 < 40_000, "stopped well before the agent's own 60 s");
  assert.match(r.stderr, /error\[AGENT_TIMEOUT\]: .*t-a: the agent was stopped after 1 s \(orchestrator\.agent_timeout_seconds\)/);
  assert.equal(at(e, "execute", 1, "failed").phase_runs["1"].tasks["t-a"].status, "failed");
  write(join(e.repo, "knowledge", "graph", "propagation_config.yaml"), config(["no-such-agent-binary", "{task_file}"]));
  const missing = e.run("orchestrate", "next");
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /error\[AGENT_NOT_STARTED\]: .*no-such-agent-binary: not found/);
});

test("a dirty working tree at branch time: SCAFFOLD names the files, creates no branch, continues once committed", () => {
  const e = setup({ tasks: [PHASED_TASKS[0]!] });
  ok(e.run("orchestrate", "init", "plans/plan.md", "--no-qmd"), "init");
  ok(e.run("orchestrate", "approve"), "approve PLAN");
  writeFileSync(join(e.repo, "src", "solver.py"), "def solve(x):\n    return 2 * x\n");
  write(join(e.repo, "notes.txt"), "scratch\n");
  const r = e.run("orchestrate", "approve");
  assert.equal(r.code, 1);
  assert.match(r.stderr, /error\[DIRTY_TREE\]: .*uncommitted changes.*notes\.txt, src\/solver\.py/);
  assert.match(r.stderr, /git stash -u/);
  at(e, "scaffold", 1, "failed");
  assert.equal(spawnSync("git", ["rev-parse", "--verify", "--quiet", "demo_phase-1"], { cwd: e.repo }).status, 1, "no branch was created");
  assert.equal(git(e.repo, "branch", "--show-current"), "main");
  git(e.repo, "add", "-A");
  git(e.repo, "commit", "-q", "-m", "wip");
  ok(e.run("orchestrate", "next"), "next");
  at(e, "scaffold", 1);
  assert.equal(git(e.repo, "branch", "--show-current"), "demo_phase-1");
});

test("a merge conflict at FINALIZE: main stays as it was, the state is kept, a hand merge lets it finish", () => {
  const e = setup({ tasks: [PHASED_TASKS[0]!] });
  ok(e.run("orchestrate", "init", "plans/plan.md", "--no-qmd"), "init");
  approveUntil(e, "review", 1);
  // Meanwhile someone changes the same lines on main.
  ok(e.run("orchestrate", "abort"), "abort to switch branches");
  git(e.repo, "stash", "-u");
  git(e.repo, "checkout", "-q", "main");
  writeFileSync(join(e.repo, "src", "solver.py"), "def solve(x):\n    return x\n\n\ndef t_a_phase1(y):\n    return -y\n");
  git(e.repo, "commit", "-q", "-am", "conflicting change");
  const mainBefore = git(e.repo, "rev-parse", "main");
  git(e.repo, "checkout", "-q", "demo_phase-1");
  git(e.repo, "stash", "pop");
  ok(e.run("orchestrate", "resume"), "resume");
  const r = e.run("orchestrate", "approve");
  assert.equal(r.code, 1);
  assert.match(r.stderr, /error\[MERGE_CONFLICT\]: .*merging demo_phase-1 into main conflicts in src\/solver\.py/);
  assert.match(r.stderr, /merge by hand/);
  at(e, "finalize", null, "failed");
  assert.equal(git(e.repo, "rev-parse", "main"), mainBefore, "the merge was undone");
  assert.equal(git(e.repo, "status", "--porcelain"), "");
  // Resolve by hand, then `next` sees the branch merged.
  spawnSync("git", ["merge", "-q", "demo_phase-1"], { cwd: e.repo, env: { ...process.env, ...GIT_ENV } });
  git(e.repo, "checkout", "--theirs", "src/solver.py");
  git(e.repo, "add", "src/solver.py");
  git(e.repo, "commit", "-q", "--no-edit");
  ok(e.run("orchestrate", "next"), "next after the hand merge");
  assert.deepEqual(at(e, "finalize", null).checkpoint.details.merged.map((m: any) => m.result), ["already-contained"]);
});

test("FINALIZE merges a phase branch that learned more after its successor branched: the merge driver replays both sides", () => {
  const e = setup();
  ok(e.run("orchestrate", "init", "plans/plan.md", "--no-qmd"), "init");
  approveUntil(e, "review", 2);
  // Meanwhile an agent applies one more AgentMemory on phase 1's branch.
  ok(e.run("orchestrate", "abort"), "abort to switch branches");
  git(e.repo, "stash", "-u");
  git(e.repo, "checkout", "-q", "demo_phase-1");
  const doc = join(e.dir, "late.md");
  writeFileSync(doc, memory({ task: "t-late", date: "2026-03-09", used: [{ id: "convergence", useful: true, coverage: "outdated" }] }));
  ok(e.run("update", doc), "late update on phase 1");
  git(e.repo, "add", "-A");
  git(e.repo, "commit", "-q", "-m", "late evidence on phase 1");
  git(e.repo, "checkout", "-q", "demo_phase-2");
  git(e.repo, "stash", "pop");
  ok(e.run("orchestrate", "resume"), "resume");
  approveUntil(e, "finalize", null);
  assert.deepEqual(e.state().checkpoint.details.merged.map((m: any) => [m.branch, m.result]), [
    ["demo_phase-2", "merged"],
    ["demo_phase-1", "merged"],
  ]);
  const overlay = readFileSync(join(e.repo, "knowledge", "graph", "local_state.yaml"), "utf8");
  assert.ok(overlay.includes("session-t-late") && overlay.includes("session-phase2"), "both sides' evidence is in the merged overlay");
  assert.doesNotMatch(overlay, /^<{7}/m);
  // FINALIZE compiled graph.json again from the merged sources (and committed it: this repository tracks it).
  const graph = () => readFileSync(join(e.repo, "knowledge", "graph", "graph.json"), "utf8").replace(/"generated_at": "[^"]*"/, "");
  const finalized = graph();
  assert.match(finalized, /"id": "session-t-late"/);
  assert.equal(git(e.repo, "status", "--porcelain"), "");
  ok(e.run("build", "--no-cache"), "a full compile of the merged knowledge");
  assert.equal(graph(), finalized);
  ok(e.run("orchestrate", "approve"), "approve FINALIZE");
});

test("--help documents the verbs; status without a run says how to start one", () => {
  const e = setup({ tasks: [PHASED_TASKS[0]!] });
  const h = akms(["orchestrate", "--help"]);
  assert.equal(h.code, 0);
  for (const v of ["init PLAN_FILE", "status", "approve", "reject --reason R", "edit [N|PATH]", "next", "abort", "resume", "{memory_out}", "{pcd}"]) assert.ok(h.stdout.includes(v), v);
  const s = e.run("orchestrate", "status");
  assert.equal(s.code, 1);
  assert.match(s.stderr, /no orchestration run.*akms orchestrate init PLAN_FILE/s);
  assert.equal(e.run("orchestrate", "frobnicate").code, 2);
  const outside = e.run("orchestrate", "init", join(e.dir, "vault", "fft-solver.md"));
  assert.equal(outside.code, 2);
  assert.match(outside.stderr, /outside the repository/);
});

test("agents record their AgentMemory through akms while the orchestrator runs their wave (the repository lock is free; a second orchestrator is not)", () => {
  const e = setup({ tasks: [PHASED_TASKS[0]!, PHASED_TASKS[1]!] });
  ok(e.run("orchestrate", "init", "plans/plan.md", "--no-qmd"), "init");
  approveUntil(e, "scaffold", 1);
  const r = e.runEnv({ FAKE_AGENT_RECORD: BIN }, "orchestrate", "approve");
  ok(r, "approve into EXECUTE with agents that call akms record");
  const s = at(e, "execute", 1);
  for (const id of ["t-a", "t-b"]) {
    assert.equal(s.phase_runs["1"].tasks[id].status, "done", JSON.stringify(s.phase_runs["1"].tasks[id]));
    assert.ok(existsSync(join(e.repo, "knowledge", "sessions", `${id}.md`)), `${id} recorded through akms`);
  }
});

test("orchestrate edit N opens the artifact in $EDITOR as git runs it (a quoted path with spaces and a flag) and records the edit", { skip: tmuxAvailable() ? false : "tmux is not installed (CI installs it with apt)" }, async () => {
  const e = setup();
  ok(e.run("orchestrate", "init", "plans/plan.md", "--no-qmd"), "init");
  const listed = ok(e.run("orchestrate", "edit", "--json"), "edit lists").json.artifacts as { path: string; editable: boolean }[];
  const n = listed.findIndex((a) => a.editable) + 1;
  const target = listed[n - 1]!.path;
  // An "editor" in a folder with a space, taking a flag first, that appends a line like a person would.
  const editor = join(e.dir, "My Editors", "append");
  write(editor, `#!/bin/sh\n[ "$1" = "-w" ] || exit 9\nprintf 'Edited in the editor.\\n' >> "$2"\n`);
  chmodSync(editor, 0o755);
  const pane = startPane(`akms-orch-edit-${process.pid}`, [process.execPath, BIN, "orchestrate", "edit", String(n), "--repo", e.repo], {
    env: { ...ENV, TERM: "xterm-256color", VISUAL: undefined, EDITOR: `${shellWord(editor)} -w` },
    cwd: e.repo,
  });
  try {
    const screen = await pane.waitFor(new RegExp(`${target.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}.*edited|edited.*${target.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "s"));
    assert.doesNotMatch(screen, /could not run/);
  } finally {
    pane.kill();
  }
  assert.match(readFileSync(join(e.repo, target), "utf8"), /Edited in the editor\.\n$/);
  assert.ok((e.run("orchestrate", "edit", "--json").json.edited as string[]).includes(target), "the checkpoint shows it as edited");
});
