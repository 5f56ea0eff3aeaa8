import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  readOverlay
} from "./chunk-2N2TC7TM.mjs";
import {
  displayPath,
  readBytesIfExists,
  readTextIfExists,
  sha256,
  writeFileAtomic
} from "./chunk-Q4IS5S6U.mjs";
import {
  ValidationError
} from "./chunk-C3ZMY3KT.mjs";

// core/update/overlay-store.ts
import { join } from "node:path";
var FORMAT = "akms-overlay-cache-1";
function cachePath(ctx) {
  return join(ctx.paths.cacheDir, "overlay.json");
}
function readOverlayState(ctx) {
  const bytes = readBytesIfExists(ctx.paths.overlay);
  if (bytes === null) return null;
  const sha = sha256(bytes);
  try {
    const cached = JSON.parse(readTextIfExists(cachePath(ctx)) ?? "null");
    if (cached && cached.format === FORMAT && cached.sha256 === sha && cached.overlay) return { overlay: cached.overlay, bytes, sha256: sha, canonical: true };
  } catch {
  }
  const shown = displayPath(ctx.repo, ctx.paths.overlay);
  const r = readOverlay(ctx.paths.overlay, shown);
  if (r.problems.length) {
    throw new ValidationError(`the overlay ${shown} is invalid; nothing was changed`, {
      file: shown,
      hint: "fix local_state.yaml (see spec \xA74.2), then retry",
      problems: r.problems
    });
  }
  return r.overlay && { overlay: r.overlay, bytes, sha256: sha, canonical: false };
}
function rememberOverlay(ctx, bytes, overlay, json = JSON.stringify(overlay)) {
  const text = `{"format":${JSON.stringify(FORMAT)},"sha256":"${sha256(bytes)}","overlay":${json}}
`;
  writeFileAtomic(cachePath(ctx), text, { knownDifferent: true });
}

export {
  readOverlayState,
  rememberOverlay
};
