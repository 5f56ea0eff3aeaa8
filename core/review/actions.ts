// The review actions shared by the CLI and the console (DESIGN §4 Review actions): promote, draft,
// undraft, dedup accept / reject, undo. Each one, under the repository lock:
//  - resolves the id to the one file it may change (a local node file, or local_state.yaml for a
//    global node's per-repository draft override — the global vault is never written);
//  - refuses (StaleWriteError) when that file no longer has the sha256 the caller saw;
//  - changes only the bytes it must, writes atomically, recompiles graph.json, and journals the
//    before/after sha256 and prior bytes of every file in knowledge/graph/review_log.jsonl;
//  - on any failure restores every file it wrote, so nothing is left half-done.
// Nothing here ever promotes on its own (FR-M05): every action is one explicit human request.
import { homedir } from "node:os";
import { existsSync, lstatSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import type { Context } from "../context.js";
import { AkmsError, isStoreDamaged, NotFoundError, StaleWriteError, StateError, ValidationError } from "../errors.js";
import { readBytesIfExists, readTextIfExists, removeFile, sha256 } from "../fsx.js";
import { withLock } from "../lock.js";
import { shellWord } from "../shell-word.js";
import { journalPromotions, promotedOutsideReview } from "./self-promotion.js";
import { displayPath, resolveInside } from "../paths.js";
import { nowIso } from "../clock.js";
import { parseFrontmatter } from "../frontmatter.js";
import { ID_PATTERN } from "../schemas/common.js";
import { EXPERIENTIAL_FIELDS } from "../schemas/node.js";
import { recompile, sameGraphInput, together, type GraphChange } from "./recompile.js";
import { buildLocked, manifestBeforeWrites, type ManifestBase } from "../compiler/build.js";
import { readNode, type SourceNode } from "../compiler/sources.js";
import { graphIndexed, openGraphOrNull, type GNode, type GraphIndex } from "../graph.js";
import { didYouMean } from "../suggest.js";
import { NodeFiles } from "../node-files.js";
import { actionRefusal, type BulkAction, type Refusal, type ReviewAction, type RuleFacts } from "./rules.js";
import type { Listed } from "../compiler/sources.js";
import { replaceStatus } from "./status-line.js";
import { editDraftOverride, heldAsWritten, overlayData, parseOverlayText } from "./overlay-edit.js";
import { parseDedupSections, removeSection, setSectionStatus, type DedupSection } from "./dedup-sections.js";
import { carryOverlayDrafts, keepOverlay, keptOverlay, type KeptOverlay } from "../overlay-file.js";
import type { Overlay } from "../schemas/overlay.js";
import { overlayLimits } from "../update/overlay-io.js";
import { newNodeFromSection, registryWithoutNode, sectionSession } from "./dedup-node.js";
import { acceptedDraftText, acceptedSectionText } from "../update/nodes.js";
import { commitTransaction, finishTransaction, recoverPendingTransaction, type TxnWrite } from "../transaction.js";
import { decodeBytes, encodeBytes, readJournal, undoGroup, withEntry, type ActionKind, type Journal, type JournalEntry } from "./journal.js";
import { plural } from "../plural.js";

export type { ActionKind } from "./journal.js";

export interface ActionRequest {
  id: string;
  /** sha256 of the target file as the caller saw it (see actionTarget). The CLI omits it. */
  expectedSha?: string;
  /** dedup accept/reject: the section's session (default: the first pending section in the file). */
  session?: string;
  /** Part of a batch (see bulk): the seq of its first journal entry. */
  batch?: number;
  /** Set by bulk: the batch whose one recompile, after its last action, takes this action's change. */
  later?: Batch;
}

/**
 * A batch's actions (bulk, a batch's undo), recompiled once: each action writes and journals its
 * change in its own transaction, and graph.json is written once, after the last (inBatch).
 */
export interface Batch {
  changes: GraphChange[];
  files: string[];
  /** The manifest before the first write, while each action's files were as it recorded them (else null). */
  base: ManifestBase | null | undefined;
  /** Each action's files as they were, in order: put back, with the journal, when the batch fails. */
  priors: Prior[];
}

/**
 * A batch (the caller holds the lock; `journal`: as read before it): `act` runs its actions, each
 * given the batch, then graph.json is recompiled once. When an action is refused or the recompile
 * fails, every action's files and the journal are put back — nothing happened — and the error is
 * thrown.
 */
function inBatch(ctx: Context, journal: Journal, act: (later: Batch) => ActionResult[]): ActionResult[] {
  const b: Batch = { changes: [], files: [], base: undefined, priors: [] };
  let done: ActionResult[];
  let graphVersion: string;
  try {
    done = act(b);
    graphVersion = recompile(ctx, together(b.changes), { files: b.files, base: b.base ?? null }).graphVersion;
  } catch (e) {
    // One transaction puts every file back as the batch's first write found it (the overlay may be written by several).
    const first = new Map<string, Prior>();
    for (const p of b.priors) if (!first.has(p.file)) first.set(p.file, p);
    restoreAll(ctx, [...first.values()], journal);
    finishTransaction(ctx);
    throw e;
  }
  return done.map((r) => ({ ...r, graphVersion }));
}

export interface ActionFile {
  /** Repository-relative POSIX path. */
  path: string;
  before_sha: string | null;
  after_sha: string | null;
}

export interface ActionResult {
  action: ActionKind;
  id: string;
  files: ActionFile[];
  /** The equivalent CLI command. */
  cli: string;
  graphVersion: string;
  message: string;
  /** The journal entry's sequence number (a batch: its last). */
  seq: number;
  /** One action over several nodes, or the undo of one: every node and journal entry, in order. */
  batch?: { ids: string[]; seqs: number[] };
}

export type TargetKind = "local-node" | "overlay";

/** What a caller reads and shows before acting; pass `sha` back as `expectedSha`. */
export interface ActionTarget {
  file: string;
  sha: string;
  kind: TargetKind;
}

/** sha256 of a file's bytes; a file that does not exist reads as empty. */
function shaOf(bytes: Buffer | null): string {
  return sha256(bytes ?? Buffer.alloc(0));
}

interface Resolved {
  id: string;
  kind: TargetKind;
  origin: "global" | "local";
  /** Absolute path of the file an action on this id may change. */
  file: string;
  shown: string;
  bytes: Buffer | null;
  sha: string;
  /** The compiled node, when graph.json has it. */
  node: GNode | undefined;
  graph: GraphIndex | null;
  /** A local file declaring the same id as this global node (not in the graph: the global one wins). */
  shadowed?: string;
}

function checkId(id: string): void {
  if (typeof id !== "string" || !ID_PATTERN.test(id) || id.includes("..")) {
    throw new ValidationError(`${JSON.stringify(id)} is not a node id`, {
      field: "id",
      hint: "node ids match ^[a-z0-9][a-z0-9._-]{0,127}$; `akms status` lists the nodes awaiting review",
    });
  }
}

function resolve(ctx: Context, id: string): Resolved {
  checkId(id);
  const graph = openGraphOrNull(ctx.paths); // the store's index of graph.json
  const node = graph?.nodes.get(id);
  const reported = (code: string) => Boolean(graph?.attrs.warnings.some((w) => w.code === code && w.node === id));
  // A local file declaring a global id would have been reported as a collision by the compile.
  const files = new NodeFiles(ctx);
  const one = (f: Listed | null) => (f ? [f] : []);
  const locals = reported("DUPLICATE_ID") ? files.local.findAll(id) : node?.node_origin === "global" && !reported("ID_COLLISION") ? one(files.local.named(id)) : one(files.local.find(id));
  if (locals.length > 1) {
    throw new StateError(`"${id}" is declared by ${locals.length} local node files: ${locals.map((l) => l.shown).join(", ")}`, {
      hint: "give each file its own id (or delete the copy), run `akms build`, then retry",
    });
  }
  // The graph's node is the global one (it wins an id collision): an action acts on it, and says the local file is shadowed.
  const shadowing = locals.length === 1 && node?.node_origin === "global" ? locals.pop()!.shown : undefined;
  if (locals.length === 1) {
    const l = locals[0]!;
    const st = lstatSync(l.file);
    if (st.isSymbolicLink() || !resolveInside(ctx.paths.localNodes, displayPath(ctx.paths.localNodes, l.file))) {
      throw new StateError(`${l.shown} is a symbolic link or lies outside knowledge/local-nodes/; review actions never write through links`, {
        file: l.shown,
        hint: "replace the link with the file itself, then retry",
      });
    }
    const bytes = readBytesIfExists(l.file);
    return { id, kind: "local-node", origin: "local", file: l.file, shown: l.shown, bytes, sha: shaOf(bytes), node, graph };
  }
  if (node) {
    if (node.node_origin === "global") {
      const bytes = readBytesIfExists(ctx.paths.overlay);
      return { id, kind: "overlay", origin: "global", file: ctx.paths.overlay, shown: displayPath(ctx.repo, ctx.paths.overlay), bytes, sha: shaOf(bytes), node, graph, ...(shadowing ? { shadowed: shadowing } : {}) };
    }
    if (node.node_origin === "code-mirror" || node.domain === "code-mirror") {
      throw new StateError(`"${id}" is a generated code-mirror node; its status follows its docstrings`, {
        hint: `fix the docstring drift in ${String(node.source_file ?? "its source file")}, then run \`akms mirror --files ${shellWord(String(node.source_file ?? "FILE"))}\``,
      });
    }
    if (node.domain === "session") {
      throw new StateError(`"${id}" is a session node (a record of what happened), not reviewable knowledge`, {
        hint: "review actions apply to knowledge nodes; `akms status` lists them",
      });
    }
    throw new NotFoundError(`"${id}" is in graph.json but no local node file declares it any more`, {
      hint: "run `akms build` to refresh the graph, then retry",
    });
  }
  const known = new Set<string>(graph ? graph.nodes.keys() : []);
  for (const k of files.local.ids().keys()) known.add(k);
  const dym = didYouMean(id, known);
  throw new NotFoundError(`no node "${id}"${graph ? "" : " (and there is no compiled graph yet)"}`, {
    field: "id",
    hint: dym ?? (graph ? "`akms status` lists the nodes awaiting review" : "run `akms build` first"),
  });
}

/**
 * resolve on a sound store index. One found damaged (removed by its reader), or gone while graph.json
 * is there (the cache deleted under a console), is made anew by the compile first, under the lock,
 * and the node resolved once more — so an action in a warm process never reads "no node" from an
 * index that is gone (a CLI action is prepared before it runs: core/settle.ts).
 */
function resolveSound(ctx: Context, id: string, locked: boolean): Resolved {
  const remake = () => (locked ? buildLocked(ctx) : withLock(ctx.paths.lock, () => buildLocked(ctx)));
  if (!graphIndexed(ctx.paths) && existsSync(ctx.paths.graphJson)) remake();
  try {
    return resolve(ctx, id);
  } catch (e) {
    if (!isStoreDamaged(e)) throw e;
    remake();
    return resolve(ctx, id);
  }
}

/** The file an action on `id` would change, and its sha256 as of now (what the console shows). */
export function actionTarget(ctx: Context, id: string): ActionTarget {
  const r = resolveSound(ctx, id, false);
  return { file: r.file, sha: r.sha, kind: r.kind };
}

interface Write {
  file: string;
  /** New bytes; null removes the file. */
  bytes: Buffer | null;
}

interface Plan {
  writes: Write[];
  message: string;
  /** The node's status before the action, kept in the journal (undraft reads it back). */
  priorStatus?: string;
  /** A dedup decision, kept in the journal (the Review screen lists a phase's decisions from it). */
  dedup?: { session: string | null; score: number | null; node: string | null };
  /** What the action changed in the graph, evaluated after the writes (see recompile.ts). */
  change: () => GraphChange;
  /** The overlay it writes, when the update's writer wrote it: the store keeps it for the new bytes (core/overlay-file.ts). */
  overlay?: WrittenOverlay;
}

/** An overlay's bytes as written, and the overlay they are the canonical writing of. */
interface WrittenOverlay {
  bytes: Buffer;
  data: Overlay;
}

interface Prior {
  file: string;
  path: string;
  before: Buffer | null;
  after: Buffer | null;
}

/**
 * Writes the files and the journal together (one crash-safe transaction: core/transaction.ts),
 * then removes the files the action deletes.
 */
function applyAll(ctx: Context, priors: Prior[], journalBytes: Buffer): void {
  const txn: TxnWrite[] = priors.filter((p) => p.after !== null).map((p) => ({ path: p.file, data: p.after! }));
  txn.push({ path: ctx.paths.reviewLog, data: journalBytes });
  commitTransaction(ctx, txn);
  for (const p of priors) if (p.after === null) removeFile(p.file);
}

/** Puts every file (and the journal) back to the bytes it had before the action. */
function restoreAll(ctx: Context, priors: Prior[], journal: Journal): void {
  const txn: TxnWrite[] = priors.filter((p) => p.before !== null).map((p) => ({ path: p.file, data: p.before! }));
  if (journal.raw) txn.push({ path: ctx.paths.reviewLog, data: journal.raw });
  commitTransaction(ctx, txn);
  for (const p of priors) if (p.before === null) removeFile(p.file);
  if (!journal.raw) removeFile(ctx.paths.reviewLog);
}

/** `e` said of an action that did not happen: "<what> was not applied (nothing changed): <why>…", its fields kept. */
function notApplied(what: string, e: unknown, why = ""): unknown {
  if (!(e instanceof AkmsError)) return e;
  return new AkmsError(e.code, `${what} was not applied (nothing changed): ${why}${e.message}`, {
    file: e.file,
    line: e.line,
    field: e.field,
    hint: e.hint,
    exitCode: e.exitCode,
    problems: e.problems,
  });
}

/**
 * The shared tail of every action (the caller holds the lock): the files and the journal entry are
 * written in one transaction, graph.json is recompiled, and if the recompile fails every file and
 * the journal are put back — the action either happened completely or not at all.
 */
function commit(ctx: Context, kind: ActionKind, id: string, cli: string, plan: () => Plan, undoes: number | null = null, batch?: number, later?: Batch): ActionResult {
  const journal = readJournal(ctx);
  const p = plan();
  const priors: Prior[] = p.writes.map((w) => ({ file: w.file, path: displayPath(ctx.repo, w.file), before: readBytesIfExists(w.file), after: w.bytes }));
  const files = priors.map((x) => ({
    path: x.path,
    before_sha: x.before === null ? null : sha256(x.before),
    after_sha: x.after === null ? null : sha256(x.after),
  }));
  const { entry, bytes } = withEntry(journal, {
    at: nowIso(),
    action: kind,
    id,
    cli: sharedText(ctx, cli),
    undoes,
    message: sharedText(ctx, p.message),
    ...(p.priorStatus ? { prior_status: p.priorStatus } : {}),
    ...(p.dedup ? { dedup: p.dedup } : {}),
    ...(batch !== undefined ? { batch } : {}),
    files: priors.map((x, i) => ({ ...files[i]!, before: x.before === null ? null : encodeBytes(x.before, x.after) })),
  });
  const wrote = priors.map((x) => x.file);
  const base = manifestBeforeWrites(ctx, wrote);
  applyAll(ctx, priors, bytes);
  // Kept before the recompile, which then reads the overlay from the store instead of parsing it.
  if (p.overlay) keepOverlay(ctx.paths, p.overlay.bytes, p.overlay.data, true);
  let graphVersion: string;
  try {
    const change = p.change();
    if (later) {
      // The batch's recompile takes it (the manifest's base, while every action's files were as it recorded them).
      later.changes.push(change);
      later.files.push(...wrote);
      later.base = later.base === undefined ? base : base === null ? null : later.base; // the first action's, unless one had none
      later.priors.push(...priors);
      graphVersion = "";
    } else graphVersion = recompile(ctx, change, { files: wrote, base }).graphVersion;
    finishTransaction(ctx);
  } catch (e) {
    restoreAll(ctx, priors, journal);
    finishTransaction(ctx); // the files are as they were before, and so is graph.json
    throw notApplied(`${kind} ${id}`, e, "the recompile failed: ");
  }
  return { action: kind, id, files, cli, graphVersion, message: p.message, seq: entry.seq };
}

/**
 * Text for the review journal, which the team commits: no path of this machine — the vault as
 * `<global vault>`, the repository as `.`, the home directory as `~`.
 */
export function sharedText(ctx: Context, text: string): string {
  const swaps: [string, string][] = [
    [ctx.vault.path, "<global vault>"],
    [ctx.vault.display, "<global vault>"],
    [ctx.repo, "."],
    [homedir(), "~"],
  ];
  let out = text;
  for (const [from, to] of swaps.filter(([f]) => f.length > 1 && (isAbsolute(f) || f.startsWith("~"))).sort((a, b) => b[0].length - a[0].length)) out = out.split(from).join(to);
  return out;
}

function checkStale(r: { shown: string; sha: string }, expectedSha: string | undefined, what: string): void {
  if (expectedSha !== undefined && expectedSha !== r.sha) {
    throw new StaleWriteError(`${r.shown} changed since you looked at it; ${what} was not applied (nothing changed)`, {
      file: r.shown,
      hint: "reload, look at the file again, and repeat the action if it still applies",
    });
  }
}

function shadowNote(r: Resolved): string | null {
  return r.shadowed
    ? `warning: ${r.shadowed} declares the same id and is shadowed by the global node (it is not in the graph); give it its own id: edit its \`id:\` line, rename the file, then \`akms build\``
    : null;
}

function withShadowNote(r: Resolved, p: Plan): Plan {
  const note = shadowNote(r);
  return note ? { ...p, message: `${p.message}\n${note}` } : p;
}

/** Runs an action on one resolved target, under the lock. */
function act(ctx: Context, kind: ActionKind, req: ActionRequest, cli: string, plan: (r: Resolved) => Plan): ActionResult {
  return withLock(ctx.paths.lock, () => {
    recoverPendingTransaction(ctx, () => buildLocked(ctx));
    const r = resolveSound(ctx, req.id, true);
    checkStale(r, req.expectedSha, `\`${cli}\``);
    return commit(ctx, kind, r.id, cli, () => withShadowNote(r, plan(r)), null, req.batch, req.later);
  });
}

// ── local node helpers ────────────────────────────────────────────────────────────────────────

interface LocalFile {
  text: string;
  status: string;
  data: Record<string, unknown>;
  node: SourceNode;
}

/** Whether local node file `file`, as now written, gives the compiler the node `before` gave it. */
function sameNodeAs(file: string, shown: string, before: SourceNode | undefined): boolean {
  return sameGraphInput(before, readNode({ file, shown }, "local").node);
}

/** Reads and validates a local node file (an invalid file is refused with its problems). */
function readLocal(r: Resolved): LocalFile {
  const item = { file: r.file, shown: r.shown };
  const res = readNode(item, "local");
  if (!res.node) {
    throw new ValidationError(`${r.shown} is not a valid local node; fix it before reviewing it`, {
      file: r.shown,
      hint: "`akms validate " + r.shown + "` shows every problem",
      problems: res.problems,
    });
  }
  const text = r.bytes!.toString("utf8");
  return { text, status: String(res.node.data.status), data: res.node.data, node: res.node };
}

/** The new file text with its status changed; verifies that nothing but `status` changed. */
function withStatus(r: Resolved, lf: LocalFile, to: string): Buffer {
  const text = replaceStatus(lf.text, to, r.shown);
  const before = parseFrontmatter(lf.text, r.shown);
  const after = parseFrontmatter(text, r.shown);
  const a = { ...before.data, status: to };
  if (JSON.stringify(a) !== JSON.stringify(after.data) || before.body !== after.body) {
    throw new StateError("the status line could not be changed on its own", { file: r.shown, field: "status", hint: "write the status on its own line (`status: tentative`), then retry" });
  }
  return Buffer.from(text, "utf8");
}

/** DESIGN §4: the manual steps that move a local node into the global vault (printed, never run). */
export function manualPromotionSteps(ctx: Context, localFile: string, data: Record<string, unknown>, id: string): string[] {
  // Steps that work as typed: the vault's folder made when it is not there yet (the default one is
  // absent until its first node), and a file name no vault file has (mv would replace that file).
  const vaultMissing = !existsSync(ctx.vault.path);
  let dest = join(ctx.vault.path, `${id}.md`);
  for (let k = 2; !vaultMissing && existsSync(dest); k++) dest = join(ctx.vault.path, `${id}-${k}.md`);
  const steps = [...(vaultMissing ? [`mkdir -p ${shellWord(ctx.vault.path)}`] : []), `mv ${shellWord(localFile)} ${shellWord(dest)}`];
  const exp = EXPERIENTIAL_FIELDS.filter((f) => f in data);
  if (exp.length) steps.push(`# then edit ${shellWord(dest)}: delete ${exp.join(", ")} (global nodes carry no experiential state)`);
  if (data.status !== "established") steps.push(`# and set \`status: established\` in ${shellWord(dest)}`);
  // A vault named by --vault for this command is named again: without it the build would read another vault.
  steps.push(`akms build --repo ${shellWord(ctx.repo)}${ctx.vault.from === "flag" ? ` --vault ${shellWord(ctx.vault.path)}` : ""}`);
  return steps;
}

function globalRefusal(ctx: Context, r: Resolved, what: string, wanted?: string): StateError {
  const g = new NodeFiles(ctx).global.find(r.id);
  const where = g ? g.shown : `the global vault (${ctx.vault.display})`;
  const edit = g ? `\${EDITOR:-vi} ${shellWord(g.file)}` : null;
  return new StateError(`"${r.id}" is a global node (${where}); akms never edits the global vault, so it cannot ${what} it`, {
    hint: (edit
      ? `to change it for every repository, edit it by hand: \`${edit}\`${wanted ? ` (set \`status: ${wanted}\`)` : ""}, then \`akms build\``
      : `edit the node's file in the global vault by hand, then \`akms build\``) + (r.shadowed ? `; ${shadowNote(r)}` : ""),
  });
}

interface OverlayState {
  text: string | null;
  parsed: unknown;
  /** The store's record of the bytes, when it has one. */
  held: KeptOverlay | null;
  drafted: boolean;
}

/**
 * The overlay a global node's draft or undraft edits: the store's record of its bytes when it has
 * one (nothing parsed; overlay-edit.ts decides whether the writer wrote them), else the text parsed.
 */
function overlayDraft(ctx: Context, r: Resolved): OverlayState {
  if (r.bytes === null) return { text: null, parsed: null, held: null, drafted: false };
  const text = r.bytes.toString("utf8");
  const held = keptOverlay(ctx.paths, r.bytes);
  const parsed = held ? undefined : parseOverlayText(text, r.shown);
  const ov = (held?.overlay ?? parsed) as { nodes?: Record<string, { status?: string } | null> | null } | null;
  return { text, parsed, held, drafted: ov?.nodes?.[r.id]?.status === "draft" };
}

function overlayEdit(ctx: Context, ov: OverlayState, r: Resolved, on: boolean): { bytes: Buffer; overlay?: WrittenOverlay } {
  const limits = overlayLimits(ctx.cfg.config.graph);
  const edit = editDraftOverride(ov.text, r.id, r.shown, limits, on, ov.parsed ?? undefined, ov.held);
  const bytes = Buffer.from(edit.text, "utf8");
  if (edit.data) return { bytes, overlay: { bytes, data: edit.data } }; // kept whole by commit, its Drafted ids with it
  carryOverlayDrafts(ctx, ov.held?.overlay ?? ov.parsed, edit.text, r.id, on); // the review's Drafted section, for the new bytes
  return { bytes };
}

/** A global node's status in its own vault file (what it has again once the override is gone). */
function globalFileStatus(ctx: Context, id: string): GraphChange {
  const g = new NodeFiles(ctx).global.find(id);
  const text = g ? g.text : null;
  try {
    const status = text === null ? undefined : parseFrontmatter(text, g!.shown).data.status;
    return typeof status === "string" ? { kind: "status", id, status } : { kind: "full" };
  } catch {
    return { kind: "full" };
  }
}

/**
 * The node's status as the compiler will now see it, after a write of `written` (the one file whose
 * status line or override changed): the overlay → its `status: draft` override, else the global
 * node's own file; a local node file → its status, unless a global `<id>.md` shadows it (then the
 * compile decides). Which file was written says which layer the graph's node comes from, so no
 * layer is scanned (a scan of the vault for a local id read 50,000 files: promote 0.6 → 1.8 s).
 * Anything unexpected → a full build.
 */
function statusChange(ctx: Context, id: string, written: string): GraphChange {
  try {
    // An override drafts whichever node holds the id (step 4 of the merge applies it to any node).
    const ov = readBytesIfExists(ctx.paths.overlay);
    if (ov !== null && ov.includes(id)) {
      const data = overlayData(ctx.paths, ov, ctx.paths.overlay) as { nodes?: Record<string, { status?: unknown } | null> | null } | null;
      if (data?.nodes?.[id]?.status === "draft") return { kind: "status", id, status: "draft" };
    }
    if (written === ctx.paths.overlay) return globalFileStatus(ctx, id);
    const files = new NodeFiles(ctx);
    if (files.global.named(id)) return { kind: "full" }; // a global node shadows the local file
    const text = readTextIfExists(written);
    const status = text === null ? undefined : parseFrontmatter(text, id).data.status;
    return typeof status === "string" ? { kind: "status", id, status } : { kind: "full" };
  } catch {
    return { kind: "full" };
  }
}

// ── the actions ───────────────────────────────────────────────────────────────────────────────

/**
 * Promotion goes ahead while agent drafts merged into the node still await a decision (they stay
 * pending sections of an established node, decided by `akms dedup accept|reject`), and says so.
 */
export function pendingMergeNote(id: string, text: string): string | null {
  const pending = parseDedupSections(text).filter((s) => s.status === "pending");
  if (!pending.length) return null;
  const from = pending.map((s) => s.session ?? "?").join(", ");
  return `note: ${plural(pending.length, "dedup merge")} into ${id} (from ${from}) still pending: ${id} is established with ${pending.length === 1 ? "that draft" : "those drafts"} awaiting \`akms dedup accept|reject ${id}\``;
}

/** promote: a local tentative node → established (its status value, and an agent draft's banner: acceptedDraftText). */
export function promote(ctx: Context, req: ActionRequest): ActionResult {
  const cli = `akms promote ${req.id}`;
  return act(ctx, "promote", req, cli, (r) => {
    if (r.origin === "global") {
      const refused = actionRefusal("promote", factsOfGraph(r));
      if (refused?.kind === "already" && !r.shadowed) throw new StateError(`"${r.id}" is already established (a global node)`, { field: "status", hint: "nothing to do" });
      throw globalRefusal(ctx, r, "promote", "established");
    }
    const lf = readLocal(r);
    const outsideReview = lf.status === "established" && promotedOutsideReview({ id: r.id, node_origin: "local", source: lf.data.source, status: "established" }, journalPromotions(ctx));
    const refused = actionRefusal("promote", { ...factsOfFile(r, lf), outsideReview });
    if (refused) throw localRefusal(r, "promote", refused);
    if (lf.status === "established") {
      // Established outside the review (self-promotion.ts): promoting it records that a person accepts it.
      return {
        writes: [{ file: r.file, bytes: Buffer.from(lf.text, "utf8") }],
        change: () => statusChange(ctx, r.id, r.file),
        message: `accepted ${r.id} as established (its status was set outside the review; ${r.shown} is unchanged, the decision is in the review journal)`,
      };
    }
    const steps = manualPromotionSteps(ctx, r.file, { ...lf.data, status: "established" }, r.id);
    const pending = pendingMergeNote(r.id, lf.text);
    return {
      writes: [{ file: r.file, bytes: Buffer.from(acceptedDraftText(withStatus(r, lf, "established").toString("utf8")), "utf8") }],
      change: () => statusChange(ctx, r.id, r.file),
      message:
        `promoted ${r.id}: tentative → established (${r.shown})\n` +
        (pending ? `${pending}\n` : "") +
        `To share it with every repository (a manual step; akms never writes the global vault):\n` +
        steps.map((s) => `  ${s}`).join("\n"),
    };
  });
}

/** The rules' facts of the node as the graph has it (a global node's file is not read). */
function factsOfGraph(r: Resolved): RuleFacts {
  return { id: r.id, origin: r.origin, status: String(r.node?.status ?? "unknown"), domain: String(r.node?.domain ?? "") };
}

/** The rules' facts of a local node as its file says now. */
function factsOfFile(r: Resolved, lf: { status: string; data: Record<string, unknown> }): RuleFacts {
  return { id: r.id, origin: "local", status: lf.status, domain: String(lf.data.domain ?? "") };
}

/** A local node's refusal (rules.ts) as the CLI's error: what it is, and what to do instead. */
function localRefusal(r: Resolved, action: ReviewAction, no: Refusal): StateError {
  const at = { file: r.shown, field: "status" };
  switch (no.kind) {
    case "parked":
      return new StateError(`"${r.id}" is draft; a draft is parked, not awaiting review`, { ...at, hint: `run \`akms undraft ${r.id}\` first, then \`akms promote ${r.id}\` if it is still right` });
    case "retired":
      return action === "promote"
        ? new StateError(`"${r.id}" is deprecated (retired); a retired node is not promoted`, { ...at, hint: `if it should come back, set \`status: tentative\` in ${r.shown} by hand, review it, then promote it` })
        : new StateError(`"${r.id}" is deprecated; it is never loaded already`, { ...at, hint: "nothing to do" });
    case "already":
      return action === "draft"
        ? new StateError(`"${r.id}" is already draft`, { ...at, hint: `\`akms undraft ${r.id}\` brings it back` })
        : new StateError(`"${r.id}" is already established`, { ...at, hint: "nothing to do" });
    case "not-draft":
      return new StateError(`"${r.id}" is not draft (it is ${no.reason.replace(/, not draft$/, "")})`, { ...at, hint: "nothing to do" });
    default:
      return new StateError(`"${r.id}": ${no.reason}`, { file: r.shown, hint: "`akms status` lists the nodes awaiting review" });
  }
}

/** draft: suppress a node from every loadout without deleting it. */
export function draft(ctx: Context, req: ActionRequest): ActionResult {
  const cli = `akms draft ${req.id}`;
  return act(ctx, "draft", req, cli, (r) => {
    if (r.origin === "global") {
      const ov = overlayDraft(ctx, r);
      const refused = actionRefusal("draft", factsOfGraph(r));
      if (ov.drafted) throw new StateError(`"${r.id}" is already draft in this repository`, { file: r.shown, hint: `\`akms undraft ${r.id}\` brings it back` });
      if (refused?.kind === "already") throw new StateError(`"${r.id}" is already draft in the global vault itself`, { hint: "nothing to do" });
      if (refused) throw new StateError(`"${r.id}" is ${refused.reason}`, { hint: "nothing to do" });
      const edit = overlayEdit(ctx, ov, r, true);
      return {
        writes: [{ file: r.file, bytes: edit.bytes }],
        overlay: edit.overlay,
        change: () => ({ kind: "status", id: r.id, status: "draft" }),
        message: `drafted ${r.id} for this repository only: \`nodes.${r.id}.status: draft\` in ${r.shown} (the global file is not touched)`,
      };
    }
    const lf = readLocal(r);
    const refused = actionRefusal("draft", factsOfFile(r, lf));
    if (refused) throw localRefusal(r, "draft", refused);
    return {
      priorStatus: lf.status,
      writes: [{ file: r.file, bytes: withStatus(r, lf, "draft") }],
      change: () => statusChange(ctx, r.id, r.file),
      message: `drafted ${r.id}: ${lf.status} → draft (${r.shown}); it is left out of every loadout until \`akms undraft ${r.id}\``,
    };
  });
}

/** The status a local node had before its most recent journaled `akms draft` (null when the journal does not know). */
function statusBeforeDraft(ctx: Context, r: Resolved): string | null {
  const entries = readJournal(ctx).entries;
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.action !== "draft" || e.id !== r.id || !e.files.some((f) => f.path === r.shown)) continue;
    return e.prior_status === "tentative" || e.prior_status === "established" ? e.prior_status : null;
  }
  return null;
}

