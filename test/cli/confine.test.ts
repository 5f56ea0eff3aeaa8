// Agent-reachable writes stay inside knowledge/ and reads inside the repository and the vault,
// whatever symbolic links say: refused with a clear error, nothing written outside.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { akms, builtDemo, tmp } from "../helpers.js";
import { memoryText } from "../mcp/memory-text.js";

test("record and the loadout refuse a knowledge/sessions or knowledge/loadouts that is a link out of knowledge/", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault };
  const outside = tmp("akms-outside-");
  // sessions/ → outside
  renameSync(join(d.knowledge, "sessions"), join(outside, "sessions"));
  symlinkSync(join(outside, "sessions"), join(d.knowledge, "sessions"));
  const mem = join(d.dir, "m.md");
  writeFileSync(mem, memoryText("TASK-501"));
  const r = akms(["record", mem, "--json"], { cwd: d.repo, env });
  assert.equal(r.code, 1, r.stdout);
  assert.equal(r.json.error.code, "OUTSIDE_KNOWLEDGE");
  assert.ok(!existsSync(join(outside, "sessions", "TASK-501.md")), "nothing written outside");
  // loadouts/ → outside
  mkdirSync(join(outside, "loadouts"));
  symlinkSync(join(outside, "loadouts"), join(d.knowledge, "loadouts"));
  const l = akms(["loadout", "--task", "knowledge/tasks/task-201.json", "--no-qmd", "--json"], { cwd: d.repo, env });
  assert.equal(l.code, 1, l.stdout);
  assert.equal(l.json.error.code, "OUTSIDE_KNOWLEDGE");
  assert.deepEqual(readdirSync(join(outside, "loadouts")), []);
});

test("derive-tags --write refuses a task record that is a link out of knowledge/; search lists no file reached through a link out of the repository and vault", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault };
  const outside = tmp("akms-outside-");
  writeFileSync(join(outside, "t9.json"), JSON.stringify({ task_id: "t9", title: "Nyquist", scope: [], akms_tags: [], phase: 2, akms_schema: "v2" }, null, 2));
  symlinkSync(join(outside, "t9.json"), join(d.knowledge, "tasks", "t9.json"));
  const w = akms(["derive-tags", "--task", "knowledge/tasks/t9.json", "--write", "--json"], { cwd: d.repo, env });
  assert.notEqual(w.code, 0, w.stdout);
  assert.match(JSON.stringify(w.json), /OUTSIDE_KNOWLEDGE|OUTSIDE_REPO/);
  writeFileSync(join(outside, "secret.md"), "---\nid: secret\n---\nNyquist secret text\n");
  symlinkSync(join(outside, "secret.md"), join(d.knowledge, "local-nodes", "secret.md"));
  const s = akms(["search", "secret", "--no-qmd", "--json"], { cwd: d.repo, env });
  assert.equal(s.code, 0, s.stderr);
  assert.ok(!JSON.stringify(s.json.hits).includes("secret text"), "a file outside is not searched");
});

test("a loadout validates with the spec's upper-case task ids, and a loadout from tags alone says phase 0 (never null)", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault };
  writeFileSync(join(d.knowledge, "tasks", "TASK-302.json"), JSON.stringify({ task_id: "TASK-302", title: "Nyquist", scope: [], akms_tags: ["nyquist"], phase: 3, akms_schema: "v2" }, null, 2));
  const l = akms(["loadout", "--task", "knowledge/tasks/TASK-302.json", "--no-qmd", "--json"], { cwd: d.repo, env });
  assert.equal(l.code, 0, l.stderr);
  const v = akms(["validate", l.json.file, "--json"], { cwd: d.repo, env });
  assert.equal(v.code, 0, v.stdout);
  const t = akms(["loadout", "--tags", "nyquist", "--no-qmd", "--json"], { cwd: d.repo, env });
  assert.equal(t.code, 0, t.stderr);
  assert.match(readFileSync(t.json.file, "utf8"), /^phase: 0$/m);
  assert.equal(akms(["validate", t.json.file], { cwd: d.repo, env }).code, 0);
});

test("bad input refused by the one validator for every reader: a 3,000-deep task record (status reports it, no BUG), phase_id -5, a task id differing only by case", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault };
  writeFileSync(join(d.knowledge, "tasks", "task-999.json"), `{"task_id": "task-999", "akms_tags": [], "phase": 2, "akms_schema": "v2", "extra": ${"[".repeat(3000)}${"]".repeat(3000)}}`);
  const st = akms(["status", "--json"], { cwd: d.repo, env });
  assert.equal(st.code, 0, st.stderr);
  assert.match(JSON.stringify(st.json.problems), /nested more than 200 levels deep/);
  const v = akms(["validate", "knowledge/tasks/task-999.json"], { cwd: d.repo, env });
  assert.equal(v.code, 1);
  assert.doesNotMatch(st.stderr + v.stderr + v.stdout, /error\[BUG\]/);
  const neg = join(d.dir, "neg.md");
  writeFileSync(neg, memoryText("TASK-601").replace("phase_id: 2", "phase_id: -5"));
  const r = akms(["record", neg, "--json"], { cwd: d.repo, env });
  assert.equal(r.code, 1);
  assert.match(JSON.stringify(r.json.error), /phase_id/);
  const a = join(d.dir, "a.md");
  writeFileSync(a, memoryText("TASK-602"));
  assert.equal(akms(["record", a], { cwd: d.repo, env }).code, 0);
  writeFileSync(a, memoryText("task-602"));
  const c = akms(["record", a, "--json"], { cwd: d.repo, env });
  assert.equal(c.code, 1);
  assert.match(c.json.error.message, /differs only by case/);
});
