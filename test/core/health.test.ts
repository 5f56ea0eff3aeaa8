import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { builtDemo, scratch, snapshot, treeHash, write, writeNode } from "../helpers.js";
import { loadContext } from "../../core/context.js";
import { build } from "../../core/compiler/build.js";
import { indexOfLoaded, openGraph } from "../../core/graph.js";
import { loadGraph } from "../graph-json.js";
import { healthReport, HEALTH_ORDER } from "../../core/health.js";
import { itemLine } from "../../src/commands/status.js";

const TODAY = "2026-11-29";

const demo = builtDemo;

test("the demo's health report has every item of spec §5.7 and the compile warnings, read-only", () => {
  const d = demo();
  const vault = treeHash(d.vault);
  const before = snapshot(d.knowledge);
  const h = healthReport(d.ctx, indexOfLoaded(loadGraph(d.ctx.paths)), { today: TODAY });
  assert.deepEqual(snapshot(d.knowledge), before, "status writes nothing");
  assert.equal(treeHash(d.vault), vault);
  assert.deepEqual(Object.keys(h.counts), HEALTH_ORDER);
  for (const k of HEALTH_ORDER) assert.equal(h.counts[k], h.sections[k].length, k);

  // Degraded: both the global default and the local value, the drop, and the action.
  assert.ok(h.sections.degraded.length >= 1);
  for (const it of h.sections.degraded) {
    assert.ok(it.confidence! < it.confidence_default!, it.id);
    assert.equal(it.command, `akms draft ${it.id}`);
  }
  const sorted = [...h.sections.degraded].sort((a, b) => b.drop - a.drop);
  assert.deepEqual(h.sections.degraded.map((x) => x.id), sorted.map((x) => x.id), "biggest drop first");
  // Flagged missing-detail / outdated, from the applied evidence.
  assert.ok(h.sections.flagged.some((f) => f.coverage === "missing-detail"));
  assert.ok(h.sections.flagged.some((f) => f.coverage === "outdated"));
  // Tentative nodes with their location.
  assert.ok(h.tentative_by_origin.local >= 1 && h.tentative_by_origin.global >= 1);
  for (const t of h.sections.tentative) {
    assert.equal(t.status, "tentative");
    if (t.origin === "local") {
      assert.match(t.file!, /^knowledge\/local-nodes\/.+\.md$/);
      assert.equal(t.command, `akms promote ${t.id}`);
    } else {
      assert.equal(t.command, null);
      assert.match(t.fix!, /by hand/);
    }
  }
  // Dedup events carry both texts for a side-by-side view.
  assert.ok(h.sections.dedup_events.filter((e) => e.dedup_status === "pending").length >= 2);
  for (const e of h.sections.dedup_events.filter((x) => x.dedup_status === "pending")) {
    assert.ok(e.session && e.score !== null && e.existing_text && e.draft_text, e.id);
    assert.doesNotMatch(e.existing_text, /akms:dedup/);
    assert.doesNotMatch(e.draft_text, /akms:(dedup|end)/);
    assert.match(e.command!, /^akms dedup accept /);
    assert.match(e.alternatives[0]!, /^akms dedup reject /);
  }
  // Compile warnings, each in its place.
  assert.ok(h.sections.id_collisions.some((c) => c.code === "ID_COLLISION" && c.skipped_file?.startsWith("knowledge/local-nodes/")));
  assert.ok(h.sections.edge_problems.some((w) => w.code === "DANGLING_EDGE"));
  assert.ok(h.sections.orphaned_overlay.some((w) => w.code === "ORPHANED_OVERLAY" && w.node));
  assert.ok(h.sections.compile_warnings.some((w) => w.code === "MISSING_CONTENT_REF"));
  assert.equal(h.warnings.length, h.sections.id_collisions.length + h.sections.edge_problems.length + h.sections.orphaned_overlay.length + h.sections.compile_warnings.length);
  // Stale against the given date; pitfalls, unanchored ones, blocked tasks.
  assert.ok(h.sections.stale.length >= 1);
  for (const s of h.sections.stale) assert.ok(s.days > h.stale_node_days);
  assert.ok(h.sections.pitfalls.length >= 1);
  assert.ok(h.sections.unanchored_pitfalls.length >= 1);
  const blocked = h.sections.blocked_tasks.find((t) => t.reasons.some((r) => r.kind === "failing-test"));
  assert.ok(blocked, "a PCD's blocking failing test blocks a downstream task");
  assert.equal(h.problems.length, 0, JSON.stringify(h.problems));
});

