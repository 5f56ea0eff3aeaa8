// The one key-binding table: command → keys → description → scope. It drives both the input
// router (App.tsx) and the `?` help overlay, so the two can never disagree.
import type { Key } from "ink";

export type ScreenId = "review" | "explorer" | "why" | "loadout" | "history" | "checkpoint";
export type Scope = "global" | ScreenId;

export const SCREENS: { id: ScreenId; title: string; digit: string }[] = [
  { id: "review", title: "Review", digit: "1" },
  { id: "explorer", title: "Explorer", digit: "2" },
  { id: "why", title: "Why", digit: "3" },
  { id: "loadout", title: "Loadout", digit: "4" },
  { id: "history", title: "History", digit: "5" },
  { id: "checkpoint", title: "Checkpoint", digit: "6" },
];

export type Command =
  | "quit"
  | "help"
  | "next-screen"
  | "prev-screen"
  | "screen-review"
  | "screen-explorer"
  | "screen-why"
  | "screen-loadout"
  | "screen-history"
  | "screen-checkpoint"
  | "reload"
  | "undo"
  | "up"
  | "down"
  | "page-up"
  | "page-down"
  | "top"
  | "bottom"
  | "left"
  | "right"
  | "enter"
  | "back"
  | "filter"
  | "sort"
  | "promote"
  | "draft"
  | "undraft"
  | "dedup-accept"
  | "dedup-reject"
  | "edit"
  | "mark"
  | "mark-all"
  | "radius-up"
  | "radius-down"
  | "type-tags"
  | "cycle-role"
  | "toggle-qmd"
  | "cycle-mode"
  | "cp-approve"
  | "cp-reject"
  | "cp-edit"
  | "cp-abort"
  | "cp-next";

export interface Binding {
  command: Command;
  /** Canonical key names (see keyName). The first is the one shown in hints. */
  keys: string[];
  description: string;
  /** Where the binding is live; "global" means on every screen. */
  scopes: Scope[];
  /** Group heading in the help overlay. */
  group: "General" | "Move" | "Review actions" | "Explorer" | "Why" | "Loadout" | "Checkpoint";
}

const NODE_SCREENS: Scope[] = ["review", "explorer", "history"];

export const BINDINGS: Binding[] = [
  { command: "quit", keys: ["q", "ctrl+c"], description: "quit (the terminal is restored)", scopes: ["global"], group: "General" },
  { command: "help", keys: ["?"], description: "this help", scopes: ["global"], group: "General" },
  { command: "next-screen", keys: ["tab"], description: "next screen", scopes: ["global"], group: "General" },
  { command: "prev-screen", keys: ["shift+tab"], description: "previous screen", scopes: ["global"], group: "General" },
  { command: "screen-review", keys: ["1"], description: "Review: the report's sections", scopes: ["global"], group: "General" },
  { command: "screen-explorer", keys: ["2"], description: "Explorer: the graph around the node", scopes: ["global"], group: "General" },
  { command: "screen-why", keys: ["3"], description: "Why: why a node is in a loadout", scopes: ["global"], group: "General" },
  { command: "screen-loadout", keys: ["4"], description: "Loadout: what an agent would get", scopes: ["global"], group: "General" },
  { command: "screen-history", keys: ["5"], description: "History: confidence over time", scopes: ["global"], group: "General" },
  { command: "screen-checkpoint", keys: ["6"], description: "Checkpoint: the orchestrator waiting for your decision", scopes: ["global"], group: "General" },
  { command: "reload", keys: ["R", "ctrl+r"], description: "rebuild and reload from disk", scopes: ["global"], group: "General" },
  { command: "filter", keys: ["/"], description: "filter (Review, Why) · find a node · search the detail pane (Review, the detail in focus: Enter)", scopes: ["global"], group: "General" },

  { command: "up", keys: ["k", "up"], description: "up", scopes: ["global"], group: "Move" },
  { command: "down", keys: ["j", "down"], description: "down", scopes: ["global"], group: "Move" },
  { command: "left", keys: ["h", "left"], description: "previous section / pane", scopes: ["review", "why", "loadout"], group: "Move" },
  { command: "right", keys: ["l", "right"], description: "next section / pane", scopes: ["review", "why", "loadout"], group: "Move" },
  { command: "page-up", keys: ["pageup", "ctrl+u"], description: "page up", scopes: ["global"], group: "Move" },
  { command: "page-down", keys: ["pagedown", "ctrl+d", "space"], description: "page down", scopes: ["global"], group: "Move" },
  { command: "top", keys: ["g", "home"], description: "first", scopes: ["global"], group: "Move" },
  { command: "bottom", keys: ["G", "end"], description: "last", scopes: ["global"], group: "Move" },
  { command: "enter", keys: ["enter"], description: "open: detail · edge · node (Why)", scopes: ["global"], group: "Move" },
  { command: "back", keys: ["esc"], description: "back · clear the filter", scopes: ["global"], group: "Move" },
  { command: "sort", keys: ["s"], description: "sort the section: report order → confidence (lowest first) → provenance → id", scopes: ["review"], group: "Move" },

  { command: "promote", keys: ["p"], description: "promote: tentative → established", scopes: NODE_SCREENS, group: "Review actions" },
  { command: "draft", keys: ["d"], description: "draft: hide from loadouts", scopes: NODE_SCREENS, group: "Review actions" },
  { command: "undraft", keys: ["D"], description: "undraft: back to loadable", scopes: NODE_SCREENS, group: "Review actions" },
  { command: "dedup-accept", keys: ["a"], description: "accept the pending dedup merge", scopes: NODE_SCREENS, group: "Review actions" },
  { command: "dedup-reject", keys: ["r"], description: "reject dedup: the draft becomes its own node", scopes: NODE_SCREENS, group: "Review actions" },
  { command: "undo", keys: ["u"], description: "undo the last review action", scopes: ["global"], group: "Review actions" },
  { command: "edit", keys: ["e"], description: "edit in $EDITOR, then rebuild", scopes: NODE_SCREENS, group: "Review actions" },
  { command: "mark", keys: ["m"], description: "mark / unmark the item: p d D then act on every marked node shown (one confirmation, one undo)", scopes: ["review"], group: "Review actions" },
  { command: "mark-all", keys: ["M"], description: "mark every node the list shows (the filter's) · again: clear the marks (Esc clears them too)", scopes: ["review"], group: "Review actions" },

  { command: "radius-up", keys: ["+", "=", "]"], description: "radius + 1", scopes: ["explorer"], group: "Explorer" },
  { command: "radius-down", keys: ["-", "["], description: "radius − 1", scopes: ["explorer"], group: "Explorer" },

  { command: "type-tags", keys: ["t"], description: "query typed tags instead of a task", scopes: ["why", "loadout"], group: "Why" },
  { command: "cycle-role", keys: ["o"], description: "next role", scopes: ["why", "loadout"], group: "Why" },

  { command: "toggle-qmd", keys: ["m"], description: "qmd ↔ degraded (no-qmd) loadout", scopes: ["loadout"], group: "Loadout" },
  { command: "cycle-mode", keys: ["M"], description: "mode: auto → routing → full", scopes: ["loadout"], group: "Loadout" },

  { command: "cp-approve", keys: ["a"], description: "approve the checkpoint and run the next stage (asks first, saying what it will do)", scopes: ["checkpoint"], group: "Checkpoint" },
  { command: "cp-reject", keys: ["x"], description: "reject the checkpoint with a reason", scopes: ["checkpoint"], group: "Checkpoint" },
  { command: "cp-edit", keys: ["e"], description: "open the selected artifact in $EDITOR", scopes: ["checkpoint"], group: "Checkpoint" },
  { command: "cp-abort", keys: ["X"], description: "abort the run (press twice; everything is kept)", scopes: ["checkpoint"], group: "Checkpoint" },
  { command: "cp-next", keys: ["n"], description: "run the current stage / resume an aborted run", scopes: ["checkpoint"], group: "Checkpoint" },
];

