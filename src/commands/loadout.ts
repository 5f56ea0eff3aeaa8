import { QMD_INSTALL_HINT } from "../../core/qmd.js";
import { loadContext } from "../../core/context.js";
import { UsageError } from "../../core/errors.js";
import { prepareSemantic, renderLoadout, resolveOut, writeLoadout } from "../../core/loadout.js";
import type { ModeRequest } from "../../core/loadout/mode.js";
import { resolveTaskRole } from "../../core/query.js";
import { checkPlanningInput, readPlanningFlags } from "./planning-input.js";
import { openGraph } from "../../core/graph.js";
import { qmdIndexMessage, type QmdIndexing } from "../../core/qmd.js";
import type { CommandSpec } from "./types.js";
import { plural } from "../../core/plural.js";

function intFlag(name: string, v: unknown, min: number): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "number" || !Number.isInteger(v) || v < min) throw new UsageError(`--${name} needs a whole number of at least ${min}`);
  return v;
}

export const loadoutCommand: CommandSpec = {
  name: "loadout",
  summary: "write a task's loadout (knowledge/loadouts/phase<N>-<task_id>-loadout.md); --no-qmd for the degraded mode",
  flags: ["task", "tags", "role", "phase", "mode", "qmd", "contextLimit", "out"],
  usage: "akms loadout --task FILE|ID | --tags a,b [--role R] [--phase N] [--mode auto|routing|full] [--no-qmd] [--context-limit N] [--out FILE|-]",
  checkInput: checkPlanningInput,
  async run(_args, flags) {
    const mode = (flags.mode ?? "auto") as string;
    if (!["auto", "routing", "full"].includes(mode)) throw new UsageError(`--mode must be auto, routing or full (got "${mode}")`);
    const phase = intFlag("phase", flags.phase, 0);
    const contextLimit = intFlag("context-limit", flags.contextLimit, 1);
    if (flags.out !== undefined && (typeof flags.out !== "string" || !flags.out)) throw new UsageError("--out needs a file path");
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault, writeCache: true });
    const read = readPlanningFlags({ task: flags.task, tags: flags.tags }, process.cwd(), ctx);
    if (flags.role !== undefined && typeof flags.role !== "string") throw new UsageError("--role needs a role name");
    resolveTaskRole(ctx.cfg, flags.role as string | undefined, read.task);
    const graph = openGraph(ctx.paths);
    const req = {
      task: read.task,
      tags: read.tags,
      role: flags.role as string | undefined,
      phase,
      mode: mode as ModeRequest,
      noQmd: flags.qmd === false,
      contextLimit,
    };
    // The embedding arm's passages, prepared before the write (it may embed a few chunks first).
    const semantic = await prepareSemantic(ctx, graph, req);
    const planned = {
      ...req,
      ...(semantic ? { semantic } : {}),
      // Said while it happens (stderr: --json keeps stdout for the result).
      onQmdIndex: (kind: QmdIndexing) => process.stderr.write(qmdIndexMessage(kind) + "\n"),
    };
    // `--out -`, as review --report and export take it: the Markdown on standard output, no file; what it is on stderr.
    const toStdout = flags.out === "-";
    const rendered = toStdout ? renderLoadout(ctx, graph, planned) : null;
    const r = rendered ? rendered.result : writeLoadout(ctx, graph, { ...planned, out: resolveOut(process.cwd(), flags.out as string | undefined) });
    const summary = [
      `${r.written ? "wrote" : "unchanged"} ${r.shown}`,
      `  task ${r.task_id} · role ${r.role} · tags ${r.seed_tags.join(", ") || "(none)"} (${r.tags_from})`,
      `  ${r.loadout_mode} mode (${r.mode_reason}) · ${plural(r.node_count, "node")} · ${plural(r.pitfall_count, "pitfall")} · graph ${r.graph_version}`,
      `  qmd: ${r.qmd_available ? `available (${r.qmd_reason})${r.qmd_cached ? ", passages from cache" : ""}${r.qmd_index ? `, index ${r.qmd_index} for this loadout` : ""}` : `not available (${r.qmd_reason}): degraded mode${r.qmd_reason === "not installed" ? ` — ${QMD_INSTALL_HINT}` : ""}`}`,
    ];
    const warnings = [...ctx.cfg.warnings, ...r.warnings].map((x) => `warning: ${x}`);
    if (rendered) return { json: { ok: true, ...r, markdown: rendered.text }, text: rendered.text.replace(/\n$/, ""), notes: [...summary.slice(1).map((l) => `loadout: ${l.trim()}`), ...warnings] };
    return { json: { ok: true, ...r }, text: summary.join("\n"), notes: warnings };
  },
};
