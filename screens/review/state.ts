// Review screen state: the section shown, the selection in each section, the focus (list or
// detail), the detail's scroll, and the filter.
import { nodeActionDisabled, type ActionFacts } from "../node-actions.js";
import type { Command } from "../../src/console/keybindings.js";
import { move, MOVES, scroll } from "../list.js";

/** How a section's items are ordered: the report's order, or by one of their columns. */
export const SORTS = ["report", "confidence", "provenance", "id"] as const;
export type ReviewSort = (typeof SORTS)[number];

export interface ReviewState {
  section: number;
  /** The order of every section's items (s cycles it). */
  sort: ReviewSort;
  /** Selected index per section key. */
  selected: Record<string, number>;
  focus: "list" | "detail";
  detailOffset: number;
  filter: string;
  /** The last text / searched for in the detail pane. */
  detailFind: string;
  /** The nodes marked in this section (m, M), in the order marked: p d D act on those the list shows. */
  marked: string[];
}

export const initialReview: ReviewState = { section: 0, sort: "report", selected: {}, focus: "list", detailOffset: 0, filter: "", detailFind: "", marked: [] };

/**
 * m: marks (or unmarks) the selected node and moves down; M: marks every node the list shows, or
 * clears the marks when they are all marked already.
 */
export function reviewMark(s: ReviewState, cmd: "mark" | "mark-all", node: string | null, shown: () => string[], env: ReviewEnv): ReviewState {
  if (cmd === "mark-all") {
    const all = shown();
    const marked = new Set(s.marked);
    return { ...s, marked: all.length && all.every((id) => marked.has(id)) ? [] : [...s.marked, ...all.filter((id) => !marked.has(id))] };
  }
  if (!node) return s;
  const marked = s.marked.includes(node) ? s.marked.filter((id) => id !== node) : [...s.marked, node];
  return reviewKey({ ...s, marked }, "down", env);
}

/** The marked nodes a bulk action applies to: those the list shows, in the order marked. */
export function markedShown(s: ReviewState, shown: () => string[]): string[] {
  if (!s.marked.length) return [];
  const on = new Set(shown());
  return s.marked.filter((id) => on.has(id));
}

export interface ReviewEnv {
  /** Section keys in display order with their (filtered) item counts. */
  sections: { key: string; count: number }[];
  page: number;
  detailLines: number;
  detailPage: number;
}

export function selectedIn(s: ReviewState, env: ReviewEnv): number {
  const sec = env.sections[s.section];
  if (!sec) return 0;
  return Math.max(0, Math.min(Math.max(0, sec.count - 1), s.selected[sec.key] ?? 0));
}

/** The first section with items (0 when all are empty). */
export function firstNonEmpty(env: ReviewEnv): number {
  const i = env.sections.findIndex((x) => x.count > 0);
  return i < 0 ? 0 : i;
}

function nextSection(s: ReviewState, env: ReviewEnv, dir: 1 | -1): number {
  const n = env.sections.length;
  for (let k = 1; k <= n; k++) {
    const i = s.section + dir * k;
    if (i < 0 || i >= n) break;
    if (env.sections[i]!.count > 0) return i;
  }
  return s.section;
}

/** Why a Review key does nothing now (null: it acts): a node action on an item that is no node, or one the node refuses. */
export function reviewDisabled(cmd: Command, facts: ActionFacts | null): string | null {
  if (cmd === "mark" && !facts) return "select a node first (this item is not a node)";
  return nodeActionDisabled(cmd, facts);
}

export function reviewKey(s: ReviewState, cmd: Command, env: ReviewEnv): ReviewState {
  const sec = env.sections[s.section];
  if (MOVES.has(cmd)) {
    if (s.focus === "detail") return { ...s, detailOffset: scroll(s.detailOffset, cmd, env.detailLines, env.detailPage) };
    if (!sec) return s;
    return { ...s, selected: { ...s.selected, [sec.key]: move(selectedIn(s, env), cmd, sec.count, env.page) }, detailOffset: 0 };
  }
  switch (cmd) {
    // Marks belong to the section they were made in: another section starts with none.
    case "left":
      return { ...s, section: nextSection(s, env, -1), focus: "list", detailOffset: 0, marked: [] };
    case "right":
      return { ...s, section: nextSection(s, env, 1), focus: "list", detailOffset: 0, marked: [] };
    case "enter":
      return { ...s, focus: s.focus === "list" ? "detail" : "list" };
    case "sort":
      // The next order; each section's selection goes back to its first item (the old place means another item now).
      return { ...s, sort: SORTS[(SORTS.indexOf(s.sort) + 1) % SORTS.length]!, selected: {}, detailOffset: 0 };
    case "back":
      if (s.focus === "detail") return { ...s, focus: "list" };
      if (s.marked.length) return { ...s, marked: [] };
      if (s.filter) return { ...s, filter: "" };
      return s;
    default:
      return s;
  }
}
