// `akms build`: reads every source, merges (spec §5.2), writes graph.json atomically under the
// repository lock — and leaves it untouched when nothing changed.
import { existsSync, statSync, type Stats } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { deserialize, serialize } from "node:v8";
import type { Context } from "../context.js";
import { AkmsError, ValidationError, type Problem } from "../errors.js";
import { readBytesIfExists, realpathOrNull, removeFile, sha256, writeFileAtomic } from "../fsx.js";
import { withLock } from "../lock.js";
import { recoverPendingTransaction } from "../transaction.js";
import { displayPath, vaultProblem } from "../paths.js";
import { listMarkdown, type Listed } from "./sources.js";
import { keepOverlay, readOverlay, storedOverlay, writtenOverlay, type OverlayRead } from "../overlay-file.js";
import { readShare, type ShareResult } from "./read-nodes.js";
import type { Overlay } from "../schemas/overlay.js";
import { listWithRecords, recordedFiles, type DirRecord } from "./source-index.js";
import { STAT_WIDTH, buildIdentity, contentSha, ownWriteVector, sameStats, sameVector, statAll, statAllSteps, statChanged, statOrNull, unchangedSince, type FileStats } from "../store/freshness.js";
import { freshVerdictStands } from "../source-watch.js";
import { addRecords, loadParseCache, readWithCache } from "./parse-cache.js";
import { mergeGraph } from "./merge.js";
import type { BuildWarning, GraphDoc } from "../graph-file/doc.js";
import { graphFromDoc, graphIndexed, indexOfLoaded, indexOrNone, openGraph, type GNode, type GraphIndex, type NodeTable } from "../graph.js";
import { nodeAsWritten } from "./node-value.js";
import { blankedSha, generatedAtOf } from "../graph-file/version.js";
import { patchForUpdate, type UpdateDelta } from "./update-patch.js";
import { patchForEdit } from "./edit-patch.js";
import { contentRefChecker, recordingChecker, refsHold, type RefCheck } from "./content-refs.js";
import type { PlanChange } from "../store/graph-delta.js";
import { emitCompiled, emitGraph } from "./emit.js";
import { attemptPatch } from "../graph-file/patch.js";
import { dropIndex, indexOfText } from "../store/graph-delta.js";
import { sealed, unsealed } from "../store/records.js";
import { graphTextOf } from "../store/graph-index.js";
import type { Steps } from "../steps.js";
import { plural } from "../plural.js";


export interface BuildOptions {
  keepGoing?: boolean;
  /** Neither read nor trust the build caches (the manifest and the parse cache): parse everything. */
  noCache?: boolean;
  env?: NodeJS.ProcessEnv;
  /**
   * The caller's own writes since the last build, when it knows them exactly: with a valid
   * manifest only these files (and their directories) are statted — every other source is taken
   * to be as the manifest recorded it, and recorded so again, so a file changed meanwhile by
   * someone else is still caught by the next ordinary build. Without a valid manifest (or with
   * noCache) the build is an ordinary one.
   */
  wrote?: KnownWrites;
  /** Observe only: write nothing, not even the manifest's new record of a touched graph.json (a reader's freshness test). */
  probe?: boolean;
  /** Compile even when a vault the user named gives no global node while graph.json holds some (`akms build --allow-empty-vault`). */
  allowEmptyVault?: boolean;
}

export interface KnownWrites {
  /** Absolute paths of the files written (created, changed or removed); others are ignored. */
  files: readonly string[];
  /** The overlay as written, parsed: used instead of parsing the file when its bytes are these. */
  overlay?: { bytes: Buffer | string; data: Overlay };
  /** What an update changed (with the overlay): graph.json may be patched instead of compiled (update-patch.ts). */
  update?: UpdateDelta;
}

export interface BuildResult {
  written: boolean;
  graphVersion: string;
  nodeCount: number;
  edgeCount: number;
  warnings: BuildWarning[];
  /** Files left out under --keep-going. */
  rejects: Problem[];
  /** True when the manifest showed nothing changed and no file was parsed. */
  fromCache: boolean;
  /** True when graph.json, deleted, was written back from the store's index of it (restored), not compiled. */
  writtenBack: boolean;
  graphJson: string;
}

/**
 * What the last build saw (knowledge/graph/.cache/build-manifest.bin, v8-serialised; derived and
 * safe to delete): its inputs' listing and stats and graph.json's own stat. A build whose inputs and
 * graph.json are all as recorded has nothing to do.
 */
interface Manifest {
  format: string;
  /** The compiler's identity and the vault and repository it compiled. */
  inputs: string;
  /** Per source root (globals, locals, mirrors): the directories walked. */
  dirs: DirRecord[][];
  /** The listed files, then the overlay, then the config. */
  files: FileStats;
  /** graph.json's size, mtimeMs, ctimeMs, ino as written (NaN: check its bytes against content_sha and generated_at). */
  graph: number[];
  /**
   * sha256 of graph.json with generated_at blanked (its first 12 hex are the graph_version). With
   * the generated_at written it identifies the file's bytes: the file is
   * stampGeneratedAt(content, generated_at), so one hash of 41 MB serves both.
   */
  content_sha: string;
  generated_at: string;
  node_count: number;
  edge_count: number;
  graph_version: string;
  warnings: BuildWarning[];
  /** Every content_ref the compile checked, and whether it resolved (content-refs.ts). */
  refs: RefCheck[];
}

