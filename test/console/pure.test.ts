// The console's pure parts: text safety and fitting, the ego graph, the chart, list movement,
// confidence history and the key router.
import { test } from "node:test";
import assert from "node:assert/strict";
import { indexOfLoaded } from "../../core/graph.js";
import { graphFromText } from "../graph-json.js";
import { DEFAULT_CONFIG } from "../../core/config.js";
import { safe, safeLines, truncate, pad, wrap, width, confPair, windowStart } from "../../components/text.js";
import { egoGraph, selectable } from "../../src/console/ego.js";
import { chartRows, sparkline } from "../../components/ConfidenceChart.js";
import { columnWidths } from "../../components/Table.js";
import { move } from "../../screens/list.js";
import { nodeHistory } from "../../src/console/history.js";
import { disabledReason, initialState, route, type AppState, type RouteEnv } from "../../screens/router.js";
import { helpLines } from "../../src/console/help.js";
import { MAX_RADIUS } from "../../screens/explorer/state.js";
import { explorerKey, initialExplorer } from "../../screens/explorer/state.js";
import { SCREENS } from "../../src/console/keybindings.js";
import { contentDraftOf } from "../../src/console/detail.js";
import { confirmFor, factsOf } from "../../screens/node-actions.js";
import { actionHints } from "../../screens/views.js";

function graph(nodes: Record<string, Partial<Record<string, unknown>>>, links: [string, string, string, number][]) {
  const doc = {
    directed: true,
    multigraph: false,
    graph: { akms_schema: "v2", generated_at: "", node_count: 0, edge_count: 0, global_vault: "", repo_id: "", warnings: [] },
    nodes: Object.entries(nodes).map(([id, n]) => ({ id, title: id, domain: "d", status: "established", confidence: 0.8, confidence_default: 0.8, source: "human", node_origin: "global", ...n })),
    links: links.map(([source, target, type, weight]) => ({ source, target, type, weight, edge_origin: "global" })),
  };
  return indexOfLoaded(graphFromText(JSON.stringify(doc), "graph.json"));
}

test("safe strips escape sequences and control characters from file text", () => {
  assert.equal(safe("a\x1b[31mred\x1b[0m\x07b"), "aredb");
  assert.equal(safe("x\x1b]0;title\x07y"), "xy");
  assert.equal(safe("one\ntwo\tthree\r"), "one two  three ");
  assert.deepEqual(safeLines("a\r\nb\x1b[2Jc\n"), ["a", "bc", ""]);
});

test("truncate, pad and wrap count terminal cells (wide characters take two)", () => {
  assert.equal(truncate("abcdef", 4), "abc…");
  assert.equal(truncate("abc", 4), "abc");
  assert.equal(width("日本"), 4);
  assert.equal(truncate("日本語", 4), "日…");
  assert.equal(pad("ab", 4), "ab  ");
  assert.equal(pad("ab", 4, "right"), "  ab");
  assert.deepEqual(wrap(["the quick brown fox jumps"], 10), ["the quick", "brown fox", "jumps"]);
  assert.deepEqual(wrap(["abcdefghijkl"], 5), ["abcde", "fghij", "kl"]);
});

test("confidence pairs show global → local only when they differ", () => {
  assert.equal(confPair(0.88, 0.64), "0.88→0.64");
  assert.equal(confPair(0.5, 0.5), "0.50");
  assert.equal(confPair(undefined, undefined), "–");
});

test("windows keep the selection visible and list moves clamp", () => {
  assert.equal(windowStart(0, 100, 10), 0);
  assert.equal(windowStart(50, 100, 10), 47);
  assert.equal(windowStart(99, 100, 10), 90);
  assert.equal(move(0, "up", 5, 3), 0);
  assert.equal(move(4, "down", 5, 3), 4);
  assert.equal(move(0, "page-down", 10, 4), 3);
  assert.equal(move(3, "bottom", 10, 4), 9);
  assert.deepEqual(columnWidths([3, "grow", 5], 30), [3, 20, 5]);
});

