// What an agent's model receives from a tool: one compact document per result, bounded in bytes
// (agents.max_result_bytes), carried as structuredContent and — the same document — as the text
// block. Hosts forward structuredContent and cut long results (Claude Code keeps a 2 KB preview of
// an oversized one, Codex cuts the middle), so a result is never longer than the budget and never
// cut mid-item: lists page with `cursor` (the index of the next item) and say how many remain.
// The CLI's `--json` stays the full document for scripts; both come from the same core result.
import { oneLine } from "../../core/control-chars.js";
import { forAgent } from "./agent-words.js";
import { splitFrontmatter } from "../../core/frontmatter.js";

/** A document for the model: plain JSON. */
export type AgentDoc = Record<string, unknown>;

/** Bytes of a document as the host forwards it (compact JSON). */
export function docBytes(doc: AgentDoc): number {
  return Buffer.byteLength(JSON.stringify(doc), "utf8");
}

/** A string cut to `max` characters, marked when cut (for one line of why, a title, a snippet). */
export function line(s: unknown, max = 200): string {
  return oneLine(String(s ?? ""), max);
}

export interface Paged {
  /** The items of this page, whole. */
  items: unknown[];
  total: number;
  cursor: number;
  /** The cursor of the next page, or null when this is the last. */
  next_cursor: number | null;
}

/**
 * The longest run of `items` from `cursor` such that `frame(page)` stays within `budget` bytes; at
 * least one item (an item alone over the budget is shortened by `shrink`, else sent as it is).
 * Pages are a few kilobytes, so the run grows one item at a time.
 */
export function pageWithin<T>(items: readonly T[], cursor: number, budget: number, frame: (p: Paged) => AgentDoc, shrink?: (item: T, room: number) => T): { doc: AgentDoc; page: Paged } {
  const start = Math.max(0, Math.min(cursor, items.length));
  const make = (n: number, list: unknown[] = items.slice(start, start + n)): { doc: AgentDoc; page: Paged } => {
    const page: Paged = { items: list, total: items.length, cursor: start, next_cursor: start + n < items.length ? start + n : null };
    return { doc: frame(page), page };
  };
  if (start >= items.length) return make(0);
  if (docBytes(make(1).doc) > budget) {
    if (!shrink) return make(1);
    const room = Math.max(200, budget - docBytes(make(0).doc) - 50);
    return make(1, [shrink(items[start]!, room)]);
  }
  let n = 1;
  while (start + n < items.length && docBytes(make(n + 1).doc) <= budget) n++;
  return make(n);
}

/** The paging fields of a document (`next` says how to get the rest, in the tool's own terms). */
export function pagingFields(p: Paged, tool: string): AgentDoc {
  return {
    total: p.total,
    shown: `${p.total ? p.cursor + 1 : 0}-${p.cursor + p.items.length} of ${p.total}`,
    ...(p.next_cursor !== null ? { next: { cursor: p.next_cursor, hint: `call ${tool} again with cursor ${p.next_cursor} for the rest` } } : {}),
  };
}

/** The text block: the same document, as compact, readable JSON. */
export function docText(doc: AgentDoc): string {
  return JSON.stringify(doc);
}

// ── Per tool: the core result (the CLI's --json document) → the model's document ─────────────────

type Json = Record<string, any>;

export interface ShapeArgs {
  cursor: number;
  explain: boolean;
  budget: number;
  tool: string;
}

