// The content_ref check of the compile (a MISSING_CONTENT_REF warning when it fails), and the record
// of its results that the build manifest keeps: a referenced file is no source of the graph, yet
// its coming or going changes the warnings, so a build that would reuse graph.json (the no-op, the
// patches) checks every recorded reference again and compiles when one resolves differently.
import { statSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import type { Context } from "../context.js";
import { memoRealpath, realpathOrNull } from "../fsx.js";
import type { Origin } from "./sources.js";

/** A content_ref as the compile checked it: its root (1: the vault, 0: knowledge/), the reference, and whether it resolved. */
export type RefCheck = [root: 0 | 1, ref: string, ok: 0 | 1];

/**
 * Whether a node's content_ref names a file inside its layer root: resolveInside's rule, then a
 * stat. The roots' real paths are resolved once, and each reference's with one realpath(3) call
 * instead of an lstat per path component — thousands of code-mirror nodes carry one.
 */
export function contentRefChecker(ctx: Context): (origin: Origin, ref: string) => boolean {
  const realRoot = memoRealpath();
  return (origin, ref) => {
    const root = origin === "global" ? ctx.vault.path : ctx.paths.knowledge;
    if (!ref || isAbsolute(ref) || ref.startsWith("~") || ref.includes("\0")) return false;
    const full = resolve(root, ref);
    const rel = relative(root, full);
    if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return false;
    const rootReal = realRoot(root);
    if (rootReal !== null) {
      const real = realpathOrNull(full); // null: does not exist (yet), the lexical check above is what we have
      if (real !== null) {
        const rr = relative(rootReal, real);
        if (rr.startsWith("..") || isAbsolute(rr)) return false;
      }
    }
    try {
      return statSync(full).isFile();
    } catch {
      return false;
    }
  };
}

/** The compile's check, noting each reference it checks (once per root and reference) in `into`. */
export function recordingChecker(ctx: Context, into: RefCheck[]): (origin: Origin, ref: string) => boolean {
  const check = contentRefChecker(ctx);
  const seen = new Set<string>();
  return (origin, ref) => {
    const ok = check(origin, ref);
    const root = origin === "global" ? 1 : 0;
    const key = root + ref;
    if (!seen.has(key)) {
      seen.add(key);
      into.push([root, ref, ok ? 1 : 0]);
    }
    return ok;
  };
}

/** Whether every recorded reference resolves now as it did (false for a record that is not a list of checks). */
export function refsHold(ctx: Context, refs: unknown): boolean {
  if (!Array.isArray(refs)) return false;
  const check = contentRefChecker(ctx);
  for (const r of refs as RefCheck[]) {
    if (!Array.isArray(r) || typeof r[1] !== "string") return false;
    if (check(r[0] === 1 ? "global" : "local", r[1]) !== (r[2] === 1)) return false;
  }
  return true;
}
