// The console's shell: the screens, the one input owner (dialogs first, then global keys, then
// the active screen — see state/app.ts), the status bar, and the effects a key can start:
// confirming and running a review action through the shared core, reloading, $EDITOR.
import { plural } from "../core/plural.js";
import React, { useEffect, useReducer, useRef } from "react";
import { saveDedupIndex } from "../core/review/dedup-index.js";
import { Box, useApp, useInput, useStdin, useStdout } from "ink";
import { StaleWriteError } from "../core/errors.js";
import { promote, draft, undraft, dedupAccept, dedupReject, undo, actionTarget, bulk, type ActionResult, type BulkAction } from "../core/review/actions.js";
import { isBulkAction } from "../core/review/rules.js";
import { qmdUseAsync, type QmdUse } from "../core/loadout/retrieve.js";
import { newerSourceSteps } from "../src/console/staleness.js";
import { warmZod } from "../core/zod.js";
import { ConsoleProvider } from "./context.js";
import { checkpointLoaded, loadModel, settleModel, withCheckpoint, type ConsoleModel } from "../src/console/model.js";
import { watchGraphFile } from "../src/console/graph-watch.js";
import { saveSeen } from "../src/console/seen.js";
import { writtenKey } from "../core/store/freshness.js";
import { commandFor, splitKeys, SCREENS } from "../src/console/keybindings.js";
import { disabledReason, initialState, route, type AppState, type ConfirmData, type Effect, type ActionName } from "./router.js";
import { firstNonEmpty } from "./review/state.js";
import { computeViews, ViewCache, type Views } from "./views.js";
import { errorText } from "../src/console/errors.js";
import { safe } from "../components/text.js";
import { makeTheme, ThemeProvider } from "../components/theme.js";
import { Tabs } from "../components/Tabs.js";
import { StatusBar } from "../components/StatusBar.js";
import { HelpOverlay } from "../components/HelpOverlay.js";
import { helpLines, screenTitle } from "../src/console/help.js";
import { readBytesIfExists } from "../core/fsx.js";
import { ConfirmDialog } from "../components/ConfirmDialog.js";
import { InputBox } from "../components/InputBox.js";
import { ReviewScreen } from "./review/ReviewScreen.js";
import { confirmBulk, confirmFor, dedupOf, factsOf, nodeActionRefusal, type BulkItem } from "./node-actions.js";
import { ExplorerScreen } from "./explorer/ExplorerScreen.js";
import { WhyScreen } from "./why/WhyScreen.js";
import { LoadoutScreen } from "./loadout/LoadoutScreen.js";
import { HistoryScreen } from "./history/HistoryScreen.js";
import { CheckpointScreen } from "./checkpoint/CheckpointScreen.js";
import type { OrchestrateEffect } from "./checkpoint/state.js";
import type { ScreenId } from "../src/console/keybindings.js";

export interface EditorResult {
  /** Why the editor could not run (null when it ran). */
  error: string | null;
}

export interface AppProps {
  model: ConsoleModel;
  color: boolean;
  /** A fixed size (tests); otherwise the terminal's, following resizes. */
  size?: { width: number; height: number };
  /** Runs $EDITOR on a file with the screen handed over (open.tsx); absent off a real terminal. */
  editor?: (file: string) => EditorResult;
  /** Probe qmd after the first frame (default true; tests may turn it off). */
  probeQmd?: boolean;
  /** The screen to open on (default: Review; `akms orchestrate` opens on Checkpoint). */
  initialScreen?: ScreenId;
  onQuit?: () => void;
  /** Called once the work after the first frame is done (the Checkpoint code, the check for newer sources, zod). */
  onSettled?: () => void;
}

const RUN: Record<Exclude<ActionName, "undo">, typeof promote> = {
  promote,
  draft,
  undraft,
  "dedup-accept": dedupAccept,
  "dedup-reject": dedupReject,
};

