import { loadContext } from "../../core/context.js";
import { bulk, undraft } from "../../core/review/actions.js";
import type { CommandSpec } from "./types.js";
import { actionOutput, someIds } from "./actions-shared.js";

const usage = "akms undraft ID [ID…]";

export const undraftCommand: CommandSpec = {
  name: "undraft",
  summary: "review action: bring a drafted node back (a local node to its status before `akms draft`, else tentative); several ids: one batch, one undo",
  usage,
  flags: [],
  async run(args, flags) {
    const ids = someIds(args, usage);
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    // Several ids: one batch, all or nothing, one \`akms undo\` reverts it.
    return actionOutput(ids.length === 1 ? undraft(ctx, { id: ids[0]! }) : bulk(ctx, "undraft", ids.map((id) => ({ id }))));
  },
};
