import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { akms, copyDemo, scratch, treeHash, writeNode, PYTHON } from "../helpers.js";

test("akms build on the demo writes graph.json that Python reproduces byte for byte and NetworkX loads", () => {
  const d = copyDemo();
  const vaultBefore = treeHash(d.vault);
  const r = akms(["build", "--repo", d.repo, "--json"]);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.ok(r.json.node_count >= 40);
  const file = join(d.knowledge, "graph", "graph.json");
  const text = readFileSync(file, "utf8");
  const script = [
    "import json, sys, networkx",
    "t = open(sys.argv[1]).read()",
    "d = json.loads(t)",
    "assert json.dumps(d, sort_keys=True, indent=2) + '\\n' == t, 'json.dumps does not reproduce graph.json'",
    "g = networkx.node_link_graph(d, edges='links')",
    "assert g.is_directed() and not g.is_multigraph()",
    "missing = [n for n, a in g.nodes(data=True) if 'node_origin' not in a or 'confidence_default' not in a or 'source' not in a]",
    "assert not missing, missing",
    "assert all('edge_origin' in a for _, _, a in g.edges(data=True))",
    "print(g.number_of_nodes(), g.number_of_edges())",
  ].join("\n");
  const py = spawnSync(PYTHON, ["-c", script, file], { encoding: "utf8" });
  assert.equal(py.status, 0, py.stderr);
  const [n, e] = py.stdout.trim().split(" ").map(Number);
  assert.equal(n, r.json.node_count);
  assert.equal(e, r.json.edge_count);
  const g = JSON.parse(text);
  const ids = g.nodes.map((x: { id: string }) => x.id);
  assert.deepEqual(ids, [...ids].sort());
  // The demo's intended anomalies are warnings kept for the health report.
  const codes = new Set(r.json.warnings.map((w: { code: string }) => w.code));
  for (const c of ["ID_COLLISION", "DANGLING_EDGE", "MISSING_CONTENT_REF", "ORPHANED_OVERLAY"]) assert.ok(codes.has(c), c);
  // A second build changes nothing; the vault is never written.
  const again = akms(["build", "--repo", d.repo, "--json"]);
  assert.equal(again.json.written, false);
  assert.equal(again.json.graph_version, r.json.graph_version);
  assert.equal(readFileSync(file, "utf8"), text);
  assert.equal(treeHash(d.vault), vaultBefore);
});

test("counts read as a person says them: one node, one edge", () => {
  const s = scratch();
  writeNode(s.vault, { id: "only", edges: [{ to: "only", type: "requires", weight: 0.5 }] });
  const r = akms(["build", "--repo", s.repo, "--vault", s.vault]);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.match(r.stdout, /^ {2}1 node, 1 edge, graph_version /m);
  const st = akms(["status", "--repo", s.repo, "--vault", s.vault]);
  assert.match(st.stdout, /· 1 node, 1 edge ·/);
});

test("the build's warning for an edge to a mistyped id names the nearest one", () => {
  const s = scratch();
  writeNode(s.vault, { id: "retry-backoff" });
  writeNode(s.vault, { id: "http-client", edges: [{ to: "retry-backof", type: "requires", weight: 0.8 }, { to: "quantum-flux", type: "requires", weight: 0.5 }] });
  const r = akms(["build", "--repo", s.repo, "--vault", s.vault]);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.match(r.stdout, /target "retry-backof" is not a node — did you mean `retry-backoff`\?$/m);
  assert.match(r.stdout, /target "quantum-flux" is not a node$/m, "no suggestion where no id is near");
});