/**
 * undraft: bring a drafted node back. A local node returns to the status it had before its last
 * journaled `akms draft`, else to tentative (it re-enters review); a global node loses the overlay override.
 */
export function undraft(ctx: Context, req: ActionRequest): ActionResult {
  const cli = `akms undraft ${req.id}`;
  return act(ctx, "undraft", req, cli, (r) => {
    if (r.origin === "global") {
      const ov = overlayDraft(ctx, r);
      if (!ov.drafted) {
        // Drafted in its vault file, not by this repository's overlay: only that file can bring it back.
        if (actionRefusal("undraft", factsOfGraph(r)) === null) throw globalRefusal(ctx, r, "undraft", "tentative");
        throw new StateError(`"${r.id}" is not draft (it is ${r.node?.status ?? "unknown"})`, { hint: "nothing to do" });
      }
      const edit = overlayEdit(ctx, ov, r, false);
      return {
        writes: [{ file: r.file, bytes: edit.bytes }],
        overlay: edit.overlay,
        change: () => globalFileStatus(ctx, r.id),
        message: `undrafted ${r.id} in this repository: removed \`nodes.${r.id}.status: draft\` from ${r.shown}; it is ${r.node?.status === "draft" ? "loaded again" : "back"} with its global status`,
      };
    }
    const lf = readLocal(r);
    const refused = actionRefusal("undraft", factsOfFile(r, lf));
    if (refused) throw localRefusal(r, "undraft", refused);
    const to = statusBeforeDraft(ctx, r) ?? "tentative";
    return {
      writes: [{ file: r.file, bytes: withStatus(r, lf, to) }],
      change: () => statusChange(ctx, r.id, r.file),
      message: `undrafted ${r.id}: draft → ${to} (${r.shown})${to === "tentative" ? `; it awaits review: \`akms promote ${r.id}\`` : ""}`,
    };
  });
}

function pickSection(r: Resolved, text: string, session: string | undefined, cli: string): DedupSection {
  const sections = parseDedupSections(text);
  if (!sections.length) {
    throw new StateError(`"${r.id}" has no dedup section`, { file: r.shown, hint: "`akms status` lists the pending dedup events" });
  }
  const pending = sections.filter((s) => s.status === "pending");
  if (session !== undefined) {
    const s = sections.find((x) => x.session === session);
    if (!s) {
      throw new StateError(`"${r.id}" has no dedup section from session "${session}"`, {
        file: r.shown,
        hint: `its sections: ${sections.map((x) => `${x.session ?? "?"} (${x.status})`).join(", ")}`,
      });
    }
    if (s.status !== "pending") throw new StateError(`the dedup section from "${session}" in "${r.id}" is ${s.status}, not pending`, { file: r.shown, hint: "only a pending dedup can be decided" });
    return s;
  }
  if (!pending.length) {
    throw new StateError(`"${r.id}" has no pending dedup (${sections.map((x) => `${x.session ?? "?"}: ${x.status}`).join(", ")})`, {
      file: r.shown,
      hint: `only a pending dedup can be decided; \`akms undo\` reverts the last decision if it was \`${cli.replace(/ \S+$/, "")} …\``,
    });
  }
  return pending[0]!;
}

