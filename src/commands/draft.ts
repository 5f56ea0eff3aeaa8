import { loadContextQuick } from "../../core/context-quick.js";
import { draft } from "../../core/review/actions.js";
import type { CommandSpec } from "./types.js";
import { actionOutput, oneId } from "./actions-shared.js";

const usage = "akms draft ID";

export const draftCommand: CommandSpec = {
  name: "draft",
  summary: "review action: keep a node out of every loadout without deleting it (a global node: for this repository only)",
  usage,
  async run(args, flags) {
    const id = oneId(args, usage);
    // The config as loadContext gives it; the config cache is read, not written (context-quick.ts).
    const ctx = await loadContextQuick({ repo: flags.repo, vault: flags.vault }, true);
    return actionOutput(draft(ctx, { id, oneShot: true }));
  },
};
