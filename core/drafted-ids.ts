// Which global nodes an overlay drafts (`nodes.<id>.status: draft`), kept per overlay bytes in the
// validated cache (core/validated-cache.ts) for the review's Drafted section, which would otherwise
// parse the whole overlay on a console start. Kept by whoever has just parsed and validated the
// overlay — the compile, `akms update` — and read by core/update/overlay-drafts.ts.
import type { RepoPaths } from "./paths.js";
import type { Overlay } from "./schemas/overlay.js";
import { validatedCache } from "./validated-cache.js";

/** The validated cache's name for these answers (knowledge/graph/.cache/validated-overlay-drafts.json). */
export const DRAFTED_IDS = "overlay-drafts";

export function draftIds(overlay: Overlay | null): string[] {
  return Object.entries(overlay?.nodes ?? {})
    .filter(([, e]) => e?.status === "draft")
    .map(([id]) => id)
    .sort();
}

/** Keeps the drafted ids of the overlay whose bytes are `bytes` (parsed and validated as `overlay`), unless kept already. */
export function rememberOverlayDrafts(paths: RepoPaths, bytes: Buffer | string, overlay: Overlay): void {
  const cache = validatedCache<string[]>(paths, DRAFTED_IDS);
  if (cache.get(paths.overlay, bytes) !== undefined) return;
  cache.put(paths.overlay, bytes, draftIds(overlay));
  cache.save();
}
