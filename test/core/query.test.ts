import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { scratch, write, writeNode, type NodeSpec } from "../helpers.js";
import { loadContext } from "../../core/context.js";
import { build } from "../../core/compiler/build.js";
import { loadGraph, type LoadedGraph } from "../graph-json.js";
import { parseConfig, type LoadedConfig } from "../../core/config.js";
import { queryGraph, resolveRole } from "../../core/query.js";
import { encodePlanGraph, openPlanGraph } from "../../core/store/graph-index.js";
import { graphIndexed, indexOfLoaded, openGraph } from "../../core/graph.js";
import { isAkmsError } from "../../core/errors.js";

/** A scratch repository compiled by the real compiler. */
function graphOf(globals: NodeSpec[], opts: { locals?: NodeSpec[]; overlay?: string; mirrors?: Record<string, string> } = {}): { graph: LoadedGraph; repo: string; vault: string } {
  const s = scratch();
  for (const n of globals) writeNode(s.vault, n);
  for (const n of opts.locals ?? []) writeNode(join(s.knowledge, "local-nodes"), n);
  for (const [rel, text] of Object.entries(opts.mirrors ?? {})) write(join(s.knowledge, "code-mirror", rel), text);
  if (opts.overlay) write(join(s.knowledge, "graph", "local_state.yaml"), opts.overlay);
  const ctx = loadContext({ repo: s.repo, vault: s.vault });
  build(ctx);
  return { graph: loadGraph(ctx.paths), repo: s.repo, vault: s.vault };
}

function config(yaml = ""): LoadedConfig {
  return parseConfig(`akms_schema: v2\n${yaml}`, "propagation_config.yaml");
}

const e = (to: string, type: string, weight: number) => ({ to, type, weight });

// The worked example: a seed with one edge of every type, a draft seed in the middle of a chain,
// a reversed contradicts edge, a node below threshold, activations and a pitfall from the overlay.
const WORKED: NodeSpec[] = [
  { id: "a", tags: ["alpha"], confidence: 0.9, edges: [e("b", "requires", 0.8), e("c", "feeds-into", 0.5), e("d", "contradicts", 1), e("e", "refines", 1)] },
  { id: "b", confidence: 0.8, edges: [e("f", "requires", 0.5)] },
  { id: "c", confidence: 0.7 },
  { id: "d", confidence: 0.6 },
  { id: "e", confidence: 0.9 },
  { id: "f", confidence: 0.2 },
  { id: "g", tags: ["Alpha"], status: "draft", edges: [e("h", "requires", 1)] },
  { id: "h", confidence: 0.5 },
  { id: "x", confidence: 0.75, edges: [e("a", "contradicts", 0.9)] },
];
const WORKED_OVERLAY = `akms_schema: v2
nodes:
  a: {activations: 7}
  b: {activations: 2}
local_edges:
  - {from: a, to: session-s1, type: pitfall, weight: 0.8, note: "divide by zero at the Nyquist frequency"}
session_nodes:
  session-s1: {title: "Session: s1", tags: [alpha], outcome: success, content_ref: sessions/s1.md, phase: 1}
`;

