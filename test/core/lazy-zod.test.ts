import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { copyDemo, ROOT } from "../helpers.js";
import { loadContext } from "../../core/context.js";
import { build } from "../../core/compiler/build.js";
import { lazy, zod, zodLoaded } from "../../core/zod.js";
import { GlobalNode } from "../../core/schemas/node.js";
import { ValidationError } from "../../core/errors.js";
import { promote } from "../../core/review/actions.js";

test("a lazy schema is built once, on first use, and answers as the schema it builds", () => {
  let built = 0;
  const Pair = lazy(() => {
    built++;
    return zod.object({ a: zod.string(), b: zod.number().optional() });
  });
  const Outer = lazy(() => zod.object({ pair: Pair, list: zod.array(Pair) }));
  assert.equal(built, 0);
  assert.deepEqual(Outer.parse({ pair: { a: "x" }, list: [{ a: "y", b: 1 }] }), { pair: { a: "x" }, list: [{ a: "y", b: 1 }] });
  assert.equal(built, 1);
  assert.equal(Pair.safeParse({ a: 1 }).success, false);
  assert.deepEqual(Object.keys(Pair.shape), ["a", "b"]);
  assert.equal("shape" in Pair, true);
  assert.equal(built, 1);
  assert.deepEqual(Object.keys(GlobalNode.shape).slice(0, 3), ["id", "title", "domain"]);
});

test("the context and a no-op never load zod; the console's task records and an edited node are validated by it, and a bad file is reported by it", () => {
  const d = copyDemo();
  // Without a config file the context needs no validation (a config's is cached by the bundle only).
  rmSync(join(d.knowledge, "graph", "propagation_config.yaml"));
  const setup = loadContext({ repo: d.repo, vault: d.vault });
  build(setup); // the cold build validates the overlay with zod
  promote(setup, { id: "green-cache-key-includes-ref-medium" }); // a review journal to read
  const child = spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "test", "core", "lazy-zod", "open-without-zod.ts"), d.repo, d.vault], { encoding: "utf8", cwd: ROOT });
  assert.equal(child.status, 0, child.stderr);
  assert.deepEqual(JSON.parse(child.stdout), { context: false, noop: false, console: true, edit: true });
  // In this process: a malformed node is reported with zod's messages.
  writeFileSync(join(d.vault, "broken.md"), "---\nid: broken\ntitle: Broken\ndomain: fft\ntags: [a]\nstatus: established\nconfidence: 7\nsource: human\nakms_schema: v2\n---\n");
  const ctx = loadContext({ repo: d.repo, vault: d.vault });
  assert.throws(() => build(ctx), (e: unknown) => e instanceof ValidationError && e.problems.some((p) => p.field === "confidence" && /between 0.0 and 1.0/.test(p.message)));
  assert.equal(zodLoaded(), true);
});
