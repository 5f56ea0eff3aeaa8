// The compiler's view of its source files without reading them: the listing (the same list, in the
// same order, as listMarkdown) and one stat per file. The previous build's directory records let
// the listing skip readdir for every directory whose own stat has not changed: creating, deleting
// or renaming an entry always changes its directory's mtime and ctime.
import { readdirSync, type Dirent } from "node:fs";
import { join, sep } from "node:path";
import type { Listed } from "./sources.js";
import { racy, statOrNull } from "../store/freshness.js";

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
  /** False: the directories alone (`items` is left empty), for a caller that asks only whether they are the same. */
  withItems = true,
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
    const paths = withItems ? pathsOf(rec, prefix) : [];
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

