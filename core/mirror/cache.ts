// The mirror fingerprint cache (knowledge/graph/.cache/mirror-cache.json; derived, safe to delete):
// per source file its size, mtime and sha256, and the mirror it produced with that mirror's size,
// mtime and sha256. A re-run with nothing changed parses nothing (and loads no parser).
import { join } from "node:path";
import { readTextIfExists } from "../fsx.js";
import type { DriftFinding } from "./drift.js";
import type { SyntaxProblem } from "./types.js";

/** Bump when the rendered mirror or the drift rules change, so old entries stop matching. */
export const MIRROR_FORMAT = "akms-mirror-3";

export interface CacheEntry {
  size: number;
  mtime_ns: string;
  sha: string;
  /** content_ref of its mirror (relative to knowledge/). */
  mirror: string;
  id: string;
  mirror_size: number;
  mirror_mtime_ns: string;
  mirror_sha: string;
  /** MIRROR_FORMAT plus the settings that shape the output. */
  key: string;
  drift: DriftFinding[];
  /** Where the parser had to recover (so an unchanged file still reports them). */
  syntax_errors: SyntaxProblem[];
}

export interface MirrorCache {
  format: string;
  /** By repository-relative source path. */
  sources: Record<string, CacheEntry>;
}

export function cachePath(cacheDir: string): string {
  return join(cacheDir, "mirror-cache.json");
}

export function readCache(cacheDir: string): MirrorCache {
  try {
    const c = JSON.parse(readTextIfExists(cachePath(cacheDir)) ?? "null") as MirrorCache | null;
    if (c && c.format === MIRROR_FORMAT && c.sources && typeof c.sources === "object") return c;
  } catch {
    /* unreadable or half-written: start afresh */
  }
  return { format: MIRROR_FORMAT, sources: {} };
}

export function serializeCache(cache: MirrorCache): string {
  const sources: Record<string, CacheEntry> = {};
  for (const k of Object.keys(cache.sources).sort()) sources[k] = cache.sources[k]!;
  return JSON.stringify({ format: cache.format, sources }) + "\n";
}
