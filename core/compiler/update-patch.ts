// The recompile after `akms update`, without the merge: graph.json written from the store's index
// of the previous one with exactly what the update changed — the overlay entries it touched, the
// session nodes it added, the pitfall edges it appended, the local node files it created — when the
// result is provably what the full compile (mergeGraph, then pyjson) writes. The previous graph.json
// must be the last build's output, indexed, and every file the update overwrote must have been,
// before it did, exactly as that build recorded it; each node in the index is its merged node as
// graph.json holds it, so a node whose overlay entry changed is that node with the entry's values
// set, written again.
// Anything this cannot be sure of — a warning the change would add or remove, an id taken, a file
// not as recorded, a key the merge reads elsewhere, a head other than the manifest's — returns
// null, and the caller compiles in full.
import { readFileSync } from "node:fs";
import { basename, dirname, isAbsolute, relative } from "node:path";
import type { Context } from "../context.js";
import type { LocalEdge, Overlay } from "../schemas/overlay.js";
import { pyJsonText } from "../pyjson.js";
import { graphTextFrom, headOf, headerText } from "../graph-file/layout.js";
import { attemptPatch, sure, type PatchCounts } from "../graph-file/patch.js";
import { appliedKeys, applyOverride, draftedBy, sessionGraphNode, toGraphNode, withProvenance } from "./merge.js";
import { NODE_DEPTH, type BuildWarning, type GraphNode } from "../graph-file/doc.js";
import { readNode, type Origin } from "./sources.js";
import type { DirRecord } from "./source-index.js";
import { STAT_WIDTH, sameStatAt, type FileStats } from "../store/freshness.js";
import type { RefCheck } from "./content-refs.js";
import type { GraphIndex, GraphLink } from "../graph.js";
import { outLinksText } from "../store/graph-index.js";
import { byTarget, type PlanChange } from "../store/graph-delta.js";

/** What an update changed, as its planner knows it (see KnownWrites.update). */
export interface UpdateDelta {
  /** Overlay `nodes` entries changed or added, each with its entry as read before (undefined: none). */
  nodes: ReadonlyMap<string, Readonly<Record<string, unknown>> | undefined>;
  /** Session entries added (no entry with these ids existed). */
  sessions: readonly string[];
  /** How many `nodes` and `session_nodes` entries the overlay held before (none was removed). */
  counts: { nodes: number; sessions: number };
  /** The local_edges the update added (the overlay holds these and those the graph has). */
  edges: readonly LocalEdge[];
  /** The files it overwrote, as they were before: stat (size, mtimeMs, ctimeMs, ino; -1s: missing) and sha256. */
  before: readonly { path: string; stat: readonly number[]; sha: string }[];
  /** Local node files it created. */
  created: readonly string[];
  /** Local node files it appended a section to: frontmatter and content_draft presence unchanged (the planner checks). */
  appended: readonly string[];
  /** False when the planner saw something this patch does not model: compile in full. */
  exact: boolean;
}

export interface PatchInput {
  ctx: Context;
  delta: UpdateDelta;
  /** The overlay as written (used only if the file holds exactly these bytes). */
  overlay: { bytes: Buffer | string; data: Overlay };
  /** Every file the update wrote. */
  written: readonly string[];
  /** The directories of each root (vault, local nodes, code mirror) as the last build recorded them, and as listed now. */
  recordedDirs: readonly (readonly DirRecord[])[];
  dirs: readonly (readonly DirRecord[])[];
  /** The stats the last build recorded: its listing's files in order, then the overlay, then the config. */
  recordedStats: FileStats;
  /** The store's index of graph.json as it is now (the last build's output). */
  graph: GraphIndex;
  warnings: readonly BuildWarning[];
  nodeCount: number;
  edgeCount: number;
  globalVault: string;
  /** Whether a node of `origin` with content_ref `ref` resolves (the compile's own check). */
  contentRefOk: (origin: Origin, ref: string) => boolean;
  /** Whether every content_ref the last build checked resolves as it did (content-refs.ts). */
  refsHold: () => boolean;
}