const MANIFEST_FORMAT = "akms-build-manifest-7";

interface SourceSet {
  globals: Listed[];
  locals: Listed[];
  mirrors: Listed[];
}

function roots(ctx: Context): [string, string, boolean][] {
  const vaultShown = ctx.vault.display.replace(/\/+$/, "") + "/";
  return [
    [ctx.vault.path, vaultShown, false],
    [ctx.paths.localNodes, "knowledge/local-nodes/", false],
    [ctx.paths.codeMirror, "knowledge/code-mirror/", true],
  ];
}

/**
 * Node files that are symbolic links to a file outside their own root (the vault, local-nodes/,
 * code-mirror/): refused like a content_ref or a write that leaves its root, naming link and target.
 * A link to a file inside the same root is an ordinary node file.
 */
function outsideLinks(ctx: Context, set: SourceSet): Map<string, Problem> {
  const out = new Map<string, Problem>();
  const lists = [set.globals, set.locals, set.mirrors];
  roots(ctx).forEach(([dir, shown], i) => {
    const links = lists[i]!.filter((f) => f.link);
    if (!links.length) return;
    const root = realpathOrNull(dir) ?? dir;
    for (const f of links) {
      const target = realpathOrNull(f.file);
      if (target === null) continue; // a dangling link: its read reports it
      const r = relative(root, target);
      if (r !== "" && !r.startsWith("..") && !isAbsolute(r)) continue;
      out.set(f.file, {
        code: "SYMLINK_OUTSIDE",
        file: f.shown,
        message: `is a symbolic link to ${target}, outside ${shown.replace(/\/+$/, "")}; it is not compiled`,
        hint: "copy the file into the directory instead of linking it (a link may only point at a file inside the same directory tree)",
      });
    }
  });
  return out;
}

function listSources(ctx: Context): SourceSet {
  const [g, l, m] = roots(ctx).map(([dir, shown, recursive]) => listMarkdown(dir, shown, recursive)) as [Listed[], Listed[], Listed[]];
  return { globals: g, locals: l, mirrors: m };
}

/**
 * The listing, reusing the previous build's directory records where a directory is unchanged;
 * `withItems` false: the records and `same` alone (the set is left empty).
 */
function listIndexed(ctx: Context, prev: Manifest | null, since: number, restat?: (dir: string) => boolean, withItems = true): { set: SourceSet; dirs: DirRecord[][]; same: boolean } {
  const dirs: DirRecord[][] = [];
  const lists: Listed[][] = [];
  let same = prev !== null;
  roots(ctx).forEach(([dir, shown, recursive], i) => {
    const before = prev ? new Map(prev.dirs[i]!.map((r) => [r.path, r])) : null;
    const l = listWithRecords(dir, shown, recursive, before, since, restat, withItems);
    lists.push(l.items);
    dirs.push(l.dirs);
    if (!l.same) same = false;
  });
  return { set: { globals: lists[0]!, locals: lists[1]!, mirrors: lists[2]! }, dirs, same };
}

/** What a compile is of besides its sources: the build of akms, the global vault (where, and as given) and the repository. */
function inputsOf(ctx: Context): string {
  return JSON.stringify([buildIdentity(), ctx.vault.path, ctx.vault.display, ctx.repo]);
}

/** What besides the sources the last compile was of and this one would not be (inputsChanged), by its manifest; null when nothing, or no manifest says. */
export function otherInputs(ctx: Context): string | null {
  const m = readManifest(ctx);
  return m === null ? null : inputsChanged(m.inputs, ctx);
}

/** Which of inputsOf differs between a manifest's record (`recorded`) and `ctx`, in words; null when none does. */
function inputsChanged(recorded: string, ctx: Context): string | null {
  if (recorded === inputsOf(ctx)) return null;
  let was: unknown;
  try {
    was = JSON.parse(recorded);
  } catch {
    return "the build's record";
  }
  const [identity, vault, given, repo] = Array.isArray(was) ? (was as unknown[]) : [];
  if (vault !== ctx.vault.path || given !== ctx.vault.display) return `the global vault given (${String(given)} then, ${ctx.vault.display} now)`;
  if (repo !== ctx.repo) return "the repository's path";
  // Read inside a sentence ("recompiled graph.json first (… changed since it was built)", "press R to rebuild: … changed after …").
  return identity !== buildIdentity() ? "akms itself" : "the build's record";
}

interface PreRead {
  results: ShareResult[];
  overlay: OverlayRead;
}

function jobsOf(set: SourceSet) {
  return [
    { origin: "global" as const, items: set.globals },
    { origin: "local" as const, items: set.locals },
    { origin: "code-mirror" as const, items: set.mirrors },
  ];
}

/** A file of another schema version stops the compile (spec §8.3: a migration, never a guess); every such file is listed. */
function refuseVersion(problems: readonly Problem[]): void {
  const [first, ...more] = problems.filter((p) => p.code === "SCHEMA_VERSION");
  if (!first) return;
  const also = more.length ? ` (and ${plural(more.length, "more file")}, listed below)` : "";
  throw new AkmsError("SCHEMA_VERSION", first.message + also, { file: first.file, line: first.line, field: "akms_schema", hint: first.hint, problems: more });
}

