// The git the orchestrator needs — branches, a clean-tree check, the phase's changed files,
// commits and merges — always run with argv arrays (mirror/select.ts's runner), never a shell.
import { AkmsError } from "../errors.js";
import { git, gitWorkTree } from "../mirror/select.js";

/**
 * Paths that never count as uncommitted work and are never committed: the orchestrator's own
 * state (it must survive branch switches) and akms's transient files (lock, caches, journal).
 */
export const NOT_WORK = ["knowledge/orchestrator/", "knowledge/graph/.akms.lock", "knowledge/graph/.cache/", "knowledge/graph/.qmd_cache/", "knowledge/graph/.txn/"];

/** Derived from the sources and rebuilt by every stage: carried onto (and committed on) the phase branch, never "uncommitted work". */
export const DERIVED = ["knowledge/graph/graph.json"];

const notWork = (p: string) => NOT_WORK.some((x) => (x.endsWith("/") ? p.startsWith(x) || p + "/" === x : p === x));

function failed(what: string, r: { stderr: string }, hint: string): AkmsError {
  const first = r.stderr.trim().split("\n").find((l) => l.trim()) ?? "unknown error";
  return new AkmsError("GIT_FAILED", `git ${what} failed: ${first}`, { hint });
}

export function requireGit(repo: string): void {
  const t = gitWorkTree(repo);
  if (t.missing) throw new AkmsError("NO_GIT", "git is not installed (or not on PATH); the orchestrator runs each phase on its own git branch", { hint: "install git" });
  if (!t.ok || t.stdout.trim() !== "true") {
    throw new AkmsError("NOT_A_GIT_REPO", `${repo} is not a git repository; the orchestrator runs each phase on its own branch`, { hint: "run `git init` and commit your work, then `akms orchestrate init` again" });
  }
}

export function revParse(repo: string, ref: string): string | null {
  const r = git(repo, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
  return r.ok ? r.stdout.trim() : null;
}

export function branchExists(repo: string, name: string): boolean {
  return git(repo, ["show-ref", "--verify", "--quiet", `refs/heads/${name}`]).ok;
}

/** The checked-out branch, or null on a detached HEAD. */
export function currentBranch(repo: string): string | null {
  const r = git(repo, ["symbolic-ref", "--quiet", "--short", "HEAD"]);
  return r.ok ? r.stdout.trim() : null;
}

export function validBranchName(repo: string, name: string): boolean {
  return git(repo, ["check-ref-format", "--branch", name]).ok;
}

/** Uncommitted work (tracked changes and untracked files), without akms's own transient files. */
export function dirtyFiles(repo: string): string[] {
  const r = git(repo, ["status", "--porcelain=v1", "-z", "--untracked-files=all"]);
  if (!r.ok) throw failed("status", r, "check the repository with `git status`");
  const parts = r.stdout.split("\0");
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const entry = parts[i]!;
    if (entry.length < 4) continue;
    const xy = entry.slice(0, 2);
    const path = entry.slice(3);
    if (xy[0] === "R" || xy[0] === "C") i++; // the rename's source follows
    if (!notWork(path) && !DERIVED.includes(path)) out.push(path);
  }
  return [...new Set(out)].sort();
}

export function requireClean(repo: string, when: string): void {
  const dirty = dirtyFiles(repo);
  if (!dirty.length) return;
  const shown = dirty.slice(0, 15).join(", ") + (dirty.length > 15 ? `, … (${dirty.length - 15} more)` : "");
  throw new AkmsError("DIRTY_TREE", `the working tree has uncommitted changes, so ${when} cannot start: ${shown}`, {
    hint: "commit them (or `git stash -u`), then `akms orchestrate next`; the orchestrator's own state in knowledge/orchestrator/ does not count",
  });
}

