import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, chmodSync, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { akms, copyDemo, scratch, snapshot, treeHash, write, writeNode } from "../helpers.js";
import { findQmd } from "../../core/qmd.js";

const qmdSkip = findQmd() === null && process.env.AKMS_REQUIRE_QMD !== "1" ? "qmd is not installed (set AKMS_REQUIRE_QMD=1 to make this a failure)" : false;

function small() {
  const s = scratch();
  writeNode(s.vault, { id: "a", tags: ["alpha"], confidence: 0.9, edges: [{ to: "b", type: "requires", weight: 1 }, { to: "c", type: "contradicts", weight: 1 }] });
  writeNode(s.vault, { id: "b", tags: ["beta"], confidence: 0.8 });
  writeNode(s.vault, { id: "c", tags: ["gamma"], confidence: 0.7 });
  const base = ["--repo", s.repo, "--vault", s.vault];
  return { ...s, base };
}

test("query --json is DESIGN §2's document plus the explanation fields, and writes nothing but its impression line", () => {
  const s = small();
  assert.equal(akms(["build", ...s.base]).code, 0);
  const before = snapshot(s.dir);
  const r = akms(["query", ...s.base, "--tags", "alpha", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(Object.keys(r.json).slice(0, 7), ["role", "seed_tags", "seeds", "nodes", "pitfalls", "sessions", "excluded"]);
  assert.deepEqual(r.json.nodes.map((n: { id: string }) => n.id), ["a", "b"]);
  for (const n of r.json.nodes) assert.deepEqual([typeof n.rank, typeof n.why, Array.isArray(n.trace.chain)], ["number", "string", true]);
  assert.deepEqual(r.json.excluded.map((x: { id: string; reason: string }) => [x.id, x.reason]), [["c", "edge_type_not_followed"]]);
  // Nothing but the impression log's one line (an agent's --json read: core/agent/impressions.ts).
  const after = snapshot(s.dir);
  const log = [...after.keys()].find((k) => k.endsWith("impressions.jsonl"))!;
  assert.equal(Buffer.from(after.get(log)!, "base64").toString("utf8").trim().split("\n").length, 1);
  after.delete(log);
  assert.deepEqual(after, before);
  const text = akms(["query", ...s.base, "--tags", "alpha", "--explain"]);
  assert.equal(text.code, 0);
  assert.match(text.stdout, /why: reached from seed a \(tag "alpha"\) via a -requires\(1\)-> b/);
  assert.match(text.stdout, /c {2}\[edge_type_not_followed\]\n {6}edge type not followed: reachable only via contradicts/);
});

test("bad input: unknown role, no graph yet, both --task and --tags, an invalid rank formula, a task without akms_tags", () => {
  const s = small();
  // No graph yet: the read compiles it first and says so (a fresh clone: graph.json is derived).
  const noGraph = akms(["query", ...s.base, "--tags", "alpha", "--json"]);
  assert.equal(noGraph.code, 0, noGraph.stderr);
  assert.equal(noGraph.json.compiled.reason, "missing");
  assert.ok(existsSync(join(s.knowledge, "graph", "graph.json")));
  const again = akms(["query", ...s.base, "--tags", "alpha"]);
  assert.match(again.stderr, /^$/, "current: no compile the second time");
  const role = akms(["query", ...s.base, "--tags", "alpha", "--role", "astronaut", "--json"]);
  assert.equal(role.code, 1);
  assert.equal(role.json.error.code, "UNKNOWN_ROLE");
  assert.match(role.json.error.message, /the roles are: code_reviewer, implementer, physics_reviewer/);
  const both = akms(["query", ...s.base, "--tags", "alpha", "--task", "x.json"]);
  assert.equal(both.code, 2);
  const none = akms(["loadout", ...s.base]);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /give --task FILE/);
  const t = write(join(s.knowledge, "tasks", "t1.json"), `{\n  "task_id": "t1",\n  "akms_schema": "v2"\n}\n`);
  const noTags = akms(["loadout", ...s.base, "--task", t, "--no-qmd"]);
  assert.equal(noTags.code, 1);
  assert.match(noTags.stderr, /t1\.json: akms_tags: the task record has no "akms_tags" field — add "akms_tags": \[\]/);
  write(join(s.knowledge, "graph", "propagation_config.yaml"), "akms_schema: v2\nquery_roles:\n  implementer:\n    edge_types: [requires]\n    rank_formula: confidence ^ 2\n");
  const formula = akms(["query", ...s.base, "--tags", "alpha", "--json"]);
  assert.equal(formula.code, 1);
  assert.equal(formula.json.error.code, "CONFIG");
  assert.match(formula.json.error.message, /rank_formula "confidence \^ 2"/);
  assert.doesNotMatch(noTags.stderr + role.stderr + formula.stderr, /at .*\.(js|ts|mjs):\d+/);
  assert.ok(!existsSync(join(s.knowledge, "loadouts")), "nothing written");
});

test("derive-tags --write fills akms_tags and logs the sources; without --write nothing changes", () => {
  const s = small();
  assert.equal(akms(["build", ...s.base]).code, 0);
  const f = write(join(s.knowledge, "tasks", "t2.json"), `{\n  "task_id": "t2",\n  "title": "alpha and beta work",\n  "akms_tags": [],\n  "akms_schema": "v2"\n}\n`);
  const vault = treeHash(s.vault);
  const dry = akms(["derive-tags", ...s.base, "--task", f, "--json"]);
  assert.equal(dry.code, 0, dry.stderr);
  assert.deepEqual(dry.json.tags.map((t: { tag: string }) => t.tag), ["alpha", "beta"]);
  assert.equal(dry.json.written, false);
  assert.match(readFileSync(f, "utf8"), /"akms_tags": \[\]/);
  const w = akms(["derive-tags", ...s.base, "--task", f, "--write"]);
  assert.equal(w.code, 0, w.stderr);
  assert.match(w.stdout, /wrote akms_tags to .*t2\.json; sources logged in knowledge\/tasks\/t2\.tags\.jsonl/);
  assert.deepEqual(JSON.parse(readFileSync(f, "utf8")).akms_tags, ["alpha", "beta"]);
  assert.equal(readFileSync(join(s.knowledge, "tasks", "t2.tags.jsonl"), "utf8").trim().split("\n").length, 1);
  assert.equal(treeHash(s.vault), vault);
});

test("on fixtures/demo the three roles give different, explained node sets; only physics_reviewer follows contradicts", () => {
  const d = copyDemo();
  const base = ["--repo", d.repo];
  assert.equal(akms(["build", ...base]).code, 0);
  const run = (role: string, tags: string) => {
    const r = akms(["query", ...base, "--tags", tags, "--role", role, "--json"]);
    assert.equal(r.code, 0, r.stderr);
    return r.json;
  };
  type R = { nodes: { id: string; why: string; trace: { chain: { type: string }[] } }[]; excluded: { id: string; why: string; reason: string }[]; pitfalls: unknown[] };
  const ids = (r: R) => r.nodes.map((n) => n.id).join(",");
  const viaContradicts = (r: R) => r.nodes.filter((n) => n.trace.chain.some((c) => c.type === "contradicts")).map((n) => n.id);
  for (const tags of ["green-operator,reference-medium", "equilibrium"]) {
    const [impl, code, phys] = ["implementer", "code_reviewer", "physics_reviewer"].map((role) => run(role, tags)) as [R, R, R];
    assert.notEqual(ids(impl), ids(phys), `tags ${tags}: the physics reviewer's set differs`);
    assert.deepEqual(viaContradicts(impl), []);
    assert.deepEqual(viaContradicts(code), []);
    for (const r of [impl, code, phys]) {
      for (const n of r.nodes) assert.ok(n.why.length > 10, `${n.id} has no explanation`);
      for (const x of r.excluded) assert.ok(x.why.length > 10 && x.reason, `${x.id} has no explanation`);
      assert.ok(!r.nodes.some((n) => n.id.startsWith("mirror-") || n.id.startsWith("session-")));
    }
    if (tags === "equilibrium") {
      assert.deepEqual(viaContradicts(phys), ["convergence-criterion-strain-increment"]);
      const out = impl.excluded.find((x) => x.id === "convergence-criterion-strain-increment")!;
      assert.equal(out.reason, "edge_type_not_followed");
      assert.match(out.why, /reachable only via contradicts, which implementer does not follow/);
    } else {
      assert.ok(impl.pitfalls.length > 0 && phys.pitfalls.length === 0, "pitfalls follow the role's pitfall edges");
      assert.match(impl.excluded.find((x) => x.id === "reference-medium-voigt-average")!.why, /^deprecated: status deprecated is never loaded/);
    }
  }
});

test("on fixtures/demo: a --no-qmd loadout has no content or summaries, and the same loadout comes out twice byte for byte", () => {
  const d = copyDemo();
  const base = ["--repo", d.repo];
  assert.equal(akms(["build", ...base]).code, 0);
  const tasks = readdirSync(join(d.knowledge, "tasks")).filter((n) => n.endsWith(".json")).sort();
  const vault = treeHash(d.vault);
  const task = join(d.knowledge, "tasks", tasks[0]!);
  const r1 = akms(["loadout", ...base, "--task", task, "--no-qmd", "--json"]);
  assert.equal(r1.code, 0, r1.stderr + r1.stdout);
  assert.equal(r1.json.qmd_available, false);
  const file = r1.json.file;
  const bytes = readFileSync(file);
  const text = bytes.toString("utf8");
  assert.match(text, /^qmd_available: false$/m);
  assert.ok(!/### Summaries|### Full Content|```markdown/.test(text), "no inline content in degraded mode");
  assert.ok(!text.includes("The Lippmann–Schwinger (LS) equation rewrites"), "no summary text in degraded mode");
  const mtime = statSync(file).mtimeMs;
  const r2 = akms(["loadout", ...base, "--task", task, "--no-qmd", "--json"]);
  assert.equal(r2.json.written, false);
  assert.deepEqual(readFileSync(file), bytes);
  assert.equal(statSync(file).mtimeMs, mtime);
  assert.equal(treeHash(d.vault), vault);
});

test("loadout --out - prints the Markdown on standard output and writes no file (as review --report and export take it)", () => {
  const d = copyDemo();
  const base = ["--repo", d.repo];
  assert.equal(akms(["build", ...base]).code, 0);
  const task = join(d.knowledge, "tasks", readdirSync(join(d.knowledge, "tasks")).filter((n) => n.endsWith(".json")).sort()[0]!);
  const env = { SOURCE_DATE_EPOCH: "1767225600" };
  const loadouts = () => (existsSync(join(d.knowledge, "loadouts")) ? readdirSync(join(d.knowledge, "loadouts")).sort() : []);
  const before = loadouts();
  const out = akms(["loadout", ...base, "--task", task, "--no-qmd", "--out", "-"], { cwd: d.dir, env });
  assert.deepEqual(loadouts(), before, "no loadout file written");
  assert.equal(out.code, 0, out.stderr);
  assert.ok(!existsSync(join(d.dir, "-")), "no file named -");
  assert.match(out.stdout, /^---\ntask_id: /, "the loadout itself on stdout");
  assert.match(out.stderr, /^loadout: task \S+ · role /m, "what it is on stderr");
  // The same bytes a written loadout gets.
  const written = akms(["loadout", ...base, "--task", task, "--no-qmd", "--json"], { env });
  assert.equal(written.code, 0, written.stderr);
  assert.equal(out.stdout, readFileSync(written.json.file, "utf8"));
  const json = akms(["loadout", ...base, "--task", task, "--no-qmd", "--out", "-", "--json"], { cwd: d.dir, env });
  assert.deepEqual([json.json.file, json.json.written], ["-", false]);
  assert.equal(json.json.markdown, out.stdout);
});

/** Search as qmd's BM25 alone (the semantic arm off: search.embedding: none), for the tests of what qmd does. */
function bm25Only(knowledge: string): void {
  appendFileSync(join(knowledge, "graph", "propagation_config.yaml"), "\nsearch:\n  embedding: none\n");
}

test("on fixtures/demo with the real qmd: the loadout carries summaries or inline content, made twice byte for byte", { skip: qmdSkip }, () => {
  const d = copyDemo();
  const base = ["--repo", d.repo];
  assert.equal(akms(["build", ...base]).code, 0);
  const out = join(d.knowledge, "loadouts", "qmd.md");
  const r1 = akms(["loadout", ...base, "--tags", "green-operator,nyquist", "--out", out, "--json"]);
  assert.equal(r1.code, 0, r1.stderr + r1.stdout);
  assert.equal(r1.json.qmd_available, true, r1.json.qmd_reason);
  // The first loadout here builds qmd's index, and says so while it waits (stderr; stdout stays JSON).
  assert.equal(r1.json.qmd_index, "built");
  assert.match(r1.stderr, /^qmd: building its index of the knowledge \(first use here; later loadouts reuse it\) …$/m);
  const text = readFileSync(out, "utf8");
  assert.match(text, /^qmd_available: true$/m);
  assert.ok(/### Summaries|### Full Content/.test(text) && /^> .{40,}|```markdown/m.test(text), "summaries or inline content");
  const r2 = akms(["loadout", ...base, "--tags", "green-operator,nyquist", "--out", out, "--json"]);
  assert.deepEqual([r2.json.written, r2.json.qmd_cached, r2.json.qmd_index], [false, true, null]);
  assert.doesNotMatch(r2.stderr, /qmd: (building|refreshing)/);
  assert.equal(readFileSync(out, "utf8"), text);
  const r3 = akms(["loadout", ...base, "--tags", "nyquist", "--out", join(d.knowledge, "loadouts", "qmd-2.md")]);
  assert.equal(r3.code, 0, r3.stderr);
  assert.doesNotMatch(r3.stderr, /qmd: (building|refreshing)/, "a new search over an up-to-date index does not index");
  assert.match(r3.stdout, /qmd: available \(ok\)(, passages from cache)?\n/, "and its text says nothing of an index");
});

test("akms search with the real qmd says when it builds qmd's index (stderr, --json qmd_index, its text), and only then", { skip: qmdSkip }, () => {
  const d = copyDemo();
  const base = ["--repo", d.repo];
  bm25Only(d.knowledge);
  assert.equal(akms(["build", ...base]).code, 0);
  const first = akms(["search", "green operator", ...base, "--json"]);
  assert.equal(first.code, 0, first.stderr);
  assert.deepEqual([first.json.engine, first.json.qmd_index], ["qmd", "built"]);
  assert.ok(first.json.hits.length > 0);
  assert.match(first.stderr, /^qmd: building its index of the knowledge \(first use here; later loadouts reuse it\) …$/m);
  const again = akms(["search", "green operator", ...base]);
  assert.equal(again.code, 0, again.stderr);
  assert.doesNotMatch(again.stderr, /qmd: (building|refreshing)/);
  assert.match(again.stdout, /^search "green operator" in nodes: \d+ hits? \(qmd; \d+ files\)$/m, "nothing of an index when none was built");
  // A node file changed since: refreshed, and the text says so.
  const f = join(d.knowledge, "local-nodes", readdirSync(join(d.knowledge, "local-nodes")).find((n) => n.endsWith(".md"))!);
  writeFileSync(f, readFileSync(f, "utf8") + "\nA line about the green operator.\n");
  const changed = akms(["search", "green operator", ...base]);
  assert.match(changed.stderr, /^qmd: refreshing its index/m);
  assert.match(changed.stdout, /\(qmd, index refreshed for this search; \d+ files\)/);
});

test("a missing or a broken qmd gives the degraded loadout, with the reason in its header", () => {
  const s = small();
  assert.equal(akms(["build", ...s.base]).code, 0);
  const broken = write(join(s.dir, "qmd"), "#!/bin/sh\necho 'qmd 9.9.9'\nexit 3\n");
  chmodSync(broken, 0o755);
  for (const [bin, reason] of [
    [join(s.dir, "no-such-qmd"), /^not installed$/],
    [broken, /^installed but failing/],
  ] as const) {
    const out = join(s.knowledge, "loadouts", "q.md");
    const r = akms(["loadout", ...s.base, "--tags", "alpha", "--out", out, "--json"], { env: { AKMS_QMD_BIN: bin } });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.json.qmd_available, false);
    assert.match(r.json.qmd_reason, reason);
    const text = readFileSync(out, "utf8");
    assert.match(text, /^qmd_available: false$/m);
    assert.match(text, /Degraded mode \(spec §3\.6\)/);
    assert.ok(!/### Summaries|### Full Content/.test(text));
  }
});

test("re-evaluate regenerates only stale loadouts and reports the nodes in and out", () => {
  const s = small();
  assert.equal(akms(["build", ...s.base]).code, 0);
  const l1 = akms(["loadout", ...s.base, "--tags", "alpha", "--no-qmd", "--json"]);
  const l2 = akms(["loadout", ...s.base, "--tags", "beta", "--no-qmd", "--json"]);
  assert.equal(l1.code + l2.code, 0, l1.stderr + l2.stderr);
  const current = akms(["re-evaluate", ...s.base, "--json"]);
  assert.deepEqual([current.json.checked, current.json.stale], [2, 0]);
  writeNode(s.vault, { id: "b", tags: ["beta"], confidence: 0.8, status: "draft" });
  writeNode(s.vault, { id: "d", tags: ["alpha"], confidence: 0.6 });
  assert.equal(akms(["build", ...s.base]).code, 0);
  const r = akms(["re-evaluate", ...s.base, "--json"]);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.deepEqual([r.json.checked, r.json.stale, r.json.regenerated], [2, 2, 2]);
  const byFile = Object.fromEntries(r.json.entries.map((e: { file: string }) => [e.file, e]));
  assert.deepEqual([byFile[l1.json.shown].nodes_in, byFile[l1.json.shown].nodes_out], [["d"], ["b"]]);
  assert.deepEqual([byFile[l2.json.shown].nodes_in, byFile[l2.json.shown].nodes_out], [[], ["b"]]);
  assert.match(readFileSync(l1.json.file, "utf8"), new RegExp(`^graph_version: ${r.json.graph_version}$`, "m"));
  const text = akms(["re-evaluate", ...s.base]);
  assert.match(text.stdout, /2 loadouts, 0 stale/);
  writeFileSync(join(s.knowledge, "loadouts", "junk.md"), "not a loadout\n");
  const junk = akms(["re-evaluate", ...s.base, "--json"]);
  assert.equal(junk.code, 1);
  assert.match(junk.json.entries.find((e: { file: string }) => e.file.endsWith("junk.md")).error.message, /header cannot be read/);
});

test("re-evaluate keeps a done task's loadout as its agent read it, and regenerates an open task's", () => {
  const s = small();
  const task = (id: string, status: string) => write(join(s.knowledge, "tasks", `${id}.json`), JSON.stringify({ akms_schema: "v2", task_id: id, title: `Task ${id}`, phase: 1, scope: [], akms_tags: ["alpha"], status }));
  const files = { open: task("t-open", "pending"), done: task("t-done", "pending") };
  assert.equal(akms(["build", ...s.base]).code, 0);
  const shown = Object.fromEntries(Object.entries(files).map(([k, f]) => [k, akms(["loadout", ...s.base, "--task", f, "--no-qmd", "--json"]).json.file as string]));
  task("t-done", "complete"); // its agent ran with that loadout
  const read = readFileSync(shown.done!, "utf8");
  writeNode(s.vault, { id: "d", tags: ["alpha"], confidence: 0.6 });
  assert.equal(akms(["build", ...s.base]).code, 0);
  const r = akms(["re-evaluate", ...s.base, "--json"]);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.deepEqual([r.json.stale, r.json.regenerated, r.json.kept], [2, 1, 1]);
  assert.equal(readFileSync(shown.done!, "utf8"), read, "what the done task's agent read, byte for byte");
  assert.match(readFileSync(shown.open!, "utf8"), /`d`/, "the open task's loadout has the new node");
  const text = akms(["re-evaluate", ...s.base]);
  assert.match(text.stdout, /1 kept \(their tasks are done: what their agents read\)/);
  assert.match(text.stdout, /kept {4}knowledge\/loadouts\/phase1-t-done-loadout\.md \([0-9a-f]+\): task t-done is done/);
});

test("query --explain says each rank figure once per line", () => {
  const s = small();
  assert.equal(akms(["build", ...s.base]).code, 0);
  const r = akms(["query", ...s.base, "--tags", "alpha", "--explain"]);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.split("\n").filter((l) => /^\s+rank: /.test(l));
  assert.ok(lines.length > 0);
  for (const l of lines) {
    assert.doesNotMatch(l, /→/, "the value is not said twice");
    assert.equal(l.split(" = ").length - 1, 1, `one value: ${l}`);
  }
});
