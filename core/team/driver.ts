// `akms merge-driver %O %A %B %P`: git's merge driver for the files both sides' updates write. The
// overlay is replayed from the evidence (merge-overlay.ts), the review journal is a union
// (merge-journal.ts), a local node's dedup sections merge as a set (merge-node.ts); graph.json is
// derived and keeps ours (rebuilt by the next command). The result is written to %A only whole;
// when a merge is refused the driver leaves git's own conflict version there and exits non-zero.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { loadContext, type Context } from "../context.js";
import { parseConfig } from "../config.js";
import { AkmsError } from "../errors.js";
import { readBytesIfExists, removeDeadTemps, sha256, withScratchDir, writeFileAtomic } from "../fsx.js";
import { compileInMemory } from "../compiler/build.js";
import type { Listed } from "../compiler/sources.js";
import { readOverlay } from "../overlay-file.js";
import type { Overlay } from "../schemas/overlay.js";
import { MergeConflict } from "./conflict.js";
import { validateText } from "../validate.js";
import { blobIdOf, commitWithBlob, filesAt, headCommit, inRebase, isUnmerged, mergeBase, mergeFileText, readBlobs } from "./git-objects.js";
import { entriesSince, mergeJournals } from "./merge-journal.js";
import { mergeAddedNode, mergeNodeFile } from "./merge-node.js";
import { mergeOverlays } from "./merge-overlay.js";
import { crashPoint } from "../transaction.js";
import { plural } from "../plural.js";

export type MergedKind = "overlay" | "journal" | "local-node" | "graph" | "other";

export interface DriverArgs {
  base: string;
  ours: string;
  theirs: string;
  /** The file's path in the repository (git's %P), relative to the work tree's top. */
  path: string;
}

export interface DriverOutcome {
  ok: boolean;
  kind: MergedKind;
  /** What the driver did, or why it left a conflict (with the fix). */
  message: string;
}

/** Which file `path` is, and the knowledge directory it belongs to (work-tree relative, "" for the top). */
export function classify(path: string): { kind: MergedKind; knowledge: string } {
  const p = path.split("\\").join("/");
  const under = (suffix: string) => (p === suffix ? "" : p.endsWith("/" + suffix) ? p.slice(0, -suffix.length - 1) : null);
  const at = (k: string | null, kind: MergedKind) => (k !== null && posix.basename(k) === "knowledge" ? { kind, knowledge: k } : null);
  const m = /^(.*?)\/?local-nodes\/[^/]+\.md$/.exec(p);
  return (
    at(under("graph/local_state.yaml"), "overlay") ??
    at(under("graph/review_log.jsonl"), "journal") ??
    at(under("graph/graph.json"), "graph") ??
    at(m ? m[1]! : null, "local-node") ?? { kind: "other", knowledge: "" }
  );
}

interface Sides {
  top: string;
  args: DriverArgs;
  env: NodeJS.ProcessEnv;
  bytes: { base: Buffer; ours: Buffer; theirs: Buffer };
  /** The commit the other side's version comes from (null when git's records do not say). */
  theirsCommit: () => string | null;
}

function sidesOf(top: string, args: DriverArgs, env: NodeJS.ProcessEnv): Sides {
  let theirs: string | null | undefined;
  return {
    top,
    args,
    env,
    bytes: { base: readFileSync(args.base), ours: readFileSync(args.ours), theirs: readFileSync(args.theirs) },
    theirsCommit: () => {
      if (theirs === undefined) {
        const blob = blobIdOf(top, args.theirs);
        theirs = blob ? commitWithBlob(top, args.path, blob, env) : null;
      }
      return theirs;
    },
  };
}

function overlayOf(bytes: Buffer, file: string, shown: string): Overlay | null {
  if (bytes.length === 0) return null;
  const r = readOverlay(file, shown);
  if (r.problems.length) {
    const p = r.problems[0]!;
    throw new MergeConflict(`${shown} is not a valid overlay: ${p.message}`, { file: shown, hint: "the overlay is written by akms only: take the other side's version, or restore it from git" });
  }
  return r.overlay;
}