test("stale is measured against the date given: nothing is stale on the day of its last activation", () => {
  const d = demo();
  const g = indexOfLoaded(loadGraph(d.ctx.paths));
  const h = healthReport(d.ctx, g, { today: TODAY });
  const oldest = h.sections.stale.at(-1)!;
  assert.equal(healthReport(d.ctx, g, { today: oldest.last_activated }).sections.stale.some((s) => s.id === oldest.id), false);
});

test("a task whose role query would load an agent-drafted tentative node is blocked, with the promotion that unblocks it", () => {
  const s = scratch();
  writeNode(s.vault, { id: "base", tags: ["solver"], edges: [{ to: "helper", type: "requires", weight: 1 }] });
  writeNode(s.vault, { id: "helper", tags: ["other"] });
  const local = join(s.knowledge, "local-nodes");
  writeNode(local, { id: "fresh-idea", status: "tentative", source: "agent", tags: ["solver"], body: "## content_draft\n\nText.\n" });
  writeNode(local, { id: "human-note", status: "tentative", source: "human", tags: ["solver"] });
  const task = (id: string, extra: Record<string, unknown>) =>
    write(join(s.knowledge, "tasks", `${id}.json`), JSON.stringify({ task_id: id, title: `Task ${id}`, akms_tags: ["solver"], akms_schema: "v2", ...extra }, null, 2));
  task("t-open", { status: "pending" });
  task("t-done", { status: "complete" });
  task("t-other", { status: "pending", akms_tags: ["other"] });
  write(join(s.knowledge, "tasks", "broken.json"), "{ not json");
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  build(ctx);
  const h = healthReport(ctx, indexOfLoaded(loadGraph(ctx.paths)), { today: TODAY });
  assert.deepEqual(h.sections.blocked_tasks.map((t) => t.task_id), ["t-open"]);
  const t = h.sections.blocked_tasks[0]!;
  assert.equal(t.role, "implementer");
  assert.deepEqual(t.unblock, ["akms promote fresh-idea"]);
  assert.equal(t.command, "akms promote fresh-idea");
  assert.equal(t.file, "knowledge/tasks/t-open.json");
  assert.ok(h.problems.some((p) => /broken\.json/.test(p.file ?? "")), "an unreadable task record is reported, not fatal");
});

test("orphans, drift and the orphan_warning switch", () => {
  const s = scratch();
  writeNode(s.vault, { id: "linked", edges: [{ to: "target", type: "requires", weight: 1 }] });
  writeNode(s.vault, { id: "target" });
  writeNode(s.vault, { id: "alone" });
  write(
    join(s.knowledge, "code-mirror", "pkg", "mod.md"),
    [
      "---",
      "id: mirror-pkg-mod",
      'title: "Code Mirror: src/pkg/mod.py"',
      "domain: code-mirror",
      "status: draft",
      "confidence: 1.0",
      "source: generated",
      "auto_update: true",
      "content_ref: code-mirror/pkg/mod.md",
      "source_file: src/pkg/mod.py",
      "generated_at: 2026-11-01T00:00:00",
      "generated_by_phase: 1",
      "drift:",
      '  - function: "solve"',
      "    kind: unknown-parameter",
      '    detail: "documents `tol`, which the signature does not have"',
      "    line: 12",
      "akms_schema: v2",
      "---",
      "",
    ].join("\n"),
  );
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  build(ctx);
  const h = healthReport(ctx, indexOfLoaded(loadGraph(ctx.paths)), { today: TODAY });
  assert.deepEqual(h.sections.orphans.map((o) => o.id), ["alone"]);
  assert.equal(h.sections.drift.length, 1);
  const dr = h.sections.drift[0]!;
  assert.equal(dr.id, "mirror-pkg-mod");
  assert.equal(dr.function, "solve");
  assert.equal(dr.kind, "unknown-parameter");
  assert.equal(dr.line, 12);
  assert.equal(dr.file, "knowledge/code-mirror/pkg/mod.md");
  assert.equal(dr.command, "akms mirror --files src/pkg/mod.py");
  writeFileSync(join(s.knowledge, "graph", "propagation_config.yaml"), "akms_schema: v2\ngraph:\n  orphan_warning: false\n");
  const ctx2 = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  assert.equal(healthReport(ctx2, indexOfLoaded(loadGraph(ctx2.paths)), { today: TODAY }).sections.orphans.length, 0);
});

