// The Review screen on a copy of fixtures/demo: sections with counts, facts inline, detail pane,
// the dedup side-by-side, and every review action through the shared core — confirmation,
// recompile, refresh in place, the CLI command in the status line, undo, stale refusal.
import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, readFileSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { demoRepo, openConsole, pressUntil, tick, writeBulkNodes } from "./helpers.js";
import { damageSection, ROOT, tmp, treeHash } from "../helpers.js";
import { cpSync } from "node:fs";
import { loadContext } from "../../core/context.js";
import { existsSync, rmSync } from "node:fs";
import { factsPath } from "../../core/store/facts.js";
import { planGraphCachePath } from "../../core/store/graph-index.js";
import { build } from "../../core/compiler/build.js";
import { STAT_STEP } from "../../core/steps.js";

async function filterTo(c: Awaited<ReturnType<typeof openConsole>>, text: string) {
  await c.press("/");
  for (const ch of text) await c.press(ch);
  await c.press("enter");
}

test("opens on the review report: sections with counts, key facts inline, status bar", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx);
  try {
    const f = c.frame();
    const data = c.model.review!;
    assert.ok(data.summary.new_tentative > 0, "the demo has tentative nodes");
    assert.match(f, new RegExp(`Tentative ${data.summary.new_tentative}`));
    assert.match(f, new RegExp(`Dedup ${data.summary.dedup_events}`));
    assert.match(f, /New tentative nodes — 1 of \d+/);
    assert.match(f, /tentative/);
    assert.match(f, /agent/, "provenance inline");
    assert.match(f, new RegExp(`graph ${c.model.version}`));
    assert.match(f, /1 of \d+ │ graph/);
    assert.match(f, /qmd \?/, "qmd is probed after the first frame (not in these tests)");
    // The first frame shows the item's own lines; its file (frontmatter, body, content_draft) comes
    // in the next frame, right after.
    assert.match(c.frames[0]!, /Detail: [\s\S]*file knowledge\/local-nodes\/[\s\S]*\$ akms promote /);
    assert.match(await c.waitFor(/── frontmatter/), /id: /);
    await c.press("j");
    assert.match(c.frame(), /New tentative nodes — 2 of \d+/);
    assert.match(c.frame(), /2 of \d+ │ graph/);
    await c.press("k");
    assert.match(c.frame(), /— 1 of/);
  } finally {
    c.unmount();
  }
});

