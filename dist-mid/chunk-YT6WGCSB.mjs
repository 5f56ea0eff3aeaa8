import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  readPlanningFlags
} from "./chunk-BIF7SPC2.mjs";
import {
  loadPlanGraph
} from "./chunk-YBDCSPVJ.mjs";
import {
  resolveOut,
  writeLoadout
} from "./chunk-DVAT5OZ6.mjs";
import "./chunk-VDEEV4GL.mjs";
import {
  resolveTaskRole
} from "./chunk-BHTI52HA.mjs";
import "./chunk-WKFECQLF.mjs";
import "./chunk-NTRS6NJ7.mjs";
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

// src/commands/loadout.ts
function intFlag(name, v, min) {
  if (v === void 0) return void 0;
  if (typeof v !== "number" || !Number.isInteger(v) || v < min) throw new UsageError(`--${name} needs a whole number of at least ${min}`);
  return v;
}
var loadoutCommand = {
  name: "loadout",
  summary: "write a task's loadout (knowledge/loadouts/phase<N>-<task_id>-loadout.md); --no-qmd for the degraded mode",
  usage: "akms loadout --task FILE | --tags a,b [--role R] [--phase N] [--mode auto|routing|full] [--no-qmd] [--context-limit N] [--out FILE]",
  run(_args, flags) {
    const mode = flags.mode ?? "auto";
    if (!["auto", "routing", "full"].includes(mode)) throw new UsageError(`--mode must be auto, routing or full (got "${mode}")`);
    const phase = intFlag("phase", flags.phase, 0);
    const contextLimit = intFlag("context-limit", flags.contextLimit, 1);
    if (flags.out !== void 0 && (typeof flags.out !== "string" || !flags.out)) throw new UsageError("--out needs a file path");
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    const read = readPlanningFlags({ task: flags.task, tags: flags.tags });
    if (flags.role !== void 0 && typeof flags.role !== "string") throw new UsageError("--role needs a role name");
    resolveTaskRole(ctx.cfg, flags.role, read.task);
    const { graph } = loadPlanGraph(ctx.paths);
    const r = writeLoadout(ctx, graph, {
      task: read.task,
      tags: read.tags,
      role: flags.role,
      phase,
      mode,
      noQmd: flags.qmd === false,
      contextLimit,
      out: resolveOut(process.cwd(), flags.out)
    });
    const text = [
      `${r.written ? "wrote" : "unchanged"} ${r.shown}`,
      `  task ${r.task_id} \xB7 role ${r.role} \xB7 tags ${r.seed_tags.join(", ") || "(none)"} (${r.tags_from})`,
      `  ${r.loadout_mode} mode (${r.mode_reason}) \xB7 ${r.node_count} node${r.node_count === 1 ? "" : "s"} \xB7 ${r.pitfall_count} pitfall${r.pitfall_count === 1 ? "" : "s"} \xB7 graph ${r.graph_version}`,
      `  qmd: ${r.qmd_available ? `available (${r.qmd_reason})${r.qmd_cached ? ", passages from cache" : ""}` : `not available (${r.qmd_reason}): degraded mode`}`
    ].join("\n");
    return {
      json: { ok: true, ...r },
      text,
      notes: [...ctx.cfg.warnings, ...r.warnings].map((x) => `warning: ${x}`)
    };
  }
};
export {
  loadoutCommand
};
