import { loadContext } from "../../core/context.js";
import { UsageError } from "../../core/errors.js";
import { openGraph } from "../../core/graph.js";
import { showNode, type ShowResult } from "../../core/agent/show.js";
import { confidenceText } from "../../core/report.js";
import type { CommandSpec } from "./types.js";

function text(r: ShowResult): string {
  const n = r.node as Record<string, unknown>;
  const lines = [
    `${r.id}  ${String(n.title ?? "")}`,
    `  ${r.provenance.status} · ${confidenceText(n as never)} · ${r.provenance.node_origin} · source ${r.provenance.source}${r.provenance.origin_session ? ` · from ${r.provenance.origin_session}` : ""}`,
    `  file: ${r.file ?? r.file_note ?? "(none)"}`,
  ];
  if (r.overlay.node) lines.push(`  overlay: ${JSON.stringify(r.overlay.node)}`);
  const edge = (e: ShowResult["edges"]["out"][number], dir: "out" | "in") =>
    `  ${dir === "out" ? `→ ${e.to}` : `← ${e.from}`}  ${e.type} ${e.weight}${e.note ? `  ${e.note.split("\n")[0]}` : ""}`;
  if (r.edges.out.length) lines.push("edges out:", ...r.edges.out.map((e) => edge(e, "out")));
  if (r.edges.in.length) lines.push("edges in:", ...r.edges.in.map((e) => edge(e, "in")));
  if (r.body !== null) lines.push("", r.body);
  return lines.join("\n");
}

export const showCommand: CommandSpec = {
  name: "show",
  summary: "one node whole: frontmatter, body, overlay state, edges in and out, provenance",
  flags: [],
  usage: "akms show ID",
  run(args, flags) {
    if (args.length !== 1) throw new UsageError("give one node id", "akms show green-operator-caching");
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    const r = showNode(ctx, openGraph(ctx.paths), args[0]!);
    return { json: r, text: text(r) };
  },
};
