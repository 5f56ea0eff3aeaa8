import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { detectByLocation, parseKind, validateFile, type FileReport } from "../../core/validate.js";
import { LIMITS } from "../../core/yaml.js";
import { AkmsError } from "../../core/errors.js";
import { scratch, write } from "../helpers.js";
import { CONFIG_TEMPLATE } from "../../core/init.js";
import { OVERLAY, TASK, agentMemory, aliasBomb, globalNode, loadout, localNode, mirrorNode, pcd } from "../fixtures-text.js";

/** A scratch layout with one valid file of every kind; returns their paths. */
function layout() {
  const s = scratch();
  const k = s.knowledge;
  const files = {
    global: write(join(s.vault, "alpha.md"), globalNode("alpha")),
    local: write(join(k, "local-nodes", "beta.md"), localNode("beta")),
    mirror: write(join(k, "code-mirror", "a.md"), mirrorNode()),
    overlay: write(join(k, "graph", "local_state.yaml"), OVERLAY),
    memory: write(join(k, "sessions", "t1.md"), agentMemory()),
    pcd: write(join(k, "sessions", "handoff_phase_1.md"), pcd()),
    task: write(join(k, "tasks", "t1.json"), TASK),
    loadout: write(join(k, "loadouts", "phase1-t1-loadout.md"), loadout()),
    config: write(join(k, "graph", "propagation_config.yaml"), CONFIG_TEMPLATE),
  };
  return { ...s, files };
}

function errorsOf(r: FileReport): string {
  return r.errors.map((p) => `${p.code}|${p.line}|${p.field}|${p.message}|${p.hint}`).join("\n");
}

/** Every problem names the file, carries a hint, and (where the text has one) a line. */
function assertLocated(r: FileReport, opts: { line?: boolean } = {}) {
  assert.ok(r.errors.length > 0, `expected errors for ${r.file}`);
  for (const p of r.errors) {
    assert.equal(p.file, r.file);
    assert.ok(p.hint && p.hint.length > 5, `no hint: ${JSON.stringify(p)}`);
    if (opts.line !== false) assert.ok(typeof p.line === "number" && p.line >= 1, `no line: ${JSON.stringify(p)}`);
  }
}

