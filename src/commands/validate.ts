import { formatProblem, UsageError } from "../../core/errors.js";
import { KINDS, KIND_NAMES, parseKind, validateFiles } from "../../core/validate.js";
import type { CommandResult } from "../output.js";
import type { FileReport } from "../../core/validate.js";
import type { CommandSpec } from "./types.js";
import { realpathSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { loadContext } from "../../core/context.js";
import { findRepo } from "../../core/paths.js";
import { unappliedSessions, type Unapplied } from "../../core/team/unapplied.js";
import { plural } from "../../core/plural.js";

/** The result of validating some artifacts (also the MCP tool's, for text handed in). */
export function validationResult(reports: FileReport[]): CommandResult {
    const invalid = reports.filter((r) => !r.ok).length;
    const lines: string[] = [];
    for (const r of reports) {
      const what = r.kind ? `${KINDS[r.kind].label} (${r.detected_by})` : "kind unknown";
      lines.push(`${r.ok ? "ok     " : "invalid"}  ${r.file} — ${what}`);
      for (const p of r.errors) lines.push(`  error: ${formatProblem(p)}`);
      for (const p of r.warnings) lines.push(`  warning: ${formatProblem(p)}`);
    }
    const warned = reports.reduce((n, r) => n + r.warnings.length, 0);
    lines.push(
      `${plural(reports.length, "file")}: ${reports.length - invalid} valid, ${invalid} invalid` +
        (warned ? `, ${plural(warned, "warning")}` : ""),
    );
    return {
      json: { ok: invalid === 0, checked: reports.length, invalid, files: reports },
      text: lines.join("\n"),
      exitCode: invalid ? 1 : 0,
    };
}


/**
 * A valid session document that its repository has committed and the overlay has not applied (a
 * merge that took one side's overlay loses such evidence silently): a warning naming the
 * `akms update` that applies it (core/team/unapplied.ts, as `akms status` and `akms check` say).
 */
function noteUnapplied(reports: FileReport[]): void {
  const byRepo = new Map<string, Map<string, Unapplied>>();
  for (const r of reports) {
    if (!r.ok || (r.kind !== "agent-memory" && r.kind !== "pcd")) continue;
    let abs = resolve(r.file);
    try {
      abs = realpathSync(abs); // git names the repository by its real path
    } catch {
      continue;
    }
    let repo: string;
    let list: Map<string, Unapplied> | undefined;
    try {
      repo = findRepo(dirname(abs));
      list = byRepo.get(repo);
      if (!list) {
        const ctx = loadContext({ repo });
        if (!abs.startsWith(ctx.paths.sessions + sep)) continue;
        byRepo.set(repo, (list = new Map((unappliedSessions(ctx) ?? []).map((u) => [join(repo, u.file), u]))));
      }
    } catch {
      continue; // no repository to hold it to
    }
    const u = list.get(abs);
    if (u) r.warnings.push({ file: r.file, message: `committed, but ${u.state === "not applied" ? "not applied in the overlay" : "the overlay applied other bytes for its session"} (${u.session})`, hint: `\`akms update ${u.file}\` applies it` });
  }
}

export const validateCommand: CommandSpec = {
  name: "validate",
  summary: `check AKMS artifacts against the v2 schemas, detecting each file's kind (${KIND_NAMES.join(", ")}); writes nothing`,
  flags: ["kind"],
  usage: "akms validate FILE… [--kind K]",
  run(args, flags) {
    if (!args.length) throw new UsageError("no files given", "usage: akms validate FILE… [--kind K]");
    const kind = typeof flags.kind === "string" ? parseKind(flags.kind) : undefined;
    const reports = validateFiles(args, { kind });
    noteUnapplied(reports);
    return validationResult(reports);
  },
};