/** dedup accept: the section stays in the node, its marker says accepted, and its mark line no longer asks for a decision. */
export function dedupAccept(ctx: Context, req: ActionRequest): ActionResult {
  const cli = `akms dedup accept ${req.id}${req.session ? ` ${req.session}` : ""}`;
  return act(ctx, "dedup-accept", req, cli, (r) => {
    if (actionRefusal("dedup-accept", factsOfGraph(r))?.kind === "vault") throw new StateError(`"${r.id}" is a global node; dedup sections live only in local nodes`, { hint: "`akms status` lists the pending dedup events" });
    const lf = readLocal(r);
    const s = pickSection(r, lf.text, req.session, cli);
    const marked = setSectionStatus(lf.text, s, "accepted");
    const at = parseDedupSections(marked)[s.index]!;
    const text = marked.slice(0, at.start) + acceptedSectionText(marked.slice(at.start, at.end)) + marked.slice(at.end);
    const left = parseDedupSections(text).filter((x) => x.status === "pending").length;
    return {
      writes: [{ file: r.file, bytes: Buffer.from(text, "utf8") }],
      change: () => (sameNodeAs(r.file, r.shown, lf.node) ? { kind: "none" } : { kind: "full" }),
      message: `accepted the dedup merge from ${s.session ?? "an unnamed session"} into ${r.id} (${r.shown})${left ? `; ${left} more pending` : ""}`,
    };
  });
}

