// One reviewable item as the report, `akms status` and the console show it: everything a reviewer
// needs inline (UR-08) — id, title, status, confidence (global default → local), origin,
// provenance, file — and the one command that acts on it (UR-03).
import type { Context } from "../context.js";
import type { GNode, NodeTable } from "../graph.js";
import { NodeFiles } from "../node-files.js";

export interface NodeItem {
  id: string;
  title: string;
  status: string;
  /** The seed value (global frontmatter, or the local file's own confidence). */
  confidence_default: number | null;
  /** The effective value in this repository (the overlay's override when there is one). */
  confidence: number | null;
  origin: "global" | "local" | "code-mirror";
  /** Provenance: human | agent | hybrid | generated. */
  source: string | null;
  origin_session: string | null;
  origin_phase: number | null;
  /** Repository-relative (local, code-mirror) or under the vault's display path (global); null when not found. */
  file: string | null;
  /** The one command that acts on this item (null: nothing to run, read and decide). */
  command: string | null;
  /** What to do by hand when no akms command applies (e.g. a global node, which akms never edits). */
  fix?: string;
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/**
 * Finds node files for items through the one locator (core/node-files.ts). Each item's `file` is
 * found when it is first read (see `nodeItem`): the console shows a few items' files, not the
 * thousands of a large graph's report.
 */
export class FileResolver {
  private readonly files: NodeFiles;
  constructor(ctx: Context) {
    this.files = new NodeFiles(ctx);
  }

  fileOf(n: GNode): string | null {
    if (n.node_origin === "local" && n.domain !== "session") return this.localFile(n.id);
    if (n.node_origin === "global") return this.globalFile(n.id);
    return typeof n.content_ref === "string" ? `knowledge/${n.content_ref}` : null;
  }

  /** The local node file declaring `id` (repo-relative), whether or not the graph holds that node. */
  localFile(id: string): string | null {
    return this.files.local.path(id)?.shown ?? null;
  }

  globalFile(id: string): string | null {
    return this.files.global.path(id)?.shown ?? null;
  }
}

/** `item` with `extra` fields added in place (a spread would read a lazy `file` at once). */
export function withFields<T extends object, E extends object>(item: T, extra: E): T & E {
  return Object.assign(item, extra);
}

export function nodeItem(n: GNode, files: FileResolver, command: string | null): NodeItem {
  const title = typeof n.title === "string" ? n.title : n.id;
  const source = typeof n.source === "string" ? n.source : null;
  const originSession = typeof n.origin_session === "string" ? n.origin_session : null;
  const originPhase = typeof n.origin_phase === "number" ? n.origin_phase : null;
  // `file` is an enumerable accessor in the same place (JSON, Object.entries and spreads read
  // it like a value), found on first read; assigning it sets the value. No spread in this literal:
  // V8 would put the accessor after the other keys.
  let file: string | null | undefined;
  return {
    id: n.id,
    title,
    status: String(n.status),
    confidence_default: num(n.confidence_default),
    confidence: num(n.confidence),
    origin: n.node_origin,
    source,
    origin_session: originSession,
    origin_phase: originPhase,
    get file() {
      if (file === undefined) file = files.fileOf(n);
      return file;
    },
    set file(v: string | null) {
      file = v;
    },
    command,
  };
}

/** An item for an id the graph does not hold (e.g. a skipped local node, an orphaned overlay entry). */
export function bareItem(id: string, origin: NodeItem["origin"], file: string | null, command: string | null): NodeItem {
  return { id, title: id, status: "—", confidence_default: null, confidence: null, origin, source: null, origin_session: null, origin_phase: null, file, command };
}

export function isReviewable(n: GNode): boolean {
  return n.domain !== "session" && n.domain !== "code-mirror" && n.node_origin !== "code-mirror";
}

/** Domain nodes (not sessions, not code mirrors), in id order. */
export function domainNodes(graph: { nodes: NodeTable }): GNode[] {
  return [...graph.nodes.values()].filter(isReviewable);
}

/**
 * What promotes a global tentative node: its file (the item's `file`, beside it) edited by hand.
 * Naming the file here too would find every global tentative node's file for a report that shows a
 * few (≈ 0.25 s of `akms status` at 50,000 nodes).
 */
export const GLOBAL_PROMOTION = "global node: set `status: established` in its vault file by hand";
