// graph.json read ahead (core/graph.ts readGraphAhead, the console's first frame): loadGraph gives
// exactly what reading the file then gives, and the bytes read ahead are used only while the file
// is unchanged.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { graphFromText, loadGraph, readGraphAhead, takeGraphAhead } from "../../core/graph.js";
import { graphVersionOf } from "../../core/graph-file/version.js";
import { NotFoundError } from "../../core/errors.js";
import type { RepoPaths } from "../../core/paths.js";
import { tmp } from "../helpers.js";

function doc(title: string, generatedAt = "2026-01-02T03:04:05Z") {
  return {
    directed: true,
    multigraph: false,
    graph: { generated_at: generatedAt, warnings: [{ code: "W", message: "m" }] },
    nodes: [
      { id: "a", title, domain: "d", status: "established", confidence: 0.5 },
      // Past the first 4 KiB (the part graph_version patches), so that the head stays ASCII.
      ...Array.from({ length: 60 }, (_, i) => ({ id: `n${i}`, title: `filler ${i}`, domain: "d", status: "tentative", confidence: 0.25 })),
      { id: "é", title: "ünï", domain: "session", status: "tentative", confidence: 1 },
    ],
    links: [{ source: "a", target: "é", type: "pitfall", weight: 1, edge_origin: "local" }],
  };
}

function setup(d: object): { file: string; paths: RepoPaths; text: string } {
  const file = join(tmp(), "graph.json");
  const text = JSON.stringify(d, null, 2) + "\n";
  writeFileSync(file, text);
  return { file, paths: { graphJson: file } as RepoPaths, text };
}

test("bytes read ahead are the file's, with its graph_version; loadGraph then equals a fresh read", async () => {
  const { file, paths, text } = setup(doc("A"));
  await readGraphAhead(file);
  const a = takeGraphAhead(file);
  assert.ok(a, "read ahead");
  assert.deepEqual(a.bytes, readFileSync(file));
  assert.equal(a.version, graphVersionOf(text));
  assert.equal(takeGraphAhead(file), null, "used once");
  await readGraphAhead(file);
  assert.deepEqual(loadGraph(paths), graphFromText(readFileSync(file, "utf8"), file));
  assert.equal(takeGraphAhead(file), null, "loadGraph used it");
});

test("a graph.json rewritten after the read ahead is read again", async () => {
  const { file, paths } = setup(doc("old"));
  await readGraphAhead(file);
  writeFileSync(file, JSON.stringify(doc("new and longer"), null, 2) + "\n");
  const g = loadGraph(paths);
  assert.equal(g.nodes.get("a")!.title, "new and longer");
  assert.deepEqual(g, graphFromText(readFileSync(file, "utf8"), file));
});

test("a head the bytes cannot be hashed from (non-ASCII) leaves the version to the text", async () => {
  const { file, paths, text } = setup({ ...doc("A"), graph: { repo_id: "rëpo", generated_at: "x", warnings: [] } });
  await readGraphAhead(file);
  const a = takeGraphAhead(file);
  assert.ok(a);
  assert.equal(a.version, null);
  await readGraphAhead(file);
  assert.equal(loadGraph(paths).version, graphVersionOf(text));
});

test("a missing graph.json: the read ahead settles, loadGraph reports it as before", async () => {
  const { file, paths } = setup(doc("A"));
  rmSync(file);
  await readGraphAhead(file);
  assert.throws(() => loadGraph(paths), NotFoundError);
});
