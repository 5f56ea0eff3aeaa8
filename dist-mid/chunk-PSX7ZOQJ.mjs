import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  recordMemory
} from "./chunk-2RIJFG5J.mjs";
import "./chunk-RIOBEXJW.mjs";
import "./chunk-CN7HKROC.mjs";
import "./chunk-SPJIBC4O.mjs";
import "./chunk-B4QPU3Q7.mjs";
import "./chunk-GNOMD4OV.mjs";
import "./chunk-QVAO2ACK.mjs";
import "./chunk-SIN2K5UU.mjs";
import "./chunk-EUE77RB2.mjs";
import {
  loadContext
} from "./chunk-2KKMRBBQ.mjs";
import "./chunk-W24I3PEA.mjs";
import "./chunk-2ZAOF5AY.mjs";
import "./chunk-JAGXTLBI.mjs";
import "./chunk-2N2TC7TM.mjs";
import "./chunk-OBKM57IJ.mjs";
import "./chunk-IWODBICT.mjs";
import "./chunk-PEBIPHYY.mjs";
import "./chunk-DWREGR5U.mjs";
import "./chunk-Q4IS5S6U.mjs";
import {
  AkmsError,
  UsageError
} from "./chunk-C3ZMY3KT.mjs";
import "./chunk-F7TTDJ7Y.mjs";

// src/commands/record.ts
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
function readInput(arg) {
  try {
    return readFileSync(arg === "-" ? 0 : resolve(process.cwd(), arg), "utf8");
  } catch (e) {
    throw new AkmsError("NOT_FOUND", `cannot read ${arg === "-" ? "standard input" : arg}: ${e.code ?? e.message}`, { file: arg, hint: "pass an AgentMemory file, or - to read it from standard input" });
  }
}
var recordCommand = {
  name: "record",
  summary: "validate an AgentMemory and record it as knowledge/sessions/<task_id>.md (never runs the update); says what the update will do with its new knowledge",
  usage: "akms record FILE|-",
  run(args, flags) {
    if (args.length !== 1) throw new UsageError("give one AgentMemory file (or - for standard input)", "akms record memory.md");
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    const r = recordMemory(ctx, readInput(args[0]), { source: args[0] === "-" ? "(standard input)" : args[0] });
    const lines = [`${r.written ? "recorded" : "already recorded, unchanged:"} ${r.file} (task ${r.task_id} \u2192 ${r.session}; ${r.nodes_used} nodes used, ${r.pitfalls} pitfalls)`];
    for (const k of r.new_knowledge) {
      lines.push(
        k.action === "appended" ? `  new knowledge ${k.suggested_id}: likely a duplicate of local node ${k.node} (score ${k.score}); the update will append it there for review` : `  new knowledge ${k.suggested_id}: will become tentative node ${k.node}${k.match ? ` (similar to global ${k.match}, score ${k.score})` : ""}`
      );
    }
    lines.push(`next (after the phase): ${r.next}`);
    return { json: r, text: lines.join("\n"), notes: r.warnings.map((w) => `warning: ${w}`) };
  }
};
export {
  recordCommand
};
