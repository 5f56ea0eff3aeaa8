import { basename, dirname } from "node:path";
import { findRepo, repoPaths, vaultForConfig } from "../../core/paths.js";
import { initKnowledge } from "../../core/init.js";
import { UsageError } from "../../core/errors.js";
import { removeStaleTemps, writeFileAtomic } from "../../core/fsx.js";
import { withLock } from "../../core/lock.js";
import { AGENTS, planKit, readRepoFile, type Agent, type KitPlan } from "../../core/agent/kits.js";
import { commandLine, localLauncher, sharedLauncher, teamLauncher } from "../../core/agent/launcher.js";
import { gitTop, registerDriver, type RegisterResult } from "../../core/team/register.js";
import type { CommandSpec } from "./types.js";

function agentsOf(flag: unknown): Agent[] {
  const list = (Array.isArray(flag) ? flag : flag === undefined ? [] : [flag]).flatMap((a) => String(a).split(",")).map((a) => a.trim()).filter(Boolean);
  for (const a of list) if (!(AGENTS as readonly string[]).includes(a)) throw new UsageError(`--agent must be one of ${AGENTS.join(", ")} (got "${a}")`, "akms init --agent claude [--agent codex] [--dry-run]");
  return [...new Set(list)] as Agent[];
}

function kitLines(plans: KitPlan[], dry: boolean): string[] {
  const lines: string[] = [];
  for (const p of plans) {
    lines.push(`${p.agent}:`);
    for (const f of p.files) {
      const changes = f.action === "create" || f.action === "update";
      lines.push(`  ${dry && changes ? `would ${f.action}` : f.action === "create" ? "created" : f.action === "update" ? "updated" : f.action}  ${f.path}${f.note ? ` — ${f.note}` : ""}`);
      if (dry && changes) lines.push(...f.after.trimEnd().split("\n").map((l) => `      | ${l}`));
    }
    for (const x of p.print) lines.push(`  ${x}`);
  }
  return lines;
}