test("implementer: seeds by tag (any case), out-edges of its types to max_depth, a draft seed still connects, every node in and out explained", () => {
  const { graph } = graphOf(WORKED, { overlay: WORKED_OVERLAY });
  const r = queryGraph(graph, config(), { tags: ["ALPHA", "nothing-here"], role: "implementer" });
  assert.deepEqual(r.seeds, ["a", "g"]);
  assert.deepEqual(
    r.nodes.map((n) => [n.id, n.rank, n.position]),
    [
      ["a", 6.3, 1],
      ["b", 1.6, 2],
      ["c", 0, 3], // ties at rank 0: confidence desc
      ["h", 0, 4],
    ],
  );
  const b = r.nodes.find((n) => n.id === "b")!;
  assert.deepEqual(b.trace, { seed: "a", matched_tags: ["ALPHA"], chain: [{ from: "a", type: "requires", to: "b", weight: 0.8, direction: "out" }], depth: 1, weight: 0.8 });
  assert.deepEqual(b.rank_figures, { formula: "confidence * activations", confidence: 0.8, activations: 2, depth: 1, weight: 0.8, base: 1.6, multiplier: 1, prefer_domain: false, rank: 1.6 });
  assert.match(b.why, /^reached from seed a \(tag "ALPHA"\) via a -requires\(0\.8\)-> b \(depth 1, path weight 0\.8\); rank 1\.6 = confidence \* activations/);
  assert.match(r.nodes[0]!.why, /^seed: tag "ALPHA" matches/);
  const h = r.nodes.find((n) => n.id === "h")!;
  assert.equal(h.trace.seed, "g", "h is reached through the draft seed g");

  const out = Object.fromEntries(r.excluded.map((x) => [x.id, x.reason]));
  assert.deepEqual(out, { d: "edge_type_not_followed", e: "edge_type_not_followed", f: "below_threshold", g: "draft", x: "edge_type_not_followed" });
  const f = r.excluded.find((x) => x.id === "f")!;
  assert.equal(f.trace.weight, 0.4);
  assert.match(f.why, /below threshold: confidence 0\.2 < min_confidence_threshold 0\.3/);
  assert.deepEqual(r.excluded.find((x) => x.id === "x")!.not_followed, ["contradicts"]);
  assert.match(r.excluded.find((x) => x.id === "x")!.why, /a <-contradicts\(0\.9\)- x/);

  assert.deepEqual(r.pitfalls, [{ from: "a", to: "session-s1", note: "divide by zero at the Nyquist frequency", weight: 0.8 }]);
  assert.deepEqual(r.sessions, ["session-s1"]);
  assert.deepEqual(r.session_details[0]!.via, ["pitfall", "tag"]);
  assert.ok(!r.nodes.some((n) => n.id.startsWith("session-")), "session nodes never enter the node table");
  assert.deepEqual(r.unmatched_tags, ["nothing-here"]);
  assert.match(r.notes.join("\n"), /"nothing-here" matched no domain node/);
});

test("physics_reviewer follows requires and contradicts (both ways) only, ranks by confidence, and gets no pitfalls", () => {
  const { graph } = graphOf(WORKED, { overlay: WORKED_OVERLAY });
  const r = queryGraph(graph, config(), { tags: ["alpha"], role: "physics_reviewer" });
  assert.deepEqual(
    r.nodes.map((n) => [n.id, n.rank]),
    [
      ["a", 0.9],
      ["b", 0.8],
      ["x", 0.75],
      ["d", 0.6],
      ["h", 0.5],
    ],
  );
  assert.equal(r.nodes.find((n) => n.id === "x")!.trace.chain[0]!.direction, "reverse");
  assert.deepEqual(
    r.excluded.map((x) => [x.id, x.reason]),
    [
      ["c", "edge_type_not_followed"],
      ["e", "edge_type_not_followed"],
      ["f", "below_threshold"],
      ["g", "draft"],
    ],
  );
  assert.deepEqual(r.pitfalls, []);
  assert.deepEqual(r.sessions, ["session-s1"], "a session whose tags match still counts as history");
  assert.match(r.notes.join("\n"), /physics_reviewer does not follow pitfall edges/);
});

test("depth and weight come from one chain: fewest hops, then the highest product of weights; max_depth bounds the ego graph", () => {
  const nodes: NodeSpec[] = [
    { id: "s", tags: ["seed"], edges: [e("m1", "requires", 0.5), e("m2", "requires", 0.9), e("far", "feeds-into", 0.1)] },
    { id: "m1", edges: [e("t1", "requires", 1)] },
    { id: "m2", edges: [e("t1", "requires", 0.5), e("deep", "requires", 1)] },
    { id: "t1", edges: [e("far", "requires", 1)] },
    { id: "deep", edges: [e("deeper", "requires", 1)] },
    { id: "deeper" },
    { id: "far" },
  ];
  const { graph } = graphOf(nodes);
  const r = queryGraph(graph, config("loadout:\n  max_depth: 2\n  max_nodes_per_loadout: 20\nquery_roles:\n  w:\n    edge_types: [requires, feeds-into]\n    rank_formula: weight - depth / 100\n"), {
    tags: ["seed"],
    role: "w",
  });
  const t1 = r.nodes.find((n) => n.id === "t1")!;
  assert.deepEqual([t1.trace.depth, t1.trace.weight, t1.trace.chain.map((c) => c.from)], [2, 0.5, ["s", "m1"]]);
  const far = r.nodes.find((n) => n.id === "far")!;
  assert.deepEqual([far.trace.depth, far.trace.weight], [1, 0.1], "one hop at weight 0.1 beats two hops at weight 1");
  assert.ok(!r.nodes.some((n) => n.id === "deeper") && !r.excluded.some((n) => n.id === "deeper"), "beyond max_depth: not reached at all");
  assert.deepEqual(r.nodes.map((n) => n.id), ["s", "m2", "deep", "m1", "t1", "far"]);
  assert.equal(r.nodes.find((n) => n.id === "deep")!.rank, 0.88);
});

