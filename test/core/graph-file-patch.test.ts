import { test } from "node:test";
import assert from "node:assert/strict";
import { NotSure, attemptPatch, patchFaults, sure } from "../../core/graph-file/patch.js";

test("a patch answers its text, or is not sure (no fault), or fails — and a failure is recorded, never swallowed", () => {
  const counts = { patched: 0, fallback: 0 };
  const before = patchFaults.length;
  assert.equal(attemptPatch("t", counts, () => "new text"), "new text");
  assert.equal(attemptPatch("t", counts, () => null), null);
  assert.equal(attemptPatch("t", counts, () => sure(false) as never), null);
  assert.equal(attemptPatch("t", counts, () => JSON.parse("{not json") as string), null, "a layout it did not expect");
  assert.equal(patchFaults.length, before, "not sure is not a fault");
  assert.equal(attemptPatch("t", counts, () => { throw new TypeError("a bug in the patch"); }), null);
  assert.deepEqual(patchFaults.slice(before), [{ patch: "t", message: "a bug in the patch" }]);
  assert.deepEqual(counts, { patched: 1, fallback: 4 });
  assert.ok(new NotSure() instanceof Error);
  patchFaults.length = before;
});