test("marks: m marks and moves down, p promotes every marked node after one confirmation, one u undoes the batch; Esc clears marks", async () => {
  const d = demoRepo();
  const vaultBefore = treeHash(d.vault);
  const c = await openConsole(d.ctx);
  try {
    const items = c.model.review!.sections.new_tentative.filter((i) => i.origin === "local" && i.status === "tentative");
    assert.ok(items.length >= 3, "three local tentative nodes");
    const files = items.map((i) => join(d.repo, i.file!));
    const before = files.map((f) => readFileSync(f));
    await c.press("m");
    assert.match(c.frame(), /New tentative nodes — 2 of \d+ · 1 marked/, "marked, and the selection moved down");
    assert.match(c.frame(), new RegExp(`✓ ${items[0]!.id}`));
    await c.press("m");
    assert.match(c.frame(), /· 2 marked/);
    assert.match(c.frame(), /p d D act on the 2 marked/);
    // Esc clears the marks; M marks every node shown, M again clears them.
    await c.press("esc");
    assert.doesNotMatch(c.frame(), /marked/);
    await c.press("M");
    assert.match(c.frame(), new RegExp(`· ${new Set(c.model.review!.sections.new_tentative.map((i) => i.id)).size} marked`));
    await c.press("M");
    assert.doesNotMatch(c.frame(), /marked/);
    await c.press("g");
    await c.press("m");
    await c.press("m");
    await c.press("p");
    const ask = c.frame();
    assert.match(ask, /Promote 2 nodes\?/);
    assert.match(ask, new RegExp(`${items[0]!.id}: tentative → established`));
    assert.match(ask, /one u undoes all 2/);
    assert.match(ask, new RegExp(`CLI: akms promote ${items[0]!.id} ${items[1]!.id}`));
    assert.deepEqual(readFileSync(files[0]!), before[0], "nothing is written before the confirmation");
    await c.press("y");
    const done = await c.waitFor(/✓ \$ akms promote[\s\S]*?\(\d+\s+ms\)\s+—\s+promoted\s+2\s+nodes/);
    assert.doesNotMatch(done, /marked/, "the marks are gone once acted on");
    for (const f of files.slice(0, 2)) assert.match(readFileSync(f, "utf8"), /^status: established$/m);
    await c.press("u");
    assert.match(c.frame(), /Undo the batch #\d+–#\d+: 2 actions\?/);
    await c.press("y");
    await c.waitFor(/✓ \$ akms undo/);
    files.forEach((f, i) => assert.deepEqual(readFileSync(f), before[i]));
    assert.equal(treeHash(d.vault), vaultBefore);
  } finally {
    c.unmount();
  }
});

test("promote: confirm, the file changes, the screen refreshes, the CLI command shows; undo restores the bytes", async () => {
  const d = demoRepo();
  const vaultBefore = treeHash(d.vault);
  const c = await openConsole(d.ctx);
  try {
    const item = c.model.review!.sections.new_tentative.find((i) => i.origin === "local" && i.status === "tentative")!;
    assert.ok(item, "a local tentative node to promote");
    const file = join(d.repo, item.file!);
    const before = readFileSync(file);
    await filterTo(c, item.id);
    assert.match(c.frame(), new RegExp(`Detail: ${item.id}`));
    await c.press("p");
    assert.match(c.frame(), new RegExp(`Promote ${item.id}\\?`));
    assert.match(c.frame(), new RegExp(`CLI: akms promote ${item.id}`));
    assert.deepEqual(readFileSync(file), before, "nothing is written before the confirmation");
    await c.press("y");
    const after = await c.waitFor(/✓ \$ akms promote/);
    assert.match(after, new RegExp(`✓ \\$ akms promote ${item.id}`));
    // A long result gets a status line of its own; the frame keeps its height.
    assert.match(after, new RegExp(`✓ \\$ akms promote ${item.id}\\s+\\(\\d+\\s+ms\\)\\s+—\\s+promoted`));
    assert.equal(after.split("\n").length, 30);
    const text = readFileSync(file, "utf8");
    assert.match(text, /^status: established/m);
    // Only the status line changed.
    assert.equal(text.replace(/^status: established/m, "status: tentative"), before.toString("utf8"));
    // Refreshed in place: the node has left the tentative section (the filter now matches nothing there).
    assert.match(after, /No item matches the filter|established/);
    assert.notEqual(c.model.version, after.match(/graph ([0-9a-f]{12})/)![1], "graph_version moved on");
    // Undo.
    await c.press("u");
    const asked = c.frame();
    assert.match(asked, /Undo #\d+: `akms promote/);
    assert.equal(asked.split("\n").length, 30, "the dialog and the result's rows fit the frame");
    // The dialog says what the action did, not again the steps its result printed after it.
    const dialog = asked.slice(asked.indexOf("╭"), asked.indexOf("╯"));
    assert.match(dialog.replace(/[│\s]+/g, " "), new RegExp(`promoted ${item.id}: tentative → established`));
    assert.doesNotMatch(dialog, /To share it|mv /);
    await c.press("y");
    await c.waitFor(/✓ \$ akms undo/);
    assert.deepEqual(readFileSync(file), before, "undo restores the file byte for byte");
    assert.equal(treeHash(d.vault), vaultBefore, "the global vault is never written");
  } finally {
    c.unmount();
  }
});

test("cancel writes nothing; a file changed on disk since shown is refused and the view offers a reload", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx);
  try {
    const item = c.model.review!.sections.new_tentative.find((i) => i.origin === "local" && i.status === "tentative")!;
    const file = join(d.repo, item.file!);
    await filterTo(c, item.id);
    const before = readFileSync(file);
    await c.press("p");
    await c.press("n");
    assert.match(c.frame(), /cancelled: akms promote/);
    assert.deepEqual(readFileSync(file), before);
    // Someone edits the file after the console showed it.
    const edited = before.toString("utf8") + "\nA line added in another editor.\n";
    writeFileSync(file, edited);
    await c.press("p");
    await c.press("y");
    const f = await c.waitFor(/Changed on disk since shown/);
    assert.match(f, /R \/ Enter: reload/);
    assert.equal(readFileSync(file, "utf8"), edited, "the refused action wrote nothing");
    await c.press("R");
    await c.waitFor(/reloaded: graph/);
    // After the reload the same action goes through.
    await c.press("p");
    await c.press("y");
    await c.waitFor(/✓ \$ akms promote/);
    assert.match(readFileSync(file, "utf8"), /^status: established/m);
  } finally {
    c.unmount();
  }
});

