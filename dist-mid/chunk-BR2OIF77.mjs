import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  asCompiled,
  build,
  buildLocked,
  compileGraph,
  manifestBeforeWrites,
  recordPatchedGraph
} from "./chunk-GNOMD4OV.mjs";
import "./chunk-QVAO2ACK.mjs";
import "./chunk-SIN2K5UU.mjs";
import "./chunk-EUE77RB2.mjs";
import "./chunk-W24I3PEA.mjs";
import "./chunk-JAGXTLBI.mjs";
import "./chunk-2N2TC7TM.mjs";
import "./chunk-OBKM57IJ.mjs";
import "./chunk-DWREGR5U.mjs";
import "./chunk-Q4IS5S6U.mjs";
import "./chunk-C3ZMY3KT.mjs";
import "./chunk-F7TTDJ7Y.mjs";
export {
  asCompiled,
  build,
  buildLocked,
  compileGraph,
  manifestBeforeWrites,
  recordPatchedGraph
};
