// The resolved working context of one invocation: repository, its paths, config and vault. The
// one loader: zod and the config's YAML run only when the config file is there and its validated
// result for these exact bytes is not cached (the store's facts, core/store/facts.ts).
import { lstatSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseConfig, type LoadedConfig } from "./config.js";
import { validatedFacts } from "./store/facts.js";
import { buildIdentity } from "./store/freshness.js";
import { DEFAULT_CONFIG } from "./config-defaults.js";
import { compileFormula, type RankFn } from "./formula.js";
import { findRepo, repoPaths, resolveVault, type RepoPaths, type VaultLocation } from "./paths.js";
import { decodeUtf8 } from "./textfile.js";
import { warm } from "./store/memo.js";

export interface Context {
  repo: string;
  paths: RepoPaths;
  cfg: LoadedConfig;
  vault: VaultLocation;
}

export interface ContextOptions {
  cwd?: string;
  repo?: string;
  vault?: string;
  env?: NodeJS.ProcessEnv;
  /** The config to use instead of reading the repository's (`akms migrate`: a v1 config as v2). */
  cfg?: LoadedConfig;
  /**
   * Keep the validated config for next time (the store's facts, core/store/facts.ts): the commands whose start-up it
   * serves (build, query, loadout, review). Others read the cache and write nothing but their own output.
   */
  writeCache?: boolean;
}

/** What is kept of a validated config (the rank formulas are compiled again from it). */
type CachedConfig = Pick<LoadedConfig, "config" | "file" | "warnings" | "unknownKeys">;

/** What parseConfig(null, file) returns: the defaults, no file, no warnings. */
export function defaultLoadedConfig(): LoadedConfig {
  return withRanks({ config: JSON.parse(JSON.stringify(DEFAULT_CONFIG)) as LoadedConfig["config"], file: null, warnings: [], unknownKeys: [] });
}

/** The compiled rank formulas (valid: the config was validated when it was cached). */
function withRanks(c: CachedConfig): LoadedConfig {
  const rank: Record<string, RankFn> = {};
  for (const [role, prof] of Object.entries(c.config.query_roles)) rank[role] = compileFormula(prof.rank_formula, `query_roles.${role}.rank_formula`);
  return { config: c.config, file: c.file, warnings: c.warnings, rank, unknownKeys: c.unknownKeys };
}

/**
 * The repository's config: the defaults without a file; the cached result of validating these exact
 * bytes (the store's facts, core/store/facts.ts); else parseConfig on them, cached for next time unless `writeCache` is false.
 */
export function repoConfig(paths: RepoPaths, build: string | null = buildIdentity(), writeCache = true): LoadedConfig {
  return warm(`repo-config:${paths.config}`, [paths.config], () => readRepoConfig(paths, build, writeCache));
}

function readRepoConfig(paths: RepoPaths, build: string | null, writeCache: boolean): LoadedConfig {
  let bytes: Buffer;
  try {
    bytes = readFileSync(paths.config);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return defaultLoadedConfig();
    throw e;
  }
  const cache = validatedFacts<CachedConfig>(paths, "config", build);
  const hit = cache.get(paths.config, bytes);
  if (hit) return withRanks(hit);
  const cfg = parseConfig(decodeUtf8(bytes, paths.config), paths.config);
  if (writeCache) {
    cache.put(paths.config, bytes, { config: cfg.config, file: cfg.file, warnings: cfg.warnings, unknownKeys: cfg.unknownKeys });
    cache.save();
  }
  return cfg;
}

/**
 * True when git surely finds no repository from `cwd`: no `.git` entry in it or any parent of its
 * real path, and no GIT_DIR / GIT_WORK_TREE in the environment git would get. findRepo then falls
 * back to cwd anyway; knowing it first spares starting git (≈ 5 ms). Any doubt (an unreadable
 * directory, a `.git` of any kind) answers false, and git decides as before.
 */
export function outsideAnyGitRepo(cwd: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.GIT_DIR !== undefined || env.GIT_WORK_TREE !== undefined) return false;
  let dir: string;
  try {
    dir = realpathSync(cwd);
  } catch {
    return false;
  }
  for (;;) {
    try {
      lstatSync(join(dir, ".git"));
      return false;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") return false;
    }
    const up = dirname(dir);
    if (up === dir) return true;
    dir = up;
  }
}

export function locateRepo(opts: ContextOptions): { repo: string; paths: RepoPaths } {
  const cwd = opts.cwd ?? process.cwd();
  const repo = !opts.repo && outsideAnyGitRepo(cwd) ? resolve(cwd) : findRepo(cwd, opts.repo);
  return { repo, paths: repoPaths(repo) };
}

export function loadContext(opts: ContextOptions = {}): Context {
  const { repo, paths } = locateRepo(opts);
  const cfg = opts.cfg ?? repoConfig(paths, buildIdentity(), opts.writeCache === true);
  const vault = resolveVault(repo, {
    flag: opts.vault,
    env: opts.env ?? process.env,
    configValue: cfg.config.global_vault,
    configIsDefault: cfg.file === null || cfg.config.global_vault === DEFAULT_CONFIG.global_vault,
  });
  return { repo, paths, cfg, vault };
}
