// The review gate held against file tools: a `source: agent` node whose status is `established`
// with no live `akms promote` of it in the review journal was promoted outside the review — by an
// agent's edit, a Bash one-liner, a hand edit. One rule, used by the review sections (status, the
// report, the console's compile warnings) and by promote, which then records a person's acceptance.
import type { Context } from "../context.js";
import { readJournal, standingActions, type JournalEntry } from "./journal.js";

/** Ids with a promote in the journal that no later undo reverted. */
export function reviewedPromotions(entries: readonly JournalEntry[]): Set<string> {
  return new Set(standingActions(entries).filter((e) => e.action === "promote").map((e) => e.id));
}

export interface NodeFacts {
  id: string;
  node_origin?: unknown;
  source?: unknown;
  status?: unknown;
  domain?: unknown;
}

/** True when `n` claims `established` that no person gave it. `promoted`: reviewedPromotions of the journal. */
export function promotedOutsideReview(n: NodeFacts, promoted: ReadonlySet<string>): boolean {
  // A session node (the overlay's record of applied evidence) is no knowledge a person reviews.
  return n.node_origin === "local" && n.domain !== "session" && n.source === "agent" && n.status === "established" && !promoted.has(n.id);
}

/** The journal's reviewed promotions (none when the journal cannot be read: then every such node is flagged). */
export function journalPromotions(ctx: Context): Set<string> {
  try {
    return reviewedPromotions(readJournal(ctx).entries);
  } catch {
    return new Set();
  }
}
