// Registering the merge driver with git (`akms init --git`): knowledge/.gitattributes names the
// files akms merges (committed, so the whole team has them), and each clone's git config names the
// command (`merge.akms.driver`, per clone: git never takes a command from the repository itself).
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative } from "node:path";
import { AkmsError } from "../errors.js";
import { stripControl } from "../control-chars.js";
import { readTextIfExists, writeFileAtomic } from "../fsx.js";
import { git } from "../mirror/select.js";
import { staysInside, type RepoPaths } from "../paths.js";
import { commandLine, type Launcher } from "../agent/launcher.js";
import { shellWord } from "../shell-word.js";

export const DRIVER_NAME = "akms";

/** The lines of knowledge/.gitattributes (patterns relative to knowledge/). */
export const ATTRIBUTE_LINES = [
  `graph/local_state.yaml merge=${DRIVER_NAME}`,
  `graph/review_log.jsonl merge=${DRIVER_NAME}`,
  `graph/graph.json merge=${DRIVER_NAME}`,
  `local-nodes/*.md merge=${DRIVER_NAME}`,
  // The impression log is append-only on every branch: git's own union driver keeps both sides' lines.
  "impressions.jsonl merge=union",
];

const HEADER = "# akms merges these itself (`akms merge-driver`): the overlay is replayed from the evidence;\n# the impression log is the union of both sides. Each clone registers the driver once with `akms init --git`.\n";

/** The files the attributes cover, relative to knowledge/ (for the status check). */
const COVERED = ["graph/local_state.yaml", "graph/review_log.jsonl"];

export interface GitSetup {
  /** The work tree's top, or null when the repository is not in a git work tree. */
  top: string | null;
  /** knowledge/.gitattributes holds every driver line. */
  attributes: boolean;
  /** Some file akms merges is routed to the driver (by any attributes file). */
  routed: boolean;
  /** The clone's git config names the driver's command. */
  configured: string | null;
}

export function gitTop(repo: string): string | null {
  const r = git(repo, ["rev-parse", "--show-toplevel"]);
  return r.ok ? r.stdout.trim() || null : null;
}

export function gitSetup(paths: RepoPaths): GitSetup {
  const top = gitTop(paths.repo);
  if (top === null) return { top, attributes: false, routed: false, configured: null };
  const text = readTextIfExists(join(paths.knowledge, ".gitattributes")) ?? "";
  const have = new Set(text.split(/\r?\n/).map((l) => l.trim().replace(/\s+/g, " ")));
  const files = COVERED.map((f) => relative(top, join(paths.knowledge, f)).split("\\").join("/"));
  const attr = git(top, ["check-attr", "merge", "--", ...files]);
  const routed = attr.ok && attr.stdout.split("\n").some((l) => l.endsWith(`: merge: ${DRIVER_NAME}`));
  const cfg = git(top, ["config", "--get", `merge.${DRIVER_NAME}.driver`]);
  return { top, attributes: ATTRIBUTE_LINES.every((l) => have.has(l)), routed, configured: cfg.ok ? cfg.stdout.trim() || null : null };
}

/** What the registered command must show when it cannot run (also the status check's mark). */
const CANNOT_RUN = "akms: the merge driver cannot run";

/**
 * The driver's command line as git runs it (`launcher`: how akms is started). git takes a failing
 * driver's %A as it stands — "ours", with no markers — so akms is run only once it answers
 * `--version`; when it cannot run (moved, uninstalled, another Node), the file gets git's own
 * conflict version and a message naming the fix, and the merge stops as a conflict.
 */
