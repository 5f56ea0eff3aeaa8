// `akms dedup reject`: the rejected section's draft becomes its own tentative local node, written
// exactly as `akms update` writes new knowledge (core/update/nodes.ts: agent source, the visible
// agent-authored line and a `## content_draft` section), its provenance a `created` entry in its
// session's registry in the overlay, as an update's new node has. Its id: the draft's own
// suggested id when that differs from the node it was merged into, else `<node>-<session>`; a taken
// id gets -2, -3 … (DESIGN §4 Dedup).
import { join } from "node:path";
import type { Context } from "../context.js";
import { exists, readBytesIfExists } from "../fsx.js";
import { ID_PATTERN } from "../schemas/common.js";
import type { GraphIndex } from "../graph.js";
import { allocateId, newNodeText, titleFromId } from "../update/nodes.js";
import { graphIsFresh } from "../compiler/build.js";
import { sectionDraft, type DedupSection } from "./dedup-sections.js";
import { NodeFiles } from "../node-files.js";
import { heldAsWritten, overlayAsWritten, overlayData } from "./overlay-edit.js";
import { dumpOverlay, overlayLimits, rewrittenOverlay } from "../update/overlay-io.js";
import { keptOverlay } from "../overlay-file.js";
import { displayPath } from "../paths.js";
import type { Overlay } from "../schemas/overlay.js";

export interface NewNode {
  id: string;
  file: string;
  text: string;
  /**
   * The overlay with the node named `created` in its session's registry entry (the compile reads a
   * drafted node's provenance there, merge.ts draftedBy) — its text, in the update writer's form, and
   * the overlay that text writes when it was derived from the store's validated record — or null
   * when the overlay registers no such session: then the node's file says where it came from.
   * `entryOnly`: the text differs from the overlay's in that one entry alone (the writer copied every
   * other entry's lines and pruned nothing), so the graph changes in the new node and its session node.
   */
  overlay: { text: string; data?: Overlay; session: string; entryOnly: boolean } | null;
}

function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^[^a-z0-9]+/, "")
    .replace(/[-.]+$/, "");
}

/**
 * The phase of a session: the compiled session node, else the overlay registry, else
 * `session-phase<N>`, else 0. `overlayCompiled`: `graph` was compiled from the overlay as it is
 * (graphIsFresh), so a session it lacks is not in the overlay's registry either.
 */
export function phaseOfSession(ctx: Context, session: string, graph: Pick<GraphIndex, "nodes"> | null, overlayCompiled = false): number {
  const g = graph?.nodes.get(session);
  if (g && typeof g.phase === "number") return g.phase;
  const bytes = g === undefined && graph !== null && overlayCompiled ? null : readBytesIfExists(ctx.paths.overlay);
  if (bytes) {
    try {
      const ov = overlayData(ctx.paths, bytes, ctx.paths.overlay) as { session_nodes?: Record<string, { phase?: unknown }> } | null;
      const p = ov?.session_nodes?.[session]?.phase;
      if (typeof p === "number") return p;
    } catch {
      /* an unreadable overlay is reported by the build; fall through */
    }
  }
  const m = /^session-phase(\d+)$/.exec(session);
  return m ? Number(m[1]) : 0;
}

/** The session a dedup section's new node is registered under (the journal keeps the section's own). */
export function sectionSession(session: string | null | undefined): string {
  return session && ID_PATTERN.test(session) ? session : "session-unknown";
}

