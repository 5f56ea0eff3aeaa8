import { spawnSync } from "node:child_process";
import { loadContext } from "../../core/context.js";
import { UsageError } from "../../core/errors.js";
import { editorFailure, editorRun } from "../../core/editor.js";
import {
  editTargets,
  findEditTarget,
  orchestrateAbort,
  orchestrateApprove,
  orchestrateInit,
  orchestrateNext,
  orchestrateRecordEdit,
  orchestrateReject,
  orchestrateResume,
  orchestrateStatus,
  type OpResult,
  type StatusView,
} from "../../core/orchestrator/runner.js";
import { fileSha } from "../../core/orchestrator/checkpoint.js";
import { statusText } from "../../core/orchestrator/view.js";
import { PLACEHOLDERS } from "../../core/orchestrator/template.js";
import type { CommandResult } from "../output.js";
import type { CommandSpec, Flags } from "./types.js";
import { join } from "node:path";

const VERBS = ["init", "status", "next", "approve", "reject", "edit", "abort", "resume"] as const;

export const ORCHESTRATE_HELP = `
  akms orchestrate — the reference pipeline (spec §5.8) with a human checkpoint after every stage

    INIT → PLAN → TASK BREAKDOWN → per phase: SCAFFOLD → EXECUTE → REVIEW → FINALIZE

  Verbs
    init PLAN_FILE [--no-qmd] [--force]  start a run of the plan document (INIT), run PLAN to its checkpoint
    status                               the checkpoint: stage output, AKMS status, warnings, actions (read only)
    approve                              approve the checkpoint and run the next stage to its checkpoint
    reject --reason R                    reject the checkpoint; fix things, then \`next\` runs the stage again
    edit [N|PATH]                        list the artifacts you can edit; with N or PATH open it in $EDITOR
    next                                 run the current stage (after a failure, a rejection or a crash)
    abort [--reason R]                   stop here; nothing is lost
    resume                               continue an aborted or interrupted run
  With no verb: the console's Checkpoint screen on a terminal, else \`status\`.

  Stages
    PLAN            reads the plan document; checks git, base_branch, plan_name and agent_command
    TASK BREAKDOWN  validates knowledge/tasks/*.json, groups them by "phase", plans dependency-ordered
                    waves (a cycle, an unknown dependency or two tasks of one wave sharing a scope
                    file is an error naming them); complete tasks are not dispatched
    SCAFFOLD (N)    creates <plan_name>_phase-<N> from the previous phase's branch (phase 1: base_branch;
                    the working tree must be clean); per task: akms_tags (derived and written back when
                    empty), the role's query, the loadout, loadout_path in the task record
    EXECUTE (N)     runs orchestrator.agent_command once per task, wave by wave (tasks of a wave at once;
                    argv array, no shell; orchestrator.agent_timeout_seconds); each agent writes its
                    AgentMemory to {memory_out} = knowledge/sessions/<task_id>.md; the updater never runs
    REVIEW (N)      assembles the PCD knowledge/sessions/handoff_phase_<N>.md from the AgentMemories and
                    the branch diff, runs \`update\` on it, mirrors its files, writes the review report
                    (approving commits the phase's work on its branch)
    FINALIZE        merges the phase branches into base_branch in reverse phase order

  Agent command placeholders (orchestrator.agent_command in propagation_config.yaml)
${Object.entries(PLACEHOLDERS)
  .map(([k, v]) => `    {${k}}`.padEnd(18) + v)
  .join("\n")}
  Each agent runs with AKMS_TASK_ID set to its task's id (the SessionStart hook and current_task read it).

  State: knowledge/orchestrator/ (state.json, logs/; git-ignored). --json: {ok, done, state, actions, edited}.
`;

function view(r: StatusView, done: string[]): CommandResult {
  return {
    json: { ok: true, done, state: r.state, actions: r.actions, edited: r.edited },
    text: [...done, ...(done.length ? [""] : []), statusText(r)].join("\n"),
  };
}

function after(ctxRepo: Parameters<typeof orchestrateStatus>[0], r: OpResult): CommandResult {
  return view(orchestrateStatus(ctxRepo), r.done);
}

function reasonOf(flags: Flags): string | null {
  if (flags.reason === undefined) return null;
  if (typeof flags.reason !== "string") throw new UsageError("--reason needs a text", 'akms orchestrate reject --reason "the loadouts miss the solver nodes"');
  return flags.reason;
}

