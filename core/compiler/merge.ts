// The deterministic five-step merge of spec §5.2 into a NetworkX node-link document.
import type { LocalEdge, Overlay } from "../schemas/overlay.js";
import { severityOfWeight } from "../schemas/vocabulary.js";
import { RAW_TEXT, type RawText } from "../pyjson.js";
import type { SourceNode } from "./sources.js";
import type { BuildWarning, GraphDoc, GraphLink, GraphNode, PitfallReport } from "../graph-file/doc.js";

/** Overlay node-override keys not applied by step 4 (history stays in the overlay). */
const NOT_APPLIED = new Set(["history"]);

/** The keys of an overlay entry that step 4 sets on its node. */
export function appliedKeys(entry: Readonly<Record<string, unknown>> | undefined): string[] {
  if (entry === undefined) return [];
  return Object.keys(entry).filter((k) => !NOT_APPLIED.has(k) && entry[k] !== undefined);
}

/** Step 4 for one node: its overlay entry's values set on it. */
export function applyOverride(node: Record<string, unknown>, entry: Readonly<Record<string, unknown>>): void {
  for (const k of appliedKeys(entry)) node[k] = entry[k];
}

interface PendingEdge {
  from: string;
  to: string;
  type: string;
  weight: number;
  note?: string | null;
  origin: "global" | "local";
  file?: string;
  reports?: PitfallReport[];
}

