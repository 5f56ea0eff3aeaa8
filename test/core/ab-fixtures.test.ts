// The A/B protocol's graders (fixtures/ab/, docs/agent-ab-protocol.md) can fail and can pass: each
// fails on the demo as it is, and passes on a copy carrying the knowledge's answer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { PYTHON, ROOT, tmp } from "../helpers.js";

const grade = (repo: string, n: number) => spawnSync(PYTHON, [join(ROOT, "fixtures", "ab", "graders", `AB-${n}.py`)], { cwd: repo, encoding: "utf8" });

test("each A/B grader fails on the demo and passes on the knowledge's answer", () => {
  const repo = join(tmp("akms-ab-"), "repo");
  cpSync(join(ROOT, "fixtures", "demo", "repo"), repo, { recursive: true });
  for (const n of [1, 2, 3]) assert.notEqual(grade(repo, n).status, 0, `AB-${n} passes on the demo as it is`);
  const green = join(repo, "src", "solvers", "fft", "green.py");
  appendFileSync(green, "\n\n@lru_cache(maxsize=16)\ndef squared_norm(shape, lengths):\n    x1, x2, x3 = frequency_grid(shape, lengths)\n    out = x1 * x1 + x2 * x2 + x3 * x3\n    out.flags.writeable = False\n    return out\n");
  let g = readFileSync(green, "utf8");
  g = g.replace('    nyquist: NyquistConvention = "zero-stress"\n\n    def apply_hat', '    nyquist: NyquistConvention = "zero-stress"\n    operator: str = "continuous"\n\n    def apply_hat');
  g = g.replace('    nyquist: NyquistConvention = "zero-stress",\n) -> GreenOperator:', '    nyquist: NyquistConvention = "zero-stress",\n    operator: str = "continuous",\n) -> GreenOperator:');
  g = g.replace("return GreenOperator(tuple(shape), tuple(lengths), float(lam0), float(mu0), nyquist)", "return GreenOperator(tuple(shape), tuple(lengths), float(lam0), float(mu0), nyquist, operator)");
  writeFileSync(green, g);
  appendFileSync(join(repo, "src", "solvers", "fft", "scheme.py"), '\n\ndef should_stop(state, tol):\n    return state["equilibrium_residual"] < tol\n');
  for (const n of [1, 2, 3]) {
    const r = grade(repo, n);
    assert.equal(r.status, 0, `AB-${n}: ${r.stderr}`);
  }
});
