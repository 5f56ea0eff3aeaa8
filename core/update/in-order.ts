// Evidence applied in the one canonical order (documents.ts canonicalOrder: date, phase, session
// id), which the merge driver replays and `akms check` holds the overlay to. A document that sorts
// before sessions the overlay applied already — an AgentMemory dated before one applied earlier, a
// teammate's document applied after a merge kept our side — is not appended after them: those
// sessions are taken out of the overlay (rootOverlay, as the merge driver's startOf does) and applied
// again after it, from their documents as they were applied (the registry's content_ref and
// sha256), keeping what they drafted (a Replay: their node files are not written again).
//
// They are planned on the graph as it is, read as the compile without those sessions reads
// (graphWithout), and graph.json is patched for what changed from the overlay as it was
// (deltaFromWhole): the cost of an update that appends, unless something is not sure.
import type { Context } from "../context.js";
import { AkmsError } from "../errors.js";
import type { GNode } from "../graph.js";
import { NodeFiles } from "../node-files.js";
import type { OverlayState } from "../overlay-file.js";
import type { LocalEdge, SessionNodeEntry } from "../schemas/overlay.js";
import { appliedKeys, applyOverride, toGraphNode } from "../compiler/merge.js";
import { readNode } from "../compiler/sources.js";
import type { UpdateDelta } from "../compiler/update-patch.js";
import { canonicalOrder, sessionDocument, type EvidenceDoc } from "./documents.js";
import { normalizeOverlay, overlayLimits, sameData } from "./overlay-io.js";
import type { Plan, PlanResult, Replay } from "./plan.js";
import type { UpdateGraph } from "./plan-state.js";
import { rootOverlay } from "./unapply.js";

export interface InOrder {
  /** The documents to plan, in the canonical order: those applied `again` among the given ones. */
  docs: EvidenceDoc[];
  /** The overlay without the sessions applied again (its bytes and sha256 the file's, as it is: what the update's write is compared with and copies lines from). */
  state: OverlayState;
  replay: Replay;
  /** The sessions taken out and applied again, in order. */
  again: string[];
  /** The overlay as it is (with them). */
  whole: OverlayState;
  /** The node entries taking them out changed or removed. */
  changed: string[];
}

/**
 * The plan's input when a given document sorts before applied sessions; null when none does (the
 * update appends, as always). When such a session's document is gone or changed since it was
 * applied, it cannot be applied again: the new one is appended, and the warning returned says so.
 */
export function inCanonicalOrder(ctx: Context, docs: readonly EvidenceDoc[], state: OverlayState | null): InOrder | string | null {
  const registry = state?.overlay.session_nodes ?? {};
  const fresh = canonicalOrder(docs.filter((d) => !Object.hasOwn(registry, d.sessionId)));
  const first = fresh[0];
  if (state === null || first === undefined) return null;
  const given = new Map(docs.map((d) => [d.sessionId, d]));
  let refused = false;
  let gone: string | null = null;
  const again = laterSessions(registry, first, (id, rec) => {
    const mine = given.get(id);
    if (mine !== undefined) {
      refused ||= mine.hash !== rec.source_hash; // given again from other bytes: refused (ALREADY_APPLIED)
      return mine;
    }
    const doc = appliedDocument(ctx, rec);
    if (doc === undefined) return undefined; // no document of its own (recorded by another implementation)
    if (doc !== null && doc.sessionId === id) return doc;
    gone ??= `applied after ${id}, which it sorts before (date, phase, session id): ${id}'s document knowledge/${rec.content_ref} is gone or not as it was applied, so it cannot be applied again after it — \`akms check\` reports the order (OVERLAY_NOT_REPLAY)`;
    return undefined;
  });
  if (refused) return null;
  if (gone !== null) return gone;
  if (!again.length) return null;
  const againIds = new Set(again.map((d) => d.sessionId));
  const limits = overlayLimits(ctx.cfg.config.graph);
  const overlay = normalizeOverlay(rootOverlay(state.overlay, again), limits);
  const whole = state.overlay.nodes ?? {};
  const rooted = overlay.nodes ?? {};
  const changed = Object.keys(whole).filter((id) => !sameData(whole[id], rooted[id]));
  const differs = { counts: { nodes: Object.keys(whole).length, sessions: Object.keys(registry).length }, nodes: changed };
  return {
    docs: canonicalOrder([...again, ...docs.filter((d) => !againIds.has(d.sessionId))]),
    state: { overlay, bytes: state.bytes, sha256: state.sha256, canonical: state.canonical, differs },
    replay: { sessions: new Map(again.map((d) => [d.sessionId, registry[d.sessionId]!])) },
    again: canonicalOrder(again).map((d) => d.sessionId),
    whole: state,
    changed,
  };
}

