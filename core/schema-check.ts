// Runs a zod schema over parsed YAML/JSON and turns its issues into located problems:
// file, line, field path and what to do. The akms_schema stamp is checked first (SchemaVersionError).
import type { z } from "zod";
import { SchemaVersionError, ValidationError, type Problem } from "./errors.js";
import { lineLocator, lineOfPath } from "./yaml.js";

export interface SourceText {
  file: string;
  /** The YAML (or JSON) text the data was parsed from, for line lookup. */
  text?: string;
  /** 1-based line of the text's first line within the file. */
  firstLine?: number;
}

export function fieldPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const p of path) {
    if (typeof p === "number") out += `[${p}]`;
    else out += (out ? "." : "") + String(p);
  }
  return out;
}

export function checkSchemaVersion(data: unknown, src: SourceText): void {
  const v = data && typeof data === "object" ? (data as Record<string, unknown>).akms_schema : undefined;
  if (v !== "v2") {
    throw new SchemaVersionError(v, {
      file: src.file,
      line: src.text !== undefined && v !== undefined ? lineOfPath(src.text, ["akms_schema"], src.firstLine ?? 1) : undefined,
    });
  }
}

export function issuesToProblems(issues: readonly z.core.$ZodIssue[], src: SourceText): Problem[] {
  const locate = src.text !== undefined && issues.length ? lineLocator(src.text, src.firstLine ?? 1) : null;
  const problems = issues.map((iss) => {
    const path = iss.path.filter((p): p is string | number => typeof p !== "symbol");
    let message = iss.message;
    // Only a parse with `reportInput` tells a missing field from a wrong type (custom messages hide "received undefined").
    const missing = "input" in iss ? (iss as { input?: unknown }).input === undefined : /received undefined/.test(message);
    if (iss.code === "invalid_type" && missing) message = "is required but missing";
    // A missing enum/literal field: say it is missing, and keep the allowed values.
    if (iss.code === "invalid_value" && "input" in iss && (iss as { input?: unknown }).input === undefined) message = `is required but missing (${message})`;
    if (iss.code === "unrecognized_keys") message = `unknown ${(iss as { keys: string[] }).keys.length === 1 ? "field" : "fields"}: ${(iss as { keys: string[] }).keys.join(", ")}`;
    if (iss.code === "invalid_key") {
      const inner = [...new Set((iss as { issues?: { message: string }[] }).issues?.map((i) => i.message) ?? [])];
      message = `the key ${JSON.stringify(String(path[path.length - 1]))} ${inner.join("; ") || "is not allowed"}`;
    }
    if (iss.code === "invalid_union") {
      const inner = [...new Set((iss as { errors?: { message: string }[][] }).errors?.map((e) => e[0]?.message).filter(Boolean) ?? [])];
      if (inner.length) message = inner.join(", or ");
    }
    return {
      file: src.file,
      line: locate ? locate(path) : undefined,
      field: fieldPath(path) || undefined,
      message,
    } satisfies Problem;
  });
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return problems;
}

/** Validates `data` against `schema`; throws a ValidationError listing every problem. */
export function checkSchema<S extends z.ZodType>(schema: S, data: unknown, src: SourceText, what: string): z.infer<S> {
  checkSchemaVersion(data, src);
  const r = schema.safeParse(data, { reportInput: true });
  if (r.success) return r.data;
  const problems = issuesToProblems(r.error.issues, src);
  const first = problems[0]!;
  throw new ValidationError(`invalid ${what}: ${first.field ? first.field + " " : ""}${first.message}`, {
    file: src.file,
    line: first.line,
    field: first.field,
    hint: `fix the field${problems.length > 1 ? "s" : ""} listed; see spec §4 for the ${what} schema`,
    problems: problems.length > 1 ? problems : [],
  });
}

/** Like checkSchema but returns the problems instead of throwing (recoverable callers). */
export function safeCheck<S extends z.ZodType>(
  schema: S,
  data: unknown,
  src: SourceText,
): { ok: true; data: z.infer<S> } | { ok: false; problems: Problem[] } {
  const v = data && typeof data === "object" ? (data as Record<string, unknown>).akms_schema : undefined;
  if (v !== "v2") {
    const e = new SchemaVersionError(v, { file: src.file });
    // A missing stamp belongs at the frontmatter's first line.
    const line = src.text === undefined ? undefined : v === undefined ? (src.firstLine ?? 1) : lineOfPath(src.text, ["akms_schema"], src.firstLine ?? 1);
    const stamp: Problem = { code: e.code, file: src.file, line, field: "akms_schema", message: e.message, hint: e.hint };
    // A file without the stamp is read as v2 for the rest of its problems, so one pass names them all
    // (a file stamped with another version follows another schema: its fields are not v2's).
    if (v !== undefined) return { ok: false, problems: [stamp] };
    const r = schema.safeParse(data, { reportInput: true });
    const rest = r.success ? [] : issuesToProblems(r.error.issues, src).filter((p) => p.field !== "akms_schema");
    return { ok: false, problems: [stamp, ...rest] };
  }
  const r = schema.safeParse(data, { reportInput: true });
  if (r.success) return { ok: true, data: r.data };
  return { ok: false, problems: issuesToProblems(r.error.issues, src) };
}
