// History screen state: which recorded change is selected (newest first in the list).
import { nodeActionDisabled, type ActionFacts } from "../node-actions.js";
import type { Command } from "../../src/console/keybindings.js";
import { move, MOVES } from "../list.js";

export interface HistoryState {
  selected: number;
}

export const initialHistory: HistoryState = { selected: 0 };

/** Why a History key does nothing now (null: it acts): the node actions apply to the node shown. */
export function historyDisabled(cmd: Command, facts: ActionFacts | null): string | null {
  return nodeActionDisabled(cmd, facts);
}

export function historyKey(s: HistoryState, cmd: Command, count: number, page: number): HistoryState {
  if (MOVES.has(cmd)) return { selected: move(s.selected, cmd, count, page) };
  return s;
}
