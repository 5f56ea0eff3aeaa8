// The impression log (core/agent/impressions.ts): every read that shows knowledge to an agent — an
// MCP read tool, a CLI --json read, the SessionStart hook — appends one line naming the nodes it
// showed; a person's plain-text read does not. Concurrent writers and kill -9 leave only whole
// lines, and git's union driver keeps both branches' lines.
import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { akms, BIN, ROOT, builtDemo } from "../helpers.js";
import { readImpressions } from "../../core/agent/impressions.js";
import { memoryText } from "../mcp/memory-text.js";

/** Two pitfalls on demo nodes whose pitfalls were known before (session-task-102, session-phase1). */
const PITFALLS = [
    "pitfalls_discovered:",
    "  - node_ref: nyquist-frequency-handling",
    '    description: "the Nyquist index convention again"',
    "    severity: medium",
    "  - node_ref: convergence-criterion-strain-increment",
    '    description: "the strain increment stopped early again"',
    "    severity: high",
].join("\n");

const lines = (file: string) => readFileSync(file, "utf8").split("\n").filter(Boolean);

test("an MCP read tool and a CLI --json read each append one line with the nodes shown; a plain-text read appends none", async () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault, AKMS_QMD_BIN: "/nonexistent/qmd" };
  const q = akms(["query", "--tags", "fft", "--repo", d.repo, "--json"], { env });
  assert.equal(q.code, 0, q.stderr);
  let log = readImpressions(d.ctx.paths);
  assert.equal(log.length, 1);
  assert.deepEqual([log[0]!.via, log[0]!.tool, log[0]!.graph_version], ["cli", "query", q.json.graph_version]);
  assert.deepEqual(log[0]!.nodes, q.json.nodes.map((n: { id: string }) => n.id));
  assert.ok(log[0]!.tokens > 0);
  assert.equal(akms(["query", "--tags", "fft", "--repo", d.repo], { env }).code, 0);
  assert.equal(readImpressions(d.ctx.paths).length, 1, "a person's plain-text read is not logged");
  assert.equal(akms(["status", "--repo", d.repo, "--json"], { env }).code, 0);
  assert.equal(readImpressions(d.ctx.paths).length, 1, "status shows counts, not knowledge");

  const c = new Client({ name: "impressions", version: "1" });
  await c.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "--repo", d.repo], env: { ...(process.env as Record<string, string>), ...env }, stderr: "pipe" }));
  try {
    await c.callTool({ name: "show_node", arguments: { id: "lippmann-schwinger" } });
    await c.callTool({ name: "pitfalls", arguments: { nodes: ["green-operator-caching"] } });
  } finally {
    await c.close();
  }
  log = readImpressions(d.ctx.paths);
  assert.deepEqual(log.slice(1).map((l) => [l.via, l.tool, l.nodes[0]]), [["mcp", "show", "lippmann-schwinger"], ["mcp", "pitfalls", "green-operator-caching"]]);

  const hook = spawnSync(process.execPath, [BIN, "hook", "session-start", "--repo", d.repo], { input: JSON.stringify({ hook_event_name: "SessionStart", cwd: d.repo }), env: { ...process.env, ...env }, encoding: "utf8" });
  assert.equal(hook.status, 0, hook.stderr);
  assert.equal(readImpressions(d.ctx.paths).at(-1)!.tool, "session-start");

  // agents.impressions: false — no read path logs (the rest of the agents block keeps its defaults).
  appendFileSync(join(d.knowledge, "graph", "propagation_config.yaml"), "\nagents:\n  impressions: false\n");
  const before = readImpressions(d.ctx.paths).length;
  assert.equal(akms(["query", "--tags", "fft", "--repo", d.repo, "--json"], { env }).code, 0);
  const off = new Client({ name: "impressions", version: "1" });
  await off.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "--repo", d.repo], env: { ...(process.env as Record<string, string>), ...env }, stderr: "pipe" }));
  try {
    const r = (await off.callTool({ name: "show_node", arguments: { id: "lippmann-schwinger" } })) as { isError?: boolean };
    assert.ok(!r.isError);
  } finally {
    await off.close();
  }
  assert.equal(spawnSync(process.execPath, [BIN, "hook", "session-start", "--repo", d.repo], { input: JSON.stringify({ hook_event_name: "SessionStart", cwd: d.repo }), env: { ...process.env, ...env }, encoding: "utf8" }).status, 0);
  assert.equal(readImpressions(d.ctx.paths).length, before, "nothing logged with agents.impressions: false");
});

