import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseYaml } from "../../core/yaml.js";
import { Overlay } from "../../core/schemas/overlay.js";
import { LocalNode } from "../../core/schemas/node.js";
import { parseFrontmatter } from "../../core/frontmatter.js";
import { dumpOverlay, dumpYaml } from "../../core/update/overlay-io.js";
import { storeBuildOf, treeHash, write, writeNode } from "../helpers.js";
import { repoPaths } from "../../core/paths.js";
import { bytesKey, factsPath, openFacts } from "../../core/store/facts.js";
import { graphOf, kb, knowledgeState, memory, overlayText, pcd, run } from "../update-helpers.js";

const example = () =>
  kb([
    { id: "x", confidence: 0.85, tags: ["green"], domain: "fft" },
    { id: "p", confidence: 0.85, domain: "fft", edges: [{ to: "x", type: "requires", weight: 0.8 }] },
  ]);

test("DESIGN's worked example end to end: overlay, history, activations, session node, pitfall edge, graph.json", () => {
  const s = example();
  const vault = treeHash(s.vault);
  const doc = memory({
    task: "phase1-task14",
    date: "2026-03-04",
    used: [
      { id: "x", useful: true, coverage: "outdated" },
      { id: "p", useful: true, coverage: "sufficient" },
    ],
    pitfalls: [
      { node_ref: "x", description: "Near-zero frequency: division by zero", severity: "high" },
      { node_ref: null, description: "Build cache goes stale", severity: "low" },
    ],
  });
  write(join(s.dir, "am.md"), doc);
  const r = run(s, ["update", "am.md", "--json"]);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.deepEqual(
    r.json.nodes.map((n: { id: string; before: number; after: number }) => [n.id, n.before, n.after]),
    [
      ["p", 0.85, 0.83868],
      ["x", 0.85, 0.7395],
    ],
  );
  const ov = Overlay.parse(parseYaml(overlayText(s), { file: "local_state.yaml" }));
  assert.equal(ov.nodes!.x!.confidence, 0.7395);
  assert.equal(ov.nodes!.p!.confidence, 0.83868);
  assert.equal(ov.nodes!.x!.activations, 1);
  assert.equal(ov.nodes!.x!.last_activated, "2026-03-04");
  assert.deepEqual(ov.nodes!.x!.activated_by_tasks, ["phase1-task14"]);
  assert.deepEqual(ov.nodes!.x!.session_refs, ["sessions/phase1-task14.md"]);
  assert.deepEqual(ov.nodes!.x!.history, [{ date: "2026-03-04", confidence: 0.7395, cause: "session-phase1-task14" }]);
  const sess = ov.session_nodes!["session-phase1-task14"]!;
  assert.equal(sess.source_hash, createHash("sha256").update(doc).digest("hex"));
  assert.deepEqual([sess.outcome, sess.task_status, sess.phase, sess.content_ref, sess.tags], ["success", "complete", 1, "sessions/phase1-task14.md", ["fft"]]);
  assert.deepEqual(sess.unanchored_pitfalls, [{ description: "Build cache goes stale", severity: "low" }]);
  assert.deepEqual(ov.local_edges, [{ from: "x", to: "session-phase1-task14", type: "pitfall", weight: 0.8, note: "Near-zero frequency: division by zero" }]);
  assert.equal(readFileSync(join(s.knowledge, "sessions", "phase1-task14.md"), "utf8"), doc);
  const g = graphOf(s);
  const node = (id: string) => g.nodes.find((n) => n.id === id)!;
  assert.equal(node("x").confidence, 0.7395);
  assert.equal(node("x").confidence_default, 0.85);
  assert.equal(node("session-phase1-task14").domain, "session");
  assert.ok(g.links.some((l) => l.source === "x" && l.target === "session-phase1-task14" && l.type === "pitfall" && l.weight === 0.8));
  assert.equal(treeHash(s.vault), vault);
});