/** The other side's node files missing from this work tree, copied into `scratch` for the replay graph. */
function theirNodeFiles(s: Sides, ctx: Context, knowledge: string, scratch: string): { locals: Listed[]; mirrors: Listed[] } {
  const commit = s.theirsCommit();
  const out = { locals: [] as Listed[], mirrors: [] as Listed[] };
  if (!commit) return out;
  const pre = knowledge ? knowledge + "/" : "";
  const wanted: { path: string; rel: string; list: Listed[] }[] = [];
  for (const [dir, list, recursive] of [["local-nodes", out.locals, false], ["code-mirror", out.mirrors, true]] as const) {
    for (const path of filesAt(s.top, commit, `${pre}${dir}`)) {
      const rel = path.slice(pre.length);
      if (!rel.endsWith(".md") || (!recursive && rel.split("/").length !== 2)) continue;
      if (readBytesIfExists(join(ctx.paths.knowledge, rel)) !== null) continue;
      wanted.push({ path, rel, list });
    }
  }
  const blobs = readBlobs(s.top, wanted.map((w) => `${commit}:${w.path}`));
  wanted.forEach((w, i) => {
    const bytes = blobs[i];
    if (!bytes) return;
    const file = join(scratch, w.rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, bytes);
    w.list.push({ file, shown: `knowledge/${w.rel}` });
  });
  return out;
}

/**
 * The config the merged repository will have, for the replay: git writes the merged
 * propagation_config.yaml only after the drivers ran, so the work tree still holds ours. Both sides'
 * changes merged as text (the same bytes whichever side is merged into); where they touch the same
 * lines, the work tree's once a person has resolved it (no markers, and not ours any more or
 * `git add`ed before `git checkout -m` runs the overlay's merge again); else nothing can be
 * replayed yet. Null when the merge changes nothing in the config.
 */
function mergedConfig(s: Sides, ctx: Context, knowledge: string, commits: { mb: string | null; head: string | null; them: string | null }): Context["cfg"] | null {
  const path = `${knowledge ? knowledge + "/" : ""}graph/propagation_config.yaml`;
  if (!commits.head || !commits.them) return null; // git's records do not say what the other side is
  const [ours, theirs, base = null] = readBlobs(s.top, [commits.head, commits.them, ...(commits.mb ? [commits.mb] : [])].map((c) => `${c}:${path}`));
  const text = (b: Buffer | null | undefined) => (b ? b.toString("utf8") : "");
  if (text(theirs) === text(ours) || text(theirs) === text(base)) return null; // the merge keeps ours
  const merged = text(ours) === text(base) ? { text: text(theirs), clean: true } : mergeText(s.top, text(ours), text(base), text(theirs));
  if (merged.clean) return parseConfig(merged.text, `${path} (merged)`);
  const here = readBytesIfExists(ctx.paths.config);
  // Resolved by a person: not ours any more, or — run again by `git checkout -m` (the overlay is
  // recorded as unmerged) — `git add`ed, whatever they kept (ours too).
  const resolved = () => !here!.equals(ours ?? Buffer.alloc(0)) || (isUnmerged(s.top, s.args.path) && !isUnmerged(s.top, path));
  if (here && !/^(<{7}|>{7})( |$)/m.test(here.toString("utf8")) && resolved()) return parseConfig(here.toString("utf8"), path);
  throw new MergeConflict(`${path} was changed on both sides in the same lines, and the overlay's replay needs the merged config`, {
    file: path,
    hint: `resolve ${path} first and \`git add\` it, then \`git checkout -m -- ${s.args.path}\` runs this merge again with it`,
  });
}

