// The deterministic local_state.yaml writer (spec §4.2, NFR-I05): keys sorted at every level,
// block style with 2-space indents, one value per line (git-diffable), strings quoted only when a
// YAML reader (ours or PyYAML) could take them for something else, ISO dates as plain scalars,
// floats printed in fixed notation so that they read back as the same number. Also the one rule
// for "the same overlay data" (sameData), which the update, the merge driver, the replay and the
// review's in-place edit compare entries by.
import type { NodeOverride, Overlay } from "../schemas/overlay.js";
// Numbers under these keys always print as floats (1.0, not 1), as in graph.json.
import { FLOAT_KEYS } from "../pyjson.js";

const PLAIN = /^[A-Za-z_][A-Za-z0-9_./-]*$/;
// YAML 1.1 readers (PyYAML) also take these for booleans or null.
const RESERVED = /^(?:true|false|null|yes|no|on|off|y|n)$/i;
const DATE = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;
// Characters YAML does not allow raw inside a double-quoted scalar, or that readers treat as breaks.
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/g;


export function yamlString(s: string): string {
  if ((PLAIN.test(s) && !RESERVED.test(s)) || DATE.test(s)) return s;
  return JSON.stringify(s).replace(UNPRINTABLE, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}

export function yamlNumber(x: number, asFloat: boolean): string {
  if (!Number.isFinite(x)) throw new TypeError(`cannot write ${x} to YAML`);
  if (Number.isInteger(x)) return asFloat ? `${x}.0` : String(x);
  let s = String(x);
  if (s.includes("e")) s = x.toFixed(20).replace(/0+$/, "");
  return s;
}

const memo = new Map<string, string>();

/** yamlString, memoised: an overlay repeats the same keys, ids and paths thousands of times. */
function str(s: string): string {
  let out = memo.get(s);
  if (out === undefined) {
    if (memo.size > 200_000) memo.clear();
    memo.set(s, (out = yamlString(s)));
  }
  return out;
}

interface KeyInfo {
  /** `key:` as written. */
  bare: string;
  /** `key: ` as written. */
  head: string;
  float: boolean;
}
const keyInfos = new Map<string, KeyInfo>();

function keyInfo(k: string): KeyInfo {
  let ki = keyInfos.get(k);
  if (ki === undefined) {
    const bare = str(k) + ":";
    ki = { bare, head: bare + " ", float: FLOAT_KEYS.has(k) };
    if (keyInfos.size < 4096) keyInfos.set(k, ki);
  }
  return ki;
}

function scalar(v: unknown, asFloat: boolean): string | null {
  if (v === null) return "null";
  switch (typeof v) {
    case "string":
      return str(v);
    case "number":
      return yamlNumber(v, asFloat);
    case "boolean":
      return v ? "true" : "false";
    case "object":
      if (Array.isArray(v)) return v.length === 0 ? "[]" : null;
      for (const k in v as Record<string, unknown>) if ((v as Record<string, unknown>)[k] !== undefined) return null;
      return "{}";
    default:
      throw new TypeError(`cannot write a ${typeof v} to YAML`);
  }
}

/** The keys with a value, in code-unit order. */
function definedKeys(o: Record<string, unknown>): string[] {
  const keys: string[] = [];
  let sorted = true;
  for (const k in o) {
    if (o[k] === undefined) continue;
    if (sorted && keys.length && keys[keys.length - 1]! > k) sorted = false;
    keys.push(k);
  }
  return sorted ? keys : keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

const pads: string[] = [];
const pad = (n: number) => (pads[n] ??= " ".repeat(n));

// Every function below returns its lines, each ending in "\n". `first` replaces the indent of the
// first line: a block that starts on a sequence item's dash line.
function mapping(o: Record<string, unknown>, indent: number, first?: string): string {
  let out = "";
  let lead = first ?? pad(indent);
  for (const k of definedKeys(o)) {
    out += pair(lead, k, o[k], indent);
    lead = pad(indent);
  }
  return out;
}

function pair(lead: string, k: string, v: unknown, indent: number): string {
  const ki = keyInfo(k);
  const s = scalar(v, ki.float);
  return s !== null ? lead + ki.head + s + "\n" : lead + ki.bare + "\n" + block(v, indent + 2, ki.float);
}

function block(v: unknown, indent: number, asFloat: boolean, first?: string): string {
  return Array.isArray(v) ? sequence(v, indent, asFloat, first) : mapping(v as Record<string, unknown>, indent, first);
}

function sequence(items: unknown[], indent: number, asFloat: boolean, first?: string): string {
  let out = "";
  let lead = first ?? pad(indent);
  for (const item of items) {
    const s = scalar(item, asFloat);
    if (s !== null) out += lead + "- " + s + "\n";
    else out += block(item, indent + 2, asFloat, lead + "- ");
    lead = pad(indent);
  }
  return out;
}

/** Block-style YAML of a mapping, keys sorted, one trailing newline. */
export function dumpYaml(o: Record<string, unknown>): string {
  return mapping(o, 0) || "\n";
}

export interface OverlayLimits {
  maxSessionRefs: number;
  maxHistory: number;
}

/**
 * Whether two parsed YAML values are the same data, key order aside: what comparing their JSON with
 * sorted keys tells, without building that text (a large overlay's took tens of milliseconds).
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const objA = a !== null && typeof a === "object";
  const objB = b !== null && typeof b === "object";
  if (!objA || !objB || typeof (a as { toJSON?: unknown }).toJSON === "function" || typeof (b as { toJSON?: unknown }).toJSON === "function") {
    return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bs = b as unknown[];
    if (a.length !== bs.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], bs[i])) return false;
    return true;
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  // The defined keys of a, each defined in b with the same data, and as many defined keys in b
  // (counted without building key lists: a large overlay has thousands of entries).
  let n = 0;
  for (const k of Object.keys(ra)) {
    if (ra[k] === undefined) continue;
    n++;
    if (!Object.prototype.hasOwnProperty.call(rb, k) || !sameData(ra[k], rb[k])) return false;
  }
  for (const k of Object.keys(rb)) if (rb[k] !== undefined && --n < 0) return false;
  return n === 0;
}

/** The config's limits on what an overlay keeps per node. */
export function overlayLimits(graph: { max_session_refs: number; max_history: number }): OverlayLimits {
  return { maxSessionRefs: graph.max_session_refs, maxHistory: graph.max_history };
}

/** The first bytes of every overlay the writer writes. */
export const HEADER =
  "# Experiential state of this repository (spec §4.2), written by `akms update` and the review\n" +
  "# actions. Edit the knowledge, not this file: it is rewritten deterministically.\n";

/** The overlay as it is written: sections present, session_refs and history pruned (most recent kept). */
export function normalizeOverlay(ov: Overlay, limits: OverlayLimits): Overlay {
  const over = (e: NodeOverride) =>
    (e.session_refs !== undefined && e.session_refs.length > limits.maxSessionRefs) || (e.history !== undefined && e.history.length > limits.maxHistory);
  const given = ov.nodes ?? {};
  let nodes = given;
  // Nothing to prune (the usual case): the entries, and their mapping, are kept as they are; else
  // a new mapping in which only the pruned entries are new objects (the update tells the changed
  // entries by identity).
  for (const id in given) {
    if (!over(given[id]!)) continue;
    nodes = {};
    for (const [k, entry] of Object.entries(given)) {
      if (!over(entry)) {
        nodes[k] = entry;
        continue;
      }
      const e = { ...entry };
      if (e.session_refs && e.session_refs.length > limits.maxSessionRefs) e.session_refs = e.session_refs.slice(-limits.maxSessionRefs);
      if (e.history && e.history.length > limits.maxHistory) e.history = e.history.slice(-limits.maxHistory);
      nodes[k] = e;
    }
    break;
  }
  return {
    ...ov,
    akms_schema: "v2",
    nodes,
    local_edges: ov.local_edges ?? [],
    session_nodes: ov.session_nodes ?? {},
    suppressed_edges: ov.suppressed_edges ?? [],
  };
}

/** The per-id sections whose unchanged entries can be copied from the previous bytes. */
export type ReusableSection = "nodes" | "session_nodes";
const REUSABLE: ReadonlySet<string> = new Set<ReusableSection>(["nodes", "session_nodes"]);

/**
 * What an update may copy instead of writing it again: `text`, the bytes overlayText() gave for the
 * overlay this one was derived from, and per section how many entries that overlay had and which
 * ids may differ from it (changed, added or removed). Every other entry must be deep-equal to its
 * old self and still there (checked by the count: a mismatch writes the section in full).
 */
export interface OverlayReuse {
  text: string;
  sections: Record<ReusableSection, { before: number; changed: ReadonlySet<string> }>;
}

// In the writer's output a per-id section's entries start on lines at exactly 2 spaces of indent
// (`  <id>:`), every deeper line is part of an entry, a line at no indent ends the section, and
// every string is on one line (the writer escapes line breaks).
const ENTRY = /\n {2}(?! )/g;
const TOP_LEVEL = /\n(?! )/g;

/** The first entry starting at or after `from` (the position after its line break), else `end`. */
function nextEntry(text: string, from: number, end: number): number {
  ENTRY.lastIndex = from - 1;
  const m = ENTRY.exec(text);
  return m && m.index + 1 < end ? m.index + 1 : end;
}

/** The id of the entry starting at `at`, or null when the line is not as the writer writes it. */
function idAt(text: string, at: number): string | null {
  let key: string;
  try {
    const end = text.charCodeAt(at + 2) === 34 ? text.indexOf('"', at + 3) + 1 : text.indexOf(":", at + 2);
    key = text.slice(at + 2, end);
    const after = text.charCodeAt(at + 3 + key.length);
    if (end <= at + 2 || text.charCodeAt(end) !== 58 || (after !== 10 && after !== 32)) return null;
    const id = key.startsWith('"') ? (JSON.parse(key) as unknown) : key;
    return typeof id === "string" && str(id) === key ? id : null;
  } catch {
    return null;
  }
}

/** The first entry whose id is `id` or sorts after it (binary search: the entries are sorted by id). */
function entryFor(text: string, start: number, end: number, id: string): number | null {
  let lo = start;
  let hi = end;
  let found = end;
  while (lo < hi) {
    const mid = lo + ((hi - lo) >> 1);
    const e = nextEntry(text, mid, end);
    if (e >= hi) {
      hi = mid;
      continue;
    }
    const key = idAt(text, e);
    if (key === null) return null;
    if (key >= id) {
      found = e;
      hi = mid;
    } else lo = e + 1;
  }
  return found;
}

/** The section's entries: the old lines, with the changed entries written again. Null: write it all. */
function splicedSection(section: ReusableSection, entries: Record<string, unknown>, reuse: OverlayReuse): string | null {
  const text = reuse.text;
  const head = text.indexOf(`\n${section}:\n`);
  if (head === -1) return null;
  const start = head + section.length + 3;
  TOP_LEVEL.lastIndex = start - 1;
  const top = TOP_LEVEL.exec(text);
  const end = top ? top.index + 1 : text.length;
  const { before, changed } = reuse.sections[section];
  const ids = [...changed].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let out = "";
  let copied = start;
  let added = 0;
  for (const id of ids) {
    const at = entryFor(text, copied, end, id);
    if (at === null) return null;
    const held = at < end && idAt(text, at) === id;
    const now = entries[id] !== undefined;
    out += text.slice(copied, at) + (now ? pair("  ", id, entries[id], 2) : "");
    copied = held ? nextEntry(text, at + 1, end) : at;
    added += (now ? 1 : 0) - (held ? 1 : 0);
  }
  let count = 0;
  for (const k in entries) if (entries[k] !== undefined) count++;
  return count === before + added ? out + text.slice(copied, end) : null;
}

/**
 * local_state.yaml's bytes for a normalised overlay. With `reuse`, the unchanged entries of
 * `nodes` and `session_nodes` are copied from the previous bytes instead of written again: the
 * same bytes, in a time that does not grow with the overlay.
 */
export function overlayText(normalized: Overlay, reuse?: OverlayReuse): string {
  const o = normalized as Record<string, unknown>;
  if (!reuse) return HEADER + dumpYaml(o);
  let out = "";
  for (const k of definedKeys(o)) {
    const v = o[k];
    const spliced = REUSABLE.has(k) && scalar(v, false) === null && !Array.isArray(v) ? splicedSection(k as ReusableSection, v as Record<string, unknown>, reuse) : null;
    out += spliced !== null ? keyInfo(k).bare + "\n" + spliced : pair("", k, v, 0);
  }
  return HEADER + (out || "\n");
}

export function dumpOverlay(ov: Overlay, limits: OverlayLimits): string {
  return overlayText(normalizeOverlay(ov, limits));
}

const definedCount = (o: Record<string, unknown> | null | undefined) => {
  let n = 0;
  for (const k in o ?? {}) if (o![k] !== undefined) n++;
  return n;
};

/**
 * dumpOverlay(next, limits), for `next` derived from `old` — whose canonical writing is `oldText`
 * (= dumpOverlay(old, limits)) — by changing only the entries named in `changed`: the writer copies
 * every other entry from the old bytes. With the overlay the text writes (normalised).
 */
export function rewrittenOverlay(oldText: string, old: Overlay, next: Overlay, changed: { nodes?: readonly string[]; session_nodes?: readonly string[] }, limits: OverlayLimits): { text: string; data: Overlay } {
  const before = normalizeOverlay(old, limits);
  const data = normalizeOverlay(next, limits);
  const text = overlayText(data, {
    text: oldText,
    sections: {
      nodes: { before: definedCount(before.nodes), changed: new Set(changed.nodes) },
      session_nodes: { before: definedCount(before.session_nodes as Record<string, unknown>), changed: new Set(changed.session_nodes) },
    },
  });
  return { text, data };
}
