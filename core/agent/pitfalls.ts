// `akms pitfalls` / the MCP tool pitfalls: the warnings the graph holds for some nodes — every
// pitfall edge a node carries (one per report: weight, severity, note, the session that reported
// it) and the node's own `## Pitfalls` section. Given tags instead of ids, the nodes are the ones
// the role's query selects.
import { readFileSync } from "node:fs";
import type { Context } from "../context.js";
import { NotFoundError } from "../errors.js";
import type { GraphLink, GraphIndex } from "../graph.js";
import { queryGraph } from "../query.js";
import { NodeFiles } from "../node-files.js";
import { didYouMean } from "../suggest.js";
import { splitFrontmatter } from "../frontmatter.js";
import { severityOfWeight } from "../schemas/vocabulary.js";
import { pitfallSection } from "../markdown.js";

export interface PitfallReport {
  from: string;
  to: string;
  weight: number;
  severity: "high" | "medium" | "low";
  note: string;
  phase: number | null;
  task_id: string | null;
}

export interface PitfallSection {
  node: string;
  file: string;
  items: string[];
}

export interface PitfallsResult {
  ok: true;
  graph_version: string;
  /** The nodes asked about (ids given, or the query's selection for the tags). */
  nodes: string[];
  role: string | null;
  seed_tags: string[] | null;
  pitfalls: PitfallReport[];
  sections: PitfallSection[];
}


function reportsOf(graph: GraphIndex, id: string): PitfallReport[] {
  return (graph.out.get(id) ?? [])
    .filter((l: GraphLink) => l.type === "pitfall")
    .flatMap((l) => {
      const s = graph.nodes.get(l.target) as (Record<string, unknown> & { phase?: number; task_id?: string }) | undefined;
      const phase = typeof s?.phase === "number" ? s.phase : null;
      const task = typeof s?.task_id === "string" ? s.task_id : null;
      // A pitfall several agents reported: one record per report, as it came.
      if (l.reports?.length) return l.reports.map((r) => ({ from: l.source, to: l.target, weight: r.weight, severity: r.severity, note: r.note, phase, task_id: r.task_id ?? task }));
      return [{ from: l.source, to: l.target, weight: l.weight, severity: severityOfWeight(l.weight), note: l.note ?? "", phase, task_id: task }];
    });
}

function sectionOf(files: NodeFiles, graph: GraphIndex, id: string): PitfallSection | null {
  const where = files.locate(graph.nodes.get(id), id);
  if (!("file" in where)) return null;
  let text: string;
  try {
    text = readFileSync(where.file, "utf8");
  } catch {
    return null;
  }
  const items = pitfallSection(splitFrontmatter(text)?.body ?? text);
  return items.length ? { node: id, file: where.shown, items } : null;
}

export function pitfallsFor(ctx: Context, graph: GraphIndex, ask: { ids: string[] } | { tags: string[]; role: string }): PitfallsResult {
  let ids: string[];
  let role: string | null = null;
  let seedTags: string[] | null = null;
  if ("ids" in ask) {
    for (const id of ask.ids) {
      if (!graph.nodes.has(id)) throw new NotFoundError(`no node "${id}" in the compiled graph`, { field: "ids", hint: didYouMean(id, graph.nodes.keys()) ?? "pass node ids as `akms query` shows them" });
    }
    ids = [...new Set(ask.ids)];
  } else {
    const q = queryGraph(graph, ctx.cfg, { tags: ask.tags, role: ask.role });
    ids = q.nodes.map((n) => n.id);
    role = q.role;
    seedTags = q.seed_tags;
  }
  const files = new NodeFiles(ctx);
  const sections: PitfallSection[] = [];
  for (const id of ids) {
    const s = sectionOf(files, graph, id);
    if (s) sections.push(s);
  }
  return { ok: true, graph_version: graph.version, nodes: ids, role, seed_tags: seedTags, pitfalls: ids.flatMap((id) => reportsOf(graph, id)), sections };
}
