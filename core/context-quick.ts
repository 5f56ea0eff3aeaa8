// The working context for commands that must start fast (query): the same Context as
// loadContext, but the config's parser (YAML + zod) is loaded only when the repository has a
// propagation_config.yaml; without one the config is the defaults, exactly as parseConfig gives them.
import { statSync } from "node:fs";
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

export function locateRepo(opts: ContextOptions): { repo: string; paths: RepoPaths } {
  const repo = findRepo(opts.cwd ?? process.cwd(), opts.repo);
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
