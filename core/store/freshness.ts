// The one freshness rule: whether a file is still what a derived record was made from, and which
// build of akms made the record. Every derived fact — the build manifest and parse cache, the
// warm process's memo, the console's per-file reads, the review actions' parsed graph — is keyed
// here, and nowhere else.
//
// A file's stat vector is [size, mtimeMs, ctimeMs, ino]: any write changes one of them (a
// rename-into-place gives a new inode; an edit in place moves the mtime and ctime). A stat taken
// within the filesystem's timestamp granularity of the file's last change is not trusted (git's
// "racily clean" rule): such a file is then told by the sha256 of its bytes, or not at all.
import { readFileSync, statSync, type Stats } from "node:fs";
import { fileURLToPath } from "node:url";
import { sha256 } from "../fsx.js";
import { runSteps, STAT_STEP, type Steps } from "../steps.js";

/** Numbers per file in a stat vector: size, mtimeMs, ctimeMs, ino. */
export const STAT_WIDTH = 4;

/**
 * A stat taken at `since` (Date.now() before it was taken) may miss a later change made within the
 * filesystem's timestamp granularity (a second on some filesystems, a clock tick on others): such a
 * recent stat is not trusted by the next build. Same rule as git's "racily clean" entries.
 */
export function racy(ctimeMs: number, since: number): boolean {
  const window = ctimeMs % 1000 === 0 ? 2000 : 50;
  return since - ctimeMs < window;
}


export interface FileStats {
  /** STAT_WIDTH numbers per file: -1s for a missing file, NaNs for one that must be read again. */
  stats: Float64Array;
  /**
   * Files whose stat was taken too soon after their last change (see racy), by index: the sha256
   * of their bytes, read right after the stat. A later build trusts such a stat only when the
   * file still has these bytes.
   */
  racy: Map<number, string>;
}

/** One stat per file, in order. */
export function statAll(files: readonly string[], since: number): FileStats {
  return runSteps(statAllSteps(files, since));
}

/** statAll in steps (core/steps.ts): yields after every STAT_STEP files. */
export function* statAllSteps(files: readonly string[], since: number): Steps<FileStats> {
  const stats = new Float64Array(files.length * STAT_WIDTH);
  const racyFiles = new Map<number, string>();
  for (let i = 0; i < files.length; i++) {
    statInto(files, i, since, stats, racyFiles);
    if ((i + 1) % STAT_STEP === 0) yield;
  }
  return { stats, racy: racyFiles };
}

function statInto(files: readonly string[], i: number, since: number, stats: Float64Array, racyFiles: Map<number, string>): void {
  const o = i * STAT_WIDTH;
  const st = statOrNull(files[i]!);
  if (st === null) {
    stats.fill(-1, o, o + STAT_WIDTH);
    return;
  }
  stats[o] = st.size;
  stats[o + 1] = st.mtimeMs;
  stats[o + 2] = st.ctimeMs;
  stats[o + 3] = st.ino;
  if (racy(st.ctimeMs, since)) {
    const h = contentSha(files[i]!);
    if (h === null) stats.fill(NaN, o, o + STAT_WIDTH);
    else racyFiles.set(i, h);
  }
}

/**
 * statAll's result where only the files in `changed`, and those `before` (the stats of
 * `beforeFiles`) holds no plain stat for, are statted: every other file is taken to be as `before`
 * recorded it. A file changed behind the caller's back keeps its old record, which the next full
 * stat tells apart from the file.
 */
export function statChanged(files: readonly string[], since: number, beforeFiles: readonly string[], before: FileStats, changed: ReadonlySet<string>): FileStats {
  // The two lists mostly agree index for index past the first difference: a map only when they part.
  let at: Map<string, number> | null = null;
  const indexOf = (file: string, guess: number): number | undefined => {
    if (beforeFiles[guess] === file) return guess;
    if (at === null) {
      at = new Map();
      for (let j = 0; j < beforeFiles.length; j++) at.set(beforeFiles[j]!, j);
    }
    return at.get(file);
  };
  const stats = new Float64Array(files.length * STAT_WIDTH);
  const racyFiles = new Map<number, string>();
  const old = before.stats;
  let next = 0;
  for (let i = 0; i < files.length; i++) {
    const file = files[i]!;
    if (changed.has(file)) {
      // Statted whatever the record (a file new since then is always one written).
      if (beforeFiles[next] === file) next++;
      statInto(files, i, since, stats, racyFiles);
      continue;
    }
    const j = indexOf(file, next);
    if (j !== undefined) next = j + 1;
    if (j !== undefined && !before.racy.has(j)) {
      const o = j * STAT_WIDTH;
      const a = old[o]!, b = old[o + 1]!, c = old[o + 2]!, d = old[o + 3]!;
      // Plain stats only: a missing file (-1) or an untrusted stat (NaN) is statted again.
      if (a >= 0 && b >= 0 && c >= 0 && d >= 0) {
        const n = i * STAT_WIDTH;
        stats[n] = a;
        stats[n + 1] = b;
        stats[n + 2] = c;
        stats[n + 3] = d;
        continue;
      }
    }
    statInto(files, i, since, stats, racyFiles);
  }
  return { stats, racy: racyFiles };
}

