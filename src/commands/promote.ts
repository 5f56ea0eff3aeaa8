import { loadContext } from "../../core/context.js";
import { promote } from "../../core/review/actions.js";
import type { CommandSpec } from "./types.js";
import { actionOutput, oneId } from "./actions-shared.js";

const usage = "akms promote ID";

export const promoteCommand: CommandSpec = {
  name: "promote",
  summary: "review action: a local tentative node → established (only its status line changes; journaled, undoable)",
  usage,
  flags: [],
  async run(args, flags) {
    const id = oneId(args, usage);
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    return actionOutput(promote(ctx, { id, oneShot: true }));
  },
};
