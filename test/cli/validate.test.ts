import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { akms, scratch, snapshot, write } from "../helpers.js";
import { CONFIG_TEMPLATE } from "../../core/init.js";
import { OVERLAY, TASK, agentMemory, aliasBomb, globalNode, loadout, localNode, mirrorNode, pcd } from "../fixtures-text.js";

const STACK = /^\s{4}at /m;

function layout() {
  const s = scratch();
  const k = s.knowledge;
  return {
    ...s,
    files: [
      write(join(s.vault, "alpha.md"), globalNode("alpha")),
      write(join(k, "local-nodes", "beta.md"), localNode("beta")),
      write(join(k, "code-mirror", "a.md"), mirrorNode()),
      write(join(k, "graph", "local_state.yaml"), OVERLAY),
      write(join(k, "sessions", "t1.md"), agentMemory()),
      write(join(k, "sessions", "handoff_phase_1.md"), pcd()),
      write(join(k, "tasks", "t1.json"), TASK),
      write(join(k, "loadouts", "phase1-t1-loadout.md"), loadout()),
      write(join(k, "graph", "propagation_config.yaml"), CONFIG_TEMPLATE),
    ],
  };
}

test("validate checks every file given, one line each, and exits 0 when all are valid", () => {
  const s = layout();
  const r = akms(["validate", ...s.files]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const lines = r.stdout.trim().split("\n");
  assert.equal(lines.length, s.files.length + 1);
  for (const f of s.files) assert.ok(lines.some((l) => l.startsWith("ok ") && l.includes(f)), f);
  assert.match(lines.at(-1)!, /^9 files: 9 valid, 0 invalid$/);
  for (const label of ["global node", "local node", "code-mirror node", "local_state.yaml overlay", "AgentMemory", "phase completion document", "task record", "loadout", "propagation_config.yaml"]) {
    assert.ok(r.stdout.includes(` — ${label}`), label);
  }
  assert.equal(r.stderr, "");
});

test("one invalid file among valid ones: all are checked, its problems named, exit 1, nothing written", () => {
  const s = layout();
  writeFileSync(s.files[1]!, localNode("beta", { source: "generated" }));
  writeFileSync(s.files[5]!, pcd("[]"));
  const before = snapshot(s.dir);
  const r = akms(["validate", ...s.files]);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /^invalid\s+.+local-nodes\/beta\.md — local node \(a \.md file under local-nodes\/\)$/m);
  assert.match(r.stdout, /error: .+beta\.md:8: source: a local node's source must be agent or human/);
  assert.match(r.stdout, /error: .+handoff_phase_1\.md:15: next_phase_warnings: MUST contain at least one entry/);
  assert.match(r.stdout, /9 files: 7 valid, 2 invalid/);
  assert.doesNotMatch(r.stdout + r.stderr, STACK);
  assert.deepEqual(snapshot(s.dir), before);
});

test("--json prints one document with each file's kind, detection, errors and warnings", () => {
  const s = layout();
  writeFileSync(s.files[0]!, globalNode("alpha", "activations: 2\n"));
  writeFileSync(s.files[6]!, TASK.replace('"task_id": "t1"', '"task_id": "t9"'));
  const r = akms(["validate", "--json", s.files[0]!, s.files[6]!]);
  assert.equal(r.code, 1);
  assert.equal(r.json.ok, false);
  assert.equal(r.json.checked, 2);
  assert.equal(r.json.invalid, 1);
  const [g, t] = r.json.files;
  assert.equal(g.kind, "global-node");
  assert.equal(g.ok, false);
  assert.deepEqual(
    g.errors.map((p: { field: string; line: number }) => [p.field, p.line]),
    [["activations", 9]],
  );
  assert.equal(t.kind, "task");
  assert.equal(t.ok, true);
  assert.equal(t.warnings[0].code, "ID_FILENAME_MISMATCH");
  assert.equal(r.stderr, "");
});

test("a wrong schema version is reported with code SCHEMA_VERSION", () => {
  const s = layout();
  writeFileSync(s.files[3]!, OVERLAY.replace("akms_schema: v2", "akms_schema: v1"));
  const r = akms(["validate", "--json", s.files[3]!]);
  assert.equal(r.code, 1);
  assert.equal(r.json.files[0].errors[0].code, "SCHEMA_VERSION");
  assert.equal(r.json.files[0].errors[0].line, 1);
  const t = akms(["validate", s.files[3]!]);
  assert.match(t.stdout, /local_state\.yaml:1: akms_schema is "v1", expected "v2" — this tool reads AKMS v2 only/);
});

test("a missing akms_schema: the fix names where the line goes in that kind of file, and the file's other problems are listed with it", () => {
  const s = layout();
  writeFileSync(s.files[6]!, JSON.stringify({ ...JSON.parse(TASK), akms_schema: undefined, akms_tags: undefined }));
  writeFileSync(s.files[3]!, OVERLAY.replace("akms_schema: v2\n", ""));
  writeFileSync(s.files[0]!, globalNode("alpha").replace("akms_schema: v2\n", "").replace(/^title: .*\n/m, ""));
  const r = akms(["validate", s.files[6]!, s.files[3]!, s.files[0]!]);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /t1\.json:1: akms_schema is missing; .* — add `"akms_schema": "v2"` to the JSON object\n\s+error: .*t1\.json:1: akms_tags: is required but missing/);
  assert.match(r.stdout, /local_state\.yaml:1: akms_schema is missing; .* — add the line `akms_schema: v2` at the top of the file/);
  assert.match(r.stdout, /alpha\.md:2: akms_schema is missing; .* — add the line `akms_schema: v2` to the frontmatter\n\s+error: .*alpha\.md:2: title: is required but missing/);
});

