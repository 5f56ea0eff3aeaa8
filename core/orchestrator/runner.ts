// `akms orchestrate`'s operations: init, next, approve, reject, edit, abort, resume, status. Each
// writing operation holds the repository lock from start to end — also while agents run, so that
// no `akms update` (or any other writer) can touch the graph during execution — finishes an
// interrupted update first, and saves the state after every step, so that a crash or an abort
// loses nothing: the next `next`/`resume` picks the current stage up again.
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import type { Context } from "../context.js";
import { AkmsError, isAkmsError, StaleWriteError, StateError, UsageError } from "../errors.js";
import { nowIso } from "../clock.js";
import { acquireLock, readLockHolder } from "../lock.js";
import { readTextIfExists, writeFileAtomic } from "../fsx.js";
import { resolveInside } from "../paths.js";
import { recoverPendingTransaction } from "../transaction.js";
import { buildLocked } from "../compiler/build.js";
import { editedSince, makeCheckpoint, type StageOutput } from "./checkpoint.js";
import { allowedActions, initialState, RUNNABLE, transition, type MachineEvent } from "./machine.js";
import { errorRecord, runBreakdown, runExecute, runFinalize, runPlan, runReview, runScaffold, type RunContext } from "./stages.js";
import { orchestratorPaths, readState, requireState, writeState } from "./store.js";
import { namesFromConfig, stageLabel, type ActionId, type Artifact, type OrchestratorState } from "./types.js";
import { loadTasks } from "./tasks.js";
import { plural } from "../plural.js";

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  /** Progress lines while a stage runs (the CLI prints them on stderr; the console in its status bar). */
  onProgress?: (message: string) => void;
  /** The checkpoint the caller looked at: a decision on a newer one is refused (StaleWriteError). */
  expectedSeq?: number;
}

export interface OpResult {
  state: OrchestratorState;
  /** What this call did, one line each. */
  done: string[];
}

/**
 * The run's own lock (one orchestrator at a time, for the whole call) and the repository lock. A
 * stage sets the repository lock aside while its agents run (stages.ts, withoutLock), so their
 * record_memory and loadout calls are not refused; the run lock keeps a second `akms orchestrate`
 * out meanwhile.
 */
async function withLockAsync<T>(ctx: Context, what: string, fn: () => Promise<T>): Promise<T> {
  const releaseRun = acquireLock(runLockPath(ctx), `orchestrate ${what}`);
  try {
    const release = acquireLock(ctx.paths.lock, `orchestrate ${what}`);
    try {
      recoverPendingTransaction(ctx, () => buildLocked(ctx));
      return await fn();
    } finally {
      release();
    }
  } finally {
    releaseRun();
  }
}

/** The orchestrator's run lock (in the derived cache folder, which git ignores). */
export function runLockPath(ctx: Context): string {
  return join(ctx.paths.cacheDir, "orchestrate.lock");
}

function save(ctx: Context, s: OrchestratorState): OrchestratorState {
  writeState(ctx, s);
  return s;
}

function apply(ctx: Context, s: OrchestratorState, e: MachineEvent, env?: NodeJS.ProcessEnv): OrchestratorState {
  return save(ctx, transition(s, e, nowIso(env)));
}

function checkSeq(s: OrchestratorState, expected: number | undefined): void {
  if (expected === undefined) return;
  const seq = s.checkpoint?.seq ?? null;
  if (seq !== expected) {
    throw new StaleWriteError(`the run moved on since checkpoint #${expected} was shown (now: ${stageLabel(s.current)}, ${s.status}${seq !== null ? `, checkpoint #${seq}` : ""})`, {
      hint: "reload and look again before deciding",
    });
  }
}

