// `akms diff A..B`: what a branch changes in the knowledge, for a pull request's comment — new and
// removed nodes, status changes (promoted, drafted, deprecated), confidence moves of at least a
// threshold, the evidence applied (sessions), new pitfall warnings, and the review decisions taken.
// Each side is knowledge/ as committed at that revision (`git archive`), compiled in a scratch
// directory with this repository's vault; the work tree is not read or written. Deterministic: the
// same two commits give the same Markdown and JSON. As in `git diff`, A..B compares the two commits
// and A...B compares B with its merge base with A: what the branch did since it left A, so that what
// A gained meanwhile is not reported as removed by the branch.
import { spawnSync } from "node:child_process";
import { join, relative } from "node:path";
import type { Context } from "../context.js";
import { loadContext } from "../context.js";
import { AkmsError, UsageError } from "../errors.js";
import { withScratchDir } from "../fsx.js";
import { build } from "../compiler/build.js";
import { openGraph, type GNode, type GraphIndex } from "../graph.js";
import { readJournal, type JournalEntry } from "../review/journal.js";
import { plural } from "../plural.js";
import { oneLine } from "../control-chars.js";

export interface KnowledgeDiff {
  ok: true;
  from: string;
  to: string;
  /** A...B: the merge base the branch is compared with (its commit id); A..B: null. */
  base: string | null;
  threshold: number;
  added: { id: string; status: string; origin: string; title: string }[];
  removed: { id: string; title: string }[];
  status: { id: string; from: string; to: string }[];
  confidence: { id: string; from: number; to: number }[];
  sessions: { id: string; phase: number | null; outcome: string | null }[];
  pitfalls: { node: string; session: string; note: string }[];
  decisions: { seq: number; action: string; id: string; at: string }[];
}

/** knowledge/ at `rev`, compiled in a scratch directory; `use` reads it before the directory goes. */
function atRevision<T>(ctx: Context, rev: string, env: NodeJS.ProcessEnv, use: (graph: GraphIndex, journal: readonly JournalEntry[]) => T): T {
  const rel = relative(ctx.repo, ctx.paths.knowledge).split("\\").join("/");
  verifyCommit(ctx, rev);
  const tar = spawnSync("git", ["archive", "--format=tar", rev, "--", rel], { cwd: ctx.repo, maxBuffer: 1 << 30 });
  if (tar.status !== 0) throw new AkmsError("DIFF", `git archive ${rev} -- ${rel} failed: ${tar.stderr.toString().trim()}`, { hint: `is ${rel}/ committed at ${rev}?` });
  // The archive's paths start at the work tree's top: the repository may be a directory inside it.
  const prefix = spawnSync("git", ["rev-parse", "--show-prefix"], { cwd: ctx.repo, encoding: "utf8" }).stdout.trim();
  return withScratchDir("akms-diff-", (dir) => {
    const x = spawnSync("tar", ["-x", "-C", dir], { input: tar.stdout });
    if (x.status !== 0) throw new AkmsError("DIFF", `unpacking ${rev}'s knowledge/ failed: ${x.stderr.toString().trim()}`);
    const sctx = loadContext({ repo: join(dir, prefix), vault: ctx.vault.path, env: {} });
    build(sctx, { env, noCache: true });
    let journal: JournalEntry[] = [];
    try {
      journal = readJournal(sctx).entries;
    } catch {
      /* an unreadable journal at that revision: no decisions to list */
    }
    return use(openGraph(sctx.paths), journal);
  });
}

/** The merge base of `a` and `b` (both commits git knows), for A...B. */
function mergeBase(ctx: Context, a: string, b: string): string {
  for (const rev of [a, b]) verifyCommit(ctx, rev);
  const r = spawnSync("git", ["merge-base", a, b], { cwd: ctx.repo, encoding: "utf8" });
  if (r.status !== 0) throw new UsageError(`${a} and ${b} have no common history (no merge base)`, `compare the two commits instead: akms diff ${a}..${b}`);
  return r.stdout.trim();
}

function verifyCommit(ctx: Context, rev: string): void {
  const ok = spawnSync("git", ["rev-parse", "--verify", "--quiet", `${rev}^{commit}`], { cwd: ctx.repo, encoding: "utf8" });
  if (ok.status !== 0) throw new UsageError(`"${rev}" is not a commit here`, "give two revisions git knows: akms diff main...my-branch");
}

