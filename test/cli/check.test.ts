// `akms check` (issue 38): CI for the knowledge of a pull request. On the replay fixture in git, it
// passes; each of its conditions, planted alone, fails it with that finding and its fix.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { akms, ROOT, tmp } from "../helpers.js";
import { pcd } from "../update-helpers.js";

const ENV = { AKMS_GLOBAL_VAULT: "", GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" };

function repo(): { repo: string; k: string; git: (...a: string[]) => string; commit: (msg: string) => void } {
  const dir = tmp("akms-check-");
  cpSync(join(ROOT, "fixtures", "replay"), dir, { recursive: true });
  const r = join(dir, "repo");
  const git = (...a: string[]) => {
    const x = spawnSync("git", a, { cwd: r, env: { ...process.env, ...ENV }, encoding: "utf8" });
    assert.equal(x.status, 0, `git ${a.join(" ")}: ${x.stderr}`);
    return x.stdout;
  };
  git("init", "-q", "-b", "main");
  assert.equal(akms(["init", "--git", "--repo", r], { env: ENV }).code, 0);
  git("add", "-A");
  git("commit", "-qm", "start");
  return { repo: r, k: join(r, "knowledge"), git, commit: (msg) => (git("add", "-A"), git("commit", "-qm", msg)) };
}

const check = (r: string, ...more: string[]) => akms(["check", "--repo", r, "--json", ...more], { env: ENV });
const codes = (j: { findings: { code: string }[] }) => [...new Set(j.findings.map((f) => f.code))];

test("akms check passes on a repository whose knowledge holds together, and fails on each condition alone with its fix", () => {
  const ok = repo();
  const pass = check(ok.repo);
  assert.equal(pass.code, 0, pass.stdout);
  assert.deepEqual(pass.json.findings, []);
  assert.ok(pass.json.checked.includes("the overlay is the replay of its evidence"));
  // Its read compiled graph.json as every command does (the vault as the user gave it, here the
  // default ~/.claude/akms/nodes): the next command finds it current. It used to record the vault's
  // resolved path, and the next read compiled again ("the global vault given … changed").
  const next = akms(["show", "webhook-replay-window", "--repo", ok.repo], { env: ENV });
  assert.equal(next.code, 0, next.stderr);
  assert.doesNotMatch(next.stderr, /recompiled/);

  // A merge committed with its conflict markers.
  const a = repo();
  const ov = join(a.k, "graph", "local_state.yaml");
  writeFileSync(ov, readFileSync(ov, "utf8").replace("akms_schema: v2\n", "akms_schema: v2\n<<<<<<< ours\nrepo_id: a\n=======\nrepo_id: b\n>>>>>>> theirs\n"));
  a.commit("unresolved");
  let r = check(a.repo);
  assert.equal(r.code, 1);
  assert.deepEqual(codes(r.json), ["CONFLICT_MARKERS"]);
  assert.match(r.json.findings[0].fix, /git checkout -m -- knowledge\/graph\/local_state\.yaml/);

  // Evidence committed but not applied (an overlay that lost a branch's sessions).
  const b = repo();
  writeFileSync(join(b.k, "sessions", "rp-311.md"), readFileSync(join(b.k, "sessions", "rp-310.md"), "utf8").replace(/rp-310/g, "rp-311"));
  b.commit("new evidence, not applied");
  r = check(b.repo, "--no-replay");
  assert.deepEqual(codes(r.json), ["UNAPPLIED_EVIDENCE"]);
  assert.match(r.json.findings[0].fix, /akms update knowledge\/sessions\/rp-311\.md/);

  // Evidence applied but not committed.
  const c = repo();
  c.git("rm", "-q", "--cached", "knowledge/sessions/rp-101.md");
  c.git("commit", "-qm", "forgot a document");
  r = check(c.repo, "--no-replay");
  assert.deepEqual(codes(r.json), ["UNCOMMITTED_EVIDENCE"]);

  // The overlay edited by hand: not the replay of its evidence (skipped with --no-replay).
  const d = repo();
  const ovd = join(d.k, "graph", "local_state.yaml");
  writeFileSync(ovd, readFileSync(ovd, "utf8").replace(/(\n  idempotency-keys:\n(?:    .*\n)*?    confidence: )[0-9.]+/, "$10.99"));
  d.commit("hand edit");
  r = check(d.repo);
  assert.deepEqual(codes(r.json), ["OVERLAY_NOT_REPLAY"]);
  assert.match(r.json.findings[0].message, /differs in nodes/);
  assert.equal(check(d.repo, "--no-replay").code, 0);

  // An agent's node made established outside the review.
  const e = repo();
  writeFileSync(join(e.k, "local-nodes", "self-made.md"), "---\nid: self-made\ntitle: \"Self made\"\ndomain: software-eng\ntags:\n  - payments\nstatus: established\nconfidence: 0.9\nsource: agent\nakms_schema: v2\n---\n\n## content_draft\n\nA claim nobody reviewed.\n");
  e.commit("self-promoted");
  r = check(e.repo, "--no-replay");
  assert.deepEqual(codes(r.json), ["PROMOTED_OUTSIDE_REVIEW"]);

  // No attributes routing the overlay to the driver.
  const f = repo();
  rmSync(join(f.k, ".gitattributes"));
  f.commit("no attributes");
  r = check(f.repo, "--no-replay");
  assert.deepEqual(codes(r.json), ["MERGE_DRIVER"]);

  // A committed graph.json older than the committed sources.
  const g = repo();
  assert.equal(akms(["build", "--repo", g.repo], { env: ENV }).code, 0);
  g.git("add", "-f", "knowledge/graph/graph.json");
  g.git("commit", "-qm", "graph.json committed");
  assert.equal(check(g.repo, "--no-replay").code, 0);
  const node = join(g.k, "local-nodes", "queue-worker-shutdown.md");
  writeFileSync(node, readFileSync(node, "utf8").replace("  - workers", "  - workers\n  - shutdown"));
  g.commit("an edit without a build");
  r = check(g.repo, "--no-replay");
  assert.deepEqual(codes(r.json), ["GRAPH_STALE"]);

  // The text form names each finding and its fix; a directory outside git says what did not run.
  const t = akms(["check", "--repo", e.repo, "--no-replay"], { env: ENV });
  assert.equal(t.code, 1);
  assert.match(t.stdout, /PROMOTED_OUTSIDE_REVIEW: self-made is established[\s\S]*fix: a reviewer runs `akms promote self-made`/);
  const plain = tmp("akms-check-plain-");
  cpSync(join(ROOT, "fixtures", "replay"), plain, { recursive: true });
  const n = check(join(plain, "repo"), "--no-replay");
  assert.equal(n.code, 0, n.stdout);
  assert.match(n.json.notes.join(" "), /not a git work tree/);
});

test("a day's phases replay in phase order: phase 9's PCD, then phase 10's (which its session id sorts before), is the overlay's replay", () => {
  const r = repo();
  const used = [{ id: "webhook-replay-window", useful: true, coverage: "sufficient" as const }];
  for (const phase of [9, 10]) {
    const file = join(r.k, "sessions", `handoff_phase_${phase}.md`);
    writeFileSync(file, pcd({ phase, date: "2099-01-01", used }));
    const u = akms(["update", file, "--repo", r.repo], { env: ENV });
    assert.equal(u.code, 0, u.stderr);
  }
  r.commit("phases 9 and 10, the same day");
  const c = check(r.repo);
  assert.deepEqual(codes(c.json), [], c.stdout);
});

test("the demo's overlay is what its applied documents give when replayed (the fixture is the updater's own output): `akms check` on a fresh copy finds nothing; after its next document, the one node a reviewer edited since is named", () => {
  const dir = tmp("akms-check-demo-");
  cpSync(join(ROOT, "fixtures", "demo"), dir, { recursive: true });
  const r = check(join(dir, "repo"));
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.deepEqual(codes(r.json as { findings: { code: string }[] }), []);
  assert.ok((r.json as { checked: string[] }).checked.includes("the overlay is the replay of its evidence"));
  // The demo's next document applied (what check asks for in a clone). Its first ledger names the
  // documents applied before it too. The replay drafts strain-increment-early-stop as its session
  // drafted it, without the edges a reviewer gave it after phase 1 (fixtures/demo/README.md), so
  // task-103's propagation through them is the one difference, and the finding names that node.
  const up = akms(["update", join(dir, "repo", "knowledge", "sessions", "task-103.md"), "--repo", join(dir, "repo")], { env: ENV });
  assert.equal(up.code, 0, up.stderr);
  assert.match(readFileSync(join(dir, "repo", "knowledge", "graph", "local_state.yaml"), "utf8"), /^processed_sources:\n  - phase-1\n  - task-101\n  - task-102\n  - task-103\n/m);
  const after = check(join(dir, "repo"));
  const only = (after.json as { findings: { code: string; message: string }[] }).findings;
  assert.deepEqual(only.map((f) => f.code), ["OVERLAY_NOT_REPLAY"]);
  assert.match(only[0]!.message, /it differs in nodes \(strain-increment-early-stop\)\)/);
  assert.match(only[0]!.message, /without a reviewer's edges/);
  // A review decision since is no difference: the draft task-102 merged into, promoted.
  assert.equal(akms(["promote", "green-cache-key-includes-ref-medium", "--repo", join(dir, "repo")], { env: ENV }).code, 0);
  assert.deepEqual((check(join(dir, "repo")).json as { findings: { message: string }[] }).findings.map((f) => f.message), only.map((f) => f.message));
});

test("knowledge/ a link to a folder beside the repository (shared by checkouts): the replay copies its target, and finds the overlay its replay", () => {
  const dir = tmp("akms-check-linked-");
  cpSync(join(ROOT, "fixtures", "demo"), dir, { recursive: true });
  renameSync(join(dir, "repo", "knowledge"), join(dir, "shared-knowledge"));
  symlinkSync(join("..", "shared-knowledge"), join(dir, "repo", "knowledge"));
  const r = check(join(dir, "repo"));
  assert.doesNotMatch(r.stdout + r.stderr, /BUG/);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.deepEqual(codes(r.json as { findings: { code: string }[] }), []);
});
