// The targeted recompile (BuildOptions.wrote): a caller that knows exactly which files it wrote has
// only those statted. Its graph.json must be what a --no-cache build writes, and a file changed
// behind its back must still be caught by the next ordinary build.
import { after, test } from "node:test";
import { NotSure, patchFaults } from "../../core/graph-file/patch.js";
import assert from "node:assert/strict";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scratch, settle, write, writeNode } from "../helpers.js";
import { loadContext, type Context } from "../../core/context.js";
import { build, buildLocked, compileGraph, graphIsFresh } from "../../core/compiler/build.js";
import { blankGeneratedAt } from "../../core/graph-file/version.js";
import { pyJsonChunks } from "../../core/pyjson.js";
import { readNode } from "../../core/compiler/sources.js";
import { loadGraph } from "../graph-json.js";
import { localNodeText, reviewPatchCounts, reviewText, type ReviewEdit } from "../../core/review/recompile.js";
import { dumpOverlay, overlayLimits } from "../../core/update/overlay-io.js";
import type { Overlay } from "../../core/schemas/overlay.js";
import { indexOfLoaded } from "../../core/graph.js";
import { graphFromText } from "../graph-json.js";
import { dedupAccept, dedupReject, draft, promote, undo } from "../../core/review/actions.js";
import { runUpdate } from "../../core/update/apply.js";
import { memory } from "../update-helpers.js";
import { readPrepared } from "../../core/settle.js";

// Every patch in this file either answers or is not sure: a fault of a patch fails the file.
after(() => assert.deepEqual(patchFaults, []));

process.env.SOURCE_DATE_EPOCH = "1790000000";
const env = { SOURCE_DATE_EPOCH: "1790000000" };

/** graph.json's bytes, then the bytes a --no-cache build writes from the same sources (left in place). */
function againstNoCache(ctx: Context): [Buffer, Buffer] {
  const bytes = readFileSync(ctx.paths.graphJson);
  rmSync(ctx.paths.graphJson);
  build(ctx, { env, noCache: true });
  return [bytes, readFileSync(ctx.paths.graphJson)];
}

const DEDUP_BODY =
  "> agent-authored\n\n## content_draft\n\nOld text.\n\n<!-- akms:dedup session=session-phase3 score=0.9 status=pending -->\n**Agent-authored, awaiting review.** From `session-phase3` (new knowledge `note`): x.\n\nNew text.\n<!-- akms:end -->\n";

function dedupRepo() {
  const s = scratch();
  const dir = join(s.knowledge, "local-nodes");
  writeNode(dir, { id: "note", status: "tentative", source: "agent", body: DEDUP_BODY });
  writeNode(s.vault, { id: "g1", status: "established", edges: [{ to: "note", type: "requires", weight: 0.8 }] });
  writeNode(s.vault, { id: "g2", status: "established" });
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  settle(); // the manifest then holds plain stats, which a targeted build takes as they are
  build(ctx, { env });
  settle();
  return { ...s, dir, ctx };
}

test("dedup reject's recompile writes what a --no-cache build writes", () => {
  const s = dedupRepo();
  dedupReject(s.ctx, { id: "note" });
  const [targeted, full] = againstNoCache(s.ctx);
  assert.match(targeted.toString(), /"id": "note-phase3"/);
  assert.deepEqual(targeted, full);
});

test("a file edited behind dedup reject's back is picked up by the next build", () => {
  const s = dedupRepo();
  const g2 = join(s.vault, "g2.md");
  writeFileSync(g2, readFileSync(g2, "utf8").replace(/^title: .*$/m, "title: Edited behind the back"));
  dedupReject(s.ctx, { id: "note" });
  settle();
  const next = build(s.ctx, { env });
  assert.equal(next.fromCache, false, "the edit must not look like a no-op");
  const [cached, full] = againstNoCache(s.ctx);
  assert.match(cached.toString(), /Edited behind the back/);
  assert.match(cached.toString(), /"id": "note-phase3"/);
  assert.deepEqual(cached, full);
});

