// The command registry: one line per command. The CLI's help and dispatch are built from it.
import type { CommandSpec } from "./types.js";
import { buildCommand } from "./build.js";
import { validateCommand } from "./validate.js";
import { initCommand } from "./init.js";
import { updateCommand } from "./update.js";
import { queryCommand } from "./query.js";
import { deriveTagsCommand } from "./derive-tags.js";
import { loadoutCommand } from "./loadout.js";
import { reEvaluateCommand } from "./re-evaluate.js";
import { statusCommand } from "./status.js";
import { reviewCommand } from "./review.js";
import { promoteCommand } from "./promote.js";
import { draftCommand } from "./draft.js";
import { undraftCommand } from "./undraft.js";
import { dedupCommand } from "./dedup.js";
import { undoCommand } from "./undo.js";
import { mirrorCommand } from "./mirror.js";
import { orchestrateCommand } from "./orchestrate.js";

export const COMMANDS: CommandSpec[] = [initCommand, buildCommand, validateCommand, updateCommand, mirrorCommand, statusCommand, reviewCommand, promoteCommand, draftCommand, undraftCommand, dedupCommand, undoCommand, queryCommand, deriveTagsCommand, loadoutCommand, reEvaluateCommand, orchestrateCommand];
