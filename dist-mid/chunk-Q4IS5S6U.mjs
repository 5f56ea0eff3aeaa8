import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  NotFoundError
} from "./chunk-C3ZMY3KT.mjs";

// core/paths.ts
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { realpathSync, statSync } from "node:fs";
function repoPaths(repo) {
  const knowledge = join(repo, "knowledge");
  const graphDir = join(knowledge, "graph");
  return {
    repo,
    knowledge,
    graphDir,
    graphJson: join(graphDir, "graph.json"),
    overlay: join(graphDir, "local_state.yaml"),
    config: join(graphDir, "propagation_config.yaml"),
    localNodes: join(knowledge, "local-nodes"),
    codeMirror: join(knowledge, "code-mirror"),
    sessions: join(knowledge, "sessions"),
    loadouts: join(knowledge, "loadouts"),
    tasks: join(knowledge, "tasks"),
    reviews: join(knowledge, "reviews"),
    reviewLog: join(graphDir, "review_log.jsonl"),
    lock: join(graphDir, ".akms.lock"),
    cacheDir: join(graphDir, ".cache"),
    qmdCacheDir: join(graphDir, ".qmd_cache"),
    orchestratorDir: join(knowledge, "orchestrator"),
    txnDir: join(graphDir, ".txn")
  };
}
var gitRoots = /* @__PURE__ */ new Map();
function findRepo(cwd, flag) {
  if (flag) return resolve(cwd, flag);
  let root = gitRoots.get(cwd);
  if (root === void 0) gitRoots.set(cwd, root = gitRoot(cwd));
  return root;
}
function gitRoot(cwd) {
  try {
    const { execFileSync } = createRequire(import.meta.url)("node:child_process");
    const out = execFileSync("git", ["rev-parse", "--show-toplevel"], { cwd, stdio: ["ignore", "pipe", "ignore"], timeout: 5e3 });
    const top = out.toString("utf8").trim();
    if (top) return top;
  } catch {
  }
  return resolve(cwd);
}
function expandHome(p) {
  if (p === "~") return homedir();
  if (p.startsWith("~/")) return join(homedir(), p.slice(2));
  return p;
}
function resolveVault(repo, opts) {
  const env = opts.env ?? process.env;
  const pick = (display, from, base) => ({
    path: resolve(base, expandHome(display)),
    display,
    from
  });
  if (opts.flag) return pick(opts.flag, "flag", process.cwd());
  if (env.AKMS_GLOBAL_VAULT) return pick(env.AKMS_GLOBAL_VAULT, "env", process.cwd());
  if (opts.configValue && !opts.configIsDefault) return pick(opts.configValue, "config", repo);
  return pick(opts.configValue ?? "~/.claude/akms/nodes", "default", repo);
}
function resolveInside(root, rel) {
  if (!rel || isAbsolute(rel) || rel.startsWith("~") || rel.includes("\0")) return null;
  const full = resolve(root, rel);
  const r = relative(root, full);
  if (r === "" || r.startsWith("..") || isAbsolute(r)) return null;
  try {
    const real = realpathSync(full);
    const realRoot = realpathSync(root);
    const rr = relative(realRoot, real);
    if (rr.startsWith("..") || isAbsolute(rr)) return null;
  } catch {
  }
  return full;
}
function requireKnowledge(paths) {
  let isDir = false;
  try {
    isDir = statSync(paths.knowledge).isDirectory();
  } catch {
  }
  if (!isDir) {
    throw new NotFoundError(`no knowledge/ here (${paths.repo})`, { file: paths.knowledge, hint: "`akms init` to start, or pass --repo DIR for the repository you meant" });
  }
}
function displayPath(repo, p) {
  const r = relative(repo, p);
  return (r.startsWith("..") ? p : r).split(sep).join("/");
}

