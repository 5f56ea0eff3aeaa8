// Crash safety (DESIGN §4 Update): `akms update` killed with SIGKILL at any point, then run again,
// ends in exactly the state of one clean run — every crash point, byte for byte.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { tmp, treeHash, write } from "../helpers.js";
import { kb, knowledgeState, memory, pcd, run, type Scratch } from "../update-helpers.js";

const DRAFT = "Aliasing appears when the Green operator is evaluated on a coarse grid without zero padding";

/** A knowledge base and two documents whose update writes many files of every kind. */
function fixture(): Scratch {
  const s = kb(
    [
      { id: "x", confidence: 0.85, domain: "fft" },
      { id: "p", confidence: 0.85, domain: "fft", edges: [{ to: "x", type: "requires", weight: 0.8 }] },
    ],
    [{ id: "aliasing", title: "Aliasing", domain: "fft", status: "tentative", source: "human", body: `# A\n\n## content_draft\n\n${DRAFT}\n` }],
  );
  write(
    join(s.dir, "am.md"),
    memory({
      task: "t1",
      used: [
        { id: "x", useful: true, coverage: "outdated" },
        { id: "p", useful: true, coverage: "sufficient" },
      ],
      pitfalls: [{ node_ref: "x", description: "division by zero", severity: "high" }],
      knowledge: [
        { suggested_id: "alias-2", title: "Aliasing", domain: "fft", content_draft: DRAFT + " indeed" },
        { suggested_id: "eps", domain: "fft", content_draft: "Regularise with epsilon" },
      ],
    }),
  );
  write(join(s.knowledge, "sessions", "handoff_phase_1.md"), pcd({ phase: 1, used: [{ id: "p", useful: false, coverage: "missing-detail" }] }));
  return s;
}

const ARGS = ["update", "am.md", "repo/knowledge/sessions/handoff_phase_1.md"];

function copyOf(s: Scratch): Scratch {
  const dir = tmp("akms-crash-");
  cpSync(s.dir, dir, { recursive: true });
  return { dir, vault: join(dir, "vault"), repo: join(dir, "repo"), knowledge: join(dir, "repo", "knowledge") };
}

function assertClean(c: Scratch, expected: Map<string, string>, vault: string, label: string): void {
  assert.deepEqual(knowledgeState(c), expected, `${label}: state differs from one clean run`);
  assert.equal(existsSync(join(c.knowledge, "graph", ".txn")), false, `${label}: journal left behind`);
  assert.equal(existsSync(join(c.knowledge, "graph", ".akms.lock")), false, `${label}: lock left behind`);
  assert.deepEqual(readdirSync(join(c.knowledge, "graph")).filter((n) => n.endsWith(".tmp")), [], `${label}: temp files left`);
  assert.equal(treeHash(c.vault), vault, `${label}: vault changed`);
}

test("killed at every crash point and re-run: exactly the state of one clean run", () => {
  const base = fixture();
  const vault = treeHash(base.vault);
  const clean = copyOf(base);
  const r = run(clean, ARGS, { AKMS_CRASH_AT: "" });
  assert.equal(r.code, 0, r.stderr);
  const expected = knowledgeState(clean);
  assert.ok(expected.has("local-nodes/eps.md") && expected.has("sessions/t1.md"));
  // Same again: no change at all.
  assert.equal(run(clean, ARGS).code, 0);
  assert.deepEqual(knowledgeState(clean), expected);

  let points = 0;
  for (let n = 1; n < 200; n++) {
    const c = copyOf(base);
    const crashed = run(c, ARGS, { AKMS_CRASH_AT: String(n) });
    if (crashed.code === 0) break; // past the last crash point: a whole run
    assert.equal(crashed.code, -1, `point ${n}: expected SIGKILL, got exit ${crashed.code}: ${crashed.stderr}`);
    points = n;
    const again = run(c, ARGS);
    assert.equal(again.code, 0, `point ${n}: re-run failed: ${again.stderr}`);
    assertClean(c, expected, vault, `crash point ${n}`);
  }
  // Planning, 4 journal writes, the manifest, 4 applies, applied, clearing, the recompile.
  assert.ok(points >= 13, `only ${points} crash points were reached`);
});

