// Semantic search offline: the embedding arm (the optional minilm model, installed with akms's
// optional dependencies) fused with BM25 in `akms search`, the MCP search tool and the loadout;
// `akms index` embeds ahead and only what changed; a search embeds at most its budget and says
// how much it covered; search.embedding: none turns the arm off and the result says so.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { akms, BIN, pathWithAkms, scratch, write, writeNode, type NodeSpec } from "../helpers.js";
import { EMBED_BUDGET } from "../../core/embed/semantic.js";

const ENV = { AKMS_QMD_BIN: "/nonexistent/qmd", SOURCE_DATE_EPOCH: "1790000000" };

/** A small vault: one node says the idea a paraphrase asks for, the others are about other things. */
function kb(extra = 0): ReturnType<typeof scratch> & { env: Record<string, string> } {
  const s = scratch();
  const nodes: NodeSpec[] = [
    { id: "nyquist-plateau", title: "Even grids: truncated Nyquist modes stall the equilibrium residual", tags: ["nyquist"], body: "# Nyquist\n\nWith the Green operator zeroed at Nyquist frequencies on even grids, the stress there is never driven to zero and the equilibrium residual stagnates at a floor instead of converging.\n" },
    { id: "seeding", title: "Deterministic RNG seeding", tags: ["rng"], body: "# Seeding\n\nPass an explicit numpy Generator created from a recorded seed to every function that draws random numbers.\n" },
    { id: "toml-config", title: "Typed solver configuration", tags: ["config"], body: "# Config\n\nParse solver.toml once into a validated object and reject keys nobody knows.\n" },
    { id: "lame", title: "Lamé parameters", tags: ["elasticity"], body: "# Lamé\n\nConvert Young's modulus and Poisson's ratio to lambda and mu with the exact formulas.\n" },
  ];
  for (let i = 0; i < extra; i++) nodes.push({ id: `filler-${i}`, title: `Filler note ${i}`, tags: ["filler"], body: `# Filler ${i}\n\nAn unrelated remark number ${i} about project housekeeping and meeting notes.\n` });
  for (const n of nodes) writeNode(s.vault, n);
  write(join(s.knowledge, "graph", "propagation_config.yaml"), "akms_schema: v2\nglobal_vault: ../vault\n");
  return { ...s, env: { ...ENV } };
}

const PARAPHRASE = "how do I stop the residual from plateauing on even grids";

test("akms index embeds ahead, then only what changed; akms search finds a paraphrase through the hybrid", () => {
  const s = kb();
  const first = akms(["index", "--repo", s.repo, "--json"], { env: s.env });
  assert.equal(first.code, 0, first.stderr);
  const nodes = first.json.scopes.find((x: { scope: string }) => x.scope === "nodes");
  assert.equal(nodes.covered, 4);
  assert.ok(nodes.embedded >= 4);
  const again = akms(["index", "--repo", s.repo, "--json"], { env: s.env });
  assert.equal(again.json.scopes.find((x: { scope: string }) => x.scope === "nodes").embedded, 0, "nothing changed: nothing embedded");
  const f = join(s.vault, "lame.md");
  writeFileSync(f, readFileSync(f, "utf8").replace("exact formulas", "exact formulas, and check the bulk modulus stays positive"));
  const third = akms(["index", "--repo", s.repo, "--json"], { env: s.env });
  assert.equal(third.json.scopes.find((x: { scope: string }) => x.scope === "nodes").embedded, 1, "one changed chunk");

  const r = akms(["search", PARAPHRASE, "--repo", s.repo, "--json"], { env: s.env });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.json.engine, "hybrid");
  assert.equal(r.json.semantic.covered, r.json.semantic.files);
  assert.equal(r.json.hits[0].id, "nyquist-plateau", JSON.stringify(r.json.hits.map((h: { id: string }) => h.id)));
  const text = akms(["search", PARAPHRASE, "--repo", s.repo], { env: s.env });
  assert.match(text.stdout, /hybrid; embeddings minilm/);
});

test("a question the knowledge cannot answer finds nothing: no file under the engine's floor, none for its stop words alone", () => {
  const s = kb();
  for (const q of ["how to bake sourdough bread", "kubernetes autoscaling policies"]) {
    const r = akms(["search", q, "--repo", s.repo, "--json"], { env: s.env });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.json.engine, "hybrid");
    assert.deepEqual(r.json.hits.map((h: { id: string }) => h.id), [], q);
  }
  const text = akms(["search", "how to bake sourdough bread", "--repo", s.repo], { env: s.env });
  assert.match(text.stdout, /: 0 hits \(hybrid; embeddings minilm/);
});

