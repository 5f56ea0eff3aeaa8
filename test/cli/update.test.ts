// `akms update` on bad input: every case exits 1 (2 for usage), names file, field and line, prints
// no stack trace, and leaves knowledge/ and the global vault byte-identical.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { settle, snapshot, treeHash, write, writeNode } from "../helpers.js";
import { kb, memory, pcd, run, type Scratch } from "../update-helpers.js";

function base(): Scratch {
  return kb([
    { id: "x", confidence: 0.85, domain: "fft" },
    { id: "p", confidence: 0.85, domain: "fft", edges: [{ to: "x", type: "requires", weight: 0.8 }] },
  ]);
}

/** Runs the update and checks the rejection: exit code, nothing written, no stack trace. */
function rejected(s: Scratch, files: string[], code = 1) {
  const knowledge = snapshot(s.knowledge);
  const vault = treeHash(s.vault);
  const human = run(s, ["update", ...files]);
  const r = run(s, ["update", ...files, "--json"]);
  assert.equal(human.code, code, human.stderr + human.stdout);
  assert.equal(r.code, code);
  assert.equal(r.json.ok, false);
  assert.doesNotMatch(human.stderr, /\bat .*\.(?:m?js|ts):\d+/, "no stack trace");
  assert.equal(human.stdout, "");
  assert.deepEqual(snapshot(s.knowledge), knowledge, "knowledge/ changed");
  assert.equal(treeHash(s.vault), vault, "the global vault changed");
  const problems = r.json.error.problems?.length ? r.json.error.problems : [r.json.error];
  return { error: r.json.error, problems, stderr: human.stderr };
}

const has = (problems: { field?: string; line?: number; file?: string; message: string }[], field: string, line?: number, message?: RegExp) =>
  assert.ok(
    problems.some((p) => p.field === field && (line === undefined || p.line === line) && (!message || message.test(p.message))),
    `no problem on ${field}${line ? ` at line ${line}` : ""}: ${JSON.stringify(problems)}`,
  );

test("wrong types are reported per field with their lines", () => {
  const s = base();
  const doc = memory({ task: "t1", extra: 'nodes_used: [{"id": "x", "useful": "yes", "coverage": "stale"}]' })
    .replace("phase_id: 1", 'phase_id: "one"')
    .replace("tests_passed: 7", "tests_passed: 7.5");
  write(join(s.dir, "bad.md"), doc);
  const { problems, stderr } = rejected(s, ["bad.md"]);
  has(problems, "phase_id", 4, /integer/);
  has(problems, "tests_passed", 9, /integer/);
  has(problems, "nodes_used[0].useful", 11);
  has(problems, "nodes_used[0].coverage", 11, /sufficient \| missing-detail \| outdated/);
  assert.match(stderr, /bad\.md:4: phase_id:/);
});

test("unknown node ids in nodes_used and pitfall node_refs make the document invalid", () => {
  const s = base();
  write(
    join(s.dir, "bad.md"),
    memory({
      task: "t1",
      used: [
        { id: "x", useful: true, coverage: "sufficient" },
        { id: "no-such-node", useful: true, coverage: "outdated" },
      ],
      pitfalls: [{ node_ref: "ghost", description: "d", severity: "high" }],
    }),
  );
  const { problems, stderr } = rejected(s, ["bad.md"]);
  has(problems, "nodes_used[1].id", 11, /unknown node id "no-such-node"/);
  has(problems, "pitfalls_discovered[0].node_ref", 12, /unknown node id "ghost"/);
  assert.match(stderr, /bad\.md:11: nodes_used\[1\]\.id: unknown node id "no-such-node"/);
});

