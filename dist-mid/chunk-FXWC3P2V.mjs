import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);

// src/commands/index.ts
var LOADERS = {
  init: async () => (await import("./chunk-2LJ37CLY.mjs")).initCommand,
  build: async () => (await import("./chunk-3GKN2OCK.mjs")).buildCommand,
  validate: async () => (await import("./chunk-XDJXHB24.mjs")).validateCommand,
  update: async () => (await import("./chunk-BZ6G7XFO.mjs")).updateCommand,
  mirror: async () => (await import("./chunk-YCTTR7KU.mjs")).mirrorCommand,
  status: async () => (await import("./chunk-4RCMTHYO.mjs")).statusCommand,
  review: async () => (await import("./chunk-M2TAECDG.mjs")).reviewCommand,
  promote: async () => (await import("./chunk-SOREWGSU.mjs")).promoteCommand,
  draft: async () => (await import("./chunk-ZAPCAJYT.mjs")).draftCommand,
  undraft: async () => (await import("./chunk-3ZPNSAUT.mjs")).undraftCommand,
  dedup: async () => (await import("./chunk-5TUOKDXR.mjs")).dedupCommand,
  undo: async () => (await import("./chunk-YBLQEROG.mjs")).undoCommand,
  query: async () => (await import("./chunk-LPAWQHSU.mjs")).queryCommand,
  "derive-tags": async () => (await import("./chunk-V7SZCNCL.mjs")).deriveTagsCommand,
  loadout: async () => (await import("./chunk-YT6WGCSB.mjs")).loadoutCommand,
  "re-evaluate": async () => (await import("./chunk-2KBSGJ5R.mjs")).reEvaluateCommand,
  orchestrate: async () => (await import("./chunk-4PBOII4N.mjs")).orchestrateCommand,
  search: async () => (await import("./chunk-7PNGEVRV.mjs")).searchCommand,
  show: async () => (await import("./chunk-ZP6M6A7U.mjs")).showCommand,
  pitfalls: async () => (await import("./chunk-VDAVJJZC.mjs")).pitfallsCommand,
  record: async () => (await import("./chunk-PSX7ZOQJ.mjs")).recordCommand,
  hook: async () => (await import("./chunk-4XWNDFNW.mjs")).hookCommand,
  mcp: async () => (await import("./chunk-TTOTMOE5.mjs")).mcpCommand
};
var COMMAND_NAMES = Object.keys(LOADERS);
function loadCommand(name) {
  return Object.hasOwn(LOADERS, name) ? LOADERS[name]() : null;
}
function loadAllCommands() {
  return Promise.all(COMMAND_NAMES.map((n) => LOADERS[n]()));
}

export {
  loadCommand,
  loadAllCommands
};
