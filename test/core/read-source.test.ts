import { test } from "node:test";
import assert from "node:assert/strict";
import { isUtf8 } from "node:buffer";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readNode } from "../../core/compiler/sources.js";
import { readOverlay } from "../../core/overlay-file.js";
import { decodeUtf8, firstInvalidUtf8 } from "../../core/textfile.js";
import { tmp } from "../helpers.js";

// readSource trusts Node's native UTF-8 check and runs firstInvalidUtf8 only to locate a bad byte:
// the two must agree on every input.
test("isUtf8 and firstInvalidUtf8 agree on every 1- and 2-byte input and on random multi-byte input", () => {
  for (let a = 0; a < 256; a++) {
    assert.equal(isUtf8(Buffer.from([a])), firstInvalidUtf8(Buffer.from([a])) < 0, `${a}`);
    for (let b = 0; b < 256; b++) {
      const buf = Buffer.from([a, b]);
      assert.equal(isUtf8(buf), firstInvalidUtf8(buf) < 0, `${a} ${b}`);
    }
  }
  const INTERESTING = [0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xf8, 0xfe, 0xff];
  let seed = 12345;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  for (let i = 0; i < 200000; i++) {
    const len = 1 + Math.floor(next() * 8);
    const bytes: number[] = [];
    for (let k = 0; k < len; k++) bytes.push(next() < 0.7 ? INTERESTING[Math.floor(next() * INTERESTING.length)]! : Math.floor(next() * 256));
    const buf = Buffer.from(bytes);
    assert.equal(isUtf8(buf), firstInvalidUtf8(buf) < 0, bytes.join(" "));
  }
});

const NODE = "---\nid: a\ntitle: T\ndomain: d\ntags: [x]\nstatus: draft\nconfidence: 0.5\nsource: human\nakms_schema: v2\n---\n";

test("readNode: BOM, bad UTF-8, directories and empty files give the same answers as before", () => {
  const dir = tmp("akms-readsrc-");
  const put = (name: string, bytes: Buffer | string) => {
    const f = join(dir, name);
    writeFileSync(f, bytes);
    return { file: f, shown: name };
  };
  // A byte-order mark is dropped.
  const bom = readNode(put("bom.md", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(NODE)])), "global");
  assert.equal(bom.node?.id, "a");
  assert.deepEqual(bom.problems, []);
  // A bad byte in the frontmatter is located by line; in a global node's body it is never read.
  const badHead = readNode(put("bad-head.md", Buffer.concat([Buffer.from(NODE.slice(0, 20)), Buffer.from([0xc0, 0x80]), Buffer.from(NODE.slice(20))])), "global");
  assert.deepEqual(badHead.problems, [
    { file: "bad-head.md", line: 4, field: undefined, message: "the file is not valid UTF-8 (byte 0xc0 at offset 20)", hint: "save the file as UTF-8 (AKMS files are UTF-8 text)" },
  ]);
  const badBody = Buffer.concat([Buffer.from(NODE + "body "), Buffer.from([0xff]), Buffer.from("\n")]);
  assert.equal(readNode(put("bad-body.md", badBody), "global").node?.id, "a");
  // A local node is read whole: the same byte is a problem there.
  const local = readNode(put("bad-local.md", badBody), "local");
  assert.equal(local.problems[0]?.message, `the file is not valid UTF-8 (byte 0xff at offset ${NODE.length + 5})`);
  assert.equal(local.problems[0]?.line, 11);
  // A directory named like a node, and an empty file.
  mkdirSync(join(dir, "sub.md"));
  assert.deepEqual(readNode({ file: join(dir, "sub.md"), shown: "sub.md" }, "global").problems, [
    { file: "sub.md", line: undefined, field: undefined, message: "is not a regular file", hint: undefined },
  ]);
  assert.equal(readNode(put("empty.md", ""), "global").problems[0]?.message, "no YAML frontmatter found");
  // Frontmatter longer than the 16 KiB head is read whole.
  const long = NODE.replace("title: T", `title: "${"x".repeat(20000)}"`);
  assert.equal((readNode(put("long.md", long), "global").node?.data.title as string).length, 20000);
});

test("readOverlay: a BOM is dropped and a bad byte is reported as decodeUtf8 reports it", () => {
  const dir = tmp("akms-readov-");
  const text = "akms_schema: v2\nrepo_id: r\nnodes:\n  a:\n    confidence: 0.5\n";
  const bom = join(dir, "bom.yaml");
  writeFileSync(bom, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]));
  const withBom = readOverlay(bom, "bom.yaml");
  const plain = readOverlay((writeFileSync(join(dir, "plain.yaml"), text), join(dir, "plain.yaml")), "bom.yaml");
  assert.deepEqual([withBom.overlay, withBom.problems], [plain.overlay, plain.problems]);
  // The bytes it hands back are the file's own (what the drafted ids are kept under).
  assert.deepEqual(withBom.bytes, readFileSync(bom));
  const badBytes = Buffer.concat([Buffer.from(text), Buffer.from([0xed, 0xa0, 0x80])]);
  const bad = join(dir, "bad.yaml");
  writeFileSync(bad, badBytes);
  let want: { message: string; line?: number; hint?: string } | undefined;
  try {
    decodeUtf8(badBytes, "bad.yaml");
  } catch (e) {
    want = e as { message: string; line?: number; hint?: string };
  }
  assert.ok(want);
  assert.deepEqual(readOverlay(bad, "bad.yaml").problems, [{ file: "bad.yaml", line: want.line, field: undefined, message: want.message, hint: want.hint }]);
});
