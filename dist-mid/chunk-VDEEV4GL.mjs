import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  withLock
} from "./chunk-W24I3PEA.mjs";
import {
  splitFrontmatter
} from "./chunk-OBKM57IJ.mjs";
import {
  readTextIfExists,
  realpathOrNull,
  removeFile,
  sha256,
  writeFileAtomic
} from "./chunk-Q4IS5S6U.mjs";
import {
  AkmsError,
  LockHeldError
} from "./chunk-C3ZMY3KT.mjs";

// core/qmd.ts
import { spawnSync as spawnSync2 } from "node:child_process";
import { createHash } from "node:crypto";
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { basename, delimiter, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

// core/qmd-runner.ts
import { spawnSync } from "node:child_process";
var RUNNER = String.raw`
"use strict";
const { spawn } = require("node:child_process");
const live = new Set();
const killGroup = (pid) => { try { process.kill(-pid, "SIGKILL"); } catch {} };
process.on("SIGTERM", () => { for (const pid of live) killGroup(pid); process.exit(143); });
let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (d) => { input += d; });
process.stdin.on("end", () => {
  const job = JSON.parse(input);
  const n = job.argsList.length;
  const results = new Array(n);
  let next = 0, done = 0;
  const finish = () => process.stdout.write(JSON.stringify(results), () => process.exit(0));
  const settle = (i, r) => { results[i] = r; done++; if (done === n) finish(); else start(); };
  const start = () => {
    if (next >= n) return;
    const i = next++;
    let child;
    try {
      child = spawn(job.cmd, job.argsList[i], { cwd: job.cwd, stdio: ["ignore", "pipe", "pipe"], detached: true, windowsHide: true });
    } catch (e) {
      settle(i, { pid: 0, status: null, signal: null, stdout: "", stderr: "", error: { code: e.code, message: e.message } });
      return;
    }
    const pid = child.pid;
    if (pid) live.add(pid);
    const out = [], err = [];
    let size = 0, error = null, settled = false;
    const timer = setTimeout(() => {
      error = { code: "ETIMEDOUT", message: "spawnSync " + job.cmd + " ETIMEDOUT" };
      if (pid) killGroup(pid);
    }, job.timeoutMs);
    const take = (list) => (d) => {
      size += d.length;
      if (size > job.maxBuffer && !error) {
        error = { code: "ENOBUFS", message: "spawnSync " + job.cmd + " ENOBUFS" };
        if (pid) killGroup(pid);
      }
      if (!error) list.push(d);
    };
    child.stdout.on("data", take(out));
    child.stderr.on("data", take(err));
    const end = (status, signal) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (pid) {
        live.delete(pid);
        if (error || signal) killGroup(pid);
      }
      settle(i, { pid: pid || 0, status, signal, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8"), error });
    };
    child.on("error", (e) => {
      if (!error) error = { code: e.code, message: e.message };
      if (!pid) end(null, null);
    });
    child.on("close", (status, signal) => end(status, signal));
  };
  if (n === 0) finish();
  for (let k = 0; k < Math.min(job.jobs, n); k++) start();
});
`;
var RUNNER_MARGIN_MS = 3e4;
function killGroup(pid) {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
  }
}
function asReturns(r) {
  const out = { pid: r.pid, output: [null, r.stdout, r.stderr], stdout: r.stdout, stderr: r.stderr, status: r.status, signal: r.signal };
  if (r.error) out.error = Object.assign(new Error(r.error.message), r.error.code ? { code: r.error.code } : {});
  return out;
}
function runConcurrently(job) {
  const waves = Math.ceil(job.argsList.length / Math.max(1, job.jobs));
  const timeout = job.runnerTimeoutMs ?? job.timeoutMs * waves + RUNNER_MARGIN_MS;
  const options = {
    cwd: job.cwd,
    env: job.env,
    input: JSON.stringify({ cmd: job.cmd, argsList: job.argsList, cwd: job.cwd, timeoutMs: job.timeoutMs, jobs: job.jobs, maxBuffer: job.maxBuffer }),
    encoding: "utf8",
    timeout,
    killSignal: "SIGTERM",
    // every run's output, JSON-escaped, plus room for the escaping
    maxBuffer: job.maxBuffer * Math.max(1, job.argsList.length) * 2,
    stdio: ["pipe", "pipe", "pipe"],
    windowsHide: true,
    detached: true
  };
  const r = spawnSync(process.execPath, ["-e", RUNNER], options);
  if (r.pid && (r.error || r.signal)) killGroup(r.pid);
  let parsed = null;
  if (!r.error && r.status === 0) {
    try {
      const v = JSON.parse(r.stdout);
      if (Array.isArray(v) && v.length === job.argsList.length) parsed = v;
    } catch {
      parsed = null;
    }
  }
  if (parsed) return parsed.map(asReturns);
  const err = r.error;
  const why = err?.code === "ETIMEDOUT" ? { code: "ETIMEDOUT", message: `spawnSync ${job.cmd} ETIMEDOUT` } : { message: `the runner of concurrent qmd runs failed: ${err?.message ?? (r.signal ? `killed by ${r.signal}` : `exit code ${r.status}`)}${r.stderr ? `: ${r.stderr.trim().split("\n")[0]}` : ""}` };
  return job.argsList.map(() => asReturns({ pid: 0, status: null, signal: null, stdout: "", stderr: "", error: why }));
}