/** dedup reject: the section's draft becomes its own tentative local node; the section leaves the original. */
export function dedupReject(ctx: Context, req: ActionRequest): ActionResult {
  const cli = `akms dedup reject ${req.id}${req.session ? ` ${req.session}` : ""}`;
  return act(ctx, "dedup-reject", req, cli, (r) => {
    if (actionRefusal("dedup-reject", factsOfGraph(r))?.kind === "vault") throw new StateError(`"${r.id}" is a global node; dedup sections live only in local nodes`, { hint: "`akms status` lists the pending dedup events" });
    const lf = readLocal(r);
    const s = pickSection(r, lf.text, req.session, cli);
    const fresh = newNodeFromSection(ctx, r.id, lf.data, s, r.graph);
    const overlayBytes = fresh.overlay === null ? null : Buffer.from(fresh.overlay.text, "utf8");
    const text = removeSection(lf.text, s);
    const left = parseDedupSections(text).filter((x) => x.status === "pending").length;
    return {
      dedup: { session: s.session ?? null, score: s.score ?? null, node: fresh.id },
      writes: [
        { file: r.file, bytes: Buffer.from(text, "utf8") },
        { file: fresh.file, bytes: Buffer.from(fresh.text, "utf8") },
        ...(overlayBytes === null ? [] : [{ file: ctx.paths.overlay, bytes: overlayBytes }]),
      ],
      ...(overlayBytes !== null && fresh.overlay?.data ? { overlay: { bytes: overlayBytes, data: fresh.overlay.data } } : {}),
      // The new node, and its session's registry entry when the overlay has one (recompile.ts); any other change to the overlay: the compile reads it whole.
      change: () =>
        sameNodeAs(r.file, r.shown, lf.node) && (fresh.overlay === null || fresh.overlay.entryOnly)
          ? { kind: "add", id: fresh.id, file: fresh.file, shown: displayPath(ctx.repo, fresh.file), ...(fresh.overlay !== null ? { session: fresh.overlay.session } : {}) }
          : { kind: "full" },
      message:
        `rejected the dedup merge from ${s.session ?? "an unnamed session"} into ${r.id}: its draft is now the tentative node ${fresh.id} ` +
        `(${displayPath(ctx.repo, fresh.file)}), awaiting review: \`akms promote ${fresh.id}\`${left ? `; ${left} more pending in ${r.id}` : ""}`,
    };
  });
}

