// Which source files a mirror run looks at: named files, a PCD's file lists, the git diff against
// a base, or every source file of the configured languages. git is always run with argv arrays.
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, readdirSync, readFileSync, statSync, type Dirent } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { Context } from "../context.js";
import { AkmsError, UsageError, ValidationError, type Problem } from "../errors.js";
import { parseFrontmatter } from "../frontmatter.js";
import { checkSchema } from "../schema-check.js";
import { Pcd } from "../schemas/evidence.js";
import { displayPath, resolveInside } from "../paths.js";
import { memoRealpath } from "../fsx.js";
import { TS_EXTENSIONS } from "./typescript.js";
import type { Language } from "./types.js";

const EXTENSIONS: Record<string, Language> = { ".py": "python", ...TS_EXTENSIONS };

/** The language of a path by its extension, if that language is configured (`.d.ts` has no bodies: never). */
export function languageOf(path: string, languages: readonly string[]): Language | null {
  if (/\.d\.[cm]?ts$/i.test(path)) return null;
  const dot = path.lastIndexOf(".");
  if (dot < 0 || dot < path.lastIndexOf("/")) return null;
  const lang = EXTENSIONS[path.slice(dot).toLowerCase()];
  return lang && languages.includes(lang) ? lang : null;
}

export type SelectionMode = "files" | "pcd" | "since" | "all";

export interface SelectedFile {
  /** Repository-relative POSIX path. */
  path: string;
  /** Named on the command line: a file that cannot be mirrored is an error, not a skip. */
  explicit: boolean;
}

export interface Selection {
  mode: SelectionMode;
  /** --since: the ref compared against. */
  ref?: string;
  /** --pcd: the PCD's path and phase. */
  pcd?: string;
  pcdPhase?: number;
  files: SelectedFile[];
  /** --all: the listing it came from (every mirror-able source), so it is not listed twice. */
  listing?: string[];
}

export interface SelectOptions {
  files?: string[];
  pcd?: string;
  /** A ref, or "" / true for the configured base branch. */
  since?: string | boolean;
  all?: boolean;
  cwd?: string;
}

interface GitResult {
  ok: boolean;
  missing: boolean;
  stdout: string;
  stderr: string;
}

export function git(repo: string, args: string[]): GitResult {
  const r = spawnSync("git", args, { cwd: repo, encoding: "utf8", maxBuffer: 256 << 20, timeout: 60_000 });
  if (r.error) return { ok: false, missing: (r.error as NodeJS.ErrnoException).code === "ENOENT", stdout: "", stderr: r.error.message };
  return { ok: r.status === 0, missing: false, stdout: r.stdout, stderr: r.stderr };
}

const splitZ = (s: string) => s.split("\0").filter(Boolean);

/** True when `repo` is inside a git work tree (and git runs). */
export function gitWorkTree(repo: string): GitResult {
  return git(repo, ["rev-parse", "--is-inside-work-tree"]);
}

/**
 * Every file of the configured languages: `git ls-files` (tracked plus untracked-but-not-ignored)
 * when the repository is a git work tree, else a directory walk that skips node_modules, .git,
 * dot-directories, Python virtual environments and knowledge/.
 */
export function listSourceFiles(repo: string, languages: readonly string[]): string[] {
  // ls-files fails outside a work tree (or without git): then the walk.
  const r = git(repo, ["ls-files", "-z", "--cached", "--others", "--exclude-standard"]);
  const paths = r.ok ? splitZ(r.stdout) : walk(repo);
  const out = new Set<string>();
  for (const p of paths) {
    if (p === "knowledge" || p.startsWith("knowledge/") || p.split("/").includes("node_modules")) continue;
    if (languageOf(p, languages)) out.add(p);
  }
  return [...out].sort();
}

function walk(repo: string): string[] {
  const out: string[] = [];
  const visit = (dir: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    if (dir !== repo && entries.some((e) => e.name === "pyvenv.cfg")) return; // a virtualenv
    for (const e of entries) {
      const full = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name.startsWith(".") || e.name === "node_modules" || e.name === "__pycache__") continue;
        if (dir === repo && e.name === "knowledge") continue;
        visit(full);
      } else if (e.isFile() || e.isSymbolicLink()) {
        out.push(relative(repo, full).split(sep).join("/"));
      }
    }
  };
  visit(repo);
  return out;
}

