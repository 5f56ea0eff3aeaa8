// The resolved working context of one invocation: repository, its paths, config and vault.
import { loadConfig, type LoadedConfig, DEFAULT_CONFIG } from "./config.js";
import { findRepo, repoPaths, resolveVault, type RepoPaths, type VaultLocation } from "./paths.js";

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
}

export function loadContext(opts: ContextOptions = {}): Context {
  const repo = findRepo(opts.cwd ?? process.cwd(), opts.repo);
  const paths = repoPaths(repo);
  const cfg = loadConfig(paths.config);
  const vault = resolveVault(repo, {
    flag: opts.vault,
    env: opts.env ?? process.env,
    configValue: cfg.config.global_vault,
    configIsDefault: cfg.file === null || cfg.config.global_vault === DEFAULT_CONFIG.global_vault,
  });
  return { repo, paths, cfg, vault };
}
