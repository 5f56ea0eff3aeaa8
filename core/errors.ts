// Typed errors with stable codes and a hint, so the CLI and the console can show
// "what went wrong, where, and what to do" without ever printing a stack trace.

export interface ErrorLocation {
  file?: string;
  line?: number;
  field?: string;
}

export interface Problem extends ErrorLocation {
  /** Set when the problem has its own error class (e.g. SCHEMA_VERSION). */
  code?: string;
  message: string;
  hint?: string;
}

/** Base class: every error the core raises on purpose. Exit code 1 unless stated. */
export class AkmsError extends Error {
  readonly code: string;
  readonly hint: string | undefined;
  readonly file: string | undefined;
  readonly line: number | undefined;
  readonly field: string | undefined;
  readonly exitCode: number;
  /** Further problems of the same call (e.g. every bad file of a build). */
  readonly problems: Problem[];

  constructor(
    code: string,
    message: string,
    opts: ErrorLocation & { hint?: string; exitCode?: number; problems?: Problem[] } = {},
  ) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.hint = opts.hint;
    this.file = opts.file;
    this.line = opts.line;
    this.field = opts.field;
    this.exitCode = opts.exitCode ?? 1;
    this.problems = opts.problems ?? [];
  }

  toJSON(): Record<string, unknown> {
    return {
      code: this.code,
      message: this.message,
      ...(this.file !== undefined ? { file: this.file } : {}),
      ...(this.line !== undefined ? { line: this.line } : {}),
      ...(this.field !== undefined ? { field: this.field } : {}),
      ...(this.hint !== undefined ? { hint: this.hint } : {}),
      ...(this.problems.length ? { problems: this.problems } : {}),
    };
  }
}

/**
 * The one error for problems found together (every one listed, so that they are fixed in one go).
 * One problem is the error itself: its code (else `code`), place, message and fix (else `hint`).
 * More are `many` (the caller's count of them), at their file when they all share one, and name no
 * line or field of their own: those belong to the problems listed under it.
 */
export function problemsError(problems: readonly Problem[], code: string, many: string, hint: string): AkmsError {
  const p = problems[0]!;
  if (problems.length === 1) return new AkmsError(p.code ?? code, p.message, { file: p.file, line: p.line, field: p.field, hint: p.hint ?? hint, problems: [p] });
  const files = new Set(problems.map((x) => x.file));
  return new AkmsError(code, many, { file: files.size === 1 ? p.file : undefined, hint, problems: [...problems] });
}

/** Input that does not satisfy a schema. */
export class ValidationError extends AkmsError {
  constructor(message: string, opts: ErrorLocation & { hint?: string; problems?: Problem[] } = {}) {
    super("VALIDATION", message, opts);
  }
}

/** Spec §4: any akms_schema other than v2 is a hard error. */
/** Which migration applies to a file of another schema version (spec §8.3), or where a missing stamp goes in this file. */
function schemaHint(found: unknown, file: string | undefined): string {
  if (found === "v1") return "this tool reads AKMS v2 only; `akms migrate` migrates a v1 repository (`--dry-run` shows the plan; `--vault-out DIR` for a v1 vault)";
  if (typeof found === "string" && /^v\d+$/.test(found) && Number(found.slice(1)) > 2) {
    return `this tool reads AKMS v2 only and the file is ${found}: use an akms that reads ${found} (a repository moves to v3 with \`akms migrate --from v2\`, which runs its knowledge/graph/migrations/v2_to_v3.* script)`;
  }
  // Missing is no v1 file: a v1 file says `akms_schema: v1` (what `akms migrate` reads, and then re-stamps).
  if (found === undefined) return stampWhere(file);
  return "this tool reads AKMS v2 only; set `akms_schema: v2` once the file follows the v2 schema";
}

/** Where the line `akms_schema: v2` goes: a task record is a JSON object, a config or overlay YAML, the rest Markdown with frontmatter. */
function stampWhere(file: string | undefined): string {
  if (file !== undefined && /\.json$/i.test(file)) return 'add `"akms_schema": "v2"` to the JSON object';
  if (file !== undefined && /\.ya?ml$/i.test(file)) return "add the line `akms_schema: v2` at the top of the file";
  return "add the line `akms_schema: v2` to the frontmatter";
}

