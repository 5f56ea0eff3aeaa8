import { test } from "node:test";
import assert from "node:assert/strict";
import { parseArgv } from "../../src/argv.js";
import { UsageError } from "../../core/errors.js";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { akms, builtDemo, tmp } from "../helpers.js";

test("parseArgv: kebab flags to camelCase keys, values typed, defaults filled, positionals kept", () => {
  const r = parseArgv(["query", "x", "--tags", "a,b", "--keep-going", "--context-limit", "120000", "--phase", "0", "--files", "a.md", "--files", "b b.md", "--out=o.md"]);
  assert.deepEqual(r.input, ["query", "x"]);
  assert.equal(r.flags.tags, "a,b");
  assert.equal(r.flags.keepGoing, true);
  assert.equal(r.flags.contextLimit, 120000);
  assert.equal(r.flags.phase, 0);
  assert.deepEqual(r.flags.files, ["a.md", "b b.md"]);
  assert.equal(r.flags.out, "o.md");
  assert.equal(r.flags.json, false, "defaults from the table");
  assert.equal(r.flags.color, true);
  assert.deepEqual(r.flags.agent, [], "a multiple flag defaults to []");
  assert.equal("role" in r.flags, false, "an absent flag without a default is absent");
});

test("parseArgv: --no-x sets a boolean to false; short flags; -- ends the flags", () => {
  const r = parseArgv(["loadout", "--no-qmd", "--no-color", "-h", "--", "--json"]);
  assert.equal(r.flags.qmd, false);
  assert.equal(r.flags.color, false);
  assert.equal(r.flags.help, true);
  assert.deepEqual(r.given, ["qmd", "color", "help"], "the flags given, in order");
  assert.equal(r.flags.json, false);
  assert.deepEqual(r.input, ["loadout", "--json"]);
});

test("parseArgv: unknown, repeated, valueless and non-numeric flags are usage errors; a dash-led value is told how to write it", () => {
  const cases: [string[], RegExp][] = [
    [["query", "--bogus"], /unknown flag --bogus/],
    [["query", "--no-bogus"], /unknown flag --no-bogus/],
    [["query", "--no-tags"], /unknown flag --no-tags/],
    [["query", "--tags", "a", "--tags", "b"], /--tags can only be given once/],
    [["query", "--json", "--json"], /--json can only be given once/],
    [["query", "--tags"], /--tags needs a value/],
    [["export", "--around", "x", "--radius", "-1"], /--radius needs a value \(a value that starts with "-" is written --radius=VALUE\)/],
    [["query", "--phase", "abc"], /--phase needs a number/],
    [["query", "--phase", "1e3"], /--phase needs a number/],
  ];
  for (const [argv, re] of cases) assert.throws(() => parseArgv(argv), (e: unknown) => e instanceof UsageError && re.test(e.message), argv.join(" "));
});

test("CLI: unknown flag, repeated flag, --version, --help and usage errors", () => {
  const unknown = akms(["query", "--bogus", "--json"]);
  assert.equal(unknown.code, 2);
  assert.deepEqual(unknown.json, { ok: false, error: { code: "USAGE", message: "unknown flag --bogus", hint: "run `akms --help` for the commands and flags" } });
  const twice = akms(["query", "--tags", "a", "--tags", "b", "--json"]);
  assert.equal(twice.code, 2);
  assert.deepEqual(twice.json, { ok: false, error: { code: "USAGE", message: "the flag --tags can only be given once", hint: "run `akms --help` for the commands and flags" } });
  const plain = akms(["query", "--bogus"]);
  assert.equal(plain.code, 2);
  assert.match(plain.stderr, /error\[USAGE\]: unknown flag --bogus/);
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
  assert.deepEqual([qh.code, qh.stdout], [0, "\n  akms query --tags a,b | --task FILE|ID [--role R] [--explain]\n\n  the role's ranked subgraph for a task's tags; --explain says why each node is in or out\n"]);
  const cmd = akms(["nope", "--json"]);
  assert.equal(cmd.code, 2);
  assert.equal((cmd.json as { error: { message: string } }).error.message, 'unknown command "nope"');
});

test("each command takes its own flags: one it does not take is a usage error naming its flags; promote --dry-run writes nothing; build never scaffolds knowledge/", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault };
  const file = join(d.knowledge, "local-nodes", "job-cache-key-solver-version.md");
  const before = readFileSync(file);
  const p = akms(["promote", "job-cache-key-solver-version", "--dry-run"], { cwd: d.repo, env });
  assert.equal(p.code, 2, p.stdout);
  assert.match(p.stderr, /akms promote does not take --dry-run/);
  assert.match(p.stderr, /it takes no flags/);
  assert.deepEqual(readFileSync(file), before, "the file is unchanged");
  assert.ok(!existsSync(join(d.knowledge, "graph", "review_log.jsonl")), "no journal entry");
  const s = akms(["status", "--radius", "3", "--format", "dot", "--reason", "x"], { cwd: d.repo, env });
  assert.equal(s.code, 2);
  assert.match(s.stderr, /akms status does not take --radius, --format, --reason/);
  const q = akms(["query", "--tags", "fft", "--write"], { cwd: d.repo, env });
  assert.equal(q.code, 2);
  assert.match(q.stderr, /its flags: --tags, --task, --role, --explain/);
  const empty = tmp("akms-no-knowledge-");
  const b = akms(["build", "--repo", empty], { env });
  assert.notEqual(b.code, 0);
  assert.match(b.stderr, /akms init/);
  assert.ok(!existsSync(join(empty, "knowledge")), "build does not scaffold knowledge/");
});
