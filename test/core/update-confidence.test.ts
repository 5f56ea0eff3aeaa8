import { test } from "node:test";
import assert from "node:assert/strict";
import { DEFAULT_CONFIG } from "../../core/config.js";
import { applyFeedback, clamp, describeStep, paramsFromConfig, round6, type ConfidenceGraph, type ConfidenceParams } from "../../core/update/confidence.js";

type NodeSpec = { c: number; floor?: number; auto?: boolean };
type LinkSpec = [source: string, target: string, type: string, weight: number];

function graph(nodes: Record<string, NodeSpec>, links: LinkSpec[] = []): ConfidenceGraph {
  return {
    confidence: (id) => nodes[id]!.c,
    floor: (id) => nodes[id]!.floor,
    autoUpdate: (id) => nodes[id]!.auto === true,
    predecessors: (id) => links.filter((l) => l[1] === id).map(([source, , type, weight]) => ({ source, type, weight })),
  };
}

const defaults = (): ConfidenceParams => paramsFromConfig(DEFAULT_CONFIG);
const run = (g: ConfidenceGraph, entries: { id: string; useful: boolean; coverage: string }[], p = defaults()) => {
  const values = new Map<string, number>();
  const r = applyFeedback(g, values, entries, p);
  return { values, ...r };
};

test("DESIGN's worked example: 0.85 useful+outdated → 0.87 → 0.7395; its useful requires-predecessor → 0.83868", () => {
  const g = graph({ x: { c: 0.85 }, p: { c: 0.85 } }, [["p", "x", "requires", 0.8]]);
  const r = run(g, [
    { id: "x", useful: true, coverage: "outdated" },
    { id: "p", useful: true, coverage: "sufficient" },
  ]);
  assert.equal(r.values.get("x"), 0.7395);
  assert.equal(r.values.get("p"), 0.83868);
  const [boostX, hitX, boostP, prop] = r.steps;
  assert.deepEqual([boostX!.kind, boostX!.before, boostX!.after], ["boost", 0.85, 0.87]);
  assert.deepEqual([hitX!.kind, hitX!.before, hitX!.after], ["hit", 0.87, 0.7395]);
  assert.equal(round6(hitX!.before - hitX!.after), 0.1305);
  assert.deepEqual([boostP!.kind, boostP!.after], ["boost", 0.87]);
  // 0.87 − 0.1305 · 0.30 · 1.0 · 0.8
  assert.deepEqual([prop!.kind, prop!.node, prop!.from, prop!.before, prop!.after, prop!.hop], ["propagation", "p", "x", 0.87, 0.83868, 1]);
});

test("missing-detail is a direct hit too; sufficient and not useful changes nothing", () => {
  const g = graph({ a: { c: 0.6 }, b: { c: 0.6 } });
  const r = run(g, [
    { id: "a", useful: false, coverage: "missing-detail" },
    { id: "b", useful: false, coverage: "sufficient" },
  ]);
  assert.equal(r.values.get("a"), 0.51);
  assert.equal(r.values.has("b"), false);
  assert.equal(r.steps.length, 1);
});

test("a node's confidence_floor holds against a hit, and the drop it actually took is what propagates", () => {
  const g = graph({ f: { c: 0.75, floor: 0.7 }, q: { c: 0.9 } }, [["q", "f", "requires", 1.0]]);
  const r = run(g, [{ id: "f", useful: false, coverage: "outdated" }]);
  assert.equal(r.values.get("f"), 0.7); // max(0.6375, 0.7)
  assert.equal(r.values.get("q"), 0.885); // 0.9 − 0.05 · 0.3 · 1 · 1
});

test("min_confidence is the floor of nodes without one; max_confidence caps a boost", () => {
  const g = graph({ low: { c: 0.11 }, high: { c: 0.98 }, one: { c: 1.0 } });
  const r = run(g, [
    { id: "low", useful: false, coverage: "outdated" },
    { id: "high", useful: true, coverage: "sufficient" },
    { id: "one", useful: true, coverage: "sufficient" },
  ]);
  assert.equal(r.values.get("low"), 0.1); // 0.0935 → floor 0.10
  assert.equal(r.values.get("high"), 0.99); // 1.00 → cap 0.99
  assert.equal(r.values.get("one"), 0.99); // clamped after every step (FR-U07)
});

test("a declared floor above max_confidence wins (a foundational node never falls below it)", () => {
  const p = defaults();
  assert.equal(clamp(0.5, 0.995, p), 0.995);
  assert.equal(clamp(1.2, null, p), 0.99);
  assert.equal(clamp(0.123456789, null, p), 0.123457);
});

test("hop_limit 2: hop 2 uses the drop hop 1's node actually took; hop_limit 1 stops after one hop", () => {
  const links: LinkSpec[] = [
    ["b", "c", "requires", 1.0],
    ["a", "b", "refines", 0.5],
  ];
  const p2 = { ...defaults(), hopLimit: 2 };
  const free = run(graph({ a: { c: 0.6 }, b: { c: 0.9 }, c: { c: 0.8 } }, links), [{ id: "c", useful: false, coverage: "outdated" }], p2);
  assert.equal(free.values.get("c"), 0.68); // δ 0.12
  assert.equal(free.values.get("b"), 0.864); // 0.9 − 0.12·0.3·1.0·1.0
  assert.equal(free.values.get("a"), 0.59622); // 0.6 − 0.036·0.3·0.7·0.5
  const floored = run(graph({ a: { c: 0.6 }, b: { c: 0.9, floor: 0.88 }, c: { c: 0.8 } }, links), [{ id: "c", useful: false, coverage: "outdated" }], p2);
  assert.equal(floored.values.get("b"), 0.88); // took only 0.02
  assert.equal(floored.values.get("a"), 0.5979); // 0.6 − 0.02·0.3·0.7·0.5
  const one = run(graph({ a: { c: 0.6 }, b: { c: 0.9 }, c: { c: 0.8 } }, links), [{ id: "c", useful: false, coverage: "outdated" }]);
  assert.equal(one.values.get("b"), 0.864);
  assert.equal(one.values.has("a"), false);
});