test("a search on a repository never indexed embeds at most its budget and says how much it covered", () => {
  const s = kb(EMBED_BUDGET + 6);
  const r = akms(["search", PARAPHRASE, "--repo", s.repo, "--json"], { env: s.env });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.json.semantic.embedded, EMBED_BUDGET);
  assert.ok(r.json.semantic.covered < r.json.semantic.files, JSON.stringify(r.json.semantic));
  assert.ok(r.json.hits.length > 0, "BM25 answers for what is not embedded yet");
  const text = akms(["search", PARAPHRASE, "--repo", s.repo], { env: s.env });
  assert.match(text.stdout, /files \(the rest by BM25 alone until `akms index`\)|of \d+ files/);
});

test("eval replay keeps what its searches embedded (the store's vectors, content-keyed): the next replay embeds nothing and answers the same", () => {
  const s = kb();
  write(
    join(s.knowledge, "sessions", "t-1.md"),
    "---\ntask_id: T-1\ntask_description: \"Stop the residual plateau on even grids\"\nphase_id: 1\ntimestamp: 2026-11-03T10:32:00\nagent_model: m\nloadout_used: knowledge/loadouts/phase1-T-1-loadout.md\nstatus: complete\ncommit: abc1234\ntests_passed: 1\ntests_total: 1\nnodes_used:\n  - id: nyquist-plateau\n    useful: true\n    coverage: sufficient\nnodes_missing: []\nlessons:\n  worked: []\n  failed: []\npitfalls_discovered: []\nnew_knowledge: []\nakms_schema: v2\n---\n",
  );
  const up = akms(["update", join(s.knowledge, "sessions", "t-1.md"), "--repo", s.repo], { env: s.env });
  assert.equal(up.code, 0, up.stderr);
  const vectors = () => readdirSync(join(s.knowledge, "graph", ".cache")).filter((n) => n.startsWith("vectors-"));
  assert.deepEqual(vectors(), [], "nothing embedded before the replay");
  const first = akms(["eval", "replay", "--arms", "embedding", "--json", "--repo", s.repo], { env: s.env });
  assert.equal(first.code, 0, first.stderr);
  assert.equal(vectors().length, 1, "the replay's vectors are kept in the repository's store");
  const file = join(s.knowledge, "graph", ".cache", vectors()[0]!);
  const kept = statSync(file);
  const again = akms(["eval", "replay", "--arms", "embedding", "--json", "--repo", s.repo], { env: s.env });
  assert.equal(again.code, 0, again.stderr);
  const { compiled: _c, ...firstRun } = first.json;
  assert.equal(JSON.stringify(again.json), JSON.stringify(firstRun), "the same answer from kept vectors as from fresh ones");
  assert.equal(statSync(file).mtimeMs, kept.mtimeMs, "nothing new to keep: the store is not written again");
});

test("search.embedding: none turns the arm off: BM25 alone, and the result says why", () => {
  const s = kb();
  write(join(s.knowledge, "graph", "propagation_config.yaml"), "akms_schema: v2\nglobal_vault: ../vault\nsearch:\n  embedding: none\n");
  const r = akms(["search", PARAPHRASE, "--repo", s.repo, "--json"], { env: s.env });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.json.engine, "lexical");
  assert.match(r.json.semantic.off, /search\.embedding: none/);
  const bad = akms(["search", "x", "--repo", s.repo], { env: s.env });
  assert.equal(bad.code, 0);
  write(join(s.knowledge, "graph", "propagation_config.yaml"), "akms_schema: v2\nglobal_vault: ../vault\nsearch:\n  embedding: bert\n");
  const wrong = akms(["search", "x", "--repo", s.repo], { env: s.env });
  assert.equal(wrong.code, 1);
  assert.match(wrong.stderr, /search\.embedding[\s\S]*minilm, use-lite or none/);
});

