// The working context for commands that must start fast (query): the same Context as
// loadContext, but the config's parser (YAML + zod) is loaded only when the repository has a
// propagation_config.yaml; without one the config is the defaults, exactly as parseConfig gives them.
import { lstatSync, realpathSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Context, ContextOptions } from "./context.js";
import type { LoadedConfig } from "./config.js";
import { DEFAULT_CONFIG } from "./config-defaults.js";
import { compileFormula, type RankFn } from "./formula.js";
import { findRepo, repoPaths, resolveVault, type RepoPaths } from "./paths.js";

/** What parseConfig(null, file) returns: the defaults, no file, no warnings. */
export function defaultLoadedConfig(): LoadedConfig {
  const config = JSON.parse(JSON.stringify(DEFAULT_CONFIG)) as LoadedConfig["config"];
  const rank: Record<string, RankFn> = {};
  for (const [role, prof] of Object.entries(config.query_roles)) rank[role] = compileFormula(prof.rank_formula, `query_roles.${role}.rank_formula`);
  return { config, file: null, warnings: [], rank, unknownKeys: [] };
}

function isMissing(file: string): boolean {
  try {
    statSync(file);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ENOENT";
  }
}

/** loadConfig without loading zod when there is no config file (every other case is loadConfig itself). */
export async function loadConfigQuick(file: string): Promise<LoadedConfig> {
  if (isMissing(file)) return defaultLoadedConfig();
  return (await import("./config.js")).loadConfig(file);
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

export async function loadContextQuick(opts: ContextOptions = {}): Promise<Context> {
  const { repo, paths } = locateRepo(opts);
  return contextWith(repo, paths, await loadConfigQuick(paths.config), opts);
}
