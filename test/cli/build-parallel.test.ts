import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
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

test("two threads: bad files, -0 and infinities come out exactly as on one thread", () => {
  const dir = tmp("akms-par-odd-");
  generateVault(dir, 4200, 50, 5);
  const repo = join(dir, "repo");
  const vault = join(dir, "vault");
  const node = (id: string, extra: string) =>
    `---\nid: ${id}\ntitle: "${id}"\ndomain: d\ntags: [t]\nstatus: draft\nconfidence: 0.5\nsource: human\n${extra}akms_schema: v2\n---\nbody\n`;
  // Spread over the list, so both threads meet some of them.
  for (let i = 0; i < 40; i++) {
    const at = String(i * 100).padStart(6, "0");
    writeFileSync(join(vault, `g-${at}a.md`), node(`g-${at}a`, i % 2 ? "confidence_floor: -0.0\nextra: -0.0\n" : "extra: [.inf, -.inf, .nan]\n"));
    writeFileSync(join(vault, `g-${at}b.md`), i % 2 ? node("Bad Id", "") : "---\ntitle: a: b\n---\n");
  }
  const env = { SOURCE_DATE_EPOCH: "1700000000" };
  const graph = join(repo, "knowledge", "graph", "graph.json");
  const run = (threads: Record<string, string>) => {
    rmSync(graph, { force: true });
    rmSync(join(repo, "knowledge", "graph", ".cache"), { recursive: true, force: true });
    const r = akms(["build", "--repo", repo, "--vault", vault, "--keep-going", "--json"], { env: { ...env, ...threads } });
    return { code: r.code, stdout: r.stdout, stderr: r.stderr, bytes: readFileSync(graph, "utf8") };
  };
  const one = run({ AKMS_PARSE_THREADS: "1" });
  assert.match(one.stdout, /"written": true/, one.stderr);
  assert.match(one.bytes, /-0\.0/);
  assert.match(one.stdout, /"field": "id"/);
  const two = run({});
  assert.deepEqual(two, one);
});
