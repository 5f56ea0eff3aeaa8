// `akms mirror`: regenerate the code mirror for the selected source files (spec §5.6), check
// docstring drift, remove the mirrors of deleted sources, and recompile graph.json — all under
// the repository lock, every write atomic. An unchanged source leaves its mirror byte-identical.
import { readFileSync, rmdirSync, statSync } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import type { Context } from "../context.js";
import { AkmsError, ValidationError, type Problem } from "../errors.js";
import { nowIso } from "../clock.js";
import { acquireLock } from "../lock.js";
import { readTextIfExists, removeFile, removeStaleTemps, sha256, writeFileAtomic, writeFilesAtomic } from "../fsx.js";
import { splitFrontmatter } from "../frontmatter.js";
import { parseYaml } from "../yaml.js";
import { buildLocked } from "../compiler/build.js";
import { recoverPendingTransaction } from "../transaction.js";
import { listMarkdown } from "../compiler/sources.js";
import { cachePath, MIRROR_FORMAT, readCache, serializeCache, type CacheEntry, type MirrorCache } from "./cache.js";
import { checkAllDrift, type DriftFinding } from "./drift.js";
import { assignMirrorNames, type MirrorName } from "./names.js";
import { comparable, renderMirror } from "./render.js";
import { languageOf, listSourceFiles, repoStatter, selectFiles, type SelectOptions, type SelectionMode, type SourceStat } from "./select.js";
import { semanticDrift, semanticSetup } from "./semantic.js";
import { parseAll } from "./parse-pool.js";
import type { Language, ParsedSource, SyntaxProblem } from "./types.js";

export interface MirrorOptions extends SelectOptions {
  /** generated_by_phase for mirrors written now (default: the PCD's phase_id, else null). */
  phase?: number;
  env?: NodeJS.ProcessEnv;
  /** Ignore the fingerprint cache (re-parse everything; unchanged mirrors still stay byte-identical). */
  noCache?: boolean;
}

export interface MirroredFile {
  source: string;
  /** Repository-relative path of the mirror .md. */
  mirror: string;
  id: string;
  status: "established" | "draft";
  definitions: number;
  drift: number;
  syntax_errors: number;
}

export interface MirrorWarning {
  file: string;
  line?: number;
  message: string;
}

/** One drift finding with the file it is in: what health and review reports list. */
export interface DriftRecord extends DriftFinding {
  source_file: string;
  mirror_id: string;
}

export interface MirrorResult {
  mode: SelectionMode;
  ref?: string;
  pcd?: string;
  phase: number | null;
  /** Mirrors written (new or changed). */
  mirrored: MirroredFile[];
  /** Selected sources whose mirror was already up to date (left byte-identical). */
  unchanged: { source: string; mirror: string; id: string }[];
  removed: { source: string; mirror: string; reason: string }[];
  skipped: { source: string; reason: string }[];
  warnings: MirrorWarning[];
  /** Drift in the mirrored and unchanged files of this run. */
  drift: DriftRecord[];
  semantic: { enabled: boolean; ran: boolean; calls: number; message?: string };
  /** Files parsed by this run, and on how many worker threads (0: all in the main thread). */
  parsing: { files: number; workers: number };
  graph: { written: boolean; graph_version: string } | null;
  /** Set when the mirrors were written but graph.json could not be rebuilt. */
  graph_error?: string;
}

interface IndexedMirror {
  source: string;
  id: string;
}

interface WorkItem {
  path: string;
  explicit: boolean;
}

interface Parsed {
  path: string;
  lang: Language;
  name: MirrorName;
  sha: string;
  size: number;
  mtimeNs: string;
  parsed: ParsedSource;
}

const toPosix = (p: string) => p.split(sep).join("/");

export async function generateMirror(ctx: Context, opts: MirrorOptions = {}): Promise<MirrorResult> {
  const selection = selectFiles(ctx, opts); // usage and selection errors: before the lock, nothing written
  const release = acquireLock(ctx.paths.lock, "mirror");
  try {
    recoverPendingTransaction(ctx, () => buildLocked(ctx, { env: opts.env })); // a write killed half-way, and its stale temp files
    return await mirrorLocked(ctx, opts, selection);
  } finally {
    release();
  }
}

type Selection = ReturnType<typeof selectFiles>;
type ToParse = { item: WorkItem; lang: Language; name: MirrorName; text: string; sha: string; size: number; mtimeNs: string };
type MirrorWrite = { ref: string; text: string; pf: Parsed; drift: DriftFinding[] };
type Removals = Map<string, { source: string; reason: string }>;

