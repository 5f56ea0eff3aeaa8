// The orchestrator's state machine, pure: stage order, which action each status allows, abort and
// resume, interrupted runs, and the refusals (with the hint of what to do instead).
import { test } from "node:test";
import assert from "node:assert/strict";
import { allowedActions, initialState, nextStage, stageSequence, transition } from "../../core/orchestrator/machine.js";
import type { Checkpoint, OrchestratorState } from "../../core/orchestrator/types.js";
import { stageLabel } from "../../core/orchestrator/types.js";
import { akmsLines, healthLine } from "../../core/orchestrator/view.js";
import { StateError } from "../../core/errors.js";

const AT = "2026-05-01T10:00:00Z";

function fresh(): OrchestratorState {
  return initialState({ plan_name: "demo", plan_file: "plans/p.md", base_branch: "main", no_qmd: true }, AT);
}

function cp(s: OrchestratorState, seq = 1): Checkpoint {
  return {
    seq,
    stage: s.current.stage,
    phase: s.current.phase,
    title: stageLabel(s.current),
    created_at: AT,
    summary: ["out"],
    artifacts: [],
    details: {},
    akms: {
      changes: { previous_graph_version: null, graph_version: "v", baseline: true, added: [], removed: [], status_changed: [], confidence_changed: [] },
      new_pitfalls: [],
      health: {},
      node_count: 0,
      edge_count: 0,
      review_report: null,
    },
    warnings: [],
  };
}

/** Runs the current stage to its checkpoint. */
function toCheckpoint(s: OrchestratorState): OrchestratorState {
  const running = transition(s, { type: "start" }, AT);
  return transition(running, { type: "succeed", checkpoint: cp(running) }, AT);
}

test("the stages in order: PLAN, TASK BREAKDOWN, per phase SCAFFOLD → EXECUTE → REVIEW, FINALIZE", () => {
  const seq = stageSequence([1, 3]).map(stageLabel);
  assert.deepEqual(seq, [
    "PLAN",
    "TASK BREAKDOWN",
    "SCAFFOLD (phase 1)",
    "EXECUTE (phase 1)",
    "REVIEW (phase 1)",
    "SCAFFOLD (phase 3)",
    "EXECUTE (phase 3)",
    "REVIEW (phase 3)",
    "FINALIZE",
  ]);
  assert.deepEqual(nextStage({ stage: "review", phase: 1 }, [1, 3]), { stage: "scaffold", phase: 3 });
  assert.equal(nextStage({ stage: "finalize", phase: null }, [1]), null);
  assert.throws(() => nextStage({ stage: "execute", phase: 2 }, [1, 3]), StateError);
});

test("a run from INIT to done passes a checkpoint after every stage, each approved by a person", () => {
  let s = fresh();
  assert.equal(s.status, "pending");
  assert.deepEqual(s.current, { stage: "plan", phase: null });
  assert.equal(s.history[0]!.event, "init");
  const seen: string[] = [];
  for (let i = 0; i < 20 && s.status !== "done"; i++) {
    s = toCheckpoint(s);
    assert.equal(s.status, "checkpoint");
    assert.deepEqual(allowedActions(s), ["approve", "reject", "edit", "abort"]);
    seen.push(stageLabel(s.current));
    if (s.current.stage === "task-breakdown") s = { ...s, phases: [1, 2] };
    s = transition(s, { type: "approve" }, AT);
  }
  assert.equal(s.status, "done");
  assert.equal(seen.length, 9);
  assert.equal(seen[seen.length - 1], "FINALIZE");
  assert.deepEqual(allowedActions(s), []);
  const events = s.history.map((h) => h.event);
  assert.equal(events.filter((e) => e === "approve").length, 9);
  assert.equal(events.filter((e) => e === "checkpoint").length, 9);
  assert.equal(events[events.length - 1], "done");
  s.history.forEach((h, i) => assert.equal(h.seq, i + 1));
});

