// A damaged store index (knowledge/graph/.cache/plan-graph.bin) as a person meets it: every section
// in turn has bytes changed in place (the file's length and header intact, so nothing but the
// index's own checks can tell), then the commands a day runs — a query, status, a promote and its
// undo — must answer as on an undamaged store, never print BUG, and never copy the damage into
// graph.json; at the end the store holds a sound index of graph.json again. Control bytes are
// written: they are invalid in every section (JSON text, ids, names, edge lists), so the checks
// must see each one; a change that still reads as that node's JSON, inside a record read alone, is
// seen by the digest of the record's block (its own test below). The day's other commands, with a
// section damaged before each, must answer and leave the repository as on a sound store: a reader
// runs once more (so it may write nothing before its first read of the index), a writer's patch
// takes the damage as "no index" and compiles in full.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { akms, assertIndexIsGraph, copyDemo, damageSection, sectionsOf, snapshot } from "../helpers.js";
import { loadContext } from "../../core/context.js";
import { openGraph } from "../../core/graph.js";
import { planGraphCachePath } from "../../core/store/graph-index.js";
import { planDeltaPath } from "../../core/store/graph-delta.js";
import { keepWarm } from "../../core/store/memo.js";
import { readPrepared } from "../../core/settle.js";
import { loadModel } from "../../src/console/model.js";

const env = { SOURCE_DATE_EPOCH: "1790000000" };
const LOCAL = "job-cache-key-solver-version"; // a tentative local node of the demo

/** The day's commands; their answers with what may differ between runs of one state left out. */
function day(repo: string) {
  const run = (...args: string[]) => {
    const r = akms([...args, "--repo", repo, "--json"], { env });
    assert.doesNotMatch(r.stdout + r.stderr, /BUG|unexpected failure/, `${args.join(" ")}: ${r.stdout}${r.stderr}`);
    assert.equal(r.code, 0, `${args.join(" ")}: ${r.stdout}${r.stderr}`);
    const j = r.json as Record<string, unknown>;
    delete j.compiled;
    return { json: JSON.stringify(j), stderr: r.stderr };
  };
  const query = run("query", "--tags", "solver,fft");
  const status = run("status");
  const promote = run("promote", LOCAL);
  const promoted = readFileSync(join(repo, "knowledge", "graph", "graph.json"));
  const undo = run("undo");
  const undone = readFileSync(join(repo, "knowledge", "graph", "graph.json"));
  return { query, status, promote: promote.json, promoted, undo: undo.json, undone };
}