/** Everything the console's shell keeps between frames. */
interface Shell {
  state: AppState;
  model: ConsoleModel;
  size: { width: number; height: number };
  qmd: QmdUse | null;
  /** The first frame has been shown: the selected item's file is read for the detail pane from the next. */
  detailShown: boolean;
  /** Loadout previews computed since the start (a finished one changes the frame). */
  previews: number;
}

type ShellAction =
  | { kind: "state"; state: AppState }
  | { kind: "model"; model: ConsoleModel }
  | { kind: "size"; size: { width: number; height: number } }
  | { kind: "qmd"; qmd: QmdUse }
  | { kind: "detail-shown" }
  | { kind: "preview-ready" };

function shellReducer(sh: Shell, a: ShellAction): Shell {
  switch (a.kind) {
    case "state":
      return a.state === sh.state ? sh : { ...sh, state: a.state };
    case "model":
      return { ...sh, model: a.model };
    case "size":
      return { ...sh, size: a.size };
    case "qmd":
      return { ...sh, qmd: a.qmd };
    case "detail-shown":
      return sh.detailShown ? sh : { ...sh, detailShown: true };
    case "preview-ready":
      return { ...sh, previews: sh.previews + 1 };
  }
}

/** computeViews with a one-entry memo by identity: the router's views of a state are the frame's. */
let lastViews: { key: unknown[]; views: Views } | null = null;
function viewsOnce(model: ConsoleModel, state: AppState, cache: ViewCache, size: { width: number; height: number }, qmd: QmdUse | null, detail: boolean, previews: number): Views {
  const key = [model, state, cache, size.width, size.height, qmd, detail, previews];
  if (lastViews && lastViews.key.length === key.length && lastViews.key.every((k, i) => k === key[i])) return lastViews.views;
  const views = computeViews(model, state, cache, size, qmd, { detail });
  lastViews = { key, views };
  return views;
}

/** The state the console opens in: the first section with items, its first node current. */
export function openingState(model: ConsoleModel, size: { width: number; height: number }, cache = new ViewCache()): AppState {
  const s0 = initialState(null);
  const v0 = computeViews(model, s0, cache, size, null, { detail: false });
  const section = firstNonEmpty(v0.review.env);
  const s1: AppState = { ...s0, review: { ...s0.review, section } };
  const v1 = computeViews(model, s1, cache, size, null, { detail: false });
  const firstNode = v1.env.reviewNode ?? model.nodes.keys()[Symbol.iterator]().next().value ?? null;
  const notice = model.notices[0];
  return {
    ...s1,
    current: firstNode,
    status: notice ? { text: notice, tone: "warn" } : { text: "? shows every key · ←→ sections · Enter an item's detail", tone: "info" },
  };
}

/**
 * After a reload the Review selection stays on the same item when it is still in its section
 * (an accepted dedup, a drafted node); an item that left (a promoted node) leaves its place to the next.
 */
export function keepSelection(s: AppState, before: Views["review"], after: Views["review"]): AppState {
  const sec = after.sections[s.review.section];
  if (!before.item || !sec) return s;
  const i = sec.items.findIndex((it) => it.label === before.item!.label);
  if (i < 0) return s;
  return { ...s, review: { ...s.review, selected: { ...s.review.selected, [sec.key]: i } } };
}

/**
 * After an undo the selection lands on the node it restored: in the current section when it is
 * there, else in the first section that lists it (the current section is kept when none does).
 */
export function selectNode(s: AppState, after: Views["review"], id: string): AppState {
  const here = after.sections[s.review.section];
  const order = here ? [s.review.section, ...after.sections.keys()] : [...after.sections.keys()];
  for (const si of order) {
    const sec = after.sections[si]!;
    const i = sec.items.findIndex((it) => it.node === id);
    if (i >= 0) return { ...s, review: { ...s.review, section: si, selected: { ...s.review.selected, [sec.key]: i } } };
  }
  return s;
}

