import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { akms, assertIndexIsGraph, tmp } from "../helpers.js";
import { memory } from "../update-helpers.js";
import { generateVault } from "../../scripts/bench/genvault.js";
import { loadContext } from "../../core/context.js";
import { indexOfLoaded, loadGraph, openGraphFrom } from "../../core/graph.js";
import { queryGraph } from "../../core/query.js";
import { encodePlanGraph, planGraphCachePath } from "../../core/store/graph-index.js";
import { writtenKey } from "../../core/store/freshness.js";
import { planDeltaPath } from "../../core/store/graph-delta.js";

/** The graph index as the next reader opens it equals a full parse of graph.json, and answers every query alike. */
function assertFresh(repo: string, vault: string, what: string): void {
  const ctx = loadContext({ repo, vault, env: {} });
  assertIndexIsGraph(ctx.paths, what);
  const plan = openGraphFrom(ctx.paths).graph;
  const full = loadGraph(ctx.paths);
  for (const role of Object.keys(ctx.cfg.config.query_roles)) {
    for (const tags of [["tag-1", "tag-7"], ["tag-3"], ["domain-1"]]) {
      assert.equal(JSON.stringify(queryGraph(plan, ctx.cfg, { tags, role })), JSON.stringify(queryGraph(full, ctx.cfg, { tags, role })), `${what}: ${role} ${tags}`);
    }
  }
}

test("the graph index is fresh after every write: update, promote, draft of a global node, undo, an edit's rebuild, a full compile", () => {
  const dir = tmp("akms-plan-fresh-");
  generateVault(dir, 300, 30, 9);
  const repo = join(dir, "repo");
  const vault = join(dir, "vault");
  const cli = (...args: string[]) => {
    const r = akms([...args, "--repo", repo, "--vault", vault, "--json"], { env: { SOURCE_DATE_EPOCH: "1767225600" } });
    assert.equal(r.code, 0, `${args.join(" ")}: ${r.stdout}${r.stderr}`);
    return r;
  };
  cli("build");
  // The full index, as the compile writes it.
  const ctx = loadContext({ repo, vault, env: {} });
  assert.ok(existsSync(planGraphCachePath(ctx.paths)));

  const doc = join(dir, "memory.md");
  writeFileSync(
    doc,
    memory({
      task: "task-fresh-1",
      used: [
        { id: "g-000010", useful: true, coverage: "sufficient" },
        { id: "g-000020", useful: false, coverage: "outdated" },
      ],
      pitfalls: [{ node_ref: "g-000010", description: "it bites", severity: "high" }],
      knowledge: [{ suggested_id: "fresh-knowledge", content_draft: "Something new.", domain: "domain-2", tags: ["tag-7"] }],
    }),
  );
  cli("update", doc);
  assert.ok(existsSync(planDeltaPath(ctx.paths)), "the update left a delta");
  assertFresh(repo, vault, "after update");

  const local = JSON.parse(readFileSync(join(repo, "knowledge", "graph", "graph.json"), "utf8")).nodes.find((n: { node_origin: string; status: string }) => n.node_origin === "local" && n.status === "tentative").id as string;
  cli("promote", local);
  assertFresh(repo, vault, "after promote");
  cli("draft", "g-000030");
  assertFresh(repo, vault, "after a global node's draft");
  cli("undo");
  assertFresh(repo, vault, "after undo");

  const f = join(vault, "g-000040.md");
  writeFileSync(f, readFileSync(f, "utf8").replace(/^confidence: .*$/m, "confidence: 0.42"));
  cli("build");
  assertFresh(repo, vault, "after an edit's rebuild");
  const overlay = join(repo, "knowledge", "graph", "local_state.yaml");
  writeFileSync(overlay, readFileSync(overlay, "utf8").replace(/^repo_id: .*$/m, "repo_id: renamed"));
  cli("build");
  assertFresh(repo, vault, "after a full compile");
});

test("a cold compile of a large graph writes the graph index, byte for byte the index made from graph.json's text", () => {
  const dir = tmp("akms-plan-cold-");
  generateVault(dir, 3000, 300, 5);
  const repo = join(dir, "repo");
  const vault = join(dir, "vault");
  const r = akms(["build", "--repo", repo, "--vault", vault, "--json"], { env: { SOURCE_DATE_EPOCH: "1767225600" } });
  assert.equal(r.code, 0, r.stderr);
  const ctx = loadContext({ repo, vault, env: {} });
  const file = planGraphCachePath(ctx.paths);
  assert.ok(existsSync(file), "the compile wrote the index");
  const key = writtenKey(ctx.paths.graphJson)!;
  assert.ok(readFileSync(file).equals(encodePlanGraph(indexOfLoaded(loadGraph(ctx.paths)), key)), "the index from the compile's document is the index of graph.json's text");
  assert.equal(openGraphFrom(ctx.paths).from, "index", "the first reader opens it");
});

test("a small graph's compile writes its index too, and a reader that finds none (deleted) parses graph.json once and writes it", () => {
  const dir = tmp("akms-plan-small-");
  generateVault(dir, 200, 20, 5);
  const r = akms(["build", "--repo", join(dir, "repo"), "--vault", join(dir, "vault")]);
  assert.equal(r.code, 0, r.stderr);
  const ctx = loadContext({ repo: join(dir, "repo"), vault: join(dir, "vault"), env: {} });
  const file = planGraphCachePath(ctx.paths);
  assert.equal(existsSync(file), true);
  const written = readFileSync(file);
  rmSync(file);
  const first = openGraphFrom({ ...ctx.paths });
  assert.deepEqual([first.from, first.indexWritten], ["graph.json", true]);
  assert.ok(readFileSync(file).equals(written), "the same index as the compile's");
});