/** A user-given path (relative to cwd) or a PCD path (relative to the repo) → repo-relative POSIX. */
function toRepoPath(repo: string, base: string, given: string): string | null {
  if (given.includes("\0")) return null;
  const abs = isAbsolute(given) ? given : resolve(base, given);
  const rel = relative(repo, abs);
  if (!rel || rel.startsWith("..") || isAbsolute(rel)) return null;
  const inside = resolveInside(repo, rel);
  return inside ? rel.split(sep).join("/") : null;
}

export function selectFiles(ctx: Context, opts: SelectOptions): Selection {
  const modes = [opts.files?.length ? "--files" : null, opts.pcd ? "--pcd" : null, opts.since !== undefined && opts.since !== false ? "--since" : null, opts.all ? "--all" : null].filter(Boolean);
  if (modes.length > 1) throw new UsageError(`choose one of --files, --pcd, --since and --all (got ${modes.join(" and ")})`, "run `akms mirror --help`");
  const cwd = opts.cwd ?? process.cwd();
  const languages = ctx.cfg.config.mirror.languages;

  if (opts.files?.length) {
    const problems: Problem[] = [];
    const files: SelectedFile[] = [];
    for (const f of opts.files) {
      // Relative to the current directory, as a shell user expects — or, when nothing is there but
      // the repository has it, relative to the repository (the form reports and PCDs print).
      const fromRepo = !isAbsolute(f) && !existsSync(resolve(cwd, f)) && existsSync(resolve(ctx.repo, f));
      const rel = toRepoPath(ctx.repo, fromRepo ? ctx.repo : cwd, f);
      if (rel === null) {
        problems.push({ file: f, message: `is outside the repository ${ctx.repo} (directly, through \`..\` or through a symlink)`, hint: "mirror only files inside the repository (paths are relative to the current directory, or to the repository root)" });
        continue;
      }
      if (rel === "knowledge" || rel.startsWith("knowledge/")) {
        problems.push({ file: rel, message: "is inside knowledge/, which holds akms's own files, not source code", hint: "name a source file" });
        continue;
      }
      files.push({ path: rel, explicit: true });
    }
    if (problems.length) {
      throw new ValidationError(`${problems.length} of the named files cannot be mirrored; nothing was written`, { problems, hint: problems[0]!.hint });
    }
    return { mode: "files", files: dedupe(files) };
  }

  if (opts.pcd) {
    const file = isAbsolute(opts.pcd) ? opts.pcd : resolve(cwd, opts.pcd);
    const shown = displayPath(ctx.repo, file);
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (e) {
      throw new AkmsError("NOT_FOUND", `cannot read the PCD: ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (e as Error).message}`, {
        file: shown,
        hint: "give the path of a phase completion document (knowledge/sessions/handoff_phase_N.md)",
      });
    }
    const fm = parseFrontmatter(text, shown);
    const pcd = checkSchema(Pcd, fm.data, { file: shown, text: fm.yaml, firstLine: fm.firstLine }, "phase completion document");
    const problems: Problem[] = [];
    const files: SelectedFile[] = [];
    const lists = [
      ["files_modified", pcd.files_modified],
      ["files_created", pcd.files_created],
      ["files_deleted", pcd.files_deleted],
    ] as const;
    for (const [field, list] of lists) {
      (list ?? []).forEach((entry, i) => {
        const rel = toRepoPath(ctx.repo, ctx.repo, entry.path);
        if (rel === null) problems.push({ file: shown, field: `${field}[${i}].path`, message: `"${entry.path}" is outside the repository`, hint: "PCD paths are relative to the repository root" });
        else files.push({ path: rel, explicit: false });
      });
    }
    if (problems.length) throw new ValidationError(`the PCD names files outside the repository; nothing was written`, { file: shown, problems, hint: problems[0]!.hint });
    return { mode: "pcd", pcd: shown, pcdPhase: pcd.phase_id, files: dedupe(files) };
  }

  if (opts.all) {
    const listing = listSourceFiles(ctx.repo, languages);
    return { mode: "all", files: listing.map((path) => ({ path, explicit: false })), listing };
  }

  // --since REF, or (no selection flag at all) the configured base branch.
  const given = typeof opts.since === "string" && opts.since !== "";
  const ref = given ? (opts.since as string) : ctx.cfg.config.orchestrator.base_branch;
  if (ref.startsWith("-")) throw new UsageError(`--since takes a git ref, not "${ref}"`, "for example `akms mirror --since main`");
  const tree = gitWorkTree(ctx.repo);
  if (tree.missing) {
    throw new AkmsError("NO_GIT", "git is not installed (or not on PATH), so the changed files cannot be listed", {
      hint: "install git, or name the files with --files F…, or mirror everything with --all",
    });
  }
  if (!tree.ok || tree.stdout.trim() !== "true") {
    throw new AkmsError("NOT_A_GIT_REPO", `${ctx.repo} is not a git repository, so there is no history to compare against ${ref}`, {
      hint: "name the files with --files F…, or mirror everything with --all",
    });
  }
  if (!git(ctx.repo, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]).ok) {
    if (given) throw new AkmsError("UNKNOWN_REF", `git does not know the ref "${ref}"`, { hint: "name an existing branch or commit with --since REF, or mirror every source file with --all" });
    // The default ref: the repository's branches say what to set (a `git init` branch is often master).
    const branches = git(ctx.repo, ["for-each-ref", "--format=%(refname:short)", "--count=6", "refs/heads"]).stdout.split("\n").filter(Boolean);
    throw new AkmsError("UNKNOWN_REF", `git does not know the ref "${ref}" (the default of --since)`, {
      field: "orchestrator.base_branch",
      file: displayPath(ctx.repo, ctx.paths.config),
      hint: `set orchestrator.base_branch to this repository's base branch${branches.length ? ` (its branches: ${branches.join(", ")})` : ""}, or name a ref with --since REF, or mirror every source file with --all`,
    });
  }
  const diff = git(ctx.repo, ["diff", "--name-only", "-z", "--relative", `${ref}...HEAD`]);
  if (!diff.ok) {
    throw new AkmsError("GIT_FAILED", `git diff against ${ref} failed: ${diff.stderr.trim().split("\n")[0] ?? "unknown error"}`, {
      hint: "check that the repository has commits and that the ref shares history with HEAD",
    });
  }
  return { mode: "since", ref, files: dedupe(splitZ(diff.stdout).map((path) => ({ path, explicit: false }))) };
}