test("dedup reject's id check sees a vault node added behind its back", () => {
  const s = dedupRepo();
  assert.equal(graphIsFresh(s.ctx), true);
  renameSync(writeNode(s.vault, { id: "note-phase3", status: "established" }), join(s.vault, "other-name.md"));
  assert.equal(graphIsFresh(s.ctx), false);
  const r = dedupReject(s.ctx, { id: "note" });
  assert.ok(r.files.some((f) => f.path === "knowledge/local-nodes/note-phase3-2.md"), JSON.stringify(r.files));
});

test("a command's freshness test stands for the rest of it while graph.json and its manifest are the files it vouched for", async () => {
  const s = dedupRepo();
  const seen: boolean[] = [];
  await readPrepared({ repo: s.repo, vault: s.vault, env: {} }, async () => {
    // A node renamed by hand after the test: the race a second test just after would not close either.
    renameSync(writeNode(s.vault, { id: "note-phase3", status: "established" }), join(s.vault, "other-name.md"));
    seen.push(graphIsFresh(s.ctx));
    await new Promise((r) => setImmediate(r));
    seen.push(graphIsFresh(s.ctx)); // what the command awaits keeps the verdict
    build(s.ctx, { env }); // a writer of graph.json: the verdict no longer stands
    settle();
    writeFileSync(join(s.vault, "g2.md"), readFileSync(join(s.vault, "g2.md"), "utf8").replace(/^title: .*$/m, "title: Edited"));
    seen.push(graphIsFresh(s.ctx));
  });
  assert.deepEqual(seen, [true, true, false]);
  build(s.ctx, { env });
  settle();
  await readPrepared({ repo: s.repo, vault: s.vault, env: {} }, () => assert.equal(graphIsFresh(s.ctx), true));
  writeFileSync(join(s.vault, "g2.md"), readFileSync(join(s.vault, "g2.md"), "utf8").replace(/^title: .*$/m, "title: Edited again"));
  assert.equal(graphIsFresh(s.ctx), false, "after the command, the full test: its verdict does not outlive it");
});

test("dedup reject's id check sees a local node added behind its back", () => {
  const s = dedupRepo();
  renameSync(writeNode(s.dir, { id: "note-phase3", status: "tentative", source: "agent" }), join(s.dir, "other-name.md"));
  assert.equal(graphIsFresh(s.ctx), false);
  const r = dedupReject(s.ctx, { id: "note" });
  assert.ok(r.files.some((f) => f.path === "knowledge/local-nodes/note-phase3-2.md"), JSON.stringify(r.files));
});

test("a targeted build uses the written overlay only when the file holds its bytes", () => {
  const s = dedupRepo();
  const text = "akms_schema: v2\nrepo_id: from-the-file\n";
  write(s.ctx.paths.overlay, text);
  const data = { akms_schema: "v2", repo_id: "from-the-caller" } as never;
  buildLocked(s.ctx, { env, wrote: { files: [], overlay: { bytes: text, data } } });
  assert.match(readFileSync(s.ctx.paths.graphJson, "utf8"), /"repo_id": "from-the-caller"/);
  settle();
  write(s.ctx.paths.overlay, "akms_schema: v2\nrepo_id: other\n");
  buildLocked(s.ctx, { env, wrote: { files: [], overlay: { bytes: text, data } } });
  assert.match(readFileSync(s.ctx.paths.graphJson, "utf8"), /"repo_id": "other"/);
});

test("without a manifest a targeted build is an ordinary one", () => {
  const s = dedupRepo();
  rmSync(join(s.ctx.paths.cacheDir, "build-manifest.bin"));
  const g2 = join(s.vault, "g2.md");
  writeFileSync(g2, readFileSync(g2, "utf8").replace(/^title: .*$/m, "title: Seen by the full build"));
  buildLocked(s.ctx, { env, wrote: { files: [] } });
  assert.match(readFileSync(s.ctx.paths.graphJson, "utf8"), /Seen by the full build/);
});