test("an unknown id close to a node's gets the nearest ids in its hint: the agent fixes a typo at once", () => {
  const s = kb([
    { id: "retry-backoff", confidence: 0.8, domain: "http" },
    { id: "idempotency-keys", confidence: 0.8, domain: "http" },
  ]);
  write(
    join(s.dir, "typo.md"),
    memory({ task: "t1", used: [{ id: "retry-backof", useful: true, coverage: "sufficient" }], pitfalls: [{ node_ref: "idempotency-key", description: "d", severity: "high" }] }),
  );
  const { problems, stderr } = rejected(s, ["typo.md"]);
  const hint = (field: string) => problems.find((p: { field?: string }) => p.field === field)?.hint as string;
  assert.match(hint("nodes_used[0].id"), /^did you mean `retry-backoff`\? Else use an id from the graph/);
  assert.match(hint("pitfalls_discovered[0].node_ref"), /^did you mean `idempotency-keys`\? Else use an existing node's id/);
  assert.match(stderr, /did you mean `retry-backoff`\?/);
});

test("counts in the update's words agree with their number: 1 pitfall, 2 pitfalls", () => {
  const s = base();
  write(join(s.dir, "one.md"), memory({ task: "t1", used: [{ id: "x", useful: true, coverage: "sufficient" }], pitfalls: [{ node_ref: null, description: "d", severity: "low" }] }));
  write(join(s.dir, "two.md"), memory({ task: "t2", used: [{ id: "x", useful: true, coverage: "sufficient" }], pitfalls: [{ node_ref: null, description: "d", severity: "low" }, { node_ref: null, description: "e", severity: "low" }] }));
  const r = run(s, ["update", "one.md", "two.md", "--json"]);
  assert.equal(r.code, 0, JSON.stringify(r.json));
  const warnings = (r.json.warnings as string[]).join("\n");
  assert.match(warnings, /one\.md: 1 pitfall with node_ref null/);
  assert.match(warnings, /two\.md: 2 pitfalls with node_ref null/);
  // record, and a reader's recompile note, with one of each.
  write(join(s.dir, "three.md"), memory({ task: "t3", used: [{ id: "x", useful: true, coverage: "sufficient" }], pitfalls: [{ node_ref: "x", description: "d", severity: "low" }] }));
  const rec = run(s, ["record", "three.md"]);
  assert.equal(rec.code, 0, rec.stderr);
  assert.match(rec.stdout, /\(task t3 → session-t3; 1 node used, 1 pitfall\)/);
  const one = kb([{ id: "only", confidence: 0.8, domain: "fft" }]);
  assert.equal(run(one, ["build"]).code, 0);
  writeNode(one.vault, { id: "only", confidence: 0.7, domain: "fft" });
  const q = run(one, ["query", "--tags", "fft"]);
  assert.match(q.stderr, /recompiled graph\.json first \([^)]*\): 1 node, graph_version/);
});

test("a pitfall cannot hang on a session node", () => {
  const s = base();
  write(join(s.dir, "ok.md"), memory({ task: "t1", used: [{ id: "x", useful: true, coverage: "sufficient" }] }));
  assert.equal(run(s, ["update", "ok.md"]).code, 0);
  write(join(s.dir, "bad.md"), memory({ task: "t2", pitfalls: [{ node_ref: "session-t1", description: "d", severity: "low" }] }));
  const { problems } = rejected(s, ["bad.md"]);
  has(problems, "pitfalls_discovered[0].node_ref", undefined, /is a session node/);
});

test("path-like task_id and suggested_id are rejected by the id rule", () => {
  const s = base();
  write(join(s.dir, "a.md"), memory({ task: '"../../etc/x"' }));
  write(join(s.dir, "b.md"), memory({ task: "t2", knowledge: [{ suggested_id: "../escape", content_draft: "d" }] }));
  write(join(s.dir, "c.md"), memory({ task: "t3", knowledge: [{ suggested_id: "sub/dir", content_draft: "d" }], extra: 'nodes_missing: [{"description": "d", "suggested_id": "/abs", "domain": "fft", "priority": "low"}]' }));
  const { problems } = rejected(s, ["a.md", "b.md", "c.md"]);
  has(problems, "task_id", 2, /must match/);
  has(problems, "new_knowledge[0].suggested_id", 11, /must match/);
  assert.ok(problems.some((p: { file: string; field?: string }) => p.file.endsWith("c.md") && p.field === "new_knowledge[0].suggested_id"));
  assert.ok(problems.some((p: { file: string; field?: string }) => p.file.endsWith("c.md") && p.field === "nodes_missing[0].suggested_id"));
});