test("8 concurrent writers, one of them killed -9 mid-run: only whole lines, none of the others' lost", async () => {
  const d = builtDemo();
  const script = `import { logImpression } from ${JSON.stringify(join(ROOT, "core/agent/impressions.ts"))};
import { repoPaths } from ${JSON.stringify(join(ROOT, "core/paths.ts"))};
const p = repoPaths(process.argv[1]);
for (let i = 0; i < Number(process.argv[2]); i++) logImpression(p, { via: "cli", tool: "query", task_id: "W" + process.argv[3], graph_version: "x", nodes: Array.from({ length: 40 }, (_, k) => "node-" + i + "-" + k), tokens: i });`;
  const run = (n: number, w: number) => {
    const p = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script, d.repo, String(n), String(w)], { cwd: ROOT, stdio: "ignore" });
    return { p, ended: new Promise((r) => p.on("exit", r)) };
  };
  const victim = run(100000, 99);
  const others = Array.from({ length: 7 }, (_, w) => run(150, w));
  // The victim is killed while it writes (its first lines are there), the others run to their end.
  for (let i = 0; i < 100 && !(readImpressions(d.ctx.paths).some((l) => l.task_id === "W99")); i++) await new Promise((r) => setTimeout(r, 50));
  victim.p.kill("SIGKILL");
  await Promise.all([victim.ended, ...others.map((o) => o.ended)]);
  const all = lines(d.ctx.paths.impressions);
  for (const l of all) JSON.parse(l); // every line whole
  for (let w = 0; w < 7; w++) assert.equal(all.filter((l) => l.includes(`"task_id":"W${w}"`)).length, 150, `writer ${w}`);
  assert.ok(all.some((l) => l.includes('"task_id":"W99"')), "the killed writer had written");
});

test("git's union driver keeps both branches' lines (akms init --git writes the attribute)", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault, AKMS_QMD_BIN: "/nonexistent/qmd", GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" };
  const git = (...a: string[]) => {
    const r = spawnSync("git", a, { cwd: d.repo, env: { ...process.env, ...env }, encoding: "utf8" });
    assert.equal(r.status, 0, `git ${a.join(" ")}: ${r.stderr}`);
  };
  git("init", "-q", "-b", "main");
  assert.equal(akms(["init", "--git", "--repo", d.repo], { env }).code, 0);
  assert.match(readFileSync(join(d.knowledge, ".gitattributes"), "utf8"), /^impressions\.jsonl merge=union$/m);
  akms(["query", "--tags", "fft", "--repo", d.repo, "--json"], { env });
  git("add", "-A");
  git("commit", "-q", "-m", "base");
  git("checkout", "-q", "-b", "side");
  akms(["show", "lippmann-schwinger", "--repo", d.repo, "--json"], { env });
  git("commit", "-q", "-am", "side");
  git("checkout", "-q", "main");
  akms(["pitfalls", "--nodes", "green-operator-caching", "--repo", d.repo, "--json"], { env });
  git("commit", "-q", "-am", "main");
  git("merge", "-q", "--no-edit", "side");
  assert.deepEqual(readImpressions(d.ctx.paths).map((l) => l.tool).sort(), ["pitfalls", "query", "show"]);
});

test("a reported pitfall the graph knew: record says since when, and whether the task was shown it (memory ignored) or not (memory missing)", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault, AKMS_QMD_BIN: "/nonexistent/qmd" };
  const memory = (task: string) => memoryText(task, PITFALLS);
  // No loadout of the task: it cannot say whether the pitfall was shown.
  const blind = akms(["record", "-", "--repo", d.repo, "--json"], { env, input: memory("TASK-901") });
  assert.equal(blind.code, 0, blind.stderr);
  assert.deepEqual(blind.json.known_pitfalls.map((k: { node: string; loaded: boolean | null }) => [k.node, k.loaded]), [["nyquist-frequency-handling", null], ["convergence-criterion-strain-increment", null]]);
  assert.match(blind.json.known_pitfalls[0].says, /known since session-task-102/);
  // task-201's loadout (its tags: green-operator, spectral, nyquist) holds the Nyquist node, not the stopping criterion.
  const l = akms(["loadout", "--task", "knowledge/tasks/task-201.json", "--repo", d.repo, "--json"], { env, cwd: d.repo });
  assert.equal(l.code, 0, l.stderr);
  assert.ok(l.json.node_ids.includes("nyquist-frequency-handling"));
  const seen = akms(["record", "-", "--repo", d.repo], { env, input: memory("task-201") });
  assert.equal(seen.code, 0, seen.stderr);
  assert.match(seen.stdout, /known pitfall: a pitfall on nyquist-frequency-handling was known since session-task-102; it was in your loadout \(memory ignored\)/);
  assert.match(seen.stdout, /known pitfall: a pitfall on convergence-criterion-strain-increment was known since session-phase1; it was not loaded \(memory missing\)/);
});

