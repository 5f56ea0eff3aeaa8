// `akms init --agent …` and the hooks, as a person and a host meet them: real files, the built CLI,
// the hook commands fed the JSON a host sends, and an MCP client started from the written .mcp.json.
import { test } from "node:test";
import { kb } from "../update-helpers.js";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { load } from "js-yaml";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { akms, builtDemo, pathWithAkms, snapshot, tmp, treeHash, write } from "../helpers.js";
import { INSTRUCTIONS } from "../../src/mcp/server.js";

const CLAUDE_MD = "# My project\n\nHouse rules: run `npm test` before every commit.\n";
const SETTINGS = '{\n  "permissions": { "allow": ["Bash(npm test)"] },\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "echo mine" }] }\n    ]\n  }\n}\n';

function personRepo(): string {
  const repo = tmp("akms-kit-");
  write(join(repo, "CLAUDE.md"), CLAUDE_MD);
  write(join(repo, ".claude", "settings.json"), SETTINGS);
  mkdirSync(join(repo, ".git"));
  return repo;
}

test("init --agent claude twice keeps a person's CLAUDE.md and settings.json and adds one block", () => {
  const repo = personRepo();
  const first = akms(["init", "--agent", "claude", "--repo", repo, "--json"]);
  assert.equal(first.code, 0, first.stderr);
  const md = readFileSync(join(repo, "CLAUDE.md"), "utf8");
  assert.ok(md.startsWith(CLAUDE_MD), "the person's text is byte-identical");
  assert.equal(md.split("<!-- akms:begin").length - 1, 1, "one block");
  const settings = JSON.parse(readFileSync(join(repo, ".claude", "settings.json"), "utf8"));
  assert.deepEqual(settings.permissions, { allow: ["Bash(npm test)"] });
  assert.deepEqual(settings.hooks.PreToolUse[0], { matcher: "Bash", hooks: [{ type: "command", command: "echo mine" }] }, "the person's hook stays first and whole");
  assert.match(settings.hooks.PreToolUse[1].hooks[0].command, / hook pre-tool-use$/);
  assert.match(settings.hooks.SessionStart[0].hooks[0].command, / hook session-start$/);
  assert.ok(readFileSync(join(repo, ".claude", "settings.json"), "utf8").startsWith('{\n  "permissions": { "allow": ["Bash(npm test)"] },\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "echo mine" }] }'), "the person's bytes are kept as written");
  const mcp = JSON.parse(readFileSync(join(repo, ".mcp.json"), "utf8"));
  assert.deepEqual(mcp.mcpServers.akms.args.slice(-1), ["mcp"]);
  const before = snapshot(repo);
  const second = akms(["init", "--agent", "claude", "--repo", repo, "--json"]);
  assert.equal(second.code, 0, second.stderr);
  assert.deepEqual(snapshot(repo), before, "running it twice changes nothing");
  assert.ok(second.json.kits[0].files.every((f: { action: string }) => f.action === "unchanged"));
});

