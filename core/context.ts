// The resolved working context of one invocation: repository, its paths, config and vault.
import { loadConfig, type LoadedConfig } from "./config.js";
import { contextWith, locateRepo } from "./context-quick.js";
import type { RepoPaths, VaultLocation } from "./paths.js";

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
  const { repo, paths } = locateRepo(opts);
  return contextWith(repo, paths, loadConfig(paths.config), opts);
}
