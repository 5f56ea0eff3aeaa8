// The package as a person installs it (`npm run test:package`, run by .ci/run): `npm pack` of this
// clone, the tarball installed globally into a scratch prefix and as a devDependency of a scratch
// project, every command run from outside the checkout; the kits' committed files checked for this
// machine's paths; the MCP server started from the written .mcp.json with the official SDK client;
// and a real two-clone `git merge` whose clones run akms from two different install prefixes.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, lstatSync, writeFileSync } from "node:fs";
import { delimiter, join, relative } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ROOT, tmp, writeNode } from "../helpers.js";
import { memory } from "../update-helpers.js";

const work = tmp("akms-package-");
let tarball = "";
const prefixA = join(work, "prefix-a");
const prefixB = join(work, "prefix-b");

/** PATH with only the system's tools and (optionally) one install prefix's bin: never this checkout. */
function pathWith(prefix?: string): string {
  const node = join(process.execPath, "..");
  return [...(prefix ? [join(prefix, "bin")] : []), node, "/usr/local/bin", "/usr/bin", "/bin"].join(delimiter);
}

/**
 * How this machine reaches the registry: its proxy and the certificates it trusts (a proxy that
 * re-signs TLS is trusted through NODE_EXTRA_CA_CERTS or npm's cafile). Kept in the scratch
 * environment, which drops everything else: without them a fetch that the npm cache cannot answer
 * (pnpm, on a machine whose cache is new) failed with SELF_SIGNED_CERT_IN_CHAIN.
 */
const NETWORK_ENV = ["NODE_EXTRA_CA_CERTS", "SSL_CERT_FILE", "SSL_CERT_DIR", "HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY", "https_proxy", "http_proxy", "no_proxy", "npm_config_registry", "npm_config_cafile", "npm_config_proxy", "npm_config_https_proxy", "npm_config_strict_ssl"];
const networkEnv = Object.fromEntries(NETWORK_ENV.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]]));

function sh(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}, input?: string): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, {
    cwd,
    encoding: "utf8",
    input,
    timeout: 600_000,
    env: { HOME: join(work, "home"), npm_config_cache: process.env.npm_config_cache ?? join(process.env.HOME ?? "/root", ".npm"), ...networkEnv, ...gitEnv, NO_COLOR: "1", ...env },
  });
}

const gitEnv = { GIT_AUTHOR_NAME: "T", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "T", GIT_COMMITTER_EMAIL: "t@example.com", AKMS_GLOBAL_VAULT: "" };

