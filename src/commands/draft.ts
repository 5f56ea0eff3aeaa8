import { loadContext } from "../../core/context.js";
import { bulk, draft } from "../../core/review/actions.js";
import type { CommandSpec } from "./types.js";
import { actionOutput, someIds } from "./actions-shared.js";

const usage = "akms draft ID [ID…]";

export const draftCommand: CommandSpec = {
  name: "draft",
  summary: "review action: keep a node out of every loadout without deleting it (a global node: for this repository only); several ids: one batch, one undo",
  usage,
  flags: [],
  async run(args, flags) {
    const ids = someIds(args, usage);
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    // Several ids: one batch, all or nothing, one \`akms undo\` reverts it.
    return actionOutput(ids.length === 1 ? draft(ctx, { id: ids[0]! }) : bulk(ctx, "draft", ids.map((id) => ({ id }))));
  },
};