/** The overlay is the repository's experiential state: never compile without it. */
function refuseOverlay(problems: readonly Problem[], overlayShown: string): void {
  if (!problems.length) return;
  refuseVersion(problems);
  throw new ValidationError(`the overlay ${overlayShown} is invalid; graph.json was not changed`, {
    file: overlayShown,
    hint: "fix local_state.yaml (it is written by `akms update`; see spec §4.2)",
    problems: [...problems],
  });
}

/** Compiles in memory without writing anything (`pre`: the sources already read). */
export function compileGraph(
  ctx: Context,
  opts: BuildOptions = {},
  set = listSources(ctx),
  pre?: PreRead,
  /** Called once the sources are known to compile, before the merge (with the files left out). */
  validated?: (rejects: Problem[]) => void,
): { doc: GraphDoc; rejects: Problem[]; refs: RefCheck[] } {
  const overlayShown = displayPath(ctx.repo, ctx.paths.overlay);
  // The overlay first: a compile it refuses must not read every node file before it says so.
  const ov = pre?.overlay ?? readOverlay(ctx.paths.overlay, overlayShown);
  refuseOverlay(ov.problems, overlayShown);
  const [g, l, mi] = (pre?.results ?? jobsOf(set).map((j) => readShare(j))) as [ShareResult, ShareResult, ShareResult];
  const refused = outsideLinks(ctx, set);
  const keep = (n: { file: string }) => !refused.has(n.file);
  const globals = refused.size ? g.nodes.filter(keep) : g.nodes;
  const locals = refused.size ? l.nodes.filter(keep) : l.nodes;
  const mirrors = refused.size ? mi.nodes.filter(keep) : mi.nodes;
  const problems: Problem[] = [...g.problems, ...l.problems, ...mi.problems, ...refused.values()];
  refuseVersion(problems);
  if (problems.length && !opts.keepGoing) {
    const files = new Set(problems.map((p) => p.file));
    throw new ValidationError(`${files.size} node file${files.size === 1 ? " is" : "s are"} invalid; graph.json was not changed`, {
      hint: "fix the files listed, or run `akms build --keep-going` to compile the valid rest",
      problems,
    });
  }
  validated?.(problems);
  const refs: RefCheck[] = [];
  const doc = mergeGraph({
    globals,
    locals,
    mirrors,
    overlay: ov.overlay,
    overlayShown,
    globalVault: ctx.vault.display,
    repoId: (ov.overlay?.repo_id as string | undefined) || basename(ctx.repo),
    contentRefOk: recordingChecker(ctx, refs),
  });
  // Its text is written from the index made of it (emitCompiled); the merge driver's replay and a dry run read the document alone.
  return { doc, rejects: problems, refs };
}

/**
 * The graph the sources give, compiled in memory and never written, as an update reads it: its
 * nodes as graph.json's text would read them back, in-links, a domain's nodes. Through the parse
 * cache, which it reads and never writes, so only files changed since the last build are parsed.
 * By default the repository's own overlay and node files: an update whose graph.json is not
 * current (it writes graph.json only once its own writes are done, so a refused update writes
 * nothing), and its dry run. The merge driver's replay (core/team/) passes another overlay
 * (`overlay.file` holds its bytes, a scratch copy) and node files from elsewhere (`extra`, another
 * branch's, each with the repository path it stands for as its `shown`), and keeps going past a
 * file that does not compile. A mistyped vault is refused as by every build (keepGlobalNodes).
 */
export function compileInMemory(
  ctx: Context,
  opts: { overlay?: { file: string; bytes: Buffer; data: Overlay }; extra?: { locals?: Listed[]; mirrors?: Listed[] }; keepGoing?: boolean } = {},
): Pick<GraphIndex, "nodes" | "in" | "domainIndex"> {
  const { overlay, extra = {} } = opts;
  const set = listSources(ctx);
  keepGlobalNodes(ctx, set);
  const taken = new Set([...set.locals, ...set.mirrors].map((f) => f.shown));
  set.locals.push(...(extra.locals ?? []).filter((f) => !taken.has(f.shown)));
  set.mirrors.push(...(extra.mirrors ?? []).filter((f) => !taken.has(f.shown)));
  const files = [...set.globals, ...set.locals, ...set.mirrors].map((f) => f.file);
  const shown = displayPath(ctx.repo, ctx.paths.overlay);
  const ov = overlay ? (writtenOverlay(overlay.file, overlay) ?? readOverlay(overlay.file, shown)) : storedOverlay(ctx.paths, shown);
  refuseOverlay(ov.problems, shown);
  const read = readWithCache(jobsOf(set), statAll(files, Date.now()), loadParseCache(ctx.paths.cacheDir, buildIdentity()), buildIdentity(), ctx.paths.cacheDir);
  let doc: GraphDoc;
  try {
    doc = compileGraph(ctx, { keepGoing: Boolean(opts.keepGoing) }, set, { results: read.results, overlay: ov }).doc;
  } finally {
    read.discard();
  }
  return readBackGraph(doc, overlay?.file ?? ctx.paths.overlay);
}

/**
 * A compiled document as an update reads it: each node as graph.json's text would read it back
 * (the parse cache's nodes are stubs until then), made when first asked for; in-links; a domain's
 * nodes (a domain is among a stub's fields).
 */