test("the ego graph groups out and in edges by type, lists each node once, and grows with the radius", () => {
  const g = graph({ a: {}, b: {}, c: {}, d: {}, e: {} }, [
    ["a", "b", "requires", 1],
    ["a", "c", "feeds-into", 0.5],
    ["d", "a", "requires", 0.8],
    ["b", "e", "requires", 0.7],
  ]);
  const r1 = egoGraph(g, "a", 1);
  assert.deepEqual(
    r1.rows.map((r) => r.heading ?? `${r.depth}${r.dir}:${r.type}:${r.neighbour}`),
    ["→ out · feeds-into (1)", "1out:feeds-into:c", "→ out · requires (1)", "1out:requires:b", "← in · requires (1)", "1in:requires:d"],
  );
  assert.equal(r1.nodeCount, 4);
  assert.equal(r1.edgeCount, 3);
  const r2 = egoGraph(g, "a", 2);
  assert.ok(r2.rows.some((r) => r.neighbour === "e" && r.depth === 2 && r.parent === "b"));
  assert.equal(r2.nodeCount, 5);
  assert.equal(selectable(r1.rows, 0, 1), 1);
  assert.equal(selectable(r1.rows, 2, -1), 1);
});

test("explorer: Enter follows the selected edge and Esc walks back", () => {
  const g = graph({ a: {}, b: {}, c: {} }, [
    ["a", "b", "requires", 1],
    ["b", "c", "requires", 1],
  ]);
  const ego = egoGraph(g, "a", 1);
  const s1 = explorerKey(initialExplorer, "down", ego, 10);
  const s2 = explorerKey(s1.state, "enter", ego, 10);
  assert.equal(s2.center, "b");
  assert.equal(s2.state.trail.length, 1);
  const back = explorerKey(s2.state, "back", egoGraph(g, "b", 1), 10);
  assert.equal(back.center, "a");
  assert.equal(back.state.trail.length, 0);
  assert.equal(explorerKey(initialExplorer, "radius-up", ego, 10).state.radius, 2);
  assert.equal(explorerKey(initialExplorer, "radius-down", ego, 10).state.radius, 1);
});

test("the chart marks the default (┈), the floor (═) and each value (●)", () => {
  const rows = chartRows({ values: [0.9, 0.5, 0.6], globalDefault: 0.9, floor: 0.2, width: 26, height: 11 });
  assert.equal(rows.length, 11);
  const text = rows.map((r) => r.axis + r.cells);
  assert.equal(text.filter((l) => l.includes("●")).length, 3);
  assert.ok(text[1]!.includes("┈"), "default 0.9 on the second row");
  assert.ok(text[8]!.includes("═"), "floor 0.2 on row 8");
  assert.match(text[0]!, /1\.00┤/);
  assert.match(text[10]!, /0\.00┤/);
  assert.equal(sparkline([0, 1]), "▁█");
});

test("the chart labels the rows the points sit on (a point at 0.50 is on the row labelled 0.50; points sharing a row, their mean marked ~), never a row it is not on", () => {
  for (const height of [8, 11, 12, 14]) {
    const values = [0.88, 0.5, 0.62];
    const rows = chartRows({ values, globalDefault: 0.88, floor: 0.35, width: 30, height });
    // Every row holding a point is labelled with a value of a point on it (points sharing a row share its label).
    rows.forEach((r, i) => {
      if (!r.cells.includes("●")) return;
      const onRow = values.filter((v) => Math.round((1 - i / (height - 1)) * 100) === Math.round(v * 100) || rows.indexOf(r) === height - 1 - Math.round(v * (height - 1)));
      // One value: its label; several: their mean, marked ~.
      const want = new Set(onRow.map((v) => v.toFixed(2))).size === 1 ? `${onRow[0]!.toFixed(2)}┤` : `~${(onRow.reduce((a, b) => a + b, 0) / onRow.length).toFixed(2)}┤`;
      assert.equal(r.axis.trim(), want, `${height} rows: row ${i} (${r.axis.trim()}) holds ${onRow.join(", ")}`);
    });
    if (height >= 11) assert.ok(rows.some((r) => r.axis.trim() === "0.50┤" && r.cells.includes("●")), `${height} rows: the point at 0.50 sits on the row labelled 0.50`);
    const floorRow = rows.find((r) => r.axis.trim() === "0.35┤");
    assert.ok(floorRow && /═/.test(floorRow.cells), `${height} rows: the floor's row is labelled with it`);
    for (const r of rows) {
      const m = /~?(\d\.\d\d)┤/.exec(r.axis);
      if (m && !["1.00", "0.00"].includes(m[1]!)) assert.match(r.cells, /[●═┈]/, `${height} rows: the label ${m[1]} names a row something is on`);
    }
  }
});

