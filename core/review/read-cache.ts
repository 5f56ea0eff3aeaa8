// What the review data derives from files it reads on every refresh (local node files, session
// documents), kept per file while its stat (inode, size, mtime, ctime) stays the same: the console
// refreshes after each action, and an action changes one or two files. Writers replace files
// (writeFileAtomic: a new inode), and an edit in place changes the mtime or the size.
import { statSync } from "node:fs";

const entries = new Map<string, { key: string; value: unknown }>();

/**
 * `derive(file)`, or what it returned for this file as it is now. A file that cannot be stat-ed
 * (missing, unreadable) is derived again every time; so is everything unless `keep` (a one-shot
 * command gains nothing from keeping it).
 */
export function cachedByStat<T>(keep: boolean, kind: string, file: string, derive: (file: string) => T): T {
  if (!keep) return derive(file);
  let key: string | null = null;
  try {
    const st = statSync(file, { bigint: false, throwIfNoEntry: false });
    if (st) key = `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
  } catch {
    /* derived below, as if there were no cache */
  }
  const id = `${kind}\0${file}`;
  const hit = key === null ? undefined : entries.get(id);
  if (hit && hit.key === key) return hit.value as T;
  const value = derive(file);
  if (key === null) entries.delete(id);
  else entries.set(id, { key, value });
  return value;
}
