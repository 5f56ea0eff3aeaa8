// The recompile after `akms update` patches graph.json (core/compiler/update-patch.ts) instead of
// merging every node again. After every update of a long run of scenarios — boosts, propagation,
// new nodes, dedup appends, pitfalls, session_refs pruning, a PCD, a second repository on the same
// vault, and the cases the patch must refuse — graph.json must be byte for byte what a --no-cache
// build of a copy of the repository writes, and the patch must have been taken where it should.
import { after, test } from "node:test";
import { patchFaults } from "../../core/graph-file/patch.js";
import assert from "node:assert/strict";
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scratch, tmp, write, writeNode, type NodeSpec } from "../helpers.js";
import { memory, pcd, type KnowledgeIn, type PitfallIn, type Used } from "../update-helpers.js";
import { loadContext } from "../../core/context.js";
import { build, compileInMemory } from "../../core/compiler/build.js";
import { patchCounts } from "../../core/compiler/update-patch.js";
import { runUpdate } from "../../core/update/apply.js";
import { bytesKey, openFacts } from "../../core/store/facts.js";
import { readOverlayState, storedOverlay } from "../../core/overlay-file.js";
import { draft } from "../../core/review/actions.js";
import { replayEvidence } from "../../core/eval/replay.js";
import { graphWithout, inCanonicalOrder } from "../../core/update/in-order.js";
import { parseDocument } from "../../core/update/documents.js";
import { overlayText } from "../../core/update/overlay-io.js";
import { indexOrNone } from "../../core/graph.js";
import { mulberry32 } from "../../scripts/bench/genvault.js";

// Every patch in this file either answers or is not sure: a fault of a patch fails the file.
after(() => assert.deepEqual(patchFaults, []));

const env = { SOURCE_DATE_EPOCH: "1790000000" };
process.env.SOURCE_DATE_EPOCH = env.SOURCE_DATE_EPOCH;

const DRAFT = "Aliasing appears when the Green operator is evaluated on a coarse grid without zero padding";

function repoWith(s: ReturnType<typeof scratch>, config = "") {
  write(join(s.knowledge, "graph", "propagation_config.yaml"), `akms_schema: v2\nglobal_vault: ../vault\n${config}`);
  return loadContext({ repo: s.repo, env: {} });
}

function vault(): ReturnType<typeof scratch> {
  const s = scratch();
  const g = (id: string, o: Partial<NodeSpec> = {}) => writeNode(s.vault, { id, domain: "fft", confidence: 0.8, ...o });
  g("a", { edges: [{ to: "b", type: "requires", weight: 0.8 }] });
  g("b", { edges: [{ to: "c", type: "feeds-into", weight: 0.6 }] });
  g("c", { confidence: 0.55 });
  g("d", { domain: "io", edges: [{ to: "a", type: "refines", weight: 0.9, note: "a note" }] });
  g("e", { status: "tentative", domain: "io", extra: "content_ref: docs/e.md" });
  write(join(s.vault, "docs", "e.md"), "# E\n");
  g("f", { domain: "math", confidence: 0.9, edges: [{ to: "a", type: "contradicts", weight: 0.3 }] });
  for (let i = 0; i < 30; i++) g(`n-${String(i).padStart(2, "0")}`, { domain: "bulk", edges: i ? [{ to: `n-${String(i - 1).padStart(2, "0")}`, type: "requires", weight: 0.5 }] : [] });
  return s;
}

/** graph.json must equal what a --no-cache build of a copy writes. */
function assertAsFull(repo: string, label: string, version: string | undefined): void {
  const dir = tmp("akms-patch-ref-");
  const base = join(repo, "..");
  cpSync(base, dir, { recursive: true });
  const copy = join(dir, "repo");
  const graph = join(copy, "knowledge", "graph", "graph.json");
  rmSync(graph);
  const b = build(loadContext({ repo: copy, env: {} }), { env, noCache: true });
  assert.equal(readFileSync(join(repo, "knowledge", "graph", "graph.json"), "utf8"), readFileSync(graph, "utf8"), `${label}: graph.json differs from a --no-cache build`);
  if (version !== undefined) assert.equal(version, b.graphVersion, `${label}: graph_version`);
  rmSync(dir, { recursive: true, force: true });
}

