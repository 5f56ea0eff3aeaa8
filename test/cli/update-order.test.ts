// Evidence is applied in the canonical order (date, phase, session id) whatever order `akms update`
// is run in: an AgentMemory dated before one applied already is applied before it (the later
// session taken out of the overlay and applied again), so the overlay is the replay `akms check`
// and the merge driver make of the same documents, and graph.json is the full compile. The same
// holds for the documents of one call, a PCD that holds memories applied before it, and a document
// given again beside an earlier one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmp, write } from "../helpers.js";
import { kb, memory, pcd, run } from "../update-helpers.js";

const used = (id: string, useful: boolean, coverage: "sufficient" | "missing-detail" | "outdated" = "sufficient") => ({ id, useful, coverage });

test("an AgentMemory dated before an applied one is applied before it: the overlay is the canonical replay, graph.json the full compile", () => {
  const s = kb(
    [
      { id: "a", tags: ["t"], confidence: 0.6, edges: [{ to: "b", type: "requires", weight: 1 }] },
      { id: "b", tags: ["t"], confidence: 0.5 },
    ],
    [],
  );
  const later = write(join(s.knowledge, "sessions", "t-later.md"), memory({ task: "t-later", date: "2026-03-05", used: [used("a", true), used("b", false, "outdated")], pitfalls: [{ node_ref: "b", description: "b bites", severity: "high" }] }));
  const earlier = write(join(s.knowledge, "sessions", "t-earlier.md"), memory({ task: "t-earlier", date: "2026-03-04", used: [used("a", false, "outdated"), used("b", true)] }));
  // The same documents applied in their canonical order, in a copy made before either was applied.
  const copy = tmp("akms-order-");
  cpSync(s.dir, copy, { recursive: true });
  const inOrder = { ...s, dir: copy, repo: join(copy, "repo"), knowledge: join(copy, "repo", "knowledge"), vault: join(copy, "vault") };
  for (const f of ["t-earlier.md", "t-later.md"]) assert.equal(run(inOrder, ["update", join(inOrder.knowledge, "sessions", f)]).code, 0);

  const first = run(s, ["update", later, "--json"]);
  assert.equal(first.code, 0, first.stderr);
  const r = run(s, ["update", earlier, "--json"]);
  assert.equal(r.code, 0, r.stderr);
  // Its account is of the document given: the session applied again is not a document of it, and
  // each node's change runs from its value before this update.
  assert.deepEqual(r.json.documents.map((d: { session: string }) => d.session), ["session-t-earlier"]);
  const was = new Map(first.json.nodes.map((c: { id: string; after: number }) => [c.id, c.after]));
  for (const c of r.json.nodes) assert.equal(c.before, was.get(c.id), `${c.id}: before`);
  assert.deepEqual(r.json.nodes.map((c: { id: string }) => c.id), ["a", "b"]);
  const overlay = (x: typeof s) => readFileSync(join(x.knowledge, "graph", "local_state.yaml"), "utf8");
  assert.equal(overlay(s), overlay(inOrder), "the overlay is the one the canonical order gives");
  const check = run(s, ["check", "--json"]);
  assert.deepEqual(check.json.findings.filter((f: { code: string }) => f.code === "OVERLAY_NOT_REPLAY"), []);
  assert.ok(r.json.warnings.some((w: string) => /applied in the canonical order .*session-t-later was taken out of the overlay and applied again/.test(w)), JSON.stringify(r.json.warnings));
  const graph = readFileSync(join(s.knowledge, "graph", "graph.json"), "utf8");
  assert.equal(run(s, ["build", "--no-cache"]).code, 0);
  assert.equal(readFileSync(join(s.knowledge, "graph", "graph.json"), "utf8"), graph, "graph.json is the full compile's");
  // Applying it again changes nothing; a dry run of a third, earlier still, says what it would take out.
  assert.equal(run(s, ["update", earlier]).code, 0);
  assert.equal(overlay(s), overlay(inOrder));
  const earliest = write(join(s.knowledge, "sessions", "t-first.md"), memory({ task: "t-first", date: "2026-03-01", used: [used("a", true)] }));
  const dry = run(s, ["update", earliest, "--dry-run", "--json"]);
  assert.equal(dry.code, 0, dry.stderr);
  assert.ok(dry.json.warnings.some((w: string) => /session-t-earlier, session-t-later were taken out/.test(w)), JSON.stringify(dry.json.warnings));
  assert.equal(overlay(s), overlay(inOrder), "a dry run writes nothing");
  // As a person reads it: the steps of the sessions applied again are named.
  const text = run(s, ["update", earliest, "--dry-run"]).stdout;
  assert.match(text, /^ {2}a +[\d.]+ → [\d.]+ +boost \+0\.02 \(useful\); direct hit ×0\.85 \(coverage outdated\) \(session-t-earlier, applied again\); boost \+0\.02 \(useful\) \(session-t-later, applied again\)/m);
});

test("a later session whose document is gone cannot be applied again: the earlier one is appended, and the update says so", () => {
  const s = kb([{ id: "a", tags: ["t"], confidence: 0.6 }], []);
  const later = write(join(s.knowledge, "sessions", "t-later.md"), memory({ task: "t-later", date: "2026-03-05", used: [used("a", true)] }));
  const earlier = write(join(s.knowledge, "sessions", "t-earlier.md"), memory({ task: "t-earlier", date: "2026-03-04", used: [used("a", false, "outdated")] }));
  assert.equal(run(s, ["update", later]).code, 0);
  rmSync(later);
  const r = run(s, ["update", earlier, "--json"]);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(r.json.warnings.some((w: string) => /^applied after session-t-later, which it sorts before .*knowledge\/sessions\/t-later\.md is gone or not as it was applied/.test(w)), JSON.stringify(r.json.warnings));
  assert.equal(r.json.documents[0].status, "applied");
});

