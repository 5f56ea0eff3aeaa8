import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  parseDocument,
  planDryRun
} from "./chunk-RIOBEXJW.mjs";
import {
  readOverlayState
} from "./chunk-CN7HKROC.mjs";
import {
  buildLocked
} from "./chunk-GNOMD4OV.mjs";
import {
  recoverPendingTransaction
} from "./chunk-EUE77RB2.mjs";
import {
  withLock
} from "./chunk-W24I3PEA.mjs";
import {
  LIMITS
} from "./chunk-DWREGR5U.mjs";
import {
  readBytesIfExists,
  resolveInside,
  writeFileAtomic
} from "./chunk-Q4IS5S6U.mjs";
import {
  AkmsError,
  StateError,
  ValidationError
} from "./chunk-C3ZMY3KT.mjs";

// core/agent/record.ts
import { join } from "node:path";
function targetFor(ctx, taskId, shown) {
  const abs = resolveInside(ctx.paths.sessions, `${taskId}.md`);
  if (!abs) throw new ValidationError(`knowledge/sessions/${taskId}.md leads outside knowledge/sessions/`, { file: shown, field: "task_id", hint: "remove the symbolic link, or give the task another id" });
  return { abs, rel: `knowledge/sessions/${taskId}.md` };
}
function recordMemory(ctx, text, opts = {}) {
  const source = opts.source ?? "memory";
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length > LIMITS.maxFileBytes) {
    throw new AkmsError("TOO_LARGE", `the AgentMemory is too large (${bytes.length} bytes, limit ${LIMITS.maxFileBytes})`, {
      file: source,
      field: "memory",
      hint: "an AgentMemory is a few kilobytes: summarise, and put long logs in files the document cites"
    });
  }
  const read = parseDocument(bytes, join(ctx.paths.sessions, "memory.md"), source);
  if (read.kind !== "agent-memory" || read.taskId === null) {
    throw new ValidationError("record_memory takes an AgentMemory (spec \xA74.3); this is a PCD", { file: source, hint: "a phase's PCD is applied by the phase agent with `akms update`" });
  }
  const target = targetFor(ctx, read.taskId, source);
  const doc = { ...read, file: target.abs, shown: target.rel };
  return withLock(ctx.paths.lock, () => {
    recoverPendingTransaction(ctx, () => buildLocked(ctx));
    const before = readBytesIfExists(target.abs);
    if (before !== null && !before.equals(bytes)) {
      throw new StateError(`${target.rel} already holds a different AgentMemory for task ${doc.taskId}`, {
        file: target.rel,
        hint: "one AgentMemory per task: give new work its own task id, or send the document exactly as recorded"
      });
    }
    const reg = readOverlayState(ctx)?.overlay.session_nodes?.[doc.sessionId];
    if (reg && reg.source_hash && reg.source_hash !== doc.hash) {
      throw new StateError(`${doc.sessionId} was already applied from a different document`, {
        file: target.rel,
        hint: "applied evidence is never changed: give new evidence its own task id"
      });
    }
    const plan = planDryRun(ctx, [doc], opts.env);
    const r = plan.documents[0];
    const written = before === null ? writeFileAtomic(target.abs, bytes) : false;
    return {
      ok: true,
      task_id: doc.taskId,
      session: doc.sessionId,
      file: target.rel,
      sha256: doc.hash,
      written,
      nodes_used: doc.data.nodes_used?.length ?? 0,
      pitfalls: doc.data.pitfalls_discovered?.length ?? 0,
      new_knowledge: r.new_knowledge.map((k) => ({
        ...k,
        likely_duplicate: k.match && k.match_origin && k.score !== null ? { id: k.match, origin: k.match_origin, score: k.score } : null
      })),
      warnings: plan.warnings,
      next: `akms update ${target.rel}`
    };
  });
}

export {
  recordMemory
};
