// Loadout screen state: focus (node table or loadout text), selection, text scroll, the qmd /
// degraded toggle and the requested mode.
import type { Command } from "../../src/console/keybindings.js";
import { move, MOVES, scroll } from "../list.js";

export interface LoadoutState {
  focus: "nodes" | "text";
  selected: number;
  offset: number;
  /** false: the degraded (no-qmd) loadout, as `akms loadout --no-qmd` writes it. */
  useQmd: boolean;
  mode: "auto" | "routing" | "full";
}

export const initialLoadout: LoadoutState = { focus: "nodes", selected: 0, offset: 0, useQmd: true, mode: "auto" };

const MODES: LoadoutState["mode"][] = ["auto", "routing", "full"];

export function loadoutKey(s: LoadoutState, cmd: Command, nodes: number, lines: number, pages: { nodes: number; text: number }): LoadoutState {
  if (MOVES.has(cmd)) {
    if (s.focus === "nodes") return { ...s, selected: move(s.selected, cmd, nodes, pages.nodes) };
    return { ...s, offset: scroll(s.offset, cmd, lines, pages.text) };
  }
  switch (cmd) {
    case "enter":
      return { ...s, focus: s.focus === "nodes" ? "text" : "nodes" };
    case "back":
      return s.focus === "text" ? { ...s, focus: "nodes" } : s;
    case "toggle-qmd":
      return { ...s, useQmd: !s.useQmd, offset: 0 };
    case "cycle-mode":
      return { ...s, mode: MODES[(MODES.indexOf(s.mode) + 1) % MODES.length]!, offset: 0 };
    default:
      return s;
  }
}
