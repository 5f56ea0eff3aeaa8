// The rebuild after a few node files were edited, without the merge: graph.json written from the
// store's index of the previous one with the edited nodes' new text, when the edits cannot change
// anything but the edited nodes' own text there. An edited file's previous value is its
// parse-cache record at the stat the last build recorded; when its new value reads the same for
// everything the merge reads (id, edges, content_ref, domain, auto_update) and its body flag
// (content_draft, `## Summary`) is unchanged, no other node, link or warning can change — provided
// no warning says its id is taken twice and no overlay entry sets a content_ref (the caller has
// checked that every content_ref still resolves, or not, as the last build found). Then the node's
// text in graph.json is its new text, with its overlay entry applied as merge step 4 does, and the
// result is byte for byte what the full compile writes (the tests hold it to `--no-cache` builds).
// Anything else returns null, and the caller compiles in full.
import type { PlanChange } from "../store/graph-delta.js";
import type { GraphIndex } from "../store/graph-index.js";
import type { Context } from "../context.js";
import { displayPath } from "../paths.js";
import { graphTextFrom, headOf } from "../graph-file/layout.js";
import { attemptPatch, sure, type PatchCounts } from "../graph-file/patch.js";
import { applyOverride, draftedBy, withProvenance } from "./merge.js";
import { NODE_DEPTH, type BuildWarning } from "../graph-file/doc.js";
import { pyJsonText } from "../pyjson.js";
import { bodyFlag, renderNodeValue } from "./node-value.js";
import { jsonSafe } from "../store/records.js";
import { findRecords, keyText, withRacy } from "./parse-cache.js";
import { readNode, type Listed, type Origin } from "./sources.js";
import { STAT_WIDTH, contentSha, sameStatAt, type FileStats } from "../store/freshness.js";
import { storedOverlay } from "../overlay-file.js";

/** More edited files than this compile in full (the patch's checks are per file). */
export const MAX_EDITED = 64;

export interface EditPatchInput {
  ctx: Context;
  /** The listed node files by origin, in listing order (the stats follow the same order). */
  jobs: readonly { origin: Origin; items: readonly Listed[] }[];
  /** Every listed file, then the overlay, then the config. */
  files: readonly string[];
  /** Their stats now, and as the last build recorded them. */
  stats: FileStats;
  recorded: FileStats;
  /** The last build's warnings (graph.json is that build's output: its manifest says so). */
  warnings: readonly BuildWarning[];
  identity: string;
  cacheDir: string;
  /** The store's index of graph.json as it is now (the last build's output). */
  graph: GraphIndex;
}

export interface EditPatched {
  /** graph.json with generated_at blank: the head as a string, then bytes and text. */
  chunks: [string, ...(string | Buffer)[]];
  /** The edited files' parse-cache records (for addRecords, once graph.json is written). */
  records: { key: string; value: string }[];
  /** The nodes it changed, for the graph index's delta (store/graph-delta.ts). */
  plan: PlanChange;
}

/** How often this process patched, and fell back to the full compile (for the tests). */
export const editPatchCounts: PatchCounts = { patched: 0, fallback: 0 };

/** Warnings that say a node's id is declared twice: which file won is the merge's to say. */
const TAKEN = new Set(["DUPLICATE_ID", "ID_COLLISION", "SESSION_ID_TAKEN"]);

/** graph.json patched for the edited node files, or null when only a full compile can be sure. */
export function patchForEdit(input: EditPatchInput): EditPatched | null {
  return attemptPatch("edit", editPatchCounts, () => patch(input));
}

/** Whether file `i` holds what the last build compiled: its stat, and its hash when that stat was racy. */
function unchanged(input: EditPatchInput, i: number): boolean {
  if (!sameStatAt(input.stats.stats, i, input.recorded.stats, i)) return false;
  const h = input.recorded.racy.get(i);
  return h === undefined || contentSha(input.files[i]!) === h;
}

/** A cache value without its racy hash, when that hash is the one recorded for file `i`. */
function plainValue(value: string | undefined, recorded: FileStats, i: number): string {
  sure(value !== undefined);
  if (value.charCodeAt(0) !== 0x23) return value;
  sure(value.slice(1, 65) === recorded.racy.get(i));
  return value.slice(65);
}