test("the MCP search tool answers a paraphrase with the hybrid, the model kept warm between calls", async () => {
  const s = kb();
  assert.equal(akms(["build", "--repo", s.repo], { env: s.env }).code, 0);
  assert.equal(akms(["index", "--repo", s.repo], { env: s.env }).code, 0);
  const c = new Client({ name: "semantic", version: "1" });
  await c.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "--repo", s.repo], env: { ...(process.env as Record<string, string>), ...s.env }, stderr: "pipe" }));
  try {
    const call = async () => (await c.callTool({ name: "search", arguments: { query: PARAPHRASE, limit: 3 } })) as unknown as { structuredContent: { engine: string; hits: { id: string }[] } };
    const t0 = Date.now();
    const one = await call();
    const first = Date.now() - t0;
    const t1 = Date.now();
    const two = await call();
    const warm = Date.now() - t1;
    assert.equal(one.structuredContent.engine, "hybrid");
    assert.equal(one.structuredContent.hits[0]!.id, "nyquist-plateau");
    assert.deepEqual(two.structuredContent, one.structuredContent);
    assert.ok(warm < first, `the second call (${warm} ms) reuses the loaded model (first ${first} ms)`);
  } finally {
    await c.close();
  }
});

test("the loadout's content retrieval adds the embedding arm's passages inside the selected nodes", () => {
  const s = kb();
  write(join(s.knowledge, "tasks", "t1.json"), JSON.stringify({ task_id: "TASK-1", phase: 1, title: "Fix the stalled residual on even grids", description: PARAPHRASE, akms_tags: ["nyquist"], akms_schema: "v2" }));
  const r = akms(["loadout", "--tags", "nyquist", "--repo", s.repo, "--json"], { env: { ...s.env, AKMS_QMD_BIN: "" } });
  assert.equal(r.code, 0, r.stderr);
  // Without qmd the loadout is the spec's degraded mode (no passages at all); CI requires qmd.
  if (process.env.AKMS_REQUIRE_QMD === "1") assert.equal(r.json.qmd_available, true, r.json.qmd_reason);
  if (!r.json.qmd_available) return;
  const text = readFileSync(join(s.repo, r.json.shown), "utf8");
  assert.match(text, /semantic \(minilm/);
});

test("after a merge, the post-merge hook brings a kept semantic index up to date in the background, and starts none where none is kept", async () => {
  const s = kb();
  const env = { ...s.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" };
  const git = (...a: string[]) => {
    const r = spawnSync("git", a, { cwd: s.repo, env: { ...process.env, ...env, PATH: pathWithAkms() }, encoding: "utf8" });
    assert.equal(r.status, 0, `git ${a.join(" ")}: ${r.stderr}${r.stdout}`);
  };
  git("init", "-q", "-b", "main");
  assert.equal(akms(["init", "--git", "--repo", s.repo], { env }).code, 0);
  const hook = readFileSync(join(s.repo, ".git", "hooks", "post-merge"), "utf8");
  assert.match(hook, /knowledge\/graph\/\.cache\/vectors-'?\*\.bin; do \[ -e "\$f" \] && \{ nohup .* index --repo/);
  const cache = join(s.knowledge, "graph", ".cache");
  const merge = (branch: string) => {
    git("add", "-A");
    git("commit", "-q", "--allow-empty", "-m", `before ${branch}`);
    git("checkout", "-q", "-b", branch);
    write(join(s.knowledge, "local-nodes", `${branch}.md`), `---\nid: ${branch}\ntitle: "${branch}"\ndomain: demo\ntags: [t]\nstatus: tentative\nconfidence: 0.5\nsource: human\nakms_schema: v2\n---\n# ${branch}\n\nA note merged from ${branch}.\n`);
    git("add", "-A");
    git("commit", "-q", "-m", branch);
    git("checkout", "-q", "main");
    git("merge", "-q", "--no-ff", "--no-edit", branch);
  };
  const vectorFiles = () => (existsSync(cache) ? readdirSync(cache).filter((f) => f.startsWith("vectors-")) : []);
  merge("first");
  await new Promise((r) => setTimeout(r, 3000));
  assert.deepEqual(vectorFiles(), [], "no index kept: the hook starts none");
  assert.equal(akms(["index", "--repo", s.repo], { env }).code, 0);
  const [file] = vectorFiles();
  const before = statSync(join(cache, file!)).mtimeMs;
  merge("second");
  let after = before;
  for (let i = 0; i < 120 && after === before; i++) {
    await new Promise((r) => setTimeout(r, 500));
    after = statSync(join(cache, file!)).mtimeMs;
  }
  assert.notEqual(after, before, "the kept index caught up with the merged node");
  const r = akms(["index", "--repo", s.repo, "--json"], { env });
  assert.equal(r.json.scopes.find((x: { scope: string }) => x.scope === "nodes").embedded, 0, "nothing left to embed");
});