/**
 * `graph` (the compile with the whole overlay) as the compile with the overlay without the sessions
 * applied again reads: their session nodes hidden; each node whose entry they changed with its
 * entry's values set again on its own (the merge sets an entry's values on the node file's, merge.ts
 * applyOverride; a value the entry no longer sets is the file's, read as the compile reads it). Null
 * when a node's file cannot be read so (a code-mirror node): the caller compiles in memory.
 */
export function graphWithout(ctx: Context, graph: UpdateGraph, order: InOrder): UpdateGraph | null {
  const hidden = new Set(order.again);
  const whole = order.whole.overlay.nodes ?? {};
  const rooted = order.state.overlay.nodes ?? {};
  const files = new NodeFiles(ctx);
  const replaced = new Map<string, GNode>();
  for (const id of order.changed) {
    const node = graph.nodes.get(id);
    if (node === undefined) continue; // an entry of no node: nothing merged it
    const keep = new Set(appliedKeys(rooted[id]));
    const unset = appliedKeys(whole[id]).filter((k) => !keep.has(k));
    const copy: Record<string, unknown> = { ...node };
    if (unset.length) {
      const own = fileValues(files, node, id);
      if (own === null) return null;
      for (const k of unset) {
        if (own[k] === undefined) delete copy[k];
        else copy[k] = own[k];
      }
    }
    if (rooted[id] !== undefined) applyOverride(copy, rooted[id]);
    replaced.set(id, copy as unknown as GNode);
  }
  const visible = (id: string) => !hidden.has(id);
  return {
    nodes: {
      get: (id) => (hidden.has(id) ? undefined : (replaced.get(id) ?? graph.nodes.get(id))),
      has: (id) => visible(id) && graph.nodes.has(id),
      keys: () => [...graph.nodes.keys()].filter(visible),
      values: () => [...graph.nodes.keys()].filter(visible).map((id) => replaced.get(id) ?? graph.nodes.get(id)!),
      get size() {
        return graph.nodes.size - [...hidden].filter((id) => graph.nodes.has(id)).length;
      },
    },
    in: { get: (id) => (hidden.has(id) ? undefined : graph.in.get(id)?.filter((l) => visible(l.source))) },
    domainIndex: { get: (domain) => graph.domainIndex.get(domain)?.filter(visible) },
  };
}

/** A local or global node's own values (its file's, as step 1–3 of the merge make them); null when it has no file to read. */
function fileValues(files: NodeFiles, node: GNode, id: string): Record<string, unknown> | null {
  const origin = node.node_origin === "local" && node.domain !== "session" ? "local" : node.node_origin === "global" ? "global" : null;
  if (origin === null) return null;
  const found = files[origin].find(id);
  const read = found ? readNode(found, origin) : null;
  if (!read?.node || read.problems.length) return null;
  const data = read.node.data as Record<string, unknown>;
  toGraphNode(data, origin);
  return data;
}

/**
 * The plan's account of what changed (made against the overlay without the sessions applied again)
 * as a change of the overlay as it was, which graph.json is the compile of: the entries that differ
 * from its own, the sessions new to it, the local edges it did not hold. Not exact when an entry or
 * session of its own is gone or changed otherwise, or an edge of its own is gone.
 */
export function deltaFromWhole(plan: Plan, order: InOrder): UpdateDelta {
  const delta = plan.delta;
  const was = order.whole.overlay;
  const now = plan.overlay?.data;
  if (now === undefined) return { ...delta, exact: false };
  let exact = delta.exact;
  const nodes = new Map<string, Readonly<Record<string, unknown>> | undefined>();
  for (const id of new Set([...order.changed, ...delta.nodes.keys()])) {
    const before = was.nodes?.[id];
    const after = now.nodes?.[id];
    if (after === undefined) exact &&= before === undefined;
    else if (!sameData(before, after)) nodes.set(id, before);
  }
  const sessionsWas = was.session_nodes ?? {};
  const sessions = Object.keys(now.session_nodes ?? {}).filter((id) => !Object.hasOwn(sessionsWas, id));
  for (const id of order.again) exact &&= sameData(sessionsWas[id], now.session_nodes?.[id]);
  const held = new Map<string, number>();
  for (const e of was.local_edges ?? []) {
    const key = JSON.stringify(e);
    held.set(key, (held.get(key) ?? 0) + 1);
  }
  const edges: LocalEdge[] = [];
  for (const e of now.local_edges ?? []) {
    const key = JSON.stringify(e);
    const n = held.get(key) ?? 0;
    if (n > 0) held.set(key, n - 1);
    else edges.push(e);
  }
  exact &&= [...held.values()].every((n) => n === 0);
  const counts = { nodes: Object.keys(was.nodes ?? {}).length, sessions: Object.keys(sessionsWas).length };
  return { ...delta, nodes, sessions, counts, edges, exact };
}

