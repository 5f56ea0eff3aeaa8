// `akms build`: reads every source, merges (spec §5.2), writes graph.json atomically under the
// repository lock — and leaves it untouched when nothing changed.
import { statSync } from "node:fs";
import { basename, join } from "node:path";
import type { Context } from "../context.js";
import { SchemaVersionError, ValidationError, type Problem } from "../errors.js";
import { readBytesIfExists, readTextIfExists, sha256, writeFileAtomic } from "../fsx.js";
import { withLock } from "../lock.js";
import { recoverPendingTransaction } from "../update/transaction.js";
import { displayPath, resolveInside } from "../paths.js";
import { pyJsonChunks } from "../pyjson.js";
import { nowIso } from "../clock.js";
import { listMarkdown, readOverlay, type Listed, type SourceNode } from "./sources.js";
import { readJobs } from "./parallel.js";
import type { ShareResult } from "./read-share.js";
import { mergeGraph, type BuildWarning, type GraphDoc } from "./merge.js";
import { blankGeneratedAt, stampGeneratedAt } from "./graph-version.js";

/** Bump when the compiler's output format changes, so fingerprints of older builds stop matching. */
const BUILD_FORMAT = "akms-build-2";

export interface BuildOptions {
  keepGoing?: boolean;
  /** Skip the fingerprint fast path (always parse everything). */
  noCache?: boolean;
  env?: NodeJS.ProcessEnv;
}

export interface BuildResult {
  written: boolean;
  graphVersion: string;
  nodeCount: number;
  edgeCount: number;
  warnings: BuildWarning[];
  /** Files left out under --keep-going. */
  rejects: Problem[];
  /** True when the fingerprint showed nothing changed and no file was parsed. */
  fromCache: boolean;
  graphJson: string;
}

interface Manifest {
  format: string;
  fingerprint: string;
  output_sha: string;
  /** sha256 of graph.json with generated_at blanked (its first 12 hex are the graph_version). */
  content_sha: string;
  node_count: number;
  edge_count: number;
  graph_version: string;
  warnings: BuildWarning[];
}

interface SourceSet {
  globals: Listed[];
  locals: Listed[];
  mirrors: Listed[];
}

function listSources(ctx: Context): SourceSet {
  const vaultShown = ctx.vault.display.replace(/\/+$/, "") + "/";
  return {
    globals: listMarkdown(ctx.vault.path, vaultShown),
    locals: listMarkdown(ctx.paths.localNodes, "knowledge/local-nodes/"),
    mirrors: listMarkdown(ctx.paths.codeMirror, "knowledge/code-mirror/", true),
  };
}

/** A fingerprint of every input: file identities and stats, overlay and config bytes, vault and repo. */
function fingerprint(ctx: Context, set: SourceSet): string {
  const parts: string[] = [BUILD_FORMAT, ctx.vault.path, ctx.vault.display, ctx.repo];
  for (const [tag, list] of [["g", set.globals], ["l", set.locals], ["m", set.mirrors]] as const) {
    for (const f of list) {
      try {
        const st = statSync(f.file);
        parts.push(`${tag}\t${f.file}\t${st.size}\t${st.mtimeMs}\t${st.ctimeMs}\t${st.ino}`);
      } catch {
        parts.push(`${tag}\t${f.file}\tmissing`);
      }
    }
  }
  parts.push("overlay", readTextIfExists(ctx.paths.overlay) ?? "<none>");
  parts.push("config", readTextIfExists(ctx.paths.config) ?? "<none>");
  return sha256(parts.join("\n"));
}

function contentRefChecker(ctx: Context): (node: SourceNode, ref: string) => boolean {
  return (node, ref) => {
    const root = node.origin === "global" ? ctx.vault.path : ctx.paths.knowledge;
    const full = resolveInside(root, ref);
    if (!full) return false;
    try {
      return statSync(full).isFile();
    } catch {
      return false;
    }
  };
}

