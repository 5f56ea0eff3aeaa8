// The overlay's merge (knowledge/graph/local_state.yaml), replayed from the evidence: the sessions
// the merged overlay holds are those of a three-way merge of the sides' session registries; they
// are applied by the update planner, in one canonical order (the documents' own dates, then their
// session ids), on the earliest overlay whose sessions all stay (the merge base's, else the
// driver's base, else one side's) — with those of its sessions that a new document sorts before
// taken out and applied again (startOf). Review decisions held in the overlay (a global node's
// `status: draft`) merge by their own rule: a decision made on one side stands; both sides
// deciding one node differently, the later recorded decision stands (the same time: a conflict, named). Pure but for the functions it is given.
import { AkmsError } from "../errors.js";
import type { Context } from "../context.js";
import { canonicalOrder, parseDocument, checkNodeRefs, type EvidenceDoc } from "../update/documents.js";
import { normalizeOverlay, overlayLimits, overlayText, sameData } from "../update/overlay-io.js";
import { planUpdate, type Replay } from "../update/plan.js";
import type { UpdateGraph } from "../update/plan-state.js";
import { standingActions, type JournalEntry } from "../review/journal.js";
import type { NodeOverride, Overlay, SessionNodeEntry } from "../schemas/overlay.js";
import { MergeConflict } from "./conflict.js";
import { rootOverlay } from "../update/unapply.js";
import { laterSessions } from "../update/in-order.js";

export interface OverlayMergeInput {
  ctx: Context;
  base: Overlay | null;
  ours: Overlay | null;
  theirs: Overlay | null;
  /** The overlay at git's merge base of the two commits, when it differs from `base` (a rebase or cherry-pick). */
  mergeBase?: { overlay: Overlay | null; bytes: Buffer } | null;
  /** The bytes of the three overlays. */
  baseBytes: Buffer;
  oursBytes: Buffer;
  theirsBytes: Buffer;
  /** An evidence document's bytes, by its content_ref (inside knowledge/) and sha256; null when none has them. */
  document(contentRef: string, sha: string): Buffer | null;
  /** The graph the merged sources give under `root` (the overlay the replay starts from). */
  graph(root: { overlay: Overlay | null; bytes: Buffer }): UpdateGraph;
  /** Review journal entries each side added since the base. */
  decisions: { ours: readonly JournalEntry[]; theirs: readonly JournalEntry[] };
  /** The overlay's repository path, as the journal names it. */
  overlayPath: string;
  /** A rebase: git's "ours" is the branch rebased onto, "theirs" the commit being replayed. */
  rebase?: boolean;
}

export interface OverlayMergeResult {
  bytes: Buffer;
  /** Sessions replayed, in the order applied. */
  replayed: string[];
  /** Which overlay the replay started from. */
  root: "merge-base" | "base" | "ours" | "theirs";
  /** Review decisions the two sides made differently, and which one stands. */
  decided: string[];
}

type Sessions = Record<string, SessionNodeEntry>;
const sessionsOf = (o: Overlay | null): Sessions => (o?.session_nodes ?? {}) as Sessions;

/**
 * How to keep one side's overlay without losing the other's evidence: for each side, the git
 * commands that take it, and the `akms update` that applies the documents only the other side
 * applied (named, in the canonical order's paths) — a hint followed literally keeps every document.
 * In a rebase, git's "ours" is the branch rebased onto and "theirs" your commit, said so.
 */
function keepOneSide(input: OverlayMergeInput, skip: ReadonlySet<string> = new Set()): string {
  const [a, b] = [sessionsOf(input.ours), sessionsOf(input.theirs)];
  const only = (x: Sessions, y: Sessions) => Object.keys(x).filter((id) => !(id in y) && !skip.has(id)).sort().map((id) => `knowledge/${x[id]!.content_ref}`);
  const file = input.overlayPath;
  const side = (which: "ours" | "theirs", missing: string[]) => {
    const name = input.rebase ? (which === "ours" ? "ours (in a rebase: the branch you rebase onto)" : "theirs (in a rebase: your commit being replayed)") : which;
    const take = `\`git checkout --${which} -- ${file} && git add ${file}\``;
    return `to keep ${name}: ${take}${missing.length ? `, then \`akms update ${missing.join(" ")}\` (the other side's evidence)` : ""}`;
  };
  return `${side("ours", only(b, a))}; ${side("theirs", only(a, b))}. Then \`akms check\` says whether any committed evidence is still unapplied`;
}