export interface Patched {
  /** graph.json with generated_at blank: the head as a string (stampGeneratedAt applies), then bytes and text. */
  chunks: [string, ...(string | Buffer)[]];
  nodeCount: number;
  edgeCount: number;
  /** The content_refs of the nodes added (each resolves: the patch checked it). */
  refs: RefCheck[];
  /** The nodes and links it changed, for the graph index's delta (store/graph-delta.ts). */
  plan: PlanChange;
}

/** The override keys an update writes; a change to any other key (domain, id…) is read by the merge elsewhere. */
const PATCHABLE = new Set(["confidence", "activations", "last_activated", "activated_by_tasks", "session_refs", "status", "history"]);

function inside(root: string, file: string): boolean {
  const rel = relative(root, file);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/** Directory records with the same paths, names and subdirectories. */
function sameDirs(a: readonly DirRecord[], b: readonly DirRecord[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y && (x.path !== y.path || !sameNames(x.mds, y.mds) || !sameNames(x.subdirs, y.subdirs))) return false;
  }
  return true;
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((n, i) => n === b[i]);
}

/** How often this process patched, and fell back to the full compile (for the tests). */
export const patchCounts: PatchCounts = { patched: 0, fallback: 0 };

/** graph.json patched for the update, or null when only a full compile can be sure. */
export function patchForUpdate(input: PatchInput): Patched | null {
  return attemptPatch("update", patchCounts, () => (input.delta.exact ? patch(input) : null));
}

/**
 * The update wrote only what the patch models: the overlay (exactly these bytes), local node files
 * created or appended to, files outside every node root — and each file it overwrote was, before,
 * what the last build compiled.
 */
function checkWrites(input: PatchInput): void {
  const { ctx, delta, recordedStats } = input;
  const paths = ctx.paths;
  // The files written: the overlay (exactly the bytes given), local node files created or
  // appended to, and files outside every node root (session copies).
  const created = new Set(delta.created);
  const appended = new Set(delta.appended);
  for (const f of input.written) {
    if (f === paths.overlay || created.has(f) || appended.has(f)) continue;
    sure(!inside(ctx.vault.path, f) && !inside(paths.localNodes, f) && !inside(paths.codeMirror, f) && f !== paths.config);
  }
  const want = typeof input.overlay.bytes === "string" ? Buffer.from(input.overlay.bytes, "utf8") : input.overlay.bytes;
  sure(readFileSync(paths.overlay).equals(want));
  for (const f of created) {
    sure(dirname(f) === paths.localNodes && f.endsWith(".md") && !basename(f).startsWith("."));
  }

  // The listing is the recorded one plus the local node files created, nothing else: every
  // directory as recorded, but local-nodes/, which holds the new names besides its old ones.
  const [vaultDirs, localDirs, mirrorDirs] = input.dirs as [readonly DirRecord[], readonly DirRecord[], readonly DirRecord[]];
  const [vaultWas, localWas, mirrorWas] = input.recordedDirs as [readonly DirRecord[], readonly DirRecord[], readonly DirRecord[]];
  sure(sameDirs(vaultDirs, vaultWas) && sameDirs(mirrorDirs, mirrorWas));
  // (A root directory that does not exist has no record.)
  sure(localDirs.length <= 1 && localWas.length <= 1 && [...localDirs, ...localWas].every((d) => d.path === paths.localNodes && d.subdirs.length === 0));
  const localNames = localDirs[0]?.mds ?? [];
  const localWasNames = localWas[0]?.mds ?? [];
  const names = new Set(localNames);
  for (const f of created) sure(names.has(basename(f)));
  sure(localNames.length === localWasNames.length + created.size);
  for (const n of localWasNames) sure(names.has(n));

  // Every file it overwrote was, before, what the last build compiled (files are recorded in
  // listing order: the vault's, the local nodes', the mirrors', then the overlay and the config).
  let vaultFiles = 0;
  let mirrorFiles = 0;
  for (const d of vaultWas) vaultFiles += d.mds.length;
  for (const d of mirrorWas) mirrorFiles += d.mds.length;
  const indexOf = (file: string): number => {
    if (file === paths.overlay) return vaultFiles + localWasNames.length + mirrorFiles;
    sure(dirname(file) === paths.localNodes && appended.has(file));
    const i = localWasNames.indexOf(basename(file));
    sure(i >= 0);
    return vaultFiles + i;
  };
  sure(recordedStats.stats.length === (vaultFiles + localWasNames.length + mirrorFiles + 2) * STAT_WIDTH);
  const overwritten = new Set<string>();
  for (const b of delta.before) {
    const i = indexOf(b.path);
    sure(sameStatAt(recordedStats.stats, i, b.stat));
    const h = recordedStats.racy.get(i);
    sure(h === undefined || h === b.sha);
    overwritten.add(b.path);
  }
  sure(overwritten.has(paths.overlay));
  for (const f of appended) sure(overwritten.has(f));
}

