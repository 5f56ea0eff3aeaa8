// What each stage does (the effects). Every stage can be run again after a crash, a failure or a
// rejection and ends in the same place: branches are reused when this run created them, loadouts
// and task-record fields are rewritten only when they change, tasks an agent already finished are
// not dispatched again, the updater skips a PCD it has applied, merges skip merged branches.
//
//   PLAN            the plan document given at init (read, summarised), the config and git checked
//   TASK BREAKDOWN  knowledge/tasks/*.json validated, grouped by `phase`, dependency-ordered waves
//   SCAFFOLD (N)    phase N's branch from its predecessor; per task: tags (written back when
//                   derived), the role's query, the loadout, loadout_path in the task record
//   EXECUTE (N)     the agents, wave by wave (argv template, timeout), each AgentMemory checked
//   REVIEW (N)      the PCD assembled from the AgentMemories and the branch diff → update →
//                   mirror from its file lists → health and review report
//   FINALIZE        the phase branches merged into base_branch in reverse phase order
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Context } from "../context.js";
import { AkmsError, isAkmsError, type Problem } from "../errors.js";
import { exists, removeFile, sha256, writeFileAtomic } from "../fsx.js";
import { openGraph } from "../graph.js";
import { buildLocked } from "../compiler/build.js";
import { displayPath, pcdFileName, pcdPhaseOfName, resolveInside } from "../paths.js";
import { readTextFile } from "../textfile.js";
import { oneLine } from "../control-chars.js";
import { resolveRole } from "../query.js";
import type { LoadedTask } from "../query/task.js";
import { taskTags, writeTaskTags } from "../tags.js";
import { loadoutPath, writeLoadouts } from "../loadout.js";
import { logHandedLoadout } from "../agent/impressions.js";
import { qmdIndexMessage, type QmdIndexing } from "../qmd.js";
import { qmdUse } from "../loadout/retrieve.js";
import { checkNodeRefs, readDocuments, unknownMemoryKeys, type EvidenceDoc, type NodeLookup } from "../update/documents.js";
import { runUpdate } from "../update/apply.js";
import { crashPoint } from "../transaction.js";
import { generateMirror } from "../mirror/generate.js";
import { writeReviewReport } from "../report.js";
import type { AgentMemory } from "../schemas/evidence.js";
import { runAgent, type AgentRun } from "./agent.js";
import { withoutLock } from "../lock.js";
import { artifact, type StageOutput } from "./checkpoint.js";
import * as G from "./git.js";
import { selfLauncher } from "../agent/launcher.js";
import { driverOptions } from "../team/register.js";
import { pcdText } from "./pcd.js";
import { orchestratorPaths } from "./store.js";
import { loadTasks, planned, setTaskFields, taskComplete } from "./tasks.js";
import { expandTemplate, templateProblems, type Placeholder } from "./template.js";
import { branchName, namesFromConfig, type ErrorRecord, type OrchestratorState, type PhaseRun, type TaskRun } from "./types.js";
import { planBreakdown, planWaves, scopesOverlap } from "./waves.js";
import { plural } from "../plural.js";

export interface RunContext {
  ctx: Context;
  env: NodeJS.ProcessEnv;
  /** The state as last saved. */
  state: OrchestratorState;
  /** Saves a new state (atomically, under the lock the runner holds). */
  save(next: OrchestratorState): void;
  progress(message: string): void;
}

