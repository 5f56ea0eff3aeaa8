// Where things live (spec layout + DESIGN §3), and how the repository and global vault are found.
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { lstatSync, readlinkSync, realpathSync, statSync } from "node:fs";
import { AkmsError, fileError, NotFoundError, UsageError } from "./errors.js";

export interface RepoPaths {
  repo: string;
  knowledge: string;
  graphDir: string;
  graphJson: string;
  overlay: string;
  config: string;
  localNodes: string;
  codeMirror: string;
  sessions: string;
  loadouts: string;
  tasks: string;
  reviews: string;
  reviewLog: string;
  /** The impression log (core/agent/impressions.ts). */
  impressions: string;
  lock: string;
  cacheDir: string;
  qmdCacheDir: string;
  orchestratorDir: string;
  txnDir: string;
}

export function repoPaths(repo: string): RepoPaths {
  const knowledge = join(repo, "knowledge");
  const graphDir = join(knowledge, "graph");
  return {
    repo,
    knowledge,
    graphDir,
    graphJson: join(graphDir, "graph.json"),
    overlay: join(graphDir, "local_state.yaml"),
    config: join(graphDir, "propagation_config.yaml"),
    localNodes: join(knowledge, "local-nodes"),
    codeMirror: join(knowledge, "code-mirror"),
    sessions: join(knowledge, "sessions"),
    loadouts: join(knowledge, "loadouts"),
    tasks: join(knowledge, "tasks"),
    reviews: join(knowledge, "reviews"),
    reviewLog: join(graphDir, "review_log.jsonl"),
    impressions: join(knowledge, "impressions.jsonl"),
    lock: join(graphDir, ".akms.lock"),
    cacheDir: join(graphDir, ".cache"),
    qmdCacheDir: join(graphDir, ".qmd_cache"),
    orchestratorDir: join(knowledge, "orchestrator"),
    txnDir: join(graphDir, ".txn"),
  };
}

const gitRoots = new Map<string, string>();

/** DESIGN §2: `--repo`, else the git root of cwd, else cwd (git is asked once per directory and process). */
export function findRepo(cwd: string, flag?: string): string {
  if (flag) return repoFlag(resolve(cwd, flag), flag);
  let root = gitRoots.get(cwd);
  if (root === undefined) gitRoots.set(cwd, (root = gitRoot(cwd)));
  return root;
}

/** `--repo DIR` as given; a path that is there but is no directory (a file, a looping link) is refused. */
function repoFlag(repo: string, flag: string): string {
  let st: ReturnType<typeof statSync> | undefined;
  try {
    st = statSync(repo, { throwIfNoEntry: false });
  } catch (e) {
    throw new UsageError(`--repo ${flag}: ${fileError(e, flag)?.message ?? "cannot be read"}`, "pass the repository's directory");
  }
  if (st && !st.isDirectory()) throw new UsageError(`--repo ${flag} is not a directory`, "pass the repository's directory");
  return repo;
}

function gitRoot(cwd: string): string {
  try {
    // node:child_process loads only here (start-up of commands run outside git, or with --repo).
    const { execFileSync } = createRequire(import.meta.url)("node:child_process") as typeof import("node:child_process");
    const out = execFileSync("git", ["rev-parse", "--show-toplevel"], { cwd, stdio: ["ignore", "pipe", "ignore"], timeout: 5000 });
    const top = out.toString("utf8").trim();
    if (top) return top;
  } catch {
    /* not a git repository, or no git */
  }
  return resolve(cwd);
}

/** `~` and `~/…` as a shell expands them: the home of `env` (the process's by default). */
export function expandHome(p: string, env: NodeJS.ProcessEnv = process.env): string {
  if (p !== "~" && !p.startsWith("~/")) return p;
  return join(env.HOME || homedir(), p.slice(1));
}

export interface VaultLocation {
  /** Absolute path. */
  path: string;
  /** As the user wrote it (for display and graph.json). */
  display: string;
  from: "flag" | "env" | "config" | "default";
}

/** DESIGN §2: `--vault`, else $AKMS_GLOBAL_VAULT, else config `global_vault` (relative to the repo root), else the default. */
export function resolveVault(repo: string, opts: { flag?: string; env?: NodeJS.ProcessEnv; configValue?: string; configIsDefault?: boolean }): VaultLocation {
  const env = opts.env ?? process.env;
  const pick = (display: string, from: VaultLocation["from"], base: string): VaultLocation => ({
    path: resolve(base, expandHome(display)),
    display,
    from,
  });
  if (opts.flag) return pick(opts.flag, "flag", process.cwd());
  if (env.AKMS_GLOBAL_VAULT) return pick(env.AKMS_GLOBAL_VAULT, "env", process.cwd());
  if (opts.configValue && !opts.configIsDefault) return pick(opts.configValue, "config", repo);
  return pick(opts.configValue ?? "~/.claude/akms/nodes", "default", repo);
}

