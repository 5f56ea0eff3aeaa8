// What a long-running process (`akms mcp`) keeps between calls: values derived from files —
// the parsed graph, the config — each remembered with the identity of the files it came from
// (core/store/freshness.ts memoKey; a missing file is a state too) and made again when any of them changes on disk. A one-shot
// CLI process never turns it on, so its reads are exactly as before.
import { memoKey } from "./store/freshness.js";

let enabled = false;
const memo = new Map<string, { key: string; value: unknown }>();

/** Turns the memo on (or off, which forgets everything). */
export function keepWarm(on = true): void {
  enabled = on;
  if (!on) memo.clear();
}

/** Whether this process keeps warm state (a long-running server). */
export function isWarm(): boolean {
  return enabled;
}

/** `make()`, or what it gave last time in this slot while `files` are unchanged. */
export function warm<T>(slot: string, files: readonly string[], make: () => T): T {
  if (!enabled) return make();
  const keys = files.map(memoKey);
  // A file changed too recently to be told apart by its stat: made again, kept for nobody.
  if (keys.includes(null)) {
    memo.delete(slot);
    return make();
  }
  const key = keys.join("|");
  const hit = memo.get(slot);
  if (hit && hit.key === key) return hit.value as T;
  const value = make();
  memo.set(slot, { key, value });
  return value;
}
