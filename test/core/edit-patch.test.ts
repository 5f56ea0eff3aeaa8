import { after, test } from "node:test";
import { patchFaults } from "../../core/graph-file/patch.js";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { copyDemo, seededRandom, settle } from "../helpers.js";
import { loadContext } from "../../core/context.js";
import { build } from "../../core/compiler/build.js";
import { MAX_EDITED, editPatchCounts } from "../../core/compiler/edit-patch.js";
import { parseDeltaPath } from "../../core/compiler/parse-cache.js";

// Every patch in this file either answers or is not sure: a fault of a patch fails the file.
after(() => assert.deepEqual(patchFaults, []));

const env = { SOURCE_DATE_EPOCH: "1700000000" };

function setup() {
  const d = copyDemo();
  const ctx = loadContext({ repo: d.repo, vault: d.vault });
  build(ctx, { env });
  settle();
  const edit = (file: string, from: RegExp, to: string) => {
    const text = readFileSync(file, "utf8");
    const next = text.replace(from, to);
    assert.notEqual(next, text, `${file}: nothing to edit`);
    writeFileSync(file, next);
  };
  /**
   * A build after the edits: patched (or compiled in full, `patched` false), then graph.json and
   * the warnings compared with a --no-cache compile from scratch, and the build after it a no-op.
   */
  const check = (what: string, patched: boolean, after?: () => void) => {
    settle();
    const before = { ...editPatchCounts };
    const r = build(ctx, { env });
    assert.equal(r.fromCache, false, what);
    assert.equal(editPatchCounts.patched - before.patched, patched ? 1 : 0, `${what}: ${patched ? "patched" : "compiled in full"}`);
    after?.();
    const bytes = readFileSync(ctx.paths.graphJson);
    rmSync(ctx.paths.graphJson);
    const full = build(ctx, { env, noCache: true });
    assert.deepEqual(readFileSync(ctx.paths.graphJson), bytes, `${what}: the build differs from a --no-cache build`);
    assert.equal(full.graphVersion, r.graphVersion, what);
    assert.deepEqual(full.warnings, r.warnings, what);
    settle();
    assert.equal(build(ctx, { env }).fromCache, true, `${what}: the build after it is a no-op`);
  };
  return { ...d, ctx, edit, check };
}

