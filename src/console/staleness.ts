// Whether graph.json may be older than its sources: the console opens on the compiled graph as
// it is (fast), then looks — by modification time only, no parsing — for a source file written
// after it, and says so (R rebuilds). A rebuild would block the screen; a stat walk does not.
import { readdirSync, statSync, type Dirent } from "node:fs";
import { join } from "node:path";
import type { Context } from "../../core/context.js";
import { displayPath } from "../../core/paths.js";

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

/** The first source written after graph.json (repo-relative or absolute), or null. */
export function newerSource(ctx: Context): string | null {
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