/** Runs the current stage to its checkpoint (or to a recorded failure, which is then thrown). */
async function runStage(ctx: Context, s0: OrchestratorState, opts: RunOptions): Promise<OrchestratorState> {
  const env = opts.env ?? process.env;
  let state = apply(ctx, s0, { type: "start" }, env);
  const rc: RunContext = {
    ctx,
    env,
    get state() {
      return state;
    },
    save(next) {
      state = save(ctx, { ...next, updated_at: nowIso(env) });
    },
    progress(m) {
      opts.onProgress?.(m);
    },
  };
  opts.onProgress?.(`${stageLabel(state.current)}: running (attempt ${state.attempt})`);
  let out: StageOutput;
  try {
    const { stage, phase } = state.current;
    switch (stage) {
      case "plan":
        out = runPlan(rc);
        break;
      case "task-breakdown":
        out = runBreakdown(rc);
        break;
      case "scaffold":
        out = runScaffold(rc, phase!);
        break;
      case "execute":
        out = await runExecute(rc, phase!);
        break;
      case "review":
        out = await runReview(rc, phase!);
        break;
      case "finalize":
        out = runFinalize(rc);
        break;
    }
  } catch (e) {
    const rec = errorRecord(e);
    state = apply(ctx, state, { type: "fail", error: rec }, env);
    if (!isAkmsError(e)) throw e;
    throw new AkmsError(e.code, `${stageLabel(state.current)} stopped: ${e.message}`, {
      file: e.file,
      line: e.line,
      field: e.field,
      problems: e.problems,
      exitCode: e.exitCode,
      hint: `${e.hint ? e.hint.replace(/[.;]?\s*$/, "") + " — " : ""}the run's state is kept (\`akms orchestrate status\`)`,
    });
  }
  const cp = makeCheckpoint(ctx, state, out, nowIso(env));
  state = apply(ctx, state, { type: "succeed", checkpoint: cp }, env);
  opts.onProgress?.(`${stageLabel(state.current)}: checkpoint #${cp.seq} awaits a decision`);
  return state;
}

export interface InitOptions extends RunOptions {
  cwd?: string;
  noQmd?: boolean;
  /** Replace a run that is not done (its state is kept in previous-state.json). */
  force?: boolean;
}

/** INIT (no gate) and PLAN, up to PLAN's checkpoint. */
export async function orchestrateInit(ctx: Context, planArg: string, opts: InitOptions = {}): Promise<OpResult> {
  const abs = isAbsolute(planArg) ? planArg : resolve(opts.cwd ?? process.cwd(), planArg);
  const rel = relative(ctx.repo, abs).split(sep).join("/");
  if (!rel || rel.startsWith("..") || isAbsolute(rel) || !resolveInside(ctx.repo, rel)) {
    throw new UsageError(`the plan file ${planArg} is outside the repository ${ctx.repo}`, "keep the plan document in the repository, e.g. plans/<name>.md");
  }
  if (readTextIfExists(abs) === null) throw new AkmsError("NOT_FOUND", `there is no plan file ${rel}`, { file: rel, hint: "write the plan document first (Markdown), then `akms orchestrate init PLAN_FILE`" });
  return withLockAsync(ctx, "init", async () => {
    const old = readState(ctx);
    if (old && old.status !== "done" && !opts.force) {
      throw new StateError(`a run of ${old.plan_file} is in progress (${stageLabel(old.current)}, ${old.status})`, {
        hint: "continue it (`akms orchestrate status`), or replace it with `akms orchestrate init PLAN --force` (its state goes to knowledge/orchestrator/previous-state.json)",
      });
    }
    if (old) writeFileAtomic(orchestratorPaths(ctx).previous, readTextIfExists(orchestratorPaths(ctx).state) ?? "");
    const env = opts.env ?? process.env;
    const s = save(ctx, initialState({ ...namesFromConfig(ctx.cfg.config.orchestrator, rel), plan_file: rel, no_qmd: Boolean(opts.noQmd) }, nowIso(env)));
    const done = [`INIT: run of ${rel} started (plan name ${s.plan_name})`];
    const after = await runStage(ctx, s, opts);
    return { state: after, done: [...done, `${stageLabel(after.current)}: checkpoint #${after.checkpoint!.seq}`] };
  });
}