export function App({ model: initial, color, size: fixedSize, editor, probeQmd = true, onQuit, onSettled, initialScreen }: AppProps) {
  const { exit } = useApp();
  const { stdout } = useStdout();
  const { isRawModeSupported } = useStdin();
  // One row short of the terminal: a frame as tall as the screen makes ink clear the whole terminal
  // (ESC[2J ESC[3J, wiping scrollback) on every change; one row less, it rewrites changed lines only.
  const termSize = () => ({ width: stdout?.columns || 80, height: Math.max(1, (stdout?.rows || 24) - 1) });
  const cache = useRef(new ViewCache()).current;
  const theme = useRef(makeTheme(color)).current;
  // The shell's whole state in one reducer; `live` is the same state as of the last change, for
  // the handlers that read it synchronously (a key runs the router on the state it changes).
  const [shell, dispatch] = useReducer(shellReducer, null, () => {
    const size = fixedSize ?? termSize();
    return { state: { ...openingState(initial, size, cache), ...(initialScreen ? { screen: initialScreen } : {}) }, model: initial, size, qmd: null, detailShown: false, previews: 0 };
  });
  const live = useRef(shell);
  const apply = (a: ShellAction) => {
    live.current = shellReducer(live.current, a);
    dispatch(a);
  };
  const sizeOf = (sh: Shell) => fixedSize ?? sh.size;
  /** The views of the shell's state: computed once per state (the router's and the frame's are the same). */
  const views = (sh: Shell) => viewsOnce(sh.model, sh.state, cache, sizeOf(sh), sh.qmd, sh.detailShown, sh.previews);

  const commit = (next: AppState) => apply({ kind: "state", state: next });
  const commitModel = (m: ConsoleModel) => apply({ kind: "model", model: m });
  const status = (text: string, tone: "info" | "ok" | "error" | "warn" = "info") => commit({ ...live.current.state, status: { text, tone } });

  useEffect(() => {
    if (fixedSize) return;
    const onResize = () => apply({ kind: "size", size: termSize() });
    stdout?.on("resize", onResize);
    return () => {
      stdout?.off("resize", onResize);
    };
  }, []);

  // graph.json rewritten by another process (an agent's update, a pull's rebuild): reloaded, unless a
  // dialog is open (then the status bar says so and R reloads).
  useEffect(
    () =>
      watchGraphFile(initial.ctx.paths.graphJson, function changed(): void {
        const m = live.current.model;
        const key = writtenKey(m.ctx.paths.graphJson);
        if (key === null) return void setTimeout(changed, 1000).unref(); // written too recently to be told apart: looked at again
        if (key === m.graphKey) return;
        if (live.current.state.dialog) return status("graph.json changed on disk (an agent's update, a pull): R reloads", "warn");
        reload(false, (n) => `graph.json changed on disk (an agent's update, a pull): reloaded, graph ${n.version}`);
      }),
    [],
  );

  // The first frame shows the selected Review item's own facts; its file (frontmatter, body) is
  // read and shown in the next one, right after.
  useEffect(() => {
    const t = setTimeout(() => apply({ kind: "detail-shown" }), 0);
    return () => clearTimeout(t);
  }, []);

  // Keys that come before the Checkpoint screen's code is loaded wait for it (see the effect below).
  const heldKeys = useRef<{ name: string; input: string; ctrl: boolean }[] | null>(checkpointLoaded() ? null : []);

  // After the first frame: the orchestrator's code (the Checkpoint screen) is loaded and its state
  // read; qmd is probed (it may start a process); when the console opened on the compiled graph as
  // it was, it looks for sources written since (R rebuilds) — in steps, the keys typed meanwhile
  // handled between them; and zod is loaded.
  useEffect(() => {
    let stop = false;
    const closing = new AbortController();
    let immediate: NodeJS.Immediate | undefined;
    let settling: NodeJS.Timeout | undefined;
    // Stats every input (≈ 0.3 s at 50,000 nodes). A reload meanwhile starts it again on the new
    // model, or ends it when that model was rebuilt.
    const checkSources = (then: () => void) => {
      let model = live.current.model;
      let job = newerSourceSteps(model.ctx);
      const step = () => {
        if (stop) return;
        if (live.current.model !== model) {
          model = live.current.model;
          if (model.rebuilt) return then();
          job = newerSourceSteps(model.ctx);
        }
        const r = job.next();
        if (!r.done) {
          immediate = setImmediate(step);
          return;
        }
        if (r.value) status(`press R to rebuild: ${safe(r.value)} changed after graph.json was compiled`, "warn");
        then();
      };
      step();
    };
    // The keys typed meanwhile wait for the Checkpoint screen's code: the rest comes after it.
    const loaded = heldKeys.current
      ? import("../src/console/checkpoint-run.js")
          .then(() => {
            if (!live.current.model.orchestrator) commitModel(withCheckpoint(live.current.model));
          })
          .catch((e: unknown) => status(`the Checkpoint screen could not be loaded: ${safe(errorText(e))}`, "error"))
          .finally(() => {
            const keys = heldKeys.current ?? [];
            heldKeys.current = null;
            for (const k of keys) handleKey(k.name, k.input, k.ctrl);
          })
      : Promise.resolve();
    const t = setTimeout(() => {
      // Which local node files hold no dedup section, kept now (not only when the console closes,
      // nor after the work below): the next start — even after this one is killed — skips reading them.
      saveDedupIndex(live.current.model.ctx);
      void loaded.then(() => {
        if (!stop) afterFirstFrame();
      });
    }, 0);
    const afterFirstFrame = () => {
      if (probeQmd) {
        // The probe the loadouts remember (knowledge/graph/.qmd_cache/probe.json); when it must run
        // qmd (the first start here, a qmd changed since), its two processes run while keys are handled.
        const ctx = live.current.model.ctx;
        qmdUseAsync(process.env, { dir: ctx.paths.qmdCacheDir, lock: ctx.paths.lock }, closing.signal).then(
          (q) => {
            if (!stop) apply({ kind: "qmd", qmd: q });
          },
          () => {
            /* the status bar keeps saying qmd is unknown */
          },
        );
      }
      const rest = () => {
        // The review actions validate with zod: loaded while the first frame is read, not on the first action.
        warmZod();
        // Then, in a turn of its own (a key typed meanwhile is handled first), the review's view
        // kept and the whole graph parsed.
        settling = setTimeout(() => {
          if (stop) return;
          settleModel(live.current.model);
          commit({ ...live.current.state }); // drawn again: what settling read (the phase's look back) shows
          onSettled?.();
        }, 0);
      };
      if (live.current.model.rebuilt) rest();
      else checkSources(rest);
    };
    return () => {
      stop = true;
      closing.abort();
      clearTimeout(t);
      clearTimeout(settling);
      if (immediate) clearImmediate(immediate);
    };
  }, []);

  const reload = (rebuild: boolean, after?: (m: ConsoleModel) => string, select?: string) => {
    try {
      const before = views(live.current).review;
      const m = loadModel(live.current.model.ctx, live.current.model.opts, { rebuild });
      commitModel(m);
      setTimeout(() => {
        if (live.current.model === m) {
          settleModel(m);
          commit({ ...live.current.state });
        }
      }, 0);
      const note = m.notices[0];
      const reviewAfter = views({ ...live.current, model: m }).review;
      const kept = keepSelection(live.current.state, before, reviewAfter);
      commit({
        ...(select ? selectNode(kept, reviewAfter, select) : kept),
        status: note ? { text: note, tone: "warn" } : { text: after ? after(m) : `reloaded: graph ${m.version}, ${plural(m.nodes.size, "node")}`, tone: "ok" },
      });
    } catch (e) {
      commit({ ...live.current.state, dialog: { kind: "message", title: "Reload failed", lines: [safe(errorText(e))], tone: "error" }, status: { text: safe(errorText(e)), tone: "error" } });
    }
  };

  const message = (title: string, lines: string[], tone: "normal" | "error" = "error") =>
    commit({ ...live.current.state, dialog: { kind: "message", title, lines: lines.map(safe), tone }, status: { text: safe(lines[0] ?? title), tone: tone === "error" ? "error" : "info" } });

  const prepare = (action: ActionName | "edit", id: string | null) => {
    const m = live.current.model;
    const s = live.current.state;
    if (action === "undo") {
      let u;
      try {
        u = m.undo();
      } catch (e) {
        return message("The review journal cannot be read", [errorText(e)]);
      }
      if (!u) return message("Nothing to undo", ["No review action to undo: every action in knowledge/graph/review_log.jsonl is undone already, or none was taken."], "normal");
      const files = (e: typeof u.entry) => e.files.map((f) => (f.before_sha === null ? `removes ${safe(f.path)} (the action created it)` : `restores ${safe(f.path)} byte for byte`));
      const first = u.group.at(-1)!;
      const data: ConfirmData =
        u.group.length === 1
          ? { action: "undo", id: u.entry.id, expectedSha: u.journalSha, title: `Undo #${u.entry.seq}: \`${safe(u.entry.cli)}\`?`, lines: [safe(u.entry.message.split("\n")[0]!), ...files(u.entry)], cli: "akms undo" }
          : {
              action: "undo",
              id: u.entry.id,
              expectedSha: u.journalSha,
              title: `Undo the batch #${first.seq}–#${u.entry.seq}: ${u.group.length} actions?`,
              // The batch's own command line (its entries name one node each), then each entry's files.
              lines: [...[...u.group].reverse().flatMap((e) => [`#${e.seq} \`${safe(e.cli)}\``, ...files(e).map((l) => `  ${l}`)])],
              cli: "akms undo",
            };
      return commit({ ...s, dialog: { kind: "confirm", data } });
    }
    if (!id) return status("select a node first", "warn");
    const node = m.nodes.get(id);
    if (!node) return message("Not in the graph", [`${id} is not in the compiled graph; press R to rebuild and reload.`]);
    const detail = m.details.get(id);
    const facts = factsOf(node, node.node_origin === "local" ? detail.dedup : undefined);
    const refused = nodeActionRefusal(action, facts, detail.shown);
    if (refused) return message(refused.title, refused.lines, refused.tone);
    if (action === "edit") {
      if (!detail.file) return message("Cannot edit here", [`${id} has no local node file to edit.`]);
      if (!editor) return message("No terminal for $EDITOR", [`Open ${detail.shown} in your editor, then press R to rebuild and reload.`]);
      const before = readBytesIfExists(detail.file);
      const r = editor(detail.file);
      if (r.error) return message("$EDITOR did not run", [r.error]);
      const after = readBytesIfExists(detail.file);
      if (before !== null && after !== null && before.equals(after)) return status(`${detail.shown} unchanged: nothing to rebuild`, "info");
      return reload(true, (m2) => `edited ${detail.shown}; rebuilt: graph ${m2.version}`);
    }
    let target;
    try {
      target = actionTarget(m.ctx, id);
    } catch (e) {
      return message(`Cannot ${action.replace("-", " ")} ${id}`, [errorText(e)]);
    }
    const isGlobal = target.kind === "overlay";
    const shownItem = s.screen === "review" ? views(live.current).review.item : null;
    const section = action === "dedup-accept" || action === "dedup-reject" ? (dedupOf(shownItem?.node === id ? shownItem : null, detail.dedup) ?? detail.dedup.find((d) => d.status === "pending") ?? null) : null;
    const c = confirmFor(action, {
      facts,
      shown: detail.shown ?? id,
      isGlobal,
      overlayShown: m.ctx.paths.overlay.slice(m.ctx.repo.length + 1),
      expectedSha: isGlobal ? detail.overlaySha : (detail.sha ?? target.sha),
      dedup: detail.dedup,
      section,
    });
    if ("reason" in c) return message(c.title, c.lines, c.tone);
    // Every review action here is undone by u: with console.confirm_undoable false it acts at once.
    if (!m.ctx.cfg.config.console.confirm_undoable) return run({ ...c, title: safe(c.title), lines: c.lines.map(safe) });
    commit({ ...s, dialog: { kind: "confirm", data: { ...c, title: safe(c.title), lines: c.lines.map(safe) } } });
  };

  /** p d D over the marked nodes: one confirmation naming each, and the ones the rule leaves. */
  const prepareBulk = (action: BulkAction, ids: string[]) => {
    const m = live.current.model;
    const overlayShown = m.ctx.paths.overlay.slice(m.ctx.repo.length + 1);
    const items: BulkItem[] = [];
    let overlaySeen = false;
    for (const id of ids) {
      const node = m.nodes.get(id);
      if (!node) return message("Not in the graph", [`${id} is not in the compiled graph; press R to rebuild and reload.`]);
      const detail = m.details.get(id);
      const isGlobal = node.node_origin === "global";
      // The overlay changes with each global node's draft: only the first carries the sha it was shown with.
      const expectedSha = isGlobal ? (overlaySeen ? undefined : detail.overlaySha) : (detail.sha ?? undefined);
      if (isGlobal) overlaySeen = true;
      items.push({ facts: factsOf(node), shown: detail.shown ?? id, isGlobal, expectedSha });
    }
    const c = confirmBulk(action, items, overlayShown);
    if ("reason" in c) return message(c.title, c.lines, c.tone);
    const data = { ...c, title: safe(c.title), lines: c.lines.map(safe) };
    if (!m.ctx.cfg.config.console.confirm_undoable) return run(data);
    commit({ ...live.current.state, dialog: { kind: "confirm", data } });
  };

  const run = (data: ConfirmData) => {
    const t0 = performance.now();
    // Let the "running" status render before the (synchronous) core call.
    setTimeout(() => {
      const m = live.current.model;
      let res: ActionResult;
      try {
        res =
          data.action === "undo"
            ? undo(m.ctx, { expectedSha: data.expectedSha })
            : data.ids && isBulkAction(data.action)
              ? bulk(m.ctx, data.action, data.ids.map((id, i) => ({ id, expectedSha: data.expectedShas?.[i] })))
              : RUN[data.action](m.ctx, { id: data.id, expectedSha: data.expectedSha, session: data.session });
      } catch (e) {
        if (e instanceof StaleWriteError) {
          return commit({
            ...live.current.state,
            dialog: { kind: "stale", title: "Changed on disk since shown — not applied", lines: [safe(e.message), "Press R (or Enter) to reload and look again; Esc keeps this view."] },
            status: { text: `refused: ${safe(e.message)}`, tone: "error" },
          });
        }
        return message(`${data.cli} failed`, [errorText(e)]);
      }
      // The marks have been acted on (or undone): the list starts unmarked again.
      if (live.current.state.review.marked.length) commit({ ...live.current.state, review: { ...live.current.state.review, marked: [] } });
      const what = res.batch && res.action !== "undo" ? `${res.action === "undraft" ? "undrafted" : `${res.action}d`} ${plural(res.batch.ids.length, "node")}` : res.message;
      reload(false, () => `✓ $ ${res.cli} (${Math.round(performance.now() - t0)} ms) — ${what}`, data.action === "undo" ? res.id : undefined);
    }, 0);
  };

  const runEffect = (e: Effect) => {
    switch (e.kind) {
      case "quit":
        saveSeen(live.current.model.ctx); // "Since your last review" starts here next time
        onQuit?.();
        exit();
        return;
      case "reload":
        setTimeout(() => reload(true), 0);
        return;
      case "prepare":
        return prepare(e.action, e.id);
      case "prepare-bulk":
        return prepareBulk(e.action, e.ids);
      case "run":
        return run(e.data);
      case "filter-changed":
        return;
      case "orchestrate":
        return runOrchestrate(e);
    }
  };

  // Checkpoint actions run through core/orchestrator; a stage may take long (agents), so the
  // screen stays live, shows progress in the status line and refuses further actions meanwhile.
  const runOrchestrate = (e: OrchestrateEffect) => {
    const setBusy = (busy: boolean) => commit({ ...live.current.state, checkpoint: { ...live.current.state.checkpoint, busy } });
    setBusy(true);
    status(`orchestrate ${e.action} …`);
    setTimeout(() => {
      import("../src/console/checkpoint-run.js")
        .then(({ runOrchestrateEffect }) => runOrchestrateEffect(live.current.model.ctx, e, { progress: (m) => status(safe(m)), editor }))
        .then((msg) => {
          setBusy(false);
          reload(true, () => `✓ ${safe(msg)}`);
        })
        .catch((err: unknown) => {
          setBusy(false);
          reload(true);
          message(`orchestrate ${e.action} failed`, [errorText(err)]);
        });
    }, 0);
  };

  const handleKey = (name: string, input: string, ctrl: boolean) => {
    const s = live.current.state;
    const v = views(live.current);
    const r = route(s, name, input, v.env);
    let next = r.state;
    if (next.screen === "review" && !next.dialog) {
      // The Review selection is the current node (Explorer and History follow it).
      const v2 = views({ ...live.current, state: next });
      const id = v2.env.reviewNode;
      if (id && id !== next.current) next = { ...next, current: id, explorer: { ...next.explorer, selected: 0, trail: [] }, history: { selected: 0 } };
    }
    if (next !== s) commit(next);
    if (r.effect) runEffect(r.effect);
    // A key bound here that changes nothing (the digit of the current screen) is quiet; an unbound one says so.
    else if (next === s && input && !ctrl && name.length === 1 && !s.dialog && commandFor(name, s.screen) === undefined) status(`no key "${name}" here — ? shows the keys`, "warn");
  };

  useInput(
    (input, key) => {
      for (const k of splitKeys(input, key)) {
        const ctrl = key.ctrl || k.name.startsWith("ctrl+");
        if (heldKeys.current) heldKeys.current.push({ name: k.name, input: k.input, ctrl });
        else handleKey(k.name, k.input, ctrl);
      }
    },
    { isActive: Boolean(isRawModeSupported) },
  );

  const { state, model, qmd } = shell;
  const sz = sizeOf(shell);
  const v = views(shell);

  // The loadout preview may run qmd: it is computed after the frame that says so, not inside it.
  const pendingKey = v.pendingPreview?.key ?? null;
  useEffect(() => {
    if (!pendingKey || !v.pendingPreview) return;
    const compute = v.pendingPreview.compute;
    const t = setTimeout(() => {
      if (cache.previews.size > 16) cache.previews.clear();
      cache.previews.set(pendingKey, compute());
      apply({ kind: "preview-ready" });
    }, 0);
    return () => clearTimeout(t);
  }, [pendingKey]);
  const d = state.dialog;
  const body = (() => {
    if (d?.kind === "help") return <HelpOverlay title={screenTitle(state.screen)} lines={helpLines(state.screen, (c) => disabledReason(c, state, v.env))} width={sz.width} height={v.bodyHeight} offset={d.offset} />;
    switch (state.screen) {
      case "review":
        return <ReviewScreen width={sz.width} height={v.bodyHeight} state={state.review} sections={v.review.sections} item={v.review.item} detail={v.review.detail} lines={v.review.lines} headline={v.review.headline} actions={v.review.actions} />;
      case "explorer":
        return <ExplorerScreen width={sz.width} height={v.bodyHeight} state={state.explorer} center={state.current} ego={v.ego} />;
      case "why":
        return <WhyScreen width={sz.width} height={v.bodyHeight} state={{ ...state.why, selected: v.whySelected }} plan={v.plan!} rows={v.whyRows} taskCount={model.tasks().length} taskIndex={state.plan.taskIndex} />;
      case "loadout":
        return (
          <LoadoutScreen
            width={sz.width}
            height={v.bodyHeight}
            state={state.loadout}
            plan={v.plan!}
            preview={v.preview}
            pendingNote={v.pendingPreview?.note ?? null}
            qmdAvailable={qmd ? qmd.available : null}
            qmdReason={qmd?.reason ?? ""}
            taskCount={model.tasks().length}
            taskIndex={state.plan.taskIndex}
          />
        );
      case "history":
        return <HistoryScreen width={sz.width} height={v.bodyHeight} state={state.history} history={v.history} />;
      case "checkpoint":
        return <CheckpointScreen width={sz.width} height={v.bodyHeight} state={state.checkpoint} data={model.orchestrator} />;
    }
  })();

  const dialog = (() => {
    if (!d || d.kind === "help") return null;
    switch (d.kind) {
      case "confirm":
        return <ConfirmDialog title={d.data.title} lines={d.data.lines} cli={d.data.cli} width={sz.width} tone="danger" keys="y / Enter: do it · n / Esc: cancel" />;
      case "confirm-orchestrate":
        return <ConfirmDialog title={d.title} lines={d.lines} cli={`akms orchestrate ${d.effect.action}`} width={sz.width} tone="danger" keys="y / Enter: do it · n / Esc: cancel" />;
      case "stale":
        return <ConfirmDialog title={d.title} lines={d.lines} width={sz.width} tone="error" keys="R / Enter: reload · Esc: keep this view" />;
      case "message":
        return <ConfirmDialog title={d.title} lines={d.lines} width={sz.width} tone={d.tone === "error" ? "error" : "normal"} keys="Enter / Esc: close" />;
      case "input": {
        const label = d.purpose === "find" ? "find node: " : d.purpose === "tags" ? "tags: " : d.purpose === "reason" ? "reject — reason: " : "filter: ";
        const hint = d.purpose === "find" ? "↑↓ pick · Enter go · Esc cancel" : d.purpose === "tags" ? "comma-separated · Enter query · Esc cancel" : d.purpose === "reason" ? "Enter reject · Esc cancel" : "Enter keep · Esc clear";
        const results =
          d.purpose === "find"
            ? v.finder.map((id) => {
                const n = model.nodes.get(id);
                return `${safe(id)}  ${safe(n?.title ?? "")}  (${safe(n?.status ?? "")}, ${safe(n?.node_origin ?? "")})`;
              })
            : undefined;
        return <InputBox label={label} value={safe(d.value)} width={sz.width} hint={hint} results={results} selected={d.selected} />;
      }
    }
  })();

  return (
    <ThemeProvider theme={theme}>
      <ConsoleProvider model={model}>
        <Box flexDirection="column" width={sz.width} height={sz.height}>
          <Tabs tabs={SCREENS.map((x) => ({ id: x.id, label: x.title, key: x.digit }))} active={state.screen} width={sz.width} title={`akms review · ${safe(model.ctx.cfg.config.orchestrator.plan_name || model.ctx.repo.split("/").pop() || "")}`} />
          <Box height={v.bodyHeight} width={sz.width} flexDirection="column">
            {body}
          </Box>
          {dialog}
          <StatusBar width={sz.width} height={v.statusRoom} message={state.status} position={v.position} graphVersion={model.version} qmdAvailable={qmd ? qmd.available : null} />
        </Box>
      </ConsoleProvider>
    </ThemeProvider>
  );
}
