// What the review-action commands (promote, draft, undraft, dedup, undo) print: the action's
// message, the files it changed with their sha256 before → after, and the way back.
import type { ActionResult } from "../../core/review/actions.js";
import type { CommandResult } from "../output.js";
import { UsageError } from "../../core/errors.js";

const short = (sha: string | null) => (sha === null ? "(none)" : sha.slice(0, 12));

export function actionOutput(r: ActionResult): CommandResult {
  const lines = [r.message, ...r.files.map((f) => `  ${f.path}: ${short(f.before_sha)} → ${short(f.after_sha)}`), `  graph_version ${r.graphVersion} · journal #${r.seq}`];
  if (r.action !== "undo") lines.push(`  \`akms undo\` reverts it`);
  return {
    json: { ok: true, action: r.action, id: r.id, seq: r.seq, files: r.files, cli: r.cli, graph_version: r.graphVersion, message: r.message },
    text: lines.join("\n"),
  };
}

/** Exactly one node id argument. */
export function oneId(args: string[], usage: string): string {
  if (args.length !== 1 || !args[0]) throw new UsageError(args.length ? `expected one node id, got ${args.length} arguments` : "missing the node id", `usage: ${usage}`);
  return args[0];
}
