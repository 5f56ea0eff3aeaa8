// Pitfalls from several agents are never merged (spec §5.8, issue 16.5): every report keeps its
// weight, severity, note and task — in the overlay, in graph.json (still NetworkX-loadable), in the
// loadout's Known Pitfalls, in query --json and in the review report.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { load } from "js-yaml";
import { PYTHON, write } from "../helpers.js";
import { graphOf, kb, memory, pcd, run } from "../update-helpers.js";

const SEVERITIES = ["high", "low", "medium"] as const;
const WEIGHT = { high: 0.8, medium: 0.5, low: 0.3 };

for (const n of [2, 3, 10]) {
  test(`${n} reports on one node stay ${n} records everywhere`, () => {
    const s = kb([{ id: "x", domain: "fft", tags: ["fft"] }]);
    const reports = Array.from({ length: n }, (_, i) => ({ node_ref: "x", description: `AGENT-${i + 1}: what bit agent ${i + 1}`, severity: SEVERITIES[i % 3]!, task_id: `t${i + 1}` }));
    write(join(s.knowledge, "sessions", "handoff_phase_1.md"), pcd({ phase: 1, pitfalls: reports as never }));
    const u = run(s, ["update", "repo/knowledge/sessions/handoff_phase_1.md", "--json"]);
    assert.equal(u.code, 0, u.stderr + u.stdout);
    const ov = load(readFileSync(join(s.knowledge, "graph", "local_state.yaml"), "utf8")) as { local_edges: { from: string; to: string; weight: number; reports: unknown[] }[] };
    const edge = ov.local_edges.find((e) => e.from === "x" && e.to === "session-phase1")!;
    assert.equal(edge.weight, n > 1 ? 0.8 : WEIGHT[reports[0]!.severity]);
    const expected = reports.map((r) => ({ weight: WEIGHT[r.severity], severity: r.severity, note: r.description, task_id: r.task_id }));
    assert.deepEqual(edge.reports, expected, "the overlay keeps each report");
    const link = graphOf(s).links.find((l) => l.source === "x" && l.target === "session-phase1")!;
    assert.deepEqual(link.reports, expected, "graph.json keeps each report");
    const py = spawnSync(PYTHON, ["-c", "import json,sys,networkx as nx; g=nx.node_link_graph(json.load(open(sys.argv[1])), edges='links'); print(len(g['x']['session-phase1']['reports']))", join(s.knowledge, "graph", "graph.json")], { encoding: "utf8" });
    assert.equal(py.status, 0, py.stderr);
    assert.equal(py.stdout.trim(), String(n), "NetworkX loads it, with every report on the edge");
    const q = run(s, ["query", "--tags", "fft", "--json"]);
    assert.equal(q.json.pitfalls[0].reports.length, n);
    assert.equal(run(s, ["loadout", "--tags", "fft", "--no-qmd", "--out", "lo.md"]).code, 0);
    const md = readFileSync(join(s.dir, "lo.md"), "utf8");
    const known = md.slice(md.indexOf("## Known Pitfalls"), md.indexOf("## Relevant Session History"));
    for (const r of reports) assert.ok(known.includes(`(${r.severity}, weight ${WEIGHT[r.severity]}, task ${r.task_id}): ${r.description}`), `loadout line for ${r.task_id}`);
    const rep = run(s, ["review", "--report", "--phase", "1", "--out", "rep.md"]);
    assert.equal(rep.code, 0, rep.stderr);
    const report = readFileSync(join(s.dir, "rep.md"), "utf8");
    for (const r of reports) assert.ok(report.includes(`task ${r.task_id}`) && report.includes(r.description.slice(0, 20)), `report row for ${r.task_id}`);
    const st = run(s, ["status", "--json"]);
    assert.equal(st.json.sections.pitfalls.filter((p: { session: string }) => p.session === "session-phase1").length, n);
  });
}

test("a pitfall reported again in later sessions is one warning in the loadout, naming its first sessions and counting the rest; another pitfall on the node keeps its own line", () => {
  const s = kb([{ id: "x", domain: "fft", tags: ["fft"] }]);
  const bite = (task: string, date: string, description: string) =>
    write(join(s.knowledge, "sessions", `${task}.md`), memory({ task, date, pitfalls: [{ node_ref: "x", description, severity: "high" }] as never }));
  bite("t1", "2026-03-02", "The pool is exhausted under load");
  for (let i = 2; i <= 7; i++) bite(`t${i}`, `2026-03-0${i + 1}`, "the pool is exhausted under load!");
  bite("t8", "2026-03-09", "Timeouts hide the real error");
  const u = run(s, ["update", ...Array.from({ length: 8 }, (_, i) => `repo/knowledge/sessions/t${i + 1}.md`)]);
  assert.equal(u.code, 0, u.stderr + u.stdout);
  // Recorded as separate additive edges (spec §5.8): eight edges, in query --json too.
  assert.equal(run(s, ["query", "--tags", "fft", "--json"]).json.pitfalls.length, 8);
  assert.equal(run(s, ["loadout", "--tags", "fft", "--no-qmd", "--out", "lo.md"]).code, 0);
  const md = readFileSync(join(s.dir, "lo.md"), "utf8");
  const known = md.slice(md.indexOf("## Known Pitfalls"), md.indexOf("## Relevant Session History")).trim().split("\n").slice(2);
  assert.deepEqual(known, [
    `- \`x\` (weight 0.8): The pool is exhausted under load — reported in 7 sessions: ${[1, 2, 3, 4, 5].map((i) => `\`session-t${i}\` — knowledge/sessions/t${i}.md`).join("; ")}; and 2 more (Relevant Session History)`,
    "- `x` → `session-t8` (weight 0.8): Timeouts hide the real error — knowledge/sessions/t8.md",
  ]);
});
