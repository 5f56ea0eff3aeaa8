import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CONTENT_DRAFT, fastReadEntry, jsonExact, readKnownSize } from "../../core/compiler/fast-read.js";
import { readNode, type Origin } from "../../core/compiler/sources.js";
import { hasContentDraft } from "../../core/schemas/node.js";
import { LIMITS } from "../../core/yaml.js";
import { generateVault } from "../../scripts/bench/genvault.js";
import { DEMO, ROOT, nodeFiles, tmp, write } from "../helpers.js";

/** The worker's answer is 0 or readNode's node data and missingDraft, exactly. */
function assertAgrees(file: string, origin: Origin): "same" | "bail" {
  const entry = fastReadEntry(file, origin, LIMITS.maxFileBytes);
  if (entry === 0) return "bail";
  const r = readNode({ file, shown: file }, origin);
  assert.ok(r.node, `the worker accepted a file readNode rejects: ${file}`);
  assert.deepStrictEqual(entry[0], r.node.data, file);
  assert.equal(JSON.stringify(entry[0]), JSON.stringify(r.node.data), file);
  assert.equal(entry[1], r.node.missingDraft, file);
  return "same";
}

test("the worker's reader answers every demo, kb-500 and generated node as readNode does", () => {
  const gen = tmp("akms-fastread-");
  generateVault(gen, 60);
  let n = 0;
  for (const root of [DEMO, join(ROOT, ".bench", "kb-500"), gen]) {
    for (const { file, origin } of nodeFiles(root)) {
      assert.equal(assertAgrees(file, origin), "same", file);
      n++;
    }
  }
  assert.ok(n >= 100);
});

test("odd files are left to the main thread; -0, infinities and BOMs too", () => {
  const dir = tmp("akms-fastread-odd-");
  const node = (extra = "", body = "") =>
    `---\nid: a\ntitle: T\ndomain: d\ntags: [x]\nstatus: draft\nconfidence: 0.5\nsource: agent\n${extra}akms_schema: v2\n---\n${body}`;
  const cases: [string, Origin, string | Buffer, "same" | "bail"][] = [
    ["ok.md", "global", node(), "same"],
    ["draft.md", "local", node("", "## content_draft\nx\n"), "same"],
    ["nodraft.md", "local", node("", "## other\n"), "same"],
    ["big-local.md", "local", node("", "## content_draft\n" + "word ".repeat(8000)), "same"],
    ["neg-zero.md", "global", node("extra: -0.0\n"), "bail"],
    ["inf.md", "global", node("extra: .inf\n"), "bail"],
    ["bom.md", "global", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(node())]), "bail"],
    ["bad-utf8.md", "local", Buffer.concat([Buffer.from(node()), Buffer.from([0xff])]), "bail"],
    ["bad-yaml.md", "global", "---\ntitle: a: b\n---\n", "bail"],
    ["bad-node.md", "global", node("activations: 1\n"), "bail"],
    ["empty.md", "global", "", "bail"],
    ["no-fm.md", "global", "# title\n", "bail"],
    ["long-fm.md", "global", node(`note: "${"x".repeat(20000)}"\n`), "bail"],
  ];
  for (const [name, origin, text, want] of cases) {
    const f = join(dir, name);
    writeFileSync(f, text);
    assert.equal(assertAgrees(f, origin), want, name);
  }
  mkdirSync(join(dir, "dir.md"));
  assert.equal(fastReadEntry(join(dir, "dir.md"), "global", LIMITS.maxFileBytes), 0);
  assert.equal(fastReadEntry(join(dir, "missing.md"), "global", LIMITS.maxFileBytes), 0);
  writeFileSync(join(dir, "limit.md"), node());
  assert.equal(fastReadEntry(join(dir, "limit.md"), "global", 10), 0);
});

test("CONTENT_DRAFT is hasContentDraft's test; jsonExact knows what JSON cannot carry", () => {
  for (const body of ["## content_draft\n", "x\n##   content_draft here", "## content_drafts", "### content_draft", " ## content_draft", "##content_draft", "", "## Content_draft", "a\n## content_draft"]) {
    assert.equal(CONTENT_DRAFT.test(body), hasContentDraft(body), JSON.stringify(body));
  }
  for (const v of [0, 1.5, "s", null, true, [1, "a"], { a: { b: [null] } }]) assert.equal(jsonExact(v), true, JSON.stringify(v));
  for (const v of [-0, NaN, Infinity, -Infinity, undefined, [1, -0], { a: NaN }, new Date(0), Object.create(null)]) assert.equal(jsonExact(v), false, typeof v);
});

test("a file read at the size the build statted gives the bytes a stat-and-read gives, or leaves the file to it", () => {
  const dir = tmp("akms-known-size-");
  const head = "---\nid: a\ntitle: A\n---\n";
  const global = write(join(dir, "a.md"), head + "body ".repeat(5000));
  const size = statSync(global).size;
  assert.equal(readKnownSize(global, false, size, LIMITS.maxFileBytes)?.toString("utf8"), head, "the head up to the frontmatter's end");
  const local = write(join(dir, "l.md"), head + "body ".repeat(5000));
  assert.equal(readKnownSize(local, true, size, LIMITS.maxFileBytes)?.toString("utf8"), readFileSync(local, "utf8"), "a local node whole");
  // Anything unexpected is left to the ordinary read, which names the problem.
  assert.equal(readKnownSize(local, true, size - 1, LIMITS.maxFileBytes), null, "grew since the stat");
  assert.equal(readKnownSize(local, true, size + 1, LIMITS.maxFileBytes), null, "shrank since the stat");
  assert.equal(readKnownSize(global, false, size, size - 1), null, "too large");
  assert.equal(readKnownSize(global, false, 0, LIMITS.maxFileBytes), null, "empty");
  assert.equal(readKnownSize(write(join(dir, "n.md"), "no frontmatter\n"), false, 15, LIMITS.maxFileBytes), null, "no frontmatter");
  mkdirSync(join(dir, "d.md"));
  assert.equal(readKnownSize(join(dir, "d.md"), false, 4096, LIMITS.maxFileBytes), null, "a directory");
  assert.equal(readKnownSize(join(dir, "gone.md"), false, 10, LIMITS.maxFileBytes), null, "gone");
});