test("after an update, its targeted recompile writes what a --no-cache build writes; a file edited before it is compiled by it first", () => {
  const s = scratch();
  write(join(s.knowledge, "graph", "propagation_config.yaml"), "akms_schema: v2\nglobal_vault: ../vault\n");
  writeNode(s.vault, { id: "x", confidence: 0.85, domain: "fft" });
  writeNode(s.vault, { id: "p", confidence: 0.85, domain: "fft", edges: [{ to: "x", type: "requires", weight: 0.8 }] });
  writeNode(s.vault, { id: "q", confidence: 0.85, domain: "fft" });
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  settle();
  build(ctx, { env });
  settle();
  const doc = (task: string, k: string) =>
    memory({ task, used: [{ id: "x", useful: true, coverage: "sufficient" }], knowledge: [{ suggested_id: k, content_draft: `knowledge ${k}`, domain: "fft" }] });
  write(join(s.dir, "m1.md"), doc("t1", "new-one"));
  runUpdate(ctx, [join(s.dir, "m1.md")], { env });
  const [first, full] = againstNoCache(ctx);
  assert.match(first.toString(), /"id": "new-one"/);
  assert.deepEqual(first, full);
  settle();

  const q = join(s.vault, "q.md");
  writeFileSync(q, readFileSync(q, "utf8").replace(/^title: .*$/m, "title: Edited behind the update"));
  write(join(s.dir, "m2.md"), doc("t2", "new-two"));
  runUpdate(ctx, [join(s.dir, "m2.md")], { env });
  settle();
  assert.equal(build(ctx, { env }).fromCache, true, "the update compiled the edited file first (its freshness test), and the build after it has nothing to do");
  const [cached, full2] = againstNoCache(ctx);
  assert.match(cached.toString(), /Edited behind the update/);
  assert.match(cached.toString(), /"id": "new-two"/);
  assert.deepEqual(cached, full2);
});

test("dedup reject reads a session's phase from an overlay changed since the last build", () => {
  const s = dedupRepo();
  const origin = (r: ReturnType<typeof dedupReject>) => {
    const created = r.files.find((f) => f.before_sha === null)!;
    return /^origin_phase: (\d+)$/m.exec(readFileSync(join(s.repo, created.path), "utf8"))![1];
  };
  // Compiled: a session the graph lacks is not in the overlay; the id's own number is the phase.
  assert.equal(graphIsFresh(s.ctx), true);
  assert.equal(origin(dedupReject(s.ctx, { id: "note" })), "3");
  const t = dedupRepo();
  write(
    t.ctx.paths.overlay,
    "akms_schema: v2\nsession_nodes:\n  session-phase3: {title: \"Session\", outcome: success, content_ref: sessions/s.md, phase: 7}\n",
  );
  assert.equal(graphIsFresh(t.ctx), false);
  const r = dedupReject(t.ctx, { id: "note" });
  const created = r.files.find((f) => f.before_sha === null)!;
  // A registered session: the provenance is its registry entry's, read by the compile (not written in the file).
  assert.doesNotMatch(readFileSync(join(t.repo, created.path), "utf8"), /^origin_phase:/m);
  const node = loadGraph(t.ctx.paths).nodes.get(/^id: (\S+)$/m.exec(readFileSync(join(t.repo, created.path), "utf8"))![1]!)!;
  assert.deepEqual([node.origin_session, node.origin_phase], ["session-phase3", 7]);
});

test("a targeted build after its caller removed one file and added another writes what a --no-cache build writes", () => {
  const s = dedupRepo();
  writeNode(s.dir, { id: "a-local", status: "tentative", source: "agent" });
  writeNode(s.dir, { id: "z-local", status: "tentative", source: "agent" });
  settle();
  build(s.ctx, { env });
  settle();
  rmSync(join(s.dir, "a-local.md"));
  const added = writeNode(s.dir, { id: "m-local", status: "tentative", source: "agent" });
  buildLocked(s.ctx, { env, wrote: { files: [join(s.dir, "a-local.md"), added] } });
  const [targeted, full] = againstNoCache(s.ctx);
  assert.doesNotMatch(targeted.toString(), /"id": "a-local"/);
  assert.match(targeted.toString(), /"id": "m-local"/);
  assert.deepEqual(targeted, full);
});