export function contentSha(file: string): string | null {
  try {
    return sha256(readFileSync(file));
  } catch {
    return null;
  }
}

/**
 * Whether the files still are what `before` recorded: equal stats, and for the files recorded as
 * racy, equal bytes. `now` must hold the same files in the same order.
 */
export function unchangedSince(before: FileStats, now: FileStats, files: readonly string[]): boolean {
  if (!sameStats(before.stats, now.stats)) return false;
  for (const [i, h] of before.racy) if (contentSha(files[i]!) !== h) return false;
  return true;
}

/** Whether two stat vectors are equal (NaN never equals anything). */
export function sameStats(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A file's stat, or null when it has none to give (gone, a dangling or looping link, unreadable). */
export function statOrNull(path: string): Stats | null {
  try {
    return statSync(path, { throwIfNoEntry: false }) ?? null;
  } catch (e) {
    if (typeof (e as NodeJS.ErrnoException).code === "string") return null;
    throw e;
  }
}

/** `st` as a stat vector (-1s for none), as the build records it (a racy stat is recorded with its sha256 beside it). */
export function vectorOf(st: Stats | null | undefined): number[] {
  return st ? [st.size, st.mtimeMs, st.ctimeMs, st.ino] : [-1, -1, -1, -1];
}

/** One file's stat vector now (see vectorOf). */
export function statVector(file: string): number[] {
  return vectorOf(statOrNull(file));
}

/**
 * The stat vector of a file akms alone writes, by rename under the lock (graph.json): trusted right
 * after the write, except where timestamps are too coarse to tell writes within one second apart (NaNs).
 */
export function ownWriteVector(st: Stats | null | undefined, since = Date.now()): number[] {
  if (st && st.ctimeMs % 1000 === 0 && racy(st.ctimeMs, since)) return [NaN, NaN, NaN, NaN];
  return st ? vectorOf(st) : [NaN, NaN, NaN, NaN];
}

/** Whether a file's stat now is `recorded` (NaN, a stat not trusted when taken, never is). */
export function sameVector(recorded: ArrayLike<number>, st: Stats | null | undefined): boolean {
  return !!st && recorded[0] === st.size && recorded[1] === st.mtimeMs && recorded[2] === st.ctimeMs && recorded[3] === st.ino;
}

/** Whether file `i` of stat vectors `a` has the vector `b` holds at file `j`. */
export function sameStatAt(a: ArrayLike<number>, i: number, b: ArrayLike<number>, j = 0): boolean {
  for (let k = 0; k < STAT_WIDTH; k++) if (a[i * STAT_WIDTH + k] !== b[j * STAT_WIDTH + k]) return false;
  return true;
}

/**
 * An in-memory key for what was derived from `file` as it is now (a warm process's memo): null when
 * the file has no stat, or one too recent to trust — the caller then derives again and keeps nothing.
 */
export function statKey(file: string): string | null {
  const st = statOrNull(file);
  return st === null ? null : keyOf(file, st);
}

/** The key of `file` at stat `st`, or null when the stat is too recent to trust. */
function keyOf(file: string, st: Stats): string | null {
  return racy(st.ctimeMs, Date.now()) ? null : `${file}\0${vectorOf(st).join(":")}`;
}

/**
 * statKey, with a file that does not exist keyed too: its absence is a state like any other
 * (creating the file gives it a stat key). A warm memo of a value made from a missing file — the
 * defaults of a repository without propagation_config.yaml — is then kept instead of made again on
 * every call (≈ 1 ms per MCP call at 5,000 nodes, the config's defaults validated each time).
 */
export function memoKey(file: string): string | null {
  const st = statOrNull(file);
  return st === null ? `${file}\0absent` : keyOf(file, st);
}

/**
 * The key of a file akms alone writes, by rename under the lock (graph.json): a new inode at every
 * write, so it is trusted right after it — except with coarse timestamps (ownWriteVector). Null
 * when the file is missing or not to be trusted yet.
 */
export function writtenKey(file: string): string | null {
  const v = ownWriteVector(statOrNull(file));
  return Number.isNaN(v[0]!) ? null : `${file}\0${v.join(":")}`;
}

declare const __AKMS_BUILD_ID__: string | undefined;
let identity: string | undefined;

/**
 * Which build of akms made a derived record: the bundle's hash of its sources and lock file
 * (scripts/bundle.mjs); running the sources (the tests), the size and time of this module's file.
 * A record of another build is a miss.
 */
export function buildIdentity(): string {
  if (identity === undefined) {
    if (typeof __AKMS_BUILD_ID__ === "string") identity = __AKMS_BUILD_ID__;
    else {
      let stamp = "no-file";
      try {
        const st = statSync(fileURLToPath(import.meta.url));
        stamp = `${st.size}:${st.mtimeMs}`;
      } catch {
        /* no file behind the module */
      }
      identity = `sources ${import.meta.url} ${stamp}`;
    }
  }
  return identity;
}