// core/fsx.ts
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, realpathSync as realpathSync2, renameSync, rmSync, statSync as statSync2, unlinkSync, writeSync } from "node:fs";
import { createRequire as createRequire2 } from "node:module";
import { basename, dirname, join as join2 } from "node:path";
var tmpCounter = 0;
var crypto = () => createRequire2(import.meta.url)("node:crypto");
function sha256(data) {
  const h = crypto().createHash("sha256");
  if (typeof data === "string" || data instanceof Uint8Array) h.update(data);
  else for (const chunk of data) h.update(chunk);
  return h.digest("hex");
}
function readTextIfExists(path) {
  try {
    return readFileSync(path, "utf8");
  } catch (e) {
    if (e.code === "ENOENT") return null;
    throw e;
  }
}
function readBytesIfExists(path) {
  try {
    return readFileSync(path);
  } catch (e) {
    if (e.code === "ENOENT") return null;
    throw e;
  }
}
function openReadOrNull(file) {
  try {
    return openSync(file, "r");
  } catch {
    return null;
  }
}
function realpathOrNull(p) {
  try {
    return realpathSync2.native(p);
  } catch {
    return null;
  }
}
function memoRealpath() {
  const seen = /* @__PURE__ */ new Map();
  return (p) => {
    let r = seen.get(p);
    if (r === void 0) {
      r = realpathOrNull(p);
      seen.set(p, r);
    }
    return r;
  };
}
function exists(path) {
  try {
    statSync2(path);
    return true;
  } catch {
    return false;
  }
}
function fsyncDir(dir) {
  try {
    const fd = openSync(dir, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
  }
}
function writeFileAtomic(path, data, opts = {}) {
  if (Array.isArray(data)) {
    const chunks = data;
    if (!opts.knownDifferent) return writeFileAtomic(path, Buffer.concat(chunks.map((c) => typeof c === "string" ? Buffer.from(c, "utf8") : c)));
    return writeChunks(path, chunks);
  }
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : Buffer.from(data);
  if (!opts.knownDifferent) {
    const current = readBytesIfExists(path);
    if (current && current.equals(bytes)) return false;
  }
  return writeChunks(path, [bytes]);
}
var TEMP = /^\..+\.\d+\.\d+\.tmp$/;
function removeStaleTemps(dir, name) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names) if (TEMP.test(n) && (name === void 0 || n.startsWith(`.${name}.`) && /^\.\d+\.\d+\.tmp$/.test(n.slice(name.length + 1)))) rmSync(join2(dir, n), { force: true });
}
var writesReached = 0;
function writeStep() {
  if (process.env.AKMS_TEST !== "1" || !process.env.AKMS_CRASH_WRITE_AT) return;
  if (++writesReached === Number(process.env.AKMS_CRASH_WRITE_AT)) process.kill(process.pid, "SIGKILL");
}
function writeChunks(path, chunks) {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const tmp = join2(dir, `.${basename(path)}.${process.pid}.${++tmpCounter}.tmp`);
  const fd = openSync(tmp, "wx", 420);
  try {
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
function removeFile(path) {
  try {
    unlinkSync(path);
  } catch (e) {
    if (e.code === "ENOENT") return false;
    throw e;
  }
  fsyncDir(dirname(path));
  return true;
}
async function writeFilesAtomic(files) {
  const { open } = await import("node:fs/promises");
  const written = files.map(() => false);
  const pending = [];
  for (const [index, f] of files.entries()) {
    const bytes = typeof f.data === "string" ? Buffer.from(f.data, "utf8") : Buffer.from(f.data);
    const current = readBytesIfExists(f.path);
    if (current && current.equals(bytes)) continue;
    const dir = dirname(f.path);
    mkdirSync(dir, { recursive: true });
    pending.push({ index, path: f.path, tmp: join2(dir, `.${basename(f.path)}.${process.pid}.${++tmpCounter}.tmp`), bytes });
  }
  const cleanup = () => {
    for (const p of pending) rmSync(p.tmp, { force: true });
  };
  try {
    for (let i = 0; i < pending.length; i += 64) {
      await Promise.all(
        pending.slice(i, i + 64).map(async (p) => {
          const h = await open(p.tmp, "wx", 420);
          try {
            await h.writeFile(p.bytes);
            await h.sync();
          } finally {
            await h.close();
          }
        })
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
        }
      })
    );
  }
  return written;
}

export {
  repoPaths,
  findRepo,
  resolveVault,
  resolveInside,
  requireKnowledge,
  displayPath,
  sha256,
  readTextIfExists,
  readBytesIfExists,
  openReadOrNull,
  realpathOrNull,
  memoRealpath,
  exists,
  writeFileAtomic,
  removeStaleTemps,
  removeFile,
  writeFilesAtomic
};