test("an empty repository has a clean health report (cold start)", () => {
  const s = scratch();
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  build(ctx);
  const h = healthReport(ctx, indexOfLoaded(loadGraph(ctx.paths)), { today: TODAY });
  assert.equal(h.phase, 0);
  for (const k of HEALTH_ORDER) assert.equal(h.counts[k], 0, k);
});

test("disconnected islands: a group linked only among itself is listed apart from the main graph (connected components, edges either way); single nodes stay orphans", () => {
  const s = scratch();
  // The main graph: a → b → c; d → a (edges either way make one component).
  writeNode(s.vault, { id: "a", edges: [{ to: "b", type: "requires", weight: 1 }] });
  writeNode(s.vault, { id: "b", edges: [{ to: "c", type: "feeds-into", weight: 1 }] });
  writeNode(s.vault, { id: "c" });
  writeNode(s.vault, { id: "d", edges: [{ to: "a", type: "refines", weight: 1 }] });
  // An island of two, and one alone.
  writeNode(s.vault, { id: "x", edges: [{ to: "y", type: "requires", weight: 1 }] });
  writeNode(s.vault, { id: "y" });
  writeNode(s.vault, { id: "alone" });
  const ctx = loadContext({ repo: s.repo, vault: s.vault });
  build(ctx);
  const h = healthReport(ctx, indexOfLoaded(loadGraph(ctx.paths)));
  assert.deepEqual(h.sections.islands.map((i) => i.nodes), [["x", "y"]]);
  assert.equal(h.counts.islands, 1);
  assert.match(h.sections.islands[0]!.fix, /link it to the rest: an edge from one of x, y/);
  assert.deepEqual(h.sections.orphans.map((o) => o.id), ["alone"]);
});

test("the health report from the review index a compile keeps is the report from graph.json, byte for byte (islands from the planning index's edges)", () => {
  const s = scratch();
  // Two islands and the graph proper, so every section the index feeds is compared with items.
  for (const [id, to] of [["a", "b"], ["b", "c"], ["c", null], ["i1", "i2"], ["i2", null], ["j1", "j2"], ["j2", "j3"], ["j3", null]] as const) {
    writeNode(s.vault, { id, ...(to ? { edges: [{ to, type: "requires", weight: 0.5 }] } : {}) });
  }
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  build(ctx);
  const fromGraph = healthReport(ctx, indexOfLoaded(loadGraph(ctx.paths)), { today: TODAY });
  assert.equal(fromGraph.sections.islands.length, 2);
  assert.equal(JSON.stringify(healthReport(ctx, openGraph(ctx.paths), { today: TODAY })), JSON.stringify(fromGraph));
  const d = demo();
  assert.equal(JSON.stringify(healthReport(d.ctx, openGraph(d.ctx.paths), { today: TODAY })), JSON.stringify(healthReport(d.ctx, indexOfLoaded(loadGraph(d.ctx.paths)), { today: TODAY })));
});

test("a dangling edge's fix names the nearest id when one is near, and the status line shows the fix", () => {
  const s = scratch();
  writeNode(s.vault, { id: "retry-backoff", tags: ["net"] });
  const local = join(s.knowledge, "local-nodes");
  writeNode(local, { id: "http-client", tags: ["net"], edges: [{ to: "retry-backof", type: "requires", weight: 0.8 }, { to: "quantum-flux", type: "requires", weight: 0.5 }] });
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  build(ctx);
  const h = healthReport(ctx, openGraph(ctx.paths), { today: TODAY });
  const fixes = new Map(h.sections.edge_problems.map((w) => [w.target, w.fix]));
  assert.equal(fixes.get("retry-backof"), `change the edge's target "retry-backof" to "retry-backoff" (the nearest id), or remove the edge, in knowledge/local-nodes/http-client.md`);
  assert.equal(fixes.get("quantum-flux"), `fix or remove the edge to "quantum-flux" in knowledge/local-nodes/http-client.md (no node has that id)`);
  const line = itemLine("edge_problems", h.sections.edge_problems.find((w) => w.target === "retry-backof"));
  assert.match(line, /^dangling_edge: knowledge\/local-nodes\/http-client\.md: .*retry-backof.*  → change the edge's target "retry-backof" to "retry-backoff"/);
});
