import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { akms, assertIndexIsGraph, tmp } from "../helpers.js";
import { memory } from "../update-helpers.js";
import { generateVault } from "../../scripts/bench/genvault.js";
import { loadContext } from "../../core/context.js";
import { graphIndexed, indexOfLoaded, openGraph, openGraphOrNull } from "../../core/graph.js";
import { loadGraph } from "../graph-json.js";
import { queryGraph } from "../../core/query.js";
import { encodePlanGraph, planGraphCachePath } from "../../core/store/graph-index.js";
import { writtenKey } from "../../core/store/freshness.js";
import { planDeltaPath } from "../../core/store/graph-delta.js";
import { unsealedJson } from "../../core/store/records.js";
import { build } from "../../core/compiler/build.js";
import { runUpdate } from "../../core/update/apply.js";

/** A generated knowledge base of `nodes` global nodes, and its CLI (every call must succeed). */
function generated(prefix: string, nodes: number, locals: number, seed: number) {
  const dir = tmp(prefix);
  generateVault(dir, nodes, locals, seed);
  const repo = join(dir, "repo");
  const vault = join(dir, "vault");
  const cli = (...args: string[]) => {
    const r = akms([...args, "--repo", repo, "--vault", vault, "--json"], { env: { SOURCE_DATE_EPOCH: "1767225600" } });
    assert.equal(r.code, 0, `${args.join(" ")}: ${r.stdout}${r.stderr}`);
    return r;
  };
  return { dir, repo, vault, cli };
}

/** The graph index as the next reader opens it equals a full parse of graph.json, and answers every query alike. */
function assertFresh(repo: string, vault: string, what: string): void {
  const ctx = loadContext({ repo, vault, env: {} });
  assertIndexIsGraph(ctx.paths, what);
  const plan = openGraph(ctx.paths);
  const full = loadGraph(ctx.paths);
  for (const role of Object.keys(ctx.cfg.config.query_roles)) {
    for (const tags of [["tag-1", "tag-7"], ["tag-3"], ["domain-1"]]) {
      assert.equal(JSON.stringify(queryGraph(plan, ctx.cfg, { tags, role })), JSON.stringify(queryGraph(full, ctx.cfg, { tags, role })), `${what}: ${role} ${tags}`);
    }
  }
}

test("the graph index is fresh after every write: update, promote, draft of a global node, undo, an edit's rebuild, a full compile", () => {
  const { dir, repo, vault, cli } = generated("akms-plan-fresh-", 300, 30, 9);
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
  const { repo, vault } = generated("akms-plan-cold-", 3000, 300, 5);
  const r = akms(["build", "--repo", repo, "--vault", vault, "--json"], { env: { SOURCE_DATE_EPOCH: "1767225600" } });
  assert.equal(r.code, 0, r.stderr);
  const ctx = loadContext({ repo, vault, env: {} });
  const file = planGraphCachePath(ctx.paths);
  assert.ok(existsSync(file), "the compile wrote the index");
  const key = writtenKey(ctx.paths.graphJson)!;
  assert.ok(readFileSync(file).equals(encodePlanGraph(indexOfLoaded(loadGraph(ctx.paths)), key)), "the index from the compile's document is the index of graph.json's text");
  assert.ok(graphIndexed(ctx.paths), "the first reader opens it");
});

