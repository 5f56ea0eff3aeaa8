import { loadContextQuick } from "../../core/context-quick.js";
import { promote } from "../../core/review/actions.js";
import type { CommandSpec } from "./types.js";
import { actionOutput, oneId } from "./actions-shared.js";

const usage = "akms promote ID";

export const promoteCommand: CommandSpec = {
  name: "promote",
  summary: "review action: a local tentative node → established (only its status line changes; journaled, undoable)",
  usage,
  async run(args, flags) {
    const id = oneId(args, usage);
    // The config as loadContext gives it; the config cache is read, not written (context-quick.ts).
    const ctx = await loadContextQuick({ repo: flags.repo, vault: flags.vault }, true);
    return actionOutput(promote(ctx, { id, oneShot: true }));
  },
};