test("one call applies its documents in the canonical order, and lists them in the order given", () => {
  const s = kb([{ id: "a", tags: ["t"], confidence: 0.6 }, { id: "b", tags: ["t"], confidence: 0.5 }], []);
  const later = write(join(s.knowledge, "sessions", "t-b.md"), memory({ task: "t-b", date: "2026-03-04", used: [used("a", true), used("b", false, "outdated")] }));
  const earlier = write(join(s.knowledge, "sessions", "t-a.md"), memory({ task: "t-a", date: "2026-03-04", used: [used("a", false, "outdated")] }));
  const copy = tmp("akms-order-");
  cpSync(s.dir, copy, { recursive: true });
  const one = { ...s, dir: copy, repo: join(copy, "repo"), knowledge: join(copy, "repo", "knowledge"), vault: join(copy, "vault") };
  for (const f of ["t-a.md", "t-b.md"]) assert.equal(run(one, ["update", join(one.knowledge, "sessions", f)]).code, 0);
  const r = run(s, ["update", later, earlier, "--json"]);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(r.json.documents.map((d: { session: string }) => d.session), ["session-t-b", "session-t-a"]);
  const overlay = (x: typeof s) => readFileSync(join(x.knowledge, "graph", "local_state.yaml"), "utf8");
  assert.equal(overlay(s), overlay(one), "the overlay of one call is that of the canonical order");
});

test("a PCD applied after a memory it holds, on the same day: the memory's session is taken out, and the overlay is the canonical replay", () => {
  const s = kb([{ id: "a", tags: ["t"], confidence: 0.6 }], []);
  const t1 = write(join(s.knowledge, "sessions", "t1.md"), memory({ task: "t1", date: "2026-03-05", used: [used("a", true)] }));
  const handoff = write(join(s.knowledge, "sessions", "handoff_phase_1.md"), pcd({ phase: 1, date: "2026-03-05", used: [used("a", true)] }));
  assert.equal(run(s, ["update", t1]).code, 0);
  const r = run(s, ["update", handoff, "--json"]);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(r.json.documents.map((d: { session: string; status: string }) => [d.session, d.status]), [["session-phase1", "applied"]]);
  assert.ok(r.json.warnings.some((w: string) => /^session-t1 was taken out of the overlay: a PCD of this update, which comes before it, holds its evidence/.test(w)), JSON.stringify(r.json.warnings));
  const overlay = readFileSync(join(s.knowledge, "graph", "local_state.yaml"), "utf8");
  assert.doesNotMatch(overlay, /session-t1:/);
  const check = run(s, ["check", "--json"]);
  assert.deepEqual(check.json.findings.filter((f: { code: string }) => f.code === "OVERLAY_NOT_REPLAY"), []);
  // In one call, the memory after the PCD it is held by is not applied: the same overlay.
  const s2 = kb([{ id: "a", tags: ["t"], confidence: 0.6 }], []);
  const both = ["t1.md", "handoff_phase_1.md"].map((f) => write(join(s2.knowledge, "sessions", f), readFileSync(join(s.knowledge, "sessions", f), "utf8")));
  const r2 = run(s2, ["update", ...both, "--json"]);
  assert.equal(r2.code, 0, r2.stderr);
  assert.deepEqual(r2.json.documents.map((d: { status: string }) => d.status), ["already-applied", "applied"]);
  assert.equal(readFileSync(join(s2.knowledge, "graph", "local_state.yaml"), "utf8"), overlay);
});

test("a call that gives an applied document again beside one that sorts before it: listed as already applied, applied again after it; other bytes under its id are refused", () => {
  const s = kb([{ id: "a", tags: ["t"], confidence: 0.6 }], []);
  const later = write(join(s.knowledge, "sessions", "t-b.md"), memory({ task: "t-b", date: "2026-03-04", used: [used("a", true)] }));
  const earlier = write(join(s.knowledge, "sessions", "t-a.md"), memory({ task: "t-a", date: "2026-03-04", used: [used("a", false, "outdated")] }));
  const copy = tmp("akms-order-");
  cpSync(s.dir, copy, { recursive: true });
  const one = { ...s, dir: copy, repo: join(copy, "repo"), knowledge: join(copy, "repo", "knowledge"), vault: join(copy, "vault") };
  assert.equal(run(one, ["update", join(one.knowledge, "sessions", "t-a.md"), join(one.knowledge, "sessions", "t-b.md")]).code, 0);
  assert.equal(run(s, ["update", later]).code, 0);
  const other = write(join(s.dir, "t-b-edited.md"), memory({ task: "t-b", date: "2026-03-04", used: [used("a", false, "outdated")] }));
  const refused = run(s, ["update", other, earlier, "--json"]);
  assert.equal(refused.code, 1);
  assert.match(refused.stdout, /ALREADY_APPLIED/);
  const r = run(s, ["update", later, earlier, "--json"]);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(r.json.documents.map((d: { session: string; status: string }) => [d.session, d.status]), [["session-t-b", "already-applied"], ["session-t-a", "applied"]]);
  const overlay = (x: typeof s) => readFileSync(join(x.knowledge, "graph", "local_state.yaml"), "utf8");
  assert.equal(overlay(s), overlay(one));
  assert.equal(run(s, ["update", later, earlier]).code, 0, "and as text");
});