test("a person's files with Windows line ends (CRLF) keep them: akms's block and entries are written with CRLF too", () => {
  const repo = tmp("akms-kit-crlf-");
  const crlf = (t: string) => t.replace(/\n/g, "\r\n");
  write(join(repo, "CLAUDE.md"), crlf(CLAUDE_MD));
  write(join(repo, ".claude", "settings.json"), crlf(SETTINGS));
  mkdirSync(join(repo, ".git"));
  const first = akms(["init", "--agent", "claude", "--repo", repo]);
  assert.equal(first.code, 0, first.stderr);
  for (const f of ["CLAUDE.md", join(".claude", "settings.json")]) {
    const text = readFileSync(join(repo, f), "utf8");
    assert.ok(text.startsWith(crlf(f === "CLAUDE.md" ? CLAUDE_MD : SETTINGS.slice(0, 60))), `${f}: the person's bytes`);
    assert.doesNotMatch(text, /(^|[^\r])\n/, `${f}: no bare LF`);
  }
  assert.match(readFileSync(join(repo, "CLAUDE.md"), "utf8"), /<!-- akms:begin/);
  // A file akms creates is written as akms writes it (LF).
  assert.match(readFileSync(join(repo, ".mcp.json"), "utf8"), /^\{\n/);
  const before = snapshot(repo);
  assert.equal(akms(["init", "--agent", "claude", "--repo", repo]).code, 0);
  assert.deepEqual(snapshot(repo), before, "running it twice changes nothing");
});

test("init --agent --dry-run prints what it would write and writes nothing", () => {
  const repo = personRepo();
  const before = snapshot(repo);
  const r = akms(["init", "--agent", "claude", "--agent", "cursor", "--dry-run", "--repo", repo]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /would create\s+\.mcp\.json/);
  assert.match(r.stdout, /would update\s+CLAUDE\.md/);
  assert.match(r.stdout, /\| <!-- akms:begin/);
  assert.deepEqual(snapshot(repo), before);
});

test("the skill's AgentMemory example is valid, and the Cursor rule's alwaysApply is a boolean", () => {
  const repo = personRepo();
  assert.equal(akms(["init", "--agent", "claude", "--agent", "cursor", "--agent", "codex", "--repo", repo]).code, 0);
  const skill = readFileSync(join(repo, ".claude", "skills", "akms", "SKILL.md"), "utf8");
  const fm = load(skill.split("---\n")[1]!) as Record<string, unknown>;
  assert.equal(fm.name, "akms");
  assert.ok(String(fm.description).length > 40);
  const example = /```markdown\n([\s\S]*?)\n```/.exec(skill)![1]!;
  const f = write(join(repo, "knowledge", "sessions", "TASK-101.md"), example + "\n");
  const v = akms(["validate", f, "--json"]);
  assert.equal(v.code, 0, v.stdout);
  assert.equal(v.json.files[0].kind, "agent-memory");
  const rule = readFileSync(join(repo, ".cursor", "rules", "akms.mdc"), "utf8");
  const rfm = load(rule.split("---\n")[1]!) as Record<string, unknown>;
  assert.equal(rfm.alwaysApply, true);
  assert.equal(typeof rfm.description, "string");
  assert.equal(typeof rfm.globs, "string");
  assert.ok(JSON.parse(readFileSync(join(repo, ".cursor", "mcp.json"), "utf8")).mcpServers.akms);
  assert.match(readFileSync(join(repo, "AGENTS.md"), "utf8"), /record_memory/);
});

test("a person's own file is never overwritten: a foreign SKILL.md is skipped, bad JSON refused", () => {
  const repo = personRepo();
  write(join(repo, ".claude", "skills", "akms", "SKILL.md"), "my own skill\n");
  const r = akms(["init", "--agent", "claude", "--repo", repo, "--json"]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(readFileSync(join(repo, ".claude", "skills", "akms", "SKILL.md"), "utf8"), "my own skill\n");
  assert.equal(r.json.kits[0].files.find((f: { path: string }) => f.path.endsWith("SKILL.md")).action, "skipped");
  const bad = personRepo();
  write(join(bad, ".claude", "settings.json"), "{ not json");
  const before = snapshot(bad);
  const b = akms(["init", "--agent", "claude", "--repo", bad, "--json"]);
  assert.equal(b.code, 1);
  assert.equal(b.json.error.code, "KIT_JSON");
  assert.equal(b.json.error.file, ".claude/settings.json");
  assert.deepEqual(snapshot(bad), before, "nothing written");
});

test("codex: a project config gets a marked [mcp_servers.akms] block", () => {
  const repo = personRepo();
  write(join(repo, ".codex", "config.toml"), 'model = "o4"\n');
  assert.equal(akms(["init", "--agent", "codex", "--repo", repo]).code, 0);
  const toml = readFileSync(join(repo, ".codex", "config.toml"), "utf8");
  assert.ok(toml.startsWith('model = "o4"\n'));
  assert.match(toml, /\[mcp_servers\.akms\]\ncommand = ".+"\nargs = \[.*"mcp"\]/);
});

test("the pre-tool-use hook denies a write into the vault and allows one in the repository", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault };
  const vaultBefore = treeHash(d.vault);
  const hook = (input: unknown) => akms(["hook", "pre-tool-use"], { cwd: d.repo, env, input: JSON.stringify(input) });
  const base = { session_id: "s1", transcript_path: "/tmp/t.jsonl", cwd: d.repo, permission_mode: "default", hook_event_name: "PreToolUse" };
  for (const [tool, input] of [
    ["Write", { file_path: join(d.vault, "new-node.md"), content: "x" }],
    ["Edit", { file_path: join(d.vault, "fft-frequency-conventions.md"), old_string: "a", new_string: "b" }],
    ["MultiEdit", { file_path: join(d.vault, "sub", "deeper", "x.md"), edits: [] }],
  ] as const) {
    const r = hook({ ...base, tool_name: tool, tool_input: input });
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.hookSpecificOutput.hookEventName, "PreToolUse");
    assert.equal(out.hookSpecificOutput.permissionDecision, "deny", tool);
    assert.match(out.hookSpecificOutput.permissionDecisionReason, /global AKMS vault/);
  }
  for (const input of [
    { ...base, tool_name: "Write", tool_input: { file_path: join(d.repo, "src", "x.py"), content: "x" } },
    { ...base, tool_name: "Write", tool_input: { file_path: "knowledge/sessions/task-9.md", content: "x" } },
    { ...base, tool_name: "Bash", tool_input: { command: "ls" } },
  ]) {
    const r = hook(input);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), {}, "no decision: the host's own rules apply");
  }
  const bad = akms(["hook", "pre-tool-use"], { cwd: d.repo, env, input: "not json" });
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /HOOK_INPUT/);
  assert.equal(treeHash(d.vault), vaultBefore);
});