test("dedup: the pending merge is shown side by side; accept one, reject the other", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx);
  try {
    const events = c.model.review!.sections.dedup_events.filter((e) => e.dedup_status === "pending");
    assert.ok(events.length >= 2, "the demo has two pending dedup merges");
    await pressUntil(c, "l", /Dedup events — 1 of/);
    const f = c.frame();
    const first = events[0]!;
    assert.match(f, new RegExp(`Dedup into ${first.id} \\(pending\\)`));
    assert.match(f, /Existing: /);
    assert.match(f, new RegExp(`Draft from ${first.session} \\(pending\\)`));
    assert.match(f, new RegExp(`${first.session} · score ${first.score}`));
    // Accept the first.
    await c.press("a");
    assert.match(c.frame(), new RegExp(`Accept the merge into ${first.id}\\?`));
    await c.press("y");
    await c.waitFor(/✓ \$ akms dedup accept/);
    const acceptedText = readFileSync(join(d.repo, first.file!), "utf8");
    assert.match(acceptedText, new RegExp(`session=${first.session}[^>]*status=accepted`));
    // Reject the other pending one.
    const second = events.find((e) => e.id !== first.id)!;
    // The selection stayed on the accepted event (now listed after the pending one).
    assert.match(c.frame(), new RegExp(`Dedup into ${first.id} \\(accepted\\)`));
    await c.press("g");
    await pressUntil(c, "j", new RegExp(`Dedup into ${second.id} \\(pending\\)`));
    const localNodes = join(d.repo, "knowledge", "local-nodes");
    const filesBefore = new Set(readdirSync(localNodes));
    await c.press("r");
    assert.match(c.frame(), new RegExp(`Reject the merge into ${second.id}\\?`));
    await c.press("y");
    await c.waitFor(/✓ \$ akms dedup reject/);
    const added = readdirSync(localNodes).filter((f) => !filesBefore.has(f));
    assert.equal(added.length, 1, "the rejected draft became its own node file");
    assert.match(readFileSync(join(localNodes, added[0]!), "utf8"), /^status: tentative/m);
    assert.doesNotMatch(readFileSync(join(d.repo, second.file!), "utf8"), new RegExp(`session=${second.session}`));
  } finally {
    c.unmount();
  }
});

test("draft and undraft a global node: an overlay override for this repository, the vault untouched", async () => {
  const d = demoRepo();
  const vaultBefore = treeHash(d.vault);
  const c = await openConsole(d.ctx);
  try {
    const item = c.model.review!.sections.degraded.find((i) => i.origin === "global")!;
    assert.ok(item);
    await pressUntil(c, "l", /Degraded confidence — /);
    await filterTo(c, item.id);
    await c.press("d");
    assert.match(c.frame(), /For this repository only/);
    await c.press("y");
    const drafted = await c.waitFor(/✓ \$ akms draft/);
    assert.match(readFileSync(d.ctx.paths.overlay, "utf8"), new RegExp(`${item.id}:[\\s\\S]*status: draft`));
    assert.match(drafted, new RegExp(`\\$ akms undraft ${item.id}`), "the detail shows the command that reverses it");
    await c.press("D");
    await c.press("y");
    await c.waitFor(/✓ \$ akms undraft/);
    assert.equal(treeHash(d.vault), vaultBefore);
    // An established global node: nothing to promote (said without a confirmation).
    await c.press("p");
    assert.match(c.frame(), /Already established/);
    assert.match(c.frame(), /already established \(a global node\)/);
    await c.press("esc");
  } finally {
    c.unmount();
  }
});

