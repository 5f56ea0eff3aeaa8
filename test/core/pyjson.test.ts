import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { pyFloat, pyJsonDumps } from "../../core/pyjson.js";
import { PYTHON } from "../helpers.js";

const FLOATS = [0.1, 1.0, 1e-5, 1.5e-5, 1e16, 1e15, 123456789012345678, 0.0001, 0.00012, -2.5, 5e-324, 1.7976931348623157e308, 0.30000000000000004, 0.83868, 100.5, 1e22, 3.14159e-10, 2.5e-7];

test("pyFloat prints every float exactly like Python's repr", () => {
  const py = spawnSync(PYTHON, ["-c", `import json,sys; print(json.dumps([repr(float(x)) for x in json.loads(sys.stdin.read())]))`], {
    input: JSON.stringify(FLOATS),
    encoding: "utf8",
  });
  assert.equal(py.status, 0, py.stderr);
  assert.deepEqual(FLOATS.map(pyFloat), JSON.parse(py.stdout));
});

test("pyJsonDumps is a fixed point of Python's json.dumps(json.loads(x), sort_keys=True, indent=2)", () => {
  const doc = {
    z: [1, 2.5, { b: "é \u0001 \"q\" \\ \n\t ✓ 😀", a: [] }],
    a: { weight: 1, confidence: 0.85, n: null, t: true, f: false, empty: {} },
    m: "\u007f",
  };
  const text = pyJsonDumps(doc);
  assert.match(text, /"weight": 1\.0/);
  const py = spawnSync(PYTHON, ["-c", "import json,sys; t=sys.stdin.read(); sys.stdout.write(json.dumps(json.loads(t), sort_keys=True, indent=2)+'\\n')"], {
    input: text,
    encoding: "utf8",
  });
  assert.equal(py.status, 0, py.stderr);
  assert.equal(py.stdout, text);
});
