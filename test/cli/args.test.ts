import { test } from "node:test";
import assert from "node:assert/strict";
import { quickParse } from "../../src/args.js";
import { parseWithMeow } from "../../src/args-meow.js";
import { akms } from "../helpers.js";

// What quickParse accepts it must parse exactly as meow does: same input, same flags, same key order.
function sameAsMeow(argv: string[]): boolean {
  const q = quickParse(argv);
  if (!q) return false;
  const m = parseWithMeow(argv);
  assert.deepEqual(q, m, JSON.stringify(argv));
  assert.equal(JSON.stringify(q), JSON.stringify(m), JSON.stringify(argv));
  return true;
}

test("quickParse parses the plain command lines exactly as meow", () => {
  const plain = [
    [],
    ["query", "--tags", "tag-1,tag-2", "--role", "implementer", "--json"],
    ["query", "--vault", "../vault", "--tags", "a", "--explain", "--no-color"],
    ["build", "--no-cache", "--keep-going"],
    ["loadout", "--task", "t.yaml", "--write", "--mode", "full", "--context-limit", "120000", "--phase", "0"],
    ["update", "--files", "a.md", "--files", "b b.md", "--dry-run", "--since", "HEAD~1"],
    ["status", "--json", "--repo", "."],
    ["--version"],
    ["--help"],
    ["query", "--help"],
    ["review", "x", "y", "5", "0x1", "--yes", "--force", "--limit", "3"],
    ["query", "--tags", "5"],
    ["query", "--tags", "true"],
    ["query", "--tags", ""],
    ["query", "--tags", "a b", "--role", "code_reviewer"],
    ["x", "--no-json", "--no-qmd", "--all", "--report", "--kind", "k", "--reason", "r", "--pcd", "p", "--out", "o"],
  ];
  for (const argv of plain) assert.ok(sameAsMeow(argv), `quickParse left ${JSON.stringify(argv)} to meow`);
});

test("quickParse leaves every unusual command line to meow", () => {
  const unusual = [
    ["query", "--bogus"],
    ["query", "--no-bogus"],
    ["query", "--tags", "a", "--tags", "b"],
    ["query", "--json", "--json"],
    ["query", "--tags=a"],
    ["query", "--tags"],
    ["query", "--tags", "-x"],
    ["query", "--phase", "abc"],
    ["query", "--phase", "1e3"],
    ["query", "--phase", "007"],
    ["query", "--json", "false"],
    ["query", "--no-tags"],
    ["query", "-h"],
    ["query", "-hy"],
    ["query", "--keepGoing"],
    ["--", "query"],
    ["query", "-"],
    ["query", "-5"],
  ];
  for (const argv of unusual) assert.equal(quickParse(argv), null, JSON.stringify(argv));
});

test("quickParse agrees with meow on generated command lines", () => {
  // A small deterministic generator over the tokens that matter (known flags of each type, values, positionals).
  const pool = ["query", "x", "--json", "--no-color", "--color", "--tags", "a,b", "--role", "r", "--phase", "2", "--limit", "10", "--files", "f", "--no-cache", "--dry-run", "--context-limit", "7", "3", "--explain", "", "true"];
  let seed = 12345;
  const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  let accepted = 0;
  for (let k = 0; k < 3000; k++) {
    const argv = Array.from({ length: 1 + rnd(7) }, () => pool[rnd(pool.length)]!);
    if (sameAsMeow(argv)) accepted++;
  }
  assert.ok(accepted > 500, `only ${accepted} generated command lines took the quick path`);
});

test("CLI: unknown flag, repeated flag, --version, --help and usage errors are as before", () => {
  const unknown = akms(["query", "--bogus", "--json"]);
  assert.deepEqual([unknown.code, unknown.stdout, unknown.stderr], [2, "", "Unknown flag\n--bogus\n"]);
  const twice = akms(["query", "--tags", "a", "--tags", "b", "--json"]);
  assert.equal(twice.code, 2);
  assert.deepEqual(twice.json, { ok: false, error: { code: "USAGE", message: "The flag --tags can only be set once.", hint: "run `akms --help` for the commands and flags" } });
  for (const v of [["--version"], ["query", "--version"], ["--version", "--json"]]) {
    const r = akms(v);
    assert.deepEqual([r.code, r.stdout, r.stderr], [0, "akms 0.1.0 (AKMS schema v2)\n", ""]);
  }
  const help = akms(["--help"]);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^\n {2}akms — persistent, reviewable knowledge/);
  assert.equal(akms(["-h"]).stdout, help.stdout);
  const none = akms([]);
  assert.deepEqual([none.code, none.stdout], [2, help.stdout]);
  const qh = akms(["query", "--help"]);
  assert.deepEqual([qh.code, qh.stdout], [0, "\n  akms query --tags a,b | --task FILE [--role R] [--explain]\n\n  the role's ranked subgraph for a task's tags; --explain says why each node is in or out\n"]);
  const cmd = akms(["nope", "--json"]);
  assert.equal(cmd.code, 2);
  assert.equal((cmd.json as { error: { message: string } }).error.message, 'unknown command "nope"');
});
