// `akms dedup reject`: the rejected section's draft becomes its own tentative local node, written
// exactly as `akms update` writes new knowledge (core/update/nodes.ts: agent source, provenance,
// the visible agent-authored line and a `## content_draft` section). Its id: the draft's own
// suggested id when that differs from the node it was merged into, else `<node>-<session>`; a taken
// id gets -2, -3 … (DESIGN §4 Dedup).
import { join } from "node:path";
import type { Context } from "../context.js";
import { exists, readTextIfExists } from "../fsx.js";
import { ID_PATTERN } from "../schemas/common.js";
import type { GraphLookup } from "../graph-file/lookup.js";
import { allocateId, newNodeText, titleFromId } from "../update/nodes.js";
import { asCompiled } from "../compiler/build.js";
import { sectionDraft, type DedupSection } from "./dedup-sections.js";
import { NodeFiles } from "../node-files.js";
import { parseOverlayText } from "./overlay-edit.js";

export interface NewNode {
  id: string;
  file: string;
  text: string;
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
 * (see asCompiled), so a session it lacks is not in the overlay's registry either.
 */
export function phaseOfSession(ctx: Context, session: string, graph: Pick<GraphLookup, "nodes"> | null, overlayCompiled = false): number {
  const g = graph?.nodes.get(session);
  if (g && typeof g.phase === "number") return g.phase;
  const text = g === undefined && graph !== null && overlayCompiled ? null : readTextIfExists(ctx.paths.overlay);
  if (text) {
    try {
      const ov = parseOverlayText(text, ctx.paths.overlay) as { session_nodes?: Record<string, { phase?: unknown }> } | null;
      const p = ov?.session_nodes?.[session]?.phase;
      if (typeof p === "number") return p;
    } catch {
      /* an unreadable overlay is reported by the build; fall through */
    }
  }
  const m = /^session-phase(\d+)$/.exec(session);
  return m ? Number(m[1]) : 0;
}

export function newNodeFromSection(ctx: Context, origId: string, orig: Record<string, unknown>, s: DedupSection, graph: Pick<GraphLookup, "nodes"> | null): NewNode {
  const { draft, suggestedId } = sectionDraft(s);
  const session = s.session && ID_PATTERN.test(s.session) ? s.session : "session-unknown";
  const own = suggestedId && suggestedId !== origId && ID_PATTERN.test(suggestedId) ? suggestedId : null;
  const base = own ?? `${origId}-${slug(session.replace(/^session-/, "")) || "rejected"}`.slice(0, 120).replace(/[-.]+$/, "");
  // Every vault and local node's id is in graph.json while those files are as graph.json was
  // compiled from them: then none need be read.
  const compiled = graph !== null && asCompiled(ctx, { vault: true, locals: true, overlay: true });
  const files = compiled ? null : new NodeFiles(ctx);
  const locals = files === null ? null : files.local.ids();
  const id = allocateId(
    base,
    (x) => Boolean(graph?.nodes.has(x)) || (locals !== null && locals.has(x)) || exists(join(ctx.paths.localNodes, `${x}.md`)) || (files !== null && files.global.find(x) !== null),
  );
  const origTitle = typeof orig.title === "string" ? orig.title : origId;
  const tags = Array.isArray(orig.tags) && orig.tags.length ? (orig.tags as string[]) : [String(orig.domain)];
  const text = newNodeText({
    id,
    title: own ? titleFromId(own) : `${origTitle} (${session})`,
    domain: String(orig.domain),
    tags,
    session,
    phase: phaseOfSession(ctx, session, graph, compiled),
    suggestedId: suggestedId ?? base,
    draft: draft || "(the rejected section held no text)",
    // The overlay's registry names the node this draft was merged into, not this one: the file says where it came from.
    provenanceInFile: true,
  });
  return { id, file: join(ctx.paths.localNodes, `${id}.md`), text };
}
