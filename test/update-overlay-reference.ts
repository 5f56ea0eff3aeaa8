// The overlay writer as it was before it was made faster (core/update/overlay-io.ts at 5c5aa3b),
// kept verbatim as the reference its replacement must match byte for byte.
import type { Overlay } from "../core/schemas/overlay.js";
// Numbers under these keys always print as floats (1.0, not 1), as in graph.json.
import { FLOAT_KEYS } from "../core/pyjson.js";

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

function definedKeys(o: Record<string, unknown>): string[] {
  const keys: string[] = [];
  for (const k in o) if (o[k] !== undefined) keys.push(k);
  return keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

const pads: string[] = [];
const pad = (n: number) => (pads[n] ??= " ".repeat(n));

// `first` replaces the indent of the first line: a block that starts on a sequence item's dash line.
function mapping(o: Record<string, unknown>, indent: number, out: string[], first?: string): void {
  let lead = first ?? pad(indent);
  for (const k of definedKeys(o)) {
    const v = o[k];
    const asFloat = FLOAT_KEYS.has(k);
    const s = scalar(v, asFloat);
    if (s !== null) {
      out.push(`${lead}${str(k)}: ${s}`);
    } else {
      out.push(`${lead}${str(k)}:`);
      block(v, indent + 2, out, asFloat);
    }
    lead = pad(indent);
  }
}

function block(v: unknown, indent: number, out: string[], asFloat: boolean, first?: string): void {
  if (Array.isArray(v)) sequence(v, indent, out, asFloat, first);
  else mapping(v as Record<string, unknown>, indent, out, first);
}

function sequence(items: unknown[], indent: number, out: string[], asFloat: boolean, first?: string): void {
  let lead = first ?? pad(indent);
  for (const item of items) {
    const s = scalar(item, asFloat);
    if (s !== null) out.push(`${lead}- ${s}`);
    else block(item, indent + 2, out, asFloat, `${lead}- `);
    lead = pad(indent);
  }
}

/** Block-style YAML of a mapping, keys sorted, one trailing newline. */
export function dumpYaml(o: Record<string, unknown>): string {
  const out: string[] = [];
  mapping(o, 0, out);
  return out.join("\n") + "\n";
}

export interface OverlayLimits {
  maxSessionRefs: number;
  maxHistory: number;
}

const HEADER =
  "# Experiential state of this repository (spec §4.2), written by `akms update` and the review\n" +
  "# actions. Edit the knowledge, not this file: it is rewritten deterministically.\n";

/** The overlay as it is written: sections present, session_refs and history pruned (most recent kept). */
export function normalizeOverlay(ov: Overlay, limits: OverlayLimits): Overlay {
  const nodes: Record<string, unknown> = {};
  for (const [id, entry] of Object.entries(ov.nodes ?? {})) {
    const e = { ...entry };
    if (e.session_refs && e.session_refs.length > limits.maxSessionRefs) e.session_refs = e.session_refs.slice(-limits.maxSessionRefs);
    if (e.history && e.history.length > limits.maxHistory) e.history = e.history.slice(-limits.maxHistory);
    nodes[id] = e;
  }
  return {
    ...ov,
    akms_schema: "v2",
    nodes: nodes as Overlay["nodes"],
    local_edges: ov.local_edges ?? [],
    session_nodes: ov.session_nodes ?? {},
    suppressed_edges: ov.suppressed_edges ?? [],
  };
}

/** local_state.yaml's bytes for a normalised overlay. */
export function overlayText(normalized: Overlay): string {
  return HEADER + dumpYaml(normalized as Record<string, unknown>);
}

export function dumpOverlay(ov: Overlay, limits: OverlayLimits): string {
  return overlayText(normalizeOverlay(ov, limits));
}