export const initCommand: CommandSpec = {
  name: "init",
  summary: "scaffold knowledge/ (directories, a commented propagation_config.yaml with every default, .gitignore; --vault DIR writes its global_vault, relative to the repository root or as ~/… under the home directory); --git registers the merge driver (knowledge/.gitattributes, committed; merge.akms.driver in this clone's git config); --agent claude|codex|cursor adds the host kit (MCP entry, instructions, skill, hooks, rules); never overwrites a person's file",
  flags: ["agent", "command", "dryRun", "git"],
  usage: "akms init [--vault DIR] [--git] [--agent claude|codex|cursor]… [--command CMD] [--dry-run]",
  run(_args, flags) {
    const paths = repoPaths(findRepo(process.cwd(), flags.repo));
    const agents = agentsOf(flags.agent);
    const dry = Boolean(flags.dryRun);
    const given = flags.command === undefined ? undefined : String(flags.command);
    const wantGit = Boolean(flags.git);
    if (given !== undefined && !agents.length && !wantGit) throw new UsageError("--command is for --agent and --git (the command their files start akms with)", "akms init --agent claude --command akms");
    const shared = agents.length ? sharedLauncher(paths.repo, given) : null;
    const plans = agents.map((a) => planKit(a, shared!, readRepoFile(paths.repo)));
    const top = gitTop(paths.repo);
    if (wantGit && top === null) {
      throw new UsageError(`--git: ${paths.repo} is not in a git work tree`, "run `git init` first, then `akms init --git`");
    }
    // --vault names the vault the new config holds (relative to the repository root, as the config reads it).
    const vault = flags.vault === undefined ? undefined : vaultForConfig(paths.repo, String(flags.vault));
    const r = dry ? null : initKnowledge(paths, vault);
    let reg: RegisterResult | null = null;
    const local = wantGit ? localLauncher(paths.repo, given) : null;
    // Hooks in a folder of the work tree (core.hooksPath=.husky) are committed: they get the command every clone has.
    const forTeam = wantGit ? (shared ?? teamLauncher(paths.repo, given)) : null;
    if (!dry && wantGit) reg = withLock(paths.lock, () => registerDriver(paths, top!, local!, forTeam));
    if (!dry && plans.length) {
      withLock(paths.lock, () => {
        for (const p of plans) {
          for (const f of p.files) {
            const abs = f.target;
            removeStaleTemps(dirname(abs), basename(abs)); // left by a kit write killed before its rename
            if (f.action === "create" || f.action === "update") writeFileAtomic(abs, f.after);
          }
        }
      });
    }
    const lines: string[] = [];
    if (r) {
      if (r.created.length) {
        lines.push(`initialised ${paths.knowledge}`);
        for (const c of r.created) lines.push(`  created ${c}`);
      } else lines.push(`${paths.knowledge} is already initialised; nothing written there`);
      for (const k of r.kept) lines.push(`  kept    ${k} (exists; not overwritten)`);
    } else lines.push("dry run: nothing was written");
    if (reg) {
      lines.push(`${reg.attributesWritten ? "wrote " : "kept  "} knowledge/.gitattributes (the files akms merges: commit it, so the whole team has it)`);
      lines.push(`${reg.configChanged ? "set  " : "kept "} merge.akms.driver in this clone's git config, running \`${reg.command}\` (${local!.why})`);
      for (const h of reg.hooks) {
        if (h.action === "not-shared") lines.push(`not written: ${h.path} is in the work tree (core.hooksPath), so the team shares it, and this akms has no command a teammate's clone would have: add \`akms build\` to it once akms is installed where every clone finds it (\`npm i -g akms\`, \`npm i -D akms\`), or give --command`);
        else if (h.action === "disabled") lines.push(`hooks are turned off in this clone (${dirname(h.path)} is not a directory, see core.hooksPath): run \`akms build\` yourself after ${h.after}`);
        else lines.push(h.action === "skipped" ? `kept  ${h.path} (your own hook): add \`akms build\` to it, so graph.json is rebuilt after ${h.after}` : `${h.action === "written" ? "wrote" : "kept "} ${h.path} (rebuilds graph.json after ${h.after})`);
      }
      lines.push("each clone runs `akms init --git` once; `git merge` then replays both sides' evidence into the overlay");
    } else if (dry && wantGit) lines.push(`would write knowledge/.gitattributes and set merge.akms.driver in this clone's git config, running \`${commandLine(local!)}\` (${local!.why})`);
    lines.push(...kitLines(plans, dry));
    if (!plans.length && !wantGit) {
      lines.push(
        "next:",
        ...(vault === undefined ? ["  point global_vault in knowledge/graph/propagation_config.yaml (or $AKMS_GLOBAL_VAULT) at your vault — optional, akms works with zero nodes"] : []),
        "  akms build      compile knowledge/graph/graph.json",
        "  akms init --agent claude|codex|cursor   tell your agent host about akms",
        ...(top !== null ? ["  akms init --git   let `git merge` merge what agents learned on two branches (once per clone)"] : []),
      );
    }
    const kits = plans.map((p) => ({ agent: p.agent, files: p.files.map((f) => ({ path: f.path, action: f.action, ...(f.note ? { note: f.note } : {}), ...(dry ? { after: f.after } : {}) })), print: p.print }));
    return {
      json: {
        ok: true,
        repo: paths.repo,
        knowledge: paths.knowledge,
        dry_run: dry,
        created: r?.created ?? [],
        kept: r?.kept ?? [],
        notes: r?.notes ?? [],
        kits,
        ...(shared ? { command: { line: commandLine(shared), form: shared.form, why: shared.why } } : {}),
        ...(wantGit ? { git: reg ? { attributes_written: reg.attributesWritten, driver: reg.driver, command: reg.command, form: local!.form, config_changed: reg.configChanged, hooks: reg.hooks } : { dry_run: true } } : {}),
      },
      text: lines.join("\n"),
      notes: (r?.notes ?? []).map((n) => `note: ${n}`),
    };
  },
};
