// History screen state: which recorded change is selected (newest first in the list).
import type { Command } from "../keybindings.js";
import { move, MOVES } from "./list.js";

export interface HistoryState {
  selected: number;
}

export const initialHistory: HistoryState = { selected: 0 };

export function historyKey(s: HistoryState, cmd: Command, count: number, page: number): HistoryState {
  if (MOVES.has(cmd)) return { selected: move(s.selected, cmd, count, page) };
  return s;
}
