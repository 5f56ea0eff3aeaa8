// The working context for commands that must start fast (query): the same Context as
// loadContext, but the config's parser (YAML + zod) is loaded only when it must run: without a
// propagation_config.yaml the config is the defaults, exactly as parseConfig gives them; with one
// whose validated result is cached for these bytes (config-cache.ts), that result.
import { lstatSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Context, ContextOptions } from "./context.js";
import type { LoadedConfig } from "./config.js";
import { DEFAULT_CONFIG } from "./config-defaults.js";
import { BUILD_ID, readConfigCache, writeConfigCache, type CachedConfig } from "./config-cache.js";
import { compileFormula, type RankFn } from "./formula.js";
import { findRepo, repoPaths, resolveVault, type RepoPaths } from "./paths.js";

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
 * loadConfig, without loading YAML and zod when there is no config file (the defaults) or when
 * the validated config of these exact bytes is cached (config-cache.ts). Otherwise loadConfig's
 * own steps on the bytes read here, and a config that loads is cached for next time.
 */
export async function loadConfigQuick(paths: RepoPaths, build: string | null = BUILD_ID, writeCache = true): Promise<LoadedConfig> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(paths.config);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return defaultLoadedConfig();
    return (await import("./config.js")).loadConfig(paths.config); // fails as loadConfig fails
  }
  const hit = readConfigCache(paths, bytes, build);
  if (hit) return withRanks(hit);
  const [{ parseConfig }, { decodeUtf8 }] = await Promise.all([import("./config.js"), import("./textfile.js")]);
  const cfg = parseConfig(decodeUtf8(bytes, paths.config), paths.config);
  if (writeCache) writeConfigCache(paths, bytes, cfg, build);
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

export function contextWith(repo: string, paths: RepoPaths, cfg: LoadedConfig, opts: ContextOptions): Context {
  const vault = resolveVault(repo, {
    flag: opts.vault,
    env: opts.env ?? process.env,
    configValue: cfg.config.global_vault,
    configIsDefault: cfg.file === null || cfg.config.global_vault === DEFAULT_CONFIG.global_vault,
  });
  return { repo, paths, cfg, vault };
}

/** `readOnly`: the config cache is used when it holds these bytes, never written (a command that must write nothing else). */
export async function loadContextQuick(opts: ContextOptions = {}, readOnly = false): Promise<Context> {
  const { repo, paths } = locateRepo(opts);
  return contextWith(repo, paths, await loadConfigQuick(paths, BUILD_ID, !readOnly), opts);
}
