import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { join } from "node:path";
import { indexOfLoaded } from "../../core/graph.js";
import { graphFromText } from "../graph-json.js";
import { encodePlanGraph, graphTextOf, listTextOf, openPlanGraph, outLinksText, textsOf } from "../../core/store/graph-index.js";
import { NODE_DEPTH } from "../../core/graph-file/doc.js";
import { pyJsonText } from "../../core/pyjson.js";
import { seededRandom, tmp } from "../helpers.js";

// Ids and tags the cache must carry byte for byte: non-ASCII, a newline in a tag, an edge type
// outside the schema's list, notes, nodes without tags or edges.
const DOC = {
  directed: true,
  multigraph: false,
  graph: { generated_at: "2026-01-01T00:00:00Z", warnings: [] },
  nodes: [
    { id: "b", title: "B", domain: "d", tags: ["Alpha", "multi\nline"], status: "established", confidence: 0.8 },
    { id: "a", title: "A", domain: "d", tags: ["alpha", "ünï"], status: "tentative", confidence: 0.5, activations: 3 },
    { id: "é-node", title: "É", domain: "session", tags: ["ünï"], status: "established", confidence: 1, phase: 2, outcome: "complete" },
    { id: "z", title: "Z", domain: "d", status: "draft", confidence: 0.1, extra_field: "not cached" },
  ],
  links: [
    { source: "a", target: "b", type: "requires", weight: 0.5, edge_origin: "global" },
    { source: "b", target: "é-node", type: "pitfall", weight: 1, edge_origin: "local", note: "watch out; really, with, commas" },
    { source: "z", target: "a", type: "weird-type", weight: 0.25, edge_origin: "local" },
    { source: "a", target: "z", type: "contradicts", weight: 1, edge_origin: "global" },
  ],
};

function cacheOf(doc: object): { file: string; loaded: ReturnType<typeof graphFromText> } {
  const text = JSON.stringify(doc);
  const loaded = graphFromText(text, "graph.json");
  const file = join(tmp(), "plan-graph.bin");
  writeFileSync(file, encodePlanGraph(indexOfLoaded(loaded), "key"));
  return { file, loaded };
}

test("the planning cache gives back every node, edge and tag posting of graph.json, non-ASCII included", () => {
  const { file, loaded } = cacheOf(DOC);
  const lazy = openPlanGraph(file, "key")!;
  assert.ok(lazy);
  assert.equal(lazy.version, loaded.version);
  const ids = [...loaded.nodes.keys()].sort();
  assert.deepEqual([...lazy.nodes.values()].map((n) => n.id), ids);
  assert.equal(lazy.nodes.size, 4);
  for (const id of ids) {
    assert.deepEqual(lazy.nodes.get(id), loaded.nodes.get(id), "the whole node, fields the planning path does not read included");
    assert.ok(lazy.nodes.has(id));
    assert.deepEqual(lazy.out.get(id), loaded.out.get(id) ?? []);
    assert.deepEqual(lazy.in.get(id), loaded.in.get(id) ?? []);
  }
  for (const missing of ["", "c", "zz", "é", "\u{1F600}"]) {
    assert.equal(lazy.nodes.get(missing), undefined);
    assert.equal(lazy.nodes.has(missing), false);
    assert.equal(lazy.out.get(missing), undefined);
  }
  assert.deepEqual(lazy.tagIndex!.get("alpha"), ["a", "b"]);
  assert.deepEqual(lazy.tagIndex!.get("ünï"), ["a", "é-node"]);
  assert.deepEqual(lazy.tagIndex!.get("multi\nline"), ["b"]);
  assert.equal(lazy.tagIndex!.get("Alpha"), undefined, "the index is by lower-case tag");
  assert.equal(lazy.tagIndex!.get("nope"), undefined);
  assert.deepEqual([...lazy.links()], [...DOC.links].sort((a, b) => (a.source < b.source ? -1 : a.source > b.source ? 1 : 0)), "every link, by source");
  assert.deepEqual([...lazy.nodes.keys()], ids);
});