// ── undo ──────────────────────────────────────────────────────────────────────────────────────

export interface UndoTarget {
  /** The newest entry the undo reverts. */
  entry: JournalEntry;
  /** Every entry it reverts, newest first: the entry alone, or its whole batch. */
  group: JournalEntry[];
  /** sha256 of review_log.jsonl as read: pass it to undo as expectedSha. */
  journalSha: string;
}

/** The action `akms undo` would revert now (null when there is none). */
export function undoTarget(ctx: Context): UndoTarget | null {
  const j = readJournal(ctx);
  const group = undoGroup(j.entries);
  return group.length ? { entry: group[0]!, group, journalSha: j.sha } : null;
}

function journalPath(ctx: Context, path: string, shown: string): string {
  const full = path.startsWith("knowledge/") ? resolveInside(ctx.paths.knowledge, path.slice("knowledge/".length)) : null;
  if (!full) {
    throw new ValidationError(`the review journal names a file outside knowledge/: ${JSON.stringify(path)}`, {
      file: shown,
      hint: "the review journal is written by akms only; restore it from git",
    });
  }
  return full;
}

/**
 * undo: reverts the last action not yet undone, byte for byte (files it created are removed) —
 * only when every file still has the sha256 the action left; otherwise nothing is written. A
 * batch (one action over several nodes) is reverted whole, newest entry first, each entry's undo
 * journaled on its own. The undo is journaled too; a second undo reverts the next older action.
 * `expectedSha` is the journal's sha256 as the caller saw it (undoTarget), so a console never
 * undoes an action it did not show.
 */
