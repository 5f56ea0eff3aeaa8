// akms export, read back by the tools people use: NetworkX (GraphML, GEXF), Graphviz (DOT), and
// Obsidian's own rules for a vault (every [[link]] a note, flat properties).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { akms, builtDemo, copyDemo, PYTHON, scratch, treeHash, writeNode } from "../helpers.js";
import { consumerLimits } from "../../core/export/formats.js";

function demo() {
  const d = copyDemo();
  const base = ["--repo", d.repo, "--vault", d.vault];
  assert.equal(akms(["build", ...base]).code, 0);
  const graph = JSON.parse(readFileSync(join(d.knowledge, "graph", "graph.json"), "utf8")) as { nodes: Record<string, unknown>[]; links: Record<string, unknown>[] };
  return { ...d, base, graph };
}

const py = (script: string) => {
  const r = spawnSync(PYTHON, ["-c", script], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
};

test("GraphML and GEXF read back by NetworkX: every node and edge of graph.json with its attributes", () => {
  const d = demo();
  for (const format of ["graphml", "gexf"]) {
    const out = join(d.dir, `g.${format}`);
    const r = akms(["export", "--format", format, "--out", out, ...d.base, "--json"]);
    assert.equal(r.code, 0, r.stderr);
    const read = py(`
import json, networkx as nx
g = nx.read_${format}(${JSON.stringify(out)})
print(json.dumps({"directed": g.is_directed(), "nodes": {n: a for n, a in g.nodes(data=True)}, "edges": sorted([[s, t, a["type"], float(a["weight"]), a["edge_origin"]] for s, t, a in g.edges(data=True)])}))`);
    assert.equal(read.directed, true, format);
    assert.equal(Object.keys(read.nodes).length, d.graph.nodes.length, `${format}: node count`);
    for (const n of d.graph.nodes) {
      const a = read.nodes[n.id as string];
      assert.ok(a, `${format}: node ${n.id}`);
      for (const k of ["title", "domain", "status", "node_origin", "source"]) assert.equal(a[k] ?? "", n[k] ?? "", `${format}: ${n.id}.${k}`);
      for (const k of ["confidence", "confidence_default"]) assert.equal(Number(a[k]), n[k], `${format}: ${n.id}.${k}`);
    }
    const edges = d.graph.links.map((l) => [l.source, l.target, l.type, l.weight, l.edge_origin ?? "global"]).sort();
    assert.deepEqual(read.edges, edges.sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1)).map((e) => e), `${format}: every edge with its type, weight and origin`);
  }
});

test("graphology's own GraphML and GEXF parsers read the exports back: the same nodes, edges and attributes", async () => {
  const d = demo();
  const { MultiDirectedGraph } = await import("graphology");
  const graphml = await import("graphology-graphml");
  const gexf = await import("graphology-gexf");
  for (const [format, parse] of [
    ["graphml", graphml.parse],
    ["gexf", gexf.parse],
  ] as const) {
    const r = akms(["export", "--format", format, ...d.base]);
    assert.equal(r.code, 0, r.stderr);
    const g = parse(MultiDirectedGraph, r.stdout);
    assert.equal(g.order, d.graph.nodes.length, format);
    assert.equal(g.size, d.graph.links.length, format);
    for (const n of d.graph.nodes) {
      const a = g.getNodeAttributes(n.id as string);
      assert.equal(a.status, n.status, `${format}: ${n.id}`);
      assert.equal(Number(a.confidence), n.confidence, `${format}: ${n.id}`);
    }
    const types = new Set(g.mapEdges((_e, a) => a.type));
    assert.ok(types.has("requires") && types.has("contradicts"), `${format}: edge types kept`);
  }
});