/** The sessions a three-way merge keeps: in both sides, or added by one (since the base). */
function keptSessions(base: Sessions, ours: Sessions, theirs: Sessions): Set<string> {
  const keep = new Set<string>();
  for (const id of Object.keys(ours)) if (id in theirs || !(id in base)) keep.add(id);
  for (const id of Object.keys(theirs)) if (!(id in base)) keep.add(id);
  return keep;
}

/** One session applied from two different documents on the two sides: never merged silently. */
function checkSameEvidence(input: OverlayMergeInput, base: Sessions, ours: Sessions, theirs: Sessions): void {
  const clash = Object.keys(ours).filter((id) => !(id in base) && id in theirs && ours[id]!.source_hash !== theirs[id]!.source_hash);
  if (!clash.length) return;
  throw new MergeConflict(`${clash.join(", ")} ${clash.length === 1 ? "was" : "were"} applied from a different document on each side`, {
    hint: `two tasks (or phases) share an id across the branches: give the other side's document its own task id, then ${keepOneSide(input, new Set(clash))}`,
    names: clash,
  });
}

function pickRoot(input: OverlayMergeInput, keep: ReadonlySet<string>): { overlay: Overlay | null; bytes: Buffer; label: OverlayMergeResult["root"] } | null {
  const within = (o: Overlay | null) => Object.keys(sessionsOf(o)).every((id) => keep.has(id));
  const mb = input.mergeBase;
  if (mb && within(mb.overlay)) return { ...mb, label: "merge-base" };
  if (within(input.base)) return { overlay: input.base, bytes: input.baseBytes, label: "base" };
  // A side that lacks some of the base's evidence (a cherry-pick onto another line, a revert):
  // the replay adds the other side's new evidence to it.
  if (within(input.ours)) return { overlay: input.ours, bytes: input.oursBytes, label: "ours" };
  if (within(input.theirs)) return { overlay: input.theirs, bytes: input.theirsBytes, label: "theirs" };
  return null;
}

/** The documents to replay, read and validated, in the canonical order; `missing` "skip": one neither side has is left out instead of a conflict. */
function replayDocuments(input: OverlayMergeInput, ids: readonly string[], records: Sessions, missing: "conflict" | "skip" = "conflict"): EvidenceDoc[] {
  const docs: EvidenceDoc[] = [];
  for (const id of ids) {
    const rec = records[id]!;
    const shown = `knowledge/${rec.content_ref}`;
    const sha = typeof rec.source_hash === "string" ? rec.source_hash : "";
    const bytes = sha ? input.document(rec.content_ref, sha) : null;
    if (!bytes) {
      if (missing === "skip") continue;
      throw new MergeConflict(`the evidence of ${id} is missing: ${shown}${sha ? ` (sha256 ${sha.slice(0, 12)}…)` : ""} is in neither side's commit`, {
        file: shown,
        hint: `commit ${shown} on the branch that applied it (the overlay's session registry names it), then merge again; or take one side's overlay and apply the document with \`akms update\``,
        names: [id],
      });
    }
    try {
      docs.push(parseDocument(bytes, `${input.ctx.paths.knowledge}/${rec.content_ref}`, shown));
    } catch (e) {
      if (!(e instanceof AkmsError)) throw e;
      throw new MergeConflict(`the evidence of ${id} (${shown}) does not validate: ${e.message}`, { file: shown, hint: "fix the document on its branch (`akms validate` names the field), then merge again", names: [id] });
    }
  }
  return canonicalOrder(docs);
}

