// Before a reader shows anything: a write that was killed half-way (a journal left in
// knowledge/graph/.txn/) is completed and graph.json recompiled, so no command reads the state of a
// crashed promote or update. Costs one stat when there is nothing to settle; a live writer holding
// the lock is left to finish its own work.
import { existsSync } from "node:fs";
import { loadContext, locateRepo, type ContextOptions } from "./context.js";
import { LockHeldError } from "./errors.js";

export async function settleInterrupted(opts: ContextOptions): Promise<boolean> {
  const { paths } = locateRepo(opts);
  if (!existsSync(paths.txnDir)) return false;
  const [{ buildLocked }, { recoverPendingTransaction }, { withLock }] = await Promise.all([
    import("./compiler/build.js"),
    import("./update/transaction.js"),
    import("./lock.js"),
  ]);
  const ctx = loadContext(opts);
  try {
    withLock(paths.lock, () => recoverPendingTransaction(ctx, () => buildLocked(ctx)));
    return true;
  } catch (e) {
    if (e instanceof LockHeldError) return false;
    throw e;
  }
}
