// `akms record` / the MCP tool record_memory: an agent hands in its AgentMemory as text; it is
// validated exactly as `akms update` validates it (schema, node references) and written, atomically
// and under the repository lock, to knowledge/sessions/<task_id>.md. The updater is never run here
// (spec §5.8: the graph is not updated during task execution); the result says what the update will
// do with each new_knowledge entry — the dedup match, by the updater's own similarity — so the
// agent can reword or cite before the phase ends.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Context } from "../context.js";
import { AkmsError, problemsError, StateError, ValidationError } from "../errors.js";
import { readBytesIfExists, writeFileAtomic } from "../fsx.js";
import { recoverPendingTransaction } from "../transaction.js";
import { buildLocked } from "../compiler/build.js";
import { agentLockWaitMs, withLockWait } from "../lock.js";
import { confineToKnowledge, resolveInside } from "../paths.js";
import { planDryRun } from "../update/apply.js";
import { parseDocument } from "../update/documents.js";
import type { DedupEvent } from "../update/plan.js";
import { readOverlayState } from "../overlay-file.js";
import { LIMITS } from "../yaml.js";
import jsyaml from "js-yaml";
import type { Problem } from "../errors.js";
import { validateText } from "../validate.js";
import { indexOrNone } from "../graph.js";
import { shownTo } from "./impressions.js";

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
  /** A check only (dry_run): nothing was written. */
  dry_run?: boolean;
  /** The task's earlier, not yet applied, document was replaced by this one. */
  replaced?: boolean;
  /**
   * Reported pitfalls the graph already knew (a pitfall edge on the node from an earlier session):
   * whether the agent was shown the node (the impression log, else its loadout) separates "memory
   * ignored" (it was loaded) from "memory missing" (it was not).
   */
  known_pitfalls: KnownPitfall[];
}

export interface KnownPitfall {
  node: string;
  /** The sessions whose pitfall edges on the node were there before this report. */
  known_since: string[];
  /** The node was in what this task was shown (null: no loadout or impression of the task to tell). */
  loaded: boolean | null;
  says: string;
}

/** The reported pitfalls the graph knew already, and whether this task was shown them. */
export function knownPitfalls(ctx: Context, task: { task_id: string; loadout_used?: unknown }, nodeRefs: readonly (string | null | undefined)[], exceptSession?: string): KnownPitfall[] {
  if (!nodeRefs.some((r) => typeof r === "string")) return []; // nothing reported on a node: the graph is not read
  const graph = indexOrNone(ctx.paths); // none, or found damaged: nothing to tell (record compiles nothing)
  if (graph === null) return [];
  const shown = shownTo(ctx.paths, task);
  const out: KnownPitfall[] = [];
  for (const node of new Set(nodeRefs.filter((x): x is string => typeof x === "string"))) {
    // The reporting session's own edge (after `akms update` applied it) is not "known before".
    const since = (graph.out.get(node) ?? []).filter((l) => l.type === "pitfall" && l.target !== exceptSession).map((l) => l.target);
    if (!since.length) continue;
    const loaded = shown === null ? null : shown.has(node);
    const first = since[0]!;
    out.push({
      node,
      known_since: since,
      loaded,
      says: `a pitfall on ${node} was known since ${first}${since.length > 1 ? ` (and ${since.length - 1} more)` : ""}; ${loaded === null ? "no loadout of this task says whether it was shown" : loaded ? "it was in your loadout (memory ignored)" : "it was not loaded (memory missing)"}`,
    });
  }
  return out;
}

/**
 * Every problem of an AgentMemory's text, with its field and line: `akms validate`'s (the schema,
 * every field at once, and its unknown top-level keys, core/update/documents.ts unknownMemoryKeys).
 */
export function memoryProblems(text: string, source: string): Problem[] {
  return validateText(text, "/knowledge/sessions/memory.md", source, { kind: "agent-memory" }).errors;
}

/**
 * An AgentMemory given as an object (the record_memory tool's other form), as the document text:
 * its fields as YAML frontmatter, `notes` (if any) as the free text after it.
 */