/** Whether graph.json is what a fresh compile of the sources writes (generated_at aside), and the manifest knows it. */
function assertCompiledExactly(ctx: Context, step: string): void {
  const reference = pyJsonChunks(compileGraph(ctx).doc).join("");
  assert.equal(blankGeneratedAt(readFileSync(ctx.paths.graphJson, "utf8")), reference, `${step}: graph.json differs from a fresh compile`);
  assert.equal(graphIsFresh(ctx), true, `${step}: the manifest no longer describes graph.json`);
  const again = build(ctx, { env });
  assert.equal(again.fromCache, true, `${step}: the next build was not a no-op`);
}

test("promote → dedup reject → undo → dedup accept → undo: each recompile writes a fresh compile's bytes and keeps the manifest exact", () => {
  const s = dedupRepo();
  writeNode(s.dir, { id: "other", status: "tentative", source: "agent" });
  writeNode(s.dir, { id: "zz-last", status: "tentative", source: "agent" });
  settle();
  build(s.ctx, { env });
  settle();
  promote(s.ctx, { id: "other" });
  assertCompiledExactly(s.ctx, "promote");
  const r = dedupReject(s.ctx, { id: "note" });
  assert.ok(r.files.some((f) => f.path === "knowledge/local-nodes/note-phase3.md"));
  assert.match(readFileSync(s.ctx.paths.graphJson, "utf8"), /"id": "note-phase3"/);
  assertCompiledExactly(s.ctx, "dedup reject");
  undo(s.ctx);
  assert.doesNotMatch(readFileSync(s.ctx.paths.graphJson, "utf8"), /"id": "note-phase3"/);
  assertCompiledExactly(s.ctx, "undo of the reject");
  dedupAccept(s.ctx, { id: "note" });
  assertCompiledExactly(s.ctx, "dedup accept");
  undo(s.ctx);
  assertCompiledExactly(s.ctx, "undo of the accept");
  draft(s.ctx, { id: "g2" });
  assertCompiledExactly(s.ctx, "draft of a global node");
  dedupReject(s.ctx, { id: "note" });
  assertCompiledExactly(s.ctx, "dedup reject after a draft");
  promote(s.ctx, { id: "note-phase3" });
  assertCompiledExactly(s.ctx, "promote of the new node");
  undo(s.ctx);
  undo(s.ctx);
  assert.doesNotMatch(readFileSync(s.ctx.paths.graphJson, "utf8"), /"id": "note-phase3"/);
  assertCompiledExactly(s.ctx, "undo of that promote, then of the reject");
  dedupReject(s.ctx, { id: "note" });
  // A targeted build after all that still compiles exactly (it trusts the manifest's records).
  const other = join(s.dir, "other.md");
  writeFileSync(other, readFileSync(other, "utf8").replace(/^title: .*$/m, "title: Retitled"));
  buildLocked(s.ctx, { env, wrote: { files: [other] } });
  assert.match(readFileSync(s.ctx.paths.graphJson, "utf8"), /Retitled/);
  assertCompiledExactly(s.ctx, "targeted build");
});

test("promote, then a targeted build: the promoted status stays (the patch recorded the file it wrote)", () => {
  const s = dedupRepo();
  writeNode(s.dir, { id: "other", status: "tentative", source: "agent" });
  settle();
  build(s.ctx, { env });
  settle();
  promote(s.ctx, { id: "other" });
  settle();
  const note = join(s.dir, "note.md");
  writeFileSync(note, readFileSync(note, "utf8").replace(/^title: .*$/m, "title: Retitled"));
  buildLocked(s.ctx, { env, wrote: { files: [note] } });
  const [targeted, full] = againstNoCache(s.ctx);
  assert.match(targeted.toString(), /"status": "established"/);
  assert.deepEqual(targeted.toString(), full.toString());
});

test("a patch over a file changed behind the action's back drops the manifest, so the next build compiles the change", () => {
  const s = dedupRepo();
  writeNode(s.dir, { id: "other", status: "tentative", source: "agent" });
  settle();
  build(s.ctx, { env });
  settle();
  const other = join(s.dir, "other.md");
  writeFileSync(other, readFileSync(other, "utf8").replace(/^title: .*$/m, "title: Edited behind the back"));
  promote(s.ctx, { id: "other" });
  assert.doesNotMatch(readFileSync(s.ctx.paths.graphJson, "utf8"), /Edited behind the back/, "the patch changes the status alone");
  assert.equal(graphIsFresh(s.ctx), false);
  assert.equal(build(s.ctx, { env }).fromCache, false);
  const [cached, full] = againstNoCache(s.ctx);
  assert.match(cached.toString(), /Edited behind the back/);
  assert.deepEqual(cached, full);
});

