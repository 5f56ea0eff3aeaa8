// Task records (spec §4.5) as the planning path reads them: validated, located, and with their
// akms_tags written back surgically — every other byte of the file stays as it was.
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { AkmsError, fileError, isAkmsError, NotFoundError, ValidationError, type Problem } from "../errors.js";
import { jsonDepthError, parseYaml } from "../yaml.js";
import { displayPath } from "../paths.js";
import { checkSchema } from "../schema-check.js";
import { TaskRecord } from "../schemas/task.js";
import { readTextFile, withLineEndsOf } from "../textfile.js";
import type { ValidatedFacts } from "../store/facts.js";
import type { RepoPaths } from "../paths.js";
import { TASK_ID_PATTERN } from "../schemas/vocabulary.js";

export interface LoadedTask {
  /** Absolute path. */
  file: string;
  /** Path for messages (relative to the working directory when inside it). */
  shown: string;
  text: string;
  record: TaskRecord;
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** JSON is YAML: where V8's message names no position, the YAML parser's error line is used. */
function yamlErrorLine(text: string, shown: string): number | undefined {
  try {
    parseYaml(text, { file: shown });
  } catch (e) {
    return isAkmsError(e) ? e.line : undefined;
  }
  return undefined;
}

/**
 * Whether a task is done: its status (a task record's, or an AgentMemory's or a PCD's report of it)
 * is the spec's `complete` (§4.5, §4.3). The one rule of the orchestrator (what it dispatches), the
 * review's blocked tasks and re-evaluate (whose loadouts it keeps).
 */
export function isComplete(status: unknown): boolean {
  return status === "complete";
}

/** The task records, knowledge/tasks/*.json (not hidden files), sorted by name: the one listing of them. */
export function listTaskFiles(paths: Pick<RepoPaths, "tasks">): string[] {
  let names: string[];
  try {
    names = readdirSync(paths.tasks);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw fileError(e, "knowledge/tasks/") ?? e;
  }
  return names
    .filter((n) => n.endsWith(".json") && !n.startsWith("."))
    .sort()
    .map((n) => join(paths.tasks, n));
}

/** The task records of `files`, each read and validated; every record that fails is a problem (repo-relative paths). */
export function readTaskRecords(repo: string, files: readonly string[]): { tasks: LoadedTask[]; problems: Problem[] } {
  const tasks: LoadedTask[] = [];
  const problems: Problem[] = [];
  for (const f of files) {
    try {
      tasks.push(readTask(f, repo));
    } catch (e) {
      if (!(e instanceof AkmsError)) throw e;
      if (e.problems.length) problems.push(...e.problems.map((p) => ({ ...p, file: p.file ?? f })));
      else problems.push({ code: e.code, file: e.file ?? f, line: e.line, field: e.field, message: e.message, hint: e.hint });
    }
  }
  return { tasks, problems };
}

/**
 * The one reading of a task named on the command line or to a tool (`--task`, the MCP tools'
 * `task`): a task id whose record exists (knowledge/tasks/<id>.json, as the orchestrator, the hook
 * and current_task name tasks) is that record; anything else is a path, and null is returned.
 */
export function taskRecordOf(paths: Pick<RepoPaths, "tasks">, arg: string): string | null {
  if (!TASK_ID_PATTERN.test(arg) || arg.endsWith(".json")) return null;
  const f = join(paths.tasks, `${arg}.json`);
  return existsSync(f) ? f : null;
}

/** `--task`'s file: the record of the task it names, else the path it gives (resolved against `cwd`), which must exist. */
export function taskArgFile(paths: Pick<RepoPaths, "tasks">, arg: string, cwd: string): string {
  const record = taskRecordOf(paths, arg);
  if (record !== null) return record;
  if (TASK_ID_PATTERN.test(arg) && !arg.endsWith(".json") && !existsSync(resolve(cwd, arg))) {
    throw new NotFoundError(`"${arg}" is neither a file nor a task with a record (knowledge/tasks/${arg}.json does not exist)`, {
      field: "task",
      hint: "give the task record's path or its task id, or the task's tags with --tags a,b",
    });
  }
  return arg;
}

/**
 * Reads and validates a task record. `cache`: the validated records of this repository
 * (the store's facts, core/store/facts.ts), which answer for bytes validated before; the caller saves it.
 */
export function readTask(fileArg: string, cwd = process.cwd(), cache?: ValidatedFacts<TaskRecord>): LoadedTask {
  const file = resolve(cwd, fileArg);
  const shown = displayPath(cwd, file);
  const text = readTextFile(file, shown);
  const known = cache?.get(file, text);
  if (known) return { file, shown, text, record: known };
  const deep = jsonDepthError(text, shown);
  if (deep) throw new ValidationError(deep.message, { file: shown, line: deep.line, hint: deep.hint });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const msg = (e as Error).message;
    const pos = /position (\d+)/.exec(msg);
    throw new ValidationError(`the task record is not valid JSON: ${msg.replace(/\s+/g, " ")}`, {
      file: shown,
      line: pos ? lineAt(text, Number(pos[1])) : yamlErrorLine(text, shown),
      hint: "a task record is a JSON object (spec §4.5)",
    });
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) {
    throw new ValidationError("the task record must be a JSON object", { file: shown, line: 1, hint: "see spec §4.5 for the task record fields" });
  }
  if (!("akms_tags" in data)) {
    throw new ValidationError('the task record has no "akms_tags" field', {
      file: shown,
      field: "akms_tags",
      hint: 'add "akms_tags": [] — an empty list means the tags are derived (`akms derive-tags --task FILE --write` fills it)',
    });
  }
  const record = checkSchema(TaskRecord, data, { file: shown, text }, "task record");
  cache?.put(file, text, record);
  return { file, shown, text, record };
}

