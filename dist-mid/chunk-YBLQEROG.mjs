import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  actionOutput
} from "./chunk-RUJHBHNK.mjs";
import {
  undo
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

// src/commands/undo.ts
var usage = "akms undo";
var undoCommand = {
  name: "undo",
  summary: "revert the last review action byte for byte, if its files are unchanged since (again: the one before)",
  usage,
  async run(args, flags) {
    if (args.length) throw new UsageError(`\`akms undo\` takes no arguments (got ${args.join(" ")})`, `usage: ${usage}`);
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault, readOnly: true });
    return actionOutput(undo(ctx));
  }
};
export {
  undoCommand
};
