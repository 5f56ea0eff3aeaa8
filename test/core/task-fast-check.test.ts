import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DEMO, seededRandom } from "../helpers.js";
import { TaskRecord } from "../../core/schemas/task.js";
import { TASK_FIELDS, fastTaskRecord } from "../../core/query/task-fast-check.js";

/** The fast check never disagrees with zod: what it returns is zod's result, key order included. */
function agree(data: Record<string, unknown>, label: string): "same" | "zod" {
  const fast = fastTaskRecord(data);
  const z = TaskRecord.safeParse(data);
  if (fast === undefined) return "zod";
  assert.ok(z.success, `${label}: the fast check accepted what zod rejects`);
  assert.equal(JSON.stringify(fast), JSON.stringify(z.data), label);
  assert.deepEqual(fast, z.data, label);
  return "same";
}

test("the fast task check knows exactly the fields of the task record schema, in its order", () => {
  assert.deepEqual(
    TASK_FIELDS.map(([k]) => k),
    Object.keys(TaskRecord.shape),
  );
});

test("every demo task record is checked fast, with zod's result", () => {
  const dir = join(DEMO, "repo", "knowledge", "tasks");
  const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
  assert.ok(files.length > 0);
  for (const f of files) assert.equal(agree(JSON.parse(readFileSync(join(dir, f), "utf8")) as Record<string, unknown>, f), "same", f);
});

test("fuzzed task records: the fast check returns zod's result or leaves the record to zod", () => {
  const rnd = seededRandom(11);
  const values: unknown[] = [
    "a", "", "implementer", "Implementer", "a..b", "t-1", "x/y", 0, 1, -1, 1.5, 2 ** 53, Number.MAX_SAFE_INTEGER, null, true, [], ["a"], ["a", 1], ["ok-1", "b.c"], ["a..b"], {}, { a: 1 }, "v2", "v1",
  ];
  const keys = [...TASK_FIELDS.map(([k]) => k), "extra", "zeta", "__proto__"];
  let same = 0;
  for (let i = 0; i < 4000; i++) {
    const rec: Record<string, unknown> = { task_id: "t-1", akms_tags: ["x"], akms_schema: "v2" };
    for (let k = rnd(5); k > 0; k--) {
      const key = keys[rnd(keys.length)]!;
      if (rnd(8) === 0) delete rec[key];
      else Object.defineProperty(rec, key, { value: values[rnd(values.length)], enumerable: true, writable: true, configurable: true });
    }
    // Keys in a shuffled order, as a hand-written file may have them.
    const shuffled: Record<string, unknown> = {};
    const ks = Object.keys(rec);
    while (ks.length) {
      const k = ks.splice(rnd(ks.length), 1)[0]!;
      Object.defineProperty(shuffled, k, { value: rec[k], enumerable: true, writable: true, configurable: true });
    }
    if (agree(shuffled, JSON.stringify(shuffled)) === "same") same++;
  }
  assert.ok(same > 1000, `only ${same} fuzzed records were checked fast`);
});