test("every kind is detected from its name or location and its valid file passes", () => {
  const { files } = layout();
  const expect: [string, string, RegExp][] = [
    [files.global, "global-node", /has id, file not under local-nodes/],
    [files.local, "local-node", /under local-nodes\//],
    [files.mirror, "mirror-node", /under code-mirror\//],
    [files.overlay, "overlay", /file name local_state\.yaml/],
    [files.memory, "agent-memory", /under sessions\//],
    [files.pcd, "pcd", /handoff_phase_<N>\.md/],
    [files.task, "task", /under tasks\//],
    [files.loadout, "loadout", /-loadout\.md/],
    [files.config, "config", /file name propagation_config\.yaml/],
  ];
  for (const [file, kind, why] of expect) {
    const r = validateFile(file);
    assert.equal(r.kind, kind, file);
    assert.match(r.detected_by ?? "", why);
    assert.deepEqual(r.errors, [], `${file}\n${errorsOf(r)}`);
    assert.deepEqual(r.warnings, [], `${file}: ${JSON.stringify(r.warnings)}`);
    assert.equal(r.ok, true);
  }
});

test("outside the known places the distinguishing fields decide, and say which", () => {
  const s = scratch();
  const cases: [string, string, string][] = [
    ["x/a.md", pcd(), "pcd"],
    ["x/b.md", agentMemory(), "agent-memory"],
    ["x/c.md", loadout(), "loadout"],
    ["x/d.md", mirrorNode(), "mirror-node"],
    ["x/overlay.yaml", OVERLAY, "overlay"],
    ["x/settings.yaml", "akms_schema: v2\nconfidence:\n  hop_limit: 2\n", "config"],
    ["x/t1.json", TASK, "task"],
  ];
  for (const [rel, text, kind] of cases) {
    const r = validateFile(write(join(s.dir, rel), text));
    assert.equal(r.kind, kind, rel);
    assert.ok(r.detected_by && r.detected_by.length > 5);
  }
});

test("an undetectable file is a clear error listing the kinds and --kind; --kind overrides detection", () => {
  const s = scratch();
  const plain = write(join(s.dir, "notes.md"), "# Just notes\n");
  const r = validateFile(plain);
  assert.equal(r.kind, null);
  assert.equal(r.errors[0]!.code, "UNKNOWN_KIND");
  assert.match(r.errors[0]!.hint!, /--kind/);
  assert.match(r.errors[0]!.hint!, /global-node, local-node, mirror-node, overlay, agent-memory, pcd, task, loadout, config/);
  const odd = validateFile(write(join(s.dir, "x.yaml"), "akms_schema: v2\nfoo: 1\n"));
  assert.equal(odd.errors[0]!.code, "UNKNOWN_KIND");
  const graph = validateFile(write(join(s.dir, "graph.json"), '{"directed": true, "nodes": [], "links": []}\n'));
  assert.match(graph.errors[0]!.message, /compiled graph/);
  const txt = validateFile(write(join(s.dir, "x.txt"), "hello\n"));
  assert.match(txt.errors[0]!.message, /extension/);
  // The same global-looking node, forced to be a local node.
  const g = write(join(s.dir, "gamma.md"), localNode("gamma", { source: "human", body: "# Gamma\n" }));
  assert.equal(validateFile(g).kind, "global-node");
  const forced = validateFile(g, { kind: parseKind("local-node") });
  assert.equal(forced.kind, "local-node");
  assert.equal(forced.detected_by, "--kind");
  assert.equal(forced.ok, true);
  assert.equal(parseKind("code-mirror"), "mirror-node");
  assert.throws(() => parseKind("widget"), (e: AkmsError) => e.code === "USAGE" && e.exitCode === 2 && /global-node/.test(e.hint ?? ""));
});

test("a wrongly detected file's first error says how to override the kind", () => {
  const s = scratch();
  const f = write(join(s.knowledge, "sessions", "notes.md"), globalNode("notes"));
  const r = validateFile(f);
  assert.equal(r.kind, "agent-memory");
  assert.match(r.errors[0]!.hint!, /pass --kind/);
});

test("detection never looks beyond the nearest known directory", () => {
  assert.equal(detectByLocation("/a/local-nodes/x/code-mirror/m.md")?.kind, "mirror-node");
  assert.equal(detectByLocation("/a/code-mirror/local-nodes/n.md")?.kind, "local-node");
  assert.equal(detectByLocation("/a/tasks/t.md"), null);
  assert.equal(detectByLocation("/a/local-nodes/t.json"), null);
});

test("malformed YAML in every YAML-bearing kind names the file and the line", () => {
  const { files } = layout();
  const bad: [string, string][] = [
    [files.global, "---\nid: alpha\ntitle: [unclosed\ndomain: d\n---\n"],
    [files.local, "---\nid: beta\n  title: bad indent\n---\n"],
    [files.mirror, "---\nid: mirror-a\ntitle: \"unterminated\n---\n"],
    [files.memory, "---\ntask_id: t1\ntask_id: t2\nakms_schema: v2\n---\n"], // duplicate key
    [files.pcd, "---\nphase_id: 1\nnext_phase_warnings: [a, \n---\n"],
    [files.loadout, "---\ntask_id: t1\n: no key\n---\n"],
    [files.overlay, "akms_schema: v2\nnodes:\n  alpha: {confidence: 0.5\n"],
    [files.config, "akms_schema: v2\nconfidence:\n\t- tab\n"],
  ];
  for (const [file, text] of bad) {
    writeFileSync(file, text);
    const r = validateFile(file);
    assert.equal(r.ok, false, file);
    assert.equal(r.errors[0]!.code, "YAML", `${file}\n${errorsOf(r)}`);
    assertLocated(r);
    assert.ok(r.errors[0]!.line! >= 2, file);
  }
});

test("malformed JSON in a task record names the line", () => {
  const { files } = layout();
  writeFileSync(files.task, '{\n  "task_id": "t1",\n  "akms_tags": [],\n  "akms_schema": "v2",\n}\n');
  const r = validateFile(files.task);
  assert.equal(r.errors[0]!.code, "JSON");
  assert.equal(r.errors[0]!.line, 5);
  writeFileSync(files.task, '["t1"]\n');
  assert.match(validateFile(files.task).errors[0]!.message, /JSON object/);
});

test("wrong types are reported as wrong types with the allowed values, never as missing", () => {
  const { files } = layout();
  writeFileSync(files.global, globalNode("alpha").replace("confidence: 0.8", "confidence: high").replace("status: established", "status: done"));
  const g = validateFile(files.global);
  assert.match(errorsOf(g), /\|7\|confidence\|must be a number between 0\.0 and 1\.0/);
  assert.match(errorsOf(g), /\|6\|status\|must be one of draft \| tentative \| established \| deprecated/);
  assert.doesNotMatch(errorsOf(g), /missing/);
  writeFileSync(files.memory, agentMemory().replace("tests_passed: 3", "tests_passed: three").replace("useful: true", "useful: maybe"));
  const m = validateFile(files.memory);
  assert.match(errorsOf(m), /tests_passed\|must be an integer/);
  assert.match(errorsOf(m), /nodes_used\[0\]\.useful\|must be true or false/);
  writeFileSync(files.task, TASK.replace('"akms_tags": []', '"akms_tags": "spectral"'));
  const t = validateFile(files.task);
  assert.match(errorsOf(t), /\|5\|akms_tags\|must be a list of tags/);
  writeFileSync(files.overlay, OVERLAY.replace("weight: 0.5", "weight: heavy"));
  assert.match(errorsOf(validateFile(files.overlay)), /\|12\|local_edges\[0\]\.weight\|must be a number/);
  writeFileSync(files.loadout, loadout().replace("loadout_mode: routing", "loadout_mode: compact"));
  assert.match(errorsOf(validateFile(files.loadout)), /\|9\|loadout_mode\|must be routing or full/);
  writeFileSync(files.pcd, pcd().replace("date: 2026-03-04", "date: yesterday"));
  assert.match(errorsOf(validateFile(files.pcd)), /\|date\|must be an ISO date like 2026-03-04, or must be an ISO 8601 timestamp/);
});

test("missing required fields are named, with a hint to add them", () => {
  const { files } = layout();
  writeFileSync(files.global, globalNode("alpha").replace('title: "Alpha"\n', "").replace("tags: [spectral]\n", ""));
  const g = validateFile(files.global);
  assertLocated(g);
  const fields = g.errors.map((p) => p.field).sort();
  assert.deepEqual(fields, ["tags", "title"]);
  for (const p of g.errors) {
    assert.equal(p.message, "is required but missing");
    assert.match(p.hint!, new RegExp(`add \`${p.field}\``));
  }
  writeFileSync(files.mirror, mirrorNode().replace("source_file: src/a.py\n", ""));
  assert.match(errorsOf(validateFile(files.mirror)), /source_file\|is required but missing/);
  writeFileSync(files.memory, agentMemory().replace("agent_model: model-x\n", ""));
  assert.match(errorsOf(validateFile(files.memory)), /agent_model\|is required but missing/);
  writeFileSync(files.task, '{"task_id": "t1", "akms_schema": "v2"}\n');
  assert.match(errorsOf(validateFile(files.task)), /akms_tags\|is required but missing/);
  writeFileSync(files.overlay, OVERLAY.replace("    phase: 1\n", ""));
  assert.match(errorsOf(validateFile(files.overlay)), /session_nodes\.session-t1\.phase\|is required but missing/);
  writeFileSync(files.pcd, pcd().replace("branch: phase-1\n", ""));
  assert.match(errorsOf(validateFile(files.pcd)), /branch\|is required but missing/);
});

test("a wrong schema version is SCHEMA_VERSION in every kind; a missing one says to add it", () => {
  const { files } = layout();
  for (const f of Object.values(files)) {
    const isJson = f.endsWith(".json");
    const text = readFileSync(f, "utf8");
    writeFileSync(f, isJson ? text.replace('"akms_schema": "v2"', '"akms_schema": "v1"') : text.replace("akms_schema: v2", "akms_schema: v3"));
    const r = validateFile(f);
    assert.equal(r.ok, false, f);
    assert.equal(r.errors[0]!.code, "SCHEMA_VERSION", `${f}\n${errorsOf(r)}`);
    assert.equal(r.errors[0]!.field, "akms_schema");
    assert.ok(r.errors[0]!.line! >= 1, f);
    assert.match(r.errors[0]!.message, /expected "v2"/);
  }
  writeFileSync(files.global, globalNode("alpha").replace("akms_schema: v2\n", ""));
  const m = validateFile(files.global);
  assert.equal(m.errors[0]!.code, "SCHEMA_VERSION");
  assert.match(m.errors[0]!.message, /missing/);
  assert.match(m.errors[0]!.hint!, /akms_schema: v2/);
});

test("path-like ids are rejected wherever an id appears, upper case in node ids but not in task ids (the spec's TASK-101)", () => {
  const { files } = layout();
  for (const id of ["../x", "a/b", "Alpha", ".hidden", "a..b"]) {
    writeFileSync(files.global, globalNode(JSON.stringify(id)));
    const r = validateFile(files.global);
    assert.equal(r.ok, false, id);
    assert.equal(r.errors[0]!.field, "id", id);
    assert.equal(r.errors[0]!.line, 2);
  }
  writeFileSync(files.global, globalNode("alpha", "edges:\n  - to: ../etc/passwd\n    type: requires\n    weight: 1.0\n"));
  assert.match(errorsOf(validateFile(files.global)), /edges\[0\]\.to\|must match/);
  writeFileSync(files.overlay, OVERLAY.replace("  alpha:\n", '  "../x":\n'));
  assert.match(errorsOf(validateFile(files.overlay)), /\|nodes\.\.\.\/x\|the key "\.\.\/x" must match/);
  writeFileSync(files.task, TASK.replace('"task_id": "t1"', '"task_id": "T/1"'));
  assert.match(errorsOf(validateFile(files.task)), /\|2\|task_id\|must match/);
  writeFileSync(files.memory, agentMemory().replace("task_id: t1", "task_id: TASK/101"));
  assert.match(errorsOf(validateFile(files.memory)), /\|2\|task_id\|must match/);
  writeFileSync(files.memory, agentMemory().replace("task_id: t1", "task_id: .TASK-101"));
  assert.match(errorsOf(validateFile(files.memory)), /\|2\|task_id\|must match/);
  writeFileSync(files.memory, agentMemory().replace("task_id: t1", "task_id: TASK-101"));
  assert.equal(validateFile(files.memory).ok, true, errorsOf(validateFile(files.memory)));
});

test("`..`, absolute and symlinked-out content_refs are flagged and never read", () => {
  const s = layout();
  const outside = write(join(s.dir, "secret.md"), "secret\n");
  for (const ref of ["../secret.md", "/etc/passwd", "docs/../../secret.md", "~/x.md"]) {
    writeFileSync(s.files.global, globalNode("alpha", `content_ref: "${ref}"\n`));
    const r = validateFile(s.files.global);
    assert.equal(r.ok, true, ref); // a warning, as the build gives (spec §4.1.5: warning, not a crash)
    assert.equal(r.warnings[0]!.code, "MISSING_CONTENT_REF", ref);
    assert.equal(r.warnings[0]!.line, 9);
    assert.match(r.warnings[0]!.message, /absolute or climbs out/);
  }
  symlinkSync(outside, join(s.vault, "link.md"));
  writeFileSync(s.files.global, globalNode("alpha", "content_ref: link.md\n"));
  assert.match(validateFile(s.files.global).warnings[0]!.message, /does not resolve to a file inside/);
  write(join(s.vault, "docs", "alpha.md"), "the content\n");
  writeFileSync(s.files.global, globalNode("alpha", "content_ref: docs/alpha.md\n"));
  assert.deepEqual(validateFile(s.files.global).warnings, []);
  writeFileSync(s.files.local, localNode("beta", { extra: "content_ref: ../../secret.md\n" }));
  assert.equal(validateFile(s.files.local).warnings[0]!.code, "MISSING_CONTENT_REF");
  writeFileSync(s.files.overlay, OVERLAY.replace("content_ref: sessions/t1.md", "content_ref: /etc/passwd"));
  const o = validateFile(s.files.overlay);
  assert.equal(o.warnings[0]!.field, "session_nodes.session-t1.content_ref");
  assert.equal(o.warnings[0]!.line, 17);
});

test("YAML alias bombs are refused in every YAML-bearing kind", () => {
  const { files } = layout();
  const fm = (t: string) => `---\n${t}akms_schema: v2\n---\n`;
  for (const [file, text] of [
    [files.global, fm(`id: alpha\n${aliasBomb()}`)],
    [files.local, fm(`id: beta\n${aliasBomb()}`)],
    [files.memory, fm(`task_id: t1\n${aliasBomb()}`)],
    [files.pcd, fm(aliasBomb())],
    [files.loadout, fm(aliasBomb())],
    [files.mirror, fm(aliasBomb())],
    [files.overlay, `akms_schema: v2\n${aliasBomb()}`],
    [files.config, `akms_schema: v2\n${aliasBomb()}`],
  ] as const) {
    writeFileSync(file, text);
    const t0 = Date.now();
    const r = validateFile(file);
    assert.ok(Date.now() - t0 < 5000, "the alias bomb took too long");
    assert.equal(r.errors[0]!.code, "YAML", file);
    assert.match(r.errors[0]!.message, /alias bomb/);
    assert.match(r.errors[0]!.hint!, /anchors\/aliases/);
  }
});

test("oversized files a person writes are refused before parsing; the overlay akms writes has no byte cap", () => {
  const { files } = layout();
  const big = "x".repeat(LIMITS.maxFileBytes + 1);
  for (const f of [files.global, files.task]) {
    writeFileSync(f, big);
    const r = validateFile(f);
    assert.equal(r.errors[0]!.code, "TOO_LARGE", f);
    assert.match(r.errors[0]!.message, /too large/);
  }
  writeFileSync(files.overlay, big);
  const ov = validateFile(files.overlay);
  assert.notEqual(ov.errors[0]!.code, "TOO_LARGE", "read and parsed: what is wrong is its content");
  // Under the file limit but over the YAML limit.
  writeFileSync(files.global, `---\nid: alpha\ntitle: "${"y".repeat(LIMITS.maxYamlBytes)}"\n---\n`);
  const y = validateFile(files.global);
  assert.equal(y.errors[0]!.code, "YAML");
  assert.match(y.errors[0]!.message, /too large/);
});

test("non-UTF-8 bytes are an ENCODING error naming the line", () => {
  const { files } = layout();
  for (const f of [files.global, files.overlay, files.task, files.config]) {
    writeFileSync(f, Buffer.concat([Buffer.from("line one\nline two \""), Buffer.from([0xc3, 0x28]), Buffer.from("\"\n")]));
    const r = validateFile(f);
    assert.equal(r.errors[0]!.code, "ENCODING", f);
    assert.equal(r.errors[0]!.line, 2);
  }
});

test("a UTF-8 byte-order mark does not hide the frontmatter", () => {
  const { files } = layout();
  writeFileSync(files.global, "\uFEFF" + globalNode("alpha"));
  assert.equal(validateFile(files.global).ok, true);
  writeFileSync(files.task, "\uFEFF" + TASK);
  assert.equal(validateFile(files.task).ok, true);
});

test("an empty file and a Markdown file without frontmatter are clear errors", () => {
  const { files } = layout();
  for (const f of Object.values(files)) {
    writeFileSync(f, "  \n");
    const r = validateFile(f);
    assert.equal(r.errors[0]!.code, "EMPTY", f);
    assert.match(r.errors[0]!.message, /empty/);
    assertLocated(r);
  }
  writeFileSync(files.local, "# Beta\n\nNo frontmatter here.\n");
  const n = validateFile(files.local);
  assert.equal(n.kind, "local-node");
  assert.match(n.errors[0]!.message, /no YAML frontmatter/);
  assertLocated(n);
  writeFileSync(files.global, "---\n---\n# empty frontmatter\n");
  assert.match(validateFile(files.global).errors[0]!.message, /frontmatter is empty/);
});

test("a global node with experiential fields is rejected field by field", () => {
  const { files } = layout();
  writeFileSync(files.global, globalNode("alpha", "activations: 3\nlast_activated: 2026-01-01\nauto_update: true\n"));
  const r = validateFile(files.global);
  assert.deepEqual(
    r.errors.map((p) => [p.field, p.line]),
    [["activations", 9], ["last_activated", 10], ["auto_update", 11]],
  );
  assert.match(r.errors[0]!.message, /experiential fields are not allowed in a global node/);
});

test("local node constraints of spec §4.1.4", () => {
  const { files } = layout();
  writeFileSync(files.local, localNode("beta", { source: "generated" }));
  const gen = validateFile(files.local);
  assert.equal(gen.errors[0]!.field, "source");
  assert.equal(gen.errors[0]!.line, 8);
  assert.match(gen.errors[0]!.message, /generated is reserved for code-mirror nodes/);
  writeFileSync(files.local, localNode("beta", { body: "Agent text without the marker.\n" }));
  const noDraft = validateFile(files.local);
  assert.equal(noDraft.errors[0]!.code, "MISSING_CONTENT_DRAFT");
  assert.equal(noDraft.errors[0]!.line, 11); // the body starts after the closing fence
  assert.match(noDraft.errors[0]!.hint!, /## content_draft/);
  // A human-promoted agent node no longer needs the marker: a warning only.
  writeFileSync(files.local, localNode("beta", { status: "established", body: "Reviewed text.\n" }));
  const promoted = validateFile(files.local);
  assert.equal(promoted.ok, true);
  assert.equal(promoted.warnings[0]!.code, "MISSING_CONTENT_DRAFT");
  // Local nodes may carry experiential fields (promotion path).
  writeFileSync(files.local, localNode("beta", { source: "human", extra: "activations: 2\n", body: "# Beta\n" }));
  assert.equal(validateFile(files.local).ok, true);
});

test("a node whose id does not match its file name is valid with a warning", () => {
  const { files } = layout();
  writeFileSync(files.global, globalNode("alpha-two"));
  const r = validateFile(files.global);
  assert.equal(r.ok, true);
  assert.equal(r.warnings[0]!.code, "ID_FILENAME_MISMATCH");
  assert.equal(r.warnings[0]!.line, 2);
  assert.match(r.warnings[0]!.hint!, /alpha-two\.md/);
  writeFileSync(files.task, TASK.replace('"task_id": "t1"', '"task_id": "t2"'));
  assert.equal(validateFile(files.task).warnings[0]!.code, "ID_FILENAME_MISMATCH");
  writeFileSync(files.pcd, pcd().replace("phase_id: 1", "phase_id: 2"));
  assert.equal(validateFile(files.pcd).warnings[0]!.code, "ID_FILENAME_MISMATCH");
});

test("a code-mirror node with tags or edges is rejected", () => {
  const { files } = layout();
  writeFileSync(files.mirror, mirrorNode("tags: [python]\nedges: []\n"));
  const r = validateFile(files.mirror);
  assert.deepEqual(r.errors.map((p) => [p.field, p.line]), [["tags", 13], ["edges", 14]]);
  assert.match(r.errors[0]!.message, /a code-mirror node has no tags \(spec §4\.7\)/);
  writeFileSync(files.mirror, mirrorNode().replace("confidence: 1.0", "confidence: 0.9"));
  assert.match(errorsOf(validateFile(files.mirror)), /confidence\|must be 1\.0/);
});

test("an overlay with non-empty suppressed_edges is rejected", () => {
  const { files } = layout();
  writeFileSync(files.overlay, OVERLAY.replace("suppressed_edges: []", "suppressed_edges:\n  - {from: alpha, to: beta}"));
  const r = validateFile(files.overlay);
  assert.equal(r.errors[0]!.field, "suppressed_edges");
  assert.equal(r.errors[0]!.line, 19);
  assert.match(r.errors[0]!.message, /MUST be an empty list \[\]/);
});

test("a PCD with empty next_phase_warnings is rejected (FR-M06)", () => {
  const { files } = layout();
  writeFileSync(files.pcd, pcd("[]"));
  const r = validateFile(files.pcd);
  assert.equal(r.errors[0]!.field, "next_phase_warnings");
  assert.equal(r.errors[0]!.line, 15);
  assert.match(r.errors[0]!.message, /at least one entry/);
  writeFileSync(files.pcd, pcd('[""]'));
  assert.match(errorsOf(validateFile(files.pcd)), /next_phase_warnings\[0\]\|must not be empty/);
});

test("a loadout's fixed sections must all be present, in order", () => {
  const { files } = layout();
  writeFileSync(files.loadout, loadout(["Domain Knowledge", "Relevant Session History", "Suggested Reading Order"]));
  const missing = validateFile(files.loadout);
  assert.equal(missing.errors.length, 1);
  assert.match(missing.errors[0]!.message, /`## Known Pitfalls` section is missing/);
  assert.equal(missing.errors[0]!.field, "body");
  assertLocated(missing);
  writeFileSync(files.loadout, loadout(["Known Pitfalls", "Domain Knowledge", "Relevant Session History", "Suggested Reading Order"]));
  const order = validateFile(files.loadout);
  assert.equal(order.errors.length, 1);
  assert.match(order.errors[0]!.message, /`## Known Pitfalls` section is out of order/);
  assert.equal(order.errors[0]!.line, 17);
  // Headings inside fenced code (inline node content) do not count.
  const fenced = loadout().replace("## Known Pitfalls", "```md\n## Known Pitfalls\n```");
  writeFileSync(files.loadout, fenced);
  assert.match(errorsOf(validateFile(files.loadout)), /Known Pitfalls` section is missing/);
  writeFileSync(files.loadout, loadout().replace("# Loadout: t1", "# Something"));
  assert.match(errorsOf(validateFile(files.loadout)), /`# Loadout: <task>` title is missing/);
  // Extra sections (### Summaries, a node's own headings) are fine.
  writeFileSync(files.loadout, loadout().replace("## Known Pitfalls", "### Summaries\n\nx\n\n## Known Pitfalls"));
  assert.equal(validateFile(files.loadout).ok, true);
});

test("a loadout header is validated", () => {
  const { files } = layout();
  writeFileSync(files.loadout, loadout().replace("graph_version: abcdef123456", "graph_version: not-a-hash").replace("qmd_available: false\n", ""));
  const r = validateFile(files.loadout);
  assert.match(errorsOf(r), /graph_version\|must be a hex hash/);
  assert.match(errorsOf(r), /qmd_available\|is required but missing/);
});

test("a config is validated through parseConfig: bad values are errors, unknown keys warnings", () => {
  const { files } = layout();
  writeFileSync(files.config, "akms_schema: v2\nloadout:\n  mode_selection:\n    default_mode: fast\n");
  const r = validateFile(files.config);
  assert.equal(r.errors[0]!.code, "CONFIG");
  assert.equal(r.errors[0]!.line, 4);
  assert.match(r.errors[0]!.message, /routing or full/);
  writeFileSync(files.config, "akms_schema: v2\nconfidnce:\n  hop_limit: 2\n");
  const w = validateFile(files.config);
  assert.equal(w.ok, true);
  assert.deepEqual(w.warnings.map((p) => [p.code, p.field, p.line]), [["UNKNOWN_KEY", "confidnce", 2]]);
});

test("a missing file, a directory and a file given relative to cwd", () => {
  const s = layout();
  const gone = validateFile(join(s.dir, "nope.md"));
  assert.equal(gone.errors[0]!.code, "NOT_FOUND");
  const dir = validateFile(s.vault);
  assert.equal(dir.errors[0]!.code, "NOT_A_FILE");
  mkdirSync(join(s.dir, "sub"), { recursive: true });
  const rel = validateFile("alpha.md", { cwd: s.vault });
  assert.equal(rel.file, "alpha.md");
  assert.equal(rel.ok, true);
});
