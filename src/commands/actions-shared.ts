// What the review-action commands (promote, draft, undraft, dedup, undo) print: the action's
// message, the files it changed with their sha256 before → after, and the way back.
import type { ActionResult } from "../../core/review/actions.js";
import type { CommandResult } from "../output.js";
import { UsageError } from "../../core/errors.js";

const short = (sha: string | null) => (sha === null ? "(none)" : sha.slice(0, 12));

export function actionOutput(r: ActionResult): CommandResult {
  const seqs = r.batch ? `journal #${r.batch.seqs[0]}–#${r.batch.seqs.at(-1)} (one batch)` : `journal #${r.seq}`;
  const lines = [r.message, ...r.files.map((f) => `  ${f.path}: ${short(f.before_sha)} → ${short(f.after_sha)}`), `  graph_version ${r.graphVersion} · ${seqs}`];
  if (r.action !== "undo") lines.push(r.batch ? `  \`akms undo\` reverts all ${r.batch.ids.length}` : `  \`akms undo\` reverts it`);
  return {
    json: { ok: true, action: r.action, id: r.id, seq: r.seq, files: r.files, cli: r.cli, graph_version: r.graphVersion, message: r.message, ...(r.batch ? { batch: r.batch } : {}) },
    text: lines.join("\n"),
  };
}

/** One node id argument or more. */
export function someIds(args: string[], usage: string): string[] {
  if (!args.length || args.some((a) => !a)) throw new UsageError("missing the node id", `usage: ${usage}`);
  return args;
}
