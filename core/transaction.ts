// Crash safety for multi-file writes under knowledge/: the final bytes of every file are first
// written to a journal (knowledge/graph/.txn/: one data file per target, then manifest.json, each
// written atomically, the manifest last), then applied file by file; the journal is removed only
// once graph.json has been recompiled from them (finishTransaction). Whoever takes the lock next
// calls recoverPendingTransaction(): a complete journal (manifest present) is rolled forward and
// graph.json recompiled, an incomplete one discarded — so a process killed at any point leaves
// either the old state or, after the next command, the new one, graph.json included; never a mix.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import type { Context } from "./context.js";
import { StateError } from "./errors.js";
import { removeFile, removeStaleTemps, sha256, writeFileAtomic } from "./fsx.js";
import { resolveInside } from "./paths.js";
import { pause } from "./lock.js";

const FORMAT = "akms-txn-1";
const MANIFEST = "manifest.json";

export interface TxnWrite {
  /** Absolute path inside <repo>/knowledge/. */
  path: string;
  data: string | Buffer;
}

interface Manifest {
  format: string;
  files: { path: string; data: string; sha256: string }[];
  /**
   * "reader": the recovery does not recompile — graph.json is stale and the next reader compiles it,
   * with the vault it is given. For `akms migrate`, whose writes compile only against the migrated
   * vault: a command given the old v1 vault could never finish the recovery otherwise.
   */
  rebuild?: "reader";
}

let pointsReached = 0;

/**
 * Test hook (honoured only with AKMS_TEST=1): AKMS_CRASH_AT=<name or n> kills this process with
 * SIGKILL at that named point or at the n-th point reached; AKMS_STALL_AT=<name> sleeps there
 * for AKMS_STALL_MS milliseconds (default 10 s) while holding whatever it holds.
 */
export function crashPoint(name: string, env: NodeJS.ProcessEnv = process.env): void {
  if (env.AKMS_TEST !== "1") return;
  pointsReached++;
  const at = env.AKMS_CRASH_AT;
  if (at && (at === name || at === String(pointsReached))) process.kill(process.pid, "SIGKILL");
  if (env.AKMS_STALL_AT === name) {
    const ms = Number(env.AKMS_STALL_MS ?? 10_000);
    pause(ms);
  }
}

function knowledgeRel(ctx: Context, abs: string): string {
  const rel = relative(ctx.paths.knowledge, abs);
  if (!rel || rel.startsWith("..") || resolveInside(ctx.paths.knowledge, rel) === null) {
    throw new StateError(`refusing to write outside knowledge/: ${abs}`, { hint: "this is a bug in akms; please report it" });
  }
  return rel.split(sep).join("/");
}

function clearJournal(ctx: Context): void {
  removeFile(join(ctx.paths.txnDir, MANIFEST));
  crashPoint("journal-cleared");
  rmSync(ctx.paths.txnDir, { recursive: true, force: true });
}

function rollForward(ctx: Context, m: Manifest, stage: string): string[] {
  const written: string[] = [];
  m.files.forEach((f, i) => {
    const target = resolveInside(ctx.paths.knowledge, f.path);
    let data: Buffer | null = null;
    try {
      if (/^\d{4,}\.data$/.test(f.data)) data = readFileSync(join(ctx.paths.txnDir, f.data));
    } catch {
      /* reported below */
    }
    if (target === null || data === null || sha256(data) !== f.sha256) {
      throw new StateError(`the interrupted update in ${ctx.paths.txnDir} is damaged (${f.path})`, {
        file: join(ctx.paths.txnDir, MANIFEST),
        hint: "nothing was applied from it; inspect the directory, then delete it to discard that update",
      });
    }
    if (writeFileAtomic(target, data)) written.push(f.path);
    crashPoint(`${stage}-${i}`);
  });
  return written;
}

/**
 * Journals and applies the writes; the caller holds the lock, recompiles, then calls
 * finishTransaction. Returns the files changed.
 */
export function commitTransaction(ctx: Context, writes: readonly TxnWrite[], opts: { rebuild?: "reader" } = {}): string[] {
  if (!writes.length) return [];
  rmSync(ctx.paths.txnDir, { recursive: true, force: true });
  const manifest: Manifest = { format: FORMAT, files: [], ...(opts.rebuild ? { rebuild: opts.rebuild } : {}) };
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

/** The writes of the last commitTransaction are in graph.json now: the journal goes. */
export function finishTransaction(ctx: Context): void {
  if (existsSync(ctx.paths.txnDir)) clearJournal(ctx);
}

export interface Recovery {
  /** Files rolled forward from a complete journal (knowledge-relative). */
  rolledForward: string[];
  /** An incomplete journal was found and discarded. */
  discarded: boolean;
  /** A complete journal was rolled forward and graph.json recompiled from it. */
  recompiled?: boolean;
}

/** True when an interrupted update left a journal (complete or not). */
export function hasPendingTransaction(ctx: Context): boolean {
  return existsSync(ctx.paths.txnDir);
}

/**
 * Completes or discards an interrupted write. Every writer of knowledge/ calls this right after
 * taking the repository lock, before reading any state; `recompile` brings graph.json up to date
 * with a rolled-forward journal before the journal is removed (a kill during it: the next command
 * does it again).
 */
export function recoverPendingTransaction(ctx: Context, recompile: () => unknown): Recovery {
  // Temp files of atomic writes killed before their rename, wherever writers write directly.
  const p = ctx.paths;
  for (const dir of [p.knowledge, p.graphDir, p.cacheDir, p.qmdCacheDir, p.tasks, p.sessions, p.loadouts, p.reviews, p.orchestratorDir, p.localNodes]) removeStaleTemps(dir);
  if (!existsSync(ctx.paths.txnDir)) return { rolledForward: [], discarded: false };
  let text: string | null = null;
  try {
    text = readFileSync(join(ctx.paths.txnDir, MANIFEST), "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  if (text === null) {
    rmSync(ctx.paths.txnDir, { recursive: true, force: true });
    return { rolledForward: [], discarded: true };
  }
  let m: Manifest;
  try {
    m = JSON.parse(text) as Manifest;
    if (m.format !== FORMAT || !Array.isArray(m.files)) throw new Error("unknown format");
  } catch {
    throw new StateError(`the interrupted update in ${ctx.paths.txnDir} cannot be read`, {
      file: join(ctx.paths.txnDir, MANIFEST),
      hint: "inspect the directory, then delete it to discard that update",
    });
  }
  for (const f of m.files) {
    const target = resolveInside(ctx.paths.knowledge, f.path);
    if (target) removeStaleTemps(dirname(target));
  }
  const rolledForward = rollForward(ctx, m, "recover");
  if (m.rebuild !== "reader") recompile();
  clearJournal(ctx);
  return { rolledForward, discarded: false, recompiled: m.rebuild !== "reader" };
}