test("confidence history: default, floor, each change with its delta and cause kind", () => {
  const g = graph({ n: { confidence: 0.6, confidence_default: 0.88, confidence_floor: 0.5 } }, []);
  const h = nodeHistory(
    g,
    { akms_schema: "v2", nodes: { n: { history: [{ date: "2026-01-01", confidence: 0.75, cause: "session-task-1" }, { date: "2026-01-02", confidence: 0.6, cause: "draft" }] } } } as never,
    DEFAULT_CONFIG,
    "n",
  );
  assert.equal(h.globalDefault, 0.88);
  assert.equal(h.floor, 0.5);
  assert.equal(h.floorFrom, "node");
  assert.deepEqual(h.series, [0.88, 0.75, 0.6]);
  assert.deepEqual(h.changes.map((c) => [Math.round(c.delta * 100) / 100, c.kind]), [[-0.13, "session"], [-0.15, "review"]]);
  const none = nodeHistory(g, null, DEFAULT_CONFIG, "n");
  assert.equal(none.changes.length, 0);
  assert.equal(nodeHistory(graph({ m: {} }, []), null, DEFAULT_CONFIG, "m").floor, DEFAULT_CONFIG.confidence.min_confidence);
});

test("the content_draft section is cut at the next level-2 heading", () => {
  assert.equal(contentDraftOf("# T\n\n## content_draft\nline 1\nline 2\n\n## Notes\nx"), "line 1\nline 2");
  assert.equal(contentDraftOf("# T\nno draft"), null);
});

function env(over: Partial<RouteEnv> = {}): RouteEnv {
  return {
    review: { sections: [{ key: "a", count: 3 }, { key: "b", count: 0 }, { key: "c", count: 2 }], page: 5, detailLines: 20, detailPage: 5 },
    reviewNode: "n1",
    reviewDetail: [],
    reviewShown: () => ["n1", "n2", "n3"],
    explorer: { ego: null, page: 10 },
    why: { count: 0, page: 5, isHeading: () => false },
    loadout: { nodes: 0, lines: 0, pages: { nodes: 3, text: 5 } },
    history: { count: 0, page: 5 },
    taskCount: 2,
    roles: ["code_reviewer", "implementer"],
    finder: ["x", "y"],
    helpLines: 40,
    helpPage: 10,
    actionFacts: { id: "n1", origin: "local", status: "tentative", domain: "d" },
    ...over,
  };
}

test("router: dialogs first, then global keys, then the screen", () => {
  let s = initialState("n1");
  s = route(s, "?", "?", env()).state;
  assert.equal(s.dialog?.kind, "help");
  assert.equal(route(s, "q", "q", env()).effect, undefined, "q closes help, it does not quit");
  s = route(s, "esc", "", env()).state;
  assert.equal(s.dialog, null);
  assert.equal(route(s, "q", "q", env()).effect?.kind, "quit");
  // Sections skip the empty one.
  s = route(s, "l", "l", env()).state;
  assert.equal(s.review.section, 2);
  s = route(s, "j", "j", env()).state;
  assert.equal(s.review.selected.c, 1);
  // Node actions ask the shell to prepare (confirm) with the selected node.
  assert.deepEqual(route(s, "p", "p", env()).effect, { kind: "prepare", action: "promote", id: "n1" });
  assert.deepEqual(route(s, "u", "u", env()).effect, { kind: "prepare", action: "undo", id: null });
  // Digits and Tab switch screens.
  assert.equal(route(s, "2", "2", env()).state.screen, "explorer");
  assert.equal(route(s, "tab", "", env()).state.screen, "explorer");
  assert.equal(route(s, "shift+tab", "", env()).state.screen, SCREENS[SCREENS.length - 1]!.id);
});