test("reject needs a reason; a rejected stage runs again on start and its reason is kept until then", () => {
  let s = toCheckpoint(fresh());
  assert.throws(() => transition(s, { type: "reject", reason: "  " }, AT), /needs a reason/);
  s = transition(s, { type: "reject", reason: "the plan misses phase 2" }, AT);
  assert.equal(s.status, "rejected");
  assert.equal(s.rejection!.reason, "the plan misses phase 2");
  assert.deepEqual(allowedActions(s), ["next", "edit", "abort"]);
  assert.throws(() => transition(s, { type: "approve" }, AT), (e: StateError) => e instanceof StateError && /next/.test(e.hint ?? ""));
  s = transition(s, { type: "start" }, AT);
  assert.equal(s.status, "running");
  assert.equal(s.attempt, 2);
  assert.equal(s.checkpoint, null);
  s = transition(s, { type: "succeed", checkpoint: cp(s, 2) }, AT);
  assert.equal(s.rejection, null);
});

test("abort keeps everything and resume returns to exactly where the run stood", () => {
  for (const make of [(x: OrchestratorState) => toCheckpoint(x), (x: OrchestratorState) => transition(transition(x, { type: "start" }, AT), { type: "fail", error: { code: "X", message: "m", hint: null, file: null, line: null, field: null, problems: [] } }, AT), (x: OrchestratorState) => x]) {
    const before = make(fresh());
    const aborted = transition(before, { type: "abort", reason: "lunch" }, AT);
    assert.equal(aborted.status, "aborted");
    assert.equal(aborted.resume_status, before.status);
    assert.deepEqual(aborted.checkpoint, before.checkpoint);
    assert.deepEqual(allowedActions(aborted), ["resume"]);
    for (const e of [{ type: "approve" }, { type: "start" }, { type: "abort", reason: null }] as const) {
      assert.throws(() => transition(aborted, e, AT), (err: StateError) => /resume/.test(err.hint ?? ""));
    }
    const back = transition(aborted, { type: "resume" }, AT);
    assert.equal(back.status, before.status);
    assert.deepEqual(back.checkpoint, before.checkpoint);
    assert.deepEqual(back.error, before.error);
    assert.equal(back.resume_status, null);
    assert.deepEqual(back.history.slice(-2).map((h) => [h.event, h.detail]), [
      ["abort", "lunch"],
      ["resume", `back to ${before.status}`],
    ]);
  }
});

test("a stage found running by the next process was interrupted: starting it again logs that", () => {
  const running = transition(fresh(), { type: "start" }, AT);
  assert.deepEqual(allowedActions(running), ["next", "abort"]);
  const again = transition(running, { type: "start" }, AT);
  assert.equal(again.attempt, 2);
  assert.deepEqual(again.history.slice(-2).map((h) => h.event), ["interrupted", "run"]);
});

test("refusals name the state and what to do", () => {
  const s = fresh();
  assert.throws(() => transition(s, { type: "approve" }, AT), /cannot approve: PLAN is pending/);
  assert.throws(() => transition(s, { type: "reject", reason: "x" }, AT), /cannot reject/);
  assert.throws(() => transition(s, { type: "edit", artifact: "a" }, AT), /cannot edit artifacts/);
  assert.throws(() => transition(s, { type: "resume" }, AT), /cannot resume/);
  const c = toCheckpoint(s);
  assert.throws(() => transition(c, { type: "start" }, AT), (e: StateError) => /awaits a decision/.test(e.hint ?? ""));
  const edited = transition(c, { type: "edit", artifact: "plans/p.md" }, AT);
  assert.equal(edited.status, "checkpoint");
  assert.equal(edited.history[edited.history.length - 1]!.detail, "plans/p.md");
});

test("the checkpoint's AKMS lines: each health count with its noun, one or many; no compiled graph said as such", () => {
  const s = fresh();
  const a = cp(s).akms;
  assert.equal(healthLine({ orphans: 1, id_collisions: 2, islands: 1, orphaned_overlay: 3, stale: 0 }), "1 orphan · 2 id collisions · 1 island · 3 orphaned overlay entries");
  assert.match(akmsLines({ ...a, health: { orphans: 1 }, node_count: 1 }).at(-1)!, /^health: 1 orphan \(1 node, 0 edges\)$/);
  assert.deepEqual(akmsLines({ ...a, graph: false }), ["no compiled graph to report on (see the warnings)"]);
});
