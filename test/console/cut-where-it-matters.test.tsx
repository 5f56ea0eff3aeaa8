// Issue 19 item 9: what tells items apart, what a write will do, what a key does and where a file
// is are never the parts cut away.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { manualPromotionSteps } from "../../core/review/actions.js";
import { demoRepo, openConsole, pressUntil } from "./helpers.js";

const oneLine = (f: string) => f.replace(/\s+/g, " ");

test("the Review list's provenance column shows the session id, not 'from session-task-1…', at 100 and 160 columns", async () => {
  const d = demoRepo();
  for (const width of [100, 160]) {
    const c = await openConsole(d.ctx, { width, height: 30 });
    try {
      const f = c.frame();
      assert.match(f, /agent · session-task-101\b/, `${width}`);
      assert.match(f, /agent · session-phase1\S*/, `${width}`);
      assert.doesNotMatch(f.split("── Detail")[0]!, /from session-task-1…/, `${width}: the distinguishing part is not cut`);
    } finally {
      c.unmount();
    }
  }
});

test("at 120 columns (the sections beside the list) the Review list keeps its provenance column, and a dedup merge's header keeps the session", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx, { width: 120, height: 35 });
  try {
    assert.match(c.frame().split("\n")[2]!, /origin provenance/);
    assert.match(c.frame(), /session-task-101\n/, "the provenance, cut from its start: the session's end is what tells items apart");
    await pressUntil(c, "l", /Dedup events — 1 of/);
    const dedup = c.model.review!.sections.dedup_events.find((e) => e.dedup_status === "pending")!;
    assert.match(c.frame(), new RegExp(`── Dedup into ${dedup.id} \\(pending\\) ─+ ${dedup.session}`));
  } finally {
    c.unmount();
  }
});

test("a confirmation wraps its consequence instead of cutting it, and the status line wraps an action's result", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx, { width: 80, height: 30 });
  try {
    const ev = c.model.review!.sections.dedup_events.find((e) => e.dedup_status === "pending")!;
    await pressUntil(c, "l", /Dedup events — 1 of/);
    await c.press("a");
    const dialog = oneLine(c.frame());
    assert.match(dialog.replace(/│/g, " ").replace(/\s+/g, " "), new RegExp(`stays in ${ev.file!.replace(/[.]/g, "\\.")}; its marker becomes accepted\\.`), "the whole consequence, file name included");
    await c.press("y");
    const done = await c.waitFor(/✓ \$ akms dedup accept/);
    assert.equal(done.split("\n").length, 30, "the frame keeps its height");
    assert.match(oneLine(done), new RegExp(`✓ \\$ akms dedup accept ${ev.id} ${ev.session} \\(\\d+ ms\\) — accepted the dedup merge from ${ev.session} into ${ev.id}`));
    assert.doesNotMatch(done.split("\n").slice(-4).join("\n"), /…$/m, "no line of the result ends cut");
  } finally {
    c.unmount();
  }
});

test("a promote's result shows every printed step to share the node, whole, down to its `akms build`", async () => {
  const d = demoRepo();
  // 40 rows: the result takes up to 13 (a third); this one, with a pending dedup note and the test's long
  // quoted paths, needs 12.
  const c = await openConsole(d.ctx, { width: 100, height: 40 });
  try {
    const id = c.model.review!.sections.new_tentative[0]!.id;
    await c.press("p");
    await c.press("y");
    const done = await c.waitFor(/✓ \$ akms promote/);
    assert.equal(done.split("\n").length, 40, "the frame keeps its height");
    const result = done.split("\n").slice(done.split("\n").findIndex((l) => l.startsWith("✓ $ akms promote")), -1);
    assert.doesNotMatch(result.join("\n"), /…$/m, "no line of the result ends cut");
    // Compared without white space: the wrap may break a line anywhere.
    const shown = result.join("").replace(/\s+/g, "");
    const steps = manualPromotionSteps(d.ctx, join(d.ctx.paths.localNodes, `${id}.md`), { status: "established" }, id);
    for (const step of steps) assert.ok(shown.includes(step.replace(/\s+/g, "")), `the step is shown whole: ${step}`);
    assert.match(steps.at(-1)!, /^akms build --repo /, "down to the build after the move");
  } finally {
    c.unmount();
  }
});

test("the ? help at 100 columns wraps descriptions instead of cutting them", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx, { width: 100, height: 30 });
  try {
    await c.press("?");
    const f = c.frame();
    assert.match(f, /Keys — Review screen/);
    for (const l of f.split("\n")) assert.doesNotMatch(l, /\S…\s*$/, `a cut line: ${l}`);
    assert.match(f, /not now: tentative, not draft|now: tentative, not draft/, "a disabled key's reason is there in full");
  } finally {
    c.unmount();
  }
});

test("the Loadout screen at 160 columns sizes the node column by its ids and shows whole paths", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx, { width: 160, height: 36 });
  try {
    await c.press("4");
    const f = await c.waitFor(/^---$/m, 60000);
    const header = f.split("\n").find((l) => /^ +# node +read/.test(l))!;
    assert.ok(header, "the node table's header");
    const rows = f.split("\n").filter((l) => /^ +\d+ \S+ +(full|summary|routing|pitfalls-only|skip)/.test(l));
    assert.ok(rows.length > 0, "node rows");
    const longestId = Math.max(...rows.map((r) => r.trim().split(/\s+/)[1]!.length));
    const nodeCol = header.indexOf("read") - header.indexOf("node") - 1;
    assert.ok(nodeCol <= Math.max(12, longestId) + 1, `the node column (${nodeCol}) is as wide as its longest id (${longestId})`);
    for (const r of rows) assert.doesNotMatch(r, /…/, `a cut row: ${r}`);
    assert.ok(rows.some((r) => /(knowledge\/local-nodes|vault)\/\S+\.md/.test(r)), "whole paths");
  } finally {
    c.unmount();
  }
});

test("a blocked task's detail lists its reasons as lines (failing test, session, phase), and its row shows the first one", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx, { width: 160, height: 40 });
  try {
    const f = await pressUntil(c, "l", /Blocked downstream tasks — 1 of 1/);
    assert.doesNotMatch(f, /reasons: \[/, "no raw JSON");
    assert.match(f, /blocked by:/);
    assert.match(oneLine(f), /• failing test \S+ \(session [^,)]+, phase \d+\)/);
    const row = f.split("\n").find((l) => /task-202/.test(l) && /pending/.test(l))!;
    assert.ok(row, "the task's row");
    assert.match(row, /failing test/, "the row shows the first reason");
  } finally {
    c.unmount();
  }
});
