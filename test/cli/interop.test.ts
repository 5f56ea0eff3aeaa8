// Same files, same answers (issue 22): a knowledge base in the Python implementation's shapes
// (fixtures/interop) validates, builds, queries and updates with the answers the spec gives.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { load } from "js-yaml";
import { akms, PYTHON, ROOT, tmp } from "../helpers.js";

function copy(): { repo: string; knowledge: string } {
  const dir = tmp("akms-interop-");
  cpSync(join(ROOT, "fixtures", "interop"), dir, { recursive: true });
  return { repo: join(dir, "repo"), knowledge: join(dir, "repo", "knowledge") };
}
const ENV = { AKMS_GLOBAL_VAULT: "", SOURCE_DATE_EPOCH: "1767225600" };

test("every file of the fixture validates, and validate and build agree on an overlay pitfall edge to a non-session node", () => {
  const s = copy();
  const files = [
    ...readdirSync(join(s.repo, "..", "vault")).map((f) => join(s.repo, "..", "vault", f)),
    join(s.knowledge, "graph", "local_state.yaml"),
    ...readdirSync(join(s.knowledge, "sessions")).map((f) => join(s.knowledge, "sessions", f)),
    join(s.knowledge, "tasks", "TASK-302.json"),
  ];
  const r = akms(["validate", ...files, "--json"], { cwd: s.repo, env: ENV });
  assert.equal(r.code, 0, r.stdout);
  const bad = readFileSync(join(s.knowledge, "graph", "local_state.yaml"), "utf8").replace("to: session-task-100", "to: spectral-solver");
  const f = join(s.knowledge, "graph", "bad", "local_state.yaml");
  mkdirSync(join(s.knowledge, "graph", "bad"), { recursive: true });
  writeFileSync(f, bad);
  const v = akms(["validate", f, "--kind", "overlay", "--json"], { env: ENV });
  assert.equal(v.code, 1);
  assert.equal(v.json.files[0].errors[0].code, "PITFALL_TARGET");
});

test("build: every node carries activations and last_activated, and NetworkX loads it", () => {
  const s = copy();
  assert.equal(akms(["build", "--repo", s.repo], { env: ENV }).code, 0);
  const g = JSON.parse(readFileSync(join(s.knowledge, "graph", "graph.json"), "utf8"));
  for (const n of g.nodes) {
    assert.ok("activations" in n && "last_activated" in n, n.id);
  }
  assert.deepEqual(
    g.nodes.filter((n: { id: string }) => n.id === "spectral-solver").map((n: { activations: number; last_activated: null }) => [n.activations, n.last_activated]),
    [[0, null]],
  );
  const py = spawnSync(PYTHON, ["-c", "import json,sys,networkx as nx; g=nx.node_link_graph(json.load(open(sys.argv[1])), edges='links'); print(all('activations' in d for _, d in g.nodes(data=True)))", join(s.knowledge, "graph", "graph.json")], { encoding: "utf8" });
  assert.equal(py.stdout.trim(), "True", py.stderr);
});