/** Skips JSON whitespace from i. */
function ws(t: string, i: number): number {
  while (i < t.length && (t[i] === " " || t[i] === "\t" || t[i] === "\n" || t[i] === "\r")) i++;
  return i;
}

/** End (exclusive) of the JSON value starting at i (strings, numbers, literals, nested containers). */
function valueEnd(t: string, i: number): number {
  const c = t[i];
  if (c === '"') {
    i++;
    while (i < t.length && t[i] !== '"') i += t[i] === "\\" ? 2 : 1;
    return i + 1;
  }
  if (c === "{" || c === "[") {
    let depth = 0;
    for (; i < t.length; i++) {
      const d = t[i];
      if (d === '"') {
        i = valueEnd(t, i) - 1;
        continue;
      }
      if (d === "{" || d === "[") depth++;
      else if (d === "}" || d === "]") {
        depth--;
        if (depth === 0) return i + 1;
      }
    }
    return i;
  }
  while (i < t.length && !/[,}\]\s]/.test(t[i]!)) i++;
  return i;
}

/** [start, end) of the value of top-level `key` in a JSON object text, or null. */
export function topLevelValueSpan(t: string, key: string): [number, number] | null {
  let i = ws(t, t.charCodeAt(0) === 0xfeff ? 1 : 0);
  if (t[i] !== "{") return null;
  i = ws(t, i + 1);
  while (i < t.length && t[i] !== "}") {
    const kEnd = valueEnd(t, i);
    const k = JSON.parse(t.slice(i, kEnd)) as string;
    i = ws(t, kEnd);
    if (t[i] !== ":") return null;
    const vStart = ws(t, i + 1);
    const vEnd = valueEnd(t, vStart);
    if (k === key) return [vStart, vEnd];
    i = ws(t, vEnd);
    if (t[i] === ",") i = ws(t, i + 1);
  }
  return null;
}

/**
 * The task record text with `akms_tags` replaced by `tags`: only the array's bytes change. The array
 * is written in the file's own indentation step (its top-level key's; 2 spaces when that sat on the
 * first line) and line ends.
 */
export function withTags(text: string, tags: string[]): string {
  const span = topLevelValueSpan(text, "akms_tags");
  if (!span) throw new ValidationError('the task record has no top-level "akms_tags" field to write to', { field: "akms_tags" });
  const lineStart = text.lastIndexOf("\n", span[0] - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const value = tags.length === 0 ? "[]" : JSON.stringify(tags, null, indent || 2).replace(/\n/g, "\n" + indent);
  return withLineEndsOf(text, text.slice(0, span[0]) + value + text.slice(span[1]));
}