test("drafted nodes stay reachable: the Drafted section lists local and global drafts with undraft; decided dedup merges stay listed as decided", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx, { width: 120, height: 34 });
  try {
    const local = c.model.review!.sections.new_tentative.find((i) => i.origin === "local")!;
    const global = c.model.review!.sections.degraded.find((i) => i.origin === "global")!;
    await filterTo(c, local.id);
    await c.press("d");
    await c.press("y");
    await c.waitFor(/✓ \$ akms draft/);
    await c.press("esc"); // clear the filter
    await pressUntil(c, "l", /Degraded confidence — /);
    await filterTo(c, global.id);
    await c.press("d");
    await c.press("y");
    await c.waitFor(/✓ \$ akms draft/);
    await c.press("esc");
    // Both are in Drafted, with undraft as the action.
    let f = await pressUntil(c, "h", /Drafted — 1 of 2/);
    assert.match(f, /D undraft/);
    assert.ok(f.includes(global.id) && f.includes(local.id), "a local and a global draft");
    assert.match(f, /\$ akms undraft /);
    await c.press("D");
    assert.match(c.frame(), /Undraft /);
    await c.press("y");
    f = await c.waitFor(/✓ \$ akms undraft/);
    assert.match(f, /Drafted — 1 of 1/, "undrafted, it leaves the section");

    // Dedup: accept one, reject the other; both stay listed, as decided.
    const events = c.model.review!.sections.dedup_events.filter((e) => e.dedup_status === "pending");
    assert.equal(events.length, 2);
    await pressUntil(c, "h", /Dedup events — 1 of 2/);
    await c.press("a");
    await c.press("y");
    await c.waitFor(/✓ \$ akms dedup accept/);
    await pressUntil(c, "k", /Dedup events — 1 of/);
    await c.press("r");
    if (/reject — reason/.test(c.frame())) await c.press("enter");
    if (/Reject /.test(c.frame())) await c.press("y");
    f = await c.waitFor(/✓ \$ akms dedup reject/);
    assert.match(f, /Dedup events — \d of 2/, "both decisions are listed");
    await pressUntil(c, "k", /Dedup events — 1 of 2/);
    const first = c.frame();
    await c.press("j");
    const second = c.frame();
    const both = first + second;
    assert.match(both, /Dedup into \S+ \(accepted\)/);
    assert.match(both, /Dedup into \S+ \(rejected\)/);
    assert.match(both, /Rejected \(\d{4}-\d\d-\d\dT[^)]*\): the draft/);
    assert.match(both, /became its own node/);
  } finally {
    c.unmount();
  }
});

test("e opens $EDITOR on the local node file, then rebuilds and reloads", async () => {
  const d = demoRepo();
  let edited: string | null = null;
  const c = await openConsole(d.ctx, {
    editor: (file) => {
      edited = file;
      writeFileSync(file, readFileSync(file, "utf8").replace(/^title: .*$/m, 'title: "Edited in the editor"'));
      return { error: null };
    },
  });
  try {
    const item = c.model.review!.sections.new_tentative.find((i) => i.origin === "local")!;
    await filterTo(c, item.id);
    await c.press("e");
    const f = await c.waitFor(/edited knowledge\/local-nodes/);
    assert.equal(edited, join(d.repo, item.file!));
    assert.match(f, /Edited in the editor/);
  } finally {
    c.unmount();
  }
});