test("no reader parses graph.json: with the store's index deleted, a reader finds no graph until a compile writes it again, and that index is the compile's", () => {
  const { repo, vault } = generated("akms-plan-small-", 200, 20, 5);
  const r = akms(["build", "--repo", repo, "--vault", vault]);
  assert.equal(r.code, 0, r.stderr);
  const ctx = loadContext({ repo, vault, env: {} });
  const file = planGraphCachePath(ctx.paths);
  const written = readFileSync(file);
  const graphBytes = readFileSync(ctx.paths.graphJson);
  rmSync(file);
  assert.equal(graphIndexed(ctx.paths), false);
  assert.equal(openGraphOrNull(ctx.paths), null, "graph.json alone opens nothing");
  assert.throws(() => openGraph(ctx.paths), /the store holds no index of graph\.json[\s\S]*/);
  // The reader's command compiles first (the build is not current without the index), then answers.
  const q = akms(["query", "--tags", "tag-1", "--repo", repo, "--vault", vault, "--json"]);
  assert.equal(q.code, 0, q.stderr);
  assert.match(q.stderr, /compiled the store's index of graph\.json first/);
  assert.ok(readFileSync(file).equals(written), "the same index as the compile's");
  assert.ok(readFileSync(ctx.paths.graphJson).equals(graphBytes), "graph.json itself is not rewritten");
  // A build after it is a no-op again.
  const again = akms(["build", "--repo", repo, "--vault", vault, "--json"]);
  assert.equal(again.json.written, false);
});

test("a reader on a graph.json compiled for the vault given otherwise recompiles first and says why; the console is told the same (test/core/stepped-stat.test.ts)", () => {
  const { repo, vault } = generated("akms-vault-given-", 40, 4, 11);
  const run = (given: string, ...args: string[]) => akms([...args, "--repo", repo, "--vault", given], { env: { SOURCE_DATE_EPOCH: "1767225600" } });
  assert.equal(run(vault, "build").code, 0);
  const r = run(`${vault}/.`, "query", "--tags", "tag-1");
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stderr, /recompiled graph\.json first \(the global vault given \(.+ then, .+\/\. now\) changed since it was built\)/);
  assert.match(run(`${vault}/.`, "build").stdout, /^unchanged/);
});

test("a reader on a graph.json another build of akms compiled recompiles first and says so in a sentence that reads", () => {
  const { repo, vault } = generated("akms-other-build-", 40, 4, 12);
  // Compiled in this process, from the sources: another build than the CLI's bundle.
  build(loadContext({ repo, vault, env: { SOURCE_DATE_EPOCH: "1767225600" } }));
  const r = akms(["query", "--tags", "tag-1", "--repo", repo, "--vault", vault], { env: { SOURCE_DATE_EPOCH: "1767225600" } });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stderr, /recompiled graph\.json first \(akms itself changed since it was built\): \d+ nodes/);
});

test("with the index deleted, an edit's rebuild and a review action compile in full (a patch changes an index the store holds)", () => {
  const { repo, vault, cli } = generated("akms-plan-nopatch-", 200, 20, 5);
  cli("build");
  const ctx = loadContext({ repo, vault, env: {} });
  rmSync(planGraphCachePath(ctx.paths));
  const f = join(vault, "g-000040.md");
  writeFileSync(f, readFileSync(f, "utf8").replace(/^confidence: .*$/m, "confidence: 0.42"));
  cli("build");
  assertFresh(repo, vault, "after an edit's rebuild without the index");
  rmSync(planGraphCachePath(ctx.paths));
  cli("draft", "g-000030");
  assertFresh(repo, vault, "after a draft without the index");
});

test("a keep-going build that left a file out writes the index of the graph.json it wrote; a reader whose sources then fail answers from it, and without it gets the compile's error", () => {
  const { repo, vault } = generated("akms-plan-keep-", 200, 20, 5);
  assert.equal(akms(["build", "--repo", repo, "--vault", vault]).code, 0);
  const bad = join(vault, "g-000050.md");
  writeFileSync(bad, "---\nid: g-000050\nconfidence: [unclosed\n---\n# Broken\n");
  const kept = akms(["build", "--keep-going", "--repo", repo, "--vault", vault, "--json"]);
  assert.notEqual(kept.code, 2, kept.stderr);
  const ctx = loadContext({ repo, vault, env: {} });
  assert.ok(graphIndexed(ctx.paths), "the keep-going build indexed its graph.json");
  assertIndexIsGraph(ctx.paths, "after a keep-going build");
  const q = akms(["query", "--tags", "tag-1", "--repo", repo, "--vault", vault, "--json"]);
  assert.equal(q.code, 0, q.stderr);
  assert.equal(q.json.compiled.reason, "kept");
  rmSync(planGraphCachePath(ctx.paths));
  const lost = akms(["query", "--tags", "tag-1", "--repo", repo, "--vault", vault, "--json"]);
  assert.equal(lost.code, 1, lost.stdout);
  assert.match(lost.stdout + lost.stderr, /g-000050\.md/, "the compile's own error, naming the file");
});