export function memoryFromObject(o: Record<string, unknown>): string {
  const { notes, ...fields } = o;
  return `---\n${jsyaml.dump(fields, { lineWidth: -1, noRefs: true, sortKeys: false })}---\n${typeof notes === "string" && notes.trim() ? `\n${notes.trim()}\n` : ""}`;
}

/** The document's file; its task_id has passed the schema's TaskId already (no separators, no `..`). */
function targetFor(ctx: Context, taskId: string, shown: string): { abs: string; rel: string } {
  const abs = resolveInside(ctx.paths.sessions, `${taskId}.md`);
  if (!abs) throw new ValidationError(`knowledge/sessions/${taskId}.md leads outside knowledge/sessions/`, { file: shown, field: "task_id", hint: "remove the symbolic link, or give the task another id" });
  confineToKnowledge(ctx.paths.knowledge, abs, `knowledge/sessions/${taskId}.md`);
  // Task ids that differ only by case name one file on a case-insensitive file system.
  let names: string[] = [];
  try {
    names = readdirSync(ctx.paths.sessions);
  } catch {
    names = [];
  }
  const other = names.find((n) => n !== `${taskId}.md` && n.toLowerCase() === `${taskId}.md`.toLowerCase());
  if (other) {
    throw new ValidationError(`task id ${taskId} differs only by case from knowledge/sessions/${other}`, {
      file: shown,
      field: "task_id",
      hint: `task ids that differ only by case collide on case-insensitive file systems: use ${other.slice(0, -3)} (that task's document), or give this task its own id`,
    });
  }
  return { abs, rel: `knowledge/sessions/${taskId}.md` };
}

/** `opts.source`: how problems name the text handed in (its file for `akms record FILE`; "memory" over MCP). */
export function recordMemory(ctx: Context, text: string, opts: { source?: string; dryRun?: boolean } = {}): RecordResult {
  const source = opts.source ?? "memory";
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length > LIMITS.maxFileBytes) {
    throw new AkmsError("TOO_LARGE", `the AgentMemory is too large (${bytes.length} bytes, limit ${LIMITS.maxFileBytes})`, {
      file: source,
      field: "memory",
      hint: "an AgentMemory is a few kilobytes: summarise, and put long logs in files the document cites",
    });
  }
  // Every problem at once (the agent fixes them in one go), before anything is read for the update.
  const problems = memoryProblems(text, source);
  if (problems.length) {
    throw problemsError(problems, "VALIDATION", `${problems.length} problems in the AgentMemory; nothing was recorded`, "each is listed in problems (field, line, fix); send the corrected document again (record_memory with dry_run: true, or `akms validate FILE`, checks it without recording)");
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
    const reg = readOverlayState(ctx)?.overlay.session_nodes?.[doc.sessionId];
    if (reg && reg.source_hash !== doc.hash) {
      // Applied evidence is fixed; until `akms update` applies it, the task's document may be replaced.
      throw new StateError(`${doc.sessionId} was already applied by \`akms update\` from ${reg.source_hash ? "a different document" : "another source"}; applied evidence is never changed`, {
        file: target.rel,
        field: "task_id",
        hint: "new work gets its own task_id; this task's document can no longer be replaced",
      });
    }
    const plan = planDryRun(ctx, [doc]);
    const r = plan.documents[0]!;
    const replaced = before !== null && !before.equals(bytes);
    const written = opts.dryRun || (before !== null && !replaced) ? false : writeFileAtomic(target.abs, bytes);
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
      next: opts.dryRun ? "send it without dry_run to record it" : `akms update ${target.rel}`,
      known_pitfalls: knownPitfalls(ctx, { task_id: doc.taskId!, loadout_used: doc.data.loadout_used }, (doc.data.pitfalls_discovered ?? []).map((p) => p.node_ref)),
      ...(opts.dryRun ? { dry_run: true } : {}),
      ...(replaced && !opts.dryRun ? { replaced: true } : {}),
    };
  });
}
