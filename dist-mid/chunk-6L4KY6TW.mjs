import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  loadContext,
  locateRepo
} from "./chunk-2KKMRBBQ.mjs";
import {
  LockHeldError
} from "./chunk-C3ZMY3KT.mjs";

// core/settle.ts
import { existsSync } from "node:fs";
async function settleInterrupted(opts) {
  const { paths } = locateRepo(opts);
  if (!existsSync(paths.txnDir)) return false;
  const [{ buildLocked }, { recoverPendingTransaction }, { withLock }] = await Promise.all([
    import("./chunk-BR2OIF77.mjs"),
    import("./chunk-T6O3YEFY.mjs"),
    import("./chunk-TRQU4AHA.mjs")
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

export {
  settleInterrupted
};
