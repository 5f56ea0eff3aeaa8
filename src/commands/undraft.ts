import { loadContextQuick } from "../../core/context-quick.js";
import { undraft } from "../../core/review/actions.js";
import type { CommandSpec } from "./types.js";
import { actionOutput, oneId } from "./actions-shared.js";

const usage = "akms undraft ID";

export const undraftCommand: CommandSpec = {
  name: "undraft",
  summary: "review action: bring a drafted node back (a local node to its status before `akms draft`, else tentative)",
  usage,
  async run(args, flags) {
    const id = oneId(args, usage);
    // The config as loadContext gives it; the config cache is read, not written (context-quick.ts).
    const ctx = await loadContextQuick({ repo: flags.repo, vault: flags.vault }, true);
    return actionOutput(undraft(ctx, { id, oneShot: true }));
  },
};