test("an AgentMemory key the schema does not know is an error with the nearest key, listed with the schema's problems; `akms update` applies the rest and warns", () => {
  const s = layout();
  writeFileSync(s.files[4]!, agentMemory().replace("akms_schema: v2", "pitfalls_encountered: []\nakms_schema: v2").replace("tests_total: 3", "tests_total: many"));
  const r = akms(["validate", "--json", s.files[4]!]);
  assert.equal(r.code, 1);
  const errs = r.json.files[0].errors as { code?: string; field?: string; hint?: string; line?: number }[];
  assert.deepEqual(errs.map((p) => p.field), ["tests_total", "pitfalls_encountered"]);
  assert.equal(errs[1]!.code, "UNKNOWN_KEY");
  assert.match(errs[1]!.hint!, /did you mean `pitfalls_discovered`\?/);
  const t9 = write(join(s.knowledge, "sessions", "t9.md"), agentMemory().replace("task_id: t1", "task_id: t9").replace("akms_schema: v2", "pitfalls_encountered: []\nakms_schema: v2"));
  const u = akms(["update", t9, "--dry-run", "--repo", s.repo, "--vault", s.vault]);
  assert.equal(u.code, 0, u.stdout + u.stderr);
  assert.match(u.stderr, /warning: .*t9\.md:\d+: unknown key "pitfalls_encountered": an update would ignore it \(did you mean `pitfalls_discovered`\?\)/);
});

test("--kind overrides detection; an undetectable file asks for it; a bad --kind is a usage error", () => {
  const s = scratch();
  const f = write(join(s.dir, "notes", "gamma.md"), localNode("gamma", { source: "generated" }));
  const asMirror = akms(["validate", f]);
  assert.equal(asMirror.code, 1);
  assert.match(asMirror.stdout, /code-mirror node \(frontmatter has source_file \/ domain: code-mirror \/ source: generated\)/);
  assert.match(asMirror.stdout, /if it is another kind, pass --kind/);
  const forced = akms(["validate", "--kind", "local-node", f]);
  assert.equal(forced.code, 1);
  assert.match(forced.stdout, /local node \(--kind\)/);
  assert.match(forced.stdout, /gamma\.md:8: source: a local node's source must be agent or human/);
  const plain = write(join(s.dir, "readme.md"), "# hello\n");
  const u = akms(["validate", plain]);
  assert.equal(u.code, 1);
  assert.match(u.stdout, /cannot tell what kind of AKMS artifact this is/);
  assert.match(u.stdout, /pass --kind with one of: global-node, local-node/);
  const bad = akms(["validate", "--kind", "widget", plain]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /unknown kind "widget".*global-node/);
  const none = akms(["validate"]);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /no files given/);
});

test("hostile inputs are clear one-line errors, never a stack trace", () => {
  const s = scratch();
  const files = [
    write(join(s.dir, "bomb.md"), `---\nid: bomb\n${aliasBomb()}akms_schema: v2\n---\n`),
    write(join(s.dir, "big.md"), "x".repeat(8 * 1024 * 1024 + 10)),
    write(join(s.dir, "empty.md"), ""),
    join(s.dir, "missing.md"),
    s.dir,
  ];
  writeFileSync(join(s.dir, "latin1.md"), Buffer.from("---\nid: caf\xe9\n---\n", "latin1"));
  files.push(join(s.dir, "latin1.md"));
  const before = snapshot(s.dir);
  const r = akms(["validate", ...files]);
  assert.equal(r.code, 1);
  assert.doesNotMatch(r.stdout + r.stderr, STACK);
  assert.match(r.stdout, /bomb\.md: the YAML expands to too many values \(alias bomb\?\)/);
  assert.match(r.stdout, /big\.md: the file is too large/);
  assert.match(r.stdout, /empty\.md:1: the file is empty/);
  assert.match(r.stdout, /missing\.md: no such file/);
  assert.match(r.stdout, /is a directory/);
  assert.match(r.stdout, /latin1\.md:2: the file is not valid UTF-8/);
  assert.match(r.stdout, /6 files: 0 valid, 6 invalid/);
  assert.deepEqual(snapshot(s.dir), before);
});

test("terminal escape sequences in a file never reach the terminal", () => {
  const s = scratch();
  // A YAML escape (\e) yields a real ESC character in the value…
  const f = write(join(s.vault, "alpha.md"), globalNode("alpha", 'content_ref: "/tmp/\\e[2J\\e]0;owned\\ax.md"\n'));
  const r = akms(["validate", f]);
  assert.equal(r.code, 0);
  assert.doesNotMatch(r.stdout + r.stderr, /\u001b|\u0007/);
  assert.match(r.stdout, /warning: .*content_ref/);
  // …and raw control characters in the file are a YAML error, shown clean.
  const raw = write(join(s.vault, "beta.md"), globalNode("beta", 'title2: "\u001b[31mred\u0007"\n'));
  const e = akms(["validate", raw]);
  assert.equal(e.code, 1);
  assert.doesNotMatch(e.stdout + e.stderr, /\u001b|\u0007/);
});
