// akms migrate on the v1 fixture (fixtures/v1): experience out of the node files into the overlay,
// the human-written bytes kept, validated, journaled (a kill: old state or new, never a mix),
// idempotent; the vault never written in place; the v2 → v3 hook.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { akms, ROOT, tmp, treeHash } from "../helpers.js";
import { memory } from "../update-helpers.js";

function v1() {
  const dir = tmp("akms-v1-");
  cpSync(join(ROOT, "fixtures", "v1"), dir, { recursive: true });
  const repo = join(dir, "repo");
  const vault = join(dir, "vault");
  const out = join(dir, "vault-v2");
  return { dir, repo, vault, out, local: join(repo, "knowledge", "local-nodes", "cache-key-reference-medium.md"), overlay: join(repo, "knowledge", "graph", "local_state.yaml") };
}

test("the v1 fixture migrates: experience into local_state.yaml, the other bytes kept, re-stamped v2, built; the vault untouched; a second run changes nothing", () => {
  const d = v1();
  const vaultBefore = treeHash(d.vault);
  const before = readFileSync(d.local, "utf8");
  const r = akms(["migrate", "--repo", d.repo, "--vault", d.vault, "--vault-out", d.out, "--json"]);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.equal(r.json.files.length, 4);
  const after = readFileSync(d.local, "utf8");
  // Exactly the v1 lines are gone and the stamp changed.
  const expected = before
    .replace(/^current_confidence: .*\nactivations: .*\nlast_activated: .*\nactivated_by_tasks: .*\npitfalls:\n(  .*\n)+/m, "")
    .replace(/^akms_schema: v1$/m, "akms_schema: v2");
  assert.equal(after, expected);
  const ov = readFileSync(d.overlay, "utf8");
  assert.match(ov, /cache-key-reference-medium:\n {4}activated_by_tasks:\n {6}- task-7\n {4}activations: 3\n {4}confidence: 0\.42\n {4}last_activated: 2026-03-10/);
  assert.match(ov, /spectral-solver-basics:\n {4}activated_by_tasks:\n {6}- task-7\n {6}- task-9\n {4}activations: 12\n {4}confidence: 0\.74/);
  assert.match(ov, /from: cache-key-reference-medium\n[\s\S]*severity: high[\s\S]*to: session-task-7\n {4}type: pitfall/);
  assert.equal(treeHash(d.vault), vaultBefore, "the v1 vault is never written");
  assert.match(readFileSync(join(d.out, "spectral-solver-basics.md"), "utf8"), /^akms_schema: v2$/m);
  assert.doesNotMatch(readFileSync(join(d.out, "spectral-solver-basics.md"), "utf8"), /activations:/);
  const b = akms(["build", "--repo", d.repo, "--vault", d.out, "--json"]);
  assert.equal(b.code, 0, b.stderr);
  const g = JSON.parse(readFileSync(join(d.repo, "knowledge", "graph", "graph.json"), "utf8"));
  const node = g.nodes.find((n: { id: string }) => n.id === "spectral-solver-basics");
  assert.deepEqual([node.confidence, node.confidence_default, node.activations], [0.74, 0.9, 12], "the experience is the overlay's now");
  const repoAfter = treeHash(d.repo);
  const again = akms(["migrate", "--repo", d.repo, "--vault", d.out, "--json"]);
  assert.equal(again.code, 0, again.stderr);
  assert.equal(again.json.files.length, 0);
  assert.equal(treeHash(d.repo), repoAfter, "idempotent");
});

test("files with Windows line ends (CRLF) migrate with them: the re-stamped line keeps its CR, and the vault copy too", () => {
  const d = v1();
  const crlf = (f: string) => writeFileSync(f, readFileSync(f, "utf8").replace(/\n/g, "\r\n"));
  const spectral = join(d.vault, "spectral-solver-basics.md");
  crlf(d.local);
  crlf(spectral);
  const r = akms(["migrate", "--repo", d.repo, "--vault", d.vault, "--vault-out", d.out]);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  for (const f of [d.local, join(d.out, "spectral-solver-basics.md")]) {
    const text = readFileSync(f, "utf8");
    assert.match(text, /^akms_schema: v2\r$/m, f);
    assert.doesNotMatch(text, /(^|[^\r])\n/, `${f}: no bare LF`);
  }
});

