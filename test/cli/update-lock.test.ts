// The repository lock around `akms update` (DESIGN §3): a second writer gets exit 3 naming the
// holder; a dead holder's lock is reclaimed (and its interrupted update completed first).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { BIN, write } from "../helpers.js";
import { ENV, kb, knowledgeState, memory, run } from "../update-helpers.js";

const setup = () => {
  const s = kb([
    { id: "x", confidence: 0.85 },
    { id: "p", confidence: 0.85, edges: [{ to: "x", type: "requires", weight: 0.8 }] },
  ]);
  write(join(s.dir, "a.md"), memory({ task: "ta", used: [{ id: "x", useful: true, coverage: "outdated" }] }));
  write(join(s.dir, "b.md"), memory({ task: "tb", used: [{ id: "p", useful: true, coverage: "sufficient" }] }));
  return s;
};

async function waitFor(cond: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

test("a live update holds the lock: a second writer exits 3 naming it; once it is killed, the lock is reclaimed", async () => {
  const s = setup();
  const lock = join(s.knowledge, "graph", ".akms.lock");
  const manifest = join(s.knowledge, "graph", ".txn", "manifest.json");
  // A real first process, stalled while it holds the lock with its journal written.
  const first = spawn(process.execPath, [BIN, "update", "a.md", "--repo", s.repo], {
    cwd: s.dir,
    env: { ...process.env, ...ENV, AKMS_STALL_AT: "journal-complete", AKMS_STALL_MS: "60000" },
    stdio: "ignore",
  });
  const exited = new Promise<void>((r) => first.on("exit", () => r()));
  try {
    await waitFor(() => existsSync(manifest), 60_000);
    const second = run(s, ["update", "b.md", "--json"]);
    assert.equal(second.code, 3, second.stdout + second.stderr);
    assert.equal(second.json.error.code, "LOCK_HELD");
    assert.match(second.json.error.message, new RegExp(`locked by pid ${first.pid} on ${hostname()}`));
    assert.match(second.json.error.message, /akms update a\.md/);
    const human = run(s, ["update", "b.md"]);
    assert.equal(human.code, 3);
    assert.match(human.stderr, new RegExp(`pid ${first.pid}`));
    // A dry run takes no lock and writes nothing: it still answers.
    assert.equal(run(s, ["update", "b.md", "--dry-run"]).code, 1, "a pending journal is reported, not guessed around");
  } finally {
    first.kill("SIGKILL");
    await exited;
  }
  assert.ok(existsSync(lock), "the killed holder leaves its lock behind");
  const after = run(s, ["update", "b.md", "--json"]);
  assert.equal(after.code, 0, after.stderr + after.stdout);
  assert.ok(after.json.recovered.rolled_forward.includes("graph/local_state.yaml"), "the dead holder's complete journal was rolled forward");
  assert.equal(existsSync(lock), false);
  // The same as applying a.md and then b.md cleanly.
  const clean = setup();
  assert.equal(run(clean, ["update", "a.md"]).code, 0);
  assert.equal(run(clean, ["update", "b.md"]).code, 0);
  assert.deepEqual(knowledgeState(s), knowledgeState(clean));
});

test("a lock file naming a dead process is reclaimed; one naming a live process is not", () => {
  const s = setup();
  const lock = join(s.knowledge, "graph", ".akms.lock");
  const dead = spawnSync(process.execPath, ["-e", ""]).pid;
  const holder = (pid: number) => JSON.stringify({ pid, host: hostname(), proc_start: null, started_at: "2026-01-01T00:00:00Z", command: "akms update old.md" }) + "\n";
  writeFileSync(lock, holder(process.pid));
  const held = run(s, ["update", "a.md", "--json"]);
  assert.equal(held.code, 3);
  assert.match(held.json.error.message, new RegExp(`pid ${process.pid}`));
  assert.equal(run(s, ["update", "a.md", "--dry-run"]).code, 0, "a dry run needs no lock");
  writeFileSync(lock, holder(dead));
  const r = run(s, ["update", "a.md", "--json"]);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.equal(r.json.documents[0].status, "applied");
  assert.equal(existsSync(lock), false);
});

test("a lock file naming a zombie (a process killed whose parent has not waited for it) is reclaimed", async () => {
  const s = setup();
  const lock = join(s.knowledge, "graph", ".akms.lock");
  // `sleep 0.1` ends first; its parent then runs `sleep 5` and never waits for it: a zombie for 5 s.
  const parent = spawn("sh", ["-c", "sleep 0.1 & echo $!; exec sleep 5"], { stdio: ["ignore", "pipe", "ignore"] });
  try {
    const pid = Number(await new Promise<string>((resolve) => parent.stdout!.once("data", (b: Buffer) => resolve(b.toString()))));
    const state = () => readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /s, "")[0];
    for (let t = 0; state() !== "Z" && t < 3000; t += 20) await new Promise((r) => setTimeout(r, 20));
    assert.equal(state(), "Z", "the holder is a zombie");
    writeFileSync(lock, JSON.stringify({ pid, host: hostname(), proc_start: null, started_at: "2026-01-01T00:00:00Z", command: "akms update old.md" }) + "\n");
    const r = run(s, ["update", "a.md", "--json"]);
    assert.equal(r.code, 0, r.stderr + r.stdout);
    assert.equal(existsSync(lock), false);
  } finally {
    parent.kill("SIGKILL");
  }
});