test("the same document again changes no byte anywhere; a changed one under the applied id is refused", () => {
  const s = example();
  write(join(s.dir, "am.md"), memory({ task: "t1", used: [{ id: "x", useful: true, coverage: "outdated" }] }));
  assert.equal(run(s, ["update", "am.md"]).code, 0);
  const once = knowledgeState(s);
  const again = run(s, ["update", "am.md", "--json"]);
  assert.equal(again.code, 0, again.stderr);
  assert.equal(again.json.documents[0].status, "already-applied");
  assert.deepEqual(again.json.nodes, []);
  assert.deepEqual(knowledgeState(s), once);
  // The copy in knowledge/sessions/ is the same document: also a no-op.
  assert.equal(run(s, ["update", "repo/knowledge/sessions/t1.md"]).code, 0);
  assert.deepEqual(knowledgeState(s), once);
  write(join(s.dir, "am.md"), memory({ task: "t1", used: [{ id: "x", useful: false, coverage: "outdated" }] }));
  const changed = run(s, ["update", "am.md", "--json"]);
  assert.equal(changed.code, 1);
  assert.equal(changed.json.error.code, "ALREADY_APPLIED");
  assert.match(changed.json.error.message, /session-t1 was already applied from a different document/);
  assert.equal(changed.json.error.field, "task_id");
  assert.deepEqual(knowledgeState(s), once);
  const human = run(s, ["update", "am.md"]);
  assert.match(human.stderr, /am\.md:2: task_id: session-t1 was already applied/);
});

