import { test } from "node:test";
import assert from "node:assert/strict";
import { execSync } from "node:child_process";
import { readFileSync, writeFileSync, existsSync, readdirSync, rmSync } from "node:fs";
import { parseYaml } from "../../core/yaml.js";
import { parseFrontmatter } from "../../core/frontmatter.js";
import { blankGeneratedAt } from "../../core/graph-file/version.js";
import { specNodeFields } from "../../core/schemas/node.js";
import { join } from "node:path";
import { assertIndexIsGraph, builtDemo, canonJson, scratch, snapshot, treeHash, writeNode, write } from "../helpers.js";
import { memory } from "../update-helpers.js";
import { runUpdate } from "../../core/update/apply.js";
import { keptOverlay, readOverlay } from "../../core/overlay-file.js";
import { loadContext } from "../../core/context.js";
import { build, manifestBeforeWrites } from "../../core/compiler/build.js";
import { indexOfLoaded, openGraph } from "../../core/graph.js";
import { graphFromText, loadGraph } from "../graph-json.js";
import { AkmsError, NotFoundError, StaleWriteError, StateError, ValidationError } from "../../core/errors.js";
import { sha256 } from "../../core/fsx.js";
import { shellWord } from "../../core/shell-word.js";
import { actionTarget, bulk, dedupAccept, dedupReject, draft, manualPromotionSteps, promote, undo, undoTarget, undraft } from "../../core/review/actions.js";
import { parseDedupSections, sectionDraft } from "../../core/review/dedup-sections.js";
import { appendDedupSection, newNodeText } from "../../core/update/nodes.js";
import { decodeBytes, encodeBytes, readJournal } from "../../core/review/journal.js";
import { dumpOverlay } from "../../core/update/overlay-io.js";
import { recompile, reviewPatchCounts, reviewText } from "../../core/review/recompile.js";
import { NotSure } from "../../core/graph-file/patch.js";

// graph.json's generated_at comes from the clock: pin it, so that undo gives back the same bytes.
process.env.SOURCE_DATE_EPOCH = "1790000000";

/** knowledge/ without what is derived or is the journal itself. */
function state(knowledge: string): Map<string, string> {
  const s = snapshot(knowledge);
  for (const k of [...s.keys()]) if (k.startsWith("graph/.cache/") || k === "graph/review_log.jsonl") s.delete(k);
  return s;
}

/** graph.json as a full --no-cache compile writes it now (the file itself restored afterwards). */
function buildBytesNoCache(ctx: ReturnType<typeof loadContext>): string {
  const was = readFileSync(ctx.paths.graphJson);
  rmSync(ctx.paths.graphJson);
  build(ctx, { noCache: true });
  const full = readFileSync(ctx.paths.graphJson, "utf8");
  writeFileSync(ctx.paths.graphJson, was);
  return blankGeneratedAt(full);
}

function graphText(ctx: ReturnType<typeof loadContext>): string {
  return blankGeneratedAt(readFileSync(ctx.paths.graphJson, "utf8"));
}

function demo() {
  const d = builtDemo();
  return { ...d, vaultHash: treeHash(d.vault) };
}

/** A local tentative node of the demo, found by what it is rather than by name. */
function localTentative(ctx: ReturnType<typeof loadContext>): string {
  const g = loadGraph(ctx.paths);
  const n = [...g.nodes.values()].find((x) => x.node_origin === "local" && x.status === "tentative" && x.source === "agent");
  assert.ok(n, "the demo has an agent-drafted tentative local node");
  return n.id;
}

function pendingDedupNodes(knowledge: string): string[] {
  const dir = join(knowledge, "local-nodes");
  return readdirSync(dir)
    .filter((f) => parseDedupSections(readFileSync(join(dir, f), "utf8")).some((s) => s.status === "pending"))
    .map((f) => /^id:\s*(\S+)/m.exec(readFileSync(join(dir, f), "utf8"))![1]!)
    .sort();
}

function globalNode(ctx: ReturnType<typeof loadContext>, status: string): string {
  const n = [...loadGraph(ctx.paths).nodes.values()].find((x) => x.node_origin === "global" && x.status === status && x.domain !== "session");
  assert.ok(n, `the demo has a global ${status} node`);
  return n.id;
}