test("the cap keeps the best-ranked nodes; pitfall injection keeps pitfall-carrying nodes beyond it, up to max_pitfall_nodes", () => {
  const nodes: NodeSpec[] = [
    { id: "s", tags: ["seed"], confidence: 0.99, edges: ["n1", "n2", "n3", "n4", "n5"].map((id) => e(id, "requires", 1)) },
    { id: "n1", confidence: 0.9 },
    { id: "n2", confidence: 0.8 },
    { id: "n3", confidence: 0.7 },
    { id: "n4", confidence: 0.6 },
    { id: "n5", confidence: 0.5 },
  ];
  const overlay = `akms_schema: v2
local_edges:
  - {from: n3, to: session-p, type: pitfall, weight: 0.5, note: "n3 trap"}
  - {from: n4, to: session-p, type: pitfall, weight: 0.5, note: "n4 trap"}
  - {from: n5, to: session-p, type: pitfall, weight: 0.3, note: "n5 trap"}
session_nodes:
  session-p: {title: "Session: p", outcome: partial, content_ref: sessions/p.md, phase: 2}
`;
  const { graph } = graphOf(nodes, { overlay });
  const cfg = config("loadout:\n  max_nodes_per_loadout: 2\n  max_pitfall_nodes: 2\nquery_roles:\n  implementer:\n    edge_types: [requires, pitfall]\n    rank_formula: confidence\n");
  const r = queryGraph(graph, cfg, { tags: ["seed"], role: "implementer" });
  assert.deepEqual(r.nodes.map((n) => [n.id, n.pitfall_injected]), [
    ["s", false],
    ["n1", false],
    ["n3", true],
    ["n4", true],
  ]);
  assert.match(r.nodes[2]!.why, /pitfall injection: rank place 4 is beyond max_nodes_per_loadout 2/);
  const cut = Object.fromEntries(r.excluded.map((x) => [x.id, x]));
  assert.equal(cut.n2!.reason, "cut_by_cap");
  assert.equal(cut.n2!.rank_position, 3);
  assert.equal(cut.n5!.reason, "cut_by_cap");
  assert.match(cut.n5!.why, /carries pitfall warnings, but max_pitfall_nodes 2/);
  assert.deepEqual(r.pitfalls.map((p) => p.from), ["n3", "n4"]);
});

