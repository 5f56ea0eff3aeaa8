import { loadContext } from "../../core/context.js";
import { UsageError } from "../../core/errors.js";
import { undo } from "../../core/review/actions.js";
import type { CommandSpec } from "./types.js";
import { actionOutput } from "./actions-shared.js";

const usage = "akms undo";

export const undoCommand: CommandSpec = {
  name: "undo",
  summary: "revert the last review action byte for byte, if its files are unchanged since (again: the one before)",
  usage,
  flags: [],
  async run(args, flags) {
    if (args.length) throw new UsageError(`\`akms undo\` takes no arguments (got ${args.join(" ")})`, `usage: ${usage}`);
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    return actionOutput(undo(ctx));
  },
};
