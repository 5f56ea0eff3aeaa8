// The repository lock: knowledge/graph/.akms.lock, created with O_EXCL, holding pid, host and the
// holder's process start time. A dead holder (same host, pid gone or reused) is reclaimed; a live
// one makes the caller fail with exit 3 naming it. Never expired by age.
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync, fsyncSync } from "node:fs";
import { hostname } from "node:os";
import { dirname } from "node:path";
import { LockHeldError } from "./errors.js";

export interface LockHolder {
  pid: number;
  host: string;
  /** Kernel start time of the process (clock ticks since boot) where known, else null. */
  proc_start: string | null;
  started_at: string;
  command: string;
}

const held = new Map<string, number>();

function procStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22 (starttime); the command name (field 2) may hold spaces, so split after ')'.
    const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return rest[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true; // cannot tell: treat as live
  try {
    process.kill(holder.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ESRCH") return false;
  }
  if (holder.proc_start !== null) {
    const now = procStart(holder.pid);
    if (now !== null && now !== holder.proc_start) return false; // pid reused
  }
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

function tryCreate(lockPath: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, "wx", 0o644);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw e;
  }
  try {
    writeSync(fd, JSON.stringify(holder) + "\n");
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Takes the lock (re-entrant within this process) and returns the release function. */
export function acquireLock(lockPath: string, command = process.argv.slice(2).join(" ")): () => void {
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
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(lockPath, me)) {
      held.set(lockPath, 1);
      return () => release(lockPath);
    }
    const holder = readLockHolder(lockPath);
    if (holder && isAlive(holder)) {
      throw new LockHeldError(
        `the repository is locked by pid ${holder.pid} on ${holder.host} (\`${holder.command}\`, since ${holder.started_at})`,
        { file: lockPath, hint: "wait for that command to finish, then retry" },
      );
    }
    // Dead holder, or a lock file that is empty/half-written by a killed process: reclaim it.
    try {
      unlinkSync(lockPath);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    }
  }
  throw new LockHeldError(`could not take the repository lock ${lockPath}`, { file: lockPath, hint: "another akms keeps taking it; retry" });
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

export function withLock<T>(lockPath: string, fn: () => T): T {
  const releaseLock = acquireLock(lockPath);
  try {
    return fn();
  } finally {
    releaseLock();
  }
}