type Added = Map<string, { node: GraphNode; declared: ReturnType<typeof toGraphNode> }>;

function checkEntry(before: Readonly<Record<string, unknown>> | undefined, after: Readonly<Record<string, unknown>>): void {
  for (const k of appliedKeys(before)) sure(after[k] !== undefined);
  for (const k of new Set([...Object.keys(before ?? {}), ...Object.keys(after)])) {
    sure(PATCHABLE.has(k) || JSON.stringify(before?.[k]) === JSON.stringify(after[k]));
  }
}

/** New nodes: the local node files created, then the session entries added (each id new to the graph and its warnings). */
function addedNodes(input: PatchInput, refs: RefCheck[]): Added {
  const { delta } = input;
  const ov = input.overlay.data;
  // Ids the previous warnings name: a node added with one of them could resolve or raise a warning.
  const named = new Set<string>();
  for (const w of input.warnings) for (const id of [w.node, w.source, w.target]) if (id !== undefined) named.add(id);
  const added: Added = new Map();
  const fresh = (id: string) => {
    sure(!added.has(id) && !named.has(id) && !input.graph.nodes.has(id));
  };
  const drafted = draftedBy(ov.session_nodes);
  for (const file of delta.created) {
    const r = readNode({ file, shown: `knowledge/local-nodes/${basename(file)}` }, "local");
    sure(r.node !== undefined && !r.problems.length && !r.node.missingDraft && !r.node.missingSummary);
    const data = r.node.data;
    const id = r.node.id;
    fresh(id);
    const ref = data.content_ref;
    sure(!(typeof ref === "string" && ref && !input.contentRefOk("local", ref)));
    if (typeof ref === "string" && ref) refs.push([0, ref, 1]);
    const declared = toGraphNode(data, "local");
    withProvenance(data, drafted); // the session that created it (merge.ts draftedBy), as the full compile says
    const entry = ov.nodes?.[id];
    if (entry !== undefined) {
      sure(delta.nodes.has(id) && delta.nodes.get(id) === undefined && data.auto_update !== true);
      checkEntry(undefined, entry);
      applyOverride(data, entry);
    }
    added.set(id, { node: data as GraphNode, declared });
  }
  for (const id of delta.sessions) {
    const entry = ov.session_nodes?.[id];
    sure(entry !== undefined && !delta.nodes.has(id));
    fresh(id);
    added.set(id, { node: sessionGraphNode(id, entry), declared: undefined });
  }
  return added;
}

/** The changed overlay entries' nodes: their node in graph.json with the entry applied, where that changes its text. */
function changedNodeTexts(input: PatchInput, added: Added, texts: Map<string, string>, plan: PlanChange): void {
  const ov = input.overlay.data;
  for (const [id, before] of input.delta.nodes) {
    if (added.has(id)) continue;
    const after = ov.nodes?.[id];
    sure(after !== undefined);
    checkEntry(before, after);
    const node = input.graph.nodes.get(id);
    sure(node !== undefined && node.auto_update !== true);
    const copy = structuredClone(node) as Record<string, unknown>; // the index's node is shared
    applyOverride(copy, after);
    const next = pyJsonText(copy, NODE_DEPTH);
    if (next !== pyJsonText(node, NODE_DEPTH)) {
      texts.set(id, next);
      plan.nodes.set(id, copy);
    }
  }
}