test("promote changes only the status line of a local tentative node, and undo restores knowledge/ byte for byte", () => {
  const d = demo();
  const id = localTentative(d.ctx);
  const file = join(d.knowledge, "local-nodes", `${id}.md`);
  const before = readFileSync(file, "utf8");
  const s0 = state(d.knowledge);
  const r = promote(d.ctx, { id });
  assert.equal(r.action, "promote");
  assert.equal(r.cli, `akms promote ${id}`);
  assert.deepEqual(r.files.map((f) => f.path), [`knowledge/local-nodes/${id}.md`]);
  const after = readFileSync(file, "utf8");
  assert.equal(after, before.replace(/^status: tentative$/m, "status: established"));
  assert.equal(r.files[0]!.before_sha, sha256(before));
  assert.equal(r.files[0]!.after_sha, sha256(after));
  assert.equal(loadGraph(d.ctx.paths).nodes.get(id)!.status, "established");
  assert.equal(loadGraph(d.ctx.paths).version, r.graphVersion);
  assert.match(r.message, /mv .*local-nodes\/.*\.md'? .*vault\/.*\.md/, "the manual move into the vault is printed (paths quoted where they need it)");
  const j = readJournal(d.ctx).entries;
  assert.equal(j.length, 1);
  assert.equal(j[0]!.action, "promote");
  // The prior bytes are kept as the span that differs from the file the action left.
  const prior = j[0]!.files[0]!.before!;
  assert.equal(prior.data, "tentative");
  assert.equal(decodeBytes(prior, Buffer.from(after)).toString("utf8"), before);
  assert.equal(j[0]!.prior_status, undefined);
  const u = undo(d.ctx);
  assert.equal(u.action, "undo");
  assert.deepEqual(state(d.knowledge), s0);
  assert.equal(treeHash(d.vault), d.vaultHash);
});

test("the printed steps that move a promoted node into the vault name a vault given by --vault, else leave it to the configuration", () => {
  const d = demo();
  const data = { status: "established" };
  const configured = manualPromotionSteps(d.ctx, join(d.knowledge, "local-nodes", "x.md"), data, "x");
  assert.equal(configured.at(-1), `akms build --repo ${shellWord(d.repo)}`, "the vault comes from propagation_config.yaml: the build finds it again");
  const flagged = loadContext({ repo: d.repo, vault: d.vault, env: {} });
  const steps = manualPromotionSteps(flagged, join(d.knowledge, "local-nodes", "x.md"), data, "x");
  assert.equal(steps.at(-1), `akms build --repo ${shellWord(d.repo)} --vault ${shellWord(d.vault)}`, "without --vault the build would read another vault");
  assert.equal(steps[0], `mv ${shellWord(join(d.knowledge, "local-nodes", "x.md"))} ${shellWord(join(d.vault, "x.md"))}`);
});

test("the printed steps work as typed: they make a vault folder that is not there yet, and never move onto a vault file", () => {
  const d = demo();
  const local = join(d.knowledge, "local-nodes", "x.md");
  const id = readdirSync(d.vault).find((f) => f.endsWith(".md"))!.slice(0, -3); // a vault file's name
  writeFileSync(join(d.vault, `${id}-2.md`), "not a node: a file a person keeps there\n");
  const steps = manualPromotionSteps(d.ctx, local, { status: "established" }, id);
  assert.equal(steps[0], `mv ${shellWord(local)} ${shellWord(join(d.vault, `${id}-3.md`))}`, "the first free name: mv would replace the vault's file");
  const absent = join(d.dir, "no-vault-yet", "nodes");
  const fresh = loadContext({ repo: d.repo, vault: absent, env: {} });
  const made = manualPromotionSteps(fresh, local, { status: "established" }, "x");
  assert.deepEqual(made.slice(0, 2), [`mkdir -p ${shellWord(absent)}`, `mv ${shellWord(local)} ${shellWord(join(absent, "x.md"))}`]);
  // Run as printed, they put the node in the vault.
  writeFileSync(local, "placeholder\n");
  for (const s of made.slice(0, 2)) execSync(s, { shell: "/bin/sh" });
  assert.ok(existsSync(join(absent, "x.md")));
});

test("one action over several nodes is one batch: journaled as such, one undo reverts it whole, byte for byte; a refused node leaves nothing done", () => {
  const d = demo();
  const g = loadGraph(d.ctx.paths);
  const tentative = [...g.nodes.values()].filter((n) => n.node_origin === "local" && n.status === "tentative" && n.source === "agent").map((n) => n.id).sort();
  const global = [...g.nodes.values()].filter((n) => n.node_origin === "global" && n.status !== "draft").map((n) => n.id).sort();
  assert.ok(tentative.length >= 3 && global.length >= 2);
  const s0 = state(d.knowledge);
  const before = readJournal(d.ctx).entries.length;

  // A refused node (a global one cannot be promoted here) in the middle: nothing is done, the journal is as it was.
  assert.throws(() => bulk(d.ctx, "promote", [{ id: tentative[0]! }, { id: global[0]! }, { id: tentative[1]! }]), (e: unknown) => e instanceof AkmsError && e.message.includes(`${global[0]}:`) && /nothing changed/.test(e.message));
  assert.deepEqual(state(d.knowledge), s0);
  assert.equal(readJournal(d.ctx).entries.length, before);
  assert.throws(() => bulk(d.ctx, "promote", [{ id: tentative[0]! }, { id: tentative[0]! }]), /named twice/);

  // Three promotions: three entries of one batch, one recompile (graph.json written once); graph.json as a full compile writes it.
  const counts = () => [reviewPatchCounts.patched, reviewPatchCounts.fallback];
  let c0 = counts();
  const r = bulk(d.ctx, "promote", tentative.slice(0, 3).map((id) => ({ id })));
  assert.deepEqual(counts().map((x, i) => x - c0[i]!), [1, 0]);
  assert.deepEqual(r.batch?.ids, tentative.slice(0, 3));
  assert.equal(r.cli, `akms promote ${tentative.slice(0, 3).join(" ")}`);
  const entries = readJournal(d.ctx).entries;
  assert.deepEqual(entries.map((e) => e.batch), [before + 1, before + 1, before + 1]);
  for (const id of tentative.slice(0, 3)) assert.equal(loadGraph(d.ctx.paths).nodes.get(id)!.status, "established");
  assert.equal(graphText(d.ctx), buildBytesNoCache(d.ctx));
  // Two global drafts: both write the overlay, one after the other.
  const s1 = state(d.knowledge);
  c0 = counts();
  bulk(d.ctx, "draft", global.slice(0, 2).map((id) => ({ id })));
  assert.deepEqual(counts().map((x, i) => x - c0[i]!), [1, 0]);
  assert.equal(graphText(d.ctx), buildBytesNoCache(d.ctx));
  build(d.ctx); // (graph.json written back by the check above: the store indexes it again)
  assert.equal(undoTarget(d.ctx)!.group.length, 2);
  c0 = counts();
  const u1 = undo(d.ctx);
  assert.deepEqual(counts().map((x, i) => x - c0[i]!), [1, 0], "a batch's undo recompiles once");
  assert.deepEqual(u1.batch?.ids, global.slice(0, 2).reverse());
  assert.deepEqual(state(d.knowledge), s1);
  // The promotions' batch: one undo, back to where the demo started.
  assert.deepEqual(undoTarget(d.ctx)!.group.map((e) => e.id), tentative.slice(0, 3).reverse());
  undo(d.ctx);
  assert.deepEqual(state(d.knowledge), s0);
  assert.equal(graphText(d.ctx), buildBytesNoCache(d.ctx));
  assert.equal(treeHash(d.vault), d.vaultHash);
});

test("a batch's undo checks every file first: one edited since leaves the whole batch as it is", () => {
  const d = demo();
  const g = loadGraph(d.ctx.paths);
  const ids = [...g.nodes.values()].filter((n) => n.node_origin === "local" && n.status === "tentative" && n.source === "agent").map((n) => n.id).sort().slice(0, 2);
  bulk(d.ctx, "draft", ids.map((id) => ({ id })));
  const file = join(d.knowledge, "local-nodes", `${ids[0]}.md`);
  writeFileSync(file, readFileSync(file, "utf8") + "\nEdited by hand.\n");
  const s1 = state(d.knowledge);
  assert.throws(() => undo(d.ctx), StaleWriteError);
  assert.deepEqual(state(d.knowledge), s1);
});

test("every review action on the demo round-trips through undo byte for byte", () => {
  const d = demo();
  const s0 = state(d.knowledge);
  const local = localTentative(d.ctx);
  const global = globalNode(d.ctx, "established");
  const dedups = pendingDedupNodes(d.knowledge);
  assert.ok(dedups.length >= 2, "the demo has two pending dedup sections");
  const steps: [string, () => unknown][] = [
    ["promote", () => promote(d.ctx, { id: local })],
    ["draft local", () => draft(d.ctx, { id: local })],
    ["undraft local", () => undraft(d.ctx, { id: local })],
    ["draft global", () => draft(d.ctx, { id: global })],
    ["undraft global", () => undraft(d.ctx, { id: global })],
    ["dedup accept", () => dedupAccept(d.ctx, { id: dedups[0]! })],
    ["dedup reject", () => dedupReject(d.ctx, { id: dedups[1]! })],
  ];
  const states: Map<string, string>[] = [s0];
  /** The action's recompile (patched in place where it can be) gives exactly what a full compile gives. */
  const sameAsFullBuild = (what: string, version: string) => {
    const full = build(d.ctx, { noCache: true });
    assert.equal(full.written, false, `${what}: a full compile would have written different bytes`);
    assert.equal(full.graphVersion, version, what);
  };
  for (const [name, run] of steps) {
    const r = run() as { graphVersion: string };
    sameAsFullBuild(name, r.graphVersion);
    const s = state(d.knowledge);
    assert.notDeepEqual(s, states.at(-1), `${name} changed something`);
    states.push(s);
  }
  // Each undo reverts the next older action, exactly.
  for (let i = steps.length - 1; i >= 0; i--) {
    const r = undo(d.ctx);
    sameAsFullBuild(`undo of ${steps[i]![0]}`, r.graphVersion);
    assert.deepEqual(state(d.knowledge), states[i], `undo of ${steps[i]![0]}`);
  }
  assert.throws(() => undo(d.ctx), (e: unknown) => e instanceof StateError && /nothing to undo/.test(e.message));
  assert.equal(treeHash(d.vault), d.vaultHash);
  const entries = readJournal(d.ctx).entries;
  assert.equal(entries.length, steps.length * 2);
  assert.deepEqual(
    entries.filter((e) => e.action === "undo").map((e) => e.undoes),
    [7, 6, 5, 4, 3, 2, 1],
  );
});

test("draft of a global node is an overlay override for this repository; the vault is never written", () => {
  const d = demo();
  const id = globalNode(d.ctx, "established");
  const overlay = join(d.knowledge, "graph", "local_state.yaml");
  const before = readFileSync(overlay, "utf8");
  const t = actionTarget(d.ctx, id);
  assert.equal(t.kind, "overlay");
  assert.equal(t.file, overlay);
  const r = draft(d.ctx, { id, expectedSha: t.sha });
  const after = readFileSync(overlay, "utf8");
  // Only the override was added: taking its line (and a new entry line) out gives the old bytes back.
  const entryExisted = before.includes(`\n  ${id}:\n`);
  const stripped = entryExisted
    ? after.replace(new RegExp(`(\\n  ${id}:\\n(?:    .*\\n)*?)    status: draft\\n`), "$1")
    : after.replace(`  ${id}:\n    status: draft\n`, "");
  assert.equal(stripped, before);
  assert.equal(after.length - before.length, "    status: draft\n".length + (entryExisted ? 0 : `  ${id}:\n`.length));
  assert.equal(loadGraph(d.ctx.paths).nodes.get(id)!.status, "draft");
  assert.match(r.message, /this repository only/);
  assert.equal(treeHash(d.vault), d.vaultHash);
  // Already drafted → refused, nothing written.
  const snap = state(d.knowledge);
  assert.throws(() => draft(d.ctx, { id }), StateError);
  assert.deepEqual(state(d.knowledge), snap);
  undraft(d.ctx, { id });
  assert.equal(readFileSync(overlay, "utf8"), before);
  assert.notEqual(loadGraph(d.ctx.paths).nodes.get(id)!.status, "draft");
});

test("a canonical overlay is rewritten by the update's deterministic writer, changing only the override", () => {
  const s = scratch();
  writeNode(s.vault, { id: "alpha" });
  writeNode(s.vault, { id: "beta" });
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  const limits = { maxSessionRefs: 10, maxHistory: 20 };
  const canonical = dumpOverlay({ akms_schema: "v2", repo_id: "x", nodes: { beta: { confidence: 0.5, activations: 2 } } }, limits);
  const overlay = write(join(s.knowledge, "graph", "local_state.yaml"), canonical);
  build(ctx);
  draft(ctx, { id: "alpha" });
  const after = readFileSync(overlay, "utf8");
  assert.equal(after, dumpOverlay({ akms_schema: "v2", repo_id: "x", nodes: { alpha: { status: "draft" }, beta: { confidence: 0.5, activations: 2 } } }, limits));
  draft(ctx, { id: "beta" });
  undraft(ctx, { id: "beta" });
  undraft(ctx, { id: "alpha" });
  assert.equal(readFileSync(overlay, "utf8"), canonical);
});

test("a hand-written overlay is edited in place: comments, order and spacing stay", () => {
  const s = scratch();
  writeNode(s.vault, { id: "alpha" });
  writeNode(s.vault, { id: "gamma" });
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  const text = "# my notes\nakms_schema: v2\nnodes:\n  # gamma first on purpose\n  gamma:\n    confidence: 0.40   # after task 7\nlocal_edges: []\n";
  const overlay = write(join(s.knowledge, "graph", "local_state.yaml"), text);
  build(ctx);
  draft(ctx, { id: "gamma" });
  assert.equal(readFileSync(overlay, "utf8"), text.replace("  gamma:\n", "  gamma:\n    status: draft\n"));
  draft(ctx, { id: "alpha" });
  assert.equal(
    readFileSync(overlay, "utf8"),
    "# my notes\nakms_schema: v2\nnodes:\n  # gamma first on purpose\n  alpha:\n    status: draft\n  gamma:\n    status: draft\n    confidence: 0.40   # after task 7\nlocal_edges: []\n",
  );
  undraft(ctx, { id: "alpha" });
  undraft(ctx, { id: "gamma" });
  assert.equal(readFileSync(overlay, "utf8"), text);
});

test("draft and undraft of a local node: undraft brings back the status it had before the draft", () => {
  const s = scratch();
  const dir = join(s.knowledge, "local-nodes");
  writeNode(dir, { id: "kept", status: "established", source: "human" });
  writeNode(dir, { id: "parked", status: "draft", source: "human" });
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  build(ctx);
  draft(ctx, { id: "kept" });
  assert.match(readFileSync(join(dir, "kept.md"), "utf8"), /^status: draft$/m);
  const r = undraft(ctx, { id: "kept" });
  assert.match(readFileSync(join(dir, "kept.md"), "utf8"), /^status: established$/m);
  assert.match(r.message, /draft → established/);
  // Drafted by hand (no journal entry): back to tentative, awaiting review.
  const r2 = undraft(ctx, { id: "parked" });
  assert.match(readFileSync(join(dir, "parked.md"), "utf8"), /^status: tentative$/m);
  assert.match(r2.message, /akms promote parked/);
});

test("dedup accept changes only the section's status value; reject moves the draft into a new tentative node", () => {
  const d = demo();
  const [first, second] = pendingDedupNodes(d.knowledge);
  const f1 = join(d.knowledge, "local-nodes", `${first}.md`);
  const before = readFileSync(f1, "utf8");
  dedupAccept(d.ctx, { id: first! });
  const after = readFileSync(f1, "utf8");
  assert.equal(after.length, before.length + "accepted".length - "pending".length);
  assert.equal(after, before.replace(/(<!-- akms:dedup [^>]*status=)pending/, "$1accepted"));
  assert.throws(() => dedupAccept(d.ctx, { id: first! }), (e: unknown) => e instanceof StateError && /no pending dedup/.test(e.message));
  assert.throws(() => dedupReject(d.ctx, { id: first! }), StateError);

  const f2 = join(d.knowledge, "local-nodes", `${second}.md`);
  const text2 = readFileSync(f2, "utf8");
  const section = parseDedupSections(text2)[0]!;
  const overlayBefore = readFileSync(d.ctx.paths.overlay, "utf8");
  const r = dedupReject(d.ctx, { id: second! });
  // The node file, the original node's file, and the overlay's registry naming the new node.
  assert.equal(r.files.length, 3);
  const created = r.files.find((f) => f.before_sha === null)!;
  const newText = readFileSync(join(d.repo, created.path), "utf8");
  assert.match(newText, /^status: tentative$/m);
  assert.match(newText, /^source: agent$/m);
  // No akms-only keys in the file (the spec's Python implementation refuses them): the provenance is in the registry.
  assert.doesNotMatch(newText, /^origin_(session|phase):/m);
  const fields = new Set(specNodeFields());
  assert.deepEqual(Object.keys(parseFrontmatter(newText, created.path).data).filter((k) => !fields.has(k)), []);
  assert.match(newText, /^## content_draft$/m);
  assert.match(newText, /Agent-authored, awaiting review/);
  assert.equal(parseDedupSections(readFileSync(f2, "utf8")).length, 0);
  assert.doesNotMatch(readFileSync(f2, "utf8"), /akms:dedup/);
  const g = loadGraph(d.ctx.paths);
  const newId = /^id: (\S+)$/m.exec(newText)![1]!;
  assert.equal(g.nodes.get(newId)?.status, "tentative");
  assert.equal(g.nodes.get(newId)?.node_origin, "local");
  assert.equal(g.nodes.get(newId)?.origin_session, section.session);
  assert.equal(typeof g.nodes.get(newId)?.origin_phase, "number");
  const registry = (parseYaml(readFileSync(d.ctx.paths.overlay, "utf8"), { file: "overlay" }) as { session_nodes: Record<string, { new_knowledge: { node: string; action: string }[] }> }).session_nodes[section.session!]!;
  assert.deepEqual(registry.new_knowledge.filter((k) => k.node === newId).map((k) => k.action), ["created"]);
  assert.equal(graphText(d.ctx), buildBytesNoCache(d.ctx));
  undo(d.ctx);
  assert.equal(readFileSync(d.ctx.paths.overlay, "utf8"), overlayBefore);
  assert.equal(readFileSync(f2, "utf8"), text2);
  assert.equal(graphText(d.ctx), buildBytesNoCache(d.ctx));
  assert.equal(treeHash(d.vault), d.vaultHash);
});

test("an agent's draft, accepted: promote's banner says who drafted it and no more 'awaiting review; not trusted', dedup accept drops the decision's commands; graph.json is the full compile's; undo gives back both", () => {
  const s = scratch();
  const dir = join(s.knowledge, "local-nodes");
  const drafted = newNodeText({ id: "budget", title: "Budget", domain: "net", tags: ["http"], session: "session-t2", phase: 2, suggestedId: "budget", draft: "Split the budget." });
  const text = appendDedupSection(drafted, { nodeId: "budget", session: "session-t3", score: 1, suggestedId: "budget", draft: "Split it again." });
  write(join(dir, "budget.md"), text);
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  build(ctx);
  promote(ctx, { id: "budget" });
  const promoted = readFileSync(join(dir, "budget.md"), "utf8");
  assert.equal(
    promoted,
    text.replace("status: tentative", "status: established").replace(
      "> **Agent-authored, awaiting review.** Drafted by `session-t2` (phase 2); not trusted until a human reviews it:\n> `akms promote budget` to accept, `akms draft budget` to keep it out of loadouts.\n",
      "> **Agent-authored, accepted in review.** Drafted by `session-t2` (phase 2).\n",
    ),
  );
  dedupAccept(ctx, { id: "budget" });
  const accepted = readFileSync(join(dir, "budget.md"), "utf8");
  assert.equal(accepted, promoted.replace("status=pending", "status=accepted").replace("**Agent-authored, awaiting review.** From `session-t3` (new knowledge `budget`): `akms dedup accept budget` or `akms dedup reject budget`.", "**Agent-authored, accepted in review.** From `session-t3` (new knowledge `budget`)."));
  assert.doesNotMatch(accepted, /awaiting review|not trusted/);
  assert.equal(sectionDraft(parseDedupSections(accepted)[0]!).draft, "Split it again.", "the accepted section's draft reads as before");
  assert.equal(graphText(ctx), buildBytesNoCache(ctx));
  undo(ctx);
  undo(ctx);
  assert.equal(readFileSync(join(dir, "budget.md"), "utf8"), text);
  assert.equal(graphText(ctx), buildBytesNoCache(ctx));
});

test("the journal's prior bytes round-trip for any pair of files, multi-byte characters included", () => {
  const cases: [string, string | null][] = [
    ["status: tentative\n", "status: established\n"],
    ["a ü b\n", "a ö b\n"],
    ["same", "same"],
    ["", "new"],
    ["old", ""],
    ["whole file", null],
    ["Γ̂⁰ at ξ = 0", "Γ̂⁰ at ξ = 1"],
  ];
  for (const [b, a] of cases) {
    const before = Buffer.from(b);
    const after = a === null ? null : Buffer.from(a);
    const enc = encodeBytes(before, after);
    assert.deepEqual(decodeBytes(enc, after), before, `${b} ← ${a}`);
    assert.equal(enc.encoding, "utf8");
  }
  const bin = Buffer.from([0xff, 0xfe, 0x00, 0x41]);
  const enc = encodeBytes(bin, Buffer.from("A"));
  assert.equal(enc.encoding, "base64");
  assert.deepEqual(decodeBytes(enc, Buffer.from("A")), bin);
});

test("dedup reject never collides: a taken id gets -2", () => {
  const s = scratch();
  const dir = join(s.knowledge, "local-nodes");
  const body =
    "> agent-authored\n\n## content_draft\n\nOld text.\n\n<!-- akms:dedup session=session-phase3 score=0.9 status=pending -->\n**Agent-authored, awaiting review.** From `session-phase3` (new knowledge `note`): x.\n\nNew text.\n<!-- akms:end -->\n";
  writeNode(dir, { id: "note", status: "tentative", source: "agent", body });
  writeNode(dir, { id: "note-phase3", status: "tentative", source: "agent", body: "## content_draft\n\nTaken.\n" });
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  build(ctx);
  const r = dedupReject(ctx, { id: "note" });
  assert.ok(r.files.some((f) => f.path === "knowledge/local-nodes/note-phase3-2.md" && f.before_sha === null), JSON.stringify(r.files));
  const created = readFileSync(join(dir, "note-phase3-2.md"), "utf8");
  assert.match(created, /New text\./);
  assert.doesNotMatch(created, /Old text/);
  // The section is gone, and with it the blank line the update wrote before it.
  assert.equal(readFileSync(join(dir, "note.md"), "utf8").endsWith("## content_draft\n\nOld text.\n"), true);
});

test("a file changed between read and action is refused, and nothing is written", () => {
  const d = demo();
  const id = localTentative(d.ctx);
  const file = join(d.knowledge, "local-nodes", `${id}.md`);
  const t = actionTarget(d.ctx, id);
  assert.equal(t.kind, "local-node");
  assert.equal(t.sha, sha256(readFileSync(file)));
  const edited = readFileSync(file, "utf8") + "\nA human added a line.\n";
  writeFileSync(file, edited);
  const snap = state(d.knowledge);
  assert.throws(() => promote(d.ctx, { id, expectedSha: t.sha }), (e: unknown) => e instanceof StaleWriteError && e.exitCode === 1 && /changed since you looked/.test(e.message));
  assert.deepEqual(state(d.knowledge), snap);
  assert.equal(existsSync(join(d.knowledge, "graph", "review_log.jsonl")), false);
  // With the sha of what is there now, it goes through.
  promote(d.ctx, { id, expectedSha: actionTarget(d.ctx, id).sha });
});

test("undo refuses to clobber newer content and writes nothing", () => {
  const d = demo();
  const id = localTentative(d.ctx);
  const file = join(d.knowledge, "local-nodes", `${id}.md`);
  promote(d.ctx, { id });
  writeFileSync(file, readFileSync(file, "utf8") + "\nEdited after the promotion.\n");
  const snap = snapshot(d.knowledge);
  assert.throws(() => undo(d.ctx), (e: unknown) => e instanceof StaleWriteError && /changed after `akms promote/.test(e.message));
  assert.deepEqual(snapshot(d.knowledge), snap);
  // The console passes the journal sha it showed; another action in between makes it stale.
  const seen = undoTarget(d.ctx)!;
  assert.equal(seen.entry.action, "promote");
  const other = pendingDedupNodes(d.knowledge)[0]!;
  dedupAccept(d.ctx, { id: other });
  assert.throws(() => undo(d.ctx, { expectedSha: seen.journalSha }), StaleWriteError);
  assert.equal(undo(d.ctx, { expectedSha: undoTarget(d.ctx)!.journalSha }).action, "undo");
});

test("bad input: clear errors, exit 1, nothing written", () => {
  const d = demo();
  const snap = snapshot(d.knowledge);
  const id = localTentative(d.ctx);
  const check = (fn: () => unknown, cls: new (...a: never[]) => AkmsError, re: RegExp, hintRe?: RegExp) => {
    assert.throws(fn, (e: unknown) => {
      assert.ok(e instanceof cls, `expected ${cls.name}, got ${(e as Error).constructor.name}: ${(e as Error).message}`);
      assert.equal((e as AkmsError).exitCode, 1);
      assert.match((e as AkmsError).message, re);
      if (hintRe) assert.match((e as AkmsError).hint ?? "", hintRe);
      return true;
    });
    assert.deepEqual(snapshot(d.knowledge), snap);
  };
  // Unknown id, with the nearest ids suggested.
  const typo = id.slice(0, -1) + (id.endsWith("x") ? "y" : "x");
  check(() => promote(d.ctx, { id: typo }), NotFoundError, /no node/, new RegExp(`did you mean .*${id}`));
  check(() => promote(d.ctx, { id: "../etc/passwd" }), ValidationError, /not a node id/);
  // A global node cannot be promoted: the manual steps are in the hint.
  const gTentative = globalNode(d.ctx, "tentative");
  check(() => promote(d.ctx, { id: gTentative }), StateError, /global node.*never edits the global vault/, /EDITOR.*status: established/);
  // Already established, draft, deprecated.
  const s = scratch();
  const dir = join(s.knowledge, "local-nodes");
  writeNode(dir, { id: "done", status: "established", source: "human" });
  writeNode(dir, { id: "parked", status: "draft", source: "human" });
  writeNode(dir, { id: "retired", status: "deprecated", source: "human" });
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  build(ctx);
  const snap2 = snapshot(s.knowledge);
  assert.throws(() => promote(ctx, { id: "done" }), /already established/);
  assert.throws(() => promote(ctx, { id: "parked" }), (e: unknown) => e instanceof StateError && /draft/.test(e.message) && /akms undraft parked/.test(e.hint ?? ""));
  assert.throws(() => promote(ctx, { id: "retired" }), (e: unknown) => e instanceof StateError && /deprecated/.test(e.message));
  assert.throws(() => undraft(ctx, { id: "done" }), /not draft/);
  assert.throws(() => draft(ctx, { id: "retired" }), /deprecated/);
  assert.throws(() => dedupAccept(ctx, { id: "done" }), /no dedup section/);
  assert.throws(() => undo(ctx), (e: unknown) => e instanceof StateError && /nothing to undo/.test(e.message));
  assert.deepEqual(snapshot(s.knowledge), snap2);
  assert.equal(treeHash(d.vault), d.vaultHash);
});

test("session, code-mirror and colliding ids are refused with what to do instead", () => {
  const d = demo();
  const g = loadGraph(d.ctx.paths);
  const session = [...g.nodes.values()].find((n) => n.domain === "session")!;
  assert.throws(() => draft(d.ctx, { id: session.id }), /session node/);
  const mirror = [...g.nodes.values()].find((n) => n.node_origin === "code-mirror")!;
  assert.throws(() => draft(d.ctx, { id: mirror.id }), (e: unknown) => e instanceof StateError && /akms mirror --files/.test(e.hint ?? ""));
  const collision = g.warnings.find((w) => w.code === "ID_COLLISION")!;
  // The graph's node is the global one: promote is refused as for any global node, naming the shadowed file.
  assert.throws(() => promote(d.ctx, { id: collision.node! }), (e: unknown) => e instanceof StateError && /is a global node/.test(e.message) && /shadowed by the global node/.test(e.hint ?? "") && /own id/.test(e.hint ?? ""));
  // Draft acts on the graph's (global) node, in the overlay, and warns that the local file is shadowed.
  const r = draft(d.ctx, { id: collision.node! });
  assert.match(r.message, /local_state|overlay|draft/);
  assert.match(r.message, /shadowed by the global node/);
  assert.equal(loadGraph(d.ctx.paths).nodes.get(collision.node!)!.status, "draft");
  undo(d.ctx);
  assert.notEqual(loadGraph(d.ctx.paths).nodes.get(collision.node!)!.status, "draft");
});

test("when the recompile fails, the action is rolled back completely", () => {
  const s = scratch();
  const dir = join(s.knowledge, "local-nodes");
  const body = "## content_draft\n\nOld.\n\n<!-- akms:dedup session=session-phase1 score=0.8 status=pending -->\nNew.\n<!-- akms:end -->\n";
  writeNode(dir, { id: "good", status: "tentative", source: "agent", body });
  // An edge to the id the reject will give its new node: not a patch (the edge appears), so the compile runs.
  writeNode(s.vault, { id: "g1", status: "established", edges: [{ to: "good-phase1", type: "requires", weight: 0.5 }] });
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  build(ctx);
  write(join(dir, "broken.md"), "---\nid: broken\ntitle: [unclosed\n---\n");
  const snap = snapshot(s.knowledge);
  // The compile fails on the broken file.
  assert.throws(
    () => dedupReject(ctx, { id: "good" }),
    (e: unknown) => e instanceof AkmsError && /dedup-reject good was not applied/.test(e.message) && e.problems.some((p) => /broken\.md/.test(p.file ?? "")),
  );
  assert.deepEqual(snapshot(s.knowledge), snap);
  // A status change is patched into graph.json: an unrelated broken file does not block the review.
  promote(ctx, { id: "good" });
  assert.equal(loadGraph(ctx.paths).nodes.get("good")!.status, "established");
  assert.throws(() => build(ctx), /invalid/);
});

test("a graph with no links at all is patched too (a status change), exactly as the full compile writes it", () => {
  const s = scratch();
  const dir = join(s.knowledge, "local-nodes");
  writeNode(s.vault, { id: "g1", status: "established" });
  writeNode(dir, { id: "l1", status: "tentative", source: "human" });
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  build(ctx);
  const graphFile = join(s.knowledge, "graph", "graph.json");
  assert.match(readFileSync(graphFile, "utf8"), /"links": \[\],/, "no links");
  const file = join(dir, "l1.md");
  const base = manifestBeforeWrites(ctx, [file]);
  writeFileSync(file, readFileSync(file, "utf8").replace("status: tentative", "status: established"));
  assert.equal(recompile(ctx, { kind: "status", id: "l1", status: "established" }, { files: [file], base }).how, "patch");
  const patched = readFileSync(graphFile, "utf8");
  assert.match(patched, /"status": "established"/);
  assert.equal(build(ctx, { noCache: true }).written, false, "the full compile writes the same graph");
  assert.equal(readFileSync(graphFile, "utf8"), patched);
});

test("status actions patch graph.json in place, exactly as the full compile writes it", () => {
  const s = scratch();
  const dir = join(s.knowledge, "local-nodes");
  writeNode(s.vault, { id: "g1", status: "established", edges: [{ to: "l1", type: "requires", weight: 0.5 }] });
  writeNode(dir, { id: "l1", status: "tentative", source: "human" });
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  build(ctx);
  const graphFile = join(s.knowledge, "graph", "graph.json");
  const file = join(dir, "l1.md");
  const base = manifestBeforeWrites(ctx, [file]);
  writeFileSync(file, readFileSync(file, "utf8").replace("status: tentative", "status: established"));
  const r = recompile(ctx, { kind: "status", id: "l1", status: "established" }, { files: [file], base });
  assert.equal(r.how, "patch");
  const patched = readFileSync(graphFile, "utf8");
  assert.equal(build(ctx, { noCache: true }).written, false);
  assert.equal(readFileSync(graphFile, "utf8"), patched);
  assert.throws(() => reviewText(indexOfLoaded(graphFromText(patched, "graph.json")), { kind: "status", id: "nope", status: "draft" }), NotSure);
  // The status graph.json holds already: nothing is written (not even a new generated_at).
  const again = recompile(ctx, { kind: "status", id: "l1", status: "established" }, { files: [], base: null });
  assert.deepEqual([again.how, again.generatedAt], ["patch", undefined]);
  assert.equal(readFileSync(graphFile, "utf8"), patched);
  assert.equal(recompile(ctx, { kind: "status", id: "nope", status: "draft" }, { files: [], base: null }).how, "full");
});


test("after dedup reject and its undo (a node added, then removed), a promote and its undo, the graph index a reader opens is graph.json as read", () => {
  const s = scratch();
  const dir = join(s.knowledge, "local-nodes");
  const body = "> agent-authored\n\n## content_draft\n\nOld.\n\n<!-- akms:dedup session=session-phase1 score=0.8 status=pending -->\nNew.\n<!-- akms:end -->\n";
  writeNode(dir, { id: "good", status: "tentative", source: "agent", body });
  writeNode(dir, { id: "zz", status: "tentative", source: "human" });
  writeNode(s.vault, { id: "g1", status: "established", edges: [{ to: "good", type: "requires", weight: 0.5 }] });
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  build(ctx);
  assertIndexIsGraph(ctx.paths, "after the build");
  dedupReject(ctx, { id: "good" });
  assertIndexIsGraph(ctx.paths, "after dedup reject");
  assert.ok(openGraph(ctx.paths).nodes.has("good-phase1"));
  promote(ctx, { id: "zz" });
  assertIndexIsGraph(ctx.paths, "after promote");
  assert.equal(openGraph(ctx.paths).nodes.get("zz")!.status, "established");
  undo(ctx);
  assertIndexIsGraph(ctx.paths, "after the promote's undo");
  undo(ctx);
  assertIndexIsGraph(ctx.paths, "after the reject's undo");
  assert.equal(openGraph(ctx.paths).nodes.has("good-phase1"), false);
});

test("the review actions keep the store's record of the overlay they write: after an update, draft, undraft, their undo and dedup reject leave the next reader nothing to parse", () => {
  const d = demo();
  const ctx = d.ctx;
  const [pending] = pendingDedupNodes(d.knowledge);
  const used = globalNode(ctx, "established");
  const fresh = globalNode(ctx, "tentative");
  // The update writes the overlay in its writer's form and keeps its record (canonical).
  const doc = write(join(d.dir, "m.md"), memory({ task: "keep-record", date: "2026-12-30", used: [{ id: used, useful: true, coverage: "sufficient" }] }));
  runUpdate(ctx, [doc]);
  /** The store holds the record of the overlay's bytes as they are, written by the writer, and it is what parsing and validating them gives. */
  const held = (where: string) => {
    const k = keptOverlay(ctx.paths, readFileSync(ctx.paths.overlay));
    assert.ok(k?.canonical, `the store keeps no canonical record of the overlay ${where}`);
    assert.equal(canonJson(k.overlay), canonJson(readOverlay(ctx.paths.overlay, "local_state.yaml").overlay), `the store's record is not the overlay ${where}`);
  };
  held("after the update");
  draft(ctx, { id: fresh });
  held("after a draft of a global node");
  draft(ctx, { id: used }); // a node whose entry holds the update's values besides
  held("after a draft of a global node with an entry");
  undraft(ctx, { id: used });
  held("after an undraft");
  undo(ctx);
  held("after the undo of an undraft");
  undo(ctx);
  held("after the undo of a draft");
  const r = dedupReject(ctx, { id: pending! });
  assert.ok(r.files.some((f) => f.path.endsWith("local_state.yaml")), "the reject registers its node in the overlay");
  held("after a dedup reject");
  assert.equal(graphText(ctx), buildBytesNoCache(ctx));
});