function readBackGraph(doc: GraphDoc, file: string): Pick<GraphIndex, "nodes" | "in" | "domainIndex"> {
  const g = indexOfLoaded(graphFromDoc(doc, file, ""));
  const asRead = new Map<string, GNode>();
  const nodes: NodeTable = {
    get(id) {
      let n = asRead.get(id);
      if (n === undefined) {
        const stub = g.nodes.get(id);
        if (stub === undefined) return undefined;
        asRead.set(id, (n = nodeAsWritten(stub)));
      }
      return n;
    },
    has: (id) => g.nodes.has(id),
    keys: () => g.nodes.keys(),
    *values() {
      for (const id of g.nodes.keys()) yield nodes.get(id)!;
    },
    size: g.nodes.size,
  };
  return { nodes, in: g.in, domainIndex: g.domainIndex };
}

/** What a targeted build (BuildOptions.wrote) stats: the files written, and the directories above them. */
function knownWrites(ctx: Context, wrote: KnownWrites | undefined): { changed: Set<string>; restat: (dir: string) => boolean } | null {
  if (wrote === undefined) return null;
  const changed = new Set<string>();
  const dirs = new Set<string>();
  const paths = [...wrote.files];
  if (wrote.overlay !== undefined) paths.push(ctx.paths.overlay);
  for (const f of paths) {
    for (const p of [f, resolve(f)]) {
      changed.add(p);
      for (let d = dirname(p); !dirs.has(d); d = dirname(d)) {
        dirs.add(d);
        if (dirname(d) === d) break;
      }
    }
  }
  return { changed, restat: (d) => dirs.has(d) || dirs.has(resolve(d)) };
}

/** The inputs the manifest's stats are of, in order: the listing its directory records give, the overlay, the config. */
function recordedInputs(ctx: Context, m: Manifest): string[] {
  const files: string[] = [];
  roots(ctx).forEach(([dir, , recursive], i) => {
    for (const f of recordedFiles(dir, recursive, m.dirs[i]!)) files.push(f);
  });
  files.push(ctx.paths.overlay, ctx.paths.config);
  return files;
}

/**
 * What changed, by the build manifest, among what the compile reads since graph.json was compiled
 * (read-only; the lock is not needed): the first input file whose stat differs from its record (or
 * whose content does, for a file the record could not trust by its stat), a file added to or removed
 * from a source directory, a content_ref target that came or went, or what else a compile is of
 * (another global vault, or the vault given otherwise, another build of akms, the repository
 * moved: inputsChanged, the CLI's readers recompile for it too); null when nothing did (a build
 * would be a no-op); undefined when the manifest cannot tell (there is none, or graph.json is not
 * the file it recorded). In steps (core/steps.ts): the console handles its keys between them.
 */
export function* changedSinceBuildSteps(ctx: Context): Steps<string | null | undefined> {
  const m = readManifest(ctx);
  if (m === null || !sameVector(m.graph, statSync(ctx.paths.graphJson, { throwIfNoEntry: false }))) return undefined;
  const other = inputsChanged(m.inputs, ctx);
  if (other !== null) return other;
  yield;
  const since = Date.now();
  const recorded = recordedInputs(ctx, m);
  yield;
  let listing = listIndexed(ctx, m, since, undefined, false);
  yield;
  if (!listing.same) {
    listing = listIndexed(ctx, m, since);
    const now = [...listing.set.globals, ...listing.set.locals, ...listing.set.mirrors].map((f) => f.file);
    const was = new Set(recorded);
    const is = new Set(now);
    const moved = now.find((f) => !was.has(f)) ?? recorded.find((f) => !is.has(f) && f !== ctx.paths.overlay && f !== ctx.paths.config);
    if (moved !== undefined) return moved;
  }
  const now = yield* statAllSteps(recorded, since);
  for (let i = 0; i < recorded.length; i++) {
    const a = m.files.stats.subarray(i * STAT_WIDTH, (i + 1) * STAT_WIDTH);
    if (!sameStats(a, now.stats.subarray(i * STAT_WIDTH, (i + 1) * STAT_WIDTH))) return recorded[i]!;
  }
  for (const [i, h] of m.files.racy) if (contentSha(recorded[i]!) !== h) return recorded[i]!;
  if (!refsHold(ctx, m.refs)) return "a content_ref target";
  return null;
}

function manifestPath(ctx: Context): string {
  return join(ctx.paths.cacheDir, "build-manifest.bin");
}

function readManifest(ctx: Context): Manifest | null {
  try {
    const file = readBytesIfExists(manifestPath(ctx));
    const bytes = file === null ? null : unsealed(file); // damaged: none (the build compiles)
    if (bytes === null) return null;
    const m = deserialize(bytes) as Manifest | null;
    const ok =
      m !== null &&
      typeof m === "object" &&
      m.format === MANIFEST_FORMAT &&
      Array.isArray(m.dirs) &&
      m.dirs.length === 3 &&
      m.files?.stats instanceof Float64Array &&
      m.files.racy instanceof Map &&
      Array.isArray(m.graph) &&
      typeof m.generated_at === "string" &&
      typeof m.content_sha === "string" &&
      Array.isArray(m.refs);
    return ok ? m : null;
  } catch {
    return null;
  }
}

function writeManifest(ctx: Context, m: Manifest): void {
  writeFileAtomic(manifestPath(ctx), sealed(serialize(m)), { knownDifferent: true });
}

/** The manifest as it stood before a caller's writes: see manifestBeforeWrites. */
export interface ManifestBase {
  m: Manifest;
  /** recordedInputs(m). */
  inputs: string[];
}

