// `akms eval replay` on the committed replay fixture (fixtures/replay: 30 tasks over 3 phases run
// by a scripted agent through the real loadout and update, scripts/fixtures/replay-fixture.ts):
// the replay's graph "as it stood" is the one the sequential updates gave (the loadout arm selects,
// task by task, exactly the nodes of the loadout file written then, and the replay ends on the
// committed overlay), the planted cases are counted (repeat bites: two not loaded, one ignored; the
// gap drafted and promoted), the figures are deterministic, and the repository is not written but
// for --out.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, akms, tmp } from "../helpers.js";
import { loadoutNodeIds } from "../../core/loadout/render.js";

function copyFixture(): { repo: string; knowledge: string } {
  const dir = tmp("akms-replay-");
  cpSync(join(ROOT, "fixtures", "replay"), dir, { recursive: true });
  return { repo: join(dir, "repo"), knowledge: join(dir, "repo", "knowledge") };
}

interface Sample { task: string; arm: string; nodes: string[]; repeat_bites: number; repeat_carried: number; known_pitfalls: number; known_carried: number; helpful_recall: number | null }

test("eval replay: the graph as it stood is the sequential updates' graph, the planted cases are counted, the output is deterministic", () => {
  const f = copyFixture();
  const env = { AKMS_GLOBAL_VAULT: "" };
  const overlay = readFileSync(join(f.knowledge, "graph", "local_state.yaml"), "utf8");
  const r = akms(["eval", "replay", "--json"], { cwd: f.repo, env });
  assert.equal(r.code, 0, r.stderr);
  const s = r.json;
  assert.equal(s.tasks, 30);
  assert.deepEqual(s.phases, [1, 2, 3]);
  assert.equal(s.reproduces_overlay, true, "the replay ends on the overlay the sequential updates wrote");
  assert.equal(readFileSync(join(f.knowledge, "graph", "local_state.yaml"), "utf8"), overlay, "the repository's overlay is not written");
  // Task by task, the loadout arm selects what the loadout written then held.
  const samples = readFileSync(join(f.knowledge, "graph", ".cache", "eval", "replay", "samples.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as Sample);
  const loadouts = join(f.knowledge, "loadouts");
  for (const name of readdirSync(loadouts)) {
    const task = name.replace(/^phase\d+-/, "").replace(/-loadout\.md$/, "");
    const arm = samples.find((x) => x.task === task && x.arm === "loadout")!;
    assert.deepEqual(arm.nodes.filter((n) => !/^session-rp-/.test(n)), loadoutNodeIds(readFileSync(join(loadouts, name), "utf8")), `${task}: the loadout as it stood`);
  }
  // Planted: three repeat bites — rp-202 and rp-210 not loaded (memory missing), rp-302 loaded and ignored.
  assert.deepEqual(s.repeat_bite_rate, { bites: 3, pitfalls: 6, rate: 0.5 });
  const bitten = s.task_list.filter((t: { repeat_bites: unknown[] }) => t.repeat_bites.length).map((t: { task: string }) => t.task);
  assert.deepEqual(bitten, ["rp-202", "rp-210", "rp-302"]);
  const loadout = s.arms.find((a: { arm: string }) => a.arm === "loadout");
  assert.equal(loadout.repeat_bites_carried, 1, "only rp-302's warning was in its loadout");
  assert.deepEqual(samples.filter((x) => x.arm === "loadout" && x.repeat_carried > 0).map((x) => x.task), ["rp-302"]);
  // The gap: reported by rp-105 and rp-110, drafted by rp-110, promoted after phase 1.
  assert.deepEqual(s.gap_rate, { gaps: 2, per_task: 2 / 30, promoted: 1 });
  // The baselines: the loadout beats the whole-vault and random contexts at the same budget.
  const recall = (arm: string) => s.arms.find((a: { arm: string }) => a.arm === arm).helpful_recall.mean;
  assert.ok(recall("loadout") > recall("bm25") && recall("bm25") > recall("random") && recall("loadout") > recall("vault"), JSON.stringify(s.arms.map((a: { arm: string; helpful_recall: unknown }) => [a.arm, a.helpful_recall])));
  assert.ok(s.arms.every((a: { arm: string }) => ["loadout", "bm25", "vault", "random", "last-phase", "shown"].includes(a.arm)), "the model-free arms (the fixture's search.embedding is none)");
  // The same inputs, the same bytes.
  const again = akms(["eval", "replay", "--json"], { cwd: f.repo, env });
  const { compiled: _first, ...firstRun } = s; // the first run compiled graph.json (not committed)
  assert.equal(JSON.stringify(again.json), JSON.stringify(firstRun));
  // The table says what it measured.
  const text = akms(["eval", "replay", "--arms", "loadout,random"], { cwd: f.repo, env });
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /repeat-bite rate: 3 of 6/);
  assert.match(text.stdout, /\| loadout \| 0\.\d\d \[/);
  assert.doesNotMatch(text.stdout, /\| bm25 \|/);
});

test("eval replay: bad requests are usage errors", () => {
  const f = copyFixture();
  const env = { AKMS_GLOBAL_VAULT: "" };
  const arm = akms(["eval", "replay", "--arms", "loadout,oracle"], { cwd: f.repo, env });
  assert.equal(arm.code, 2);
  assert.match(arm.stderr, /no arm "oracle" in the replay/);
  const q = akms(["eval", "replay", "--queries", "x"], { cwd: f.repo, env });
  assert.equal(q.code, 2);
  assert.match(q.stderr, /--queries is for akms eval retrieval/);
  const emb = akms(["eval", "replay", "--arms", "hybrid"], { cwd: f.repo, env });
  assert.equal(emb.code, 2);
  assert.match(emb.stderr, /search\.embedding/);
  // The task records are read as the replay needs them, not as the orchestrator dispatches them: a
  // record with no phase is replayed (it was refused with "nothing was dispatched … akms orchestrate
  // next"); a record that is not valid names itself and what to run.
  const rec = join(f.knowledge, "tasks", "rp-101.json");
  writeFileSync(rec, readFileSync(rec, "utf8").replace(/\s*"phase": \d+,/, ""));
  const noPhase = akms(["eval", "replay", "--arms", "loadout", "--json"], { cwd: f.repo, env });
  assert.equal(noPhase.code, 0, noPhase.stderr);
  writeFileSync(rec, "{ not json");
  const bad = akms(["eval", "replay", "--arms", "loadout"], { cwd: f.repo, env });
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /knowledge\/tasks\/rp-101\.json:1: the task record is not valid JSON/);
  assert.doesNotMatch(bad.stderr, /dispatched|orchestrate/);
  // A repository whose overlay names no session has nothing to replay.
  const empty = tmp("akms-empty-");
  assert.equal(akms(["init", "--repo", empty]).code, 0);
  const none = akms(["eval", "replay", "--repo", empty], { env });
  assert.equal(none.code, 2);
  assert.match(none.stderr, /no evidence to replay: the overlay names no session/);
});
