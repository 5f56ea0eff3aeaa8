// The review gate through the built CLI: status, review --report, the actions and undo, bad input.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { akms, copyDemo, snapshot, storeBuildOf, treeHash } from "../helpers.js";
import { repoPaths } from "../../core/paths.js";
import { bytesKey, factsPath, openFacts } from "../../core/store/facts.js";

const ENV = { SOURCE_DATE_EPOCH: "1790000000", AKMS_GLOBAL_VAULT: "" };

function demo() {
  const d = copyDemo();
  const run = (...args: string[]) => akms([...args, "--repo", d.repo], { env: ENV });
  assert.equal(run("build").code, 0);
  return { ...d, run, vaultHash: treeHash(d.vault) };
}

function state(knowledge: string): Map<string, string> {
  const s = snapshot(knowledge);
  for (const k of [...s.keys()]) if (k.startsWith("graph/.cache/") || k === "graph/review_log.jsonl") s.delete(k);
  return s;
}

test("akms status prints the health report; --json is one document with every section", () => {
  const d = demo();
  const text = d.run("status");
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /Degraded confidence \(global default → local\)\s+\d+/);
  assert.match(text.stdout, /Id collisions\s+1/);
  assert.match(text.stdout, /→ akms promote /);
  const j = d.run("status", "--json");
  assert.equal(j.code, 0);
  assert.equal(j.json.ok, true);
  for (const k of ["degraded", "flagged", "tentative", "dedup_events", "drift", "id_collisions", "orphans", "stale", "blocked_tasks", "orphaned_overlay", "edge_problems", "compile_warnings"]) {
    assert.ok(Array.isArray(j.json.sections[k]), k);
    assert.equal(j.json.counts[k], j.json.sections[k].length, k);
  }
  assert.ok(j.json.warnings.some((w: { code: string }) => w.code === "MISSING_CONTENT_REF"));
  assert.equal(treeHash(d.vault), d.vaultHash);
});

test("akms review --report writes the Markdown report; without a terminal, akms review points to --report", () => {
  const d = demo();
  const r = d.run("review", "--report", "--json");
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.equal(r.json.path, join(d.knowledge, "reviews", "phase-1-review.md"));
  assert.equal(r.json.written, true);
  assert.equal(r.json.phase, 1);
  assert.ok(r.json.summary.new_tentative >= 1);
  const md = readFileSync(r.json.path, "utf8");
  assert.match(md, /^# Review — phase 1\n/);
  assert.match(md, /\| `akms promote [a-z0-9.-]+` \|/);
  const again = d.run("review", "--report", "--json");
  assert.equal(again.json.written, false);
  const p = d.run("review", "--report", "--phase", "0");
  assert.equal(p.code, 0, p.stderr);
  assert.ok(existsSync(join(d.knowledge, "reviews", "phase-0-review.md")));
  // Off a TTY (the test runner's pipes), the console refuses and names the report.
  const tui = d.run("review");
  assert.equal(tui.code, 2);
  assert.match(tui.stderr, /interactive terminal/);
  assert.match(tui.stderr, /akms review --report/);
  assert.equal(treeHash(d.vault), d.vaultHash);
});

test("akms promote A B: one batch; a single akms undo reverts both; a refused id among them changes nothing", () => {
  const d = demo();
  const s0 = state(d.knowledge);
  const ids = (d.run("status", "--json").json.sections.tentative as { origin: string; id: string }[]).filter((t) => t.origin === "local").map((t) => t.id).slice(0, 2);
  assert.equal(ids.length, 2);
  const bad = d.run("promote", ids[0]!, "no-such-node");
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /was not applied \(nothing changed\): no-such-node:/);
  assert.deepEqual(state(d.knowledge), s0);
  const r = d.run("promote", ...ids, "--json");
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.deepEqual(r.json.batch.ids, ids);
  const text = d.run("undo");
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /undid the 2 actions of/);
  assert.deepEqual(state(d.knowledge), s0);
  assert.equal(d.run("undo").code, 1, "nothing left to undo");
});