export function newNodeFromSection(ctx: Context, origId: string, orig: Record<string, unknown>, s: DedupSection, graph: Pick<GraphIndex, "nodes"> | null): NewNode {
  const { draft, suggestedId } = sectionDraft(s);
  const session = sectionSession(s.session);
  const own = suggestedId && suggestedId !== origId && ID_PATTERN.test(suggestedId) ? suggestedId : null;
  const base = own ?? `${origId}-${slug(session.replace(/^session-/, "")) || "rejected"}`.slice(0, 120).replace(/[-.]+$/, "");
  // Every vault and local node's id is in graph.json while graph.json is the compile of the
  // sources as they are (the readers' one freshness test): then none need be read.
  const compiled = graph !== null && graphIsFresh(ctx);
  const files = compiled ? null : new NodeFiles(ctx);
  const locals = files === null ? null : files.local.ids();
  const id = allocateId(
    base,
    (x) => Boolean(graph?.nodes.has(x)) || (locals !== null && locals.has(x)) || exists(join(ctx.paths.localNodes, `${x}.md`)) || (files !== null && files.global.find(x) !== null),
  );
  const origTitle = typeof orig.title === "string" ? orig.title : origId;
  const tags = Array.isArray(orig.tags) && orig.tags.length ? (orig.tags as string[]) : [String(orig.domain)];
  const registered = registryWithNode(ctx, session, {
    suggested_id: suggestedId ?? base,
    node: id,
    // Not a dedup event of its own (the review lists created entries with a match as one): the
    // merge it came out of is the `appended` entry before it, and rejected_from names the node.
    match: null,
    match_origin: null,
    score: null,
    action: "created",
    rejected_from: origId,
  });
  const text = newNodeText({
    id,
    title: own ? titleFromId(own) : `${origTitle} (${session})`,
    domain: String(orig.domain),
    tags,
    session,
    phase: phaseOfSession(ctx, session, graph, compiled),
    suggestedId: suggestedId ?? base,
    draft: draft || "(the rejected section held no text)",
    // The spec's Python implementation refuses keys it does not know in a local node: the
    // registry holds the provenance, and only a session it does not know puts it in the file.
    provenanceInFile: registered === null,
  });
  return { id, file: join(ctx.paths.localNodes, `${id}.md`), text, overlay: registered };
}

/**
 * The overlay with `entry` added to session `session`'s registered new knowledge, written in the
 * overlay writer's form (an overlay the writer wrote — the store's record says so — keeps the lines
 * of every other entry); null when there is no overlay or it registers no such session.
 */
function registryWithNode(ctx: Context, session: string, entry: Record<string, unknown>): NewNode["overlay"] {
  const bytes = readBytesIfExists(ctx.paths.overlay);
  if (bytes === null) return null;
  const text = bytes.toString("utf8");
  const limits = overlayLimits(ctx.cfg.config.graph);
  const { ov, canonical, validated } = overlayAsWritten(text, displayPath(ctx.repo, ctx.paths.overlay), limits, keptOverlay(ctx.paths, bytes));
  const reg = ov?.session_nodes?.[session];
  if (!ov || !reg) return null;
  const known = (reg.new_knowledge ?? []) as Record<string, unknown>[];
  const next = { ...ov, session_nodes: { ...ov.session_nodes, [session]: { ...reg, new_knowledge: [...known, entry] } } as Overlay["session_nodes"] };
  if (!canonical) return { text: dumpOverlay(next, limits), session, entryOnly: false };
  const written = rewrittenOverlay(text, ov, next, { session_nodes: [session] }, limits);
  // (A canonical overlay is within its limits: the writer prunes no other entry, and keeps their mapping.)
  const entryOnly = written.data.nodes === (next.nodes ?? written.data.nodes);
  return validated ? { ...written, session, entryOnly } : { text: written.text, session, entryOnly };
}

/**
 * The overlay a dedup reject's undo writes back (`restored`), as the store keeps it: the overlay as
 * it is now with the registry's last entry of `session` — the one naming `node` created — taken out
 * by the update's writer, when that gives exactly the restored bytes (exact, or not sure: null, and
 * the undo's recompile reads the overlay whole). Only from the store's record of bytes the writer wrote.
 */
export function registryWithoutNode(ctx: Context, session: string, node: string, restored: Buffer): { bytes: Buffer; data: Overlay } | null {
  const now = readBytesIfExists(ctx.paths.overlay);
  if (now === null) return null;
  const text = now.toString("utf8");
  const limits = overlayLimits(ctx.cfg.config.graph);
  const ov = heldAsWritten(text, limits, keptOverlay(ctx.paths, now));
  const entry = ov?.session_nodes?.[session];
  const known = entry?.new_knowledge;
  const last = known?.at(-1) as { action?: unknown; node?: unknown } | undefined;
  if (!ov || !entry || !known || last?.action !== "created" || last.node !== node) return null;
  // The entry before the reject: one item fewer, or no new_knowledge at all when that was its only one.
  const { new_knowledge: _, ...none } = entry;
  for (const before of known.length === 1 ? [{ ...entry, new_knowledge: [] }, none] : [{ ...entry, new_knowledge: known.slice(0, -1) }]) {
    const next = { ...ov, session_nodes: { ...ov.session_nodes, [session]: before } } as Overlay;
    const written = rewrittenOverlay(text, ov, next, { session_nodes: [session] }, limits);
    if (Buffer.from(written.text, "utf8").equals(restored)) return { bytes: restored, data: written.data };
  }
  return null;
}
