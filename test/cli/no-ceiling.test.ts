import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, akms, tmp } from "../helpers.js";
import { generateVault } from "../../scripts/bench/genvault.js";
import { LIMITS } from "../../core/yaml.js";

test("a 10 MB overlay (a busy repository's) compiles, validates and answers queries: machine-written files have no byte cap", () => {
  const dir = tmp("akms-big-overlay-");
  generateVault(dir, 1200, 50, 3);
  const repo = join(dir, "repo");
  const vault = join(dir, "vault");
  const overlay = join(repo, "knowledge", "graph", "local_state.yaml");
  const lines = ["akms_schema: v2", "repo_id: big", "nodes:"];
  for (let i = 0; i < 1200; i++) {
    lines.push(`  g-${String(i).padStart(6, "0")}:`, "    confidence: 0.61", "    activations: 3", "    history:");
    for (let h = 0; h < 90; h++) lines.push(`      - date: "2026-01-${String(1 + (h % 28)).padStart(2, "0")}"`, "        confidence: 0.61", `        cause: session-task-${i}-${h}-with-a-long-enough-name`);
  }
  writeFileSync(overlay, lines.join("\n") + "\n");
  assert.ok(statSync(overlay).size > 10 * 1024 * 1024 && statSync(overlay).size > LIMITS.maxYamlBytes * 2, "bigger than any cap a person's YAML has");
  const b = akms(["build", "--repo", repo, "--vault", vault, "--json"]);
  assert.equal(b.code, 0, b.stdout + b.stderr);
  const v = akms(["validate", overlay, "--json"], { cwd: repo });
  assert.equal(v.code, 0, v.stdout + v.stderr);
  const q = akms(["query", "--tags", "tag-1", "--repo", repo, "--vault", vault, "--json"]);
  assert.equal(q.code, 0, q.stderr);
  // A person's YAML keeps its cap (frontmatter, here), with the size and what to do.
  const big = join(vault, "huge.md");
  writeFileSync(big, `---\nid: huge\ntitle: "${"y".repeat(LIMITS.maxYamlBytes)}"\n---\n`);
  const r = akms(["build", "--repo", repo, "--vault", vault]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /huge\.md: YAML is too large \(\d+ bytes, limit \d+\)/);
});

test("an overlay the compile refuses is reported before any node file is read", () => {
  const dir = tmp("akms-overlay-first-");
  generateVault(dir, 40, 4, 5);
  const repo = join(dir, "repo");
  const vault = join(dir, "vault");
  // A node "file" that blocks whoever opens it: a link to a FIFO inside the vault. A compile that
  // read the node files before checking the overlay would hang here.
  execFileSync("mkfifo", [join(vault, "fifo")]);
  symlinkSync(join(vault, "fifo"), join(vault, "zz-blocks.md"));
  const overlay = join(repo, "knowledge", "graph", "local_state.yaml");
  writeFileSync(overlay, readFileSync(overlay, "utf8") + "nodes: [this, is, not, a, mapping]\n");
  const r = spawnSync(process.execPath, [BIN, "build", "--repo", repo, "--vault", vault], { encoding: "utf8", timeout: 20_000, env: { ...process.env, NO_COLOR: "1" } });
  assert.notEqual(r.signal, "SIGTERM", "the build blocked on a node file: it read the nodes before refusing the overlay");
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /local_state\.yaml/);
});

test("an alias bomb is refused by its expansion, not its size; deep nesting by its depth", async () => {
  const { parseYaml } = await import("../../core/yaml.js");
  const levels = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
  for (let i = 1; i < 9; i++) levels.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10).fill(`*${String.fromCharCode(96 + i)}`).join(", ")}]`);
  const bomb = levels.join("\n") + "\n";
  assert.ok(bomb.length < 1000);
  assert.throws(() => parseYaml(bomb, { file: "bomb.yaml", machineWritten: true }), /alias bomb/);
  const deep = "x: " + "[".repeat(LIMITS.maxDepth + 5) + "]".repeat(LIMITS.maxDepth + 5) + "\ny: *z\n";
  assert.throws(() => parseYaml(`z: &z 1\n${deep}`, { file: "deep.yaml", machineWritten: true }), /nests deeper|invalid YAML/);
  // A large document with an asterisk in a value and no alias is fine.
  const many = ["note: '**bold**'", ...Array.from({ length: 200_000 }, (_, i) => `k${i}: [1, 2]`)].join("\n");
  assert.equal(Object.keys(parseYaml(many, { file: "many.yaml", machineWritten: true }) as object).length, 200_001);
});
