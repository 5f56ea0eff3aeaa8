// knowledge/graph/review_log.jsonl: one JSON line per review action, with the before/after sha256
// and the prior bytes of every file it touched, for undo and audit. The file is rewritten
// atomically with the new line appended, so a reader never sees half a line.
// Entry: {seq, at, action, id, cli, undoes, message, files: [{path, before_sha, after_sha, before}]}.
// `before` holds the prior bytes as the span that differs from the bytes the action left (plus how
// many bytes at the head and tail the two share), so a one-line edit of a large overlay costs a
// line in the journal, not a copy of the file; undo rebuilds the prior bytes from the file as the
// action left it (which it checks by after_sha) and checks the result against before_sha.
import type { z } from "zod";
import { lazy, zod } from "../zod.js";
import type { Context } from "../context.js";
import { ValidationError } from "../errors.js";
import { readBytesIfExists, sha256 } from "../fsx.js";
import { displayPath } from "../paths.js";

export const ACTION_KINDS = ["promote", "draft", "undraft", "dedup-accept", "dedup-reject", "undo"] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

/**
 * Prior bytes = the after-state's first `keep_head` bytes + `data` + its last `keep_tail` bytes.
 * `data` is UTF-8 text when valid UTF-8 (readable in the log), else base64.
 */
export const Bytes = lazy(() =>
  zod.object({
    encoding: zod.enum(["utf8", "base64"]),
    keep_head: zod.number().int().min(0),
    keep_tail: zod.number().int().min(0),
    data: zod.string(),
  })
);
export type Bytes = z.infer<typeof Bytes>;

export const JournalFile = lazy(() =>
  zod.object({
    /** Repository-relative POSIX path. */
    path: zod.string().min(1),
    before_sha: zod.string().nullable(),
    after_sha: zod.string().nullable(),
    /** The file's bytes before the action (relative to its bytes after it); null when the action created it. */
    before: Bytes.nullable(),
  })
);
export type JournalFile = z.infer<typeof JournalFile>;

export const JournalEntry = lazy(() =>
  zod.looseObject({
    seq: zod.number().int().min(1),
    at: zod.string(),
    action: zod.enum(ACTION_KINDS),
    id: zod.string(),
    cli: zod.string(),
    files: zod.array(JournalFile),
    /** For an undo: the seq of the action it reverted. */
    undoes: zod.number().int().nullable(),
    message: zod.string(),
    /** promote / draft / undraft of a local node: its status before the action. */
    prior_status: zod.string().optional(),
    /** dedup accept / reject: the session whose draft was decided, and (reject) the node it became. */
    dedup: zod.object({ session: zod.string().nullable(), score: zod.number().nullable(), node: zod.string().nullable() }).optional(),
    /** One action over several nodes (`akms promote A B C`, the console's marked items): the seq of its first entry; one undo reverts them all. */
    batch: zod.number().int().min(1).optional(),
  })
);
export type JournalEntry = z.infer<typeof JournalEntry>;
export interface NewJournalEntry {
  at: string;
  action: ActionKind;
  id: string;
  cli: string;
  files: JournalFile[];
  undoes: number | null;
  message: string;
  prior_status?: string;
  dedup?: { session: string | null; score: number | null; node: string | null };
  batch?: number;
}

const isContinuation = (b: number | undefined) => b !== undefined && (b & 0xc0) === 0x80;