test("DOT renders with the real Graphviz; Mermaid has its header, one line per edge and safe ids; Cytoscape is JSON; the same graph gives the same bytes", { skip: spawnSync("dot", ["-V"]).status === 0 || process.env.CI ? false : "Graphviz is not installed (CI installs it)" }, () => {
  const d = demo();
  const run = (format: string) => {
    const r = akms(["export", "--format", format, ...d.base]);
    assert.equal(r.code, 0, r.stderr);
    return r.stdout;
  };
  const dotText = run("dot");
  const svg = spawnSync("dot", ["-Tsvg"], { input: dotText, encoding: "utf8" });
  assert.equal(svg.status, 0, svg.stderr);
  assert.match(svg.stdout, /<svg/);
  assert.match(dotText, /color="#d62728".*style=bold/, "contradicts edges are red and bold");
  const mm = run("mermaid").split("\n");
  assert.equal(mm[0], "flowchart LR");
  const edgeLines = mm.filter((l) => /^ {2}n\d+ (-->|==>|-\.->)\|/.test(l));
  assert.equal(edgeLines.length, d.graph.links.length, "one line per edge");
  assert.equal(mm.filter((l) => /^ {2}linkStyle \d+ stroke:/.test(l)).length, d.graph.links.length, "each edge styled by its type");
  for (const l of mm.filter((x) => /^ {2}n\d+\[/.test(x))) assert.match(l, /^ {2}n\d+\["[^"\[\]()<>|]*"\]$/, `a node line with a quoted, escaped label: ${l}`);
  const cy = JSON.parse(run("cytoscape"));
  assert.equal(cy.elements.nodes.length, d.graph.nodes.length);
  assert.equal(cy.elements.edges.length, d.graph.links.length);
  for (const f of ["graphml", "gexf", "dot", "mermaid", "cytoscape"]) assert.equal(run(f), run(f), `${f}: deterministic`);
});

test("the subgraph options select what akms query selects, or the ego graph of a node", () => {
  const d = demo();
  const q = akms(["query", "--tags", "green-operator,nyquist", "--role", "physics_reviewer", ...d.base, "--json"]);
  assert.equal(q.code, 0, q.stderr);
  const ids = (q.json.nodes as { id: string }[]).map((n) => n.id).sort();
  const e = akms(["export", "--format", "cytoscape", "--tags", "green-operator,nyquist", "--role", "physics_reviewer", ...d.base]);
  assert.equal(e.code, 0, e.stderr);
  const cy = JSON.parse(e.stdout);
  assert.deepEqual(cy.elements.nodes.map((n: { data: { id: string } }) => n.data.id), ids);
  for (const x of cy.elements.edges) assert.ok(ids.includes(x.data.source) && ids.includes(x.data.target), "only edges among the selected nodes");
  // A role that follows pitfalls: the query's pitfall sessions come along, with the warning edges.
  const qi = akms(["query", "--tags", "green-operator,nyquist", ...d.base, "--json"]);
  const withSessions = [...(qi.json.nodes as { id: string }[]).map((n) => n.id), ...qi.json.sessions].sort();
  assert.deepEqual(qi.json.sessions, ["session-task-101", "session-task-102"]);
  const ei = JSON.parse(akms(["export", "--format", "cytoscape", "--tags", "green-operator,nyquist", ...d.base]).stdout);
  assert.deepEqual(ei.elements.nodes.map((n: { data: { id: string } }) => n.data.id), withSessions);
  const warned = ei.elements.edges.filter((x: { data: { type: string; note: string } }) => x.data.type === "pitfall");
  assert.ok(warned.length >= 2 && warned.every((x: { data: { note: string } }) => x.data.note !== ""), "the pitfall edges, with their warnings");
  // --around: the node and everything one edge away, either direction.
  const center = "green-operator-caching";
  const near = new Set([center]);
  for (const l of d.graph.links) {
    if (l.source === center) near.add(l.target as string);
    if (l.target === center) near.add(l.source as string);
  }
  const a = akms(["export", "--format", "cytoscape", "--around", center, "--radius", "1", ...d.base]);
  assert.equal(a.code, 0, a.stderr);
  assert.deepEqual(JSON.parse(a.stdout).elements.nodes.map((n: { data: { id: string } }) => n.data.id), [...near].sort());
});

test("akms export obsidian: a note per node, flat properties, every [[link]] resolves, agent-authored nodes marked, the sources untouched; a refresh replaces it", () => {
  const d = demo();
  const before = [treeHash(d.vault), treeHash(d.repo)];
  const dir = join(d.dir, "obsidian");
  const r = akms(["export", "obsidian", dir, ...d.base, "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const notes = readdirSync(dir).filter((f) => f.endsWith(".md"));
  assert.equal(notes.length, d.graph.nodes.length);
  const names = new Set(notes.map((f) => f.replace(/\.md$/, "")));
  for (const f of notes) {
    const text = readFileSync(join(dir, f), "utf8");
    const fm = /^---\n([\s\S]*?)\n---\n/.exec(text);
    assert.ok(fm, `${f}: frontmatter`);
    // Flat: each property a scalar or a list of scalars (no nested maps).
    for (const line of fm[1]!.split("\n")) assert.match(line, /^([A-Za-z_-]+: .*|[A-Za-z_-]+:|  - .*)$/, `${f}: flat property line: ${line}`);
    for (const m of text.matchAll(/\[\[([^\]|#]+)(?:[|#][^\]]*)?\]\]/g)) assert.ok(names.has(m[1]!), `${f}: [[${m[1]}]] resolves to a note`);
    assert.match(text, /\n## Links\n/);
  }
  const agent = d.graph.nodes.find((n) => n.source === "agent")!;
  assert.match(readFileSync(join(dir, `${agent.id}.md`), "utf8"), /agent_authored: true[\s\S]*Agent-authored/);
  assert.deepEqual([treeHash(d.vault), treeHash(d.repo)], before, "the vault and the repository are untouched");
  const again = akms(["export", "obsidian", dir, ...d.base]);
  assert.equal(again.code, 0, again.stderr);
  assert.equal(readdirSync(dir).filter((f) => f.endsWith(".md")).length, notes.length);
});

test("akms export obsidian says what it wrote in words that agree with the counts: 1 typed link, 2 notes", () => {
  const s = scratch();
  writeNode(s.vault, { id: "alpha", title: "Alpha", domain: "d", tags: ["a"], confidence: 0.8, edges: [{ to: "beta", type: "requires", weight: 0.5 }] });
  writeNode(s.vault, { id: "beta", title: "Beta", domain: "d", tags: ["a"], confidence: 0.8 });
  const r = akms(["export", "obsidian", join(s.dir, "obs"), "--repo", s.repo, "--vault", s.vault]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^wrote 2 notes with 1 typed link to /);
});

test("obsidian: a session's note says when, how it went, the nodes used, lessons, pitfalls and new knowledge; a content_ref node's note carries the referenced content", () => {
  const d = demo();
  const out = join(d.dir, "obs");
  assert.equal(akms(["export", "obsidian", out, ...d.base]).code, 0);
  const session = readFileSync(join(out, "session-phase1.md"), "utf8");
  for (const re of [/^date: '2026-11-06'$/m, /^outcome: partial$/m, /^phase: 1$/m, /^### Nodes used\n\n- \[\[basic-scheme-moulinec-suquet\]\] — useful, sufficient$/m, /^### Lessons\n\n- worked: /m, /^### Pitfalls\n\n- \[\[convergence-criterion-strain-increment\]\] \(high\)/m, /^### New knowledge\n\n- created \[\[job-cache-key-solver-version\]\]$/m, /^# Phase 1 Handoff/m]) {
    assert.match(session, re);
  }
  const node = readFileSync(join(out, "benchmark-microstructures.md"), "utf8");
  const ref = readFileSync(join(d.vault, "docs", "benchmark-microstructures.md"), "utf8");
  const last = ref.trim().split("\n").at(-1)!;
  assert.ok(node.includes(last), "the content_ref target's text is in the note");
  assert.match(node, /> Content from `[^`]*docs\/benchmark-microstructures\.md` \(its content_ref\)\./);
  assert.match(node, /^activations: \d+$/m);
});

test("bad input: an unknown format, a non-empty directory, the vault or knowledge/ as target, --around an unknown id — a clear error, nothing written", () => {
  const d = demo();
  const before = [treeHash(d.vault), treeHash(d.repo)];
  const bad = (args: string[], code: number, re: RegExp) => {
    const r = akms([...args, ...d.base]);
    assert.equal(r.code, code, `${args.join(" ")}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, re);
    assert.doesNotMatch(r.stderr, /\n\s+at /, "no stack trace");
  };
  bad(["export", "--format", "xml"], 2, /--format must be one of graphml, gexf, dot, mermaid, cytoscape \(got "xml"\)/);
  bad(["export"], 2, /--format must be one of/);
  bad(["export", "--format", "obsidian"], 2, /\(got "obsidian"\) — an Obsidian vault is a folder of notes: akms export obsidian DIR/);
  const full = join(d.dir, "full");
  mkdirSync(full);
  writeFileSync(join(full, "mine.txt"), "keep me\n");
  bad(["export", "obsidian", full], 2, /is not empty and is not an earlier export/);
  assert.equal(readFileSync(join(full, "mine.txt"), "utf8"), "keep me\n");
  bad(["export", "obsidian", d.vault], 2, /the global vault; the export never writes there/);
  bad(["export", "obsidian", join(d.knowledge, "x")], 2, /inside knowledge\/; the export never writes there/);
  bad(["export", "--format", "dot", "--around", "no-such-node"], 1, /no node "no-such-node" in the compiled graph/);
  bad(["export", "--format", "dot", "--around", "green-operator-caching", "--tags", "x"], 2, /not both/);
  assert.equal(existsSync(join(d.dir, "obsidian")), false);
  assert.deepEqual([treeHash(d.vault), treeHash(d.repo)], before);
});

test("exports carry pitfall notes and severities, activations and last_activated, and edge ids that an update does not rename", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault };
  const cy = (out: string) => {
    assert.equal(akms(["export", "--format", "cytoscape", "--out", out], { cwd: d.repo, env }).code, 0);
    return JSON.parse(readFileSync(out, "utf8")) as { elements: { nodes: { data: any }[]; edges: { data: any }[] } };
  };
  const before = cy(join(d.dir, "before.json"));
  const pit = before.elements.edges.find((e) => e.data.type === "pitfall" && e.data.source === "green-operator-continuous")!;
  assert.match(pit.data.note, /Regularising \|ξ\|² with an epsilon/);
  assert.equal(pit.data.severity, "high");
  assert.equal(pit.data.id, "green-operator-continuous->session-task-101:pitfall");
  const n = before.elements.nodes.find((x) => x.data.id === "basic-scheme-moulinec-suquet")!;
  assert.equal(n.data.activations, 6);
  assert.equal(akms(["update", "knowledge/sessions/task-103.md"], { cwd: d.repo, env }).code, 0);
  const after = cy(join(d.dir, "after.json"));
  const ids = new Map(after.elements.edges.map((e) => [e.data.id, `${e.data.source} ${e.data.target} ${e.data.type}`]));
  for (const e of before.elements.edges) {
    if (ids.has(e.data.id)) assert.equal(ids.get(e.data.id), `${e.data.source} ${e.data.target} ${e.data.type}`, "an id names the same edge after the update");
  }
  const kept = before.elements.edges.filter((e) => ids.has(e.data.id)).length;
  assert.ok(kept >= before.elements.edges.length - 2, `${kept} of ${before.elements.edges.length} ids survive the update`);
  const gml = join(d.dir, "g.graphml");
  assert.equal(akms(["export", "--format", "graphml", "--out", gml], { cwd: d.repo, env }).code, 0);
  assert.match(readFileSync(gml, "utf8"), /<key id="e_note" for="edge" attr.name="note" attr.type="string"\/>/);
});

test("obsidian: a re-export keeps .obsidian/ and the notes a person added; a target that is a link into the vault or knowledge/ is refused; a killed export's hidden copy is removed by the next", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault };
  const out = join(d.dir, "obs");
  assert.equal(akms(["export", "obsidian", out], { cwd: d.repo, env }).code, 0);
  mkdirSync(join(out, ".obsidian"));
  writeFileSync(join(out, ".obsidian", "app.json"), '{"theme":"dark"}');
  writeFileSync(join(out, "my-note.md"), "# mine\n");
  writeFileSync(join(d.dir, ".obs.akms-999999.tmp"), "left by a killed run");
  assert.equal(akms(["export", "obsidian", out], { cwd: d.repo, env }).code, 0);
  assert.equal(readFileSync(join(out, ".obsidian", "app.json"), "utf8"), '{"theme":"dark"}');
  assert.equal(readFileSync(join(out, "my-note.md"), "utf8"), "# mine\n");
  assert.ok(existsSync(join(out, "nyquist-frequency-handling.md")));
  assert.ok(!existsSync(join(d.dir, ".obs.akms-999999.tmp")), "the dead run's copy is gone");
  const link = join(d.dir, "link");
  symlinkSync(d.vault, link);
  const before = treeHash(d.vault);
  const r = akms(["export", "obsidian", link], { cwd: d.repo, env });
  assert.equal(r.code, 2, r.stdout);
  assert.match(r.stderr, /global vault/);
  assert.equal(treeHash(d.vault), before, "nothing written into the vault");
});

test("past a consumer's known limits the export says so, with the way around (Mermaid's maxTextSize and maxEdges, dot's layout time); within them, nothing", () => {
  const g = (order: number, size: number) => ({ order, size }) as unknown as Parameters<typeof consumerLimits>[0];
  assert.deepEqual(consumerLimits(g(50, 80), "mermaid", "x".repeat(10_000)), []);
  const big = consumerLimits(g(5_800, 9_000), "mermaid", "x".repeat(985_000));
  assert.equal(big.length, 2);
  assert.match(big[0]!, /985,000 characters; Mermaid renders only an error box past its maxTextSize \(50,000 by default\): export a part: --around ID --radius 1, or --tags a,b/);
  assert.match(big[1]!, /9,000 edges; Mermaid refuses more than its maxEdges \(500 by default\)/);
  assert.deepEqual(consumerLimits(g(1_500, 3_000), "dot", ""), []);
  assert.match(consumerLimits(g(5_800, 9_000), "dot", "")[0]!, /5,800 nodes: Graphviz's dot layout may not finish .* sfdp/);
  assert.deepEqual(consumerLimits(g(200_000, 900_000), "graphml", ""), [], "GraphML readers have no such limit");
  // The demo is within every limit: no warning, none on stderr.
  const d = builtDemo();
  const r = akms(["export", "--format", "mermaid", "--repo", d.repo, "--json"], { env: { AKMS_GLOBAL_VAULT: d.vault } });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(r.json.warnings, []);
  assert.doesNotMatch(r.stderr, /warning/);
});
