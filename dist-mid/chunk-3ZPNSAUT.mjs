import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  actionOutput,
  oneId
} from "./chunk-RUJHBHNK.mjs";
import {
  undraft
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

// src/commands/undraft.ts
var usage = "akms undraft ID";
var undraftCommand = {
  name: "undraft",
  summary: "review action: bring a drafted node back (a local node to its status before `akms draft`, else tentative)",
  usage,
  async run(args, flags) {
    const id = oneId(args, usage);
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault, readOnly: true });
    return actionOutput(undraft(ctx, { id, oneShot: true }));
  }
};
export {
  undraftCommand
};
