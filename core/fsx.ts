// Atomic file writes (temp file, fsync, rename, fsync of the directory) and small file helpers.
import { chmodSync, closeSync, cpSync, existsSync, fchmodSync, fsyncSync, lstatSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, unlinkSync, writeSync, type CopySyncOptions } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { escapeRegExp } from "./regexp.js";
import { writeError } from "./errors.js";

let tmpCounter = 0;
// node:crypto loads on first use: a command that only reads (akms query) never pays its start-up.
const crypto = () => createRequire(import.meta.url)("node:crypto") as typeof import("node:crypto");

export function sha256(data: string | Uint8Array | readonly (string | Uint8Array)[]): string {
  const h = crypto().createHash("sha256");
  if (typeof data === "string" || data instanceof Uint8Array) h.update(data);
  else for (const chunk of data) h.update(chunk);
  return h.digest("hex");
}

export function readTextIfExists(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
}

export function readBytesIfExists(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
}

/** A file descriptor of `file` opened for reading, or null when it cannot be opened (missing, no access…). */
export function openReadOrNull(file: string): number | null {
  try {
    return openSync(file, "r");
  } catch {
    return null;
  }
}

/** The real path of `p` (realpath(3)), or null when it cannot be resolved (missing, a loop…). */
export function realpathOrNull(p: string): string | null {
  try {
    return realpathSync.native(p);
  } catch {
    return null;
  }
}

/** realpathOrNull, each path resolved once for the life of the returned function (one run, nothing goes stale). */
export function memoRealpath(): (p: string) => string | null {
  const seen = new Map<string, string | null>();
  return (p) => {
    let r = seen.get(p);
    if (r === undefined) {
      r = realpathOrNull(p);
      seen.set(p, r);
    }
    return r;
  };
}

export function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

