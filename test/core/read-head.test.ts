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
