import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readGraphView, viewOfDoc } from "../../core/graph-file/view.js";
import { pyJsonDumps } from "../../core/pyjson.js";
import { tmp, write } from "../helpers.js";
import { kb, memory, run } from "../update-helpers.js";

function fixture() {
  const s = kb(
    [
      { id: "a", domain: "fft", status: "tentative", title: "Ä ✓ q", edges: [{ to: "c", type: "requires", weight: 0.5 }] },
      { id: "b", domain: "fft", edges: [{ to: "c", type: "feeds-into", weight: 1 }, { to: "a", type: "refines", weight: 0.7 }] },
      { id: "c", domain: "other" },
      { id: "c.d", domain: "fft", status: "tentative" },
      // "cxd" and "c-d" match the regular expression "c.d" unless the dot is escaped.
      { id: "cxd", domain: "other", edges: [{ to: "c.d", type: "requires", weight: 0.5 }, { to: "c-d", type: "requires", weight: 0.5 }] },
      { id: "c-d", domain: "other", edges: [{ to: "cxd", type: "requires", weight: 0.5 }] },
    ],
    [{ id: "loc", domain: "fft", status: "tentative", source: "human", edges: [{ to: "c", type: "requires", weight: 1 }] }],
  );
  write(join(s.dir, "am.md"), memory({ task: "t1", used: [{ id: "c", useful: true, coverage: "outdated" }], pitfalls: [{ node_ref: "a", description: "p", severity: "low" }] }));
  assert.equal(run(s, ["update", "am.md"]).code, 0);
  return join(s.knowledge, "graph", "graph.json");
}

const ids = ["a", "b", "c", "c.d", "cxd", "c-d", "loc", "session-t1", "nope", "", "zzz", "0"];

function same(file: string, view: ReturnType<typeof readGraphView>) {
  const full = viewOfDoc(JSON.parse(readFileSync(file, "utf8")));
  for (const id of ids) {
    assert.deepEqual(view!.node(id), full.node(id), `node ${id}`);
    assert.equal(view!.has(id), full.has(id), `has ${id}`);
    const order = (l: { source: string }[]) => l.map((x) => x.source).sort();
    assert.deepEqual(order(view!.predecessors(id)), order(full.predecessors(id)), `predecessors ${id}`);
  }
  for (const d of ["fft", "other", "session", "none"]) {
    assert.deepEqual(view!.inDomain(d).map((n) => n.id).sort(), full.inDomain(d).map((n) => n.id).sort(), `domain ${d}`);
  }
}

test("the indexed reading of graph.json answers exactly like a full parse", () => {
  const file = fixture();
  const view = readGraphView(file);
  same(file, view);
  assert.deepEqual(view!.predecessors("c").map((l) => l.source).sort(), ["a", "b", "loc"]);
  assert.equal(view!.node("a")!.title, "Ä ✓ q");
  assert.deepEqual(view!.predecessors("session-t1").map((l) => [l.source, l.type]), [["a", "pitfall"]]);
});

test("predecessors found for many nodes in one pass are those found one by one", () => {
  const file = fixture();
  const one = readGraphView(file)!;
  const many = readGraphView(file)!;
  many.prefetchPredecessors!(["c", "c.d", "session-t1", "nope", "a"]);
  many.prefetchPredecessors!(["c", "b", "cxd", "c-d"]);
  const sources = (l: { source: string; type: string }[]) => l.map((x) => `${x.source} ${x.type}`).sort();
  for (const id of ids) assert.deepEqual(sources(many.predecessors(id)), sources(one.predecessors(id)), `predecessors ${id}`);
  assert.deepEqual(sources(many.predecessors("c.d")), ["cxd requires"]);
  same(file, many);
});

test("a graph.json laid out differently (unsorted, reformatted, non-ASCII) is read by a full parse", () => {
  const file = fixture();
  const doc = JSON.parse(readFileSync(file, "utf8"));
  const dir = tmp();
  const unsorted = join(dir, "unsorted.json");
  writeFileSync(unsorted, pyJsonDumps({ ...doc, nodes: [...doc.nodes].reverse() }));
  same(file, readGraphView(unsorted));
  const compact = join(dir, "compact.json");
  writeFileSync(compact, JSON.stringify(doc));
  same(file, readGraphView(compact));
  const raw = join(dir, "raw.json");
  writeFileSync(raw, readFileSync(file, "utf8").replace(/\\u00c4/g, "Ä"));
  same(file, readGraphView(raw));
  assert.equal(readGraphView(join(dir, "missing.json")), null);
});