test("the session-start hook gives the current task's loadout as additionalContext", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault };
  const input = JSON.stringify({ session_id: "s1", transcript_path: "/tmp/t.jsonl", cwd: d.repo, hook_event_name: "SessionStart", source: "startup" });
  // No way to tell the task: it says so and lists the open tasks — never the newest loadout of all.
  assert.equal(akms(["loadout", "--task", "knowledge/tasks/task-202.json", "--no-qmd"], { cwd: d.repo, env }).code, 0);
  const none = JSON.parse(akms(["hook", "session-start"], { cwd: d.repo, env, input }).stdout);
  assert.match(none.hookSpecificOutput.additionalContext, /cannot tell which task is yours/);
  assert.match(none.hookSpecificOutput.additionalContext, /- task-201: Add a Nyquist-safe discrete Green operator option \(pending, phase 2\)/);
  assert.doesNotMatch(none.hookSpecificOutput.additionalContext, /phase2-task-202-loadout/);
  const noLoadout = JSON.parse(akms(["hook", "session-start"], { cwd: d.repo, env: { ...env, AKMS_TASK_ID: "task-201" }, input }).stdout);
  assert.match(noLoadout.hookSpecificOutput.additionalContext, /your task: task-201 \(AKMS_TASK_ID\)\. It has no loadout yet/);
  // A task with no record: its loadout comes by tags (the loadout tool refuses a task id without a record).
  const noRecord = JSON.parse(akms(["hook", "session-start"], { cwd: d.repo, env: { ...env, AKMS_TASK_ID: "task-777" }, input }).stdout).hookSpecificOutput.additionalContext;
  assert.match(noRecord, /your task: task-777 \(AKMS_TASK_ID\), with no task record: the loadout tool \(tags: the task's tags\) writes a loadout; give its path as your AgentMemory's loadout_used\./);
  assert.doesNotMatch(noRecord, /task: "task-777"/);
  assert.equal(akms(["loadout", "--task", "knowledge/tasks/task-201.json", "--no-qmd"], { cwd: d.repo, env }).code, 0);
  const r = akms(["hook", "session-start"], { cwd: d.repo, env: { ...env, AKMS_TASK_ID: "task-201" }, input });
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.hookSpecificOutput.hookEventName, "SessionStart");
  assert.match(out.hookSpecificOutput.additionalContext, /knowledge\/loadouts\/phase2-task-201-loadout\.md/);
  assert.match(out.hookSpecificOutput.additionalContext, /record_memory/);
  // A warning longer than the hook's 240 characters is cut where the reader sees it goes on.
  const file = join(d.repo, "knowledge", "loadouts", "phase2-task-201-loadout.md");
  const long = `- \`x\` (weight 0.8): ${"a long warning ".repeat(30).trim()}`;
  writeFileSync(file, readFileSync(file, "utf8").replace("## Known Pitfalls\n\n", `## Known Pitfalls\n\n${long}\n`));
  const cut = JSON.parse(akms(["hook", "session-start"], { cwd: d.repo, env: { ...env, AKMS_TASK_ID: "task-201" }, input }).stdout).hookSpecificOutput.additionalContext.split("\n").find((l: string) => l.startsWith("  - `x`"));
  assert.equal(cut, `  ${long.slice(0, 239)}…`);
});