/** A file's akms_schema as found (undefined: the key is missing), said once for every reader and `akms validate`. */
export class SchemaVersionError extends AkmsError {
  constructor(found: unknown, opts: ErrorLocation = {}) {
    super(
      "SCHEMA_VERSION",
      found === undefined ? "akms_schema is missing; every AKMS v2 file carries `akms_schema: v2`" : `akms_schema is ${JSON.stringify(found)}, expected "v2"`,
      { ...opts, field: "akms_schema", hint: schemaHint(found, opts.file) },
    );
  }
}

/** YAML that cannot be parsed, or is too large / too alias-heavy to parse safely. */
export class YamlError extends AkmsError {
  constructor(message: string, opts: ErrorLocation & { hint?: string } = {}) {
    super("YAML", message, { hint: "fix the YAML syntax at the line shown", ...opts });
  }
}

export class ConfigError extends AkmsError {
  constructor(message: string, opts: ErrorLocation & { hint?: string } = {}) {
    super("CONFIG", message, opts);
  }
}

/** A usage error's hint when it has none of its own. */
export const USAGE_HINT = "run `akms --help` for the commands and flags";

/** Bad command-line usage: exit 2. */
export class UsageError extends AkmsError {
  constructor(message: string, hint?: string) {
    super("USAGE", message, { hint: hint ?? USAGE_HINT, exitCode: 2 });
  }
}

/** Another live process holds the repository lock: exit 3. */
export class LockHeldError extends AkmsError {
  constructor(message: string, opts: { file?: string; hint?: string } = {}) {
    super("LOCK_HELD", message, { exitCode: 3, ...opts });
  }
}

export class NotFoundError extends AkmsError {
  constructor(message: string, opts: ErrorLocation & { hint?: string } = {}) {
    super("NOT_FOUND", message, opts);
  }
}

/** A file changed on disk since the caller read it (review actions, undo). */
export class StaleWriteError extends AkmsError {
  constructor(message: string, opts: ErrorLocation & { hint?: string } = {}) {
    super("STALE", message, { hint: "reload and look again before acting", ...opts });
  }
}

/** A request the current state does not allow (promote a draft, undo with nothing to undo, …). */
export class StateError extends AkmsError {
  constructor(message: string, opts: ErrorLocation & { hint?: string } = {}) {
    super("STATE", message, opts);
  }
}

/** A bug in akms itself: shown with a request to report it. */
export class BugError extends AkmsError {
  constructor(message: string) {
    super("BUG", message, { hint: "this is a bug in akms; please report it with the command you ran" });
  }
}

/** What a file system error says about a file, and what to do; by errno code. */
const FILE_ERRORS: Record<string, [code: string, message: string, hint: string]> = {
  ENOENT: ["NOT_FOUND", "no such file (or a symbolic link whose target is gone)", "check the path; remove a dangling link or restore its target"],
  ENOTDIR: ["NOT_FOUND", "no such file (a part of the path is not a directory)", "check the path"],
  ELOOP: ["UNREADABLE", "cannot be read: a symbolic link that loops (too many levels of links)", "remove the link, or point it at a file"],
  EACCES: ["UNREADABLE", "cannot be read: permission denied", "make the file readable (chmod u+r FILE)"],
  EPERM: ["UNREADABLE", "cannot be read: operation not permitted", "make the file readable (chmod u+r FILE)"],
  EISDIR: ["NOT_A_FILE", "is a directory, not a file", "pass the files themselves (e.g. dir/*.md)"],
  ENAMETOOLONG: ["UNREADABLE", "cannot be read: the path is too long", "use a shorter path"],
  EIO: ["UNREADABLE", "cannot be read: an input/output error", "check the disk; copy the file elsewhere and back"],
};

/**
 * A file system error met reading `shown` as an error a user can act on (the file named, no errno
 * text with an absolute path); null when `e` carries no errno code.
 */
export function fileError(e: unknown, shown: string): AkmsError | null {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== "string" || !/^E[A-Z]+$/.test(code)) return null;
  const [ours, message, hint] = FILE_ERRORS[code] ?? ["UNREADABLE", `cannot be read (${code})`, "check that the file exists and can be read"];
  return new AkmsError(ours, message, { file: shown, hint });
}

/** File system errors of a write that the person's machine causes, not akms: permissions, a read-only or full disk. */
const WRITE_ERRORS: Record<string, [message: string, hint: string]> = {
  EACCES: ["cannot be written: permission denied", "make it writable for this user (chmod u+w), or work in a copy of the repository"],
  EPERM: ["cannot be written: operation not permitted", "make it writable for this user (chmod u+w), or work in a copy of the repository"],
  EROFS: ["cannot be written: a read-only file system", "work in a copy of the repository on a writable disk"],
  ENOSPC: ["cannot be written: no space left on the device", "free some space, then run the command again"],
  EDQUOT: ["cannot be written: the disk quota is used up", "free some space, then run the command again"],
};