/**
 * Before a caller (the caller holds the lock) writes the source `files` and then patches graph.json
 * to exactly what a build of the sources would write: the manifest, when graph.json and those files
 * (and the listing of their directories) are exactly as it recorded them; otherwise null.
 */
export function manifestBeforeWrites(ctx: Context, files: readonly string[]): ManifestBase | null {
  const m = readManifest(ctx);
  if (m === null || m.inputs !== inputsOf(ctx)) return null;
  if (!sameVector(m.graph, statSync(ctx.paths.graphJson, { throwIfNoEntry: false }))) return null;
  const since = Date.now();
  if (!listIndexed(ctx, m, since, knownWrites(ctx, { files })!.restat, false).same) return null;
  const inputs = recordedInputs(ctx, m);
  for (const f of files) {
    const i = inputs.indexOf(f);
    const now = statAll([f], since);
    if (i < 0) {
      if (now.stats[0] !== -1) return null; // a file the listing does not hold is one the write creates
      continue;
    }
    if (!sameStats(m.files.stats.subarray(i * STAT_WIDTH, (i + 1) * STAT_WIDTH), now.stats)) return null;
    const h = m.files.racy.get(i);
    if (h !== undefined && contentSha(f) !== h) return null;
  }
  return { m, inputs };
}

/**
 * After the writes of `files` and the caller's patch of graph.json (`out`: the text written, or null
 * when graph.json was left as it was): the manifest records the sources as they are now and
 * graph.json as their output, so later builds stay on their fast paths. Without a base (see
 * manifestBeforeWrites), or when the listing changed otherwise than by the files written, the
 * manifest is removed instead: a build it would mislead (BuildOptions.wrote) is then an ordinary one.
 */
export function recordPatchedGraph(ctx: Context, base: ManifestBase | null, files: readonly string[], out: { generatedAt: string; contentSha: string; nodeCount: number } | null): void {
  const drop = (): void => {
    removeFile(manifestPath(ctx));
  };
  if (base === null) return drop();
  const { m, inputs: before } = base;
  const since = Date.now();
  const known = knownWrites(ctx, { files })!;
  let listing = listIndexed(ctx, m, since, known.restat, false);
  let now = before; // every directory has the entries it had: the same listing
  if (!listing.same) {
    listing = listIndexed(ctx, m, since, known.restat);
    now = [...listing.set.globals, ...listing.set.locals, ...listing.set.mirrors].map((f) => f.file);
    now.push(ctx.paths.overlay, ctx.paths.config);
    const written = new Set(files);
    const others = (l: string[]) => l.filter((f) => !written.has(f));
    const a = others(before);
    const b = others(now);
    if (a.length !== b.length || a.some((f, i) => f !== b[i])) return drop();
  }
  for (const f of files) if (now.includes(f) !== (statSync(f, { throwIfNoEntry: false }) !== undefined)) return drop();
  const stats = statChanged(now, since, before, m.files, known.changed);
  const graph = out === null ? m.graph : ownWriteVector(statSync(ctx.paths.graphJson, { throwIfNoEntry: false }));
  writeManifest(ctx, {
    ...m,
    dirs: listing.dirs,
    files: stats,
    graph,
    ...(out === null ? {} : { generated_at: out.generatedAt, content_sha: out.contentSha, graph_version: out.contentSha.slice(0, 12), node_count: out.nodeCount }),
  });
}

export function build(ctx: Context, opts: BuildOptions = {}): BuildResult {
  return withLock(ctx.paths.lock, () => {
    // An update killed half-way is finished first, so the graph compiles from a whole state.
    recoverPendingTransaction(ctx, () => buildLocked(ctx, opts));
    return buildLocked(ctx, opts);
  });
}

/**
 * What keeps every build from rewriting graph.json without its global nodes: a vault the user named
 * (flag, environment, config) that gives no global node file — missing, no directory, or empty —
 * while graph.json holds global nodes (a mistyped path would silently drop them). A first build
 * with an empty or missing vault is the spec's cold start (UR-01) and goes on, with the vault
 * warning; the default vault may not exist yet.
 */
function keepGlobalNodes(ctx: Context, set: SourceSet): void {
  if (set.globals.length > 0 || ctx.vault.from === "default") return;
  const text = readBytesIfExists(ctx.paths.graphJson)?.toString("utf8") ?? ""; // no graph yet: a cold start
  if (!text.includes('"node_origin": "global"')) return;
  const problem = vaultProblem(ctx.vault) ?? `the global vault ${ctx.vault.display} holds no node file (no .md)`;
  throw new AkmsError("VAULT", `${problem}, and graph.json holds global nodes: a build now would drop them, so graph.json was not rewritten`, {
    hint: "check the path (--vault DIR, $AKMS_GLOBAL_VAULT, or global_vault in propagation_config.yaml); to build without global nodes on purpose, pass --allow-empty-vault",
  });
}

/**
 * The compile proper: the overlay first (the writer's own, else the store's record of its bytes;
 * --no-cache parses it), then the node files from the parse cache where their stat is unchanged,
 * the rest read. An overlay the compile refuses: no node file is read.
 */
