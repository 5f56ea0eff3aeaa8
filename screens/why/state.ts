// Why screen state: the selected row (headings skipped), the filter, the detail scroll.
import type { Command } from "../../src/console/keybindings.js";
import { move, MOVES } from "../list.js";

export interface WhyState {
  selected: number;
  filter: string;
  detailOffset: number;
}

export const initialWhy: WhyState = { selected: 1, filter: "", detailOffset: 0 };

/** First non-heading index at or after `from` going `dir` (falling back the other way). */
export function skipHeadings(isHeading: (i: number) => boolean, count: number, from: number, dir: 1 | -1): number {
  if (count <= 0) return 0;
  const clamp = (i: number) => Math.max(0, Math.min(count - 1, i));
  let i = clamp(from);
  while (i >= 0 && i < count && isHeading(i)) i += dir;
  if (i >= 0 && i < count) return i;
  i = clamp(from);
  while (i >= 0 && i < count && isHeading(i)) i -= dir;
  return clamp(i);
}

export function whyKey(s: WhyState, cmd: Command, count: number, page: number, isHeading: (i: number) => boolean): WhyState {
  if (MOVES.has(cmd)) {
    const raw = move(s.selected, cmd, count, page);
    const dir = cmd === "up" || cmd === "page-up" || cmd === "bottom" ? -1 : 1;
    return { ...s, selected: skipHeadings(isHeading, count, raw, dir), detailOffset: 0 };
  }
  if (cmd === "back" && s.filter) return { ...s, filter: "", selected: 1 };
  return s;
}