test("a graph.json with a new stat but the same text (copied over itself) keeps its index, re-keyed by its content; one with another text has none", () => {
  const { repo, vault } = generated("akms-plan-rekey-", 200, 20, 5);
  assert.equal(akms(["build", "--repo", repo, "--vault", vault]).code, 0);
  const ctx = loadContext({ repo, vault, env: {} });
  const file = planGraphCachePath(ctx.paths);
  const before = readFileSync(file);
  const text = readFileSync(ctx.paths.graphJson);
  rmSync(ctx.paths.graphJson);
  writeFileSync(ctx.paths.graphJson, text); // a new inode, the same bytes
  assert.equal(graphIndexed(ctx.paths, false), false, "not by its stat");
  assert.ok(graphIndexed(ctx.paths), "by its content");
  assert.ok(readFileSync(file).equals(before), "the index file as it was: not written again for a key");
  assert.equal(JSON.parse(unsealedJson(readFileSync(planDeltaPath(ctx.paths), "utf8"))!).key, writtenKey(ctx.paths.graphJson), "an empty delta over it names graph.json's new stat");
  assertIndexIsGraph(ctx.paths, "after the re-key");
  // Through a reader's command: the index re-keyed, nothing compiled, and the answer says no compile.
  rmSync(ctx.paths.graphJson);
  writeFileSync(ctx.paths.graphJson, text);
  const quiet = akms(["query", "--tags", "tag-1", "--repo", repo, "--vault", vault, "--json"]);
  assert.equal(quiet.code, 0, quiet.stderr);
  assert.equal(quiet.json.compiled, undefined, "a re-key is no compile");
  assert.doesNotMatch(quiet.stderr, /compiled/);
  assert.ok(graphIndexed(ctx.paths, false), "re-keyed to the new stat");
  // Another text (a hand edit of graph.json): no index of it; the reader's command compiles it back.
  writeFileSync(ctx.paths.graphJson, text.toString("utf8").replace('"edge_count"', '"edge_count" ').replace(/"generated_at": "[^"]*"/, '"generated_at": "2000-01-01T00:00:00Z"'));
  assert.equal(openGraphOrNull(ctx.paths), null);
  const q = akms(["query", "--tags", "tag-1", "--repo", repo, "--vault", vault, "--json"]);
  assert.equal(q.code, 0, q.stderr);
  assert.ok(graphIndexed(ctx.paths, false), "the compile indexed the graph.json it wrote back");
  const blank = (b: Buffer) => b.toString("utf8").replace(/"generated_at": "[^"]*"/, "");
  assert.equal(blank(readFileSync(ctx.paths.graphJson)), blank(text), "the compile's graph.json, not the hand edit");
  assertIndexIsGraph(ctx.paths, "after the reader's compile");
});

test("a compile that gives the same graph while a delta holds the index keeps that index, and the next update's patch builds on it", () => {
  const { dir, repo, vault, cli } = generated("akms-plan-same-", 300, 30, 9);
  cli("build");
  const ctx = loadContext({ repo, vault, env: {} });
  const doc = (task: string, id: string) => {
    const f = join(dir, `${task}.md`);
    writeFileSync(f, memory({ task, used: [{ id, useful: true, coverage: "sufficient" }] }));
    return f;
  };
  cli("update", doc("task-same-1", "g-000010"));
  assert.ok(existsSync(planDeltaPath(ctx.paths)), "the update left a delta");
  const full = readFileSync(planGraphCachePath(ctx.paths));
  // The overlay touched, its text unchanged: the build compiles in full and gets the same graph.
  utimesSync(join(repo, "knowledge", "graph", "local_state.yaml"), new Date(2020, 0, 1), new Date(2020, 0, 1));
  assert.equal(cli("build").json.written, false);
  assert.ok(readFileSync(planGraphCachePath(ctx.paths)).equals(full), "the full index is not made again: the delta holds this graph");
  assertFresh(repo, vault, "after the same graph compiled");
  cli("update", doc("task-same-2", "g-000020"));
  assert.ok(existsSync(planDeltaPath(ctx.paths)), "the second update's patch built on the delta");
  assertFresh(repo, vault, "after the second update");
});

test("graph.json deleted is written back byte for byte (its generated_at kept: the content did not change), and its index re-keyed, not made again", () => {
  const { repo, vault } = generated("akms-plan-restore-", 200, 20, 5);
  // Built on 2026-01-01 (SOURCE_DATE_EPOCH); compiled back today, with no SOURCE_DATE_EPOCH.
  assert.equal(akms(["build", "--repo", repo, "--vault", vault], { env: { SOURCE_DATE_EPOCH: "1767225600" } }).code, 0);
  const ctx = loadContext({ repo, vault, env: {} });
  const text = readFileSync(ctx.paths.graphJson);
  assert.match(text.toString("utf8"), /"generated_at": "2026-01-01T/);
  const index = readFileSync(planGraphCachePath(ctx.paths));
  rmSync(ctx.paths.graphJson);
  const r = akms(["build", "--repo", repo, "--vault", vault, "--json"], { env: { SOURCE_DATE_EPOCH: undefined } });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.json.written, true);
  assert.ok(readFileSync(ctx.paths.graphJson).equals(text), "the same bytes, generated_at included");
  assert.ok(readFileSync(planGraphCachePath(ctx.paths)).equals(index), "re-keyed: the index file as it was");
  assert.equal(JSON.parse(unsealedJson(readFileSync(planDeltaPath(ctx.paths), "utf8"))!).key, writtenKey(ctx.paths.graphJson), "an empty delta over it names the new graph.json");
  assertIndexIsGraph(ctx.paths, "after graph.json was written back");
});

test("graph.json deleted, nothing else changed: written back from the store's index (after an update, from the index and its delta), exact or compiled", () => {
  // In this process throughout: the store is the one this build of the code writes.
  const { repo, vault, dir } = generated("akms-plan-writeback-", 200, 20, 6);
  const ctx = loadContext({ repo, vault, env: {} });
  const env = { SOURCE_DATE_EPOCH: "1767225600" };
  build(ctx, { env });
  const writtenBack = (what: string, from: "index" | "compile") => {
    const bytes = readFileSync(ctx.paths.graphJson);
    rmSync(ctx.paths.graphJson);
    const r = build(ctx, { env });
    assert.equal(r.written, true, what);
    assert.equal(r.writtenBack, from === "index", `${what}: written back from the ${from}`);
    assert.ok(readFileSync(ctx.paths.graphJson).equals(bytes), `${what}: the same bytes, generated_at included`);
    assertIndexIsGraph(ctx.paths, what);
  };
  writtenBack("after a full build", "index");
  writtenBack("written back once already (its index re-keyed)", "index");
  const f = join(dir, "memory.md");
  writeFileSync(f, memory({ task: "task-wb", phase: 1, used: [{ id: "g-000010", useful: true, coverage: "sufficient" }], pitfalls: [{ node_ref: "g-000011", description: "a trap", severity: "high" }], knowledge: [{ suggested_id: "learned-here", domain: "d", title: "Learned here", content_draft: "a node the update adds, so the delta adds one" }] }));
  runUpdate(ctx, [f], { env });
  assert.ok(existsSync(planDeltaPath(ctx.paths)), "the update's patch left a delta over the index");
  writtenBack("after an update", "index");
  // A record changed inside the index, its header intact: the text it gives back is not the one
  // recorded, so the compile writes graph.json and makes the index anew.
  rmSync(ctx.paths.cacheDir, { recursive: true });
  build(ctx, { env });
  assert.ok(!existsSync(planDeltaPath(ctx.paths)), "a full index, no delta");
  const file = planGraphCachePath(ctx.paths);
  const index = readFileSync(file);
  const at = index.indexOf('"title": "', index.indexOf(10)) + '"title": "'.length;
  index[at] = index[at] === 0x51 ? 0x52 : 0x51; // another ASCII letter: the same size, valid JSON
  writeFileSync(file, index);
  writtenBack("with a damaged index", "compile");
  writtenBack("once the index is made anew", "index");
});
