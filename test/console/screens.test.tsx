// Explorer, Why, Loadout and History on a copy of fixtures/demo, the help overlay, and fit:
// 80×24 and wide terminals, NO_COLOR, and no escape sequence from a file reaching the terminal.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import stringWidth from "string-width";
import { join } from "node:path";
import { demoRepo, openConsole, pressUntil } from "./helpers.js";
import { queryGraph } from "../../core/query.js";
import { build } from "../../core/compiler/build.js";
import { width as cells } from "../../components/text.js";

test("explorer: edges grouped by type with weights, origins, status and confidence; Enter follows, Esc goes back, radius", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx);
  try {
    await c.press("2");
    await c.press("/");
    for (const ch of "lippmann-schwinger") await c.press(ch);
    await c.press("enter");
    let f = c.frame();
    assert.match(f, /lippmann-schwinger/);
    assert.match(f, /radius 1 · \d+ nodes/);
    assert.match(f, /→ out · requires \(\d+\)/);
    assert.match(f, /← in · /);
    assert.match(f, /\d\.\d\d +(established|tentative|draft|deprecated)/);
    const out = c.model.graph().out.get("lippmann-schwinger")!;
    const firstReq = out.filter((l) => l.type === (f.match(/→ out · ([a-z-]+)/)![1])).map((l) => l.target).sort()[0]!;
    await c.press("enter");
    f = c.frame();
    assert.match(f.split("\n")[1]!, new RegExp(firstReq), "Enter follows the first edge");
    assert.match(f, /Esc back to lippmann-schwinger/);
    await c.press("esc");
    assert.match(c.frame().split("\n")[1]!, /lippmann-schwinger/);
    await c.press("+");
    assert.match(c.frame(), /radius 2 · /);
    await c.press("-");
    assert.match(c.frame(), /radius 1 · /);
    // Fuzzy finder on /.
    await c.press("/");
    for (const ch of "nyquist-freq") await c.press(ch);
    assert.match(c.frame(), /find node: /);
    assert.match(c.frame(), /nyquist-frequency-handling/);
    await c.press("enter");
    assert.match(c.frame().split("\n")[1]!, /nyquist-frequency-handling/);
  } finally {
    c.unmount();
  }
});

test("why in loadout: seed and tag, the chain of edges, rank and figures, every excluded node with its reason", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx, { height: 40 });
  try {
    await c.press("3");
    let f = c.frame();
    assert.match(f, /Task ‹ task-201/);
    assert.match(f, /In the loadout \(\d+\) — rank order/);
    assert.match(f, /seed · tag "/);
    assert.match(f, /Left out \(\d+\) — with the reason/);
    // The selected node's explanation.
    assert.match(f, /Seed: its tags? .* match/);
    assert.match(f, /Rank [\d.]+ = confidence \* activations with confidence/);
    // A node co-loaded by another's load_with says so, not that a traversal reached it.
    f = await pressUntil(c, "j", /^#\d+ fft-galerkin-basics /m);
    assert.match(f, /fft-galerkin-basics +[\d.]+ [\d.]+ +co-loaded with lippmann-schwinger/);
    assert.match(f, /^Co-loaded with lippmann-schwinger: it names this node in load_with/m);
    assert.doesNotMatch(f, /Reached from seed|via +from/);
    // Typed tags and a role.
    await c.press("t");
    for (const ch of "green-operator") await c.press(ch);
    await c.press("enter");
    await c.press("o");
    await c.press("o");
    await c.press("o");
    f = c.frame();
    assert.match(f, /Typed tags: green-operator/);
    assert.match(f, /role physics_reviewer/);
    const q = queryGraph(c.model.graph(), d.ctx.cfg, { tags: ["green-operator"], role: "physics_reviewer" });
    assert.ok(q.excluded.length > 0);
    // A reached node shows its chain; an excluded one its reason.
    f = await pressUntil(c, "j", /Reached from seed .* in \d hops?, path weight/);
    assert.match(f, / —(requires|contradicts) \(w [\d.]+\)→ | ←contradicts /);
    f = await pressUntil(c, "j", /Left out: /);
    assert.match(f, /Left out: (draft|deprecated|domain excluded|below threshold|cut by cap|edge not followed)\./);
    // Enter opens the selected node in the Explorer.
    const id = /^(\S+) — /m.exec(f.split("── Why")[1]!)![1]!;
    await c.press("enter");
    assert.match(c.frame(), /radius 1 · /);
    assert.match(c.frame().split("\n")[1]!, new RegExp(`^${id} `));
  } finally {
    c.unmount();
  }
});

