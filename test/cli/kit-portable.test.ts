// Kits and the merge driver that travel with the repository: committed files hold a command every
// clone has (never this machine's paths), a person's files are edited safely or refused clearly,
// and a driver that cannot run leaves git's conflict markers and a message — never a silent "ours".
import { test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { shellWord } from "../../core/shell-word.js";
import { join, relative } from "node:path";
import { akms, builtDemo, ROOT, tmp, write } from "../helpers.js";
import { ok, git } from "../team-helpers.js";

/** Every file under `dir` (but .git), relative. */
function files(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (n === ".git") continue;
      const st = lstatSync(p);
      if (st.isDirectory()) walk(p);
      else out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

/** A git repository on main with knowledge/ (akms init), committed nothing yet. */
function gitRepo(repo: string): void {
  ok(repo, ["init", "-q", "-b", "main"]);
  ok(repo, ["config", "user.email", "t@example.com"]);
  ok(repo, ["config", "user.name", "T"]);
  assert.equal(akms(["init", "--repo", repo]).code, 0);
}

/** The overlay changed apart on main and on branch `other` (from a common base); main checked out. Returns the overlay's path. */
function overlaysApart(repo: string): string {
  const overlay = join(repo, "knowledge", "graph", "local_state.yaml");
  writeFileSync(overlay, "akms_schema: v2\nnode_overrides: {}\nbase: 1\n");
  ok(repo, ["add", "-A"]);
  ok(repo, ["commit", "-q", "-m", "base"]);
  ok(repo, ["checkout", "-q", "-b", "other"]);
  writeFileSync(overlay, "akms_schema: v2\nnode_overrides: {}\nbase: theirs\n");
  ok(repo, ["commit", "-q", "-am", "theirs"]);
  ok(repo, ["checkout", "-q", "main"]);
  writeFileSync(overlay, "akms_schema: v2\nnode_overrides: {}\nbase: ours\n");
  ok(repo, ["commit", "-q", "-am", "ours"]);
  return overlay;
}

const noBug = (r: { stderr: string; stdout: string }) => assert.doesNotMatch(r.stderr + r.stdout, /error\[BUG\]|\n\s+at /, "no BUG, no stack trace");

test("committed kit files name `akms` (installed on PATH), never this checkout's or Node's path; init says which form and why", () => {
  const repo = tmp("akms-portable-");
  ok(repo, ["init", "-q"]);
  const r = akms(["init", "--agent", "claude", "--agent", "codex", "--agent", "cursor", "--repo", repo, "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const j = r.json as { command: { line: string; form: string; why: string } };
  assert.equal(j.command.line, "akms");
  assert.equal(j.command.form, "global");
  assert.match(j.command.why, /on PATH/);
  for (const f of files(repo)) {
    const text = readFileSync(join(repo, f), "utf8");
    assert.ok(!text.includes(ROOT), `${f} holds the checkout's path`);
    assert.ok(!text.includes(process.execPath), `${f} holds Node's path`);
  }
  const mcp = JSON.parse(readFileSync(join(repo, ".mcp.json"), "utf8")).mcpServers.akms;
  assert.deepEqual([mcp.command, ...mcp.args], ["akms", "mcp"]);
  const settings = JSON.parse(readFileSync(join(repo, ".claude", "settings.json"), "utf8"));
  assert.equal(settings.hooks.PreToolUse[0].hooks[0].command, "akms hook pre-tool-use");
  assert.match(akms(["init", "--agent", "claude", "--repo", repo]).stdout, /command: `akms` — the `akms` on PATH/);
});

test("an akms that no clone would find (not on PATH, not a dependency) writes no kit; --command names one knowingly", () => {
  const repo = tmp("akms-portable-none-");
  const env = { PATH: "/usr/bin:/bin" };
  const r = akms(["init", "--agent", "claude", "--repo", repo], { env });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /NO_PORTABLE_COMMAND|neither on PATH nor installed in the repository/);
  assert.match(r.stderr, /npm i -g akms|npm i -D akms/);
  assert.ok(!existsSync(join(repo, ".mcp.json")), "nothing written");
  noBug(r);
  const given = akms(["init", "--agent", "claude", "--command", "npx --no-install akms", "--repo", repo], { env });
  assert.equal(given.code, 0, given.stderr);
  assert.deepEqual(JSON.parse(readFileSync(join(repo, ".mcp.json"), "utf8")).mcpServers.akms.args, ["--no-install", "akms", "mcp"]);
  // The clone's own git config may hold this machine's path (it is not shared).
  ok(repo, ["init", "-q"]);
  const g = akms(["init", "--git", "--repo", repo, "--json"], { env });
  assert.equal(g.code, 0, g.stderr);
  assert.equal((g.json as { git: { form: string } }).git.form, "path");
  assert.ok(!readFileSync(join(repo, "knowledge", ".gitattributes"), "utf8").includes(ROOT));
});

test("--command with a path whose folders hold spaces: one word, quoted in every shell line; a path split at a space is refused", () => {
  const repo = tmp("akms-spaced-");
  ok(repo, ["init", "-q"]);
  const bin = join(tmp("akms-spaced-bin-"), "my tools", "akms");
  write(bin, `#!/bin/sh\nexec '${process.execPath}' '${join(ROOT, "bin", "akms.mjs")}' "$@"\n`);
  chmodSync(bin, 0o755);
  const env = { PATH: "/usr/bin:/bin" };
  // The folder's name split into words: the first names nothing, and nothing is written.
  const split = akms(["init", "--agent", "claude", "--command", `${bin} --quiet`, "--repo", repo], { env });
  assert.equal(split.code, 2, split.stderr);
  assert.match(split.stderr, /does not exist \(the command was split into words at its spaces\)/);
  assert.match(split.stderr, /a path with spaces whole/);
  assert.ok(!existsSync(join(repo, ".mcp.json")), "nothing written");
  noBug(split);
  // A quote in a folder's name is the folder's, not the person's quoting: the missing path is named.
  const quoted = akms(["init", "--agent", "claude", "--command", "/no/such/it's here/akms", "--repo", repo], { env });
  assert.equal(quoted.code, 2, quoted.stderr);
  assert.match(quoted.stderr, /\/no\/such\/it's does not exist \(the command was split into words at its spaces\)/);
  // Quotes a person typed are refused: kits write the words as given.
  const typed = akms(["init", "--agent", "claude", "--command", "akms '--quiet'", "--repo", repo], { env });
  assert.equal(typed.code, 2, typed.stderr);
  assert.match(typed.stderr, /give plain words \(no quotes, \$ or backslashes\)/);
  const r = akms(["init", "--git", "--agent", "claude", "--agent", "codex", "--command", bin, "--repo", repo], { env });
  assert.equal(r.code, 0, r.stderr);
  const mcp = JSON.parse(readFileSync(join(repo, ".mcp.json"), "utf8")).mcpServers.akms;
  assert.deepEqual([mcp.command, ...mcp.args], [bin, "mcp"]);
  const hook = JSON.parse(readFileSync(join(repo, ".claude", "settings.json"), "utf8")).hooks.SessionStart[0].hooks[0].command;
  assert.equal(hook, `${shellWord(bin)} hook session-start`);
  assert.ok(r.stdout.includes(`codex mcp add akms -- ${shellWord(bin)} mcp`), r.stdout);
  // The clone's post-merge hook runs it as git would: a shell in the repository.
  const post = git(repo, ["-c", "core.hooksPath=.git/hooks", "hook", "run", "post-merge"]);
  assert.equal(post.code, 0, post.out);
  assert.ok(existsSync(join(repo, "knowledge", "graph", "graph.json")), "the hook's build ran");
});

test("hostile kit files: edited through symlinks, a person's text and additions kept, the unsafe refused clearly (never BUG)", () => {
  const repo = tmp("akms-hostile-");
  // CLAUDE.md -> AGENTS.md: the block lands in AGENTS.md and the link stays a link.
  write(join(repo, "AGENTS.md"), "# Team rules\n\nBe kind.\n");
  symlinkSync("AGENTS.md", join(repo, "CLAUDE.md"));
  assert.equal(akms(["init", "--agent", "claude", "--repo", repo]).code, 0);
  assert.ok(lstatSync(join(repo, "CLAUDE.md")).isSymbolicLink());
  assert.equal(readlinkSync(join(repo, "CLAUDE.md")), "AGENTS.md");
  assert.match(readFileSync(join(repo, "AGENTS.md"), "utf8"), /^# Team rules\n\nBe kind\.\n\n<!-- akms:begin/);

  // A person's env on akms's own .mcp.json entry, and a hook command they changed, survive a re-run.
  const mcpFile = join(repo, ".mcp.json");
  const mcp = JSON.parse(readFileSync(mcpFile, "utf8"));
  mcp.mcpServers.akms.env = { AKMS_TASK_ID: "T-1" };
  writeFileSync(mcpFile, JSON.stringify(mcp, null, 2) + "\n");
  const setFile = join(repo, ".claude", "settings.json");
  const settings = JSON.parse(readFileSync(setFile, "utf8"));
  settings.hooks.PreToolUse[0].hooks[0].command = "AKMS_DEBUG=1 akms hook pre-tool-use";
  writeFileSync(setFile, JSON.stringify(settings, null, 2) + "\n");
  const again = akms(["init", "--agent", "claude", "--repo", repo]);
  assert.equal(again.code, 0, again.stderr);
  assert.deepEqual(JSON.parse(readFileSync(mcpFile, "utf8")).mcpServers.akms.env, { AKMS_TASK_ID: "T-1" });
  const after = JSON.parse(readFileSync(setFile, "utf8"));
  assert.equal(after.hooks.PreToolUse.length, 1, "no second PreToolUse group");
  assert.equal(after.hooks.PreToolUse[0].hooks[0].command, "AKMS_DEBUG=1 akms hook pre-tool-use");
  assert.match(again.stdout, /kept your PreToolUse hook command/);

  // A block that lost its end marker: refused, every byte of the file kept.
  const lost = "# Mine\n\n<!-- akms:begin (managed by `akms init --agent claude`; re-running it refreshes this block) -->\nold akms text\n\nMy own notes below.\n";
  writeFileSync(join(repo, "AGENTS.md"), lost);
  const r1 = akms(["init", "--agent", "claude", "--repo", repo]);
  assert.equal(r1.code, 1);
  assert.match(r1.stderr, /CLAUDE\.md: the akms block that starts on line 3 has no end marker/);
  assert.equal(readFileSync(join(repo, "AGENTS.md"), "utf8"), lost);
  noBug(r1);
  writeFileSync(join(repo, "AGENTS.md"), "# Mine\n");

  const cases: [string, string | null, (p: string) => void, RegExp][] = [
    ["invalid JSON", "{ not json", (p) => writeFileSync(p, "{ not json"), /\.mcp\.json is not a JSON object/],
    ["mcpServers not an object", null, (p) => writeFileSync(p, '{"mcpServers": ["x"]}\n'), /mcpServers in \.mcp\.json is not an object/],
    ["read-only", null, (p) => (writeFileSync(p, "{}\n"), chmodSync(p, 0o444)), /\.mcp\.json is read-only/],
    ["huge", null, (p) => writeFileSync(p, `{"x": "${"a".repeat(1_100_000)}"}`), /\.mcp\.json is \d+ bytes/],
    ["dangling link", null, (p) => symlinkSync("nowhere.json", p), /\.mcp\.json is a symbolic link to nowhere\.json, which does not exist/],
    ["a directory", null, (p) => mkdirSync(p), /\.mcp\.json is not a regular file/],
  ];
  for (const [name, , make, message] of cases) {
    const d = tmp("akms-hostile-case-");
    make(join(d, ".mcp.json"));
    const before = existsSync(join(d, ".mcp.json")) && statSync(join(d, ".mcp.json")).isFile() ? readFileSync(join(d, ".mcp.json")) : null;
    const r = akms(["init", "--agent", "claude", "--repo", d]);
    assert.equal(r.code, 1, `${name}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, message, name);
    noBug(r);
    if (before) assert.deepEqual(readFileSync(join(d, ".mcp.json")), before, `${name}: the file is unchanged`);
    assert.ok(!existsSync(join(d, "CLAUDE.md")), `${name}: nothing else written`);
  }
  // A non-list hook value is refused, not replaced.
  const h = tmp("akms-hostile-hooks-");
  write(join(h, ".claude", "settings.json"), '{ "hooks": { "PreToolUse": { "matcher": "Write" } } }\n');
  const rh = akms(["init", "--agent", "claude", "--repo", h]);
  assert.equal(rh.code, 1);
  assert.match(rh.stderr, /hooks\.PreToolUse in \.claude\/settings\.json is not a list/);
  noBug(rh);
  // A byte-order mark is kept, the entry added.
  const b = tmp("akms-hostile-bom-");
  writeFileSync(join(b, ".mcp.json"), '\uFEFF{\n  "mcpServers": {}\n}\n');
  const rb = akms(["init", "--agent", "claude", "--repo", b]);
  assert.equal(rb.code, 0, rb.stderr);
  const bom = readFileSync(join(b, ".mcp.json"), "utf8");
  assert.ok(bom.startsWith("\uFEFF"));
  assert.equal(JSON.parse(bom.slice(1)).mcpServers.akms.command, "akms");
});

test("init --git with core.hooksPath=/dev/null registers the driver and says the hooks are off (no BUG)", () => {
  const repo = tmp("akms-hookspath-");
  ok(repo, ["init", "-q"]);
  ok(repo, ["config", "core.hooksPath", "/dev/null"]);
  const r = akms(["init", "--git", "--repo", repo]);
  assert.equal(r.code, 0, r.stderr);
  noBug(r);
  assert.match(r.stdout, /hooks are turned off in this clone/);
  assert.match(ok(repo, ["config", "--get", "merge.akms.driver"]), /akms --version/);
});

test("hooks in a folder of the work tree (husky's core.hooksPath=.husky) are the team's: written with a command every clone has, or not at all", () => {
  const repo = tmp("akms-husky-");
  gitRepo(repo);
  ok(repo, ["config", "core.hooksPath", ".husky"]);
  mkdirSync(join(repo, ".husky"));
  // An akms no clone would find: the clone's driver may name this machine's paths, the shared hooks may not.
  const env = { PATH: "/usr/bin:/bin" };
  const r = akms(["init", "--git", "--repo", repo, "--json"], { env });
  assert.equal(r.code, 0, r.stderr);
  const reg = (r.json as { git: { form: string; hooks: { action: string; path: string }[] } }).git;
  assert.equal(reg.form, "path");
  assert.deepEqual(reg.hooks.map((h) => h.action), ["not-shared", "not-shared"]);
  assert.deepEqual(readdirSync(join(repo, ".husky")), [], "nothing with a machine path in the shared folder");
  assert.match(akms(["init", "--git", "--repo", repo], { env }).stdout, /not written: .*\.husky\/post-merge is in the work tree \(core\.hooksPath\), so the team shares it/);
  // A command every clone has: written with it.
  assert.equal(akms(["init", "--git", "--command", "npx --no-install akms", "--repo", repo], { env }).code, 0);
  assert.match(readFileSync(join(repo, ".husky", "post-merge"), "utf8"), /^npx --no-install akms build --repo \. /m);
  assert.ok(!readFileSync(join(repo, ".husky", "post-merge"), "utf8").includes(ROOT), "no path of this machine");
});

test("a registered driver that cannot run: the merge leaves git's conflict markers and names the fix; status says the driver does not run", () => {
  const repo = tmp("akms-stale-driver-");
  gitRepo(repo);
  // Registered from an akms that later moved away.
  const gone = join(tmp("akms-gone-"), "bin", "akms");
  write(gone, `#!/bin/sh\nexec '${process.execPath}' '${join(ROOT, "bin", "akms.mjs")}' "$@"\n`);
  chmodSync(gone, 0o755);
  assert.equal(akms(["init", "--git", "--command", gone, "--repo", repo]).code, 0);
  rmSync(gone);
  const overlay = overlaysApart(repo);
  const m = git(repo, ["merge", "other"]);
  assert.notEqual(m.code, 0, "the merge stops as a conflict");
  assert.match(m.out, /akms: the merge driver cannot run .*knowledge\/graph\/local_state\.yaml keeps git's conflict markers\. Fix: akms init --git/s);
  const text = readFileSync(overlay, "utf8");
  assert.match(text, /^<<<<<<< ours$/m);
  assert.match(text, /^>>>>>>> theirs$/m);
  ok(repo, ["merge", "--abort"]);
  const st = akms(["status", "--repo", repo, "--json"]);
  const gitJson = (st.json as { git: { driver_runs: boolean; warning: string } }).git;
  assert.equal(gitJson.driver_runs, false);
  assert.match(gitJson.warning, /does not run here.*akms init --git/);
  assert.match(akms(["status", "--repo", repo]).stderr, /warning: the registered merge driver's command .* does not run here/);
  // Re-registered, the same merge is the driver's again.
  assert.equal(akms(["init", "--git", "--repo", repo]).code, 0);
  assert.equal((akms(["status", "--repo", repo, "--json"]).json as { git: { driver_runs: boolean } }).git.driver_runs, true);
});

test("a driver whose path holds `%A` (git's own placeholder) runs: the line escapes it, and status reads it back", () => {
  const repo = tmp("akms-percent-");
  gitRepo(repo);
  const bin = join(tmp("akms-percent-bin-"), "it's 100%A", "akms");
  write(bin, `#!/bin/sh\nexec '${process.execPath}' '${join(ROOT, "bin", "akms.mjs")}' "$@"\n`);
  chmodSync(bin, 0o755);
  assert.equal(akms(["init", "--git", "--command", bin, "--repo", repo]).code, 0);
  const overlay = overlaysApart(repo);
  const m = git(repo, ["merge", "other"]);
  assert.equal(m.code, 0, m.out);
  assert.doesNotMatch(m.out, /cannot run/);
  assert.doesNotMatch(readFileSync(overlay, "utf8"), /^<{7}/m, "the driver merged it: no conflict markers");
  const st = akms(["status", "--repo", repo, "--json"]);
  assert.equal((st.json as { git: { driver_runs: boolean } }).git.driver_runs, true, JSON.stringify(st.json.git));
});

test("the review journal (committed) holds no path of this machine", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault };
  assert.equal(akms(["draft", "nyquist-frequency-handling", "--repo", d.repo], { env }).code, 0);
  assert.equal(akms(["undo", "--repo", d.repo], { env }).code, 0);
  const journal = readFileSync(join(d.knowledge, "graph", "review_log.jsonl"), "utf8");
  assert.ok(journal.length > 0);
  for (const p of [d.vault, d.repo, d.dir]) assert.ok(!journal.includes(p), `the journal holds ${p}`);
});

test("status names every session document the overlay does not hold, committed or not, with the update that applies it", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault };
  // Not in git yet (a record_memory's document is not committed either): it waits for the update all the same.
  assert.match(akms(["status"], { cwd: d.repo, env }).stderr, /1 session document is not applied in the overlay .*`akms update knowledge\/sessions\/task-103\.md`/);
  assert.deepEqual(akms(["status", "--json"], { cwd: d.repo, env }).json.waiting_sessions, [{ file: "knowledge/sessions/task-103.md", session: "session-task-103" }], "--json says it too");
  ok(d.repo, ["init", "-q"]);
  ok(d.repo, ["add", "-A"]);
  ok(d.repo, ["-c", "user.email=t@example.com", "-c", "user.name=T", "commit", "-qm", "x"]);
  const st = akms(["status", "--json"], { cwd: d.repo, env });
  const un = (st.json as { git: { unapplied_sessions: { file: string; state: string }[] } }).git.unapplied_sessions;
  assert.deepEqual(un, [{ file: "knowledge/sessions/task-103.md", session: "session-task-103", state: "not applied" }]);
  assert.match(akms(["status"], { cwd: d.repo, env }).stderr, /1 session document is not applied in the overlay .*`akms update knowledge\/sessions\/task-103\.md`/);
  assert.equal(akms(["update", "knowledge/sessions/task-103.md"], { cwd: d.repo, env }).code, 0);
  assert.deepEqual((akms(["status", "--json"], { cwd: d.repo, env }).json as { git: { unapplied_sessions: unknown[] } }).git.unapplied_sessions, []);
});

test("a read after git checkout answers from this branch's sources, never the other branch's graph.json", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault };
  const g = (...args: string[]) => ok(d.repo, args);
  g("init", "-q", "-b", "main");
  g("add", "-A");
  g("-c", "user.email=t@example.com", "-c", "user.name=T", "commit", "-qm", "main");
  g("checkout", "-q", "-b", "feature");
  write(join(d.knowledge, "local-nodes", "feature-only.md"), "---\nid: feature-only\ntitle: Feature only\ndomain: fft-galerkin\ntags: [nyquist]\nstatus: tentative\nconfidence: 0.5\nsource: human\nakms_schema: v2\n---\n\n# Feature only\n");
  g("add", "-A");
  g("-c", "user.email=t@example.com", "-c", "user.name=T", "commit", "-qm", "feature");
  const onFeature = akms(["show", "feature-only", "--json"], { cwd: d.repo, env });
  assert.equal(onFeature.code, 0, onFeature.stderr);
  g("checkout", "-q", "main");
  const onMain = akms(["show", "feature-only", "--json"], { cwd: d.repo, env });
  assert.equal(onMain.code, 1, "the node exists only on the feature branch");
  assert.equal(onMain.json.error.code, "NOT_FOUND");
  const q = akms(["query", "--tags", "nyquist", "--json"], { cwd: d.repo, env });
  assert.ok(!q.json.nodes.some((n: { id: string }) => n.id === "feature-only"));
});

test("an overlay with git's conflict markers (a clone without the driver) is named as an unfinished merge, with the recovery", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault };
  const f = join(d.knowledge, "graph", "local_state.yaml");
  const text = readFileSync(f, "utf8");
  writeFileSync(f, text.replace("akms_schema: v2\n", "akms_schema: v2\n<<<<<<< HEAD\nrepo_id: a\n=======\nrepo_id: b\n>>>>>>> side\n"));
  const b = akms(["build", "--json"], { cwd: d.repo, env });
  assert.equal(b.code, 1);
  const all = JSON.stringify(b.json.error);
  assert.match(all, /MERGE_CONFLICT/);
  assert.match(all, /akms init --git.*git checkout -m -- knowledge\/graph\/local_state\.yaml/);
  assert.doesNotMatch(all, /invalid YAML/);
});
