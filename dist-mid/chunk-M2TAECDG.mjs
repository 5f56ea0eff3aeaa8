import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  SECTION_ORDER,
  SECTION_TITLES,
  writeReviewReport
} from "./chunk-Z3FRYNR6.mjs";
import "./chunk-MOGCZWZI.mjs";
import "./chunk-2BK6NNZL.mjs";
import "./chunk-B4QPU3Q7.mjs";
import "./chunk-BHTI52HA.mjs";
import {
  readGraphAhead
} from "./chunk-WKFECQLF.mjs";
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
import {
  requireKnowledge
} from "./chunk-Q4IS5S6U.mjs";
import {
  UsageError
} from "./chunk-C3ZMY3KT.mjs";
import "./chunk-F7TTDJ7Y.mjs";

// src/commands/review.ts
async function reportRun(flags) {
  const phase = flags.phase;
  if (phase !== void 0 && (!Number.isInteger(phase) || phase < 0)) throw new UsageError("--phase must be a whole number (0 or more)", "akms review --report --phase 2");
  const out = flags.out === "-" ? "-" : typeof flags.out === "string" && flags.out ? flags.out : void 0;
  const { loadContext: loadContext2 } = await import("./chunk-HH5CKR2K.mjs");
  const ctx = loadContext2({ repo: flags.repo, vault: flags.vault });
  requireKnowledge(ctx.paths);
  const r = writeReviewReport(ctx, { phase, out });
  const notes = phase !== void 0 && !r.known_phases.includes(phase) ? [`warning: no session of this repository is in phase ${phase} (phases: ${r.known_phases.join(", ") || "none yet"}); the report for it has no phase-bound items`] : [];
  const json = { ok: true, path: r.path, written: r.written, phase: r.phase, graph_version: r.graph_version, summary: r.summary, warnings: notes.map((n) => n.replace(/^warning: /, "")) };
  if (r.text !== void 0) return { json: { ...json, markdown: r.text }, text: r.text, notes };
  const w = Math.max(...SECTION_ORDER.map((k) => SECTION_TITLES[k].length));
  const lines = [`${r.written ? "wrote" : "unchanged"} ${r.path} (phase ${r.phase}, graph_version ${r.graph_version})`];
  for (const k of SECTION_ORDER) lines.push(`  ${SECTION_TITLES[k].padEnd(w)}  ${String(r.summary[k]).padStart(4)}`);
  return { json, text: lines.join("\n"), notes };
}
var reviewCommand = {
  name: "review",
  summary: "the review console (a terminal); --report writes the Markdown review report (knowledge/reviews/phase-<N>-review.md)",
  usage: "akms review [--report [--phase N] [--out FILE]]",
  async run(args, flags) {
    if (flags.report && args.length === 1 && args[0] === "-" && (flags.out === void 0 || flags.out === "")) return reportRun({ ...flags, out: "-" });
    if (args.length) throw new UsageError(`\`akms review\` takes no arguments (got ${args.join(" ")})`, "akms review, or akms review --report [--phase N] [--out FILE]");
    if (flags.report) return reportRun(flags);
    if (!process.stdout.isTTY || !process.stdin.isTTY) {
      throw new UsageError("the review console needs an interactive terminal", "use `akms review --report` for the Markdown report, and `akms promote|draft|undraft|dedup|undo` to act");
    }
    const phase = flags.phase;
    if (phase !== void 0 && (!Number.isInteger(phase) || phase < 0)) throw new UsageError("--phase must be a whole number (0 or more)", "akms review --phase 2");
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    requireKnowledge(ctx.paths);
    const graphRead = readGraphAhead(ctx.paths.graphJson);
    const { importConsole } = await import("./chunk-GDPM3RED.mjs");
    const { openConsole } = await importConsole();
    return openConsole(ctx, flags, { graphRead });
  }
};
export {
  reviewCommand
};