test("router: a confirmation runs only on y / Enter", () => {
  const data = { action: "promote" as const, id: "n1", title: "t", lines: [], cli: "akms promote n1", expectedSha: "abc" };
  const s = { ...initialState("n1"), dialog: { kind: "confirm" as const, data } };
  assert.equal(route(s, "x", "x", env()).state.dialog?.kind, "confirm");
  assert.deepEqual(route(s, "y", "y", env()).effect, { kind: "run", data });
  const cancelled = route(s, "esc", "", env());
  assert.equal(cancelled.effect, undefined);
  assert.equal(cancelled.state.dialog, null);
  assert.match(cancelled.state.status!.text, /cancelled/);
});

test("router: the filter filters as you type and Esc restores it; the finder jumps to a node", () => {
  let s = initialState("n1");
  s = route(s, "/", "/", env()).state;
  for (const ch of "gre") s = route(s, ch, ch, env()).state;
  assert.equal(s.review.filter, "gre");
  s = route(s, "backspace", "", env()).state;
  assert.equal(s.review.filter, "gr");
  s = route(s, "esc", "", env()).state;
  assert.equal(s.review.filter, "");
  let e: AppState = { ...initialState("n1"), screen: "explorer" };
  e = route(e, "/", "/", env()).state;
  assert.equal(e.dialog?.kind, "input");
  e = route(e, "down", "", env()).state;
  e = route(e, "enter", "", env()).state;
  assert.equal(e.current, "y");
  assert.equal(e.explorer.trail[0]?.center, "n1");
});

test("router: Why/Loadout keys pick the task, type tags and cycle the role", () => {
  let s: AppState = { ...initialState(null), screen: "why" };
  s = route(s, "right", "", env()).state;
  assert.equal(s.plan.taskIndex, 1);
  s = route(s, "right", "", env()).state;
  assert.equal(s.plan.taskIndex, 0);
  s = route(s, "o", "o", env()).state;
  assert.equal(s.plan.role, "code_reviewer");
  s = route(s, "o", "o", env()).state;
  s = route(s, "o", "o", env()).state;
  assert.equal(s.plan.role, null);
  s = route(s, "t", "t", env()).state;
  for (const ch of "a, b") s = route(s, ch === " " ? "space" : ch, ch, env()).state;
  s = route(s, "enter", "", env()).state;
  assert.deepEqual(s.plan, { kind: "tags", taskIndex: 0, tags: ["a", "b"], role: null });
});

test("each screen says why a key does nothing here, and the help greys that key out with the reason", () => {
  const review = initialState("n1");
  const global = env({ actionFacts: { id: "g", origin: "global", status: "tentative", domain: "d" } });
  assert.match(disabledReason("promote", review, global)!, /global node: promoted by hand/);
  assert.equal(disabledReason("draft", review, global), null, "a global node can be drafted for this repository");
  assert.match(disabledReason("edit", review, global)!, /never edits the vault/);
  const established = env({ actionFacts: { id: "l", origin: "local", status: "established", domain: "d" } });
  assert.equal(disabledReason("promote", review, established), "already established");
  assert.match(disabledReason("undraft", review, established)!, /established, not draft/);
  assert.equal(disabledReason("promote", review, env({ actionFacts: null })), "select a node first");
  assert.equal(disabledReason("up", review, global), null, "moving is never disabled");
  // Explorer: the radius at its bounds; Why and Loadout: no task records; Checkpoint: no run.
  const explorer: AppState = { ...review, screen: "explorer", explorer: { ...review.explorer, radius: MAX_RADIUS } };
  assert.match(disabledReason("radius-up", explorer, env())!, /largest/);
  assert.equal(disabledReason("radius-down", explorer, env()), null);
  assert.match(disabledReason("right", { ...review, screen: "why" }, env({ taskCount: 0 }))!, /no task records/);
  assert.match(disabledReason("cp-approve", { ...review, screen: "checkpoint" }, env())!, /no orchestration run/);
  // The help: the refused key is dim and says why; the others are as before.
  const lines = helpLines("review", (c) => disabledReason(c, review, global));
  const p = lines.find((l) => /^ {2}p /.test(l.text))!;
  assert.equal(p.dim, true);
  assert.match(p.text, /not now: a global node: promoted by hand/);
  const d = lines.find((l) => /^ {2}d /.test(l.text))!;
  assert.ok(!d.dim && !/not now/.test(d.text));
  assert.equal(lines.length, helpLines("review").length, "greying out adds no line");
});

