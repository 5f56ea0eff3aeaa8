// The one contract of every patch of graph.json (after an update, after a few edited node files,
// after a review action): a patch returns the exact new text, or says it is not sure (null, or
// NotSure thrown from deep inside), and the caller then compiles in full — always right, only
// slower. A patch that throws anything else is a bug in it: the full compile still answers, and the
// fault is recorded (listed on stderr under AKMS_DEBUG=1, counted as `patch_faults` in the command's
// --json output), never swallowed. The store's index found damaged under a patch (and removed) is
// "not sure" too: the full compile makes it anew.
import { isStoreDamaged } from "../errors.js";

/** Thrown inside a patch for "not sure": the caller compiles in full. */
export class NotSure extends Error {}

export function sure(ok: unknown): asserts ok {
  if (!ok) throw new NotSure();
}

export interface PatchFault {
  patch: string;
  message: string;
}

export interface PatchCounts {
  patched: number;
  fallback: number;
}

/** The faults of this process's patches, in order. */
export const patchFaults: PatchFault[] = [];

/**
 * Runs one patch under the contract: its text, or null when it was not sure or failed (a failure
 * is recorded). A SyntaxError is a JSON.parse of a layout the patch did not expect: not sure; so is
 * a damaged store index.
 * `counts`: how often the patch was taken and fell back, for a patch whose tests keep them.
 */
export function attemptPatch<T>(name: string, counts: PatchCounts | null, run: () => T | null): T | null {
  let out: T | null = null;
  try {
    out = run();
  } catch (e) {
    if (!(e instanceof NotSure || e instanceof SyntaxError || isStoreDamaged(e))) {
      const message = e instanceof Error ? e.message : String(e);
      patchFaults.push({ patch: name, message });
      if (process.env.AKMS_DEBUG === "1") process.stderr.write(`akms: the ${name} patch failed (the full compile was used): ${e instanceof Error ? (e.stack ?? message) : message}\n`);
    }
  }
  if (counts !== null) {
    if (out === null) counts.fallback++;
    else counts.patched++;
  }
  return out;
}
