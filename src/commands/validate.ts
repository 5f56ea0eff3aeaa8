import { formatProblem, UsageError } from "../../core/errors.js";
import { KINDS, KIND_NAMES, parseKind, validateFiles } from "../../core/validate.js";
import type { CommandResult } from "../output.js";
import type { FileReport } from "../../core/validate.js";
import type { CommandSpec } from "./types.js";

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
      `${reports.length} file${reports.length === 1 ? "" : "s"}: ${reports.length - invalid} valid, ${invalid} invalid` +
        (warned ? `, ${warned} warning${warned === 1 ? "" : "s"}` : ""),
    );
    return {
      json: { ok: invalid === 0, checked: reports.length, invalid, files: reports },
      text: lines.join("\n"),
      exitCode: invalid ? 1 : 0,
    };
}


export const validateCommand: CommandSpec = {
  name: "validate",
  summary: `check AKMS artifacts against the v2 schemas, detecting each file's kind (${KIND_NAMES.join(", ")}); writes nothing`,
  flags: ["kind"],
  usage: "akms validate FILE… [--kind K]",
  run(args, flags) {
    if (!args.length) throw new UsageError("no files given", "usage: akms validate FILE… [--kind K]");
    const kind = typeof flags.kind === "string" ? parseKind(flags.kind) : undefined;
    return validationResult(validateFiles(args, { kind }));
  },
};
