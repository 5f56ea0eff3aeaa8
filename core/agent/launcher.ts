// How a file akms writes starts akms again: the one place that decides the command written into
// the host kits (.mcp.json, hooks, CLAUDE.md, AGENTS.md, the skill, .cursor/*, .codex/config.toml)
// and into the clone's git config and hooks.
//
// Files a team commits must work on a teammate's clone, so they never hold this machine's paths:
//   - "global":  the `akms` on PATH is this program (npm i -g, npm link)   → `akms`
//   - "project": this program is the repository's own dependency (npm's <dir>/node_modules/akms,
//                pnpm's <dir>/node_modules/.pnpm/…; <dir> the repository or above) → `npx --no-install akms`
// Anything else — npx's throw-away cache, a checkout that is not on PATH — has no command that
// will exist on another machine (or, for npx, after this run): `shared()` refuses it with the
// installs that would give one, unless the person names the command (`--command`).
// The clone's own files (.git/config, .git/hooks) may hold a machine path: `local()` gives node and
// this script by absolute path when no portable form exists (never npx's cache, which goes away).
import { existsSync, realpathSync, statSync } from "node:fs";
import { delimiter, join, resolve, sep } from "node:path";
import { AkmsError, UsageError } from "../errors.js";
import { shellWord } from "../shell-word.js";

export type LaunchForm = "global" | "project" | "given" | "path";

/** How a host, hook or git starts akms: its argv, which form it is and why it was chosen. */
export interface Launcher {
  argv: string[];
  form: LaunchForm;
  /** One line for the person: why this form. */
  why: string;
}

function real(p: string): string | null {
  try {
    return realpathSync(p);
  } catch {
    return null;
  }
}

/** The running akms script (bin/akms.mjs, through any symlink), or null when it cannot be told. */
function me(): string | null {
  return real(process.argv[1] ?? "");
}

/** Inside npx's cache (`…/_npx/<hash>/node_modules/…`): gone, or another version, on the next run. */
export function underNpxCache(p: string): boolean {
  return p.split(sep).includes("_npx");
}

/**
 * The project whose dependency tree holds `script`, or null: the directory above the outermost
 * node_modules (npm's …/<dir>/node_modules/akms/bin/akms.mjs, pnpm's
 * …/<dir>/node_modules/.pnpm/akms@…/node_modules/akms/…), when its node_modules/.bin has the
 * `akms` that `npx --no-install akms` runs.
 */
function installedIn(script: string): string | null {
  const parts = script.split(sep);
  const at = parts.indexOf("node_modules");
  const dir = at > 0 ? parts.slice(0, at).join(sep) || sep : null;
  return dir !== null && existsSync(join(dir, "node_modules", ".bin", "akms")) ? dir : null;
}

