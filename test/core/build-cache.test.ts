import { createHash } from "node:crypto";
import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, truncateSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { assertIndexIsGraph, copyDemo, settle, write, writeNode } from "../helpers.js";
import { loadContext } from "../../core/context.js";
import { build } from "../../core/compiler/build.js";
import { buildIdentity as compilerIdentity } from "../../core/store/freshness.js";
import { findRecords, loadParseCache } from "../../core/compiler/parse-cache.js";
import { blankGeneratedAt, blankedSha } from "../../core/graph-file/version.js";
import { sha256 } from "../../core/fsx.js";
import { bytesKey, openFacts } from "../../core/store/facts.js";
import { readOverlay, storedOverlay } from "../../core/overlay-file.js";

const env = { SOURCE_DATE_EPOCH: "1700000000" };

function setup() {
  const d = copyDemo();
  const ctx = loadContext({ repo: d.repo, vault: d.vault });
  const graph = ctx.paths.graphJson;
  const cacheDir = ctx.paths.cacheDir;
  /** A cached build, then a full --no-cache compile from scratch: both must write the same bytes. */
  const check = (what: string, back = false) => {
    settle();
    const cached = build(ctx, { env });
    // `back`: the sources are as they were at the last successful build, so it may be a no-op.
    if (!back) assert.equal(cached.fromCache, false, `${what}: a change must not be a no-op`);
    const bytes = readFileSync(graph);
    rmSync(graph);
    const full = build(ctx, { env, noCache: true });
    assert.deepEqual(readFileSync(graph), bytes, `${what}: the cached build differs from a --no-cache build`);
    assert.equal(full.graphVersion, cached.graphVersion, what);
    assert.deepEqual(full.warnings, cached.warnings, what);
    settle();
    const again = build(ctx, { env });
    assert.equal(again.fromCache, true, `${what}: the build after it is a no-op`);
    assert.equal(again.graphVersion, cached.graphVersion, what);
  };
  return { ...d, ctx, graph, cacheDir, check };
}

test("after every kind of source change, the cached build writes exactly what a --no-cache build writes", () => {
  const s = setup();
  const first = build(s.ctx, { env });
  assert.equal(first.fromCache, false);
  const vaultNode = join(s.vault, "conjugate-gradient-method.md");

  // An edit of a global node that the overlay also overrides (the merge rebuilds it from its text).
  writeFileSync(join(s.vault, "accelerated-polarization-schemes.md"), readFileSync(join(s.vault, "accelerated-polarization-schemes.md"), "utf8").replace(/^title: .*$/m, "title: Accelerated schemes (edited) é"));
  s.check("edit a global node with overlay state");

  // The same size, the same mtime: only ctime tells.
  const before = readFileSync(vaultNode, "utf8");
  const st = statSync(vaultNode);
  const edited = before.replace(/^title: (.)/m, (_m, c: string) => `title: ${c === "X" ? "Y" : "X"}`);
  assert.equal(edited.length, before.length);
  writeFileSync(vaultNode, edited);
  utimesSync(vaultNode, st.atime, st.mtime);
  s.check("edit of the same size with the mtime put back");

  writeNode(s.vault, { id: "brand-new-node", title: "New ✓", edges: [{ to: "conjugate-gradient-method", type: "requires", weight: 1 }] });
  s.check("add a global node");

  rmSync(join(s.vault, "brand-new-node.md"));
  s.check("delete a global node");

  renameSync(join(s.vault, "gibbs-ringing-artifacts.md"), join(s.vault, "zz-gibbs-ringing-artifacts.md"));
  s.check("rename a node file");

  writeNode(join(s.knowledge, "local-nodes"), { id: "local-extra", source: "human", status: "tentative", edges: [{ to: "lippmann-schwinger", type: "refines", weight: 0.5 }] });
  s.check("add a local node");

  const overlay = s.ctx.paths.overlay;
  writeFileSync(overlay, readFileSync(overlay, "utf8").replace("confidence: 0.640006\n", "confidence: 0.5\n"));
  s.check("change the overlay");

  const mirror = readFileSync(join(s.knowledge, "code-mirror", "runner", "cache.md"), "utf8").replace("id: mirror-runner-cache", "id: mirror-extra");
  write(join(s.knowledge, "code-mirror", "extra", "deeper", "extra.md"), mirror);
  s.check("add a code-mirror node in a new subdirectory");

  // A node that turns invalid is rejected by both, and fixing it is picked up.
  writeFileSync(join(s.vault, "broken.md"), "---\nid: broken\ntitle: [unclosed\n---\n");
  settle();
  assert.throws(() => build(s.ctx, { env }), /invalid/);
  rmSync(join(s.vault, "broken.md"));
  s.check("remove an invalid node again", true);
});

