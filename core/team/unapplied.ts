// Evidence not in the overlay: every session document in knowledge/sessions/ (or every one git
// tracks there) whose session the overlay does not hold (or holds from other bytes). A
// recorded document waits for the phase's `akms update` — that is normal; one that stays
// unapplied after a merge means an overlay lost another branch's evidence (a conflict resolved by
// taking one side), and `akms update` of the listed files restores it.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
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

/**
 * `which`: "committed", the documents git tracks (null when the repository is not in git: nothing
 * is committed) — what a merge may have lost; "all", the documents in knowledge/sessions/,
 * committed or not, that no session of the overlay was applied from — what waits for an update (a
 * record_memory writes one there; `akms status` lists them). Only "committed" tells a document
 * applied from other bytes.
 */
export function unappliedSessions(ctx: Context, which: "committed" | "all" = "committed"): Unapplied[] | null {
  let files: string[];
  if (which === "all") {
    let names: string[];
    try {
      names = readdirSync(ctx.paths.sessions);
    } catch {
      return [];
    }
    files = names.map((n) => relative(ctx.repo, join(ctx.paths.sessions, n)).split(sep).join("/"));
  } else {
    const ls = git(ctx.repo, ["ls-files", "-z", "--", join(ctx.paths.sessions)]);
    if (!ls.ok) return null;
    files = ls.stdout.split("\0");
  }
  files = files.filter((f) => /\.(md|ya?ml)$/i.test(f));
  const sessions = readOverlayState(ctx)?.overlay.session_nodes ?? {};
  if (which === "all") {
    // What waits for an update: a document at a session's content_ref is applied, and is not read
    // (a repository's sessions grow by every task of every phase).
    const knowledgeRel = relative(ctx.repo, ctx.paths.knowledge).split(sep).join("/");
    const applied = new Set(Object.values(sessions as Record<string, { content_ref?: unknown }>).map((x) => `${knowledgeRel}/${String(x?.content_ref)}`));
    files = files.filter((f) => !applied.has(f));
  }
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
