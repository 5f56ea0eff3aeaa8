// The review gate against file tools: an agent node set to `established` by an edit (not by
// `akms promote`) is flagged in status and the review report, and `akms promote` records a
// person's acceptance; a node promoted through the review is not flagged.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { akms, builtDemo } from "../helpers.js";

test("an agent's self-promotion is flagged until a person promotes it; a reviewed promotion is not", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault };
  const file = join(d.knowledge, "local-nodes", "green-cache-key-includes-ref-medium.md");
  writeFileSync(file, readFileSync(file, "utf8").replace("status: tentative", "status: established"));
  const flagged = (j: any) => j.sections.compile_warnings.filter((w: { code: string }) => w.code === "PROMOTED_OUTSIDE_REVIEW").map((w: { node: string }) => w.node);
  const st = akms(["status", "--json"], { cwd: d.repo, env });
  assert.equal(st.code, 0, st.stderr);
  assert.deepEqual(flagged(st.json), ["green-cache-key-includes-ref-medium"]);
  const report = akms(["review", "--report"], { cwd: d.repo, env });
  const written = /^wrote (.+\.md) \(phase/m.exec(report.stdout)![1]!;
  assert.match(readFileSync(written, "utf8"), /green-cache-key-includes-ref-medium is established, but no review promoted it/);
  const before = readFileSync(file);
  const p = akms(["promote", "green-cache-key-includes-ref-medium"], { cwd: d.repo, env });
  assert.equal(p.code, 0, p.stderr);
  assert.match(p.stdout, /accepted green-cache-key-includes-ref-medium as established/);
  assert.deepEqual(readFileSync(file), before, "the file is unchanged");
  assert.deepEqual(flagged(akms(["status", "--json"], { cwd: d.repo, env }).json), []);
  // A tentative agent node promoted through the review is never flagged.
  assert.equal(akms(["promote", "job-cache-key-solver-version"], { cwd: d.repo, env }).code, 0);
  assert.deepEqual(flagged(akms(["status", "--json"], { cwd: d.repo, env }).json), []);
  // Undone, the acceptance no longer counts.
  assert.equal(akms(["undo"], { cwd: d.repo, env }).code, 0);
  assert.equal(akms(["undo"], { cwd: d.repo, env }).code, 0);
  assert.deepEqual(flagged(akms(["status", "--json"], { cwd: d.repo, env }).json), ["green-cache-key-includes-ref-medium"]);
});

test("promote of an established global node says it is already established (no hand-edit recipe)", () => {
  const d = builtDemo();
  const r = akms(["promote", "fft-frequency-conventions", "--json"], { cwd: d.repo, env: { AKMS_GLOBAL_VAULT: d.vault } });
  assert.equal(r.code, 1);
  assert.match(r.json.error.message, /already established \(a global node\)/);
  assert.doesNotMatch(JSON.stringify(r.json.error), /set `status: established`/);
});
