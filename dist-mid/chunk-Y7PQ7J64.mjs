import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  loadPlanGraph
} from "./chunk-YBDCSPVJ.mjs";
import {
  checkNodeRefs,
  readDocuments,
  runUpdate
} from "./chunk-RIOBEXJW.mjs";
import {
  generateMirror,
  git,
  gitWorkTree
} from "./chunk-M5JJG5WS.mjs";
import {
  healthReport
} from "./chunk-WYR6QABH.mjs";
import {
  RUNNABLE,
  StateSchema,
  allowedActions,
  branchName,
  diffSnapshots,
  initialState,
  stageLabel,
  takeSnapshot,
  transition
} from "./chunk-SJTEM7VQ.mjs";
import {
  loadoutPath,
  writeLoadouts
} from "./chunk-DVAT5OZ6.mjs";
import {
  qmdUse
} from "./chunk-VDEEV4GL.mjs";
import {
  dumpYaml
} from "./chunk-SPJIBC4O.mjs";
import {
  writeReviewReport
} from "./chunk-Z3FRYNR6.mjs";
import {
  readTask,
  resolveRole,
  taskTags,
  topLevelValueSpan,
  writeTaskTags
} from "./chunk-BHTI52HA.mjs";
import {
  loadGraph
} from "./chunk-WKFECQLF.mjs";
import {
  buildLocked
} from "./chunk-GNOMD4OV.mjs";
import {
  nowIso
} from "./chunk-QVAO2ACK.mjs";
import {
  crashPoint,
  recoverPendingTransaction
} from "./chunk-EUE77RB2.mjs";
import {
  acquireLock,
  readLockHolder
} from "./chunk-W24I3PEA.mjs";
import {
  pyJsonDumps
} from "./chunk-2N2TC7TM.mjs";
import {
  issuesToProblems,
  readTextFile
} from "./chunk-DWREGR5U.mjs";
import {
  displayPath,
  readTextIfExists,
  removeFile,
  resolveInside,
  sha256,
  writeFileAtomic
} from "./chunk-Q4IS5S6U.mjs";
import {
  AkmsError,
  StaleWriteError,
  StateError,
  UsageError,
  ValidationError,
  isAkmsError
} from "./chunk-C3ZMY3KT.mjs";

// core/orchestrator/checkpoint.ts
import { readFileSync } from "node:fs";
import { isAbsolute, join as join2 } from "node:path";

// core/orchestrator/store.ts
import { join } from "node:path";
function orchestratorPaths(ctx) {
  const dir = ctx.paths.orchestratorDir;
  return {
    dir,
    state: join(dir, "state.json"),
    previous: join(dir, "previous-state.json"),
    snapshot: join(dir, "snapshot.json"),
    logs: join(dir, "logs"),
    gitignore: join(dir, ".gitignore")
  };
}
var GITIGNORE = "# akms orchestrate: run state, not source. Ignored so that it survives branch switches.\n*\n";
function readState(ctx) {
  const p = orchestratorPaths(ctx);
  const shown = displayPath(ctx.repo, p.state);
  const text = readTextIfExists(p.state);
  if (text === null) return null;
  let data;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new StateError(`the orchestrator state is not valid JSON: ${e.message}`, {
      file: shown,
      hint: "restore the file (it is never committed; a backup or your editor's history may have it), or start over: delete it and run `akms orchestrate init PLAN`"
    });
  }
  const r = StateSchema.safeParse(data, { reportInput: true });
  if (!r.success) {
    const problems = issuesToProblems(r.error.issues, { file: shown, text });
    const first = problems[0];
    throw new StateError(`the orchestrator state is damaged: ${first.field ? first.field + " " : ""}${first.message}`, {
      file: shown,
      line: first.line,
      field: first.field,
      hint: "restore the file, or start over: delete it and run `akms orchestrate init PLAN`"
    });
  }
  return data;
}
function requireState(ctx) {
  const s = readState(ctx);
  if (!s) throw new StateError("no orchestration run in this repository", { hint: "start one with `akms orchestrate init PLAN_FILE`" });
  return s;
}
function writeState(ctx, s) {
  const p = orchestratorPaths(ctx);
  writeFileAtomic(p.gitignore, GITIGNORE);
  writeFileAtomic(p.state, pyJsonDumps(s));
}
function readSnapshot(ctx) {
  const text = readTextIfExists(orchestratorPaths(ctx).snapshot);
  if (text === null) return null;
  try {
    const s = JSON.parse(text);
    return s && typeof s.nodes === "object" && typeof s.pitfalls === "object" ? s : null;
  } catch {
    return null;
  }
}
function writeSnapshot(ctx, s) {
  writeFileAtomic(orchestratorPaths(ctx).snapshot, pyJsonDumps(s));
}

// core/orchestrator/checkpoint.ts
function fileSha(abs) {
  try {
    return sha256(readFileSync(abs));
  } catch {
    return null;
  }
}
function artifact(ctx, path, kind, description, editable = true) {
  const abs = isAbsolute(path) ? path : join2(ctx.repo, path);
  return { path: displayPath(ctx.repo, abs), kind, description, sha256: fileSha(abs), editable };
}
function editedSince(ctx, cp) {
  if (!cp) return [];
  return cp.artifacts.filter((a) => fileSha(join2(ctx.repo, a.path)) !== a.sha256).map((a) => a.path);
}
function akmsStatus(ctx, reviewReport, warnings) {
  try {
    buildLocked(ctx);
  } catch (e) {
    if (!isAkmsError(e)) throw e;
    warnings.push(`graph.json could not be rebuilt (${e.message}); the status below is of the last compiled graph`);
  }
  let graph;
  try {
    graph = loadGraph(ctx.paths);
  } catch (e) {
    if (!isAkmsError(e)) throw e;
    warnings.push(`no compiled graph to report on: ${e.message}`);
    return {
      changes: { previous_graph_version: null, graph_version: "", baseline: true, added: [], removed: [], status_changed: [], confidence_changed: [] },
      new_pitfalls: [],
      health: {},
      node_count: 0,
      edge_count: 0,
      review_report: reviewReport
    };
  }
  const snap = takeSnapshot(graph);
  const { changes, new_pitfalls } = diffSnapshots(readSnapshot(ctx), snap);
  writeSnapshot(ctx, snap);
  const health = healthReport(ctx, graph);
  return {
    changes,
    new_pitfalls,
    health: { ...health.counts },
    node_count: health.node_count,
    edge_count: health.edge_count,
    review_report: reviewReport
  };
}
function makeCheckpoint(ctx, s, out, at) {
  const warnings = [...out.warnings, ...ctx.cfg.warnings];
  const akms = akmsStatus(ctx, out.reviewReport ?? null, warnings);
  const seq = s.history.filter((h) => h.event === "checkpoint").length + 1;
  return {
    seq,
    stage: s.current.stage,
    phase: s.current.phase,
    title: stageLabel(s.current),
    created_at: at,
    summary: out.summary,
    artifacts: out.artifacts,
    details: out.details,
    akms,
    warnings: [...new Set(warnings)]
  };
}

// core/orchestrator/template.ts
var PLACEHOLDERS = {
  task_file: "the task record (absolute path)",
  task_id: "the task's id",
  loadout: "the task's loadout (absolute path)",
  memory_out: "where the agent writes its AgentMemory: knowledge/sessions/<task_id>.md (absolute path)",
  phase: "the phase number",
  repo: "the repository root (absolute path)",
  pcd: "the previous phase's completion document (absolute path; empty in phase 1)",
  role: "the task's agent role (implementer, \u2026)",
  branch: "the phase branch",
  plan_file: "the plan document (absolute path)"
};
var TOKEN = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
function templateProblems(argv, field = "orchestrator.agent_command") {
  if (!Array.isArray(argv) || argv.some((a) => typeof a !== "string")) {
    return [{ field, message: "must be a list of strings (an argv array, not a shell string)", hint: 'e.g. agent_command: [my-agent, --task, "{task_file}", --loadout, "{loadout}", --out, "{memory_out}"]' }];
  }
  if (!argv.length || !String(argv[0]).trim()) {
    return [
      {
        field,
        message: "is not set: the orchestrator has no agent to start",
        hint: 'set it in knowledge/graph/propagation_config.yaml, e.g. agent_command: [my-agent, --task, "{task_file}", --loadout, "{loadout}", --out, "{memory_out}"]'
      }
    ];
  }
  const problems = [];
  argv.forEach((a, i) => {
    for (const m of a.matchAll(TOKEN)) {
      if (!Object.hasOwn(PLACEHOLDERS, m[1])) {
        problems.push({ field: `${field}[${i}]`, message: `unknown placeholder {${m[1]}}`, hint: `placeholders: ${Object.keys(PLACEHOLDERS).map((k) => `{${k}}`).join(" ")}` });
      }
    }
  });
  return problems;
}
function expandTemplate(argv, values) {
  return argv.map((a) => a.replace(TOKEN, (whole, name) => Object.hasOwn(values, name) ? values[name] : whole));
}