test("an edit that breaks the file's YAML: the rebuild's failure names the file and line, the detail still shows the file, and e opens it again to fix it", async () => {
  const d = demoRepo();
  const opened: string[] = [];
  const c = await openConsole(d.ctx, {
    width: 140,
    editor: (file) => {
      opened.push(file);
      const text = readFileSync(file, "utf8");
      // The first edit appends after the title's closing quote (invalid YAML); the second takes it back.
      writeFileSync(file, opened.length === 1 ? text.replace(/^(title: ".*")$/m, "$1 (edited)") : text.replace(/ \(edited\)$/m, ""));
      return { error: null };
    },
  });
  try {
    const item = c.model.review!.sections.new_tentative.find((i) => i.origin === "local")!;
    await filterTo(c, item.id);
    await c.press("e");
    const broken = await c.waitFor(/rebuild failed/);
    // The status bar's lines are whole rows (read joined); the detail pane's note wraps beside the sections column.
    assert.match(broken.replace(/\s+/g, " "), new RegExp(`rebuild failed, showing the last compiled graph: .*knowledge/local-nodes/${item.id}\\.md:3: invalid YAML`));
    assert.match(broken, new RegExp(`knowledge/local-nodes/${item.id}\\.md does not declare id`));
    assert.match(broken, /as it stands \(line 3: invalid YAML/);
    assert.doesNotMatch(broken, /no file in knowledge\/local-nodes\/ declares id/);
    await c.press("e");
    await c.waitFor(/edited knowledge\/local-nodes\/.*rebuilt: graph/);
    assert.deepEqual(opened, [join(d.repo, item.file!), join(d.repo, item.file!)]);
  } finally {
    c.unmount();
  }
});

test("opened on the compiled graph as it is, the console says when a source was written after it", async () => {
  const d = demoRepo();
  const fresh = await openConsole(d.ctx, { rebuild: "if-missing" });
  try {
    await fresh.settled;
    await tick(30);
    assert.doesNotMatch(fresh.frame(), /changed after graph\.json was compiled/);
  } finally {
    fresh.unmount();
  }
  const item = c0(d);
  const later = new Date(Date.now() + 60_000);
  utimesSync(join(d.repo, item), later, later);
  const c = await openConsole(d.ctx, { rebuild: "if-missing", width: 140 });
  try {
    const f = await c.waitFor(/press R to rebuild: .* changed after graph\.json was compiled/);
    assert.match(f, new RegExp(item.replace(/[.]/g, "\\.")));
  } finally {
    c.unmount();
  }
});

test("the staleness warning follows what the compile reads: none after a dedup accept and its undo, one for a body-only edit that R clears, none on the next launch", async () => {
  const d = demoRepo();
  const stale = /press R to rebuild/;
  const settleFrame = async (c: Awaited<ReturnType<typeof openConsole>>) => {
    await c.settled;
    await tick(120);
    return c.frame().replace(/\s+/g, " "); // the status line wraps at 100 columns
  };
  let c = await openConsole(d.ctx, { rebuild: "if-missing" });
  try {
    await pressUntil(c, "l", /Dedup events — 1 of/);
    await c.press("a");
    await c.press("y");
    await c.waitFor(/✓ \$ akms dedup accept/);
    await c.press("u");
    await c.press("y");
    await c.waitFor(/✓ .*undo/);
  } finally {
    c.unmount();
  }
  c = await openConsole(d.ctx, { rebuild: "if-missing" });
  try {
    assert.doesNotMatch(await settleFrame(c), stale, "an action records what it wrote: no warning after it");
  } finally {
    c.unmount();
  }
  // A body-only edit (graph.json would come out byte for byte the same): the compile reads that file, so it is named.
  const item = c0(d);
  writeFileSync(join(d.repo, item), readFileSync(join(d.repo, item), "utf8") + "\nOne more line of body.\n");
  c = await openConsole(d.ctx, { rebuild: "if-missing", width: 140 });
  try {
    const f = await c.waitFor(/press R to rebuild: .* changed after graph\.json was compiled/);
    assert.match(f, new RegExp(item.replace(/[.]/g, "\\.")));
    await c.press("R");
    const after = await settleFrame(c);
    assert.doesNotMatch(after, stale, "R clears it");
  } finally {
    c.unmount();
  }
  c = await openConsole(d.ctx, { rebuild: "if-missing" });
  try {
    assert.doesNotMatch(await settleFrame(c), stale, "and a relaunch does not show it again");
  } finally {
    c.unmount();
  }
});

/** A local node file of the demo (repo-relative). */
test("R with a mistyped vault keeps the compiled graph and its global nodes, and says why", async () => {
  const d = demoRepo();
  const graphJson = d.ctx.paths.graphJson;
  const before = readFileSync(graphJson);
  const env = { ...process.env };
  delete env.AKMS_GLOBAL_VAULT;
  const typo = loadContext({ repo: d.repo, vault: join(d.dir, "no-such-vault"), env });
  const c = await openConsole(typo, { rebuild: "if-missing", width: 160 });
  try {
    await c.settled;
    await c.press("R");
    const f = await c.waitFor(/rebuild failed, showing the last compiled graph/);
    assert.match(f.replace(/\s+/g, " "), /no-such-vault/);
    assert.deepEqual(readFileSync(graphJson), before, "graph.json still holds the global nodes");
  } finally {
    c.unmount();
  }
});

function c0(d: ReturnType<typeof demoRepo>): string {
  return "knowledge/local-nodes/" + readdirSync(join(d.repo, "knowledge", "local-nodes")).sort()[0]!;
}

test("the console keeps its dedup index right after its first frame, not after the check for newer sources: a console killed during the check leaves it for the next start", async () => {
  const d = demoRepo();
  // Enough local node files without a dedup section that the check takes several steps.
  writeBulkNodes(join(d.repo, "knowledge", "local-nodes"), 3 * STAT_STEP);
  build(d.ctx);
  rmSync(factsPath(d.ctx.paths), { force: true });
  const c = await openConsole(d.ctx, { rebuild: false });
  let settled = false;
  void c.settled.then(() => (settled = true));
  await tick(0);
  assert.ok(existsSync(factsPath(d.ctx.paths)), `written in the first turn after the first frame (the check ${settled ? "done" : "still running"})`);
  assert.match(readFileSync(factsPath(d.ctx.paths), "utf8"), /no-dedup:[^"]*bulk-00000\.md/);
  await c.settled;
  c.unmount();
});

test("the key hints show only the actions that run on the selected item (the core rule): p on a tentative node, not on a blocked task", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx);
  try {
    assert.match(c.frame(), /\? shows every key/);
    // The Blocked section's items are tasks, not nodes: no node action is offered there.
    await pressUntil(c, "l", /Blocked downstream tasks — 1 of/);
    assert.doesNotMatch(c.frame(), /p promote|d draft|D undraft|p promotes/, "no key that does nothing here, in the hints or the status bar");
  } finally {
    c.unmount();
  }
});

test("Would it have helped?: one row per task of the phase, a pitfall that bit again said loaded (memory ignored) or not (memory missing)", async () => {
  const dir = tmp("akms-helped-");
  cpSync(join(ROOT, "fixtures", "replay"), dir, { recursive: true });
  const env = { ...process.env };
  delete env.AKMS_GLOBAL_VAULT;
  const ctx = loadContext({ repo: join(dir, "repo"), env });
  build(ctx);
  const c = await openConsole(ctx, { width: 120, height: 35 });
  try {
    assert.equal(c.model.review!.phase, 3, "the latest phase");
    assert.match(c.frames[0]!, /Would it have helped\?\s+0/, "the first frame reads no session document");
    await c.settled; // then the phase's look back is read, and drawn
    await pressUntil(c, "l", /Would it have helped\? — 1 of 10/);
    assert.match(c.frame(), /Would it have helped\?\s+10/, "the section and its count in the sections column");
    const f = await pressUntil(c, "j", /Detail: rp-302/);
    assert.match(f.replace(/\s+/g, " "), /bit again: migration-locks \(loaded: memory ignored\)/);
    assert.match(f, /rp-302\s+bit again/, "the status column");
  } finally {
    c.unmount();
  }
});

test("graph.json rewritten by another process (an agent's update): the console reloads itself and says why; its own actions are not reloaded twice", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx, { width: 120, height: 35 });
  try {
    await c.settled;
    const before = c.model.version;
    // Another process drafts a node: graph.json is rewritten outside the console.
    const { draft } = await import("../../core/review/actions.js");
    const target = [...c.model.nodes.values()].find((n) => n.node_origin === "global" && n.status === "established")!;
    draft(loadContext({ repo: d.repo, vault: d.vault, env: {} }), { id: target.id });
    const f = await c.waitFor(/graph\.json changed on disk \(an agent's update, a pull\): reloaded/, 5000);
    assert.doesNotMatch(f, new RegExp(`graph ${before} `));
  } finally {
    c.unmount();
  }
});

test("s sorts the section: confidence (lowest first), provenance, id, then the report's order again; the title says which", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx, { width: 120, height: 35 });
  try {
    const rows = () => {
      const sec = c.model.review!.sections.new_tentative;
      return sec.length;
    };
    assert.ok(rows() > 2, "the demo's tentative section has items to order");
    await c.press("s");
    assert.match(c.frame(), /New tentative nodes — 1 of \d+ · sorted by confidence \(s\)/);
    const { reviewSections } = await import("../../src/console/review-view.js");
    const byConf = reviewSections(c.model.review, "", () => true, { helped: null, order: "confidence" })[0]!.items.map((i) => i.confidence ?? Infinity);
    assert.deepEqual(byConf, [...byConf].sort((a, b) => a - b), "lowest confidence first");
    await c.press("s");
    assert.match(c.frame(), /sorted by provenance \(s\)/);
    await c.press("s");
    assert.match(c.frame(), /sorted by id \(s\)/);
    const ids = reviewSections(c.model.review, "", () => true, { helped: null, order: "id" })[0]!.items.map((i) => i.label);
    assert.deepEqual(ids, [...ids].sort());
    await c.press("s");
    assert.doesNotMatch(c.frame(), /sorted by/);
    await c.press("?");
    assert.match(c.frame(), /sort the section/);
  } finally {
    c.unmount();
  }
});