test("two documents with the same task id in one call are refused, even when both are valid", () => {
  const s = base();
  write(join(s.dir, "a.md"), memory({ task: "t1", used: [{ id: "x", useful: true, coverage: "sufficient" }] }));
  write(join(s.dir, "b.md"), memory({ task: "t1", used: [{ id: "p", useful: true, coverage: "sufficient" }] }));
  const { problems } = rejected(s, ["a.md", "b.md"]);
  has(problems, "task_id", 2, /gives session session-t1, like .*a\.md/);
  // The same file twice is said as such (by its path, ./a.md or a.md alike).
  const twice = rejected(s, ["a.md", "./a.md"]).problems;
  assert.equal(twice.length, 1);
  assert.match(twice[0].message, /^is given twice$/);
  assert.match(twice[0].file, /a\.md$/);
  // Two PCDs of one phase likewise.
  write(join(s.dir, "p1.md"), pcd({ phase: 3 }));
  write(join(s.dir, "p2.md"), pcd({ phase: 3, date: "2026-04-01" }));
  has(rejected(s, ["p1.md", "p2.md"]).problems, "phase_id", 2);
});

test("numbers outside [0, 1] on confidence or weight fields are rejected", () => {
  const s = base();
  write(
    join(s.dir, "bad.md"),
    memory({
      task: "t1",
      extra: [
        'nodes_used: [{"id": "x", "useful": true, "coverage": "sufficient", "confidence": 1.5}]',
        'pitfalls_discovered: [{"node_ref": "x", "description": "d", "severity": "high", "weight": -0.1}]',
        'new_knowledge: [{"suggested_id": "k", "content_draft": "d", "status": "tentative", "source": "agent", "confidence": 85}]',
      ].join("\n"),
    }),
  );
  const { problems } = rejected(s, ["bad.md"]);
  has(problems, "nodes_used[0].confidence", 11, /between 0\.0 and 1\.0/);
  has(problems, "pitfalls_discovered[0].weight", 12, /between 0\.0 and 1\.0/);
  has(problems, "new_knowledge[0].confidence", 13, /between 0\.0 and 1\.0/);
});

test("empty documents are rejected", () => {
  const s = base();
  write(join(s.dir, "empty.md"), "");
  write(join(s.dir, "blank.md"), "  \n\n");
  write(join(s.dir, "nofields.md"), "---\n---\n# nothing\n");
  write(join(s.dir, "empty.yaml"), "# only a comment\n");
  write(join(s.dir, "nofront.md"), "# Just Markdown\n");
  const { problems } = rejected(s, ["empty.md", "blank.md", "nofields.md", "empty.yaml", "nofront.md"]);
  const files = new Set(problems.map((p: { file: string }) => p.file.split("/").pop()));
  assert.deepEqual([...files].sort(), ["blank.md", "empty.md", "empty.yaml", "nofields.md", "nofront.md"]);
  assert.ok(problems.some((p: { message: string }) => /empty/.test(p.message)));
  assert.ok(problems.some((p: { message: string }) => /no YAML frontmatter/.test(p.message)));
});

test("a PCD with empty next_phase_warnings is rejected (FR-M06)", () => {
  const s = base();
  write(join(s.dir, "handoff_phase_1.md"), pcd({ phase: 1, warnings: [] }));
  const { problems } = rejected(s, ["handoff_phase_1.md"]);
  has(problems, "next_phase_warnings", 9, /at least one entry/);
});

