import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { akms, copyDemo, scratch, tmp, treeHash, write, writeNode } from "../helpers.js";
import { loadContext } from "../../core/context.js";
import { build } from "../../core/compiler/build.js";
import { graphIndexed, indexOfLoaded, openGraph } from "../../core/graph.js";
import { loadGraph } from "../graph-json.js";
import { renderReviewReport, reviewData, SECTION_TITLES, writeReviewReport } from "../../core/report.js";
import { collect, SECTION_ORDER } from "../../core/review/sections.js";

const TODAY = "2026-11-29";

const DRIFTING_MIRROR = [
  "---",
  "id: mirror-extra-drift",
  'title: "Code Mirror: src/extra/drift.py"',
  "domain: code-mirror",
  "status: draft",
  "confidence: 1.0",
  "source: generated",
  "auto_update: true",
  "content_ref: code-mirror/extra/drift.md",
  "source_file: src/extra/drift.py",
  "generated_at: 2026-11-06T00:00:00",
  "generated_by_phase: 1",
  "drift:",
  '  - function: "equilibrium_error"',
  "    kind: unknown-parameter",
  '    detail: "documents `ord`, which the signature does not have"',
  "    line: 40",
  "akms_schema: v2",
  "---",
  "",
].join("\n");

/** The demo; a drifting mirror is added only if the demo does not have one yet. */
function demo() {
  const d = copyDemo();
  let ctx = loadContext({ repo: d.repo, env: {} });
  build(ctx);
  if (![...indexOfLoaded(loadGraph(ctx.paths)).nodes.values()].some((n) => Array.isArray(n.drift) && n.drift.length)) {
    write(join(d.knowledge, "code-mirror", "extra", "drift.md"), DRIFTING_MIRROR);
    ctx = loadContext({ repo: d.repo, env: {} });
    build(ctx);
  }
  return { ...d, ctx };
}