interface Step {
  label: string;
  doc: string;
  /** Whether graph.json must be patched (else the full compile must be the one to run). */
  patched: boolean;
  before?: () => void;
}

function runSteps(s: ReturnType<typeof scratch>, steps: Step[]): void {
  const ctx = loadContext({ repo: s.repo, env: {} });
  steps.forEach((step, i) => {
    step.before?.();
    const file = write(join(s.dir, `doc-${i}.md`), step.doc);
    const before = { ...patchCounts };
    const r = runUpdate(ctx, [file], { env });
    assert.equal(r.documents[0]!.status, "applied", step.label);
    assert.equal(patchCounts.patched - before.patched, step.patched ? 1 : 0, `${step.label}: patched`);
    assert.equal(patchCounts.fallback - before.fallback, step.patched ? 0 : 1, `${step.label}: fell back`);
    assertAsFull(s.repo, step.label, r.graph?.graphVersion);
  });
}

const used = (...xs: [string, boolean, Used["coverage"]][]): Used[] => xs.map(([id, useful, coverage]) => ({ id, useful, coverage }));
const know = (suggested_id: string, content_draft: string, o: Partial<KnowledgeIn> = {}): KnowledgeIn => ({ suggested_id, content_draft, domain: "fft", ...o });
const pit = (node_ref: string | null, description: string, severity: PitfallIn["severity"] = "high"): PitfallIn => ({ node_ref, description, severity });

test("update after update, graph.json is patched and equals a --no-cache build each time", () => {
  const s = vault();
  const ctx = repoWith(s, "graph:\n  max_session_refs: 2\n");
  writeNode(join(s.knowledge, "local-nodes"), { id: "aliasing", title: "Aliasing", domain: "fft", status: "tentative", source: "agent", body: `# A\n\n## content_draft\n\n${DRAFT}\n` });
  writeNode(join(s.knowledge, "local-nodes"), { id: "loc", domain: "io", status: "established", edges: [{ to: "e", type: "requires", weight: 0.7 }] });
  build(ctx, { env });
  runSteps(s, [
    { label: "boosts and propagation", doc: memory({ task: "t1", used: used(["a", true, "sufficient"], ["c", false, "outdated"], ["d", true, "missing-detail"]) }), patched: true },
    { label: "the same nodes again", doc: memory({ task: "t2", used: used(["a", true, "sufficient"], ["b", true, "sufficient"]) }), patched: true },
    { label: "session_refs pruned", doc: memory({ task: "t3", date: "2026-03-06", used: used(["a", false, "outdated"], ["loc", true, "sufficient"]) }), patched: true },
    { label: "new nodes", doc: memory({ task: "t4", used: used(["f", true, "sufficient"]), knowledge: [know("zeta-new", "Zeta padding avoids wrap-around"), know("alpha-new", "Alpha", { domain: "io", tags: ["x", "y"] })] }), patched: true },
    { label: "dedup append", doc: memory({ task: "t5", used: used(["b", true, "sufficient"]), knowledge: [know("alias-2", DRAFT + " indeed", { title: "Aliasing" })] }), patched: true },
    {
      label: "pitfalls",
      doc: memory({ task: "t6", used: used(["c", true, "sufficient"]), pitfalls: [pit("a", "division by zero"), pit("a", "overflow", "low"), pit("n-03", "slow"), pit(null, "somewhere")] }),
      patched: true,
    },
    { label: "a new node and a pitfall on it later", doc: memory({ task: "t7", knowledge: [know("eps", "Regularise with epsilon", { domain: "math" })] }), patched: true },
    { label: "pitfall on a new local node", doc: memory({ task: "t8", used: used(["eps", true, "sufficient"]), pitfalls: [pit("eps", "careful", "medium")] }), patched: true },
    { label: "a PCD", doc: pcd({ phase: 1, used: used(["n-10", true, "sufficient"], ["loc", false, "outdated"]), pitfalls: [pit("n-20", "order matters")] }), patched: true },
    { label: "nothing used", doc: memory({ task: "t9" }), patched: true },
  ]);
});

