// The wave planner: dependency-ordered waves per phase, cycles named, scope overlaps within a wave
// named with the tasks and files, unknown and later-phase dependencies, complete tasks skipped.
import { test } from "node:test";
import assert from "node:assert/strict";
import { AkmsError } from "../../core/errors.js";
import { planBreakdown, planWaves, scopesOverlap, type PlannedTask } from "../../core/orchestrator/waves.js";

function t(task_id: string, depends_on: string[] = [], scope: string[] = [`src/${task_id}.py`], phase = 1, complete = false): PlannedTask {
  return { task_id, phase, depends_on, scope, file: `knowledge/tasks/${task_id}.json`, complete };
}

function code(fn: () => unknown): AkmsError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AkmsError) return e;
    throw e;
  }
  throw new Error("expected an error");
}

test("a task's wave is one past the latest wave of the tasks it depends on; waves are sorted", () => {
  const waves = planWaves([t("d", ["b", "c"]), t("c", ["a"]), t("b", ["a"]), t("a"), t("e")]);
  assert.deepEqual(waves, [["a", "e"], ["b", "c"], ["d"]]);
  // A long chain next to a short one.
  assert.deepEqual(planWaves([t("x3", ["x2"]), t("x2", ["x1"]), t("x1"), t("y", ["x1"])]), [["x1"], ["x2", "y"], ["x3"]]);
});

test("a dependency cycle is an error naming the cycle, from its smallest id", () => {
  const e = code(() => planWaves([t("c", ["a"]), t("a", ["b"]), t("b", ["c"]), t("z")]));
  assert.equal(e.code, "DEPENDENCY_CYCLE");
  assert.match(e.message, /a → b → c → a/);
  assert.equal(e.field, "depends_on");
  assert.match(e.hint!, /remove one depends_on/);
  const self = code(() => planWaves([t("s", ["s"])]));
  assert.match(self.message, /s → s/);
});

test("two tasks of one wave sharing a scope file: an error naming both tasks and the file", () => {
  const e = code(() => planWaves([t("a", [], ["src/green.py", "src/a.py"]), t("b", [], ["./src/green.py"])]));
  assert.equal(e.code, "SCOPE_OVERLAP");
  assert.match(e.message, /a and b are both in wave 1 of phase 1 and share src\/green\.py/);
  assert.match(e.hint!, /depends_on/);
  // A directory scope holds the files below it.
  const d = code(() => planWaves([t("a", [], ["src/solvers/"]), t("b", [], ["src/solvers/fft/green.py"])]));
  assert.match(d.message, /share src\/solvers ~ src\/solvers\/fft\/green\.py/);
  // Every pair is listed when there are several.
  const many = code(() => planWaves([t("a", [], ["f"]), t("b", [], ["f"]), t("c", [], ["f"])]));
  assert.equal(many.problems.length, 3);
  // An explicit dependency puts them in different waves: no error.
  assert.deepEqual(planWaves([t("a", [], ["src/green.py"]), t("b", ["a"], ["src/green.py"])]), [["a"], ["b"]]);
  assert.equal(scopesOverlap("src/a.py", "src/ab.py"), false);
});

test("dependencies on unknown tasks or later phases, and duplicate ids, are errors naming file and field", () => {
  const unknown = code(() => planBreakdown([t("a", ["nope"])]));
  assert.equal(unknown.code, "BAD_DEPENDENCY");
  assert.match(unknown.message, /a depends on nope, which no task record has/);
  assert.equal(unknown.field, "depends_on[0]");
  assert.equal(unknown.file, "knowledge/tasks/a.json");
  const later = code(() => planBreakdown([t("a", ["b"], undefined, 1), t("b", [], undefined, 2)]));
  assert.match(later.message, /a \(phase 1\) depends on b \(phase 2\)/);
  const dup = code(() => planBreakdown([t("a"), { ...t("a"), file: "knowledge/tasks/other.json" }]));
  assert.match(dup.message, /used twice/);
});

test("phases ascending with their waves; earlier-phase dependencies are satisfied; complete tasks are not dispatched", () => {
  const bd = planBreakdown([t("c", ["a"], undefined, 2), t("a", [], undefined, 1), t("b", ["a"], undefined, 1), t("old", [], undefined, 1, true), t("n", ["old"], undefined, 1), t("done2", [], undefined, 3, true)]);
  assert.deepEqual(bd.phases, [1, 2]);
  assert.deepEqual(bd.waves, { "1": [["a", "n"], ["b"]], "2": [["c"]] });
});
