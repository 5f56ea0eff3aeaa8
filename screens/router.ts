// The console's state and its one key router (pure: state + key + what the screens show →
// new state + an effect for the shell to run). Priority: an open dialog takes every key, then
// the global keys, then the active screen.
import { commandFor, SCREENS, type Command, type ScreenId } from "../src/console/keybindings.js";
import type { Ego } from "../src/console/ego.js";
import type { PlanSource } from "../src/console/plan.js";
import { initialPlanSource } from "../src/console/plan.js";
import { initialExplorer, explorerDisabled, explorerKey, type ExplorerState } from "./explorer/state.js";
import { initialHistory, historyDisabled, historyKey, type HistoryState } from "./history/state.js";
import { initialLoadout, loadoutKey, type LoadoutState } from "./loadout/state.js";
import { initialReview, markedShown, reviewDisabled, reviewKey, reviewMark, type ReviewEnv, type ReviewState } from "./review/state.js";
import type { ActionFacts, ActionName, ConfirmData } from "./node-actions.js";
import { isBulkAction, type BulkAction } from "../core/review/rules.js";

export type { ActionName, ConfirmData } from "./node-actions.js";
import { initialWhy, whyKey, type WhyState } from "./why/state.js";
import { checkpointDisabled, checkpointKey, initialCheckpoint, NO_RUN, type CheckpointEnv, type CheckpointState, type OrchestrateEffect } from "./checkpoint/state.js";
import { move, MOVES } from "./list.js";
import type { Tone } from "../components/StatusBar.js";

export type Dialog =
  | { kind: "help"; offset: number }
  | { kind: "confirm"; data: ConfirmData }
  | { kind: "confirm-orchestrate"; title: string; lines: string[]; effect: OrchestrateEffect }
  | { kind: "stale"; title: string; lines: string[] }
  | { kind: "message"; title: string; lines: string[]; tone: "normal" | "error" }
  | { kind: "input"; purpose: "filter" | "find" | "tags" | "reason" | "detail-find"; value: string; selected: number; before: string };

export interface AppState {
  screen: ScreenId;
  /** The node Explorer and History show and node actions outside Review apply to. */
  current: string | null;
  dialog: Dialog | null;
  status: { text: string; tone: Tone } | null;
  review: ReviewState;
  explorer: ExplorerState;
  why: WhyState;
  loadout: LoadoutState;
  history: HistoryState;
  checkpoint: CheckpointState;
  plan: PlanSource;
}

export function initialState(current: string | null): AppState {
  return {
    screen: "review",
    current,
    dialog: null,
    status: null,
    review: initialReview,
    explorer: initialExplorer,
    why: initialWhy,
    loadout: initialLoadout,
    history: initialHistory,
    checkpoint: initialCheckpoint,
    plan: initialPlanSource,
  };
}

/** What the screens currently show: the router needs counts, pages and targets. */
export interface RouteEnv {
  review: ReviewEnv;
  /** The node the Review selection is on (null for items that are not nodes). */
  reviewNode: string | null;
  /** The Review's detail pane, line by line (what / searches when the detail has the focus). */
  reviewDetail: readonly string[];
  /** The nodes the Review's list shows (the filter's), once each, in list order (what M marks). */
  reviewShown: () => string[];
  explorer: { ego: Ego | null; page: number };
  why: { count: number; page: number; isHeading: (i: number) => boolean; nodeAt?: (i: number) => string | null };
  loadout: { nodes: number; lines: number; pages: { nodes: number; text: number } };
  history: { count: number; page: number };
  /** The Checkpoint screen (absent: no orchestration run). */
  checkpoint?: CheckpointEnv;
  taskCount: number;
  roles: string[];
  /** Finder hits for the current input (ids). */
  finder: string[];
  helpLines: number;
  helpPage: number;
  /** The node a node action would apply to on this screen, as the graph holds it (null: none). */
  actionFacts: ActionFacts | null;
}

export type Effect =
  | { kind: "quit" }
  | { kind: "prepare"; action: ActionName | "edit"; id: string | null }
  /** p d D with marked nodes: one confirmation for all of them. */
  | { kind: "prepare-bulk"; action: BulkAction; ids: string[] }
  | { kind: "run"; data: ConfirmData }
  | { kind: "reload" }
  | { kind: "filter-changed" }
  | OrchestrateEffect;

export interface Routed {
  state: AppState;
  effect?: Effect;
}

const NODE_ACTIONS = new Set<Command>(["promote", "draft", "undraft", "dedup-accept", "dedup-reject", "edit"]);


/** The node a node action applies to on the current screen. */
export function actionNode(s: AppState, env: RouteEnv): string | null {
  if (s.screen === "review") return env.reviewNode;
  if (s.screen === "explorer" || s.screen === "history") return s.current;
  return null;
}

