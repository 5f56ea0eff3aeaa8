// Whether graph.json may be older than its sources: the console opens on the compiled graph as
// it is (fast), then asks the build manifest — what the compile read, file by file, by stat — for
// an input that changed since, and says so (R rebuilds; a rebuild, or an action's patch, records
// the inputs anew, so the warning then goes). Without a manifest that can tell (none, or graph.json
// is not the file it recorded), a modification-time walk stands in. Nothing is parsed either way.
import { readdirSync, statSync, type Dirent } from "node:fs";
import { join } from "node:path";
import type { Context } from "../../core/context.js";
import { displayPath } from "../../core/paths.js";
import { changedSinceBuildSteps } from "../../core/compiler/build.js";
import { STAT_STEP, type Steps } from "../../core/steps.js";

function* newerIn(dir: string, since: number, recursive: boolean, seen = { n: 0 }): Steps<string | null> {
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
        const hit = yield* newerIn(p, since, true, seen);
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
    if (++seen.n % STAT_STEP === 0) yield;
  }
  return null;
}

/**
 * The first input changed since graph.json was compiled (repo-relative or absolute), or null. In
 * steps (core/steps.ts): it stats every input (≈ 0.3 s at 50,000 nodes), and the console handles
 * the keys typed meanwhile between the steps.
 */
export function* newerSourceSteps(ctx: Context): Steps<string | null> {
  const changed = yield* changedSinceBuildSteps(ctx);
  if (changed !== undefined) return changed === null ? null : changed.startsWith("/") ? displayPath(ctx.repo, changed) : changed;
  return yield* newerByMtime(ctx);
}

function* newerByMtime(ctx: Context): Steps<string | null> {
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
  const hit = (yield* newerIn(ctx.paths.localNodes, since, false)) ?? (yield* newerIn(ctx.paths.codeMirror, since, true)) ?? (yield* newerIn(ctx.vault.path, since, false));
  return hit ? displayPath(ctx.repo, hit) : null;
}
