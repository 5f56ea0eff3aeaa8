import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  removeFile,
  removeStaleTemps,
  resolveInside,
  sha256,
  writeFileAtomic
} from "./chunk-Q4IS5S6U.mjs";
import {
  StateError
} from "./chunk-C3ZMY3KT.mjs";

// core/update/transaction.ts
import { existsSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
var FORMAT = "akms-txn-1";
var MANIFEST = "manifest.json";
var pointsReached = 0;
function crashPoint(name, env = process.env) {
  if (env.AKMS_TEST !== "1") return;
  pointsReached++;
  const at = env.AKMS_CRASH_AT;
  if (at && (at === name || at === String(pointsReached))) process.kill(process.pid, "SIGKILL");
  if (env.AKMS_STALL_AT === name) {
    const ms = Number(env.AKMS_STALL_MS ?? 1e4);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  }
}
function knowledgeRel(ctx, abs) {
  const rel = relative(ctx.paths.knowledge, abs);
  if (!rel || rel.startsWith("..") || resolveInside(ctx.paths.knowledge, rel) === null) {
    throw new StateError(`refusing to write outside knowledge/: ${abs}`, { hint: "this is a bug in akms; please report it" });
  }
  return rel.split(sep).join("/");
}
function clearJournal(ctx) {
  removeFile(join(ctx.paths.txnDir, MANIFEST));
  crashPoint("journal-cleared");
  rmSync(ctx.paths.txnDir, { recursive: true, force: true });
}
function rollForward(ctx, m, stage) {
  const written = [];
  m.files.forEach((f, i) => {
    const target = resolveInside(ctx.paths.knowledge, f.path);
    let data = null;
    try {
      if (/^\d{4,}\.data$/.test(f.data)) data = readFileSync(join(ctx.paths.txnDir, f.data));
    } catch {
    }
    if (target === null || data === null || sha256(data) !== f.sha256) {
      throw new StateError(`the interrupted update in ${ctx.paths.txnDir} is damaged (${f.path})`, {
        file: join(ctx.paths.txnDir, MANIFEST),
        hint: "nothing was applied from it; inspect the directory, then delete it to discard that update"
      });
    }
    if (writeFileAtomic(target, data)) written.push(f.path);
    crashPoint(`${stage}-${i}`);
  });
  return written;
}
function commitTransaction(ctx, writes) {
  if (!writes.length) return [];
  rmSync(ctx.paths.txnDir, { recursive: true, force: true });
  const manifest = { format: FORMAT, files: [] };
  writes.forEach((w, i) => {
    const name = `${String(i).padStart(4, "0")}.data`;
    const bytes = typeof w.data === "string" ? Buffer.from(w.data, "utf8") : w.data;
    writeFileAtomic(join(ctx.paths.txnDir, name), bytes);
    manifest.files.push({ path: knowledgeRel(ctx, w.path), data: name, sha256: sha256(bytes) });
    crashPoint(`journal-${i}`);
  });
  writeFileAtomic(join(ctx.paths.txnDir, MANIFEST), JSON.stringify(manifest, null, 2) + "\n");
  crashPoint("journal-complete");
  const written = rollForward(ctx, manifest, "apply");
  crashPoint("applied");
  return written;
}
function finishTransaction(ctx) {
  if (existsSync(ctx.paths.txnDir)) clearJournal(ctx);
}
function hasPendingTransaction(ctx) {
  return existsSync(ctx.paths.txnDir);
}
function recoverPendingTransaction(ctx, recompile) {
  const p = ctx.paths;
  for (const dir of [p.knowledge, p.graphDir, p.cacheDir, p.qmdCacheDir, p.tasks, p.sessions, p.loadouts, p.reviews, p.orchestratorDir, p.localNodes]) removeStaleTemps(dir);
  if (!existsSync(ctx.paths.txnDir)) return { rolledForward: [], discarded: false };
  let text = null;
  try {
    text = readFileSync(join(ctx.paths.txnDir, MANIFEST), "utf8");
  } catch (e) {
    if (e.code !== "ENOENT") throw e;
  }
  if (text === null) {
    rmSync(ctx.paths.txnDir, { recursive: true, force: true });
    return { rolledForward: [], discarded: true };
  }
  let m;
  try {
    m = JSON.parse(text);
    if (m.format !== FORMAT || !Array.isArray(m.files)) throw new Error("unknown format");
  } catch {
    throw new StateError(`the interrupted update in ${ctx.paths.txnDir} cannot be read`, {
      file: join(ctx.paths.txnDir, MANIFEST),
      hint: "inspect the directory, then delete it to discard that update"
    });
  }
  for (const f of m.files) {
    const target = resolveInside(ctx.paths.knowledge, f.path);
    if (target) removeStaleTemps(dirname(target));
  }
  const rolledForward = rollForward(ctx, m, "recover");
  recompile();
  clearJournal(ctx);
  return { rolledForward, discarded: false, recompiled: true };
}

export {
  crashPoint,
  commitTransaction,
  finishTransaction,
  hasPendingTransaction,
  recoverPendingTransaction
};
