import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hostname } from "node:os";
import { repoPaths } from "../../core/paths.js";
import { readTask } from "../../core/query/task.js";
import type { TaskRecord } from "../../core/schemas/task.js";
import { bytesKey, factsPath, openFacts, validatedFacts } from "../../core/store/facts.js";
import { ValidationError } from "../../core/errors.js";
import { copyDemo } from "../helpers.js";

test("a task record validated once is answered from the cache for the same bytes and build only; any edit is validated again", () => {
  const d = copyDemo();
  const paths = repoPaths(d.repo);
  const file = join(paths.tasks, "task-201.json");
  const cachePath = factsPath(paths);
  const first = validatedFacts<TaskRecord>(paths, "task", "build-1");
  const read = readTask(file, d.repo, first);
  assert.equal(first.save(), true);
  assert.equal(first.save(), false, "nothing new: nothing written");
  // The answer is the store's: a doctored fact for these bytes is believed.
  const facts = openFacts(paths, "build-1");
  const key = bytesKey(readFileSync(file));
  facts.put("task", file, key, { ...facts.get<TaskRecord>("task", file, key)!, title: "from the cache" });
  assert.equal(facts.save(), true);
  assert.equal(readTask(file, d.repo, validatedFacts<TaskRecord>(paths, "task", "build-1")).record.title, "from the cache");
  // Another build, or no build id (the sources run): validated by the schema again.
  assert.deepEqual(readTask(file, d.repo, validatedFacts<TaskRecord>(paths, "task", "build-2")).record, read.record);
  assert.deepEqual(readTask(file, d.repo, validatedFacts<TaskRecord>(paths, "task", null)).record, read.record);
  // Other bytes: an invalid record is reported by the schema, never answered from the cache.
  const bad = JSON.parse(readFileSync(file, "utf8"));
  bad.agent_role = 7;
  writeFileSync(file, JSON.stringify(bad));
  assert.throws(() => readTask(file, d.repo, validatedFacts<TaskRecord>(paths, "task", "build-1")), (e) => e instanceof ValidationError && /agent_role/.test(JSON.stringify(e.toJSON())));
  // A damaged cache is a miss.
  writeFileSync(cachePath, "{not json");
  writeFileSync(file, JSON.stringify({ ...bad, agent_role: read.record.agent_role }));
  assert.equal(readTask(file, d.repo, validatedFacts<TaskRecord>(paths, "task", "build-1")).record.task_id, read.record.task_id);
  assert.ok(existsSync(cachePath));
});

test("the store's facts: two writers' facts both survive, retain drops gone files, a torn or foreign file is a miss, a held lock writes nothing", () => {
  const d = copyDemo();
  const paths = repoPaths(d.repo);
  const a = openFacts(paths, "b");
  const b = openFacts(paths, "b");
  a.put("no-dedup", "/x/one.md", "k1", true);
  b.put("no-dedup", "/x/two.md", "k2", false);
  assert.equal(a.save(), true);
  assert.equal(b.save(), true, "b reads the file again under the lock: a's fact stays");
  const c = openFacts(paths, "b");
  assert.equal(c.get("no-dedup", "/x/one.md", "k1"), true);
  assert.equal(c.get("no-dedup", "/x/two.md", "k2"), false);
  assert.equal(c.get("no-dedup", "/x/two.md", "other key"), undefined, "another key is a miss");
  assert.equal(openFacts(paths, "other build").get("no-dedup", "/x/one.md", "k1"), undefined, "another build is a miss");
  assert.deepEqual(c.entries("no-dedup").sort(), [["/x/one.md", "k1"], ["/x/two.md", "k2"]]);
  // Many look-ups (the compile's) answer from a parsed map: the same answers.
  for (let i = 0; i < 20; i++) assert.equal(c.get("no-dedup", "/x/one.md", "k1"), true);
  c.retain("no-dedup", new Set(["/x/two.md"]));
  assert.equal(c.save(), true);
  assert.deepEqual(openFacts(paths, "b").entries("no-dedup"), [["/x/two.md", "k2"]]);
  // A null key (a stat too recent to trust) or a value JSON does not carry keeps nothing.
  const n = openFacts(paths, "b");
  n.put("no-dedup", "/x/three.md", null, true);
  n.put("config", "/x/c.yaml", "k", { x: Infinity });
  assert.equal(n.save(), false);
  // Torn (a kill cannot tear it — it is renamed into place — but a disk can): every fact is a miss.
  const text = readFileSync(cachePathOf(paths), "latin1");
  writeFileSync(cachePathOf(paths), text.slice(0, text.length - 5));
  assert.equal(openFacts(paths, "b").get("no-dedup", "/x/two.md", "k2"), undefined);
  writeFileSync(cachePathOf(paths), text);
  assert.equal(openFacts(paths, "b").get("no-dedup", "/x/two.md", "k2"), false);
  // A held lock: the save is skipped (best effort), the file unchanged.
  writeFileSync(paths.lock, JSON.stringify({ pid: process.ppid, host: hostname(), proc_start: null, started_at: "2026-01-01T00:00:00Z", command: "akms test" }));
  const h = openFacts(paths, "b");
  h.put("no-dedup", "/x/four.md", "k4", true);
  assert.equal(h.save(), false);
  assert.equal(readFileSync(cachePathOf(paths), "latin1"), text);
  assert.ok(existsSync(paths.lock));
});

function cachePathOf(paths: ReturnType<typeof repoPaths>): string {
  return factsPath(paths);
}

test("a repository under a path with é: a stat key holds the path, and the facts stay readable (the store's files are read one byte per character)", () => {
  const d = copyDemo();
  const paths = repoPaths(d.repo);
  const node = join(paths.localNodes, "café-node.md");
  const statKey = `${node}\0${[1, 2, 3, 4].join(":")}`;
  const task = join(paths.tasks, "task-201.json");
  const facts = openFacts(paths, "build-1");
  facts.put("no-dedup", node, statKey, true);
  facts.put("task", task, bytesKey("x"), { title: "kept" });
  assert.equal(facts.save(), true);
  assert.ok(!readFileSync(factsPath(paths)).some((b) => b > 0x7e), "the file is ASCII");
  const again = openFacts(paths, "build-1");
  assert.equal(again.get("no-dedup", node, statKey), true);
  assert.deepEqual(again.get("task", task, bytesKey("x")), { title: "kept" }, "the other facts too");
  assert.deepEqual(again.entries("no-dedup"), [[node, statKey]]);
  again.put("no-dedup", node, statKey, true);
  assert.equal(again.save(), false, "the same fact again: nothing written");
});
