// What each screen shows, derived from the model and the state, memoised so that a keypress
// recomputes only what it changed (navigation stays well under a frame at 5,000 nodes).
import Fuse from "fuse.js";
import type { ConsoleModel } from "../src/console/model.js";
import type { AppState, RouteEnv } from "./router.js";
import { egoGraph, type Ego } from "../src/console/ego.js";
import { explorerPage } from "./explorer/ExplorerScreen.js";
import { nodeHistory, type NodeHistory } from "../src/console/history.js";
import { historyLayout } from "./history/HistoryScreen.js";
import { planFor, roles, type Plan } from "../src/console/plan.js";
import { whyRows, isHeading, rowNode, type WhyRow } from "../src/console/why.js";
import { skipHeadings } from "./why/state.js";
import { whyLayout } from "./why/WhyScreen.js";
import { previewLoadout, previewPendingNote, type LoadoutPreview } from "../src/console/loadout-preview.js";
import { loadoutLayout } from "./loadout/LoadoutScreen.js";
import { reviewSections, type ReviewItem, type ReviewSectionView } from "../src/console/review-view.js";
import { reviewLayout, detailLines, itemLines, type DetailLine } from "./review/ReviewScreen.js";
import { firstNonEmpty, selectedIn, type ReviewEnv } from "./review/state.js";
import { explorerSelection } from "./explorer/state.js";
import type { NodeDetail } from "../src/console/detail.js";
import type { QmdUse } from "../core/loadout/retrieve.js";
import { helpLines } from "../src/console/help.js";
import { position } from "../components/Table.js";
import { statusRows } from "../components/StatusBar.js";
import { dialogHeight } from "../components/ConfirmDialog.js";
import { checkpointEnv } from "../src/console/checkpoint.js";
import { factsOf, nodeActionDisabled, type ActionFacts } from "./node-actions.js";
import { primaryKey, type Command } from "../src/console/keybindings.js";
import { plural } from "../core/plural.js";

/** The node a node action applies to on this screen (the Review selection, else the current node), as the graph holds it. */
/** The review actions that may run on the selected item, by the one rule (nodeActionDisabled): the hints show no key that does nothing here. */
export function actionHints(facts: ActionFacts | null, dedupSection = false): [string, string][] {
  const ACTIONS: [Command, string][] = [
    ["promote", "promote"],
    ["draft", "draft"],
    ["undraft", "undraft"],
    ["dedup-accept", "accept merge"],
    ["dedup-reject", "reject → own node"],
    ["edit", "edit"],
  ];
  // Accept / reject decide a dedup event: offered where the events are listed.
  const dedupOnly = new Set<Command>(["dedup-accept", "dedup-reject"]);
  return ACTIONS.filter(([cmd]) => nodeActionDisabled(cmd, facts) === null && (dedupSection || !dedupOnly.has(cmd))).map(([cmd, what]) => [primaryKey(cmd), what]);
}

function actionFactsFor(model: ConsoleModel, state: AppState, reviewNode: string | null, withDetail: boolean): ActionFacts | null {
  const id = state.screen === "review" ? reviewNode : state.screen === "explorer" || state.screen === "history" ? state.current : null;
  const n = id ? model.nodes.get(id) : undefined;
  // A local node's dedup sections are in its file: known once the detail is read (never in the first frame).
  return n ? factsOf(n, withDetail && n.node_origin === "local" ? model.details.get(n.id).dedup : undefined) : null;
}

/** Remembers the last result for the last key (one entry: screens ask for the same thing again and again). */
class Memo<T> {
  private key: string | null = null;
  private value!: T;
  get(key: string, make: () => T): T {
    if (key !== this.key) {
      this.value = make();
      this.key = key;
    }
    return this.value;
  }
}

export class ViewCache {
  sections = new Memo<ReviewSectionView[]>();
  ego = new Memo<Ego | null>();
  plan = new Memo<Plan>();
  why = new Memo<WhyRow[]>();
  /** Loadout previews by key; computed off the render path (qmd may run), see `pendingPreview`. */
  previews = new Map<string, LoadoutPreview>();
  history = new Memo<NodeHistory | null>();
  fuse = new Memo<Fuse<{ id: string; title: string; tags: string }>>();
  finder = new Memo<string[]>();
  detail = new Memo<DetailLine[]>();
  help = new Memo<number>();
}

export interface Views {
  bodyHeight: number;
  width: number;
  review: { sections: ReviewSectionView[]; item: ReviewItem | null; detail: NodeDetail | null; lines: DetailLine[]; headline: string; env: ReviewEnv; actions: [string, string][] };
  ego: Ego | null;
  plan: Plan | null;
  whyRows: WhyRow[];
  whySelected: number;
  preview: LoadoutPreview | null;
  /** A preview the Loadout screen needs that is not computed yet (the shell computes it after this frame). */
  pendingPreview: { key: string; note: string; compute: () => LoadoutPreview } | null;
  history: NodeHistory | null;
  finder: string[];
  env: RouteEnv;
  position: string;
  /** The rows the status bar sizes a long message by: the terminal's, less an open dialog's. */
  statusRoom: number;
}

