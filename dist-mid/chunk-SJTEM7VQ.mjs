import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  lazy,
  zod
} from "./chunk-DWREGR5U.mjs";
import {
  StateError
} from "./chunk-C3ZMY3KT.mjs";

// core/orchestrator/snapshot.ts
var num = (v) => typeof v === "number" && Number.isFinite(v) ? v : null;
function pitfallKey(l) {
  return `${l.source} \u2192 ${l.target}`;
}
function takeSnapshot(graph) {
  const nodes = {};
  for (const [id, n] of [...graph.nodes.entries()].sort((a, b) => a[0] < b[0] ? -1 : 1)) {
    nodes[id] = [String(n.status ?? ""), num(n.confidence), String(n.node_origin ?? "")];
  }
  const pitfalls = {};
  for (const l of graph.doc.links) {
    if (l.type !== "pitfall") continue;
    pitfalls[pitfallKey(l)] = { from: l.source, to: l.target, weight: num(l.weight), note: typeof l.note === "string" ? l.note : "" };
  }
  return { graph_version: graph.version, nodes, pitfalls };
}
function diffSnapshots(prev, cur) {
  const changes = {
    previous_graph_version: prev?.graph_version ?? null,
    graph_version: cur.graph_version,
    baseline: prev === null,
    added: [],
    removed: [],
    status_changed: [],
    confidence_changed: []
  };
  if (!prev) return { changes, new_pitfalls: [] };
  for (const [id, [status, conf, origin]] of Object.entries(cur.nodes)) {
    const before = prev.nodes[id];
    if (!before) {
      changes.added.push({ id, status, confidence: conf, origin });
      continue;
    }
    if (before[0] !== status) changes.status_changed.push({ id, from: before[0], to: status });
    if (before[1] !== conf) changes.confidence_changed.push({ id, from: before[1], to: conf });
  }
  for (const id of Object.keys(prev.nodes)) if (!cur.nodes[id]) changes.removed.push(id);
  changes.removed.sort();
  const new_pitfalls = [];
  for (const [k, p] of Object.entries(cur.pitfalls).sort((a, b) => a[0] < b[0] ? -1 : 1)) {
    const before = prev.pitfalls[k];
    if (!before || before.note !== p.note) new_pitfalls.push(p);
  }
  return { changes, new_pitfalls };
}
function changesLine(c, pitfalls) {
  if (c.baseline) return `baseline: graph_version ${c.graph_version} (the first checkpoint of this run)`;
  const parts = [
    `${c.added.length} node${c.added.length === 1 ? "" : "s"} added`,
    `${c.removed.length} removed`,
    `${c.status_changed.length} status change${c.status_changed.length === 1 ? "" : "s"}`,
    `${c.confidence_changed.length} confidence change${c.confidence_changed.length === 1 ? "" : "s"}`,
    `${pitfalls} new pitfall${pitfalls === 1 ? "" : "s"}`
  ];
  const v = c.previous_graph_version === c.graph_version ? `graph_version ${c.graph_version} (unchanged)` : `graph_version ${c.previous_graph_version} \u2192 ${c.graph_version}`;
  return `${parts.join(" \xB7 ")} \u2014 ${v}`;
}

// core/orchestrator/types.ts
var STATE_FORMAT = "akms-orchestrator-1";
var STAGES = ["plan", "task-breakdown", "scaffold", "execute", "review", "finalize"];
var STAGE_TITLES = {
  plan: "PLAN",
  "task-breakdown": "TASK BREAKDOWN",
  scaffold: "SCAFFOLD",
  execute: "EXECUTE",
  review: "REVIEW",
  finalize: "FINALIZE"
};
var RUN_STATUSES = ["pending", "running", "checkpoint", "rejected", "failed", "aborted", "done"];
var Ref = lazy(() => zod.object({ stage: zod.enum(STAGES), phase: zod.number().int().nullable() }));
var StateSchema = lazy(
  () => zod.looseObject({
    format: zod.literal(STATE_FORMAT, { error: `must be "${STATE_FORMAT}"` }),
    plan_name: zod.string().min(1),
    plan_file: zod.string().min(1),
    base_branch: zod.string().min(1),
    no_qmd: zod.boolean(),
    phases: zod.array(zod.number().int()),
    current: Ref,
    status: zod.enum(RUN_STATUSES),
    resume_status: zod.enum(RUN_STATUSES).nullable(),
    attempt: zod.number().int().min(0),
    checkpoint: zod.looseObject({ seq: zod.number().int(), stage: zod.enum(STAGES), summary: zod.array(zod.string()), artifacts: zod.array(zod.looseObject({ path: zod.string() })) }).nullable(),
    error: zod.looseObject({ code: zod.string(), message: zod.string() }).nullable(),
    rejection: zod.looseObject({ reason: zod.string() }).nullable(),
    phase_runs: zod.record(zod.string(), zod.looseObject({ phase: zod.number().int(), branch: zod.string(), tasks: zod.record(zod.string(), zod.looseObject({ task_id: zod.string(), status: zod.string() })) })),
    history: zod.array(zod.looseObject({ seq: zod.number().int(), event: zod.string() })),
    created_at: zod.string(),
    updated_at: zod.string()
  })
);
function stageLabel(ref) {
  return `${STAGE_TITLES[ref.stage]}${ref.phase !== null ? ` (phase ${ref.phase})` : ""}`;
}
function branchName(planName, phase) {
  return `${planName}_phase-${phase}`;
}

