// The plan's task records (knowledge/tasks/*.json, spec §4.5): read and validated all at once, and
// the fields the orchestrator owns (loadout_path before dispatch, status after the agent) written
// back surgically — only that value's bytes change, every other byte of the record stays.
import type { Context } from "../context.js";
import { problemsError, StaleWriteError, ValidationError } from "../errors.js";
import { readTextIfExists, writeFileAtomic } from "../fsx.js";
import { isComplete, listTaskFiles, readTask, readTaskRecords, topLevelValueSpan, type LoadedTask } from "../query/task.js";
import { withLineEndsOf } from "../textfile.js";
import type { PlannedTask } from "./waves.js";

/** Every task record, validated; one error lists every bad record. Messages name repo-relative paths. */
export function loadTasks(ctx: Context, files = listTaskFiles(ctx.paths)): LoadedTask[] {
  const { tasks, problems } = readTaskRecords(ctx.repo, files);
  const byLower = new Map<string, LoadedTask>();
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
    throw problemsError(problems, "VALIDATION", `${problems.length} problems in the task records; nothing was dispatched`, "fix the task records, then `akms orchestrate next`");
  }
  return tasks;
}

export function taskComplete(t: LoadedTask): boolean {
  return isComplete(t.record.status);
}

export function planned(t: LoadedTask, complete = taskComplete(t)): PlannedTask {
  return {
    task_id: t.record.task_id,
    phase: t.record.phase ?? 0,
    depends_on: t.record.depends_on ?? [],
    scope: t.record.scope ?? [],
    file: t.shown,
    complete,
  };
}

/** The record text with top-level `key` set to `value` (inserted before the closing brace when absent). */
export function withField(text: string, key: string, value: string | number | null): string {
  const json = JSON.stringify(value);
  const span = topLevelValueSpan(text, key);
  if (span) return text.slice(0, span[0]) + json + text.slice(span[1]);
  const close = text.lastIndexOf("}");
  if (close < 0) throw new ValidationError("the task record is not a JSON object", { field: key });
  const head = text.slice(0, close).replace(/\s+$/, "");
  const firstKey = /\n([ \t]+)"/.exec(text);
  const indent = firstKey ? firstKey[1]! : "  ";
  const empty = head.endsWith("{");
  return withLineEndsOf(text, `${head}${empty ? "" : ","}\n${indent}${JSON.stringify(key)}: ${json}\n${text.slice(close)}`);
}

/** Writes fields into a task record (the caller holds the lock); returns the record as now on disk. */
export function setTaskFields(ctx: Context, task: LoadedTask, fields: Record<string, string | number | null>): LoadedTask {
  const now = readTextIfExists(task.file);
  if (now !== task.text) {
    throw new StaleWriteError(`the task record ${task.shown} changed while the orchestrator worked on it`, { file: task.shown, hint: "run `akms orchestrate next` again" });
  }
  let text = task.text;
  for (const [k, v] of Object.entries(fields)) text = withField(text, k, v);
  if (text !== task.text) writeFileAtomic(task.file, text);
  return readTask(task.file, ctx.repo);
}