/** query: the ranked nodes (id, title, rank, one line of why), the pitfalls and sessions that reach them; `excluded` only with explain. */
export function shapeQuery(j: Json, a: ShapeArgs): AgentDoc {
  const items: AgentDoc[] = [
    ...(j.nodes ?? []).map((n: Json) => ({ kind: "node", id: n.id, title: line(n.title, 120), rank: n.rank, confidence: n.confidence, status: n.status, why: line(String(n.why ?? "").replace(/; rank -?[\d.e+-]+ = .*$/, ""), 160) })),
    ...(j.pitfalls ?? []).map((p: Json) => ({ kind: "pitfall", on: p.from, session: p.to, weight: p.weight, warning: line(p.note, 400) })),
    ...(j.session_details ?? []).map((s: Json) => ({ kind: "session", id: s.id, title: line(s.title, 100), why: line(s.why, 160) })),
    ...(a.explain ? (j.excluded ?? []).map((x: Json) => ({ kind: "excluded", id: x.id, reason: x.reason, why: line(x.why, 200) })) : []),
  ];
  const head = {
    role: j.role,
    seed_tags: j.seed_tags,
    graph_version: j.graph_version,
    selected: (j.nodes ?? []).map((n: Json) => n.id),
    counts: { nodes: (j.nodes ?? []).length, pitfalls: (j.pitfalls ?? []).length, sessions: (j.sessions ?? []).length, excluded: (j.excluded ?? []).length },
    ...(j.notes?.length ? { notes: j.notes.map((n: unknown) => line(forAgent(String(n)), 300)) } : {}),
    ...(!a.explain && (j.excluded ?? []).length ? { excluded_hint: "explain: true lists the excluded nodes and why" } : {}),
  };
  return pageWithin(items, a.cursor, a.budget, (p) => ({ ...head, items: p.items, ...pagingFields(p, a.tool) }), (it, room) => ({ ...(it as AgentDoc), why: line((it as AgentDoc).why, Math.max(40, room / 4)), warning: (it as AgentDoc).warning === undefined ? undefined : line((it as AgentDoc).warning, room / 2) })).doc;
}

/**
 * loadout: the loadout's Markdown itself (its frontmatter left out: the path and ids say what it
 * is), paged by whole lines; every page names every selected node.
 */
export function shapeLoadout(j: Json, markdown: string, a: ShapeArgs): AgentDoc {
  const body = (splitFrontmatter(markdown)?.body ?? markdown).replace(/^\n+/, "");
  const lines = body.split("\n");
  const head = { path: j.shown, task_id: j.task_id, phase: j.phase, role: j.role, mode: j.loadout_mode, graph_version: j.graph_version, node_ids: j.node_ids, pitfall_count: j.pitfall_count, ...(j.warnings?.length ? { warnings: j.warnings.map((w: unknown) => line(forAgent(String(w)), 300)) } : {}) };
  const { doc } = pageWithin(lines, a.cursor, a.budget, (p) => ({
    ...head,
    markdown: (p.items as string[]).join("\n"),
    ...pagingFields(p, a.tool),
    ...(p.next_cursor !== null ? { next: { cursor: p.next_cursor, hint: `the loadout continues: call loadout again with the same task and cursor ${p.next_cursor} (or read ${j.shown})` } } : {}),
  }), (l, room) => line(l, room));
  return doc;
}

/**
 * show_node: the node as the CLI's JSON has it when it fits. A node too long for one result (a
 * large body, a hub's edges, a long overlay history) is read as `akms show` prints it — its header,
 * overlay, edges and body, as lines — in pages of whole lines, its compiled attributes on every
 * page; the JSON's strings would otherwise be cut to fit, their line breaks lost. Several nodes
 * (`ids`) page as a list, one too long for a page named with how to read it alone.
 */
export function shapeShow(j: Json, text: string, a: ShapeArgs): AgentDoc {
  if (docBytes(j) <= a.budget && a.cursor === 0) return j;
  if (Array.isArray(j.nodes)) {
    const stub = (n: Json) => ({ id: n.id, file: n.file, too_long: `this node does not fit in one result: call ${a.tool} with id ${JSON.stringify(n.id)} to read it in pages` });
    return pageWithin(j.nodes as Json[], a.cursor, a.budget, (p) => ({ ok: j.ok, nodes: p.items, ...pagingFields(p, a.tool) }), (n) => stub(n)).doc;
  }
  const head = { ok: j.ok, id: j.id, graph_version: j.graph_version, file: j.file, node: j.node };
  const { doc } = pageWithin(text.split("\n"), a.cursor, a.budget, (p) => ({
    ...head,
    text: (p.items as string[]).join("\n"),
    ...pagingFields(p, a.tool),
    ...(p.next_cursor !== null ? { next: { cursor: p.next_cursor, hint: `the node continues: call ${a.tool} again with the same id and cursor ${p.next_cursor}${j.file ? ` (or read ${j.file})` : ""}` } } : {}),
  }), (l, room) => line(l, room));
  return doc;
}

