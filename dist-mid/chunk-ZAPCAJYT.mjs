import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  actionOutput,
  oneId
} from "./chunk-RUJHBHNK.mjs";
import {
  draft
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
import "./chunk-C3ZMY3KT.mjs";
import "./chunk-F7TTDJ7Y.mjs";

// src/commands/draft.ts
var usage = "akms draft ID";
var draftCommand = {
  name: "draft",
  summary: "review action: keep a node out of every loadout without deleting it (a global node: for this repository only)",
  usage,
  async run(args, flags) {
    const id = oneId(args, usage);
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault, readOnly: true });
    return actionOutput(draft(ctx, { id, oneShot: true }));
  }
};
export {
  draftCommand
};
