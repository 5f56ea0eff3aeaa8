// Task breakdown, pure: tasks grouped by phase, dependency-ordered waves within a phase (a task's
// wave is one past the latest wave of the same-phase tasks it depends on), and the checks spec
// §5.8 asks for before dispatch — no dependency cycles, no unknown or later-phase dependencies,
// and no two tasks of one wave sharing a scope file.
import { posix } from "node:path";
import { AkmsError, problemsError, type Problem } from "../errors.js";

export interface PlannedTask {
  task_id: string;
  phase: number;
  depends_on: string[];
  scope: string[];
  /** Where the task record is (for messages). */
  file?: string;
  /** Tasks already complete are not dispatched but satisfy dependencies. */
  complete?: boolean;
}

export interface Breakdown {
  phases: number[];
  /** Phase → waves → task ids (sorted). */
  waves: Record<string, string[][]>;
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A scope entry as compared: POSIX, no leading ./, no trailing slash. */
export function normalizeScope(p: string): string {
  const n = posix.normalize(p.trim().replace(/\\/g, "/")).replace(/^\.\//, "");
  return n.length > 1 ? n.replace(/\/+$/, "") : n;
}

/** Two scope entries overlap when equal, or one is a directory holding the other. */
export function scopesOverlap(a: string, b: string): boolean {
  const x = normalizeScope(a);
  const y = normalizeScope(b);
  if (!x || !y) return false;
  return x === y || y.startsWith(x + "/") || x.startsWith(y + "/");
}

/** Dependency problems across the whole breakdown: unknown tasks, later phases, duplicates. */
export function dependencyProblems(tasks: readonly PlannedTask[]): Problem[] {
  const problems: Problem[] = [];
  const index = new Map<string, PlannedTask>();
  for (const t of tasks) {
    const other = index.get(t.task_id);
    if (other) {
      problems.push({ file: t.file, field: "task_id", message: `task id ${t.task_id} is used twice (also in ${other.file ?? "another record"})`, hint: "give every task record its own task_id" });
      continue;
    }
    index.set(t.task_id, t);
  }
  for (const t of tasks) {
    t.depends_on.forEach((d, i) => {
      const dep = index.get(d);
      if (!dep) {
        problems.push({ file: t.file, field: `depends_on[${i}]`, message: `${t.task_id} depends on ${d}, which no task record has`, hint: "fix the id, or add the missing task record to knowledge/tasks/" });
      } else if (dep.phase > t.phase) {
        problems.push({
          file: t.file,
          field: `depends_on[${i}]`,
          message: `${t.task_id} (phase ${t.phase}) depends on ${d} (phase ${dep.phase}): a task can depend only on tasks of its own or an earlier phase`,
          hint: `move ${t.task_id} to phase ${dep.phase} or later, or drop the dependency`,
        });
      }
    });
  }
  return problems;
}

/** One dependency cycle among `ids` (edges: task → same-phase dependency), as a closed path. */
function findCycle(ids: readonly string[], deps: Map<string, string[]>): string[] | null {
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const visit = (id: string): string[] | null => {
    state.set(id, 1);
    stack.push(id);
    for (const d of deps.get(id) ?? []) {
      const st = state.get(d);
      if (st === 1) return [...stack.slice(stack.indexOf(d)), d];
      if (st === undefined) {
        const c = visit(d);
        if (c) return c;
      }
    }
    stack.pop();
    state.set(id, 2);
    return null;
  };
  for (const id of [...ids].sort(byId)) {
    if (state.has(id)) continue;
    const c = visit(id);
    if (c) {
      // Start the cycle at its smallest id, so the message does not depend on the search order.
      const ring = c.slice(0, -1);
      const k = ring.indexOf([...ring].sort(byId)[0]!);
      const rotated = [...ring.slice(k), ...ring.slice(0, k)];
      return [...rotated, rotated[0]!];
    }
  }
  return null;
}

/** Waves of one phase's tasks to dispatch (complete tasks are left out but satisfy dependencies). */
export function planWaves(phaseTasks: readonly PlannedTask[]): string[][] {
  const inPhase = new Map(phaseTasks.map((t) => [t.task_id, t]));
  const deps = new Map<string, string[]>();
  for (const t of phaseTasks) deps.set(t.task_id, [...new Set(t.depends_on.filter((d) => inPhase.has(d)))].sort(byId));
  const cycle = findCycle([...inPhase.keys()], deps);
  if (cycle) {
    const first = inPhase.get(cycle[0]!)!;
    throw new AkmsError("DEPENDENCY_CYCLE", `the tasks' dependencies form a cycle: ${cycle.join(" → ")}`, {
      file: first.file,
      field: "depends_on",
      hint: "tasks run in dependency order; remove one depends_on entry of the cycle",
    });
  }
  const level = new Map<string, number>();
  const levelOf = (id: string): number => {
    const known = level.get(id);
    if (known !== undefined) return known;
    const own = inPhase.get(id)!;
    // A complete task needs no wave; what depends on it can start at once.
    const ds = deps.get(id)!.filter((d) => !inPhase.get(d)!.complete);
    const l = ds.length ? Math.max(...ds.map(levelOf)) + 1 : 0;
    level.set(id, own.complete ? -1 : l);
    return own.complete ? -1 : l;
  };
  const waves: string[][] = [];
  for (const id of [...inPhase.keys()].sort(byId)) {
    const l = levelOf(id);
    if (l < 0) continue;
    (waves[l] ??= []).push(id);
  }
  const out = waves.filter((w) => w && w.length).map((w) => w.sort(byId));
  checkWaveScopes(out, inPhase);
  return out;
}

/** Tasks within one wave run at once: no two of them may share a scope file. */
export function checkWaveScopes(waves: readonly string[][], tasks: ReadonlyMap<string, PlannedTask>): void {
  const problems: Problem[] = [];
  waves.forEach((wave, w) => {
    for (let i = 0; i < wave.length; i++) {
      for (let j = i + 1; j < wave.length; j++) {
        const a = tasks.get(wave[i]!)!;
        const b = tasks.get(wave[j]!)!;
        const shared: string[] = [];
        for (const x of a.scope) for (const y of b.scope) if (scopesOverlap(x, y)) shared.push(normalizeScope(x) === normalizeScope(y) ? normalizeScope(x) : `${normalizeScope(x)} ~ ${normalizeScope(y)}`);
        if (shared.length) {
          problems.push({
            file: b.file,
            field: "scope",
            message: `${a.task_id} and ${b.task_id} are both in wave ${w + 1} of phase ${a.phase} and share ${[...new Set(shared)].sort(byId).join(", ")}`,
            hint: `make one depend on the other (depends_on), so that they run in different waves`,
          });
        }
      }
    }
  });
  if (problems.length) {
    throw problemsError(problems, "SCOPE_OVERLAP", `${problems.length} pairs of tasks in one wave share scope files: ${problems.map((x) => x.message).join("; ")}`, "make one of each pair depend on the other (depends_on), so that they run in different waves");
  }
}

/** Phases (with something to dispatch) and their waves; throws on the first kind of problem found. */
export function planBreakdown(tasks: readonly PlannedTask[]): Breakdown {
  const problems = dependencyProblems(tasks);
  if (problems.length) {
    throw problemsError(problems, "BAD_DEPENDENCY", `${problems.length} problems with task ids and dependencies`, "fix each task record listed");
  }
  const phases = [...new Set(tasks.filter((t) => !t.complete).map((t) => t.phase))].sort((a, b) => a - b);
  const waves: Record<string, string[][]> = {};
  for (const p of phases) waves[String(p)] = planWaves(tasks.filter((t) => t.phase === p));
  return { phases, waves };
}
