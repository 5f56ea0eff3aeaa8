// The console's facts of local node files without a dedup section (core/review/dedup-index.ts):
// the review data read with it is the data read without it, a file changed since is read again,
// and a damaged index is no index.
import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { builtDemo, settle } from "../helpers.js";
import { loadContext } from "../../core/context.js";
import { indexOfLoaded } from "../../core/graph.js";
import { loadGraph } from "../graph-json.js";
import { reviewData } from "../../core/report.js";
import { DEDUP_TEXT, primeDedupIndex, saveDedupIndex } from "../../core/review/dedup-index.js";
import { factsPath, openFacts } from "../../core/store/facts.js";
import { basename } from "node:path";
import { cachedByStat, clearMemo } from "../../core/store/memo.js";

const TODAY = "2026-11-29";

/** The built demo, its files past the racy window (a stat taken right after a write is not trusted: core/store/freshness.ts). */
const demo = () => {
  const d = builtDemo();
  settle();
  return d;
};

const data = (ctx: ReturnType<typeof loadContext>, live: boolean) => JSON.stringify(reviewData(ctx, indexOfLoaded(loadGraph(ctx.paths)), { today: TODAY, live }));

test("with the index, the review data is byte for byte the data read without it; files in it are not read", () => {
  const { ctx } = demo();
  clearMemo();
  const reference = data(ctx, false);
  assert.equal(data(ctx, true), reference);
  assert.equal(saveDedupIndex(ctx), true);
  assert.equal(saveDedupIndex(ctx), false, "unchanged: not written again");
  const names = openFacts(ctx.paths).entries("no-dedup").map(([file]) => basename(file));
  assert.ok(names.length > 0);
  for (const n of names) assert.ok(!readFileSync(join(ctx.paths.localNodes, n), "utf8").includes("akms:dedup"), n);
  assert.ok(JSON.parse(data(ctx, false)).sections.dedup_events.length > 0, "the demo has files with dedup sections (not in the index)");

  // A new process: the index answers for the files in it, without reading them.
  clearMemo();
  primeDedupIndex(ctx);
  assert.equal(
    cachedByStat(true, DEDUP_TEXT, join(ctx.paths.localNodes, names[0]!), () => {
      throw new Error("read although the index knows it");
    }),
    null,
  );
  clearMemo();
  assert.equal(data(ctx, true), reference);
});

test("a file given a dedup section after the index was written is read again", () => {
  const { ctx } = demo();
  clearMemo();
  data(ctx, true);
  saveDedupIndex(ctx);
  const name = basename(openFacts(ctx.paths).entries("no-dedup")[0]![0]);
  appendFileSync(
    join(ctx.paths.localNodes, name),
    "\n<!-- akms:dedup session=sess-late score=0.9 status=pending -->\n## content_draft\n\nA late draft.\n<!-- akms:end -->\n",
  );
  clearMemo();
  const reference = data(ctx, false);
  clearMemo();
  assert.equal(data(ctx, true), reference);
  const events = (JSON.parse(reference) as { sections: { dedup_events: { session: string; file: string }[] } }).sections.dedup_events;
  assert.ok(events.some((e) => e.session === "sess-late" && e.file.endsWith(name)), "the late dedup section is an event");
});

test("a damaged or foreign index is no index", () => {
  const { ctx } = demo();
  clearMemo();
  const reference = data(ctx, false);
  data(ctx, true);
  saveDedupIndex(ctx);
  const kept = readFileSync(factsPath(ctx.paths), "latin1");
  for (const text of ["{not json", kept.slice(0, kept.length - 3), kept.replace("akms-facts-2", "akms-facts-0")]) {
    writeFileSync(factsPath(ctx.paths), text, "latin1");
    clearMemo();
    assert.equal(data(ctx, true), reference);
  }
  assert.ok(existsSync(factsPath(ctx.paths)));
});
