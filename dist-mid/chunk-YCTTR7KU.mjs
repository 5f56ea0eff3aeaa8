import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  generateMirror
} from "./chunk-M5JJG5WS.mjs";
import "./chunk-X3WYGEXI.mjs";
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
  UsageError
} from "./chunk-C3ZMY3KT.mjs";
import "./chunk-F7TTDJ7Y.mjs";

// src/commands/mirror.ts
function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
function describeSelection(r) {
  if (r.mode === "since") return `files changed since ${r.ref}`;
  if (r.mode === "pcd") return `files of ${r.pcd}`;
  if (r.mode === "all") return "every source file";
  return "the named files";
}
function text(r) {
  const lines = [];
  lines.push(
    `mirror (${describeSelection(r)}): ${r.mirrored.length} written, ${r.unchanged.length} unchanged, ${r.removed.length} removed` + (r.skipped.length ? `, ${r.skipped.length} skipped` : "")
  );
  for (const m of r.mirrored) {
    lines.push(`  wrote    ${m.mirror}  \u2190 ${m.source} (${plural(m.definitions, "definition")}${m.drift ? `, ${m.drift} drift \u2192 status draft` : ""})`);
  }
  for (const m of r.removed) lines.push(`  removed  ${m.mirror}  (${m.reason}: ${m.source})`);
  if (r.unchanged.length && r.unchanged.length <= 20) for (const m of r.unchanged) lines.push(`  same     ${m.mirror}`);
  for (const s of r.skipped) lines.push(`  skipped  ${s.source}: ${s.reason}`);
  if (r.drift.length) {
    lines.push("", `docstring drift (${r.drift.length}):`);
    for (const d of r.drift) lines.push(`  ${d.source_file}:${d.line}  ${d.function}  ${d.detail}`);
  } else {
    lines.push("no docstring drift");
  }
  if (r.semantic.enabled) {
    lines.push(r.semantic.ran ? `semantic drift check: ${plural(r.semantic.calls, "model call")}` : `semantic drift check: ${r.semantic.message ?? "nothing to check"}`);
  }
  if (r.graph) lines.push(`graph.json ${r.graph.written ? "rebuilt" : "unchanged"} (graph_version ${r.graph.graph_version})`);
  if (r.graph_error) lines.push(`graph.json NOT rebuilt: ${r.graph_error} \u2014 fix that, then run \`akms build\``);
  return lines.join("\n");
}
var mirrorCommand = {
  name: "mirror",
  summary: "regenerate the code mirror (one .md per source file) and check docstring drift",
  usage: "akms mirror [--files F\u2026 | --pcd FILE | --since REF | --all] [--phase N]",
  async run(args, flags) {
    if (args.length) throw new UsageError(`unexpected argument "${args[0]}"`, "name files with --files F (repeat the flag for more)");
    const phase = flags.phase;
    if (phase !== void 0 && (!Number.isInteger(phase) || phase < 0)) throw new UsageError("--phase takes a whole number", "for example --phase 2");
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    const r = await generateMirror(ctx, {
      files: flags.files ?? void 0,
      pcd: flags.pcd,
      since: flags.since,
      all: Boolean(flags.all),
      phase
    });
    const notes = [
      ...ctx.cfg.warnings.map((w) => `warning: ${w}`),
      ...r.warnings.map((w) => `warning: ${w.file}${w.line !== void 0 ? `:${w.line}` : ""}: ${w.message}`)
    ];
    return {
      json: { ok: true, ...r, config_warnings: ctx.cfg.warnings },
      text: text(r),
      notes,
      exitCode: 0
    };
  }
};
export {
  mirrorCommand
};