export function undo(ctx: Context, req: { expectedSha?: string } = {}): ActionResult {
  return withLock(ctx.paths.lock, () => {
    recoverPendingTransaction(ctx, () => buildLocked(ctx));
    const j = readJournal(ctx);
    const shown = displayPath(ctx.repo, ctx.paths.reviewLog);
    if (req.expectedSha !== undefined && req.expectedSha !== j.sha) {
      throw new StaleWriteError(`the review journal changed since you looked at it (another action was taken); undo was not applied`, {
        file: shown,
        hint: "reload and look at the last action again",
      });
    }
    const group = undoGroup(j.entries);
    if (!group.length) {
      throw new StateError(j.entries.length ? "nothing to undo: every review action in the journal is undone already" : "nothing to undo: no review action has been taken yet", {
        file: shown,
        hint: "undo reverts `akms promote`, `draft`, `undraft` and `dedup accept|reject`",
      });
    }
    // Every file as the batch's last action on it left it, checked before anything is reverted.
    const seen = new Set<string>();
    for (const e of group) for (const f of e.files) if (!seen.has(f.path)) (seen.add(f.path), unchangedSince(ctx, e, f, shown));
    if (group.length === 1) return undoEntry(ctx, group[0]!, shown);
    // A batch's undo is a batch: one recompile after the last entry reverted.
    const results = inBatch(ctx, j, (later) => group.map((e) => undoEntry(ctx, e, shown, e.batch, later)));
    return batchResult("undo", results, `akms undo`, `undid the ${group.length} actions of #${group.at(-1)!.seq} \`${group.at(-1)!.cli}\`:\n${results.map((r) => `  ${r.message}`).join("\n")}`);
  });
}