test("edits that change only the nodes' own text are patched into graph.json, byte for byte a full compile's", () => {
  const s = setup();
  s.edit(join(s.vault, "conjugate-gradient-method.md"), /^title: .*$/m, "title: Conjugate gradients (edited) é");
  s.check("a global node's title", true);
  s.edit(join(s.vault, "deterministic-seeding.md"), /^confidence: .*$/m, "confidence: 0.42");
  s.edit(join(s.vault, "gibbs-ringing-artifacts.md"), /^subdomain: .*$/m, "subdomain: edited");
  s.edit(join(s.knowledge, "local-nodes", "strain-increment-early-stop.md"), /^title: .*$/m, 'title: "Early stop on the strain increment"');
  s.check("two global nodes and a local node at once", true);
  // A node the overlay overrides: its entry is applied again to its new text (its confidence stays the overlay's).
  s.edit(join(s.vault, "lippmann-schwinger.md"), /^title: .*$/m, "title: Lippmann-Schwinger (edited)");
  s.edit(join(s.vault, "lippmann-schwinger.md"), /^confidence: .*$/m, "confidence: 0.33");
  s.check("a node the overlay overrides", true);
  // A body edit of a global node: the graph is unchanged, the file's new stat is recorded.
  s.edit(join(s.vault, "fft-galerkin-basics.md"), /$/, "\nOne more line of body.\n");
  settle();
  const before = { ...editPatchCounts };
  const r = build(s.ctx, { env });
  assert.equal(editPatchCounts.patched - before.patched, 1);
  assert.equal(r.written, false, "the same graph: graph.json is left as it is");
  settle();
  assert.equal(build(s.ctx, { env }).fromCache, true);
  // A code-mirror node (its content_ref is checked again with every other).
  const mirrors = join(s.knowledge, "code-mirror", "runner");
  const mirror = join(mirrors, readdirSync(mirrors).find((f) => f.endsWith(".md"))!);
  s.edit(mirror, /^title: .*$/m, "title: Runner (edited)");
  // The edited file's record is in the parse cache for the next build.
  s.check("a code-mirror node", true, () => assert.match(readFileSync(parseDeltaPath(s.ctx.paths.cacheDir), "latin1"), /code-mirror\/runner\//));
});

test("what the patch cannot be sure of compiles in full, with the same bytes", () => {
  const s = setup();
  const gibbs = join(s.vault, "gibbs-ringing-artifacts.md");
  assert.match(readFileSync(gibbs, "utf8"), /^edges:/m);
  // (The same length: only the check of what the merge reads tells it from a text-only edit.)
  s.edit(gibbs, /weight: 0\.6$/m, "weight: 0.7");
  s.check("an edge's weight", false);
  s.edit(join(s.vault, "conjugate-gradient-method.md"), /^domain: .*$/m, "domain: edited-domain");
  s.check("the domain (a pitfall edge's target must be a session node)", false);
  s.edit(join(s.knowledge, "local-nodes", "solver-config-schema.md"), /^title: .*$/m, "title: Solver config (local, edited)");
  s.check("a node whose id is taken twice", false);
  s.edit(join(s.vault, "benchmark-microstructures.md"), /^content_ref: .*$/m, "content_ref: docs/nowhere.md");
  s.check("a content_ref", false);
  // A referenced file gone since the last build: an unrelated edit must not hide the new warning.
  const docs = join(s.vault, "docs");
  const doc = "tensor-notation.md"; // tensor-notation-mandel's content_ref
  renameSync(join(docs, doc), join(s.dir, doc));
  s.edit(join(s.vault, "deterministic-seeding.md"), /^title: .*$/m, "title: Deterministic seeding (edited)");
  s.check("a content_ref target removed", false);
  renameSync(join(s.dir, doc), join(docs, doc));
  s.edit(join(s.vault, "deterministic-seeding.md"), /^title: .*$/m, "title: Deterministic seeding (again)");
  s.check("the target back", false);
  // The parse cache gone: the previous values are unknown.
  s.edit(join(s.vault, "deterministic-seeding.md"), /^title: .*$/m, "title: Deterministic seeding (third)");
  rmSync(s.ctx.paths.cacheDir + "/parse-cache.bin");
  rmSync(parseDeltaPath(s.ctx.paths.cacheDir), { force: true });
  s.check("no parse cache", false);
  // New files (the listing changed), then more edited files than the patch takes.
  const extra = (k: number) => join(s.vault, `extra-${k}.md`);
  for (let k = 0; k <= MAX_EDITED; k++) writeFileSync(extra(k), readFileSync(join(s.vault, "deterministic-seeding.md"), "utf8").replace(/^id: .*$/m, `id: extra-${k}`));
  s.check("new files", false);
  for (let k = 0; k <= MAX_EDITED; k++) s.edit(extra(k), /^title: .*$/m, `title: Extra ${k}`);
  s.check(`${MAX_EDITED + 1} edited files`, false);
  for (let k = 1; k <= MAX_EDITED; k++) s.edit(extra(k), /^title: .*$/m, `title: Extra ${k} again`);
  s.check(`${MAX_EDITED} edited files`, true);
});

test("seeded random edits of frontmatter values, patched or not, always equal a full compile", () => {
  const s = setup();
  const rnd = seededRandom(7);
  const files = readdirSync(s.vault)
    .filter((f) => f.endsWith(".md"))
    .map((f) => join(s.vault, f));
  let patched = 0;
  for (let round = 0; round < 8; round++) {
    for (let k = 0; k <= rnd(3); k++) {
      const f = files[rnd(files.length)]!;
      const text = readFileSync(f, "utf8");
      const next = rnd(2) === 0 ? text.replace(/^confidence: .*$/m, `confidence: 0.${10 + rnd(89)}`) : text.replace(/^title: .*$/m, `title: "Round ${round} ${rnd(1000)}"`);
      writeFileSync(f, next);
    }
    settle();
    const before = editPatchCounts.patched;
    const r = build(s.ctx, { env });
    patched += editPatchCounts.patched - before;
    const bytes = readFileSync(s.ctx.paths.graphJson);
    rmSync(s.ctx.paths.graphJson);
    const full = build(s.ctx, { env, noCache: true });
    assert.deepEqual(readFileSync(s.ctx.paths.graphJson), bytes, `round ${round}`);
    assert.deepEqual(full.warnings, r.warnings, `round ${round}`);
    settle();
  }
  assert.ok(patched > 0, "some rounds are patched");
});

test("a repository without an overlay is patched too", () => {
  const s = setup();
  rmSync(s.ctx.paths.overlay);
  s.check("the overlay removed", false);
  s.edit(join(s.vault, "deterministic-seeding.md"), /^title: .*$/m, "title: Deterministic seeding (no overlay)");
  s.check("an edit without an overlay", true);
});