function compileWithCache(ctx: Context, opts: BuildOptions, set: SourceSet, stats: FileStats, known: boolean): ReturnType<typeof compileGraph> {
  const shown = displayPath(ctx.repo, ctx.paths.overlay);
  const ov = writtenOverlay(ctx.paths.overlay, known ? opts.wrote!.overlay : undefined) ?? (opts.noCache ? readOverlay(ctx.paths.overlay, shown) : storedOverlay(ctx.paths, shown));
  refuseOverlay(ov.problems, shown);
  const read = readWithCache(jobsOf(set), stats, opts.noCache ? null : loadParseCache(ctx.paths.cacheDir, buildIdentity()), buildIdentity(), ctx.paths.cacheDir);
  // The parse cache is written by a build whose sources all compile (a failed one leaves
  // knowledge/ as it was), before the merge, so its records are released before the output is built.
  let pending = true;
  try {
    return compileGraph(ctx, opts, set, { results: read.results, overlay: ov }, (left) => {
      pending = false;
      if (left.length) read.discard();
      else read.save?.(ctx.paths.cacheDir);
      read.save = null; // its records are garbage now
      // The overlay was parsed for this compile: kept, so that the next reader of these bytes need
      // not. Not by --no-cache, which parses even what an update kept (and would unsay `canonical`).
      if (!opts.noCache && !left.length && !ov.kept && ov.bytes !== undefined && ov.overlay !== null) keepOverlay(ctx.paths, ov.bytes, ov.overlay, false);
    });
  } finally {
    if (pending) read.discard();
  }
}

/** What a build finds before it compiles: the manifest, the listing, every input's stat, graph.json's standing. */
interface Observed {
  last: Manifest | null;
  /** The manifest's record of the sources, when it is of this compiler, vault and repository. */
  prev: Manifest | null;
  known: ReturnType<typeof knownWrites>;
  listing: ReturnType<typeof listIndexed>;
  files: string[];
  stats: FileStats;
  graphStat: Stats | undefined;
  /** graph.json is the file the manifest describes (its recorded stat, or else its bytes). */
  graphTrusted: boolean;
  /** graph.json's content hash (generated_at blanked) and its generated_at, when there is one. */
  currentContentSha: string | null;
  currentGeneratedAt: string | null;
  refsHeld: () => boolean;
  /** Nothing the compile reads changed since the manifest's build, graph.json is that build's output, and the store holds its index. */
  noOp: boolean;
}

function observe(ctx: Context, opts: BuildOptions): Observed {
  const since = Date.now();
  // The manifest's record of graph.json holds whatever the inputs; its record of the sources only
  // for the same compiler, vault and repository.
  const last = opts.noCache ? null : readManifest(ctx);
  const prev = last !== null && last.inputs === inputsOf(ctx) ? last : null;
  const known = prev !== null ? knownWrites(ctx, opts.wrote) : null;
  const listing = listIndexed(ctx, prev, since, known?.restat);
  const { set } = listing;
  const files = [...set.globals, ...set.locals, ...set.mirrors].map((f) => f.file);
  files.push(ctx.paths.overlay, ctx.paths.config);
  const stats = known ? statChanged(files, since, recordedInputs(ctx, prev!), prev!.files, known.changed) : statAll(files, since);
  const graphStat = statSync(ctx.paths.graphJson, { throwIfNoEntry: false });
  let current: GraphContent | null = null;
  let currentBytes: Buffer | null = null;
  let graphTrusted = false;
  if (last !== null && graphStat !== undefined) {
    if (sameVector(last.graph, graphStat)) graphTrusted = true;
    else {
      currentBytes = readBytesIfExists(ctx.paths.graphJson);
      current = currentBytes ? contentOf(currentBytes) : null;
      graphTrusted = current !== null && current.contentSha === last.content_sha && current.generatedAt === last.generated_at;
    }
  }
  // Every content_ref the last compile checked resolves as it did (else its warnings would change).
  let refsSame: boolean | undefined;
  const refsHeld = () => (refsSame ??= prev !== null && refsHold(ctx, prev.refs));
  // (A copied repository's index is re-keyed to graph.json's new stat by its content; not by a probe, which writes nothing.)
  const noOp = prev !== null && graphTrusted && listing.same && unchangedSince(prev.files, stats, files) && refsHeld() && graphIndexed(ctx.paths, !opts.probe);
  const o: Observed = { last, prev, known, listing, files, stats, graphStat, graphTrusted, currentContentSha: null, currentGeneratedAt: null, refsHeld, noOp };
  if (noOp) {
    // Touched but unchanged: remember its new stat, so the next no-op need not read it.
    if (currentBytes !== null && !opts.probe) writeManifest(ctx, { ...prev!, graph: ownWriteVector(graphStat) });
    return o;
  }
  // Without a trustworthy manifest, the current file's content hash is computed now, and its
  // bytes released before the compile allocates its own.
  if (currentBytes === null && !graphTrusted && graphStat !== undefined) currentBytes = readBytesIfExists(ctx.paths.graphJson);
  if (currentBytes !== null && current === null) current = contentOf(currentBytes);
  if (graphTrusted) current = { contentSha: last!.content_sha, generatedAt: last!.generated_at };
  o.currentContentSha = current?.contentSha ?? null;
  o.currentGeneratedAt = current?.generatedAt ?? null;
  return o;
}

interface GraphContent {
  contentSha: string;
  generatedAt: string | null;
}

/** What identifies graph.json's bytes: its content hash (generated_at blanked) and its generated_at. */
function contentOf(bytes: Buffer): GraphContent {
  return { contentSha: blankedSha(bytes), generatedAt: generatedAtOf(bytes.subarray(0, 4096).toString("utf8")) };
}

