// What this clone's console showed when it last closed: the sessions the overlay held and the review
// journal's last entry (knowledge/graph/.cache/console-seen.json, derived: safe to delete). The
// Review's "Since your last review" lists what came after it — evidence applied since, whatever its
// documents' dates, and the decisions taken since — core/agent/changes.ts changesAfter.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Context } from "../../core/context.js";
import type { Seen } from "../../core/agent/changes.js";
import { nowIso } from "../../core/clock.js";
import { writeFileAtomic } from "../../core/fsx.js";
import { withLock } from "../../core/lock.js";
import { readJournal } from "../../core/review/journal.js";
import { readOverlayState } from "../../core/overlay-file.js";

const FORMAT = "akms-console-seen-1";

function seenPath(ctx: Context): string {
  return join(ctx.paths.cacheDir, "console-seen.json");
}

export function readSeen(ctx: Context): Seen | null {
  try {
    const j = JSON.parse(readFileSync(seenPath(ctx), "utf8")) as Partial<Seen> & { format?: string };
    if (j.format !== FORMAT || !Array.isArray(j.sessions) || typeof j.journal_seq !== "number" || typeof j.at !== "string") return null;
    return { sessions: j.sessions.filter((x): x is string => typeof x === "string"), journal_seq: j.journal_seq, at: j.at };
  } catch {
    return null; // none yet, or damaged: the section falls back to the newest phase handoff
  }
}

/** Records what the console shows now (on quit); best effort: skipped when the lock is held or the write fails. */
export function saveSeen(ctx: Context): boolean {
  try {
    const sessions = Object.keys(readOverlayState(ctx)?.overlay.session_nodes ?? {}).sort();
    const journal_seq = readJournal(ctx).entries.at(-1)?.seq ?? 0;
    const text = JSON.stringify({ format: FORMAT, sessions, journal_seq, at: nowIso() }) + "\n";
    return withLock(ctx.paths.lock, () => writeFileAtomic(seenPath(ctx), text));
  } catch {
    return false;
  }
}