function isPrintable(name: string, input: string): boolean {
  return input.length > 0 && !name.startsWith("ctrl+") && !["enter", "esc", "tab", "shift+tab", "backspace", "up", "down", "left", "right", "pageup", "pagedown", "home", "end"].includes(name);
}

/** Another screen: a note about the one left (role, mode, filter …) goes with it; results and warnings stay. */
function switchTo(s: AppState, screen: ScreenId): AppState {
  if (s.screen === screen) return s;
  return { ...s, screen, status: s.status?.tone === "info" ? null : s.status };
}

function setStatus(s: AppState, text: string, tone: Tone = "info"): AppState {
  return { ...s, status: { text, tone } };
}

function dialogKey(s: AppState, d: Dialog, name: string, input: string, env: RouteEnv): Routed {
  switch (d.kind) {
    case "help": {
      if (name === "esc" || name === "?" || name === "q" || name === "enter") return { state: { ...s, dialog: null } };
      const cmd = commandFor(name, s.screen);
      if (cmd && MOVES.has(cmd)) {
        const max = Math.max(0, env.helpLines - env.helpPage);
        return { state: { ...s, dialog: { ...d, offset: Math.min(max, move(d.offset, cmd, max + 1, env.helpPage)) } } };
      }
      return { state: s };
    }
    case "confirm":
      if (name === "y" || name === "Y" || name === "enter") return { state: { ...s, dialog: null, status: { text: `${d.data.cli} …`, tone: "info" } }, effect: { kind: "run", data: d.data } };
      if (name === "n" || name === "N" || name === "esc" || name === "q") return { state: setStatus({ ...s, dialog: null }, `cancelled: ${d.data.cli}`) };
      return { state: s };
    case "confirm-orchestrate":
      if (name === "y" || name === "Y" || name === "enter") return { state: { ...s, dialog: null }, effect: d.effect };
      if (name === "n" || name === "N" || name === "esc" || name === "q") return { state: setStatus({ ...s, dialog: null }, `cancelled: orchestrate ${d.effect.action}`) };
      return { state: s };
    case "stale":
      if (name === "R" || name === "enter" || name === "ctrl+r") return { state: { ...s, dialog: null }, effect: { kind: "reload" } };
      if (name === "esc" || name === "q" || name === "n") return { state: { ...s, dialog: null } };
      return { state: s };
    case "message":
      if (name === "esc" || name === "enter" || name === "q" || name === "space") return { state: { ...s, dialog: null } };
      return { state: s };
    case "input": {
      if (name === "esc") {
        // Cancelling restores what was there before.
        const restored = applyInput(s, { ...d, value: d.before }, false);
        return { state: { ...restored, dialog: null }, effect: d.purpose === "filter" ? { kind: "filter-changed" } : undefined };
      }
      if (name === "enter") {
        if (d.purpose === "reason") {
          if (!d.value.trim()) return { state: setStatus(s, "a rejection needs a reason (Esc cancels)", "warn") };
          return { state: { ...s, dialog: null }, effect: { kind: "orchestrate", action: "reject", seq: env.checkpoint?.seq ?? null, reason: d.value.trim() } };
        }
        if (d.purpose === "detail-find") return { state: findInDetail({ ...s, dialog: null }, d.value, env.reviewDetail) };
        if (d.purpose === "find") {
          const id = env.finder[d.selected];
          if (!id) return { state: setStatus({ ...s, dialog: null }, `no node matches "${d.value}"`, "warn") };
          return { state: goToNode({ ...s, dialog: null }, id) };
        }
        return { state: { ...applyInput(s, d, true), dialog: null } };
      }
      if (d.purpose === "find" && (name === "up" || name === "down")) {
        const sel = Math.max(0, Math.min(Math.max(0, env.finder.length - 1), d.selected + (name === "up" ? -1 : 1)));
        return { state: { ...s, dialog: { ...d, selected: sel } } };
      }
      let value = d.value;
      if (name === "backspace") value = [...value].slice(0, -1).join("");
      else if (name === "ctrl+u") value = "";
      else if (isPrintable(name, input)) value += input;
      else return { state: s };
      const next = { ...d, value, selected: 0 };
      return { state: { ...applyInput(s, next, false), dialog: next }, effect: d.purpose === "filter" ? { kind: "filter-changed" } : undefined };
    }
  }
}

/** Live effect of typing: filters update as you type; tags apply on Enter. */
function applyInput(s: AppState, d: Extract<Dialog, { kind: "input" }>, done: boolean): AppState {
  if (d.purpose === "filter") {
    if (s.screen === "why") return { ...s, why: { ...s.why, filter: d.value, selected: 1, detailOffset: 0 } };
    return { ...s, review: { ...s.review, filter: d.value, detailOffset: 0, selected: {} } };
  }
  if (d.purpose === "tags" && done) {
    const tags = d.value
      .split(/[,\s]+/)
      .map((t) => t.trim())
      .filter(Boolean);
    return { ...s, plan: { ...s.plan, kind: "tags", tags }, why: { ...s.why, selected: 1, detailOffset: 0 }, loadout: { ...s.loadout, selected: 0, offset: 0 } };
  }
  return s;
}