test("--dry-run prints the plan and writes nothing; a v1 vault without --vault-out is refused", () => {
  const d = v1();
  const all = treeHash(d.dir);
  const r = akms(["migrate", "--repo", d.repo, "--vault", d.vault, "--vault-out", d.out, "--dry-run"]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /would change[\s\S]*cache-key-reference-medium\.md: moves current_confidence, activations, last_activated, activated_by_tasks, pitfalls to the overlay; akms_schema v1 → v2[\s\S]*\(nothing written\)/);
  assert.equal(treeHash(d.dir), all);
  const no = akms(["migrate", "--repo", d.repo, "--vault", d.vault]);
  assert.equal(no.code, 2);
  assert.match(no.stderr, /the global vault holds 2 v1 node files .*akms never writes the vault in place — add `--vault-out DIR`/);
  assert.equal(treeHash(d.dir), all);
});

test("a malformed v1 field is a clear error naming the file and the field; nothing is written", () => {
  const d = v1();
  writeFileSync(d.local, readFileSync(d.local, "utf8").replace("activations: 3", "activations: lots"));
  const all = treeHash(d.dir);
  const r = akms(["migrate", "--repo", d.repo, "--vault", d.vault, "--vault-out", d.out]);
  assert.equal(r.code, 1, r.stdout);
  assert.match(r.stderr, /knowledge\/local-nodes\/cache-key-reference-medium\.md: activations: activations: must be a whole number of at least 0/);
  assert.doesNotMatch(r.stderr, /\n\s+at /);
  assert.equal(treeHash(d.dir), all);
});