/** Canonical name of a keypress: "j", "G", "?", "enter", "esc", "tab", "shift+tab", "ctrl+c", "up"… */
export function keyName(input: string, key: Key): string {
  if (key.upArrow) return "up";
  if (key.downArrow) return "down";
  if (key.leftArrow) return "left";
  if (key.rightArrow) return "right";
  if (key.pageUp) return "pageup";
  if (key.pageDown) return "pagedown";
  if (key.home) return "home";
  if (key.end) return "end";
  if (key.return) return "enter";
  if (key.escape) return "esc";
  if (key.tab) return key.shift ? "shift+tab" : "tab";
  if (key.backspace || key.delete) return "backspace";
  if (key.ctrl && input) return `ctrl+${input.toLowerCase()}`;
  if (input === " ") return "space";
  return input;
}

export function inScope(b: Binding, screen: ScreenId): boolean {
  return b.scopes.includes("global") || b.scopes.includes(screen);
}

/** The command a key means on `screen`, if any. */
export function commandFor(name: string, screen: ScreenId): Command | undefined {
  for (const b of BINDINGS) if (inScope(b, screen) && b.keys.includes(name)) return b.command;
  return undefined;
}

/** Display form of a key name ("enter" → "Enter", "shift+tab" → "S-Tab"). */
export function showKey(k: string): string {
  const map: Record<string, string> = {
    enter: "Enter",
    esc: "Esc",
    tab: "Tab",
    "shift+tab": "S-Tab",
    up: "↑",
    down: "↓",
    left: "←",
    right: "→",
    pageup: "PgUp",
    pagedown: "PgDn",
    home: "Home",
    end: "End",
    space: "Space",
  };
  if (map[k]) return map[k];
  if (k.startsWith("ctrl+")) return `C-${k.slice(5)}`;
  return k;
}

export function keysOf(command: Command): string[] {
  return BINDINGS.find((b) => b.command === command)?.keys ?? [];
}

/** "p" for promote: the first key of a command, for hints and messages. */
export function primaryKey(command: Command): string {
  return showKey(keysOf(command)[0] ?? "");
}

/** Checks the table itself: no key means two commands on one screen. */
export function conflicts(): string[] {
  const out: string[] = [];
  for (const s of SCREENS) {
    const seen = new Map<string, Command>();
    for (const b of BINDINGS) {
      if (!inScope(b, s.id)) continue;
      for (const k of b.keys) {
        const prev = seen.get(k);
        if (prev && prev !== b.command) out.push(`${s.id}: "${k}" is bound to both ${prev} and ${b.command}`);
        seen.set(k, b.command);
      }
    }
  }
  return out;
}

/**
 * One keypress event may carry several keys (typing faster than a read, or a paste): ink passes
 * plain text as one string. Split it into single keys so each is routed on its own.
 */
export function splitKeys(input: string, key: Key): { name: string; input: string }[] {
  const chars = [...input];
  if (chars.length <= 1 || input.startsWith("\x1b")) return [{ name: keyName(input, key), input }];
  return chars.map((c) => {
    if (c === "\r" || c === "\n") return { name: "enter", input: "" };
    if (c === "\t") return { name: "tab", input: "" };
    if (c === "\x7f" || c === "\b") return { name: "backspace", input: "" };
    const code = c.charCodeAt(0);
    if (code < 32) return { name: `ctrl+${String.fromCharCode(code + 96)}`, input: c };
    if (c === " ") return { name: "space", input: c };
    return { name: c, input: c };
  });
}