/** True when `dir` is `repo` or one of its ancestors. */
function encloses(dir: string, repo: string): boolean {
  const r = real(repo) ?? repo;
  return r === dir || r.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

/**
 * A command the person named (`--command "npx --no-install akms"`), split into words; the path of
 * a file is one word, whatever it holds (`--command "/opt/My Tools/akms"`). A first word that is a
 * path (it holds a `/`; relative ones from the repository) must exist here: split at a space of
 * its folder's name, it would be written into every kit as a command that starts nothing. That is
 * said before a quote in a word is refused: the quote may be the folder's own (`it's`).
 */
export function givenLauncher(command: string, repo: string): Launcher {
  const whole = command.trim();
  const example = "akms init --agent claude --command akms";
  if (!whole) throw new UsageError("--command needs the command that starts akms (e.g. --command akms)", example);
  const asPath = isFile(resolve(repo, whole)); // one word, quoted wherever a shell reads it
  const argv = asPath ? [whole] : whole.split(/\s+/);
  const first = argv[0]!;
  if (first.includes("/") && !existsSync(resolve(repo, first))) {
    throw new UsageError(
      `--command "${command}": ${first} does not exist${argv.length > 1 ? " (the command was split into words at its spaces)" : ""}`,
      `give the path of akms as it is on this machine; a path with spaces whole: --command "/opt/My Tools/akms"`
    );
  }
  if (!asPath && argv.some((w) => /['"`$\\]/.test(w))) throw new UsageError(`--command "${command}": give plain words (no quotes, $ or backslashes)`, example);
  return { argv, form: "given", why: `the command given by --command` };
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The portable command for committed files, or null with the reason there is none. */
export function portableLauncher(repo: string, env: NodeJS.ProcessEnv = process.env): Launcher | { none: string } {
  const self = me();
  if (!self) return { none: "the running akms script cannot be located" };
  const home = installedIn(self);
  if (home && !underNpxCache(self) && encloses(home, repo)) {
    return { argv: ["npx", "--no-install", "akms"], form: "project", why: `akms is installed in ${join(home, "node_modules")} (a dependency of the repository): \`npx --no-install akms\` finds it in every clone after its install (\`npm install\`, \`pnpm install\`)` };
  }
  for (const dir of (env.PATH ?? "").split(delimiter).filter(Boolean)) {
    const found = real(join(dir, "akms"));
    if (!found || found !== self) continue;
    if (underNpxCache(found) || underNpxCache(dir)) break;
    return { argv: ["akms"], form: "global", why: `the \`akms\` on PATH (${join(dir, "akms")}) is this akms` };
  }
  if (underNpxCache(self)) return { none: "akms is running from npx's temporary cache, so no command written now would exist afterwards" };
  return { none: `this akms (${self}) is neither on PATH nor installed in the repository, so a teammate's clone would have no such command` };
}

const INSTALL_HINT =
  "install akms where every clone finds it, then run this again: `npm i -g akms` (writes `akms`), or `npm i -D akms` in the repository (writes `npx --no-install akms`); from a checkout, `npm link` there; or name the command yourself with --command CMD";

/** The command for files a team shares: the one given, else the portable one, else why there is none. */
function forTeam(repo: string, given: string | undefined, env: NodeJS.ProcessEnv): Launcher | { none: string } {
  return given !== undefined ? givenLauncher(given, repo) : portableLauncher(repo, env);
}

/** The command for files a team commits: portable, or refused with the installs that make it so. */
export function sharedLauncher(repo: string, given?: string, env: NodeJS.ProcessEnv = process.env): Launcher {
  const l = forTeam(repo, given, env);
  if ("none" in l) throw new AkmsError("NO_PORTABLE_COMMAND", `cannot write the host kit: ${l.none}`, { hint: INSTALL_HINT });
  return l;
}

/** The command for files a team shares, or null when there is none (sharedLauncher without the refusal). */
export function teamLauncher(repo: string, given?: string, env: NodeJS.ProcessEnv = process.env): Launcher | null {
  const l = forTeam(repo, given, env);
  return "none" in l ? null : l;
}

/** The command for this clone's own files (.git/config, .git/hooks): portable when possible, else this script by path. */
export function localLauncher(repo: string, given?: string, env: NodeJS.ProcessEnv = process.env): Launcher {
  if (given !== undefined) return givenLauncher(given, repo);
  const l = portableLauncher(repo, env);
  if (!("none" in l)) return l;
  const self = me();
  if (!self || underNpxCache(self)) throw new AkmsError("NO_PORTABLE_COMMAND", `cannot register the merge driver: ${l.none}`, { hint: INSTALL_HINT });
  return { argv: [process.execPath, self], form: "path", why: `this clone's git config may name this machine's paths: node and ${self} (not on PATH; \`npm link\` there would make it \`akms\`)` };
}

/** The running process itself (node + this script): for a command used within this run only. */
export function selfLauncher(): Launcher {
  const self = me() ?? process.argv[1] ?? "akms";
  return { argv: [process.execPath, self], form: "path", why: "this run's own akms" };
}

/** The launcher and `args` as one POSIX shell command line. */
export function commandLine(l: Launcher, ...args: string[]): string {
  return [...l.argv, ...args].map(shellWord).join(" ");
}