/**
 * The next line of the Review's detail holding `text` (case-insensitive) after the one at the top,
 * wrapping round: the pane scrolls to it. `/` then Enter again finds the next one.
 */
export function findInDetail(s: AppState, text: string, lines: readonly string[]): AppState {
  const want = text.trim().toLowerCase();
  const review = { ...s.review, detailFind: text.trim() };
  if (!want) return { ...s, review };
  const n = lines.length;
  for (let k = 1; k <= n; k++) {
    const i = (s.review.detailOffset + k) % n;
    if (lines[i]!.toLowerCase().includes(want)) return setStatus({ ...s, review: { ...review, detailOffset: i } }, `"${text.trim()}": line ${i + 1} of ${n} (/ then Enter: the next)`);
  }
  return setStatus({ ...s, review }, `"${text.trim()}" is not in the detail`, "warn");
}

/** Makes `id` the current node (the explorer keeps a trail back). */
export function goToNode(s: AppState, id: string): AppState {
  if (s.current === id) return s;
  const trail = s.current ? [...s.explorer.trail, { center: s.current, selected: s.explorer.selected, radius: s.explorer.radius }] : s.explorer.trail;
  return { ...s, current: id, explorer: { ...s.explorer, selected: 0, trail }, history: { selected: 0 } };
}

export function route(s: AppState, name: string, input: string, env: RouteEnv): Routed {
  // Ctrl-C quits from anywhere — a dialog, the help, the / prompt — as the console's docs say; no
  // write is pending (a confirmation's action runs only on y / Enter).
  if (name === "ctrl+c") return { state: { ...s, dialog: null }, effect: { kind: "quit" } };
  if (s.dialog) return dialogKey(s, s.dialog, name, input, env);
  const cmd = commandFor(name, s.screen);
  if (!cmd) return { state: s };
  // Global keys.
  switch (cmd) {
    case "quit":
      return { state: s, effect: { kind: "quit" } };
    case "help":
      return { state: { ...s, dialog: { kind: "help", offset: 0 } } };
    case "next-screen":
    case "prev-screen": {
      const i = SCREENS.findIndex((x) => x.id === s.screen);
      const n = SCREENS.length;
      return { state: switchTo(s, SCREENS[(i + (cmd === "next-screen" ? 1 : n - 1)) % n]!.id) };
    }
    case "screen-review":
    case "screen-explorer":
    case "screen-why":
    case "screen-loadout":
    case "screen-history":
    case "screen-checkpoint":
      return { state: switchTo(s, cmd.slice("screen-".length) as ScreenId) };
    case "reload":
      return { state: setStatus(s, "reloading …"), effect: { kind: "reload" } };
    case "undo":
      return { state: s, effect: { kind: "prepare", action: "undo", id: null } };
    case "filter":
      // With the detail in focus, / searches the detail pane (as less does); else it filters the list.
      if (s.screen === "review" && s.review.focus === "detail") return { state: { ...s, dialog: { kind: "input", purpose: "detail-find", value: s.review.detailFind, selected: 0, before: s.review.detailFind } } };
      if (s.screen === "review") return { state: { ...s, dialog: { kind: "input", purpose: "filter", value: s.review.filter, selected: 0, before: s.review.filter } } };
      if (s.screen === "why") return { state: { ...s, dialog: { kind: "input", purpose: "filter", value: s.why.filter, selected: 0, before: s.why.filter } } };
      if (s.screen === "explorer" || s.screen === "history") return { state: { ...s, dialog: { kind: "input", purpose: "find", value: "", selected: 0, before: "" } } };
      return { state: setStatus(s, "nothing to filter here: ← → pick the task, t types tags") };
    default:
      break;
  }
  if (NODE_ACTIONS.has(cmd) && s.screen === "review" && s.review.marked.length && isBulkAction(cmd)) {
    const ids = markedShown(s.review, env.reviewShown);
    if (!ids.length) return { state: setStatus(s, "no marked node is shown (the filter hides them): Esc clears the marks", "warn") };
    return { state: s, effect: { kind: "prepare-bulk", action: cmd as BulkAction, ids } };
  }
  if (NODE_ACTIONS.has(cmd)) {
    const id = actionNode(s, env);
    if (!id) return { state: setStatus(s, "select a node first", "warn") };
    return { state: s, effect: { kind: "prepare", action: cmd as ActionName | "edit", id } };
  }
  // The active screen.
  switch (s.screen) {
    case "review": {
      if (cmd === "mark" || cmd === "mark-all") return { state: { ...s, review: reviewMark(s.review, cmd, env.reviewNode, env.reviewShown, env.review) } };
      const review = reviewKey(s.review, cmd, env.review);
      // A message about one section (an info line) does not follow the reviewer to the next one.
      const moved = review.section !== s.review.section;
      return { state: { ...s, review, ...(moved && s.status?.tone === "info" ? { status: null } : {}) } };
    }
    case "explorer": {
      const r = explorerKey(s.explorer, cmd, env.explorer.ego, env.explorer.page);
      return { state: { ...s, explorer: r.state, current: r.center ?? s.current, history: r.center ? { selected: 0 } : s.history } };
    }
    case "why":
    case "loadout": {
      const planned = planKey(s, cmd, env);
      if (planned) return { state: planned };
      if (s.screen === "why" && cmd === "enter") {
        // Enter on a row: the Explorer, centred on that node.
        const id = env.why.nodeAt?.(s.why.selected) ?? null;
        if (!id) return { state: s };
        return { state: { ...goToNode(s, id), screen: "explorer" } };
      }
      if (s.screen === "why") return { state: { ...s, why: whyKey(s.why, cmd, env.why.count, env.why.page, env.why.isHeading) } };
      return { state: { ...s, loadout: loadoutKey(s.loadout, cmd, env.loadout.nodes, env.loadout.lines, env.loadout.pages) } };
    }
    case "history":
      return { state: { ...s, history: historyKey(s.history, cmd, env.history.count, env.history.page) } };
    case "checkpoint": {
      const r = checkpointKey(s.checkpoint, cmd, env.checkpoint ?? NO_RUN);
      let next: AppState = { ...s, checkpoint: r.state };
      if (r.status) next = setStatus(next, r.status.text, r.status.tone);
      if (r.askReason) next = { ...next, dialog: { kind: "input", purpose: "reason", value: "", selected: 0, before: "" } };
      if (r.confirm) next = { ...next, dialog: { kind: "confirm-orchestrate", ...r.confirm } };
      return { state: next, effect: r.effect };
    }
  }
}