/** One mirror run's settings and shared state, for its steps. */
interface MirrorRun {
  ctx: Context;
  opts: MirrorOptions;
  result: MirrorResult;
  languages: Context["cfg"]["config"]["mirror"]["languages"];
  maxBytes: number;
  phase: number | null;
  semantic: ReturnType<typeof semanticSetup>;
  /** The fingerprint cache's key: a change of format or of the semantic check invalidates every entry. */
  key: string;
  cache: MirrorCache;
  newCache: Record<string, CacheEntry>;
  universe: Set<string>;
  statOf(path: string): SourceStat;
  names: ReturnType<typeof assignMirrorNames>;
  index: ReturnType<typeof scanMirrors>;
  intact: Set<string>;
}

function emptyResult(selection: Selection, phase: number | null, semantic: ReturnType<typeof semanticSetup>): MirrorResult {
  return {
    mode: selection.mode,
    ...(selection.ref ? { ref: selection.ref } : {}),
    ...(selection.pcd ? { pcd: selection.pcd } : {}),
    phase,
    mirrored: [],
    unchanged: [],
    removed: [],
    skipped: [],
    warnings: [],
    drift: [],
    semantic: { enabled: semantic.enabled, ran: false, calls: 0 },
    parsing: { files: 0, workers: 0 },
    graph: null,
  };
}

function startRun(ctx: Context, opts: MirrorOptions, selection: Selection): MirrorRun {
  const cfg = ctx.cfg.config;
  const languages = cfg.mirror.languages;
  const phase = opts.phase ?? selection.pcdPhase ?? null;
  const semantic = semanticSetup(cfg);
  const result = emptyResult(selection, phase, semantic);
  if (semantic.enabled && !semantic.route) {
    result.semantic.message = semantic.message;
    result.warnings.push({ file: "knowledge/graph/propagation_config.yaml", message: semantic.message });
  }
  const cache: MirrorCache = opts.noCache ? { format: MIRROR_FORMAT, sources: {} } : readCache(ctx.paths.cacheDir);
  const universe = new Set(selection.listing ?? listSourceFiles(ctx.repo, languages));
  const stats = new Map<string, SourceStat>();
  const statter = repoStatter(ctx.repo);
  const statOf = (p: string) => {
    let st = stats.get(p);
    if (!st) stats.set(p, (st = statter(p)));
    return st;
  };
  const intact = new Set<string>();
  const index = scanMirrors(ctx, cache, result.warnings, intact);
  // Names are assigned over every mirror-able source: the repository's, the named ones, and those
  // that already have a mirror (e.g. a git-ignored file named with --files once).
  for (const p of [...selection.files.map((f) => f.path), ...[...index.values()].map((m) => m.source)]) {
    if (universe.has(p) || p === "knowledge" || p.startsWith("knowledge/")) continue;
    if (languageOf(p, languages) && statOf(p).kind === "file") universe.add(p);
  }
  return {
    ctx,
    opts,
    result,
    languages,
    maxBytes: cfg.mirror.max_file_bytes,
    phase,
    semantic,
    key: `${MIRROR_FORMAT}|semantic=${semantic.enabled && semantic.route ? 1 : 0}`,
    cache,
    newCache: { ...cache.sources },
    universe,
    statOf,
    names: assignMirrorNames(universe),
    index,
    intact,
  };
}

/** 1. Existing mirrors: deleted sources lose theirs; a mirror whose name moved (a new clash) is relocated. */
function existingMirrors(run: MirrorRun): { removals: Removals; work: Map<string, WorkItem>; hasMirror: Set<string> } {
  const { index, statOf, names, result } = run;
  const removals = new Map<string, { source: string; reason: string }>();
  const work = new Map<string, WorkItem>();
  for (const [ref, m] of index) {
    const st = statOf(m.source);
    if (st.kind === "outside") {
      result.warnings.push({ file: `knowledge/${ref}`, message: `its source_file "${m.source}" is outside the repository; left alone` });
    } else if (st.kind === "missing") {
      removals.set(ref, { source: m.source, reason: "source deleted" });
    } else {
      const want = names.get(m.source);
      if (want && want.contentRef !== ref) {
        removals.set(ref, { source: m.source, reason: `renamed to knowledge/${want.contentRef}` });
        work.set(m.source, { path: m.source, explicit: false });
      }
    }
  }
  const hasMirror = new Set([...index.values()].map((m) => m.source));
  return { removals, work, hasMirror };
}