export const orchestrateCommand: CommandSpec = {
  name: "orchestrate",
  summary: "the reference pipeline (spec §5.8) with human checkpoints: init PLAN · status · approve · reject --reason R · edit · next · abort · resume",
  flags: ["force", "qmd", "reason"],
  usage: "akms orchestrate [init PLAN_FILE|status|approve|reject --reason R|edit [N|PATH]|next|abort|resume]",
  help: ORCHESTRATE_HELP,
  async run(args, flags) {
    const [verb, ...rest] = args;
    if (verb !== undefined && !(VERBS as readonly string[]).includes(verb)) throw new UsageError(`unknown verb "${verb}" for akms orchestrate`, `one of: ${VERBS.join(", ")} (akms orchestrate --help)`);
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    const progress = flags.json ? undefined : (m: string) => process.stderr.write(m + "\n");
    const opts = { onProgress: progress };
    const noArgs = (v: string) => {
      if (rest.length) throw new UsageError(`akms orchestrate ${v} takes no arguments (got ${rest.join(" ")})`);
    };
    switch (verb) {
      case undefined: {
        if (process.stdout.isTTY && process.stdin.isTTY && !flags.json) {
          const { importConsole } = await import("../../screens/import-console.js");
          const { openConsole } = await importConsole();
          return openConsole(ctx, flags, { initialScreen: "checkpoint" });
        }
        return view(orchestrateStatus(ctx), []);
      }
      case "init": {
        if (rest.length !== 1) throw new UsageError("akms orchestrate init needs the plan document", "akms orchestrate init plans/<name>.md");
        return after(ctx, await orchestrateInit(ctx, rest[0]!, { ...opts, noQmd: flags.qmd === false, force: Boolean(flags.force) }));
      }
      case "status":
        noArgs(verb);
        return view(orchestrateStatus(ctx), []);
      case "next":
        noArgs(verb);
        return after(ctx, await orchestrateNext(ctx, opts));
      case "approve":
        noArgs(verb);
        return after(ctx, await orchestrateApprove(ctx, opts));
      case "reject": {
        noArgs(verb);
        const reason = reasonOf(flags);
        if (!reason || !reason.trim()) throw new UsageError("a rejection needs a reason", 'akms orchestrate reject --reason "what is wrong"');
        return after(ctx, await orchestrateReject(ctx, reason, opts));
      }
      case "abort":
        noArgs(verb);
        return after(ctx, await orchestrateAbort(ctx, reasonOf(flags), opts));
      case "resume":
        noArgs(verb);
        return after(ctx, await orchestrateResume(ctx, opts));
      case "edit": {
        const s = orchestrateStatus(ctx);
        if (!rest.length) {
          const targets = editTargets(ctx, s.state);
          const text = [
            `artifacts you can edit at ${s.state.current.stage}${s.state.current.phase !== null ? ` (phase ${s.state.current.phase})` : ""} (${s.state.status}):`,
            ...targets.map((a, i) => `  ${String(i + 1).padStart(2)}. ${a.path}  ${a.kind}${a.editable ? "" : " (read only)"} — ${a.description}${s.edited.includes(a.path) ? "  [edited since the checkpoint]" : ""}`),
            "",
            "open one with `akms orchestrate edit N` (or edit the file with any editor: the checkpoint shows what changed)",
          ];
          return { json: { ok: true, artifacts: targets, edited: s.edited }, text: text.join("\n") };
        }
        if (rest.length > 1) throw new UsageError("akms orchestrate edit takes one artifact (a number or a path)");
        const target = findEditTarget(ctx, s.state, rest[0]!);
        const abs = join(ctx.repo, target.path);
        if (!process.stdin.isTTY || !process.stdout.isTTY || flags.json) {
          throw new UsageError(`opening ${target.path} in $EDITOR needs a terminal`, `edit ${abs} with any editor; the checkpoint shows it as edited`);
        }
        const before = fileSha(abs);
        const run = editorRun(abs);
        const failed = editorFailure(run, spawnSync(run.command, run.args, { stdio: "inherit" }));
        if (failed && !failed.started) throw new UsageError(failed.message, `edit ${abs} with another editor`);
        if (fileSha(abs) === before) return view(s, [`${target.path}: not changed`]);
        return after(ctx, await orchestrateRecordEdit(ctx, target.path, opts));
      }
    }
    throw new UsageError(`unknown verb "${verb}"`);
  },
};
