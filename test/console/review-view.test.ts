// The Review screen's sections: item i on its own (the window a screen shows) is the item the
// whole list has at i, and without a filter only the items asked for are made.
import { test } from "node:test";
import assert from "node:assert/strict";
import { reviewSections, toItem } from "../../src/console/review-view.js";
import type { ReviewData } from "../../core/report.js";

function data(n: number): ReviewData {
  const stale = Array.from({ length: n }, (_, i) => ({ id: `n-${i}`, title: i % 3 ? `Title ${i}` : `n-${i}`, status: i % 2 ? "tentative" : "established", confidence: 0.5, confidence_default: 0.75, origin: "local", source: "human", file: `knowledge/local-nodes/n-${i}.md`, command: `akms draft n-${i}` }));
  return { phase: 1, sections: { stale, orphans: [{ id: "x", title: "\tX\nY" }] } } as unknown as ReviewData;
}

test("itemAt(i) is items[i], with and without a filter", () => {
  for (const filter of ["", "title 1", "tentative", "zzz"]) {
    const sections = reviewSections(data(40), filter, () => true);
    for (const s of sections) {
      const lazy = reviewSections(data(40), filter, () => true).find((x) => x.key === s.key)!;
      for (let i = -1; i <= s.items.length; i++) assert.deepEqual(lazy.itemAt(i), s.items[i], `${s.key} ${filter} ${i}`);
      assert.equal(lazy.count, s.items.length);
    }
  }
});

test("without a filter, only the items asked for are made", () => {
  let made = 0;
  const stale = reviewSections(data(500), "", () => (made++, true)).find((s) => s.key === "stale")!;
  assert.equal(stale.count, 500);
  assert.equal(made, 0);
  for (let i = 10; i < 23; i++) stale.itemAt(i);
  assert.equal(made, 13);
  stale.itemAt(12);
  assert.equal(made, 13, "made once");
  assert.equal(stale.items.length, 500);
  assert.equal(made, 500, "the rest when the whole list is read");
  assert.equal(stale.itemAt(12), stale.items[12]);
});

test("a new pitfall shows its severity in the status column", () => {
  const it = toItem("new_pitfalls", { from: { id: "n1", status: "established" }, session: "session-t-1", severity: "high", weight: 0.8, note: "bites" }, 0, () => true);
  assert.equal(it.status, "high");
  assert.equal(it.label, "n1 → session-t-1");
  // Two agents' reports on one edge (one pitfall edge to the phase's session): the list's provenance column tells them apart.
  const two = ["t2: the jitter\nmust not exceed the cap", "t3: the cap"].map((note, i) => toItem("new_pitfalls", { from: { id: "n1", status: "established", source: "human" }, session: "session-phase2", severity: "medium", note }, i, () => true));
  assert.deepEqual(two.map((x) => x.source), ["t2: the jitter must not exceed the cap", "t3: the cap"]);
});

test("the look back's row says its count in agreeing words: '1 of 1 useful node was shown', '1 of 2 useful nodes was shown'", () => {
  const task = (useful: number, shown: number) => ({ task_id: `t${useful}${shown}`, session: "session-phase2", useful, useful_shown: shown, rebit: [], rebit_shown: [], gaps: [] });
  const helped = { phase: 2, tasks: [task(1, 1), task(2, 1), task(2, 2)], helpful_recall: 0.8, rebit: 0, rebit_loaded: 0, recurring_gaps: [], gaps_promoted: [] };
  const section = reviewSections(null, "", () => false, { helped }).find((s) => s.key === "helped")!;
  assert.deepEqual(section.items.map((i) => i.title), ["1 of 1 useful node was shown", "1 of 2 useful nodes was shown", "2 of 2 useful nodes were shown"]);
});
