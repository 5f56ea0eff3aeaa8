import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  build
} from "./chunk-GNOMD4OV.mjs";
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
  formatProblem
} from "./chunk-C3ZMY3KT.mjs";
import "./chunk-F7TTDJ7Y.mjs";

// src/commands/build.ts
var buildCommand = {
  name: "build",
  summary: "compile the global vault, local nodes, code mirror and overlay into knowledge/graph/graph.json",
  usage: "akms build [--keep-going] [--no-cache]",
  async run(_args, flags) {
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    const r = build(ctx, { keepGoing: Boolean(flags.keepGoing), noCache: flags.cache === false });
    const lines = [
      `${r.written ? "wrote" : "unchanged"} ${ctx.paths.graphJson}`,
      `  ${r.nodeCount} nodes, ${r.edgeCount} edges, graph_version ${r.graphVersion}`,
      `  global vault: ${ctx.vault.display}${ctx.vault.path !== ctx.vault.display ? ` (${ctx.vault.path})` : ""}`
    ];
    if (r.warnings.length) {
      lines.push(`  ${r.warnings.length} warning${r.warnings.length === 1 ? "" : "s"} (kept for \`akms status\`):`);
      for (const w of r.warnings.slice(0, 20)) lines.push(`    ${w.code.toLowerCase()}: ${w.file ? w.file + ": " : ""}${w.message}`);
      if (r.warnings.length > 20) lines.push(`    \u2026 ${r.warnings.length - 20} more`);
    }
    if (r.rejects.length) {
      lines.push(`  rejected (--keep-going), not compiled:`);
      for (const p of r.rejects) lines.push(`    ${formatProblem(p)}`);
    }
    return {
      json: {
        ok: true,
        written: r.written,
        graph_json: r.graphJson,
        graph_version: r.graphVersion,
        node_count: r.nodeCount,
        edge_count: r.edgeCount,
        warnings: r.warnings,
        rejects: r.rejects,
        config_warnings: ctx.cfg.warnings
      },
      text: lines.join("\n"),
      notes: ctx.cfg.warnings.map((w) => `warning: ${w}`),
      exitCode: r.rejects.length ? 1 : 0
    };
  }
};
export {
  buildCommand
};
