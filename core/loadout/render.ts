// The loadout file (spec §4.6): YAML header, then Domain Knowledge (table, selection reasons,
// summaries or inline content with qmd passages), Known Pitfalls, Relevant Session History and
// Suggested Reading Order. Deterministic text from data.
import type { QueryResult } from "../query.js";
import type { ModeSelection, Read } from "./mode.js";
import type { Passage } from "./retrieve.js";
import type { ReadingOrder } from "./reading-order.js";
import { oneLine, stripControl } from "../control-chars.js";
import { samePitfall } from "../update/dedup.js";
import { plural } from "../plural.js";
import { parseFrontmatter } from "../frontmatter.js";

export { stripControl };

export interface LoadoutEntry {
  id: string;
  title: string;
  origin: string;
  status: string;
  confidence: number;
  position: number;
  read: Read;
  readNote: string | null;
  path: string | null;
  why: string;
  /** Inline text (summary or content) when qmd is available and the node was not trimmed. */
  block: { kind: "summary" | "excerpt" | "full"; text: string; tokens: number; truncated: boolean } | null;
  /** Full content left out to stay within max_loadout_tokens. */
  trimmed: boolean;
  /** reading_priority pitfalls-only: the node's `## Pitfalls` items, given under Known Pitfalls. */
  pitfallItems: string[];
  /** Below min_confidence_threshold, in for its pitfall warnings only. */
  below?: boolean;
  /** In because this selected node names it in load_with. */
  coLoadedWith?: string;
  passages: Passage[];
}

export interface LoadoutHeaderData {
  task_id: string;
  phase: number | null;
  generated_at: string;
  graph_version: string;
  seed_tags: string[];
  agent_role: string;
  node_count: number;
  loadout_mode: string;
  available_context: number;
  qmd_available: boolean;
  akms_schema: "v2";
  task_file: string | null;
  tags_from: "akms_tags" | "derived" | "flag";
  mode_requested: string;
  context_limit: number;
  system_prompt_tokens: number;
  task_tokens: number;
  safety_margin: number;
  low_threshold: number;
  budget_fraction: number;
  full_cost: number;
  mode_reason: string;
  no_qmd: boolean;
  qmd_reason: string;
  qmd_version: string | null;
  qmd_queries: string[] | null;
  max_loadout_tokens: number;
  content_tokens: number;
}