/** graph.json's new content (generated_at blank) and what the manifest records of it. */
interface Output {
  doc: { graph: { node_count: number; edge_count: number; warnings: BuildWarning[]; generated_at: string } };
  /** The text, generated_at blank; none for a compile, whose document is written from its index (emitCompiled). */
  chunks?: (string | Buffer)[];
  rejects: Problem[];
  refs: RefCheck[];
  /** The edit patch's parse-cache records, added once graph.json is written. */
  records?: { key: string; value: string }[];
  /** A patch's changes, for the graph index's delta (store/graph-delta.ts). */
  plan?: PlanChange;
  /** The text was written back from the store's index of it (restored), whose hash it is. */
  held?: { contentSha: string };
}

/**
 * After `akms update` (its writes known, graph.json the last build's output): graph.json patched for
 * what the update changed, when the patch can be sure it is what the compile writes.
 */
function updatePatched(ctx: Context, opts: BuildOptions, o: Observed): Output | null {
  const prev = o.prev!;
  if (o.known === null || !o.graphTrusted || opts.wrote?.update === undefined || opts.wrote.overlay === undefined) return null;
  const index = indexOrNone(ctx.paths);
  if (index === null) return null;
  const patched = patchForUpdate({
    ctx,
    delta: opts.wrote.update,
    overlay: opts.wrote.overlay,
    written: opts.wrote.files,
    recordedDirs: prev.dirs,
    dirs: o.listing.dirs,
    recordedStats: prev.files,
    graph: index,
    warnings: prev.warnings,
    nodeCount: prev.node_count,
    edgeCount: prev.edge_count,
    globalVault: ctx.vault.display,
    contentRefOk: contentRefChecker(ctx),
    refsHold: o.refsHeld,
  });
  if (!patched) return null;
  const graph = { node_count: patched.nodeCount, edge_count: patched.edgeCount, warnings: prev.warnings, generated_at: "" };
  return { doc: { graph }, chunks: patched.chunks, rejects: [], refs: [...prev.refs, ...patched.refs], plan: patched.plan };
}

/** After a few node files were edited: graph.json patched for them, when that is provably what the compile writes (edit-patch.ts). */
function editPatched(ctx: Context, opts: BuildOptions, o: Observed): Output | null {
  const prev = o.prev;
  if (o.known !== null || prev === null || !o.graphTrusted || !o.listing.same || opts.noCache || !o.refsHeld()) return null;
  const index = indexOrNone(ctx.paths);
  if (index === null) return null;
  const edited = patchForEdit({
    ctx,
    jobs: jobsOf(o.listing.set),
    files: o.files,
    stats: o.stats,
    recorded: prev.files,
    warnings: prev.warnings,
    identity: buildIdentity(),
    cacheDir: ctx.paths.cacheDir,
    graph: index,
  });
  if (!edited) return null;
  const graph = { node_count: prev.node_count, edge_count: prev.edge_count, warnings: prev.warnings, generated_at: "" };
  return { doc: { graph }, chunks: edited.chunks, rejects: [], refs: prev.refs, records: edited.records, plan: edited.plan };
}

/**
 * graph.json deleted (a `git clean`, a checkout) while nothing it is compiled from changed: written
 * back from the store's index of the text the manifest records — exact, or not sure: that text must
 * hash to the manifest's record, else the compile writes graph.json.
 */
function restored(opts: BuildOptions, o: Observed, paths: Context["paths"]): Output | null {
  const prev = o.prev;
  if (prev === null || o.graphStat !== undefined || opts.noCache || !o.listing.same || !unchangedSince(prev.files, o.stats, o.files) || !o.refsHeld()) return null;
  return attemptPatch("restore", null, () => {
    const g = indexOfText(paths, { version: prev.graph_version, generatedAt: prev.generated_at });
    if (g === null) return null;
    const chunks = graphTextOf(g);
    const contentSha = sha256(chunks);
    if (contentSha !== prev.content_sha) {
      dropIndex(paths); // made for that text by its header, yet it gives another: the compile indexes anew
      return null;
    }
    const graph = { node_count: prev.node_count, edge_count: prev.edge_count, warnings: prev.warnings, generated_at: "" };
    return { doc: { graph }, chunks, rejects: [], refs: prev.refs, held: { contentSha } };
  });
}

