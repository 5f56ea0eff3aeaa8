import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { homedir } from "node:os";
import { DEFAULT_CONFIG, loadConfig, parseConfig } from "../../core/config.js";
import { loadContext } from "../../core/context.js";
import { resolveVault } from "../../core/paths.js";
import { AkmsError, ConfigError, SchemaVersionError } from "../../core/errors.js";
import { CONFIG_TEMPLATE } from "../../core/init.js";
import { templateProblems } from "../../core/orchestrator/template.js";
import { tmp, write } from "../helpers.js";

function configError(text: string): ConfigError {
  try {
    parseConfig(text, "propagation_config.yaml");
  } catch (e) {
    assert.ok(e instanceof AkmsError, `expected an AkmsError, got ${String(e)}`);
    return e as ConfigError;
  }
  assert.fail("expected the config to be rejected");
}

test("no config file gives exactly the defaults, with no warnings", () => {
  const r = loadConfig(join(tmp(), "missing.yaml"));
  assert.deepEqual(r.config, DEFAULT_CONFIG);
  assert.equal(r.file, null);
  assert.deepEqual(r.warnings, []);
  assert.deepEqual(Object.keys(r.rank).sort(), ["code_reviewer", "implementer", "physics_reviewer"]);
  assert.equal(r.rank.implementer!({ confidence: 0.5, activations: 4, depth: 0, weight: 1 }), 2);
});

test("the spec §4.8 defaults and DESIGN's optional keys are the defaults", () => {
  const c = DEFAULT_CONFIG;
  assert.equal(c.global_vault, "~/.claude/akms/nodes");
  assert.deepEqual(c.confidence, { local_decay: 0.85, propagation_factor: 0.3, activation_boost: 0.02, min_confidence: 0.1, max_confidence: 0.99, hop_limit: 1 });
  assert.equal(c.loadout.max_depth, 2);
  assert.equal(c.loadout.mode_selection.model_context_limit, 200000);
  assert.equal(c.loadout.mode_selection.system_prompt_tokens, 0);
  assert.equal(c.graph.max_history, 20);
  assert.deepEqual(c.orchestrator.agent_command, []);
  assert.equal(c.model_routing, null);
});

test("the commented config `akms init` writes parses to exactly the defaults with zero warnings", () => {
  const r = parseConfig(CONFIG_TEMPLATE, "propagation_config.yaml");
  assert.deepEqual(r.config, DEFAULT_CONFIG);
  assert.deepEqual(r.warnings, []);
  // Every key of the template carries a comment (on its line, or a comment block just above).
  const lines = CONFIG_TEMPLATE.split("\n");
  lines.forEach((l, i) => {
    if (!/^\s*[a-z_-]+:/.test(l)) return;
    const commented = l.includes(" # ") || /^\s*#/.test(lines[i - 1] ?? "");
    assert.ok(commented, `config line ${i + 1} has no comment: ${l}`);
  });
});

