// Evidence not in the overlay: every session document in knowledge/sessions/ (and every one git
// tracks there) whose session the overlay does not hold (or holds from other bytes), but an
// AgentMemory whose evidence a PCD holds (pcdCarries). A
// recorded document waits for the phase's `akms update` — that is normal; one that stays
// unapplied after a merge means an overlay lost another branch's evidence (a conflict resolved by
// taking one side), and `akms update` of the listed files restores it.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Context } from "../context.js";
import { git } from "../mirror/select.js";
import { parseDocument, pcdCarries, type EvidenceDoc } from "../update/documents.js";
import type { AgentMemory, Pcd } from "../schemas/evidence.js";
import { readOverlayState } from "../overlay-file.js";

export interface Unapplied {
  file: string;
  session: string;
  /** "not applied", or "applied from other bytes" (the committed document differs from what was applied). */
  state: "not applied" | "applied from other bytes";
}

/** The evidence not in the overlay, read once: every document, and which git tracks (null outside git). */
export interface SessionsNotApplied {
  /** Every document in knowledge/sessions/, and every one git tracks there, that is not applied as it is. */
  all: Unapplied[];
  /** Those git tracks (what a merge may have lost); null when the repository is not in git (nothing is committed). */
  committed: Unapplied[] | null;
}

export function sessionsNotApplied(ctx: Context): SessionsNotApplied {
  const ls = git(ctx.repo, ["ls-files", "-z", "--", join(ctx.paths.sessions)]);
  const tracked = ls.ok ? new Set(ls.stdout.split("\0").filter(Boolean)) : null;
  let listed: string[] = [];
  try {
    listed = readdirSync(ctx.paths.sessions).map((n) => relative(ctx.repo, join(ctx.paths.sessions, n)).split(sep).join("/"));
  } catch {
    /* no sessions folder: only what git tracks */
  }
  const files = [...new Set([...listed, ...(tracked ?? [])])].filter((f) => /\.(md|ya?ml)$/i.test(f));
  const sessions = readOverlayState(ctx)?.overlay.session_nodes ?? {};
  const docs: EvidenceDoc[] = [];
  for (const rel of files.sort()) {
    const abs = join(ctx.repo, rel);
    try {
      docs.push(parseDocument(readFileSync(abs), abs, rel));
    } catch {
      continue; // not a valid document (or tracked and deleted here): `akms validate` names it
    }
  }
  // A PCD that holds an AgentMemory's evidence (the orchestrator's REVIEW applies such a PCD alone):
  // the memory waits for the PCD, and applying it too would count its evidence twice.
  const pcds = docs.filter((d) => d.kind === "pcd").map((d) => d.data as Pcd);
  const carried = (doc: EvidenceDoc) => doc.kind === "agent-memory" && pcds.some((p) => pcdCarries(p, doc.data as AgentMemory));
  const all: Unapplied[] = [];
  for (const doc of docs) {
    const reg = (sessions as Record<string, { source_hash?: string }>)[doc.sessionId];
    if (!reg && !carried(doc)) all.push({ file: doc.shown, session: doc.sessionId, state: "not applied" });
    else if (reg?.source_hash && reg.source_hash !== doc.hash) all.push({ file: doc.shown, session: doc.sessionId, state: "applied from other bytes" });
  }
  return { all, committed: tracked === null ? null : all.filter((u) => tracked.has(u.file)) };
}

/** The committed documents not applied as they are; null when the repository is not in git. */
export function unappliedSessions(ctx: Context): Unapplied[] | null {
  return sessionsNotApplied(ctx).committed;
}
