// The overlay (knowledge/graph/local_state.yaml) as every reader gets it. readOverlay parses and
// validates a file: its bytes → js-yaml → the Overlay schema → located problems. storedOverlay does
// the same for the repository's own overlay through the store: what was made of the same bytes is
// kept as the store's `overlay` fact (core/store/facts.ts, under the sha256 of the bytes), with the
// global ids the overlay drafts (`drafted`, the review's Drafted section, which the console needs
// without the rest). One record for every user — the compile, `akms update`, the review, the
// console, the reports — kept by the compile that parsed the bytes and by the update that wrote
// them. At 50,000 nodes (a 1.9 MB overlay) the record is read 5–9× faster than the file is parsed
// and validated (in-process, three runs under load: 81–161 ms against 581–1,342 ms).
import { readFileSync } from "node:fs";
import type { Context } from "./context.js";
import { asProblems, ValidationError, type Problem } from "./errors.js";
import { readBytesIfExists } from "./fsx.js";
import { displayPath, type RepoPaths } from "./paths.js";
import { safeCheck } from "./schema-check.js";
import { Overlay } from "./schemas/overlay.js";
import { bytesKey, openFacts } from "./store/facts.js";
import { jsonSafe } from "./store/records.js";
import { decodeUtf8 } from "./textfile.js";
import { parseYaml } from "./yaml.js";

export interface OverlayRead {
  overlay: Overlay | null;
  problems: Problem[];
  /** The file's bytes, when they hold a valid overlay (what it was parsed from). */
  bytes?: Buffer;
  /** Nothing new to keep: the store's record of these bytes, or their writer's own overlay (writtenOverlay). */
  kept?: boolean;
  /** The bytes are exactly what overlayText() writes for `overlay` (an update wrote them). */
  canonical?: boolean;
  /** The sha256 of `bytes` (storedOverlay's key). */
  sha256?: string;
}

/** The overlay file `file`, validated (no file: no overlay and no problem). */
export function readOverlay(file: string, shown: string): OverlayRead {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { overlay: null, problems: [] };
    throw e;
  }
  return parseOverlay(bytes, shown);
}

function parseOverlay(bytes: Buffer, shown: string): OverlayRead {
  try {
    const text = decodeUtf8(bytes, shown);
    const marker = /^(<{7}|>{7}) /m.exec(text);
    if (marker) {
      // A merge that git could not hand to the akms driver (no `akms init --git` in this clone, or the
      // driver could not run): the YAML error would say nothing of the merge.
      const line = text.slice(0, marker.index).split("\n").length;
      return {
        overlay: null,
        problems: [
          {
            code: "MERGE_CONFLICT",
            file: shown,
            line,
            message: "the overlay holds git's conflict markers: a merge stopped here unfinished (git merged it as text, without the akms merge driver)",
            hint: `register the driver and let it merge the file: \`akms init --git\`, then \`git checkout -m -- ${shown}\` (or \`git merge --abort\`, \`akms init --git\`, and merge again); taking one side's file drops the other side's evidence`,
          },
        ],
      };
    }
    const data = parseYaml(text, { file: shown, machineWritten: true });
    if (data === null || data === undefined) {
      return { overlay: null, problems: [{ file: shown, line: 1, message: "the overlay is empty", hint: "delete the file or add `akms_schema: v2`" }] };
    }
    const r = safeCheck(Overlay, data, { file: shown, text });
    if (!r.ok) return { overlay: null, problems: r.problems };
    return { overlay: r.data, problems: [], bytes };
  } catch (e) {
    return { overlay: null, problems: asProblems(e, shown) };
  }
}

/** The store's record of the overlay's bytes: the validated overlay, and whether overlayText() wrote the bytes for it (an update or a review action's canonical edit). */
export interface KeptOverlay {
  canonical: boolean;
  overlay: Overlay;
}

/** The repository's overlay, validated: the store's record when it holds one for these bytes, else parsed. */
export function storedOverlay(paths: RepoPaths, shown: string): OverlayRead {
  const bytes = readBytesIfExists(paths.overlay);
  if (bytes === null) return { overlay: null, problems: [] };
  const key = bytesKey(bytes);
  const sha256 = key.slice("sha256:".length);
  const kept = keptFor(paths, key);
  if (kept) return { overlay: kept.overlay, problems: [], bytes, kept: true, canonical: kept.canonical, sha256 };
  return { ...parseOverlay(bytes, shown), sha256 };
}

/** The store's record of the overlay file's `bytes` (what the file holds, read by the caller), or null: nothing is parsed. */
export function keptOverlay(paths: RepoPaths, bytes: Buffer): KeptOverlay | null {
  return keptFor(paths, bytesKey(bytes));
}