test("repeated hits in one update compound, on the node and on its predecessors", () => {
  const g = graph({ n: { c: 0.8 }, m: { c: 0.9 } }, [["m", "n", "requires", 1.0]]);
  const r = run(g, [
    { id: "n", useful: false, coverage: "outdated" },
    { id: "n", useful: false, coverage: "missing-detail" },
  ]);
  assert.equal(r.values.get("n"), 0.578); // 0.8 · 0.85 · 0.85
  assert.equal(r.values.get("m"), 0.8334); // 0.9 − 0.12·0.3 − 0.102·0.3
});

test("edge-type multipliers and weights scale propagation; contradicts, pitfall and implements do not propagate", () => {
  const g = graph(
    { hit: { c: 0.8 }, fi: { c: 0.8 }, rf: { c: 0.8 }, ct: { c: 0.8 }, im: { c: 0.8 } },
    [
      ["fi", "hit", "feeds-into", 1.0],
      ["rf", "hit", "refines", 0.5],
      ["ct", "hit", "contradicts", 1.0],
      ["im", "hit", "implements", 1.0],
    ],
  );
  const r = run(g, [{ id: "hit", useful: false, coverage: "outdated" }]);
  assert.equal(r.values.get("fi"), 0.782); // 0.8 − 0.12·0.3·0.5·1.0
  assert.equal(r.values.get("rf"), 0.7874); // 0.8 − 0.12·0.3·0.7·0.5
  assert.equal(r.values.has("ct"), false);
  assert.equal(r.values.has("im"), false);
  // Predecessors are visited in id order.
  assert.deepEqual(r.steps.filter((s) => s.kind === "propagation").map((s) => s.node), ["fi", "rf"]);
});

test("auto_update nodes are untouched: no boost, no hit, no share of a neighbour's hit, no path through them", () => {
  const g = graph(
    { mirror: { c: 1.0, auto: true }, hit: { c: 0.8 }, auto: { c: 1.0, auto: true }, beyond: { c: 0.7 } },
    [
      ["auto", "hit", "requires", 1.0],
      ["beyond", "auto", "requires", 1.0],
    ],
  );
  const r = run(
    g,
    [
      { id: "mirror", useful: true, coverage: "outdated" },
      { id: "hit", useful: false, coverage: "outdated" },
    ],
    { ...defaults(), hopLimit: 3 },
  );
  assert.deepEqual(r.skipped, ["mirror"]);
  assert.equal(r.values.has("mirror"), false);
  assert.equal(r.values.has("auto"), false);
  assert.equal(r.values.has("beyond"), false);
  assert.equal(r.values.get("hit"), 0.68);
});

test("each node takes at most one share of a hit, at its nearest hop (cycles do not echo back)", () => {
  // a ⇄ b cycle, and d reaches the hit both directly and through a.
  const g = graph(
    { a: { c: 0.8 }, b: { c: 0.8 }, d: { c: 0.8 } },
    [
      ["a", "b", "requires", 1.0],
      ["b", "a", "requires", 1.0],
      ["d", "b", "requires", 1.0],
      ["d", "a", "requires", 1.0],
    ],
  );
  const r = run(g, [{ id: "b", useful: false, coverage: "outdated" }], { ...defaults(), hopLimit: 3 });
  assert.equal(r.values.get("b"), 0.68); // not lowered again through a → b
  assert.equal(r.values.get("a"), 0.764);
  assert.equal(r.values.get("d"), 0.764);
  assert.equal(r.steps.filter((s) => s.node === "d").length, 1);
});

test("values are stored with 6 decimals", () => {
  const g = graph({ a: { c: 0.333333 }, b: { c: 0.7 } }, [["b", "a", "feeds-into", 0.33]]);
  const r = run(g, [{ id: "a", useful: false, coverage: "outdated" }]);
  for (const v of r.values.values()) assert.equal(v, round6(v));
  assert.equal(r.values.get("a"), 0.283333);
  assert.equal(r.values.get("b"), 0.697525); // 0.7 − 0.05·0.3·0.5·0.33
});

test("a step that raises a node below its floor says so (not a drop of a negative amount)", () => {
  const g = graph({ low: { c: 0.38, floor: 0.5 }, x: { c: 0.9 } }, [["low", "x", "requires", 0.45]]);
  const r = run(g, [{ id: "x", useful: false, coverage: "outdated" }]);
  const step = r.steps.find((s) => s.node === "low")!;
  assert.deepEqual([step.before, step.after], [0.38, 0.5]);
  assert.equal(describeStep(step, defaults()), "from x via requires (weight 0.45, hop 1), raised to its floor 0.5");
  const hit = run(graph({ y: { c: 0.3, floor: 0.5 } }), [{ id: "y", useful: false, coverage: "outdated" }]).steps[0]!;
  assert.equal(describeStep(hit, defaults()), "direct hit ×0.85 (coverage outdated), raised to its floor 0.5");
  const drop = r.steps.find((s) => s.node === "x")!;
  assert.doesNotMatch(describeStep(drop, defaults()), /raised/);
});
