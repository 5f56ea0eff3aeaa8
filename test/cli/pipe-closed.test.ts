// A reader that stops reading: `akms export --format mermaid --out - | head -1`. akms ends quietly
// (exit 0, nothing on stderr) — not with Node's EPIPE stack trace.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { shellWord } from "../../core/shell-word.js";
import { join } from "node:path";
import { akms, BIN, tmp, write, writeNode } from "../helpers.js";

test("output to a pipe its reader closed: akms ends quietly, exit 0, no stack trace", () => {
  const dir = tmp("akms-pipe-");
  const vault = join(dir, "vault");
  const repo = join(dir, "repo");
  mkdirSync(join(repo, "knowledge", "local-nodes"), { recursive: true });
  write(join(repo, "knowledge", "graph", "propagation_config.yaml"), "akms_schema: v2\n");
  // Enough nodes that the export is far larger than a pipe's buffer (64 KiB).
  for (let i = 0; i < 1500; i++) writeNode(vault, { id: `node-${i}`, title: `Node number ${i} with a title long enough`, domain: "numerics", tags: ["t"], edges: i ? [{ to: `node-${i - 1}`, type: "requires", weight: 0.5 }] : [] });
  assert.equal(akms(["build", "--repo", repo, "--vault", vault]).code, 0);
  // As a person types it: the shell's pipe into head, which exits after its first line.
  const err = join(dir, "stderr.txt");
  const line = `${shellWord(process.execPath)} ${shellWord(BIN)} export --format mermaid --out - --repo ${shellWord(repo)} --vault ${shellWord(vault)} 2>${shellWord(err)} | head -1 >/dev/null; echo "\${PIPESTATUS[0]}"`;
  const r = spawnSync("bash", ["-c", line], { encoding: "utf8" });
  const stderr = readFileSync(err, "utf8");
  assert.equal(r.stdout.trim(), "0", stderr);
  assert.doesNotMatch(stderr, /EPIPE|\n\s+at |Unhandled/);
});
