import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  parseTagsFlag
} from "./chunk-BIF7SPC2.mjs";
import {
  locateNodeFile
} from "./chunk-WNTECCL5.mjs";
import {
  didYouMean
} from "./chunk-NBN2NJWP.mjs";
import {
  GlobalFiles
} from "./chunk-2BK6NNZL.mjs";
import "./chunk-B4QPU3Q7.mjs";
import {
  queryGraph,
  resolveRole
} from "./chunk-BHTI52HA.mjs";
import {
  loadGraph
} from "./chunk-WKFECQLF.mjs";
import "./chunk-QVAO2ACK.mjs";
import "./chunk-SIN2K5UU.mjs";
import "./chunk-EUE77RB2.mjs";
import {
  loadContext
} from "./chunk-2KKMRBBQ.mjs";
import "./chunk-W24I3PEA.mjs";
import {
  pitfallSection
} from "./chunk-JAGXTLBI.mjs";
import "./chunk-2N2TC7TM.mjs";
import {
  splitFrontmatter
} from "./chunk-OBKM57IJ.mjs";
import "./chunk-IWODBICT.mjs";
import "./chunk-PEBIPHYY.mjs";
import {
  severityOfWeight
} from "./chunk-DWREGR5U.mjs";
import "./chunk-Q4IS5S6U.mjs";
import {
  NotFoundError,
  UsageError
} from "./chunk-C3ZMY3KT.mjs";
import "./chunk-F7TTDJ7Y.mjs";

// core/agent/pitfalls.ts
import { readFileSync } from "node:fs";
function reportsOf(graph, id) {
  return (graph.out.get(id) ?? []).filter((l) => l.type === "pitfall").flatMap((l) => {
    const s = graph.nodes.get(l.target);
    const phase = typeof s?.phase === "number" ? s.phase : null;
    const task = typeof s?.task_id === "string" ? s.task_id : null;
    if (l.reports?.length) return l.reports.map((r) => ({ from: l.source, to: l.target, weight: r.weight, severity: r.severity, note: r.note, phase, task_id: r.task_id ?? task }));
    return [{ from: l.source, to: l.target, weight: l.weight, severity: severityOfWeight(l.weight), note: l.note ?? "", phase, task_id: task }];
  });
}
function sectionOf(ctx, globals, graph, id) {
  const where = locateNodeFile(ctx, globals, graph.nodes.get(id), id);
  if (!("file" in where)) return null;
  let text;
  try {
    text = readFileSync(where.file, "utf8");
  } catch {
    return null;
  }
  const items = pitfallSection(splitFrontmatter(text)?.body ?? text);
  return items.length ? { node: id, file: where.shown, items } : null;
}
function pitfallsFor(ctx, graph, ask) {
  let ids;
  let role = null;
  let seedTags = null;
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
  const globals = new GlobalFiles(ctx);
  const sections = [];
  for (const id of ids) {
    const s = sectionOf(ctx, globals, graph, id);
    if (s) sections.push(s);
  }
  return { ok: true, graph_version: graph.version, nodes: ids, role, seed_tags: seedTags, pitfalls: ids.flatMap((id) => reportsOf(graph, id)), sections };
}

// src/commands/pitfalls.ts
var pitfallsCommand = {
  name: "pitfalls",
  summary: "the pitfall warnings the graph holds for some nodes (their pitfall edges and ## Pitfalls sections), or for the nodes a query selects",
  usage: "akms pitfalls --nodes a,b | --tags a,b [--role R]",
  run(_args, flags) {
    const hasNodes = typeof flags.nodes === "string";
    if (hasNodes === (flags.tags !== void 0)) throw new UsageError("give exactly one of --nodes a,b or --tags a,b");
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    const graph = loadGraph(ctx.paths);
    const ids = hasNodes ? flags.nodes.split(",").map((s) => s.trim()).filter(Boolean) : [];
    if (hasNodes && !ids.length) throw new UsageError("--nodes needs node ids, separated by commas");
    const r = hasNodes ? pitfallsFor(ctx, graph, { ids }) : pitfallsFor(ctx, graph, { tags: parseTagsFlag(flags.tags), role: resolveRole(ctx.cfg, flags.role) });
    const lines = [`${r.pitfalls.length} pitfall report${r.pitfalls.length === 1 ? "" : "s"} and ${r.sections.length} ## Pitfalls section${r.sections.length === 1 ? "" : "s"} for ${r.nodes.length} node${r.nodes.length === 1 ? "" : "s"}`];
    for (const p of r.pitfalls) lines.push(`  ${p.from} \u2192 ${p.to} (${p.severity}, weight ${p.weight}${p.task_id ? `, task ${p.task_id}` : ""}): ${p.note.split("\n")[0] || "(no note)"}`);
    for (const s of r.sections) {
      lines.push(`  ${s.node} (${s.file}):`);
      for (const it of s.items) lines.push(`    - ${it}`);
    }
    return { json: r, text: lines.join("\n") };
  }
};
export {
  pitfallsCommand
};