test("prefer_domains multiplies the rank by 1.5; exclude_domains removes; a role added in config needs no code (FR-Q06)", () => {
  const nodes: NodeSpec[] = [
    { id: "s", tags: ["seed"], domain: "core", confidence: 0.6, edges: [e("p", "refines", 1), e("q", "refines", 1)] },
    { id: "p", domain: "physics", confidence: 0.5 },
    { id: "q", domain: "ui", confidence: 0.95 },
  ];
  const { graph } = graphOf(nodes);
  const cfg = config("query_roles:\n  designer:\n    edge_types: [refines]\n    rank_formula: confidence\n    prefer_domains: [physics]\n    exclude_domains: [ui]\n");
  const r = queryGraph(graph, cfg, { tags: ["seed"], role: "designer" });
  assert.deepEqual(r.nodes.map((n) => [n.id, n.rank]), [
    ["p", 0.75],
    ["s", 0.6],
  ]);
  assert.equal(r.nodes[0]!.rank_figures.multiplier, 1.5);
  assert.equal(r.excluded[0]!.reason, "domain_excluded");
  assert.match(r.excluded[0]!.why, /"ui" is in designer's exclude_domains/);
});

test("code-mirror nodes never appear, even for a role that follows implements edges", () => {
  const mirror = `---
id: mirror-x
title: "Code Mirror: src/x.py"
domain: code-mirror
status: established
confidence: 1.0
source: generated
auto_update: true
content_ref: code-mirror/x.md
source_file: src/x.py
generated_at: 2026-01-01T00:00:00
generated_by_phase: 1
akms_schema: v2
---
`;
  const { graph } = graphOf([{ id: "s", tags: ["seed"], edges: [e("mirror-x", "implements", 1)] }], { mirrors: { "x.md": mirror } });
  const cfg = config("query_roles:\n  impl:\n    edge_types: [implements]\n    rank_formula: confidence\n");
  const r = queryGraph(graph, cfg, { tags: ["seed"], role: "impl" });
  assert.deepEqual(r.nodes.map((n) => n.id), ["s"]);
  assert.deepEqual(r.excluded, []);
});

test("tags that match nothing and no tags at all give an empty, explained result", () => {
  const { graph } = graphOf([{ id: "s", tags: ["seed"] }]);
  const none = queryGraph(graph, config(), { tags: ["zzz"], role: "implementer" });
  assert.deepEqual([none.seeds, none.nodes, none.excluded], [[], [], []]);
  assert.match(none.notes[0]!, /no domain node carries any of the tags "zzz": the result is empty — search the knowledge by the task's words instead \(`akms search`\)$/);
  const empty = queryGraph(graph, config(), { tags: [" ", ""], role: "implementer" });
  assert.deepEqual(empty.seed_tags, []);
  assert.match(empty.notes[0]!, /no seed tags were given/);
});

test("an unknown role is an error that lists the roles; an invalid rank formula is a config error at load", () => {
  const { graph } = graphOf([{ id: "s", tags: ["seed"] }]);
  assert.throws(
    () => queryGraph(graph, config(), { tags: ["seed"], role: "astronaut" }),
    (err: unknown) => isAkmsError(err) && err.code === "UNKNOWN_ROLE" && /code_reviewer, implementer, physics_reviewer/.test(err.message),
  );
  assert.throws(() => resolveRole(config(), "astronaut"), /unknown role "astronaut"/);
  assert.equal(resolveRole(config(), undefined, null), "implementer");
  assert.throws(
    () => config("query_roles:\n  implementer:\n    edge_types: [requires]\n    rank_formula: confidence ** 2\n"),
    (err: unknown) => isAkmsError(err) && err.code === "CONFIG" && /rank_formula/.test(err.message),
  );
  assert.throws(() => config("query_roles:\n  implementer:\n    edge_types: [requires]\n    rank_formula: process\n"), /unknown variable 'process'/);
});

test("the same graph, tags and role give the same result; the compact planning cache answers exactly like graph.json", () => {
  const { graph, repo } = graphOf(WORKED, { overlay: WORKED_OVERLAY });
  const cfg = config();
  for (const role of ["implementer", "code_reviewer", "physics_reviewer"]) {
    const a = queryGraph(graph, cfg, { tags: ["alpha"], role });
    assert.deepEqual(queryGraph(graph, cfg, { tags: ["alpha"], role }), a);
    const file = write(join(repo, "cache-test.bin"), "");
    writeFileSync(file, encodePlanGraph(indexOfLoaded(graph), "k"));
    const lazy = openPlanGraph(file, "k")!;
    assert.ok(lazy, "the cache opens");
    assert.deepEqual(queryGraph(lazy, cfg, { tags: ["alpha"], role }), a);
    assert.deepEqual([...lazy.nodes.values()].map((n) => n.id), [...graph.nodes.keys()].sort());
    assert.equal(openPlanGraph(file, "other-key"), null, "a cache for another graph.json is not used");
  }
  const ctx = loadContext({ repo });
  assert.ok(graphIndexed(ctx.paths), "the compile wrote the index");
  assert.deepEqual(queryGraph(openGraph(ctx.paths), cfg, { tags: ["alpha"], role: "implementer" }), queryGraph(graph, cfg, { tags: ["alpha"], role: "implementer" }));
});
