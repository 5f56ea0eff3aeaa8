// "What changed in the knowledge since …?" for an agent (the changes_since tool): pitfalls reported,
// confidence moved, review decisions (promotions, drafts, dedup decisions, undos) and nodes agents
// drafted, each dated, from the overlay's own records (session dates, node history) and the review
// journal. `since` is a date; without one, the date of the newest phase handoff (the last PCD
// applied) — "what the last phase changed" — and the result says which date it used and why.
import type { Context } from "../context.js";
import { readOverlayState } from "../overlay-file.js";
import type { Overlay } from "../schemas/overlay.js";
import { readJournal } from "../review/journal.js";
import { UsageError } from "../errors.js";

export interface Changes {
  since: string;
  /** Why this date (given, or the newest phase handoff, or the beginning). */
  since_from: string;
  pitfalls: { node: string; session: string; date: string; weight: number; note: string }[];
  confidence: { node: string; from: number | null; to: number; cause: string; date: string }[];
  decisions: { action: string; id: string; at: string }[];
  /** What the updates did with agents' new_knowledge: a node created, or a dedup section appended to one. */
  drafted: { id: string; action: string; session: string; date: string }[];
}

const DAY = /^\d{4}-\d{2}-\d{2}/;

/** What is new: a session (by its id and date) and a journal entry. */
interface Newness {
  session: (id: string, date: string) => boolean;
  decision: (e: { seq: number; at: string }) => boolean;
}

export function changesSince(ctx: Context, since?: string): Changes {
  if (since !== undefined && !DAY.test(since)) throw new UsageError(`since must be a date (YYYY-MM-DD, or an ISO date-time), got "${since.slice(0, 60)}"`, 'changes_since with since: "2026-11-01"');
  const ov = readOverlayState(ctx)?.overlay;
  const sessions = Object.entries(ov?.session_nodes ?? {}) as [string, { date?: unknown; evidence?: unknown }][];
  let from = "given";
  let start = since?.slice(0, 10) ?? "";
  if (since === undefined) {
    const pcds = sessions.filter(([, s]) => s?.evidence === "pcd" && typeof s.date === "string").map(([, s]) => s.date as string).sort();
    start = pcds.at(-1) ?? "0000-00-00";
    from = pcds.length ? "the newest phase handoff (PCD) applied" : "the beginning (no phase handoff applied yet)";
  }
  return collect(ctx, ov, start, from, { session: (_id, d) => d !== "" && d >= start, decision: (e) => e.at.slice(0, 10) >= start });
}

/** What a reader saw last: the sessions the overlay held and the journal's last entry (the console keeps it: src/console/seen.ts). */
export interface Seen {
  sessions: readonly string[];
  journal_seq: number;
  at: string;
}

/** The changes a reader has not seen: sessions applied since (whatever their documents' dates) and the review decisions after the last one seen. */
export function changesAfter(ctx: Context, seen: Seen): Changes {
  const known = new Set(seen.sessions);
  return collect(ctx, readOverlayState(ctx)?.overlay, seen.at.slice(0, 10), "what this clone's console showed when it last closed", { session: (id) => !known.has(id), decision: (e) => e.seq > seen.journal_seq });
}

function collect(ctx: Context, ov: Overlay | undefined, start: string, from: string, isNew: Newness): Changes {
  const sessions = Object.entries(ov?.session_nodes ?? {}) as [string, { date?: unknown; evidence?: unknown; new_knowledge?: unknown }][];
  const dateOf = new Map(sessions.map(([id, s]) => [id, typeof s?.date === "string" ? s.date : ""]));
  const fresh = (sid: string) => dateOf.has(sid) && isNew.session(sid, dateOf.get(sid)!);
  const pitfalls: Changes["pitfalls"] = [];
  for (const e of (ov?.local_edges ?? []) as { from: string; to: string; type: string; weight: number; note?: string }[]) {
    if (e.type !== "pitfall" || !fresh(e.to)) continue;
    pitfalls.push({ node: e.from, session: e.to, date: dateOf.get(e.to) ?? "", weight: e.weight, note: e.note ?? "" });
  }
  const confidence: Changes["confidence"] = [];
  for (const [id, n] of Object.entries((ov?.nodes ?? {}) as Record<string, { history?: { cause: string; confidence: number; date: string }[] }>)) {
    const h = n?.history ?? [];
    h.forEach((x, i) => {
      if (fresh(x.cause)) confidence.push({ node: id, from: i > 0 ? h[i - 1]!.confidence : null, to: x.confidence, cause: x.cause, date: String(x.date) });
    });
  }
  const decisions = readJournal(ctx)
    .entries.filter((e) => isNew.decision(e))
    .map((e) => ({ action: e.action, id: e.id, at: e.at }));
  const drafted: Changes["drafted"] = [];
  for (const [sid, s] of sessions) {
    if (!fresh(sid)) continue;
    for (const k of Array.isArray(s?.new_knowledge) ? (s.new_knowledge as { node?: unknown; action?: unknown }[]) : []) {
      if (typeof k?.node === "string") drafted.push({ id: k.node, action: String(k.action ?? "created"), session: sid, date: dateOf.get(sid) ?? "" });
    }
  }
  const order = <T extends { date?: string; at?: string }>(xs: T[]) => xs.sort((a, b) => String(a.date ?? a.at).localeCompare(String(b.date ?? b.at)));
  confidence.sort((a, b) => a.date.localeCompare(b.date) || a.node.localeCompare(b.node));
  return { since: start, since_from: from, pitfalls: order(pitfalls), confidence, decisions: order(decisions), drafted: order(drafted) };
}