test("a task with no task record, given a loadout by tags: its AgentMemory's loadout_used tells what it was shown", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault, AKMS_QMD_BIN: "/nonexistent/qmd" };
  // The loadout is named by its tags (no task id to name it by); a plain run logs no impression.
  const l = akms(["loadout", "--tags", "nyquist", "--repo", d.repo], { env, cwd: d.repo });
  assert.equal(l.code, 0, l.stderr);
  const file = /wrote (knowledge\/loadouts\/\S+-loadout\.md)/.exec(l.stdout)?.[1];
  assert.ok(file, l.stdout);
  const memory = memoryText("TASK-902", PITFALLS).replace(/^loadout_used: .*$/m, `loadout_used: ${file}`);
  const rec = akms(["record", "-", "--repo", d.repo, "--json"], { env, input: memory });
  assert.equal(rec.code, 0, rec.stderr);
  const loaded = Object.fromEntries(rec.json.known_pitfalls.map((k: { node: string; loaded: boolean | null }) => [k.node, k.loaded]));
  assert.equal(loaded["nyquist-frequency-handling"], true, "in the loadout it names: memory ignored");
  assert.equal(loaded["convergence-criterion-strain-increment"], false, "not in it: memory missing");
  // Knowledge-relative, as the spec writes it, the same.
  const rel = akms(["record", "-", "--repo", d.repo, "--json"], { env, input: memory.replace("TASK-902", "TASK-903").replace(`loadout_used: ${file}`, `loadout_used: ${file.replace(/^knowledge\//, "")}`) });
  assert.equal(rel.code, 0, rel.stderr);
  assert.deepEqual(rel.json.known_pitfalls.map((k: { loaded: boolean | null }) => k.loaded), rec.json.known_pitfalls.map((k: { loaded: boolean | null }) => k.loaded));
});

test("the review report's \"Would it have helped?\": useful nodes shown, pitfalls that bit again loaded or not, recurring gaps", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault, AKMS_QMD_BIN: "/nonexistent/qmd", SOURCE_DATE_EPOCH: "1790000000" };
  assert.equal(akms(["loadout", "--task", "knowledge/tasks/task-201.json", "--repo", d.repo, "--json"], { env, cwd: d.repo }).code, 0);
  // Bit again: the same pitfalls as task-102's and the phase-1 handoff's, in nearly their words (the dedup score), and one on a known node that is another pitfall (not counted).
  const again = [
    "pitfalls_discovered:",
    "  - node_ref: nyquist-frequency-handling",
    '    description: "On even grids fftfreq puts the Nyquist index at -n/2; the convention must be applied to every frequency with any Nyquist component (9% of a 32³ spectrum), not just the corner."',
    "    severity: medium",
    "  - node_ref: convergence-criterion-strain-increment",
    '    description: "At contrast 1000 the strain-increment test (tol 1e-4) stopped after 1062 of 7590 needed iterations; mean stress fine, local stresses off by 3%, equilibrium residual still above 1."',
    "    severity: high",
    "  - node_ref: green-operator-continuous",
    '    description: "the operator was evaluated in single precision"',
    "    severity: low",
  ].join("\n");
  const extra = [
    "  - id: lippmann-schwinger",
    "    useful: true",
    "    coverage: sufficient",
    again,
    "nodes_missing:",
    '  - description: "identities to test the Green operator against"',
    "    suggested_id: green-operator-test-identities",
    "    domain: fft-galerkin",
    "    priority: medium",
  ].join("\n");
  const rec = akms(["record", "-", "--repo", d.repo], { env, input: memoryText("task-201", extra) });
  assert.equal(rec.code, 0, rec.stderr);
  const up = akms(["update", "knowledge/sessions/task-201.md", "--repo", d.repo], { env, cwd: d.repo });
  assert.equal(up.code, 0, up.stderr + up.stdout);
  assert.match(up.stdout, /known pitfall: a pitfall on nyquist-frequency-handling was known since session-task-102; it was in your loadout \(memory ignored\)/);
  assert.doesNotMatch(up.stdout, /known since session-task-201/, "the document's own new edge is not \"known before\"");
  const r = akms(["review", "--report", "--phase", "2", "--out", "-", "--repo", d.repo], { env });
  assert.equal(r.code, 0, r.stderr);
  const section = r.stdout.slice(r.stdout.indexOf("## Would it have helped?"));
  assert.match(section, /\| task-201 \| [12] of 2 \|/);
  assert.match(section, /nyquist-frequency-handling \(loaded\), convergence-criterion-strain-increment \(not loaded\)/);
  assert.match(section, /2 reported pitfalls were the same as one reported before the task: 1 of them loaded \(memory ignored\), 1 not \(memory missing\)/);
  assert.doesNotMatch(section, /green-operator-continuous \((not )?loaded\)/, "another pitfall on a node with a known one is no repeat bite");
  assert.match(section, /Recurring gaps \(reported by more than one task\): green-operator-test-identities/);
});
