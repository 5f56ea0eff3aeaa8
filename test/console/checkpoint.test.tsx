// The Checkpoint screen (6): a person drives `akms orchestrate` from the console — the stage
// output, AKMS status and action menu are shown; a approves (the next stage runs to its
// checkpoint), x rejects with a typed reason, X X aborts and n resumes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadContext } from "../../core/context.js";
import { orchestrateInit } from "../../core/orchestrator/runner.js";
import { tmp, write, writeNode } from "../helpers.js";
import { openConsole, tick } from "./helpers.js";

const GIT_ENV = { GIT_AUTHOR_NAME: "Test", GIT_AUTHOR_EMAIL: "test@example.org", GIT_COMMITTER_NAME: "Test", GIT_COMMITTER_EMAIL: "test@example.org" };

async function runAtPlanCheckpoint() {
  const dir = tmp("akms-cp-");
  const vault = join(dir, "vault");
  const repo = join(dir, "repo");
  writeNode(vault, { id: "fft-solver", title: "FFT solver", tags: ["fft"] });
  write(join(repo, "knowledge", "graph", "propagation_config.yaml"), "akms_schema: v2\norchestrator:\n  plan_name: demo\n  base_branch: main\n  agent_command: [my-agent, \"{task_file}\"]\n");
  write(join(repo, "knowledge", ".gitignore"), "graph/.cache/\ngraph/.qmd_cache/\ngraph/.akms.lock\n");
  write(join(repo, "plans", "plan.md"), "# Console plan\n\n## Phase 1\nOne task.\n");
  write(join(repo, "src", "a.py"), "x = 1\n");
  write(
    join(repo, "knowledge", "tasks", "t-1.json"),
    JSON.stringify({ task_id: "t-1", title: "Tune the FFT solver", scope: ["src/a.py"], depends_on: [], phase: 1, status: "pending", akms_tags: ["fft"], akms_schema: "v2" }, null, 2) + "\n",
  );
  for (const args of [["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "init"]]) {
    const r = spawnSync("git", args, { cwd: repo, env: { ...process.env, ...GIT_ENV } });
    assert.equal(r.status, 0, String(r.stderr));
  }
  const env: NodeJS.ProcessEnv = { ...process.env, SOURCE_DATE_EPOCH: "1790000000" };
  delete env.AKMS_GLOBAL_VAULT;
  const ctx = loadContext({ repo, vault, env });
  await orchestrateInit(ctx, join(repo, "plans", "plan.md"), { noQmd: true, env });
  const state = () => JSON.parse(readFileSync(join(repo, "knowledge", "orchestrator", "state.json"), "utf8"));
  return { repo, ctx, state };
}

test("checkpoint screen: the stage output, AKMS status and menu; a asks first, saying what the next stage does, then y approves and it runs to its checkpoint", async () => {
  const r = await runAtPlanCheckpoint();
  const c = await openConsole(r.ctx, { height: 34 });
  try {
    await c.press("6");
    let f = c.frame();
    assert.match(f, /Checkpoint · PLAN · checkpoint #1/);
    assert.match(f, /Stage output — PLAN/);
    assert.match(f, /plan plans\/plan\.md: "Console plan"/);
    assert.match(f, /AKMS status \(since the previous checkpoint\)/);
    assert.match(f, /baseline: graph_version/);
    assert.match(f, /Artifacts \(2\)/);
    assert.match(f, /a approve, then run TASK BREAKDOWN · x reject/);
    await c.press("a");
    f = c.frame();
    assert.match(f, /Approve PLAN and run TASK BREAKDOWN\?/);
    assert.match(f, /Nothing runs until you confirm/);
    assert.deepEqual(r.state().current.stage, "plan", "a alone approves nothing");
    await c.press("n");
    assert.match(c.frame(), /cancelled: orchestrate approve/);
    assert.deepEqual(r.state().current.stage, "plan");
    await c.press("a");
    await c.press("y");
    f = await c.waitFor(/Checkpoint · TASK BREAKDOWN · checkpoint #2/);
    assert.match(f, /phase 1 → branch demo_phase-1: 1 task in 1 wave: \[t-1\]/);
    assert.match(f, /approved PLAN/);
    const s = r.state();
    assert.deepEqual([s.current.stage, s.status, s.checkpoint.seq], ["task-breakdown", "checkpoint", 2]);
    assert.deepEqual(s.history.filter((h: { event: string }) => h.event === "approve").length, 1);
    // The next approval would create a branch and write loadouts: the dialog says which.
    await c.press("a");
    f = c.frame();
    assert.match(f, /Approve TASK BREAKDOWN and run SCAFFOLD \(phase 1\)\?/);
    assert.match(f, /Creates and checks out the branch demo_phase-1 \(from main\)/);
    assert.match(f, /t-1/);
    await c.press("esc");
  } finally {
    c.unmount();
  }
});

test("checkpoint screen: x asks for a reason and rejects; X twice aborts; n asks, then resumes (n in the dialog cancels)", async () => {
  const r = await runAtPlanCheckpoint();
  const c = await openConsole(r.ctx, { height: 34 });
  try {
    await c.press("6", "x");
    assert.match(c.frame(), /reject — reason:/);
    await c.press("enter");
    assert.match(c.frame(), /a rejection needs a reason/);
    for (const ch of "wrong base") await c.press(ch);
    await c.press("enter");
    await c.waitFor(/Checkpoint · PLAN · rejected/);
    assert.equal(r.state().rejection.reason, "wrong base");
    assert.match(c.frame(), /Rejected: wrong base/);
    await c.press("X");
    assert.match(c.frame(), /press X again to abort/);
    assert.equal(r.state().status, "rejected");
    await c.press("X");
    await c.waitFor(/Checkpoint · PLAN · aborted/);
    assert.equal(r.state().resume_status, "rejected");
    await c.press("a");
    assert.match(c.frame(), /cannot approve now \(allowed: resume\)/);
    await c.press("n");
    await c.waitFor(/Resume the run at its current stage\?/);
    await c.press("n");
    await c.waitFor(/cancelled: orchestrate resume/);
    assert.equal(r.state().resume_status, "rejected", "cancelled: nothing ran");
    await c.press("n");
    await c.waitFor(/Resume the run at its current stage\?/);
    await c.press("y");
    await c.waitFor(/Checkpoint · PLAN · rejected/);
    await c.press("n");
    await c.waitFor(/Run the current stage again\?/);
    await c.press("y");
    await c.waitFor(/Checkpoint · PLAN · checkpoint #2 · attempt 2/);
    assert.equal(r.state().status, "checkpoint");
  } finally {
    c.unmount();
  }
});

test("checkpoint screen: e opens the selected artifact in the editor; the edit is recorded and shown", async () => {
  const r = await runAtPlanCheckpoint();
  const opened: string[] = [];
  const editor = (file: string) => {
    opened.push(file);
    if (file.endsWith("plan.md")) write(file, readFileSync(file, "utf8") + "\n## Phase 2\nAdded at the checkpoint.\n");
    return { error: null };
  };
  const c = await openConsole(r.ctx, { height: 34, editor });
  try {
    await c.press("6", "e");
    await c.waitFor(/edited plans\/plan\.md/);
    assert.deepEqual(opened, [join(r.repo, "plans", "plan.md")]);
    assert.match(c.frame(), /plans\/plan\.md {2}plan — the plan document {2}\[edited\]/);
    const s = r.state();
    assert.equal(s.status, "checkpoint");
    assert.deepEqual(s.history[s.history.length - 1], { seq: s.history.length, at: s.history[s.history.length - 1].at, event: "edit", stage: "plan", phase: null, detail: "plans/plan.md" });
    // The second artifact (the config) is editable too; nothing changed → nothing recorded.
    await c.press("down", "e");
    for (let i = 0; i < 200 && opened.length < 2; i++) await tick(); // a loaded machine may take a while
    assert.equal(opened.length, 2);
  } finally {
    c.unmount();
  }
});