export function driverCommand(l: Launcher): string {
  const cmd = commandLine(l);
  const script =
    `if ${cmd} --version >/dev/null 2>&1; then exec ${cmd} merge-driver "$@"; fi; ` +
    `git merge-file -L ours -L base -L theirs "$2" "$1" "$3"; ` +
    `echo "${CANNOT_RUN} (${cmd.replace(/["$`\\]/g, "")}): $4 keeps git's conflict markers. Fix: akms init --git, then git checkout -m -- $4" >&2; exit 1`;
  // git expands %O %A %B %L %P anywhere in the line (a path holding `%A` would become a temporary
  // file's name); `%%` is its literal percent sign.
  return `sh -c '${script.replace(/'/g, `'\\''`).replace(/%/g, "%%")}' akms-merge-driver %O %A %B %P`;
}

/** The akms command inside a registered driver line (as driverCommand wrote it), or null. */
export function commandOfDriver(line: string): string | null {
  const m = /^sh -c 'if (.+?) --version >\/dev\/null 2>&1; then exec /.exec(line);
  if (m) return m[1]!.replace(/'\\''/g, "'").replace(/%%/g, "%");
  const old = /^(.+?) merge-driver %O %A %B %P$/.exec(line); // written by an akms before the wrapper
  return old ? old[1]! : null;
}

/** Whether the registered driver's akms runs here (`--version`); the reason when it does not. */
export function driverRuns(top: string, line: string): { ok: true } | { ok: false; why: string } {
  const cmd = commandOfDriver(line);
  if (cmd === null) return { ok: false, why: `merge.akms.driver is not a command akms wrote (${line.slice(0, 200)})` };
  const r = spawnSync("sh", ["-c", `${cmd} --version`], { cwd: top, encoding: "utf8", timeout: 30_000, stdio: ["ignore", "pipe", "pipe"] });
  if (r.status === 0 && /^akms /.test(r.stdout)) return { ok: true };
  const lines = `${r.stderr ?? ""}`.split("\n").map((l) => l.trim()).filter(Boolean);
  const said = stripControl(lines.find((l) => /error|not found|no such/i.test(l)) ?? lines[0] ?? "").slice(0, 200);
  return { ok: false, why: `the registered merge driver's command \`${cmd}\` does not run here${said ? ` (${said})` : r.error ? ` (${r.error.message})` : ""}` };
}

/** The text knowledge/.gitattributes should have: the existing lines kept, the driver's added. */
export function attributesText(existing: string | null): string | null {
  const have = new Set((existing ?? "").split(/\r?\n/).map((l) => l.trim().replace(/\s+/g, " ")));
  const missing = ATTRIBUTE_LINES.filter((l) => !have.has(l));
  if (!missing.length) return null;
  const base = existing === null || existing === "" ? HEADER : existing.endsWith("\n") ? existing : existing + "\n";
  return base + missing.join("\n") + "\n";
}

export interface RegisterResult {
  top: string;
  attributesWritten: boolean;
  driver: string;
  /** The akms command the driver runs. */
  command: string;
  configChanged: boolean;
  hooks: HookResult[];
}

/** Writes knowledge/.gitattributes (the caller holds the lock) and the clone's driver config. */
export function registerDriver(paths: RepoPaths, top: string, launcher: Launcher, forTeam: Launcher | null): RegisterResult {
  const file = join(paths.knowledge, ".gitattributes");
  const text = attributesText(readTextIfExists(file));
  if (text !== null) writeFileAtomic(file, text);
  const driver = driverCommand(launcher);
  const before = git(top, ["config", "--get", `merge.${DRIVER_NAME}.driver`]);
  const changed = !before.ok || before.stdout.trim() !== driver;
  if (changed) {
    for (const [k, v] of [
      [`merge.${DRIVER_NAME}.name`, "akms: replay the evidence of both sides"],
      [`merge.${DRIVER_NAME}.driver`, driver],
    ] as const) {
      const r = git(top, ["config", k, v]);
      if (!r.ok) throw new AkmsError("GIT_FAILED", `git config ${k} failed: ${r.stderr.trim() || "unknown error"}`, { hint: "check the repository with `git config --list --show-origin`" });
    }
  }
  return { top, attributesWritten: text !== null, driver, command: commandLine(launcher), configChanged: changed, hooks: installHooks(top, paths.repo, launcher, forTeam) };
}

/** What `akms status` says of the merge driver: null when it is set up (or there is no git). */
export function mergeDriverWarning(g: GitSetup): string | null {
  if (g.top === null) return null;
  if (g.configured !== null && (g.routed || g.attributes)) return null;
  if (g.configured !== null) return "the akms merge driver is configured, but no .gitattributes routes knowledge/ to it: run `akms init --git` and commit knowledge/.gitattributes";
  if (g.routed || g.attributes) return "knowledge/.gitattributes routes the overlay to the akms merge driver, but this clone's git config does not define it: run `akms init --git` (once per clone), or merges leave conflicts in knowledge/graph/local_state.yaml";
  return "the akms merge driver is not registered: run `akms init --git` so that `git merge` replays both branches' evidence instead of leaving conflicts in knowledge/graph/local_state.yaml";
}

/**
 * git `-c` options that route the files akms merges to this akms's driver for one git command (the
 * orchestrator's FINALIZE merges): the clone's own registration when it has one, else the driver
 * named here and, when no .gitattributes routes the files, an attributes file written to `scratch`.
 */