/** Runs the current stage (pending, interrupted, rejected or failed) to its checkpoint. */
export async function orchestrateNext(ctx: Context, opts: RunOptions = {}): Promise<OpResult> {
  return withLockAsync(ctx, "next", async () => {
    const s = requireState(ctx);
    if (!RUNNABLE.has(s.status)) transition(s, { type: "start" }, nowIso(opts.env)); // throws the "why not" for this status
    const after = await runStage(ctx, s, opts);
    return { state: after, done: [`${stageLabel(after.current)}: checkpoint #${after.checkpoint!.seq}`] };
  });
}

/** Approves the checkpoint and runs the next stage to its checkpoint (or finishes the run). */
export async function orchestrateApprove(ctx: Context, opts: RunOptions = {}): Promise<OpResult> {
  return withLockAsync(ctx, "approve", async () => {
    const s = requireState(ctx);
    checkSeq(s, opts.expectedSeq);
    const label = stageLabel(s.current);
    if (s.current.stage === "plan") refuseRenamedSincePlan(ctx, s);
    const edited = editedSince(ctx, s.checkpoint);
    const approved = apply(ctx, s, { type: "approve" }, opts.env);
    const done = [`approved ${label}${edited.length ? ` with edits to ${edited.join(", ")} (the next stage reads them as they are now)` : ""}`];
    if (approved.status === "done") return { state: approved, done: [...done, "the run is complete"] };
    const after = await runStage(ctx, approved, opts);
    return { state: after, done: [...done, `${stageLabel(after.current)}: checkpoint #${after.checkpoint!.seq}`] };
  });
}

/**
 * PLAN checked the branch names the config set when it ran; SCAFFOLD creates them. A name edited at
 * PLAN's checkpoint is checked by running PLAN again, not approved unseen.
 */
function refuseRenamedSincePlan(ctx: Context, s: OrchestratorState): void {
  const now = namesFromConfig(ctx.cfg.config.orchestrator, s.plan_file);
  const changed = (["plan_name", "base_branch"] as const).filter((k) => now[k] !== s[k]);
  if (!changed.length) return;
  throw new StateError(`${changed.map((k) => `orchestrator.${k} changed since PLAN checked it (${s[k]} → ${now[k]})`).join("; ")}`, {
    hint: "run PLAN again to check it: `akms orchestrate reject --reason R`, then `akms orchestrate next`",
  });
}

export async function orchestrateReject(ctx: Context, reason: string, opts: RunOptions = {}): Promise<OpResult> {
  return withLockAsync(ctx, "reject", async () => {
    const s = requireState(ctx);
    checkSeq(s, opts.expectedSeq);
    const after = apply(ctx, s, { type: "reject", reason }, opts.env);
    return { state: after, done: [`rejected ${stageLabel(s.current)}: ${reason.trim()}`, "fix what is wrong (`akms orchestrate edit` lists the artifacts), then `akms orchestrate next` runs the stage again"] };
  });
}

export async function orchestrateAbort(ctx: Context, reason: string | null, opts: RunOptions = {}): Promise<OpResult> {
  return withLockAsync(ctx, "abort", async () => {
    const s = requireState(ctx);
    const after = apply(ctx, s, { type: "abort", reason }, opts.env);
    return { state: after, done: [`aborted at ${stageLabel(s.current)} (${s.status}); everything is kept — \`akms orchestrate resume\` continues`] };
  });
}