// core/orchestrator/runner.ts
import { basename, isAbsolute as isAbsolute2, relative, resolve, sep } from "node:path";

// core/orchestrator/stages.ts
import { join as join4 } from "node:path";

// core/orchestrator/agent.ts
import { spawn } from "node:child_process";
function runAgent(argv, opts) {
  const max = opts.maxOutput ?? 256 * 1024;
  const t0 = Date.now();
  return new Promise((resolve2) => {
    let output = "";
    const keep = (chunk) => {
      output += chunk.toString();
      if (output.length > 2 * max) output = output.slice(-max);
    };
    let timedOut = false;
    let settled = false;
    const finish = (r) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(killer);
      resolve2({ ...r, argv: [...argv], timedOut, output: output.length > max ? output.slice(-max) : output, ms: Date.now() - t0 });
    };
    let killer;
    const child = spawn(argv[0], argv.slice(1), { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ["ignore", "pipe", "pipe"], shell: false });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGTERM");
      killer = setTimeout(() => child.kill("SIGKILL"), opts.graceMs ?? 5e3);
    }, opts.timeoutMs);
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    child.on("error", (e) => finish({ exitCode: null, signal: null, spawnError: { code: e.code ?? "ERROR", message: e.message } }));
    child.on("close", (code, signal) => finish({ exitCode: code, signal: signal ?? null, spawnError: null }));
  });
}

// core/orchestrator/git.ts
var NOT_WORK = ["knowledge/orchestrator/", "knowledge/graph/.akms.lock", "knowledge/graph/.cache/", "knowledge/graph/.qmd_cache/", "knowledge/graph/.txn/"];
var DERIVED = ["knowledge/graph/graph.json"];
var notWork = (p) => NOT_WORK.some((x) => x.endsWith("/") ? p.startsWith(x) || p + "/" === x : p === x);
function failed(what, r, hint) {
  const first = r.stderr.trim().split("\n").find((l) => l.trim()) ?? "unknown error";
  return new AkmsError("GIT_FAILED", `git ${what} failed: ${first}`, { hint });
}
function requireGit(repo) {
  const t = gitWorkTree(repo);
  if (t.missing) throw new AkmsError("NO_GIT", "git is not installed (or not on PATH); the orchestrator runs each phase on its own git branch", { hint: "install git" });
  if (!t.ok || t.stdout.trim() !== "true") {
    throw new AkmsError("NOT_A_GIT_REPO", `${repo} is not a git repository; the orchestrator runs each phase on its own branch`, { hint: "run `git init` and commit your work, then `akms orchestrate init` again" });
  }
}
function revParse(repo, ref) {
  const r = git(repo, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
  return r.ok ? r.stdout.trim() : null;
}
function branchExists(repo, name) {
  return git(repo, ["show-ref", "--verify", "--quiet", `refs/heads/${name}`]).ok;
}
function currentBranch(repo) {
  const r = git(repo, ["symbolic-ref", "--quiet", "--short", "HEAD"]);
  return r.ok ? r.stdout.trim() : null;
}
function validBranchName(repo, name) {
  return git(repo, ["check-ref-format", "--branch", name]).ok;
}
function dirtyFiles(repo) {
  const r = git(repo, ["status", "--porcelain=v1", "-z", "--untracked-files=all"]);
  if (!r.ok) throw failed("status", r, "check the repository with `git status`");
  const parts = r.stdout.split("\0");
  const out = [];
  for (let i = 0; i < parts.length; i++) {
    const entry = parts[i];
    if (entry.length < 4) continue;
    const xy = entry.slice(0, 2);
    const path = entry.slice(3);
    if (xy[0] === "R" || xy[0] === "C") i++;
    if (!notWork(path) && !DERIVED.includes(path)) out.push(path);
  }
  return [...new Set(out)].sort();
}
function requireClean(repo, when) {
  const dirty = dirtyFiles(repo);
  if (!dirty.length) return;
  const shown = dirty.slice(0, 15).join(", ") + (dirty.length > 15 ? `, \u2026 (${dirty.length - 15} more)` : "");
  throw new AkmsError("DIRTY_TREE", `the working tree has uncommitted changes, so ${when} cannot start: ${shown}`, {
    hint: "commit them (or `git stash -u`), then `akms orchestrate next`; the orchestrator's own state in knowledge/orchestrator/ does not count"
  });
}
function createBranch(repo, name, from) {
  const r = git(repo, ["checkout", "-q", "-b", name, from]);
  if (!r.ok) throw failed(`checkout -b ${name} ${from}`, r, "check the branch names and the working tree with `git status`");
}
function checkout(repo, name) {
  if (currentBranch(repo) === name) return;
  const r = git(repo, ["checkout", "-q", name]);
  if (!r.ok) throw failed(`checkout ${name}`, r, "commit or stash your changes, then retry");
}
var TRANSIENT = NOT_WORK.map((p) => p.replace(/\/$/, ""));
function commitAll(repo, message) {
  const add = git(repo, ["add", "-A", "--", "."]);
  if (!add.ok) throw failed("add", add, "check the repository with `git status`");
  const unstage = git(repo, ["reset", "-q", "--", ...TRANSIENT]);
  if (!unstage.ok) throw failed("reset", unstage, "check the repository with `git status`");
  if (git(repo, ["diff", "--cached", "--quiet"]).ok) return null;
  const c = git(repo, ["commit", "-q", "--no-verify", "-m", message]);
  if (!c.ok) {
    const identity = /user\.(email|name)|identity|Please tell me who you are/i.test(c.stderr);
    throw failed("commit", c, identity ? 'set your identity: git config user.name "\u2026" and git config user.email "\u2026", then `akms orchestrate next`' : "fix the problem git reports, then `akms orchestrate next`");
  }
  return revParse(repo, "HEAD");
}
function isAncestor(repo, a, b) {
  return git(repo, ["merge-base", "--is-ancestor", a, b]).ok;
}
function merge(repo, branch, message) {
  const r = git(repo, ["merge", "--no-ff", "--no-edit", "-m", message, branch]);
  if (r.ok) return { ok: true, conflicts: [], message: "" };
  const u = git(repo, ["diff", "--name-only", "--diff-filter=U", "-z"]);
  const conflicts = u.ok ? u.stdout.split("\0").filter(Boolean).sort() : [];
  git(repo, ["merge", "--abort"]);
  return { ok: false, conflicts, message: (r.stdout + "\n" + r.stderr).trim().split("\n").find((l) => /CONFLICT|error|fatal/.test(l)) ?? "merge failed" };
}
function changedSince(repo, base) {
  const out = /* @__PURE__ */ new Map();
  const d = git(repo, ["diff", "--name-status", "--no-renames", "-z", base]);
  if (!d.ok) throw failed(`diff ${base}`, d, "check that the phase's base commit still exists");
  const parts = d.stdout.split("\0").filter(Boolean);
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const st = parts[i];
    const path = parts[i + 1];
    out.set(path, st.startsWith("A") ? "created" : st.startsWith("D") ? "deleted" : "modified");
  }
  const u = git(repo, ["ls-files", "--others", "--exclude-standard", "-z"]);
  if (u.ok) for (const p of u.stdout.split("\0").filter(Boolean)) out.set(p, "created");
  return [...out.entries()].filter(([p]) => p !== "knowledge" && !p.startsWith("knowledge/")).sort((a, b) => a[0] < b[0] ? -1 : 1).map(([path, change]) => ({ path, change }));
}

