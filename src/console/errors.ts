// One line for an error in the status bar or a dialog: where, what, and what to do — and, when
// the error lists problems ("fix the files listed"), the first of them, so the list it names is there.
import { formatProblem, isAkmsError } from "../../core/errors.js";

export function errorText(e: unknown): string {
  if (isAkmsError(e)) {
    const head = formatProblem({ file: e.file, line: e.line, message: e.message, hint: e.hint });
    const listed = e.problems.map(formatProblem).filter((p) => p !== head);
    if (!listed.length) return head;
    return `${head}: ${listed[0]}${listed.length > 1 ? ` (and ${listed.length - 1} more: \`akms build\` lists them)` : ""}`;
  }
  return e instanceof Error ? e.message : String(e);
}