test("every participating artifact: a v1 config, AgentMemory and task record are re-stamped, session_refs move to the overlay; --dry-run shows the whole plan and writes nothing; no command tells a user to run migrate from inside migrate", () => {
  const d = v1();
  const config = join(d.repo, "knowledge", "graph", "propagation_config.yaml");
  mkdirSync(join(d.repo, "knowledge", "graph"), { recursive: true });
  writeFileSync(config, "akms_schema: v1\nglobal_vault: ../vault\nconfidence:\n  activation_boost: 0.03\n");
  const memoryFile = join(d.repo, "knowledge", "sessions", "task-9.md");
  writeFileSync(memoryFile, memory({ task: "task-9", used: [{ id: "spectral-solver-basics", useful: true, coverage: "sufficient" }] }).replace("akms_schema: v2", "akms_schema: v1"));
  mkdirSync(join(d.repo, "knowledge", "tasks"), { recursive: true });
  const taskFile = join(d.repo, "knowledge", "tasks", "task-11.json");
  writeFileSync(taskFile, JSON.stringify({ task_id: "task-11", title: "Tune the solver", phase: 2, akms_tags: ["fft"], akms_schema: "v1" }, null, 2) + "\n");
  writeFileSync(d.local, readFileSync(d.local, "utf8").replace(/^activations: /m, "session_refs:\n  - sessions/task-7.md\nactivations: "));
  const all = treeHash(d.dir);
  // Every other command refuses the v1 config and names migrate; migrate itself reads it as v2.
  assert.match(akms(["status", "--repo", d.repo, "--vault", d.vault]).stderr, /akms migrate/);
  const dry = akms(["migrate", "--repo", d.repo, "--vault", d.vault, "--vault-out", d.out, "--dry-run"]);
  assert.equal(dry.code, 0, dry.stderr);
  for (const what of [/propagation_config\.yaml: akms_schema v1 → v2/, /sessions\/task-9\.md: akms_schema v1 → v2/, /tasks\/task-11\.json: akms_schema v1 → v2/, /nodes\.cache-key-reference-medium: \{[^}]*"session_refs":\["sessions\/task-7\.md"\]/, /local_edges: cache-key-reference-medium → session-task-7 \(pitfall/]) {
    assert.match(dry.stdout, what);
  }
  assert.equal(treeHash(d.dir), all, "--dry-run writes nothing");
  const r = akms(["migrate", "--repo", d.repo, "--vault", d.vault, "--vault-out", d.out, "--json"]);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  for (const f of [config, memoryFile, taskFile]) {
    const v = akms(["validate", f]);
    assert.equal(v.code, 0, `${f}: ${v.stdout}`);
  }
  assert.match(readFileSync(config, "utf8"), /^akms_schema: v2\nglobal_vault: \.\.\/vault\nconfidence:\n {2}activation_boost: 0\.03\n$/);
  assert.match(readFileSync(d.overlay, "utf8"), /cache-key-reference-medium:\n[\s\S]*session_refs:\n {6}- sessions\/task-7\.md/);
  assert.doesNotMatch(readFileSync(d.local, "utf8"), /session_refs/);
  assert.equal(akms(["status", "--repo", d.repo, "--vault", d.out]).code, 0);
});

test("the compiler's SchemaVersionError on a v1 file says which migration applies", () => {
  const d = v1();
  const r = akms(["build", "--repo", d.repo, "--vault", d.vault]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /akms_schema is "v1", expected "v2" — this tool reads AKMS v2 only; `akms migrate` migrates a v1 repository/);
});

for (const at of ["journal-0", "journal-complete", "apply-0", "apply-1", "applied"]) {
  test(`killed at ${at}, running the same migrate again (the v1 vault still given) finishes it: no command is left refusing with SCHEMA_VERSION`, () => {
    const d = v1();
    const r = akms(["migrate", "--repo", d.repo, "--vault", d.vault, "--vault-out", d.out], { env: { AKMS_TEST: "1", AKMS_CRASH_AT: at } });
    assert.notEqual(r.code, 0, "killed");
    const again = akms(["migrate", "--repo", d.repo, "--vault", d.vault, "--vault-out", d.out]);
    assert.equal(again.code, 0, again.stderr);
    assert.match(readFileSync(d.local, "utf8"), /^akms_schema: v2$/m);
    const s = akms(["status", "--repo", d.repo, "--vault", d.out]);
    assert.equal(s.code, 0, s.stderr);
    assert.equal(existsSync(join(d.repo, "knowledge", "graph", ".txn")), false, "no interrupted write left");
  });
}

for (const at of ["journal-0", "journal-complete", "apply-0"]) {
  test(`killed at ${at}, the next command leaves the old state or the whole new one, never a mix`, () => {
    const d = v1();
    const before = treeHash(join(d.repo, "knowledge", "local-nodes"));
    const r = akms(["migrate", "--repo", d.repo, "--vault", d.vault, "--vault-out", d.out], { env: { AKMS_TEST: "1", AKMS_CRASH_AT: at } });
    assert.notEqual(r.code, 0, "killed");
    // The next command finishes or discards it (the vault copy is already whole, or absent).
    const b = akms(["build", "--repo", d.repo, "--vault", existsSync(d.out) ? d.out : d.vault]);
    const migrated = /^akms_schema: v2$/m.test(readFileSync(d.local, "utf8"));
    const hasOverlay = existsSync(d.overlay);
    assert.equal(migrated, hasOverlay, "the node files and the overlay moved together");
    if (!migrated) assert.equal(treeHash(join(d.repo, "knowledge", "local-nodes")), before);
    else assert.equal(b.code, 0, b.stderr);
    const again = akms(["migrate", "--repo", d.repo, "--vault", d.vault, "--vault-out", d.out]);
    assert.equal(again.code, 0, again.stderr);
    assert.match(readFileSync(d.local, "utf8"), /^akms_schema: v2$/m);
  });
}

test("akms migrate --from v2 runs the repository's knowledge/graph/migrations/v2_to_v3 script; without one it says so", () => {
  const d = v1();
  const none = akms(["migrate", "--from", "v2", "--repo", d.repo, "--vault", d.vault]);
  assert.equal(none.code, 1);
  assert.match(none.stderr, /ships no v2 → v3 migration/);
  mkdirSync(join(d.repo, "knowledge", "graph", "migrations"), { recursive: true });
  writeFileSync(join(d.repo, "knowledge", "graph", "migrations", "v2_to_v3.mjs"), 'import { writeFileSync } from "node:fs";\nwriteFileSync(process.argv[2] + "/ran-v3.txt", "yes\\n");\nconsole.log("v3 migration done");\n');
  const r = akms(["migrate", "--from", "v2", "--repo", d.repo, "--vault", d.vault]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /v3 migration done/);
  assert.equal(readFileSync(join(d.repo, "ran-v3.txt"), "utf8"), "yes\n");
});
