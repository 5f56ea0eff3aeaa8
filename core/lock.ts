// The repository lock: knowledge/graph/.akms.lock, linked into place whole (never seen empty or
// half-written), holding pid, host and the holder's process start time. A dead holder (same host, pid
// gone or reused) is reclaimed under a reclaim marker; a live one makes the caller fail with exit 3
// naming it. Never expired by age.
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { basename, dirname, join } from "node:path";
import { LockHeldError, writeError } from "./errors.js";

export interface LockHolder {
  pid: number;
  host: string;
  /** Kernel start time of the process (clock ticks since boot) where known, else null. */
  proc_start: string | null;
  started_at: string;
  command: string;
}

const held = new Map<string, number>();

/** Fields of /proc/<pid>/stat: the state (field 3) and the start time (field 22); null where unknown. */
function procStat(pid: number): { state: string; start: string | null } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces, so split after ')'.
    const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: rest[0] ?? "", start: rest[19] ?? null };
  } catch {
    return null;
  }
}

function procStart(pid: number): string | null {
  return procStat(pid)?.start ?? null;
}

function isAlive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true; // cannot tell: treat as live
  try {
    process.kill(holder.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ESRCH") return false;
  }
  const now = procStat(holder.pid);
  // A zombie has ended (killed, its parent not yet waiting for it): it holds nothing any more.
  if (now && (now.state === "Z" || now.state === "X")) return false;
  if (holder.proc_start !== null && now?.start != null && now.start !== holder.proc_start) return false; // pid reused
  return true;
}

export function readLockHolder(lockPath: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(lockPath, "utf8")) as LockHolder;
    if (typeof parsed.pid !== "number") return null;
    return parsed;
  } catch {
    return null;
  }
}

let tmpCounter = 0;

/**
 * Creates `path` holding `text`, or returns false when it exists. The text is written to a private
 * file first and linked into place, so no reader ever sees an empty or half-written lock.
 */
