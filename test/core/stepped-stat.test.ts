// The check for sources newer than graph.json in steps (core/steps.ts): the console runs it a step
// at a time so that the keys typed meanwhile are handled between the steps; the compile runs the
// same stat of every input to its end (statAll).
import { test } from "node:test";
import assert from "node:assert/strict";
import { rmSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { build } from "../../core/compiler/build.js";
import { STAT_WIDTH, statAllSteps } from "../../core/store/freshness.js";
import { STAT_STEP, runSteps } from "../../core/steps.js";
import { newerSourceSteps } from "../../src/console/staleness.js";
import { loadContext } from "../../core/context.js";
import { demoRepo, writeBulkNodes } from "../console/helpers.js";

/** Runs a stepped job to its end, counting its yields. */
function stepsOf<T>(job: Generator<void, T, void>): { value: T; yields: number } {
  let yields = 0;
  let r = job.next();
  while (!r.done) {
    yields++;
    r = job.next();
  }
  return { value: r.value, yields };
}

test("the stat of every input yields between batches and records each file's stat", () => {
  const d = demoRepo();
  const files = writeBulkNodes(join(d.repo, "knowledge", "local-nodes"), 2 * STAT_STEP + 5);
  const since = Date.now() + 10_000; // nothing counts as written just now: no file is hashed
  const { value, yields } = stepsOf(statAllSteps(files, since));
  assert.equal(yields, 2);
  assert.equal(value.stats.length, files.length * STAT_WIDTH);
  for (const i of [0, STAT_STEP - 1, STAT_STEP, files.length - 1]) {
    const st = statSync(files[i]!);
    assert.deepEqual([...value.stats.subarray(i * STAT_WIDTH, i * STAT_WIDTH + 4)], [st.size, st.mtimeMs, st.ctimeMs, st.ino], `file ${i}`);
  }
  assert.equal(value.racy.size, 0);
});

test("newer sources in steps: more than one step on a large repository, and the changed file named", () => {
  const d = demoRepo();
  const dir = join(d.repo, "knowledge", "local-nodes");
  writeBulkNodes(dir, 2 * STAT_STEP + 5);
  build(d.ctx);
  const fresh = stepsOf(newerSourceSteps(d.ctx));
  assert.equal(fresh.value, null);
  assert.ok(fresh.yields > 2, `yields ${fresh.yields}`);
  const edited = join(dir, "bulk-01000.md");
  const later = new Date(Date.now() + 60_000);
  utimesSync(edited, later, later);
  assert.equal(runSteps(newerSourceSteps(d.ctx)), "knowledge/local-nodes/bulk-01000.md");
  // Without a manifest that can tell, the modification-time walk stands in: in steps too.
  rmSync(join(d.ctx.paths.cacheDir, "build-manifest.bin"));
  const earlier = new Date(Date.now() - 3_600_000);
  utimesSync(edited, earlier, earlier);
  const walked = stepsOf(newerSourceSteps(d.ctx));
  assert.equal(walked.value, null);
  assert.ok(walked.yields >= 2, `yields ${walked.yields}`);
  utimesSync(edited, later, later);
  assert.equal(runSteps(newerSourceSteps(d.ctx)), "knowledge/local-nodes/bulk-01000.md");
});

test("graph.json compiled for the vault given otherwise: the console is told to rebuild, as the CLI's readers recompile", () => {
  const d = demoRepo();
  assert.equal(runSteps(newerSourceSteps(d.ctx)), null);
  const env = { ...process.env };
  delete env.AKMS_GLOBAL_VAULT;
  const other = loadContext({ repo: d.repo, vault: `${d.vault}/.`, env }); // the same directory, given otherwise: graph.json records it as given
  assert.equal(other.vault.path, d.ctx.vault.path);
  assert.equal(runSteps(newerSourceSteps(other)), `the global vault given (${d.ctx.vault.display} then, ${other.vault.display} now)`);
  build(other);
  assert.equal(runSteps(newerSourceSteps(other)), null);
  assert.match(runSteps(newerSourceSteps(d.ctx)) ?? "", /^the global vault given/);
});