test("loadout preview without qmd: degraded, and why said once", async () => {
  const d = demoRepo();
  const was = process.env.AKMS_QMD_BIN;
  process.env.AKMS_QMD_BIN = "/nonexistent/qmd";
  const c = await openConsole(d.ctx, { width: 140, height: 36 });
  try {
    await c.press("4");
    const f = await c.waitFor(/^---$/m, 60000);
    assert.match(f, /showing: degraded · qmd unavailable \(/);
    assert.doesNotMatch(f, /qmd unavailable · qmd unavailable/);
  } finally {
    c.unmount();
    if (was === undefined) delete process.env.AKMS_QMD_BIN;
    else process.env.AKMS_QMD_BIN = was;
  }
});

test("loadout preview: the mode decision with its numbers, tokens per node, the qmd / degraded toggle; nothing written", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx, { width: 120, height: 36 });
  try {
    const seen = c.frames.length;
    await c.press("4");
    // Computed after the frame that says so (qmd, when installed, may take a moment): this copy of
    // the demo has no qmd index yet, so that frame says qmd is building it — not "degraded".
    let f = await c.waitFor(/^---$/m, 60000);
    const pending = c.frames.slice(seen).find((x) => /Loadout text/.test(x) && !/^---$/m.test(x));
    assert.ok(pending, "a frame before the preview");
    assert.match(pending!, /showing: qmd \(asking qmd …\)/);
    assert.match(pending!.replace(/\s+/g, " "), /asking qmd: it is building its index of the knowledge \(the first search here; later ones reuse it\) …/);
    assert.doesNotMatch(pending!, /degraded: qmd unavailable|qmd available/);
    assert.match(f, /mode (routing|full) \(auto\): available \d+ = limit 200000 − system 0 − task \d+ − margin 4000; /);
    assert.match(f, /tokens/);
    assert.match(f, /alloc/);
    assert.match(f, /Loadout text — /);
    const usedQmd = /qmd_available: true/.test(f);
    assert.match(f, usedQmd ? /showing: qmd · qmd available · qmd's index built for it/ : /showing: degraded · qmd unavailable \(/);
    await c.press("m");
    f = await c.waitFor(/showing: degraded \(no-qmd\)[\s\S]*qmd_available: false/, 60000);
    // Enter moves the focus to the text; Space pages through it.
    await c.press("enter");
    await pressUntil(c, " ", /^## Domain Knowledge$/m);
    await c.press("esc");
    await c.press("M");
    await c.waitFor(/mode routing \(routing\)/, 60000);
    await c.press("M");
    await c.waitFor(/mode full \(full\)/, 60000);
    await c.press("right");
    await c.waitFor(/Task ‹ task-202[\s\S]*^---$/m, 60000);
    const { readdirSync } = await import("node:fs");
    let loadouts: string[] = [];
    try {
      loadouts = readdirSync(d.ctx.paths.loadouts);
    } catch {
      /* no directory: nothing written */
    }
    assert.deepEqual(loadouts, [], "the preview writes no loadout");
  } finally {
    c.unmount();
  }
});

test("history: the chart with the global default and the floor, each change with its cause", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx, { height: 32 });
  try {
    await c.press("5");
    await c.press("/");
    for (const ch of "green-operator-continuous") await c.press(ch);
    await c.press("enter");
    const f = c.frame();
    assert.match(f, /● confidence {2}┈ global default 0\.88 {2}═ floor/);
    assert.match(f, /┈/);
    assert.match(f, /═/);
    assert.match(f, /Changes \(\d+\)/);
    assert.match(f, /session-task-101|session-task-102|session-phase1/);
    assert.match(f, /−0\.\d\d/);
    // A local node's line is its file's value, not a global default.
    await c.press("/");
    for (const ch of "job-cache-key-solver-version") await c.press(ch);
    await c.press("enter");
    const local = c.frame();
    assert.match(local, /┈ the file's value 0\.50/);
    assert.match(local, /No recorded changes: the confidence is the file's value\./);
    // Only the update writes history: the empty list does not promise entries from review actions.
    assert.match(local.replace(/\s+/g, " "), /Each `akms update` whose evidence moves it adds an entry here/);
  } finally {
    c.unmount();
  }
});

test("help overlay lists the keys of the screen from the binding table", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx);
  try {
    await c.press("?");
    const f = c.frame();
    assert.match(f, /Keys — Review screen/);
    assert.match(f, /p +promote: tentative → established/);
    assert.match(f, /u +undo the last review action/);
    assert.match(f, /e +edit in \$EDITOR, then rebuild/);
    await c.press("esc");
    assert.doesNotMatch(c.frame(), /Keys — Review screen/);
  } finally {
    c.unmount();
  }
});

