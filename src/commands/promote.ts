import { loadContext } from "../../core/context.js";
import { bulk, promote } from "../../core/review/actions.js";
import type { CommandSpec } from "./types.js";
import { actionOutput, someIds } from "./actions-shared.js";

const usage = "akms promote ID [ID…]";

export const promoteCommand: CommandSpec = {
  name: "promote",
  summary: "review action: a local tentative node → established (its status line changes, and an agent draft's banner says it was accepted; journaled, undoable); several ids: one batch, one undo",
  usage,
  flags: [],
  async run(args, flags) {
    const ids = someIds(args, usage);
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    // Several ids: one batch, all or nothing, one \`akms undo\` reverts it.
    return actionOutput(ids.length === 1 ? promote(ctx, { id: ids[0]! }) : bulk(ctx, "promote", ids.map((id) => ({ id }))));
  },
};
