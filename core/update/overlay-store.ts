// Reading local_state.yaml for an update. Parsing and validating a large overlay as YAML costs a
// noticeable share of an update, so after each update its parsed form is kept in
// knowledge/graph/.cache/ (derived, safe to delete) keyed by the sha256 of the overlay's bytes:
// the next update uses it only when the file is byte-for-byte what was written. The cached overlay
// is the one those bytes were written from: change FORMAT whenever the writer's output changes.
import { join } from "node:path";
import type { Context } from "../context.js";
import { ValidationError } from "../errors.js";
import { readBytesIfExists, readTextIfExists, sha256, writeFileAtomic } from "../fsx.js";
import { displayPath } from "../paths.js";
import { readOverlay } from "../compiler/sources.js";
import type { Overlay } from "../schemas/overlay.js";

const FORMAT = "akms-overlay-cache-1";

function cachePath(ctx: Context): string {
  return join(ctx.paths.cacheDir, "overlay.json");
}

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
  const sha = sha256(bytes);
  try {
    const cached = JSON.parse(readTextIfExists(cachePath(ctx)) ?? "null") as { format?: string; sha256?: string; overlay?: Overlay } | null;
    if (cached && cached.format === FORMAT && cached.sha256 === sha && cached.overlay) return { overlay: cached.overlay, bytes, sha256: sha, canonical: true };
  } catch {
    /* a damaged cache is ignored */
  }
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
  // The overlay just changed and its hash is in these bytes: not worth reading the old ones to compare.
  // JSON.stringify({ format, sha256, overlay }), with the overlay's JSON made once by the caller.
  const text = `{"format":${JSON.stringify(FORMAT)},"sha256":"${sha256(bytes)}","overlay":${json}}\n`;
  writeFileAtomic(cachePath(ctx), text, { knownDifferent: true });
}