/** 2. The selection: what is to be mirrored; a named file that cannot be is a problem, any other is skipped. */
function selectWork(run: MirrorRun, selection: Selection, work: Map<string, WorkItem>, hasMirror: Set<string>, problems: Problem[]): void {
  const { languages, statOf, result } = run;
  const skip = skipper(run, problems);
  for (const f of selection.files) {
    if (!languageOf(f.path, languages)) {
      // Not a problem even when named: data files, docs and the like simply have no mirror.
      if (f.explicit || selection.mode === "pcd") result.skipped.push({ source: f.path, reason: `not a source file of the configured languages (mirror.languages: ${languages.join(", ")})` });
      continue;
    }
    const st = statOf(f.path);
    if (st.kind === "missing") {
      if (!hasMirror.has(f.path)) {
        if (f.explicit) problems.push({ file: f.path, message: "no such file (and no mirror to remove)", hint: "check the path (relative to the current directory, or to the repository root)" });
      }
      continue; // its mirror, if any, is already in `removals`
    }
    if (st.kind === "outside") {
      skip(f.path, "is a symlink that leads outside the repository", f.explicit, "mirror only files inside the repository");
      if (!f.explicit) result.warnings.push({ file: f.path, message: "is a symlink that leads outside the repository; skipped" });
      continue;
    }
    if (st.kind !== "file") {
      skip(f.path, st.kind === "dir" ? "is a directory" : "is not a regular file", f.explicit, "name source files, or use --all");
      continue;
    }
    const prev = work.get(f.path);
    work.set(f.path, { path: f.path, explicit: f.explicit || !!prev?.explicit });
  }

}

function skipper(run: MirrorRun, problems: Problem[]) {
  return (source: string, reason: string, explicit: boolean, hint?: string) => {
    if (explicit) problems.push({ file: source, message: reason, ...(hint ? { hint } : {}) });
    else run.result.skipped.push({ source, reason });
  };
}

/** 3. Fingerprints: skip what did not change; read and check the rest. */
function toParseOf(run: MirrorRun, work: Map<string, WorkItem>, hasMirror: Set<string>, problems: Problem[]): ToParse[] {
  const { ctx, languages, names, statOf, maxBytes, cache, key, intact, result, newCache } = run;
  const skip = skipper(run, problems);
  const toParse: ToParse[] = [];
  for (const item of [...work.values()].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const lang = languageOf(item.path, languages)!;
    const name = names.get(item.path)!;
    const st = statOf(item.path);
    const size = st.size!;
    const mtimeNs = String(st.mtimeNs!);
    if (size > maxBytes) {
      const reason = `is too large to mirror (${size} bytes; mirror.max_file_bytes is ${maxBytes})`;
      skip(item.path, reason, item.explicit, "raise mirror.max_file_bytes in the config, or leave this file out");
      if (!item.explicit) result.warnings.push({ file: item.path, message: `${reason}; skipped${hasMirror.has(item.path) ? " (its existing mirror is left as it was)" : ""}` });
      continue;
    }
    let bytes: Buffer | null = null;
    const entry = cache.sources[item.path];
    if (entry && entry.key === key && entry.mirror === name.contentRef && entry.id === name.id) {
      let same = entry.size === size && entry.mtime_ns === mtimeNs;
      if (!same) {
        bytes = readFileSync(join(ctx.repo, item.path));
        same = sha256(bytes) === entry.sha;
      }
      if (same && (intact.has(entry.mirror) || mirrorIntact(ctx, entry))) {
        newCache[item.path] = { ...entry, size, mtime_ns: mtimeNs };
        result.unchanged.push({ source: item.path, mirror: `knowledge/${entry.mirror}`, id: entry.id });
        for (const d of entry.drift) result.drift.push({ ...d, source_file: item.path, mirror_id: entry.id });
        syntaxWarnings(result, item.path, entry.syntax_errors);
        continue;
      }
    }
    bytes ??= readFileSync(join(ctx.repo, item.path));
    if (bytes.includes(0)) {
      skip(item.path, "is a binary file (it contains NUL bytes), not source text", item.explicit, "leave binary files out of the mirror");
      if (!item.explicit) result.warnings.push({ file: item.path, message: "is a binary file (NUL bytes); skipped" });
      continue;
    }
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      skip(item.path, "is not valid UTF-8", item.explicit, "save the file as UTF-8");
      if (!item.explicit) result.warnings.push({ file: item.path, message: "is not valid UTF-8; skipped" });
      continue;
    }
    toParse.push({ item, lang, name, text, sha: sha256(bytes), size, mtimeNs });
  }
  return toParse;
}