test("the template's example agent_command is one the orchestrator runs: uncommented, it parses, and its placeholders are known", () => {
  const line = CONFIG_TEMPLATE.split("\n").find((l) => /^\s*# \[claude, -p,/.test(l))!;
  assert.ok(line, "the template shows an example");
  const r = parseConfig(CONFIG_TEMPLATE.replace(/^(\s*)agent_command: \[\].*$/m, `$1agent_command: ${line.replace(/^\s*# /, "")}`), "propagation_config.yaml");
  assert.deepEqual(r.warnings, []);
  assert.equal(r.config.orchestrator.agent_command[0], "claude");
  assert.ok(r.config.orchestrator.agent_command.length > 2, "a prompt, not `claude -p` alone (which waits for one on its standard input)");
  assert.deepEqual(templateProblems(r.config.orchestrator.agent_command), []);
});

test("a partial override deep-merges into the defaults", () => {
  const r = parseConfig(
    "akms_schema: v2\nconfidence:\n  hop_limit: 3\nloadout:\n  mode_selection:\n    budget_fraction: 0.2\ngraph: null\n",
    "c.yaml",
  );
  assert.equal(r.config.confidence.hop_limit, 3);
  assert.equal(r.config.confidence.local_decay, 0.85);
  assert.equal(r.config.loadout.mode_selection.budget_fraction, 0.2);
  assert.equal(r.config.loadout.mode_selection.default_mode, "routing");
  assert.equal(r.config.loadout.max_nodes_per_loadout, 8);
  assert.deepEqual(r.config.graph, DEFAULT_CONFIG.graph); // an emptied section keeps its defaults
  assert.deepEqual(r.warnings, []);
});

test("query_roles replaces the default roles and compiles each role's formula", () => {
  const r = parseConfig("akms_schema: v2\nquery_roles:\n  tester:\n    edge_types: [requires]\n    rank_formula: confidence * 2\n", "c.yaml");
  assert.deepEqual(Object.keys(r.config.query_roles), ["tester"]);
  assert.deepEqual(r.config.query_roles.tester!.prefer_domains, []);
  assert.equal(r.rank.tester!({ confidence: 0.25, activations: 0, depth: 0, weight: 0 }), 0.5);
});

test("an unknown key is a warning that names its full key path and line, and is ignored", () => {
  const r = parseConfig("akms_schema: v2\nconfidence:\n  hop_limt: 2\nfoo: 1\n", "c.yaml");
  assert.equal(r.warnings.length, 2);
  assert.match(r.warnings[0]!, /^c\.yaml:3: unknown config key `confidence\.hop_limt` is ignored/);
  assert.match(r.warnings[1]!, /^c\.yaml:4: unknown config key `foo`/);
  assert.deepEqual(r.unknownKeys, [
    { key: "confidence.hop_limt", line: 3 },
    { key: "foo", line: 4 },
  ]);
  assert.equal(r.config.confidence.hop_limit, 1);
});

test("a bad enum value names the key, the allowed values and the line", () => {
  const e = configError("akms_schema: v2\nloadout:\n  mode_selection:\n    default_mode: fast\n");
  assert.equal(e.code, "CONFIG");
  assert.equal(e.field, "loadout.mode_selection.default_mode");
  assert.equal(e.line, 4);
  assert.match(e.message, /loadout\.mode_selection\.default_mode/);
  assert.match(e.message, /routing or full/);
  assert.match(e.hint ?? "", /default/);
  const t = configError("akms_schema: v2\ntag_derivation:\n  title_match: fuzzy\n");
  assert.match(t.message, /whole_word or substring/);
  assert.equal(t.line, 3);
});

test("a value of the wrong type is reported as such, never as a missing key", () => {
  const e = configError("akms_schema: v2\nconfidence:\n  local_decay: high\n");
  assert.equal(e.field, "confidence.local_decay");
  assert.equal(e.line, 3);
  assert.match(e.message, /between 0\.0 and 1\.0/);
  assert.doesNotMatch(e.message, /missing/);
  const s = configError("akms_schema: v2\nconfidence: 5\n");
  assert.equal(s.field, "confidence");
  assert.doesNotMatch(s.message, /missing/);
});

test("out-of-range numbers and an unknown edge type name the key and the allowed range", () => {
  const e = configError("akms_schema: v2\nconfidence:\n  hop_limit: 11\n");
  assert.match(e.message, /confidence\.hop_limit.*at most 10/);
  const u = configError("akms_schema: v2\nedge_type_propagation:\n  requires: 1.5\n");
  assert.match(u.message, /edge_type_propagation\.requires.*between 0\.0 and 1\.0/);
  assert.equal(u.line, 3);
  const t = configError("akms_schema: v2\nquery_roles:\n  implementer:\n    edge_types: [requires, uses]\n    rank_formula: confidence\n");
  assert.match(t.message, /query_roles\.implementer\.edge_types\[1\].*requires \| feeds-into/);
});

test("a bad rank formula names the role, the key and its line", () => {
  const e = configError("akms_schema: v2\nquery_roles:\n  implementer:\n    edge_types: [requires]\n    rank_formula: \"confidence ** 2\"\n");
  assert.equal(e.code, "CONFIG");
  assert.equal(e.field, "query_roles.implementer.rank_formula");
  assert.equal(e.line, 5);
  assert.match(e.message, /query_roles\.implementer\.rank_formula/);
  const v = configError("akms_schema: v2\nquery_roles:\n  reviewer:\n    edge_types: [requires]\n    rank_formula: importance\n");
  assert.match(v.message, /reviewer.*unknown variable 'importance'/);
  assert.match(v.hint ?? "", /confidence, activations, depth, weight/);
});

test("a wrong or missing akms_schema is a SchemaVersionError", () => {
  const e = configError("akms_schema: v1\n");
  assert.ok(e instanceof SchemaVersionError);
  assert.equal(e.code, "SCHEMA_VERSION");
  assert.equal(e.line, 1);
  assert.ok(configError("confidence:\n  hop_limit: 2\n") instanceof SchemaVersionError);
});

test("malformed YAML, an alias bomb and a non-mapping config are clear errors", () => {
  const y = configError("akms_schema: v2\nconfidence: [unclosed\n");
  assert.equal(y.code, "YAML");
  assert.ok(y.line! >= 2);
  const bomb = ["akms_schema: v2", "a: &a [x, x, x, x, x, x, x, x, x, x]"];
  for (let i = 0; i < 8; i++) bomb.push(`${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(", ")}]`);
  const b = configError(bomb.join("\n") + "\n");
  assert.equal(b.code, "YAML");
  assert.match(b.message, /alias bomb/);
  assert.equal(configError("- a\n- b\n").code, "CONFIG");
});

test("a config with non-UTF-8 bytes is an ENCODING error naming the line", () => {
  const dir = tmp();
  const p = join(dir, "propagation_config.yaml");
  writeFileSync(p, Buffer.concat([Buffer.from("akms_schema: v2\norchestrator:\n  plan_name: \""), Buffer.from([0xff, 0xfe]), Buffer.from("\"\n")]));
  try {
    loadConfig(p);
    assert.fail("expected an encoding error");
  } catch (e) {
    assert.equal((e as AkmsError).code, "ENCODING");
    assert.equal((e as AkmsError).line, 3);
  }
});

test("vault precedence: --vault, then $AKMS_GLOBAL_VAULT, then config (relative to the repo root), then the default", () => {
  const repo = "/r/repo";
  const cwd = process.cwd();
  assert.deepEqual(resolveVault(repo, { flag: "v1", env: { AKMS_GLOBAL_VAULT: "/e" }, configValue: "../c" }), { path: resolve(cwd, "v1"), display: "v1", from: "flag" });
  assert.deepEqual(resolveVault(repo, { env: { AKMS_GLOBAL_VAULT: "/e" }, configValue: "../c" }), { path: "/e", display: "/e", from: "env" });
  assert.deepEqual(resolveVault(repo, { env: {}, configValue: "../c" }), { path: "/r/c", display: "../c", from: "config" });
  assert.deepEqual(resolveVault(repo, { env: {}, configValue: "~/v" }), { path: join(homedir(), "v"), display: "~/v", from: "config" });
  const d = resolveVault(repo, { env: {}, configValue: DEFAULT_CONFIG.global_vault, configIsDefault: true });
  assert.equal(d.from, "default");
  assert.equal(d.path, join(homedir(), ".claude/akms/nodes"));
  // An empty $AKMS_GLOBAL_VAULT does not count as set.
  assert.equal(resolveVault(repo, { env: { AKMS_GLOBAL_VAULT: "" }, configValue: "../c" }).from, "config");
});

test("loadContext resolves a relative global_vault against the repo root, not the cwd", () => {
  const dir = tmp();
  const repo = join(dir, "repo");
  const other = join(dir, "elsewhere");
  mkdirSync(other, { recursive: true });
  write(join(repo, "knowledge", "graph", "propagation_config.yaml"), "akms_schema: v2\nglobal_vault: ../vault\n");
  const ctx = loadContext({ repo, cwd: other, env: {} });
  assert.equal(ctx.vault.path, join(dir, "vault"));
  assert.equal(ctx.vault.from, "config");
  const env = loadContext({ repo, cwd: other, env: { AKMS_GLOBAL_VAULT: join(dir, "env-vault") } });
  assert.equal(env.vault.path, join(dir, "env-vault"));
  assert.equal(env.vault.from, "env");
  const flag = loadContext({ repo, cwd: other, vault: join(dir, "flag-vault"), env: { AKMS_GLOBAL_VAULT: join(dir, "env-vault") } });
  assert.equal(flag.vault.path, join(dir, "flag-vault"));
  assert.equal(flag.vault.from, "flag");
});