// core/orchestrator/machine.ts
function stageSequence(phases) {
  const out = [
    { stage: "plan", phase: null },
    { stage: "task-breakdown", phase: null }
  ];
  for (const p of phases) out.push({ stage: "scaffold", phase: p }, { stage: "execute", phase: p }, { stage: "review", phase: p });
  out.push({ stage: "finalize", phase: null });
  return out;
}
function nextStage(cur, phases) {
  const seq = stageSequence(phases);
  const i = seq.findIndex((s) => s.stage === cur.stage && s.phase === cur.phase);
  if (i < 0) throw new StateError(`${stageLabel(cur)} is not a stage of this run (phases ${phases.join(", ") || "none"})`, { hint: "the state file was edited by hand; restore it" });
  return seq[i + 1] ?? null;
}
function initialState(p, at) {
  const s = {
    format: STATE_FORMAT,
    plan_name: p.plan_name,
    plan_file: p.plan_file,
    base_branch: p.base_branch,
    no_qmd: p.no_qmd,
    phases: [],
    current: { stage: "plan", phase: null },
    status: "pending",
    resume_status: null,
    attempt: 0,
    checkpoint: null,
    error: null,
    rejection: null,
    phase_runs: {},
    history: [],
    created_at: at,
    updated_at: at
  };
  return log(s, "init", at, `plan ${p.plan_file}`);
}
var RUNNABLE = /* @__PURE__ */ new Set(["pending", "running", "rejected", "failed"]);
function allowedActions(s) {
  switch (s.status) {
    case "checkpoint":
      return ["approve", "reject", "edit", "abort"];
    case "pending":
    case "running":
      return ["next", "abort"];
    case "rejected":
    case "failed":
      return ["next", "edit", "abort"];
    case "aborted":
      return ["resume"];
    case "done":
      return [];
  }
}
function log(s, event, at, detail = null, ref = s.current) {
  const entry = { seq: s.history.length + 1, at, event, stage: ref.stage, phase: ref.phase, detail };
  return { ...s, history: [...s.history, entry], updated_at: at };
}
function refuse(s, what) {
  const hint = (() => {
    switch (s.status) {
      case "checkpoint":
        return "a checkpoint awaits a decision: `akms orchestrate approve`, `reject --reason R`, `edit` or `abort`";
      case "aborted":
        return "the run was aborted: `akms orchestrate resume` continues it";
      case "done":
        return "the run is complete; `akms orchestrate init PLAN` starts a new one";
      case "failed":
      case "rejected":
        return "fix what is reported, then `akms orchestrate next` runs the stage again";
      default:
        return "`akms orchestrate next` runs the current stage";
    }
  })();
  throw new StateError(`cannot ${what}: ${stageLabel(s.current)} is ${s.status}`, { hint });
}
function transition(s, e, at) {
  switch (e.type) {
    case "start": {
      if (!RUNNABLE.has(s.status)) refuse(s, `run ${stageLabel(s.current)}`);
      const base = s.status === "running" ? log(s, "interrupted", at, `attempt ${s.attempt} did not finish; running it again`) : s;
      return log({ ...base, status: "running", attempt: base.attempt + 1, error: null, checkpoint: null }, "run", at, `attempt ${base.attempt + 1}`);
    }
    case "succeed":
      if (s.status !== "running") refuse(s, "record a checkpoint");
      return log({ ...s, status: "checkpoint", checkpoint: e.checkpoint, error: null, rejection: null }, "checkpoint", at, `checkpoint #${e.checkpoint.seq}`);
    case "fail":
      if (s.status !== "running") refuse(s, "record a failure");
      return log({ ...s, status: "failed", error: e.error }, "fail", at, `${e.error.code}: ${e.error.message}`);
    case "approve": {
      if (s.status !== "checkpoint") refuse(s, "approve");
      const approved = log(s, "approve", at);
      const next = nextStage(s.current, s.phases);
      if (!next) return log({ ...approved, status: "done", resume_status: null }, "done", at);
      return { ...approved, current: next, status: "pending", attempt: 0, checkpoint: null, error: null, rejection: null };
    }
    case "reject": {
      if (s.status !== "checkpoint") refuse(s, "reject");
      const reason = e.reason.trim();
      if (!reason) throw new StateError("a rejection needs a reason", { hint: 'akms orchestrate reject --reason "what is wrong"' });
      return log({ ...s, status: "rejected", rejection: { reason, at } }, "reject", at, reason);
    }
    case "edit":
      if (!(s.status === "checkpoint" || s.status === "rejected" || s.status === "failed")) refuse(s, "edit artifacts");
      return log(s, "edit", at, e.artifact);
    case "abort":
      if (s.status === "aborted" || s.status === "done") refuse(s, "abort");
      return log({ ...s, status: "aborted", resume_status: s.status }, "abort", at, e.reason);
    case "resume": {
      if (s.status !== "aborted") refuse(s, "resume");
      const back = s.resume_status ?? "pending";
      return log({ ...s, status: back, resume_status: null }, "resume", at, `back to ${back}`);
    }
  }
}

export {
  takeSnapshot,
  diffSnapshots,
  changesLine,
  StateSchema,
  stageLabel,
  branchName,
  nextStage,
  initialState,
  RUNNABLE,
  allowedActions,
  transition
};