/** 4. Parse (on worker threads when there is a lot), check drift, render — as results arrive. */
async function parseAndRender(run: MirrorRun, toParse: ToParse[]): Promise<MirrorWrite[]> {
  const { ctx, opts, semantic, phase, result } = run;
  const generatedAt = nowIso(opts.env);
  const writes: (MirrorWrite | undefined)[] = new Array(toParse.length);
  const jobs = toParse.map((t) => ({ path: t.item.path, lang: t.lang, text: t.text }));
  const semanticProblems: string[][] = toParse.map(() => []);
  const parsing = await parseAll(
    jobs,
    (i, parsed) => {
      const t = toParse[i]!;
      const pf: Parsed = { path: t.item.path, lang: t.lang, name: t.name, sha: t.sha, size: t.size, mtimeNs: t.mtimeNs, parsed };
      const drift = checkAllDrift(parsed.defs, parsed.language);
      if (semantic.enabled && semantic.route) {
        const s = semanticDrift(semantic.route, parsed.defs, parsed.language, pf.path, ctx.repo);
        result.semantic.ran = true;
        result.semantic.calls += s.calls;
        drift.push(...s.findings);
        semanticProblems[i] = s.problems;
      }
      drift.sort((a, b) => a.line - b.line || (a.function < b.function ? -1 : a.function > b.function ? 1 : 0) || (a.kind < b.kind ? -1 : 1));
      const meta = { id: pf.name.id, sourceFile: pf.path, contentRef: pf.name.contentRef, generatedAt, phase };
      let text = renderMirror(meta, parsed, drift);
      const existing = readTextIfExists(join(ctx.paths.knowledge, pf.name.contentRef));
      if (existing !== null && comparable(existing) === comparable(text)) text = existing; // keep generated_at and phase
      writes[i] = { ref: pf.name.contentRef, text, pf, drift };
    },
    opts.env,
  );
  result.parsing = { files: jobs.length, workers: parsing.workers };
  // Reported in file order (results arrive in any order from the workers).
  for (const [i, w] of writes.entries()) {
    syntaxWarnings(result, w!.pf.path, w!.pf.parsed.syntaxErrors);
    for (const p of semanticProblems[i]!) result.warnings.push({ file: w!.pf.path, message: p });
  }

  return writes as MirrorWrite[];
}

/** 5. Write: removals first (a relocated mirror may free the path another one needs), then mirrors, then the cache. */
async function writeMirrors(run: MirrorRun, removals: Removals, writes: MirrorWrite[]): Promise<void> {
  const { ctx, result, newCache, universe, statOf, key } = run;
  const writeRefs = new Set(writes.map((w) => w.ref));
  for (const [ref, r] of [...removals].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (!writeRefs.has(ref)) {
      const abs = join(ctx.paths.knowledge, ref);
      removeFile(abs);
      pruneEmptyDirs(dirname(abs), ctx.paths.codeMirror);
    }
    result.removed.push({ source: r.source, mirror: `knowledge/${ref}`, reason: r.reason });
    if (newCache[r.source]?.mirror === ref) delete newCache[r.source];
  }
  for (const w of writes) removeStaleTemps(dirname(join(ctx.paths.knowledge, w.ref)), basename(w.ref)); // left by a mirror killed before its renames
  const done = await writeFilesAtomic(writes.map((w) => ({ path: join(ctx.paths.knowledge, w.ref), data: w.text })));
  for (const [i, w] of writes.entries()) {
    const abs = join(ctx.paths.knowledge, w.ref);
    const mst = statSync(abs, { bigint: true });
    newCache[w.pf.path] = {
      size: w.pf.size,
      mtime_ns: w.pf.mtimeNs,
      sha: w.pf.sha,
      mirror: w.ref,
      id: w.pf.name.id,
      mirror_size: Number(mst.size),
      mirror_mtime_ns: String(mst.mtimeNs),
      mirror_sha: sha256(w.text),
      key,
      drift: w.drift,
      syntax_errors: w.pf.parsed.syntaxErrors.slice(0, 100),
    };
    const shownMirror = `knowledge/${w.ref}`;
    if (done[i]) {
      result.mirrored.push({
        source: w.pf.path,
        mirror: shownMirror,
        id: w.pf.name.id,
        status: w.drift.length ? "draft" : "established",
        definitions: w.pf.parsed.defs.length,
        drift: w.drift.length,
        syntax_errors: w.pf.parsed.syntaxErrors.length,
      });
    } else {
      result.unchanged.push({ source: w.pf.path, mirror: shownMirror, id: w.pf.name.id });
    }
    for (const d of w.drift) result.drift.push({ ...d, source_file: w.pf.path, mirror_id: w.pf.name.id });
  }
  // Entries of sources that are gone (or no longer mirror-able) are dropped from the cache.
  for (const p of Object.keys(newCache)) if (!universe.has(p) && statOf(p).kind !== "file") delete newCache[p];
  writeFileAtomic(cachePath(ctx.paths.cacheDir), serializeCache({ format: MIRROR_FORMAT, sources: newCache }));

  result.unchanged.sort((a, b) => (a.source < b.source ? -1 : 1));
  result.drift.sort((a, b) => (a.source_file < b.source_file ? -1 : a.source_file > b.source_file ? 1 : a.line - b.line));

}