test("an empty graph, and a damaged or foreign cache (then graph.json is read)", () => {
  const empty = cacheOf({ ...DOC, nodes: [], links: [] });
  const g = openPlanGraph(empty.file, "key")!;
  assert.deepEqual([g.nodes.size, [...g.nodes.values()], g.nodes.get("a"), g.tagIndex!.get("alpha")], [0, [], undefined, undefined]);
  const { file } = cacheOf(DOC);
  assert.equal(openPlanGraph(file, "other"), null);
  const bytes = readFileSync(file);
  truncateSync(file, bytes.length - 10);
  assert.equal(openPlanGraph(file, "key"), null, "a cache shorter than its header says is not used");
  writeFileSync(file, bytes.toString("utf8").replace('"akms-plan-graph-5"', '"akms-plan-graph-4"'));
  assert.equal(openPlanGraph(file, "key"), null, "another format is not used");
  assert.equal(openPlanGraph(join(tmp(), "missing.bin"), "key"), null);
});

test("an opened index that nothing holds any more gives its file descriptor back (a long-running server opens one per graph.json it reads)", async () => {
  const { file } = cacheOf(DOC);
  v8.setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const open = () => readdirSync("/proc/self/fd").length;
  const settle = async () => {
    for (let i = 0; i < 4; i++) {
      gc();
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  await settle();
  const before = open();
  for (let i = 0; i < 500; i++) assert.ok(openPlanGraph(file, "key")!.nodes.get("a"));
  await settle();
  assert.ok(open() - before < 50, `descriptors held after 500 indexes were dropped: ${open() - before}`);
  const kept = openPlanGraph(file, "key")!;
  await settle();
  assert.equal(kept.nodes.get("z")!.title, "Z", "one still held reads on");
});

test("the index gives graph.json's node list with nodes changed, removed and added: the same text as writing every node", () => {
  const { file, loaded } = cacheOf(DOC);
  const lazy = openPlanGraph(file, "key")!;
  const whole = (parts: (string | Buffer)[]) => parts.map((p) => p.toString()).join("");
  const text = (n: object) => pyJsonText(n, NODE_DEPTH);
  assert.equal(whole(lazy.nodesText()), whole(textsOf(loaded.nodes)), "no change: the records section is the node list");
  const r = seededRandom(20261206);
  const candidates = ["", "0", "a", "a0", "b", "c", "é-node", "y", "z", "zz", "\u{1F600}"];
  for (let round = 0; round < 200; round++) {
    const changes = new Map<string, string | null>();
    for (const id of candidates) {
      const roll = r(4);
      if (roll === 0) changes.set(id, null);
      else if (roll === 1) changes.set(id, text({ id, title: `T${round}`, domain: "d", status: "tentative", confidence: 0.5 }));
    }
    const from = whole(lazy.nodesText(changes));
    assert.equal(from, whole(textsOf(loaded.nodes, changes)), `round ${round}: ${JSON.stringify([...changes.keys()])}`);
    if (from) assert.doesNotThrow(() => JSON.parse(`[${from}]`), `round ${round}: the body of one JSON array`);
  }
});

test("the index gives graph.json's links list with nodes' out-links changed, removed and added: the same text as writing every link", () => {
  const { file, loaded } = cacheOf(DOC);
  const lazy = openPlanGraph(file, "key")!;
  const whole = (parts: (string | Buffer)[]) => parts.map((p) => p.toString()).join("");
  const inMemory = (changes?: Map<string, string | null>) => whole(listTextOf(loaded.nodes.keys(), (id) => loaded.nodes.has(id), (id) => outLinksText(loaded.out.get(id)), changes));
  assert.equal(whole(lazy.linksText()), inMemory(), "no change: the links section is the links list");
  assert.equal(whole(lazy.linksText()), whole(indexOfLoaded(loaded).linksText()));
  const r = seededRandom(20261207);
  const candidates = ["", "0", "a", "a0", "b", "c", "é-node", "y", "z", "zz", "\u{1F600}"];
  const link = (source: string, target: string, round: number) => ({ source, target, type: "requires", weight: round / 200, edge_origin: "local" });
  for (let round = 0; round < 200; round++) {
    const changes = new Map<string, string | null>();
    for (const id of candidates) {
      const roll = r(5);
      if (roll === 0) changes.set(id, null);
      else if (roll === 1) changes.set(id, "");
      else if (roll === 2) changes.set(id, outLinksText([link(id, "a", round), link(id, "z", round)].map((l) => JSON.parse(JSON.stringify(l)))));
    }
    const from = whole(lazy.linksText(changes));
    assert.equal(from, inMemory(changes), `round ${round}: ${JSON.stringify([...changes])}`);
    if (from) assert.doesNotThrow(() => JSON.parse(`[${from}]`), `round ${round}: the body of one JSON array`);
  }
});

test("graph.json's text from the index is the graph serialised as the compile writes it, links and no links, no nodes", () => {
  // In the compile's order: nodes by id, links by source then target.
  const key = (s: string) => [...s].map((c) => c.charCodeAt(0).toString(16).padStart(4, "0")).join("");
  const sorted = { ...DOC, nodes: [...DOC.nodes].sort((a, b) => (a.id < b.id ? -1 : 1)), links: [...DOC.links].sort((a, b) => (key(a.source) + key(a.target) < key(b.source) + key(b.target) ? -1 : 1)) };
  const docs = [sorted, { ...sorted, links: [] }, { ...sorted, nodes: [], links: [] }];
  for (const doc of docs) {
    const { file, loaded } = cacheOf(doc);
    const want = pyJsonText({ ...loaded.doc, graph: { ...loaded.doc.graph, generated_at: "" } }, 0) + "\n";
    const whole = (parts: (string | Buffer)[]) => parts.map((p) => p.toString()).join("");
    assert.equal(whole(graphTextOf(openPlanGraph(file, "key")!)), want, `${doc.nodes.length} nodes, ${doc.links.length} links`);
    assert.equal(whole(graphTextOf(indexOfLoaded(loaded))), want);
  }
});

test("a warm process keeps the full index it opened, with the nodes it parsed, while its file is unchanged: a review action's delta reads over it; a compile that rewrites it opens it anew", async () => {
  const { copyDemo } = await import("../helpers.js");
  const { loadContext } = await import("../../core/context.js");
  const { build } = await import("../../core/compiler/build.js");
  const { promote } = await import("../../core/review/actions.js");
  const { openGraph } = await import("../../core/graph.js");
  const { keepWarm } = await import("../../core/store/memo.js");
  const d = copyDemo();
  const ctx = loadContext({ repo: d.repo, env: {} });
  build(ctx);
  const { memoKey } = await import("../../core/store/freshness.js");
  const { planDeltaPath } = await import("../../core/store/graph-delta.js");
  const { planGraphCachePath } = await import("../../core/store/graph-index.js");
  // Until the memo trusts the index's files: a stat within the racily-clean window keys nothing.
  const settle = async () => {
    const files = [ctx.paths.graphJson, planGraphCachePath(ctx.paths), planDeltaPath(ctx.paths)];
    for (let waited = 0; files.some((f) => memoKey(f) === null); waited += 20) {
      assert.ok(waited < 5000, "the index's files were not trusted after 5 s");
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await settle();
  keepWarm(true);
  try {
    const first = openGraph(ctx.paths);
    const node = first.nodes.get("green-operator-caching");
    assert.ok(node, "the demo's global node");
    assert.equal(openGraph(ctx.paths).nodes.get("green-operator-caching"), node, "the same opened index while nothing changed");
    promote(ctx, { id: "nyquist-truncation-residual-plateau" });
    await settle();
    const after = openGraph(ctx.paths);
    assert.notEqual(after.version, first.version, "the promote wrote a new graph.json");
    assert.equal(after.nodes.get("nyquist-truncation-residual-plateau")?.status, "established");
    assert.equal(after.nodes.get("green-operator-caching"), node, "a node the action left alone is the one already parsed (the delta reads over the kept index)");
    writeFileSync(join(d.repo, "knowledge", "local-nodes", "mandel-factors-load-cases.md"), readFileSync(join(d.repo, "knowledge", "local-nodes", "mandel-factors-load-cases.md"), "utf8").replace(/^title: .*$/m, 'title: "Mandel factors, retitled"'));
    build(ctx, { noCache: true });
    await settle();
    const rebuilt = openGraph(ctx.paths);
    assert.notEqual(rebuilt.nodes.get("green-operator-caching"), node, "a compile that wrote the index anew: opened anew");
    assert.equal(rebuilt.nodes.get("mandel-factors-load-cases")?.title, "Mandel factors, retitled");
  } finally {
    keepWarm(false);
  }
  const cold = openGraph(ctx.paths);
  assert.notEqual(openGraph(ctx.paths), cold, "a one-shot process keeps nothing");
});
