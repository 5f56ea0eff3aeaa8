// What the merge driver asks git while a merge, rebase or cherry-pick is in progress: which commit
// the other side's version of a file comes from, the merge base, and files' bytes at commits.
// Git writes the working tree only after every file is merged, so the other side's files are read
// from its commit, never from disk. Always argv arrays, never a shell.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

function run(top: string, args: string[], input?: string): Buffer | null {
  const r = spawnSync("git", args, { cwd: top, input, maxBuffer: 1 << 30, timeout: 120_000 });
  return r.error || r.status !== 0 ? null : r.stdout;
}

function lines(out: Buffer | null): string[] {
  return out ? out.toString("utf8").split("\n").filter(Boolean) : [];
}

/** Whether the index holds `path` (repository-relative) as unmerged: a conflict git recorded and no one has `git add`ed since. */
export function isUnmerged(top: string, path: string): boolean {
  return lines(run(top, ["ls-files", "-u", "--", path])).length > 0;
}

/** The blob id git gives `file`'s bytes. */
export function blobIdOf(top: string, file: string): string | null {
  return lines(run(top, ["hash-object", "--", file]))[0] ?? null;
}

/**
 * The bytes of each `<commit>:<path>` asked for (null where there is no such file), read in one
 * `git cat-file --batch` process.
 */
export function readBlobs(top: string, specs: readonly string[]): (Buffer | null)[] {
  if (!specs.length) return [];
  const out = run(top, ["cat-file", "--batch"], specs.join("\n") + "\n");
  const found: (Buffer | null)[] = [];
  if (!out) return specs.map(() => null);
  let at = 0;
  for (let i = 0; i < specs.length; i++) {
    const nl = out.indexOf(0x0a, at);
    if (nl < 0) break;
    const head = out.subarray(at, nl).toString("utf8").split(" ");
    at = nl + 1;
    if (head.length !== 3 || head[1] === "missing" || head[2] === undefined) {
      found.push(null);
      continue;
    }
    const size = Number(head[2]);
    found.push(head[1] === "blob" ? Buffer.from(out.subarray(at, at + size)) : null);
    at += size + 1; // the bytes, then a newline
  }
  while (found.length < specs.length) found.push(null);
  return found;
}

/** The blob id of each `<commit>:<path>` (null where missing), in one `git cat-file --batch-check`. */
function blobIds(top: string, specs: readonly string[]): (string | null)[] {
  if (!specs.length) return [];
  const out = lines(run(top, ["cat-file", "--batch-check"], specs.join("\n") + "\n"));
  return specs.map((_, i) => {
    const parts = (out[i] ?? "").split(" ");
    return parts.length === 3 && parts[1] === "blob" ? parts[0]! : null;
  });
}

function revParse(top: string, ref: string): string | null {
  return lines(run(top, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]))[0] ?? null;
}

/** The commit being picked or merged, as the sequencer and merge record it (when they already have). */
function inProgress(top: string, env: NodeJS.ProcessEnv): string[] {
  const out: string[] = [];
  for (const ref of ["MERGE_HEAD", "CHERRY_PICK_HEAD", "REBASE_HEAD", "REVERT_HEAD"]) {
    const c = revParse(top, ref);
    if (c) out.push(c);
  }
  for (const k of Object.keys(env)) if (/^GITHEAD_[0-9a-f]{40,64}$/.test(k)) out.push(k.slice(8));
  // A rebase's current pick is the last line of its "done" list.
  const done = lines(run(top, ["rev-parse", "--git-path", "rebase-merge/done"]))[0];
  if (done) {
    const abs = done.startsWith("/") ? done : `${top}/${done}`;
    if (existsSync(abs)) {
      const last = readFileSync(abs, "utf8").trim().split("\n").at(-1) ?? "";
      const sha = /^\S+\s+([0-9a-f]{7,64})\b/.exec(last)?.[1];
      const c = sha ? revParse(top, sha) : null;
      if (c) out.push(c);
    }
  }
  return out;
}

/**
 * The commit whose version of `path` has the blob id `blob`: the commit git is merging in (its
 * version of the file is the driver's "theirs"). Looked for among what git records of the operation
 * in progress, then every ref's tip, then the commits that changed the file, newest first.
 */
export function commitWithBlob(top: string, path: string, blob: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const tried = new Set<string>();
  const look = (commits: readonly string[]): string | null => {
    const fresh = commits.filter((c) => !tried.has(c));
    fresh.forEach((c) => tried.add(c));
    const ids = blobIds(top, fresh.map((c) => `${c}:${path}`));
    const i = ids.indexOf(blob);
    return i < 0 ? null : fresh[i]!;
  };
  return (
    look(inProgress(top, env)) ??
    look(lines(run(top, ["for-each-ref", "--format=%(objectname) %(objecttype)", "refs/"])).filter((l) => l.endsWith(" commit")).map((l) => l.split(" ")[0]!)) ??
    look(lines(run(top, ["rev-list", "--all", "--max-count=5000", "--", path])))
  );
}

/** Whether git is in the middle of a rebase (its own state directories, as `git status` reads them). */
export function inRebase(top: string): boolean {
  return ["rebase-merge", "rebase-apply"].some((d) => {
    const p = lines(run(top, ["rev-parse", "--git-path", d]))[0];
    return p !== undefined && existsSync(p.startsWith("/") ? p : `${top}/${p}`);
  });
}

export function mergeBase(top: string, a: string, b: string): string | null {
  return lines(run(top, ["merge-base", a, b]))[0] ?? null;
}

export function headCommit(top: string): string | null {
  return revParse(top, "HEAD");
}

/** The paths of the files under `dir` at `commit` (repository-relative). */
export function filesAt(top: string, commit: string, dir: string): string[] {
  return lines(run(top, ["ls-tree", "-r", "--name-only", commit, "--", dir]));
}

/** git's own three-way merge of three files, with conflict markers (`git merge-file -p`). */
export function mergeFileText(top: string, ours: string, base: string, theirs: string, labels: [string, string, string]): { text: Buffer; clean: boolean } {
  const r = spawnSync("git", ["merge-file", "-p", "-L", labels[0], "-L", labels[1], "-L", labels[2], ours, base, theirs], { cwd: top, maxBuffer: 1 << 30 });
  return { text: r.stdout ?? Buffer.alloc(0), clean: r.status === 0 };
}