async function mirrorLocked(ctx: Context, opts: MirrorOptions, selection: Selection): Promise<MirrorResult> {
  const run = startRun(ctx, opts, selection);
  const { removals, work, hasMirror } = existingMirrors(run);
  const problems: Problem[] = [];
  selectWork(run, selection, work, hasMirror, problems);
  const toParse = toParseOf(run, work, hasMirror, problems);
  if (problems.length) {
    throw new ValidationError(`${problems.length} of the named files cannot be mirrored; nothing was written`, { problems, hint: problems[0]!.hint });
  }
  const writes = await parseAndRender(run, toParse);
  await writeMirrors(run, removals, writes);
  const result = run.result;
  result.unchanged.sort((a, b) => (a.source < b.source ? -1 : 1));
  result.drift.sort((a, b) => (a.source_file < b.source_file ? -1 : a.source_file > b.source_file ? 1 : a.line - b.line));
  // 6. Recompile graph.json (we hold the lock).
  try {
    const b = buildLocked(ctx, { env: opts.env });
    result.graph = { written: b.written, graph_version: b.graphVersion };
  } catch (e) {
    result.graph_error = e instanceof AkmsError ? e.message : (e as Error).message;
  }
  return result;
}

function syntaxWarnings(result: MirrorResult, file: string, errs: readonly SyntaxProblem[]): void {
  for (const e of errs.slice(0, 5)) result.warnings.push({ file, line: e.line, message: `${e.message} (column ${e.column}); mirrored what parsed` });
  if (errs.length > 5) result.warnings.push({ file, message: `${errs.length - 5} more syntax errors` });
}

/** The mirror file still holds exactly what this cache entry says we wrote. */
function mirrorIntact(ctx: Context, entry: CacheEntry): boolean {
  const abs = join(ctx.paths.knowledge, entry.mirror);
  try {
    const st = statSync(abs, { bigint: true });
    if (Number(st.size) === entry.mirror_size && String(st.mtimeNs) === entry.mirror_mtime_ns) return true;
    return sha256(readFileSync(abs)) === entry.mirror_sha;
  } catch {
    return false;
  }
}

/** Every generated mirror on disk: content_ref → the source_file its frontmatter names. */
function scanMirrors(ctx: Context, cache: MirrorCache, warnings: MirrorWarning[], intact: Set<string>): Map<string, IndexedMirror> {
  const byRef = new Map<string, { source: string; entry: CacheEntry }>();
  for (const [source, entry] of Object.entries(cache.sources)) byRef.set(entry.mirror, { source, entry });
  const out = new Map<string, IndexedMirror>();
  for (const item of listMarkdown(ctx.paths.codeMirror, "knowledge/code-mirror/", true)) {
    const ref = `code-mirror/${toPosix(relative(ctx.paths.codeMirror, item.file))}`;
    const known = byRef.get(ref);
    if (known) {
      try {
        const st = statSync(item.file, { bigint: true });
        if (Number(st.size) === known.entry.mirror_size && String(st.mtimeNs) === known.entry.mirror_mtime_ns) {
          out.set(ref, { source: known.source, id: known.entry.id });
          intact.add(ref);
          continue;
        }
      } catch {
        continue;
      }
    }
    try {
      const split = splitFrontmatter(readFileSync(item.file, "utf8"));
      const data = split ? (parseYaml(split.yaml, { file: item.shown, firstLine: 2 }) as Record<string, unknown> | null) : null;
      if (data && typeof data === "object" && typeof data.source_file === "string" && data.domain === "code-mirror") {
        out.set(ref, { source: data.source_file, id: String(data.id ?? "") });
        continue;
      }
    } catch {
      /* reported below */
    }
    warnings.push({ file: item.shown, message: "is not a generated mirror (no code-mirror frontmatter with a source_file); left alone" });
  }
  return out;
}

function pruneEmptyDirs(dir: string, stopAt: string): void {
  let d = dir;
  while (d.startsWith(stopAt + sep)) {
    try {
      rmdirSync(d);
    } catch {
      return; // not empty (or already gone)
    }
    d = dirname(d);
  }
}
