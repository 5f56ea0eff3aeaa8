// The check for sources newer than graph.json in steps (core/steps.ts): the console runs it a step
// at a time so that the keys typed meanwhile are handled between the steps; run to its end it is
// the same check, with the same answer, as the CLI's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "../../core/compiler/build.js";
import { statAll, statAllSteps } from "../../core/compiler/source-index.js";
import { STAT_STEP, runSteps } from "../../core/steps.js";
import { newerSource, newerSourceSteps } from "../../src/console/staleness.js";
import { bulkNode as node, demoRepo } from "../console/helpers.js";

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

test("the stat of every input yields between batches and gives what statAll gives", () => {
  const d = demoRepo();
  const files = Array.from({ length: 2 * STAT_STEP + 5 }, (_, i) => join(d.repo, "knowledge", "local-nodes", `bulk-${i}.md`));
  files.forEach((f, i) => writeFileSync(f, node(i)));
  const since = Date.now() + 10_000; // nothing counts as written just now: no file is hashed
  const { value, yields } = stepsOf(statAllSteps(files, since));
  assert.equal(yields, 2);
  assert.deepEqual(value, statAll(files, since));
});

test("newer sources in steps: more than one step on a large repository, the same answer as the check run at once", () => {
  const d = demoRepo();
  const dir = join(d.repo, "knowledge", "local-nodes");
  for (let i = 0; i < 2 * STAT_STEP + 5; i++) writeFileSync(join(dir, `bulk-${String(i).padStart(5, "0")}.md`), node(i));
  build(d.ctx);
  const fresh = stepsOf(newerSourceSteps(d.ctx));
  assert.equal(fresh.value, null);
  assert.ok(fresh.yields > 2, `yields ${fresh.yields}`);
  assert.equal(newerSource(d.ctx), null);
  const edited = join(dir, "bulk-01000.md");
  const later = new Date(Date.now() + 60_000);
  utimesSync(edited, later, later);
  const stale = runSteps(newerSourceSteps(d.ctx));
  assert.equal(stale, "knowledge/local-nodes/bulk-01000.md");
  assert.equal(newerSource(d.ctx), stale);
  // Without a manifest that can tell, the modification-time walk stands in: in steps too.
  rmSync(join(d.ctx.paths.cacheDir, "build-manifest.bin"));
  const earlier = new Date(Date.now() - 3_600_000);
  utimesSync(edited, earlier, earlier);
  const walked = stepsOf(newerSourceSteps(d.ctx));
  assert.equal(walked.value, null);
  assert.ok(walked.yields >= 2, `yields ${walked.yields}`);
  utimesSync(edited, later, later);
  assert.equal(runSteps(newerSourceSteps(d.ctx)), "knowledge/local-nodes/bulk-01000.md");
  assert.equal(newerSource(d.ctx), "knowledge/local-nodes/bulk-01000.md");
});