const RESERVED = /^(?:true|false|yes|no|on|off|y|n|null|~|[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?|\.inf|\.nan|0x[0-9a-f]+|0o[0-7]+)$/i;

/** A YAML scalar: plain when unambiguous, else a JSON (= YAML double-quoted) string. */
export function yamlScalar(v: string | number | boolean | null): string {
  if (v === null) return "null";
  if (typeof v !== "string") return String(v);
  if (/^[A-Za-z0-9][A-Za-z0-9._/:+-]*$/.test(v) && !RESERVED.test(v) && !/:$/.test(v) && !v.includes(": ")) return v;
  return JSON.stringify(v);
}

function flowScalar(v: string): string {
  return /^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(v) && !RESERVED.test(v) ? v : JSON.stringify(v);
}

export function renderHeader(h: LoadoutHeaderData): string {
  const lines = ["---"];
  for (const [k, v] of Object.entries(h)) {
    if (Array.isArray(v)) lines.push(`${k}: [${v.map((x) => flowScalar(String(x))).join(", ")}]`);
    else lines.push(`${k}: ${yamlScalar(v as string | number | boolean | null)}`);
  }
  lines.push("---", "");
  return lines.join("\n");
}

function cell(s: string): string {
  return oneLine(stripControl(s)).replace(/\|/g, "\\|");
}

function inline(s: string): string {
  return oneLine(stripControl(s));
}

function code(s: string): string {
  return "`" + inline(s).replace(/`/g, "'") + "`";
}

function fenced(text: string): string {
  let longest = 0;
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}markdown\n${stripControl(text).trimEnd()}\n${fence}`;
}

function quoted(text: string): string {
  return stripControl(text)
    .trimEnd()
    .split("\n")
    .map((l) => (l ? `> ${l}` : ">"))
    .join("\n");
}

function conf(x: number): string {
  return (Math.round(x * 100) / 100).toFixed(2);
}

export interface RenderInput {
  title: string;
  query: QueryResult;
  mode: ModeSelection;
  qmd: { available: boolean; reason: string };
  entries: LoadoutEntry[];
  order: ReadingOrder;
  sessionPaths: Map<string, string | null>;
  warnings: string[];
  maxLoadoutTokens: number;
  /** graph.dedup_threshold: reports of one pitfall again (samePitfall) are one warning line. */
  dedupThreshold: number;
}

export function renderBody(r: RenderInput): string {
  const out: string[] = [];
  const titleOf = new Map(r.entries.map((e) => [e.id, e.title]));
  out.push(`# Loadout: ${inline(r.title)}`, "");

  out.push("## Domain Knowledge", "");
  out.push("| Node | Origin | Confidence | Priority | Path | Read |", "|---|---|---|---|---|---|");
  for (const e of r.entries) {
    const flag = (e.status === "tentative" ? " (tentative: awaiting review)" : "") + (e.coLoadedWith ? ` (co-loaded with ${code(e.coLoadedWith)})` : "");
    const read =
      e.read === "pitfalls-only"
        ? `pitfalls-only (${e.below ? "below threshold; " : ""}${plural(e.pitfallItems.length, "warning")} under Known Pitfalls)`
        : e.read + (e.trimmed ? " (trimmed: over max_loadout_tokens)" : "");
    out.push(`| ${code(e.id)} ${cell(e.title)}${flag} | ${e.origin} | ${conf(e.confidence)} | ${e.position} | ${e.path ? cell(e.path) : "(file not found)"} | ${read} |`);
  }
  out.push("");
  if (!r.entries.length) {
    const why = r.query.notes[0] ?? "no node passed the query's filters";
    out.push(`No nodes: ${inline(why)}.`, "");
  }
  if (r.entries.length) {
    out.push("Why these nodes:", "");
    for (const e of r.entries) out.push(`${e.position}. ${code(e.id)}: ${inline(e.why)}${e.readNote ? `; ${inline(e.readNote)}` : ""}`);
    out.push("");
  }
  const notes = [...r.query.notes.slice(r.entries.length ? 0 : 1), ...r.warnings];
  if (r.query.excluded.length) {
    const counts = new Map<string, number>();
    for (const x of r.query.excluded) counts.set(x.reason, (counts.get(x.reason) ?? 0) + 1);
    const parts = [...counts.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([k, n]) => `${n} ${k.replace(/_/g, " ")}`);
    notes.push(`${plural(r.query.excluded.length, "reached node")} left out (${parts.join(", ")}); \`akms query --explain\` shows each`);
  }
  for (const n of notes) out.push(`> Note: ${inline(n)}`);
  if (notes.length) out.push("");

  if (!r.qmd.available) {
    out.push(
      `> Degraded mode (spec §3.6): qmd is not available (${inline(r.qmd.reason)}), so this loadout carries no inline content and no summaries. Read each node at its path.`,
      "",
    );
  } else if (r.entries.some((e) => e.block || e.passages.length)) {
    out.push(r.mode.mode === "routing" ? "### Summaries" : "### Full Content", "");
    for (const e of r.entries) {
      if (!e.block && !e.passages.length) continue;
      out.push(`#### ${e.position}. ${code(e.id)} ${inline(e.title)}`, "");
      if (e.block?.kind === "full") out.push(fenced(e.block.text), "");
      else if (e.block?.kind === "summary") out.push(quoted(e.block.text), "");
      else if (e.block?.kind === "excerpt") out.push("(no `## Summary` section: the opening of the node)", "", quoted(e.block.text), "");
      else if (e.trimmed) out.push(`(content trimmed to keep the loadout within max_loadout_tokens ${r.maxLoadoutTokens}; read ${e.path ?? "the node file"})`, "");
      if (e.passages.length) {
        out.push("Relevant passages (qmd search):");
        for (const p of e.passages) out.push(`- ${code(`${p.file}:${p.line}`)} (${inline(p.query)}) ${inline(p.text)}`);
        out.push("");
      }
    }
  }

  out.push("## Known Pitfalls", "");
  const own = r.entries.filter((e) => e.read === "pitfalls-only" && e.pitfallItems.length);
  for (const e of own) for (const it of e.pitfallItems) out.push(`- ${code(e.id)} (its \`## Pitfalls\`, ${e.below ? "below threshold" : "reading_priority pitfalls-only"}): ${inline(it)}`);
  if (own.length && !r.query.pitfalls.length) out.push("");
  if (!r.query.pitfalls.length && own.length) {
    /* the nodes' own warnings above */
  } else if (!r.query.pitfalls.length) {
    out.push(r.query.profile.follows_pitfalls ? "None recorded for these nodes." : `None: ${r.query.role} does not follow pitfall edges.`, "");
  } else {
    out.push(...pitfallLines(r), "");
  }

  out.push("## Relevant Session History", "");
  if (!r.query.session_details.length) out.push("None.", "");
  else {
    for (const s of r.query.session_details) {
      const facts = [s.phase !== null ? `phase ${s.phase}` : null, s.outcome ? `outcome ${s.outcome}${s.task_status && s.task_status !== s.outcome ? ` (task ${s.task_status})` : ""}` : null].filter(Boolean).join(", ");
      const path = r.sessionPaths.get(s.id);
      out.push(`- ${code(s.id)} ${inline(s.title)}${facts ? ` (${facts})` : ""}${path ? ` — ${path}` : ""} — ${inline(s.why)}`);
    }
    out.push("");
  }

  out.push("## Suggested Reading Order", "");
  if (!r.order.order.length) out.push("Nothing to read.", "");
  else {
    r.order.order.forEach((id, i) => {
      const req = r.order.requires.get(id) ?? [];
      out.push(`${i + 1}. ${code(id)} ${inline(titleOf.get(id) ?? id)}${req.length ? ` (requires ${req.map(code).join(", ")})` : ""}`);
    });
    out.push("");
    for (const c of r.order.cycles) {
      out.push(`> Note: a requires cycle among ${c.map(code).join(", ")}: no prerequisite order exists, so they are read in rank order.`);
    }
    if (r.order.cycles.length) out.push("");
  }
  return out.join("\n").replace(/\n+$/, "\n");
}

/** Sessions a repeated pitfall's line names (the rest are counted): the line stays one short line however often it bit. */
const NAMED_REPORTS = 5;

/**
 * The Known Pitfalls lines. Several agents' reports of one edge each keep their line, with their own
 * weight; a pitfall reported again in later sessions (the same node, a description samePitfall calls
 * the same: a repeat bite) is one line naming the sessions that reported it (the first NAMED_REPORTS,
 * the rest counted) — the reader (and the SessionStart hook, which shows the section's first lines)
 * gets each warning once.
 */
function pitfallLines(r: RenderInput): string[] {
  type Report = { from: string; to: string; severity?: string; weight: number; task?: string; note: string; path: string | null | undefined };
  const groups: Report[][] = [];
  for (const p of r.query.pitfalls) {
    for (const x of p.reports?.length ? p.reports : [{ weight: p.weight, note: p.note, task_id: undefined, severity: undefined }]) {
      const report: Report = { from: p.from, to: p.to, severity: x.severity, weight: x.weight, task: x.task_id, note: inline(x.note ?? ""), path: r.sessionPaths.get(p.to) };
      const again = report.note ? groups.find((g) => g[0]!.from === report.from && g[0]!.to !== report.to && samePitfall({ node_ref: g[0]!.from, description: g[0]!.note }, { node_ref: report.from, description: report.note }, r.dedupThreshold)) : undefined;
      if (again) again.push(report);
      else groups.push([report]);
    }
  }
  const strength = (x: Report) => `${x.severity ? `${x.severity}, ` : ""}weight ${x.weight}`;
  const where = (x: Report) => `${code(x.to)}${x.task ? ` (task ${x.task})` : ""}${x.path ? ` — ${x.path}` : ""}`;
  return groups.map((g) => {
    const [first] = g as [Report];
    if (g.length === 1) return `- ${code(first.from)} → ${code(first.to)} (${strength(first)}${first.task ? `, task ${first.task}` : ""}): ${first.note || "(no note)"}${first.path ? ` — ${first.path}` : ""}`;
    const top = g.reduce((a, x) => (x.weight > a.weight ? x : a));
    const more = g.length > NAMED_REPORTS ? `; and ${g.length - NAMED_REPORTS} more (Relevant Session History)` : "";
    return `- ${code(first.from)} (${strength(top)}): ${first.note} — reported in ${g.length} sessions: ${g.slice(0, NAMED_REPORTS).map(where).join("; ")}${more}`;
  });
}

/** A loadout file's header (its frontmatter, read by the one frontmatter reader) as a map, or null when it has none that parses. */
export function loadoutHeader(text: string, file: string): Record<string, unknown> | null {
  try {
    return parseFrontmatter(text, file).data;
  } catch {
    return null;
  }
}

/** Node ids listed in a loadout's Domain Knowledge table, in order. */
export function loadoutNodeIds(text: string): string[] {
  const start = text.indexOf("\n## Domain Knowledge");
  if (start < 0) return [];
  const end = text.indexOf("\n## ", start + 1);
  const section = text.slice(start, end < 0 ? undefined : end);
  const ids: string[] = [];
  for (const m of section.matchAll(/^\| `([^`]+)`/gm)) ids.push(m[1]!);
  return ids;
}
