// Which local node files hold no dedup section, kept between console runs as the store's
// `no-dedup` facts (core/store/facts.ts): the review data looks for dedup sections in every local
// node file, and reading them all is most of its cost on a large repository. A file is skipped only
// while its stat key (core/store/freshness.ts) is the one recorded; any other file, or no (or a
// damaged) store, is read as always.
import { dirname } from "node:path";
import type { Context } from "../context.js";
import { factsPath, openFacts } from "../store/facts.js";
import { nullsHeld, primeNullsOnce } from "../store/memo.js";

/** The process memo's kind for a local node file's text when it holds a dedup section (else null). */
export const DEDUP_TEXT = "dedup-text";

/** Primes the process memo with the kept facts (once per process and repository). */
export function primeDedupIndex(ctx: Context): void {
  const dir = ctx.paths.localNodes;
  primeNullsOnce(DEDUP_TEXT, factsPath(ctx.paths), () => openFacts(ctx.paths).entries("no-dedup").filter(([file]) => dirname(file) === dir));
}

/**
 * Keeps the files this process found without a dedup section (best effort: skipped when there are
 * none, when the lock is held or when nothing changed). The console calls it when it closes.
 */
export function saveDedupIndex(ctx: Context): boolean {
  const dir = ctx.paths.localNodes;
  const held = nullsHeld(DEDUP_TEXT).filter(([file]) => dirname(file) === dir);
  if (held.length === 0) return false; // nothing worth keeping
  const facts = openFacts(ctx.paths);
  for (const [file, key] of held) facts.put("no-dedup", file, key, true);
  facts.retain("no-dedup", new Set(held.map(([file]) => file)));
  return facts.save();
}
