// `akms diff A..B` (issue 38): what a branch changes in the knowledge, read from the two commits
// (not the work tree), as Markdown for a pull request and as JSON.
import { test } from "node:test";
import { diffMarkdown, type KnowledgeDiff } from "../../core/team/diff.js";
import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { akms, ROOT, tmp } from "../helpers.js";

const ENV = { AKMS_GLOBAL_VAULT: "", AKMS_QMD_BIN: "/nonexistent/qmd", GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" };

test("akms diff A..B lists a branch's new evidence, pitfall, decision, status change, new node and confidence moves; the same commits give the same bytes", () => {
  const dir = tmp("akms-diff-");
  cpSync(join(ROOT, "fixtures", "replay"), dir, { recursive: true });
  const repo = join(dir, "repo");
  const k = join(repo, "knowledge");
  const git = (...a: string[]) => {
    const r = spawnSync("git", a, { cwd: repo, env: { ...process.env, ...ENV }, encoding: "utf8" });
    assert.equal(r.status, 0, `git ${a.join(" ")}: ${r.stderr}`);
  };
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("commit", "-qm", "A");
  git("checkout", "-q", "-b", "side");
  const doc = readFileSync(join(k, "sessions", "rp-310.md"), "utf8")
    .replace(/rp-310/g, "rp-311")
    .replace(/timestamp: \S+/, "timestamp: 2026-11-30T10:00:00")
    .replace("pitfalls_discovered: []", 'pitfalls_discovered:\n  - node_ref: rate-limit-token-bucket\n    description: "The Lua script was loaded per request and evicted under memory pressure."\n    severity: medium');
  writeFileSync(join(k, "sessions", "rp-311.md"), doc);
  assert.equal(akms(["update", "knowledge/sessions/rp-311.md", "--repo", repo], { env: ENV, cwd: repo }).code, 0);
  assert.equal(akms(["draft", "cache-ttl-long", "--repo", repo], { env: ENV }).code, 0);
  writeFileSync(join(k, "local-nodes", "invoice-numbering.md"), "---\nid: invoice-numbering\ntitle: \"Invoice numbers without gaps\"\ndomain: software-eng\ntags:\n  - payments\nstatus: tentative\nconfidence: 0.6\nsource: human\nakms_schema: v2\n---\n\nNumbers come from one sequence per legal entity.\n");
  git("add", "-A");
  git("commit", "-qm", "B");
  // The work tree is not what is compared: an uncommitted change does not show.
  writeFileSync(join(k, "local-nodes", "uncommitted.md"), readFileSync(join(k, "local-nodes", "invoice-numbering.md"), "utf8").replace(/invoice-numbering/g, "uncommitted"));

  const r = akms(["diff", "main..side", "--threshold", "0.01", "--repo", repo, "--json"], { env: ENV });
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const d = r.json;
  assert.deepEqual(d.sessions.map((s: { id: string }) => s.id), ["session-rp-311"]);
  assert.deepEqual(d.pitfalls.map((p: { node: string; session: string }) => [p.node, p.session]), [["rate-limit-token-bucket", "session-rp-311"]]);
  assert.deepEqual(d.decisions.map((e: { action: string; id: string }) => [e.action, e.id]), [["draft", "cache-ttl-long"]]);
  assert.deepEqual(d.status, [{ id: "cache-ttl-long", from: "established", to: "draft" }]);
  assert.deepEqual(d.added.map((n: { id: string }) => n.id), ["invoice-numbering"]);
  assert.ok(d.confidence.length > 0 && d.confidence.every((c: { from: number; to: number }) => Math.abs(c.to - c.from) >= 0.01));
  assert.deepEqual(d.removed, []);
  // The default threshold (0.05) leaves out the +0.02 boosts of one useful report.
  const coarse = akms(["diff", "main..side", "--repo", repo, "--json"], { env: ENV });
  assert.ok(coarse.json.confidence.length < d.confidence.length);
  const md = akms(["diff", "main..side", "--repo", repo], { env: ENV });
  assert.equal(md.code, 0);
  assert.match(md.stdout, /^### Knowledge changes main\.\.side\n\n1 new node · 1 status change · /);
  assert.match(md.stdout, /\*\*New pitfall warnings\*\*[\s\S]*\| `rate-limit-token-bucket` \| session-rp-311 \| The Lua script was loaded per request/);
  assert.match(md.stdout, /\*\*Review decisions\*\*[\s\S]*\| draft \| `cache-ttl-long` \|/);
  assert.equal(akms(["diff", "main..side", "--repo", repo], { env: ENV }).stdout, md.stdout, "the same commits, the same bytes");
  assert.match(akms(["diff", "side..side", "--repo", repo], { env: ENV }).stdout, /No change to the knowledge\./);
  // Bad ranges are usage errors.
  const bad = akms(["diff", "main", "--repo", repo], { env: ENV });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /give a range A\.\.\.B or A\.\.B/);
  const unknown = akms(["diff", "main..nope", "--repo", repo], { env: ENV });
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /"nope" is not a commit here/);
});

