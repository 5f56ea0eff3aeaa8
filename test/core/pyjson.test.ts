import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { pyFloat, pyJsonChunks, pyJsonDumps } from "../../core/pyjson.js";
import { pyJsonDumpsGeneric } from "../pyjson-reference.js";
import { PYTHON } from "../helpers.js";
import { mulberry32 } from "../../scripts/bench/genvault.js";

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

const rng = mulberry32;

const KEYS = ["id", "title", "weight", "confidence", "score", "tags", "a", "b", "Z", "é", "k\"q", "", "confidence_floor", "note", "x y"];
const STRINGS = ["", "plain", "é", "✓", "😀", "\u0000", "\u001f", "\u007f", '"q"', "\\", "\n\t\r\b\f", "g-000001", "a/b"];
const NUMBERS = [0, -0, 1, -1, 2.5, 0.1, 1e-5, 1e16, 1e22, 123456789, 2 ** 53 + 2, NaN, Infinity, -Infinity, 0.64, 1e-7, -3.5e300];

function randomValue(r: () => number, depth: number, shapes: string[][]): unknown {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const kind = depth > 2 ? Math.floor(r() * 4) : Math.floor(r() * 7);
  switch (kind) {
    case 0:
      return r() < 0.5 ? pick(STRINGS) : pick(STRINGS) + pick(STRINGS) + String(Math.floor(r() * 100));
    case 1:
      return r() < 0.7 ? pick(NUMBERS) : (r() - 0.5) * 10 ** Math.floor(r() * 40 - 20);
    case 2:
      return pick([true, false, null, undefined]);
    case 3:
      return Math.floor(r() * 1000);
    case 4:
    case 5: {
      // Objects often repeat a shape (as the graph's nodes do), sometimes with keys in another order.
      let keys = r() < 0.6 && shapes.length ? pick(shapes) : KEYS.filter(() => r() < 0.3);
      if (r() < 0.2) keys = [...keys].reverse();
      shapes.push(keys);
      const o: Record<string, unknown> = {};
      for (const k of keys) o[k] = randomValue(r, depth + 1, shapes);
      return o;
    }
    default: {
      const n = r() < 0.15 ? 65 + Math.floor(r() * 80) : Math.floor(r() * 5);
      return Array.from({ length: n }, () => randomValue(r, depth + 1, shapes));
    }
  }
}

test("the fast writer prints exactly what the reference writer prints, on many random documents", () => {
  for (let seed = 1; seed <= 300; seed++) {
    const r = rng(seed);
    const shapes: string[][] = [];
    const doc = { nodes: Array.from({ length: 70 }, () => randomValue(r, 1, shapes)), graph: randomValue(r, 1, shapes), x: randomValue(r, 0, shapes) };
    const expected = pyJsonDumpsGeneric(doc);
    assert.equal(pyJsonDumps(doc), expected, `seed ${seed}`);
    const chunks = pyJsonChunks(doc, 1 + Math.floor(r() * 5000));
    assert.equal(chunks.join(""), expected, `seed ${seed} (chunked)`);
    const loose = randomValue(r, 0, shapes);
    assert.equal(pyJsonDumps(loose), pyJsonDumpsGeneric(loose), `seed ${seed} (loose value)`);
  }
});

test("random documents are fixed points of Python's json.dumps too", () => {
  const r = rng(7);
  const shapes: string[][] = [];
  const doc = { nodes: Array.from({ length: 300 }, () => randomValue(r, 1, shapes)) };
  const text = pyJsonDumps(doc);
  const py = spawnSync(PYTHON, ["-c", "import json,sys; t=sys.stdin.read(); sys.stdout.write(json.dumps(json.loads(t), sort_keys=True, indent=2)+'\\n')"], { input: text, encoding: "utf8" });
  assert.equal(py.status, 0, py.stderr);
  assert.equal(py.stdout, text);
});
