// A newcomer's first run (issue 19): the demo leaves the project tree clean and prints what to
// paste; the README's `npx akms` form works in a checkout.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { akms, builtDemo, ROOT, snapshot, tmp } from "../helpers.js";

test("npm run demo off a terminal leaves fixtures/ as committed and prints the paths to paste", () => {
  const env = { ...process.env };
  delete env.AKMS_GLOBAL_VAULT;
  const status = () => spawnSync("git", ["status", "--porcelain", "--untracked-files=all", "--", "fixtures"], { cwd: ROOT, encoding: "utf8" });
  const before = status();
  const r = spawnSync(process.execPath, [join(ROOT, "scripts", "demo.mjs")], { cwd: ROOT, env, encoding: "utf8", timeout: 120_000 });
  // The demo keeps its scratch copy for the person (it says where); the test removes it.
  const copy = /a scratch copy of fixtures\/demo is in (.+)$/m.exec(r.stdout)?.[1];
  if (copy?.includes("akms-demo-")) after(() => rmSync(copy, { recursive: true, force: true }));
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /npx akms review --repo .+ --vault .+/);
  assert.match(r.stdout, /For "Things to try" in fixtures\/demo\/README\.md: D=.+/);
  if (before.status === 0) assert.equal(status().stdout, before.stdout, "the demo changed nothing under fixtures/");
});

test("the demo's lines to paste work in a shell when its scratch folder's path holds a space and an apostrophe", () => {
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp("akms-paste-") + "/it's a dir" };
  delete env.AKMS_GLOBAL_VAULT;
  mkdirSync(env.TMPDIR!, { recursive: true });
  const r = spawnSync(process.execPath, [join(ROOT, "scripts", "demo.mjs")], { cwd: ROOT, env, encoding: "utf8", timeout: 120_000 });
  assert.equal(r.status, 0, r.stderr);
  const d = /: (D=.*)$/m.exec(r.stdout)![1]!;
  const open = /opens with: (npx akms review .*)$/m.exec(r.stdout)![1]!;
  // The shell reads each path as one word: the folder the demo made, its repo and its vault.
  const sh = spawnSync("sh", ["-c", `${d}; printf '%s\\n' "$D"; set -- ${open.replace(/^npx akms review /, "")}; printf '%s\\n' "$2" "$4"`], { encoding: "utf8" });
  const [dir, repo, vault] = sh.stdout.trim().split("\n");
  assert.ok(existsSync(join(dir!, "repo", "knowledge")), sh.stdout + sh.stderr);
  assert.equal(repo, join(dir!, "repo"));
  assert.equal(vault, join(dir!, "vault"));
});

test("npx akms runs this checkout's akms", () => {
  const r = spawnSync("npx", ["--no-install", "akms", "--version"], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^akms \d+\.\d+\.\d+/);
});

test("CLI corners: --tags without tags is a usage error; --out - prints the report; an unknown phase warns; --explain derives each rank once", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault };
  for (const argv of [["query", "--tags"], ["query", "--tags", ""], ["query", "--tags", " , "]]) {
    const r = akms([...argv, "--json"], { cwd: d.repo, env });
    assert.equal(r.code, 2, `${argv.join(" ")}: ${r.stdout}`);
    assert.equal(r.json.error.code, "USAGE");
  }
  const before = snapshot(d.knowledge);
  const md = akms(["review", "--report", "--out", "-"], { cwd: d.repo, env });
  assert.equal(md.code, 0, md.stderr);
  assert.match(md.stdout, /^# Review — phase 1\n/);
  assert.ok(![...snapshot(d.knowledge).keys()].some((k) => k.startsWith("reviews/") && !before.has(k)), "nothing written for --out -");
  const p7 = akms(["review", "--report", "--phase", "7", "--out", "-"], { cwd: d.repo, env });
  assert.match(p7.stderr, /warning: no session of this repository is in phase 7 \(phases: 1\)/);
  const ex = akms(["query", "--tags", "green-operator", "--explain"], { cwd: d.repo, env });
  const whys = ex.stdout.split("\n").filter((l) => l.trim().startsWith("why:"));
  assert.ok(whys.length > 0);
  for (const w of whys) assert.doesNotMatch(w, / = confidence \* activations with /, "the rank is derived on its own line, once");
});
