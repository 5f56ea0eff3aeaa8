// Issue 19 item 13: the small things a newcomer tripped over, each pinned.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { demoRepo, openConsole, pressUntil } from "./helpers.js";
import { loadModel, settleModel } from "../../src/console/model.js";

const oneLine = (f: string) => f.replace(/\s+/g, " ");

test("the empty Checkpoint screen says there is no run, not that the run is complete", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx);
  try {
    await c.press("6");
    const f = c.frame();
    assert.match(f, /No orchestration run in this repository/);
    assert.match(f, /no action: no run yet/);
    assert.doesNotMatch(f, /run is complete/);
  } finally {
    c.unmount();
  }
});

test("after u the selection lands on the node the undo restored", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx, { width: 120, height: 34 });
  try {
    const items = c.model.review!.sections.new_tentative.filter((i) => i.origin === "local");
    const target = items[items.length - 1]!;
    // Promote the last tentative node, move to the first, undo: the cursor is back on the restored node.
    await pressUntil(c, "j", new RegExp(`Detail: ${target.id}`));
    await c.press("p");
    await c.press("y");
    await c.waitFor(/✓ \$ akms promote/);
    await pressUntil(c, "k", /New tentative nodes — 1 of/);
    await c.press("u");
    await c.press("y");
    const f = await c.waitFor(/✓ \$ akms undo/);
    assert.match(f, new RegExp(`Detail: ${target.id}`), "the restored node is selected");
    assert.match(f, new RegExp(`New tentative nodes — ${items.length} of ${items.length}`));
  } finally {
    c.unmount();
  }
});

test("a status note of one screen does not follow to the next; results do", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx, { width: 120, height: 34 });
  try {
    await c.press("3");
    await c.press("o");
    assert.match(c.frame(), /role: \S+/);
    await c.press("2");
    assert.doesNotMatch(c.frame(), /role: \S+/, "the Why screen's note stays there");
  } finally {
    c.unmount();
  }
});

test("the Explorer counts in the singular when there is one ('1 edge', '1 node')", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx, { width: 120, height: 34 });
  try {
    // The console opens on green-cache-key-includes-ref-medium: one edge, to one neighbour.
    await c.press("2");
    const f = c.frame();
    assert.match(f.split("\n")[1]!, /^green-cache-key-includes-ref-medium /);
    assert.match(f, /radius 1 · 2 nodes, 1 edge within it/);
    assert.doesNotMatch(f, /\b1 edges\b|\b1 nodes\b/);
  } finally {
    c.unmount();
  }
});

test("a typed tag that matches no node is said on the Why screen, as the CLI says it", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx, { width: 120, height: 34 });
  try {
    await c.press("3");
    await c.press("t");
    for (const ch of "green-operator,no-such-tag-xyz") await c.press(ch);
    await c.press("enter");
    assert.match(oneLine(c.frame()), /Typed tags: green-operator, no-such-tag-xyz — "no-such-tag-xyz" matched no node/);
  } finally {
    c.unmount();
  }
});

test("e with an editor that changes nothing says so and does not rebuild", async () => {
  const d = demoRepo();
  let ran = 0;
  const c = await openConsole(d.ctx, {
    width: 120,
    height: 34,
    editor: () => {
      ran++;
      return { error: null };
    },
  });
  try {
    const item = c.model.review!.sections.new_tentative.find((i) => i.origin === "local")!;
    const before = readFileSync(join(d.repo, item.file!));
    const version = c.model.version;
    await c.press("e");
    const f = await c.waitFor(/unchanged: nothing to rebuild/);
    assert.equal(ran, 1);
    assert.doesNotMatch(f, /rebuilt/);
    assert.match(f, new RegExp(`graph ${version}`));
    assert.deepEqual(readFileSync(join(d.repo, item.file!)), before);
    // An editor that does change the file: edited, rebuilt.
    const c2 = await openConsole(d.ctx, {
      width: 120,
      height: 34,
      editor: (file) => {
        writeFileSync(file, readFileSync(file, "utf8") + "\nAn added line.\n");
        return { error: null };
      },
    });
    try {
      await c2.press("e");
      await c2.waitFor(/edited .*; rebuilt: graph [0-9a-f]{12}/);
    } finally {
      c2.unmount();
    }
  } finally {
    c.unmount();
  }
});

test("the console's model opens the graph index: two starts give the same review data, version and nodes, and the whole graph is there for the screens that need the links", async () => {
  const d = demoRepo();
  const first = loadModel(d.ctx, {}, { rebuild: false });
  settleModel(first);
  const second = loadModel(d.ctx, {}, { rebuild: false });
  assert.equal(JSON.stringify(second.review), JSON.stringify(first.review));
  assert.equal(second.version, first.version);
  assert.deepEqual([...second.nodes.keys()], [...first.graph().nodes.keys()]);
  assert.equal([...second.graph().links()].length, [...first.graph().links()].length);
  const c = await openConsole(d.ctx, { rebuild: false });
  try {
    await c.press("2");
    assert.match(c.frame(), /→ out · |← in · /);
  } finally {
    c.unmount();
  }
});
