// Equality as a tested property: seeded random sequences of writes on a copy of the demo — updates
// (some dated before those applied), promote, draft, undraft, dedup accept/reject, undo, hand edits
// of local and global node files, files added, renamed and deleted, a local file shadowing a global
// id, a symlinked node, graph.json deleted, a branch switch, a change on disk and an update in one
// step — and after every step:
//   - a step that wrote graph.json wrote what `akms build --no-cache` writes of the sources as they
//     are, hand changes before it included (checked before any reader compiles);
//   - graph.json is byte for byte what `akms build --no-cache` writes (generated_at aside);
//   - an ordinary build then has nothing to do (the caches agree with the sources);
//   - a warm `akms mcp` (one process for the whole sequence) answers status, query and loadout
//     exactly as a freshly started one does;
//   - the review as the console reads it in this warm process (the process memo on, as the console
//     runs: the graph's index and the nodes it parsed kept between steps while its files are
//     unchanged, the per-file reads of the live review) renders the report a fresh `akms review
//     --report` writes;
//   - every fact the store keeps (core/store/facts.ts) for a file as it is now is what deriving it
//     from that file gives.
// The writes run in this process, which stays warm too (its module state and memo live across steps),
// as the console's actions do.
// CI runs a small seeded sample; `npm run stress` runs AKMS_SEQUENCES of them (default 100).
import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execFileSync, spawnSync } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { assertIndexIsGraph, BIN, copyDemo, nodeText, pathWithAkms, seededRandom, tmp, write } from "../helpers.js";
import { memory } from "../update-helpers.js";
import { loadContext, type Context } from "../../core/context.js";
import { keepWarm } from "../../core/store/memo.js";
import { build } from "../../core/compiler/build.js";
import { indexOfLoaded, openGraph } from "../../core/graph.js";
import { loadGraph } from "../graph-json.js";
import { runUpdate } from "../../core/update/apply.js";
import { bulk, dedupAccept, dedupReject, draft, promote, undo, undraft } from "../../core/review/actions.js";
import { parseDedupSections } from "../../core/review/dedup-sections.js";
import { blankGeneratedAt } from "../../core/graph-file/version.js";
import { AkmsError, isAkmsError } from "../../core/errors.js";
import { bytesKey, factsPath, openFacts, type FactKind } from "../../core/store/facts.js";
import { repoConfig } from "../../core/context.js";
import { readTask } from "../../core/query/task.js";
import { draftIds, readOverlay } from "../../core/overlay-file.js";
import { overlayText } from "../../core/update/overlay-io.js";
import type { Overlay } from "../../core/schemas/overlay.js";
import { storeBuildOf } from "../helpers.js";
import { renderReviewReport, reviewData } from "../../core/report.js";
import { statKey } from "../../core/store/freshness.js";
import { readBytesIfExists } from "../../core/fsx.js";

const SEQUENCES = Number(process.env.AKMS_SEQUENCES ?? (process.env.AKMS_STRESS ? 100 : 2));
const STEPS = Number(process.env.AKMS_SEQUENCE_STEPS ?? 12);
const SEED = Number(process.env.AKMS_SEED ?? 20261204);

const ENV: Record<string, string> = {
  ...(process.env as Record<string, string>),
  SOURCE_DATE_EPOCH: "1790000000",
  AKMS_GLOBAL_VAULT: "",
  AKMS_QMD_BIN: "/nonexistent/qmd",
  PATH: pathWithAkms(),
  GIT_AUTHOR_NAME: "t",
  GIT_AUTHOR_EMAIL: "t@t",
  GIT_COMMITTER_NAME: "t",
  GIT_COMMITTER_EMAIL: "t@t",
};
for (const k of ["SOURCE_DATE_EPOCH", "AKMS_QMD_BIN"]) process.env[k] = ENV[k];
delete process.env.AKMS_GLOBAL_VAULT;

