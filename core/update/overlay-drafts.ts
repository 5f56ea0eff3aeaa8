// Which global nodes this repository's overlay drafts (`nodes.<id>.status: draft`), for the
// review's Drafted section. Parsing a large overlay costs a third of a second at 50,000 nodes, so
// the answer is kept per overlay bytes in the store's facts (core/drafted-ids.ts): computed from
// the parsed, validated overlay — by the compile that parsed it, by `akms update` when it writes
// one, else by the first review that needs it — and used only for the same bytes.
import type { Context } from "../context.js";
import { readBytesIfExists } from "../fsx.js";
import type { Overlay } from "../schemas/overlay.js";
import { readOverlayState } from "./overlay-store.js";
import { draftIds, keepDrafted, keptDrafted } from "../drafted-ids.js";

/** After a review action drafted (`on`) or undrafted `id` in the overlay parsed as `before`: the new bytes' answer. */
export function carryOverlayDrafts(ctx: Context, before: unknown, after: Buffer | string, id: string, on: boolean): void {
  const ids = new Set(draftIds(before as Overlay | null));
  if (on) ids.add(id);
  else ids.delete(id);
  keepDrafted(ctx.paths, after, [...ids].sort());
}

/**
 * The ids the overlay drafts; an unreadable or invalid overlay drafts none (the compile reports it).
 * `save`: keep a computed answer (the console, which starts often; a CLI report writes nothing but its report).
 */
export function overlayDrafts(ctx: Context, save: boolean): Set<string> {
  const bytes = readBytesIfExists(ctx.paths.overlay);
  if (bytes === null) return new Set();
  const hit = keptDrafted(ctx.paths, bytes);
  if (hit) return new Set(hit);
  let overlay: Overlay | null;
  try {
    overlay = readOverlayState(ctx)?.overlay ?? null;
  } catch {
    return new Set();
  }
  const ids = draftIds(overlay);
  if (save) keepDrafted(ctx.paths, bytes, ids);
  return new Set(ids);
}
