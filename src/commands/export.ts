import { writeFileAtomic } from "../../core/fsx.js";
import { resolve } from "node:path";
import { loadContext } from "../../core/context.js";
import { UsageError } from "../../core/errors.js";
import { openGraph } from "../../core/graph.js";
import { exportGraph, type Selection } from "../../core/export/select.js";
import { FORMATS, consumerLimits, render, type Format } from "../../core/export/formats.js";
import { exportObsidian } from "../../core/export/obsidian.js";
import { resolveRole } from "../../core/query.js";
import { parseTagsFlag } from "./planning-input.js";
import type { CommandSpec, Flags } from "./types.js";
import { plural } from "../../core/plural.js";

function selectionOf(flags: Flags, ctx: ReturnType<typeof loadContext>): Selection {
  const query = flags.tags !== undefined || flags.role !== undefined;
  const around = flags.around !== undefined || flags.radius !== undefined;
  if (query && around) throw new UsageError("give either --tags (with --role) or --around ID (with --radius), not both");
  if (around) {
    if (typeof flags.around !== "string" || !flags.around) throw new UsageError("--around needs a node id (with --radius N; default 1)");
    const radius = flags.radius === undefined ? 1 : flags.radius;
    if (typeof radius !== "number" || !Number.isInteger(radius) || radius < 0) throw new UsageError(`--radius needs a whole number of at least 0 (got ${String(radius)})`);
    return { kind: "around", id: flags.around, radius };
  }
  if (query) {
    if (flags.tags === undefined) throw new UsageError("--role selects with --tags: give --tags a,b too");
    const role = resolveRole(ctx.cfg, typeof flags.role === "string" ? flags.role : undefined);
    return { kind: "query", tags: parseTagsFlag(flags.tags), role };
  }
  return { kind: "all" };
}

export const exportCommand: CommandSpec = {
  name: "export",
  summary: "the graph for other tools: GraphML, GEXF, DOT, Mermaid, Cytoscape JSON (all, a query's subgraph, or a node's neighbourhood); `export obsidian DIR` writes an Obsidian vault",
  flags: ["format", "tags", "role", "around", "radius", "out"],
  usage: "akms export --format graphml|gexf|dot|mermaid|cytoscape [--tags a,b [--role R] | --around ID [--radius N]] [--out FILE] · akms export obsidian DIR",
  run(args, flags) {
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    if (args[0] === "obsidian") {
      if (args.length !== 2) throw new UsageError("akms export obsidian takes one directory: akms export obsidian DIR");
      if (flags.format !== undefined) throw new UsageError("akms export obsidian takes no --format (it writes Markdown notes)");
      const r = exportObsidian(ctx, openGraph(ctx.paths), resolve(process.cwd(), args[1]!));
      return { json: { ok: true, format: "obsidian", ...r }, text: `wrote ${plural(r.notes, "note")} with ${plural(r.links, "typed link")} to ${r.dir} (open it as a vault in Obsidian)` };
    }
    if (args.length) throw new UsageError(`akms export takes no arguments (got ${args.join(" ")}); the one subcommand is \`obsidian DIR\``);
    const format = flags.format;
    if (typeof format !== "string" || !(FORMATS as readonly string[]).includes(format)) {
      const hint = format === "obsidian" ? "an Obsidian vault is a folder of notes: akms export obsidian DIR" : "e.g. akms export --format graphml --out graph.graphml";
      throw new UsageError(`--format must be one of ${FORMATS.join(", ")}${format === undefined ? "" : ` (got "${String(format)}")`}`, hint);
    }
    const g = exportGraph(openGraph(ctx.paths), ctx.cfg, selectionOf(flags, ctx));
    const text = render(g, format as Format);
    // Past a consumer's known limits (Mermaid's text and edge caps, dot's layout time): said, with the way around.
    const limits = consumerLimits(g, format as Format, text);
    const notes = limits.map((w) => `warning: ${w}`);
    const out = flags.out;
    if (out === undefined || out === "-") return { json: { ok: true, format, nodes: g.order, edges: g.size, warnings: limits, text }, text: text.replace(/\n$/, ""), notes };
    if (typeof out !== "string" || !out) throw new UsageError("--out needs a file path (or - for standard output)");
    const path = resolve(process.cwd(), out);
    const written = writeFileAtomic(path, text);
    return { json: { ok: true, format, nodes: g.order, edges: g.size, warnings: limits, path, written }, text: `${written ? "wrote" : "unchanged"} ${path}: ${plural(g.order, "node")}, ${plural(g.size, "edge")} (${format})`, notes };
  },
};