test("router: Ctrl-C quits from a dialog, the help and the / prompt (no action runs)", () => {
  const data = { action: "promote" as const, id: "n1", title: "t", lines: [], cli: "akms promote n1", expectedSha: "abc" };
  const confirm = { ...initialState("n1"), dialog: { kind: "confirm" as const, data } };
  assert.deepEqual(route(confirm, "ctrl+c", "c", env()).effect, { kind: "quit" });
  let help = route(initialState("n1"), "?", "?", env()).state;
  assert.equal(help.dialog?.kind, "help");
  assert.deepEqual(route(help, "ctrl+c", "c", env()).effect, { kind: "quit" });
  const prompt = route(initialState("n1"), "/", "/", env()).state;
  assert.equal(prompt.dialog?.kind, "input");
  assert.deepEqual(route(prompt, "ctrl+c", "c", env()).effect, { kind: "quit" });
  help = initialState("n1");
  assert.deepEqual(route(help, "ctrl+c", "c", env()).effect, { kind: "quit" });
});

test("the promote confirmation names the dedup keys from the one key table", () => {
  const d = confirmFor("promote", {
    facts: factsOf({ id: "n1", node_origin: "local", status: "tentative", domain: "x" }),
    shown: "knowledge/local-nodes/n1.md",
    isGlobal: false,
    overlayShown: "knowledge/graph/local_state.yaml",
    dedup: [{ status: "pending", session: "session-t-1" } as never],
    section: null,
  });
  assert.ok("lines" in d);
  const text = d.lines.join("\n");
  assert.match(text, /a accepts, r rejects it/);
  assert.doesNotMatch(text, /a\/x/);
});

test("the chart: points of different values sharing a row label it with their mean marked ~ (never one of them); dates under the x axis", () => {
  const rows = chartRows({ values: [0.74, 0.77, 0.5], dates: ["", "2026-11-05", "2026-11-06"], globalDefault: null, floor: 0.1, width: 40, height: 6 });
  assert.equal(rows.length, 6, "the date axis is within the height");
  const shared = rows.find((r) => (r.cells.match(/●/g) ?? []).length === 2)!;
  assert.match(shared.axis, /~0\.76┤/);
  assert.ok(!rows.some((r) => /0\.74┤|0\.77┤/.test(r.axis)), "no label names one value of a shared row");
  const axis = rows[rows.length - 1]!.cells;
  assert.match(axis, /2026-11-05/);
  assert.match(axis, /2026-11-06/);
});

test("the review hints offer only the actions the core rule allows on the item", () => {
  const local = factsOf({ id: "n1", node_origin: "local", status: "tentative", domain: "x" });
  assert.deepEqual(actionHints(local).map(([k]) => k), ["p", "d", "e"]);
  assert.deepEqual(actionHints(null), [], "no node selected (a blocked task, a drift): no node action");
  const established = factsOf({ id: "g1", node_origin: "global", status: "established", domain: "x" });
  assert.ok(!actionHints(established).some(([k]) => k === "p"), "an established node is not offered promote");
});

