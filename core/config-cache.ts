// The validated config, cached (knowledge/graph/.cache/config.json) so that a quick command in a
// repository with a propagation_config.yaml does not load YAML and zod (≈ 100 ms of start-up) to
// validate the same bytes again. An entry is used only for exactly the bytes it was made from, at
// the same file path, by the same build of akms (the bundle's id of its sources); anything else —
// no build id (tests run the sources), another format, a damaged file — is a miss, and the config
// is parsed and validated as loadConfig does. Only a config that loaded without error is cached.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import type { LoadedConfig } from "./config.js";
import { writeFileAtomic } from "./fsx.js";
import { withLock } from "./lock.js";
import type { RepoPaths } from "./paths.js";

declare const __AKMS_BUILD_ID__: string | undefined;
/** Set by scripts/bundle.mjs (a hash of the sources and the lock file); null when running the sources. */
export const BUILD_ID: string | null = typeof __AKMS_BUILD_ID__ === "string" ? __AKMS_BUILD_ID__ : null;

const FORMAT = "akms-config-cache-1";

export type CachedConfig = Pick<LoadedConfig, "config" | "file" | "warnings" | "unknownKeys">;

interface Entry extends CachedConfig {
  format: string;
  build: string;
  /** The config file's bytes, base64. */
  bytes: string;
}

export function configCachePath(paths: RepoPaths): string {
  return join(paths.cacheDir, "config.json");
}

export function readConfigCache(paths: RepoPaths, bytes: Buffer, build: string | null): CachedConfig | null {
  if (build === null) return null;
  try {
    const e = JSON.parse(readFileSync(configCachePath(paths), "utf8")) as Entry;
    if (e.format !== FORMAT || e.build !== build || e.file !== paths.config || e.bytes !== bytes.toString("base64")) return null;
    if (!e.config || !Array.isArray(e.warnings) || !Array.isArray(e.unknownKeys)) return null;
    return { config: e.config, file: e.file, warnings: e.warnings, unknownKeys: e.unknownKeys };
  } catch {
    return null;
  }
}

/** Best effort: skipped when the lock is held, when the result would not survive JSON exactly, or on any write error. */
export function writeConfigCache(paths: RepoPaths, bytes: Buffer, cfg: LoadedConfig, build: string | null): boolean {
  if (build === null || cfg.file !== paths.config) return false;
  const cached: CachedConfig = { config: cfg.config, file: cfg.file, warnings: cfg.warnings, unknownKeys: cfg.unknownKeys };
  const entry: Entry = { format: FORMAT, build, bytes: bytes.toString("base64"), ...cached };
  const text = JSON.stringify(entry);
  const back = JSON.parse(text) as Entry;
  if (!isDeepStrictEqual({ config: back.config, file: back.file, warnings: back.warnings, unknownKeys: back.unknownKeys }, cached)) return false;
  try {
    return withLock(paths.lock, () => writeFileAtomic(configCachePath(paths), text));
  } catch {
    return false; // the lock is held (LockHeldError), or the cache cannot be written: next time
  }
}