test("killed again while rolling an interrupted update forward: still one clean run's state", () => {
  const base = fixture();
  const vault = treeHash(base.vault);
  const clean = copyOf(base);
  assert.equal(run(clean, ARGS).code, 0);
  const expected = knowledgeState(clean);
  for (const [first, second] of [
    ["journal-complete", "recover-0"],
    ["apply-2", "recover-3"],
    ["journal-complete", "journal-cleared"],
    ["journal-3", "planned"],
  ]) {
    const c = copyOf(base);
    assert.equal(run(c, ARGS, { AKMS_CRASH_AT: first! }).code, -1, first);
    assert.equal(run(c, ARGS, { AKMS_CRASH_AT: second! }).code, -1, `${first} then ${second}`);
    const r = run(c, ARGS, { AKMS_CRASH_AT: "" });
    assert.equal(r.code, 0, r.stderr);
    assertClean(c, expected, vault, `${first} then ${second}`);
  }
});

test("a complete journal is rolled forward by the next update even of other documents, and stale temp files are cleared", () => {
  const base = fixture();
  const c = copyOf(base);
  assert.equal(run(c, ["update", "am.md"], { AKMS_CRASH_AT: "journal-complete" }).code, -1);
  write(join(c.knowledge, "graph", ".local_state.yaml.999999.1.tmp"), "half a file");
  const r = run(c, ["update", "repo/knowledge/sessions/handoff_phase_1.md", "--json"]);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.ok(r.json.recovered.rolled_forward.includes("graph/local_state.yaml"));
  assert.equal(existsSync(join(c.knowledge, "graph", ".local_state.yaml.999999.1.tmp")), false);
  const again = run(c, [...ARGS, "--json"]);
  assert.deepEqual(again.json.documents.map((d: { status: string }) => d.status), ["already-applied", "already-applied"]);
  const clean = copyOf(base);
  assert.equal(run(clean, ARGS).code, 0);
  assert.deepEqual(knowledgeState(c), knowledgeState(clean), "rolled forward, then the PCD: the same as both in one clean run");
  // Killed after the journal is cleared but before graph.json is recompiled: the next update of
  // another document reads confidences from the overlay, not from the stale graph.json.
  const e = copyOf(base);
  assert.equal(run(e, ["update", "am.md"], { AKMS_CRASH_AT: "journal-cleared" }).code, -1);
  assert.equal(run(e, ["update", "repo/knowledge/sessions/handoff_phase_1.md"]).code, 0);
  assert.deepEqual(knowledgeState(e), knowledgeState(clean));
  // An incomplete journal (no manifest) is discarded: nothing of it is applied.
  const d = copyOf(base);
  assert.equal(run(d, ["update", "am.md"], { AKMS_CRASH_AT: "journal-2" }).code, -1);
  const before = knowledgeState(d);
  const dry = run(d, ["update", "am.md", "--dry-run", "--json"]);
  assert.equal(dry.code, 1);
  assert.match(dry.json.error.message, /interrupted update is pending/);
  const rec = run(d, ["update", "repo/knowledge/sessions/handoff_phase_1.md", "--json"]);
  assert.equal(rec.code, 0);
  assert.equal(rec.json.recovered.discarded, true);
  assert.ok(!existsSync(join(d.knowledge, "local-nodes", "eps.md")));
  assert.notDeepEqual(knowledgeState(d), before);
});

test("an update that sorts before an applied session (taken out and applied again), killed at every crash point and re-run: one clean run's state", () => {
  const base = fixture();
  write(join(base.dir, "late.md"), memory({ task: "t9", date: "2026-03-06", used: [{ id: "x", useful: true, coverage: "sufficient" }], pitfalls: [{ node_ref: "p", description: "late bite", severity: "low" }] }));
  assert.equal(run(base, ["update", "late.md"]).code, 0);
  const vault = treeHash(base.vault);
  const clean = copyOf(base);
  const r = run(clean, ["update", "am.md", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(r.json.warnings.some((w: string) => /session-t9 was taken out of the overlay and applied again/.test(w)), JSON.stringify(r.json.warnings));
  const expected = knowledgeState(clean);
  let points = 0;
  for (let n = 1; n < 200; n++) {
    const c = copyOf(base);
    const crashed = run(c, ["update", "am.md"], { AKMS_CRASH_AT: String(n) });
    if (crashed.code === 0) break;
    assert.equal(crashed.code, -1, `point ${n}: expected SIGKILL, got exit ${crashed.code}: ${crashed.stderr}`);
    points = n;
    const again = run(c, ["update", "am.md"]);
    assert.equal(again.code, 0, `point ${n}: re-run failed: ${again.stderr}`);
    assertClean(c, expected, vault, `crash point ${n}`);
  }
  assert.ok(points >= 10, `only ${points} crash points were reached`);
});
