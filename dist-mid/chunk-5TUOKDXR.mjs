import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  actionOutput
} from "./chunk-RUJHBHNK.mjs";
import {
  dedupAccept,
  dedupReject
} from "./chunk-IC3JPZBO.mjs";
import "./chunk-NBN2NJWP.mjs";
import "./chunk-SPJIBC4O.mjs";
import "./chunk-MOGCZWZI.mjs";
import "./chunk-2BK6NNZL.mjs";
import "./chunk-B4QPU3Q7.mjs";
import "./chunk-WKFECQLF.mjs";
import "./chunk-GNOMD4OV.mjs";
import "./chunk-QVAO2ACK.mjs";
import "./chunk-SIN2K5UU.mjs";
import "./chunk-EUE77RB2.mjs";
import {
  loadContext
} from "./chunk-2KKMRBBQ.mjs";
import "./chunk-W24I3PEA.mjs";
import "./chunk-JAGXTLBI.mjs";
import "./chunk-2N2TC7TM.mjs";
import "./chunk-OBKM57IJ.mjs";
import "./chunk-IWODBICT.mjs";
import "./chunk-PEBIPHYY.mjs";
import "./chunk-DWREGR5U.mjs";
import "./chunk-Q4IS5S6U.mjs";
import {
  UsageError
} from "./chunk-C3ZMY3KT.mjs";
import "./chunk-F7TTDJ7Y.mjs";

// src/commands/dedup.ts
var usage = "akms dedup accept|reject ID [SESSION]";
var dedupCommand = {
  name: "dedup",
  summary: "review action: decide a pending dedup merge on local node ID (accept keeps it; reject moves it to a new tentative node)",
  usage,
  async run(args, flags) {
    const [verb, id, session, ...rest] = args;
    if (verb !== "accept" && verb !== "reject" || !id || rest.length) {
      throw new UsageError(verb && verb !== "accept" && verb !== "reject" ? `unknown dedup decision "${verb}"` : "expected `accept` or `reject` and a node id", `usage: ${usage} (SESSION picks one section when the node has several)`);
    }
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault, readOnly: true });
    const req = { id, ...session ? { session } : {}, oneShot: true };
    return actionOutput(verb === "accept" ? dedupAccept(ctx, req) : dedupReject(ctx, req));
  }
};
export {
  dedupCommand
};