const isKnowledge = (n: GNode) => n.domain !== "session" && n.node_origin !== "code-mirror";
const str = (v: unknown) => (typeof v === "string" ? v : "");
const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function knowledgeDiff(ctx: Context, range: string, opts: { env: NodeJS.ProcessEnv; threshold?: number }): KnowledgeDiff {
  const m = /^([^.\s]+)(\.\.\.?)([^.\s]+)$/.exec(range);
  if (!m) throw new UsageError(`give a range A...B or A..B (got "${range}")`, "akms diff main...my-branch: what the branch changed since it left main (main..my-branch compares the two commits)");
  const [, from, dots, to] = m as unknown as [string, string, string, string];
  const base = dots === "..." ? mergeBase(ctx, from, to) : null;
  const threshold = opts.threshold ?? 0.05;
  type Side = { nodes: GraphIndex["nodes"]; pitfalls: Set<string>; notes: Map<string, string>; journal: readonly JournalEntry[] };
  const side = (rev: string): Side =>
    atRevision(ctx, rev, opts.env, (g, journal) => {
      const pitfalls = new Set<string>();
      const notes = new Map<string, string>();
      for (const l of g.links()) if (l.type === "pitfall") {
        pitfalls.add(`${l.source}\0${l.target}`);
        notes.set(`${l.source}\0${l.target}`, str(l.note));
      }
      return { nodes: g.nodes, pitfalls, notes, journal };
    });
  const a = side(base ?? from);
  const b = side(to);
  const d: KnowledgeDiff = { ok: true, from, to, base, threshold, added: [], removed: [], status: [], confidence: [], sessions: [], pitfalls: [], decisions: [] };
  for (const n of b.nodes.values()) {
    const old = a.nodes.get(n.id);
    if (n.domain === "session") {
      if (!old) d.sessions.push({ id: n.id, phase: typeof n.phase === "number" ? n.phase : null, outcome: typeof n.outcome === "string" ? n.outcome : null });
      continue;
    }
    if (!isKnowledge(n)) continue;
    if (!old) {
      d.added.push({ id: n.id, status: str(n.status), origin: str(n.node_origin), title: str(n.title) });
      continue;
    }
    if (old.status !== n.status) d.status.push({ id: n.id, from: str(old.status), to: str(n.status) });
    const [c0, c1] = [old.confidence, n.confidence];
    if (typeof c0 === "number" && typeof c1 === "number" && Math.abs(c1 - c0) >= threshold) d.confidence.push({ id: n.id, from: c0, to: c1 });
  }
  for (const n of a.nodes.values()) if (isKnowledge(n) && !b.nodes.has(n.id)) d.removed.push({ id: n.id, title: str(n.title) });
  for (const k of [...b.pitfalls].sort()) {
    if (a.pitfalls.has(k)) continue;
    const [node, session] = k.split("\0") as [string, string];
    d.pitfalls.push({ node, session, note: b.notes.get(k) ?? "" });
  }
  const seen = new Set(a.journal.map((e) => `${e.seq}\0${e.at}\0${e.action}\0${e.id}`));
  for (const e of b.journal) if (!seen.has(`${e.seq}\0${e.at}\0${e.action}\0${e.id}`)) d.decisions.push({ seq: e.seq, action: e.action, id: e.id, at: e.at });
  d.added.sort(byId);
  d.removed.sort(byId);
  d.status.sort(byId);
  d.confidence.sort(byId);
  d.sessions.sort(byId);
  return d;
}

/** A table cell: pipes escaped; a note of several lines (two agents' pitfalls on one edge) keeps its lines as <br>. */
const cell = (s: string) =>
  s
    .split("\n")
    .map((l) => oneLine(l.replace(/\|/g, "\\|")))
    .filter(Boolean)
    .join("<br>") || "—";
const f3 = (x: number) => x.toFixed(3);

/** The pull-request comment: a line of counts, then a table per kind of change that has any. */
export function diffMarkdown(d: KnowledgeDiff): string {
  const counts: [number, string, string][] = [
    [d.added.length, "new node", "new nodes"],
    [d.status.length, "status change", "status changes"],
    [d.confidence.length, `confidence move ≥ ${d.threshold}`, `confidence moves ≥ ${d.threshold}`],
    [d.pitfalls.length, "new pitfall warning", "new pitfall warnings"],
    [d.sessions.length, "session applied", "sessions applied"],
    [d.decisions.length, "review decision", "review decisions"],
    [d.removed.length, "node removed", "nodes removed"],
  ];
  const said = counts.filter(([n]) => n > 0).map(([n, one, many]) => plural(n, one, many));
  const out = [`### Knowledge changes ${d.from}${d.base === null ? ".." : "..."}${d.to}`, ...(d.base === null ? [] : ["", `Since ${d.to} left ${d.from} (their merge base ${d.base.slice(0, 12)}).`]), "", said.length ? said.join(" · ") : "No change to the knowledge."];
  const table = (title: string, head: string[], rows: string[][]) => {
    if (!rows.length) return;
    out.push("", `**${title}**`, "", `| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`));
  };
  table("New nodes", ["node", "status", "origin", "title"], d.added.map((n) => [`\`${n.id}\``, n.status, n.origin, n.title]));
  table("Status changes", ["node", "from", "to"], d.status.map((s) => [`\`${s.id}\``, s.from, s.to]));
  table(`Confidence moves (≥ ${d.threshold})`, ["node", "from", "to", "Δ"], d.confidence.map((c) => [`\`${c.id}\``, f3(c.from), f3(c.to), `${c.to >= c.from ? "+" : ""}${f3(c.to - c.from)}`]));
  table("New pitfall warnings", ["node", "session", "warning"], d.pitfalls.map((p) => [`\`${p.node}\``, p.session, p.note]));
  table("Sessions applied", ["session", "phase", "outcome"], d.sessions.map((s) => [s.id, s.phase === null ? "—" : String(s.phase), s.outcome ?? "—"]));
  table("Review decisions", ["#", "action", "node", "at"], d.decisions.map((e) => [String(e.seq), e.action, `\`${e.id}\``, e.at]));
  table("Nodes removed", ["node", "title"], d.removed.map((n) => [`\`${n.id}\``, n.title]));
  return out.join("\n") + "\n";
}
