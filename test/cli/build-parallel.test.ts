import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { akms, tmp } from "../helpers.js";
import { generateVault } from "../../scripts/bench/genvault.js";

test("the two-thread read and the one-thread read compile the same bytes; the build cache agrees with a full rebuild", () => {
  const dir = tmp("akms-par-");
  generateVault(dir, 4500, 300, 11);
  const repo = join(dir, "repo");
  const vault = join(dir, "vault");
  const graph = join(repo, "knowledge", "graph", "graph.json");
  const env = { SOURCE_DATE_EPOCH: "1700000000" };
  const one = akms(["build", "--repo", repo, "--vault", vault, "--json"], { env: { ...env, AKMS_PARSE_THREADS: "1" } });
  assert.equal(one.code, 0, one.stderr);
  const bytesOne = readFileSync(graph);
  rmSync(graph);
  rmSync(join(repo, "knowledge", "graph", ".cache"), { recursive: true, force: true });
  const two = akms(["build", "--repo", repo, "--vault", vault, "--json"], { env });
  assert.equal(two.code, 0, two.stderr);
  assert.deepEqual(readFileSync(graph), bytesOne);
  assert.equal(two.json.graph_version, one.json.graph_version);
  // A cached no-op and a forced full compile agree with what is on disk.
  const cached = akms(["build", "--repo", repo, "--vault", vault, "--json"], { env });
  assert.equal(cached.json.written, false);
  const full = akms(["build", "--repo", repo, "--vault", vault, "--no-cache", "--json"], { env });
  assert.equal(full.json.written, false);
  assert.deepEqual(readFileSync(graph), bytesOne);
});