test("a damaged store index, section by section: the day's commands answer as on a sound one, graph.json never takes the damage, and the index is made anew", { timeout: 300_000 }, () => {
  const d = copyDemo();
  assert.equal(akms(["build", "--repo", d.repo], { env }).code, 0);
  const ctx = loadContext({ repo: d.repo, env: {} });
  const index = planGraphCachePath(ctx.paths);
  const graphJson = ctx.paths.graphJson;
  const saved = join(d.dir, "saved");
  cpSync(ctx.paths.cacheDir, join(saved, "cache"), { recursive: true });
  cpSync(graphJson, join(saved, "graph.json"), { preserveTimestamps: true });
  const restore = () => {
    rmSync(ctx.paths.cacheDir, { recursive: true, force: true });
    cpSync(join(saved, "cache"), ctx.paths.cacheDir, { recursive: true });
    cpSync(join(saved, "graph.json"), graphJson, { preserveTimestamps: true });
    // What the day wrote besides: the review journal and the impression log (neither existed before it).
    rmSync(ctx.paths.reviewLog, { force: true });
    rmSync(ctx.paths.impressions, { force: true });
  };
  const reference = day(d.repo);
  restore();
  const sections = sectionsOf(index).filter(([, , len]) => len > 0);
  assert.ok(sections.length >= 18, `the demo's index has ${sections.length} non-empty sections`);
  for (const [name] of sections) {
    restore();
    damageSection(index, name, 3);
    const got = day(d.repo);
    assert.equal(got.query.json, reference.query.json, `${name}: the query's answer`);
    assert.equal(got.status.json, reference.status.json, `${name}: status`);
    assert.equal(got.promote, reference.promote, `${name}: promote`);
    assert.deepEqual(got.promoted, reference.promoted, `${name}: graph.json after the promote`);
    assert.equal(got.undo, reference.undo, `${name}: undo`);
    assert.deepEqual(got.undone, reference.undone, `${name}: graph.json after the undo`);
    assert.match(got.query.stderr + got.status.stderr, /compiled the store's index of graph\.json first/, `${name}: the index was made anew before the answers`);
    try {
      assertIndexIsGraph(loadContext({ repo: d.repo, env: {} }).paths, `after the day on a damaged ${name} section`);
    } catch (e) {
      throw new Error(`after the day on a damaged ${name} section: ${(e as Error).message}`);
    }
  }
});

test("a record changed in place so that it still reads as its node (a letter of its title): a command that reads that record alone answers as on a sound index", { timeout: 120_000 }, () => {
  const d = copyDemo();
  assert.equal(akms(["build", "--repo", d.repo], { env }).code, 0);
  const ctx = loadContext({ repo: d.repo, env: {} });
  const index = planGraphCachePath(ctx.paths);
  const sound = readFileSync(index);
  const answers = () => [["show", LOCAL], ["query", "--tags", "solver,fft"]].map((args) => {
    const r = akms([...args, "--repo", d.repo, "--json"], { env });
    assert.doesNotMatch(r.stdout + r.stderr, /BUG|unexpected failure/, `${args.join(" ")}: ${r.stdout}${r.stderr}`);
    const j = r.json as Record<string, unknown>;
    delete j.compiled;
    return JSON.stringify(j);
  });
  const reference = answers();
  assert.match(reference[0]!, new RegExp(LOCAL), "show names the node");
  const [, at, len] = sectionsOf(index).find(([name]) => name === "rec")!;
  const rec = sound.subarray(at, at + len).toString("latin1");
  const title = rec.indexOf('"title": "', rec.indexOf(`"id": ${JSON.stringify(LOCAL)}`));
  assert.ok(title > 0, "the node's record and its title");
  let letter = at + title + '"title": "'.length;
  while (!(sound[letter]! >= 0x61 && sound[letter]! < 0x7a)) letter++;
  const b = Buffer.from(sound);
  b[letter] = b[letter]! + 1;
  writeFileSync(index, b);
  assert.deepEqual(answers(), reference, `a letter of ${LOCAL}'s title changed in the index`);
  assertIndexIsGraph(ctx.paths, "after the changed record");
});

test("a records section longer than its records (a byte put after the last, the header's ranges moved with it) is damage: the index is made anew", { timeout: 120_000 }, () => {
  const d = copyDemo();
  assert.equal(akms(["build", "--repo", d.repo], { env }).code, 0);
  const ctx = loadContext({ repo: d.repo, env: {} });
  const index = planGraphCachePath(ctx.paths);
  const status = () => {
    const r = akms(["status", "--repo", d.repo, "--json"], { env });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const j = r.json as Record<string, unknown>;
    delete j.compiled;
    return { json: JSON.stringify(j), stderr: r.stderr };
  };
  const reference = status().json;
  const bytes = readFileSync(index);
  const nl = bytes.indexOf(10);
  const head = JSON.parse(bytes.subarray(0, nl).toString("utf8")) as { sections: Record<string, [number, number]> };
  const [at, len] = head.sections.rec!;
  for (const [name, [from, n]] of Object.entries(head.sections)) if (from > at) head.sections[name] = [from + 1, n];
  head.sections.rec = [at, len + 1];
  const body = bytes.subarray(nl + 1);
  writeFileSync(index, Buffer.concat([Buffer.from(JSON.stringify(head) + "\n"), body.subarray(0, at + len), Buffer.from(" "), body.subarray(at + len)]));
  const got = status();
  assert.equal(got.json, reference, "status as on a sound index");
  assert.match(got.stderr, /compiled the store's index of graph\.json first/, "the index was made anew");
  assertIndexIsGraph(ctx.paths, "after the longer records section");
});

test("a parse cache or facts file changed in place never reaches graph.json: the next compile reads the sources again", { timeout: 300_000 }, () => {
  const d = copyDemo();
  assert.equal(akms(["build", "--repo", d.repo], { env }).code, 0);
  const ctx = loadContext({ repo: d.repo, env: {} });
  const reference = readFileSync(ctx.paths.graphJson);
  const saved = join(d.dir, "saved-cache");
  cpSync(ctx.paths.cacheDir, saved, { recursive: true });
  for (const name of ["parse-cache.bin", "facts.bin", "build-manifest.bin"]) {
    const bytes = readFileSync(join(saved, name));
    for (let k = 1; k <= 6; k++) {
      rmSync(ctx.paths.cacheDir, { recursive: true, force: true });
      cpSync(saved, ctx.paths.cacheDir, { recursive: true });
      // A letter inside the records changed to another: the file stays whole and valid JSON.
      const b = Buffer.from(bytes);
      let at = Math.floor((b.length * k) / 7);
      while (!(b[at]! >= 0x61 && b[at]! < 0x7a)) at++;
      b[at] = b[at]! + 1;
      writeFileSync(join(ctx.paths.cacheDir, name), b);
      // A change the compile must read the sources for (the config's stat), not its meaning.
      writeFileSync(ctx.paths.config, readFileSync(ctx.paths.config, "utf8") + "\n");
      const r = akms(["build", "--repo", d.repo, "--json"], { env });
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.deepEqual(readFileSync(ctx.paths.graphJson), reference, `${name} changed at byte ${at}: graph.json is not the compile of the sources`);
    }
  }
});

test("a delta of the index changed in place is not used: the answers are the sound store's", { timeout: 120_000 }, () => {
  const d = copyDemo();
  assert.equal(akms(["build", "--repo", d.repo], { env }).code, 0);
  assert.equal(akms(["promote", LOCAL, "--repo", d.repo], { env }).code, 0); // a review action leaves a delta over the index
  const ctx = loadContext({ repo: d.repo, env: {} });
  const delta = planDeltaPath(ctx.paths);
  const sound = readFileSync(delta);
  const answers = () => ["query --tags solver,fft", "status"].map((c) => {
    const r = akms([...c.split(" "), "--repo", d.repo, "--json"], { env });
    assert.doesNotMatch(r.stdout + r.stderr, /BUG|unexpected failure/, `${c}: ${r.stdout}${r.stderr}`);
    const j = r.json as Record<string, unknown>;
    delete j.compiled;
    return JSON.stringify(j);
  });
  const reference = answers();
  for (let k = 1; k <= 4; k++) {
    const b = Buffer.from(sound);
    let at = Math.floor((b.length * k) / 5);
    while (!(b[at]! >= 0x61 && b[at]! < 0x7a)) at++;
    b[at] = b[at]! + 1;
    writeFileSync(delta, b);
    assert.deepEqual(answers(), reference, `the delta changed at byte ${at}`);
    assertIndexIsGraph(ctx.paths, `after the delta changed at byte ${at}`);
  }
});

test("a warm process (the MCP server, the console) drops an index found damaged after it opened it, and answers from one made anew", async () => {
  const d = copyDemo();
  assert.equal(akms(["build", "--repo", d.repo], { env }).code, 0);
  const ctx = loadContext({ repo: d.repo, env: {} });
  keepWarm(true);
  try {
    const walk = () => [...openGraph(ctx.paths).nodes.values()].map((n) => n.id).join(" ");
    const first = openGraph(ctx.paths); // opened: its ids and offsets read and checked
    damageSection(planGraphCachePath(ctx.paths), "rec", 2);
    assert.throws(() => [...first.nodes.values()], (e: Error & { code?: string }) => e.code === "STORE_DAMAGED" && /its records do not match their digests/.test(e.message));
    const { compiled, result } = await readPrepared({ repo: d.repo, env: {} }, walk);
    assert.equal(compiled?.reason, "stale", "the index was made anew");
    assert.equal(result.split(" ").length, first.nodes.size);
    assertIndexIsGraph(ctx.paths, "after the warm reader");
  } finally {
    keepWarm(false);
  }
});

test("the console opened on a damaged index shows the review, from an index made anew, not empty sections and the damage", () => {
  const d = copyDemo();
  assert.equal(akms(["build", "--repo", d.repo], { env }).code, 0);
  const ctx = loadContext({ repo: d.repo, env: {} });
  const sound = loadModel(ctx, {}, { rebuild: "if-missing" });
  for (const section of ["rec", "ids"]) {
    damageSection(planGraphCachePath(ctx.paths), section, 2);
    const m = loadModel(ctx, {}, { rebuild: "if-missing" });
    assert.deepEqual(m.notices, [], `${section}: the console's notices`);
    assert.ok(m.review, `${section}: the review's data`);
    assert.equal(JSON.stringify(m.review), JSON.stringify(sound.review), `${section}: the review as on a sound index`);
    assertIndexIsGraph(ctx.paths, `after the console opened on a damaged ${section} section`);
  }
});

/** Every file under the repository but the store (its index and caches are rebuilt, not compared), the impression log without sizes. */
function repoState(repo: string): Map<string, string> {
  const all = snapshot(repo);
  for (const k of [...all.keys()]) if (k.startsWith(join("knowledge", "graph", ".cache"))) all.delete(k);
  // What an agent was shown is logged with its size, and a note that the index was made anew is part of it.
  const shown = join("knowledge", "impressions.jsonl");
  const log = all.get(shown);
  if (log) all.set(shown, Buffer.from(log, "base64").toString("utf8").replace(/,"tokens":\d+/g, ""));
  return all;
}

test("the day's other commands on a damaged index — loadouts, re-evaluate, draft and undraft, dedup, undo, an update, a build after an edit, derive-tags, pitfalls, show, search, export — answer and write as on a sound one (a reader runs once more, a writer compiles in full; nothing written twice)", { timeout: 600_000 }, () => {
  const edit = (repo: string) => writeFileSync(join(repo, "knowledge", "local-nodes", "solver-config-schema.md"), readFileSync(join(repo, "knowledge", "local-nodes", "solver-config-schema.md"), "utf8") + "\nOne more line.\n");
  const steps: (string | ((repo: string) => void))[][] = [
    ["loadout", "--tags", "solver,fft", "--out", "loadouts/tags.md", "--no-qmd"],
    ["loadout", "--task", "knowledge/tasks/task-201.json", "--out", "loadouts/task.md", "--no-qmd"],
    ["draft", "green-operator-continuous"],
    ["re-evaluate", "--no-qmd"],
    ["undraft", "green-operator-continuous"],
    ["dedup", "accept", "green-cache-key-includes-ref-medium"],
    ["re-evaluate", "--no-qmd"],
    ["undo"],
    ["dedup", "reject", "green-cache-key-includes-ref-medium"],
    ["update", "knowledge/sessions/task-103.md"],
    [edit, "build"],
    ["derive-tags", "--task", "knowledge/tasks/task-202.json", "--write"],
    ["pitfalls", "--tags", "solver,fft"],
    ["show", LOCAL],
    ["search", "green", "operator", "--no-qmd"],
    ["export", "--format", "dot", "--tags", "solver,fft"],
  ];
  /** The steps in turn on a fresh copy; before each, the index damaged in the section `damage` picks (none: a sound store). */
  const day = (damage: ((step: number) => string) | null) => {
    const d = copyDemo();
    assert.equal(akms(["build", "--repo", d.repo], { env }).code, 0);
    const index = planGraphCachePath(loadContext({ repo: d.repo, env: {} }).paths);
    const out = steps.map((step, i) => {
      const args = step.filter((x): x is string => typeof x === "string");
      for (const x of step) if (typeof x === "function") x(d.repo);
      let section = "none";
      if (damage) {
        section = damage(i);
        assert.ok(existsSync(index), `the store holds an index after ${i ? steps[i - 1]!.filter((x) => typeof x === "string").join(" ") : "the build"}`);
        damageSection(index, section, 3);
      }
      const r = akms([...args, "--repo", d.repo, "--json"], { cwd: d.repo, env });
      const what = `${args.join(" ")} (damaged: ${section})`;
      assert.doesNotMatch(r.stdout + r.stderr, /BUG|unexpected failure/, `${what}: ${r.stdout}${r.stderr}`);
      assert.equal(r.code, 0, `${what}: ${r.stdout}${r.stderr}`);
      const j = r.json as Record<string, unknown>;
      delete j.compiled;
      return { what, json: JSON.stringify(j).split(d.dir).join("DIR"), state: repoState(d.repo), stderr: r.stderr };
    });
    assertIndexIsGraph(loadContext({ repo: d.repo, env: {} }).paths, "after the day");
    return out;
  };
  const reference = day(null);
  const sections = (() => {
    const d = copyDemo();
    assert.equal(akms(["build", "--repo", d.repo], { env }).code, 0);
    return sectionsOf(planGraphCachePath(loadContext({ repo: d.repo, env: {} }).paths)).filter(([, , len]) => len > 0).map(([name]) => name);
  })();
  // Each step meets the records (read alone or all), the ids, and one more section in turn.
  for (const pick of [() => "rec", () => "ids", (i: number) => sections[i % sections.length]!]) {
    const got = day(pick);
    for (const [i, g] of got.entries()) {
      assert.equal(g.json, reference[i]!.json, `${g.what}: its answer`);
      assert.deepEqual(g.state, reference[i]!.state, `${g.what}: the repository after it`);
    }
    // The damage was met: a reader that reads a damaged part says the index was made anew (a review
    // action's patch is "not sure" and compiles in full without a note; a record block not read is not checked).
    const met = got.filter((g) => /compiled the store's index of graph\.json first/.test(g.stderr)).map((g) => g.what);
    assert.ok(met.length >= 4, `the index made anew: ${got.map((g) => g.what + " " + g.stderr).join("\n")}`);
  }
});