test("documents apply in the order given; an applied one is skipped while a new one in the same call applies", () => {
  const s = example();
  write(join(s.dir, "a.md"), memory({ task: "ta", used: [{ id: "x", useful: false, coverage: "outdated" }] }));
  write(join(s.dir, "b.md"), memory({ task: "tb", date: "2026-03-06", used: [{ id: "x", useful: true, coverage: "sufficient" }] }));
  assert.equal(run(s, ["update", "a.md"]).code, 0);
  const r = run(s, ["update", "a.md", "b.md", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(r.json.documents.map((d: { status: string }) => d.status), ["already-applied", "applied"]);
  const ov = Overlay.parse(parseYaml(overlayText(s), { file: "o" }));
  assert.equal(ov.nodes!.x!.confidence, 0.7425); // 0.85·0.85 + 0.02
  assert.deepEqual(ov.nodes!.x!.history!.map((h) => [h.cause, h.confidence]), [
    ["session-ta", 0.7225],
    ["session-tb", 0.7425],
  ]);
  assert.equal(ov.nodes!.x!.last_activated, "2026-03-06");
});

test("session_refs keep the most recent max_session_refs; history keeps the last graph.max_history entries", () => {
  const s = kb([{ id: "x", confidence: 0.9 }], [], "graph:\n  max_session_refs: 3\n  max_history: 2\n");
  const files: string[] = [];
  for (let i = 1; i <= 5; i++) {
    write(join(s.dir, `m${i}.md`), memory({ task: `t${i}`, date: `2026-03-0${i}`, used: [{ id: "x", useful: false, coverage: "missing-detail" }] }));
    files.push(`m${i}.md`);
  }
  const r = run(s, ["update", ...files]);
  assert.equal(r.code, 0, r.stderr);
  const ov = Overlay.parse(parseYaml(overlayText(s), { file: "o" }));
  assert.deepEqual(ov.nodes!.x!.session_refs, ["sessions/t3.md", "sessions/t4.md", "sessions/t5.md"]);
  assert.deepEqual(ov.nodes!.x!.history!.map((h) => h.cause), ["session-t4", "session-t5"]);
  assert.equal(ov.nodes!.x!.confidence, 0.399334); // 0.9 · 0.85^5, rounded to 6 decimals after every step
  assert.deepEqual(ov.nodes!.x!.activated_by_tasks, ["t1", "t2", "t3", "t4", "t5"]);
  assert.equal(ov.nodes!.x!.activations, undefined, "activations count useful uses only");
});

test("a PCD registers session-phase<N> and records blocking failures and the changed files", () => {
  const s = example();
  const extra = [
    'known_issues: {"failing_tests": [{"tests": "test_green", "reason": "NaN at k=0", "impact_on_next_phase": "blocking"}, {"tests": ["test_b"], "impact_on_next_phase": "low"}, {"tests": ["test_c"], "reason": "flaky", "impact_on_next_phase": "blocking", "blocks": ["t7", "t8"]}]}',
    "recommended_start: t5",
    'files_modified: [{"path": "src/solvers/green.py", "changes": "eps"}, {"path": "src/solvers/green.py", "changes": "again"}]',
    'files_created: [{"path": "src/new.py", "description": "new"}]',
  ].join("\n");
  write(join(s.knowledge, "sessions", "handoff_phase_2.md"), pcd({ phase: 2, used: [{ id: "x", useful: true, coverage: "sufficient" }], extra }));
  const r = run(s, ["update", "repo/knowledge/sessions/handoff_phase_2.md", "--json"]);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.equal(r.json.documents[0].session, "session-phase2");
  const ov = Overlay.parse(parseYaml(overlayText(s), { file: "o" }));
  const sess = ov.session_nodes!["session-phase2"]! as Record<string, unknown>;
  assert.equal(sess.content_ref, "sessions/handoff_phase_2.md");
  assert.equal(sess.evidence, "pcd");
  assert.deepEqual(sess.blocking, [
    { tasks: ["t5"], tests: ["test_green"], reason: "NaN at k=0" },
    { tasks: ["t7", "t8"], tests: ["test_c"], reason: "flaky" },
  ]);
  assert.deepEqual(sess.files_modified, ["src/solvers/green.py"]);
  assert.deepEqual(sess.files_created, ["src/new.py"]);
  assert.equal(ov.nodes!.x!.activated_by_tasks, undefined);
  assert.deepEqual(ov.nodes!.x!.session_refs, ["sessions/handoff_phase_2.md"]);
  // The document lies in knowledge/: no copy is made; the overlay is the only file written.
  assert.deepEqual(r.json.files, { created: ["knowledge/graph/local_state.yaml"], appended: [], updated: [] });
});

test("--dry-run reports the same changes and writes nothing", () => {
  const s = example();
  write(join(s.dir, "am.md"), memory({ task: "t1", used: [{ id: "x", useful: true, coverage: "outdated" }], knowledge: [{ suggested_id: "new-k", content_draft: "text" }] }));
  const before = knowledgeState(s);
  const dry = run(s, ["update", "am.md", "--dry-run", "--json"]);
  assert.equal(dry.code, 0, dry.stderr);
  assert.equal(dry.json.dry_run, true);
  assert.equal(dry.json.documents[0].status, "would-apply");
  assert.deepEqual(knowledgeState(s), before);
  const text = run(s, ["update", "am.md", "--dry-run"]);
  assert.match(text.stdout, /x +0\.85 → 0\.7395 +boost \+0\.02 \(useful\); direct hit ×0\.85 \(coverage outdated\)/);
  assert.match(text.stdout, /would create knowledge\/local-nodes\/new-k\.md/);
  assert.match(text.stdout, /dry run: nothing was written/);
  const real = run(s, ["update", "am.md", "--json"]);
  assert.deepEqual(real.json.nodes, dry.json.nodes);
  assert.deepEqual(real.json.files, dry.json.files);
});

test("auto_update nodes in nodes_used are left alone; new nodes are valid local nodes marked agent-authored", () => {
  const s = example();
  write(
    join(s.knowledge, "code-mirror", "m.md"),
    "---\nid: mirror-m\ntitle: \"Code Mirror: src/m.py\"\ndomain: code-mirror\nstatus: established\nconfidence: 1.0\nsource: generated\nauto_update: true\ncontent_ref: code-mirror/m.md\nsource_file: src/m.py\ngenerated_at: 2026-01-01T00:00:00\ngenerated_by_phase: 1\nakms_schema: v2\n---\n",
  );
  assert.equal(run(s, ["build"]).code, 0);
  write(
    join(s.dir, "am.md"),
    memory({
      task: "t1",
      used: [{ id: "mirror-m", useful: true, coverage: "outdated" }],
      knowledge: [{ suggested_id: "eps-reg", title: "Epsilon: regularisation", domain: "fft", tags: ["green"], content_draft: "Add eps.\n<!-- hidden -->\n\u001b[31mred" }],
    }),
  );
  const r = run(s, ["update", "am.md", "--json"]);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.deepEqual(r.json.nodes, []);
  assert.deepEqual(r.json.documents[0].untouched_auto_update, ["mirror-m"]);
  assert.equal(Overlay.parse(parseYaml(overlayText(s), { file: "o" })).nodes!["mirror-m"], undefined);
  const text = readFileSync(join(s.knowledge, "local-nodes", "eps-reg.md"), "utf8");
  const fm = parseFrontmatter(text, "eps-reg.md");
  const n = LocalNode.parse(fm.data);
  // No origin_* in the file (the Python implementation refuses unknown keys in a local node): the graph has them from the overlay's registry.
  assert.deepEqual([n.status, n.source, n.confidence, n.origin_session, n.origin_phase, n.title, n.tags], ["tentative", "agent", 0.5, undefined, undefined, "Epsilon: regularisation", ["green"]]);
  const gn = graphOf(s).nodes.find((x) => x.id === "eps-reg")! as { origin_session?: string; origin_phase?: number };
  assert.deepEqual([gn.origin_session, gn.origin_phase], ["session-t1", 1]);
  assert.match(fm.body, /\*\*Agent-authored, awaiting review\.\*\*/);
  assert.match(fm.body, /^## content_draft\n\nAdd eps\.\n&lt;!-- hidden -->\n\[31mred\n$/m);
  assert.equal(graphOf(s).nodes.find((x) => x.id === "eps-reg")!.node_origin, "local");
});

test("existing overlay state is carried over: other entries, local edges in order, a local node's own activations", () => {
  const s = kb([{ id: "x", confidence: 0.85 }], [{ id: "loc", source: "human", confidence: 0.6, extra: "activations: 4" }]);
  write(
    join(s.knowledge, "graph", "local_state.yaml"),
    [
      "akms_schema: v2",
      "repo_id: mine",
      "nodes:",
      "  x: {confidence: 0.5, status: draft, custom_note: kept}",
      "local_edges:",
      "  - {from: loc, to: x, type: feeds-into, weight: 0.5}",
      "session_nodes: {}",
      "suppressed_edges: []",
      "",
    ].join("\n"),
  );
  assert.equal(run(s, ["build"]).code, 0);
  write(join(s.dir, "am.md"), memory({ task: "t1", used: [{ id: "loc", useful: true, coverage: "sufficient" }, { id: "x", useful: false, coverage: "outdated" }] }));
  const r = run(s, ["update", "am.md"]);
  assert.equal(r.code, 0, r.stderr);
  const ov = Overlay.parse(parseYaml(overlayText(s), { file: "o" }));
  assert.equal(ov.repo_id, "mine");
  assert.deepEqual([ov.nodes!.x!.confidence, ov.nodes!.x!.status, (ov.nodes!.x! as Record<string, unknown>).custom_note], [0.425, "draft", "kept"]);
  assert.equal(ov.nodes!.loc!.activations, 5);
  assert.equal(ov.nodes!.loc!.confidence, 0.614375); // 0.6 + 0.02, then − 0.075·0.3·0.5·0.5 from x's hit via feeds-into
  assert.deepEqual(ov.local_edges!.map((e) => e.type), ["feeds-into"]);
});

test("local_state.yaml is written deterministically and reads back to the same values", () => {
  const ov: Overlay = {
    akms_schema: "v2",
    repo_id: "r",
    nodes: {
      "2026": { confidence: 1, activations: 0, session_refs: ["sessions/a.md"] },
      b: { confidence: 0.1 + 0.2, history: [{ date: "2026-03-04", confidence: 1e-7, cause: "session-x" }] },
      yes: { activated_by_tasks: ["no", "null", "on", "123", "a: b", "#c", "ü", "line\nbreak", "tab\tend", "x\u2028y", "-x"] },
    },
    local_edges: [{ from: "b", to: "yes", type: "pitfall", weight: 0.5, note: 'say "hi" \\ bye' }],
    session_nodes: {},
    suppressed_edges: [],
  };
  const text = dumpOverlay(ov, { maxSessionRefs: 10, maxHistory: 20 });
  assert.deepEqual(Overlay.parse(parseYaml(text, { file: "o" })), ov);
  assert.equal(dumpOverlay(Overlay.parse(parseYaml(text, { file: "o" })), { maxSessionRefs: 10, maxHistory: 20 }), text);
  assert.match(text, /^ {2}"2026":$/m);
  assert.match(text, /^ {4}confidence: 1\.0$/m);
  assert.match(text, /^ {4}confidence: 0\.30000000000000004$/m);
  assert.match(text, /^ {8}date: 2026-03-04$/m);
  assert.match(text, /^ {8}confidence: 0\.0000001$/m);
  assert.match(text, /^ {2}"yes":$/m);
  // Keys sorted at every level; nested mappings in block style under a dash.
  assert.equal(dumpYaml({ b: 1, a: [{ d: 1, c: [2] }] }), "a:\n  - c:\n      - 2\n    d: 1\nb: 1\n");
  const py = spawnPython(text);
  if (py !== null) assert.equal(py, "ok", "PyYAML reads the same values");
});

function spawnPython(text: string): string | null {
  const script = [
    "import sys, yaml",
    "d = yaml.safe_load(sys.stdin.read())",
    "n = d['nodes']",
    "ok = n['2026']['confidence'] == 1.0 and n['yes']['activated_by_tasks'][:4] == ['no', 'null', 'on', '123'] and n['b']['history'][0]['confidence'] == 1e-7",
    "ok = ok and d['local_edges'][0]['note'] == 'say \"hi\" \\\\ bye' and n['b']['history'][0]['date'] is not None",
    "print('ok' if ok else 'mismatch')",
  ].join("\n");
  const r = spawnSync("python3", ["-c", script], { input: text, encoding: "utf8" });
  if (r.error || /No module named/.test(r.stderr)) return null;
  return r.stdout.trim() || r.stderr.trim();
}

test("new nodes and session files never land outside knowledge/, and nothing appears in the vault", () => {
  const s = example();
  const vault = treeHash(s.vault);
  write(join(s.dir, "am.md"), memory({ task: "t1", knowledge: [{ suggested_id: "n1", content_draft: "d" }] }));
  assert.equal(run(s, ["update", "am.md"]).code, 0);
  assert.equal(existsSync(join(s.knowledge, "local-nodes", "n1.md")), true);
  assert.equal(treeHash(s.vault), vault);
  writeNode(s.vault, { id: "unrelated" }); // the vault may change by hand; the next update still works
  write(join(s.dir, "am2.md"), memory({ task: "t2", used: [{ id: "unrelated", useful: true, coverage: "sufficient" }] }));
  const r = run(s, ["update", "am2.md", "--json"]);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.equal(r.json.nodes[0].after, 0.82);
});

test("the parsed overlay kept in .cache is what the file says; a hand edit of the file wins over it", () => {
  const s = example();
  write(join(s.dir, "a.md"), memory({ task: "ta", used: [{ id: "x", useful: true, coverage: "sufficient" }] }));
  assert.equal(run(s, ["update", "a.md"]).code, 0);
  const paths = repoPaths(s.repo);
  const [[file, key]] = openFacts(paths, storeBuildOf(factsPath(paths))).entries("overlay");
  assert.equal(file, paths.overlay);
  assert.equal(key, bytesKey(overlayText(s)));
  assert.deepEqual(openFacts(paths, storeBuildOf(factsPath(paths))).get("overlay", file!, key!), { canonical: true, overlay: Overlay.parse(parseYaml(overlayText(s), { file: "o" })) }, "the update's own bytes: kept as its writer's output");
  write(join(s.knowledge, "graph", "local_state.yaml"), overlayText(s).replace("confidence: 0.87", "confidence: 0.5"));
  write(join(s.dir, "b.md"), memory({ task: "tb", used: [{ id: "x", useful: true, coverage: "sufficient" }] }));
  const r = run(s, ["update", "b.md", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual([r.json.nodes[0].before, r.json.nodes[0].after], [0.5, 0.52]);
});