test("a vault file edited behind a patch's back keeps its old record, so the next build compiles the change", () => {
  const s = dedupRepo();
  const g2 = join(s.vault, "g2.md");
  writeFileSync(g2, readFileSync(g2, "utf8").replace(/^title: .*$/m, "title: Edited behind the back"));
  dedupReject(s.ctx, { id: "note" });
  assert.match(readFileSync(s.ctx.paths.graphJson, "utf8"), /"id": "note-phase3"/);
  assert.doesNotMatch(readFileSync(s.ctx.paths.graphJson, "utf8"), /Edited behind the back/, "the patch adds the new node alone");
  assert.equal(build(s.ctx, { env }).fromCache, false);
  const [cached, full] = againstNoCache(s.ctx);
  assert.match(cached.toString(), /Edited behind the back/);
  assert.deepEqual(cached, full);
});

test("dedup reject whose new id some edge already names is compiled, not patched (the edge appears)", () => {
  const s = dedupRepo();
  writeNode(s.vault, { id: "g3", status: "established", edges: [{ to: "note-phase3", type: "requires", weight: 0.5 }] });
  settle();
  build(s.ctx, { env });
  assert.match(readFileSync(s.ctx.paths.graphJson, "utf8"), /DANGLING_EDGE/);
  dedupReject(s.ctx, { id: "note" });
  const text = readFileSync(s.ctx.paths.graphJson, "utf8");
  assert.doesNotMatch(text, /DANGLING_EDGE/);
  assert.match(text, /"target": "note-phase3"/);
  assertCompiledExactly(s.ctx, "dedup reject");
  undo(s.ctx);
  assert.match(readFileSync(s.ctx.paths.graphJson, "utf8"), /DANGLING_EDGE/);
  assertCompiledExactly(s.ctx, "its undo");
});

test("a node inserted and removed by a review action goes where the compile puts it: first, middle, last", () => {
  const s = dedupRepo();
  writeNode(s.dir, { id: "m-local", status: "tentative", source: "agent" });
  settle();
  build(s.ctx, { env });
  const indexOf = (text: string | Buffer) => indexOfLoaded(graphFromText(text.toString(), "graph.json"));
  const spliced = (text: string, edit: ReviewEdit): string => {
    const parts = reviewText(indexOf(text), edit);
    assert.notEqual(parts, "same");
    return (parts as (string | Buffer)[]).map((p) => p.toString("latin1")).join("");
  };
  for (const id of ["0-first", "h-middle", "zz-last"]) {
    const before = blankGeneratedAt(readFileSync(s.ctx.paths.graphJson, "utf8"));
    const file = writeNode(s.dir, { id, status: "tentative", source: "human" });
    const node = readNode({ file, shown: `knowledge/local-nodes/${id}.md` }, "local").node!;
    const added = spliced(before, { kind: "add", id, text: localNodeText(node) });
    assert.equal(added, pyJsonChunks(compileGraph(s.ctx).doc).join(""), `${id}: inserted`);
    rmSync(file);
    assert.equal(spliced(added, { kind: "remove", id }), before, `${id}: removed`);
  }
  const only = readFileSync(s.ctx.paths.graphJson);
  assert.throws(() => reviewText(indexOf(only), { kind: "add", id: "note", text: "{}" }), NotSure, "a node the graph holds");
  assert.throws(() => reviewText(indexOf(only), { kind: "remove", id: "g2" }), NotSure, "a global node");
  assert.throws(() => reviewText(indexOf(only), { kind: "remove", id: "note" }), NotSure, "a node an edge names");
});