function mergeOverlayFile(s: Sides, knowledge: string): { bytes: Buffer; note: string } {
  const here = loadContext({ repo: join(s.top, posix.dirname(knowledge || ".")), env: s.env });
  const shown = s.args.path;
  const base = overlayOf(s.bytes.base, s.args.base, `${shown} (base)`);
  const ours = overlayOf(s.bytes.ours, s.args.ours, `${shown} (ours)`);
  const theirs = overlayOf(s.bytes.theirs, s.args.theirs, `${shown} (theirs)`);
  const head = headCommit(s.top);
  const them = s.theirsCommit();
  const mb = head && them ? mergeBase(s.top, head, them) : null;
  const cfg = mergedConfig(s, here, knowledge, { mb, head, them });
  const ctx: Context = cfg ? { ...here, cfg } : here;
  const pre = knowledge ? knowledge + "/" : "";
  const journal = `${pre}graph/review_log.jsonl`;
  const [mbOverlay, mbJournal, theirJournal] = readBlobs(s.top, mb && them ? [`${mb}:${s.args.path}`, `${mb}:${journal}`, `${them}:${journal}`] : []);
  return withScratchDir("akms-merge-", (scratch) => {
    let mergeBaseSide: { overlay: Overlay | null; bytes: Buffer } | null = null;
    if (mb && !(mbOverlay ?? Buffer.alloc(0)).equals(s.bytes.base)) {
      const bytes = mbOverlay ?? Buffer.alloc(0);
      writeFileSync(join(scratch, "merge-base.yaml"), bytes);
      mergeBaseSide = { overlay: overlayOf(bytes, join(scratch, "merge-base.yaml"), `${shown} (merge base)`), bytes };
    }
    const oursJournal = readBytesIfExists(ctx.paths.reviewLog);
    const decisions = mb && them ? { ours: entriesSince(mbJournal ?? null, oursJournal, `${journal} (ours)`), theirs: entriesSince(mbJournal ?? null, theirJournal ?? null, `${journal} (theirs)`) } : { ours: [], theirs: [] };
    const document = (contentRef: string, sha: string): Buffer | null => {
      const here = readBytesIfExists(join(ctx.paths.knowledge, contentRef));
      if (here && sha256(here) === sha) return here;
      const at = [them, head, mb].filter((c): c is string => Boolean(c)).map((c) => `${c}:${pre}${contentRef}`);
      return readBlobs(s.top, at).find((b) => b !== null && sha256(b) === sha) ?? null;
    };
    const graph = (root: { overlay: Overlay | null; bytes: Buffer }) => {
      const file = join(scratch, "root.yaml");
      writeFileSync(file, root.bytes);
      const extra = theirNodeFiles(s, ctx, knowledge, join(scratch, "nodes"));
      return compileInMemory(ctx, { overlay: { file, bytes: root.bytes, data: root.overlay ?? { akms_schema: "v2" } }, extra, keepGoing: true });
    };
    const r = mergeOverlays({
      ctx,
      base,
      ours,
      theirs,
      mergeBase: mergeBaseSide,
      baseBytes: s.bytes.base,
      oursBytes: s.bytes.ours,
      theirsBytes: s.bytes.theirs,
      document,
      graph,
      decisions,
      overlayPath: `${pre}graph/local_state.yaml`,
      rebase: inRebase(s.top),
    });
    const where = { "merge-base": "the merge base", base: "git's base", ours: "ours", theirs: "theirs" }[r.root];
    const named = r.replayed.length > 4 ? `${r.replayed.slice(0, 4).join(", ")}, …` : r.replayed.join(", ");
    const note = r.replayed.length ? `replayed ${plural(r.replayed.length, "session")} on ${where} (${named})` : "no new evidence on either side; review decisions merged";
    return { bytes: r.bytes, note: r.decided.length ? `${note}; ${r.decided.join("; ")}` : note };
  });
}

/** Both sides' overlays (HEAD's and the other side's commit's), read when first asked for, once. */
function sideOverlays(s: Sides, knowledge: string): () => Overlay[] {
  let read: Overlay[] | null = null;
  return () => {
    if (read !== null) return read;
    const overlayPath = `${knowledge ? knowledge + "/" : ""}graph/local_state.yaml`;
    const them = s.theirsCommit();
    const blobs = readBlobs(s.top, ["HEAD", them].filter((c): c is string => Boolean(c)).map((c) => `${c}:${overlayPath}`));
    const found: Overlay[] = [];
    withScratchDir("akms-merge-", (scratch) => {
      for (const [i, bytes] of blobs.entries()) {
        if (!bytes) continue;
        const file = join(scratch, `${i}.yaml`);
        writeFileSync(file, bytes);
        const o = overlayOf(bytes, file, overlayPath);
        if (o) found.push(o);
      }
    });
    return (read = found);
  };
}

/** Each session's date by the overlays of both sides (read only when two new sections need ordering). */
function sessionDates(overlays: () => Overlay[]): (session: string) => string | null {
  let dates: Map<string, string> | null = null;
  return (session) => {
    if (dates === null) {
      dates = new Map();
      for (const o of overlays()) for (const [id, e] of Object.entries(o.session_nodes ?? {})) if (typeof e.date === "string" && !dates.has(id)) dates.set(id, e.date);
    }
    return dates.get(session) ?? null;
  };
}

/** The node `akms dedup reject` made of `from`'s section from `session`, as either side's overlay registry records it. */
function rejectedNode(overlays: () => Overlay[], from: string, session: string): string | null {
  for (const o of overlays()) {
    const made = (o.session_nodes?.[session]?.new_knowledge ?? []).find((k) => (k as { rejected_from?: unknown }).rejected_from === from && k.action === "created") as { node?: unknown } | undefined;
    if (typeof made?.node === "string") return made.node;
  }
  return null;
}