test("query and loadout: a pitfall node below threshold is injected and marked; load_with co-loads", () => {
  const s = copy();
  assert.equal(akms(["build", "--repo", s.repo], { env: ENV }).code, 0);
  const q = akms(["query", "--task", "knowledge/tasks/TASK-302.json", "--json"], { cwd: s.repo, env: ENV });
  assert.equal(q.code, 0, q.stderr);
  const byId = new Map(q.json.nodes.map((n: { id: string }) => [n.id, n]));
  const fft = byId.get("fft-grid") as { below_threshold?: boolean; pitfall_injected: boolean; why: string };
  assert.ok(fft, "the degraded pitfall node is in");
  assert.equal(fft.below_threshold, true);
  assert.equal(fft.pitfall_injected, true);
  assert.match(fft.why, /below threshold.*pitfall warnings only/);
  const co = byId.get("solver-checklist") as { co_loaded_with?: string; why: string };
  assert.equal(co?.co_loaded_with, "spectral-solver");
  assert.match(co.why, /co-loaded with spectral-solver/);
  assert.ok(q.json.pitfalls.some((p: { from: string }) => p.from === "fft-grid"));
  const lo = akms(["loadout", "--task", "knowledge/tasks/TASK-302.json", "--no-qmd", "--json"], { cwd: s.repo, env: ENV });
  assert.equal(lo.code, 0, lo.stderr);
  const md = readFileSync(join(s.repo, lo.json.shown), "utf8");
  assert.match(md, /\| `fft-grid` .*\| pitfalls-only \(below threshold; 1 warning under Known Pitfalls\) \|/);
  assert.match(md, /\| `solver-checklist` Solver checklist \(co-loaded with `spectral-solver`\) \|/);
  assert.match(md, /`fft-grid` → `session-task-100` \(weight 0\.8\): Nyquist column not zeroed/);
  assert.match(md, /`fft-grid` \(its `## Pitfalls`, below threshold\): The Nyquist frequency/);
  const explain = akms(["query", "--task", "knowledge/tasks/TASK-302.json", "--explain"], { cwd: s.repo, env: ENV });
  assert.match(explain.stdout, /fft-grid .*pitfall-injected \(below threshold\)/);
  assert.match(explain.stdout, /solver-checklist .*co-loaded with spectral-solver/);
  assert.equal((explain.stdout.match(/rank: /g) ?? []).length, q.json.nodes.length, "one rank derivation per node");
});

test("update: outcomes in the spec's vocabulary beside the task status, several agents' pitfalls kept apart, upper-case task ids", () => {
  const s = copy();
  const u = akms(["update", "knowledge/sessions/TASK-101.md", "knowledge/sessions/handoff_phase_1.md", "--json"], { cwd: s.repo, env: ENV });
  assert.equal(u.code, 0, u.stdout + u.stderr);
  const ov = load(readFileSync(join(s.knowledge, "graph", "local_state.yaml"), "utf8")) as { session_nodes: Record<string, { outcome: string; task_status: string }>; local_edges: { from: string; to: string; reports?: { severity: string; note: string }[] }[] };
  assert.deepEqual([ov.session_nodes["session-task-101"]!.outcome, ov.session_nodes["session-task-101"]!.task_status], ["partial", "deferred"]);
  assert.deepEqual([ov.session_nodes["session-phase1"]!.outcome, ov.session_nodes["session-phase1"]!.task_status], ["partial", "deferred"]);
  assert.equal(ov.session_nodes["session-task-100"]!.outcome, "success", "the other vocabulary is read and kept");
  const e = ov.local_edges.find((x) => x.from === "spectral-solver" && x.to === "session-phase1")!;
  assert.deepEqual(e.reports!.map((r) => r.severity), ["high", "low"]);
});

