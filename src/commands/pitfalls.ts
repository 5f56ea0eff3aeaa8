import { loadContext } from "../../core/context.js";
import { UsageError } from "../../core/errors.js";
import { openGraph } from "../../core/graph.js";
import { pitfallsFor } from "../../core/agent/pitfalls.js";
import { resolveRole } from "../../core/query.js";
import { parseTagsFlag } from "./planning-input.js";
import type { CommandSpec } from "./types.js";
import { plural } from "../../core/plural.js";

export const pitfallsCommand: CommandSpec = {
  name: "pitfalls",
  summary: "the pitfall warnings the graph holds for some nodes (their pitfall edges and ## Pitfalls sections), or for the nodes a query selects",
  flags: ["nodes", "tags", "role"],
  usage: "akms pitfalls --nodes a,b | --tags a,b [--role R]",
  run(_args, flags) {
    const hasNodes = typeof flags.nodes === "string";
    if (hasNodes === (flags.tags !== undefined)) throw new UsageError("give exactly one of --nodes a,b or --tags a,b");
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    const graph = openGraph(ctx.paths);
    const ids = hasNodes ? (flags.nodes as string).split(",").map((s) => s.trim()).filter(Boolean) : [];
    if (hasNodes && !ids.length) throw new UsageError("--nodes needs node ids, separated by commas");
    const r = hasNodes ? pitfallsFor(ctx, graph, { ids }) : pitfallsFor(ctx, graph, { tags: parseTagsFlag(flags.tags), role: resolveRole(ctx.cfg, flags.role as string | undefined) });
    const lines = [`${plural(r.pitfalls.length, "pitfall report")} and ${plural(r.sections.length, "## Pitfalls section")} for ${plural(r.nodes.length, "node")}`];
    for (const p of r.pitfalls) lines.push(`  ${p.from} → ${p.to} (${p.severity}, weight ${p.weight}${p.task_id ? `, task ${p.task_id}` : ""}): ${p.note.split("\n")[0] || "(no note)"}`);
    for (const s of r.sections) {
      lines.push(`  ${s.node} (${s.file}):`);
      for (const it of s.items) lines.push(`    - ${it}`);
    }
    return { json: r, text: lines.join("\n") };
  },
};
