import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { parseConfig } from "../../core/config.js";
import { defaultLoadedConfig, loadContext, locateRepo, outsideAnyGitRepo, repoConfig } from "../../core/context.js";
import { findRepo, repoPaths } from "../../core/paths.js";
import { loadConfig } from "../../core/config.js";
import { bytesKey, factsPath, openFacts } from "../../core/store/facts.js";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { EDGE_TYPES as SCHEMA_EDGE_TYPES } from "../../core/schemas/common.js";
import { EDGE_TYPES as CACHE_EDGE_TYPES } from "../../core/store/graph-index.js";
import { AkmsError } from "../../core/errors.js";
import { scratch, tmp, write } from "../helpers.js";

const VARS = { confidence: 0.7, activations: 3, depth: 1, weight: 0.5 };

function sameConfig(a: ReturnType<typeof parseConfig>, b: ReturnType<typeof parseConfig>): void {
  // Same values in the same key order (zod's output order), same ranks.
  assert.equal(JSON.stringify(a), JSON.stringify(b));
  assert.deepEqual(Object.keys(a.rank), Object.keys(b.rank));
  for (const role of Object.keys(a.rank)) assert.equal(a.rank[role]!(VARS), b.rank[role]!(VARS));
}

test("without a config file the context's config is exactly what parseConfig gives, without zod", () => {
  sameConfig(defaultLoadedConfig(), parseConfig(null, "x.yaml"));
  sameConfig(repoConfig(repoPaths(tmp()), "build-1"), parseConfig(null, "x.yaml"));
  const a = defaultLoadedConfig();
  a.config.loadout.max_depth = 9;
  assert.equal(defaultLoadedConfig().config.loadout.max_depth, 2, "each call gets its own copy");
});

test("with a config file the context's config is what loadConfig reads from it, errors included", () => {
  const s = scratch();
  const file = join(s.knowledge, "graph", "propagation_config.yaml");
  write(file, "akms_schema: v2\nglobal_vault: ../elsewhere\nloadout:\n  max_depth: 3\nbogus: 1\n");
  const ctx = loadContext({ repo: s.repo, env: {} });
  sameConfig(ctx.cfg, loadConfig(file));
  assert.equal(ctx.cfg.config.loadout.max_depth, 3);
  assert.equal(ctx.vault.from, "config");
  write(file, "akms_schema: v2\nloadout:\n  max_depth: 99\n");
  const message = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      assert.ok(e instanceof AkmsError);
      return JSON.stringify(e.toJSON());
    }
    assert.fail("expected an error");
  };
  assert.throws(() => loadContext({ repo: s.repo, env: {} }), (e) => JSON.stringify((e as AkmsError).toJSON()) === message(() => loadConfig(file)));
});

test("without a config file the vault comes from the flag, the environment or the default", () => {
  const s = scratch();
  assert.equal(loadContext({ repo: s.repo, vault: s.vault, env: {} }).vault.from, "flag");
  assert.equal(loadContext({ repo: s.repo, env: { AKMS_GLOBAL_VAULT: s.vault } }).vault.from, "env");
  assert.equal(loadContext({ repo: s.repo, env: {} }).vault.from, "default");
});

test("the planning cache numbers the schema's edge types", () => {
  assert.deepEqual([...CACHE_EDGE_TYPES], [...SCHEMA_EDGE_TYPES]);
});

