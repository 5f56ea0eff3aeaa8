// The content_ref check of the compile (a MISSING_CONTENT_REF warning when it fails), and the record
// of its results that the build manifest keeps: a referenced file is no source of the graph, yet
// its coming or going changes the warnings, so a build that would reuse graph.json (the no-op, the
// patches) checks every recorded reference again and compiles when one resolves differently.
import { lstatSync, statSync, type Stats } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import type { Context } from "../context.js";
import { memoRealpath, realpathOrNull } from "../fsx.js";
import type { Origin } from "./sources.js";

/** A content_ref as the compile checked it: its root (1: the vault, 0: knowledge/), the reference, and whether it resolved. */
export type RefCheck = [root: 0 | 1, ref: string, ok: 0 | 1];

/**
 * Whether a node's content_ref names a file inside its layer root: resolveInside's rule, then its
 * real path and whether it is a file. The roots' and the references' directories are resolved once
 * each (thousands of code-mirror and session nodes carry a reference, most in a few directories),
 * and a reference itself costs one lstat(2): a file that is no symbolic link is its directory's
 * real path and its name, and lstat is then its stat. A link is resolved whole, as before.
 */
export function contentRefChecker(ctx: Context): (origin: Origin, ref: string) => boolean {
  const real = memoRealpath();
  return (origin, ref) => {
    const root = origin === "global" ? ctx.vault.path : ctx.paths.knowledge;
    if (!ref || isAbsolute(ref) || ref.startsWith("~") || ref.includes("\0")) return false;
    const full = resolve(root, ref);
    const rel = relative(root, full);
    if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return false;
    const st = lstatOrNull(full);
    if (st === null) return false; // does not exist (yet): the lexical check above is what we have
    const rootReal = real(root);
    if (rootReal !== null) {
      const dir = real(dirname(full));
      const at = st.isSymbolicLink() || dir === null ? realpathOrNull(full) : join(dir, basename(full));
      if (at !== null) {
        const rr = relative(rootReal, at);
        if (rr.startsWith("..") || isAbsolute(rr)) return false;
      }
    }
    if (!st.isSymbolicLink()) return st.isFile();
    try {
      return statSync(full).isFile();
    } catch {
      return false;
    }
  };
}

function lstatOrNull(p: string): Stats | null {
  try {
    return lstatSync(p);
  } catch {
    return null;
  }
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