test("the session-start hook in a repository with no task records: a loadout by tags, named in loadout_used", () => {
  const s = kb([{ id: "x", confidence: 0.8, domain: "fft" }]);
  const input = JSON.stringify({ session_id: "s1", transcript_path: "/tmp/t.jsonl", cwd: s.repo, hook_event_name: "SessionStart", source: "startup" });
  const r = akms(["hook", "session-start", "--repo", s.repo], { cwd: s.repo, env: { AKMS_GLOBAL_VAULT: s.vault }, input });
  assert.equal(r.code, 0, r.stderr);
  const context = JSON.parse(r.stdout).hookSpecificOutput.additionalContext as string;
  assert.match(context, /cannot tell which task is yours/);
  assert.match(context, /- get a loadout with the loadout tool \(tags: the task's tags\), and give its path as your AgentMemory's loadout_used\./);
  assert.doesNotMatch(context, /\(task: its id\)/, "no task id would do: there is no record to name");
});

test("an MCP client started from the .mcp.json that init wrote lists akms's tools and gets a loadout", async () => {
  const d = builtDemo();
  assert.equal(akms(["init", "--agent", "claude", "--repo", d.repo]).code, 0);
  const server = JSON.parse(readFileSync(join(d.repo, ".mcp.json"), "utf8")).mcpServers.akms;
  const client = new Client({ name: "host", version: "1" });
  await client.connect(new StdioClientTransport({ command: server.command, args: server.args, cwd: d.repo, env: { ...(process.env as Record<string, string>), PATH: pathWithAkms(), AKMS_GLOBAL_VAULT: d.vault }, stderr: "pipe" }));
  try {
    const { tools } = await client.listTools();
    assert.ok(tools.some((t) => t.name === "record_memory"));
    const r = (await client.callTool({ name: "loadout", arguments: { task: "task-201", no_qmd: true } })) as { isError?: boolean; structuredContent?: any };
    assert.ok(!r.isError);
    assert.ok(existsSync(join(d.repo, r.structuredContent.path)));
  } finally {
    await client.close();
  }
});

test("the Cursor kit's server, started as Cursor starts it (${workspaceFolder} filled in, another directory), serves the repository; left unfilled it serves the directory it starts in and says so", async () => {
  const d = builtDemo();
  assert.equal(akms(["init", "--agent", "cursor", "--repo", d.repo]).code, 0);
  const server = JSON.parse(readFileSync(join(d.repo, ".cursor", "mcp.json"), "utf8")).mcpServers.akms as { command: string; args: string[] };
  assert.deepEqual(server.args.slice(-3), ["mcp", "--repo", "${workspaceFolder}"]);
  const env = { ...(process.env as Record<string, string>), PATH: pathWithAkms(), AKMS_GLOBAL_VAULT: d.vault };
  const elsewhere = tmp("akms-cursor-cwd-");
  const runs: [string[], string][] = [
    [server.args.map((a) => a.replace("${workspaceFolder}", d.repo)), elsewhere],
    [server.args, d.repo],
  ];
  for (const [args, cwd] of runs) {
    const transport = new StdioClientTransport({ command: server.command, args, cwd, env, stderr: "pipe" });
    let log = "";
    transport.stderr?.on("data", (b: Buffer) => (log += b.toString()));
    const client = new Client({ name: "cursor", version: "1" });
    await client.connect(transport);
    try {
      const r = (await client.callTool({ name: "loadout", arguments: { task: "task-201", no_qmd: true } })) as { isError?: boolean; structuredContent?: any };
      assert.ok(!r.isError, JSON.stringify(r));
      assert.ok(existsSync(join(d.repo, r.structuredContent.path)), `the loadout is written in the repository (cwd ${cwd})`);
    } finally {
      await client.close();
    }
    assert.ok(log.includes(`serving ${d.repo}`), log);
    if (cwd === d.repo) assert.match(log, /did not fill in --repo \$\{workspaceFolder\}; serving the repository of the directory it started in/);
    else assert.doesNotMatch(log, /did not fill in/);
  }
});

test("the AgentMemory format reaches every host: AGENTS.md, the Cursor rule and the server's instructions carry the compact example, which validates", () => {
  const repo = tmp("akms-kit-format-");
  assert.equal(akms(["init", "--agent", "codex", "--agent", "cursor", "--repo", repo]).code, 0);
  for (const f of ["AGENTS.md", ".cursor/rules/akms.mdc"]) {
    const text = readFileSync(join(repo, f), "utf8");
    const block = /```markdown\n([\s\S]*?)```/.exec(text);
    assert.ok(block, `${f} carries the example`);
    const file = write(join(repo, "knowledge", "sessions", "TASK-101.md"), block![1]!);
    const v = akms(["validate", file, "--json"]);
    assert.equal(v.code, 0, `${f}'s example validates: ${v.stdout}`);
  }
  assert.match(INSTRUCTIONS(), /task_id: TASK-101[\s\S]*pitfalls_discovered:[\s\S]*new_knowledge:/);
});