test("a second repository on the same vault: each one's update is patched and exact", () => {
  const s = vault();
  const ctx = repoWith(s);
  build(ctx, { env });
  const other = join(s.dir, "repo2");
  write(join(other, "knowledge", "graph", "propagation_config.yaml"), "akms_schema: v2\nglobal_vault: ../vault\n");
  const ctx2 = loadContext({ repo: other, env: {} });
  build(ctx2, { env });
  for (let i = 0; i < 3; i++) {
    for (const [c, repo] of [
      [ctx, s.repo],
      [ctx2, other],
    ] as const) {
      const file = write(join(s.dir, `m-${i}-${c === ctx ? 1 : 2}.md`), memory({ task: `t${i}`, used: used(["a", i % 2 === 0, "sufficient"], ["n-05", true, "outdated"]), knowledge: [know(`k-${i}`, `knowledge number ${i}`)] }));
      const before = patchCounts.patched;
      const r = runUpdate(c, [file], { env });
      assert.equal(patchCounts.patched, before + 1);
      // The copy holds both repositories; the one compiled is `repo`.
      const dir = tmp("akms-patch-ref-");
      cpSync(s.dir, dir, { recursive: true });
      const copy = join(dir, repo === s.repo ? "repo" : "repo2");
      rmSync(join(copy, "knowledge", "graph", "graph.json"));
      const b = build(loadContext({ repo: copy, env: {} }), { env, noCache: true });
      assert.equal(readFileSync(join(repo, "knowledge", "graph", "graph.json"), "utf8"), readFileSync(join(copy, "knowledge", "graph", "graph.json"), "utf8"));
      assert.equal(r.graph?.graphVersion, b.graphVersion);
      rmSync(dir, { recursive: true, force: true });
    }
  }
});

test("what the patch cannot be sure of is compiled in full, and still exact", () => {
  const s = vault();
  // A dangling edge to a node an update will create, and a content_ref to a session file it will copy.
  writeNode(s.vault, { id: "g", domain: "fft", edges: [{ to: "future", type: "requires", weight: 0.5 }] });
  writeNode(join(s.knowledge, "local-nodes"), { id: "waits", domain: "fft", extra: "content_ref: sessions/t3.md" });
  writeNode(join(s.knowledge, "local-nodes"), { id: "drafty", title: "Drafty", domain: "io", status: "tentative", source: "agent", body: "# Drafty\n\nno draft section\n" });
  const ctx = repoWith(s);
  build(ctx, { env });
  const local = join(s.knowledge, "local-nodes");
  runSteps(s, [
    { label: "warnings unchanged", doc: memory({ task: "t1", used: used(["a", true, "sufficient"]) }), patched: true },
    { label: "a new node resolves a dangling edge", doc: memory({ task: "t2", knowledge: [know("future", "The future node")] }), patched: false },
    { label: "a copied session file resolves a content_ref", doc: memory({ task: "t3", used: used(["b", true, "sufficient"]) }), patched: false },
    { label: "after the fallbacks, patched again", doc: memory({ task: "t4", used: used(["c", true, "sufficient"]) }), patched: true },
    {
      label: "a dedup append adds the content_draft a warning is about",
      doc: memory({ task: "t5", knowledge: [know("drafty-2", "## content_draft\n\nno draft section", { domain: "io", title: "Drafty" })] }),
      patched: false,
    },
    {
      // The update's freshness test compiles the edited file first; the patch then builds on that compile.
      label: "a local node the update appends to was edited since the build: compiled first, then patched",
      before: () => {
        const f = join(local, "aliasing.md");
        writeNode(local, { id: "aliasing", title: "Aliasing", domain: "fft", status: "tentative", source: "agent", body: `# A\n\n## content_draft\n\n${DRAFT}\n` });
        build(ctx, { env });
        writeFileSync(f, readFileSync(f, "utf8").replace('title: "Aliasing"', 'title: "Aliasing, edited"'));
      },
      doc: memory({ task: "t6", knowledge: [know("alias-2", DRAFT + " indeed", { title: "Aliasing" })] }),
      patched: true,
    },
    {
      label: "an overlay edited by hand (then built) is patched from its parsed form",
      before: () => {
        const text = readFileSync(ctx.paths.overlay, "utf8");
        writeFileSync(ctx.paths.overlay, text.replace("akms_schema: v2", "# a comment\nakms_schema: v2"));
        build(ctx, { env });
      },
      doc: memory({ task: "t7", used: used(["a", true, "sufficient"]) }),
      patched: true,
    },
    {
      // The update compiles an overlay graph.json was not compiled from first, then patches its own change.
      label: "an overlay edited by hand and not built",
      before: () => writeFileSync(ctx.paths.overlay, readFileSync(ctx.paths.overlay, "utf8").replace("# a comment\n", "")),
      doc: memory({ task: "t8", used: used(["a", true, "sufficient"]) }),
      patched: true,
    },
  ]);
});

