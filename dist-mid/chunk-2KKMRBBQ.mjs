import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  withLock
} from "./chunk-W24I3PEA.mjs";
import {
  DEFAULT_CONFIG,
  compileFormula,
  parseConfig
} from "./chunk-IWODBICT.mjs";
import {
  warm
} from "./chunk-PEBIPHYY.mjs";
import {
  decodeUtf8
} from "./chunk-DWREGR5U.mjs";
import {
  findRepo,
  repoPaths,
  resolveVault,
  writeFileAtomic
} from "./chunk-Q4IS5S6U.mjs";

// core/context.ts
import { lstatSync, readFileSync as readFileSync2, realpathSync } from "node:fs";
import { dirname, join as join2, resolve } from "node:path";

// core/config-cache.ts
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
var BUILD_ID = true ? "a503f0be7abe3313" : null;
var FORMAT = "akms-config-cache-1";
function configCachePath(paths) {
  return join(paths.cacheDir, "config.json");
}
function readConfigCache(paths, bytes, build) {
  if (build === null) return null;
  try {
    const e = JSON.parse(readFileSync(configCachePath(paths), "utf8"));
    if (e.format !== FORMAT || e.build !== build || e.file !== paths.config || e.bytes !== bytes.toString("base64")) return null;
    if (!e.config || !Array.isArray(e.warnings) || !Array.isArray(e.unknownKeys)) return null;
    return { config: e.config, file: e.file, warnings: e.warnings, unknownKeys: e.unknownKeys };
  } catch {
    return null;
  }
}
function writeConfigCache(paths, bytes, cfg, build) {
  if (build === null || cfg.file !== paths.config) return false;
  const cached = { config: cfg.config, file: cfg.file, warnings: cfg.warnings, unknownKeys: cfg.unknownKeys };
  const entry = { format: FORMAT, build, bytes: bytes.toString("base64"), ...cached };
  const text = JSON.stringify(entry);
  const back = JSON.parse(text);
  if (!isDeepStrictEqual({ config: back.config, file: back.file, warnings: back.warnings, unknownKeys: back.unknownKeys }, cached)) return false;
  try {
    return withLock(paths.lock, () => writeFileAtomic(configCachePath(paths), text));
  } catch {
    return false;
  }
}

// core/context.ts
function defaultLoadedConfig() {
  return withRanks({ config: JSON.parse(JSON.stringify(DEFAULT_CONFIG)), file: null, warnings: [], unknownKeys: [] });
}
function withRanks(c) {
  const rank = {};
  for (const [role, prof] of Object.entries(c.config.query_roles)) rank[role] = compileFormula(prof.rank_formula, `query_roles.${role}.rank_formula`);
  return { config: c.config, file: c.file, warnings: c.warnings, rank, unknownKeys: c.unknownKeys };
}
function repoConfig(paths, build = BUILD_ID, writeCache = true) {
  return warm(`config:${paths.config}`, [paths.config], () => readRepoConfig(paths, build, writeCache));
}
function readRepoConfig(paths, build, writeCache) {
  let bytes;
  try {
    bytes = readFileSync2(paths.config);
  } catch (e) {
    if (e.code === "ENOENT") return defaultLoadedConfig();
    throw e;
  }
  const hit = readConfigCache(paths, bytes, build);
  if (hit) return withRanks(hit);
  const cfg = parseConfig(decodeUtf8(bytes, paths.config), paths.config);
  if (writeCache) writeConfigCache(paths, bytes, cfg, build);
  return cfg;
}
function outsideAnyGitRepo(cwd, env = process.env) {
  if (env.GIT_DIR !== void 0 || env.GIT_WORK_TREE !== void 0) return false;
  let dir;
  try {
    dir = realpathSync(cwd);
  } catch {
    return false;
  }
  for (; ; ) {
    try {
      lstatSync(join2(dir, ".git"));
      return false;
    } catch (e) {
      if (e.code !== "ENOENT") return false;
    }
    const up = dirname(dir);
    if (up === dir) return true;
    dir = up;
  }
}
function locateRepo(opts) {
  const cwd = opts.cwd ?? process.cwd();
  const repo = !opts.repo && outsideAnyGitRepo(cwd) ? resolve(cwd) : findRepo(cwd, opts.repo);
  return { repo, paths: repoPaths(repo) };
}
function loadContext(opts = {}) {
  const { repo, paths } = locateRepo(opts);
  const cfg = repoConfig(paths, BUILD_ID, !opts.readOnly);
  const vault = resolveVault(repo, {
    flag: opts.vault,
    env: opts.env ?? process.env,
    configValue: cfg.config.global_vault,
    configIsDefault: cfg.file === null || cfg.config.global_vault === DEFAULT_CONFIG.global_vault
  });
  return { repo, paths, cfg, vault };
}

export {
  defaultLoadedConfig,
  repoConfig,
  outsideAnyGitRepo,
  locateRepo,
  loadContext
};