test("console.confirm_undoable: false — p acts at once (u undoes it, and undo still asks)", async () => {
  const d = demoRepo();
  appendFileSync(join(d.knowledge, "graph", "propagation_config.yaml"), "\nconsole:\n  confirm_undoable: false\n");
  const env = { ...process.env };
  delete env.AKMS_GLOBAL_VAULT;
  const ctx = loadContext({ repo: d.repo, vault: d.vault, env });
  const c = await openConsole(ctx);
  try {
    const item = c.model.review!.sections.new_tentative.find((i) => i.origin === "local" && i.status === "tentative")!;
    const file = join(d.repo, item.file!);
    const before = readFileSync(file);
    await filterTo(c, item.id);
    await c.press("p");
    assert.doesNotMatch(c.frame(), new RegExp(`Promote ${item.id}\\?`), "no confirmation");
    await c.waitFor(new RegExp(`✓ \\$ akms promote ${item.id}`));
    assert.match(readFileSync(file, "utf8"), /^status: established/m);
    await c.press("u");
    assert.match(c.frame(), /Undo #\d+/, "undo still asks");
    await c.press("y");
    await c.waitFor(/✓ \$ akms undo/);
    assert.deepEqual(readFileSync(file), before);
  } finally {
    c.unmount();
  }
});

test("Since your last review: what came after this console last closed — evidence applied since (whatever its documents' dates) and decisions taken since; q records what was shown", async () => {
  const d = demoRepo();
  const ctx = d.ctx;
  // A first console session: opened and quit (q records what it showed).
  const first = await openConsole(ctx, { width: 140, height: 40 });
  await first.settled;
  assert.match(first.frame(), /Since your last review\s+\d+/, "before any close: since the newest phase handoff");
  await first.press("q");
  first.unmount();
  // Then an agent's evidence is applied, and someone drafts a node.
  const { runUpdate } = await import("../../core/update/apply.js");
  runUpdate(ctx, [join(d.knowledge, "sessions", "task-103.md")], { env: process.env, cwd: d.repo });
  const { draft } = await import("../../core/review/actions.js");
  draft(ctx, { id: "lippmann-schwinger" });
  const c = await openConsole(ctx, { width: 140, height: 40 });
  try {
    await c.settled;
    const changed = c.model.changes()!;
    assert.match(changed.last!, /this console last closed/);
    assert.ok(changed.changes.confidence.length > 0 && changed.changes.confidence.every((x) => x.cause === "session-task-103"), "only task-103's moves, although its document is dated before the close");
    assert.deepEqual(changed.changes.decisions.map((x) => [x.action, x.id]), [["draft", "lippmann-schwinger"]]);
    const f = await pressUntil(c, "l", /Since your last review — 1 of \d+/);
    assert.match(f.replace(/\s+/g, " "), /by session-task-103/);
    // Each row says in the list what changed and by whom, not only its kind.
    const list = f.slice(f.indexOf("Since your last review"), f.indexOf("── Detail"));
    assert.match(list, /confidence +(\d\.\d{3} )?→ \d\.\d{3} · session-task-103/);
    assert.match(list, /lippmann-schwinger +draft +\d{4}-\d{2}-\d{2}T/);
  } finally {
    c.unmount();
  }
});

test("/ in the detail pane searches it (Enter focuses the detail; / then Enter again finds the next)", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx, { width: 120, height: 35 });
  try {
    await c.waitFor(/── frontmatter/);
    await c.press("enter");
    await c.press("/");
    for (const ch of "status") await c.press(ch);
    await c.press("enter");
    assert.match(c.frame(), /"status": line \d+ of \d+/);
  } finally {
    c.unmount();
  }
});