test("a patched update keeps the overlay it wrote as the store's one record of it, so the next build and update do not parse it again", () => {
  const s = vault();
  const ctx = repoWith(s);
  build(ctx, { env });
  const before = patchCounts.patched;
  runUpdate(ctx, [write(join(s.dir, "m.md"), memory({ task: "t1", used: used(["a", true, "sufficient"]) }))], { env });
  assert.equal(patchCounts.patched, before + 1);
  assert.deepEqual(openFacts(ctx.paths).entries("overlay"), [[ctx.paths.overlay, bytesKey(readFileSync(ctx.paths.overlay))]], "one record, of the bytes written");
  const read = storedOverlay(ctx.paths, "knowledge/graph/local_state.yaml");
  assert.equal(read.kept, true);
  assert.equal(read.canonical, true, "the update's own output");
  for (const f of ["parse-cache.bin", "parse-cache.delta"]) {
    const file = join(ctx.paths.cacheDir, f);
    assert.ok(!existsSync(file) || !readFileSync(file, "latin1").includes("local_state.yaml"), `no second record in ${f}`);
  }
  writeNode(s.vault, { id: "c", domain: "fft", confidence: 0.55, title: "C, edited" });
  const b = build(ctx, { env });
  assert.equal(b.fromCache, false);
  assertAsFull(s.repo, "the build after", b.graphVersion);
  build(ctx, { env, noCache: true });
  assert.equal(storedOverlay(ctx.paths, "knowledge/graph/local_state.yaml").canonical, true, "a --no-cache build, which parses the overlay, leaves the update's record as it was");
});

