// `akms record` / the MCP tool record_memory: an agent hands in its AgentMemory as text; it is
// validated exactly as `akms update` validates it (schema, node references) and written, atomically
// and under the repository lock, to knowledge/sessions/<task_id>.md. The updater is never run here
// (spec §5.8: the graph is not updated during task execution); the result says what the update will
// do with each new_knowledge entry — the dedup match, by the updater's own similarity — so the
// agent can reword or cite before the phase ends.
import { join } from "node:path";
import type { Context } from "../context.js";
import { AkmsError, StateError, ValidationError } from "../errors.js";
import { readBytesIfExists, writeFileAtomic } from "../fsx.js";
import { recoverPendingTransaction } from "../update/transaction.js";
import { buildLocked } from "../compiler/build.js";
import { agentLockWaitMs, withLockWait } from "../lock.js";
import { resolveInside } from "../paths.js";
import { planDryRun } from "../update/apply.js";
import { parseDocument } from "../update/documents.js";
import type { DedupEvent } from "../update/plan.js";
import { readOverlayState } from "../update/overlay-store.js";
import { LIMITS } from "../yaml.js";

export interface RecordResult {
  ok: true;
  task_id: string;
  session: string;
  /** Repository-relative path of the recorded document. */
  file: string;
  sha256: string;
  /** False when the same bytes were recorded already. */
  written: boolean;
  nodes_used: number;
  pitfalls: number;
  /** What the next `akms update` will do with each new_knowledge entry. */
  new_knowledge: (DedupEvent & { likely_duplicate: { id: string; origin: "local" | "global"; score: number } | null })[];
  warnings: string[];
  next: string;
}

/** The document's file; its task_id has passed the schema's TaskId already (no separators, no `..`). */
function targetFor(ctx: Context, taskId: string, shown: string): { abs: string; rel: string } {
  const abs = resolveInside(ctx.paths.sessions, `${taskId}.md`);
  if (!abs) throw new ValidationError(`knowledge/sessions/${taskId}.md leads outside knowledge/sessions/`, { file: shown, field: "task_id", hint: "remove the symbolic link, or give the task another id" });
  return { abs, rel: `knowledge/sessions/${taskId}.md` };
}

/** `opts.source`: how problems name the text handed in (its file for `akms record FILE`; "memory" over MCP). */
export function recordMemory(ctx: Context, text: string, opts: { env?: NodeJS.ProcessEnv; source?: string } = {}): RecordResult {
  const source = opts.source ?? "memory";
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length > LIMITS.maxFileBytes) {
    throw new AkmsError("TOO_LARGE", `the AgentMemory is too large (${bytes.length} bytes, limit ${LIMITS.maxFileBytes})`, {
      file: source,
      field: "memory",
      hint: "an AgentMemory is a few kilobytes: summarise, and put long logs in files the document cites",
    });
  }
  // Its place depends on its task_id, so problems found while reading it name it "memory".
  const read = parseDocument(bytes, join(ctx.paths.sessions, "memory.md"), source);
  if (read.kind !== "agent-memory" || read.taskId === null) {
    throw new ValidationError("record_memory takes an AgentMemory (spec §4.3); this is a PCD", { file: source, hint: "a phase's PCD is applied by the phase agent with `akms update`" });
  }
  const target = targetFor(ctx, read.taskId, source);
  const doc = { ...read, file: target.abs, shown: target.rel };
  return withLockWait(ctx.paths.lock, agentLockWaitMs(), () => {
    recoverPendingTransaction(ctx, () => buildLocked(ctx)); // a write killed half-way, and the temp files of one killed before its rename
    const before = readBytesIfExists(target.abs);
    if (before !== null && !before.equals(bytes)) {
      throw new StateError(`${target.rel} already holds a different AgentMemory for task ${doc.taskId}`, {
        file: target.rel,
        hint: "one AgentMemory per task: give new work its own task id, or send the document exactly as recorded",
      });
    }
    const reg = readOverlayState(ctx)?.overlay.session_nodes?.[doc.sessionId];
    if (reg && reg.source_hash && reg.source_hash !== doc.hash) {
      throw new StateError(`${doc.sessionId} was already applied from a different document`, {
        file: target.rel,
        hint: "applied evidence is never changed: give new evidence its own task id",
      });
    }
    const plan = planDryRun(ctx, [doc], opts.env);
    const r = plan.documents[0]!;
    const written = before === null ? writeFileAtomic(target.abs, bytes) : false;
    return {
      ok: true,
      task_id: doc.taskId!,
      session: doc.sessionId,
      file: target.rel,
      sha256: doc.hash,
      written,
      nodes_used: doc.data.nodes_used?.length ?? 0,
      pitfalls: doc.data.pitfalls_discovered?.length ?? 0,
      new_knowledge: r.new_knowledge.map((k) => ({
        ...k,
        likely_duplicate: k.match && k.match_origin && k.score !== null ? { id: k.match, origin: k.match_origin, score: k.score } : null,
      })),
      warnings: plan.warnings,
      next: `akms update ${target.rel}`,
    };
  });
}
