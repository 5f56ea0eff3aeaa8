// The real `qmd` CLI (npm package @tobilu/qmd), used only for BM25 full-text search.
//
// Rules kept here:
// - only `qmd search` (BM25, no model) plus `collection add/show/list/remove`, `update` and
//   `--version` are ever run; never `query`, `vsearch` or `embed` (they download models);
// - always an argv array (execFileSync/spawnSync, never a shell string), always with a timeout;
// - all of qmd's state (index sqlite, collection config, anything it might put in $HOME) lives
//   under the caller's stateDir: HOME, XDG_CACHE_HOME, XDG_CONFIG_HOME, QMD_CONFIG_DIR … point
//   there, the working directory is there, and `--index akms` names the index explicitly so a
//   project-local `.qmd/index.yml` (qmd 2.x looks for one from the cwd upwards) is never used;
// - several searches over the same collections (qmdSearchMany: a phase's tag queries) bring the
//   index up to date once, then run concurrently, at most searchJobs() at once, through the small
//   runner of core/qmd-runner.ts — each still with its own process group and timeout;
// - indexing runs only when a collection's files changed (a fingerprint of path/size/mtime per
//   collection is kept in `<stateDir>/akms-qmd-state.json`); qmd itself also skips unchanged files
//   by content hash, but every `qmd update` reads and hashes every file.
import { spawn, spawnSync, type SpawnSyncOptionsWithStringEncoding, type SpawnSyncReturns } from "node:child_process";
import { createHash } from "node:crypto";
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from "node:fs";
import { availableParallelism, cpus } from "node:os";
import { basename, delimiter, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { AkmsError } from "./errors.js";
import { realpathOrNull, scratchDir } from "./fsx.js";
import { runConcurrently } from "./qmd-runner.js";
import { oneLine } from "./control-chars.js";

export interface QmdStatus {
  available: boolean;
  bin: string | null;
  version: string | null;
  /** Why it is unavailable ("not installed", "installed but failing: …"); "ok" when available. */
  reason: string;
}

export interface QmdHit {
  /** Absolute path of the matched .md file (one of the caller's `files`, as given). */
  file: string;
  /** 1-based line where the passage starts. */
  line: number;
  /** The passage (a few lines around the best-matching line, at most ~300 characters). */
  text: string;
}

export interface QmdSearchOptions {
  /** Directory for all of qmd's state; created if missing. */
  stateDir: string;
  /** Directories to index; `name` must be a plain identifier (letters, digits, `_`, `-`). */
  collections: { name: string; dir: string }[];
  query: string;
  /** Absolute paths: only hits in these files are returned. */
  files: string[];
  /** Most hits returned (the best-scoring ones, then sorted by file and line). Default: all. */
  limit?: number;
  /** Keep the hits best first (`akms search`) instead of sorting them by file and line. */
  bestFirst?: boolean;
  /** Told before qmd indexes: "built" when it has no index of these files yet, "refreshed" when files changed since. */
  onIndex?: (kind: QmdIndexing) => void;
}

export type QmdIndexing = "built" | "refreshed";

/** What a caller says while qmd indexes (it can take a while the first time). */
export function qmdIndexMessage(kind: QmdIndexing): string {
  return kind === "built"
    ? "qmd: building its index of the knowledge (first use here; later loadouts reuse it) …"
    : "qmd: refreshing its index (knowledge files changed since it was built) …";
}

export class QmdError extends AkmsError {
  declare readonly code: "QMD_FAILED";
  declare readonly hint: string;
  constructor(message: string, hint: string) {
    super("QMD_FAILED", message, { hint });
  }
}

/** The name of the index inside the state directory (`<stateDir>/cache/qmd/akms.sqlite`). */
const INDEX_NAME = "akms";
const MASK = "**/*.md";
const STATE_FILE = "akms-qmd-state.json";
const STATE_FORMAT = "akms-qmd-state-1";
const PROBE_TIMEOUT_MS = 10_000;
const SHOW_TIMEOUT_MS = 15_000;
const INDEX_TIMEOUT_MS = 180_000;
const SEARCH_TIMEOUT_MS = 60_000;
const MAX_BUFFER = 256 * 1024 * 1024;
/** Directories qmd never indexes (its own exclude list) and that the fingerprint skips too. */
const SKIP_DIRS = new Set(["node_modules", ".git", ".cache", "vendor", "dist", "build"]);
const COLLECTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

// ---------------------------------------------------------------------------------------------
// Finding and probing the binary

function isExecutableFile(p: string): boolean {
  try {
    if (!statSync(p).isFile()) return false;
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

let packageRootMemo: string | null | undefined;

/** The akms package root: the nearest directory above this module whose package.json names "akms". */
function akmsPackageRoot(): string | null {
  if (packageRootMemo !== undefined) return packageRootMemo;
  packageRootMemo = null;
  let dir: string;
  try {
    dir = dirname(fileURLToPath(import.meta.url));
  } catch {
    return null;
  }
  for (;;) {
    const pj = join(dir, "package.json");
    try {
      const name = (JSON.parse(readFileSync(pj, "utf8")) as { name?: unknown }).name;
      if (name === "akms") {
        packageRootMemo = dir;
        break;
      }
    } catch {
      /* no or unreadable package.json here: keep going up */
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return packageRootMemo;
}

/**
 * `$AKMS_QMD_BIN` when set (null if that file does not exist: an explicit choice is not
 * second-guessed), else `<akms package root>/node_modules/.bin/qmd`, else `qmd` on `$PATH`.
 */
/** What a person runs to get the search tool when it is missing (said beside "degraded mode"). */
export const QMD_INSTALL_HINT = "qmd is an optional part of akms: `npm i -g @tobilu/qmd` installs it (it builds a native SQLite module), and search and loadouts then use its BM25";

export function findQmd(env: NodeJS.ProcessEnv = process.env): string | null {
  const explicit = env.AKMS_QMD_BIN;
  if (explicit !== undefined && explicit.trim() !== "") {
    const p = resolve(explicit);
    return isExecutableFile(p) ? p : null;
  }
  const root = akmsPackageRoot();
  if (root) {
    const local = join(root, "node_modules", ".bin", "qmd");
    if (isExecutableFile(local)) return local;
  }
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (!dir || !isAbsolute(dir)) continue;
    const p = join(dir, "qmd");
    if (isExecutableFile(p)) return p;
  }
  return null;
}

/** Environment for every qmd run: its whole state under `stateDir`, no colours, no inherited Node flags. */
function qmdEnv(stateDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) {
    if (k === "NODE_OPTIONS" || k === "NODE_TEST_CONTEXT" || k === "INDEX_PATH" || k.startsWith("QMD_")) delete env[k];
  }
  const home = join(stateDir, "home");
  Object.assign(env, {
    HOME: home,
    USERPROFILE: home,
    XDG_CACHE_HOME: join(stateDir, "cache"),
    XDG_CONFIG_HOME: join(stateDir, "config"),
    XDG_DATA_HOME: join(stateDir, "data"),
    XDG_STATE_HOME: join(stateDir, "state"),
    QMD_CONFIG_DIR: join(stateDir, "config", "qmd"),
    PWD: stateDir,
    NO_COLOR: "1",
    // belt and braces: node-llama-cpp must never try to fetch or build anything
    NODE_LLAMA_CPP_SKIP_DOWNLOAD: "true",
  });
  return env;
}

function ensureStateDirs(stateDir: string): void {
  for (const d of ["home", "cache", "config", "data", "state"]) mkdirSync(join(stateDir, d), { recursive: true });
}

function firstLine(s: string): string {
  return s.split(/\r?\n/).map((l) => l.trim()).find((l) => l.length > 0) ?? "";
}

/** What went wrong in one run, or null when it exited 0. */
function runFailure(r: SpawnSyncReturns<string>, timeoutMs: number): string | null {
  const err = r.error as NodeJS.ErrnoException | undefined;
  if (err) {
    if (err.code === "ETIMEDOUT") return `timed out after ${Math.round(timeoutMs / 1000)} s`;
    return err.code === "ENOENT" ? "not found" : err.message;
  }
  const detail = firstLine(r.stderr ?? "") || firstLine(r.stdout ?? "");
  if (r.signal) return `killed by ${r.signal}${detail ? `: ${detail}` : ""}`;
  if (r.status !== 0) return `exit code ${r.status}${detail ? `: ${detail}` : ""}`;
  return null;
}

/** One qmd process, bounded by `timeoutMs`; exported for tests. */
export function run(bin: string, args: string[], stateDir: string, timeoutMs: number): SpawnSyncReturns<string> {
  // `detached` works for spawnSync (it shares spawn's option handling) but is missing from its type.
  const options: SpawnSyncOptionsWithStringEncoding & { detached: boolean } = {
    cwd: stateDir,
    env: qmdEnv(stateDir),
    encoding: "utf8",
    timeout: timeoutMs,
    killSignal: "SIGKILL",
    maxBuffer: MAX_BUFFER,
    stdio: ["ignore", "pipe", "pipe"],
    windowsHide: true,
    // qmd's launcher is a node script that runs the real CLI as a second node process; the timeout
    // kills only the launcher, so qmd runs in its own process group and the whole group goes.
    detached: process.platform !== "win32",
  };
  const [cmd, pre] = qmdLaunch(bin);
  const r = spawnSync(cmd, [...pre, ...args], options);
  if (r.pid && (r.error || r.signal) && process.platform !== "win32") killGroup(r.pid);
  return r;
}

/**
 * `run` without blocking the caller's thread (the console, whose keys must not wait for qmd): the
 * same process, state, process group and timeout; the outcome in run's shape, a timeout as its
 * ETIMEDOUT error. Exported for tests.
 */
export function runAsync(bin: string, args: string[], stateDir: string, timeoutMs: number, signal?: AbortSignal): Promise<SpawnSyncReturns<string>> {
  const [cmd, pre] = qmdLaunch(bin);
  return new Promise((done) => {
    const child = spawn(cmd, [...pre, ...args], { cwd: stateDir, env: qmdEnv(stateDir), stdio: ["ignore", "pipe", "pipe"], windowsHide: true, detached: process.platform !== "win32" });
    const out = { stdout: "", stderr: "" };
    let error: NodeJS.ErrnoException | undefined;
    const stop = (code: string) => {
      error ??= Object.assign(new Error(`spawn ${cmd} ${code}`), { code });
      if (child.pid) process.platform === "win32" ? child.kill("SIGKILL") : killGroup(child.pid);
    };
    const timer = setTimeout(() => stop("ETIMEDOUT"), timeoutMs);
    // The caller is going away (the console closing): the run and everything it started end now.
    const onAbort = () => stop("ABORT_ERR");
    if (signal?.aborted) onAbort();
    else signal?.addEventListener("abort", onAbort, { once: true });
    const keep = (key: "stdout" | "stderr") => (d: string) => {
      if (out[key].length < MAX_BUFFER) out[key] += d;
    };
    child.stdout.setEncoding("utf8").on("data", keep("stdout"));
    child.stderr.setEncoding("utf8").on("data", keep("stderr"));
    child.on("error", (e) => (error ??= e));
    child.on("close", (status, killedBy) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      if (child.pid && (error || killedBy) && process.platform !== "win32") killGroup(child.pid);
      done({ pid: child.pid ?? 0, output: [null, out.stdout, out.stderr], stdout: out.stdout, stderr: out.stderr, status: error ? null : status, signal: error ? null : killedBy, error });
    });
  });
}

const launches = new Map<string, [string, string[]]>();

/**
 * How to start `bin`. qmd's launcher (`bin/qmd`) is a node script whose only job, for an npm
 * install, is to start `node dist/cli/qmd.js` as a second process with the same arguments; that
 * second node start costs ≈ 150 ms on every search. So for an npm-installed @tobilu/qmd that the
 * launcher would run with node — the same node as ours — the CLI is started directly. Anything
 * else (another package, a source checkout, a bun install, a different node first on PATH) goes
 * through the binary as given. Exported for tests.
 */
export function qmdLaunch(bin: string): [string, string[]] {
  let hit = launches.get(bin);
  if (!hit) {
    let entry: string | null = null;
    try {
      entry = directEntry(bin);
    } catch {
      entry = null;
    }
    hit = entry ? [process.execPath, [entry]] : [bin, []];
    launches.set(bin, hit);
  }
  return hit;
}

function directEntry(bin: string): string | null {
  if (process.platform === "win32" || process.platform === "darwin" || typeof process.versions.bun === "string") return null;
  const real = realpathSync(bin);
  if (basename(dirname(real)) !== "bin") return null;
  const pkgDir = dirname(dirname(real));
  const pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")) as { name?: unknown };
  const entry = join(pkgDir, "dist", "cli", "qmd.js");
  if (pkg.name !== "@tobilu/qmd" || !existsSync(entry)) return null;
  // The launcher's own choice of runtime (its lockfile rules), for an installed package only.
  const parts = pkgDir.split(sep);
  const at = parts.lastIndexOf("node_modules");
  if (at < 0) return null;
  const root = parts.slice(0, at).join(sep);
  const has = (dir: string, ...names: string[]) => names.some((n) => existsSync(join(dir, n)));
  const bun = !has(pkgDir, "package-lock.json") && (has(pkgDir, "bun.lock", "bun.lockb") || (!has(root, "package-lock.json") && has(root, "bun.lock", "bun.lockb")));
  if (bun) return null;
  // The launcher runs under the `node` first on PATH; start the CLI directly only when that is ours.
  const ours = realpathSync(process.execPath);
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, "node");
    if (!existsSync(candidate)) continue;
    return realpathSync(candidate) === ours ? entry : null;
  }
  return null;
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    /* the group is already gone */
  }
}