/** Why a key shared by Why and Loadout does nothing now (null: it acts). */
function planDisabled(cmd: Command, env: RouteEnv): string | null {
  if ((cmd === "left" || cmd === "right") && !env.taskCount) return "no task records in knowledge/tasks/: press t to type tags";
  if (cmd === "cycle-role" && !env.roles.length) return "no roles in the config (query_roles)";
  return null;
}

/**
 * Why `cmd` does nothing on the current screen now (null: it acts) — each screen's own rule. The
 * router reports it, and the `?` help greys the key out with it.
 */
export function disabledReason(cmd: Command, s: AppState, env: RouteEnv): string | null {
  switch (s.screen) {
    case "review":
      return reviewDisabled(cmd, env.actionFacts);
    case "explorer":
      return explorerDisabled(cmd, s.explorer, env.explorer.ego, env.actionFacts);
    case "history":
      return historyDisabled(cmd, env.actionFacts);
    case "why":
    case "loadout":
      return planDisabled(cmd, env);
    case "checkpoint":
      return checkpointDisabled(cmd, s.checkpoint, env.checkpoint ?? NO_RUN);
  }
}

/** Keys shared by Why and Loadout: which task, typed tags, which role. */
function planKey(s: AppState, cmd: Command, env: RouteEnv): AppState | null {
  const resetViews = (x: AppState): AppState => ({
    ...x,
    why: { ...x.why, selected: 1, detailOffset: 0 },
    loadout: { ...x.loadout, selected: 0, offset: 0 },
  });
  switch (cmd) {
    case "left":
    case "right": {
      const why = planDisabled(cmd, env);
      if (why) return setStatus(s, why, "warn");
      if (s.plan.kind === "tags") return resetViews({ ...s, plan: { ...s.plan, kind: "task" } });
      const i = (s.plan.taskIndex + (cmd === "right" ? 1 : env.taskCount - 1)) % env.taskCount;
      return resetViews({ ...s, plan: { ...s.plan, taskIndex: i } });
    }
    case "type-tags": {
      const value = s.plan.tags.join(", ");
      return { ...s, dialog: { kind: "input", purpose: "tags", value, selected: 0, before: value } };
    }
    case "cycle-role": {
      const why = planDisabled(cmd, env);
      if (why) return setStatus(s, why, "warn");
      const cur = s.plan.role;
      const i = cur ? env.roles.indexOf(cur) : -1;
      const role = i + 1 >= env.roles.length ? null : env.roles[i + 1]!;
      return resetViews(setStatus({ ...s, plan: { ...s.plan, role } }, role ? `role: ${role}` : "role: the task's own (agent_role, else implementer)"));
    }
    default:
      return null;
  }
}
