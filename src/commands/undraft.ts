import { loadContext } from "../../core/context.js";
import { undraft } from "../../core/review/actions.js";
import type { CommandSpec } from "./types.js";
import { actionOutput, oneId } from "./actions-shared.js";

const usage = "akms undraft ID";

export const undraftCommand: CommandSpec = {
  name: "undraft",
  summary: "review action: bring a drafted node back (a local node to its status before `akms draft`, else tentative)",
  usage,
  flags: [],
  async run(args, flags) {
    const id = oneId(args, usage);
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    return actionOutput(undraft(ctx, { id, oneShot: true }));
  },
};
