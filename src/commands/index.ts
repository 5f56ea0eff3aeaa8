// The command registry: one line per command. Each command's module is loaded only when that
// command runs (the bundle is split per command), so `akms build` never loads the console.
import type { CommandSpec } from "./types.js";

const LOADERS: Record<string, () => Promise<CommandSpec>> = {
  init: async () => (await import("./init.js")).initCommand,
  build: async () => (await import("./build.js")).buildCommand,
  validate: async () => (await import("./validate.js")).validateCommand,
  update: async () => (await import("./update.js")).updateCommand,
  mirror: async () => (await import("./mirror.js")).mirrorCommand,
  status: async () => (await import("./status.js")).statusCommand,
  check: async () => (await import("./check.js")).checkCommand,
  diff: async () => (await import("./diff.js")).diffCommand,
  review: async () => (await import("./review.js")).reviewCommand,
  promote: async () => (await import("./promote.js")).promoteCommand,
  draft: async () => (await import("./draft.js")).draftCommand,
  undraft: async () => (await import("./undraft.js")).undraftCommand,
  dedup: async () => (await import("./dedup.js")).dedupCommand,
  undo: async () => (await import("./undo.js")).undoCommand,
  query: async () => (await import("./query.js")).queryCommand,
  export: async () => (await import("./export.js")).exportCommand,
  migrate: async () => (await import("./migrate.js")).migrateCommand,
  "derive-tags": async () => (await import("./derive-tags.js")).deriveTagsCommand,
  loadout: async () => (await import("./loadout.js")).loadoutCommand,
  "re-evaluate": async () => (await import("./re-evaluate.js")).reEvaluateCommand,
  orchestrate: async () => (await import("./orchestrate.js")).orchestrateCommand,
  search: async () => (await import("./search.js")).searchCommand,
  eval: async () => (await import("./eval.js")).evalCommand,
  index: async () => (await import("./index-cmd.js")).indexCommand,
  show: async () => (await import("./show.js")).showCommand,
  pitfalls: async () => (await import("./pitfalls.js")).pitfallsCommand,
  record: async () => (await import("./record.js")).recordCommand,
  hook: async () => (await import("./hook.js")).hookCommand,
  mcp: async () => (await import("./mcp.js")).mcpCommand,
  "merge-driver": async () => (await import("./merge-driver.js")).mergeDriverCommand,
};

export const COMMAND_NAMES = Object.keys(LOADERS);

export function loadCommand(name: string): Promise<CommandSpec> | null {
  return Object.hasOwn(LOADERS, name) ? LOADERS[name]!() : null;
}

/** Every command (for the help text). */
export function loadAllCommands(): Promise<CommandSpec[]> {
  return Promise.all(COMMAND_NAMES.map((n) => LOADERS[n]!()));
}