/**
 * The overlay the replay starts from, so that all the evidence is applied in the canonical order:
 * the root's, unless a new document sorts before some the root applied already (a branch that left
 * before the other side's older evidence came in) — then those are taken out of it (rootOverlay,
 * as `akms check`'s replay takes documents out) and applied `again`, in order with the new ones —
 * the sessions `akms update` takes out alike (laterSessions, core/update/in-order.ts).
 */
function startOf(input: OverlayMergeInput, root: { overlay: Overlay | null; bytes: Buffer }, records: Sessions, fresh: readonly EvidenceDoc[], limits: ReturnType<typeof overlayLimits>): { overlay: Overlay | null; bytes: Buffer; again: EvidenceDoc[] } {
  const first = fresh[0];
  const kept = { ...root, again: [] };
  if (first === undefined || root.overlay === null) return kept;
  // One whose document neither side has (pruned) cannot be applied again: it stays in the root.
  const recorded = Object.fromEntries(Object.entries(sessionsOf(root.overlay)).filter(([id]) => records[id] !== undefined));
  const again = laterSessions(recorded, first, (id) => replayDocuments(input, [id], records, "skip")[0]);
  if (!again.length) return kept;
  const overlay = normalizeOverlay(rootOverlay(root.overlay, again), limits);
  return { overlay, bytes: Buffer.from(overlayText(overlay), "utf8"), again };
}

const drafted = (o: Overlay | null, id: string) => o?.nodes?.[id]?.status === "draft";

/** The global nodes a side drafted or undrafted (or undid that of) since the base, by its journal. */
function decidedIds(entries: readonly JournalEntry[], overlayPath: string): Set<string> {
  return new Set(entries.filter((e) => e.files.some((f) => f.path === overlayPath)).map((e) => e.id));
}

/**
 * A side's last standing draft/undraft of `id` since the base (an undone one does not stand), as
 * the merged journal orders them: its time.
 */
function lastDecision(entries: readonly JournalEntry[], id: string, overlayPath: string): JournalEntry | null {
  const mine = standingActions(entries).filter((e) => e.id === id && (e.action === "draft" || e.action === "undraft") && e.files.some((f) => f.path === overlayPath));
  return mine.at(-1) ?? null;
}

/**
 * The draft overrides of the merge: a side's change stands. Two sides deciding one node
 * differently: the recorded decisions are replayed in the journal's time order, so the later one
 * stands — what the merged journal's last decision says, which `akms check` holds the overlay to;
 * decisions of the same time (or one side's all undone) are a person's to choose, a conflict, named.
 * Returns what it decided, for the driver's message.
 */
function mergeDrafts(input: OverlayMergeInput, nodes: Record<string, NodeOverride>): string[] {
  const decided: string[] = [];
  const ids = new Set<string>();
  for (const o of [input.base, input.ours, input.theirs]) for (const [id, e] of Object.entries(o?.nodes ?? {})) if (e?.status === "draft") ids.add(id);
  const decidedOurs = decidedIds(input.decisions.ours, input.overlayPath);
  const decidedTheirs = decidedIds(input.decisions.theirs, input.overlayPath);
  const clash: string[] = [];
  for (const id of [...ids].sort()) {
    const [o, a, b] = [drafted(input.base, id), drafted(input.ours, id), drafted(input.theirs, id)];
    let on = a === b ? a : a === o ? b : a;
    if (a !== b && decidedOurs.has(id) && decidedTheirs.has(id)) {
      const [la, lb] = [lastDecision(input.decisions.ours, id, input.overlayPath), lastDecision(input.decisions.theirs, id, input.overlayPath)];
      if (la && lb && la.at !== lb.at) {
        const [later, side] = la.at > lb.at ? [la, "ours"] : [lb, "theirs"];
        on = later.action === "draft";
        decided.push(`${id}: the later review decision stands (\`akms ${later.action}\` on ${side} at ${later.at})`);
      } else clash.push(`${id} (${a ? "drafted" : "undrafted"} on ours, ${b ? "drafted" : "undrafted"} on theirs${la && lb ? `, both at ${la.at}` : ""})`);
    }
    const rest: NodeOverride = { ...(nodes[id] ?? {}) };
    if (on) nodes[id] = { ...rest, status: "draft" };
    else {
      delete rest.status;
      if (Object.keys(rest).length) nodes[id] = rest;
      else delete nodes[id];
    }
  }
  if (clash.length) {
    throw new MergeConflict(`conflicting review decisions: ${clash.join("; ")}`, {
      hint: `decide the node once: ${keepOneSide(input)}; then \`akms draft\` or \`akms undraft\` it as the team agrees`,
      names: clash.map((c) => c.split(" ")[0]!),
    });
  }
  return decided;
}

