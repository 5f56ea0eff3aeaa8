// Eight writers racing a stale lock (a lock file naming a dead process): never two holders at once,
// every writer gets its turn, no unexpected error. CI runs a seeded sample; `npm run stress` runs 200.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { ROOT, tmp } from "../helpers.js";

const ROUNDS = Number(process.env.AKMS_LOCK_ROUNDS ?? (process.env.AKMS_STRESS ? 200 : 8));
const WRITERS = 8;

function deadPid(): number {
  for (let pid = 4_000_000; ; pid--) {
    try {
      process.kill(pid, 0);
    } catch {
      return pid;
    }
  }
}

function run(lock: string, log: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done) => {
    const p = spawn(process.execPath, ["--import", "tsx", join(ROOT, "test", "stress", "lock-writer.ts"), lock, log], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    p.stderr.on("data", (d) => (stderr += d));
    p.on("exit", (code) => done({ code, stderr }));
  });
}

test(`${ROUNDS} rounds of ${WRITERS} writers racing a stale lock: never two holders, none lost`, async () => {
  let doubles = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const dir = tmp("akms-lock-");
    const lock = join(dir, ".akms.lock");
    const log = join(dir, "log");
    writeFileSync(log, "");
    const stale = { pid: deadPid(), host: hostname(), proc_start: null, started_at: "2026-01-01T00:00:00.000Z", command: "akms update (killed)" };
    writeFileSync(lock, round % 3 === 2 ? "" : JSON.stringify(stale) + "\n"); // every third round: a lock left empty by a kill
    const results = await Promise.all(Array.from({ length: WRITERS }, () => run(lock, log)));
    for (const r of results) assert.equal(r.code, 0, `round ${round}: ${r.stderr}`);
    let inside = 0;
    let entered = 0;
    for (const line of readFileSync(log, "utf8").split("\n").filter(Boolean)) {
      if (line.startsWith("enter")) {
        entered++;
        if (++inside > 1) doubles++;
      } else inside--;
    }
    assert.equal(entered, WRITERS, `round ${round}: every writer got in`);
    assert.equal(existsSync(lock), false, "the last writer released the lock");
  }
  assert.equal(doubles, 0, "rounds with two holders at once");
});
