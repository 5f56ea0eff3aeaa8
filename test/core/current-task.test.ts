// "Which task is mine?" when it cannot tell: the note says what the candidates are, or that there are none.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { loadContext } from "../../core/context.js";
import { currentTask } from "../../core/agent/current-task.js";
import { scratch, write } from "../helpers.js";

test("cannot tell: the open tasks are listed when there are some, and the note says so only then", () => {
  const s = scratch();
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  const none = currentTask(ctx, {});
  assert.equal(none.task_id, null);
  assert.deepEqual(none.candidates, []);
  assert.doesNotMatch(none.note, /listed/, "no list to point at");
  assert.match(none.note, /No task record is open/);
  const task = (id: string, status: string) => write(join(s.knowledge, "tasks", `${id}.json`), JSON.stringify({ task_id: id, title: `Task ${id}`, status, akms_tags: ["x"], akms_schema: "v2" }));
  task("t-1", "pending");
  task("t-2", "pending");
  const two = currentTask(ctx, {});
  assert.deepEqual(two.candidates.map((t) => t.task_id), ["t-1", "t-2"]);
  assert.match(two.note, /the open tasks are listed/);
});