/** The file's bytes, when it still has the sha256 `target` left (else nothing may be undone). */
function unchangedSince(ctx: Context, target: JournalEntry, f: JournalEntry["files"][number], shown: string): Buffer | null {
  const cur = readBytesIfExists(journalPath(ctx, f.path, shown));
  if ((cur === null ? null : sha256(cur)) !== f.after_sha) {
    throw new StaleWriteError(
      `${f.path} changed after \`${target.cli}\` (#${target.seq}); undo would overwrite newer content, so nothing was changed`,
      { file: f.path, hint: `look at ${f.path}; revert it by hand if needed (the journal keeps its prior bytes in entry #${target.seq})` },
    );
  }
  return cur;
}

/** Reverts one journal entry (the caller holds the lock). */
function undoEntry(ctx: Context, target: JournalEntry, shown: string, batch?: number, later?: Batch): ActionResult {
  const writes: Write[] = [];
  for (const f of target.files) {
    const full = journalPath(ctx, f.path, shown);
    const cur = unchangedSince(ctx, target, f, shown);
    let prior: Buffer | null = null;
    try {
      prior = f.before === null ? null : decodeBytes(f.before, cur);
    } catch {
      prior = null;
    }
    if ((prior === null ? null : sha256(prior)) !== f.before_sha) {
      throw new ValidationError(`entry #${target.seq} of the review journal is damaged: the stored bytes of ${f.path} do not match before_sha`, {
        file: shown,
        hint: "the review journal is written by akms only; restore it from git",
      });
    }
    writes.push({ file: full, bytes: prior });
  }
  const message = `undid #${target.seq} \`${target.cli}\`: ${target.files.map((f) => (f.before_sha === null ? `removed ${f.path}` : `restored ${f.path}`)).join(", ")}`;
  // A dedup decision's undo: the node file restored must give the compiler the node it gives now,
  // and a reject's undo removes the one node the reject added — and its session's registry entry,
  // when the overlay restored is exactly the one without it.
  const dedup = target.action === "dedup-accept" || target.action === "dedup-reject";
  const overlayWrite = writes.find((w) => w.file === ctx.paths.overlay);
  const kept = dedup ? writes.filter((w) => w.bytes !== null && w !== overlayWrite) : [];
  const gone = dedup ? writes.filter((w) => w.bytes === null) : [];
  const read = (w: Write) => readNode({ file: w.file, shown: displayPath(ctx.repo, w.file) }, "local").node;
  const keptNow = kept.length === 1 ? read(kept[0]!) : undefined;
  const goneNow = gone.length === 1 ? read(gone[0]!) : undefined;
  const session = sectionSession(target.dedup?.session);
  const registry =
    target.action === "dedup-reject" && goneNow && overlayWrite?.bytes ? registryWithoutNode(ctx, session, goneNow.id, overlayWrite.bytes) : null;
  const change = (): GraphChange => {
    if (!dedup) return writes.length === 1 ? statusChange(ctx, target.id, writes[0]!.file) : { kind: "full" };
    if (!keptNow || !sameNodeAs(kept[0]!.file, displayPath(ctx.repo, kept[0]!.file), keptNow)) return { kind: "full" };
    if (target.action === "dedup-accept") return gone.length === 0 && !overlayWrite ? { kind: "none" } : { kind: "full" };
    if (!goneNow || (overlayWrite && !registry)) return { kind: "full" };
    return { kind: "remove", id: goneNow.id, ...(registry ? { session } : {}) };
  };
  const overlay = undoneOverlay(ctx, target, writes) ?? registry ?? undefined;
  return commit(ctx, "undo", target.id, "akms undo", () => ({ writes, message, change, overlay }), target.seq, batch, later);
}

