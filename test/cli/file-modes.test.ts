// akms rewrites a person's files by rename (atomic): the new file keeps the old one's mode — a
// group's 0664 checkout stays group-writable, a 0600 file stays private — whatever the umask.
import { test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { akms, copyDemo, tmp } from "../helpers.js";
import { writeFileAtomic, writeFilesAtomic } from "../../core/fsx.js";

const modeOf = (p: string) => (statSync(p).mode & 0o7777).toString(8);

test("promote, undo and update keep the modes of the files they rewrite", { skip: process.platform === "win32" ? "POSIX modes" : false }, () => {
  const d = copyDemo();
  const run = (...args: string[]) => akms([...args, "--repo", d.repo, "--vault", d.vault]);
  const node = join(d.knowledge, "local-nodes", "green-cache-key-includes-ref-medium.md");
  const overlay = join(d.knowledge, "graph", "local_state.yaml");
  chmodSync(node, 0o664);
  chmodSync(overlay, 0o600);
  assert.equal(run("promote", "green-cache-key-includes-ref-medium").code, 0);
  assert.equal(modeOf(node), "664", "promote");
  assert.equal(run("undo").code, 0);
  assert.equal(modeOf(node), "664", "undo");
  assert.equal(run("update", join(d.knowledge, "sessions", "task-103.md")).code, 0);
  assert.equal(modeOf(overlay), "600", "update's overlay");
});

test("writeFileAtomic and writeFilesAtomic: a rewrite keeps the file's mode exactly (umask or not); a new file is 0666 less the umask, as git makes it", async () => {
  const dir = tmp("akms-modes-");
  const a = join(dir, "a.md");
  const b = join(dir, "b.md");
  writeFileSync(a, "one\n");
  writeFileSync(b, "one\n");
  chmodSync(a, 0o664);
  chmodSync(b, 0o600);
  const old = process.umask(0o022);
  try {
    writeFileAtomic(a, "two\n");
    await writeFilesAtomic([{ path: b, data: "two\n" }]);
    assert.deepEqual([modeOf(a), modeOf(b)], ["664", "600"]);
    writeFileAtomic(join(dir, "new.md"), "x\n");
    assert.equal(modeOf(join(dir, "new.md")), "644");
    // A group's umask: new files are group-writable, as git makes them.
    process.umask(0o002);
    writeFileAtomic(join(dir, "shared.md"), "x\n");
    await writeFilesAtomic([{ path: join(dir, "shared2.md"), data: "x\n" }]);
    assert.deepEqual([modeOf(join(dir, "shared.md")), modeOf(join(dir, "shared2.md"))], ["664", "664"]);
  } finally {
    process.umask(old);
  }
});