/** The lines of one section of the Markdown report. */
function sectionOf(md: string, title: string): string[] {
  const lines = md.split("\n");
  const start = lines.indexOf(`## ${title}`);
  assert.ok(start >= 0, `section "${title}" is in the report`);
  const end = lines.findIndex((l, i) => i > start && l.startsWith("## "));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

test("on the demo, the review report shows every section with real items", () => {
  const d = demo();
  const data = reviewData(d.ctx, indexOfLoaded(loadGraph(d.ctx.paths)), { today: TODAY });
  assert.equal(data.phase, 1, "the latest phase among session nodes");
  // Every section but Drafted, which lists this repository's own decisions (none yet on the pristine demo).
  for (const k of SECTION_ORDER) if (k !== "drafted") assert.ok(data.sections[k].length > 0, `section ${k} has items`);
  assert.deepEqual(data.sections.drafted, []);
  assert.deepEqual(Object.keys(data.summary), SECTION_ORDER);
  for (const k of SECTION_ORDER) assert.equal(data.summary[k], data.sections[k].length);
  // UR-08: status and confidence inline, provenance and file, the command.
  for (const it of data.sections.new_tentative) {
    assert.equal(it.status, "tentative");
    assert.equal(it.origin, "local");
    assert.equal(it.origin_phase ?? 1, 1);
    assert.ok(it.file && it.source);
    assert.equal(it.command, `akms promote ${it.id}`);
  }
  for (const e of data.sections.dedup_events.filter((x) => x.dedup_status === "pending")) {
    assert.ok(e.existing_text.length > 0 && e.draft_text.length > 0);
    assert.notEqual(e.existing_text, e.draft_text);
  }
});

test("a local tentative node that this phase did not bring (written by hand, or an earlier phase's) is listed to review, with its promote, not only counted", () => {
  const d = demo();
  const graph = indexOfLoaded(loadGraph(d.ctx.paths));
  const data = reviewData(d.ctx, graph, { today: TODAY });
  const HAND = "mandel-factors-load-cases"; // the demo's human-written tentative local node: no session, no phase
  assert.deepEqual(data.sections.older_tentative.map((it) => [it.id, it.status, it.origin, it.source, it.origin_phase, it.command]), [[HAND, "tentative", "local", "human", null, `akms promote ${HAND}`]]);
  assert.ok(!data.sections.new_tentative.some((it) => it.id === HAND), "not new in phase 1");
  // Every local tentative node is in one of the two; status (every phase) keeps them all in one section, and no older one.
  const local = [...graph.nodes.values()].filter((n) => n.status === "tentative" && n.node_origin === "local").map((n) => n.id).sort();
  assert.deepEqual([...data.sections.new_tentative, ...data.sections.older_tentative].map((it) => it.id).sort(), local);
  const all = collect(d.ctx, graph, { phase: 1, all: true, today: TODAY });
  assert.deepEqual(all.sections.older_tentative, []);
  assert.ok(all.sections.new_tentative.some((it) => it.id === HAND));
  // The Markdown lists it in its own table, and counts it among the items awaiting a decision.
  const md = renderReviewReport(data);
  assert.ok(sectionOf(md, SECTION_TITLES.older_tentative).some((l) => l.startsWith(`| \`${HAND}\` |`) && l.includes(`\`akms promote ${HAND}\``)));
  const waiting = data.sections.new_tentative.length + 1 + data.sections.dedup_events.filter((e) => e.command).length + data.sections.blocked_tasks.length;
  assert.match(md, new RegExp(`· ${waiting} items await a decision\\.`));
  // The orchestrator's review gate says the same count (it reads writeReviewReport's).
  const written = writeReviewReport(d.ctx, { out: "-", today: TODAY });
  assert.equal(written.awaiting, waiting);
  assert.match(written.text!, new RegExp(`· ${written.awaiting} items await a decision\\.`));
});

test("the Markdown: summary first, one table per section, one line per item, confidence and command inline", () => {
  const d = demo();
  const data = reviewData(d.ctx, indexOfLoaded(loadGraph(d.ctx.paths)), { today: TODAY });
  const md = renderReviewReport(data);
  assert.equal(renderReviewReport(data), md, "deterministic");
  const lines = md.split("\n");
  assert.match(lines[0]!, /^# Review — phase 1$/);
  const summaryAt = lines.indexOf("## Summary");
  assert.ok(summaryAt > 0 && summaryAt < 8, "the summary comes first");
  assert.ok(lines.indexOf(`## ${SECTION_TITLES.new_tentative}`) > summaryAt);
  // The summary fits on one screen.
  assert.ok(lines.indexOf(`## ${SECTION_TITLES.new_tentative}`) < 40);
  for (const k of SECTION_ORDER) {
    const body = sectionOf(md, SECTION_TITLES[k]);
    const rows = body.filter((l) => l.startsWith("| ") && !/^\|---/.test(l));
    if (!data.sections[k].length) assert.deepEqual([rows.length, body.includes("None.")], [0, true], `${k}: says None.`);
    else assert.equal(rows.length - 1, data.sections[k].length, `${k}: one row per item (plus the header)`);
  }
  // Confidence "global default → local", and the one command per item.
  const degraded = sectionOf(md, SECTION_TITLES.degraded).join("\n");
  const top = data.sections.degraded[0]!;
  assert.match(degraded, new RegExp(`\`${top.id}\` .*\\| ${top.confidence_default} → ${Math.round(top.confidence! * 1000) / 1000} \\|`));
  for (const it of data.sections.new_tentative) assert.ok(md.includes(`\`akms promote ${it.id}\``));
  for (const e of data.sections.dedup_events.filter((x) => x.command)) assert.ok(md.includes(`\`${e.command}\` or \`${e.alternatives[0]}\``));
  // Scannable: no wall of text in a cell.
  for (const l of lines.filter((x) => x.startsWith("| "))) {
    for (const c of l.split(/(?<!\\)\|/)) assert.ok(c.length <= 240, `cell too long: ${c.slice(0, 60)}…`);
  }
});

test("the Markdown report cuts nothing: titles, pitfalls, what-to-do hints, the failing tests that block a task and the drafts are there whole", () => {
  const d = demo();
  const data = reviewData(d.ctx, indexOfLoaded(loadGraph(d.ctx.paths)), { today: TODAY });
  const md = renderReviewReport(data);
  const flat = (x: string) => x.replace(/\s+/g, " ").trim().replace(/\|/g, "\\|");
  assert.doesNotMatch(md, /…/, "no cell ends in an ellipsis");
  for (const it of [...data.sections.new_tentative, ...data.sections.degraded, ...data.sections.orphans]) if (it.title) assert.ok(md.includes(flat(it.title)), `title of ${it.id}`);
  for (const p of data.sections.new_pitfalls) assert.ok(md.includes(flat(p.note)), `pitfall of ${p.from.id}`);
  for (const u of data.sections.unanchored_pitfalls) assert.ok(md.includes(flat(u.description)) && md.includes(flat(u.fix)), `unanchored pitfall of ${u.session}`);
  for (const w of [...data.sections.orphaned_overlay, ...data.sections.edge_problems, ...data.sections.compile_warnings, ...data.sections.id_collisions]) assert.ok(md.includes(flat(w.fix)), `what to do: ${w.fix}`);
  for (const t of data.sections.blocked_tasks) {
    for (const r of t.reasons) if (r.kind === "failing-test") for (const name of r.tests) assert.ok(md.includes(name), `${t.task_id} is blocked by ${name}`);
  }
  const drafts = sectionOf(md, SECTION_TITLES.dedup_events).join("\n");
  assert.match(drafts, /^Drafts, in full:$/m, "the drafts in a list under the table");
  for (const e of data.sections.dedup_events) if (e.draft_text) assert.ok(drafts.includes(flat(e.draft_text)), `the draft for ${e.id}, whole`);
});

test("table cells cannot break the table or carry control characters", () => {
  const s = scratch();
  writeNode(join(s.knowledge, "local-nodes"), {
    id: "pipe-title",
    title: "a | b \\u001b[31m red",
    status: "tentative",
    source: "agent",
    extra: "origin_phase: 0",
    body: "## content_draft\n\nText.\n",
  });
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  build(ctx);
  const md = renderReviewReport(reviewData(ctx, indexOfLoaded(loadGraph(ctx.paths)), { today: TODAY }));
  const row = md.split("\n").find((l) => l.includes("`pipe-title`"))!;
  assert.ok(row.includes("a \\| b"));
  assert.doesNotMatch(md, /\u001b/);
  assert.equal(row.split(/(?<!\\)\|/).length, 10, "8 columns");
});

test("writeReviewReport writes knowledge/reviews/phase-<N>-review.md, leaves identical bytes alone, honours --phase and --out", () => {
  const d = demo();
  const vault = treeHash(d.vault);
  const r = writeReviewReport(d.ctx, { today: TODAY });
  assert.equal(r.path, join(d.knowledge, "reviews", "phase-1-review.md"));
  assert.equal(r.written, true);
  assert.equal(r.phase, 1);
  const text = readFileSync(r.path, "utf8");
  const mtime = statSync(r.path).mtimeMs;
  const again = writeReviewReport(d.ctx, { today: TODAY });
  assert.equal(again.written, false);
  assert.equal(statSync(r.path).mtimeMs, mtime);
  assert.equal(readFileSync(r.path, "utf8"), text);
  // An older phase: its own file, with this phase's "new" items only.
  const p0 = writeReviewReport(d.ctx, { phase: 0, today: TODAY });
  assert.equal(p0.path, join(d.knowledge, "reviews", "phase-0-review.md"));
  assert.equal(p0.summary.new_tentative, 0);
  assert.match(readFileSync(p0.path, "utf8"), /^# Review — phase 0$/m);
  const outDir = tmp();
  const o = writeReviewReport(d.ctx, { out: "mine.md", cwd: outDir, today: TODAY });
  assert.equal(o.path, join(outDir, "mine.md"));
  assert.equal(readFileSync(o.path, "utf8"), text);
  assert.equal(treeHash(d.vault), vault);
});

test("with no sessions the report is phase 0, every section says None, and it is still written", () => {
  const s = scratch();
  writeNode(s.vault, { id: "alpha", edges: [{ to: "beta", type: "requires", weight: 1 }] });
  writeNode(s.vault, { id: "beta" });
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  const r = writeReviewReport(ctx, { today: TODAY });
  assert.equal(r.phase, 0);
  assert.ok(existsSync(join(s.knowledge, "reviews", "phase-0-review.md")));
  const md = readFileSync(r.path, "utf8");
  for (const k of SECTION_ORDER) assert.deepEqual(sectionOf(md, SECTION_TITLES[k]).filter((l) => l.trim()).slice(-1), ["None."], k);
});

test("one item awaiting a decision reads in the singular", () => {
  const s = scratch();
  writeNode(s.vault, { id: "alpha" });
  writeNode(join(s.knowledge, "local-nodes"), { id: "draft-one", status: "tentative", source: "human", edges: [{ to: "alpha", type: "requires", weight: 1 }] });
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  build(ctx);
  const r = writeReviewReport(ctx, { out: "-", today: TODAY });
  assert.equal(r.awaiting, 1);
  assert.match(r.text!, /· 1 item awaits a decision\./);
});

test("the console's review data (files found when read, reads kept by stat) is the report's data, refreshed when a file changes", () => {
  const d = demo();
  const graph = indexOfLoaded(loadGraph(d.ctx.paths));
  const eager = reviewData(d.ctx, graph, { today: TODAY });
  const live = reviewData(d.ctx, graph, { today: TODAY, live: true });
  assert.equal(JSON.stringify(live), JSON.stringify(eager));
  assert.ok(eager.sections.dedup_events.length && eager.sections.new_pitfalls.length, "the demo has dedup events and pitfalls");
  // A pending dedup section removed on disk: the next live read sees it gone.
  const ev = eager.sections.dedup_events.find((e) => e.kind === "appended")!;
  const file = join(d.repo, ev.file!);
  const text = readFileSync(file, "utf8");
  const cut = text.replace(/\n<!-- akms:dedup[\s\S]*$/, "\n");
  assert.notEqual(cut, text);
  write(file, cut);
  const again = reviewData(d.ctx, graph, { today: TODAY, live: true });
  assert.equal(JSON.stringify(again), JSON.stringify(reviewData(d.ctx, graph, { today: TODAY })));
  assert.ok(again.sections.dedup_events.length < live.sections.dedup_events.length);
});

test("the review data from the graph index is the review data from graph.json parsed: every section, the report's and the status scope, live or not", () => {
  const d = demo();
  const graph = indexOfLoaded(loadGraph(d.ctx.paths));
  assert.ok(graphIndexed(d.ctx.paths), "the compile wrote the index");
  const index = openGraph(d.ctx.paths);
  const fromGraph = reviewData(d.ctx, graph, { today: TODAY });
  for (const k of SECTION_ORDER) if (k !== "drafted") assert.ok(fromGraph.sections[k].length > 0, `section ${k} has items (so it is compared)`);
  for (const opts of [{ today: TODAY }, { today: TODAY, live: true }, { today: TODAY, phase: 0 }]) {
    assert.equal(JSON.stringify(reviewData(d.ctx, index, opts)), JSON.stringify(reviewData(d.ctx, graph, opts)), `reviewData ${JSON.stringify(opts)}`);
  }
  const all = { phase: 1, all: true, today: TODAY };
  assert.equal(JSON.stringify(collect(d.ctx, index, all)), JSON.stringify(collect(d.ctx, graph, all)), "akms status's scope");
  // What the review reads of the links: the pitfalls, which the index keeps apart.
  const pitfalls = index.pitfalls();
  assert.ok(pitfalls.length > 0 && pitfalls.every((l) => l.type === "pitfall"));
  assert.deepEqual(pitfalls, [...graph.links()].filter((l) => l.type === "pitfall"));
  assert.equal(index.version, graph.version);
});

test("the look back says none in words when no reported pitfall was known before its task", () => {
  const d = copyDemo();
  const r = akms(["review", "--report", "--out", "-", "--repo", d.repo], { env: { AKMS_GLOBAL_VAULT: d.vault } });
  assert.equal(r.code, 0, r.stderr);
  const section = r.stdout.slice(r.stdout.indexOf("## Would it have helped?"));
  assert.match(section, /No reported pitfall was one reported before its task\./);
  assert.doesNotMatch(section, /\b0 reported pitfalls\b/);
});
