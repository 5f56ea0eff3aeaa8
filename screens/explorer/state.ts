// Explorer state: the centre is the app's current node; Enter follows the selected edge (the
// previous centre goes on the trail), Esc walks the trail back; the radius goes from 1 to 4.
import { nodeActionDisabled, type ActionFacts } from "../node-actions.js";
import type { Command } from "../../src/console/keybindings.js";
import { selectable, type Ego } from "../../src/console/ego.js";
import { move, MOVES } from "../list.js";

export interface ExplorerState {
  radius: number;
  selected: number;
  trail: { center: string; selected: number; radius: number }[];
}

export const MAX_RADIUS = 4;

export const initialExplorer: ExplorerState = { radius: 1, selected: 0, trail: [] };

export interface ExplorerResult {
  state: ExplorerState;
  /** A new centre (the app's current node) when Enter or Esc moved it. */
  center?: string;
}

/** Why an Explorer key does nothing now (null: it acts). */
export function explorerDisabled(cmd: Command, s: ExplorerState, ego: Ego | null, facts: ActionFacts | null): string | null {
  const node = nodeActionDisabled(cmd, facts);
  if (node) return node;
  if (cmd === "radius-up" && s.radius >= MAX_RADIUS) return `the radius is at its largest (${MAX_RADIUS})`;
  if (cmd === "radius-down" && s.radius <= 1) return "the radius is at its smallest (1)";
  if (cmd === "back" && !s.trail.length) return "no node to go back to";
  if (cmd === "enter" && !ego) return "no node is shown";
  return null;
}

export function explorerKey(s: ExplorerState, cmd: Command, ego: Ego | null, page: number): ExplorerResult {
  const rows = ego?.rows ?? [];
  const sel = selectable(rows, s.selected, 1);
  if (MOVES.has(cmd)) {
    const raw = move(sel, cmd, rows.length, page);
    const dir = cmd === "up" || cmd === "page-up" || cmd === "bottom" ? -1 : 1;
    return { state: { ...s, selected: selectable(rows, raw, dir) } };
  }
  switch (cmd) {
    case "enter": {
      const row = rows[sel];
      if (!ego || !row || row.heading || !row.neighbour) return { state: s };
      return {
        // selected 0 is a heading in any non-empty ego graph; views normalise it to the first edge.
        state: { ...s, selected: 0, trail: [...s.trail, { center: ego.center, selected: sel, radius: s.radius }] },
        center: row.neighbour,
      };
    }
    case "back": {
      const last = s.trail[s.trail.length - 1];
      if (!last) return { state: s };
      return { state: { radius: last.radius, selected: last.selected, trail: s.trail.slice(0, -1) }, center: last.center };
    }
    case "radius-up":
      return { state: { ...s, radius: Math.min(MAX_RADIUS, s.radius + 1), selected: 0 } };
    case "radius-down":
      return { state: { ...s, radius: Math.max(1, s.radius - 1), selected: 0 } };
    default:
      return { state: s };
  }
}

/** The selection as shown: never on a heading. */
export function explorerSelection(s: ExplorerState, ego: Ego | null): number {
  return ego ? selectable(ego.rows, s.selected, 1) : 0;
}
