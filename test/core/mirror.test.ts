import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { copyDemo, scratch, treeHash, write, writeNode } from "../helpers.js";
import { loadContext } from "../../core/context.js";
import { generateMirror } from "../../core/mirror/generate.js";
import { build } from "../../core/compiler/build.js";
import { reviewData } from "../../core/report.js";
import type { Context } from "../../core/context.js";
import { assignMirrorNames, idFor } from "../../core/mirror/names.js";
import { openGraph } from "../../core/graph.js";
import { deriveTags } from "../../core/tags.js";
import { ID_PATTERN } from "../../core/schemas/common.js";
import { sha256 } from "../../core/fsx.js";

test("a generated mirror anchors scope-based tag derivation: scope file → mirror source_file → concept that implements it", async () => {
  const s = scratch();
  const vaultBefore = treeHash(s.vault);
  write(join(s.repo, "src", "solvers", "fft", "green.py"), 'def green(k, r):\n    """Kernel."""\n    return k * r\n');
  // A concept node declares that it is implemented by the mirror of green.py.
  writeNode(join(s.knowledge, "local-nodes"), {
    id: "greens-operator",
    title: "Green's operator",
    tags: ["green-function", "fft"],
    source: "human",
    edges: [{ to: "mirror-solvers-fft-green", type: "implements", weight: 0.5 }],
  });
  writeNode(join(s.knowledge, "local-nodes"), { id: "unrelated", tags: ["other"], source: "human" });
  const ctx = loadContext({ repo: s.repo, vault: s.vault });
  const r = await generateMirror(ctx, { files: ["src/solvers/fft/green.py"], cwd: s.repo });
  assert.equal(r.mirrored[0]!.id, "mirror-solvers-fft-green");
  assert.equal(r.graph?.written, true);

  const graph = openGraph(ctx.paths);
  const d = deriveTags(graph, ctx.cfg, { title: "Tune the solver", scope: ["src/solvers/fft/green.py"] }, { repo: s.repo, knowledge: ctx.paths.knowledge, vault: ctx.vault.path });
  assert.deepEqual(d.tags.map((t) => t.tag), ["fft", "green-function"]);
  assert.deepEqual(d.tags[0]!.sources, [{ kind: "scope-mirror", file: "src/solvers/fft/green.py", mirror: "mirror-solvers-fft-green", node: "greens-operator" }]);
  // The mirror itself carries no tags and contributes none.
  const mirrorNode = graph.nodes.get("mirror-solvers-fft-green")!;
  assert.equal(mirrorNode.tags, undefined);
  assert.equal(treeHash(s.vault), vaultBefore);
});

/** The review's docstring-drift section (what `akms status`, the report and the console show), from the graph compiled now. */
function reviewDrift(ctx: Context) {
  build(ctx);
  return reviewData(ctx, openGraph(ctx.paths)).sections.drift;
}

test("the review's drift lists file, function and what contradicts what, as the mirror recorded it", async () => {
  const s = scratch();
  write(join(s.repo, "b.py"), 'def f(x) -> None:\n    """F.\n\n    Args:\n        y: gone\n    """\n');
  write(join(s.repo, "a.ts"), "/** @param q gone */\nexport function g(p: number) {}\n");
  write(join(s.repo, "c.py"), "def clean(x):\n    pass\n");
  const ctx = loadContext({ repo: s.repo, vault: s.vault });
  await generateMirror(ctx, { all: true, cwd: s.repo });
  const drift = reviewDrift(ctx);
  assert.deepEqual(
    drift.map((d) => `${d.source_file}:${d.line} ${d.function} ${d.kind} (${d.id}, ${d.file})`),
    ["a.ts:2 g unknown-parameter (mirror-a, knowledge/code-mirror/a.md)", "b.py:1 f unknown-parameter (mirror-b, knowledge/code-mirror/b.md)"],
  );
  assert.match(drift[1]!.detail ?? "", /`y`, but the signature is \(x\)/);
  const graph = JSON.parse(readFileSync(ctx.paths.graphJson, "utf8"));
  assert.deepEqual(graph.nodes.find((n: { id: string }) => n.id === "mirror-b").drift, [{ function: "f", kind: "unknown-parameter", detail: drift[1]!.detail, line: 1 }]);
});

test("mirror names: src/ dropped, clashes step up to the full path, the extension, then a hash; ids always valid", () => {
  const names = assignMirrorNames([
    "src/solvers/fft/green.py",
    "src/a.py",
    "a.py",
    "src/dup.py",
    "src/dup.ts",
    "pkg/Mixed.py",
    "pkg/mixed.py",
    "weird name/ü+x.py",
    ".github/scripts/ci.py",
  ]);
  const h = (p: string) => sha256(p).slice(0, 8);
  const got = Object.fromEntries([...names].map(([k, v]) => [k, `${v.contentRef} ${v.id}`]));
  assert.deepEqual(got, {
    ".github/scripts/ci.py": "code-mirror/_github/scripts/ci.md mirror-_github-scripts-ci",
    "a.py": "code-mirror/a.md mirror-a",
    // Differ only in case: the full path with extension still clashes, so a hash of the path is added.
    "pkg/Mixed.py": `code-mirror/pkg/Mixed.py-${h("pkg/Mixed.py")}.md mirror-pkg-mixed-py-${h("pkg/Mixed.py")}`,
    "pkg/mixed.py": `code-mirror/pkg/mixed.py-${h("pkg/mixed.py")}.md mirror-pkg-mixed-py-${h("pkg/mixed.py")}`,
    "src/a.py": "code-mirror/src/a.md mirror-src-a",
    "src/dup.py": "code-mirror/src/dup.py.md mirror-src-dup-py",
    "src/dup.ts": "code-mirror/src/dup.ts.md mirror-src-dup-ts",
    "src/solvers/fft/green.py": "code-mirror/solvers/fft/green.md mirror-solvers-fft-green",
    "weird name/ü+x.py": "code-mirror/weird name/ü+x.md mirror-weird-name---x",
  });
  assert.notEqual(names.get("pkg/Mixed.py")!.id, names.get("pkg/mixed.py")!.id);
  const ids = [...names.values()].map((n) => n.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const id of ids) assert.match(id, ID_PATTERN);
  assert.match(idFor("x/".repeat(100) + "y"), ID_PATTERN);
});

test("the demo's committed code mirror is what `akms mirror --all` writes: its documented docstring drift shows from the first start", async () => {
  const d = copyDemo();
  const ctx = loadContext({ repo: d.repo, vault: d.vault, env: {} });
  const before = treeHash(join(d.knowledge, "code-mirror"));
  // fixtures/demo/README.md: `equilibrium_error` documents an `ord` parameter its signature lacks.
  assert.deepEqual(reviewDrift(ctx).map((x) => `${x.source_file}:${x.line} ${x.function} ${x.kind}`), ["src/solvers/fft/scheme.py:71 equilibrium_error unknown-parameter"]);
  await generateMirror(ctx, { all: true, cwd: d.repo, phase: 1 });
  assert.equal(treeHash(join(d.knowledge, "code-mirror")), before, "a fresh mirror of the demo's sources changes no committed mirror file");
});