test("a damaged, truncated or foreign cache is ignored, never an error", () => {
  const s = setup();
  build(s.ctx, { env });
  const reference = readFileSync(s.graph);
  const parseCache = join(s.cacheDir, "parse-cache.bin");
  const manifest = join(s.cacheDir, "build-manifest.bin");
  const delta = join(s.cacheDir, "parse-cache.delta");
  const damage: [string, () => void][] = [
    ["garbage", () => (writeFileSync(parseCache, "not a cache\n"), writeFileSync(manifest, "garbage"))],
    ["a damaged delta", () => writeFileSync(delta, readFileSync(delta, "latin1").slice(0, -9), "latin1")],
    ["no base, only the delta", () => rmSync(parseCache)],
    ["truncated", () => (truncateSync(parseCache, Math.floor(statSync(parseCache).size / 2)), truncateSync(manifest, 100))],
    ["a record cut short", () => writeFileSync(parseCache, readFileSync(parseCache, "latin1").replace(/"title": "[^"]*"/, '"title": ""'), "latin1")],
    ["written by another build of akms", () => writeFileSync(parseCache, readFileSync(parseCache, "latin1").replace("akms-build-", "akms-build-x"), "latin1")],
    ["empty", () => (writeFileSync(parseCache, ""), writeFileSync(manifest, ""))],
  ];
  for (const [what, hurt] of damage) {
    // A source change, so that the damaged parse cache is consulted.
    appendFileSync(join(s.vault, "lippmann-schwinger.md"), "\n");
    settle();
    build(s.ctx, { env });
    assert.ok(statSync(delta, { throwIfNoEntry: false }), `${what}: a one-file change goes to the delta`);
    hurt();
    rmSync(s.graph);
    settle();
    const r = build(s.ctx, { env });
    assert.equal(r.fromCache, false, what);
    const bytes = readFileSync(s.graph);
    rmSync(s.graph);
    build(s.ctx, { env, noCache: true });
    assert.deepEqual(bytes, readFileSync(s.graph), what);
  }
  assert.ok(reference.length > 0);
});

test("graph.json is trusted by its stat: touched it is verified by its bytes, edited it is rebuilt", () => {
  const s = setup();
  build(s.ctx, { env });
  settle();
  assert.equal(build(s.ctx, { env }).fromCache, true);
  const bytes = readFileSync(s.graph);

  // Touched: same bytes, new stat: still a no-op (and the next one trusts the new stat).
  const later = new Date(Date.now() + 5000);
  utimesSync(s.graph, later, later);
  assert.equal(build(s.ctx, { env }).fromCache, true);
  assert.equal(build(s.ctx, { env }).fromCache, true);
  assert.deepEqual(readFileSync(s.graph), bytes);

  // Only its generated_at changed (same size): not the file the manifest recorded (its content hash
  // and generated_at identify the bytes), so compiled; the content is the same, so the file stays.
  const text = bytes.toString("utf8");
  const stamp = /"generated_at": "(\d{4})/.exec(text)!;
  const redated = text.replace(stamp[0], `"generated_at": "${Number(stamp[1]) - 1}`);
  assert.equal(redated.length, text.length);
  writeFileSync(s.graph, redated);
  const rd = build(s.ctx, { env });
  assert.deepEqual([rd.fromCache, rd.written], [false, false]);
  assert.equal(readFileSync(s.graph, "utf8"), redated);
  assert.equal(build(s.ctx, { env }).fromCache, true, "then trusted as it is");
  writeFileSync(s.graph, bytes);

  // Edited in place, same size: rebuilt.
  const bent = text.replace('"directed": true', '"directed": tru ');
  assert.equal(bent.length, text.length);
  writeFileSync(s.graph, bent);
  const r = build(s.ctx, { env });
  assert.equal(r.fromCache, false);
  assert.deepEqual(readFileSync(s.graph), bytes);

  // Replaced by another file (a new inode): rebuilt.
  writeFileSync(s.graph + ".tmp", "{}\n");
  renameSync(s.graph + ".tmp", s.graph);
  assert.equal(build(s.ctx, { env }).fromCache, false);
  assert.deepEqual(readFileSync(s.graph), bytes);

  // Deleted: rebuilt.
  rmSync(s.graph);
  assert.equal(build(s.ctx, { env }).fromCache, false);
  assert.deepEqual(readFileSync(s.graph), bytes);
});

test("--no-cache neither reads nor trusts the caches", () => {
  const s = setup();
  build(s.ctx, { env });
  settle();
  // A cache that lies: every entry's value swapped for another node's would be caught by the
  // reference only if --no-cache ignored it.
  const parseCache = join(s.cacheDir, "parse-cache.bin");
  const cacheText = readFileSync(parseCache, "latin1");
  writeFileSync(parseCache, cacheText.replace(/"title": "[^"]*"/g, (m) => '"title": "' + "L".repeat(m.length - 12) + '"'), "latin1");
  const r = build(s.ctx, { env, noCache: true });
  assert.equal(r.fromCache, false);
  assert.equal(r.written, false, "the --no-cache compile agrees with graph.json");
});

test("a config or vault change is not a no-op", () => {
  const s = setup();
  build(s.ctx, { env });
  settle();
  writeFileSync(s.ctx.paths.config, (readFileSafe(s.ctx.paths.config) ?? "") + "\n# touched\n");
  settle();
  assert.equal(build(s.ctx, { env }).fromCache, false);
  settle();
  assert.equal(build(s.ctx, { env }).fromCache, true);
  const vault2 = join(s.dir, "vault2");
  cpSync(s.vault, vault2, { recursive: true });
  const other = loadContext({ repo: s.repo, vault: vault2 });
  settle();
  const r = build(other, { env });
  assert.equal(r.fromCache, false);
  assert.equal(r.written, true, "global_vault names the other vault");
});

function readFileSafe(p: string): string | null {
  try {
    return readFileSync(p, "utf8");
  } catch {
    return null;
  }
}

test("graph.json's content hash from its bytes equals the hash of its blanked text", () => {
  const s = setup();
  build(s.ctx, { env });
  const text = readFileSync(s.graph, "utf8");
  const cases = [
    text,
    text.replace('"directed": true', '"directed": true, "é": 1'), // non-ASCII head: the slow path
    '{\n  "graph": {\n    "generated_at": "x"\n  }\n}\n', // shorter than the head
    "{}\n", // no generated_at at all
    text.slice(0, 5000),
    " ".repeat(4090) + text, // the value crosses the head's end
  ];
  for (const t of cases) assert.equal(blankedSha(Buffer.from(t, "utf8")), sha256(blankGeneratedAt(t)));
});

test("a cold build that fails leaves no cache file behind; one that keeps going past a bad file leaves only the index of the graph.json it wrote", () => {
  const s = setup();
  writeFileSync(join(s.vault, "broken.md"), "---\nid: broken\ntitle: [unclosed\n---\n");
  assert.throws(() => build(s.ctx, { env }), /invalid/);
  const leftovers = () => (existsSync(s.cacheDir) ? readdirSync(s.cacheDir) : []);
  assert.deepEqual(leftovers(), []);
  const r = build(s.ctx, { env, keepGoing: true });
  assert.equal(r.rejects.length, 1);
  // No record of the sources (the next build compiles again); the index, since readers read nothing else.
  assert.deepEqual(leftovers(), ["plan-graph.bin"]);
  assertIndexIsGraph(s.ctx.paths, "after a keep-going build");
});

test("the overlay is one record of the store's facts: kept by the compile that parsed it, for its bytes, never in the parse cache; a hand edit is parsed again", () => {
  const s = setup();
  build(s.ctx, { env });
  const overlay = s.ctx.paths.overlay;
  const kept = () => openFacts(s.ctx.paths).entries("overlay");
  for (const c of ["0.51", "0.52", "0.53"]) {
    writeFileSync(overlay, readFileSync(overlay, "utf8").replace(/confidence: 0\.(640006|5\d)\n/, `confidence: ${c}\n`));
    s.check(`the overlay edited by hand (${c})`);
    const bytes = readFileSync(overlay);
    assert.deepEqual(kept(), [[overlay, bytesKey(bytes)]], `${c}: one record, of the bytes as they are`);
    const read = storedOverlay(s.ctx.paths, "local_state.yaml");
    assert.equal(read.kept, true, `${c}: the next reader takes the record`);
    assert.equal(read.canonical, false, `${c}: bytes no update wrote are not taken for its output`);
    assert.deepEqual(read.overlay, readOverlay(overlay, "local_state.yaml").overlay, `${c}: the record is what the file gives`);
    for (const f of ["parse-cache.bin", "parse-cache.delta"]) {
      const text = existsSync(join(s.cacheDir, f)) ? readFileSync(join(s.cacheDir, f), "latin1") : "";
      assert.ok(!text.includes("local_state.yaml"), `${c}: no overlay record in ${f}`);
    }
  }
});

test("a referenced file that comes or goes is no no-op: the build writes the warnings a full compile writes", () => {
  const s = setup();
  build(s.ctx, { env });
  settle();
  assert.equal(build(s.ctx, { env }).fromCache, true);
  const doc = join(s.vault, "docs", "tensor-notation.md"); // tensor-notation-mandel's content_ref
  const away = join(s.dir, "tensor-notation.md");
  const missing = (r: ReturnType<typeof build>) => r.warnings.filter((w) => w.code === "MISSING_CONTENT_REF").map((w) => w.node);
  renameSync(doc, away);
  settle();
  const gone = build(s.ctx, { env });
  assert.equal(gone.fromCache, false, "a referenced file removed: not a no-op");
  assert.ok(missing(gone).includes("tensor-notation-mandel"));
  s.check("the referenced file removed", true);
  renameSync(away, doc);
  s.check("the referenced file back");
  assert.ok(!missing(build(s.ctx, { env })).includes("tensor-notation-mandel"));
});

test("findRecords gives each key the record loadParseCache gives it: the delta's over the base's, a file's last record of a key", () => {
  const s = setup();
  build(s.ctx, { env });
  const vaultNode = join(s.vault, "conjugate-gradient-method.md");
  writeFileSync(vaultNode, readFileSync(vaultNode, "utf8").replace(/^title: .*$/m, "title: In the delta"));
  settle();
  build(s.ctx, { env }); // a one-file change: its record goes to the delta
  const identity = compilerIdentity();
  const delta = join(s.cacheDir, "parse-cache.delta");
  // A second record of one key later in the delta (its trailer counts it): the later one counts.
  const text = readFileSync(delta, "latin1");
  const m = /^([^\t\n]+)\t(\d+)\t/m.exec(text.slice(text.indexOf("\n") + 1))!;
  const [key, value] = [m[1]!, "later record"];
  const n = Number(/\nend\t(\d+)\t[0-9a-f]{16}\n$/.exec(text)![1]);
  const body = text.replace(/end\t\d+\t[0-9a-f]{16}\n$/, `${key}\t${value.length}\t${value}\n`);
  writeFileSync(delta, `${body}end\t${n + 1}\t${createHash("sha256").update(body, "latin1").digest("hex").slice(0, 16)}\n`, "latin1");
  const all = loadParseCache(s.cacheDir, identity);
  assert.equal(all.entries.get(key), value);
  const keys = [...all.entries.keys()];
  assert.ok(keys.length > 40);
  assert.deepEqual(findRecords(s.cacheDir, identity, [...keys, "no such key"]), [...keys.map((k) => all.entries.get(k)), undefined]);
});
