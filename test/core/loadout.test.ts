import { test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { scratch, treeHash, write, writeNode, type NodeSpec } from "../helpers.js";
import { loadContext, type Context } from "../../core/context.js";
import { build } from "../../core/compiler/build.js";
import { loadGraph, type LoadedGraph } from "../graph-json.js";
import { parseConfig } from "../../core/config.js";
import { splitFrontmatter } from "../../core/frontmatter.js";
import { parseYaml } from "../../core/yaml.js";
import { LoadoutHeader } from "../../core/schemas/loadout.js";
import { blankLoadoutGeneratedAt, fillBlocks, planLoadout, writeLoadout, writeLoadouts, type LoadoutOutcome, type LoadoutRequest, type LoadoutResult } from "../../core/loadout.js";
import { UsageError } from "../../core/errors.js";
import { effectiveRead, selectMode } from "../../core/loadout/mode.js";
import { readingOrder } from "../../core/loadout/reading-order.js";
import { estimateTokens, truncateToTokens, type NodeContent } from "../../core/loadout/content.js";
import { extractSummary } from "../../core/markdown.js";
import type { LoadoutEntry } from "../../core/loadout/render.js";
import { findQmd } from "../../core/qmd.js";
import { readTask } from "../../core/query/task.js";

const cfg = parseConfig(null, "propagation_config.yaml").config;
const e = (to: string, type: string, weight: number) => ({ to, type, weight });
const body = (title: string, summary: string | null, rest = "Details.\n") => `# ${title}\n\n${summary !== null ? `## Summary\n\n${summary}\n\n` : ""}## Details\n\n${rest}`;

/** A small knowledge base: a chain of requires, a pitfall, a session, content_refs good and bad. */
function demoRepo(extraConfig = ""): { ctx: Context; graph: LoadedGraph; vault: string; repo: string } {
  const s = scratch();
  const nodes: NodeSpec[] = [
    { id: "solver", title: "Solver", tags: ["solve"], confidence: 0.9, edges: [e("operator", "requires", 1), e("basics", "requires", 0.8)], body: body("Solver", "The solver iterates. It converges.", "SOLVER-BODY ".repeat(500)), extra: "context_size: small" },
    { id: "operator", title: "Operator", tags: ["op"], confidence: 0.8, edges: [e("basics", "requires", 1)], body: body("Operator", "The operator is applied per frequency."), extra: "reading_priority: full" },
    { id: "basics", title: "Basics", tags: ["b"], confidence: 0.7, body: body("Basics", null, "BASICS-BODY with no summary.\n"), extra: "reading_priority: summary" },
    { id: "wrapper", title: "Wrapper", tags: ["solve"], confidence: 0.6, body: "# Wrapper\n", extra: "content_ref: docs/wrapped.md" },
    { id: "outside", title: "Outside", tags: ["solve"], confidence: 0.5, body: "# Outside\n", extra: "content_ref: ../secret.md" },
  ];
  for (const n of nodes) writeNode(s.vault, n);
  write(join(s.vault, "docs", "wrapped.md"), "# Wrapped\n\n## Summary\n\nWRAPPED-SUMMARY from the content_ref target.\n");
  write(join(s.dir, "secret.md"), "SECRET\n");
  write(join(s.knowledge, "sessions", "s1.md"), "# s1\n");
  write(
    join(s.knowledge, "graph", "local_state.yaml"),
    `akms_schema: v2
local_edges:
  - {from: solver, to: session-s1, type: pitfall, weight: 0.8, note: "the solver diverges at contrast 1000"}
session_nodes:
  session-s1: {title: "Session: s1", outcome: partial, content_ref: sessions/s1.md, phase: 1}
`,
  );
  if (extraConfig) write(join(s.knowledge, "graph", "propagation_config.yaml"), `akms_schema: v2\n${extraConfig}`);
  const ctx = loadContext({ repo: s.repo, vault: s.vault });
  build(ctx);
  return { ctx, graph: loadGraph(ctx.paths), vault: s.vault, repo: s.repo };
}

function headerOf(text: string): Record<string, unknown> {
  return parseYaml(splitFrontmatter(text)!.yaml, { file: "loadout" }) as Record<string, unknown>;
}

const qmdBin = findQmd();
const requireQmd = process.env.AKMS_REQUIRE_QMD === "1";
const qmdSkip = qmdBin === null && !requireQmd ? "qmd is not installed (set AKMS_REQUIRE_QMD=1 to make this a failure)" : false;

test("mode selection: low budget → routing; full_cost over available × budget_fraction → routing; else full; --mode forces", () => {
  const base = { requested: "auto" as const, contextLimit: 200000, taskTokens: 1000 };
  const full = selectMode(cfg, { ...base, fullCost: 6000 });
  assert.deepEqual([full.mode, full.available], ["full", 195000]);
  assert.match(full.reason, /full_cost 6000 ≤ available 195000 × budget_fraction 0\.15 = 29250/);
  assert.equal(selectMode(cfg, { ...base, fullCost: 30000 }).mode, "routing");
  const low = selectMode(cfg, { ...base, contextLimit: 12000, fullCost: 100 });
  assert.deepEqual([low.mode, low.available], ["routing", 7000]);
  assert.match(low.reason, /available 7000 < low_threshold 8000/);
  assert.equal(selectMode(cfg, { ...base, fullCost: 0 }).mode, "routing", "nothing to inline: default_mode");
  assert.equal(selectMode(cfg, { ...base, requested: "full", contextLimit: 12000, fullCost: 1e6 }).mode, "full");
});

test("reading_priority overrides the mode both ways; summary without ## Summary falls back to full", () => {
  assert.equal(effectiveRead("routing", "full", true).read, "full");
  assert.equal(effectiveRead("full", "summary", true).read, "summary");
  assert.equal(effectiveRead("full", "summary", false).read, "full");
  assert.match(effectiveRead("routing", "summary", false).note!, /falls back to full/);
  assert.equal(effectiveRead("full", "pitfalls-only", true).read, "pitfalls-only");
  assert.equal(effectiveRead("routing", null, false).read, "summary");
  assert.equal(effectiveRead("full", undefined, true).read, "full");
});

test("reading order puts prerequisites first, keeps rank order otherwise, and reports requires cycles", () => {
  const link = (source: string, target: string) => ({ source, target, type: "requires", weight: 1, edge_origin: "global" as const });
  const out = new Map([
    ["a", [link("a", "b"), link("a", "zz")]],
    ["b", [link("b", "c")]],
    ["d", [link("d", "e")]],
    ["e", [link("e", "d")]],
  ]);
  const r = readingOrder(["a", "d", "b", "c", "e", "f"], (id) => out.get(id) ?? []);
  assert.deepEqual(r.order, ["c", "b", "a", "d", "e", "f"]);
  assert.deepEqual(r.cycles, [["d", "e"]]);
  assert.deepEqual(r.requires.get("a"), ["b"]);
});

test("summaries, token estimates and truncation", () => {
  assert.equal(extractSummary("# T\n\n## Summary\n\nOne. Two.\n\n### Sub\n\nStill summary.\n\n## Next\n\nNo."), "One. Two.\n\n### Sub\n\nStill summary.");
  assert.equal(extractSummary("# T\n\n```\n## Summary\n```\n"), null);
  assert.equal(extractSummary("## summary\n\n"), null);
  assert.equal(estimateTokens("abcde"), 2);
  const t = truncateToTokens("line one\n".repeat(200), 100, (k) => `[cut at ${k}]`);
  assert.equal(t.truncated, true);
  assert.ok(estimateTokens(t.text) <= 100, `${estimateTokens(t.text)} tokens`);
  assert.match(t.text, /line one\n\n\[cut at \d+\]$/);
});

test("full-mode content: per-node allocations from context_size, lowest-ranked content trimmed to max_loadout_tokens", () => {
  const entry = (id: string, position: number, read: LoadoutEntry["read"]): LoadoutEntry => ({
    id, title: id, origin: "global", status: "established", confidence: 0.9, position, read, readNote: null, path: `${id}.md`, why: "", block: null, trimmed: false, passages: [], pitfallItems: [],
  });
  const content = (text: string, summary: string | null = null): NodeContent => ({ nodeFile: null, contentFile: null, text, summary, warnings: [] });
  const entries = [entry("a", 1, "full"), entry("b", 2, "summary"), entry("c", 3, "full"), entry("d", 4, "full"), entry("p", 5, "pitfalls-only")];
  const contents = new Map([
    ["a", content("A".repeat(10000))],
    ["b", content("B text", "B summary")],
    ["c", content("C".repeat(1000))],
    ["d", content("D".repeat(1000))],
    ["p", content("P")],
  ]);
  const sizes: Record<string, string> = { a: "small", c: "large", d: "medium" };
  const small = { ...cfg, loadout: { ...cfg.loadout, max_loadout_tokens: 800 } };
  fillBlocks(small, entries, contents, null, (id) => sizes[id]);
  assert.equal(entries[0]!.block!.kind, "full");
  assert.ok(entries[0]!.block!.truncated && entries[0]!.block!.tokens <= 500, "a small node gets 500 tokens");
  assert.deepEqual(entries[1]!.block, { kind: "summary", text: "B summary", tokens: 3, truncated: false });
  assert.equal(entries[2]!.block!.tokens, 250);
  assert.deepEqual([entries[3]!.block, entries[3]!.trimmed], [null, true], "the lowest-ranked full content goes first");
  assert.equal(entries[4]!.block, null);
  const total = entries.reduce((s, x) => s + (x.block?.tokens ?? 0), 0);
  assert.ok(total <= 800, `total ${total}`);
});

test("degraded mode (--no-qmd): the node table, paths, confidence, pitfalls, sessions and reading order; no content, no summaries", () => {
  const { ctx, graph, vault } = demoRepo();
  const vaultHash = treeHash(vault);
  const r = writeLoadout(ctx, graph, { tags: ["solve"], noQmd: true, phase: 3, env: { SOURCE_DATE_EPOCH: "1700000000" } });
  assert.equal(r.shown, `knowledge/loadouts/phase3-${r.task_id}-loadout.md`);
  const text = readFileSync(r.file, "utf8");
  const h = headerOf(text);
  assert.equal(LoadoutHeader.safeParse(h).success, true);
  assert.deepEqual([h.qmd_available, h.loadout_mode, h.node_count, h.generated_at, h.agent_role], [false, "full", 5, "2023-11-14T22:13:20Z", "implementer"]);
  assert.match(text, /\| `solver` Solver \| global \| 0\.90 \| 1 \| [^|]*\/solver\.md \| full \|/);
  assert.match(text, /\| `wrapper` Wrapper \| global \| 0\.60 \| \d \| [^|]*\/docs\/wrapped\.md \|/, "the path is the content_ref target");
  assert.match(text, /Degraded mode \(spec §3\.6\): qmd is not available \(disabled by --no-qmd\)/);
  for (const s of ["SOLVER-BODY", "The solver iterates", "WRAPPED-SUMMARY", "BASICS-BODY", "SECRET", "### Summaries", "### Full Content"]) assert.ok(!text.includes(s), `degraded loadout leaks ${s}`);
  assert.match(text, /## Known Pitfalls\n\n- `solver` → `session-s1` \(weight 0\.8\): the solver diverges at contrast 1000 — knowledge\/sessions\/s1\.md/);
  assert.match(text, /## Relevant Session History\n\n- `session-s1` Session: s1 \(phase 1, outcome partial\) — knowledge\/sessions\/s1\.md — pitfall edge from solver/);
  assert.match(text, /## Suggested Reading Order\n\n1\. `basics` Basics\n2\. `operator` Operator \(requires `basics`\)\n3\. `solver` Solver \(requires `basics`, `operator`\)/);
  assert.match(text, /> Note: node outside: content_ref "\.\.\/secret\.md" leaves its layer root/);
  assert.equal(treeHash(vault), vaultHash);

  const mtime = statSync(r.file).mtimeMs;
  const again = writeLoadout(ctx, graph, { tags: ["solve"], noQmd: true, phase: 3, env: { SOURCE_DATE_EPOCH: "1800000000" } });
  assert.equal(again.written, false, "identical inputs: the file is left alone, generated_at included");
  assert.equal(readFileSync(r.file, "utf8"), text);
  assert.equal(statSync(r.file).mtimeMs, mtime);
});

test("tags that match nothing give a valid, empty, explained loadout; a cyclic requires graph is read in rank order and reported", () => {
  const { ctx, graph } = demoRepo();
  const r = writeLoadout(ctx, graph, { tags: ["no-such-tag"], noQmd: true });
  const text = readFileSync(r.file, "utf8");
  assert.equal(LoadoutHeader.safeParse(headerOf(text)).success, true);
  assert.equal(headerOf(text).node_count, 0);
  assert.match(text, /No nodes: no domain node carries any of the tags "no-such-tag": the result is empty — search the knowledge by the task's words instead \(`akms search`\)\./);
  assert.match(text, /## Known Pitfalls\n\nNone recorded for these nodes\./);
  assert.match(text, /## Suggested Reading Order\n\nNothing to read\./);

  const s = scratch();
  writeNode(s.vault, { id: "p", tags: ["cyc"], confidence: 0.9, edges: [e("q", "requires", 1)] });
  writeNode(s.vault, { id: "q", tags: ["cyc"], confidence: 0.8, edges: [e("p", "requires", 1)] });
  const c2 = loadContext({ repo: s.repo, vault: s.vault });
  build(c2);
  const r2 = writeLoadout(c2, loadGraph(c2.paths), { tags: ["cyc"], noQmd: true });
  assert.match(readFileSync(r2.file, "utf8"), /1\. `p` p \(requires `q`\)\n2\. `q` q \(requires `p`\)\n\n> Note: a requires cycle among `p`, `q`: no prerequisite order exists, so they are read in rank order\./);
});

test("a task record: its tags, phase and role name the file; the task's text counts toward task_tokens; another role gets its own file", () => {
  const { ctx, graph } = demoRepo();
  const f = write(join(ctx.paths.tasks, "t-7.json"), JSON.stringify({ task_id: "t-7", title: "Fix the solver", phase: 2, akms_tags: ["solve"], akms_schema: "v2" }, null, 2) + "\n");
  const task = readTask(f);
  const plan = planLoadout(ctx, graph, { task, noQmd: true });
  assert.equal(plan.shown, "knowledge/loadouts/phase2-t-7-loadout.md");
  assert.equal(plan.header.task_tokens, Math.ceil(task.text.length / 4));
  assert.equal(plan.header.task_file, "knowledge/tasks/t-7.json");
  assert.match(plan.body, /^# Loadout: Fix the solver\n/);
  assert.equal(planLoadout(ctx, graph, { task, role: "physics_reviewer", noQmd: true }).shown, "knowledge/loadouts/phase2-t-7-physics_reviewer-loadout.md");
});

test("with the real qmd: summaries in routing mode, inline content in full mode, passages from the selected files only, cached per graph version", { skip: qmdSkip }, () => {
  assert.ok(qmdBin, "AKMS_REQUIRE_QMD=1 but qmd was not found");
  const { ctx, graph } = demoRepo();
  const routing = writeLoadout(ctx, graph, { tags: ["solve"], mode: "routing", out: join(ctx.paths.loadouts, "routing.md") });
  assert.equal(routing.qmd_available, true, routing.qmd_reason);
  const rt = readFileSync(routing.file, "utf8");
  assert.equal(headerOf(rt).qmd_available, true);
  assert.match(rt, /### Summaries/);
  assert.match(rt, /> The solver iterates\. It converges\./);
  assert.match(rt, /> WRAPPED-SUMMARY from the content_ref target\./);
  assert.match(rt, /```markdown\n# Operator/, "reading_priority: full forces inline content in routing mode");
  assert.match(rt, /BASICS-BODY with no summary/, "summary without ## Summary falls back to full");
  assert.ok(!rt.includes("SECRET"));
  assert.match(rt, /Relevant passages \(qmd search\):\n- `[^`]*\/solver\.md:\d+` \(solve\) # Solver/, "a passage from the body (qmd's frontmatter snippet moved to the body)");
  for (const m of rt.matchAll(/^- `([^`:]+):(\d+)`/gm)) assert.ok(!m[1]!.includes("secret"), `a passage from outside the selected files: ${m[1]}`);
  const probe = JSON.parse(readFileSync(join(ctx.paths.qmdCacheDir, "probe.json"), "utf8"));
  assert.deepEqual([probe.status.available, probe.status.bin], [true, qmdBin], "a successful probe is remembered for later runs");
  const again = writeLoadout(ctx, graph, { tags: ["solve"], mode: "routing", out: join(ctx.paths.loadouts, "routing.md") });
  assert.deepEqual([again.written, again.qmd_cached], [false, true]);
  assert.equal(readFileSync(routing.file, "utf8"), rt);

  const full = writeLoadout(ctx, graph, { tags: ["solve"], mode: "full", out: join(ctx.paths.loadouts, "full.md") });
  const ft = readFileSync(full.file, "utf8");
  assert.match(ft, /### Full Content/);
  assert.match(ft, /SOLVER-BODY/);
  assert.match(ft, /cut at \d+ tokens: this node's allocation is 500 tokens/, "context_size: small → 500 tokens");
});

/** Each loadout's text (generated_at blanked) and result, and the qmd hit cache, after `make`; loadouts and hits are cleared first. */
function phaseOutput(ctx: Context, make: () => LoadoutResult[]): { texts: string[]; results: LoadoutResult[]; hits: Map<string, string> } {
  rmSync(ctx.paths.loadouts, { recursive: true, force: true });
  const hitFiles = () => (existsSync(ctx.paths.qmdCacheDir) ? readdirSync(ctx.paths.qmdCacheDir).filter((f) => /^[0-9a-f]+-[0-9a-f]{16}\.json$/.test(f)) : []);
  for (const f of hitFiles()) rmSync(join(ctx.paths.qmdCacheDir, f));
  const results = make();
  const texts = results.map((r) => blankLoadoutGeneratedAt(readFileSync(r.file, "utf8")));
  return { texts, results, hits: new Map(hitFiles().map((f) => [f, readFileSync(join(ctx.paths.qmdCacheDir, f), "utf8")])) };
}

function phaseRequests(ctx: Context, extra: LoadoutRequest): LoadoutRequest[] {
  const out = (i: number) => join(ctx.paths.loadouts, `p-${i}.md`);
  return [
    { tags: ["solve"], out: out(0), ...extra },
    { tags: ["op", "b"], mode: "full", out: out(1), ...extra },
    { tags: ["solve"], role: "physics_reviewer", out: out(2), ...extra },
    { tags: ["b", "solve", "op"], mode: "routing", out: out(3), ...extra },
    { tags: ["op"], out: out(4), ...extra },
  ];
}

function onlyResults(outcomes: LoadoutOutcome[]): LoadoutResult[] {
  return outcomes.map((o) => {
    if (!o.ok) throw o.error;
    return o.result;
  });
}

test("a phase made together (writeLoadouts) writes byte for byte what one-by-one writeLoadout writes, with the real qmd and with --no-qmd", { skip: qmdSkip }, () => {
  assert.ok(qmdBin, "AKMS_REQUIRE_QMD=1 but qmd was not found");
  const { ctx, graph } = demoRepo();
  let qmdIndexed = false;
  for (const extra of [{}, { noQmd: true }] as LoadoutRequest[]) {
    const reqs = phaseRequests(ctx, extra);
    const one = phaseOutput(ctx, () => reqs.map((r) => writeLoadout(ctx, graph, r)));
    const together = phaseOutput(ctx, () => onlyResults(writeLoadouts(ctx, graph, reqs)));
    assert.deepEqual(together.texts, one.texts);
    // qmd_index says whether qmd indexed for that loadout: the first phase here builds its index, the next finds it.
    const noIndex = (rs: LoadoutResult[]) => rs.map((r) => ({ ...r, qmd_index: null }));
    assert.deepEqual(noIndex(together.results), noIndex(one.results), "the same results, qmd_cached included");
    if (!extra.noQmd && !qmdIndexed) {
      assert.deepEqual(one.results.map((r) => r.qmd_index), ["built", null, null, null, null], "the first loadout built qmd's index, once");
      qmdIndexed = true;
    }
    assert.ok(together.results.every((r) => r.qmd_index === null), "an index that is up to date is not indexed again");
    assert.deepEqual(together.hits, one.hits, "the same qmd hit cache");
    if (extra.noQmd) assert.ok(one.results.every((r) => !r.qmd_available));
    else {
      assert.ok(one.results.every((r) => r.qmd_available), one.results.map((r) => r.qmd_reason).join("; "));
      assert.deepEqual(one.results.map((r) => r.qmd_cached), [false, false, true, true, true], "later loadouts reuse the searches of earlier ones");
      assert.match(one.texts[0]!, /Relevant passages \(qmd search\)/);
    }
    // searches cached: together still equals one by one
    const cached = phaseOutput(ctx, () => {
      reqs.forEach((r) => writeLoadout(ctx, graph, r));
      rmSync(ctx.paths.loadouts, { recursive: true, force: true });
      return onlyResults(writeLoadouts(ctx, graph, reqs));
    });
    assert.deepEqual(cached.texts, one.texts);
  }
  // a request that fails does not stop the others
  const reqs = phaseRequests(ctx, {});
  const outcomes = writeLoadouts(ctx, graph, [reqs[0]!, {}, reqs[1]!]);
  assert.deepEqual(outcomes.map((o) => o.ok), [true, false, true]);
  assert.ok(!outcomes[1]!.ok && outcomes[1]!.error instanceof UsageError);
});

test("a failing qmd search in a phase made together degrades the same loadouts as one by one", (t) => {
  if (process.platform === "win32") return t.skip("the fake qmd is a shell script");
  const { ctx, graph } = demoRepo();
  // answers nothing, and fails the query "op"
  const fake = (name: string) => {
    const p = write(join(ctx.repo, "..", name), `#!/bin/sh\ncase "$1" in\n  --version) echo "qmd 9.9.9" ;;\n  collection) [ "$2" = show ] && exit 1 ;;\n  search) for a; do q="$a"; done; echo "$q" >> "$0.log"; if [ "$q" = op ]; then echo "index is broken" >&2; exit 3; fi; echo "[]" ;;\nesac\nexit 0\n`);
    chmodSync(p, 0o755);
    return p;
  };
  const reqs = (bin: string) => phaseRequests(ctx, { env: { ...process.env, AKMS_QMD_BIN: bin } });
  // a qmd that failed is not used again in the same process: each way gets its own binary
  const one = phaseOutput(ctx, () => reqs(fake("qmd-a")).map((r) => writeLoadout(ctx, graph, r)));
  const together = phaseOutput(ctx, () => onlyResults(writeLoadouts(ctx, graph, reqs(fake("qmd-b")))));
  assert.deepEqual(
    one.results.map((r) => r.qmd_available),
    [true, false, false, false, false],
  );
  assert.match(one.results[1]!.qmd_reason, /^qmd failed: .*exit code 3: index is broken/);
  assert.deepEqual(together.texts, one.texts);
  assert.deepEqual(together.results, one.results);
  const searched = readFileSync(join(ctx.repo, "..", "qmd-b.log"), "utf8").trim().split("\n");
  assert.deepEqual(searched.filter((q) => q === "op"), ["op"], "the failed search is not run again for its loadout");
});