function patch(input: EditPatchInput): EditPatched | null {
  const { ctx, files, stats, recorded } = input;
  const count = files.length - 2;
  sure(stats.stats.length === files.length * STAT_WIDTH && recorded.stats.length === stats.stats.length);
  // The overlay and the config as compiled; only node files changed, and not too many.
  sure(unchanged(input, count) && unchanged(input, count + 1));
  const where: { origin: Origin; item: Listed }[] = [];
  for (const job of input.jobs) for (const item of job.items) where.push({ origin: job.origin, item });
  sure(where.length === count);
  const edited: number[] = [];
  for (let i = 0; i < count; i++) {
    if (unchanged(input, i)) continue;
    sure(edited.push(i) <= MAX_EDITED && stats.stats[i * STAT_WIDTH]! >= 0);
  }
  if (edited.length === 0) return null;

  // The edited files' previous values from the parse cache; the overlay (unchanged) through the store.
  const oldKeys = edited.map((i) => keyText(where[i]!.item.file, where[i]!.origin, where[i]!.item.shown, recorded.stats, i));
  const found = findRecords(input.cacheDir, input.identity, oldKeys);
  const ov = storedOverlay(ctx.paths, displayPath(ctx.repo, ctx.paths.overlay));
  sure(!ov.problems.length); // (no overlay at all: as when the last build ran)
  const overlay: { nodes?: Record<string, Record<string, unknown>> | null; session_nodes?: Record<string, unknown> | null } = ov.overlay ?? {};
  const overrides = overlay.nodes ?? {};
  const drafted = draftedBy(overlay.session_nodes);
  // An override of content_ref would hide the value the merge checked behind the one graph.json shows.
  for (const id in overrides) sure(!Object.hasOwn(overrides[id] ?? {}, "content_ref"));
  const taken = new Set<string>();
  for (const w of input.warnings) if (TAKEN.has(w.code) && w.node !== undefined) taken.add(w.node);

  const g = input.graph;
  const texts = new Map<string, string>();
  const records: EditPatched["records"] = [];
  const plan: PlanChange = { nodes: new Map(), links: [] };
  const ids = new Set<string>();
  edited.forEach((i, k) => {
    const { origin, item } = where[i]!;
    const old = plainValue(found[k], recorded, i);
    const r = readNode(item, origin);
    sure(r.node !== undefined && !r.problems.length && jsonSafe(r.node.data));
    const value = bodyFlag(r.node) + renderNodeValue(r.node.data, origin, false).value;
    const tab = value.indexOf("\t");
    // The body flag (the content_draft and `## Summary` warnings) and what the merge reads, unchanged.
    sure(tab > 0 && old.slice(0, tab + 1) === value.slice(0, tab + 1));
    const id = r.node.id;
    sure(!ids.has(id) && !taken.has(id) && !Object.hasOwn(overlay.session_nodes ?? {}, id));
    ids.add(id);
    // The node as graph.json holds it: its text, with its overlay entry applied (merge step 4).
    const entry = Object.hasOwn(overrides, id) ? overrides[id] : undefined;
    const merged = (text: string): string => {
      const provenance = drafted.has(id) && origin === "local";
      if ((entry === undefined || entry === null) && !provenance) return text;
      const node = JSON.parse(text) as Record<string, unknown>;
      const derived = provenance && withProvenance(node, drafted); // the session that drafted it (merge.ts draftedBy)
      if (entry === undefined || entry === null || node.auto_update === true) return derived ? pyJsonText(node, NODE_DEPTH) : text; // an auto_update node's entry is ignored (a warning says so)
      applyOverride(node, entry);
      return pyJsonText(node, NODE_DEPTH);
    };
    const was = g.nodes.get(id);
    sure(was !== undefined);
    const wasText = pyJsonText(was, NODE_DEPTH);
    sure(wasText === merged(old.slice(tab + 1)));
    const text = merged(value.slice(tab + 1));
    if (text !== wasText) {
      texts.set(id, text);
      plan.nodes.set(id, JSON.parse(text) as Record<string, unknown>);
    }
    records.push({ key: keyText(item.file, origin, item.shown, stats.stats, i), value: withRacy(stats, i, value) });
  });

  const chunks = graphTextFrom(headOf(g.attrs), g.linksText(), g.nodesText(texts));
  return { chunks, records, plan };
}