/** Writes graph.json when its content changed (unchanged content keeps the file and its generated_at), then the manifest. */
function writeOutput(ctx: Context, opts: BuildOptions, o: Observed, out: Output): BuildResult {
  const { doc, rejects } = out;
  // The manifest remembers the hash of the current file's content (generated_at blanked), so the
  // 40 MB comparison is a hash comparison; the one hash (with the generated_at) identifies the file.
  // The index beside graph.json: a patch's change (its text made from the index); a compile's made
  // from its document, and graph.json from that index — a keep-going build's too, since readers
  // read nothing else (it is keyed to the graph.json written, not to the sources).
  // graph.json deleted (a `git clean`, a checkout) and compiled to the content the manifest recorded: written back as it was.
  const restore = o.graphStat === undefined && o.last !== null ? { contentSha: o.last.content_sha, generatedAt: o.last.generated_at } : null;
  const how = { current: { contentSha: o.currentContentSha, generatedAt: o.currentGeneratedAt }, restore, env: opts.env };
  const { written, contentSha, graphVersion, generatedAt } =
    out.chunks === undefined
      ? emitCompiled(ctx, doc as GraphDoc, how)
      : emitGraph(ctx, () => out.chunks!, { ...how, index: out.plan ? { change: out.plan } : out.held ? "held" : null, contentSha: out.held?.contentSha });
  doc.graph.generated_at = generatedAt;
  if (!rejects.length) {
    writeManifest(ctx, {
      format: MANIFEST_FORMAT,
      inputs: inputsOf(ctx),
      dirs: o.listing.dirs,
      files: o.stats,
      graph: ownWriteVector(statSync(ctx.paths.graphJson, { throwIfNoEntry: false })),
      content_sha: contentSha,
      generated_at: generatedAt,
      node_count: doc.graph.node_count,
      edge_count: doc.graph.edge_count,
      graph_version: graphVersion,
      warnings: doc.graph.warnings,
      refs: out.refs,
    });
    removeFile(join(ctx.paths.cacheDir, "build-manifest.json")); // the previous format's manifest
  }
  if (out.records) addRecords(ctx.paths.cacheDir, buildIdentity(), out.records);
  return { written, graphVersion, nodeCount: doc.graph.node_count, edgeCount: doc.graph.edge_count, warnings: doc.graph.warnings, rejects, fromCache: false, writtenBack: out.held !== undefined, graphJson: ctx.paths.graphJson };
}

/**
 * Whether graph.json is the compile of the sources as they are now: the no-op build's own test
 * (the manifest's record of every source and of graph.json), run without the lock and writing
 * nothing. False when graph.json is missing or the manifest cannot vouch for it.
 */
export function graphIsFresh(ctx: Context): boolean {
  if (!existsSync(ctx.paths.graphJson)) return false;
  if (freshVerdictStands(ctx.paths.knowledge, ctx.vault.path, () => freshnessKey(ctx))) return true;
  return observe(ctx, { probe: true }).noOp;
}

/**
 * What a verdict of graphIsFresh holds for (core/source-watch.ts withFreshVerdict): graph.json's
 * and the build manifest's stat vectors, which every akms writer of graph.json changes. Null when
 * either is missing, or written too recently for its stat to tell another write apart.
 */
export function freshnessKey(ctx: Context): string | null {
  const v = [ctx.paths.graphJson, manifestPath(ctx)].flatMap((f) => ownWriteVector(statOrNull(f)));
  return v.some(Number.isNaN) ? null : v.join(",");
}

/**
 * The build proper; the caller holds the repository lock. One of: nothing changed (the manifest
 * answers); graph.json patched (after an update, or a few edited nodes); or compiled — then written
 * only when its content differs.
 */
export function buildLocked(ctx: Context, opts: BuildOptions = {}): BuildResult {
  const o = observe(ctx, opts);
  if (o.noOp) return unchanged(ctx, o);
  if (!opts.allowEmptyVault) keepGlobalNodes(ctx, o.listing.set);
  const patch = patched(ctx, opts, o);
  const r = writeOutput(ctx, opts, o, patch ?? compileWithCache(ctx, opts, o.listing.set, o.stats, o.known !== null));
  // A patch whose change the index could not take (a delta too large, or not sure): compiled, which indexes it anew.
  return patch !== null && !graphIndexed(ctx.paths, false) ? buildLocked(ctx, opts) : r;
}

/**
 * graph.json written back from the store after it was deleted, or patched after an update or an
 * edit. A patch changes the index the store holds for graph.json as it is (by its stat: a build that
 * may still fail re-keys nothing), so without one the compile makes the index anew.
 */
function patched(ctx: Context, opts: BuildOptions, o: Observed): Output | null {
  if (o.graphStat === undefined) return restored(opts, o, ctx.paths);
  return graphIndexed(ctx.paths, false) ? (updatePatched(ctx, opts, o) ?? editPatched(ctx, opts, o)) : null;
}

/** A no-op build's result: the manifest's record of graph.json as it is. */
function unchanged(ctx: Context, o: Observed): BuildResult {
  const prev = o.prev!;
  return { written: false, graphVersion: prev.graph_version, nodeCount: prev.node_count, edgeCount: prev.edge_count, warnings: prev.warnings, rejects: [], fromCache: true, writtenBack: false, graphJson: ctx.paths.graphJson };
}

/**
 * buildLocked in two steps, for a writer that must be able to refuse after seeing the compiled
 * graph and then write nothing (an update whose graph.json is not current): the compile — graph.json
 * untouched, only the store's parse records kept — and `write()`, which writes graph.json, its
 * index and its manifest exactly as buildLocked would have. Nothing may change the sources between
 * the two (the caller holds the lock and writes only after `write()`).
 */
export function buildInTwoSteps(ctx: Context, opts: BuildOptions = {}): { graph: Pick<GraphIndex, "nodes" | "in" | "domainIndex">; write: () => BuildResult } {
  const o = observe(ctx, opts);
  if (o.noOp) return { graph: openGraph(ctx.paths), write: () => unchanged(ctx, o) };
  if (!opts.allowEmptyVault) keepGlobalNodes(ctx, o.listing.set);
  const out = compileWithCache(ctx, opts, o.listing.set, o.stats, o.known !== null);
  return { graph: readBackGraph(out.doc as GraphDoc, ctx.paths.graphJson), write: () => writeOutput(ctx, opts, o, out) };
}
