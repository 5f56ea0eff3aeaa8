import { loadContext } from "../../core/context.js";
import { queryGraph, resolveRole, type QueryResult } from "../../core/query.js";
import { checkPlanningInput, planningInput, readPlanningFlags } from "./planning-input.js";
import { openGraph } from "../../core/graph.js";
import type { CommandSpec } from "./types.js";
import { plural } from "../../core/plural.js";

function num(x: number): string {
  return String(Math.round(x * 1e6) / 1e6);
}

function chainLines(steps: QueryResult["nodes"][number]["trace"]["chain"]): string[] {
  return steps.map((s) => (s.direction === "out" ? `${s.from} -${s.type} (${num(s.weight)})-> ${s.to}` : `${s.from} <-${s.type} (${num(s.weight)})- ${s.to}  (contradicts, walked backwards)`));
}

export function renderQuery(r: QueryResult, explain: boolean): string {
  const lines: string[] = [];
  lines.push(
    `query: role ${r.role} · tags ${r.seed_tags.join(", ") || "(none)"} · graph ${r.graph_version}`,
    `  edge types ${r.profile.edge_types.join(", ")} · rank ${r.profile.rank_formula} · depth ≤ ${r.profile.max_depth} · cap ${r.profile.max_nodes_per_loadout} (+ ≤ ${r.profile.max_pitfall_nodes} pitfall nodes) · threshold ${r.profile.min_confidence_threshold}`,
    `  ${plural(r.seeds.length, "seed")}, ${plural(r.nodes.length, "node")} in, ${r.excluded.length} out, ${plural(r.pitfalls.length, "pitfall")}, ${plural(r.sessions.length, "session")}`,
  );
  for (const n of r.notes) lines.push(`  note: ${n}`);
  lines.push("");
  if (r.nodes.length) {
    const w = Math.max(4, ...r.nodes.map((n) => n.id.length));
    lines.push(`   #  ${"node".padEnd(w)}  rank        conf  status       origin`);
    for (const n of r.nodes) {
      lines.push(
        `  ${String(n.position).padStart(2)}  ${n.id.padEnd(w)}  ${num(n.rank).padEnd(10)}  ${n.confidence.toFixed(2)}  ${n.status.padEnd(11)}  ${n.node_origin}${n.seed ? "  seed" : ""}${n.pitfall_injected ? "  pitfall-injected" : ""}${n.below_threshold ? " (below threshold)" : ""}${n.co_loaded_with ? `  co-loaded with ${n.co_loaded_with}` : ""}`,
      );
      if (explain) {
        lines.push(`      why: ${n.why.replace(/; rank -?[\d.e+-]+ = [^;]*/, "")}`); // the rank line below derives it
        if (n.trace.chain.length) for (const c of chainLines(n.trace.chain)) lines.push(`        ${c}`);
        const f = n.rank_figures;
        // Each figure once: the formula's inputs, then its value (and the preferred-domain factor).
        lines.push(
          `      rank: ${f.formula} with confidence ${num(f.confidence)}, activations ${f.activations} (depth ${f.depth}, weight ${num(f.weight)}) = ${num(f.base)}${f.prefer_domain ? `, × ${f.multiplier} preferred domain = ${num(f.rank)}` : ""}`,
        );
      }
    }
    lines.push("");
  }
  if (r.pitfalls.length) {
    lines.push("pitfalls:");
    for (const p of r.pitfalls) {
      if (p.reports?.length) for (const x of p.reports) lines.push(`  ${p.from} → ${p.to} (${x.severity}, weight ${x.weight}${x.task_id ? `, task ${x.task_id}` : ""}): ${x.note || "(no note)"}`);
      else lines.push(`  ${p.from} → ${p.to} (weight ${p.weight}): ${p.note || "(no note)"}`);
    }
    lines.push("");
  }
  if (r.session_details.length) {
    lines.push("sessions:");
    for (const s of r.session_details) lines.push(`  ${s.id}: ${s.why}`);
    lines.push("");
  }
  if (r.excluded.length) {
    if (!explain) lines.push(`excluded: ${plural(r.excluded.length, "node")} (--explain says why)`);
    else {
      lines.push("excluded:");
      for (const x of r.excluded) {
        lines.push(`  ${x.id}  [${x.reason}]`, `      ${x.why}`);
      }
    }
  }
  return lines.join("\n");
}

export const queryCommand: CommandSpec = {
  name: "query",
  summary: "the role's ranked subgraph for a task's tags; --explain says why each node is in or out",
  flags: ["tags", "task", "role", "explain"],
  usage: "akms query --tags a,b | --task FILE|ID [--role R] [--explain]",
  checkInput: checkPlanningInput,
  // With --tags (or a task record validated before) and the config cached, a query never loads zod.
  async run(_args, flags) {
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault, writeCache: true });
    const read = readPlanningFlags({ task: flags.task, tags: flags.tags }, process.cwd(), ctx);
    if (typeof flags.role === "string") resolveRole(ctx.cfg, flags.role);
    const graph = openGraph(ctx.paths);
    const input = planningInput(ctx, graph, read, flags.role);
    const r = queryGraph(graph, ctx.cfg, { tags: input.tags, role: input.role });
    const head = input.task
      ? `task ${input.task.record.task_id} (${input.task.shown}): tags from ${input.tagsFrom === "derived" ? "derivation (akms_tags is empty)" : "akms_tags"}\n`
      : "";
    return {
      json: {
        ...r,
        tags_from: input.tagsFrom,
        task_file: input.task?.shown ?? null,
        derived_tags: input.derivation?.tags ?? null,
      },
      text: head + renderQuery(r, Boolean(flags.explain)),
      notes: ctx.cfg.warnings.map((w) => `warning: ${w}`),
    };
  },
};
