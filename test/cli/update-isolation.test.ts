// Spec §6.3: repositories sharing one global vault are isolated. One boosts a node, the other
// decays it; a pitfall in one never appears in the other; the vault's bytes never change.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { akms, scratch, treeHash, write, writeNode } from "../helpers.js";
import { ENV, memory } from "../update-helpers.js";

test("two repositories sharing one vault diverge, and the vault never changes", () => {
  const s = scratch();
  const repoA = s.repo;
  const repoB = join(s.dir, "repo-b");
  mkdirSync(join(repoB, "knowledge", "graph"), { recursive: true });
  writeNode(s.vault, { id: "x", confidence: 0.85, domain: "fft", tags: ["green"] });
  writeNode(s.vault, { id: "p", confidence: 0.85, domain: "fft", edges: [{ to: "x", type: "requires", weight: 0.8 }] });
  const vault = treeHash(s.vault);
  const cli = (repo: string, args: string[]) => akms([...args, "--repo", repo, "--vault", s.vault], { env: ENV, cwd: s.dir });
  for (const repo of [repoA, repoB]) assert.equal(cli(repo, ["build"]).code, 0);

  // The same task id in both repositories: each registry is its own.
  write(
    join(s.dir, "a.md"),
    memory({ task: "t1", used: [{ id: "x", useful: true, coverage: "sufficient" }], pitfalls: [{ node_ref: "x", description: "only in A", severity: "high" }] }),
  );
  write(
    join(s.dir, "b.md"),
    memory({ task: "t1", used: [{ id: "x", useful: false, coverage: "outdated" }], knowledge: [{ suggested_id: "b-only", content_draft: "knowledge of B", domain: "fft" }] }),
  );
  const ra = cli(repoA, ["update", "a.md", "--json"]);
  const rb = cli(repoB, ["update", "b.md", "--json"]);
  assert.equal(ra.code, 0, ra.stderr + ra.stdout);
  assert.equal(rb.code, 0, rb.stderr + rb.stdout);
  assert.equal(treeHash(s.vault), vault);

  const graph = (repo: string) =>
    JSON.parse(readFileSync(join(repo, "knowledge", "graph", "graph.json"), "utf8")) as {
      nodes: { id: string; confidence: number; confidence_default: number }[];
      links: { source: string; target: string; type: string; note?: string }[];
    };
  const ga = graph(repoA);
  const gb = graph(repoB);
  const node = (g: typeof ga, id: string) => g.nodes.find((n) => n.id === id);
  assert.equal(node(ga, "x")!.confidence, 0.87);
  assert.equal(node(gb, "x")!.confidence, 0.7225);
  assert.equal(node(ga, "x")!.confidence_default, 0.85);
  assert.equal(node(gb, "x")!.confidence_default, 0.85);
  assert.equal(node(ga, "p")!.confidence, 0.85, "A had no hit: no propagation");
  assert.equal(node(gb, "p")!.confidence, 0.8194); // 0.85 − 0.1275·0.3·1·0.8
  assert.ok(ga.links.some((l) => l.type === "pitfall" && l.note === "only in A"));
  assert.ok(!gb.links.some((l) => l.type === "pitfall"), "A's pitfall must not appear in B");
  assert.ok(!JSON.stringify(gb).includes("only in A"));
  assert.equal(node(ga, "b-only"), undefined, "B's new node must not appear in A");
  assert.ok(node(gb, "b-only"));
  // Rebuilding either repository from its sources keeps it as it is; the vault stays untouched.
  for (const repo of [repoA, repoB]) assert.equal(cli(repo, ["build", "--no-cache", "--json"]).json.written, false);
  assert.equal(treeHash(s.vault), vault);
});
