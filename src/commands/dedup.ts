import { loadContext } from "../../core/context.js";
import { UsageError } from "../../core/errors.js";
import { dedupAccept, dedupReject } from "../../core/review/actions.js";
import type { CommandSpec } from "./types.js";
import { actionOutput } from "./actions-shared.js";

const usage = "akms dedup accept|reject ID [SESSION]";

export const dedupCommand: CommandSpec = {
  name: "dedup",
  summary: "review action: decide a pending dedup merge on local node ID (accept keeps it; reject moves it to a new tentative node)",
  usage,
  flags: [],
  async run(args, flags) {
    const [verb, id, session, ...rest] = args;
    if ((verb !== "accept" && verb !== "reject") || !id || rest.length) {
      throw new UsageError(verb && verb !== "accept" && verb !== "reject" ? `unknown dedup decision "${verb}"` : "expected `accept` or `reject` and a node id", `usage: ${usage} (SESSION picks one section when the node has several)`);
    }
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    const req = { id, ...(session ? { session } : {}) };
    return actionOutput(verb === "accept" ? dedupAccept(ctx, req) : dedupReject(ctx, req));
  },
};