/** status: every section's count, and the items of the sections in order, paged. */
export function shapeStatus(j: Json, itemText: (key: any, it: unknown) => string, a: ShapeArgs): AgentDoc {
  const items: AgentDoc[] = [];
  for (const [k, list] of Object.entries<unknown[]>(j.sections ?? {})) for (const it of list) items.push({ section: k, item: line(itemText(k, it), 300) });
  const head = { graph_version: j.graph_version, node_count: j.node_count, edge_count: j.edge_count, counts: j.counts, ...(j.problems?.length ? { problems: j.problems.length } : {}), ...(j.git?.warning ? { git_warning: line(j.git.warning, 300) } : {}), ...(j.waiting_sessions?.length ? { waiting_sessions: { count: j.waiting_sessions.length, files: j.waiting_sessions.slice(0, 10).map((w: Json) => line(w.file, 200)), apply: "akms update FILE… (a person runs it after the phase)" } } : {}) };
  return pageWithin(items, a.cursor, a.budget, (p) => ({ ...head, items: p.items, ...pagingFields(p, a.tool) }), (it, room) => ({ ...(it as AgentDoc), item: line((it as AgentDoc).item, room) })).doc;
}

/**
 * Any other result: as it is when it fits; else its longest list paged, each entry whole (or
 * shortened alone). A longest list of one entry cannot be paged: the longest list inside that
 * entry is (validate's one file and its errors), the document keeping its shape.
 */
export function shapeGeneric(j: Json, a: ShapeArgs): AgentDoc {
  if (docBytes(j) <= a.budget && a.cursor === 0) return j;
  const path = pagedList(j);
  if (path === null) return shrinkStrings(j, a.budget);
  const list = path.reduce<any>((v, k) => v[k], j) as unknown[];
  const head = shrinkStrings(withAt(j, path, []), Math.floor(a.budget / 3));
  return pageWithin(list, a.cursor, a.budget, (p) => ({ ...withAt(head, path, p.items), ...pagingFields(p, a.tool) }), (it, room) => (typeof it === "string" ? line(it, room) : shrinkStrings(it as Json, room))).doc;
}

/** Where the list to page is: the longest list of `j`, or within its one entry the longest there. */
function pagedList(j: Json): (string | number)[] | null {
  const longest = (o: Json) => (Object.entries(o).filter(([, v]) => Array.isArray(v)) as [string, unknown[]][]).sort((x, y) => JSON.stringify(y[1]).length - JSON.stringify(x[1]).length)[0];
  const top = longest(j);
  if (!top) return null;
  const [key, list] = top;
  const only = list.length === 1 && list[0] && typeof list[0] === "object" && !Array.isArray(list[0]) ? (list[0] as Json) : null;
  const inner = only ? pagedList(only) : null;
  return inner ? [key, 0, ...inner] : [key];
}

/** `j` with the value at `path` replaced by `v` (the objects and lists on the way copied). */
function withAt(j: any, path: readonly (string | number)[], v: unknown): any {
  if (!path.length) return v;
  const [k, ...rest] = path;
  const copy = Array.isArray(j) ? [...j] : { ...j };
  copy[k as never] = withAt(j[k as never], rest, v) as never;
  return copy;
}

/** Every string of a document shortened until it fits `budget` (the last resort for one huge item). */
function shrinkStrings(j: Json, budget: number): Json {
  let max = 4000;
  let out = j;
  while (docBytes(out) > budget && max > 20) {
    const cut = (v: unknown): unknown => (typeof v === "string" ? line(v, max) : Array.isArray(v) ? v.map(cut) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cut(x)])) : v);
    out = cut(j) as Json;
    max = Math.floor(max / 2);
  }
  return out;
}
