// The overlay check's fast path (zod is loaded only when it must run; the overlay of a large
// repository has thousands of entries): an overlay this check can prove valid is returned as
// Overlay.parse returns it — new objects and arrays, a loose object's schema keys first in the
// schema's order and its other keys after them as they came, a strict object's other keys dropped,
// a record's keys as they came — and anything else is left to zod, which names the problem. A test
// holds the two to the same results, key order included, on the demo, generated and fuzzed overlays.
import { EDGE_TYPES, ID_PATTERN, ISO_DATE } from "../schemas/vocabulary.js";
import { OUTCOME_VALUES, type Overlay } from "../schemas/overlay.js";

/** The checked value, or NO when zod must decide. */
const NO: unique symbol = Symbol("not sure");
type Out = unknown | typeof NO;
type Check = (v: unknown) => Out;

const plain = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype && !Object.hasOwn(v, "__proto__");

const str: Check = (v) => (typeof v === "string" ? v : NO);
const nonEmpty: Check = (v) => (typeof v === "string" && v.length > 0 ? v : NO);
const id: Check = (v) => (typeof v === "string" && ID_PATTERN.test(v) && !v.includes("..") ? v : NO);
const unit: Check = (v) => (typeof v === "number" && v >= 0 && v <= 1 ? v : NO);
const int: Check = (v) => (typeof v === "number" && Number.isSafeInteger(v) ? v : NO);
const nonNegInt: Check = (v) => (typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? v : NO);
const isoDate: Check = (v) => (typeof v === "string" && ISO_DATE.test(v) ? v : NO);
const oneOf =
  (values: readonly string[]): Check =>
  (v) =>
    typeof v === "string" && values.includes(v) ? v : NO;
const nullable =
  (c: Check): Check =>
  (v) =>
    v === null ? null : c(v);

function list(item: Check): Check {
  return (v) => {
    if (!Array.isArray(v)) return NO;
    const out: unknown[] = new Array(v.length);
    for (let i = 0; i < v.length; i++) if ((out[i] = item(v[i])) === NO) return NO;
    return out;
  };
}

/** An object schema: its fields in order ([key, check, required]); `loose` keeps the other keys. */
function object(fields: readonly [string, Check, boolean][], loose: boolean): Check {
  const known = new Set(fields.map(([k]) => k));
  return (v) => {
    if (!plain(v)) return NO;
    const out: Record<string, unknown> = {};
    for (const [key, check, required] of fields) {
      if (!Object.hasOwn(v, key)) {
        if (required) return NO;
        continue;
      }
      const r = check(v[key]);
      if (r === NO) return NO;
      out[key] = r;
    }
    if (loose) for (const key of Object.keys(v)) if (!known.has(key)) out[key] = v[key];
    return out;
  };
}

function record(value: Check): Check {
  return (v) => {
    if (!plain(v)) return NO;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(v)) {
      if (id(key) === NO) return NO;
      const r = value(v[key]);
      if (r === NO) return NO;
      out[key] = r;
    }
    return out;
  };
}

const historyEntry = object(
  [
    ["date", str, true],
    ["confidence", unit, true],
    ["cause", nonEmpty, true],
  ],
  false,
);

export const NODE_OVERRIDE_FIELDS: readonly [string, Check, boolean][] = [
  ["confidence", unit, false],
  ["activations", nonNegInt, false],
  ["last_activated", nullable(isoDate), false],
  ["activated_by_tasks", list(nonEmpty), false],
  ["session_refs", list(nonEmpty), false],
  ["status", (v) => (v === "draft" ? v : NO), false],
  ["history", list(historyEntry), false],
];

export const LOCAL_EDGE_FIELDS: readonly [string, Check, boolean][] = [
  ["from", id, true],
  ["to", id, true],
  ["type", oneOf(EDGE_TYPES), true],
  ["weight", unit, true],
  ["note", nullable(str), false],
];

export const SESSION_NODE_FIELDS: readonly [string, Check, boolean][] = [
  ["title", nonEmpty, true],
  ["tags", list(nonEmpty), false],
  ["outcome", oneOf(OUTCOME_VALUES), true],
  ["content_ref", nonEmpty, true],
  ["phase", int, true],
  ["source_hash", str, false],
];

export const OVERLAY_FIELDS: readonly [string, Check, boolean][] = [
  ["akms_schema", (v) => (v === "v2" ? v : NO), true],
  ["repo_id", nullable(str), false],
  ["nodes", nullable(record(object(NODE_OVERRIDE_FIELDS, true))), false],
  ["local_edges", nullable(list(object(LOCAL_EDGE_FIELDS, false))), false],
  ["session_nodes", nullable(record(object(SESSION_NODE_FIELDS, true))), false],
  ["suppressed_edges", nullable((v) => (Array.isArray(v) && v.length === 0 ? [] : NO)), false],
];

const overlay = object(OVERLAY_FIELDS, true);

/** The parsed overlay when it is certainly valid; undefined when zod must decide. */
export function fastOverlay(data: unknown): Overlay | undefined {
  const r = overlay(data);
  return r === NO ? undefined : (r as Overlay);
}
