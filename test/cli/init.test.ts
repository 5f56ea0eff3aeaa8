import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { akms, snapshot, tmp, write } from "../helpers.js";
import { parseConfig, DEFAULT_CONFIG } from "../../core/config.js";
import { CONFIG_TEMPLATE } from "../../core/init.js";

const DIRS = ["graph", "local-nodes", "sessions", "loadouts", "code-mirror", "tasks", "reviews"];

function emptyRepo(): string {
  const repo = join(tmp(), "repo");
  mkdirSync(repo);
  return repo;
}

test("init scaffolds knowledge/ with every directory, the commented config and .gitignore", () => {
  const repo = emptyRepo();
  const r = akms(["init", "--repo", repo, "--json"]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  for (const d of DIRS) assert.ok(statSync(join(repo, "knowledge", d)).isDirectory(), d);
  const cfgPath = join(repo, "knowledge", "graph", "propagation_config.yaml");
  const text = readFileSync(cfgPath, "utf8");
  assert.equal(text, CONFIG_TEMPLATE);
  const parsed = parseConfig(text, cfgPath);
  assert.deepEqual(parsed.config, DEFAULT_CONFIG);
  assert.deepEqual(parsed.warnings, []);
  const ignore = readFileSync(join(repo, "knowledge", ".gitignore"), "utf8").split("\n");
  assert.ok(ignore.includes("graph/.cache/"));
  assert.ok(ignore.includes("graph/.qmd_cache/"));
  assert.deepEqual(r.json.created, [
    "knowledge/",
    ...DIRS.map((d) => `knowledge/${d}/`),
    "knowledge/graph/propagation_config.yaml",
    "knowledge/.gitignore",
  ]);
  assert.deepEqual(r.json.kept, []);
  assert.equal(existsSync(join(repo, "knowledge", "graph", ".akms.lock")), false, "the lock is released");
  // The config it wrote is what `akms validate` accepts.
  const v = akms(["validate", cfgPath]);
  assert.equal(v.code, 0, v.stdout);
});

test("a second init changes nothing and says the files were kept", () => {
  const repo = emptyRepo();
  assert.equal(akms(["init", "--repo", repo]).code, 0);
  const before = snapshot(join(repo, "knowledge"));
  const mtime = statSync(join(repo, "knowledge", "graph", "propagation_config.yaml")).mtimeMs;
  const r = akms(["init", "--repo", repo]);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /already initialised; nothing written/);
  assert.match(r.stdout, /kept\s+knowledge\/graph\/propagation_config\.yaml \(exists; not overwritten\)/);
  assert.deepEqual(snapshot(join(repo, "knowledge")), before);
  assert.equal(statSync(join(repo, "knowledge", "graph", "propagation_config.yaml")).mtimeMs, mtime);
});