test("promote, then akms update: the update's recompile keeps the promoted status (byte-identical to --no-cache)", () => {
  const s = scratch();
  write(join(s.knowledge, "graph", "propagation_config.yaml"), "akms_schema: v2\nglobal_vault: ../vault\n");
  writeNode(s.vault, { id: "x", confidence: 0.85, domain: "fft" });
  writeNode(join(s.knowledge, "local-nodes"), { id: "mine", status: "tentative", source: "human", domain: "fft" });
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  settle();
  build(ctx, { env });
  settle();
  promote(ctx, { id: "mine" });
  settle();
  write(join(s.dir, "m1.md"), memory({ task: "t1", used: [{ id: "x", useful: true, coverage: "sufficient" }], knowledge: [{ suggested_id: "new-one", content_draft: "knowledge", domain: "fft" }] }));
  runUpdate(ctx, [join(s.dir, "m1.md")], { env });
  const [updated, full] = againstNoCache(ctx);
  assert.match(updated.toString(), /"id": "new-one"/);
  assert.deepEqual(updated.toString(), full.toString());
});

test("dedup reject of a registered session's section, and its undo, are patched: the new node, its session node, and what a --no-cache build writes", () => {
  const session = { title: "Session", outcome: "success", content_ref: "sessions/s.md", phase: 7 };
  const cases: { name: string; entry: Record<string, unknown>; shadowed?: true; renamed?: true }[] = [
    { name: "no new_knowledge yet", entry: session },
    { name: "new knowledge before it", entry: { ...session, new_knowledge: [{ suggested_id: "older", node: "g2", action: "appended", match: "g2", match_origin: "global", score: 0.9 }] } },
    // A vault node takes the session's id (its session node is skipped, a warning says so): only the full compile can say.
    { name: "the session's id taken by a vault node", entry: session, shadowed: true },
    // The entry edited by hand since the build: its session node in graph.json is not the one the entry gives.
    { name: "the entry edited since the build", entry: session, renamed: true },
  ];
  for (const { name, entry, shadowed, renamed } of cases) {
    const s = dedupRepo();
    if (shadowed) writeNode(s.vault, { id: "session-phase3", status: "established" });
    // The overlay as the update's writer writes it (canonical): the registry entry is spliced, every other line copied.
    const limits = overlayLimits(s.ctx.cfg.config.graph);
    const overlay = (e: Record<string, unknown>) => ({ akms_schema: "v2", session_nodes: { "session-phase3": e, "session-other": { title: "Other", outcome: "success", content_ref: "sessions/o.md", phase: 1 } } }) as unknown as Overlay;
    write(s.ctx.paths.overlay, dumpOverlay(overlay(entry), limits));
    settle();
    build(s.ctx, { env });
    settle();
    if (renamed) write(s.ctx.paths.overlay, dumpOverlay(overlay({ ...entry, title: "Renamed" }), limits));
    const before = readFileSync(s.ctx.paths.graphJson);
    const patchedNow = (): [number, number] => [reviewPatchCounts.patched, reviewPatchCounts.fallback];
    const want = shadowed ? [0, 1] : [1, 0];
    let [p0, f0] = patchedNow();
    const r = dedupReject(s.ctx, { id: "note" });
    assert.deepEqual([reviewPatchCounts.patched - p0, reviewPatchCounts.fallback - f0], renamed ? [0, 1] : want, `${name}: the reject`);
    const g = loadGraph(s.ctx.paths);
    const id = r.files.find((f) => f.before_sha === null)!.path.replace(/^.*\/|\.md$/g, "");
    if (!shadowed) {
      assert.deepEqual([g.nodes.get(id)?.origin_session, g.nodes.get(id)?.origin_phase], ["session-phase3", 7], name);
      assert.equal((g.nodes.get("session-phase3")!.new_knowledge as { node: string }[]).at(-1)!.node, id, name);
    }
    const [patched, full] = againstNoCache(s.ctx);
    assert.equal(patched.toString(), full.toString(), `${name}: the reject`);
    settle();
    [p0, f0] = patchedNow();
    undo(s.ctx);
    assert.deepEqual([reviewPatchCounts.patched - p0, reviewPatchCounts.fallback - f0], want, `${name}: its undo`);
    if (!renamed) assert.equal(blankGeneratedAt(readFileSync(s.ctx.paths.graphJson, "utf8")), blankGeneratedAt(before.toString()), `${name}: the undo gives the graph back`);
    const [undone, full2] = againstNoCache(s.ctx);
    assert.equal(undone.toString(), full2.toString(), `${name}: the undo`);
  }
});