/** A progress line when qmd indexes for the phase's loadouts (once per phase: the batch indexes once). */
function qmdIndexNote(rc: RunContext, phase: number): (kind: QmdIndexing) => void {
  return (kind) => rc.progress(`phase ${phase} loadouts: ${qmdIndexMessage(kind)}`);
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const short = (sha: string | null) => (sha ? sha.slice(0, 7) : "?");

export function errorRecord(e: unknown): ErrorRecord {
  if (isAkmsError(e)) {
    return { code: e.code, message: e.message, hint: e.hint ?? null, file: e.file ?? null, line: e.line ?? null, field: e.field ?? null, problems: e.problems };
  }
  return { code: "UNEXPECTED", message: e instanceof Error ? e.message : String(e), hint: "this is a bug in akms; please report it", file: null, line: null, field: null, problems: [] };
}

function updatePhase(rc: RunContext, phase: number, fn: (p: PhaseRun) => PhaseRun): PhaseRun {
  const cur = rc.state.phase_runs[String(phase)];
  if (!cur) throw new AkmsError("STATE", `phase ${phase} has no record in the orchestrator state`, { hint: "the state file was edited; restore it" });
  const next = fn(structuredClone(cur));
  rc.save({ ...rc.state, phase_runs: { ...rc.state.phase_runs, [String(phase)]: next } });
  return next;
}

function phaseRun(rc: RunContext, phase: number): PhaseRun {
  const p = rc.state.phase_runs[String(phase)];
  if (!p) throw new AkmsError("STATE", `phase ${phase} has no record in the orchestrator state`, { hint: "the state file was edited; restore it" });
  return p;
}

function requireOnBranch(repo: string, branch: string, what: string): void {
  const cur = G.currentBranch(repo);
  if (cur !== branch) {
    throw new AkmsError("WRONG_BRANCH", `${what} runs on ${branch}, but ${cur ? `${cur} is checked out` : "HEAD is detached"}`, {
      hint: `git checkout ${branch}, then \`akms orchestrate next\``,
    });
  }
}

function agentArgv(ctx: Context): string[] {
  const argv = ctx.cfg.config.orchestrator.agent_command;
  const problems = templateProblems(argv);
  if (problems.length) {
    const p = problems[0]!;
    throw new AkmsError(argv.length ? "BAD_AGENT_COMMAND" : "AGENT_COMMAND_MISSING", `${p.field} ${p.message}`, {
      file: displayPath(ctx.repo, ctx.paths.config),
      field: p.field,
      hint: `${p.hint}; then \`akms orchestrate next\``,
    });
  }
  return argv;
}

// ── PLAN ────────────────────────────────────────────────────────────────────────────────────────

export function runPlan(rc: RunContext): StageOutput {
  const { ctx } = rc;
  // The branch names as the config sets them now: edited at PLAN's checkpoint, they count when PLAN runs again.
  const names = namesFromConfig(ctx.cfg.config.orchestrator, rc.state.plan_file);
  if (names.plan_name !== rc.state.plan_name || names.base_branch !== rc.state.base_branch) rc.save({ ...rc.state, ...names });
  const state = rc.state;
  const abs = resolveInside(ctx.repo, state.plan_file);
  if (!abs) throw new AkmsError("BAD_PLAN", `the plan file ${state.plan_file} is outside the repository`, { hint: "keep the plan document inside the repository" });
  const text = readTextFile(abs, state.plan_file);
  if (!text.trim()) throw new AkmsError("BAD_PLAN", "the plan document is empty", { file: state.plan_file, hint: "write the plan (goals, phases, tasks), then `akms orchestrate next`" });
  const lines = text.split("\n");
  const title = lines.find((l) => /^#\s+\S/.test(l))?.replace(/^#\s+/, "").trim() ?? state.plan_file;
  const sections = lines.filter((l) => /^##\s+\S/.test(l)).map((l) => l.replace(/^##\s+/, "").trim());
  G.requireGit(ctx.repo);
  if (!G.validBranchName(ctx.repo, branchName(state.plan_name, 1))) {
    throw new AkmsError("BAD_PLAN_NAME", `"${branchName(state.plan_name, 1)}" is not a valid git branch name`, {
      file: displayPath(ctx.repo, ctx.paths.config),
      field: "orchestrator.plan_name",
      hint: "use letters, digits, dots, dashes and underscores in orchestrator.plan_name",
    });
  }
  const baseCommit = G.revParse(ctx.repo, state.base_branch);
  if (!baseCommit) {
    throw new AkmsError("UNKNOWN_BASE_BRANCH", `the base branch ${state.base_branch} does not exist`, {
      file: displayPath(ctx.repo, ctx.paths.config),
      field: "orchestrator.base_branch",
      hint: "set orchestrator.base_branch to an existing branch (phase 1 branches from it), then `akms orchestrate next`",
    });
  }
  const warnings: string[] = [];
  const argv = ctx.cfg.config.orchestrator.agent_command;
  const tp = templateProblems(argv);
  for (const p of tp) warnings.push(`${p.field} ${p.message} — EXECUTE will stop until it is fixed (${p.hint})`);
  const dirty = G.dirtyFiles(ctx.repo);
  if (dirty.length) warnings.push(`uncommitted changes (${dirty.slice(0, 5).join(", ")}${dirty.length > 5 ? ", …" : ""}): commit them before SCAFFOLD creates the first phase branch`);
  if (!ctx.cfg.config.orchestrator.plan_name) warnings.push(`orchestrator.plan_name is not set; the branches are named after the plan file: ${branchName(state.plan_name, 1)}, …`);
  const taskFiles = (() => {
    try {
      return loadTasks(ctx).length;
    } catch {
      return null;
    }
  })();
  const timeout = ctx.cfg.config.orchestrator.agent_timeout_seconds;
  return {
    summary: [
      `plan ${state.plan_file}: "${title}" (${plural(lines.length, "line")}, ${plural(sections.length, "section")}, sha256 ${sha256(text).slice(0, 12)})`,
      ...(sections.length ? [`  sections: ${sections.slice(0, 12).join(" · ")}${sections.length > 12 ? " · …" : ""}`] : []),
      `branches ${state.plan_name}_phase-<N>; phase 1 from ${state.base_branch} (${short(baseCommit)}), each next phase from the one before`,
      tp.length ? "agent command: not usable yet (see warnings)" : `agent command: ${argv.join(" ")} (timeout ${timeout} s)`,
      taskFiles === null ? "task records: some are invalid (TASK BREAKDOWN lists the problems)" : `task records: ${taskFiles} in knowledge/tasks/ (checked at TASK BREAKDOWN)`,
      `loadouts: ${state.no_qmd ? "degraded mode (--no-qmd)" : "with qmd when it is installed, else degraded mode"}`,
    ],
    artifacts: [artifact(ctx, state.plan_file, "plan", "the plan document"), artifact(ctx, ctx.paths.config, "config", "orchestrator settings (plan_name, base_branch, agent_command)")],
    details: { plan_file: state.plan_file, title, sections, sha256: sha256(text), base_branch: state.base_branch, base_commit: baseCommit, plan_name: state.plan_name, agent_command: argv, agent_timeout_seconds: timeout },
    warnings,
  };
}

// ── TASK BREAKDOWN ──────────────────────────────────────────────────────────────────────────────

export function runBreakdown(rc: RunContext): StageOutput {
  const { ctx } = rc;
  const tasks = loadTasks(ctx);
  if (!tasks.length) {
    throw new AkmsError("NO_TASKS", "there are no task records in knowledge/tasks/", {
      hint: "break the plan into task records (knowledge/tasks/<task_id>.json with task_id, title, scope, depends_on, phase, akms_tags, akms_schema), then `akms orchestrate next`",
    });
  }
  const bd = planBreakdown(tasks.map((t) => planned(t)));
  if (!bd.phases.length) throw new AkmsError("NOTHING_TO_RUN", "every task record is already complete: there is nothing to run", { hint: "add task records for the plan, or set a task's status back to pending" });
  rc.save({ ...rc.state, phases: bd.phases });
  const warnings: string[] = [];
  const summary: string[] = [];
  for (const p of bd.phases) {
    const waves = bd.waves[String(p)]!;
    const n = waves.reduce((k, w) => k + w.length, 0);
    summary.push(`phase ${p} → branch ${branchName(rc.state.plan_name, p)}: ${plural(n, "task")} in ${plural(waves.length, "wave")}: ${waves.map((w) => `[${w.join(", ")}]`).join(" → ")}`);
  }
  const done = tasks.filter(taskComplete).map((t) => t.record.task_id);
  if (done.length) summary.push(`already complete, not dispatched: ${done.join(", ")}`);
  for (const t of tasks) {
    if (taskComplete(t)) continue;
    if (!(t.record.scope ?? []).length) warnings.push(`${t.record.task_id} has no scope: it cannot be checked for overlaps with the tasks of its wave`);
    if (!t.record.akms_tags.length) warnings.push(`${t.record.task_id} has no akms_tags: SCAFFOLD derives them (and writes them back)`);
  }
  return {
    summary,
    artifacts: tasks.map((t) => artifact(ctx, t.file, "task", `${t.record.task_id} (phase ${t.record.phase})${taskComplete(t) ? " — complete" : ""}`)),
    details: {
      phases: bd.phases,
      waves: bd.waves,
      tasks: tasks.map((t) => ({
        task_id: t.record.task_id,
        title: t.record.title ?? null,
        phase: t.record.phase,
        depends_on: t.record.depends_on ?? [],
        scope: t.record.scope ?? [],
        role: t.record.agent_role ?? null,
        complete: taskComplete(t),
        file: t.shown,
      })),
    },
    warnings,
  };
}

// ── closing a phase: its work committed on its branch ───────────────────────────────────────────

function closePhase(rc: RunContext, phase: number): void {
  const pr = phaseRun(rc, phase);
  if (pr.closed_commit) return;
  requireOnBranch(rc.ctx.repo, pr.branch, `closing phase ${phase}`);
  const ids = Object.keys(pr.tasks).sort(cmp);
  const sha = G.commitAll(rc.ctx.repo, `akms orchestrate: ${rc.state.plan_name} phase ${phase} (${ids.join(", ")})`) ?? G.revParse(rc.ctx.repo, "HEAD");
  rc.progress(`phase ${phase} committed on ${pr.branch} (${short(sha)})`);
  updatePhase(rc, phase, (p) => ({ ...p, closed_commit: sha }));
}

function previousPhase(state: OrchestratorState, phase: number): number | null {
  const i = state.phases.indexOf(phase);
  return i > 0 ? state.phases[i - 1]! : null;
}

/**
 * The previous phase's completion document (absolute), or null in the first phase there is: the
 * PCD this run's previous phase wrote, else — a plan's first phase after phases run before the
 * orchestrator — the newest handoff_phase_<N>.md with N below this phase in knowledge/sessions/.
 */
function previousPcd(rc: RunContext, phase: number): string | null {
  const prev = previousPhase(rc.state, phase);
  const written = prev === null ? null : rc.state.phase_runs[String(prev)]?.pcd ?? null;
  if (written) return join(rc.ctx.repo, written);
  if (prev !== null) return null;
  let best: number | null = null;
  for (const name of exists(rc.ctx.paths.sessions) ? readdirSync(rc.ctx.paths.sessions) : []) {
    const n = pcdPhaseOfName(name);
    if (n !== null && n < phase && (best === null || n > best)) best = n;
  }
  return best === null ? null : join(rc.ctx.paths.sessions, pcdFileName(best));
}

// ── SCAFFOLD (N) ────────────────────────────────────────────────────────────────────────────────

function ensureBranch(rc: RunContext, phase: number): { created: boolean; pr: PhaseRun } {
  const { ctx, state } = rc;
  const name = branchName(state.plan_name, phase);
  const prev = previousPhase(state, phase);
  const from = prev === null ? state.base_branch : branchName(state.plan_name, prev);
  const existing = state.phase_runs[String(phase)];
  const exists = G.branchExists(ctx.repo, name);
  if (existing?.base_commit && exists) {
    if (G.currentBranch(ctx.repo) !== name) {
      G.requireClean(ctx.repo, `checking out ${name}`);
      G.checkout(ctx.repo, name);
    }
    return { created: false, pr: existing };
  }
  if (exists) {
    throw new AkmsError("BRANCH_EXISTS", `the branch ${name} already exists and this run did not create it`, {
      hint: `delete or rename it (git branch -m ${name} ${name}-old), or set another orchestrator.plan_name; then \`akms orchestrate next\``,
    });
  }
  G.requireClean(ctx.repo, `SCAFFOLD (the branch ${name})`);
  const fromSha = G.revParse(ctx.repo, from);
  if (!fromSha) throw new AkmsError("UNKNOWN_BRANCH", `${from}, which phase ${phase} branches from, does not exist`, { hint: `restore the branch ${from}, then \`akms orchestrate next\`` });
  // Recorded before the branch is made: a crash in between finds the record and reuses the branch.
  const pr: PhaseRun = existing ?? { phase, branch: name, from, base_commit: null, waves: [], tasks: {}, pcd: null, closed_commit: null };
  rc.save({ ...rc.state, phase_runs: { ...rc.state.phase_runs, [String(phase)]: { ...pr, base_commit: fromSha } } });
  G.createBranch(ctx.repo, name, fromSha);
  rc.progress(`branch ${name} created from ${from} (${short(fromSha)})`);
  return { created: true, pr: rc.state.phase_runs[String(phase)]! };
}

export function runScaffold(rc: RunContext, phase: number): StageOutput {
  const { ctx } = rc;
  G.requireGit(ctx.repo);
  const prev = previousPhase(rc.state, phase);
  if (prev !== null) closePhase(rc, prev);
  const { created, pr } = ensureBranch(rc, phase);

  buildLocked(ctx, { env: rc.env });
  const graph = openGraph(ctx.paths);
  const all = loadTasks(ctx);
  const mine = all.filter((t) => t.record.phase === phase && !taskComplete(t)).sort((a, b) => cmp(a.record.task_id, b.record.task_id));
  if (!mine.length) throw new AkmsError("NOTHING_TO_RUN", `phase ${phase} has no task that is not complete`, { hint: "add task records for this phase, or reject back by editing the records; then `akms orchestrate next`" });
  const waves = planWaves(all.filter((t) => t.record.phase === phase).map((t) => planned(t)));
  const waveOf = new Map<string, number>();
  waves.forEach((w, i) => w.forEach((id) => waveOf.set(id, i + 1)));

  const qmd = rc.state.no_qmd ? { available: false, reason: "disabled by --no-qmd", bin: null, version: null } : qmdUse(false, rc.env);
  const warnings: string[] = [];
  if (!qmd.available) warnings.push(`qmd is not available (${qmd.reason}): loadouts are in the degraded mode (node table, paths, pitfalls; no inline content)`);
  const tasks: Record<string, TaskRun> = {};
  const lines: string[] = [];
  // Tags and loadout_path first, task by task; then the phase's loadouts together (their qmd
  // searches run concurrently); then the report, task by task.
  const prepared: { t: LoadedTask; id: string; role: string; tagsFrom: string | null; loadRel: string; notes: string[] }[] = [];
  for (let t of mine) {
    const id = t.record.task_id;
    rc.progress(`pre-phase ${id}: tags, query, loadout`);
    const role = resolveRole(ctx.cfg, t.record.agent_role);
    const tt = taskTags(ctx, graph, t);
    let tagsFrom: string | null = null;
    const notes: string[] = [];
    if (tt.from === "derived") {
      if (tt.derivation && tt.tags.length) {
        writeTaskTags(ctx, t, tt.derivation, graph.version, { env: rc.env });
        tagsFrom = "derived, written back";
        t = reread(ctx, t);
      } else {
        notes.push(`${id}: no akms_tags and none could be derived: its loadout holds no seed nodes (set akms_tags in ${t.shown})`);
      }
    }
    const loadAbs = loadoutPath(ctx, id, phase, role, role);
    const loadRel = displayPath(ctx.repo, loadAbs);
    t = setTaskFields(ctx, t, { loadout_path: loadRel });
    prepared.push({ t, id, role, tagsFrom, loadRel, notes });
  }
  const outcomes = writeLoadouts(
    ctx,
    graph,
    prepared.map(({ t }) => ({ task: t, phase, noQmd: rc.state.no_qmd, qmd, env: rc.env, onQmdIndex: qmdIndexNote(rc, phase) })),
  );
  prepared.forEach(({ t, id, role, tagsFrom, loadRel, notes }, i) => {
    const o = outcomes[i]!;
    if (!o.ok) throw o.error;
    const lr = o.result;
    warnings.push(...notes);
    for (const w of lr.warnings) warnings.push(`${id}: ${w}`);
    const prevRun = pr.tasks[id];
    tasks[id] = {
      task_id: id,
      file: t.shown,
      role,
      tags: lr.seed_tags,
      tags_from: tagsFrom ?? lr.tags_from,
      loadout: loadRel,
      loadout_nodes: lr.node_count,
      loadout_pitfalls: lr.pitfall_count,
      loadout_mode: lr.loadout_mode,
      memory: displayPath(ctx.repo, join(ctx.paths.sessions, `${id}.md`)),
      wave: waveOf.get(id) ?? 0,
      status: prevRun?.status === "done" ? "done" : "pending",
      attempts: prevRun?.attempts ?? 0,
      exit_code: prevRun?.exit_code ?? null,
      outcome: prevRun?.outcome ?? null,
      log: prevRun?.log ?? null,
      error: null,
    };
    lines.push(
      `  ${id} [wave ${waveOf.get(id)}] ${role} · tags ${lr.seed_tags.join(", ") || "(none)"} (${tagsFrom ?? lr.tags_from}) · ${plural(lr.node_count, "node")}, ${plural(lr.pitfall_count, "pitfall")} · ${lr.loadout_mode} · ${loadRel}${lr.written ? "" : " (unchanged)"}`,
    );
  });
  updatePhase(rc, phase, (p) => ({ ...p, waves, tasks }));
  const cur = rc.state.phase_runs[String(phase)]!;
  return {
    summary: [
      `branch ${cur.branch} ${created ? "created" : "reused"} from ${cur.from} (${short(cur.base_commit)})`,
      `pre-phase for ${plural(mine.length, "task")} (graph ${graph.version}):`,
      ...lines,
      `waves: ${waves.map((w) => `[${w.join(", ")}]`).join(" → ")}`,
      `approve to dispatch the agents (${ctx.cfg.config.orchestrator.agent_command[0] ?? "agent_command not set"})`,
    ],
    artifacts: [
      ...mine.map((t) => artifact(ctx, tasks[t.record.task_id]!.loadout, "loadout", `${t.record.task_id}'s loadout`)),
      ...mine.map((t) => artifact(ctx, t.file, "task", `${t.record.task_id}'s task record (akms_tags, loadout_path)`)),
    ],
    details: { branch: cur.branch, from: cur.from, base_commit: cur.base_commit, created, graph_version: graph.version, waves, tasks, qmd_available: qmd.available },
    warnings,
  };
}

function reread(ctx: Context, t: LoadedTask): LoadedTask {
  return loadTasks(ctx, [t.file])[0]!;
}

// ── EXECUTE (N) ─────────────────────────────────────────────────────────────────────────────────

interface Evaluated {
  id: string;
  run: AgentRun;
  memory: AgentMemory | null;
  error: ErrorRecord | null;
}

function lastLine(output: string): string {
  const lines = output.trim().split("\n").filter((l) => l.trim());
  const l = lines[lines.length - 1] ?? "";
  return oneLine(l, 200);
}

function logText(r: AgentRun): string {
  return [`# argv: ${JSON.stringify(r.argv)}`, `# exit: ${r.exitCode ?? "-"} signal: ${r.signal ?? "-"} timed_out: ${r.timedOut} ms: ${r.ms}`, r.spawnError ? `# spawn error: ${r.spawnError.message}` : null, "", r.output]
    .filter((x) => x !== null)
    .join("\n");
}

function evaluate(rc: RunContext, phase: number, id: string, run: AgentRun, logRel: string, known: NodeLookup): Evaluated {
  const { ctx } = rc;
  const memRel = displayPath(ctx.repo, join(ctx.paths.sessions, `${id}.md`));
  const err = (code: string, message: string, hint: string, extra: Partial<ErrorRecord> = {}): Evaluated => ({
    id,
    run,
    memory: null,
    error: { code, message, hint, file: extra.file ?? logRel, line: extra.line ?? null, field: extra.field ?? null, problems: extra.problems ?? [] },
  });
  if (run.spawnError) {
    const what = run.spawnError.code === "ENOENT" ? "not found" : run.spawnError.code === "EACCES" ? "not executable" : run.spawnError.message;
    return err("AGENT_NOT_STARTED", `${id}: the agent command could not be started: ${run.argv[0]}: ${what}`, "check orchestrator.agent_command[0] in propagation_config.yaml (a program on PATH or a path); then `akms orchestrate next`");
  }
  if (run.timedOut) return err("AGENT_TIMEOUT", `${id}: the agent was stopped after ${ctx.cfg.config.orchestrator.agent_timeout_seconds} s (orchestrator.agent_timeout_seconds)`, `see ${logRel}; raise the timeout or fix the agent, then \`akms orchestrate next\``);
  if (run.exitCode !== 0) {
    const tail = lastLine(run.output);
    return err("AGENT_FAILED", `${id}: the agent exited with status ${run.exitCode ?? run.signal}${tail ? `: ${tail}` : ""}`, `see ${logRel}; then \`akms orchestrate next\` runs it again`);
  }
  let doc: EvidenceDoc;
  try {
    doc = readDocuments([join(ctx.paths.sessions, `${id}.md`)], { cwd: ctx.repo, repo: ctx.repo })[0]!;
  } catch (e) {
    if (!isAkmsError(e)) throw e;
    if (e.code === "NOT_FOUND") {
      return err("NO_AGENT_MEMORY", `${id}: the agent exited 0 but wrote no AgentMemory at ${memRel}`, `the agent must write its AgentMemory (spec §4.3) to {memory_out}; see ${logRel}; then \`akms orchestrate next\``, { file: memRel });
    }
    return err("INVALID_AGENT_MEMORY", `${id}: the AgentMemory is invalid: ${e.field ? `${e.field} ` : ""}${e.message}`, `fix the agent (or the file ${memRel}), then \`akms orchestrate next\``, {
      file: e.file ?? memRel,
      line: e.line ?? null,
      field: e.field ?? null,
      problems: e.problems,
    });
  }
  if (doc.kind !== "agent-memory") return err("INVALID_AGENT_MEMORY", `${id}: ${memRel} is a PCD, not an AgentMemory`, "a task agent writes an AgentMemory (spec §4.3)", { file: memRel });
  const data = doc.data as AgentMemory;
  if (data.task_id !== id) return err("INVALID_AGENT_MEMORY", `${id}: the AgentMemory at ${memRel} says task_id ${data.task_id}`, `task_id must be ${id}`, { file: memRel, field: "task_id" });
  if (data.phase_id !== phase) return err("INVALID_AGENT_MEMORY", `${id}: the AgentMemory says phase_id ${data.phase_id}, the task runs in phase ${phase}`, `phase_id must be ${phase}`, { file: memRel, field: "phase_id" });
  const unknown = unknownMemoryKeys(data, memRel, doc.yaml, doc.firstLine);
  if (unknown.length) {
    const first = unknown[0]!;
    return err("INVALID_AGENT_MEMORY", `${id}: the AgentMemory has ${plural(unknown.length, "unknown key")} (${unknown.map((p) => p.field).join(", ")}): what ${unknown.length === 1 ? "it holds" : "they hold"} would be lost`, `${unknown.length === 1 ? first.hint : "rename or remove each (listed)"}; fix the agent (or the file ${memRel}), then \`akms orchestrate next\``, { file: memRel, line: first.line ?? null, field: first.field ?? null, problems: unknown });
  }
  try {
    checkNodeRefs([doc], known);
  } catch (e) {
    if (!isAkmsError(e)) throw e;
    return err("INVALID_AGENT_MEMORY", `${id}: the AgentMemory names unknown nodes: ${e.message}`, e.hint ?? "use ids of the compiled graph", { file: e.file ?? memRel, line: e.line ?? null, field: e.field ?? null, problems: e.problems });
  }
  return { id, run, memory: data, error: null };
}

export async function runExecute(rc: RunContext, phase: number): Promise<StageOutput> {
  const { ctx } = rc;
  const pr0 = phaseRun(rc, phase);
  G.requireGit(ctx.repo);
  requireOnBranch(ctx.repo, pr0.branch, `EXECUTE (phase ${phase})`);
  const template = agentArgv(ctx);
  const all = loadTasks(ctx);
  const ids = Object.keys(pr0.tasks).sort(cmp);
  const byId = new Map(all.map((t) => [t.record.task_id, t]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw new AkmsError("TASK_MISSING", `the task record${missing.length === 1 ? "" : "s"} of ${missing.join(", ")} disappeared since SCAFFOLD`, { hint: "restore them in knowledge/tasks/, then `akms orchestrate next`" });
  // Validated again right before dispatch: the records may have been edited at a checkpoint.
  const dispatch = new Set(ids);
  const waves = planWaves(all.filter((t) => t.record.phase === phase).map((t) => planned(t, !dispatch.has(t.record.task_id)))).map((w) => w.filter((id) => dispatch.has(id)));
  const problems: Problem[] = [];
  for (const id of ids) {
    const t = byId.get(id)!;
    const lp = t.record.loadout_path;
    const abs = typeof lp === "string" && lp ? resolveInside(ctx.repo, lp) : null;
    if (!abs) problems.push({ file: t.shown, field: "loadout_path", message: `${id} has no loadout_path`, hint: "SCAFFOLD fills it; restore the task record" });
    else if (readFileOk(abs) === false) problems.push({ file: t.shown, field: "loadout_path", message: `${id}'s loadout ${lp} does not exist`, hint: `regenerate it: akms loadout --task ${t.shown} --phase ${phase}` });
  }
  if (problems.length) throw new AkmsError("LOADOUT_MISSING", problems[0]!.message, { file: problems[0]!.file, field: "loadout_path", hint: `${problems[0]!.hint}; then \`akms orchestrate next\``, problems: problems.length > 1 ? problems : [] });

  // A rejected EXECUTE dispatches every task again.
  if (rc.state.rejection) updatePhase(rc, phase, (p) => ({ ...p, tasks: Object.fromEntries(Object.entries(p.tasks).map(([k, v]) => [k, { ...v, status: "pending" as const, error: null }])) }));
  const prevPcd = previousPcd(rc, phase);
  const graph = openGraph(ctx.paths);
  const known = graph.nodes;
  const logDir = join(orchestratorPaths(ctx).logs, `phase-${phase}`);
  const timeoutMs = ctx.cfg.config.orchestrator.agent_timeout_seconds * 1000;

  for (let wi = 0; wi < waves.length; wi++) {
    const todo = waves[wi]!.filter((id) => phaseRun(rc, phase).tasks[id]!.status !== "done");
    if (!todo.length) continue;
    rc.progress(`wave ${wi + 1}/${waves.length}: starting ${todo.join(", ")}`);
    for (const id of todo) removeFile(join(ctx.paths.sessions, `${id}.md`)); // a stale AgentMemory never passes for a new run
    updatePhase(rc, phase, (p) => {
      for (const id of todo) p.tasks[id] = { ...p.tasks[id]!, status: "running", attempts: p.tasks[id]!.attempts + 1, error: null };
      return p;
    });
    // The agents run without the repository lock (the run lock keeps other orchestrators out), so
    // their own record_memory and loadout calls go through; the lock is taken back after the wave.
    const results = await withoutLock(ctx.paths.lock, () => Promise.all(
      todo.map(async (id) => {
        const t = byId.get(id)!;
        const tr = phaseRun(rc, phase).tasks[id]!;
        const values: Record<Placeholder, string> = {
          task_file: t.file,
          task_id: id,
          loadout: join(ctx.repo, t.record.loadout_path!),
          memory_out: join(ctx.paths.sessions, `${id}.md`),
          phase: String(phase),
          repo: ctx.repo,
          pcd: prevPcd ?? "",
          role: tr.role,
          branch: phaseRun(rc, phase).branch,
          plan_file: join(ctx.repo, rc.state.plan_file),
        };
        if (ctx.cfg.config.agents.impressions) logHandedLoadout(ctx.paths, id, values.loadout);
        // AKMS_TASK_ID names the agent's task to what it runs: the SessionStart hook and current_task
        // (a wave's agents run at once, on a branch named after the phase, not the task).
        const run = await runAgent(expandTemplate(template, values), { cwd: ctx.repo, timeoutMs, env: { ...rc.env, AKMS_TASK_ID: id } });
        const logAbs = join(logDir, `${id}.log`);
        writeFileAtomic(logAbs, logText(run));
        const ev = evaluate(rc, phase, id, run, displayPath(ctx.repo, logAbs), known);
        updatePhase(rc, phase, (p) => {
          p.tasks[id] = { ...p.tasks[id]!, status: ev.error ? "failed" : "done", exit_code: run.exitCode, outcome: ev.memory?.status ?? null, log: displayPath(ctx.repo, logAbs), error: ev.error };
          return p;
        });
        rc.progress(`  ${id}: ${ev.error ? `FAILED — ${ev.error.message}` : `done (${ev.memory!.status}) in ${(run.ms / 1000).toFixed(1)} s`}`);
        return ev;
      }),
    ));
    crashPoint(`orchestrate-wave-${wi + 1}`, rc.env);
    const failed = results.filter((r) => r.error);
    if (failed.length) {
      const first = failed[0]!.error!;
      const probs: Problem[] = failed.map((f) => ({ code: f.error!.code, file: f.error!.file ?? undefined, line: f.error!.line ?? undefined, field: f.error!.field ?? undefined, message: f.error!.message, hint: f.error!.hint ?? undefined }));
      throw new AkmsError(failed.length === 1 ? first.code : "AGENTS_FAILED", failed.length === 1 ? first.message : `${failed.length} of ${todo.length} agents in wave ${wi + 1} failed: ${failed.map((f) => f.id).join(", ")}`, {
        file: first.file ?? undefined,
        line: first.line ?? undefined,
        field: first.field ?? undefined,
        hint: first.hint ?? undefined,
        problems: failed.length > 1 ? probs : first.problems,
      });
    }
  }

  // Every agent is done: the task records get their outcome; the phase's changes are listed.
  const pr = phaseRun(rc, phase);
  for (const id of ids) {
    const outcome = pr.tasks[id]!.outcome;
    const t = byId.get(id)!;
    if (outcome && t.record.status !== outcome) setTaskFields(ctx, reread(ctx, t), { status: outcome });
  }
  const changes = G.changedSince(ctx.repo, pr.base_commit ?? "HEAD");
  const memories = readDocuments(
    ids.map((id) => join(ctx.paths.sessions, `${id}.md`)),
    { cwd: ctx.repo, repo: ctx.repo },
  );
  const warnings: string[] = [];
  const scopes = ids.flatMap((id) => byId.get(id)!.record.scope ?? []);
  const outside = changes.filter((c) => !scopes.some((sc) => scopesOverlap(sc, c.path))).map((c) => c.path);
  if (outside.length) warnings.push(`changed outside every task's scope: ${outside.join(", ")}`);
  const lines = memories.map((d) => {
    const m = d.data as AgentMemory;
    const tr = pr.tasks[m.task_id]!;
    if (m.status !== "complete") warnings.push(`${m.task_id} reports status ${m.status}${m.completion_notes ? `: ${m.completion_notes.split("\n")[0]}` : ""}`);
    if (m.tests_passed < m.tests_total) warnings.push(`${m.task_id}: ${m.tests_total - m.tests_passed} of ${m.tests_total} tests failing`);
    return `  ${m.task_id} [wave ${tr.wave}]: ${m.status} · tests ${m.tests_passed}/${m.tests_total} · ${plural((m.nodes_used ?? []).length, "node")} used · ${plural((m.pitfalls_discovered ?? []).length, "pitfall")} · ${(m.new_knowledge ?? []).length} new knowledge · ${m.agent_model}`;
  });
  return {
    summary: [
      `${plural(ids.length, "agent")} finished on ${pr.branch} in ${plural(waves.length, "wave")} (the updater did not run):`,
      ...lines,
      `files changed since ${short(pr.base_commit)}: ${changes.length ? changes.map((c) => `${c.path} (${c.change})`).join(", ") : "none"}`,
      "approve to assemble the PCD and update the graph (REVIEW)",
    ],
    artifacts: [
      ...ids.map((id) => artifact(ctx, pr.tasks[id]!.memory, "agent-memory", `${id}'s AgentMemory`)),
      ...changes.filter((c) => c.change !== "deleted").map((c) => artifact(ctx, c.path, "source", `${c.change} in phase ${phase}`)),
      ...ids.filter((id) => pr.tasks[id]!.log).map((id) => artifact(ctx, pr.tasks[id]!.log!, "log", `${id}'s agent output`, false)),
    ],
    details: { branch: pr.branch, waves, tasks: pr.tasks, files: changes },
    warnings,
  };
}

function readFileOk(abs: string): boolean {
  try {
    readTextFile(abs, abs);
    return true;
  } catch {
    return false;
  }
}

// ── REVIEW (N) ──────────────────────────────────────────────────────────────────────────────────

export async function runReview(rc: RunContext, phase: number): Promise<StageOutput> {
  const { ctx } = rc;
  const pr = phaseRun(rc, phase);
  G.requireGit(ctx.repo);
  requireOnBranch(ctx.repo, pr.branch, `REVIEW (phase ${phase})`);
  const ids = Object.keys(pr.tasks).sort(cmp);
  const records = new Map(loadTasks(ctx).map((t) => [t.record.task_id, t]));
  const docs = readDocuments(
    ids.map((id) => join(ctx.paths.sessions, `${id}.md`)),
    { cwd: ctx.repo, repo: ctx.repo },
  );
  const files = G.changedSince(ctx.repo, pr.base_commit ?? "HEAD");
  const text = pcdText({
    phase,
    plan_file: rc.state.plan_file,
    branch: pr.branch,
    files,
    tasks: docs.map((d) => {
      const m = d.data as AgentMemory;
      const rec = records.get(m.task_id);
      return { task_id: m.task_id, title: rec?.record.title || m.task_description || m.task_id, scope: rec?.record.scope ?? [], memory: m, memory_file: d.shown };
    }),
  });
  const pcdAbs = join(ctx.paths.sessions, pcdFileName(phase));
  const pcdRel = displayPath(ctx.repo, pcdAbs);
  rc.progress(`PCD ${pcdRel}`);
  writeFileAtomic(pcdAbs, text);
  updatePhase(rc, phase, (p) => ({ ...p, pcd: pcdRel }));

  rc.progress("update: applying the PCD's persistent zone");
  const upd = runUpdate(ctx, [pcdAbs], { cwd: ctx.repo, env: rc.env });
  rc.progress("mirror: the PCD's files");
  const mir = await generateMirror(ctx, { pcd: pcdAbs, phase, cwd: ctx.repo, env: rc.env });
  const rep = writeReviewReport(ctx, { phase });
  const repRel = displayPath(ctx.repo, rep.path);
  const doc = upd.documents[0];
  const created = upd.files.created;
  const warnings: string[] = [...upd.warnings];
  for (const w of mir.warnings) warnings.push(`mirror: ${w.file}${w.line !== undefined ? `:${w.line}` : ""}: ${w.message}`);
  if (mir.graph_error) warnings.push(`mirror: graph.json not rebuilt: ${mir.graph_error}`);
  const knowledge = doc?.new_knowledge ?? [];
  return {
    summary: [
      `PCD ${pcdRel}: ${plural(docs.length, "AgentMemory", "AgentMemories")}, ${plural(files.length, "file")} changed`,
      `update: ${doc ? (doc.status === "already-applied" ? `${doc.session} was applied before; unchanged` : `applied as ${doc.session}`) : "nothing applied"} · ${plural(upd.nodes.length, "confidence change")} · ${plural(doc?.pitfalls.length ?? 0, "pitfall edge")} · ${plural(knowledge.length, "new knowledge entry", "new knowledge entries")}`,
      ...knowledge.map((k) => `  new knowledge ${k.suggested_id} → ${k.action === "appended" ? `pending dedup section in ${k.node}` : `tentative node ${k.node}`}`),
      `mirror: ${mir.mirrored.length} written, ${mir.unchanged.length} unchanged, ${mir.removed.length} removed · ${plural(mir.drift.length, "docstring drift")}`,
      `review report ${repRel}: ${rep.awaiting === 1 ? "1 item awaits" : `${rep.awaiting} items await`} a decision (act on them in \`akms review\`, or \`akms promote ID\` …)`,
      `approve to commit phase ${phase} on ${pr.branch} and continue`,
    ],
    artifacts: [
      artifact(ctx, repRel, "review-report", `phase ${phase} review report`, false),
      artifact(ctx, pcdRel, "pcd", "the phase completion document (applied; the updater refuses a changed one)", false),
      ...[...created, ...upd.files.appended].filter((c) => c.startsWith("knowledge/local-nodes/")).map((c) => artifact(ctx, c, "node", created.includes(c) ? "new tentative node (agent-authored, awaiting review)" : "local node with a pending dedup section")),
      ...ids.map((id) => artifact(ctx, pr.tasks[id]!.memory, "agent-memory", `${id}'s AgentMemory`, false)),
    ],
    details: {
      pcd: pcdRel,
      update: { documents: upd.documents, nodes: upd.nodes, files: upd.files, graph: upd.graph },
      mirror: { mirrored: mir.mirrored, unchanged: mir.unchanged.length, removed: mir.removed, drift: mir.drift, skipped: mir.skipped },
      review_report: repRel,
      review_summary: rep.summary,
    },
    warnings,
    reviewReport: repRel,
  };
}

// ── FINALIZE ────────────────────────────────────────────────────────────────────────────────────

export function runFinalize(rc: RunContext): StageOutput {
  const { ctx, state } = rc;
  G.requireGit(ctx.repo);
  const last = state.phases[state.phases.length - 1];
  if (last !== undefined) closePhase(rc, last);
  G.requireClean(ctx.repo, "FINALIZE");
  const base = state.base_branch;
  if (!G.branchExists(ctx.repo, base)) throw new AkmsError("UNKNOWN_BASE_BRANCH", `the base branch ${base} does not exist any more`, { hint: `recreate ${base}, then \`akms orchestrate next\`` });
  G.checkout(ctx.repo, base);
  const merged: { branch: string; phase: number; result: "merged" | "already-contained"; commit: string | null }[] = [];
  for (const p of [...state.phases].reverse()) {
    const br = rc.state.phase_runs[String(p)]?.branch ?? branchName(state.plan_name, p);
    if (!G.branchExists(ctx.repo, br)) throw new AkmsError("BRANCH_MISSING", `the phase branch ${br} does not exist`, { hint: `restore it (git branch ${br} <commit>), then \`akms orchestrate next\`` });
    if (G.isAncestor(ctx.repo, br, "HEAD")) {
      merged.push({ branch: br, phase: p, result: "already-contained", commit: null });
      continue;
    }
    rc.progress(`merging ${br} into ${base}`);
    // The akms merge driver replays the evidence of both sides: a phase branch updated after its
    // successor branched merges without a conflict in the overlay.
    const m = G.merge(ctx.repo, br, `akms orchestrate: merge ${br} into ${base} (${state.plan_name} phase ${p})`, driverOptions(ctx.paths, selfLauncher(), orchestratorPaths(ctx).dir));
    if (!m.ok) {
      throw new AkmsError("MERGE_CONFLICT", `merging ${br} into ${base} conflicts${m.conflicts.length ? ` in ${m.conflicts.join(", ")}` : `: ${m.message}`}`, {
        hint: `the merge was undone and ${base} is as before; merge by hand (git merge ${br}), resolve and commit, then \`akms orchestrate next\` merges the remaining branches`,
        problems: m.conflicts.map((f) => ({ file: f, message: `conflict merging ${br}` })),
      });
    }
    merged.push({ branch: br, phase: p, result: "merged", commit: G.revParse(ctx.repo, "HEAD") });
  }
  if (merged.some((m) => m.result === "merged")) {
    // graph.json is derived: compiled again from the merged sources (and committed where the
    // repository tracks it), so main never answers from one branch's graph.
    rc.progress("rebuilding graph.json from the merged knowledge");
    buildLocked(ctx, { env: rc.env });
    G.commitAll(ctx.repo, `akms orchestrate: rebuild graph.json after merging into ${base} (${state.plan_name})`);
  }
  const head = G.revParse(ctx.repo, "HEAD");
  return {
    summary: [
      `merged into ${base} in reverse phase order:`,
      ...merged.map((m) => `  ${m.branch}: ${m.result === "merged" ? `merged (${short(m.commit)})` : `already contained in ${base}`}`),
      `${base} is at ${short(head)}; the phase branches are kept`,
      "approve to finish the run",
    ],
    artifacts: state.phases
      .map((p) => join(ctx.paths.reviews, `phase-${p}-review.md`))
      .filter(readFileOk)
      .map((f) => artifact(ctx, f, "review-report", "review report", false)),
    details: { base_branch: base, head, merged },
    warnings: [],
  };
}
