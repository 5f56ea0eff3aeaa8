// Which global nodes an overlay drafts (`nodes.<id>.status: draft`), kept per overlay bytes as the
// store's `drafted` fact (core/store/facts.ts) for the review's Drafted section, which would
// otherwise parse the whole overlay on a console start. Kept by whoever has just parsed and
// validated the overlay — the compile, `akms update` — and read by core/update/overlay-drafts.ts.
import type { RepoPaths } from "./paths.js";
import type { Overlay } from "./schemas/overlay.js";
import { bytesKey, openFacts } from "./store/facts.js";

export function draftIds(overlay: Overlay | null): string[] {
  return Object.entries(overlay?.nodes ?? {})
    .filter(([, e]) => e?.status === "draft")
    .map(([id]) => id)
    .sort();
}

/** Keeps `ids` as what the overlay whose bytes are `bytes` drafts, unless kept already. */
export function keepDrafted(paths: RepoPaths, bytes: Buffer | string, ids: readonly string[]): void {
  const facts = openFacts(paths);
  const key = bytesKey(bytes);
  if (facts.get("drafted", paths.overlay, key) !== undefined) return;
  facts.put("drafted", paths.overlay, key, [...ids]);
  facts.save();
}

/** The drafted ids kept for the overlay's `bytes` (undefined: none kept for them). */
export function keptDrafted(paths: RepoPaths, bytes: Buffer | string): string[] | undefined {
  return openFacts(paths).get<string[]>("drafted", paths.overlay, bytesKey(bytes));
}

/** Keeps the drafted ids of the overlay whose bytes are `bytes` (parsed and validated as `overlay`), unless kept already. */
export function rememberOverlayDrafts(paths: RepoPaths, bytes: Buffer | string, overlay: Overlay): void {
  keepDrafted(paths, bytes, draftIds(overlay));
}