test("a review action when the store's index turned out damaged, or its folder was deleted, after the console opened: the index is made anew and the action runs, not 'no node'", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx);
  try {
    await c.settled;
    const item = c.model.review!.sections.degraded.find((i) => i.origin === "global")!;
    await pressUntil(c, "l", /Degraded confidence — /);
    await filterTo(c, item.id);
    // The ids section's bytes changed in place (the file's length and header intact).
    damageSection(planGraphCachePath(d.ctx.paths), "ids", 3);
    await c.press("d");
    await c.waitFor(/For this repository only/);
    await c.press("y");
    const drafted = await c.waitFor(/✓ \$ akms draft|failed|Cannot/);
    assert.match(drafted, /✓ \$ akms draft/, drafted);
    assert.match(readFileSync(d.ctx.paths.overlay, "utf8"), new RegExp(`${item.id}:[\\s\\S]*status: draft`));
    // The store's folder deleted under the console: the undraft finds the node, not "no node … no compiled graph".
    rmSync(d.ctx.paths.cacheDir, { recursive: true, force: true });
    await c.press("D");
    await c.waitFor(/Undraft /);
    await c.press("y");
    const undrafted = await c.waitFor(/✓ \$ akms undraft|failed|Cannot/);
    assert.match(undrafted, /✓ \$ akms undraft/, undrafted);
    assert.doesNotMatch(readFileSync(d.ctx.paths.overlay, "utf8"), new RegExp(`${item.id}:[\\s\\S]*status: draft`));
  } finally {
    c.unmount();
  }
});