test("akms promote, draft, dedup and undo through the CLI: journaled, undone byte for byte", () => {
  const d = demo();
  const s0 = state(d.knowledge);
  const status = d.run("status", "--json").json;
  const local = status.sections.tentative.find((t: { origin: string }) => t.origin === "local").id as string;
  const pending = status.sections.dedup_events.find((e: { dedup_status: string }) => e.dedup_status === "pending").id as string;
  const global = status.sections.degraded.find((t: { origin: string }) => t.origin === "global").id as string;

  const p = d.run("promote", local, "--json");
  assert.equal(p.code, 0, p.stderr + p.stdout);
  assert.equal(p.json.action, "promote");
  assert.equal(p.json.cli, `akms promote ${local}`);
  assert.match(readFileSync(join(d.knowledge, "local-nodes", `${local}.md`), "utf8"), /^status: established$/m);
  const txt = d.run("draft", global);
  assert.equal(txt.code, 0, txt.stderr);
  assert.match(txt.stdout, /this repository only/);
  assert.match(txt.stdout, /knowledge\/graph\/local_state\.yaml: [0-9a-f]{12} → [0-9a-f]{12}/);
  const r = d.run("dedup", "reject", pending, "--json");
  assert.equal(r.code, 0, r.stderr + r.stdout);
  // The original node, the new one, and the overlay whose registry names the new one as created.
  assert.deepEqual(r.json.files.map((f: { path: string }) => f.path).sort(), [`knowledge/local-nodes/${pending}.md`, "knowledge/graph/local_state.yaml", r.json.files.find((f: { before_sha: string | null }) => f.before_sha === null).path].sort());

  for (let i = 0; i < 3; i++) assert.equal(d.run("undo", "--json").json.action, "undo");
  assert.deepEqual(state(d.knowledge), s0);
  const none = d.run("undo");
  assert.equal(none.code, 1);
  assert.match(none.stderr, /nothing to undo/);
  const log = readFileSync(join(d.knowledge, "graph", "review_log.jsonl"), "utf8").trim().split("\n");
  assert.equal(log.length, 6);
  assert.deepEqual(
    log.map((l) => JSON.parse(l).action),
    ["promote", "draft", "dedup-reject", "undo", "undo", "undo"],
  );
  assert.equal(treeHash(d.vault), d.vaultHash);
});

test("a node file with Windows line ends (CRLF) keeps them: the update's dedup section, its reject and undo; graph.json as the full compile's", () => {
  const d = demo();
  const file = join(d.knowledge, "local-nodes", "nyquist-truncation-residual-plateau.md");
  const crlf = readFileSync(file, "utf8").replace(/\n/g, "\r\n");
  writeFileSync(file, crlf);
  const bareLf = /(^|[^\r])\n/;
  const up = d.run("update", join(d.knowledge, "sessions", "task-103.md"));
  assert.equal(up.code, 0, up.stderr);
  const appended = readFileSync(file, "utf8");
  assert.match(appended, /<!-- akms:dedup session=session-task-103 /);
  assert.doesNotMatch(appended, bareLf, "the appended section has the file's CRLF");
  const graph = readFileSync(join(d.knowledge, "graph", "graph.json"));
  assert.equal(d.run("build", "--no-cache").code, 0);
  assert.ok(readFileSync(join(d.knowledge, "graph", "graph.json")).equals(graph), "the update's graph.json is the full compile's");
  assert.equal(d.run("dedup", "reject", "nyquist-truncation-residual-plateau").code, 0);
  assert.equal(readFileSync(file, "utf8"), crlf, "the reject takes the section out whole: the file as it was");
  assert.equal(d.run("undo").code, 0);
  assert.equal(readFileSync(file, "utf8"), appended);
});