/** Creates `name` at `from` and checks it out (the tree is clean: checked before). */
export function createBranch(repo: string, name: string, from: string): void {
  const r = git(repo, ["checkout", "-q", "-b", name, from]);
  if (!r.ok) throw failed(`checkout -b ${name} ${from}`, r, "check the branch names and the working tree with `git status`");
}

export function checkout(repo: string, name: string): void {
  if (currentBranch(repo) === name) return;
  const r = git(repo, ["checkout", "-q", name]);
  if (!r.ok) throw failed(`checkout ${name}`, r, "commit or stash your changes, then retry");
}

const TRANSIENT = NOT_WORK.map((p) => p.replace(/\/$/, ""));

/** Commits every change but akms's transient files; returns the new commit, or null when there was nothing. */
export function commitAll(repo: string, message: string): string | null {
  const add = git(repo, ["add", "-A", "--", "."]);
  if (!add.ok) throw failed("add", add, "check the repository with `git status`");
  // Where the repository does not ignore them, akms's transient files are taken out again.
  const unstage = git(repo, ["reset", "-q", "--", ...TRANSIENT]);
  if (!unstage.ok) throw failed("reset", unstage, "check the repository with `git status`");
  if (git(repo, ["diff", "--cached", "--quiet"]).ok) return null;
  const c = git(repo, ["commit", "-q", "--no-verify", "-m", message]);
  if (!c.ok) {
    const identity = /user\.(email|name)|identity|Please tell me who you are/i.test(c.stderr);
    throw failed("commit", c, identity ? "set your identity: git config user.name \"…\" and git config user.email \"…\", then `akms orchestrate next`" : "fix the problem git reports, then `akms orchestrate next`");
  }
  return revParse(repo, "HEAD");
}

export function isAncestor(repo: string, a: string, b: string): boolean {
  return git(repo, ["merge-base", "--is-ancestor", a, b]).ok;
}

export interface MergeOutcome {
  ok: boolean;
  conflicts: string[];
  message: string;
}

/**
 * Merges `branch` into the current branch (a merge commit); on a conflict the merge is aborted.
 * `config`: git `-c` options for the merge (the akms merge driver's, core/team/register.ts).
 */
export function merge(repo: string, branch: string, message: string, config: readonly string[] = []): MergeOutcome {
  const r = git(repo, [...config, "merge", "--no-ff", "--no-edit", "-m", message, branch]);
  if (r.ok) return { ok: true, conflicts: [], message: "" };
  const u = git(repo, ["diff", "--name-only", "--diff-filter=U", "-z"]);
  const conflicts = u.ok ? u.stdout.split("\0").filter(Boolean).sort() : [];
  git(repo, ["merge", "--abort"]);
  return { ok: false, conflicts, message: (r.stdout + "\n" + r.stderr).trim().split("\n").find((l) => /CONFLICT|error|fatal/.test(l)) ?? "merge failed" };
}

export interface FileChange {
  path: string;
  change: "created" | "modified" | "deleted";
}

/** Files changed since `base` (committed, staged, unstaged and untracked), outside knowledge/. */
export function changedSince(repo: string, base: string): FileChange[] {
  const out = new Map<string, FileChange["change"]>();
  const d = git(repo, ["diff", "--name-status", "--no-renames", "-z", base]);
  if (!d.ok) throw failed(`diff ${base}`, d, "check that the phase's base commit still exists");
  const parts = d.stdout.split("\0").filter(Boolean);
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const st = parts[i]!;
    const path = parts[i + 1]!;
    out.set(path, st.startsWith("A") ? "created" : st.startsWith("D") ? "deleted" : "modified");
  }
  const u = git(repo, ["ls-files", "--others", "--exclude-standard", "-z"]);
  if (u.ok) for (const p of u.stdout.split("\0").filter(Boolean)) out.set(p, "created");
  return [...out.entries()]
    .filter(([p]) => p !== "knowledge" && !p.startsWith("knowledge/"))
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([path, change]) => ({ path, change }));
}