/**
 * New links, in merge order: the created nodes' declared edges, then the local_edges added. Each
 * must be stored (no dangling, misdirected or duplicate edge: those are warnings). Returns each
 * source's out-links' text with them (graph.json orders a node's out-links by target).
 */
function newLinkTexts(input: PatchInput, added: Added, plan: PlanChange): Map<string, string> {
  const g = input.graph;
  const domainOf = (id: string): unknown => {
    const a = added.get(id);
    if (a !== undefined) return a.node.domain;
    const n = g.nodes.get(id);
    sure(n !== undefined);
    return n.domain;
  };
  const outs = new Map<string, GraphLink[]>();
  const link = (e: { from: string; to: string; type: string; weight: number; note?: string | null; reports?: readonly object[] }) => {
    let out = outs.get(e.from);
    if (out === undefined) outs.set(e.from, (out = [...(g.out.get(e.from) ?? [])]));
    sure(!out.some((l) => l.target === e.to));
    const target = domainOf(e.to);
    domainOf(e.from);
    sure(e.type !== "pitfall" || target === "session");
    const l: Record<string, unknown> = { source: e.from, target: e.to, type: e.type, weight: e.weight, edge_origin: "local" };
    if (typeof e.note === "string" && e.note !== "") l.note = e.note;
    if (e.reports?.length) l.reports = e.reports.map((r) => ({ ...r }));
    out.push(l as unknown as GraphLink);
    plan.links.push(l as unknown as GraphLink);
  };
  for (const [id, a] of [...added].sort((x, y) => (x[0] < y[0] ? -1 : 1))) for (const e of a.declared ?? []) link({ from: id, ...e });
  for (const e of input.delta.edges) link(e);
  const texts = new Map<string, string>();
  for (const [source, out] of outs) texts.set(source, outLinksText(out.sort(byTarget)));
  return texts;
}

function patch(input: PatchInput): Patched {
  const { ctx, delta, graph } = input;
  const ov = input.overlay.data;
  checkWrites(input);
  const repoId = (ov.repo_id as string | undefined) || basename(ctx.repo);
  const header = (nodeCount: number, edgeCount: number) => ({ nodeCount, edgeCount, globalVault: input.globalVault, repoId, warnings: input.warnings });
  sure(headOf(graph.attrs) === headerText(header(input.nodeCount, input.edgeCount)));
  // Every content_ref resolves as the last build found (a file the update copied may be one).
  sure(input.refsHold());
  // Entries only changed or added: none removed.
  let addedEntries = 0;
  for (const before of delta.nodes.values()) if (before === undefined) addedEntries++;
  sure(Object.keys(ov.nodes ?? {}).length === delta.counts.nodes + addedEntries);
  sure(Object.keys(ov.session_nodes ?? {}).length === delta.counts.sessions + delta.sessions.length);

  const refs: RefCheck[] = [];
  const added = addedNodes(input, refs);
  const plan: PlanChange = { nodes: new Map([...added].map(([id, a]) => [id, a.node as Record<string, unknown>])), links: [] };
  const texts = new Map<string, string>();
  changedNodeTexts(input, added, texts, plan);
  for (const [id, a] of added) texts.set(id, pyJsonText(a.node, NODE_DEPTH));
  const links = newLinkTexts(input, added, plan);
  const nodeCount = input.nodeCount + added.size;
  const edgeCount = input.edgeCount + plan.links.length;
  const chunks = graphTextFrom(headerText(header(nodeCount, edgeCount)), graph.linksText(links), graph.nodesText(texts));
  return { chunks, nodeCount, edgeCount, refs, plan };
}