function must(r: SpawnSyncReturns<string>, what: string): string {
  assert.equal(r.status, 0, `${what}: exit ${r.status}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** Every file under `dir` but .git and node_modules, relative. */
function files(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      if (n === ".git" || n === "node_modules") continue;
      const p = join(d, n);
      if (lstatSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

function noMachinePaths(dir: string, extra: string[] = []): void {
  for (const f of files(dir)) {
    const text = readFileSync(join(dir, f), "utf8");
    for (const p of [ROOT, process.execPath, ...extra]) assert.ok(!text.includes(p), `${f} holds ${p}`);
  }
}

before(() => {
  mkdirSync(join(work, "home"), { recursive: true });
  const out = must(sh("npm", ["pack", "--pack-destination", work, "--json"], ROOT, { PATH: process.env.PATH }), "npm pack");
  const info = JSON.parse(out.slice(out.indexOf("["))) as { filename: string; files: { path: string }[] }[];
  tarball = join(work, info[0]!.filename);
  const paths = info[0]!.files.map((f) => f.path).sort();
  // What runs and nothing else.
  for (const p of paths) assert.match(p, /^(bin\/akms\.mjs|dist\/[^/]+\.(mjs|wasm)|README\.md|LICENSE|package\.json)$/, `packed: ${p}`);
  for (const need of ["bin/akms.mjs", "dist/akms.mjs", "dist/mirror-worker.mjs", "dist/tree-sitter-python.wasm", "LICENSE"]) assert.ok(paths.includes(need), `packs ${need}`);
  for (const prefix of [prefixA, prefixB]) {
    const r = sh("npm", ["install", "-g", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", tarball], work, { PATH: pathWith() });
    must(r, `npm i -g ${tarball}`);
    assert.doesNotMatch(r.stderr, /install-scripts|allowScripts/, "no install script to approve");
  }
});

test("installed globally: akms runs from any directory — version, init, build, query, review, the code mirror's parser", () => {
  const env = { PATH: pathWith(prefixA) };
  const repo = join(work, "solo");
  mkdirSync(repo, { recursive: true });
  must(sh("git", ["init", "-q"], repo), "git init");
  assert.match(must(sh("akms", ["--version"], work, env), "akms --version"), /^akms \d+\.\d+\.\d+/);
  must(sh("akms", ["init"], repo, env), "akms init");
  writeNode(join(repo, "knowledge", "local-nodes"), { id: "retry-backoff", title: "Retry with backoff", domain: "web", tags: ["retry", "http"], status: "established", confidence: 0.8 });
  must(sh("akms", ["build"], repo, env), "akms build");
  const q = JSON.parse(must(sh("akms", ["query", "--tags", "retry", "--json"], repo, env), "akms query"));
  assert.deepEqual(q.nodes.map((n: { id: string }) => n.id), ["retry-backoff"]);
  const report = must(sh("akms", ["review", "--report"], repo, env), "akms review --report");
  assert.match(report, /review/i);
  // The Python grammar ships in the package (no tree-sitter-python, no install script).
  writeFileSync(join(repo, "calc.py"), 'def add(a, b):\n    """Add two numbers."""\n    return a + b\n');
  must(sh("git", ["add", "-A"], repo), "git add");
  must(sh("git", ["commit", "-qm", "x"], repo), "git commit");
  const m = sh("akms", ["mirror", "--all", "--json"], repo, env);
  must(m, "akms mirror --all");
  assert.doesNotMatch(m.stdout + m.stderr, /PARSER_UNAVAILABLE/);
});

test("installed globally: the kits name `akms`, no committed file holds a machine path, and the MCP server starts from .mcp.json", async () => {
  const env = { PATH: pathWith(prefixA) };
  const repo = join(work, "kits");
  mkdirSync(repo, { recursive: true });
  must(sh("git", ["init", "-q"], repo), "git init");
  must(sh("akms", ["init", "--agent", "claude", "--agent", "codex", "--agent", "cursor"], repo, env), "init --agent");
  must(sh("akms", ["init", "--git"], repo, env), "init --git");
  noMachinePaths(repo, [prefixA]);
  const server = JSON.parse(readFileSync(join(repo, ".mcp.json"), "utf8")).mcpServers.akms;
  assert.deepEqual([server.command, ...server.args], ["akms", "mcp"]);
  assert.match(must(sh("git", ["config", "--get", "merge.akms.driver"], repo), "git config"), /akms --version/);
  const client = new Client({ name: "host", version: "1" });
  await client.connect(new StdioClientTransport({ command: server.command, args: server.args, cwd: repo, env: { ...env, HOME: join(work, "home") }, stderr: "pipe" }));
  try {
    const { tools } = await client.listTools();
    assert.ok(tools.some((t) => t.name === "record_memory"));
    const r = (await client.callTool({ name: "status", arguments: {} })) as { isError?: boolean; structuredContent?: { compiled?: { reason: string } } };
    assert.ok(!r.isError, JSON.stringify(r));
    assert.equal(r.structuredContent?.compiled?.reason, "missing", "the first read in a fresh repository compiles");
  } finally {
    await client.close();
  }
});

/** The project's .mcp.json names `npx --no-install akms mcp`, holds no machine path, and that command serves MCP to the SDK client. */
async function projectServes(proj: string, env: NodeJS.ProcessEnv): Promise<void> {
  const server = JSON.parse(readFileSync(join(proj, ".mcp.json"), "utf8")).mcpServers.akms;
  assert.deepEqual([server.command, ...server.args], ["npx", "--no-install", "akms", "mcp"]);
  noMachinePaths(proj, [proj]);
  const client = new Client({ name: "host", version: "1" });
  await client.connect(new StdioClientTransport({ command: server.command, args: server.args, cwd: proj, env: { ...env, HOME: join(work, "home") }, stderr: "pipe" }));
  try {
    assert.ok((await client.listTools()).tools.some((t) => t.name === "loadout"));
  } finally {
    await client.close();
  }
}

test("as a devDependency: `npx akms` works in the project, the kits write `npx --no-install akms`, and that command serves MCP", async () => {
  const env = { PATH: pathWith() };
  const proj = join(work, "proj");
  mkdirSync(proj, { recursive: true });
  writeFileSync(join(proj, "package.json"), JSON.stringify({ name: "proj", version: "1.0.0", private: true }, null, 2));
  must(sh("git", ["init", "-q"], proj), "git init");
  must(sh("npm", ["install", "-D", "--prefer-offline", "--no-audit", "--no-fund", tarball], proj, env), "npm i -D");
  assert.match(must(sh("npx", ["akms", "--version"], proj, env), "npx akms --version"), /^akms /);
  const r = sh("npx", ["akms", "init", "--agent", "claude", "--json"], proj, env);
  must(r, "npx akms init --agent claude");
  assert.equal(JSON.parse(r.stdout).command.form, "project");
  await projectServes(proj, env);
});

test("as a pnpm devDependency (its node_modules/.pnpm layout): the kits write `npx --no-install akms`, and that command serves MCP", async () => {
  const env = { PATH: pathWith() };
  // The real pnpm, from the registry (pinned), into a prefix of its own.
  const pnpmPrefix = join(work, "pnpm");
  must(sh("npm", ["install", "-g", "--prefix", pnpmPrefix, "--prefer-offline", "--no-audit", "--no-fund", "pnpm@9.15.9"], work, env), "npm i -g pnpm");
  const proj = join(work, "pnpm proj");
  mkdirSync(proj, { recursive: true });
  writeFileSync(join(proj, "package.json"), JSON.stringify({ name: "pnpm-proj", version: "1.0.0", private: true }, null, 2));
  must(sh("git", ["init", "-q"], proj), "git init");
  must(sh(join(pnpmPrefix, "bin", "pnpm"), ["add", "-D", "--config.store-dir=" + join(work, "pnpm-store"), tarball], proj, env), "pnpm add -D");
  const r = sh("npx", ["--no-install", "akms", "init", "--agent", "claude", "--json"], proj, env);
  must(r, "npx --no-install akms init --agent claude");
  assert.equal(JSON.parse(r.stdout).command.form, "project", r.stdout);
  await projectServes(proj, env);
});

test("two clones whose akms lives at different paths merge each other's evidence through the registered driver", () => {
  const origin = join(work, "origin.git");
  must(sh("git", ["init", "-q", "--bare", "-b", "main", origin], work), "git init --bare");
  const vault = join(work, "vault");
  writeNode(vault, { id: "g-api", domain: "web", tags: ["api"], confidence: 0.7 });
  writeNode(vault, { id: "g-db", domain: "web", tags: ["db"], confidence: 0.6 });
  const a = join(work, "a");
  const b = join(work, "b");
  const envA = { PATH: pathWith(prefixA), AKMS_GLOBAL_VAULT: vault };
  const envB = { PATH: pathWith(prefixB), AKMS_GLOBAL_VAULT: vault };
  must(sh("git", ["clone", "-q", origin, a], work), "clone a");
  must(sh("akms", ["init"], a, envA), "init");
  must(sh("akms", ["init", "--git"], a, envA), "init --git a");
  must(sh("akms", ["build"], a, envA), "build");
  must(sh("git", ["add", "-A"], a), "add");
  must(sh("git", ["commit", "-qm", "base"], a), "commit");
  must(sh("git", ["push", "-q", "origin", "HEAD:main"], a), "push");
  must(sh("git", ["clone", "-q", origin, b], work), "clone b");
  must(sh("akms", ["init", "--git"], b, envB), "init --git b");
  const doc = (task: string, id: string, date: string) => memory({ task, date, used: [{ id, useful: true, coverage: "sufficient" }] });
  const rec = (dir: string, env: NodeJS.ProcessEnv, task: string, id: string, date: string) => {
    const f = join(work, `${task}.md`);
    writeFileSync(f, doc(task, id, date));
    must(sh("akms", ["update", f], dir, env), `update ${task}`);
    must(sh("git", ["add", "-A"], dir), "add");
    must(sh("git", ["commit", "-qm", task], dir), "commit");
  };
  rec(a, envA, "A-1", "g-api", "2026-03-02");
  must(sh("git", ["push", "-q", "origin", "HEAD:main"], a), "push a");
  rec(b, envB, "B-1", "g-db", "2026-03-03");
  const pull = sh("git", ["pull", "-q", "--no-rebase", "origin", "main"], b, envB);
  must(pull, "git pull in b (the driver merges the overlay)");
  const ov = readFileSync(join(b, "knowledge", "graph", "local_state.yaml"), "utf8");
  assert.doesNotMatch(ov, /^<<<<<<< /m);
  assert.match(ov, /session-a-1/i);
  assert.match(ov, /session-b-1/i);
  const st = JSON.parse(must(sh("akms", ["status", "--json"], b, envB), "status"));
  assert.equal(st.git.driver_runs, true);
  assert.equal(st.git.warning, null);
  assert.ok(existsSync(join(b, "knowledge", ".gitattributes")));
});
