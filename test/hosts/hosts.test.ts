// What the model receives through the real hosts (`npm run test:hosts`, run by .ci/run): pinned
// Claude Code and Codex CLIs installed into a scratch prefix (never by `npm ci`), pointed at the
// scripted model endpoint of model-server.ts on loopback, run on a fresh clone of a repository
// whose kit was committed. The assertions read what the host sent to the model: the session-start
// context, the instructions block, the tool list, every tool result (the loadout's Markdown and
// Known Pitfalls, every selected node id), no truncation by the host, and the guard's denials; and
// Claude Code started by `akms orchestrate` as a task's agent, told its task by the hook.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { akms, BIN, BIN_DIR, DEMO, ROOT, tmp, treeHash } from "../helpers.js";
import { memoryText } from "../mcp/memory-text.js";
import { startModelServer, type Logged, type Step } from "./model-server.js";
import { shellWord } from "../../core/shell-word.js";

const CLAUDE = "@anthropic-ai/claude-code@2.1.332";
const CODEX = "@openai/codex@0.171.0";
const PREFIX = process.env.AKMS_HOSTS_PREFIX ?? join(ROOT, ".hosts");
const bin = (name: string) => join(PREFIX, "node_modules", ".bin", name);
const TOOLS = ["changes_since", "current_task", "derive_tags", "loadout", "pitfalls", "query", "record_memory", "search", "show_node", "status", "validate"];
const BUDGET = 8000;
const TRUNCATION = /Output too large|exceeds maximum allowed|(tokens|chars|characters|lines|bytes) truncated/i; // the hosts' own markers

const work = tmp("akms-hosts-");
/** Claude Code's temporary folder (its session scratch, its sockets) inside this run's, which the run removes: /tmp/claude-UID gained a folder per run. */
function claudeTmp(): string {
  const d = join(work, "claude-tmp");
  mkdirSync(d, { recursive: true, mode: 0o700 });
  return d;
}
const PATH = [BIN_DIR, join(process.execPath, ".."), "/usr/local/bin", "/usr/bin", "/bin"].join(delimiter);

function installHosts(): void {
  const have = (pkg: string, name: string) => {
    try {
      const v = JSON.parse(readFileSync(join(PREFIX, "node_modules", ...name.split("/"), "package.json"), "utf8")).version;
      return pkg.endsWith(`@${v}`);
    } catch {
      return false;
    }
  };
  if (have(CLAUDE, "@anthropic-ai/claude-code") && have(CODEX, "@openai/codex") && existsSync(bin("claude")) && existsSync(bin("codex"))) return;
  mkdirSync(PREFIX, { recursive: true });
  const r = spawnSync("npm", ["install", "--prefix", PREFIX, "--no-audit", "--no-fund", "--no-save", CLAUDE, CODEX], { encoding: "utf8", timeout: 900_000 });
  assert.equal(r.status, 0, `installing the host CLIs: ${r.stderr}`);
}

