import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { akms, scratch, writeNode, write, treeHash, PYTHON } from "../helpers.js";

test("build merges global and local nodes, global wins a collision, and Python reproduces the bytes", () => {
  const s = scratch();
  writeNode(s.vault, { id: "alpha", title: "Alpha é ✓", tags: ["x"], edges: [{ to: "beta", type: "requires", weight: 1 }] });
  writeNode(s.vault, { id: "beta", confidence: 1 });
  writeNode(join(s.knowledge, "local-nodes"), { id: "alpha", source: "human" });
  writeNode(join(s.knowledge, "local-nodes"), { id: "gamma", source: "human", status: "tentative", edges: [{ to: "nowhere", type: "refines", weight: 0.5 }] });
  const r = akms(["build", "--repo", s.repo, "--vault", s.vault, "--json"]);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.equal(r.json.node_count, 3);
  const codes = r.json.warnings.map((w: { code: string }) => w.code).sort();
  assert.deepEqual(codes, ["DANGLING_EDGE", "ID_COLLISION"]);
  const text = readFileSync(join(s.knowledge, "graph", "graph.json"), "utf8");
  const g = JSON.parse(text);
  assert.equal(g.nodes.find((n: { id: string }) => n.id === "alpha").node_origin, "global");
  assert.match(text, /"weight": 1\.0/);
  assert.match(text, /\\u00e9/);
  const py = spawnSync(PYTHON, ["-c", "import json,sys; t=open(sys.argv[1]).read(); d=json.loads(t); sys.exit(0 if json.dumps(d, sort_keys=True, indent=2)+'\\n'==t else 1)", join(s.knowledge, "graph", "graph.json")]);
  assert.equal(py.error, undefined, "python3 is needed for the byte check");
  assert.equal(py.status, 0, "Python's json.dumps did not reproduce graph.json");
});

test("a no-op rebuild leaves graph.json byte-identical and untouched", () => {
  const s = scratch();
  writeNode(s.vault, { id: "alpha" });
  assert.equal(akms(["build", "--repo", s.repo, "--vault", s.vault]).code, 0);
  const p = join(s.knowledge, "graph", "graph.json");
  const before = readFileSync(p);
  const mtime = statSync(p).mtimeMs;
  const r1 = akms(["build", "--repo", s.repo, "--vault", s.vault, "--json"]);
  const r2 = akms(["build", "--repo", s.repo, "--vault", s.vault, "--no-cache", "--json"]);
  assert.equal(r1.json.written, false);
  assert.equal(r2.json.written, false);
  assert.equal(r1.json.graph_version, r2.json.graph_version);
  assert.deepEqual(readFileSync(p), before);
  assert.equal(statSync(p).mtimeMs, mtime);
});

test("a malformed node fails the build, lists every bad file, and keeps the old graph.json", () => {
  const s = scratch();
  writeNode(s.vault, { id: "alpha" });
  assert.equal(akms(["build", "--repo", s.repo, "--vault", s.vault]).code, 0);
  const p = join(s.knowledge, "graph", "graph.json");
  const before = readFileSync(p);
  write(join(s.vault, "bad1.md"), "---\nid: bad1\ntitle: [unclosed\n---\n");
  writeNode(s.vault, { id: "bad2", confidence: 1.7 });
  const vaultHash = treeHash(s.vault);
  const r = akms(["build", "--repo", s.repo, "--vault", s.vault]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /bad1\.md:\d+/);
  assert.match(r.stderr, /bad2\.md:7: confidence: must be between 0\.0 and 1\.0/);
  assert.doesNotMatch(r.stderr, /at .*\.js:\d+/); // no stack trace
  assert.deepEqual(readFileSync(p), before);
  assert.equal(treeHash(s.vault), vaultHash);
  const k = akms(["build", "--repo", s.repo, "--vault", s.vault, "--keep-going", "--json"]);
  assert.equal(k.code, 1);
  assert.equal(k.json.rejects.length, 2);
  assert.equal(k.json.node_count, 1);
});

test("a wrong schema version is a SchemaVersionError even with --keep-going", () => {
  const s = scratch();
  writeNode(s.vault, { id: "alpha" });
  writeFileSync(join(s.vault, "old.md"), "---\nid: old\ntitle: Old\ndomain: d\ntags: [a]\nstatus: established\nconfidence: 0.5\nsource: human\nakms_schema: v1\n---\n");
  const r = akms(["build", "--repo", s.repo, "--vault", s.vault, "--keep-going", "--json"]);
  assert.equal(r.code, 1);
  assert.equal(r.json.error.code, "SCHEMA_VERSION");
  assert.equal(r.json.error.file.endsWith("old.md"), true);
  assert.equal(r.json.error.line, 9);
});
