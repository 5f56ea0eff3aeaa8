import { loadContext } from "../../core/context.js";
import { openGraph } from "../../core/graph.js";
import { reevaluate } from "../../core/reevaluate.js";
import type { CommandSpec } from "./types.js";
import { plural } from "../../core/plural.js";

export const reEvaluateCommand: CommandSpec = {
  name: "re-evaluate",
  summary: "regenerate the loadouts whose graph_version is stale and report what changed (nodes in, nodes out); a done task's loadout is kept as its agent read it",
  flags: ["qmd"],
  usage: "akms re-evaluate [--no-qmd]",
  run(_args, flags) {
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    const graph = openGraph(ctx.paths);
    const r = reevaluate(ctx, graph, { noQmd: flags.qmd === false });
    const lines = [`graph ${r.graph_version}: ${plural(r.checked, "loadout")}, ${r.stale} stale, ${r.regenerated} regenerated${r.kept ? `, ${r.kept} kept (their tasks are done: what their agents read)` : ""}, ${r.failed} failed`];
    for (const e of r.entries) {
      if (e.status === "current") continue;
      if (e.status === "kept") {
        lines.push(`  kept    ${e.file} (${e.old_version ?? "?"}): task ${e.task_id ?? "?"} is done`);
        continue;
      }
      if (e.status === "failed") {
        lines.push(`  failed  ${e.file}: ${e.error?.message ?? "unknown error"}${e.error?.hint ? ` — ${e.error.hint}` : ""}`);
        continue;
      }
      const change = [
        e.nodes_in.length ? `in: ${e.nodes_in.join(", ")}` : null,
        e.nodes_out.length ? `out: ${e.nodes_out.join(", ")}` : null,
        e.mode_before !== e.mode_after ? `mode ${e.mode_before} → ${e.mode_after}` : null,
      ].filter(Boolean);
      lines.push(`  ${e.written ? "rewrote" : "same   "} ${e.file} (${e.old_version ?? "?"} → ${e.new_version})${change.length ? ": " + change.join("; ") : ": same nodes"}`);
    }
    return { json: { ok: r.failed === 0, ...r }, text: lines.join("\n"), exitCode: r.failed ? 1 : 0 };
  },
};
