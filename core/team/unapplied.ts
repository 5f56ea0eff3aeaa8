// Evidence committed but not in the overlay: every session document git tracks in
// knowledge/sessions/ whose session the overlay does not hold (or holds from other bytes). A
// recorded document waits for the phase's `akms update` — that is normal; one that stays
// unapplied after a merge means an overlay lost another branch's evidence (a conflict resolved by
// taking one side), and `akms update` of the listed files restores it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Context } from "../context.js";
import { git } from "../mirror/select.js";
import { parseDocument } from "../update/documents.js";
import { readOverlayState } from "../overlay-file.js";

export interface Unapplied {
  file: string;
  session: string;
  /** "not applied", or "applied from other bytes" (the committed document differs from what was applied). */
  state: "not applied" | "applied from other bytes";
}

/** Null when the repository is not in git (nothing is "committed"). */
export function unappliedSessions(ctx: Context): Unapplied[] | null {
  const ls = git(ctx.repo, ["ls-files", "-z", "--", join(ctx.paths.sessions)]);
  if (!ls.ok) return null;
  const files = ls.stdout.split("\0").filter((f) => /\.(md|ya?ml)$/i.test(f));
  const sessions = readOverlayState(ctx)?.overlay.session_nodes ?? {};
  const out: Unapplied[] = [];
  for (const rel of files.sort()) {
    const abs = join(ctx.repo, rel);
    let doc;
    try {
      doc = parseDocument(readFileSync(abs), abs, rel);
    } catch {
      continue; // not a valid document: `akms validate` names it
    }
    const reg = (sessions as Record<string, { source_hash?: string }>)[doc.sessionId];
    if (!reg) out.push({ file: rel, session: doc.sessionId, state: "not applied" });
    else if (reg.source_hash && reg.source_hash !== doc.hash) out.push({ file: rel, session: doc.sessionId, state: "applied from other bytes" });
  }
  return out;
}
