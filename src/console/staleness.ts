// Whether graph.json may be older than its sources: the console opens on the compiled graph as
// it is (fast), then asks the build manifest — what the compile read, file by file, by stat — for
// an input that changed since, and says so (R rebuilds; a rebuild, or an action's patch, records
// the inputs anew, so the warning then goes). Without a manifest that can tell (none, or graph.json
// is not the file it recorded), a modification-time walk stands in. Nothing is parsed either way.
import { readdirSync, statSync, type Dirent } from "node:fs";
import { join } from "node:path";
import type { Context } from "../../core/context.js";
import { displayPath } from "../../core/paths.js";
import { changedSinceBuild } from "../../core/compiler/build.js";

function newerIn(dir: string, since: number, recursive: boolean): string | null {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return null;
  }
  for (const e of entries) {
    if (e.name.startsWith(".")) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (recursive) {
        const hit = newerIn(p, since, true);
        if (hit) return hit;
      }
      continue;
    }
    if (!e.name.endsWith(".md")) continue;
    try {
      if (statSync(p).mtimeMs > since) return p;
    } catch {
      /* vanished meanwhile */
    }
  }
  return null;
}

/** The first input changed since graph.json was compiled (repo-relative or absolute), or null. */
export function newerSource(ctx: Context): string | null {
  const changed = changedSinceBuild(ctx);
  if (changed !== undefined) return changed === null ? null : changed.startsWith("/") ? displayPath(ctx.repo, changed) : changed;
  return newerByMtime(ctx);
}

function newerByMtime(ctx: Context): string | null {
  let since: number;
  try {
    since = statSync(ctx.paths.graphJson).mtimeMs;
  } catch {
    return null;
  }
  for (const f of [ctx.paths.overlay, ctx.paths.config]) {
    try {
      if (statSync(f).mtimeMs > since) return displayPath(ctx.repo, f);
    } catch {
      /* absent */
    }
  }
  const hit = newerIn(ctx.paths.localNodes, since, false) ?? newerIn(ctx.paths.codeMirror, since, true) ?? newerIn(ctx.vault.path, since, false);
  return hit ? displayPath(ctx.repo, hit) : null;
}