function fsyncDir(dir: string): void {
  try {
    const fd = openSync(dir, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Some filesystems refuse fsync on directories; the rename is still atomic.
  }
}

/**
 * Writes `data` to `path` atomically: readers see the old bytes or the new bytes, never a mix.
 * Returns false (and touches nothing) when the file already holds exactly these bytes.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array | readonly (string | Uint8Array)[], opts: { knownDifferent?: boolean } = {}): boolean {
  if (Array.isArray(data)) {
    const chunks = data as readonly (string | Uint8Array)[];
    if (!opts.knownDifferent) return writeFileAtomic(path, Buffer.concat(chunks.map((c) => (typeof c === "string" ? Buffer.from(c, "utf8") : c))));
    return writeChunks(path, chunks);
  }
  const u8 = data as Uint8Array;
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : Buffer.isBuffer(u8) ? u8 : Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength); // no copy
  if (!opts.knownDifferent) {
    const current = readBytesIfExists(path);
    if (current && current.equals(bytes)) return false;
  }
  return writeChunks(path, [bytes]);
}

/** writeFileAtomic's temp files: `.<name>.<pid>.<n>.tmp`. */
const TEMP = /^\.(.+)\.(\d+)\.\d+\.tmp$/;

/** The atomic-write temp files in `dir`: each with the file it was for and the writer's pid. */
function tempsIn(dir: string): { path: string; name: string; pid: number }[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out: { path: string; name: string; pid: number }[] = [];
  for (const n of names) {
    const m = TEMP.exec(n);
    if (m) out.push({ path: join(dir, n), name: m[1]!, pid: Number(m[2]) });
  }
  return out;
}

/**
 * Removes the temp files an atomic write killed before its rename left in `dir` (`name`: only
 * those of that file). The caller holds the lock of whatever writes there.
 */
export function removeStaleTemps(dir: string, name?: string): void {
  for (const t of tempsIn(dir)) if (name === undefined || t.name === name) rmSync(t.path, { force: true });
}

let writesReached = 0;

/**
 * Test hook (AKMS_TEST=1 only): AKMS_CRASH_WRITE_AT=n kills the process with SIGKILL at the n-th
 * step of its atomic writes — each write has two: its temp file written but not yet renamed, and
 * renamed — so that a test can kill any writer at every write it makes.
 */
function writeStep(): void {
  if (process.env.AKMS_TEST !== "1" || !process.env.AKMS_CRASH_WRITE_AT) return;
  if (++writesReached === Number(process.env.AKMS_CRASH_WRITE_AT)) process.kill(process.pid, "SIGKILL");
}

function writeChunks(path: string, chunks: readonly (string | Uint8Array)[]): boolean {
  try {
    return writeChunksOnce(path, chunks);
  } catch (e) {
    throw writeError(e, path) ?? e;
  }
}

function writeChunksOnce(path: string, chunks: readonly (string | Uint8Array)[]): boolean {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${++tmpCounter}.tmp`);
  const mode = keptMode(path);
  const fd = openSync(tmp, "wx", mode ?? 0o666);
  try {
    if (mode !== null) keepMode(() => fchmodSync(fd, mode)); // exactly the file's own, whatever the umask
    for (const chunk of chunks) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
      let off = 0;
      while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
    }
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw e;
  }
  closeSync(fd);
  writeStep();
  try {
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  fsyncDir(dir);
  writeStep();
  return true;
}

/**
 * The mode a rewrite keeps: the file's own (a person's 0664 in a group's checkout, or 0600, stays
 * so — a rename would otherwise leave a new file's mode in its place); null for a new file, which
 * gets 0666 less the umask, as git and every Unix tool create files (a group's umask 002 gives 0664).
 */
function keptMode(path: string): number | null {
  try {
    const st = statSync(path, { throwIfNoEntry: false });
    return st?.isFile() ? st.mode & 0o7777 : null;
  } catch {
    return null;
  }
}

/** A chmod of a rewrite, best effort: a file system without modes (FAT, some network mounts) refuses it, and the write goes on. */
function keepMode(chmod: () => void): void {
  try {
    chmod();
  } catch {
    /* the new file keeps the mode it was created with */
  }
}

/**
 * A copy of the tree `from` at `to` that this process may write: cpSync copies the modes, and a
 * read-only checkout's copy (a scratch to replay in, a vault to migrate) would refuse every write.
 * The owner's write bit is added to each copied file and folder; links stay links, untouched.
 */
export function writableCopy(from: string, to: string, opts: Omit<CopySyncOptions, "recursive"> = {}): void {
  cpSync(from, to, { ...opts, recursive: true });
  const walk = (p: string): void => {
    const st = lstatSync(p);
    if (st.isSymbolicLink()) return;
    if ((st.mode & 0o200) === 0) chmodSync(p, (st.mode & 0o7777) | 0o200);
    if (st.isDirectory()) for (const n of readdirSync(p)) walk(join(p, n));
  };
  walk(to);
}

/** Removes a file if present (and syncs its directory). Returns whether it existed. */
export function removeFile(path: string): boolean {
  try {
    unlinkSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw e;
  }
  fsyncDir(dirname(path));
  return true;
}

/**
 * writeFileAtomic for many files at once (same guarantees per file: temp file, fsync, rename,
 * directory fsync; files already holding the bytes are not touched). The fsyncs run concurrently
 * so the filesystem can commit them together — one journal commit instead of one per file.
 * Returns, per file, whether it was written.
 */
export async function writeFilesAtomic(files: readonly { path: string; data: string | Uint8Array }[]): Promise<boolean[]> {
  const { open } = await import("node:fs/promises");
  const written = files.map(() => false);
  const pending: { index: number; path: string; tmp: string; bytes: Buffer; mode: number | null }[] = [];
  for (const [index, f] of files.entries()) {
    const bytes = typeof f.data === "string" ? Buffer.from(f.data, "utf8") : Buffer.from(f.data);
    const current = readBytesIfExists(f.path);
    if (current && current.equals(bytes)) continue;
    const dir = dirname(f.path);
    mkdirSync(dir, { recursive: true });
    pending.push({ index, path: f.path, tmp: join(dir, `.${basename(f.path)}.${process.pid}.${++tmpCounter}.tmp`), bytes, mode: keptMode(f.path) });
  }
  const cleanup = () => {
    for (const p of pending) rmSync(p.tmp, { force: true });
  };
  try {
    for (let i = 0; i < pending.length; i += 64) {
      await Promise.all(
        pending.slice(i, i + 64).map(async (p) => {
          const h = await open(p.tmp, "wx", p.mode ?? 0o666);
          try {
            if (p.mode !== null) await h.chmod(p.mode).catch(() => undefined); // as keepMode
            await h.writeFile(p.bytes);
            await h.sync();
          } finally {
            await h.close();
          }
        }),
      );
    }
  } catch (e) {
    cleanup();
    throw e;
  }
  try {
    for (const p of pending) {
      writeStep();
      renameSync(p.tmp, p.path);
      written[p.index] = true;
      writeStep();
    }
  } catch (e) {
    cleanup();
    throw e;
  }
  const dirs = [...new Set(pending.map((p) => dirname(p.path)))];
  for (let i = 0; i < dirs.length; i += 64) {
    await Promise.all(
      dirs.slice(i, i + 64).map(async (d) => {
        try {
          const h = await open(d, "r");
          try {
            await h.sync();
          } finally {
            await h.close();
          }
        } catch {
          // Some filesystems refuse fsync on directories; the renames are still atomic.
        }
      }),
    );
  }
  return written;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes the atomic-write temp files in `dir` of files whose names start with `prefix` that a
 * process now dead left (killed before its rename). For writers that hold no lock of ours — git's
 * merge driver writing git's own temp file — and so may meet another's temps only once it is gone.
 */
export function removeDeadTemps(dir: string, prefix: string): void {
  for (const t of tempsIn(dir)) if (t.name.startsWith(prefix) && t.pid !== process.pid && !pidAlive(t.pid)) rmSync(t.path, { force: true });
}

/**
 * A new scratch directory of this process in the system's temp folder, named `<prefix><pid>-…`; the
 * caller removes it. Those of the same prefix that a process now dead left (killed mid-use: a
 * SIGKILL runs no cleanup) are removed first, so they do not pile up.
 */
export function scratchDir(prefix: string): string {
  const root = tmpdir();
  for (const name of readdirSync(root)) {
    const m = name.startsWith(prefix) ? /^(\d+)-/.exec(name.slice(prefix.length)) : null;
    if (!m || Number(m[1]) === process.pid || pidAlive(Number(m[1]))) continue;
    try {
      rmSync(join(root, name), { recursive: true, force: true });
    } catch {
      /* another user's, or going already: not ours to insist on */
    }
  }
  return mkdtempSync(join(root, `${prefix}${process.pid}-`));
}

/** `use` given a scratch directory (scratchDir), removed when it returns or throws. */
export function withScratchDir<T>(prefix: string, use: (dir: string) => T): T {
  const dir = scratchDir(prefix);
  try {
    return use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Replaces directory `dir` whole: `fill` writes the new content into a sibling temporary
 * directory, which then takes `dir`'s place; the old `dir` (if any) goes only once the new one is
 * complete. A failure in `fill` removes the temporary directory and leaves `dir` as it was.
 */
export function replaceDirWhole(dir: string, fill: (tmp: string) => void): void {
  const parent = dirname(dir);
  mkdirSync(parent, { recursive: true });
  // A run killed before its swap left its hidden copy beside the target: gone once its process is.
  const stale = new RegExp(`^\\.${escapeRegExp(basename(dir))}\\.akms-(\\d+)\\.(tmp|old)$`);
  for (const name of readdirSync(parent)) {
    const m = stale.exec(name);
    if (m && Number(m[1]) !== process.pid && !pidAlive(Number(m[1]))) rmSync(join(parent, name), { recursive: true, force: true });
  }
  const tmp = join(parent, `.${basename(dir)}.akms-${process.pid}.tmp`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp);
  try {
    fill(tmp);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
  const old = existsSync(dir) ? join(parent, `.${basename(dir)}.akms-${process.pid}.old`) : null;
  if (old) renameSync(dir, old);
  renameSync(tmp, dir);
  fsyncDir(parent);
  if (old) rmSync(old, { recursive: true, force: true });
}