test("/ with the Review's detail in focus searches the detail: the next line holding the text, wrapping round; not found says so", async () => {
  const { findInDetail } = await import("../../screens/router.js");
  const { initialReview } = await import("../../screens/review/state.js");
  const s0 = { review: { ...initialReview, focus: "detail" as const, detailOffset: 0 }, status: null } as unknown as Parameters<typeof findInDetail>[0];
  const lines = ["id: x", "status: tentative", "## content_draft", "the Nyquist index", "more", "nyquist again"];
  const a = findInDetail(s0, "nyquist", lines);
  assert.equal(a.review.detailOffset, 3);
  assert.match(a.status!.text, /"nyquist": line 4 of 6/);
  const b = findInDetail(a, "nyquist", lines);
  assert.equal(b.review.detailOffset, 5, "the next one");
  const c = findInDetail(b, "nyquist", lines);
  assert.equal(c.review.detailOffset, 3, "round again");
  const none = findInDetail(c, "banana", lines);
  assert.equal(none.review.detailOffset, 3);
  assert.match(none.status!.text, /"banana" is not in the detail/);
  assert.equal(none.review.detailFind, "banana", "remembered for the next /");
});

test("marks: m marks the node and moves down, p with marks asks for the marked nodes the list shows, in marking order; another section starts unmarked", () => {
  let s: AppState = initialState(null);
  s = route(s, "m", "m", env({ reviewNode: "n2" })).state;
  s = route(s, "m", "m", env({ reviewNode: "n1" })).state;
  assert.deepEqual(s.review.marked, ["n2", "n1"]);
  assert.equal(s.review.selected.a, 2, "each m moved the selection down");
  assert.deepEqual(route(s, "p", "p", env()).effect, { kind: "prepare-bulk", action: "promote", ids: ["n2", "n1"] });
  // A filter that hides n2: only n1 is acted on; one that hides both: nothing, and a word why.
  assert.deepEqual(route(s, "d", "d", env({ reviewShown: () => ["n1", "n3"] })).effect, { kind: "prepare-bulk", action: "draft", ids: ["n1"] });
  const hidden = route(s, "D", "D", env({ reviewShown: () => ["n3"] }));
  assert.equal(hidden.effect, undefined);
  assert.match(hidden.state.status!.text, /no marked node is shown/);
  // Accept, reject and edit act on the selected item alone.
  assert.deepEqual(route(s, "e", "e", env()).effect, { kind: "prepare", action: "edit", id: "n1" });
  // M marks every node shown, M again clears; ← → leave the marks behind.
  const all = route(s, "M", "M", env()).state;
  assert.deepEqual(all.review.marked, ["n2", "n1", "n3"]);
  assert.deepEqual(route(all, "M", "M", env()).state.review.marked, []);
  assert.deepEqual(route(s, "l", "l", env()).state.review.marked, []);
  // Without a node selected, m does nothing, and says why in the help.
  assert.deepEqual(route(initialState(null), "m", "m", env({ reviewNode: null })).state.review.marked, []);
  assert.match(disabledReason("mark", initialState(null), env({ actionFacts: null }))!, /select a node/);
});

test("the marked nodes' confirmation speaks of one node as one: no 'None of the 1 marked nodes', no 'one u undoes all 1'", async () => {
  const { confirmBulk } = await import("../../screens/node-actions.js");
  const node = (id: string, status: string) => ({ facts: { id, origin: "local", status, domain: "d" }, shown: `knowledge/local-nodes/${id}.md`, isGlobal: false });
  const refused = confirmBulk("promote", [node("a", "draft")], "knowledge/graph/local_state.yaml");
  assert.ok("reason" in refused && "lines" in refused);
  assert.equal((refused as { lines: string[] }).lines[0], "The marked node cannot be promoted:");
  const two = confirmBulk("promote", [node("a", "draft"), node("b", "draft")], "x") as { lines: string[] };
  assert.equal(two.lines[0], "None of the 2 marked nodes can be promoted:");
  const one = confirmBulk("promote", [node("a", "tentative"), node("b", "draft")], "x") as { title: string; lines: string[] };
  assert.equal(one.title, "Promote 1 node?");
  assert.equal(one.lines.at(-1), "u undoes it.");
  const both = confirmBulk("promote", [node("a", "tentative"), node("b", "tentative")], "x") as { lines: string[] };
  assert.match(both.lines.at(-1)!, /^One batch in the review journal: one u undoes all 2\./);
});
