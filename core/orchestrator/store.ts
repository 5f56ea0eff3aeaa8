// Where the orchestrator keeps its state: knowledge/orchestrator/ — state.json (the run), the graph
// snapshot of the last checkpoint, agent logs. The directory ignores itself in git (a .gitignore of
// "*"), so that the state survives branch switches and never counts as uncommitted work. Writes are
// atomic and happen under the repository lock (the callers hold it); JSON is written with sorted keys.
import { join } from "node:path";
import type { Context } from "../context.js";
import { StateError } from "../errors.js";
import { readTextIfExists, writeFileAtomic } from "../fsx.js";
import { pyJsonDumps } from "../pyjson.js";
import { displayPath } from "../paths.js";
import { issuesToProblems } from "../schema-check.js";
import { StateSchema, type OrchestratorState } from "./types.js";
import type { GraphSnapshot } from "./snapshot.js";

export interface OrchestratorPaths {
  dir: string;
  state: string;
  previous: string;
  snapshot: string;
  logs: string;
  gitignore: string;
}

export function orchestratorPaths(ctx: Pick<Context, "paths">): OrchestratorPaths {
  const dir = ctx.paths.orchestratorDir;
  return {
    dir,
    state: join(dir, "state.json"),
    previous: join(dir, "previous-state.json"),
    snapshot: join(dir, "snapshot.json"),
    logs: join(dir, "logs"),
    gitignore: join(dir, ".gitignore"),
  };
}

const GITIGNORE = "# akms orchestrate: run state, not source. Ignored so that it survives branch switches.\n*\n";

/** The run's state, or null when no run was started. Readers do not need the lock. */
export function readState(ctx: Context): OrchestratorState | null {
  const p = orchestratorPaths(ctx);
  const shown = displayPath(ctx.repo, p.state);
  const text = readTextIfExists(p.state);
  if (text === null) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new StateError(`the orchestrator state is not valid JSON: ${(e as Error).message}`, {
      file: shown,
      hint: "restore the file (it is never committed; a backup or your editor's history may have it), or start over: delete it and run `akms orchestrate init PLAN`",
    });
  }
  const r = StateSchema.safeParse(data, { reportInput: true });
  if (!r.success) {
    const problems = issuesToProblems(r.error.issues, { file: shown, text });
    const first = problems[0]!;
    throw new StateError(`the orchestrator state is damaged: ${first.field ? first.field + " " : ""}${first.message}`, {
      file: shown,
      line: first.line,
      field: first.field,
      hint: "restore the file, or start over: delete it and run `akms orchestrate init PLAN`",
    });
  }
  return data as OrchestratorState;
}

export function requireState(ctx: Context): OrchestratorState {
  const s = readState(ctx);
  if (!s) throw new StateError("no orchestration run in this repository", { hint: "start one with `akms orchestrate init PLAN_FILE`" });
  return s;
}

/** Writes the state (caller holds the lock). */
export function writeState(ctx: Context, s: OrchestratorState): void {
  const p = orchestratorPaths(ctx);
  writeFileAtomic(p.gitignore, GITIGNORE);
  writeFileAtomic(p.state, pyJsonDumps(s));
}

export function readSnapshot(ctx: Context): GraphSnapshot | null {
  const text = readTextIfExists(orchestratorPaths(ctx).snapshot);
  if (text === null) return null;
  try {
    const s = JSON.parse(text) as GraphSnapshot;
    return s && typeof s.nodes === "object" && typeof s.pitfalls === "object" ? s : null;
  } catch {
    return null; // a damaged snapshot only costs one "since the last checkpoint" comparison
  }
}

export function writeSnapshot(ctx: Context, s: GraphSnapshot): void {
  writeFileAtomic(orchestratorPaths(ctx).snapshot, pyJsonDumps(s));
}