export function finderHits(model: ConsoleModel, cache: ViewCache, query: string, limit = 50): string[] {
  const q = query.trim();
  return cache.finder.get(`${model.generation}\0${q}`, () => {
    if (!q) return [];
    const fuse = cache.fuse.get(String(model.generation), () => {
      const docs = [...model.nodes.values()].map((n) => ({ id: n.id, title: String(n.title ?? ""), tags: (n.tags ?? []).join(" ") }));
      return new Fuse(docs, { keys: [{ name: "id", weight: 2 }, { name: "title", weight: 1.5 }, { name: "tags", weight: 1 }], threshold: 0.4, ignoreLocation: true });
    });
    // An exact id, then ids starting with the query, then the fuzzy ranking.
    const lower = q.toLowerCase();
    const exact = model.nodes.has(q) ? [q] : [];
    const prefix = [...model.nodes.keys()].filter((id) => id !== q && id.toLowerCase().startsWith(lower)).sort().slice(0, limit);
    const seen = new Set([...exact, ...prefix]);
    const fuzzy = fuse.search(q, { limit }).map((r) => r.item.id).filter((id) => !seen.has(id));
    return [...exact, ...prefix, ...fuzzy].slice(0, limit);
  });
}

export function dialogRows(state: AppState, finderCount: number, width: number): number {
  const d = state.dialog;
  if (!d) return 0;
  switch (d.kind) {
    case "help":
      return 0; // replaces the body
    case "confirm":
      return dialogHeight(d.data.title, d.data.lines, d.data.cli, width);
    case "confirm-orchestrate":
      return dialogHeight(d.title, d.lines, `akms orchestrate ${d.effect.action}`, width);
    case "stale":
    case "message":
      return dialogHeight(d.title, d.lines, undefined, width);
    case "input":
      return 2 + 1 + (d.purpose === "find" ? Math.min(8, Math.max(1, finderCount)) : 0);
  }
}

/**
 * opts.detail false: the Review item's file is not read yet (the first frame shows the item's own
 * facts; the shell shows its frontmatter and body right after).
 */