/** A repository with the kit committed (origin) and a fresh clone of it beside a copy of the vault. */
function freshClone(name: string): { repo: string; vault: string } {
  const origin = join(work, `${name}-origin`);
  cpSync(DEMO, origin, { recursive: true });
  const repo = join(origin, "repo");
  const git = (cwd: string, ...args: string[]) => {
    const r = spawnSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "T", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "T", GIT_COMMITTER_EMAIL: "t@example.com" } });
    assert.equal(r.status, 0, `git ${args.join(" ")}: ${r.stderr}`);
  };
  git(repo, "init", "-q", "-b", "main");
  const kit = akms(["init", "--agent", "claude", "--agent", "codex", "--repo", repo]);
  assert.equal(kit.code, 0, kit.stderr);
  git(repo, "add", "-A");
  git(repo, "commit", "-qm", "the project, with akms's kit");
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  git(dir, "clone", "-q", repo, join(dir, "repo"));
  cpSync(join(origin, "vault"), join(dir, "vault"), { recursive: true });
  assert.ok(!existsSync(join(dir, "repo", "knowledge", "graph", "graph.json")), "a fresh clone has no graph.json (derived, ignored)");
  return { repo: join(dir, "repo"), vault: join(dir, "vault") };
}

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const p = spawn(cmd, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    p.stdout.on("data", (d) => (stdout += d));
    p.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => p.kill("SIGKILL"), 240_000);
    p.on("close", (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

/** The tool results the model received in the last conversation request, by call id. */
function resultsOf(log: Logged[]): Map<string, string> {
  const convo = log.filter((l) => JSON.stringify(l.body).includes("mcp__akms")).at(-1)!.body;
  const out = new Map<string, string>();
  const text = (c: unknown): string => (typeof c === "string" ? c : Array.isArray(c) ? c.map((x: any) => x?.text ?? "").join("") : "");
  for (const m of convo.messages ?? []) for (const b of Array.isArray(m.content) ? m.content : []) if (b.type === "tool_result") out.set(b.tool_use_id, text(b.content));
  for (const it of convo.input ?? []) if (it.type === "function_call_output") out.set(it.call_id, text(it.output));
  return out;
}

/** The JSON document inside a tool result (Codex prefixes "Wall time … Output:"). */
function docOf(result: string): any {
  const at = result.indexOf("{");
  return JSON.parse(result.slice(at));
}

/** Every page of plan step `n` (call-n-0, call-n-1, …), as documents. */
function pagesOf(results: Map<string, string>, n: number): any[] {
  return [...results.entries()].filter(([id]) => id.startsWith(`call-${n}-`)).sort(([a], [b]) => Number(a.split("-")[2]) - Number(b.split("-")[2])).map(([, r]) => docOf(r));
}

before(() => installHosts());

test("Claude Code on a fresh clone: session-start context, CLAUDE.md, the tools, the whole loadout and every selected node within the budget, the guard's denials", async () => {
  const { repo, vault } = freshClone("claude");
  // What the person approves on first start (the project's server, akms's tools, file tools).
  writeFileSync(join(repo, ".claude", "settings.local.json"), JSON.stringify({ enabledMcpjsonServers: ["akms"], permissions: { allow: ["mcp__akms", "Write", "Edit", "Bash"] } }, null, 2));
  const local = "knowledge/local-nodes/green-cache-key-includes-ref-medium.md";
  const localBefore = readFileSync(join(repo, local), "utf8");
  const vaultBefore = treeHash(vault);
  const plan: Step[] = [
    { tool: "ToolSearch", input: { query: `select:${TOOLS.map((t) => `mcp__akms__${t}`).join(",")}` } },
    { tool: "mcp__akms__loadout", input: { task: "task-201" }, pages: true },
    { tool: "mcp__akms__query", input: { task: "task-201" }, pages: true },
    { tool: "mcp__akms__search", input: { query: "Nyquist banana" } },
    { tool: "mcp__akms__show_node", input: { id: "nyquist-frequency-handling" } },
    { tool: "mcp__akms__pitfalls", input: { nodes: ["memoization-mutable-arrays"] } },
    { tool: "Write", input: { file_path: join(vault, "my-new-node.md"), content: "---\nid: my-new-node\n---\n" } },
    { tool: "Edit", input: { file_path: join(repo, local), old_string: "status: tentative", new_string: "status: established" } },
    { tool: "Bash", input: { command: `echo x > ${shellWord(join(vault, "lippmann-schwinger.md"))}`, description: "write into the vault" } },
    { tool: "mcp__akms__record_memory", input: { memory: memoryText("task-201") } },
    { tool: "mcp__akms__status", input: {} },
    // A result that grows with its input: a node with 60 bad edges, its errors in pages.
    { tool: "mcp__akms__validate", input: { text: manyBadEdges(), as_path: "knowledge/local-nodes/many-bad-edges.md" }, pages: true },
    // A node three times the budget (25 KB as the CLI's JSON): its lines in pages.
    { tool: "mcp__akms__show_node", input: { id: "lippmann-schwinger" }, pages: true },
  ];
  const model = await startModelServer(plan);
  try {
    const env = { PATH, HOME: join(work, "home-claude"), ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: "sk-test", CLAUDE_CODE_TMPDIR: claudeTmp(), CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1", DISABLE_TELEMETRY: "1", DISABLE_AUTOUPDATER: "1", DISABLE_ERROR_REPORTING: "1" };
    mkdirSync(env.HOME, { recursive: true });
    const r = await run(bin("claude"), ["-p", "Do task task-201, using akms's knowledge", "--output-format", "json"], repo, env);
    assert.equal(r.code, 0, `claude: ${r.stdout}\n${r.stderr}`);
    const convo = model.log.filter((l) => JSON.stringify(l.body).includes("mcp__akms"));
    assert.ok(convo.length >= plan.length, `the host made the conversation's requests (${convo.length})`);
    const first = JSON.stringify(convo[0]!.body);
    assert.match(first, /akms \(persistent knowledge for this repository\)/, "the SessionStart hook's context reached the model");
    assert.match(first, /## akms: this repository's knowledge/, "the CLAUDE.md block reached the model");
    for (const t of TOOLS) assert.ok(first.includes(`mcp__akms__${t}`), `the model is told of ${t}`);
    assert.ok(existsSync(join(repo, "knowledge", "graph", "graph.json")), "the first read compiled graph.json");

    const results = resultsOf(model.log);
    for (const [id, text] of results) {
      assert.doesNotMatch(text, TRUNCATION, `${id}: no host truncation`);
      if (id !== "call-0-0" && !/^call-(6|7|8)-/.test(id)) assert.ok(Buffer.byteLength(text) <= BUDGET + 64, `${id}: ${Buffer.byteLength(text)} bytes, within the budget`);
    }
    const loadout = pagesOf(results, 1);
    const markdown = loadout.map((p) => p.markdown).join("\n");
    assert.match(markdown, /## Known Pitfalls\n\n- /, "the loadout's Known Pitfalls reached the model");
    const q = akms(["query", "--task", "knowledge/tasks/task-201.json", "--json"], { cwd: repo, env: { AKMS_GLOBAL_VAULT: "" } });
    const selected: string[] = q.json.nodes.map((n: { id: string }) => n.id);
    assert.ok(selected.length >= 5);
    for (const id of selected) assert.ok(markdown.includes(`\`${id}\``), `${id} is in the loadout the model read`);
    const query = pagesOf(results, 2);
    assert.deepEqual(query.flatMap((p) => p.items).filter((i: any) => i.kind === "node").map((i: any) => i.id), selected, "every node the query selects, in rank order");
    assert.ok(docOf(results.get("call-3-0")!).hits.length > 0, "a query with an unknown word still finds");
    assert.match(results.get("call-6-0")!, /global AKMS vault/, "the Write into the vault was denied, with why");
    assert.match(results.get("call-7-0")!, /status is a person's decision/, "the self-promotion was denied");
    assert.match(results.get("call-8-0")!, /global AKMS vault/, "the Bash write into the vault was denied");
    assert.equal(docOf(results.get("call-9-0")!).ok, true, "record_memory succeeded first time");
    assert.ok(existsSync(join(repo, "knowledge", "sessions", "task-201.md")));
    assert.equal(treeHash(vault), vaultBefore, "the vault is unchanged");
    assert.equal(readFileSync(join(repo, local), "utf8"), localBefore, "the node's status is unchanged");
    const validated = pagesOf(results, 11);
    assert.ok(validated.length > 1, "validate's long report reached the model in pages");
    assert.deepEqual(validated.flatMap((p) => p.files[0].errors.map((e: { field: string }) => e.field)), Array.from({ length: 60 }, (_, i) => `edges[${i}].type`), "every error once, whole, through the host");
    const shown = pagesOf(results, 12);
    assert.ok(shown.length > 1, "the long node reached the model in pages");
    const cli = akms(["show", "lippmann-schwinger"], { cwd: repo, env: { AKMS_GLOBAL_VAULT: "" } });
    assert.equal(shown.map((p) => p.text).join("\n"), cli.stdout.replace(/\n$/, ""), "every line of the node, whole, in order, through the host");
  } finally {
    await model.close();
  }
});

/** A local node's text with 60 edges of an unknown type: 60 problems, far over the budget at once. */
function manyBadEdges(): string {
  const edges = Array.from({ length: 60 }, (_, i) => `  - to: node-${i}\n    type: not-a-type\n    weight: 0.5`).join("\n");
  return `---\nid: many-bad-edges\ntitle: "Many bad edges"\ndomain: demo\ntags: [x]\nstatus: tentative\nconfidence: 0.5\nsource: human\nedges:\n${edges}\nakms_schema: v2\n---\n\n# Many\n`;
}

test("Codex on a fresh clone: AGENTS.md, the akms tools, the whole loadout and every selected node within the budget, record_memory", async () => {
  const { repo, vault } = freshClone("codex");
  const vaultBefore = treeHash(vault);
  const plan: Step[] = [
    { tool: "loadout", input: { task: "task-201" }, pages: true },
    { tool: "query", input: { task: "task-201" }, pages: true },
    { tool: "search", input: { query: "Nyquist banana" } },
    { tool: "record_memory", input: { memory: memoryText("task-201") } },
  ];
  const model = await startModelServer(plan);
  try {
    const home = join(work, "codex-home");
    mkdirSync(home, { recursive: true });
    const env = { PATH, HOME: join(work, "home-codex"), CODEX_HOME: home, SCRIPTED_API_KEY: "x" };
    mkdirSync(env.HOME, { recursive: true });
    // The kit's own instruction for Codex: `codex mcp add akms -- akms mcp`.
    const add = await run(bin("codex"), ["mcp", "add", "akms", "--", "akms", "mcp"], repo, env);
    assert.equal(add.code, 0, add.stderr);
    const cfg = readFileSync(join(home, "config.toml"), "utf8");
    writeFileSync(join(home, "config.toml"), `model = "scripted"\nmodel_provider = "scripted"\n\n[model_providers.scripted]\nname = "scripted"\nbase_url = "${model.url}/v1"\nwire_api = "responses"\nenv_key = "SCRIPTED_API_KEY"\n\n${cfg}`);
    const r = await run(bin("codex"), ["exec", "--dangerously-bypass-approvals-and-sandbox", "Do task task-201, using akms's knowledge"], repo, env);
    assert.equal(r.code, 0, `codex: ${r.stdout}\n${r.stderr}`);
    const convo = model.log.filter((l) => JSON.stringify(l.body).includes("mcp__akms"));
    assert.ok(convo.length >= plan.length, `the host made the conversation's requests (${convo.length})`);
    const first = JSON.stringify(convo[0]!.body);
    assert.match(first, /## akms: this repository's knowledge/, "the AGENTS.md block reached the model");
    const ns = convo[0]!.body.tools.find((t: any) => t.name === "mcp__akms");
    assert.deepEqual(ns.tools.map((t: any) => t.name).sort(), TOOLS);
    const results = resultsOf(model.log);
    for (const [id, text] of results) assert.doesNotMatch(text, TRUNCATION, `${id}: no host truncation`);
    const loadout = pagesOf(results, 0);
    for (const p of loadout) assert.ok(Buffer.byteLength(JSON.stringify(p)) <= BUDGET);
    const markdown = loadout.map((p) => p.markdown).join("\n");
    assert.match(markdown, /## Known Pitfalls\n\n- /);
    const q = akms(["query", "--task", "knowledge/tasks/task-201.json", "--json"], { cwd: repo, env: { AKMS_GLOBAL_VAULT: "" } });
    const selected: string[] = q.json.nodes.map((n: { id: string }) => n.id);
    for (const id of selected) assert.ok(markdown.includes(`\`${id}\``), `${id} is in the loadout the model read`);
    assert.deepEqual(pagesOf(results, 1).flatMap((p) => p.items).filter((i: any) => i.kind === "node").map((i: any) => i.id), selected);
    assert.ok(docOf(results.get("call-2-0")!).hits.length > 0);
    assert.equal(docOf(results.get("call-3-0")!).ok, true);
    assert.equal(treeHash(vault), vaultBefore);
  } finally {
    await model.close();
  }
});

test("Claude Code as the orchestrator's agent: its SessionStart context names its task and loadout (AKMS_TASK_ID), and its record_memory is the phase's evidence", async () => {
  const { repo } = freshClone("orchestrated");
  const git = (...args: string[]) => {
    const r = spawnSync("git", args, { cwd: repo, encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "T", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "T", GIT_COMMITTER_EMAIL: "t@example.com" } });
    assert.equal(r.status, 0, `git ${args.join(" ")}: ${r.stderr}`);
  };
  // One pending task in phase 2 (the demo's others removed), on a branch that names no task.
  for (const id of ["task-202", "task-204", "task-205"]) git("rm", "-q", `knowledge/tasks/${id}.json`);
  // The person's own approvals, ignored by git as Claude Code's local settings are (a committed one is not trusted).
  writeFileSync(join(repo, ".claude", "settings.local.json"), JSON.stringify({ enabledMcpjsonServers: ["akms"], permissions: { allow: ["mcp__akms"] } }, null, 2));
  writeFileSync(join(repo, ".git", "info", "exclude"), ".claude/settings.local.json\n");
  writeFileSync(join(repo, "plan.md"), "# Phase 2\n\nThe Green operator's Nyquist handling.\n");
  const cfg = join(repo, "knowledge", "graph", "propagation_config.yaml");
  const agent = [bin("claude"), "-p", "Do your akms task, using akms's knowledge", "--output-format", "json"];
  writeFileSync(cfg, readFileSync(cfg, "utf8").replace(/^orchestrator:[\s\S]*?(?=^\S|(?![\s\S]))/m, `orchestrator:\n  plan_name: orch\n  base_branch: main\n  agent_command: ${JSON.stringify(agent)}\n  agent_timeout_seconds: 300\n\n`));
  git("add", "-A");
  git("commit", "-qm", "one task, the plan, the agent");
  const plan: Step[] = [
    { tool: "ToolSearch", input: { query: "select:mcp__akms__record_memory" } },
    { tool: "mcp__akms__record_memory", input: { memory: memoryText("task-201") } },
  ];
  const model = await startModelServer(plan);
  try {
    const env = { PATH, HOME: join(work, "home-orchestrated"), ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: "sk-test", CLAUDE_CODE_TMPDIR: claudeTmp(), CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1", DISABLE_TELEMETRY: "1", DISABLE_AUTOUPDATER: "1", DISABLE_ERROR_REPORTING: "1", AKMS_GLOBAL_VAULT: "" };
    mkdirSync(env.HOME, { recursive: true });
    const orchestrate = (...args: string[]) => run(process.execPath, [BIN, "orchestrate", ...args, "--json"], repo, env);
    let r = await orchestrate("init", "plan.md", "--no-qmd");
    assert.equal(r.code, 0, r.stdout + r.stderr);
    for (let i = 0; i < 3 && JSON.parse(r.stdout).state.current.stage !== "execute"; i++) {
      r = await orchestrate("approve");
      assert.equal(r.code, 0, r.stdout + r.stderr);
    }
    const state = JSON.parse(r.stdout).state;
    assert.deepEqual([state.current.stage, state.status, state.phase_runs["2"].tasks["task-201"].status], ["execute", "checkpoint", "done"], r.stdout);
    const convo = model.log.filter((l) => JSON.stringify(l.body).includes("mcp__akms"));
    assert.ok(convo.length >= plan.length, `the agent's conversation reached the model (${convo.length})`);
    assert.match(JSON.stringify(convo[0]!.body), /task task-201 \(phase 2, role implementer\): read the loadout knowledge\/loadouts\/phase2-task-201-loadout\.md/, "the hook named the agent's task and loadout");
    assert.equal(docOf(resultsOf(model.log).get("call-1-0")!).ok, true, "its record_memory succeeded");
  } finally {
    await model.close();
  }
});