function createWith(path: string, text: string): boolean {
  // Not named like writeFileAtomic's temp files (`.tmp`): a lock holder's recovery clears those, and
  // this one belongs to a process that does not hold the lock yet.
  const tmp = `${path}.${process.pid}.${++tmpCounter}.new`;
  const fd = openSync(tmp, "wx", 0o666);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (e) {
    rmSync(tmp, { force: true }); // a full disk: the empty file is not left behind
    throw e;
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(tmp, path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw e;
  } finally {
    rmSync(tmp, { force: true });
  }
}

function readRaw(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
}

function parseHolder(raw: string | null): LockHolder | null {
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as LockHolder;
    return typeof parsed.pid === "number" ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Removes `path` only if it still holds `raw`: it is moved to a private name first (one process
 * wins the rename), and put back when it turns out to be another file.
 */
function removeIfSame(path: string, raw: string): void {
  const aside = `${path}.${process.pid}.${++tmpCounter}.aside`;
  try {
    renameSync(path, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
    throw e;
  }
  if (readRaw(aside) !== raw) {
    try {
      linkSync(aside, path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
  }
  rmSync(aside, { force: true });
}

/**
 * Takes a dead holder's lock away. Only the process holding the reclaim marker (created like the
 * lock itself) may remove the lock, after reading it again: two processes that both judged the old
 * lock dead can no longer delete a fresh lock the other has just taken. A marker left by a process
 * that died while reclaiming is itself removed only if it is still that marker.
 */
function reclaim(lockPath: string, deadRaw: string, me: string): void {
  const marker = `${lockPath}.reclaim`;
  if (!createWith(marker, me)) {
    const raw = readRaw(marker);
    const h = parseHolder(raw);
    if (raw !== null && (!h || !isAlive(h))) removeIfSame(marker, raw);
    return; // someone else is reclaiming: the caller tries again
  }
  try {
    if (readRaw(lockPath) === deadRaw) rmSync(lockPath, { force: true });
  } finally {
    rmSync(marker, { force: true });
  }
}

/** Blocks this thread for `ms` milliseconds (the lock's retries, a test's stall, a coarse timestamp's second). */
export function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Takes the lock (re-entrant within this process) and returns the release function. */
export function acquireLock(lockPath: string, command = process.argv.slice(2).join(" "), waitMs = 0): () => void {
  const deadline = Date.now() + waitMs;
  const depth = held.get(lockPath) ?? 0;
  if (depth > 0) {
    held.set(lockPath, depth + 1);
    return () => release(lockPath);
  }
  mkdirSync(dirname(lockPath), { recursive: true });
  const me: LockHolder = {
    pid: process.pid,
    host: hostname(),
    proc_start: procStart(process.pid),
    started_at: new Date().toISOString(),
    command: `akms ${command}`.trim(),
  };
  const mine = JSON.stringify(me) + "\n";
  for (let attempt = 0; attempt < 50; attempt++) {
    if (createdOrRefused(lockPath, mine)) {
      sweepDeadTemps(lockPath);
      held.set(lockPath, 1);
      return () => release(lockPath);
    }
    const raw = readRaw(lockPath);
    if (raw === null) continue; // released meanwhile
    const holder = parseHolder(raw);
    if (holder && isAlive(holder) && Date.now() < deadline) {
      // A live holder, and the caller may wait: poll until it lets go or the wait is over.
      pause(25 + Math.floor(Math.random() * 25));
      attempt = Math.min(attempt, 2);
      continue;
    }
    if (holder && isAlive(holder)) {
      throw new LockHeldError(
        `the repository is locked by pid ${holder.pid} on ${holder.host} (\`${holder.command}\`, since ${holder.started_at})`,
        { file: lockPath, hint: "wait for that command to finish, then retry" },
      );
    }
    // A dead holder, or a damaged lock file (the lock is linked into place whole, so a live one is never partial).
    reclaim(lockPath, raw, mine);
    if (attempt > 2) pause(2 + (attempt % 5));
  }
  throw new LockHeldError(`could not take the repository lock ${lockPath}`, { file: lockPath, hint: "another akms keeps taking it; retry" });
}

/**
 * createWith's private files that a process killed between creating and removing one left: the
 * next holder removes those over a minute old (a live one is gone within milliseconds; by age, not
 * pid, so a repository shared by two hosts loses no other host's file).
 */
function sweepDeadTemps(lockPath: string): void {
  const dir = dirname(lockPath);
  const mine = `${basename(lockPath)}.`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names) {
    if (!n.startsWith(mine) || !n.endsWith(".new")) continue;
    const st = statSync(join(dir, n), { throwIfNoEntry: false });
    if (st && Date.now() - st.mtimeMs > 60_000) rmSync(join(dir, n), { force: true });
  }
}

/** createWith, a refusal of the machine's (a read-only folder, a full disk) said as the user's error. */
function createdOrRefused(lockPath: string, text: string): boolean {
  try {
    return createWith(lockPath, text);
  } catch (e) {
    throw writeError(e, dirname(lockPath) + "/") ?? e;
  }
}

function release(lockPath: string): void {
  const depth = held.get(lockPath) ?? 0;
  if (depth > 1) {
    held.set(lockPath, depth - 1);
    return;
  }
  held.delete(lockPath);
  const holder = readLockHolder(lockPath);
  if (holder && holder.pid === process.pid && holder.host === hostname()) {
    try {
      unlinkSync(lockPath);
    } catch {
      /* already gone */
    }
  }
}

/**
 * How long an agent's own work (record_memory, its loadout, the compile before a read) waits for a
 * lock another akms holds, before answering LOCK_HELD: writes take well under a second, a full
 * compile of 50,000 nodes a few seconds. AKMS_LOCK_WAIT_MS overrides it.
 */
export function agentLockWaitMs(env: NodeJS.ProcessEnv = process.env): number {
  const v = Number(env.AKMS_LOCK_WAIT_MS);
  return Number.isFinite(v) && v >= 0 ? v : 30_000;
}

/** withLock that waits up to `waitMs` for a live holder to let go. */
export function withLockWait<T>(lockPath: string, waitMs: number, fn: () => T): T {
  const releaseLock = acquireLock(lockPath, undefined, waitMs);
  try {
    return fn();
  } finally {
    releaseLock();
  }
}

/**
 * Runs `fn` with this process's hold on the lock set aside (released on disk, so other akms
 * processes may write meanwhile), and takes the lock back afterwards, waiting up to `waitMs` for
 * whoever holds it then. For a long wait on others that must themselves write — the orchestrator's
 * agents calling record_memory — while the caller keeps its own work exclusive by other means.
 */
export async function withoutLock<T>(lockPath: string, fn: () => Promise<T>, waitMs = agentLockWaitMs()): Promise<T> {
  const depth = held.get(lockPath) ?? 0;
  if (depth === 0) return fn();
  held.set(lockPath, 1);
  release(lockPath);
  try {
    return await fn();
  } finally {
    acquireLock(lockPath, undefined, waitMs);
    held.set(lockPath, depth);
  }
}

export function withLock<T>(lockPath: string, fn: () => T): T {
  const releaseLock = acquireLock(lockPath);
  try {
    return fn();
  } finally {
    releaseLock();
  }
}
