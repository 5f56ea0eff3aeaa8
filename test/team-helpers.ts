// Real git repositories for the merge driver's tests: a built knowledge base with the driver
// registered, evidence documents, and the reference (everything applied on the base in one update).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, pathWithAkms } from "./helpers.js";
import { ENV, kb, memory, run, type Scratch } from "./update-helpers.js";

export type { Scratch };

export function git(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}): { code: number; out: string } {
  const r = spawnSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, PATH: pathWithAkms(), ...ENV, ...env, GIT_AUTHOR_DATE: "2026-03-01T00:00:00Z", GIT_COMMITTER_DATE: "2026-03-01T00:00:00Z" } });
  return { code: r.status ?? -1, out: (r.stdout ?? "") + (r.stderr ?? "") };
}

export function ok(cwd: string, args: string[]): string {
  const r = git(cwd, args);
  assert.equal(r.code, 0, `git ${args.join(" ")}: ${r.out}`);
  return r.out;
}

export const GLOBALS = [
  { id: "g-api", domain: "web", edges: [{ to: "g-db", type: "requires", weight: 0.8 }] },
  { id: "g-db", domain: "web", confidence: 0.7 },
  { id: "g-cache", domain: "web", confidence: 0.6, edges: [{ to: "g-db", type: "feeds-into", weight: 0.5 }] },
  { id: "g-auth", domain: "security", confidence: 0.9 },
];
export const LOCALS = [
  {
    id: "l-retry",
    domain: "web",
    status: "tentative",
    confidence: 0.5,
    source: "agent",
    title: "Retry the flaky upstream call",
    body: "# Retry\n\n## content_draft\n\nretry the flaky upstream call with backoff and jitter before failing the request\n",
  },
];

/** A git repository holding a built knowledge base, the driver registered, one commit on main. */
export function teamRepo(): Scratch {
  const s = kb(GLOBALS, LOCALS);
  ok(s.repo, ["init", "-q", "-b", "main"]);
  ok(s.repo, ["config", "user.email", "t@example.com"]);
  ok(s.repo, ["config", "user.name", "T"]);
  assert.equal(run(s, ["init"]).code, 0);
  const g = run(s, ["init", "--git"]);
  assert.equal(g.code, 0, g.stderr);
  commitAll(s, "base");
  return s;
}

export function commitAll(s: Scratch, message: string): void {
  ok(s.repo, ["add", "-A"]);
  ok(s.repo, ["commit", "-q", "--allow-empty", "-m", message]);
}

/**
 * Where the repository stands, for a failure's message: the branch, the commits, git's view of the
 * work tree and the local node files (a test that failed once and never again must say enough).
 */
export function standing(s: Scratch): string {
  const local = join(s.knowledge, "local-nodes");
  let files: string;
  try {
    files = readdirSync(local).sort().join(" ");
  } catch (e) {
    files = String(e);
  }
  return [
    `branch: ${git(s.repo, ["rev-parse", "--abbrev-ref", "HEAD"]).out.trim()}`,
    `log: ${git(s.repo, ["log", "--oneline", "--graph", "--all", "-n", "20"]).out.trim()}`,
    `status: ${git(s.repo, ["status", "--porcelain", "--ignored"]).out.trim()}`,
    `knowledge/local-nodes/: ${files}`,
  ].join("\n");
}

/** Writes each document outside the repository and applies them, one update per call, on the current branch. */
export function apply(s: Scratch, docs: Record<string, string>): void {
  mkdirSync(join(s.dir, "docs"), { recursive: true });
  for (const [name, text] of Object.entries(docs)) {
    const f = join(s.dir, "docs", `${name}.md`);
    writeFileSync(f, text);
    const u = run(s, ["update", f]);
    assert.equal(u.code, 0, `akms update ${name}: ${u.stderr}\n${standing(s)}`);
  }
}

export const DOCS = {
  a1: memory({ task: "A-1", date: "2026-03-02", used: [{ id: "g-api", useful: true, coverage: "sufficient" }, { id: "g-db", useful: true, coverage: "missing-detail" }] }),
  a2: memory({
    task: "A-2",
    date: "2026-03-05",
    used: [{ id: "g-cache", useful: true, coverage: "sufficient" }],
    pitfalls: [{ node_ref: "g-db", description: "pool exhausted under load", severity: "high" }],
    knowledge: [{ suggested_id: "n-pool", domain: "web", title: "Size the connection pool", content_draft: "size the database connection pool to twice the worker count" }],
  }),
  a3: memory({ task: "A-3", date: "2026-03-07", knowledge: [{ suggested_id: "retry-upstream", domain: "web", title: "Retry the flaky upstream call", content_draft: "retry the flaky upstream call with backoff and jitter before failing" }] }),
  b1: memory({ task: "B-1", date: "2026-03-03", used: [{ id: "g-api", useful: true, coverage: "outdated" }, { id: "g-auth", useful: true, coverage: "sufficient" }] }),
  b2: memory({ task: "B-2", date: "2026-03-04", pitfalls: [{ node_ref: "g-api", description: "timeouts hide the real error", severity: "medium" }] }),
  b3: memory({ task: "B-3", date: "2026-03-06", used: [{ id: "g-db", useful: false, coverage: "outdated" }], knowledge: [{ suggested_id: "retry-flaky", domain: "web", title: "Retry the flaky upstream call", content_draft: "retry the flaky upstream call with backoff and jitter before failing the request" }] }),
  c1: memory({ task: "C-1", date: "2026-03-01", used: [{ id: "g-auth", useful: true, coverage: "missing-detail" }] }),
};

/** The canonical order: the documents' dates, then their session ids. */
export const CANONICAL = (names: string[]) => names.sort((x, y) => (DOCS as Record<string, string>)[x]!.match(/timestamp: (\S+)/)![1]!.localeCompare((DOCS as Record<string, string>)[y]!.match(/timestamp: (\S+)/)![1]!) || x.localeCompare(y));

/** A clone of `commit` beside the repository (same ../vault), with `names` applied in one update in the canonical order. */
export function reference(s: Scratch, commit: string, names: string[]): string {
  const dir = join(s.dir, "ref");
  rmSync(dir, { recursive: true, force: true });
  ok(s.dir, ["clone", "-q", s.repo, dir]);
  ok(dir, ["checkout", "-q", commit]);
  const files = CANONICAL([...names]).map((n) => join(s.dir, "docs", `${n}.md`));
  for (const [n, text] of Object.entries(DOCS)) writeFileSync(join(s.dir, "docs", `${n}.md`), text);
  const u = spawnSync(process.execPath, [BIN, "update", ...files, "--repo", dir], { encoding: "utf8", env: { ...process.env, ...ENV, NO_COLOR: "1" } });
  assert.equal(u.status, 0, `akms update (the reference, in ${dir}): ${u.stderr}\n${standing({ ...s, repo: dir, knowledge: join(dir, "knowledge") })}`);
  return dir;
}


export const overlay = (dir: string) => readFileSync(join(dir, "knowledge", "graph", "local_state.yaml"), "utf8");
export const head = (s: Scratch) => ok(s.repo, ["rev-parse", "HEAD"]).trim();