/** Encodes `before` as the span that differs from `after` (whole when there is no after-state). */
export function encodeBytes(before: Buffer, after: Buffer | null): Bytes {
  let head = 0;
  let tail = 0;
  if (after) {
    const max = Math.min(before.length, after.length);
    while (head < max && before[head] === after[head]) head++;
    while (tail < max - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
    // Cut on character boundaries so the differing span stays readable UTF-8.
    while (head > 0 && (isContinuation(before[head]) || isContinuation(after[head]))) head--;
    while (tail > 0 && (isContinuation(before[before.length - tail]) || isContinuation(after[after.length - tail]))) tail--;
  }
  const span = before.subarray(head, before.length - tail);
  const text = span.toString("utf8");
  const utf8 = Buffer.from(text, "utf8").equals(span);
  return { encoding: utf8 ? "utf8" : "base64", keep_head: head, keep_tail: tail, data: utf8 ? text : span.toString("base64") };
}

/** The prior bytes, rebuilt from the after-state they were encoded against. */
export function decodeBytes(b: Bytes, after: Buffer | null): Buffer {
  const span = b.encoding === "utf8" ? Buffer.from(b.data, "utf8") : Buffer.from(b.data, "base64");
  if (!b.keep_head && !b.keep_tail) return span;
  if (!after || b.keep_head + b.keep_tail > after.length) throw new RangeError("the after-state is shorter than the kept bytes");
  return Buffer.concat([after.subarray(0, b.keep_head), span, after.subarray(after.length - b.keep_tail)]);
}

export interface Journal {
  /** The raw bytes read (null when there is no journal yet). */
  raw: Buffer | null;
  /** sha256 of the journal as read ("" bytes when absent): what a caller passes to undo as expectedSha. */
  sha: string;
  entries: JournalEntry[];
}

export function readJournal(ctx: Context): Journal {
  return parseJournal(readBytesIfExists(ctx.paths.reviewLog), displayPath(ctx.repo, ctx.paths.reviewLog));
}

/** A journal from its bytes (null: there is none), every line validated; `shown` names it in errors. */
export function parseJournal(raw: Buffer | null, shown: string): Journal {
  const entries: JournalEntry[] = [];
  if (raw) {
    const lines = raw.toString("utf8").split("\n");
    lines.forEach((line, i) => {
      if (!line.trim()) return;
      let data: unknown;
      try {
        data = JSON.parse(line);
      } catch (e) {
        throw new ValidationError(`line ${i + 1} is not valid JSON: ${(e as Error).message}`, {
          file: shown,
          line: i + 1,
          hint: "the review journal is written by akms only; restore it from git, or remove the broken line",
        });
      }
      const r = JournalEntry.safeParse(data);
      if (!r.success) {
        const iss = r.error.issues[0]!;
        throw new ValidationError(`line ${i + 1} is not a review journal entry: ${iss.path.join(".") || "entry"} ${iss.message}`, {
          file: shown,
          line: i + 1,
          field: iss.path.join(".") || undefined,
          hint: "the review journal is written by akms only; restore it from git, or remove the broken line",
        });
      }
      entries.push(r.data);
    });
  }
  return { raw, sha: sha256(raw ?? Buffer.alloc(0)), entries };
}

/** One entry's line as the journal writes it (with its newline). */
export function journalLine(e: JournalEntry): string {
  return JSON.stringify(orderedEntry(e)) + "\n";
}

/**
 * The journal's new bytes with one entry appended (seq = last + 1). The caller writes them — in the
 * same transaction as the files the action changes, so the two never disagree after a crash.
 */
export function withEntry(journal: Journal, entry: NewJournalEntry): { entry: JournalEntry; bytes: Buffer } {
  const seq = (journal.entries.at(-1)?.seq ?? 0) + 1;
  const full: JournalEntry = { seq, ...entry };
  let prefix = journal.raw ?? Buffer.alloc(0);
  if (prefix.length && prefix[prefix.length - 1] !== 0x0a) prefix = Buffer.concat([prefix, Buffer.from("\n")]);
  return { entry: full, bytes: Buffer.concat([prefix, Buffer.from(journalLine(full), "utf8")]) };
}

function orderedEntry(e: JournalEntry): Record<string, unknown> {
  return {
    seq: e.seq,
    at: e.at,
    action: e.action,
    id: e.id,
    cli: e.cli,
    undoes: e.undoes,
    message: e.message,
    ...(e.prior_status !== undefined ? { prior_status: e.prior_status } : {}),
    ...(e.dedup !== undefined ? { dedup: e.dedup } : {}),
    ...(e.batch !== undefined ? { batch: e.batch } : {}),
    files: e.files.map((f) => ({ path: f.path, before_sha: f.before_sha, after_sha: f.after_sha, before: f.before })),
  };
}

/** The actions that stand: every entry that is not an undo and that no undo has reverted, in journal order. */
export function standingActions(entries: readonly JournalEntry[]): JournalEntry[] {
  const undone = new Set<number>();
  for (const e of entries) if (e.action === "undo" && e.undoes !== null) undone.add(e.undoes);
  return entries.filter((e) => e.action !== "undo" && !undone.has(e.seq));
}

/**
 * What one undo reverts now, newest first: the last action not yet undone, and when it is part of a
 * batch, every entry of that batch not yet undone.
 */
export function undoGroup(entries: JournalEntry[]): JournalEntry[] {
  const standing = standingActions(entries);
  const last = standing.at(-1);
  if (!last) return [];
  if (last.batch === undefined) return [last];
  return standing.filter((e) => e.batch === last.batch).reverse();
}