type Rand = (n: number) => number;
const pick = <T>(r: Rand, xs: readonly T[]): T | undefined => (xs.length ? xs[r(xs.length)] : undefined);

interface World {
  dir: string;
  repo: string;
  vault: string;
  local: string;
  ctx: Context;
  r: Rand;
  n: number;
  branch: string;
  log: string[];
  /** Facts of the store checked against their files (factsHold), over the sequence. */
  factsChecked: number;
}

function git(w: World, ...args: string[]): string {
  return execFileSync("git", args, { cwd: w.repo, env: ENV, stdio: ["ignore", "pipe", "pipe"] }).toString();
}

function graphNodes(w: World) {
  return [...indexOfLoaded(loadGraph(w.ctx.paths)).nodes.values()];
}

function localFiles(w: World): string[] {
  return existsSync(w.local) ? readdirSync(w.local).filter((f) => f.endsWith(".md")).sort() : [];
}

const DRAFTS = [
  "Aliasing appears when the Green operator is evaluated on a coarse grid without zero padding",
  "The residual plateaus on even grids because the Nyquist frequency is truncated asymmetrically",
  "Cache keys must include the reference medium, or a stale Green operator is reused",
];

/** A node file made `context_size: large` (FR-L11: a large node needs a `## Summary`). */
const makeLarge = (t: string): string => (/^context_size:/m.test(t) ? t.replace(/^context_size: .*$/m, "context_size: large") : t.replace(/^akms_schema:/m, "context_size: large\nakms_schema:"));
/** A node file made large, or a large one made small. */
const largeToggle = (t: string): string => (/^context_size: large$/m.test(t) ? t.replace(/^context_size: large$/m, "context_size: small") : makeLarge(t));
/** A node body's `## Summary` section added, or renamed away. */
const summaryToggle = (t: string): string => (/^## Summary$/m.test(t) ? t.replace(/^## Summary$/gm, "## Notes") : `${t.trimEnd()}\n\n## Summary\n\nSummed up by hand.\n`);

/**
 * An agent's `akms update`: nodes used, perhaps a pitfall, and (when `mayLearn`, half the time) a new
 * node. In this process, or (`cli`) as the agent runs it — the build of the readers, whose manifest
 * this process's build of the code does not trust.
 */
function update(w: World, mayLearn: boolean, cli = false, date?: string): void {
  const ids = graphNodes(w).filter((x) => x.domain !== "session" && x.node_origin !== "code-mirror").map((x) => x.id);
  const used = Array.from({ length: 1 + w.r(3) }, () => pick(w.r, ids)!).filter((v, i, a) => a.indexOf(v) === i);
  const cov = ["sufficient", "missing-detail", "outdated"] as const;
  const doc = memory({
    task: `TASK-${w.n}`,
    phase: 1 + w.r(2),
    date,
    used: used.map((id) => ({ id, useful: w.r(3) > 0, coverage: cov[w.r(3)]! })),
    pitfalls: w.r(2) ? [{ node_ref: pick(w.r, ids)!, description: `pitfall ${w.n}`, severity: (["high", "medium", "low"] as const)[w.r(3)]! }] : [],
    knowledge: mayLearn && w.r(2) ? [{ suggested_id: `learned-${w.r(3)}`, content_draft: DRAFTS[w.r(DRAFTS.length)]!, domain: "fft-galerkin", title: `Learned ${w.n}` }] : [],
  });
  const f = write(join(w.dir, "docs", `m-${w.n}.md`), doc);
  if (!cli) return void runUpdate(w.ctx, [f], { env: ENV });
  const r = spawnSync(process.execPath, [BIN, "update", f, "--repo", w.repo, "--json"], { env: ENV, encoding: "utf8" });
  if (r.status === 1) throw new AkmsError((JSON.parse(r.stdout) as { error: { code: string } }).error.code, r.stdout);
  assert.equal(r.status, 0, `akms update: ${r.stdout}${r.stderr}`);
}

/** The writes a sequence draws from, each a small story a user could tell. */
const OPS: [string, number, (w: World) => void][] = [
  ["update", 4, (w) => update(w, true)],
  // An agent that finished late: its memory sorts before those applied (core/update/in-order.ts).
  ["update dated earlier", 1, (w) => update(w, true, false, `2026-03-0${1 + w.r(3)}`)],
  ["promote", 2, (w) => void promote(w.ctx, { id: pick(w.r, graphNodes(w).filter((x) => x.node_origin === "local" && x.status === "tentative").map((x) => x.id)) ?? "none" })],
  ["draft", 2, (w) => void draft(w.ctx, { id: pick(w.r, graphNodes(w).filter((x) => x.status !== "draft" && x.domain !== "session" && x.node_origin !== "code-mirror").map((x) => x.id)) ?? "none" })],
  ["undraft", 1, (w) => void undraft(w.ctx, { id: pick(w.r, graphNodes(w).filter((x) => x.status === "draft").map((x) => x.id)) ?? "none" })],
  ["dedup", 2, (w) => {
    const withDedup = localFiles(w).filter((f) => parseDedupSections(readFileSync(join(w.local, f), "utf8")).some((s) => s.status === "pending"));
    const f = pick(w.r, withDedup);
    if (!f) return;
    const id = /^id:\s*(\S+)/m.exec(readFileSync(join(w.local, f), "utf8"))![1]!;
    (w.r(2) ? dedupAccept : dedupReject)(w.ctx, { id });
  }],
  // The console's marked nodes: one action over two or three of them, one batch, one recompile (its undo: "undo").
  ["mark and act", 1, (w) => {
    const action = (["promote", "draft", "undraft"] as const)[w.r(3)]!;
    const may = (x: ReturnType<typeof graphNodes>[number]) =>
      action === "promote" ? x.node_origin === "local" && x.status === "tentative" : action === "draft" ? x.status !== "draft" && x.domain !== "session" && x.node_origin !== "code-mirror" : x.status === "draft";
    const ids = graphNodes(w).filter(may).map((x) => x.id);
    const marked = new Set<string>();
    for (let k = 2 + w.r(2); k > 0 && ids.length; k--) marked.add(pick(w.r, ids)!);
    if (marked.size >= 2) void bulk(w.ctx, action, [...marked].map((id) => ({ id })));
  }],
  ["undo", 2, (w) => void undo(w.ctx)],
  ["edit local", 2, (w) => {
    const f = pick(w.r, localFiles(w));
    if (!f) return;
    const p = join(w.local, f);
    const text = readFileSync(p, "utf8");
    const edits = [
      (t: string) => t.replace(/^confidence: .*$/m, `confidence: 0.${10 + w.r(80)}`),
      (t: string) => t.replace(/^title: .*$/m, `title: "Edited ${w.n}"`),
      (t: string) => `${t.trimEnd()}\n\nA line added by hand ${w.n}.\n`,
      (t: string) => t.replace(/^tags:\n/m, `tags:\n  - hand-${w.r(3)}\n`),
      largeToggle,
      summaryToggle,
    ];
    writeFileSync(p, edits[w.r(edits.length)]!(text));
  }],
  ["edit global", 1, (w) => {
    const f = pick(w.r, readdirSync(w.vault).filter((x) => x.endsWith(".md")).sort())!;
    const p = join(w.vault, f);
    const text = readFileSync(p, "utf8");
    const edits = [
      (t: string) => t.replace(/^confidence: .*$/m, `confidence: 0.${10 + w.r(80)}`),
      (t: string) => t.replace(/^status: .*$/m, `status: ${pick(w.r, ["tentative", "established"])}`),
      largeToggle,
      summaryToggle,
    ];
    writeFileSync(p, edits[w.r(edits.length)]!(text));
  }],
  ["large without a summary", 1, (w) => {
    // FR-L11's warning, decided by the node's reader and kept with its record: later builds take it from there.
    const local = w.r(2) === 0 && localFiles(w).length > 0;
    const dir = local ? w.local : w.vault;
    const f = pick(w.r, local ? localFiles(w) : readdirSync(w.vault).filter((x) => x.endsWith(".md")).sort())!;
    const text = readFileSync(join(dir, f), "utf8");
    writeFileSync(join(dir, f), makeLarge(text).replace(/^## Summary$/gm, "## Notes"));
  }],
  ["add local", 1, (w) => {
    const id = `hand-node-${w.n}`;
    const target = pick(w.r, graphNodes(w).filter((x) => x.domain !== "session").map((x) => x.id))!;
    write(join(w.local, w.r(2) ? `${id}.md` : `file-of-${w.n}.md`), nodeText({ id, domain: "fft-galerkin", status: "tentative", source: "human", tags: ["fft", "hand"], edges: [{ to: target, type: "requires", weight: 0.5 }], body: `# ${id}\n\n## Summary\n\nAdded by hand.\n` }));
  }],
  ["rename local", 1, (w) => {
    const f = pick(w.r, localFiles(w));
    if (f) renameSync(join(w.local, f), join(w.local, `renamed-${w.n}.md`));
  }],
  ["delete local", 1, (w) => {
    const f = pick(w.r, localFiles(w));
    if (f) rmSync(join(w.local, f));
  }],
  ["shadow a global id", 1, (w) => {
    const g = pick(w.r, graphNodes(w).filter((x) => x.node_origin === "global").map((x) => x.id))!;
    write(join(w.local, w.r(2) ? `${g}.md` : `shadow-${w.n}.md`), nodeText({ id: g, domain: "fft-galerkin", status: "tentative", source: "agent", body: `# ${g}\n\n## content_draft\n\nA local copy.\n` }));
  }],
  ["symlinked node", 1, (w) => {
    const id = `linked-${w.n}`;
    write(join(w.local, `store-${w.n}.txt`), nodeText({ id, domain: "fft-galerkin", status: "tentative", source: "human", tags: ["fft"], body: `# ${id}\n` }));
    symlinkSync(`store-${w.n}.txt`, join(w.local, `${id}.md`));
  }],
  // A `git clean` or a checkout that takes the output away: a build writes it back from the store
  // (the store this process wrote), or the next reader compiles it (the server is another build).
  ["delete graph.json", 1, (w) => {
    rmSync(w.ctx.paths.graphJson, { force: true });
    if (w.r(2)) build(w.ctx, { env: ENV });
  }],
  ["switch branch", 1, (w) => {
    git(w, "add", "-A");
    git(w, "commit", "-q", "--allow-empty", "-m", `step ${w.n}`);
    const to = w.branch === "main" ? "side" : "main";
    const exists = git(w, "branch", "--list", to).trim() !== "";
    git(w, "checkout", "-q", ...(exists ? [to] : ["-b", to, "HEAD~1"]));
    w.branch = to;
  }],
];


// A change on disk and an update in one step, before any reader compiles it: a pull or a checkout,
// and an agent's `akms update` right after.
const opNamed = (name: string) => OPS.find((op) => op[0] === name)![2];
for (const first of ["switch branch", "delete local", "add local"]) {
  OPS.push([`${first}, then update`, 1, (w) => {
    opNamed(first)(w);
    update(w, false, true); // a new node's file would make the update's recompile list local-nodes/ again
  }]);
}

const TOTAL = OPS.reduce((s, [, weight]) => s + weight, 0);

function drawOp(r: Rand): (typeof OPS)[number] {
  let x = r(TOTAL);
  for (const op of OPS) if ((x -= op[1]) < 0) return op;
  return OPS[0]!;
}

async function connect(w: World): Promise<Client> {
  const c = new Client({ name: "sequences", version: "1" });
  await c.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "--repo", w.repo], env: ENV, stderr: "pipe" }));
  return c;
}