/**
 * The applied sessions of `registry` that come after `first` in the canonical order — those a
 * document that sorts before them takes out, to apply them again after it (the update here, the
 * merge driver's replay) — each with its document as `read` gives it (undefined: none to give; the
 * session stays where it is). A session is placed by the registry's own record of it (its day,
 * phase and id), read only when it comes after; one recorded without them, by its document.
 */
export function laterSessions(registry: Record<string, SessionNodeEntry>, first: EvidenceDoc, read: (id: string, rec: SessionNodeEntry) => EvidenceDoc | undefined): EvidenceDoc[] {
  const out: EvidenceDoc[] = [];
  for (const [id, rec] of Object.entries(registry)) {
    const day = typeof rec.date === "string" ? rec.date.slice(0, 10) : null;
    if (day !== null && (day < first.date || (typeof rec.phase === "number" && !sortsAfter({ date: day, phase: rec.phase, sessionId: id }, first)))) continue;
    const doc = read(id, rec);
    if (doc !== undefined && sortsAfter(doc, first)) out.push(doc);
  }
  return canonicalOrder(out);
}

/** Whether `a` comes after `b` in the canonical order (documents.ts canonicalOrder). */
function sortsAfter(a: Pick<EvidenceDoc, "date" | "phase" | "sessionId">, b: EvidenceDoc): boolean {
  return canonicalOrder([a as EvidenceDoc, b])[0] === b && a.sessionId !== b.sessionId;
}

/**
 * An applied session's document as it was applied: null when its file is gone or its bytes are not
 * the ones applied (source_hash); undefined for an entry with no document (no content_ref or hash).
 */
function appliedDocument(ctx: Context, rec: SessionNodeEntry): EvidenceDoc | null | undefined {
  const ref = typeof rec.content_ref === "string" ? rec.content_ref : "";
  const sha = typeof rec.source_hash === "string" ? rec.source_hash : "";
  if (!ref || !sha) return undefined;
  let doc: EvidenceDoc | null;
  try {
    doc = sessionDocument(ctx.paths.knowledge, ref);
  } catch (e) {
    if (e instanceof AkmsError) return null;
    throw e;
  }
  return doc?.hash === sha ? doc : null;
}

/**
 * The update's account of the documents given, in the order given (`planned`: the documents the plan
 * ran, in the canonical order). With `order`, the sessions applied again are not listed (a warning
 * names them, and those a PCD of this call now holds), and a node's change runs from its value
 * before this update (`graph`: the compile with the whole overlay) to its value after — one whose
 * value and activations are as they were is not listed. The steps are every session's, in order.
 */
export function givenResult(plan: Plan, planned: readonly EvidenceDoc[], given: readonly EvidenceDoc[], order?: { again: InOrder; graph: UpdateGraph }): PlanResult {
  const documents = given.map((d) => plan.result.documents[planned.indexOf(d)]!);
  if (order === undefined) return { ...plan.result, documents };
  const { again, graph } = order;
  // A document given that was applied already, and is applied again after the new one: as an applied one, "already-applied".
  for (const [i, d] of documents.entries()) if (again.again.includes(d.session)) documents[i] = { ...d, status: "already-applied" };
  const held = again.again.filter((sid) => plan.result.documents[planned.findIndex((d) => d.sessionId === sid)]?.status === "already-applied");
  const redone = again.again.filter((sid) => !held.includes(sid));
  const warnings = [
    ...(redone.length ? [`applied in the canonical order (date, phase, session id): ${redone.join(", ")} ${redone.length === 1 ? "was" : "were"} taken out of the overlay and applied again after the new evidence`] : []),
    ...held.map((sid) => `${sid} was taken out of the overlay: a PCD of this update, which comes before it, holds its evidence (applied as well, it counted twice)`),
    ...plan.result.warnings,
  ];
  const after = plan.overlay?.data.nodes ?? {};
  const nodes = plan.result.nodes.flatMap((c) => {
    const n = graph.nodes.get(c.id);
    const before = typeof n?.confidence === "number" ? n.confidence : c.before;
    const activations = typeof n?.activations === "number" ? n.activations : 0;
    const added = (after[c.id]?.activations ?? activations) - activations;
    return before === c.after && added === 0 ? [] : [{ ...c, before, activations_added: added }];
  });
  return { ...plan.result, documents, nodes, warnings };
}