test("init never overwrites an existing config or .gitignore, and notes what is wrong with them", () => {
  const repo = emptyRepo();
  const custom = "akms_schema: v2\nglobal_vault: ../vault\nloadout:\n  mode_selection:\n    default_mode: fast\n";
  write(join(repo, "knowledge", "graph", "propagation_config.yaml"), custom);
  write(join(repo, "knowledge", ".gitignore"), "*.tmp\n");
  const r = akms(["init", "--repo", repo, "--json"]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.equal(readFileSync(join(repo, "knowledge", "graph", "propagation_config.yaml"), "utf8"), custom);
  assert.equal(readFileSync(join(repo, "knowledge", ".gitignore"), "utf8"), "*.tmp\n");
  assert.deepEqual(r.json.kept, ["knowledge/graph/propagation_config.yaml", "knowledge/.gitignore"]);
  assert.ok(r.json.created.includes("knowledge/local-nodes/"));
  assert.match(r.json.notes.join("\n"), /existing knowledge\/graph\/propagation_config\.yaml is invalid .*routing or full.*akms validate/);
  assert.match(r.json.notes.join("\n"), /\.gitignore does not ignore graph\/\.cache\/ and graph\/\.qmd_cache\//);
  const text = akms(["init", "--repo", repo]);
  assert.match(text.stderr, /note: the existing knowledge\/graph\/propagation_config\.yaml is invalid/);
});

test("init waits for nobody: a live lock holder makes it exit 3 and create nothing else", () => {
  const repo = emptyRepo();
  const lock = write(
    join(repo, "knowledge", "graph", ".akms.lock"),
    JSON.stringify({ pid: process.pid, host: hostname(), proc_start: null, started_at: "2026-01-01T00:00:00Z", command: "akms update x" }) + "\n",
  );
  const r = akms(["init", "--repo", repo]);
  assert.equal(r.code, 3);
  assert.match(r.stderr, /error\[LOCK_HELD\]: .*locked by pid \d+/);
  assert.deepEqual([...snapshot(join(repo, "knowledge")).keys()], ["graph/.akms.lock"]);
  assert.ok(existsSync(lock));
});

test("init refuses a repository directory that does not exist", () => {
  const missing = join(tmp(), "nope");
  const r = akms(["init", "--repo", missing]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /error\[NOT_FOUND\]: .*does not exist/);
  assert.equal(existsSync(missing), false);
});

test("cold start (UR-01): after init, build, status and query work with zero nodes and a missing or empty vault", () => {
  for (const vaultKind of ["missing", "empty", "default"] as const) {
    const repo = emptyRepo();
    const home = tmp("akms-home-");
    const vault = join(tmp(), "vault");
    if (vaultKind === "empty") mkdirSync(vault);
    // "default": no $AKMS_GLOBAL_VAULT, and a HOME without ~/.claude/akms/nodes.
    const env = vaultKind === "default" ? { HOME: home, AKMS_GLOBAL_VAULT: "" } : { HOME: home, AKMS_GLOBAL_VAULT: vault };
    assert.equal(akms(["init", "--repo", repo], { env }).code, 0);
    const b = akms(["build", "--repo", repo, "--json"], { env });
    assert.equal(b.code, 0, `${vaultKind}: ${b.stdout}${b.stderr}`);
    assert.equal(b.json.node_count, 0);
    assert.equal(b.json.edge_count, 0);
    const g = JSON.parse(readFileSync(join(repo, "knowledge", "graph", "graph.json"), "utf8"));
    assert.deepEqual(g.nodes, []);
    assert.deepEqual(g.links, []);
    const st = akms(["status", "--repo", repo, "--json"], { env });
    assert.equal(st.code, 0, `${vaultKind}: ${st.stdout}${st.stderr}`);
    assert.equal(st.json.node_count, 0);
    const q = akms(["query", "--repo", repo, "--tags", "spectral,fft", "--json"], { env });
    assert.equal(q.code, 0, `${vaultKind}: ${q.stdout}${q.stderr}`);
    assert.deepEqual(q.json.nodes, []);
    assert.deepEqual(q.json.seeds, []);
    const qt = akms(["query", "--repo", repo, "--tags", "spectral"], { env });
    assert.equal(qt.code, 0);
    assert.doesNotMatch(qt.stderr, /^\s{4}at /m);
    assert.equal(existsSync(join(home, ".claude")), false, "nothing is created in HOME");
  }
});

test("init's config is found by every command: a bad edit to it is reported on the next build", () => {
  const repo = emptyRepo();
  assert.equal(akms(["init", "--repo", repo]).code, 0);
  const p = join(repo, "knowledge", "graph", "propagation_config.yaml");
  writeFileSync(p, readFileSync(p, "utf8").replace("hop_limit: 1 ", "hop_limit: 12"));
  const r = akms(["build", "--repo", repo], { env: { AKMS_GLOBAL_VAULT: join(repo, "none") } });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /propagation_config\.yaml:\d+: confidence\.hop_limit: config key `confidence\.hop_limit` must be at most 10/);
});

test("init --vault writes the vault into the new config, relative to the repository root, and later commands find it there", () => {
  const dir = tmp();
  const repo = join(dir, "repo");
  mkdirSync(repo);
  write(join(dir, "vault", "alpha.md"), "---\nakms_schema: v2\nid: alpha\ntitle: Alpha\ndomain: web\ntags: [web]\nstatus: established\nconfidence: 0.8\nsource: human\nedges: []\n---\n# Alpha\n");
  // Given relative to the working directory (here the repository's parent), written relative to the repository root.
  const r = akms(["init", "--repo", "repo", "--vault", "vault"], { cwd: dir });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const cfg = join(repo, "knowledge", "graph", "propagation_config.yaml");
  assert.equal(readFileSync(cfg, "utf8"), CONFIG_TEMPLATE.replace("\nglobal_vault: ~/.claude/akms/nodes\n", "\nglobal_vault: \"../vault\"\n"));
  assert.doesNotMatch(r.stdout, /point global_vault/);
  const b = akms(["build", "--json"], { cwd: repo, env: { AKMS_GLOBAL_VAULT: "" } });
  assert.equal(b.code, 0, b.stdout + b.stderr);
  assert.equal(b.json.node_count, 1, "the build found the vault the config names");
  // A config that exists is kept; --vault naming another vault is said, not written.
  const again = akms(["init", "--vault", join(dir, "other"), "--json"], { cwd: repo });
  assert.equal(again.code, 0, again.stdout + again.stderr);
  assert.match(again.json.notes.join("\n"), /names another global vault \(global_vault: \.\.\/vault\)/);
  assert.match(readFileSync(cfg, "utf8"), /\nglobal_vault: "\.\.\/vault"\n/);
});

test("init --vault writes no path of this machine into the committed config: a vault under the home directory as ~/…, one inside the repository relative to it", () => {
  const home = tmp();
  const repo = join(home, "work", "repo");
  mkdirSync(repo, { recursive: true });
  write(join(home, "vaults", "team", "alpha.md"), "---\nakms_schema: v2\nid: alpha\ntitle: Alpha\ndomain: web\ntags: [web]\nstatus: established\nconfidence: 0.8\nsource: human\nedges: []\n---\n# Alpha\n");
  // As a shell passes `--vault ~/vaults/team`: already expanded.
  const r = akms(["init", "--vault", join(home, "vaults", "team")], { cwd: repo, env: { HOME: home } });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const cfg = join(repo, "knowledge", "graph", "propagation_config.yaml");
  assert.match(readFileSync(cfg, "utf8"), /\nglobal_vault: "~\/vaults\/team"\n/);
  assert.doesNotMatch(readFileSync(cfg, "utf8"), new RegExp(home.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  const b = akms(["build", "--json"], { cwd: repo, env: { HOME: home, AKMS_GLOBAL_VAULT: "" } });
  assert.equal(b.code, 0, b.stdout + b.stderr);
  assert.equal(b.json.node_count, 1, "the build found the vault under ~");
  const inside = join(home, "work", "repo2");
  mkdirSync(join(inside, "vault"), { recursive: true });
  const r2 = akms(["init", "--vault", join(inside, "vault")], { cwd: inside, env: { HOME: home } });
  assert.equal(r2.code, 0, r2.stdout + r2.stderr);
  assert.match(readFileSync(join(inside, "knowledge", "graph", "propagation_config.yaml"), "utf8"), /\nglobal_vault: "?vault"?\n/);
});