test("a tentative node no session of this phase brought (written by hand) is in the Older section, and p promotes it there", async () => {
  const d = demoRepo();
  const c = await openConsole(d.ctx);
  try {
    const HAND = "mandel-factors-load-cases";
    assert.match(c.frame(), /Tentative \d+ +Older 1 /);
    await pressUntil(c, "l", /Older tentative nodes — /);
    assert.match(c.frame(), new RegExp(`${HAND} +tentative`));
    await c.press("p");
    assert.match(c.frame(), new RegExp(`Promote ${HAND}\\?`));
    await c.press("y");
    await c.waitFor(new RegExp(`✓ \\$ akms promote ${HAND}`));
    assert.match(readFileSync(join(d.knowledge, "local-nodes", `${HAND}.md`), "utf8"), /^status: established/m);
    assert.match(c.frame(), /Older 0 /);
  } finally {
    c.unmount();
  }
});

test("? says why accept and reject do nothing on a node with no pending dedup merge, by the core's rule, as it says for the other keys", async () => {
  const d = demoRepo();
  // One column of help (80 columns), a wrapped reason read across its line break.
  const c = await openConsole(d.ctx, { width: 80, height: 45 });
  try {
    await c.settled;
    const tentative = c.model.review!.sections.new_tentative.filter((i) => i.origin === "local");
    const pendingOf = (id: string) => c.model.details.get(id).dedup.filter((s) => s.status === "pending").length;
    const without = tentative.find((i) => pendingOf(i.id) === 0)!;
    const withOne = tentative.find((i) => pendingOf(i.id) > 0)!;
    assert.ok(without && withOne, "the demo has both");
    const help = async (id: string) => {
      await filterTo(c, id);
      await c.waitFor(new RegExp(`Detail: ${id}`));
      await c.press("?");
      const f = c.frame();
      await c.press("esc"); // the help
      await c.press("esc"); // the filter
      const lines = f.split("\n");
      const at = lines.findIndex((l) => /^ {2}a +accept the pending dedup merge/.test(l));
      assert.ok(at >= 0, f);
      return [lines[at], lines[at + 1]!.startsWith("   ") ? lines[at + 1] : ""].join(" ").replace(/\s+/g, " ");
    };
    assert.match(await help(without.id), /— not now: no pending dedup merge/);
    assert.doesNotMatch(await help(withOne.id), /not now/);
  } finally {
    c.unmount();
  }
});