/**
 * A vault given on the command line (relative to the working directory, ~, or absolute) as a config
 * in `repo` names it, with forward slashes — the config is committed, so no path of this machine:
 * relative to the repository root when given relative or inside the repository, under the home
 * directory as `~/…` (a shell expands `--vault ~/v` before akms sees it); ~ as given; any other
 * absolute path as given.
 */
export function vaultForConfig(repo: string, given: string, cwd: string = process.cwd(), env: NodeJS.ProcessEnv = process.env): string {
  if (given.startsWith("~")) return given;
  const path = resolve(cwd, given);
  const under = (root: string): string | null => {
    const rel = relative(root, path);
    return rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel) ? null : rel.split(sep).join("/");
  };
  if (!isAbsolute(given) || under(repo) !== null) return relative(repo, path).split(sep).join("/") || ".";
  const home = under(env.HOME || homedir());
  return home === null ? given : home === "" ? "~" : `~/${home}`;
}

/**
 * Why a vault the user named (--vault, $AKMS_GLOBAL_VAULT, global_vault) gives no global node: it is
 * missing or no directory. null when it is one, and for the default vault (absent until the first
 * global node is written there).
 */
export function vaultProblem(v: VaultLocation): string | null {
  if (v.from === "default") return null;
  let isDir = false;
  try {
    isDir = statSync(v.path).isDirectory();
  } catch {
    /* missing, a dangling or looping link */
  }
  const from = v.from === "flag" ? "--vault" : v.from === "env" ? "$AKMS_GLOBAL_VAULT" : "global_vault in propagation_config.yaml";
  return isDir ? null : `the global vault ${v.display} (${from}) is not a directory: no global node was compiled`;
}

/**
 * Resolves `rel` inside `root`; null when it is absolute, climbs out with `..`, or (when it
 * exists) is a symlink that leads out of the root.
 */
/** The real path of `p` as a write would reach it: symlinks followed (a dangling one to its target), the missing tail kept. */
export function realTarget(p: string, depth = 0): string {
  if (depth > 40) return p;
  try {
    const st = lstatSync(p);
    if (st.isSymbolicLink()) return realTarget(resolve(dirname(p), readlinkSync(p)), depth + 1);
    return realpathSync(p);
  } catch {
    const up = dirname(p);
    if (up === p) return p;
    return join(realTarget(up, depth + 1), basename(p));
  }
}

/** True when `p`, followed through every symlink, stays inside `root` (itself followed). */
export function staysInside(root: string, p: string): boolean {
  const r = relative(realTarget(root), realTarget(p));
  return r === "" || (!r.startsWith("..") && !isAbsolute(r));
}

/**
 * An agent-reachable write must stay inside knowledge/ whatever symlinks say (a symlinked
 * knowledge/sessions/ or loadouts/ must not carry it elsewhere): refused with the link to fix.
 */
export function confineToKnowledge(knowledge: string, file: string, shown: string): void {
  if (staysInside(knowledge, file)) return;
  throw new AkmsError("OUTSIDE_KNOWLEDGE", `${shown} leads outside knowledge/ (through a symbolic link, to ${realTarget(file)}); akms will not write there`, {
    file: shown,
    hint: "make that directory a real directory inside knowledge/ (remove the symbolic link)",
  });
}

export function resolveInside(root: string, rel: string): string | null {
  if (!rel || isAbsolute(rel) || rel.startsWith("~") || rel.includes("\0")) return null;
  const full = resolve(root, rel);
  const r = relative(root, full);
  if (r === "" || r.startsWith("..") || isAbsolute(r)) return null;
  try {
    const real = realpathSync(full);
    const realRoot = realpathSync(root);
    const rr = relative(realRoot, real);
    if (rr.startsWith("..") || isAbsolute(rr)) return null;
  } catch {
    /* does not exist (yet): the lexical check above is what we have */
  }
  return full;
}

/**
 * The repository must have knowledge/ before a reader shows it (an empty review of a mistyped
 * --repo would read as "all clear") or writes derived files into it.
 */
export function requireKnowledge(paths: RepoPaths): void {
  let isDir = false;
  try {
    isDir = statSync(paths.knowledge).isDirectory();
  } catch {
    /* missing */
  }
  if (!isDir) {
    throw new NotFoundError(`no knowledge/ here (${paths.repo})`, { file: paths.knowledge, hint: "`akms init` to start, or pass --repo DIR for the repository you meant" });
  }
}

/** Repository-relative POSIX path for display. */
export function displayPath(repo: string, p: string): string {
  const r = relative(repo, p);
  return (r.startsWith("..") ? p : r).split(sep).join("/");
}

/** A phase completion document's file name (spec §4.4: knowledge/sessions/handoff_phase_<N>.md). */
export function pcdFileName(phase: number, ext = ".md"): string {
  return `handoff_phase_${phase}${ext}`;
}

/** The phase a phase completion document's file name gives, or null when it is not one. */
export function pcdPhaseOfName(name: string): number | null {
  const m = /^handoff_phase_(\d+)\.md$/.exec(name);
  return m ? Number(m[1]) : null;
}
