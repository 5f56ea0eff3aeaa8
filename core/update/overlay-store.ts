// Reading local_state.yaml for an update. Parsing and validating a large overlay as YAML costs a
// noticeable share of an update, so after each update its parsed form is kept as the store's
// `overlay` fact (core/store/facts.ts) under the sha256 of the overlay's bytes: the next update
// uses it only when the file is byte-for-byte what was written (and written by this build of akms).
import type { Context } from "../context.js";
import { ValidationError } from "../errors.js";
import { readBytesIfExists } from "../fsx.js";
import { displayPath } from "../paths.js";
import { readOverlay } from "../compiler/sources.js";
import type { Overlay } from "../schemas/overlay.js";
import { bytesKey, openFacts } from "../store/facts.js";

export interface OverlayState {
  overlay: Overlay;
  /** The file's bytes, and their sha256. */
  bytes: Buffer;
  sha256: string;
  /**
   * True when the bytes are exactly what overlayText() wrote for `overlay` (the cache of the last
   * write matched them), so that an unchanged entry's lines can be copied from them.
   */
  canonical: boolean;
}

/** The current overlay (null when there is none), validated; an invalid one is an error. */
export function readOverlayState(ctx: Context): OverlayState | null {
  const bytes = readBytesIfExists(ctx.paths.overlay);
  if (bytes === null) return null;
  const key = bytesKey(bytes);
  const sha = key.slice("sha256:".length);
  const cached = openFacts(ctx.paths).get<Overlay>("overlay", ctx.paths.overlay, key);
  if (cached && typeof cached === "object") return { overlay: cached, bytes, sha256: sha, canonical: true };
  const shown = displayPath(ctx.repo, ctx.paths.overlay);
  const r = readOverlay(ctx.paths.overlay, shown);
  if (r.problems.length) {
    throw new ValidationError(`the overlay ${shown} is invalid; nothing was changed`, {
      file: shown,
      hint: "fix local_state.yaml (see spec §4.2), then retry",
      problems: r.problems,
    });
  }
  return r.overlay && { overlay: r.overlay, bytes, sha256: sha, canonical: false };
}

/** Remembers the parsed form of the overlay just written (`bytes` are its bytes, or its text). */
export function rememberOverlay(ctx: Context, bytes: Buffer | string, overlay: Overlay, json = JSON.stringify(overlay)): void {
  const facts = openFacts(ctx.paths);
  facts.put("overlay", ctx.paths.overlay, bytesKey(bytes), overlay, json);
  facts.save();
}
