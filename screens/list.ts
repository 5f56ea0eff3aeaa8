// Moving a selection through a list: the same rules on every screen.
import type { Command } from "../src/console/keybindings.js";

export const MOVES = new Set<Command>(["up", "down", "page-up", "page-down", "top", "bottom"]);

/** The new selected index after a movement command (count = list length, page = visible rows). */
export function move(selected: number, cmd: Command, count: number, page: number): number {
  if (count <= 0) return 0;
  const step = Math.max(1, page - 1);
  let next = selected;
  switch (cmd) {
    case "up":
      next = selected - 1;
      break;
    case "down":
      next = selected + 1;
      break;
    case "page-up":
      next = selected - step;
      break;
    case "page-down":
      next = selected + step;
      break;
    case "top":
      next = 0;
      break;
    case "bottom":
      next = count - 1;
      break;
    default:
      return Math.max(0, Math.min(count - 1, selected));
  }
  return Math.max(0, Math.min(count - 1, next));
}

/** Scroll offset of a text view after a movement command. */
export function scroll(offset: number, cmd: Command, lines: number, page: number): number {
  const max = Math.max(0, lines - page);
  return Math.max(0, Math.min(max, move(offset, cmd, max + 1, page)));
}
