// The one locator (core/node-files.ts) and the one rule set (core/review/rules.ts), through the
// readers that used to keep their own: the loadout, `akms show`, the console's confirmation.
import { test } from "node:test";
import assert from "node:assert/strict";
import { renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { akms as runCli, scratch, settle, write, writeNode, nodeText } from "../helpers.js";
import { declaredIdAt, loadParseCache } from "../../core/compiler/parse-cache.js";
import { buildIdentity } from "../../core/store/freshness.js";
import { loadContext } from "../../core/context.js";
import { build } from "../../core/compiler/build.js";
import { loadGraph } from "../graph-json.js";
import { planLoadout } from "../../core/loadout.js";
import { declaredId, NodeFiles } from "../../core/node-files.js";
import { actionRefusal } from "../../core/review/rules.js";
import { nodeActionRefusal } from "../../screens/node-actions.js";

const FAR = "x".repeat(9000);

test("declaredId reads the id as the compiler does: spaces before the colon, quotes, a frontmatter past 8 KiB", () => {
  assert.equal(declaredId("---\nid : spaced\n---\n"), "spaced");
  assert.equal(declaredId("---\nid: 'quoted'\n---\n"), "quoted");
  assert.equal(declaredId(`---\nnote: "${FAR}"\nid: late\n---\n`), "late");
  assert.equal(declaredId("---\nid: [not, a, string]\n---\n"), null);
  assert.equal(declaredId("no frontmatter"), null);
});

test("a loadout finds node files not named by id, with `id : x` or a long frontmatter, and a file added after the first scan", () => {
  const s = scratch();
  write(join(s.vault, "spaced-file.md"), nodeText({ id: "spaced", tags: ["solve"], body: "# Spaced\n\nSPACED-BODY\n" }).replace("id: spaced", "id : spaced"));
  write(join(s.vault, "long-file.md"), nodeText({ id: "long", tags: ["solve"], body: "# Long\n\nLONG-BODY\n", extra: `description: "${FAR}"` }));
  const ctx = loadContext({ repo: s.repo, vault: s.vault });
  build(ctx);
  const first = planLoadout(ctx, loadGraph(ctx.paths), { tags: ["solve"] });
  const text = [first.body, ...first.warnings].join("\n");
  assert.match(text, /SPACED-BODY/);
  assert.match(text, /LONG-BODY/);
  assert.doesNotMatch(text, /file was not found/);
  // In the same (long-running) process: a node file added after the scan above is found.
  write(join(s.vault, "later-file.md"), nodeText({ id: "later", tags: ["solve"], body: "# Later\n\nLATER-BODY\n" }));
  build(ctx);
  const second = planLoadout(ctx, loadGraph(ctx.paths), { tags: ["solve"] });
  assert.match([second.body, ...second.warnings].join("\n"), /LATER-BODY/);
  assert.doesNotMatch([second.body, ...second.warnings].join("\n"), /file was not found/);
});

test("NodeFiles: a scan hit is re-read (a file that stopped declaring the id is not returned) and a miss re-scans a changed listing", () => {
  const s = scratch();
  write(join(s.vault, "a-file.md"), nodeText({ id: "a" }));
  const files = new NodeFiles(loadContext({ repo: s.repo, vault: s.vault }));
  assert.equal(files.global.find("a")?.shown.endsWith("/a-file.md"), true);
  write(join(s.vault, "a-file.md"), nodeText({ id: "b" }));
  assert.equal(files.global.find("a"), null);
  renameSync(join(s.vault, "a-file.md"), join(s.vault, "moved.md"));
  assert.equal(files.global.find("b")?.shown.endsWith("/moved.md"), true);
  rmSync(join(s.vault, "moved.md"));
  assert.equal(files.global.find("b"), null);
});

test("one rule set: the console refuses what the core refuses (a local draft is not promoted)", () => {
  const facts = { id: "x", origin: "local", status: "draft", domain: "demo" };
  assert.equal(actionRefusal("promote", facts)?.kind, "parked");
  assert.equal(nodeActionRefusal("promote", facts)?.reason, actionRefusal("promote", facts)?.reason);
  assert.equal(actionRefusal("promote", { ...facts, status: "deprecated" })?.kind, "retired");
  assert.equal(actionRefusal("promote", { ...facts, status: "tentative" }), null);
  assert.equal(actionRefusal("undraft", { ...facts, status: "tentative" })?.kind, "not-draft");
  assert.equal(actionRefusal("promote", { ...facts, status: "established", outsideReview: true }), null);

  const s = scratch();
  writeNode(s.repo + "/knowledge/local-nodes", { id: "parked", status: "draft", source: "agent", body: "# Parked\n\n## content_draft\n\nx\n" });
  const r = runCli(["promote", "parked", "--repo", s.repo, "--vault", s.vault]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /draft; a draft is parked/);
});

test("draft then undo of a global node that a shadowed local <id>.md also declares: graph.json is the full compile's", () => {
  const s = scratch();
  writeNode(s.vault, { id: "twin", status: "established" });
  writeNode(join(s.knowledge, "local-nodes"), { id: "twin", status: "tentative", source: "agent", body: "# Twin\n\n## content_draft\n\nx\n" });
  const env = { AKMS_GLOBAL_VAULT: s.vault };
  assert.equal(runCli(["build", "--repo", s.repo], { env }).code, 0);
  for (const step of [["draft", "twin"], ["undo"], ["draft", "twin"], ["undraft", "twin"]]) {
    const r = runCli([...step, "--repo", s.repo], { env });
    assert.equal(r.code, 0, r.stderr);
    const patched = loadGraph(loadContext({ repo: s.repo, vault: s.vault }).paths).nodes.get("twin")!.status;
    const ctx = loadContext({ repo: s.repo, vault: s.vault });
    build(ctx, { noCache: true });
    assert.equal(loadGraph(ctx.paths).nodes.get("twin")!.status, patched, `after ${step.join(" ")}`);
  }
});

test("locating many files without their text: <id>.md confirmed by the store's record of it as it is now; a file changed since, or a stat too recent to trust, is read — the same answers as find", () => {
  const s = scratch();
  const ids = Array.from({ length: 60 }, (_, i) => `n-${String(i).padStart(2, "0")}`);
  for (const id of ids) writeNode(s.vault, { id });
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  build(ctx);
  settle(); // past the racy window: the store's records are trusted
  const cache = loadParseCache(ctx.paths.cacheDir, buildIdentity());
  assert.equal(declaredIdAt(cache, join(s.vault, "n-40.md"), "global", `${ctx.vault.display.replace(/\/+$/, "")}/n-40.md`), "n-40", "the store confirms it");
  // The store's record says "n-05", the file now says "other": read, so not confirmed (found nowhere).
  write(join(s.vault, "n-05.md"), nodeText({ id: "other" }));
  const files = new NodeFiles(ctx);
  const fresh = new NodeFiles(ctx);
  for (const id of [...ids, "other", "absent"]) {
    const viaPath = files.global.path(id);
    const viaFind = fresh.global.find(id);
    assert.deepEqual(viaPath && { file: viaPath.file, shown: viaPath.shown }, viaFind && { file: viaFind.file, shown: viaFind.shown }, id);
  }
  assert.equal(files.global.path("n-05"), null);
  assert.equal(files.global.path("other")?.file, join(s.vault, "n-05.md"));
});