function mergeText(top: string, ours: string, base: string, theirs: string): { text: string; clean: boolean } {
  return withScratchDir("akms-merge-", (scratch) => {
    const [a, o, b] = ["ours", "base", "theirs"].map((n) => join(scratch, n));
    writeFileSync(a!, ours);
    writeFileSync(o!, base);
    writeFileSync(b!, theirs);
    const m = mergeFileText(top, a!, o!, b!, ["ours", "base", "theirs"]);
    return { text: m.text.toString("utf8"), clean: m.clean };
  });
}

function merged(s: Sides): { bytes: Buffer | null; kind: MergedKind; note: string } {
  const { kind, knowledge } = classify(s.args.path);
  switch (kind) {
    case "overlay":
      return { ...mergeOverlayFile(s, knowledge), kind };
    case "journal":
      return { bytes: mergeJournals({ ...s.bytes, shown: s.args.path }), kind, note: "joined both sides' review actions in time order" };
    case "graph":
      return { bytes: s.bytes.ours, kind, note: "graph.json is derived: kept ours; the next akms command rebuilds it" };
    case "local-node": {
      const overlays = sideOverlays(s, knowledge);
      // A side that is no valid node would merge into one that is none, and git would call it clean.
      for (const side of ["ours", "theirs"] as const) validNode(s.bytes[side], s.args[side], `${s.args.path} (${side})`);
      const input = {
        base: s.bytes.base.toString("utf8"),
        ours: s.bytes.ours.toString("utf8"),
        theirs: s.bytes.theirs.toString("utf8"),
        shown: s.args.path,
        sessionDate: sessionDates(overlays),
        rejectedAs: (session: string) => rejectedNode(overlays, posix.basename(s.args.path, ".md"), session),
        mergeText: (a: string, o: string, b: string) => mergeText(s.top, a, o, b),
      };
      // Added on both sides (git's base is empty): two sessions drafted the same id.
      const text = input.base === "" && input.ours !== "" && input.theirs !== "" ? mergeAddedNode(input) : mergeNodeFile(input);
      if (text !== null) validNode(Buffer.from(text, "utf8"), s.args.ours, `${s.args.path} (merged)`);
      return { bytes: text === null ? null : Buffer.from(text, "utf8"), kind, note: "merged the node and its dedup sections" };
    }
    default:
      return { bytes: null, kind, note: "" };
  }
}

/** Refuses a local node's bytes that the one validator refuses (an empty side: the file is added or removed there). */
function validNode(bytes: Buffer, file: string, shown: string): void {
  if (bytes.length === 0) return;
  const r = validateText(bytes.toString("utf8"), file, shown, { kind: "local-node" });
  if (r.ok) return;
  const p = r.errors[0]!;
  throw new MergeConflict(`${shown} is not a valid local node: ${p.field ? `${p.field}: ` : ""}${p.message}`, {
    file: shown,
    hint: "fix the node on that side (`akms validate` names every problem), commit, and merge again; or resolve the conflict markers by hand and run `akms validate` on the result",
  });
}

/** Runs the driver; writes %A whole (the merge, or git's conflict version) and says what it did. */
export function runMergeDriver(top: string, args: DriverArgs, env: NodeJS.ProcessEnv = process.env): DriverOutcome {
  // A driver killed before its rename left its temp beside git's `.merge_file_XXXXXX` (in the work tree's top).
  removeDeadTemps(dirname(args.ours), ".merge_file_");
  const s = sidesOf(top, args, env);
  const conflictVersion = () => mergeFileText(top, args.ours, args.base, args.theirs, ["ours", "base", "theirs"]);
  let kind: MergedKind = classify(args.path).kind;
  try {
    const m = merged(s);
    kind = m.kind;
    if (m.bytes !== null) {
      crashPoint("merge-driver-merged", env);
      writeFileAtomic(args.ours, m.bytes);
      return { ok: true, kind, message: `${args.path}: ${m.note}` };
    }
    // Not a file akms merges itself (or not laid out as akms writes it): git's own text merge.
    const t = conflictVersion();
    writeFileAtomic(args.ours, t.text);
    return { ok: t.clean, kind, message: t.clean ? `${args.path}: merged as text` : `${args.path}: both sides changed the same lines; resolve the conflict markers` };
  } catch (e) {
    // Whatever went wrong, the file is git's conflict version, whole.
    writeFileAtomic(args.ours, conflictVersion().text);
    if (!(e instanceof AkmsError)) return { ok: false, kind, message: `${args.path}: not merged: unexpected failure (${e instanceof Error ? e.message : String(e)}); resolve the conflict markers, and report this` };
    const hint = e.hint ? `\n  hint: ${e.hint}` : "";
    return { ok: false, kind, message: `${args.path}: not merged: ${e.message}${hint}` };
  }
}
