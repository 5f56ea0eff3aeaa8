// The compiler's view of its source files without reading them: the listing (the same list, in the
// same order, as listMarkdown) and one stat per file. The previous build's directory records let
// the listing skip readdir for every directory whose own stat has not changed: creating, deleting
// or renaming an entry always changes its directory's mtime and ctime.
import { readdirSync, readFileSync, statSync, type Dirent, type Stats } from "node:fs";
import { sha256 } from "../fsx.js";
import { join, sep } from "node:path";
import type { Listed } from "./sources.js";
import { runSteps, STAT_STEP, type Steps } from "../steps.js";

/** What one directory held when it was last read. */
export interface DirRecord {
  path: string;
  /** mtimeMs, ctimeMs, ino; NaN when the stat is not to be trusted next time (see racy). */
  stat: [number, number, number];
  /** Node file names (*.md, not hidden), sorted. */
  mds: string[];
  /** Subdirectories walked (recursive listings only). */
  subdirs: string[];
  /** The names of mds that are symbolic links (checked to resolve inside the root). */
  links?: string[];
}

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

/** A file's stat, or null when it has none to give (gone, a dangling or looping link, unreadable): its read then names the problem. */
function statOrNull(path: string): Stats | null {
  try {
    return statSync(path, { throwIfNoEntry: false }) ?? null;
  } catch (e) {
    if (typeof (e as NodeJS.ErrnoException).code === "string") return null;
    throw e;
  }
}

export interface Listing {
  items: Listed[];
  dirs: DirRecord[];
  /** False when some directory's entries differ from the previous records (or there were none). */
  same: boolean;
}

/**
 * listMarkdown's result for `root`, reusing `prev` records (the previous walk of this same root)
 * whose directory stat is unchanged. `same` holds when every directory walked has the entries it
 * had in `prev`: the walk then met exactly the previous directories, and the listing is the same.
 * `since`: Date.now() taken before this listing started.
 */
export function listWithRecords(
  root: string,
  shownPrefix: string,
  recursive: boolean,
  prev: Map<string, DirRecord> | null,
  since: number,
  /** When given: only the directories it names are statted; the others keep their trusted records. */
  restat?: (dir: string) => boolean,
): Listing {
  const items: Listed[] = [];
  const dirs: DirRecord[] = [];
  let same = prev !== null;
  const rootPrefix = join(root, "x").slice(0, -1);
  const walk = (d: string, prefix: string, rel: string) => {
    const old = prev?.get(d);
    if (restat !== undefined && old !== undefined && !Number.isNaN(old.stat[0]) && !restat(d)) {
      dirs.push(old);
      emit(old, prefix, rel);
      return;
    }
    const st = statOrNull(d);
    if (st === null || !st.isDirectory()) {
      // listMarkdown treats a missing root, or one that is not a directory, as empty.
      if (old !== undefined) same = false;
      return;
    }
    let rec: DirRecord;
    if (old !== undefined && old.stat[0] === st.mtimeMs && old.stat[1] === st.ctimeMs && old.stat[2] === st.ino) {
      rec = old;
    } else {
      const mds: string[] = [];
      const subdirs: string[] = [];
      const links: string[] = [];
      let entries: Dirent[];
      try {
        entries = readdirSync(d, { withFileTypes: true });
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "ENOTDIR") {
          if (old !== undefined) same = false;
          return;
        }
        throw e;
      }
      for (const ent of entries) {
        const name = ent.name;
        if (name.startsWith(".")) continue;
        if (ent.isDirectory()) {
          if (recursive) subdirs.push(name);
        } else if ((ent.isFile() || ent.isSymbolicLink()) && name.endsWith(".md")) {
          mds.push(name);
          if (ent.isSymbolicLink()) links.push(name);
        }
      }
      mds.sort(cmp);
      subdirs.sort(cmp);
      const stat: [number, number, number] = racy(st.ctimeMs, since) ? [NaN, NaN, NaN] : [st.mtimeMs, st.ctimeMs, st.ino];
      rec = { path: d, stat, mds, subdirs, ...(links.length ? { links: links.sort(cmp) } : {}) };
      if (old === undefined || !sameList(old.mds, mds) || !sameList(old.subdirs, subdirs)) same = false;
    }
    dirs.push(rec);
    emit(rec, prefix, rel);
  };
  const emit = (rec: DirRecord, prefix: string, rel: string) => {
    const shownRel = shownPrefix + rel;
    const paths = pathsOf(rec, prefix);
    for (let i = 0; i < paths.length; i++) items.push(rec.links?.includes(rec.mds[i]!) ? { file: paths[i]!, shown: shownRel + rec.mds[i]!, link: true } : { file: paths[i]!, shown: shownRel + rec.mds[i]! });
    for (const sub of rec.subdirs) walk(prefix + sub, prefix + sub + sep, rel + sub + "/");
  };
  walk(root, rootPrefix, "");
  // Nested directories interleave with their parent's files in path order.
  if (recursive) items.sort((a, b) => cmp(a.file, b.file));
  return { items, dirs, same };
}

/**
 * The full paths of a record's files, made once per record: the listing and the manifest's
 * record of it then hold the very same strings, which compare and hash without being flattened
 * again (a targeted build lines up some 58,000 of them at 50,000 nodes).
 */
const recordPaths = new WeakMap<DirRecord, { prefix: string; paths: string[] }>();
function pathsOf(rec: DirRecord, prefix: string): string[] {
  const hit = recordPaths.get(rec);
  if (hit !== undefined && hit.prefix === prefix) return hit.paths;
  const paths = rec.mds.map((name) => prefix + name);
  recordPaths.set(rec, { prefix, paths });
  return paths;
}

/** The files a walk that produced `records` listed (listWithRecords' order), touching no file. */
export function recordedFiles(root: string, recursive: boolean, records: readonly DirRecord[]): string[] {
  const byPath = new Map(records.map((r) => [r.path, r]));
  const files: string[] = [];
  const walk = (d: string, prefix: string) => {
    const rec = byPath.get(d);
    if (rec === undefined) return; // the walk found no directory there
    for (const f of pathsOf(rec, prefix)) files.push(f);
    for (const sub of rec.subdirs) walk(prefix + sub, prefix + sub + sep);
  };
  walk(root, join(root, "x").slice(0, -1));
  if (recursive) files.sort(cmp);
  return files;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
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
