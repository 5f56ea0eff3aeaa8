// "Which task is mine?" when it cannot tell: the note says what the candidates are, or that there are none.
import { test } from "node:test";
import assert from "node:assert/strict";
import { utimesSync } from "node:fs";
import { join } from "node:path";
import { loadContext } from "../../core/context.js";
import { currentLoadout, currentTask } from "../../core/agent/current-task.js";
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

// The hook and current_task find a task's loadout among a repository's hundreds by their headers
// alone (a loadout is up to tens of KB); the chosen one is read whole. The answer is the one a
// whole read of every file gives: a header past the head's bytes, a closing "..." fence, CRLF lines,
// a file cut before its fence, and the newest of two loadouts of one task.
test("currentLoadout: the newest loadout of the task, found by the headers, read whole", () => {
  const s = scratch();
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  const dir = join(s.knowledge, "loadouts");
  const body = (n: number) => `\n# Loadout\n\n${"x".repeat(n)}\nend\n`;
  const at = (name: string, text: string, mtime: number) => {
    const f = write(join(dir, name), text);
    utimesSync(f, mtime, mtime);
    return f;
  };
  at("phase1-a-loadout.md", `---\ntask_id: a\nphase: 1\n---${body(40_000)}`, 1000);
  at("phase2-a-loadout.md", `---\r\ntask_id: a\r\nphase: 2\r\n...\r${body(40_000)}`, 2000);
  at("phase1-b-loadout.md", `---\ntask_id: b\nnote: "${"y".repeat(20_000)}"\n---${body(10)}`, 3000);
  at("phase1-c-loadout.md", `---\ntask_id: c\nphase: 1\n`, 4000);
  at("phase1-d-loadout.md", `---\ntask_id: d\n--`, 5000);
  const a = currentLoadout(ctx, "a")!;
  assert.deepEqual([a.shown, a.fields.task_id, a.fields.phase], ["knowledge/loadouts/phase2-a-loadout.md", "a", "2"]);
  assert.ok(a.body.endsWith("end\n") && a.body.length > 40_000, "the chosen loadout's whole body");
  const b = currentLoadout(ctx, "b")!;
  assert.equal(b.fields.note, "y".repeat(20_000), "a header longer than the head is read whole");
  assert.equal(currentLoadout(ctx, "c"), null, "no closing fence: no header");
  assert.equal(currentLoadout(ctx, "d"), null);
  assert.equal(currentLoadout(ctx, null)!.shown, "knowledge/loadouts/phase1-d-loadout.md", "no task: the newest loadout file");
});
