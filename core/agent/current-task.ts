// "Which task is mine?": the one rule that names an agent's task, for the current_task tool and the
// SessionStart hook. In order: AKMS_TASK_ID (the orchestrator and a person set it); the git branch,
// when exactly one task record's id is a word of its name (`feature/TASK-201-green`); the one task
// record whose status is in_progress. Otherwise it says it cannot tell and lists the candidates
// (the pending and in-progress tasks), never guessing the newest loadout.

import type { Context } from "../context.js";
import { git } from "../mirror/select.js";
import { listTaskFiles } from "../query/task.js";
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, readSync } from "node:fs";
import { join } from "node:path";
import { splitFrontmatter } from "../frontmatter.js";
import { loadoutHeader } from "../loadout/render.js";
import { frontmatterEnd, HEAD_BYTES } from "../compiler/read-head.js";
import { escapeRegExp } from "../regexp.js";

export interface TaskBrief {
  task_id: string;
  title: string | null;
  status: string | null;
  phase: number | null;
  file: string;
}

export interface CurrentTask {
  task_id: string | null;
  /** How it was decided: "AKMS_TASK_ID", "branch <name>", "the only in_progress task record", or null. */
  source: string | null;
  task: TaskBrief | null;
  /** The task's newest loadout, when there is one. */
  loadout: string | null;
  /** When it cannot tell (or to show the alternatives): the open tasks. */
  candidates: TaskBrief[];
  note: string;
}

/** Every task record's brief (unreadable records are skipped: `akms validate` names them). */
function briefs(ctx: Context): TaskBrief[] {
  const out: TaskBrief[] = [];
  for (const f of listTaskFiles(ctx.paths)) {
    try {
      const r = JSON.parse(readFileSync(f, "utf8")) as Record<string, unknown>;
      if (typeof r.task_id !== "string") continue;
      out.push({
        task_id: r.task_id,
        title: typeof r.title === "string" ? r.title : null,
        status: typeof r.status === "string" ? r.status : null,
        phase: typeof r.phase === "number" ? r.phase : null,
        file: `knowledge/tasks/${f.slice(f.lastIndexOf("/") + 1)}`,
      });
    } catch {
      /* not a readable record */
    }
  }
  return out;
}

export function currentTask(ctx: Context, env: NodeJS.ProcessEnv = process.env): CurrentTask {
  const all = briefs(ctx);
  const open = all.filter((t) => t.status === null || t.status === "pending" || t.status === "in_progress");
  const found = (id: string, source: string): CurrentTask => {
    const task = all.find((t) => t.task_id === id) ?? all.find((t) => t.task_id.toLowerCase() === id.toLowerCase()) ?? null;
    const tid = task?.task_id ?? id;
    return {
      task_id: tid,
      source,
      task,
      loadout: currentLoadout(ctx, tid)?.shown ?? null,
      candidates: [],
      note: task ? `task ${tid} (from ${source})` : `task ${tid} (from ${source}) has no record in knowledge/tasks/`,
    };
  };
  const fromEnv = env.AKMS_TASK_ID?.trim();
  if (fromEnv) return found(fromEnv, "AKMS_TASK_ID");
  const b = git(ctx.repo, ["rev-parse", "--abbrev-ref", "HEAD"]);
  const branch = b.ok ? b.stdout.trim() : "";
  if (branch && branch !== "HEAD") {
    const hits = all.filter((t) => new RegExp(`(^|[^A-Za-z0-9])${escapeRegExp(t.task_id)}($|[^A-Za-z0-9])`, "i").test(branch));
    if (hits.length === 1) return found(hits[0]!.task_id, `branch ${branch}`);
  }
  const running = all.filter((t) => t.status === "in_progress");
  if (running.length === 1) return found(running[0]!.task_id, "the only in_progress task record");
  return {
    task_id: null,
    source: null,
    task: null,
    loadout: null,
    candidates: open,
    note:
      `cannot tell which task is yours: no AKMS_TASK_ID, ${branch ? `the branch "${branch}" names no single task` : "no git branch"}, and ${running.length ? `${running.length} tasks are in_progress` : "no task is in_progress"}. ` +
      (open.length ? "Ask, or pass the task id to loadout; the open tasks are listed." : "No task record is open (knowledge/tasks/ holds none pending or in progress): ask which task this is, or give loadout the task's tags."),
  };
}

// ── A task's loadout ─────────────────────────────────────────────────────────────────────────

export interface LoadoutFile {
  file: string;
  shown: string;
  mtimeMs: number;
  fields: Record<string, string>;
  body: string;
}

/**
 * A loadout's time and its text as far as read: the head up to the frontmatter's end (the
 * compiler's reading of it, compiler/read-head.ts), or the whole file — when it is no larger than the
 * head, or the head holds no end — so that finding a task's loadout among a repository's hundreds
 * reads their headers, not their bodies.
 */
function readLoadoutHead(file: string): { mtimeMs: number; text: string; whole: boolean } | null {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return null;
  }
  try {
    const st = fstatSync(fd);
    const buf = Buffer.allocUnsafe(Math.min(st.size, HEAD_BYTES));
    const n = readSync(fd, buf, 0, buf.length, 0);
    if (n === st.size) return { mtimeMs: st.mtimeMs, text: buf.toString("utf8", 0, n), whole: true };
    const end = frontmatterEnd(buf, n);
    if (end >= 0) return { mtimeMs: st.mtimeMs, text: buf.toString("utf8", 0, end), whole: false };
    return { mtimeMs: st.mtimeMs, text: readFileSync(file, "utf8"), whole: true };
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** The header's scalars as text ("false", "12"), read by the one loadout header reader. */
function headerFields(text: string, shown: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(loadoutHeader(text, shown) ?? {})) if (v !== null && typeof v !== "object") fields[k] = String(v);
  return fields;
}

/** The loadout of task `taskId` (newest phase), else the newest loadout of all; only the chosen one is read whole. */
export function currentLoadout(ctx: Context, taskId: string | null): LoadoutFile | null {
  let names: string[];
  try {
    names = readdirSync(ctx.paths.loadouts).filter((n) => n.endsWith("-loadout.md"));
  } catch {
    return null;
  }
  const all: { file: string; shown: string; mtimeMs: number; fields: Record<string, string>; whole: string | null }[] = [];
  for (const n of names) {
    const file = join(ctx.paths.loadouts, n);
    const shown = `knowledge/loadouts/${n}`;
    const head = readLoadoutHead(file);
    if (head) all.push({ file, shown, mtimeMs: head.mtimeMs, fields: headerFields(head.text, shown), whole: head.whole ? head.text : null });
  }
  const pick = taskId ? all.filter((l) => l.fields.task_id === taskId) : all;
  pick.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.shown < b.shown ? 1 : -1));
  const chosen = pick[0];
  if (!chosen) return null;
  try {
    const { whole, ...file } = chosen;
    const text = whole ?? readFileSync(chosen.file, "utf8");
    return { ...file, fields: headerFields(text, chosen.shown), body: splitFrontmatter(text)?.body ?? text };
  } catch {
    return null;
  }
}