test("akms diff A...B says what the branch did since it left A: what A gained meanwhile is not 'removed' by the branch", () => {
  const dir = tmp("akms-diff3-");
  cpSync(join(ROOT, "fixtures", "replay"), dir, { recursive: true });
  const repo = join(dir, "repo");
  const nodes = join(repo, "knowledge", "local-nodes");
  const git = (...a: string[]) => {
    const r = spawnSync("git", a, { cwd: repo, env: { ...process.env, ...ENV }, encoding: "utf8" });
    assert.equal(r.status, 0, `git ${a.join(" ")}: ${r.stderr}`);
    return r.stdout.trim();
  };
  const node = (id: string) => `---\nid: ${id}\ntitle: "${id}"\ndomain: software-eng\ntags:\n  - payments\nstatus: tentative\nconfidence: 0.6\nsource: human\nakms_schema: v2\n---\n\nText.\n`;
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("commit", "-qm", "A");
  const forkPoint = git("rev-parse", "HEAD");
  git("checkout", "-q", "-b", "side");
  writeFileSync(join(nodes, "on-the-branch.md"), node("on-the-branch"));
  git("add", "-A");
  git("commit", "-qm", "side");
  git("checkout", "-q", "main");
  writeFileSync(join(nodes, "on-main-meanwhile.md"), node("on-main-meanwhile"));
  git("add", "-A");
  git("commit", "-qm", "main moves on");

  const since = akms(["diff", "main...side", "--repo", repo, "--json"], { env: ENV });
  assert.equal(since.code, 0, since.stderr + since.stdout);
  assert.equal(since.json.base, forkPoint);
  assert.deepEqual(since.json.added.map((n: { id: string }) => n.id), ["on-the-branch"]);
  assert.deepEqual(since.json.removed, [], "main's new node is not the branch's doing");
  const md = akms(["diff", "main...side", "--repo", repo], { env: ENV });
  assert.match(md.stdout, new RegExp(`^### Knowledge changes main\\.\\.\\.side\\n\\nSince side left main \\(their merge base ${forkPoint.slice(0, 12)}\\)\\.\\n\\n1 new node\\n`));
  // The two commits compared (git diff's A..B): the node main gained reads as removed.
  const tips = akms(["diff", "main..side", "--repo", repo, "--json"], { env: ENV });
  assert.equal(tips.json.base, null);
  assert.deepEqual(tips.json.removed.map((n: { id: string }) => n.id), ["on-main-meanwhile"]);
  // Two histories that never met have no merge base: a usage error that says what to do.
  git("checkout", "-q", "--orphan", "alone");
  git("commit", "-qm", "alone");
  const apart = akms(["diff", "main...alone", "--repo", repo], { env: ENV });
  assert.equal(apart.code, 2);
  assert.match(apart.stderr, /main and alone have no common history[\s\S]*akms diff main\.\.alone/);
});

test("the diff's counts agree with their number, each in its own words (not 'confidence move ≥ 0.05s' or 'session applieds')", () => {
  const two = <T>(x: T): T[] => [x, x];
  const d: KnowledgeDiff = {
    ok: true, from: "main", to: "side", base: null, threshold: 0.05,
    added: two({ id: "a", status: "tentative", origin: "local", title: "A" }),
    removed: two({ id: "r", title: "R" }),
    status: two({ id: "s", from: "tentative", to: "established" }),
    confidence: two({ id: "c", from: 0.8, to: 0.6 }),
    sessions: two({ id: "session-t", phase: 1, outcome: "success" }),
    pitfalls: two({ node: "p", session: "session-t", note: "n" }),
    decisions: two({ seq: 1, action: "promote", id: "a", at: "2026-12-07T00:00:00Z" }),
  };
  assert.match(diffMarkdown(d), /\n2 new nodes · 2 status changes · 2 confidence moves ≥ 0\.05 · 2 new pitfall warnings · 2 sessions applied · 2 review decisions · 2 nodes removed\n/);
  const one = { ...d, added: d.added.slice(1), confidence: d.confidence.slice(1), sessions: d.sessions.slice(1), removed: d.removed.slice(1) };
  assert.match(diffMarkdown(one), /\n1 new node · 2 status changes · 1 confidence move ≥ 0\.05 · 2 new pitfall warnings · 1 session applied · 2 review decisions · 1 node removed\n/);
});

test("a pitfall note of several lines (two agents' reports on one edge) keeps its lines in its table cell", () => {
  const d: KnowledgeDiff = {
    ok: true, from: "main", to: "side", base: null, threshold: 0.05, added: [], removed: [], status: [], confidence: [], sessions: [], decisions: [],
    pitfalls: [{ node: "p", session: "session-phase2", note: "t2: the cap | jitter\nt3: the cap" }],
  };
  assert.match(diffMarkdown(d), /\n\| `p` \| session-phase2 \| t2: the cap \\\| jitter<br>t3: the cap \|\n/);
});