/** What a reader answers: status, a query, a loadout and a search (the structured documents, as a host gets them). */
async function answers(c: Client): Promise<string> {
  // A first call settles (compiles a stale graph); the answers compared come after it.
  await c.callTool({ name: "validate", arguments: {} });
  await c.callTool({ name: "show_node", arguments: { id: "fft-galerkin-discretization" } });
  const out: unknown[] = [];
  for (const call of [
    { name: "status", arguments: {} },
    { name: "query", arguments: { tags: ["fft", "caching"] } },
    { name: "loadout", arguments: { tags: ["fft", "convergence"], no_qmd: true } },
    // The lexical BM25 (qmd is off here), whose word counts a warm server keeps per file.
    { name: "search", arguments: { query: "residual convergence grid cache", limit: 20 } },
  ]) {
    const r = (await c.callTool(call)) as { isError?: boolean; structuredContent?: unknown; content: { text: string }[] };
    out.push(r.isError ? { error: r.content[0]!.text } : r.structuredContent);
  }
  return JSON.stringify(out, null, 1);
}

/** graph.json as a --no-cache compile of a copy writes it (generated_at blanked); null when the sources do not compile. */
function fullCompile(w: World): string | null {
  const dir = tmp("akms-seq-ref-");
  cpSync(w.dir, dir, { recursive: true, verbatimSymlinks: true });
  const repo = join(dir, "repo");
  rmSync(join(repo, "knowledge", "graph", ".cache"), { recursive: true, force: true });
  rmSync(join(repo, "knowledge", "graph", "graph.json"), { force: true });
  try {
    build(loadContext({ repo, env: {} }), { noCache: true, env: ENV });
    return blankGeneratedAt(readFileSync(join(repo, "knowledge", "graph", "graph.json"), "utf8"));
  } catch (e) {
    if (isAkmsError(e)) return null;
    throw e;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The review report as the console's data gives it in this process: from the graph index, the live reads warm. */
function consoleReview(w: World): string {
  const ctx = loadContext({ repo: w.repo, env: {} });
  return renderReviewReport(reviewData(ctx, openGraph(ctx.paths), { live: true }));
}

/** Each fact the store keeps for a file as it is now equals the fact derived from the file. */
function factsHold(w: World, where: string): void {
  const paths = w.ctx.paths;
  if (!existsSync(factsPath(paths))) return;
  const facts = openFacts(paths, storeBuildOf(factsPath(paths)));
  const derive: Record<FactKind, (file: string) => unknown> = {
    config: () => {
      const c = repoConfig(paths, null, false);
      return { config: c.config, file: c.file, warnings: c.warnings, unknownKeys: c.unknownKeys };
    },
    task: (file) => readTask(file, w.repo).record,
    // The overlay the file gives; "canonical" claims the bytes are the update's writer's output for it.
    overlay: (file) => {
      const kept = facts.get<{ canonical: boolean; overlay: unknown }>("overlay", file, bytesKey(readFileSync(file)));
      const claim = kept?.canonical === true ? overlayText(kept.overlay as Overlay) === readFileSync(file, "utf8") : false;
      return { canonical: claim, overlay: readOverlay(file, "local_state.yaml").overlay };
    },
    drafted: (file) => draftIds(readOverlay(file, "local_state.yaml").overlay),
    "no-dedup": (file) => parseDedupSections(readFileSync(file, "utf8")).length === 0 || "has a dedup section",
  };
  let checked = 0;
  for (const kind of Object.keys(derive) as FactKind[]) {
    for (const [file, key] of facts.entries(kind)) {
      if (!existsSync(file)) continue;
      const now = key.startsWith("sha256:") ? bytesKey(readFileSync(file)) : statKey(file);
      if (now !== key) continue; // kept for the file as it was: a miss for every reader
      assert.deepEqual(JSON.parse(JSON.stringify(derive[kind](file) ?? null)), facts.get(kind, file, key), `the store's ${kind} fact of ${file} is not what the file gives, ${where}`);
      checked++;
    }
  }
  w.factsChecked += checked;
}

async function runSequence(seed: number): Promise<void> {
  const d = copyDemo();
  // Search's embedding arm off: its coverage grows with each call, so a warm and a fresh server would rank different sets.
  appendFileSync(join(d.knowledge, "graph", "propagation_config.yaml"), "\nsearch:\n  embedding: none\n");
  const w: World = { dir: d.dir, repo: d.repo, vault: d.vault, local: join(d.knowledge, "local-nodes"), ctx: loadContext({ repo: d.repo, env: {} }), r: seededRandom(seed), n: 0, branch: "main", log: [], factsChecked: 0 };
  build(w.ctx, { env: ENV });
  git(w, "init", "-q", "-b", "main");
  git(w, "add", "-A");
  git(w, "commit", "-q", "-m", "start");
  const warm = await connect(w);
  keepWarm(true);
  try {
    for (w.n = 1; w.n <= STEPS; w.n++) {
      const [name, , run] = drawOp(w.r);
      const graphBefore = readBytesIfExists(w.ctx.paths.graphJson);
      let outcome = "done";
      try {
        run(w);
      } catch (e) {
        if (!isAkmsError(e)) throw e;
        outcome = `refused: ${e.code}`;
      }
      w.log.push(`${w.n} ${name} (${outcome})`);
      if (process.env.AKMS_SEQUENCE_LOG) console.error(`seed ${seed}: ${w.log.at(-1)}`);
      const where = `seed ${seed}, after ${w.log.join(" → ")}`;
      // A command that wrote graph.json wrote the compile of the sources as they are, hand changes
      // made before it included — checked before any reader compiles what it left behind.
      const graphAfter = readBytesIfExists(w.ctx.paths.graphJson);
      if (graphAfter !== null && !(graphBefore?.equals(graphAfter) ?? false)) {
        const full = fullCompile(w);
        if (full !== null) assert.equal(blankGeneratedAt(graphAfter.toString("utf8")), full, `${name} wrote a graph.json other than the --no-cache compile of the sources as they are, ${where}`);
      }
      const warmSays = await answers(warm);
      const fresh = await connect(w);
      let freshSays: string;
      try {
        freshSays = await answers(fresh);
      } finally {
        await fresh.close();
      }
      assert.equal(warmSays, freshSays, `a warm server answers differently from a fresh one, ${where}`);
      factsHold(w, where);
      const full = fullCompile(w);
      if (full === null) continue; // the sources do not compile (the readers said so, alike)
      const ctx = loadContext({ repo: w.repo, env: {} });
      const b = build(ctx, { env: ENV });
      assert.equal(b.written, false, `an ordinary build after the readers still had something to write, ${where}`);
      const report = execFileSync(process.execPath, [BIN, "review", "--report", "--out", "-", "--repo", w.repo], { env: ENV, encoding: "utf8" });
      assert.equal(consoleReview(w), report, `the console's review differs from a fresh report, ${where}`);
      assert.equal(blankGeneratedAt(readFileSync(ctx.paths.graphJson, "utf8")), full, `graph.json differs from the --no-cache compile, ${where}`);
      assertIndexIsGraph(ctx.paths, where);
    }
    assert.ok(w.factsChecked > 0, "the sequence checked no fact of the store");
  } finally {
    keepWarm(false);
    await warm.close();
  }
}

for (let i = 0; i < SEQUENCES; i++) {
  const seed = SEED + i;
  test(`random sequence ${i + 1}/${SEQUENCES} (seed ${seed}, ${STEPS} steps): graph.json = the full compile, warm = fresh`, { timeout: 600_000 }, () => runSequence(seed));
}
