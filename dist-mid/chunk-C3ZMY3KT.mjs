import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);

// core/errors.ts
var AkmsError = class extends Error {
  code;
  hint;
  file;
  line;
  field;
  exitCode;
  /** Further problems of the same call (e.g. every bad file of a build). */
  problems;
  constructor(code, message, opts = {}) {
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
  toJSON() {
    return {
      code: this.code,
      message: this.message,
      ...this.file !== void 0 ? { file: this.file } : {},
      ...this.line !== void 0 ? { line: this.line } : {},
      ...this.field !== void 0 ? { field: this.field } : {},
      ...this.hint !== void 0 ? { hint: this.hint } : {},
      ...this.problems.length ? { problems: this.problems } : {}
    };
  }
};
var ValidationError = class extends AkmsError {
  constructor(message, opts = {}) {
    super("VALIDATION", message, opts);
  }
};
var SchemaVersionError = class extends AkmsError {
  constructor(found, opts = {}) {
    super(
      "SCHEMA_VERSION",
      `akms_schema is ${JSON.stringify(found ?? null)}, expected "v2"`,
      { ...opts, field: "akms_schema", hint: "this tool reads AKMS v2 only; migrate the file or set `akms_schema: v2`" }
    );
  }
};
var YamlError = class extends AkmsError {
  constructor(message, opts = {}) {
    super("YAML", message, { hint: "fix the YAML syntax at the line shown", ...opts });
  }
};
var ConfigError = class extends AkmsError {
  constructor(message, opts = {}) {
    super("CONFIG", message, opts);
  }
};
var UsageError = class extends AkmsError {
  constructor(message, hint) {
    super("USAGE", message, { hint: hint ?? "run `akms --help` for the commands and flags", exitCode: 2 });
  }
};
var LockHeldError = class extends AkmsError {
  constructor(message, opts = {}) {
    super("LOCK_HELD", message, { exitCode: 3, ...opts });
  }
};
var NotFoundError = class extends AkmsError {
  constructor(message, opts = {}) {
    super("NOT_FOUND", message, opts);
  }
};
var StaleWriteError = class extends AkmsError {
  constructor(message, opts = {}) {
    super("STALE", message, { hint: "reload and look again before acting", ...opts });
  }
};
var StateError = class extends AkmsError {
  constructor(message, opts = {}) {
    super("STATE", message, opts);
  }
};
var BugError = class extends AkmsError {
  constructor(message) {
    super("BUG", message, { hint: "this is a bug in akms; please report it with the command you ran" });
  }
};
function isAkmsError(e) {
  return e instanceof AkmsError;
}
function formatProblem(p) {
  const where = [p.file, p.line !== void 0 ? String(p.line) : void 0].filter(Boolean).join(":");
  const head = [where, p.field].filter(Boolean).join(": ");
  return `${head ? head + ": " : ""}${p.message}${p.hint ? ` \u2014 ${p.hint}` : ""}`;
}
var MAX_LISTED = 25;
function formatError(e) {
  const lines = [`error[${e.code}]: ${formatProblem({ file: e.file, line: e.line, field: e.field, message: e.message, hint: e.hint })}`];
  const shown = e.problems.slice(0, MAX_LISTED);
  for (const p of shown) lines.push(`  ${formatProblem(p)}`);
  if (e.problems.length > shown.length) lines.push(`  \u2026 and ${e.problems.length - shown.length} more (all of them with --json)`);
  return lines.join("\n");
}

export {
  AkmsError,
  ValidationError,
  SchemaVersionError,
  YamlError,
  ConfigError,
  UsageError,
  LockHeldError,
  NotFoundError,
  StaleWriteError,
  StateError,
  BugError,
  isAkmsError,
  formatProblem,
  formatError
};