/** Continues an aborted (or interrupted) run: back to where it stood; a stage without output runs. */
export async function orchestrateResume(ctx: Context, opts: RunOptions = {}): Promise<OpResult> {
  return withLockAsync(ctx, "resume", async () => {
    let s = requireState(ctx);
    const done: string[] = [];
    if (s.status === "aborted") {
      s = apply(ctx, s, { type: "resume" }, opts.env);
      done.push(`resumed at ${stageLabel(s.current)} (${s.status})`);
    }
    if (s.status === "pending" || s.status === "running") {
      s = await runStage(ctx, s, opts);
      done.push(`${stageLabel(s.current)}: checkpoint #${s.checkpoint!.seq}`);
    } else if (!done.length) {
      done.push(`nothing to resume: ${stageLabel(s.current)} is ${s.status}`);
    }
    return { state: s, done };
  });
}

/**
 * What a person may edit now: the checkpoint's artifacts (numbered as `status` lists them; the
 * read-only ones are refused), else the current stage's inputs.
 */
export function editTargets(ctx: Context, s: OrchestratorState): Artifact[] {
  if (s.status === "checkpoint" && s.checkpoint) return s.checkpoint.artifacts;
  const rel = (p: string) => relative(ctx.repo, p).split(sep).join("/");
  const mk = (path: string, kind: string, description: string): Artifact => ({ path, kind, description, sha256: null, editable: true });
  const config = mk(rel(ctx.paths.config), "config", "orchestrator settings");
  const tasks = (() => {
    try {
      return loadTasks(ctx).map((t) => mk(t.shown, "task", `${t.record.task_id}'s task record`));
    } catch {
      return [];
    }
  })();
  switch (s.current.stage) {
    case "plan":
      return [mk(s.plan_file, "plan", "the plan document"), config];
    case "task-breakdown":
    case "scaffold":
      return [...tasks, config];
    case "execute":
    case "review": {
      const pr = s.phase_runs[String(s.current.phase)];
      const mems = Object.values(pr?.tasks ?? {}).map((t) => mk(t.memory, "agent-memory", `${t.task_id}'s AgentMemory`));
      return [...mems, ...tasks, config];
    }
    case "finalize":
      return [config];
  }
}

/** Finds an edit target by its 1-based number in the list or by its path. */
export function findEditTarget(ctx: Context, s: OrchestratorState, which: string): Artifact {
  const targets = editTargets(ctx, s);
  const n = /^\d+$/.test(which) ? Number(which) : NaN;
  const byNum = Number.isInteger(n) ? targets[n - 1] : undefined;
  const norm = which.replace(/^\.\//, "");
  const hit = byNum ?? targets.find((a) => a.path === norm || a.path.endsWith("/" + norm));
  if (!hit) {
    throw new UsageError(`"${which}" is not one of the artifacts you can edit now`, `run \`akms orchestrate edit\` for the list (${plural(targets.length, "item")})`);
  }
  if (!hit.editable) throw new UsageError(`${hit.path} is read only at this checkpoint (${hit.description})`, "pick an editable artifact from `akms orchestrate edit`");
  return hit;
}

/** Records that a person edited an artifact (the file itself is edited outside, with any editor). */
export async function orchestrateRecordEdit(ctx: Context, path: string, opts: RunOptions = {}): Promise<OpResult> {
  return withLockAsync(ctx, "edit", async () => {
    const s = requireState(ctx);
    const after = apply(ctx, s, { type: "edit", artifact: path }, opts.env);
    return { state: after, done: [`edited ${path}`] };
  });
}

export interface StatusView {
  state: OrchestratorState;
  actions: ActionId[];
  /** Checkpoint artifacts whose bytes changed since the checkpoint. */
  edited: string[];
  /** Who holds the repository lock now (a running stage shows here). */
  lock: { pid: number; command: string; since: string } | null;
}

export function orchestrateStatus(ctx: Context): StatusView {
  const state = requireState(ctx);
  const h = readLockHolder(ctx.paths.lock);
  return { state, actions: allowedActions(state), edited: editedSince(ctx, state.checkpoint), lock: h ? { pid: h.pid, command: h.command, since: h.started_at } : null };
}