test("a YAML alias bomb is refused without expanding it", () => {
  const s = base();
  const levels = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 9; i++) levels.push(`a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(",")}]`);
  write(join(s.dir, "bomb.md"), memory({ task: "t1", extra: levels.join("\n") }));
  const started = Date.now();
  const { error } = rejected(s, ["bomb.md"]);
  assert.equal(error.code, "YAML");
  assert.match(error.message, /alias/);
  assert.ok(Date.now() - started < 30_000);
});

test("one bad document rejects the whole call: the good one is not applied either", () => {
  const s = base();
  write(join(s.dir, "good.md"), memory({ task: "t1", used: [{ id: "x", useful: true, coverage: "outdated" }] }));
  write(join(s.dir, "bad.md"), memory({ task: "t2", used: [{ id: "missing", useful: true, coverage: "outdated" }] }));
  const { problems } = rejected(s, ["good.md", "bad.md"]);
  assert.ok(problems.every((p: { file: string }) => p.file.endsWith("bad.md")));
});

test("other malformed input: wrong schema version, not an evidence document, bad counts, reserved domain, bad UTF-8, missing file", () => {
  const s = base();
  write(join(s.dir, "v1.md"), memory({ task: "t1" }).replace("akms_schema: v2", "akms_schema: v1"));
  write(join(s.dir, "node.md"), "---\nid: n\ntitle: N\ndomain: d\ntags: [a]\nstatus: established\nconfidence: 0.5\nsource: human\nakms_schema: v2\n---\n");
  write(join(s.dir, "counts.md"), memory({ task: "t3" }).replace("tests_passed: 7", "tests_passed: 9"));
  write(join(s.dir, "domain.md"), memory({ task: "t4", knowledge: [{ suggested_id: "k", domain: "session", content_draft: "d" }] }));
  write(join(s.dir, "blankdraft.md"), memory({ task: "t5", knowledge: [{ suggested_id: "k", content_draft: "  \n " }] }));
  writeFileSync(join(s.dir, "latin1.md"), Buffer.concat([Buffer.from(memory({ task: "t6" }).replace("A task", "caf")), Buffer.from([0xe9, 0x0a])]));
  const { problems } = rejected(s, ["v1.md", "node.md", "counts.md", "domain.md", "blankdraft.md", "latin1.md", "nope.md"]);
  const by = (f: string) => problems.filter((p: { file: string }) => p.file.endsWith(f));
  assert.equal(by("v1.md")[0].code, "SCHEMA_VERSION");
  assert.match(by("node.md")[0].message, /cannot tell whether this is an AgentMemory or a PCD/);
  has(by("counts.md"), "tests_passed", 9, /more than tests_total/);
  has(by("domain.md"), "new_knowledge[0].domain", 11, /system-reserved/);
  has(by("blankdraft.md"), "new_knowledge[0].content_draft", 11, /must not be blank/);
  assert.equal(by("latin1.md")[0].code, "ENCODING");
  assert.match(by("nope.md")[0].message, /no such file/);
});

test("no file at all is a usage error (exit 2)", () => {
  const s = base();
  const { error } = rejected(s, [], 2);
  assert.equal(error.code, "USAGE");
});

test("a document with thousands of bad entries is located in one pass, not one parse per problem", () => {
  const s = base();
  const used = Array.from({ length: 2000 }, (_, i) => ({ id: `ghost-${i}`, useful: true, coverage: "outdated" as const }));
  write(join(s.dir, "big.md"), memory({ task: "t1", used }).replace(/\{"id":"ghost-1","useful":true,"coverage":"outdated"\}/, '{"id":"ghost-1","useful":"yes","coverage":"outdated"}'));
  write(join(s.dir, "big-ids.md"), memory({ task: "t2", used }));
  const started = Date.now();
  const schema = rejected(s, ["big.md"]);
  has(schema.problems, "nodes_used[1].useful", 11);
  const ids = rejected(s, ["big-ids.md"]);
  assert.equal(ids.problems.length, 2000);
  assert.equal(ids.problems.filter((p: { line?: number }) => p.line === 11).length, 2000); // one flow-style line
  assert.ok(Date.now() - started < 120_000, "took too long");
});