const probeCache = new Map<string, QmdStatus>();

/**
 * Runs the binary (`--version`, then `collection list` on an empty throw-away index so the sqlite
 * layer is loaded too): anything but a clean exit — non-zero status, a crash such as SIGSEGV, a timeout —
 * makes it unavailable, like a missing one. Cached per binary for the life of the process.
 */
export function probeQmd(env: NodeJS.ProcessEnv = process.env): QmdStatus {
  const bin = knownProbe(env);
  if (typeof bin !== "string") return bin;
  const scratch = probeScratch();
  try {
    const job = probeSteps(bin);
    let r = job.next();
    while (!r.done) r = job.next(run(bin, r.value, scratch, PROBE_TIMEOUT_MS));
    return probed(bin, r.value);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * probeQmd with its two runs off the caller's thread (runAsync); the same answer, the same cache.
 * Aborted by `signal`, it kills the run under way and rejects (nothing is cached).
 */
export async function probeQmdAsync(env: NodeJS.ProcessEnv = process.env, signal?: AbortSignal): Promise<QmdStatus> {
  const bin = knownProbe(env);
  if (typeof bin !== "string") return bin;
  const scratch = probeScratch();
  // A process that exits while the probe runs (a console quit in its first second, a server
  // closed) never reaches the finally: its scratch folder goes with the process's exit instead.
  const remove = () => rmSync(scratch, { recursive: true, force: true });
  process.once("exit", remove);
  try {
    const job = probeSteps(bin);
    let r = job.next();
    while (!r.done) {
      const outcome = await runAsync(bin, r.value, scratch, PROBE_TIMEOUT_MS, signal);
      signal?.throwIfAborted();
      r = job.next(outcome);
    }
    return probed(bin, r.value);
  } finally {
    process.off("exit", remove);
    remove();
  }
}

/** The status when no run is needed (no binary, or probed earlier in this process), else the binary to probe. */
function knownProbe(env: NodeJS.ProcessEnv): QmdStatus | string {
  const bin = findQmd(env);
  if (!bin) return { available: false, bin: null, version: null, reason: "not installed" };
  const hit = probeCache.get(bin);
  return hit ? { ...hit } : bin;
}

/** A probe's answer, kept for the life of the process. */
function probed(bin: string, status: QmdStatus): QmdStatus {
  probeCache.set(bin, status);
  return { ...status };
}

function probeScratch(): string {
  const scratch = scratchDir("akms-qmd-probe-");
  try {
    ensureStateDirs(scratch);
  } catch (e) {
    rmSync(scratch, { recursive: true, force: true });
    throw e;
  }
  return scratch;
}

/**
 * Why a qmd that answers `--version` dies opening its index, when the cause is known: qmd 2 needs
 * Node 22 (its better-sqlite3 13 crashes on Node 20 as it loads — what `npm i -g @tobilu/qmd`
 * gives there); README, "Search", says how to install it on Node 20.
 */
export function nodeTooOld(qmdVersion: string, signal: NodeJS.Signals | null, nodeVersion = process.versions.node): string {
  const major = (v: string) => Number(/^(\d+)\./.exec(v)?.[1] ?? NaN);
  if (signal === null || !(major(qmdVersion) >= 2) || !(major(nodeVersion) < 22)) return "";
  return ` — qmd ${qmdVersion} needs Node 22 or newer; this is Node ${nodeVersion}: README, "Search", says how to install qmd for Node 20`;
}

/** The probe's judgement: yields the arguments of each run, is handed its outcome, returns the status. */
function* probeSteps(bin: string): Generator<string[], QmdStatus, SpawnSyncReturns<string>> {
  const v = yield ["--version"];
  const vFail = runFailure(v, PROBE_TIMEOUT_MS);
  if (vFail) return { available: false, bin, version: null, reason: `installed but failing: ${vFail}` };
  const m = /(\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?)/.exec(v.stdout ?? "");
  if (!m) {
    const said = firstLine(v.stdout ?? "") || "(nothing)";
    return { available: false, bin, version: null, reason: `installed but failing: \`--version\` printed ${JSON.stringify(said.slice(0, 80))}` };
  }
  const version = m[1]!;
  // opens (creates) an index, so the native sqlite module is loaded; lighter than `status`,
  // which in qmd 1.x also loads the LLM runtime
  const s = yield ["collection", "list", "--index", INDEX_NAME];
  const sFail = runFailure(s, PROBE_TIMEOUT_MS);
  if (sFail) return { available: false, bin, version, reason: `installed but failing: ${sFail}${nodeTooOld(version, s.signal)}` };
  return { available: true, bin, version, reason: "ok" };
}

// ---------------------------------------------------------------------------------------------
// Search

interface CollectionState {
  dir: string;
  fingerprint: string;
}

interface StateDoc {
  format: string;
  bin: string;
  collections: Record<string, CollectionState>;
}

function realOr(p: string): string {
  return realpathOrNull(p) ?? p;
}

/** Whether qmd has an index in `stateDir` (its database and its collection config). */
export function hasQmdIndex(stateDir: string): boolean {
  return existsSync(join(stateDir, "cache", "qmd", `${INDEX_NAME}.sqlite`)) && existsSync(join(stateDir, "config", "qmd", `${INDEX_NAME}.yml`));
}

function loadState(stateDir: string, bin: string): StateDoc {
  const fresh: StateDoc = { format: STATE_FORMAT, bin, collections: {} };
  // If qmd's own files are gone (cache deleted by hand), nothing recorded about them holds.
  if (!hasQmdIndex(stateDir)) return fresh;
  try {
    const doc = JSON.parse(readFileSync(join(stateDir, STATE_FILE), "utf8")) as StateDoc;
    if (doc.format !== STATE_FORMAT || doc.bin !== bin || typeof doc.collections !== "object" || doc.collections === null) return fresh;
    return doc;
  } catch {
    return fresh;
  }
}

function saveState(stateDir: string, doc: StateDoc): void {
  const target = join(stateDir, STATE_FILE);
  const tmp = `${target}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(doc, null, 2) + "\n");
  renameSync(tmp, target);
}

/** A Markdown file qmd indexes: its path, its path within the collection's directory, its stat. */
export interface IndexedFile {
  file: string;
  rel: string;
  st: Stats;
}

/**
 * The Markdown files qmd indexes in `dir` (`**\/*.md`: no hidden path part, none of its excluded
 * directories; a link counts as what it leads to). The one walk of a collection: the fingerprint
 * of qmd's index and the files a loadout's search may return both come from it.
 */
export function indexedMarkdown(dir: string): IndexedFile[] {
  const out: IndexedFile[] = [];
  const walk = (abs: string, rel: string): void => {
    let names: string[];
    try {
      names = readdirSync(abs);
    } catch {
      return;
    }
    for (const name of names) {
      if (name.startsWith(".")) continue;
      const file = join(abs, name);
      const childRel = rel ? `${rel}/${name}` : name;
      let st: Stats;
      try {
        st = statSync(file);
      } catch {
        continue;
      }
      if (st.isDirectory()) {
        if (!SKIP_DIRS.has(name)) walk(file, childRel);
      } else if (st.isFile() && name.endsWith(".md")) out.push({ file, rel: childRel, st });
    }
  };
  walk(dir, "");
  return out;
}

/** What qmd would index in `dir`, as a hash of each file's path and stat. */
function fingerprint(dir: string): string {
  const entries = indexedMarkdown(dir).map(({ rel, st }) => `${rel}\0${st.size}\0${st.mtimeMs}\0${st.ctimeMs}\0${st.ino}`);
  entries.sort();
  return createHash("sha256").update(entries.join("\n")).digest("hex");
}

function fail(step: string, args: string[], why: string, stateDir: string): never {
  throw new QmdError(
    `qmd ${step} failed (qmd ${args.map((a) => (/^[\w./:@=-]+$/.test(a) ? a : JSON.stringify(a))).join(" ")}): ${why}`,
    `check the install with \`npx qmd --version\` (reinstall with \`npm ci\`), or delete ${stateDir} to rebuild qmd's index; --no-qmd runs without it`,
  );
}

function runOrThrow(bin: string, step: string, args: string[], stateDir: string, timeoutMs: number): string {
  const r = run(bin, args, stateDir, timeoutMs);
  const why = runFailure(r, timeoutMs);
  if (why) fail(step, args, why, stateDir);
  return r.stdout ?? "";
}

/**
 * Makes sure collection `name` is registered for `dir`; returns true when it was (re)added, which
 * also indexes it. Names that had to be removed (an old registration of the same directory under
 * another name) are added to `removed`.
 */
function ensureCollection(bin: string, stateDir: string, name: string, dir: string, removed: Set<string>): boolean {
  const show = run(bin, ["collection", "show", name, "--index", INDEX_NAME], stateDir, SHOW_TIMEOUT_MS);
  if (show.error || show.signal) fail("collection show", ["collection", "show", name], runFailure(show, SHOW_TIMEOUT_MS) ?? "failed", stateDir);
  if (show.status === 0) {
    const m = /^\s*Path:\s*(.+?)\s*$/m.exec(show.stdout ?? "");
    if (m && realOr(m[1]) === realOr(dir)) return false;
    // registered for another directory (the repository moved): start that collection afresh
    runOrThrow(bin, "collection remove", ["collection", "remove", name, "--index", INDEX_NAME], stateDir, INDEX_TIMEOUT_MS);
  }
  const add = ["collection", "add", dir, "--name", name, "--mask", MASK, "--index", INDEX_NAME];
  const r = run(bin, add, stateDir, INDEX_TIMEOUT_MS);
  const why = runFailure(r, INDEX_TIMEOUT_MS);
  if (!why) return true;
  // qmd refuses a second collection for the same directory and mask: drop the old name, once
  const other = /already exists for this path[\s\S]*?Name:\s*(\S+)/.exec(`${r.stderr ?? ""}\n${r.stdout ?? ""}`)?.[1];
  if (!other || other === name || r.signal || r.error) fail("collection add", add, why, stateDir);
  runOrThrow(bin, "collection remove", ["collection", "remove", other, "--index", INDEX_NAME], stateDir, INDEX_TIMEOUT_MS);
  removed.add(other);
  runOrThrow(bin, "collection add", add, stateDir, INDEX_TIMEOUT_MS);
  return true;
}

interface RawHit {
  file?: unknown;
  line?: unknown;
  snippet?: unknown;
  score?: unknown;
}

function parseJsonArray(stdout: string): RawHit[] | null {
  const text = stdout.trim();
  const tryParse = (s: string): RawHit[] | null => {
    try {
      const v = JSON.parse(s) as unknown;
      return Array.isArray(v) ? (v as RawHit[]) : null;
    } catch {
      return null;
    }
  };
  const direct = tryParse(text);
  if (direct) return direct;
  // tolerate stray lines before the JSON (warnings printed to stdout)
  const at = text.search(/^\[/m);
  return at > 0 ? tryParse(text.slice(at)) : null;
}

/** qmd 1.x showed paths "handelized": lower-cased, `___` → `/`, runs of other characters → `-`. */
function handelize(rel: string): string {
  return rel
    .replace(/___/g, "/")
    .toLowerCase()
    .split("/")
    .map((seg, i, all) => {
      if (i === all.length - 1) {
        const ext = /(\.[a-z0-9]+)$/i.exec(seg)?.[1] ?? "";
        const base = ext ? seg.slice(0, -ext.length) : seg;
        return base.replace(/[^\p{L}\p{N}$]+/gu, "-").replace(/^-+|-+$/g, "") + ext;
      }
      return seg.replace(/[^\p{L}\p{N}$]+/gu, "-").replace(/^-+|-+$/g, "");
    })
    .filter(Boolean)
    .join("/");
}

/** The passage start and text from qmd's snippet (`@@ -start,count @@ (…)` header, then the lines). */
function passageOf(snippet: string, fallbackLine: number): { line: number; text: string } {
  const lines = snippet.split("\n");
  let line = fallbackLine;
  const head = /^@@ -(\d+),\d+ @@/.exec(lines[0] ?? "");
  if (head) {
    line = Number(head[1]);
    lines.shift();
  }
  // start at the first non-blank line, drop trailing blank lines
  while (lines.length > 1 && lines[0].trim() === "") {
    lines.shift();
    line++;
  }
  while (lines.length > 1 && lines[lines.length - 1].trim() === "") lines.pop();
  return { line: Math.max(1, line), text: lines.map((l) => l.replace(/\s+$/, "")).join("\n") };
}

/** How many qmd searches run at once: the cores there are, at least 2. */
export function searchJobs(): number {
  const cores = typeof availableParallelism === "function" ? availableParallelism() : cpus().length;
  return Math.max(2, cores);
}

/**
 * BM25 search (`qmd search`) over `collections`, restricted to `files`; hits sorted by (file, line),
 * without duplicates. Registers missing collections and re-indexes only when a collection's files
 * changed. Throws QmdError when qmd fails.
 */
export function qmdSearch(bin: string, opts: QmdSearchOptions): QmdHit[] {
  const [one] = qmdSearchMany(bin, { ...opts, queries: [opts.query] });
  if (one instanceof Error) throw one;
  return one!;
}

export interface QmdSearchManyOptions extends Omit<QmdSearchOptions, "query"> {
  queries: string[];
  /** Searches run at once (default: searchJobs()). */
  jobs?: number;
}

/**
 * Several searches over the same collections and files, as qmdSearch would give them one by one:
 * the index is brought up to date once, then the searches run concurrently. A failing search
 * gives its QmdError in its slot; a failing registration or update throws.
 */
export function qmdSearchMany(bin: string, opts: QmdSearchManyOptions): (QmdHit[] | QmdError)[] {
  const stateDir = resolve(opts.stateDir);
  const queries = opts.queries.map((q) => oneLine(q));
  const out: (QmdHit[] | QmdError)[] = queries.map(() => []);
  if (opts.files.length === 0 || opts.collections.length === 0) return out;
  if (opts.limit !== undefined && !(opts.limit > 0)) return out;
  const todo = queries.map((_, i) => i).filter((i) => queries[i]);
  if (!todo.length) return out;

  // The caller's files by absolute path; by real path only when a reported path is not one of them.
  const direct = new Map<string, string>();
  for (const f of opts.files) {
    const abs = resolve(f);
    direct.set(abs, abs);
  }
  let real: Map<string, string> | null = null;
  const wantedGet = (p: string): string | undefined => {
    const hit = direct.get(p);
    if (hit !== undefined) return hit;
    if (!real) {
      real = new Map();
      for (const abs of direct.keys()) {
        const r = realOr(abs);
        if (!direct.has(r)) real.set(r, abs);
      }
    }
    return real.get(p) ?? real.get(realOr(p)) ?? direct.get(realOr(p));
  };

  // Collections to search; one per directory (qmd allows only one per directory and mask, and the
  // hits are mapped back to files, so a second name for the same directory adds nothing).
  const collections: { name: string; dir: string }[] = [];
  const seenNames = new Set<string>();
  const seenDirs = new Set<string>();
  for (const c of opts.collections) {
    if (!COLLECTION_NAME.test(c.name)) {
      throw new QmdError(`invalid qmd collection name ${JSON.stringify(c.name)}`, "use letters, digits, `_` and `-` only");
    }
    if (seenNames.has(c.name)) throw new QmdError(`qmd collection ${JSON.stringify(c.name)} is given twice`, "give each collection its own name");
    seenNames.add(c.name);
    const dir = resolve(c.dir);
    let isDir = false;
    try {
      isDir = statSync(dir).isDirectory();
    } catch {
      /* missing: nothing to search there */
    }
    if (isDir && !seenDirs.has(realOr(dir))) {
      seenDirs.add(realOr(dir));
      collections.push({ name: c.name, dir });
    }
  }
  if (!collections.length) return out;

  mkdirSync(stateDir, { recursive: true });
  ensureStateDirs(stateDir);
  const binKey = realOr(resolve(bin));
  const state = loadState(stateDir, binKey);

  // Register / re-index. Fingerprints are taken before indexing, so a file changed while qmd
  // runs is seen as changed next time.
  let needUpdate = false;
  const next: Record<string, CollectionState> = { ...state.collections };
  const removed = new Set<string>();
  const fps = collections.map((c) => fingerprint(c.dir));
  const isKnown = (c: { name: string; dir: string }) => state.collections[c.name]?.dir === c.dir;
  if (collections.some((c, i) => !isKnown(c) || state.collections[c.name]!.fingerprint !== fps[i])) {
    opts.onIndex?.(collections.every((c) => !isKnown(c)) ? "built" : "refreshed");
  }
  collections.forEach((c, i) => {
    if (isKnown(c)) {
      if (state.collections[c.name]!.fingerprint !== fps[i]) needUpdate = true;
    } else if (!ensureCollection(bin, stateDir, c.name, c.dir, removed)) {
      needUpdate = true; // registered earlier but not recorded by us: bring it up to date
    }
    next[c.name] = { dir: c.dir, fingerprint: fps[i]! };
  });
  for (const name of removed) delete next[name];
  if (needUpdate) runOrThrow(bin, "update", ["update", "--index", INDEX_NAME], stateDir, INDEX_TIMEOUT_MS);
  saveState(stateDir, { format: STATE_FORMAT, bin: binKey, collections: next });

  // `--` ends the options, so a query starting with "-" stays a query. `--all`: every match, so the
  // filtering to `files` misses none (the cost is about 0.5 ms per matching document). Paths come
  // back as qmd://<collection>/<path> URIs and are mapped back here (cheaper than `--full-path`,
  // which qmd 1.x lacks anyway).
  const base = ["search", "--index", INDEX_NAME, "--json", "--all"];
  for (const c of collections) base.push("-c", c.name);
  const argsList = todo.map((i) => [...base, "--", queries[i]!]);
  const jobs = Math.max(1, Math.min(opts.jobs ?? searchJobs(), argsList.length));
  let runs: SpawnSyncReturns<string>[];
  if (jobs <= 1 || process.platform === "win32") runs = argsList.map((args) => run(bin, args, stateDir, SEARCH_TIMEOUT_MS));
  else {
    const [cmd, pre] = qmdLaunch(bin);
    runs = runConcurrently({ cmd, argsList: argsList.map((a) => [...pre, ...a]), cwd: stateDir, env: qmdEnv(stateDir), timeoutMs: SEARCH_TIMEOUT_MS, jobs, maxBuffer: MAX_BUFFER });
  }
  const mapper = hitMapper(collections, stateDir, direct, wantedGet);
  todo.forEach((qi, k) => {
    const args = argsList[k]!;
    try {
      const why = runFailure(runs[k]!, SEARCH_TIMEOUT_MS);
      if (why) fail("search", args, why, stateDir);
      const stdout = runs[k]!.stdout ?? "";
      const raw = parseJsonArray(stdout);
      if (!raw) fail("search", args, `output is not a JSON array: ${JSON.stringify(firstLine(stdout).slice(0, 120))}`, stateDir);
      out[qi] = rankHits(raw, mapper, opts.limit, opts.bestFirst);
    } catch (e) {
      if (!(e instanceof QmdError)) throw e;
      out[qi] = e;
    }
  });
  return out;
}

/** Maps the paths qmd reports back to the caller's files (undefined: not one of them). */
function hitMapper(
  collections: { name: string; dir: string }[],
  stateDir: string,
  files: Map<string, string>,
  wantedGet: (p: string) => string | undefined,
): (reported: string) => string | undefined {
  const byName = new Map(collections.map((c) => [c.name, c.dir]));
  const wantedByCollection = new Map<string, Map<string, string>>(); // name → (handelized rel → file)
  const toFile = (reported: string): string | undefined => {
    if (reported.startsWith("qmd://")) {
      const rest = reported.slice("qmd://".length).replace(/[?#].*$/, "");
      const slash = rest.indexOf("/");
      if (slash <= 0) return undefined;
      const name = rest.slice(0, slash);
      const rel = rest.slice(slash + 1);
      const dir = byName.get(name);
      if (!dir) return undefined;
      const lookup = (r: string): string | undefined => wantedGet(resolve(dir, r));
      const direct = lookup(rel);
      if (direct) return direct;
      try {
        const decoded = lookup(decodeURIComponent(rel));
        if (decoded) return decoded;
      } catch {
        /* not %-encoded */
      }
      // qmd 1.x: the path is shown handelized
      let table = wantedByCollection.get(name);
      if (!table) {
        table = new Map();
        for (const f of files.values()) {
          const r = relative(dir, f);
          if (!r || r.startsWith("..") || isAbsolute(r)) continue;
          table.set(handelize(r.split(sep).join("/")), f);
        }
        wantedByCollection.set(name, table);
      }
      return table.get(rel.toLowerCase());
    }
    const abs = resolve(stateDir, reported); // "./x" when under the cwd, else absolute
    return wantedGet(abs);
  };
  return toFile;
}

function rankHits(raw: RawHit[], toFile: (reported: string) => string | undefined, limit: number | undefined, bestFirst = false): QmdHit[] {
  const ranked: { hit: QmdHit; score: number }[] = [];
  for (const r of raw) {
    if (typeof r.file !== "string") continue;
    const file = toFile(r.file);
    if (!file) continue;
    const fallbackLine = typeof r.line === "number" && r.line > 0 ? Math.floor(r.line) : 1;
    const { line, text } = passageOf(typeof r.snippet === "string" ? r.snippet : "", fallbackLine);
    ranked.push({ hit: { file, line, text }, score: typeof r.score === "number" ? r.score : 0 });
  }
  const cmp = (a: QmdHit, b: QmdHit): number =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : a.line !== b.line ? a.line - b.line : a.text < b.text ? -1 : a.text > b.text ? 1 : 0;
  // best first (ties by position) for the limit, then by (file, line)
  ranked.sort((a, b) => b.score - a.score || cmp(a.hit, b.hit));
  const seen = new Set<string>();
  const out: QmdHit[] = [];
  for (const { hit } of ranked) {
    const key = `${hit.file}\0${hit.line}\0${hit.text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(hit);
    if (limit !== undefined && out.length >= limit) break;
  }
  return bestFirst ? out : out.sort(cmp);
}
