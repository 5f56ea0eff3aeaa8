import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  LockHeldError
} from "./chunk-C3ZMY3KT.mjs";

// core/lock.ts
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { dirname } from "node:path";
var held = /* @__PURE__ */ new Map();
function procStart(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return rest[19] ?? null;
  } catch {
    return null;
  }
}
function isAlive(holder) {
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (e) {
    if (e.code === "ESRCH") return false;
  }
  if (holder.proc_start !== null) {
    const now = procStart(holder.pid);
    if (now !== null && now !== holder.proc_start) return false;
  }
  return true;
}
function readLockHolder(lockPath) {
  try {
    const parsed = JSON.parse(readFileSync(lockPath, "utf8"));
    if (typeof parsed.pid !== "number") return null;
    return parsed;
  } catch {
    return null;
  }
}
var tmpCounter = 0;
function createWith(path, text) {
  const tmp = `${path}.${process.pid}.${++tmpCounter}.new`;
  const fd = openSync(tmp, "wx", 420);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(tmp, path);
    return true;
  } catch (e) {
    if (e.code === "EEXIST") return false;
    throw e;
  } finally {
    rmSync(tmp, { force: true });
  }
}
function readRaw(path) {
  try {
    return readFileSync(path, "utf8");
  } catch (e) {
    if (e.code === "ENOENT") return null;
    throw e;
  }
}
function parseHolder(raw) {
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw);
    return typeof parsed.pid === "number" ? parsed : null;
  } catch {
    return null;
  }
}
function removeIfSame(path, raw) {
  const aside = `${path}.${process.pid}.${++tmpCounter}.aside`;
  try {
    renameSync(path, aside);
  } catch (e) {
    if (e.code === "ENOENT") return;
    throw e;
  }
  if (readRaw(aside) !== raw) {
    try {
      linkSync(aside, path);
    } catch (e) {
      if (e.code !== "EEXIST") throw e;
    }
  }
  rmSync(aside, { force: true });
}
function reclaim(lockPath, deadRaw, me) {
  const marker = `${lockPath}.reclaim`;
  if (!createWith(marker, me)) {
    const raw = readRaw(marker);
    const h = parseHolder(raw);
    if (raw !== null && (!h || !isAlive(h))) removeIfSame(marker, raw);
    return;
  }
  try {
    if (readRaw(lockPath) === deadRaw) rmSync(lockPath, { force: true });
  } finally {
    rmSync(marker, { force: true });
  }
}
function pause(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
function acquireLock(lockPath, command = process.argv.slice(2).join(" ")) {
  const depth = held.get(lockPath) ?? 0;
  if (depth > 0) {
    held.set(lockPath, depth + 1);
    return () => release(lockPath);
  }
  mkdirSync(dirname(lockPath), { recursive: true });
  const me = {
    pid: process.pid,
    host: hostname(),
    proc_start: procStart(process.pid),
    started_at: (/* @__PURE__ */ new Date()).toISOString(),
    command: `akms ${command}`.trim()
  };
  const mine = JSON.stringify(me) + "\n";
  for (let attempt = 0; attempt < 50; attempt++) {
    if (createWith(lockPath, mine)) {
      held.set(lockPath, 1);
      return () => release(lockPath);
    }
    const raw = readRaw(lockPath);
    if (raw === null) continue;
    const holder = parseHolder(raw);
    if (holder && isAlive(holder)) {
      throw new LockHeldError(
        `the repository is locked by pid ${holder.pid} on ${holder.host} (\`${holder.command}\`, since ${holder.started_at})`,
        { file: lockPath, hint: "wait for that command to finish, then retry" }
      );
    }
    reclaim(lockPath, raw, mine);
    if (attempt > 2) pause(2 + attempt % 5);
  }
  throw new LockHeldError(`could not take the repository lock ${lockPath}`, { file: lockPath, hint: "another akms keeps taking it; retry" });
}
function release(lockPath) {
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
    }
  }
}
function withLock(lockPath, fn) {
  const releaseLock = acquireLock(lockPath);
  try {
    return fn();
  } finally {
    releaseLock();
  }
}

export {
  readLockHolder,
  acquireLock,
  withLock
};
