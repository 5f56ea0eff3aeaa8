// `git merge` with the akms driver killed (SIGKILL to git and the driver together) after a seeded
// random delay: the overlay in the work tree is always a whole file — ours as committed, or the
// whole merge — never a partial one (or missing or empty: git's own write of the work tree cut
// short, below), and once git's own state is cleaned up the merge runs again to the same bytes.
// CI runs a seeded sample; `npm run stress` runs 100 rounds.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { pathWithAkms, seededRandom } from "../helpers.js";
import { ENV } from "../update-helpers.js";
import { apply, commitAll, DOCS, git, head, ok, overlay, teamRepo } from "../team-helpers.js";

const ROUNDS = Number(process.env.AKMS_MERGE_KILL_ROUNDS ?? (process.env.AKMS_STRESS ? 100 : 4));

function killedMerge(cwd: string, afterMs: number): Promise<number | null> {
  return new Promise((done) => {
    const p = spawn("git", ["merge", "--no-edit", "-q", "side"], { cwd, detached: true, stdio: "ignore", env: { ...process.env, PATH: pathWithAkms(), ...ENV } });
    const timer = setTimeout(() => {
      try {
        process.kill(-p.pid!, "SIGKILL"); // git and the driver it runs
      } catch {
        /* already done */
      }
    }, afterMs);
    p.on("exit", (code) => {
      clearTimeout(timer);
      done(code);
    });
  });
}

test(`${ROUNDS} merges killed at a random moment: the overlay is ours or the whole merge, and the merge completes when run again`, async (t) => {
  const s = teamRepo();
  ok(s.repo, ["checkout", "-q", "-b", "side"]);
  apply(s, { b1: DOCS.b1, b2: DOCS.b2 });
  commitAll(s, "side learned");
  ok(s.repo, ["checkout", "-q", "main"]);
  apply(s, { a1: DOCS.a1 });
  commitAll(s, "main learned");
  const tip = head(s);
  const ours = overlay(s.repo);
  assert.equal(git(s.repo, ["merge", "--no-edit", "-q", "side"]).code, 0);
  const merged = overlay(s.repo);
  const random = seededRandom(21);
  const seen = { ours: 0, merged: 0, cut: 0 };
  const overlayFile = join(s.repo, "knowledge", "graph", "local_state.yaml");
  for (let round = 0; round < ROUNDS; round++) {
    ok(s.repo, ["reset", "-q", "--hard", tip]);
    const afterMs = random(900);
    await killedMerge(s.repo, afterMs);
    const now = existsSync(overlayFile) ? overlay(s.repo) : null;
    // git writes a work-tree file in place — it removes the old one, creates the new one and then
    // writes its bytes (entry.c write_entry) — so git killed in between leaves it missing or empty:
    // git's own checkout cut short, not a partial write (the driver writes only %A, and only whole).
    const cut = now === null || now === "";
    assert.ok(now === ours || now === merged || cut, `round ${round} (killed after ${afterMs} ms): the overlay is neither ours nor the merge: ${now!.length} bytes (ours ${ours.length}, the merge ${merged.length}), starting ${JSON.stringify(now!.slice(0, 120))}`);
    seen[cut ? "cut" : now === ours ? "ours" : "merged"]++;
    // git's own leftovers of a killed merge, as a person would clear them.
    for (const lock of readdirSync(join(s.repo, ".git"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".lock"))) rmSync(join(s.repo, ".git", lock), { force: true });
    if (existsSync(join(s.repo, ".git", "MERGE_HEAD"))) git(s.repo, ["merge", "--abort"]);
    ok(s.repo, ["reset", "-q", "--hard", tip]);
    ok(s.repo, ["clean", "-q", "-fd", "--", "knowledge"]); // files git wrote before it was killed (not the ignored caches)
    const again = git(s.repo, ["merge", "--no-edit", "-q", "side"]);
    assert.equal(again.code, 0, `round ${round}: the merge run again: ${again.out}`);
    assert.equal(overlay(s.repo), merged);
  }
  assert.equal(seen.ours + seen.merged + seen.cut, ROUNDS);
  t.diagnostic(`killed before the driver wrote: ${seen.ours}; after: ${seen.merged}; in git's own write of the work tree: ${seen.cut}`);
});
