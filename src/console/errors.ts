// One line for an error in the status bar or a dialog: where, what, and what to do.
import { isAkmsError } from "../../core/errors.js";

export function errorText(e: unknown): string {
  if (isAkmsError(e)) {
    const where = e.file ? `${e.file}${e.line ? `:${e.line}` : ""}: ` : "";
    return `${where}${e.message}${e.hint ? ` — ${e.hint}` : ""}`;
  }
  return e instanceof Error ? e.message : String(e);
}