/**
 * A failed write (`e` from a file system call on `shown`, or on the path the error carries) as an
 * error a user can act on, code NOT_WRITABLE; null when it is not one of those causes.
 */
export function writeError(e: unknown, shown?: string): AkmsError | null {
  const err = e as NodeJS.ErrnoException | null;
  const known = typeof err?.code === "string" ? WRITE_ERRORS[err.code] : undefined;
  const file = shown ?? (err?.path !== undefined ? targetOf(err.path) : undefined);
  if (!known || !file) return null;
  return new AkmsError("NOT_WRITABLE", known[0], { file, hint: known[1] });
}

export function isNotWritable(e: unknown): boolean {
  return e instanceof AkmsError && e.code === "NOT_WRITABLE";
}

/** The system calls that only write: their permission errors are a write's, whichever code wrote them. */
const WRITE_CALLS = new Set(["mkdir", "mkdtemp", "rename", "link", "unlink", "write", "rmdir", "symlink", "copyfile", "fsync", "ftruncate", "utime", "chmod"]);

/**
 * An error no code of akms named, as the user's error when it is a write the machine refused
 * (the CLI's and the MCP server's last resort before "a bug in akms").
 */
export function unnamedWriteError(e: unknown): AkmsError | null {
  const err = e as NodeJS.ErrnoException | null;
  const writeOnly = err?.code === "EROFS" || err?.code === "ENOSPC" || err?.code === "EDQUOT";
  return writeOnly || (typeof err?.syscall === "string" && WRITE_CALLS.has(err.syscall)) ? writeError(e) : null;
}

/** An atomic write's temp file (`dir/.name.<pid>.<n>.tmp`, core/fsx.ts) named as the file it was for. */
function targetOf(path: string): string {
  const m = /^(.*\/)?\.(.+)\.\d+\.\d+\.(?:tmp|new)$/.exec(path);
  return m ? `${m[1] ?? ""}${m[2]}` : path;
}

export function isAkmsError(e: unknown): e is AkmsError {
  return e instanceof AkmsError;
}

/** A derived store file found damaged by its reader, which removed it (core/store/graph-index.ts): made anew from the sources. */
export const STORE_DAMAGED = "STORE_DAMAGED";

export function isStoreDamaged(e: unknown): boolean {
  return e instanceof AkmsError && e.code === STORE_DAMAGED;
}

/** One line per problem: `file:line: field: message (hint)` — the field once, when the message opens with it. */
export function formatProblem(p: Problem): string {
  const where = [p.file, p.line !== undefined ? String(p.line) : undefined].filter(Boolean).join(":");
  // Said once: not again when the message opens with the field, or names it after its own head ("invalid X: field …").
  const field = p.field && !p.message.startsWith(`${p.field} `) && !p.message.includes(`: ${p.field} `) ? p.field : undefined;
  const head = [where, field].filter(Boolean).join(": ");
  return `${head ? head + ": " : ""}${p.message}${p.hint ? ` — ${p.hint}` : ""}`;
}

const MAX_LISTED = 25;

export function formatError(e: AkmsError): string {
  const head = formatProblem({ file: e.file, line: e.line, field: e.field, message: e.message, hint: e.hint });
  const lines = [`error[${e.code}]: ${head}`];
  // The head is often the first problem itself: said once.
  const listed = e.problems.filter((p, i) => i > 0 || formatProblem(p) !== head);
  const shown = listed.slice(0, MAX_LISTED);
  for (const p of shown) lines.push(`  ${formatProblem(p)}`);
  if (listed.length > shown.length) lines.push(`  … and ${listed.length - shown.length} more (all of them with --json)`);
  return lines.join("\n");
}

/** What went wrong reading `shown`, as located problems: an AkmsError's own, a file system error's, else the message. */
export function asProblems(e: unknown, shown: string): Problem[] {
  if (e instanceof AkmsError) {
    const head: Problem = { file: e.file ?? shown, line: e.line, field: e.field, message: e.message, hint: e.hint };
    return e.problems.length ? e.problems.map((p) => ({ ...p, file: p.file ?? shown })) : [head];
  }
  const f = fileError(e, shown);
  if (f) return asProblems(f, shown);
  return [{ file: shown, message: (e as Error).message }];
}