/**
 * The overlay the undo of a global node's draft or undraft writes back, as the store keeps it: the
 * opposite edit of the overlay as it is now, by the update's writer, when that gives the very bytes
 * the journal restores (exact, or not sure: then the next reader parses them).
 */
function undoneOverlay(ctx: Context, target: JournalEntry, writes: readonly Write[]): WrittenOverlay | undefined {
  const w = writes.length === 1 ? writes[0]! : undefined;
  if (w?.bytes == null || w.file !== ctx.paths.overlay || (target.action !== "draft" && target.action !== "undraft")) return undefined;
  const now = readBytesIfExists(ctx.paths.overlay);
  if (now === null) return undefined;
  const text = now.toString("utf8");
  const limits = overlayLimits(ctx.cfg.config.graph);
  // Only from the store's record of bytes the writer wrote: a hand-laid-out overlay is not parsed for it.
  const ov = heldAsWritten(text, limits, keptOverlay(ctx.paths, now));
  if (ov === null) return undefined;
  try {
    const edit = editDraftOverride(text, target.id, displayPath(ctx.repo, ctx.paths.overlay), limits, target.action === "undraft", undefined, { overlay: ov, canonical: true });
    return edit.data && Buffer.from(edit.text, "utf8").equals(w.bytes) ? { bytes: w.bytes, data: edit.data } : undefined;
  } catch {
    return undefined;
  }
}

export type { BulkAction } from "./rules.js";

/**
 * One action over several nodes (`akms promote A B C`, the console's marked items), under one
 * lock: each node's action is journaled as part of one batch, and one undo reverts them all; graph.json
 * is recompiled once, after the last. All or nothing: when one is refused, or the recompile fails,
 * those already done are put back and the journal is as it was.
 */
export function bulk(ctx: Context, action: BulkAction, reqs: ActionRequest[]): ActionResult {
  const run = { promote, draft, undraft }[action];
  const cli = `akms ${action} ${reqs.map((r) => r.id).join(" ")}`;
  if (new Set(reqs.map((r) => r.id)).size !== reqs.length) throw new StateError(`${cli}: a node is named twice`, { hint: "name each node once" });
  return withLock(ctx.paths.lock, () => {
    recoverPendingTransaction(ctx, () => buildLocked(ctx));
    const before = readJournal(ctx);
    const batch = (before.entries.at(-1)?.seq ?? 0) + 1;
    let done = 0;
    let results: ActionResult[];
    try {
      results = inBatch(ctx, before, (later) =>
        reqs.map((r) => {
          const one = run(ctx, { ...r, batch, later });
          done++;
          return one;
        }),
      );
    } catch (e) {
      throw notApplied(cli, e, done < reqs.length ? `${reqs[done]!.id}: ` : "the recompile failed: ");
    }
    return results.length === 1 ? results[0]! : batchResult(action, results, cli, results.map((r) => r.message).join("\n"));
  });
}

function batchResult(action: ActionKind, results: ActionResult[], cli: string, message: string): ActionResult {
  const last = results.at(-1)!;
  return {
    action,
    id: results[0]!.id,
    files: results.flatMap((r) => r.files),
    cli,
    graphVersion: last.graphVersion,
    message,
    seq: last.seq,
    batch: { ids: results.map((r) => r.id), seqs: results.map((r) => r.seq) },
  };
}