function keptFor(paths: RepoPaths, key: string): KeptOverlay | null {
  const kept = openFacts(paths).get<KeptOverlay>("overlay", paths.overlay, key);
  return kept && typeof kept.overlay === "object" && kept.overlay !== null ? { overlay: kept.overlay, canonical: kept.canonical === true } : null;
}

/**
 * Keeps `overlay` as what the overlay file's `bytes` hold, and the ids it drafts: one save of the
 * store's facts. An overlay JSON does not carry exactly is not kept.
 */
export function keepOverlay(paths: RepoPaths, bytes: Buffer | string, overlay: Overlay, canonical: boolean): void {
  if (!jsonSafe(overlay)) return;
  const facts = openFacts(paths);
  const key = bytesKey(bytes);
  facts.put<KeptOverlay>("overlay", paths.overlay, key, { canonical, overlay }, `{"canonical":${canonical},"overlay":${JSON.stringify(overlay)}}`);
  facts.put("drafted", paths.overlay, key, draftIds(overlay));
  facts.save();
}

/** The written overlay (its bytes and parsed form) when the file holds exactly those bytes: a writer's own, as the store would give it. */
export function writtenOverlay(file: string, written: { bytes: Buffer | string; data: Overlay } | undefined): OverlayRead | undefined {
  if (written === undefined) return undefined;
  const bytes = readBytesIfExists(file);
  const want = typeof written.bytes === "string" ? Buffer.from(written.bytes, "utf8") : written.bytes;
  return bytes !== null && bytes.equals(want) ? { overlay: written.data, problems: [], bytes, kept: true } : undefined;
}

export interface OverlayState {
  overlay: Overlay;
  /** The file's bytes, and their sha256. */
  bytes: Buffer;
  sha256: string;
  /** The bytes are exactly what overlayText() wrote for `overlay`, so that an unchanged entry's lines can be copied from them. */
  canonical: boolean;
  /**
   * Set when `overlay` is not what the bytes hold (core/update/in-order.ts: sessions taken out): how
   * many entries the bytes hold, and the node entries that differ from theirs. The lines of the
   * others are still copied.
   */
  differs?: { counts: { nodes: number; sessions: number }; nodes: readonly string[] };
}

/** The current overlay (null when there is none), validated; an invalid one is an error. */
export function readOverlayState(ctx: Context): OverlayState | null {
  const shown = displayPath(ctx.repo, ctx.paths.overlay);
  const r = storedOverlay(ctx.paths, shown);
  if (r.problems.length) {
    throw new ValidationError(`the overlay ${shown} is invalid; nothing was changed`, {
      file: shown,
      hint: "fix local_state.yaml (see spec §4.2), then retry",
      problems: r.problems,
    });
  }
  return r.overlay && r.bytes && r.sha256 ? { overlay: r.overlay, bytes: r.bytes, sha256: r.sha256, canonical: r.canonical === true } : null;
}

/** The global ids an overlay drafts (`nodes.<id>.status: draft`), sorted. */
export function draftIds(overlay: Overlay | null): string[] {
  return Object.entries(overlay?.nodes ?? {})
    .filter(([, e]) => e?.status === "draft")
    .map(([id]) => id)
    .sort();
}

function keepDrafted(paths: RepoPaths, bytes: Buffer | string, ids: readonly string[]): void {
  const facts = openFacts(paths);
  const key = bytesKey(bytes);
  if (facts.get("drafted", paths.overlay, key) !== undefined) return;
  facts.put("drafted", paths.overlay, key, [...ids]);
  facts.save();
}

/** After a review action drafted (`on`) or undrafted `id` in the overlay parsed as `before`: the new bytes' drafted ids. */
export function carryOverlayDrafts(ctx: Context, before: unknown, after: Buffer | string, id: string, on: boolean): void {
  const ids = new Set(draftIds(before as Overlay | null));
  if (on) ids.add(id);
  else ids.delete(id);
  keepDrafted(ctx.paths, after, [...ids].sort());
}

/**
 * The ids the overlay drafts; an unreadable or invalid overlay drafts none (the compile reports it).
 * `save`: keep a computed answer (the console, which starts often; a CLI report writes nothing but its report).
 */
export function overlayDrafts(ctx: Context, save: boolean): Set<string> {
  const bytes = readBytesIfExists(ctx.paths.overlay);
  if (bytes === null) return new Set();
  const hit = openFacts(ctx.paths).get<string[]>("drafted", ctx.paths.overlay, bytesKey(bytes));
  if (hit) return new Set(hit);
  let overlay: Overlay | null;
  try {
    overlay = readOverlayState(ctx)?.overlay ?? null;
  } catch {
    return new Set();
  }
  const ids = draftIds(overlay);
  if (save) keepDrafted(ctx.paths, bytes, ids);
  return new Set(ids);
}