test("several documents in one call, taken ids, a drafted global node, history pruning: patched and exact", () => {
  const s = vault();
  const ctx = repoWith(s, "graph:\n  max_history: 1\n");
  build(ctx, { env });
  draft(ctx, { id: "b" });
  draft(ctx, { id: "e" });
  runSteps(s, [
    { label: "a drafted node used", doc: memory({ task: "t1", used: used(["b", true, "sufficient"], ["a", true, "sufficient"]) }), patched: true },
    { label: "history pruned", doc: memory({ task: "t2", date: "2026-03-07", used: used(["b", false, "outdated"], ["a", true, "sufficient"]) }), patched: true },
    { label: "a taken id, a global look-alike", doc: memory({ task: "t3", knowledge: [know("a", "Some other a"), know("e-like", "e", { title: "e", domain: "io" })] }), patched: true },
  ]);
  const one = write(join(s.dir, "one.md"), memory({ task: "t4", used: used(["c", true, "sufficient"]), pitfalls: [pit("c", "careful")] }));
  const two = write(join(s.dir, "two.md"), pcd({ phase: 2, used: used(["c", false, "missing-detail"], ["n-07", true, "sufficient"]), knowledge: [know("phase-two", "From the PCD")] }));
  const before = patchCounts.patched;
  const r = runUpdate(ctx, [one, two], { env });
  assert.equal(patchCounts.patched, before + 1);
  assertAsFull(s.repo, "two documents", r.graph?.graphVersion);
  assert.match(readFileSync(ctx.paths.graphJson, "utf8"), /"id": "a-2"/);
});

test("random updates in any order (seeded): each one patched and equal to a --no-cache build, the overlay the canonical replay", async () => {
  // Agents finish in any order: a document that sorts before applied ones (date, phase, session id)
  // takes them out and applies them again after it (core/update/in-order.ts). Each new draft has
  // words of its own, so no session's knowledge meets a later one's draft.
  const seed = Number(process.env.AKMS_FUZZ_SEED ?? 20261207);
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const s = vault();
  const ctx = repoWith(s, "graph:\n  max_session_refs: 3\n  max_history: 2\n");
  build(ctx, { env });
  const ids = ["a", "b", "c", "d", "e", "f", ...Array.from({ length: 30 }, (_, i) => `n-${String(i).padStart(2, "0")}`)];
  const tasks = Array.from({ length: 10 }, (_, i) => `r${i}`).sort(() => rand() - 0.5);
  const steps: Step[] = tasks.map((task, i) => {
    const usedNodes = [...new Set(Array.from({ length: 1 + Math.floor(rand() * 5) }, () => pick(ids)))].map((id) => [id, rand() < 0.6, pick(["sufficient", "outdated", "missing-detail"] as const)] as [string, boolean, Used["coverage"]]);
    const pitfalls = Array.from({ length: Math.floor(rand() * 3) }, () => pit(pick(ids), `bites ${i}`, pick(["high", "medium", "low"] as const)));
    const knowledge = rand() < 0.3 ? [know(`k-${task}`, `quux${i} zorp${i} blig${i} frob${i}`, { domain: pick(["fft", "io"]) })] : [];
    const o = { used: used(...usedNodes), pitfalls, knowledge, date: pick(["2026-03-04", "2026-03-05", "2026-03-06"]) };
    const doc = rand() < 0.2 ? pcd({ phase: 3 + i, ...o }) : memory({ task, phase: pick([1, 2]), ...o });
    return { label: `seed ${seed}, step ${i} (${task}, ${o.date})`, doc, patched: true };
  });
  runSteps(s, steps);
  const replayed = await replayEvidence(ctx, env);
  assert.equal(replayed.docs.length, steps.length);
  assert.deepEqual(replayed.differs, [], "the overlay is the canonical replay of its evidence");
  // Its bytes, partly copied from the overlay before each update, are what the writer gives it whole.
  assert.equal(readFileSync(ctx.paths.overlay, "utf8"), overlayText(readOverlayState(ctx)!.overlay));
  // The graph those sessions are planned on again is, node for node, the compile without them.
  for (const [i, date] of ["2026-03-01", "2026-03-05"].entries()) {
    const file = write(join(s.dir, `early-${i}.md`), memory({ task: `q${i}`, date, used: used(["a", true, "sufficient"]) }));
    const doc = parseDocument(readFileSync(file), file, file);
    const order = inCanonicalOrder(ctx, [doc], readOverlayState(ctx));
    assert.ok(order !== null && typeof order !== "string" && order.again.length > 0, date);
    const view = graphWithout(ctx, indexOrNone(ctx.paths)!, order)!;
    const bytes = Buffer.from(overlayText(order.state.overlay), "utf8");
    const ovFile = write(join(tmp("akms-without-"), "local_state.yaml"), bytes.toString("utf8"));
    const compiled = compileInMemory(ctx, { overlay: { file: ovFile, bytes, data: order.state.overlay } });
    assert.deepEqual([...view.nodes.keys()].sort(), [...compiled.nodes.keys()].sort(), `${date}: the same nodes`);
    for (const id of compiled.nodes.keys()) {
      const { origin_session: _s, origin_phase: _p, ...want } = compiled.nodes.get(id) as unknown as Record<string, unknown>;
      const { origin_session: _s2, origin_phase: _p2, ...got } = view.nodes.get(id) as unknown as Record<string, unknown>;
      assert.deepEqual(got, want, `${date}: node ${id}`);
      assert.deepEqual(view.in.get(id) ?? [], compiled.in.get(id) ?? [], `${date}: the links into ${id}`);
    }
    for (const domain of ["fft", "io", "math", "session"]) assert.deepEqual(view.domainIndex.get(domain) ?? [], compiled.domainIndex.get(domain) ?? [], `${date}: domain ${domain}`);
  }
});