/** Compiles in memory without writing anything. */
export function compileGraph(ctx: Context, opts: BuildOptions = {}, set = listSources(ctx)): { doc: GraphDoc; chunks: string[]; rejects: Problem[] } {
  const [g, l, mi] = readJobs([
    { origin: "global", items: set.globals },
    { origin: "local", items: set.locals },
    { origin: "code-mirror", items: set.mirrors },
  ]) as [ShareResult, ShareResult, ShareResult];
  const globals = g.nodes;
  const locals = l.nodes;
  const mirrors = mi.nodes;
  const problems: Problem[] = [...g.problems, ...l.problems, ...mi.problems];
  const overlayShown = displayPath(ctx.repo, ctx.paths.overlay);
  const ov = readOverlay(ctx.paths.overlay, overlayShown);
  const versionProblems = [...problems, ...ov.problems].filter((p) => p.code === "SCHEMA_VERSION");
  if (versionProblems.length) {
    // The problem's message holds the found value JSON-encoded; decode it so it is not quoted twice.
    const raw = versionProblems[0]!.message.match(/is (.*), expected/)?.[1];
    let found: unknown = raw ?? null;
    try {
      found = raw === undefined ? null : JSON.parse(raw);
    } catch {
      /* keep the raw text */
    }
    throw new SchemaVersionError(found, {
      file: versionProblems[0]!.file,
      line: versionProblems[0]!.line,
    });
  }
  if (ov.problems.length) {
    // The overlay is the repository's experiential state: never compile without it.
    throw new ValidationError(`the overlay ${overlayShown} is invalid; graph.json was not changed`, {
      file: overlayShown,
      hint: "fix local_state.yaml (it is written by `akms update`; see spec §4.2)",
      problems: ov.problems,
    });
  }
  if (problems.length && !opts.keepGoing) {
    const files = new Set(problems.map((p) => p.file));
    throw new ValidationError(`${files.size} node file${files.size === 1 ? " is" : "s are"} invalid; graph.json was not changed`, {
      hint: "fix the files listed, or run `akms build --keep-going` to compile the valid rest",
      problems,
    });
  }
  const doc = mergeGraph({
    globals,
    locals,
    mirrors,
    overlay: ov.overlay,
    overlayShown,
    globalVault: ctx.vault.display,
    repoId: (ov.overlay?.repo_id as string | undefined) || basename(ctx.repo),
    contentRefOk: contentRefChecker(ctx),
  });
  return { doc, chunks: pyJsonChunks(doc), rejects: problems };
}

function manifestPath(ctx: Context): string {
  return join(ctx.paths.cacheDir, "build-manifest.json");
}

function readManifest(ctx: Context): Manifest | null {
  try {
    const m = JSON.parse(readTextIfExists(manifestPath(ctx)) ?? "null") as Manifest | null;
    return m && m.format === BUILD_FORMAT ? m : null;
  } catch {
    return null;
  }
}

export function build(ctx: Context, opts: BuildOptions = {}): BuildResult {
  return withLock(ctx.paths.lock, () => {
    // An update killed half-way is finished first, so the graph compiles from a whole state.
    recoverPendingTransaction(ctx);
    return buildLocked(ctx, opts);
  });
}

/** The build proper; the caller holds the repository lock. */
export function buildLocked(ctx: Context, opts: BuildOptions = {}): BuildResult {
  const set = listSources(ctx);
  const fp = fingerprint(ctx, set);
  let currentBytes = readBytesIfExists(ctx.paths.graphJson);
  const currentSha = currentBytes ? sha256(currentBytes) : null;
  const m = readManifest(ctx);
  const manifestValid = m !== null && currentSha !== null && m.output_sha === currentSha;
  if (!opts.noCache && manifestValid && m.fingerprint === fp) {
    return {
      written: false,
      graphVersion: m.graph_version,
      nodeCount: m.node_count,
      edgeCount: m.edge_count,
      warnings: m.warnings,
      rejects: [],
      fromCache: true,
      graphJson: ctx.paths.graphJson,
    };
  }
  // Without a trustworthy manifest, the current file's content hash is computed now, and its
  // bytes released before the compile allocates its own.
  const currentContentSha = manifestValid ? m.content_sha : currentBytes ? sha256(blankGeneratedAt(currentBytes.toString("utf8"))) : null;
  currentBytes = null;
  const { doc, chunks, rejects } = compileGraph(ctx, opts, set);
  // Unchanged content keeps the file and its generated_at. The manifest remembers the hash of the
  // current file's content (generated_at blanked), so the 40 MB comparison is a hash comparison.
  const contentSha = sha256(chunks);
  let outSha: string;
  let written = false;
  if (currentContentSha === contentSha) {
    outSha = currentSha!;
  } else {
    doc.graph.generated_at = nowIso(opts.env);
    chunks[0] = stampGeneratedAt(chunks[0]!, doc.graph.generated_at);
    outSha = sha256(chunks);
    written = writeFileAtomic(ctx.paths.graphJson, chunks, { knownDifferent: true });
  }
  const graphVersion = contentSha.slice(0, 12);
  if (!rejects.length) {
    const manifest: Manifest = {
      format: BUILD_FORMAT,
      fingerprint: fp,
      output_sha: outSha,
      content_sha: contentSha,
      node_count: doc.graph.node_count,
      edge_count: doc.graph.edge_count,
      graph_version: graphVersion,
      warnings: doc.graph.warnings,
    };
    writeFileAtomic(manifestPath(ctx), JSON.stringify(manifest) + "\n");
  }
  return {
    written,
    graphVersion,
    nodeCount: doc.graph.node_count,
    edgeCount: doc.graph.edge_count,
    warnings: doc.graph.warnings,
    rejects,
    fromCache: false,
    graphJson: ctx.paths.graphJson,
  };
}