test("a node file with a byte-order mark (a Windows editor's): promote changes only its status value, the mark kept; undo restores it", () => {
  const d = demo();
  const file = join(d.knowledge, "local-nodes", "job-cache-key-solver-version.md");
  const before = "\uFEFF" + readFileSync(file, "utf8");
  writeFileSync(file, before);
  const p = d.run("promote", "job-cache-key-solver-version");
  assert.equal(p.code, 0, p.stderr);
  assert.doesNotMatch(p.stderr, /BUG/);
  assert.equal(readFileSync(file, "utf8"), before.replace(/^status: tentative$/m, "status: established"));
  assert.equal(d.run("undo").code, 0);
  assert.equal(readFileSync(file, "utf8"), before);
});

test("bad input through the CLI: exit 1 (or 2 for usage), a clear message, nothing written", () => {
  const d = demo();
  const snap = snapshot(d.knowledge);
  const status = d.run("status", "--json").json;
  const local = status.sections.tentative.find((t: { origin: string }) => t.origin === "local").id as string;
  const globalTentative = status.sections.tentative.find((t: { origin: string }) => t.origin === "global").id as string;

  const unknown = d.run("promote", local.replace(/.$/, (c) => (c === "z" ? "y" : "z")));
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /no node/);
  assert.match(unknown.stderr, new RegExp(`did you mean \`${local}\``));
  assert.doesNotMatch(unknown.stderr, /at .*\.(js|mjs):\d+/, "no stack trace");

  const g = d.run("promote", globalTentative, "--json");
  assert.equal(g.code, 1);
  assert.equal(g.json.ok, false);
  assert.match(g.json.error.message, /global node/);
  assert.match(g.json.error.hint, /by hand/);

  const undo = d.run("undo");
  assert.equal(undo.code, 1);
  assert.match(undo.stderr, /nothing to undo/);

  assert.equal(d.run("promote").code, 2);
  // Two ids that are no nodes: one batch, refused whole (exit 1), nothing written.
  assert.equal(d.run("promote", "a", "b").code, 1);
  assert.equal(d.run("dedup", "maybe", local).code, 2);
  assert.equal(d.run("undo", "extra").code, 2);
  assert.equal(d.run("review", "--report", "--phase", "-1").code, 2);
  assert.deepEqual(snapshot(d.knowledge), snap);

  // Not pending any more: the second accept is refused.
  const pending = status.sections.dedup_events.find((e: { dedup_status: string }) => e.dedup_status === "pending").id as string;
  assert.equal(d.run("dedup", "accept", pending).code, 0);
  const twice = d.run("dedup", "accept", pending);
  assert.equal(twice.code, 1);
  assert.match(twice.stderr, /no pending dedup|not pending/);

  // Undo after the file changed: refused, nothing written.
  const file = join(d.knowledge, "local-nodes", readdirSync(join(d.knowledge, "local-nodes")).find((f) => readFileSync(join(d.knowledge, "local-nodes", f), "utf8").includes("status=accepted"))!);
  writeFileSync(file, readFileSync(file, "utf8") + "\nLater edit.\n");
  const before = snapshot(d.knowledge);
  const stale = d.run("undo");
  assert.equal(stale.code, 1);
  assert.match(stale.stderr, /STALE/);
  assert.match(stale.stderr, /changed after `akms dedup accept/);
  assert.deepEqual(snapshot(d.knowledge), before);
  assert.equal(treeHash(d.vault), d.vaultHash);
});

test("a cold build leaves the overlay's drafted ids for the review's first start, keyed by the overlay's bytes", () => {
  const d = demo();
  const id = "lippmann-schwinger"; // a global node: drafting it writes the overlay
  assert.equal(d.run("draft", id).code, 0);
  const graphDir = join(d.repo, "knowledge", "graph");
  const bytes = readFileSync(join(graphDir, "local_state.yaml"));
  rmSync(join(graphDir, ".cache"), { recursive: true, force: true });
  rmSync(join(graphDir, "graph.json"));
  assert.equal(d.run("build").code, 0);
  const paths = repoPaths(d.repo);
  assert.deepEqual(openFacts(paths, storeBuildOf(factsPath(paths))).get("drafted", paths.overlay, bytesKey(bytes)), [id], "kept under the overlay's bytes");
  const report = d.run("review", "--report", "--json");
  assert.equal(report.json.summary.drafted, 1, "the review reads the same answer");
});