/** Top-level keys other than the sections the replay writes: a side's change stands (ours when both changed). */
function mergeOthers(input: OverlayMergeInput, out: Record<string, unknown>): void {
  const skip = new Set(["nodes", "session_nodes", "local_edges", "akms_schema", "processed_sources"]);
  // The applied-documents ledger is a set nothing removes: both sides' and the replay's, sorted as the update writes it.
  const ledger = new Set([input.ours, input.theirs, out as Overlay].flatMap((o) => (o?.processed_sources ?? []) as string[]));
  if (ledger.size) out.processed_sources = [...ledger].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const keys = new Set([input.base, input.ours, input.theirs].flatMap((o) => Object.keys(o ?? {})));
  for (const k of keys) {
    if (skip.has(k)) continue;
    const [o, a, b] = [input.base, input.ours, input.theirs].map((x) => (x as Record<string, unknown> | null)?.[k]);
    const v = sameData(a, o) ? b : a;
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
}

export function mergeOverlays(input: OverlayMergeInput): OverlayMergeResult {
  const [sb, sa, st] = [sessionsOf(input.base), sessionsOf(input.ours), sessionsOf(input.theirs)];
  checkSameEvidence(input, sb, sa, st);
  const keep = keptSessions(sb, sa, st);
  const root = pickRoot(input, keep);
  if (!root) {
    const gone = Object.keys(sb).filter((id) => !keep.has(id));
    throw new MergeConflict(`both sides dropped applied evidence the base holds (${gone.join(", ")}): the overlay cannot be replayed`, {
      hint: `applied evidence is never removed by akms: ${keepOneSide(input)}`,
      names: gone,
    });
  }
  const rootSessions = sessionsOf(root.overlay);
  const records: Sessions = { ...st, ...sa };
  const cfg = input.ctx.cfg.config;
  const limits = overlayLimits(cfg.graph);
  const fresh = replayDocuments(input, [...keep].filter((id) => !(id in rootSessions)), records);
  const start = startOf(input, root, records, fresh, limits);
  const docs = canonicalOrder([...start.again, ...fresh]);
  const graph = input.graph(start);
  let data: Overlay;
  if (docs.length) {
    try {
      checkNodeRefs(docs, graph.nodes);
    } catch (e) {
      if (!(e instanceof AkmsError)) throw e;
      throw new MergeConflict(`the evidence cannot be replayed on the merged knowledge: ${e.message}`, { file: e.file, hint: "a node the evidence names is not in the merged tree: restore it on its branch, then merge again", names: docs.map((d) => d.sessionId) });
    }
    const replay: Replay = { sessions: new Map(docs.map((d) => [d.sessionId, records[d.sessionId]!])) };
    const state = start.overlay ? { overlay: structuredClone(start.overlay), bytes: start.bytes, sha256: "", canonical: false } : null;
    const plan = planUpdate(input.ctx, docs, graph, state, true, replay);
    data = plan.overlay?.data ?? normalizeOverlay(state?.overlay ?? { akms_schema: "v2" }, limits);
  } else data = normalizeOverlay(structuredClone(start.overlay ?? { akms_schema: "v2" }), limits);
  const nodes = { ...(data.nodes ?? {}) };
  const decided = mergeDrafts(input, nodes);
  const out = { ...data, nodes } as Record<string, unknown>;
  mergeOthers(input, out);
  return { bytes: Buffer.from(overlayText(normalizeOverlay(out as Overlay, limits)), "utf8"), replayed: docs.map((d) => d.sessionId), root: root.label, decided };
}