export function computeViews(model: ConsoleModel, state: AppState, cache: ViewCache, size: { width: number; height: number }, qmd: QmdUse | null, opts: { detail?: boolean } = {}): Views {
  const withDetail = opts.detail !== false;
  const width = size.width;
  const finder = state.dialog?.kind === "input" && state.dialog.purpose === "find" ? finderHits(model, cache, state.dialog.value) : [];
  // A dialog takes its rows first; a long status message then takes up to a third of the rest.
  const statusRoom = size.height - dialogRows(state, finder.length, size.width);
  const bodyHeight = Math.max(6, statusRoom - 1 - statusRows(size.width, statusRoom, state.status));
  const isNode = (id: string) => model.nodes.has(id);

  // Review.
  const helpedKnown = model.helpedKnown();
  const changesKnown = model.changesKnown();
  const sections = cache.sections.get(`${model.generation}\0${state.review.filter}\0${helpedKnown}\0${changesKnown}\0${state.review.sort}`, () =>
    reviewSections(model.review, state.review.filter, isNode, { helped: helpedKnown ? model.helped() : "reading", changes: changesKnown ? model.changes() : "reading", order: state.review.sort }),
  );
  const rl = reviewLayout(width, bodyHeight);
  const mainW = rl.wide ? width - rl.sideW - 2 : width;
  const reviewEnv0: ReviewEnv = { sections: sections.map((s) => ({ key: s.key, count: s.count })), page: rl.list - 1, detailLines: 0, detailPage: rl.detail };
  const sec = sections[state.review.section];
  const item = sec?.itemAt(selectedIn(state.review, reviewEnv0)) ?? null;
  const detail = item?.node && withDetail ? model.details.get(item.node) : null;
  const lines =
    state.screen === "review"
      ? cache.detail.get(`${model.generation}\0${item?.key ?? ""}\0${mainW}\0${withDetail}`, () => (withDetail ? detailLines(item, detail, mainW) : itemLines(item, mainW)))
      : [];
  const reviewEnv: ReviewEnv = { ...reviewEnv0, detailLines: lines.length };
  const needs = sections.reduce((n, s) => n + (s.key === "helped" || s.key === "changes" ? 0 : s.total), 0); // the look back and the changes wait for no decision
  const headline = `${model.review ? `phase ${model.review.phase} · ` : ""}${plural(needs, "item")}`;

  // Explorer.
  const ego =
    state.screen === "explorer" && state.current
      ? cache.ego.get(`${model.generation}\0${state.current}\0${state.explorer.radius}`, () => (model.nodes.has(state.current!) ? egoGraph(model.graph(), state.current!, state.explorer.radius) : null))
      : null;

  // Why and Loadout share the plan (task or typed tags, role).
  const planKey = `${model.generation}\0${JSON.stringify(state.plan)}`;
  const plan = state.screen === "why" || state.screen === "loadout" ? cache.plan.get(planKey, () => planFor(model.ctx, model.graph(), model.tasks(), state.plan)) : null;
  const rows = state.screen === "why" && plan?.result ? cache.why.get(`${planKey}\0${state.why.filter}`, () => whyRows(plan.result!, state.why.filter)) : [];
  const whySelected = skipHeadings((i) => isHeading(rows[i]), rows.length, state.why.selected, 1);
  const previewKey = `${planKey}\0${state.loadout.useQmd}\0${state.loadout.mode}\0${qmd?.available ?? "?"}`;
  const preview = state.screen === "loadout" && plan ? (cache.previews.get(previewKey) ?? null) : null;
  const pendingPreview =
    state.screen === "loadout" && plan && !preview
      ? {
          key: previewKey,
          note: previewPendingNote(model.ctx, state.loadout.useQmd, qmd),
          compute: () => previewLoadout(model.ctx, model.graph(), model.tasks(), state.plan, { useQmd: state.loadout.useQmd, mode: state.loadout.mode, qmd, phase: model.opts.phase }),
        }
      : null;

  // History.
  const history = state.screen === "history" && state.current ? cache.history.get(`${model.generation}\0${state.current}`, () => (model.nodes.has(state.current!) ? nodeHistory(model.graph(), model.overlay(), model.ctx.cfg.config, state.current!) : null)) : null;

  const wl = whyLayout(bodyHeight);
  const ll = loadoutLayout(bodyHeight);
  const hl = historyLayout(bodyHeight);
  const env: RouteEnv = {
    review: reviewEnv,
    reviewNode: item?.node ?? null,
    reviewDetail: lines.map((l) => l.text),
    reviewShown: () => [...new Set((sec?.items ?? []).map((x) => x.node).filter((id): id is string => typeof id === "string"))],
    explorer: { ego, page: explorerPage(bodyHeight) },
    why: { count: rows.length, page: wl.list, isHeading: (i) => isHeading(rows[i]), nodeAt: (i) => rowNode(rows[skipHeadings((j) => isHeading(rows[j]), rows.length, i, 1)]) },
    loadout: { nodes: preview?.plan?.entries.length ?? 0, lines: preview?.lines.length ?? 0, pages: { nodes: ll.nodes - 1, text: ll.text } },
    history: { count: history?.changes.length ?? 0, page: hl.list },
    checkpoint: checkpointEnv(model.orchestrator, bodyHeight),
    // The task records are read (and validated) only where they are used.
    taskCount: state.screen === "why" || state.screen === "loadout" ? model.tasks().length : 0,
    roles: roles(model.ctx.cfg),
    finder,
    helpLines: state.dialog?.kind === "help" ? cache.help.get(state.screen, () => helpLines(state.screen).length) : 0,
    helpPage: Math.max(1, bodyHeight - 2),
    actionFacts: actionFactsFor(model, state, item?.node ?? null, withDetail),
  };

  let pos = "";
  switch (state.screen) {
    case "review":
      pos = position(selectedIn(state.review, reviewEnv), sec?.count ?? 0);
      break;
    case "explorer": {
      const selectable = ego?.rows.filter((r) => !r.heading) ?? [];
      const sel = ego ? explorerSelection(state.explorer, ego) : 0;
      const idx = ego ? ego.rows.slice(0, sel + 1).filter((r) => !r.heading).length - 1 : 0;
      pos = position(Math.max(0, idx), selectable.length);
      void sel;
      break;
    }
    case "why": {
      const items = rows.filter((r) => r.kind !== "heading");
      const idx = rows.slice(0, whySelected + 1).filter((r) => r.kind !== "heading").length - 1;
      pos = position(Math.max(0, idx), items.length);
      break;
    }
    case "loadout":
      pos = position(state.loadout.selected, preview?.plan?.entries.length ?? 0);
      break;
    case "history":
      pos = position(state.history.selected, history?.changes.length ?? 0);
      break;
    case "checkpoint":
      pos = position(state.checkpoint.selected, env.checkpoint?.artifacts.length ?? 0);
      break;
  }

  return {
    bodyHeight,
    width,
    review: { sections, item, detail, lines, headline, env: reviewEnv, actions: actionHints(env.actionFacts, sec?.key === "dedup_events") },
    ego,
    plan,
    whyRows: rows,
    whySelected,
    preview,
    pendingPreview,
    history,
    finder,
    env,
    position: pos,
    statusRoom,
  };
}

export { firstNonEmpty };