export interface MergeInput {
  globals: SourceNode[];
  locals: SourceNode[];
  mirrors: SourceNode[];
  overlay: Overlay | null;
  overlayShown: string;
  globalVault: string;
  repoId: string;
  /** Returns false when a node's content_ref does not resolve to a file inside its layer root. */
  contentRefOk: (origin: SourceNode["origin"], ref: string) => boolean;
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Turns a node file's data into its graph node, in place: what step 1–3 add to every node. Returns
 * the declared edges (no longer an attribute of the node).
 */
export function toGraphNode(node: Record<string, unknown>, origin: SourceNode["origin"]): DeclaredEdge[] | null | undefined {
  const declared = node.edges as DeclaredEdge[] | null | undefined;
  node.edges = undefined; // not `delete`: that would drop the object into slow dictionary mode
  node.confidence_default = node.confidence;
  node.node_origin = origin;
  // Every node carries the experiential attributes of the spec's graph example (§4.9), also
  // without history, so that a consumer reading node["activations"] works on every node.
  if (node.activations === undefined) node.activations = 0;
  if (node.last_activated === undefined) node.last_activated = null;
  if (origin === "code-mirror") {
    node.source = "generated";
    node.auto_update = true;
  }
  return declared;
}

export interface DeclaredEdge {
  to: string;
  type: string;
  weight: number;
  note?: string | null;
}

/**
 * A node that carries its serialised text (RAW_TEXT) is about to change: drop the text. A stub —
 * a node from the parse cache that holds only what the merge reads, besides its text — becomes
 * the whole node again, parsed from that text.
 */
function editable(node: GraphNode & { [RAW_TEXT]?: RawText & { stub?: boolean } }): GraphNode {
  const raw = node[RAW_TEXT];
  if (raw === undefined) return node;
  if (raw.stub) return JSON.parse(raw.text) as GraphNode;
  node[RAW_TEXT] = undefined;
  return node;
}

/**
 * Which session drafted each local node, from the overlay's session registry (a new_knowledge entry
 * with action `created` names the node): the provenance a drafted node's file does not carry, so
 * that the spec's Python implementation, which refuses unknown keys in a local node, can read it.
 */
export function draftedBy(sessions: Readonly<Record<string, unknown>> | null | undefined): Map<string, { session: string; phase: number | null }> {
  const out = new Map<string, { session: string; phase: number | null }>();
  for (const sid of Object.keys(sessions ?? {}).sort()) {
    const e = sessions![sid] as { phase?: unknown; new_knowledge?: unknown } | null;
    if (!e || !Array.isArray(e.new_knowledge)) continue;
    for (const k of e.new_knowledge as { action?: unknown; node?: unknown }[]) {
      if (k && k.action === "created" && typeof k.node === "string" && !out.has(k.node)) out.set(k.node, { session: sid, phase: typeof e.phase === "number" ? e.phase : null });
    }
  }
  return out;
}

/** A local node's origin_session / origin_phase from the registry, when its file says none (the file wins). */
export function withProvenance(node: Record<string, unknown>, drafted: ReadonlyMap<string, { session: string; phase: number | null }>): boolean {
  const p = node.node_origin === "local" && node.origin_session === undefined ? drafted.get(node.id as string) : undefined;
  if (!p) return false;
  node.origin_session = p.session;
  if (node.origin_phase === undefined && p.phase !== null) node.origin_phase = p.phase;
  return true;
}

/** The graph node of the overlay's session entry `id` (step 4). */
export function sessionGraphNode(id: string, s: Record<string, unknown>): GraphNode {
  return {
    ...s,
    id,
    domain: "session",
    auto_update: true,
    node_origin: "local",
    status: "established",
    confidence: 1.0,
    confidence_default: 1.0,
    source: "agent",
    akms_schema: "v2",
    activations: s.activations ?? 0,
    last_activated: s.last_activated ?? null,
  };
}

/** The merge's working state: the nodes so far, who declared each id, the pending edges, the warnings. */
interface Merging {
  input: MergeInput;
  warnings: BuildWarning[];
  nodes: Map<string, GraphNode>;
  shownOf: Map<string, string>;
  edges: PendingEdge[];
}

function addNode(m: Merging, src: SourceNode): void {
  const { input, warnings, nodes, shownOf, edges } = m;
  // The parsed frontmatter object is ours alone: turn it into the node in place (no copies).
  const node = src.data as GraphNode;
  const declared = toGraphNode(node, src.origin);
  nodes.set(src.id, node);
  shownOf.set(src.id, src.shown);
  const edgeOrigin = src.origin === "global" ? "global" : "local";
  for (const e of declared ?? []) {
    edges.push({ from: src.id, to: e.to, type: e.type, weight: e.weight, note: e.note, origin: edgeOrigin, file: src.shown });
  }
  if (src.missingDraft) {
    warnings.push({
      code: "MISSING_CONTENT_DRAFT",
      message: "agent-drafted local node has no `## content_draft` section marking its text as agent-authored (spec §4.1.4, UR-05)",
      file: src.shown,
      node: src.id,
    });
  }
  if (src.missingSummary) {
    warnings.push({
      code: "MISSING_SUMMARY",
      message: "a node with context_size: large has no `## Summary` section (spec FR-L11): routing-mode loadouts fall back to its whole text",
      file: src.shown,
      node: src.id,
    });
  }
  const ref = node.content_ref;
  if (typeof ref === "string" && ref && !input.contentRefOk(src.origin, ref)) {
    warnings.push({
      code: "MISSING_CONTENT_REF",
      message: `content_ref "${ref}" does not resolve to a file inside its layer root`,
      file: src.shown,
      node: src.id,
    });
  }
}

/** Steps 1–3: global, local, then code-mirror nodes, each in id order; a taken id is a collision. */
function addSources(m: Merging): void {
  const { input, warnings, nodes, shownOf } = m;
  const add = (src: SourceNode) => addNode(m, src);
  // 1. Global nodes (id order; a second file with a taken id is a collision, the first wins).
  for (const g of [...input.globals].sort(byId)) {
    if (nodes.has(g.id)) {
      warnings.push({ code: "DUPLICATE_ID", message: `global id "${g.id}" is also declared by ${shownOf.get(g.id)}; this file is skipped`, file: g.shown, node: g.id });
      continue;
    }
    add(g);
  }
  // 2. Local nodes, sorted by id; a collision with a global node → skip the local node.
  for (const l of [...input.locals].sort(byId)) {
    if (nodes.has(l.id)) {
      const other = nodes.get(l.id)!;
      warnings.push({
        code: other.node_origin === "global" ? "ID_COLLISION" : "DUPLICATE_ID",
        message:
          other.node_origin === "global"
            ? `local node "${l.id}" collides with global node ${shownOf.get(l.id)}; the global node wins and the local one is skipped`
            : `local id "${l.id}" is also declared by ${shownOf.get(l.id)}; this file is skipped`,
        file: l.shown,
        node: l.id,
      });
      continue;
    }
    add(l);
  }
  // 3. Code-mirror nodes.
  for (const mi of [...input.mirrors].sort(byId)) {
    if (nodes.has(mi.id)) {
      warnings.push({ code: "DUPLICATE_ID", message: `code-mirror id "${mi.id}" is already taken by ${shownOf.get(mi.id)}; this mirror is skipped`, file: mi.shown, node: mi.id });
      continue;
    }
    add(mi);
  }
}

/** Step 4, the overlay: node overrides, then session nodes, then local edges (append-only). */
function applyOverlay(m: Merging): void {
  const { input, warnings, nodes, shownOf, edges } = m;
  const ov = input.overlay;
  for (const id of Object.keys(ov?.nodes ?? {}).sort()) {
    const override = ov!.nodes![id]!;
    let node = nodes.get(id);
    if (!node) {
      warnings.push({ code: "ORPHANED_OVERLAY", message: `overlay state for "${id}", which no source declares`, file: input.overlayShown, node: id });
      continue;
    }
    if (node.auto_update === true) {
      warnings.push({ code: "AUTO_UPDATE_OVERRIDE", message: `overlay state for auto_update node "${id}" is ignored`, file: input.overlayShown, node: id });
      continue;
    }
    const edited = editable(node);
    if (edited !== node) nodes.set(id, (node = edited));
    applyOverride(node, override);
  }
  // A drafted local node's provenance, from the session that created it (its file does not say it).
  const drafted = draftedBy(ov?.session_nodes);
  for (const [id] of drafted) {
    const node = nodes.get(id);
    if (!node) continue;
    const raw = (node as { [RAW_TEXT]?: RawText & { stub?: boolean } })[RAW_TEXT];
    const view = raw?.stub ? (JSON.parse(raw.text) as GraphNode) : node; // a stub holds only what the merge reads
    if (view.node_origin !== "local" || view.origin_session !== undefined) continue;
    const edited = editable(node);
    withProvenance(edited, drafted);
    nodes.set(id, edited);
  }
  for (const id of Object.keys(ov?.session_nodes ?? {}).sort()) {
    if (nodes.has(id)) {
      warnings.push({ code: "SESSION_ID_TAKEN", message: `session node id "${id}" is already taken by ${shownOf.get(id)}; the session node is skipped`, file: input.overlayShown, node: id });
      continue;
    }
    nodes.set(id, sessionGraphNode(id, ov!.session_nodes![id]!));
    shownOf.set(id, input.overlayShown);
  }
  for (const e of pitfallsCombined(ov?.local_edges ?? [])) {
    edges.push({ from: e.from, to: e.to, type: e.type, weight: e.weight, note: e.note, origin: "local", file: input.overlayShown, ...(e.reports?.length ? { reports: e.reports } : {}) });
  }
}

/**
 * The overlay's edges with the pitfall edges it lists more than once for one node and session
 * joined into one, as akms writes several reports (spec §5.8: never merged away): the highest
 * weight, the notes one per line, every report kept. The spec's Python implementation writes one
 * edge per report (a graph keeps its last); akms keeps them all.
 */
function pitfallsCombined(list: readonly LocalEdge[]): LocalEdge[] {
  const out: LocalEdge[] = [];
  const at = new Map<string, number>();
  // A report's task: the Python implementation's edge says it as source_id.
  const reportsOf = (e: LocalEdge) => {
    const task = (e as { source_id?: unknown }).source_id;
    return e.reports ?? [{ weight: e.weight, severity: severityOfWeight(e.weight), note: e.note ?? "", ...(typeof task === "string" && task ? { task_id: task } : {}) }];
  };
  for (const e of list) {
    const key = `${e.from}\0${e.to}`;
    const i = e.type === "pitfall" ? at.get(key) : undefined;
    if (i === undefined) {
      if (e.type === "pitfall") at.set(key, out.length);
      out.push(e);
      continue;
    }
    const first = out[i]!;
    const reports = [...reportsOf(first), ...reportsOf(e)];
    out[i] = { ...first, weight: Math.max(first.weight, e.weight), note: reports.map((r) => r.note).join("\n"), reports };
  }
  return out;
}

/** Edges in merge order: the first (source, target) wins; dangling and misdirected edges are reported. */
function resolveEdges(m: Merging): GraphLink[] {
  const { warnings, nodes, edges } = m;
  // Targets already linked, per source: a node has few edges, so a scan beats hashing a pair key
  // (a source with many edges gets a set).
  const seen = new Map<string, string[] | Set<string>>();
  const links: GraphLink[] = [];
  for (const e of edges) {
    if (!nodes.has(e.from)) {
      warnings.push({ code: "DANGLING_EDGE", message: `edge ${e.from} -[${e.type}]-> ${e.to}: source "${e.from}" is not a node`, file: e.file, source: e.from, target: e.to, type: e.type });
      continue;
    }
    const target = nodes.get(e.to);
    if (!target) {
      warnings.push({ code: "DANGLING_EDGE", message: `edge ${e.from} -[${e.type}]-> ${e.to}: target "${e.to}" is not a node`, file: e.file, source: e.from, target: e.to, type: e.type });
      continue;
    }
    if (e.type === "pitfall" && target.domain !== "session") {
      warnings.push({ code: "PITFALL_TARGET", message: `pitfall edge ${e.from} -> ${e.to}: a pitfall edge must target a session node`, file: e.file, source: e.from, target: e.to, type: e.type });
      continue;
    }
    let targets = seen.get(e.from);
    if (targets === undefined) seen.set(e.from, (targets = []));
    else if (Array.isArray(targets) ? targets.includes(e.to) : targets.has(e.to)) {
      warnings.push({ code: "DUPLICATE_EDGE", message: `second edge ${e.from} -> ${e.to} (${e.type}) is not stored; the first one wins`, file: e.file, source: e.from, target: e.to, type: e.type });
      continue;
    }
    if (!Array.isArray(targets)) targets.add(e.to);
    else if (targets.push(e.to) > 32) seen.set(e.from, new Set(targets));
    const link: GraphLink = { source: e.from, target: e.to, type: e.type, weight: e.weight, edge_origin: e.origin };
    if (typeof e.note === "string" && e.note !== "") link.note = e.note;
    if (e.reports?.length) link.reports = e.reports.map((r) => ({ ...r }));
    links.push(link);
  }
  return links.sort((a, b) => (a.source < b.source ? -1 : a.source > b.source ? 1 : a.target < b.target ? -1 : a.target > b.target ? 1 : 0));
}

export function mergeGraph(input: MergeInput): GraphDoc {
  const m: Merging = { input, warnings: [], nodes: new Map(), shownOf: new Map(), edges: [] };
  addSources(m);
  applyOverlay(m);
  const links = resolveEdges(m);
  const sortedNodes = [...m.nodes.values()].sort(byId);
  return {
    directed: true,
    multigraph: false,
    graph: {
      akms_schema: "v2",
      generated_at: "",
      node_count: sortedNodes.length,
      edge_count: links.length,
      global_vault: input.globalVault,
      repo_id: input.repoId,
      warnings: m.warnings,
    },
    nodes: sortedNodes,
    links,
  };
}
