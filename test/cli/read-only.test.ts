// A repository this user may read but not write (a colleague's checkout, a read-only mount): the
// readers answer from the last compiled graph and say why it was not brought up to date; the
// writers refuse with NOT_WRITABLE naming the folder and the fix — never error[BUG], nothing
// written. As root (CI) the commands run as `nobody`, for whom the modes hold.
import { test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, chownSync, lstatSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { akms, copyDemo, tmp, treeHash } from "../helpers.js";

const root = process.getuid?.() === 0;
const NOBODY = 65534;

/** chmod -R a-w (and a+rX, so another user may read): files 0444, folders 0555. */
function readOnly(p: string): void {
  const st = lstatSync(p);
  if (st.isSymbolicLink()) return;
  if (st.isDirectory()) for (const n of readdirSync(p)) readOnly(join(p, n));
  chmodSync(p, st.isDirectory() ? 0o555 : 0o444);
}

test("a read-only repository: readers answer from the last compiled graph and say why; writers refuse with NOT_WRITABLE; nothing is written", { skip: process.platform === "win32" ? "POSIX modes" : false }, () => {
  const d = copyDemo();
  chmodSync(d.dir, 0o755);
  assert.equal(akms(["build", "--repo", d.repo, "--vault", d.vault]).code, 0);
  readOnly(d.repo);
  readOnly(d.vault);
  // The reader's own home and output folder, which it may write.
  const home = tmp("akms-ro-home-");
  chmodSync(home, 0o755);
  mkdirSync(join(home, "out"));
  if (root) for (const p of [home, join(home, "out")]) chownSync(p, NOBODY, NOBODY);
  const as = root ? { uid: NOBODY, gid: NOBODY } : {};
  const run = (...args: string[]) => akms([...args, "--repo", d.repo, "--vault", d.vault], { ...as, cwd: home, env: { HOME: home, TMPDIR: home, AKMS_GLOBAL_VAULT: undefined } });
  const before = treeHash(d.dir);
  const noBug = (r: ReturnType<typeof run>) => assert.doesNotMatch(r.stdout + r.stderr, /error\[BUG\]|\n\s+at \S/, r.stderr);
  const NOTE = /^akms: graph\.json was not brought up to date: .*knowledge\/graph\/ cannot be written: permission denied, and .* changed since it was built; answering from the last compiled graph$/m;

  const status = run("status");
  assert.equal(status.code, 0, status.stderr);
  assert.match(status.stdout, /^graph_version [0-9a-f]{12} · 50 nodes/m);
  assert.match(status.stderr, NOTE, "the chmod changed every file's stat: the reader says it could not recompile, and why");
  const query = run("query", "--tags", "fft", "--json");
  assert.equal(query.code, 0, query.stderr);
  assert.equal((query.json as { compiled: { reason: string } }).compiled.reason, "kept");
  assert.ok((query.json as { nodes: unknown[] }).nodes.length > 0);
  const report = run("review", "--report", "--out", "-");
  assert.equal(report.code, 0, report.stderr);
  assert.match(report.stdout, /^# Review — phase 1$/m);
  const loadout = run("loadout", "--tags", "fft", "--no-qmd", "--out", "-");
  assert.equal(loadout.code, 0, loadout.stderr);
  assert.match(loadout.stdout, /^---\ntask_id: tags-/, "a loadout on standard output is a read");
  const check = run("check");
  assert.equal(check.code, 0, check.stdout + check.stderr);
  const exported = run("export", "--format", "graphml", "--out", join(home, "out", "g.graphml"));
  assert.equal(exported.code, 0, exported.stderr);
  assert.match(readFileSync(join(home, "out", "g.graphml"), "utf8"), /<graphml/);
  for (const r of [status, query, report, loadout, check, exported]) noBug(r);

  for (const args of [["promote", "green-cache-key-includes-ref-medium"], ["build"], ["update", join(d.knowledge, "sessions", "task-103.md")], ["index"]]) {
    const w = run(...args);
    assert.equal(w.code, 1, `${args[0]}: ${w.stderr}`);
    assert.match(w.stderr, /^error\[NOT_WRITABLE\]: .*knowledge\/graph\/: cannot be written: permission denied — make it writable for this user \(chmod u\+w\), or work in a copy of the repository$/m, args[0]);
    noBug(w);
  }
  // A temporary folder it cannot write (check replays in a scratch there): said, not a bug.
  const noTmp = akms(["check", "--repo", d.repo, "--vault", d.vault], { ...as, cwd: home, env: { HOME: home, TMPDIR: d.vault, AKMS_GLOBAL_VAULT: undefined } });
  assert.equal(noTmp.code, 1, noTmp.stderr);
  assert.match(noTmp.stderr, /^error\[NOT_WRITABLE\]: .*\/vault\/akms-replay-.*: cannot be written: permission denied/m);
  noBug(noTmp);
  assert.equal(treeHash(d.dir), before, "nothing in the repository or the vault was written");
});