// core/orchestrator/waves.ts
import { posix } from "node:path";
var byId = (a, b) => a < b ? -1 : a > b ? 1 : 0;
function normalizeScope(p) {
  const n = posix.normalize(p.trim().replace(/\\/g, "/")).replace(/^\.\//, "");
  return n.length > 1 ? n.replace(/\/+$/, "") : n;
}
function scopesOverlap(a, b) {
  const x = normalizeScope(a);
  const y = normalizeScope(b);
  if (!x || !y) return false;
  return x === y || y.startsWith(x + "/") || x.startsWith(y + "/");
}
function dependencyProblems(tasks) {
  const problems = [];
  const index = /* @__PURE__ */ new Map();
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
          hint: `move ${t.task_id} to phase ${dep.phase} or later, or drop the dependency`
        });
      }
    });
  }
  return problems;
}
function findCycle(ids, deps) {
  const state = /* @__PURE__ */ new Map();
  const stack = [];
  const visit = (id) => {
    state.set(id, 1);
    stack.push(id);
    for (const d of deps.get(id) ?? []) {
      const st = state.get(d);
      if (st === 1) return [...stack.slice(stack.indexOf(d)), d];
      if (st === void 0) {
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
      const ring = c.slice(0, -1);
      const k = ring.indexOf([...ring].sort(byId)[0]);
      const rotated = [...ring.slice(k), ...ring.slice(0, k)];
      return [...rotated, rotated[0]];
    }
  }
  return null;
}
function planWaves(phaseTasks) {
  const inPhase = new Map(phaseTasks.map((t) => [t.task_id, t]));
  const deps = /* @__PURE__ */ new Map();
  for (const t of phaseTasks) deps.set(t.task_id, [...new Set(t.depends_on.filter((d) => inPhase.has(d)))].sort(byId));
  const cycle = findCycle([...inPhase.keys()], deps);
  if (cycle) {
    const first = inPhase.get(cycle[0]);
    throw new AkmsError("DEPENDENCY_CYCLE", `the tasks' dependencies form a cycle: ${cycle.join(" \u2192 ")}`, {
      file: first.file,
      field: "depends_on",
      hint: "tasks run in dependency order; remove one depends_on entry of the cycle"
    });
  }
  const level = /* @__PURE__ */ new Map();
  const levelOf = (id) => {
    const known = level.get(id);
    if (known !== void 0) return known;
    const own = inPhase.get(id);
    const ds = deps.get(id).filter((d) => !inPhase.get(d).complete);
    const l = ds.length ? Math.max(...ds.map(levelOf)) + 1 : 0;
    level.set(id, own.complete ? -1 : l);
    return own.complete ? -1 : l;
  };
  const waves = [];
  for (const id of [...inPhase.keys()].sort(byId)) {
    const l = levelOf(id);
    if (l < 0) continue;
    (waves[l] ??= []).push(id);
  }
  const out = waves.filter((w) => w && w.length).map((w) => w.sort(byId));
  checkWaveScopes(out, inPhase);
  return out;
}
function checkWaveScopes(waves, tasks) {
  const problems = [];
  waves.forEach((wave, w) => {
    for (let i = 0; i < wave.length; i++) {
      for (let j = i + 1; j < wave.length; j++) {
        const a = tasks.get(wave[i]);
        const b = tasks.get(wave[j]);
        const shared = [];
        for (const x of a.scope) for (const y of b.scope) if (scopesOverlap(x, y)) shared.push(normalizeScope(x) === normalizeScope(y) ? normalizeScope(x) : `${normalizeScope(x)} ~ ${normalizeScope(y)}`);
        if (shared.length) {
          problems.push({
            file: b.file,
            field: "scope",
            message: `${a.task_id} and ${b.task_id} are both in wave ${w + 1} of phase ${a.phase} and share ${[...new Set(shared)].sort(byId).join(", ")}`,
            hint: `make one depend on the other (depends_on), so that they run in different waves`
          });
        }
      }
    }
  });
  if (problems.length) {
    const p = problems[0];
    throw new AkmsError("SCOPE_OVERLAP", problems.length === 1 ? p.message : `${problems.length} pairs of tasks in one wave share scope files: ${problems.map((x) => x.message).join("; ")}`, {
      file: p.file,
      field: "scope",
      hint: p.hint,
      problems: problems.length > 1 ? problems : []
    });
  }
}
function planBreakdown(tasks) {
  const problems = dependencyProblems(tasks);
  if (problems.length) {
    const p = problems[0];
    throw new AkmsError("BAD_DEPENDENCY", problems.length === 1 ? p.message : `${problems.length} problems with task ids and dependencies`, {
      file: p.file,
      field: p.field,
      hint: p.hint,
      problems: problems.length > 1 ? problems : []
    });
  }
  const phases = [...new Set(tasks.filter((t) => !t.complete).map((t) => t.phase))].sort((a, b) => a - b);
  const waves = {};
  for (const p of phases) waves[String(p)] = planWaves(tasks.filter((t) => t.phase === p));
  return { phases, waves };
}

// core/orchestrator/pcd.ts
var cmp = (a, b) => a < b ? -1 : a > b ? 1 : 0;
function owners(path, tasks) {
  return tasks.filter((t) => t.scope.some((s) => scopesOverlap(s, path))).map((t) => t.task_id);
}
function firstLine(s) {
  return (s ?? "").split("\n")[0].trim();
}
function pcdData(input) {
  const tasks = [...input.tasks].sort((a, b) => cmp(a.task_id, b.task_id));
  const dates = tasks.map((t) => t.memory.timestamp.slice(0, 10)).sort();
  const passed = tasks.reduce((n, t) => n + t.memory.tests_passed, 0);
  const total = tasks.reduce((n, t) => n + t.memory.tests_total, 0);
  const describe = (path, verb) => {
    const o = owners(path, tasks);
    return `${verb} in phase ${input.phase}${o.length ? ` (scope of ${o.join(", ")})` : ""}`;
  };
  const failing = tasks.filter((t) => t.memory.tests_passed < t.memory.tests_total).map((t) => ({
    tests: `${t.task_id}: ${t.memory.tests_total - t.memory.tests_passed} of ${t.memory.tests_total} failing`,
    reason: firstLine(t.memory.completion_notes) || `reported by ${t.task_id}'s agent`,
    impact_on_next_phase: "low"
  }));
  const warnings = [];
  for (const t of tasks) {
    if (t.memory.status !== "complete") warnings.push(`${t.task_id} ended ${t.memory.status}${t.memory.completion_notes ? `: ${firstLine(t.memory.completion_notes)}` : ""}`);
    for (const p of t.memory.pitfalls_discovered ?? []) {
      if (p.severity === "high") warnings.push(`high-severity pitfall${p.node_ref ? ` on ${p.node_ref}` : ""} (${t.task_id}): ${firstLine(p.description)}`);
    }
  }
  const lessonsWorked = [];
  const lessonsFailed = [];
  for (const t of tasks) {
    for (const w of t.memory.lessons?.worked ?? []) lessonsWorked.push(w);
    for (const f of t.memory.lessons?.failed ?? []) lessonsFailed.push(f);
  }
  return {
    phase_id: input.phase,
    plan_file: input.plan_file,
    branch: input.branch,
    date: dates[dates.length - 1] ?? "1970-01-01",
    loadout_used: `loadouts/phase${input.phase}-*-loadout.md`,
    tasks: tasks.map((t) => ({
      task_id: t.task_id,
      title: t.title,
      commit: t.memory.commit ?? null,
      tests_passed: t.memory.tests_passed,
      tests_total: t.memory.tests_total,
      status: t.memory.status,
      agent_model: t.memory.agent_model,
      review_score: 0
    })),
    overall_test_status: { passed, total, skipped: 0, fixed: 0 },
    files_created: input.files.filter((f) => f.change === "created").map((f) => ({ path: f.path, description: describe(f.path, "created") })),
    files_modified: input.files.filter((f) => f.change === "modified").map((f) => ({ path: f.path, changes: describe(f.path, "modified") })),
    files_deleted: input.files.filter((f) => f.change === "deleted").map((f) => ({ path: f.path, reason: describe(f.path, "deleted") })),
    interfaces_added: [],
    assumptions: [],
    known_issues: { failing_tests: failing, bugs: [], coverage_gaps: [] },
    next_phase_warnings: warnings.length ? warnings : ["No warnings"],
    recommended_start: null,
    nodes_used: tasks.flatMap((t) => (t.memory.nodes_used ?? []).map((u) => ({ ...u, task_id: t.task_id }))),
    nodes_missing: tasks.flatMap((t) => t.memory.nodes_missing ?? []),
    lessons: { worked: lessonsWorked, failed: lessonsFailed },
    // Each agent's pitfall stays its own entry, prefixed with the task that found it.
    pitfalls_discovered: tasks.flatMap((t) => (t.memory.pitfalls_discovered ?? []).map((p) => ({ ...p, description: `${t.task_id}: ${p.description}` }))),
    new_knowledge: tasks.flatMap((t) => t.memory.new_knowledge ?? []),
    akms_schema: "v2"
  };
}
function pcdText(input) {
  const data = pcdData(input);
  const tasks = [...input.tasks].sort((a, b) => cmp(a.task_id, b.task_id));
  const body = [
    `# Phase ${input.phase} completion`,
    "",
    `Assembled by \`akms orchestrate\` on branch \`${input.branch}\` from the AgentMemories of ${tasks.map((t) => `\`${t.task_id}\``).join(", ")} and the branch's diff. The persistent zone is what \`akms update\` applies; the rest briefs the next phase's agents.`,
    "",
    "## Task notes",
    "",
    ...tasks.map((t) => `- **${t.task_id}** (${t.memory.status}, tests ${t.memory.tests_passed}/${t.memory.tests_total}, ${t.memory_file}): ${firstLine(t.memory.completion_notes) || "no notes"}`),
    ""
  ];
  return `---
${dumpYaml(data)}---

${body.join("\n")}`;
}

// core/orchestrator/tasks.ts
import { readdirSync } from "node:fs";
import { join as join3 } from "node:path";
function listTaskFiles(ctx) {
  let names;
  try {
    names = readdirSync(ctx.paths.tasks);
  } catch (e) {
    if (e.code === "ENOENT") return [];
    throw e;
  }
  return names.filter((n) => n.endsWith(".json") && !n.startsWith(".")).sort().map((n) => join3(ctx.paths.tasks, n));
}
function problemsOf(e, file) {
  if (!(e instanceof AkmsError)) throw e;
  if (e.problems.length) return e.problems.map((p) => ({ ...p, file: p.file ?? file }));
  return [{ code: e.code, file: e.file ?? file, line: e.line, field: e.field, message: e.message, hint: e.hint }];
}
function loadTasks(ctx, files = listTaskFiles(ctx)) {
  const tasks = [];
  const problems = [];
  for (const f of files) {
    try {
      tasks.push(readTask(f, ctx.repo));
    } catch (e) {
      problems.push(...problemsOf(e, f));
    }
  }
  const byLower = /* @__PURE__ */ new Map();
  for (const t of tasks) {
    const lower = t.record.task_id.toLowerCase();
    const first = byLower.get(lower);
    if (first && first.record.task_id !== t.record.task_id) {
      problems.push({ file: t.shown, field: "task_id", message: `task id ${t.record.task_id} differs only by case from ${first.record.task_id} (${first.shown})`, hint: "task ids that differ only by case collide on case-insensitive file systems: rename one" });
    } else if (!first) byLower.set(lower, t);
  }
  for (const t of tasks) {
    if (typeof t.record.phase !== "number") {
      problems.push({ file: t.shown, field: "phase", message: `task ${t.record.task_id} has no phase`, hint: 'the orchestrator groups tasks by phase: add "phase": 1 (or the phase it belongs to)' });
    }
    const stem = t.file.slice(t.file.lastIndexOf("/") + 1, -".json".length);
    if (stem !== t.record.task_id) {
      problems.push({ file: t.shown, field: "task_id", message: `the record of ${t.record.task_id} is named ${stem}.json`, hint: `rename it to knowledge/tasks/${t.record.task_id}.json` });
    }
  }
  if (problems.length) {
    const p = problems[0];
    throw new ValidationError(problems.length === 1 ? p.message : `${problems.length} problems in the task records; nothing was dispatched`, {
      file: p.file,
      line: p.line,
      field: p.field,
      hint: p.hint ?? "fix the task records, then `akms orchestrate next`",
      problems: problems.length > 1 ? problems : []
    });
  }
  return tasks;
}
function isComplete(t) {
  return t.record.status === "complete";
}
function planned(t, complete = isComplete(t)) {
  return {
    task_id: t.record.task_id,
    phase: t.record.phase ?? 0,
    depends_on: t.record.depends_on ?? [],
    scope: t.record.scope ?? [],
    file: t.shown,
    complete
  };
}
function withField(text, key, value) {
  const json = JSON.stringify(value);
  const span = topLevelValueSpan(text, key);
  if (span) return text.slice(0, span[0]) + json + text.slice(span[1]);
  const close = text.lastIndexOf("}");
  if (close < 0) throw new ValidationError("the task record is not a JSON object", { field: key });
  const head = text.slice(0, close).replace(/\s+$/, "");
  const firstKey = /\n([ \t]+)"/.exec(text);
  const indent = firstKey ? firstKey[1] : "  ";
  const empty = head.endsWith("{");
  return `${head}${empty ? "" : ","}
${indent}${JSON.stringify(key)}: ${json}
${text.slice(close)}`;
}
function setTaskFields(ctx, task, fields) {
  const now = readTextIfExists(task.file);
  if (now !== task.text) {
    throw new StaleWriteError(`the task record ${task.shown} changed while the orchestrator worked on it`, { file: task.shown, hint: "run `akms orchestrate next` again" });
  }
  let text = task.text;
  for (const [k, v] of Object.entries(fields)) text = withField(text, k, v);
  if (text !== task.text) writeFileAtomic(task.file, text);
  return readTask(task.file, ctx.repo);
}

// core/orchestrator/stages.ts
var cmp2 = (a, b) => a < b ? -1 : a > b ? 1 : 0;
var plural = (n, w, many = `${w}s`) => `${n} ${n === 1 ? w : many}`;
var short = (sha) => sha ? sha.slice(0, 7) : "?";
function errorRecord(e) {
  if (isAkmsError(e)) {
    return { code: e.code, message: e.message, hint: e.hint ?? null, file: e.file ?? null, line: e.line ?? null, field: e.field ?? null, problems: e.problems };
  }
  return { code: "UNEXPECTED", message: e instanceof Error ? e.message : String(e), hint: "this is a bug in akms; please report it", file: null, line: null, field: null, problems: [] };
}
function updatePhase(rc, phase, fn) {
  const cur = rc.state.phase_runs[String(phase)];
  if (!cur) throw new AkmsError("STATE", `phase ${phase} has no record in the orchestrator state`, { hint: "the state file was edited; restore it" });
  const next = fn(structuredClone(cur));
  rc.save({ ...rc.state, phase_runs: { ...rc.state.phase_runs, [String(phase)]: next } });
  return next;
}
function phaseRun(rc, phase) {
  const p = rc.state.phase_runs[String(phase)];
  if (!p) throw new AkmsError("STATE", `phase ${phase} has no record in the orchestrator state`, { hint: "the state file was edited; restore it" });
  return p;
}
function requireOnBranch(repo, branch, what) {
  const cur = currentBranch(repo);
  if (cur !== branch) {
    throw new AkmsError("WRONG_BRANCH", `${what} runs on ${branch}, but ${cur ? `${cur} is checked out` : "HEAD is detached"}`, {
      hint: `git checkout ${branch}, then \`akms orchestrate next\``
    });
  }
}
function agentArgv(ctx) {
  const argv = ctx.cfg.config.orchestrator.agent_command;
  const problems = templateProblems(argv);
  if (problems.length) {
    const p = problems[0];
    throw new AkmsError(argv.length ? "BAD_AGENT_COMMAND" : "AGENT_COMMAND_MISSING", `${p.field} ${p.message}`, {
      file: displayPath(ctx.repo, ctx.paths.config),
      field: p.field,
      hint: `${p.hint}; then \`akms orchestrate next\``
    });
  }
  return argv;
}
function runPlan(rc) {
  const { ctx, state } = rc;
  const abs = resolveInside(ctx.repo, state.plan_file);
  if (!abs) throw new AkmsError("BAD_PLAN", `the plan file ${state.plan_file} is outside the repository`, { hint: "keep the plan document inside the repository" });
  const text = readTextFile(abs, state.plan_file);
  if (!text.trim()) throw new AkmsError("BAD_PLAN", "the plan document is empty", { file: state.plan_file, hint: "write the plan (goals, phases, tasks), then `akms orchestrate next`" });
  const lines = text.split("\n");
  const title = lines.find((l) => /^#\s+\S/.test(l))?.replace(/^#\s+/, "").trim() ?? state.plan_file;
  const sections = lines.filter((l) => /^##\s+\S/.test(l)).map((l) => l.replace(/^##\s+/, "").trim());
  requireGit(ctx.repo);
  if (!validBranchName(ctx.repo, branchName(state.plan_name, 1))) {
    throw new AkmsError("BAD_PLAN_NAME", `"${branchName(state.plan_name, 1)}" is not a valid git branch name`, {
      file: displayPath(ctx.repo, ctx.paths.config),
      field: "orchestrator.plan_name",
      hint: "use letters, digits, dots, dashes and underscores in orchestrator.plan_name"
    });
  }
  const baseCommit = revParse(ctx.repo, state.base_branch);
  if (!baseCommit) {
    throw new AkmsError("UNKNOWN_BASE_BRANCH", `the base branch ${state.base_branch} does not exist`, {
      file: displayPath(ctx.repo, ctx.paths.config),
      field: "orchestrator.base_branch",
      hint: "set orchestrator.base_branch to an existing branch (phase 1 branches from it), then `akms orchestrate next`"
    });
  }
  const warnings = [];
  const argv = ctx.cfg.config.orchestrator.agent_command;
  const tp = templateProblems(argv);
  for (const p of tp) warnings.push(`${p.field} ${p.message} \u2014 EXECUTE will stop until it is fixed (${p.hint})`);
  const dirty = dirtyFiles(ctx.repo);
  if (dirty.length) warnings.push(`uncommitted changes (${dirty.slice(0, 5).join(", ")}${dirty.length > 5 ? ", \u2026" : ""}): commit them before SCAFFOLD creates the first phase branch`);
  if (!ctx.cfg.config.orchestrator.plan_name) warnings.push(`orchestrator.plan_name is not set; the branches are named after the plan file: ${branchName(state.plan_name, 1)}, \u2026`);
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
      ...sections.length ? [`  sections: ${sections.slice(0, 12).join(" \xB7 ")}${sections.length > 12 ? " \xB7 \u2026" : ""}`] : [],
      `branches ${state.plan_name}_phase-<N>; phase 1 from ${state.base_branch} (${short(baseCommit)}), each next phase from the one before`,
      tp.length ? "agent command: not usable yet (see warnings)" : `agent command: ${argv.join(" ")} (timeout ${timeout} s)`,
      taskFiles === null ? "task records: some are invalid (TASK BREAKDOWN lists the problems)" : `task records: ${taskFiles} in knowledge/tasks/ (checked at TASK BREAKDOWN)`,
      `loadouts: ${state.no_qmd ? "degraded mode (--no-qmd)" : "with qmd when it is installed, else degraded mode"}`
    ],
    artifacts: [artifact(ctx, state.plan_file, "plan", "the plan document"), artifact(ctx, ctx.paths.config, "config", "orchestrator settings (plan_name, base_branch, agent_command)")],
    details: { plan_file: state.plan_file, title, sections, sha256: sha256(text), base_branch: state.base_branch, base_commit: baseCommit, plan_name: state.plan_name, agent_command: argv, agent_timeout_seconds: timeout },
    warnings
  };
}
function runBreakdown(rc) {
  const { ctx } = rc;
  const tasks = loadTasks(ctx);
  if (!tasks.length) {
    throw new AkmsError("NO_TASKS", "there are no task records in knowledge/tasks/", {
      hint: "break the plan into task records (knowledge/tasks/<task_id>.json with task_id, title, scope, depends_on, phase, akms_tags, akms_schema), then `akms orchestrate next`"
    });
  }
  const bd = planBreakdown(tasks.map((t) => planned(t)));
  if (!bd.phases.length) throw new AkmsError("NOTHING_TO_RUN", "every task record is already complete: there is nothing to run", { hint: "add task records for the plan, or set a task's status back to pending" });
  rc.save({ ...rc.state, phases: bd.phases });
  const warnings = [];
  const summary = [];
  for (const p of bd.phases) {
    const waves = bd.waves[String(p)];
    const n = waves.reduce((k, w) => k + w.length, 0);
    summary.push(`phase ${p} \u2192 branch ${branchName(rc.state.plan_name, p)}: ${plural(n, "task")} in ${plural(waves.length, "wave")}: ${waves.map((w) => `[${w.join(", ")}]`).join(" \u2192 ")}`);
  }
  const done = tasks.filter(isComplete).map((t) => t.record.task_id);
  if (done.length) summary.push(`already complete, not dispatched: ${done.join(", ")}`);
  for (const t of tasks) {
    if (isComplete(t)) continue;
    if (!(t.record.scope ?? []).length) warnings.push(`${t.record.task_id} has no scope: it cannot be checked for overlaps with the tasks of its wave`);
    if (!t.record.akms_tags.length) warnings.push(`${t.record.task_id} has no akms_tags: SCAFFOLD derives them (and writes them back)`);
  }
  return {
    summary,
    artifacts: tasks.map((t) => artifact(ctx, t.file, "task", `${t.record.task_id} (phase ${t.record.phase})${isComplete(t) ? " \u2014 complete" : ""}`)),
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
        complete: isComplete(t),
        file: t.shown
      }))
    },
    warnings
  };
}
function closePhase(rc, phase) {
  const pr = phaseRun(rc, phase);
  if (pr.closed_commit) return;
  requireOnBranch(rc.ctx.repo, pr.branch, `closing phase ${phase}`);
  const ids = Object.keys(pr.tasks).sort(cmp2);
  const sha = commitAll(rc.ctx.repo, `akms orchestrate: ${rc.state.plan_name} phase ${phase} (${ids.join(", ")})`) ?? revParse(rc.ctx.repo, "HEAD");
  rc.progress(`phase ${phase} committed on ${pr.branch} (${short(sha)})`);
  updatePhase(rc, phase, (p) => ({ ...p, closed_commit: sha }));
}
function previousPhase(state, phase) {
  const i = state.phases.indexOf(phase);
  return i > 0 ? state.phases[i - 1] : null;
}
function ensureBranch(rc, phase) {
  const { ctx, state } = rc;
  const name = branchName(state.plan_name, phase);
  const prev = previousPhase(state, phase);
  const from = prev === null ? state.base_branch : branchName(state.plan_name, prev);
  const existing = state.phase_runs[String(phase)];
  const exists = branchExists(ctx.repo, name);
  if (existing?.base_commit && exists) {
    if (currentBranch(ctx.repo) !== name) {
      requireClean(ctx.repo, `checking out ${name}`);
      checkout(ctx.repo, name);
    }
    return { created: false, pr: existing };
  }
  if (exists) {
    throw new AkmsError("BRANCH_EXISTS", `the branch ${name} already exists and this run did not create it`, {
      hint: `delete or rename it (git branch -m ${name} ${name}-old), or set another orchestrator.plan_name; then \`akms orchestrate next\``
    });
  }
  requireClean(ctx.repo, `SCAFFOLD (the branch ${name})`);
  const fromSha = revParse(ctx.repo, from);
  if (!fromSha) throw new AkmsError("UNKNOWN_BRANCH", `${from}, which phase ${phase} branches from, does not exist`, { hint: `restore the branch ${from}, then \`akms orchestrate next\`` });
  const pr = existing ?? { phase, branch: name, from, base_commit: null, waves: [], tasks: {}, pcd: null, closed_commit: null };
  rc.save({ ...rc.state, phase_runs: { ...rc.state.phase_runs, [String(phase)]: { ...pr, base_commit: fromSha } } });
  createBranch(ctx.repo, name, fromSha);
  rc.progress(`branch ${name} created from ${from} (${short(fromSha)})`);
  return { created: true, pr: rc.state.phase_runs[String(phase)] };
}
function runScaffold(rc, phase) {
  const { ctx } = rc;
  requireGit(ctx.repo);
  const prev = previousPhase(rc.state, phase);
  if (prev !== null) closePhase(rc, prev);
  const { created, pr } = ensureBranch(rc, phase);
  buildLocked(ctx, { env: rc.env });
  const graph = loadPlanGraph(ctx.paths).graph;
  const all = loadTasks(ctx);
  const mine = all.filter((t) => t.record.phase === phase && !isComplete(t)).sort((a, b) => cmp2(a.record.task_id, b.record.task_id));
  if (!mine.length) throw new AkmsError("NOTHING_TO_RUN", `phase ${phase} has no task that is not complete`, { hint: "add task records for this phase, or reject back by editing the records; then `akms orchestrate next`" });
  const waves = planWaves(all.filter((t) => t.record.phase === phase).map((t) => planned(t)));
  const waveOf = /* @__PURE__ */ new Map();
  waves.forEach((w, i) => w.forEach((id) => waveOf.set(id, i + 1)));
  const qmd = rc.state.no_qmd ? { available: false, reason: "disabled by --no-qmd", bin: null, version: null } : qmdUse(false, rc.env);
  const warnings = [];
  if (!qmd.available) warnings.push(`qmd is not available (${qmd.reason}): loadouts are in the degraded mode (node table, paths, pitfalls; no inline content)`);
  const tasks = {};
  const lines = [];
  const prepared = [];
  for (let t of mine) {
    const id = t.record.task_id;
    rc.progress(`pre-phase ${id}: tags, query, loadout`);
    const role = resolveRole(ctx.cfg, t.record.agent_role);
    const tt = taskTags(ctx, graph, t);
    let tagsFrom = null;
    const notes = [];
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
    prepared.map(({ t }) => ({ task: t, phase, noQmd: rc.state.no_qmd, qmd, env: rc.env }))
  );
  prepared.forEach(({ t, id, role, tagsFrom, loadRel, notes }, i) => {
    const o = outcomes[i];
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
      memory: displayPath(ctx.repo, join4(ctx.paths.sessions, `${id}.md`)),
      wave: waveOf.get(id) ?? 0,
      status: prevRun?.status === "done" ? "done" : "pending",
      attempts: prevRun?.attempts ?? 0,
      exit_code: prevRun?.exit_code ?? null,
      outcome: prevRun?.outcome ?? null,
      log: prevRun?.log ?? null,
      error: null
    };
    lines.push(
      `  ${id} [wave ${waveOf.get(id)}] ${role} \xB7 tags ${lr.seed_tags.join(", ") || "(none)"} (${tagsFrom ?? lr.tags_from}) \xB7 ${plural(lr.node_count, "node")}, ${plural(lr.pitfall_count, "pitfall")} \xB7 ${lr.loadout_mode} \xB7 ${loadRel}${lr.written ? "" : " (unchanged)"}`
    );
  });
  updatePhase(rc, phase, (p) => ({ ...p, waves, tasks }));
  const cur = rc.state.phase_runs[String(phase)];
  return {
    summary: [
      `branch ${cur.branch} ${created ? "created" : "reused"} from ${cur.from} (${short(cur.base_commit)})`,
      `pre-phase for ${plural(mine.length, "task")} (graph ${graph.version}):`,
      ...lines,
      `waves: ${waves.map((w) => `[${w.join(", ")}]`).join(" \u2192 ")}`,
      `approve to dispatch the agents (${ctx.cfg.config.orchestrator.agent_command[0] ?? "agent_command not set"})`
    ],
    artifacts: [
      ...mine.map((t) => artifact(ctx, tasks[t.record.task_id].loadout, "loadout", `${t.record.task_id}'s loadout`)),
      ...mine.map((t) => artifact(ctx, t.file, "task", `${t.record.task_id}'s task record (akms_tags, loadout_path)`))
    ],
    details: { branch: cur.branch, from: cur.from, base_commit: cur.base_commit, created, graph_version: graph.version, waves, tasks, qmd_available: qmd.available },
    warnings
  };
}
function reread(ctx, t) {
  return loadTasks(ctx, [t.file])[0];
}
function lastLine(output) {
  const lines = output.trim().split("\n").filter((l2) => l2.trim());
  const l = lines[lines.length - 1] ?? "";
  return l.length > 200 ? l.slice(0, 199) + "\u2026" : l;
}
function logText(r) {
  return [`# argv: ${JSON.stringify(r.argv)}`, `# exit: ${r.exitCode ?? "-"} signal: ${r.signal ?? "-"} timed_out: ${r.timedOut} ms: ${r.ms}`, r.spawnError ? `# spawn error: ${r.spawnError.message}` : null, "", r.output].filter((x) => x !== null).join("\n");
}
function evaluate(rc, phase, id, run, logRel, known) {
  const { ctx } = rc;
  const memRel = displayPath(ctx.repo, join4(ctx.paths.sessions, `${id}.md`));
  const err = (code, message, hint, extra = {}) => ({
    id,
    run,
    memory: null,
    error: { code, message, hint, file: extra.file ?? logRel, line: extra.line ?? null, field: extra.field ?? null, problems: extra.problems ?? [] }
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
  let doc;
  try {
    doc = readDocuments([join4(ctx.paths.sessions, `${id}.md`)], { cwd: ctx.repo, repo: ctx.repo })[0];
  } catch (e) {
    if (!isAkmsError(e)) throw e;
    if (e.code === "NOT_FOUND") {
      return err("NO_AGENT_MEMORY", `${id}: the agent exited 0 but wrote no AgentMemory at ${memRel}`, `the agent must write its AgentMemory (spec \xA74.3) to {memory_out}; see ${logRel}; then \`akms orchestrate next\``, { file: memRel });
    }
    return err("INVALID_AGENT_MEMORY", `${id}: the AgentMemory is invalid: ${e.field ? `${e.field} ` : ""}${e.message}`, `fix the agent (or the file ${memRel}), then \`akms orchestrate next\``, {
      file: e.file ?? memRel,
      line: e.line ?? null,
      field: e.field ?? null,
      problems: e.problems
    });
  }
  if (doc.kind !== "agent-memory") return err("INVALID_AGENT_MEMORY", `${id}: ${memRel} is a PCD, not an AgentMemory`, "a task agent writes an AgentMemory (spec \xA74.3)", { file: memRel });
  const data = doc.data;
  if (data.task_id !== id) return err("INVALID_AGENT_MEMORY", `${id}: the AgentMemory at ${memRel} says task_id ${data.task_id}`, `task_id must be ${id}`, { file: memRel, field: "task_id" });
  if (data.phase_id !== phase) return err("INVALID_AGENT_MEMORY", `${id}: the AgentMemory says phase_id ${data.phase_id}, the task runs in phase ${phase}`, `phase_id must be ${phase}`, { file: memRel, field: "phase_id" });
  try {
    checkNodeRefs([doc], known);
  } catch (e) {
    if (!isAkmsError(e)) throw e;
    return err("INVALID_AGENT_MEMORY", `${id}: the AgentMemory names unknown nodes: ${e.message}`, e.hint ?? "use ids of the compiled graph", { file: e.file ?? memRel, line: e.line ?? null, field: e.field ?? null, problems: e.problems });
  }
  return { id, run, memory: data, error: null };
}
async function runExecute(rc, phase) {
  const { ctx } = rc;
  const pr0 = phaseRun(rc, phase);
  requireGit(ctx.repo);
  requireOnBranch(ctx.repo, pr0.branch, `EXECUTE (phase ${phase})`);
  const template = agentArgv(ctx);
  const all = loadTasks(ctx);
  const ids = Object.keys(pr0.tasks).sort(cmp2);
  const byId2 = new Map(all.map((t) => [t.record.task_id, t]));
  const missing = ids.filter((id) => !byId2.has(id));
  if (missing.length) throw new AkmsError("TASK_MISSING", `the task record${missing.length === 1 ? "" : "s"} of ${missing.join(", ")} disappeared since SCAFFOLD`, { hint: "restore them in knowledge/tasks/, then `akms orchestrate next`" });
  const dispatch = new Set(ids);
  const waves = planWaves(all.filter((t) => t.record.phase === phase).map((t) => planned(t, !dispatch.has(t.record.task_id)))).map((w) => w.filter((id) => dispatch.has(id)));
  const problems = [];
  for (const id of ids) {
    const t = byId2.get(id);
    const lp = t.record.loadout_path;
    const abs = typeof lp === "string" && lp ? resolveInside(ctx.repo, lp) : null;
    if (!abs) problems.push({ file: t.shown, field: "loadout_path", message: `${id} has no loadout_path`, hint: "SCAFFOLD fills it; restore the task record" });
    else if (readFileOk(abs) === false) problems.push({ file: t.shown, field: "loadout_path", message: `${id}'s loadout ${lp} does not exist`, hint: `regenerate it: akms loadout --task ${t.shown} --phase ${phase}` });
  }
  if (problems.length) throw new AkmsError("LOADOUT_MISSING", problems[0].message, { file: problems[0].file, field: "loadout_path", hint: `${problems[0].hint}; then \`akms orchestrate next\``, problems: problems.length > 1 ? problems : [] });
  if (rc.state.rejection) updatePhase(rc, phase, (p) => ({ ...p, tasks: Object.fromEntries(Object.entries(p.tasks).map(([k, v]) => [k, { ...v, status: "pending", error: null }])) }));
  const prevPhase = previousPhase(rc.state, phase);
  const prevPcd = prevPhase === null ? null : rc.state.phase_runs[String(prevPhase)]?.pcd ?? null;
  const graph = loadGraph(ctx.paths);
  const known = (id) => graph.nodes.get(id);
  const logDir = join4(orchestratorPaths(ctx).logs, `phase-${phase}`);
  const timeoutMs = ctx.cfg.config.orchestrator.agent_timeout_seconds * 1e3;
  for (let wi = 0; wi < waves.length; wi++) {
    const todo = waves[wi].filter((id) => phaseRun(rc, phase).tasks[id].status !== "done");
    if (!todo.length) continue;
    rc.progress(`wave ${wi + 1}/${waves.length}: starting ${todo.join(", ")}`);
    for (const id of todo) removeFile(join4(ctx.paths.sessions, `${id}.md`));
    updatePhase(rc, phase, (p) => {
      for (const id of todo) p.tasks[id] = { ...p.tasks[id], status: "running", attempts: p.tasks[id].attempts + 1, error: null };
      return p;
    });
    const results = await Promise.all(
      todo.map(async (id) => {
        const t = byId2.get(id);
        const tr = phaseRun(rc, phase).tasks[id];
        const values = {
          task_file: t.file,
          task_id: id,
          loadout: join4(ctx.repo, t.record.loadout_path),
          memory_out: join4(ctx.paths.sessions, `${id}.md`),
          phase: String(phase),
          repo: ctx.repo,
          pcd: prevPcd ? join4(ctx.repo, prevPcd) : "",
          role: tr.role,
          branch: phaseRun(rc, phase).branch,
          plan_file: join4(ctx.repo, rc.state.plan_file)
        };
        const run = await runAgent(expandTemplate(template, values), { cwd: ctx.repo, timeoutMs, env: rc.env });
        const logAbs = join4(logDir, `${id}.log`);
        writeFileAtomic(logAbs, logText(run));
        const ev = evaluate(rc, phase, id, run, displayPath(ctx.repo, logAbs), known);
        updatePhase(rc, phase, (p) => {
          p.tasks[id] = { ...p.tasks[id], status: ev.error ? "failed" : "done", exit_code: run.exitCode, outcome: ev.memory?.status ?? null, log: displayPath(ctx.repo, logAbs), error: ev.error };
          return p;
        });
        rc.progress(`  ${id}: ${ev.error ? `FAILED \u2014 ${ev.error.message}` : `done (${ev.memory.status}) in ${(run.ms / 1e3).toFixed(1)} s`}`);
        return ev;
      })
    );
    crashPoint(`orchestrate-wave-${wi + 1}`, rc.env);
    const failed2 = results.filter((r) => r.error);
    if (failed2.length) {
      const first = failed2[0].error;
      const probs = failed2.map((f) => ({ code: f.error.code, file: f.error.file ?? void 0, line: f.error.line ?? void 0, field: f.error.field ?? void 0, message: f.error.message, hint: f.error.hint ?? void 0 }));
      throw new AkmsError(failed2.length === 1 ? first.code : "AGENTS_FAILED", failed2.length === 1 ? first.message : `${failed2.length} of ${todo.length} agents in wave ${wi + 1} failed: ${failed2.map((f) => f.id).join(", ")}`, {
        file: first.file ?? void 0,
        line: first.line ?? void 0,
        field: first.field ?? void 0,
        hint: first.hint ?? void 0,
        problems: failed2.length > 1 ? probs : first.problems
      });
    }
  }
  const pr = phaseRun(rc, phase);
  for (const id of ids) {
    const outcome = pr.tasks[id].outcome;
    const t = byId2.get(id);
    if (outcome && t.record.status !== outcome) setTaskFields(ctx, reread(ctx, t), { status: outcome });
  }
  const changes = changedSince(ctx.repo, pr.base_commit ?? "HEAD");
  const memories = readDocuments(
    ids.map((id) => join4(ctx.paths.sessions, `${id}.md`)),
    { cwd: ctx.repo, repo: ctx.repo }
  );
  const warnings = [];
  const scopes = ids.flatMap((id) => byId2.get(id).record.scope ?? []);
  const outside = changes.filter((c) => !scopes.some((sc) => scopesOverlap(sc, c.path))).map((c) => c.path);
  if (outside.length) warnings.push(`changed outside every task's scope: ${outside.join(", ")}`);
  const lines = memories.map((d) => {
    const m = d.data;
    const tr = pr.tasks[m.task_id];
    if (m.status !== "complete") warnings.push(`${m.task_id} reports status ${m.status}${m.completion_notes ? `: ${m.completion_notes.split("\n")[0]}` : ""}`);
    if (m.tests_passed < m.tests_total) warnings.push(`${m.task_id}: ${m.tests_total - m.tests_passed} of ${m.tests_total} tests failing`);
    return `  ${m.task_id} [wave ${tr.wave}]: ${m.status} \xB7 tests ${m.tests_passed}/${m.tests_total} \xB7 ${plural((m.nodes_used ?? []).length, "node")} used \xB7 ${plural((m.pitfalls_discovered ?? []).length, "pitfall")} \xB7 ${(m.new_knowledge ?? []).length} new knowledge \xB7 ${m.agent_model}`;
  });
  return {
    summary: [
      `${plural(ids.length, "agent")} finished on ${pr.branch} in ${plural(waves.length, "wave")} (the updater did not run):`,
      ...lines,
      `files changed since ${short(pr.base_commit)}: ${changes.length ? changes.map((c) => `${c.path} (${c.change})`).join(", ") : "none"}`,
      "approve to assemble the PCD and update the graph (REVIEW)"
    ],
    artifacts: [
      ...ids.map((id) => artifact(ctx, pr.tasks[id].memory, "agent-memory", `${id}'s AgentMemory`)),
      ...changes.filter((c) => c.change !== "deleted").map((c) => artifact(ctx, c.path, "source", `${c.change} in phase ${phase}`)),
      ...ids.filter((id) => pr.tasks[id].log).map((id) => artifact(ctx, pr.tasks[id].log, "log", `${id}'s agent output`, false))
    ],
    details: { branch: pr.branch, waves, tasks: pr.tasks, files: changes },
    warnings
  };
}
function readFileOk(abs) {
  try {
    readTextFile(abs, abs);
    return true;
  } catch {
    return false;
  }
}
async function runReview(rc, phase) {
  const { ctx } = rc;
  const pr = phaseRun(rc, phase);
  requireGit(ctx.repo);
  requireOnBranch(ctx.repo, pr.branch, `REVIEW (phase ${phase})`);
  const ids = Object.keys(pr.tasks).sort(cmp2);
  const records = new Map(loadTasks(ctx).map((t) => [t.record.task_id, t]));
  const docs = readDocuments(
    ids.map((id) => join4(ctx.paths.sessions, `${id}.md`)),
    { cwd: ctx.repo, repo: ctx.repo }
  );
  const files = changedSince(ctx.repo, pr.base_commit ?? "HEAD");
  const text = pcdText({
    phase,
    plan_file: rc.state.plan_file,
    branch: pr.branch,
    files,
    tasks: docs.map((d) => {
      const m = d.data;
      const rec = records.get(m.task_id);
      return { task_id: m.task_id, title: rec?.record.title || m.task_description || m.task_id, scope: rec?.record.scope ?? [], memory: m, memory_file: d.shown };
    })
  });
  const pcdAbs = join4(ctx.paths.sessions, `handoff_phase_${phase}.md`);
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
  const actionable = rep.summary.new_tentative + rep.summary.dedup_events + rep.summary.blocked_tasks;
  const warnings = [...upd.warnings];
  for (const w of mir.warnings) warnings.push(`mirror: ${w.file}${w.line !== void 0 ? `:${w.line}` : ""}: ${w.message}`);
  if (mir.graph_error) warnings.push(`mirror: graph.json not rebuilt: ${mir.graph_error}`);
  const knowledge = doc?.new_knowledge ?? [];
  return {
    summary: [
      `PCD ${pcdRel}: ${plural(docs.length, "AgentMemory", "AgentMemories")}, ${plural(files.length, "file")} changed`,
      `update: ${doc ? doc.status === "already-applied" ? `${doc.session} was applied before; unchanged` : `applied as ${doc.session}` : "nothing applied"} \xB7 ${plural(upd.nodes.length, "confidence change")} \xB7 ${plural(doc?.pitfalls.length ?? 0, "pitfall edge")} \xB7 ${plural(knowledge.length, "new knowledge entry", "new knowledge entries")}`,
      ...knowledge.map((k) => `  new knowledge ${k.suggested_id} \u2192 ${k.action === "appended" ? `pending dedup section in ${k.node}` : `tentative node ${k.node}`}`),
      `mirror: ${mir.mirrored.length} written, ${mir.unchanged.length} unchanged, ${mir.removed.length} removed \xB7 ${plural(mir.drift.length, "docstring drift")}`,
      `review report ${repRel}: ${actionable === 1 ? "1 item awaits" : `${actionable} items await`} a decision (act on them in \`akms review\`, or \`akms promote ID\` \u2026)`,
      `approve to commit phase ${phase} on ${pr.branch} and continue`
    ],
    artifacts: [
      artifact(ctx, repRel, "review-report", `phase ${phase} review report`, false),
      artifact(ctx, pcdRel, "pcd", "the phase completion document (applied; the updater refuses a changed one)", false),
      ...[...created, ...upd.files.appended].filter((c) => c.startsWith("knowledge/local-nodes/")).map((c) => artifact(ctx, c, "node", created.includes(c) ? "new tentative node (agent-authored, awaiting review)" : "local node with a pending dedup section")),
      ...ids.map((id) => artifact(ctx, pr.tasks[id].memory, "agent-memory", `${id}'s AgentMemory`, false))
    ],
    details: {
      pcd: pcdRel,
      update: { documents: upd.documents, nodes: upd.nodes, files: upd.files, graph: upd.graph },
      mirror: { mirrored: mir.mirrored, unchanged: mir.unchanged.length, removed: mir.removed, drift: mir.drift, skipped: mir.skipped },
      review_report: repRel,
      review_summary: rep.summary
    },
    warnings,
    reviewReport: repRel
  };
}
function runFinalize(rc) {
  const { ctx, state } = rc;
  requireGit(ctx.repo);
  const last = state.phases[state.phases.length - 1];
  if (last !== void 0) closePhase(rc, last);
  requireClean(ctx.repo, "FINALIZE");
  const base = state.base_branch;
  if (!branchExists(ctx.repo, base)) throw new AkmsError("UNKNOWN_BASE_BRANCH", `the base branch ${base} does not exist any more`, { hint: `recreate ${base}, then \`akms orchestrate next\`` });
  checkout(ctx.repo, base);
  const merged = [];
  for (const p of [...state.phases].reverse()) {
    const br = rc.state.phase_runs[String(p)]?.branch ?? branchName(state.plan_name, p);
    if (!branchExists(ctx.repo, br)) throw new AkmsError("BRANCH_MISSING", `the phase branch ${br} does not exist`, { hint: `restore it (git branch ${br} <commit>), then \`akms orchestrate next\`` });
    if (isAncestor(ctx.repo, br, "HEAD")) {
      merged.push({ branch: br, phase: p, result: "already-contained", commit: null });
      continue;
    }
    rc.progress(`merging ${br} into ${base}`);
    const m = merge(ctx.repo, br, `akms orchestrate: merge ${br} into ${base} (${state.plan_name} phase ${p})`);
    if (!m.ok) {
      throw new AkmsError("MERGE_CONFLICT", `merging ${br} into ${base} conflicts${m.conflicts.length ? ` in ${m.conflicts.join(", ")}` : `: ${m.message}`}`, {
        hint: `the merge was undone and ${base} is as before; merge by hand (git merge ${br}), resolve and commit, then \`akms orchestrate next\` merges the remaining branches`,
        problems: m.conflicts.map((f) => ({ file: f, message: `conflict merging ${br}` }))
      });
    }
    merged.push({ branch: br, phase: p, result: "merged", commit: revParse(ctx.repo, "HEAD") });
  }
  const head = revParse(ctx.repo, "HEAD");
  return {
    summary: [
      `merged into ${base} in reverse phase order:`,
      ...merged.map((m) => `  ${m.branch}: ${m.result === "merged" ? `merged (${short(m.commit)})` : `already contained in ${base}`}`),
      `${base} is at ${short(head)}; the phase branches are kept`,
      "approve to finish the run"
    ],
    artifacts: state.phases.map((p) => join4(ctx.paths.reviews, `phase-${p}-review.md`)).filter(readFileOk).map((f) => artifact(ctx, f, "review-report", "review report", false)),
    details: { base_branch: base, head, merged },
    warnings: []
  };
}

// core/orchestrator/runner.ts
async function withLockAsync(ctx, what, fn) {
  const release = acquireLock(ctx.paths.lock, `orchestrate ${what}`);
  try {
    recoverPendingTransaction(ctx, () => buildLocked(ctx));
    return await fn();
  } finally {
    release();
  }
}
function save(ctx, s) {
  writeState(ctx, s);
  return s;
}
function apply(ctx, s, e, env) {
  return save(ctx, transition(s, e, nowIso(env)));
}
function checkSeq(s, expected) {
  if (expected === void 0) return;
  const seq = s.checkpoint?.seq ?? null;
  if (seq !== expected) {
    throw new StaleWriteError(`the run moved on since checkpoint #${expected} was shown (now: ${stageLabel(s.current)}, ${s.status}${seq !== null ? `, checkpoint #${seq}` : ""})`, {
      hint: "reload and look again before deciding"
    });
  }
}
async function runStage(ctx, s0, opts) {
  const env = opts.env ?? process.env;
  let state = apply(ctx, s0, { type: "start" }, env);
  const rc = {
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
    }
  };
  opts.onProgress?.(`${stageLabel(state.current)}: running (attempt ${state.attempt})`);
  let out;
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
        out = runScaffold(rc, phase);
        break;
      case "execute":
        out = await runExecute(rc, phase);
        break;
      case "review":
        out = await runReview(rc, phase);
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
      hint: `${e.hint ? e.hint.replace(/[.;]?\s*$/, "") + " \u2014 " : ""}the run's state is kept (\`akms orchestrate status\`)`
    });
  }
  const cp = makeCheckpoint(ctx, state, out, nowIso(env));
  state = apply(ctx, state, { type: "succeed", checkpoint: cp }, env);
  opts.onProgress?.(`${stageLabel(state.current)}: checkpoint #${cp.seq} awaits a decision`);
  return state;
}
function planNameFor(configName, planFile) {
  const raw = configName.trim() || basename(planFile).replace(/\.[^.]*$/, "");
  const s = raw.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/\.{2,}/g, ".").replace(/^[-.]+|[-.]+$/g, "");
  if (!s) throw new UsageError(`cannot name branches after "${raw}"`, "set orchestrator.plan_name in propagation_config.yaml (letters, digits, . _ -)");
  return s;
}
async function orchestrateInit(ctx, planArg, opts = {}) {
  const abs = isAbsolute2(planArg) ? planArg : resolve(opts.cwd ?? process.cwd(), planArg);
  const rel = relative(ctx.repo, abs).split(sep).join("/");
  if (!rel || rel.startsWith("..") || isAbsolute2(rel) || !resolveInside(ctx.repo, rel)) {
    throw new UsageError(`the plan file ${planArg} is outside the repository ${ctx.repo}`, "keep the plan document in the repository, e.g. plans/<name>.md");
  }
  if (readTextIfExists(abs) === null) throw new AkmsError("NOT_FOUND", `there is no plan file ${rel}`, { file: rel, hint: "write the plan document first (Markdown), then `akms orchestrate init PLAN_FILE`" });
  return withLockAsync(ctx, "init", async () => {
    const old = readState(ctx);
    if (old && old.status !== "done" && !opts.force) {
      throw new StateError(`a run of ${old.plan_file} is in progress (${stageLabel(old.current)}, ${old.status})`, {
        hint: "continue it (`akms orchestrate status`), or replace it with `akms orchestrate init PLAN --force` (its state goes to knowledge/orchestrator/previous-state.json)"
      });
    }
    if (old) writeFileAtomic(orchestratorPaths(ctx).previous, readTextIfExists(orchestratorPaths(ctx).state) ?? "");
    const env = opts.env ?? process.env;
    const s = save(ctx, initialState({ plan_name: planNameFor(ctx.cfg.config.orchestrator.plan_name, rel), plan_file: rel, base_branch: ctx.cfg.config.orchestrator.base_branch, no_qmd: Boolean(opts.noQmd) }, nowIso(env)));
    const done = [`INIT: run of ${rel} started (plan name ${s.plan_name})`];
    const after = await runStage(ctx, s, opts);
    return { state: after, done: [...done, `${stageLabel(after.current)}: checkpoint #${after.checkpoint.seq}`] };
  });
}
async function orchestrateNext(ctx, opts = {}) {
  return withLockAsync(ctx, "next", async () => {
    const s = requireState(ctx);
    if (!RUNNABLE.has(s.status)) transition(s, { type: "start" }, nowIso(opts.env));
    const after = await runStage(ctx, s, opts);
    return { state: after, done: [`${stageLabel(after.current)}: checkpoint #${after.checkpoint.seq}`] };
  });
}
async function orchestrateApprove(ctx, opts = {}) {
  return withLockAsync(ctx, "approve", async () => {
    const s = requireState(ctx);
    checkSeq(s, opts.expectedSeq);
    const label = stageLabel(s.current);
    const edited = editedSince(ctx, s.checkpoint);
    const approved = apply(ctx, s, { type: "approve" }, opts.env);
    const done = [`approved ${label}${edited.length ? ` with edits to ${edited.join(", ")} (the next stage reads them as they are now)` : ""}`];
    if (approved.status === "done") return { state: approved, done: [...done, "the run is complete"] };
    const after = await runStage(ctx, approved, opts);
    return { state: after, done: [...done, `${stageLabel(after.current)}: checkpoint #${after.checkpoint.seq}`] };
  });
}
async function orchestrateReject(ctx, reason, opts = {}) {
  return withLockAsync(ctx, "reject", async () => {
    const s = requireState(ctx);
    checkSeq(s, opts.expectedSeq);
    const after = apply(ctx, s, { type: "reject", reason }, opts.env);
    return { state: after, done: [`rejected ${stageLabel(s.current)}: ${reason.trim()}`, "fix what is wrong (`akms orchestrate edit` lists the artifacts), then `akms orchestrate next` runs the stage again"] };
  });
}
async function orchestrateAbort(ctx, reason, opts = {}) {
  return withLockAsync(ctx, "abort", async () => {
    const s = requireState(ctx);
    const after = apply(ctx, s, { type: "abort", reason }, opts.env);
    return { state: after, done: [`aborted at ${stageLabel(s.current)} (${s.status}); everything is kept \u2014 \`akms orchestrate resume\` continues`] };
  });
}
async function orchestrateResume(ctx, opts = {}) {
  return withLockAsync(ctx, "resume", async () => {
    let s = requireState(ctx);
    const done = [];
    if (s.status === "aborted") {
      s = apply(ctx, s, { type: "resume" }, opts.env);
      done.push(`resumed at ${stageLabel(s.current)} (${s.status})`);
    }
    if (s.status === "pending" || s.status === "running") {
      s = await runStage(ctx, s, opts);
      done.push(`${stageLabel(s.current)}: checkpoint #${s.checkpoint.seq}`);
    } else if (!done.length) {
      done.push(`nothing to resume: ${stageLabel(s.current)} is ${s.status}`);
    }
    return { state: s, done };
  });
}
function editTargets(ctx, s) {
  if (s.status === "checkpoint" && s.checkpoint) return s.checkpoint.artifacts;
  const rel = (p) => relative(ctx.repo, p).split(sep).join("/");
  const mk = (path, kind, description) => ({ path, kind, description, sha256: null, editable: true });
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
function findEditTarget(ctx, s, which) {
  const targets = editTargets(ctx, s);
  const n = /^\d+$/.test(which) ? Number(which) : NaN;
  const byNum = Number.isInteger(n) ? targets[n - 1] : void 0;
  const norm = which.replace(/^\.\//, "");
  const hit = byNum ?? targets.find((a) => a.path === norm || a.path.endsWith("/" + norm));
  if (!hit) {
    throw new UsageError(`"${which}" is not one of the artifacts you can edit now`, `run \`akms orchestrate edit\` for the list (${targets.length} item${targets.length === 1 ? "" : "s"})`);
  }
  if (!hit.editable) throw new UsageError(`${hit.path} is read only at this checkpoint (${hit.description})`, "pick an editable artifact from `akms orchestrate edit`");
  return hit;
}
async function orchestrateRecordEdit(ctx, path, opts = {}) {
  return withLockAsync(ctx, "edit", async () => {
    const s = requireState(ctx);
    const after = apply(ctx, s, { type: "edit", artifact: path }, opts.env);
    return { state: after, done: [`edited ${path}`] };
  });
}
function orchestrateStatus(ctx) {
  const state = requireState(ctx);
  const h = readLockHolder(ctx.paths.lock);
  return { state, actions: allowedActions(state), edited: editedSince(ctx, state.checkpoint), lock: h ? { pid: h.pid, command: h.command, since: h.started_at } : null };
}

export {
  fileSha,
  loadTasks,
  isComplete,
  PLACEHOLDERS,
  orchestrateInit,
  orchestrateNext,
  orchestrateApprove,
  orchestrateReject,
  orchestrateAbort,
  orchestrateResume,
  editTargets,
  findEditTarget,
  orchestrateRecordEdit,
  orchestrateStatus
};
