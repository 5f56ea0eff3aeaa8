// The review gate against an agent's own tools: file tools and Bash's common write forms into the
// vault, knowledge/graph/ and a local node's status line are denied; ordinary work is allowed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bashTargets, guardToolCall, type GuardRoots } from "../../core/agent/guard.js";
import { shellWord } from "../../core/shell-word.js";
import { akms, tmp } from "../helpers.js";

function roots(): GuardRoots & { dir: string } {
  const dir = tmp("akms-guard-");
  const repo = join(dir, "repo");
  const vault = join(dir, "vault");
  mkdirSync(join(repo, "knowledge", "graph"), { recursive: true });
  mkdirSync(join(repo, "knowledge", "local-nodes"), { recursive: true });
  mkdirSync(join(repo, "src", "deep"), { recursive: true });
  mkdirSync(vault, { recursive: true });
  writeFileSync(join(vault, "n.md"), "---\nid: n\n---\n");
  writeFileSync(join(repo, "knowledge", "local-nodes", "x.md"), "---\nid: x\nstatus: tentative\nsource: agent\n---\nbody\n");
  return { dir, repo, vault, graphDir: join(repo, "knowledge", "graph"), localNodes: join(repo, "knowledge", "local-nodes") };
}

test("bashTargets: redirections, tee, sed -i, cp/mv/rm targets; not reads", () => {
  assert.deepEqual(bashTargets("echo x > /v/n.md"), ["/v/n.md"]);
  assert.deepEqual(bashTargets("echo x>>/v/n.md && cat a"), ["/v/n.md"]);
  assert.deepEqual(bashTargets('printf "a" | tee -a "/v/my file.md"'), ["/v/my file.md"]);
  assert.deepEqual(bashTargets("sed -i 's/a/b/' k/x.md"), ["k/x.md"]);
  assert.deepEqual(bashTargets("cp a.md b.md /v/"), ["/v/"]);
  assert.deepEqual(bashTargets("mv /v/n.md /tmp/n.md"), ["/v/n.md", "/tmp/n.md"]);
  assert.deepEqual(bashTargets("rm -rf /v; ls"), ["/v"]);
  assert.deepEqual(bashTargets("cat /v/n.md | grep x 2>/dev/null"), []);
  assert.deepEqual(bashTargets("git status"), []);
});

test("file tools and Bash into the vault or knowledge/graph/ are denied, by any path form; work elsewhere is allowed", () => {
  const r = roots();
  const deny = (call: object) => assert.equal(guardToolCall(r, { cwd: r.repo, ...call }).deny, true, JSON.stringify(call));
  const allow = (call: object) => assert.equal(guardToolCall(r, { cwd: r.repo, ...call }).deny, false, JSON.stringify(call));
  deny({ tool_name: "Write", tool_input: { file_path: join(r.vault, "new.md"), content: "x" } });
  deny({ tool_name: "Edit", tool_input: { file_path: join(r.vault, "n.md"), old_string: "a", new_string: "b" } });
  deny({ tool_name: "Write", tool_input: { file_path: "knowledge/graph/local_state.yaml", content: "x" } });
  deny({ tool_name: "Bash", tool_input: { command: `echo x > ${shellWord(join(r.vault, "n.md"))}` } });
  deny({ tool_name: "Bash", tool_input: { command: "tee knowledge/graph/propagation_config.yaml < /dev/null" } });
  deny({ tool_name: "Bash", tool_input: { command: "sed -i 's/status: tentative/status: established/' knowledge/local-nodes/x.md" } });
  // A dangling link in the repository that points into the vault.
  symlinkSync(join(r.vault, "later.md"), join(r.repo, "src", "later.md"));
  deny({ tool_name: "Write", tool_input: { file_path: "src/later.md", content: "x" } });
  // The session's cwd a subdirectory: relative paths resolve from it.
  deny({ tool_name: "Write", tool_input: { file_path: "../../knowledge/graph/x.json", content: "{}" }, cwd: join(r.repo, "src", "deep") });
  // A path that starts with the home or project directory's variable, as agents write them.
  const env = { HOME: r.dir, CLAUDE_PROJECT_DIR: r.repo };
  assert.equal(guardToolCall(r, { cwd: r.repo, tool_name: "Bash", tool_input: { command: 'cp a.md "$HOME/vault/"' } }, env).deny, true);
  assert.equal(guardToolCall(r, { cwd: r.repo, tool_name: "Bash", tool_input: { command: "echo x > ${CLAUDE_PROJECT_DIR}/knowledge/graph/graph.json" } }, env).deny, true);
  assert.equal(guardToolCall(r, { cwd: r.repo, tool_name: "Bash", tool_input: { command: 'cp a.md "$HOME/elsewhere/"' } }, env).deny, false);
  assert.equal(guardToolCall(r, { cwd: r.repo, tool_name: "Bash", tool_input: { command: 'cp a.md "$UNSET/vault/"' } }, env).deny, false, "an unset variable is not guessed");
  allow({ tool_name: "Write", tool_input: { file_path: "src/app.ts", content: "x" } });
  allow({ tool_name: "Bash", tool_input: { command: `cat ${shellWord(join(r.vault, "n.md"))} > /tmp/copy.md` } });
  allow({ tool_name: "Read", tool_input: { file_path: join(r.vault, "n.md") } });
});

test("a local node's status is a person's decision: an Edit or Write that changes it is denied, other edits allowed", () => {
  const r = roots();
  const f = join(r.localNodes, "x.md");
  const call = (tool_name: string, tool_input: Record<string, unknown>) => guardToolCall(r, { cwd: r.repo, tool_name, tool_input });
  assert.equal(call("Edit", { file_path: f, old_string: "status: tentative", new_string: "status: established" }).deny, true);
  assert.equal(call("MultiEdit", { file_path: f, edits: [{ old_string: "body", new_string: "b" }, { old_string: "status: tentative", new_string: "status: established" }] }).deny, true);
  assert.equal(call("Write", { file_path: f, content: "---\nid: x\nstatus: established\nsource: agent\n---\nbody\n" }).deny, true);
  assert.equal(call("Edit", { file_path: f, old_string: "body", new_string: "better body" }).deny, false);
  assert.equal(call("Write", { file_path: f, content: "---\nid: x\nstatus: tentative\nsource: agent\n---\nnew body\n" }).deny, false);
  assert.equal(call("Write", { file_path: join(r.localNodes, "new.md"), content: "---\nid: new\nstatus: tentative\n---\n" }).deny, false, "a new tentative draft is fine");
  assert.equal(call("Write", { file_path: join(r.localNodes, "new2.md"), content: "---\nid: new2\nstatus: established\n---\n" }).deny, true, "a new established node is not");
});

test("the hook command denies in Claude Code's protocol, naming why", () => {
  const r = roots();
  writeFileSync(join(r.repo, "knowledge", "graph", "propagation_config.yaml"), `akms_schema: v2\nglobal_vault: ../vault\n`);
  const out = akms(["hook", "pre-tool-use"], { cwd: join(r.repo, "src"), env: { CLAUDE_PROJECT_DIR: r.repo, AKMS_GLOBAL_VAULT: "" }, input: JSON.stringify({ hook_event_name: "PreToolUse", cwd: join(r.repo, "src"), tool_name: "Bash", tool_input: { command: `echo x > ${shellWord(join(r.vault, "n.md"))}` } }) });
  assert.equal(out.code, 0, out.stderr);
  const j = JSON.parse(out.stdout);
  assert.equal(j.hookSpecificOutput.permissionDecision, "deny");
  assert.match(j.hookSpecificOutput.permissionDecisionReason, /global AKMS vault/);
});
