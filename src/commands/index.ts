// The command registry: one line per command. The CLI's help and dispatch are built from it.
import type { CommandSpec } from "./types.js";
import { buildCommand } from "./build.js";
import { validateCommand } from "./validate.js";
import { initCommand } from "./init.js";
import { updateCommand } from "./update.js";
import { mirrorCommand } from "./mirror.js";

export const COMMANDS: CommandSpec[] = [initCommand, buildCommand, validateCommand, updateCommand, mirrorCommand];
