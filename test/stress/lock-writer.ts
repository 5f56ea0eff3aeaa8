// One writer of the lock race (test/stress/lock-race.test.ts): takes the repository lock (retrying
// while a live process holds it), logs its entry and exit around a short critical section.
import { appendFileSync } from "node:fs";
import { acquireLock } from "../../core/lock.js";
import { LockHeldError } from "../../core/errors.js";

const [lockPath, logPath] = process.argv.slice(2) as [string, string];
for (let i = 0; ; i++) {
  try {
    const release = acquireLock(lockPath, "race");
    appendFileSync(logPath, `enter ${process.pid} ${process.hrtime.bigint()}\n`);
    const until = Date.now() + 15;
    while (Date.now() < until);
    appendFileSync(logPath, `exit ${process.pid} ${process.hrtime.bigint()}\n`);
    release();
    break;
  } catch (e) {
    if (!(e instanceof LockHeldError) || i > 2000) throw e;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3);
  }
}