// core/qmd.ts
var QmdError = class extends AkmsError {
  constructor(message, hint) {
    super("QMD_FAILED", message, { hint });
  }
};
var INDEX_NAME = "akms";
var MASK = "**/*.md";
var STATE_FILE = "akms-qmd-state.json";
var STATE_FORMAT = "akms-qmd-state-1";
var PROBE_TIMEOUT_MS = 1e4;
var SHOW_TIMEOUT_MS = 15e3;
var INDEX_TIMEOUT_MS = 18e4;
var SEARCH_TIMEOUT_MS = 6e4;
var MAX_BUFFER = 256 * 1024 * 1024;
var SKIP_DIRS = /* @__PURE__ */ new Set(["node_modules", ".git", ".cache", "vendor", "dist", "build"]);
var COLLECTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
function isExecutableFile(p) {
  try {
    if (!statSync(p).isFile()) return false;
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
var packageRootMemo;
function akmsPackageRoot() {
  if (packageRootMemo !== void 0) return packageRootMemo;
  packageRootMemo = null;
  let dir;
  try {
    dir = dirname(fileURLToPath(import.meta.url));
  } catch {
    return null;
  }
  for (; ; ) {
    const pj = join(dir, "package.json");
    try {
      const name = JSON.parse(readFileSync(pj, "utf8")).name;
      if (name === "akms") {
        packageRootMemo = dir;
        break;
      }
    } catch {
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return packageRootMemo;
}
function findQmd(env = process.env) {
  const explicit = env.AKMS_QMD_BIN;
  if (explicit !== void 0 && explicit.trim() !== "") {
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
function qmdEnv(stateDir) {
  const env = { ...process.env };
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
    NODE_LLAMA_CPP_SKIP_DOWNLOAD: "true"
  });
  return env;
}
function ensureStateDirs(stateDir) {
  for (const d of ["home", "cache", "config", "data", "state"]) mkdirSync(join(stateDir, d), { recursive: true });
}
function firstLine(s) {
  return s.split(/\r?\n/).map((l) => l.trim()).find((l) => l.length > 0) ?? "";
}
function runFailure(r, timeoutMs) {
  const err = r.error;
  if (err) {
    if (err.code === "ETIMEDOUT") return `timed out after ${Math.round(timeoutMs / 1e3)} s`;
    return err.code === "ENOENT" ? "not found" : err.message;
  }
  const detail = firstLine(r.stderr ?? "") || firstLine(r.stdout ?? "");
  if (r.signal) return `killed by ${r.signal}${detail ? `: ${detail}` : ""}`;
  if (r.status !== 0) return `exit code ${r.status}${detail ? `: ${detail}` : ""}`;
  return null;
}
function run(bin, args, stateDir, timeoutMs) {
  const options = {
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
    detached: process.platform !== "win32"
  };
  const [cmd, pre] = qmdLaunch(bin);
  const r = spawnSync2(cmd, [...pre, ...args], options);
  if (r.pid && (r.error || r.signal) && process.platform !== "win32") killGroup2(r.pid);
  return r;
}
var launches = /* @__PURE__ */ new Map();
function qmdLaunch(bin) {
  let hit = launches.get(bin);
  if (!hit) {
    let entry = null;
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
function directEntry(bin) {
  if (process.platform === "win32" || process.platform === "darwin" || typeof process.versions.bun === "string") return null;
  const real = realpathSync(bin);
  if (basename(dirname(real)) !== "bin") return null;
  const pkgDir = dirname(dirname(real));
  const pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
  const entry = join(pkgDir, "dist", "cli", "qmd.js");
  if (pkg.name !== "@tobilu/qmd" || !existsSync(entry)) return null;
  const parts = pkgDir.split(sep);
  const at = parts.lastIndexOf("node_modules");
  if (at < 0) return null;
  const root = parts.slice(0, at).join(sep);
  const has = (dir, ...names) => names.some((n) => existsSync(join(dir, n)));
  const bun = !has(pkgDir, "package-lock.json") && (has(pkgDir, "bun.lock", "bun.lockb") || !has(root, "package-lock.json") && has(root, "bun.lock", "bun.lockb"));
  if (bun) return null;
  const ours = realpathSync(process.execPath);
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, "node");
    if (!existsSync(candidate)) continue;
    return realpathSync(candidate) === ours ? entry : null;
  }
  return null;
}
function killGroup2(pid) {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
  }
}
var probeCache = /* @__PURE__ */ new Map();
function probeQmd(env = process.env) {
  const bin = findQmd(env);
  if (!bin) return { available: false, bin: null, version: null, reason: "not installed" };
  const hit = probeCache.get(bin);
  if (hit) return { ...hit };
  const status = probeBin(bin);
  probeCache.set(bin, status);
  return { ...status };
}
function probeBin(bin) {
  const scratch = mkdtempSync(join(tmpdir(), "akms-qmd-probe-"));
  try {
    ensureStateDirs(scratch);
    const v = run(bin, ["--version"], scratch, PROBE_TIMEOUT_MS);
    const vFail = runFailure(v, PROBE_TIMEOUT_MS);
    if (vFail) return { available: false, bin, version: null, reason: `installed but failing: ${vFail}` };
    const m = /(\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?)/.exec(v.stdout ?? "");
    if (!m) {
      const said = firstLine(v.stdout ?? "") || "(nothing)";
      return { available: false, bin, version: null, reason: `installed but failing: \`--version\` printed ${JSON.stringify(said.slice(0, 80))}` };
    }
    const version = m[1];
    const s = run(bin, ["collection", "list", "--index", INDEX_NAME], scratch, PROBE_TIMEOUT_MS);
    const sFail = runFailure(s, PROBE_TIMEOUT_MS);
    if (sFail) return { available: false, bin, version, reason: `installed but failing: ${sFail}` };
    return { available: true, bin, version, reason: "ok" };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
function realOr(p) {
  return realpathOrNull(p) ?? p;
}
function loadState(stateDir, bin) {
  const fresh = { format: STATE_FORMAT, bin, collections: {} };
  const db = join(stateDir, "cache", "qmd", `${INDEX_NAME}.sqlite`);
  const cfg = join(stateDir, "config", "qmd", `${INDEX_NAME}.yml`);
  if (!existsSync(db) || !existsSync(cfg)) return fresh;
  try {
    const doc = JSON.parse(readFileSync(join(stateDir, STATE_FILE), "utf8"));
    if (doc.format !== STATE_FORMAT || doc.bin !== bin || typeof doc.collections !== "object" || doc.collections === null) return fresh;
    return doc;
  } catch {
    return fresh;
  }
}
function saveState(stateDir, doc) {
  const target = join(stateDir, STATE_FILE);
  const tmp = `${target}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(doc, null, 2) + "\n");
  renameSync(tmp, target);
}
function fingerprint(dir) {
  const entries = [];
  const walk = (abs, rel) => {
    let names;
    try {
      names = readdirSync(abs);
    } catch {
      return;
    }
    for (const name of names) {
      if (name.startsWith(".")) continue;
      const childAbs = join(abs, name);
      const childRel = rel ? `${rel}/${name}` : name;
      let st;
      try {
        st = statSync(childAbs, { bigint: true });
      } catch {
        continue;
      }
      if (st.isDirectory()) {
        if (!SKIP_DIRS.has(name)) walk(childAbs, childRel);
      } else if (st.isFile() && name.endsWith(".md")) {
        entries.push(`${childRel}\0${st.size}\0${st.mtimeNs}\0${st.ctimeNs}\0${st.ino}`);
      }
    }
  };
  walk(dir, "");
  entries.sort();
  return createHash("sha256").update(entries.join("\n")).digest("hex");
}
function fail(step, args, why, stateDir) {
  throw new QmdError(
    `qmd ${step} failed (qmd ${args.map((a) => /^[\w./:@=-]+$/.test(a) ? a : JSON.stringify(a)).join(" ")}): ${why}`,
    `check the install with \`npx qmd --version\` (reinstall with \`npm ci\`), or delete ${stateDir} to rebuild qmd's index; --no-qmd runs without it`
  );
}
function runOrThrow(bin, step, args, stateDir, timeoutMs) {
  const r = run(bin, args, stateDir, timeoutMs);
  const why = runFailure(r, timeoutMs);
  if (why) fail(step, args, why, stateDir);
  return r.stdout ?? "";
}
function ensureCollection(bin, stateDir, name, dir, removed) {
  const show = run(bin, ["collection", "show", name, "--index", INDEX_NAME], stateDir, SHOW_TIMEOUT_MS);
  if (show.error || show.signal) fail("collection show", ["collection", "show", name], runFailure(show, SHOW_TIMEOUT_MS) ?? "failed", stateDir);
  if (show.status === 0) {
    const m = /^\s*Path:\s*(.+?)\s*$/m.exec(show.stdout ?? "");
    if (m && realOr(m[1]) === realOr(dir)) return false;
    runOrThrow(bin, "collection remove", ["collection", "remove", name, "--index", INDEX_NAME], stateDir, INDEX_TIMEOUT_MS);
  }
  const add = ["collection", "add", dir, "--name", name, "--mask", MASK, "--index", INDEX_NAME];
  const r = run(bin, add, stateDir, INDEX_TIMEOUT_MS);
  const why = runFailure(r, INDEX_TIMEOUT_MS);
  if (!why) return true;
  const other = /already exists for this path[\s\S]*?Name:\s*(\S+)/.exec(`${r.stderr ?? ""}
${r.stdout ?? ""}`)?.[1];
  if (!other || other === name || r.signal || r.error) fail("collection add", add, why, stateDir);
  runOrThrow(bin, "collection remove", ["collection", "remove", other, "--index", INDEX_NAME], stateDir, INDEX_TIMEOUT_MS);
  removed.add(other);
  runOrThrow(bin, "collection add", add, stateDir, INDEX_TIMEOUT_MS);
  return true;
}
function parseJsonArray(stdout) {
  const text = stdout.trim();
  const tryParse = (s) => {
    try {
      const v = JSON.parse(s);
      return Array.isArray(v) ? v : null;
    } catch {
      return null;
    }
  };
  const direct = tryParse(text);
  if (direct) return direct;
  const at = text.search(/^\[/m);
  return at > 0 ? tryParse(text.slice(at)) : null;
}
function handelize(rel) {
  return rel.replace(/___/g, "/").toLowerCase().split("/").map((seg, i, all) => {
    if (i === all.length - 1) {
      const ext = /(\.[a-z0-9]+)$/i.exec(seg)?.[1] ?? "";
      const base = ext ? seg.slice(0, -ext.length) : seg;
      return base.replace(/[^\p{L}\p{N}$]+/gu, "-").replace(/^-+|-+$/g, "") + ext;
    }
    return seg.replace(/[^\p{L}\p{N}$]+/gu, "-").replace(/^-+|-+$/g, "");
  }).filter(Boolean).join("/");
}
function passageOf(snippet, fallbackLine) {
  const lines = snippet.split("\n");
  let line = fallbackLine;
  const head = /^@@ -(\d+),\d+ @@/.exec(lines[0] ?? "");
  if (head) {
    line = Number(head[1]);
    lines.shift();
  }
  while (lines.length > 1 && lines[0].trim() === "") {
    lines.shift();
    line++;
  }
  while (lines.length > 1 && lines[lines.length - 1].trim() === "") lines.pop();
  return { line: Math.max(1, line), text: lines.map((l) => l.replace(/\s+$/, "")).join("\n") };
}
function searchJobs() {
  const cores = typeof availableParallelism === "function" ? availableParallelism() : cpus().length;
  return Math.max(2, cores);
}
function qmdSearch(bin, opts) {
  const [one] = qmdSearchMany(bin, { ...opts, queries: [opts.query] });
  if (one instanceof Error) throw one;
  return one;
}
function qmdSearchMany(bin, opts) {
  const stateDir = resolve(opts.stateDir);
  const queries = opts.queries.map((q) => q.replace(/\s+/g, " ").trim());
  const out = queries.map(() => []);
  if (opts.files.length === 0 || opts.collections.length === 0) return out;
  if (opts.limit !== void 0 && !(opts.limit > 0)) return out;
  const todo = queries.map((_, i) => i).filter((i) => queries[i]);
  if (!todo.length) return out;
  const direct = /* @__PURE__ */ new Map();
  for (const f of opts.files) {
    const abs = resolve(f);
    direct.set(abs, abs);
  }
  let real = null;
  const wantedGet = (p) => {
    const hit = direct.get(p);
    if (hit !== void 0) return hit;
    if (!real) {
      real = /* @__PURE__ */ new Map();
      for (const abs of direct.keys()) {
        const r = realOr(abs);
        if (!direct.has(r)) real.set(r, abs);
      }
    }
    return real.get(p) ?? real.get(realOr(p)) ?? direct.get(realOr(p));
  };
  const collections = [];
  const seenNames = /* @__PURE__ */ new Set();
  const seenDirs = /* @__PURE__ */ new Set();
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
  let needUpdate = false;
  const next = { ...state.collections };
  const removed = /* @__PURE__ */ new Set();
  for (const c of collections) {
    const fp = fingerprint(c.dir);
    const known = state.collections[c.name];
    if (known && known.dir === c.dir) {
      if (known.fingerprint !== fp) needUpdate = true;
    } else if (!ensureCollection(bin, stateDir, c.name, c.dir, removed)) {
      needUpdate = true;
    }
    next[c.name] = { dir: c.dir, fingerprint: fp };
  }
  for (const name of removed) delete next[name];
  if (needUpdate) runOrThrow(bin, "update", ["update", "--index", INDEX_NAME], stateDir, INDEX_TIMEOUT_MS);
  saveState(stateDir, { format: STATE_FORMAT, bin: binKey, collections: next });
  const base = ["search", "--index", INDEX_NAME, "--json", "--all"];
  for (const c of collections) base.push("-c", c.name);
  const argsList = todo.map((i) => [...base, "--", queries[i]]);
  const jobs = Math.max(1, Math.min(opts.jobs ?? searchJobs(), argsList.length));
  let runs;
  if (jobs <= 1 || process.platform === "win32") runs = argsList.map((args) => run(bin, args, stateDir, SEARCH_TIMEOUT_MS));
  else {
    const [cmd, pre] = qmdLaunch(bin);
    runs = runConcurrently({ cmd, argsList: argsList.map((a) => [...pre, ...a]), cwd: stateDir, env: qmdEnv(stateDir), timeoutMs: SEARCH_TIMEOUT_MS, jobs, maxBuffer: MAX_BUFFER });
  }
  const mapper = hitMapper(collections, stateDir, direct, wantedGet);
  todo.forEach((qi, k) => {
    const args = argsList[k];
    try {
      const why = runFailure(runs[k], SEARCH_TIMEOUT_MS);
      if (why) fail("search", args, why, stateDir);
      const stdout = runs[k].stdout ?? "";
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
function hitMapper(collections, stateDir, files, wantedGet) {
  const byName = new Map(collections.map((c) => [c.name, c.dir]));
  const wantedByCollection = /* @__PURE__ */ new Map();
  const toFile = (reported) => {
    if (reported.startsWith("qmd://")) {
      const rest = reported.slice("qmd://".length).replace(/[?#].*$/, "");
      const slash = rest.indexOf("/");
      if (slash <= 0) return void 0;
      const name = rest.slice(0, slash);
      const rel = rest.slice(slash + 1);
      const dir = byName.get(name);
      if (!dir) return void 0;
      const lookup = (r) => wantedGet(resolve(dir, r));
      const direct = lookup(rel);
      if (direct) return direct;
      try {
        const decoded = lookup(decodeURIComponent(rel));
        if (decoded) return decoded;
      } catch {
      }
      let table = wantedByCollection.get(name);
      if (!table) {
        table = /* @__PURE__ */ new Map();
        for (const f of files.values()) {
          const r = relative(dir, f);
          if (!r || r.startsWith("..") || isAbsolute(r)) continue;
          table.set(handelize(r.split(sep).join("/")), f);
        }
        wantedByCollection.set(name, table);
      }
      return table.get(rel.toLowerCase());
    }
    const abs = resolve(stateDir, reported);
    return wantedGet(abs);
  };
  return toFile;
}
function rankHits(raw, toFile, limit, bestFirst = false) {
  const ranked = [];
  for (const r of raw) {
    if (typeof r.file !== "string") continue;
    const file = toFile(r.file);
    if (!file) continue;
    const fallbackLine = typeof r.line === "number" && r.line > 0 ? Math.floor(r.line) : 1;
    const { line, text } = passageOf(typeof r.snippet === "string" ? r.snippet : "", fallbackLine);
    ranked.push({ hit: { file, line, text }, score: typeof r.score === "number" ? r.score : 0 });
  }
  const cmp = (a, b) => a.file < b.file ? -1 : a.file > b.file ? 1 : a.line !== b.line ? a.line - b.line : a.text < b.text ? -1 : a.text > b.text ? 1 : 0;
  ranked.sort((a, b) => b.score - a.score || cmp(a.hit, b.hit));
  const seen = /* @__PURE__ */ new Set();
  const out = [];
  for (const { hit } of ranked) {
    const key = `${hit.file}\0${hit.line}\0${hit.text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(hit);
    if (limit !== void 0 && out.length >= limit) break;
  }
  return bestFirst ? out : out.sort(cmp);
}

// core/loadout/retrieve.ts
import { readdirSync as readdirSync2, readFileSync as readFileSync2, realpathSync as realpathSync2, statSync as statSync2 } from "node:fs";
import { dirname as dirname2, join as join2, relative as relative2, sep as sep2 } from "node:path";
var CACHE_FORMAT = "akms-qmd-hits-1";
var PASSAGE_CHARS = 200;
var NOT_CONTENT = /* @__PURE__ */ new Set(["graph", "loadouts", "code-mirror", "tasks", "reviews", "orchestrator"]);
var failedBins = /* @__PURE__ */ new Map();
function markQmdFailed(q, reason) {
  if (q.bin) failedBins.set(q.bin, reason);
  return { ...q, available: false, reason };
}
function stillUsable(q) {
  const failed = q.available && q.bin ? failedBins.get(q.bin) : void 0;
  return failed ? { ...q, available: false, reason: failed } : q;
}
var PROBE_FORMAT = "akms-qmd-probe-1";
function probeKey(bin) {
  try {
    const real = realpathSync2(bin);
    const parts = [PROBE_FORMAT, real, process.version];
    for (const f of [real, join2(dirname2(real), "..", "package.json")]) {
      try {
        const st = statSync2(f);
        parts.push(`${f}	${st.size}	${st.mtimeMs}	${st.ino}`);
      } catch {
        parts.push(`${f}	missing`);
      }
    }
    return sha256(parts.join("\n"));
  } catch {
    return null;
  }
}
function qmdUse(disabled, env = process.env, remember) {
  if (disabled) return { available: false, reason: "disabled by --no-qmd", bin: null, version: null };
  const bin = remember ? findQmd(env) : null;
  const key = bin ? probeKey(bin) : null;
  const file = remember ? join2(remember.dir, "probe.json") : null;
  if (file && key) {
    try {
      const doc = JSON.parse(readFileSync2(file, "utf8"));
      if (doc.key === key && doc.status?.available && doc.status.bin === bin) return stillUsable(doc.status);
    } catch {
    }
  }
  const s = probeQmd(env);
  const use = { available: s.available, reason: s.reason, bin: s.bin, version: s.version };
  if (remember && file && key && use.available && use.bin === bin) {
    try {
      withLock(remember.lock, () => writeFileAtomic(file, JSON.stringify({ key, status: use }, null, 2) + "\n"));
    } catch (e) {
      if (!(e instanceof LockHeldError)) throw e;
    }
  }
  return stillUsable(use);
}
function tagQueries(tags) {
  const out = [];
  for (const t of tags) {
    const q = t.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).join("-");
    if (q && !out.includes(q)) out.push(q);
  }
  return out;
}
function oneLine(s) {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > PASSAGE_CHARS ? t.slice(0, PASSAGE_CHARS - 1) + "\u2026" : t;
}
function knowledgeCollectionName(seg) {
  return `k-${seg.replace(/[^A-Za-z0-9_-]+/g, "_").slice(0, 40)}-${sha256(seg).slice(0, 6)}`;
}
function collectionsFor(roots, files) {
  const out = [
    { name: "vault", dir: roots.vault, shown: roots.vaultDisplay.replace(/\/+$/, "") },
    { name: "local-nodes", dir: roots.localNodes, shown: "knowledge/local-nodes" }
  ];
  for (const f of files) {
    const rel = relative2(roots.knowledge, f.file).split(sep2);
    if (rel.length < 2 || rel[0] === ".." || rel[0] === "local-nodes" || NOT_CONTENT.has(rel[0])) continue;
    const seg = rel[0];
    const name = knowledgeCollectionName(seg);
    if (!out.some((c) => c.name === name)) out.push({ name, dir: join2(roots.knowledge, seg), shown: `knowledge/${seg}` });
  }
  return out;
}
function walkMarkdown(dir, shownPrefix) {
  const out = [];
  const walk = (abs, rel) => {
    let names;
    try {
      names = readdirSync2(abs);
    } catch {
      return;
    }
    for (const name of names) {
      if (name.startsWith(".") || name === "node_modules") continue;
      const child = join2(abs, name);
      let st;
      try {
        st = statSync2(child);
      } catch {
        continue;
      }
      const r = rel ? `${rel}/${name}` : name;
      if (st.isDirectory()) walk(child, r);
      else if (st.isFile() && name.endsWith(".md")) out.push({ file: child, shown: `${shownPrefix}/${r}`, mtimeMs: st.mtimeMs });
    }
  };
  walk(dir, "");
  return out;
}
function mtimeOf(file) {
  try {
    return statSync2(file).mtimeMs;
  } catch {
    return null;
  }
}
function frontmatterEnd(file) {
  try {
    const fm = splitFrontmatter(readFileSync2(file, "utf8"));
    return fm ? fm.endLine : 0;
  } catch {
    return 0;
  }
}
function bodyLineFor(file, fmEnd, query) {
  let lines;
  try {
    lines = readFileSync2(file, "utf8").split(/\r?\n/);
  } catch {
    return null;
  }
  const words = query.split("-").filter(Boolean);
  const has = (l, w) => new RegExp(`(^|[^\\p{L}\\p{N}])${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "iu").test(l);
  for (const all of [true, false]) {
    for (let i = fmEnd; i < lines.length; i++) {
      const l = lines[i];
      if (l.trim() && (all ? words.every((w) => has(l, w)) : words.some((w) => has(l, w)))) return { line: i + 1, text: oneLine(l) };
    }
  }
  return null;
}
function prepare(opts) {
  const queries = tagQueries(opts.tags);
  const files = [...new Map(opts.files.map((f) => [f.shown, f])).values()];
  if (!queries.length || !files.length) return { queries };
  const collections = collectionsFor(opts.roots, files);
  const selected = new Map(files.map((f) => [f.shown, { ...f, mtime: mtimeOf(f.file) }]));
  const newestSelected = [...selected.values()].reduce((m, f) => Math.max(m, f.mtime ?? 0), 0);
  const collKey = collections.map((c) => `${c.name}=${c.dir}`);
  const lookups = queries.map((query) => {
    const hash = sha256([CACHE_FORMAT, opts.qmd.version ?? "", query, ...collKey].join("\n")).slice(0, 16);
    const cacheFile = join2(opts.cacheDir, `${opts.graphVersion}-${hash}.json`);
    let doc = null;
    try {
      const d = JSON.parse(readTextIfExists(cacheFile) ?? "null");
      const fresh = d !== null && d.format === CACHE_FORMAT && d.graph_version === opts.graphVersion && newestSelected <= d.newest_mtime_ms && Object.entries(d.hit_mtimes).every(([f, m]) => !selected.has(f) || selected.get(f).mtime === m);
      if (fresh) doc = d;
    } catch {
    }
    return { query, cacheFile, collKey, doc };
  });
  return { queries, collections, selected, lookups };
}
function searchAndCache(opts, collections, missing, walks, jobs) {
  const out = /* @__PURE__ */ new Map();
  const searchable = collections.flatMap((c) => {
    const key = `${c.dir}\0${c.shown}`;
    let w = walks.get(key);
    if (!w) walks.set(key, w = walkMarkdown(c.dir, c.shown));
    return w;
  });
  const shownOf = new Map(searchable.map((f) => [f.file, f]));
  const byShown = new Map(searchable.map((f) => [f.shown, f]));
  const results = qmdSearchMany(opts.qmd.bin, {
    stateDir: opts.stateDir,
    collections: collections.map(({ name, dir }) => ({ name, dir })),
    queries: missing.map((l) => l.query),
    files: searchable.map((f) => f.file),
    jobs
  });
  const newest = searchable.reduce((m, f) => Math.max(m, f.mtimeMs), 0);
  missing.forEach((l, i) => {
    const hits = results[i];
    if (hits instanceof Error) {
      out.set(l.cacheFile, hits);
      return;
    }
    const kept = hits.filter((h) => shownOf.has(h.file)).map((h) => ({ file: shownOf.get(h.file).shown, line: h.line, text: oneLine(h.text) }));
    kept.sort((a, b) => a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line);
    const hitMtimes = {};
    for (const h of kept) hitMtimes[h.file] = byShown.get(h.file).mtimeMs;
    const doc = {
      format: CACHE_FORMAT,
      graph_version: opts.graphVersion,
      query: l.query,
      collections: l.collKey,
      newest_mtime_ms: newest,
      hit_mtimes: hitMtimes,
      hits: kept
    };
    writeFileAtomic(l.cacheFile, JSON.stringify(doc, null, 2) + "\n");
    out.set(l.cacheFile, doc);
  });
  return out;
}
function isDoc(v) {
  return typeof v === "object" && v !== null && v.format === CACHE_FORMAT;
}
function retrievePassages(opts) {
  const p = prepare(opts);
  if (!("lookups" in p)) return { queries: p.queries, passages: [], cached: false };
  const missing = p.lookups.filter((l) => !l.doc);
  let allFromCache = !missing.length;
  for (const l of p.lookups) if (opts.batch?.searched.delete(l.cacheFile)) allFromCache = false;
  if (missing.length) {
    const toSearch = missing.filter((l) => !opts.batch?.failed.has(l.cacheFile));
    const found = toSearch.length ? searchAndCache(opts, p.collections, toSearch, /* @__PURE__ */ new Map()) : /* @__PURE__ */ new Map();
    for (const l of missing) {
      const r = opts.batch?.failed.has(l.cacheFile) ? opts.batch.failed.get(l.cacheFile) : found.get(l.cacheFile);
      if (!isDoc(r)) throw r;
      l.doc = r;
    }
  }
  const fmEnds = /* @__PURE__ */ new Map();
  const passages = /* @__PURE__ */ new Map();
  for (const { query, doc } of p.lookups) {
    for (const h of doc.hits) {
      const sel = p.selected.get(h.file);
      if (!sel) continue;
      let fmEnd = fmEnds.get(h.file);
      if (fmEnd === void 0) fmEnds.set(h.file, fmEnd = frontmatterEnd(sel.file));
      const hit = h.line > fmEnd ? h : bodyLineFor(sel.file, fmEnd, query);
      if (!hit) continue;
      const key = `${h.file}\0${hit.line}`;
      if (!passages.has(key)) passages.set(key, { file: h.file, line: hit.line, text: hit.text, query });
    }
  }
  if (!allFromCache) pruneOtherVersions(opts.cacheDir, opts.graphVersion);
  const sorted = [...passages.values()].sort((a, b) => a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line);
  return { queries: p.queries, passages: sorted, cached: allFromCache };
}
function prefetchPassages(inputs, jobs) {
  const batch = { searched: /* @__PURE__ */ new Set(), failed: /* @__PURE__ */ new Map() };
  const groups = /* @__PURE__ */ new Map();
  for (const input of inputs) {
    if (!input.qmd.available || !input.qmd.bin) continue;
    const p = prepare(input);
    if (!("lookups" in p)) continue;
    const key = JSON.stringify([input.qmd.bin, input.qmd.version, input.stateDir, input.cacheDir, input.graphVersion, p.collections]);
    let g = groups.get(key);
    if (!g) groups.set(key, g = { input, collections: p.collections, missing: /* @__PURE__ */ new Map() });
    for (const l of p.lookups) if (!l.doc && !g.missing.has(l.cacheFile)) g.missing.set(l.cacheFile, l);
  }
  const walks = /* @__PURE__ */ new Map();
  for (const g of groups.values()) {
    if (!g.missing.size) continue;
    const missing = [...g.missing.values()];
    let found;
    try {
      found = searchAndCache(g.input, g.collections, missing, walks, jobs);
    } catch (e) {
      found = new Map(missing.map((l) => [l.cacheFile, e]));
    }
    for (const l of missing) {
      const r = found.get(l.cacheFile);
      if (isDoc(r)) batch.searched.add(l.cacheFile);
      else batch.failed.set(l.cacheFile, r);
    }
  }
  return batch;
}
function pruneOtherVersions(cacheDir, graphVersion) {
  let names;
  try {
    names = readdirSync2(cacheDir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = /^([0-9a-f]{6,64})-[0-9a-f]{16}\.json$/.exec(name);
    if (m && m[1] !== graphVersion) removeFile(join2(cacheDir, name));
  }
}

export {
  QmdError,
  qmdSearch,
  markQmdFailed,
  stillUsable,
  qmdUse,
  knowledgeCollectionName,
  retrievePassages,
  prefetchPassages
};