function dedupe(files: SelectedFile[]): SelectedFile[] {
  const seen = new Map<string, SelectedFile>();
  for (const f of files) if (!seen.has(f.path)) seen.set(f.path, f);
  return [...seen.values()];
}

export type SourceStat = { kind: "file" | "missing" | "dir" | "outside" | "other"; size?: number; mtimeNs?: bigint };

/**
 * A stat for repository files that also says whether the file stays inside the repository
 * (resolveInside's rule), made cheap for every source of a large repository: the real path of
 * each directory is resolved once per checker (one checker per run, so nothing goes stale), plus
 * one lstat per file; only a symlinked file is resolved itself.
 */
export function repoStatter(repo: string): (rel: string) => SourceStat {
  const real = memoRealpath();
  const root = real(repo) ?? repo;
  const within = (p: string) => {
    const r = relative(root, p);
    return r !== "" && !r.startsWith("..") && !isAbsolute(r);
  };
  const inside = (rel: string): boolean => {
    if (!rel || isAbsolute(rel) || rel.includes("\0") || rel.split("/").includes("..")) return false;
    const full = join(repo, rel);
    const dir = real(dirname(full));
    if (dir === null) return resolveInside(repo, rel) !== null; // no such directory: the lexical check
    if (!within(join(dir, "x"))) return false;
    try {
      if (!lstatSync(full).isSymbolicLink()) return true;
    } catch {
      return true; // does not exist: inside, lexically and by its directory
    }
    const target = real(full);
    return target === null ? true : within(target); // a dangling link reads as missing below
  };
  return (rel) => {
    if (!inside(rel)) return { kind: "outside" };
    try {
      const st = statSync(join(repo, rel), { bigint: true });
      if (st.isDirectory()) return { kind: "dir" };
      if (!st.isFile()) return { kind: "other" };
      return { kind: "file", size: Number(st.size), mtimeNs: st.mtimeNs };
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
      return { kind: "other" }; // a dangling symlink or an unreadable entry
    }
  };
}