test("git is not started where it could find no repository; elsewhere findRepo decides as before", () => {
  const plain = tmp();
  mkdirSync(join(plain, "a", "b"), { recursive: true });
  assert.equal(findRepo(plain), plain, "the scratch folder is in no git repository");
  assert.equal(outsideAnyGitRepo(join(plain, "a", "b"), {}), true);
  assert.equal(locateRepo({ cwd: join(plain, "a", "b") }).repo, join(plain, "a", "b"));
  assert.equal(outsideAnyGitRepo(join(plain, "a"), { GIT_DIR: "/x" }), false);
  assert.equal(outsideAnyGitRepo(join(plain, "missing"), {}), false);
  // A .git of any kind (a folder, a gitfile, a dangling link) anywhere above: git decides.
  writeFileSync(join(plain, "a", ".git"), "gitdir: /nowhere\n");
  assert.equal(outsideAnyGitRepo(join(plain, "a", "b"), {}), false);
  const linked = tmp();
  symlinkSync("/nowhere", join(linked, ".git"));
  assert.equal(outsideAnyGitRepo(linked, {}), false);
  // The real path is walked: a link into a repository is inside it.
  const viaLink = join(tmp(), "link");
  symlinkSync(join(process.cwd(), "core"), viaLink);
  assert.equal(outsideAnyGitRepo(viaLink, {}), false);
  assert.equal(locateRepo({ cwd: viaLink }).repo, findRepo(viaLink));
  assert.equal(locateRepo({ cwd: plain, repo: "x" }).repo, join(plain, "x"));
});

test("with a config file the validated config is cached for its exact bytes, this build and this path", async () => {
  const s = scratch();
  const paths = repoPaths(s.repo);
  const cache = factsPath(paths);
  write(paths.config, "akms_schema: v2\nglobal_vault: ../v\nloadout:\n  max_depth: 3\nbogus: 1\nquery_roles:\n  solo:\n    edge_types: [requires]\n    rank_formula: confidence * 2\n");
  const full = loadConfig(paths.config);
  assert.equal(full.warnings.length, 1, "the unknown key is a warning");
  sameConfig(repoConfig(paths, null), full);
  assert.equal(existsSync(cache), false, "no build id (the sources run): nothing is cached");
  sameConfig(repoConfig(paths, "build-1"), full);
  assert.equal(existsSync(cache), true);
  const entry = readFileSync(cache, "utf8");
  sameConfig(repoConfig(paths, "build-1"), full);
  assert.equal(readFileSync(cache, "utf8"), entry, "a hit rewrites nothing");
  // The hit is the store's: a hand-made fact with the same key is believed.
  const facts = openFacts(paths, "build-1");
  const key = bytesKey(readFileSync(paths.config));
  facts.put("config", paths.config, key, { ...facts.get<object>("config", paths.config, key), warnings: ["from the cache"] });
  assert.equal(facts.save(), true);
  assert.deepEqual((repoConfig(paths, "build-1")).warnings, ["from the cache"]);
  // Another build, other bytes, a damaged entry: misses, parsed afresh (and re-cached).
  sameConfig(repoConfig(paths, "build-2"), full);
  write(paths.config, "akms_schema: v2\nloadout:\n  max_depth: 4\n");
  const changed = repoConfig(paths, "build-2");
  assert.equal(changed.config.loadout.max_depth, 4);
  sameConfig(changed, loadConfig(paths.config));
  writeFileSync(cache, "{not json");
  sameConfig(repoConfig(paths, "build-2"), loadConfig(paths.config));
  // An invalid config fails as loadConfig fails, and is not cached.
  rmSync(cache, { force: true });
  write(paths.config, "akms_schema: v2\nloadout:\n  max_depth: 99\n");
  const err = (() => {
    try {
      loadConfig(paths.config);
    } catch (e) {
      return JSON.stringify((e as AkmsError).toJSON());
    }
    return "";
  })();
  assert.ok(err);
  assert.throws(() => repoConfig(paths, "build-2"), (e) => JSON.stringify((e as AkmsError).toJSON()) === err);
  assert.equal(existsSync(cache), false);
  // Values JSON cannot carry exactly (here .inf) are not cached.
  write(paths.config, "akms_schema: v2\nmodel_routing:\n  x: .inf\n");
  sameConfig(repoConfig(paths, "build-2"), loadConfig(paths.config));
  assert.equal(existsSync(cache), false);
});
