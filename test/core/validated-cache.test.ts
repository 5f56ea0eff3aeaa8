import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoPaths } from "../../core/paths.js";
import { readTask } from "../../core/query/task.js";
import type { TaskRecord } from "../../core/schemas/task.js";
import { validatedCache, validatedCachePath } from "../../core/validated-cache.js";
import { ValidationError } from "../../core/errors.js";
import { copyDemo } from "../helpers.js";

test("a task record validated once is answered from the cache for the same bytes and build only; any edit is validated again", () => {
  const d = copyDemo();
  const paths = repoPaths(d.repo);
  const file = join(paths.tasks, "task-201.json");
  const cachePath = validatedCachePath(paths, "task-records");
  const first = validatedCache<TaskRecord>(paths, "task-records", "build-1");
  const read = readTask(file, d.repo, first);
  assert.equal(first.save(), true);
  assert.equal(first.save(), false, "nothing new: nothing written");
  // The answer is the cache's: a doctored entry for these bytes is believed.
  const doc = JSON.parse(readFileSync(cachePath, "utf8"));
  doc.entries[file][1].title = "from the cache";
  writeFileSync(cachePath, JSON.stringify(doc));
  assert.equal(readTask(file, d.repo, validatedCache<TaskRecord>(paths, "task-records", "build-1")).record.title, "from the cache");
  // Another build, or no build id (the sources run): validated by the schema again.
  assert.deepEqual(readTask(file, d.repo, validatedCache<TaskRecord>(paths, "task-records", "build-2")).record, read.record);
  assert.deepEqual(readTask(file, d.repo, validatedCache<TaskRecord>(paths, "task-records", null)).record, read.record);
  // Other bytes: an invalid record is reported by the schema, never answered from the cache.
  const bad = JSON.parse(readFileSync(file, "utf8"));
  bad.agent_role = 7;
  writeFileSync(file, JSON.stringify(bad));
  assert.throws(() => readTask(file, d.repo, validatedCache<TaskRecord>(paths, "task-records", "build-1")), (e) => e instanceof ValidationError && /agent_role/.test(JSON.stringify(e.toJSON())));
  // A damaged cache is a miss.
  writeFileSync(cachePath, "{not json");
  writeFileSync(file, JSON.stringify({ ...bad, agent_role: read.record.agent_role }));
  assert.equal(readTask(file, d.repo, validatedCache<TaskRecord>(paths, "task-records", "build-1")).record.task_id, read.record.task_id);
  assert.ok(existsSync(cachePath));
});
