import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { readKnownSize } from "../../core/compiler/read-head.js";
import { LIMITS } from "../../core/yaml.js";
import { tmp, write } from "../helpers.js";

test("a file read at the size the build statted gives the bytes a stat-and-read gives, or leaves the file to it", () => {
  const dir = tmp("akms-known-size-");
  const head = "---\nid: a\ntitle: A\n---\n";
  const global = write(join(dir, "a.md"), head + "body ".repeat(5000));
  const size = statSync(global).size;
  const read = readKnownSize(global, false, size, LIMITS.maxFileBytes);
  assert.equal(read?.bytes.toString("utf8"), head, "the head up to the frontmatter's end");
  assert.equal(read?.whole, null, "a file longer than the head's read is not whole");
  const local = write(join(dir, "l.md"), head + "body ".repeat(5000));
  assert.equal(readKnownSize(local, true, size, LIMITS.maxFileBytes)?.bytes.toString("utf8"), readFileSync(local, "utf8"), "a local node whole");
  // A file the head's read got all of (a large node's `## Summary` is then read from it, not read again).
  const small = write(join(dir, "s.md"), head + "## Summary\n\nShort.\n");
  const got = readKnownSize(small, false, statSync(small).size, LIMITS.maxFileBytes);
  assert.equal(got?.bytes.toString("utf8"), head);
  assert.equal(got?.whole?.toString("utf8"), readFileSync(small, "utf8"), "the whole file");
  assert.equal(readKnownSize(small, false, statSync(small).size - 1, LIMITS.maxFileBytes)?.whole, null, "grew since the stat: not whole");
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