test("fits 80×24 exactly and uses a wide terminal (sections column)", async () => {
  const d = demoRepo();
  for (const [w, h] of [
    [80, 24],
    [160, 45],
  ] as const) {
    const c = await openConsole(d.ctx, { width: w, height: h });
    try {
      for (const screen of ["1", "2", "3", "4", "5"]) {
        await c.press(screen);
        const lines = c.frame().split("\n");
        assert.equal(lines.length, h, `screen ${screen} at ${w}×${h} has ${lines.length} lines`);
        for (const l of lines) assert.ok(cells(l) <= w, `line wider than ${w}: ${JSON.stringify(l)}`);
      }
      await c.press("1");
      if (w >= 120) assert.match(c.frame(), /^Sections/m);
      else assert.match(c.frame(), /Tentative \d+ +Older \d+ +Dedup \d+/);
    } finally {
      c.unmount();
    }
  }
});

test("text from files cannot inject escape sequences", async () => {
  const d = demoRepo();
  const evil = join(d.repo, "knowledge", "local-nodes", "evil-node.md");
  writeFileSync(
    evil,
    [
      "---",
      "id: evil-node",
      'title: "Evil \\e]0;pwned\\a title \\e[2J"',
      "domain: demo",
      "tags: [evil]",
      "status: tentative",
      "confidence: 0.5",
      "source: agent",
      "origin_phase: 1",
      "akms_schema: v2",
      "---",
      "",
      "# Evil",
      "",
      "## content_draft",
      "",
      "body \x1b[31mred\x1b[0m and \x1b]8;;http://x\x07link\x1b]8;;\x07 and bell \x07",
      "",
    ].join("\n"),
  );
  const c = await openConsole(d.ctx, { color: false });
  try {
    await c.press("/");
    for (const ch of "evil") await c.press(ch);
    await c.press("enter");
    const all = c.frames.join("");
    assert.match(c.frame(), /evil-node/);
    assert.match(c.frame(), /Evil .*pwned.* title/);
    assert.doesNotMatch(all, /\x1b\]/, "no OSC sequence");
    assert.doesNotMatch(all, /\x1b\[2J/, "no clear-screen");
    assert.doesNotMatch(all, /\x07/, "no bell");
    assert.doesNotMatch(all, /\x1b\[31m/, "no colour from the file");
  } finally {
    c.unmount();
  }
});

test("cold start: an empty repository opens, every screen says there is nothing yet", async () => {
  const { scratch } = await import("../helpers.js");
  const { loadContext } = await import("../../core/context.js");
  const { build } = await import("../../core/compiler/build.js");
  const s = scratch();
  const env = { ...process.env };
  delete env.AKMS_GLOBAL_VAULT;
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env });
  build(ctx);
  const c = await openConsole(ctx, { width: 80, height: 24 });
  try {
    assert.match(c.frame(), /Nothing here: this section is clear/);
    assert.match(c.frame(), /0 of 0 │ graph [0-9a-f]{12}/);
    // waitFor: a screen's code may still be loading on a busy machine.
    await c.press("2");
    await c.waitFor(/No node selected/);
    await c.press("3");
    await c.waitFor(/No task records in knowledge\/tasks\/ — press t to type tags/);
    await c.press("4");
    await c.waitFor(/No node would be loaded/);
    await c.press("5");
    await c.waitFor(/No node selected/);
    await c.press("p");
    await c.waitFor(/no key "p" here|select a node first/);
  } finally {
    c.unmount();
  }
});

test("the digit of the current screen does nothing, quietly; an unbound key says so", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx);
  try {
    await c.press("1");
    assert.doesNotMatch(c.frame(), /no key "1"/);
    await c.press("2");
    await c.press("2");
    assert.doesNotMatch(c.frame(), /no key "2"/);
    await c.press("Z");
    await c.waitFor(/no key "Z" here/);
  } finally {
    c.unmount();
  }
});

test("rows with CJK, full-width and emoji titles are never wider than the screen, on every screen, at 80, 100, 120 and 160 columns", async () => {
  const d = demoRepo();
  const file = join(d.repo, "knowledge", "local-nodes", "green-cache-key-includes-ref-medium.md");
  writeFileSync(file, readFileSync(file, "utf8").replace(/^title: .*$/m, 'title: "格林算子缓存键 🚀🔥 … ＦＵＬＬＷＩＤＴＨ テスト 한국어 👩‍💻 é"'));
  build(d.ctx);
  for (const width of [80, 100, 120, 160]) {
    const c = await openConsole(d.ctx, { width, height: 30, rebuild: "if-missing" });
    try {
      for (const key of ["1", "2", "5"]) {
        await c.press(key);
        const lines = c.frame().split("\n");
        assert.equal(lines.length, 30, `${width} screen ${key}: the frame is 30 rows`);
        for (const l of lines) assert.ok(stringWidth(l) <= width, `${width} screen ${key}: ${stringWidth(l)} cells: ${l}`);
      }
      await c.press("1");
      assert.match(c.frame(), /格林算子缓存键/);
    } finally {
      c.unmount();
    }
  }
});
