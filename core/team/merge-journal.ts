// The review journal's merge (knowledge/graph/review_log.jsonl): the union of both sides' entries.
// The base's entries stay as they are; the entries each side added since are put in time order
// (`at`, then ours before theirs, then their own order) and numbered on from the base's last seq,
// with every `undoes` that names a renumbered entry following it. An entry both sides added (a
// cherry-picked action) is kept once.
import { parseJournal, type JournalEntry } from "../review/journal.js";

export interface JournalSides {
  base: Buffer | null;
  ours: Buffer | null;
  theirs: Buffer | null;
  /** How the journal is named in errors. */
  shown: string;
}

interface Added {
  side: 0 | 1;
  order: number;
  line: string;
  entry: JournalEntry;
}

function linesOf(raw: Buffer | null): string[] {
  return raw ? raw.toString("utf8").split("\n").filter((l) => l.trim() !== "") : [];
}

/** The lines `raw` holds beyond `base` (by line text), each with its parsed entry. */
function addedBy(raw: Buffer | null, base: ReadonlySet<string>, side: 0 | 1, shown: string, skip: ReadonlySet<string>): Added[] {
  const entries = parseJournal(raw, shown).entries; // validates every line
  const ls = linesOf(raw);
  const out: Added[] = [];
  ls.forEach((line, i) => {
    if (!base.has(line) && !skip.has(line)) out.push({ side, order: i, line, entry: entries[i]! });
  });
  return out;
}

export function mergeJournals(s: JournalSides): Buffer {
  const baseLines = linesOf(s.base);
  const baseEntries = parseJournal(s.base, `${s.shown} (base)`).entries;
  const baseSet = new Set(baseLines);
  const ours = addedBy(s.ours, baseSet, 0, `${s.shown} (ours)`, new Set());
  const theirs = addedBy(s.theirs, baseSet, 1, `${s.shown} (theirs)`, new Set(ours.map((a) => a.line)));
  const added = [...ours, ...theirs].sort((a, b) => (a.entry.at < b.entry.at ? -1 : a.entry.at > b.entry.at ? 1 : a.side - b.side || a.order - b.order));
  let next = Math.max(0, ...baseEntries.map((e) => e.seq)) + 1;
  const renumbered: Map<number, number>[] = [new Map(), new Map()];
  for (const a of added) renumbered[a.side]!.set(a.entry.seq, next++);
  const out = [...baseLines];
  for (const a of added) {
    const seq = renumbered[a.side]!.get(a.entry.seq)!;
    const undoes = a.entry.undoes === null ? null : (renumbered[a.side]!.get(a.entry.undoes) ?? a.entry.undoes);
    if (seq === a.entry.seq && undoes === a.entry.undoes) {
      out.push(a.line);
      continue;
    }
    // The line as written, with only the two numbers changed (key order and unknown keys kept).
    const raw = JSON.parse(a.line) as Record<string, unknown>;
    raw.seq = seq;
    raw.undoes = undoes;
    out.push(JSON.stringify(raw));
  }
  return Buffer.from(out.length ? out.join("\n") + "\n" : "", "utf8");
}

/** The entries a side added since the base (for the overlay's decision check). */
export function entriesSince(base: Buffer | null, side: Buffer | null, shown: string): JournalEntry[] {
  const baseSet = new Set(linesOf(base));
  return addedBy(side, baseSet, 0, shown, new Set()).map((a) => a.entry);
}