test("an update with a mistyped vault is refused before anything is written: its compile-first would drop the graph's global nodes", () => {
  const s = base();
  write(join(s.dir, "m.md"), memory({ task: "t1" }));
  const { error } = rejected(s, ["m.md", "--vault", join(s.dir, "no-such-vault")]);
  assert.equal(error.code, "VAULT");
  assert.match(error.message, /no-such-vault \(--vault\) is not a directory: no global node was compiled, and graph\.json holds global nodes/);
  assert.equal(run(s, ["update", "m.md"]).code, 0, "the same update with the vault as configured goes on");
});

test("an update refused while graph.json is not the compile of the sources writes nothing, not even graph.json: its compile is written only once the plan holds", () => {
  const s = base();
  write(join(s.dir, "m.md"), memory({ task: "t1" }));
  assert.equal(run(s, ["update", "m.md"]).code, 0);
  // The overlay replaced by its own bytes (as a checkout does) and a node added: graph.json is stale.
  const ov = join(s.knowledge, "graph", "local_state.yaml");
  const bytes = readFileSync(ov);
  rmSync(ov);
  writeFileSync(ov, bytes);
  writeNode(s.vault, { id: "y", confidence: 0.5, domain: "fft" });
  write(join(s.dir, "again.md"), memory({ task: "t1", date: "2026-03-09" }));
  const before = snapshot(s.knowledge);
  const r = run(s, ["update", "again.md", "--json"]);
  assert.equal(r.code, 1, r.stdout);
  assert.equal(r.json.error.code, "ALREADY_APPLIED");
  // The store may keep the parse of the files the compile read (derived, keyed by their stat); the
  // sources and graph.json are as they were.
  const after = snapshot(s.knowledge);
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((k) => before.get(k) !== after.get(k) && !k.startsWith("graph/.cache/"));
  assert.deepEqual(changed, []);
  // A document naming the new node: compiled in memory first, applied, then graph.json written once.
  write(join(s.dir, "uses-y.md"), memory({ task: "t2", used: [{ id: "y", useful: true, coverage: "sufficient" }] }));
  const ok = run(s, ["update", "uses-y.md", "--json"]);
  assert.equal(ok.code, 0, ok.stderr);
  const full = run(s, ["build", "--no-cache", "--json"]);
  assert.equal(full.json.written, false, "graph.json after the update is the full compile");
});

test("an update after a checkout that removed or added node files and left the overlay as it was compiles them first: graph.json is the full compile, not the graph before the checkout", () => {
  // A node file written and compiled just before it is removed (a racily clean record) and one
  // compiled long before: both ways the update used to keep the removed node in graph.json.
  for (const racy of [true, false]) {
    const s = base();
    const gone = writeNode(join(s.knowledge, "local-nodes"), { id: "n-gone", status: "tentative", source: "human", domain: "fft" });
    if (!racy) settle();
    assert.equal(run(s, ["build"]).code, 0);
    if (!racy) settle();
    rmSync(gone);
    writeNode(s.vault, { id: "n-came", confidence: 0.5, domain: "fft" });
    write(join(s.dir, "m.md"), memory({ task: "t1" }));
    const u = run(s, ["update", "m.md", "--json"]);
    assert.equal(u.code, 0, u.stderr);
    const graph = readFileSync(join(s.knowledge, "graph", "graph.json"), "utf8");
    assert.doesNotMatch(graph, /"id": "n-gone"/, `racy ${racy}: the removed node is gone`);
    assert.match(graph, /"id": "n-came"/, `racy ${racy}: the added node is there`);
    const full = run(s, ["build", "--no-cache", "--json"]);
    assert.equal(full.json.written, false, `racy ${racy}: graph.json after the update is the full compile`);
  }
});
