// A full disk (a tmpfs of 1 MiB, filled): a write refuses with NOT_WRITABLE "no space left on the
// device" — never error[BUG] — leaves nothing behind (no half-written file, no lock, none of the
// lock's private files), and goes through once space is freed. Needs root to mount (CI runs as root).
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { akms, DEMO, tmp } from "../helpers.js";

function mountTmpfs(dir: string, size: string): boolean {
  if (process.getuid?.() !== 0) return false;
  return spawnSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir], { stdio: "ignore" }).status === 0;
}

const probe = tmp("akms-full-probe-");
const canMount = mountTmpfs(probe, "64k") && spawnSync("umount", [probe]).status === 0;

test("a full disk: promote refuses with NOT_WRITABLE, leaves no file, lock or temp behind, and succeeds once space is freed", { skip: canMount ? false : "needs root and a tmpfs mount" }, () => {
  const dir = tmp("akms-full-");
  assert.ok(mountTmpfs(dir, "1m"));
  try {
    cpSync(DEMO, dir, { recursive: true });
    const run = (...args: string[]) => akms([...args, "--repo", join(dir, "repo"), "--vault", join(dir, "vault")]);
    assert.equal(run("build").code, 0);
    const node = join(dir, "repo", "knowledge", "local-nodes", "green-cache-key-includes-ref-medium.md");
    const before = readFileSync(node);
    // Fill the disk to the last block.
    const fill = join(dir, "fill");
    spawnSync("dd", ["if=/dev/zero", `of=${fill}`, "bs=4k"], { stdio: "ignore" });
    const full = run("promote", "green-cache-key-includes-ref-medium");
    assert.equal(full.code, 1, full.stderr);
    assert.match(full.stderr, /^error\[NOT_WRITABLE\]: .*: cannot be written: no space left on the device — free some space, then run the command again/m);
    assert.doesNotMatch(full.stderr, /BUG|\n\s+at /);
    assert.deepEqual(readFileSync(node), before, "the node file is as it was");
    const graphDir = join(dir, "repo", "knowledge", "graph");
    assert.deepEqual(readdirSync(graphDir).filter((n) => n.startsWith(".akms.lock") || n.endsWith(".tmp")), [], "no lock, no lock temp, no write temp left");
    rmSync(fill);
    const ok = run("promote", "green-cache-key-includes-ref-medium");
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(readFileSync(node, "utf8"), /^status: established$/m);
  } finally {
    spawnSync("umount", ["-l", dir]);
  }
});

test("the lock's private files a killed process left (over a minute old) are removed by the next holder; a fresh one is not", () => {
  const d = tmp("akms-lock-temps-");
  cpSync(DEMO, d, { recursive: true });
  const graphDir = join(d, "repo", "knowledge", "graph");
  const old = join(graphDir, ".akms.lock.999999.1.new");
  const fresh = join(graphDir, ".akms.lock.999998.1.new");
  writeFileSync(old, "");
  writeFileSync(fresh, "");
  const past = new Date(Date.now() - 120_000);
  spawnSync("touch", ["-d", past.toISOString(), old]);
  assert.equal(akms(["build", "--repo", join(d, "repo"), "--vault", join(d, "vault")]).code, 0);
  const left = readdirSync(graphDir).filter((n) => n.endsWith(".new"));
  assert.deepEqual(left, [".akms.lock.999998.1.new"]);
});
