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
import { overlayAsWritten, overlayData } from "./overlay-edit.js";
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
   */
  overlay: { text: string; data?: Overlay } | null;
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

export function newNodeFromSection(ctx: Context, origId: string, orig: Record<string, unknown>, s: DedupSection, graph: Pick<GraphIndex, "nodes"> | null): NewNode {
  const { draft, suggestedId } = sectionDraft(s);
  const session = s.session && ID_PATTERN.test(s.session) ? s.session : "session-unknown";
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
  if (!canonical) return { text: dumpOverlay(next, limits) };
  const written = rewrittenOverlay(text, ov, next, { session_nodes: [session] }, limits);
  return validated ? written : { text: written.text };
}
