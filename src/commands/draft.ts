import { loadContext } from "../../core/context.js";
import { draft } from "../../core/review/actions.js";
import type { CommandSpec } from "./types.js";
import { actionOutput, oneId } from "./actions-shared.js";

const usage = "akms draft ID";

export const draftCommand: CommandSpec = {
  name: "draft",
  summary: "review action: keep a node out of every loadout without deleting it (a global node: for this repository only)",
  usage,
  flags: [],
  async run(args, flags) {
    const id = oneId(args, usage);
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    return actionOutput(draft(ctx, { id, oneShot: true }));
  },
};
