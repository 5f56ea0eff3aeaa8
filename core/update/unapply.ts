// The overlay as it stood before some applied documents: what they applied taken out again. Used
// where evidence is applied anew in the canonical order — `akms check` and `akms eval replay` take
// every document out and replay them all; the merge driver takes out those a new document sorts
// before (core/team/merge-overlay.ts) — so both read "the overlay before" alike.
import { ledgerId, type EvidenceDoc } from "./documents.js";
import type { Overlay } from "../schemas/overlay.js";

/**
 * The overlay as it stood before `docs` were applied: review decisions and what older sessions (whose
 * documents are gone) left stay; what these documents applied goes — their history entries (the
 * confidence goes back to the last older entry, or to the node file's own value), their activations
 * and tasks, their session refs, pitfall edges, session entries and ledger ids (processed_sources). `last_activated` stays unless no
 * activation is left (an older date is not recorded anywhere).
 */
export function rootOverlay(ov: Overlay, docs: readonly EvidenceDoc[]): Overlay {
  // The sessions by akms's id and by the registry's own key for the same document (the Python implementation's session-TCR-101).
  const files = new Set(docs.map((d) => d.shown.replace(/^knowledge\//, "")));
  const sessions = new Set([...docs.map((d) => d.sessionId), ...Object.entries(ov.session_nodes ?? {}).filter(([, r]) => files.has(r.content_ref)).map(([id]) => id)]);
  const refs = new Set(Object.entries(ov.session_nodes ?? {}).filter(([id]) => sessions.has(id)).map(([, r]) => r.content_ref));
  const taskIds = new Set(docs.flatMap((d) => (d.taskId ? [d.taskId] : [])));
  const activatedBy = new Map<string, number>();
  for (const d of docs) for (const u of d.data.nodes_used ?? []) if (u.useful) activatedBy.set(u.id, (activatedBy.get(u.id) ?? 0) + 1);
  const nodes: Record<string, Record<string, unknown>> = {};
  for (const [id, o] of Object.entries(ov.nodes ?? {})) {
    const e: Record<string, unknown> = { ...(o as Record<string, unknown>) };
    const history = (o.history ?? []).filter((h) => !sessions.has(h.cause));
    if (history.length !== (o.history ?? []).length) {
      if (history.length) e.confidence = history.at(-1)!.confidence;
      else delete e.confidence;
    }
    if (history.length) e.history = history;
    else delete e.history;
    if (typeof o.activations === "number" && activatedBy.has(id)) {
      const left = o.activations - activatedBy.get(id)!;
      if (left > 0) e.activations = left;
      else {
        delete e.activations;
        delete e.last_activated;
      }
    }
    for (const [key, drop] of [["activated_by_tasks", taskIds], ["session_refs", refs]] as const) {
      const kept = ((o[key] ?? []) as string[]).filter((x) => !drop.has(x));
      if (kept.length) e[key] = kept;
      else delete e[key];
    }
    if (Object.keys(e).length) nodes[id] = e;
  }
  const sessionNodes = Object.fromEntries(Object.entries(ov.session_nodes ?? {}).filter(([id]) => !sessions.has(id)));
  const edges = (ov.local_edges ?? []).filter((e) => !(e.type === "pitfall" && (sessions.has(e.to) || sessions.has(e.from))));
  const applied = new Set(docs.map(ledgerId));
  const ledger = (ov.processed_sources ?? []).filter((x) => !applied.has(x));
  const { processed_sources: _ledger, ...rest } = ov;
  return { ...rest, ...(ledger.length ? { processed_sources: ledger } : {}), nodes: nodes as Overlay["nodes"], local_edges: edges, session_nodes: sessionNodes as Overlay["session_nodes"] };
}