export function driverOptions(paths: RepoPaths, launcher: Launcher, scratch: string): string[] {
  const g = gitSetup(paths);
  if (g.top === null) return [];
  const opts: string[] = [];
  if (g.configured === null) opts.push("-c", `merge.${DRIVER_NAME}.name=akms: replay the evidence of both sides`, "-c", `merge.${DRIVER_NAME}.driver=${driverCommand(launcher)}`);
  if (!g.routed) {
    const rel = relative(g.top, paths.knowledge).split("\\").join("/");
    const file = join(scratch, "merge.gitattributes");
    writeFileAtomic(file, ATTRIBUTE_LINES.map((l) => (rel ? `${rel}/${l}` : l)).join("\n") + "\n");
    opts.push("-c", `core.attributesFile=${file}`);
  }
  return opts;
}

/** The marker of the git hooks akms writes (a hook without it is a person's and is never touched). */
const HOOK_MARK = "# akms: rebuild graph.json after git changed knowledge/ (installed by `akms init --git`)";

/** The hooks after which git has changed the knowledge: a merge (and pull), a rebase. */
export const HOOKS = ["post-merge", "post-rewrite"] as const;
const AFTER: Record<(typeof HOOKS)[number], string> = { "post-merge": "a merge or pull", "post-rewrite": "a rebase" };

/** The hook's script: git runs hooks at the work tree's top, so the repository is named relative to it. */
function hookText(l: Launcher, repoFromTop: string, hook: string): string {
  const build = commandLine(l, "build", "--repo", repoFromTop);
  const guard = hook === "post-rewrite" ? '[ "$1" = "rebase" ] || exit 0\n' : "";
  // Where this clone keeps a semantic index (it has searched or run `akms index`), the index catches
  // up with the merged text in the background: the hook never waits for the embedding model.
  const index = commandLine(l, "index", "--repo", repoFromTop);
  const vectors = `${repoFromTop.replace(/\/+$/, "")}/knowledge/graph/.cache/vectors-`;
  const catchUp = `for f in ${shellWord(vectors)}*.bin; do [ -e "$f" ] && { nohup ${index} >/dev/null 2>&1 & }; break; done\n`;
  return `#!/bin/sh\n${HOOK_MARK}\n${guard}${build} >/dev/null || echo "akms: graph.json was not rebuilt after ${AFTER[hook as (typeof HOOKS)[number]]}; run \\\`akms build\\\`" >&2\n${catchUp}exit 0\n`;
}

export interface HookResult {
  hook: string;
  /** When it runs ("a merge or pull", "a rebase"). */
  after: string;
  path: string;
  /** not-shared: core.hooksPath is a folder of the work tree (husky's .husky/), which the team commits, and no command a teammate's clone has is known. */
  action: "written" | "unchanged" | "skipped" | "disabled" | "not-shared";
}

/** Whether hooks can live in `dir`: a directory, or one that can be made (not under /dev/null or a file). */
function hooksDirUsable(dir: string): boolean {
  let d = dir;
  while (!existsSync(d)) {
    const up = dirname(d);
    if (up === d) return false;
    d = up;
  }
  return statSync(d).isDirectory();
}

/**
 * Writes the post-merge and post-rebase hooks of this clone, unless a person's own hook is there.
 * `l` starts akms in this clone's own hooks (.git/hooks); a hooks folder of the work tree
 * (core.hooksPath=.husky) is the team's, so its hooks get `forTeam` — a command every clone has —
 * or are not written when there is none.
 */
export function installHooks(top: string, repo: string, l: Launcher, forTeam: Launcher | null): HookResult[] {
  const common = git(top, ["rev-parse", "--path-format=absolute", "--git-common-dir"]);
  const gitDir = common.ok && common.stdout.trim() ? common.stdout.trim() : join(top, ".git");
  return HOOKS.map((hook) => {
    const r = git(top, ["rev-parse", "--git-path", `hooks/${hook}`]);
    const given = r.ok && r.stdout.trim() ? r.stdout.trim() : `.git/hooks/${hook}`;
    const rel = isAbsolute(given) ? given : join(top, given);
    if (!hooksDirUsable(dirname(rel))) return { hook, after: AFTER[hook], path: rel, action: "disabled" as const };
    const existing = readTextIfExists(rel);
    if (existing !== null && !existing.includes(HOOK_MARK)) return { hook, after: AFTER[hook], path: rel, action: "skipped" as const };
    const shared = staysInside(top, rel) && !staysInside(gitDir, rel);
    if (shared && forTeam === null) return { hook, after: AFTER[hook], path: rel, action: "not-shared" as const };
    const text = hookText(shared ? forTeam! : l, relative(top, repo).split("\\").join("/") || ".", hook);
    mkdirSync(dirname(rel), { recursive: true });
    const wrote = writeFileAtomic(rel, text);
    chmodSync(rel, 0o755);
    return { hook, after: AFTER[hook], path: rel, action: wrote ? ("written" as const) : ("unchanged" as const) };
  });
}