test("random updates (seeded): each one patched and equal to a --no-cache build", () => {
  const seed = Number(process.env.AKMS_FUZZ_SEED ?? 20261130);
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const s = vault();
  const mirror = (rel: string, id: string) =>
    write(
      join(s.knowledge, "code-mirror", rel),
      `---\nid: ${id}\ntitle: "Code Mirror: ${rel}"\ndomain: code-mirror\nstatus: established\nconfidence: 1.0\nsource: generated\nauto_update: true\ncontent_ref: code-mirror/${rel}\nsource_file: src/${rel}\ngenerated_at: 2026-11-06T16:20:00\ngenerated_by_phase: 1\nakms_schema: v2\n---\n\n# ${rel}\n`,
    );
  mirror("a/x.md", "mirror-a-x");
  mirror("b/c/y.md", "mirror-b-c-y");
  const ctx = repoWith(s, "graph:\n  max_session_refs: 3\n  max_history: 2\n");
  build(ctx, { env });
  const ids = ["a", "b", "c", "d", "e", "f", ...Array.from({ length: 30 }, (_, i) => `n-${String(i).padStart(2, "0")}`)];
  const words = ["grid", "padding", "alias", "spectrum", "kernel", "epsilon", "order", "cache", "phase", "boundary"];
  const draft = () => Array.from({ length: 4 + Math.floor(rand() * 4) }, () => pick(words)).join(" ");
  const steps: Step[] = [];
  for (let i = 0; i < 12; i++) {
    const u = Array.from({ length: 1 + Math.floor(rand() * 5) }, () => pick(ids));
    const usedNodes = [...new Set(u)].map((id) => [id, rand() < 0.6, pick(["sufficient", "outdated", "missing-detail"] as const)] as [string, boolean, Used["coverage"]]);
    if (rand() < 0.2) usedNodes.push(["mirror-a-x", true, "sufficient"]);
    const pitfalls = Array.from({ length: Math.floor(rand() * 3) }, () => pit(pick(ids), draft(), pick(["high", "medium", "low"] as const)));
    const knowledge = Array.from({ length: Math.floor(rand() * 3) }, (_, k) => know(`k-${i}-${k}`, draft(), { domain: pick(["fft", "io", "math"]), title: pick(words) }));
    const o = { used: used(...usedNodes), pitfalls, knowledge, date: `2026-03-${String(4 + i).padStart(2, "0")}` };
    const doc = rand() < 0.25 ? pcd({ phase: 10 + i, ...o }) : memory({ task: `r${i}`, ...o });
    steps.push({ label: `seed ${seed}, step ${i}`, doc, patched: true });
  }
  runSteps(s, steps);
});