test("a repository the Python implementation worked (fixtures/interop/python): it builds, nothing is applied twice in either order, both pitfall reports on one node are kept", () => {
  const dir = tmp("akms-interop-py-");
  cpSync(join(ROOT, "fixtures", "interop"), dir, { recursive: true });
  const repo = join(dir, "python", "repo");
  const overlayFile = join(repo, "knowledge", "graph", "local_state.yaml");
  // Its session ids keep the task id as written (session-TCR-101) and say session-phase-1.
  const v = akms(["validate", overlayFile, "--json"], { cwd: repo, env: ENV });
  assert.equal(v.code, 0, v.stdout);
  const b = akms(["build", "--repo", repo, "--json"], { env: ENV });
  assert.equal(b.code, 0, b.stderr + b.stdout);
  const g = JSON.parse(readFileSync(join(repo, "knowledge", "graph", "graph.json"), "utf8"));
  assert.ok(g.nodes.some((n: { id: string }) => n.id === "session-TCR-101") && g.nodes.some((n: { id: string }) => n.id === "session-phase-1"));
  // Two pitfall edges for one node and session (one per report, as it writes them): one edge, both reports.
  const pit = g.links.filter((l: { source: string; target: string }) => l.source === "spectral-solver" && l.target === "session-TCR-101");
  assert.equal(pit.length, 1);
  assert.deepEqual(pit[0].reports.map((r: { note: string; task_id: string }) => [r.task_id, r.note.slice(0, 20)]), [["TCR-101", "The residual stalls "], ["TCR-101", "A second solve reuse"]]);
  assert.equal(pit[0].weight, 0.8);
  // The documents it applied (its ledger names them) are not applied again.
  const before = readFileSync(overlayFile);
  const again = akms(["update", "knowledge/sessions/TCR-101.md", "knowledge/sessions/handoff_phase_1.md", "--json"], { cwd: repo, env: ENV });
  assert.equal(again.code, 0, again.stderr + again.stdout);
  assert.deepEqual(again.json.documents.map((d: { status: string }) => d.status), ["already-applied", "already-applied"]);
  assert.ok(again.json.warnings.some((w: string) => /processed_sources already names TCR-101/.test(w)));
  assert.ok(again.json.warnings.some((w: string) => /processed_sources already names phase-1/.test(w)));
  assert.ok(readFileSync(overlayFile).equals(before), "the overlay is untouched");
  // A new document: applied, and named in the ledger as the Python implementation names it, so it will not apply it again; its own keys stay.
  const next = akms(["update", "knowledge/sessions/TCR-102.md", "--json"], { cwd: repo, env: ENV });
  assert.equal(next.code, 0, next.stderr + next.stdout);
  const ov = load(readFileSync(overlayFile, "utf8")) as Record<string, unknown>;
  assert.deepEqual(ov.processed_sources, ["TCR-101", "TCR-102", "phase-1"], "sorted: the same evidence, the same bytes in any order");
  assert.ok(Array.isArray(ov.coverage_flags) && (ov.local_edges as { source_id?: string }[]).every((e) => e.source_id === "TCR-101"), "what only the Python implementation reads is kept");
});

test("akms writes the ledger the Python implementation checks, in its spelling (task id as written; phase-N for a PCD)", () => {
  const s = copy();
  const r = akms(["update", "knowledge/sessions/TASK-101.md", "knowledge/sessions/handoff_phase_1.md", "--json"], { cwd: s.repo, env: ENV });
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const ov = load(readFileSync(join(s.knowledge, "graph", "local_state.yaml"), "utf8")) as Record<string, unknown>;
  for (const id of ["TASK-101", "phase-1"]) assert.ok((ov.processed_sources as string[]).includes(id), `${id} in ${JSON.stringify(ov.processed_sources)}`);
});

test("where the spec is silent, the other reading is a config key: loadout.ego_direction both walks edges backwards too, loadout.tag_match exact compares tags as written", () => {
  const s = copy();
  const file = join(s.knowledge, "graph", "propagation_config.yaml");
  const cfgText = readFileSync(file, "utf8");
  assert.doesNotMatch(cfgText, /^loadout:/m);
  const run = (loadoutKey: string | null, tags: string) => {
    writeFileSync(file, loadoutKey ? `${cfgText}\nloadout:\n  ${loadoutKey}\n` : cfgText);
    const r = akms(["query", "--tags", tags, "--repo", s.repo, "--json"], { env: ENV });
    assert.equal(r.code, 0, r.stderr + r.stdout);
    return r.json.nodes.map((n: { id: string }) => n.id).filter((id: string) => id !== "solver-checklist").sort(); // (fft-grid co-loads the checklist)
  };
  // spectral-solver requires fft-grid; "fft" seeds fft-grid alone.
  assert.deepEqual(run(null, "fft"), ["fft-grid"], "out-edges only (NetworkX's ego_graph on a DiGraph)");
  assert.deepEqual(run("ego_direction: both", "fft"), ["fft-grid", "spectral-solver"], "both: spectral-solver's requires edge walked backwards");
  assert.deepEqual(run(null, "FFT"), ["fft-grid"], "tags match case-insensitively by default");
  assert.deepEqual(run("tag_match: exact", "FFT"), [], "exact: FFT is not fft");
});
