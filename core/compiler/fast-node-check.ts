// A fast path for validating node frontmatter. For data the zod schemas of core/schemas/node.ts
// certainly accept it returns what their parse returns (shape keys in shape order, then the other
// keys in input order; edges rebuilt as `to, type, weight[, note]`); for anything else it answers
// `undefined` and the caller runs zod, which then names the problems. Every check and refinement
// of the schemas is here; a field it does not check with certainty makes it answer `undefined`.
//
// It imports no zod, so that the parse worker's bundle stays small: the patterns and value lists
// come from core/schemas/vocabulary.ts, which the zod schemas use too, and the field lists below
// are checked against the schemas' shapes (fast-check-guard.ts turns the fast check off when they
// stop matching).
import { EDGE_TYPES, EXPERIENTIAL_FIELDS, ID_PATTERN, ISO_DATE, ISO_DATE_TIME, SOURCES, STATUSES } from "../schemas/vocabulary.js";
import type { Origin } from "./sources.js";

type Data = Record<string, unknown>;
const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

const isString = (v: unknown): v is string => typeof v === "string";
const isNonEmpty = (v: unknown): v is string => typeof v === "string" && v.length > 0;
const isId = (v: unknown): v is string => typeof v === "string" && ID_PATTERN.test(v) && !v.includes("..");
const isUnit = (v: unknown): v is number => typeof v === "number" && v >= 0 && v <= 1;
const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const orNull = (f: (v: unknown) => boolean) => (v: unknown) => v === null || f(v);
const listOf = (f: (v: unknown) => boolean) => (v: unknown) => Array.isArray(v) && v.every(f);
const oneOf = (xs: readonly string[]) => (v: unknown) => typeof v === "string" && xs.includes(v);
const isIsoDate = (v: unknown) => typeof v === "string" && ISO_DATE.test(v);
const isIsoDateTime = (v: unknown) => typeof v === "string" && ISO_DATE_TIME.test(v);

const EDGE_ORDER = ["to", "type", "weight", "note"];
const EDGE_KEYS = new Set(EDGE_ORDER);
const isEdgeType = oneOf(EDGE_TYPES);
const isStatus = oneOf(STATUSES);
const isSource = oneOf(SOURCES);

/**
 * Edges as z.object(Edge) returns them (`to, type, weight[, note]`), or undefined when one is not
 * certainly valid or has keys zod would strip. The input array itself when it already is that.
 */
function edges(v: unknown): unknown[] | undefined {
  if (!Array.isArray(v)) return undefined;
  let out: unknown[] | null = null;
  for (let i = 0; i < v.length; i++) {
    const e: unknown = v[i];
    if (e === null || typeof e !== "object" || Array.isArray(e)) return undefined;
    const r = e as Data;
    let n = 0;
    let ordered = true;
    for (const k in r) {
      if (!EDGE_KEYS.has(k)) return undefined;
      if (k !== EDGE_ORDER[n]) ordered = false;
      n++;
    }
    if (!isId(r.to) || !isEdgeType(r.type) || !isUnit(r.weight)) return undefined;
    const hasNote = hasOwn(r, "note");
    if (hasNote && r.note !== null && !isString(r.note)) return undefined;
    if (!ordered && !out) out = v.slice(0, i);
    if (out) out.push(hasNote ? { to: r.to, type: r.type, weight: r.weight, note: r.note } : { to: r.to, type: r.type, weight: r.weight });
  }
  return out ?? v;
}

interface Field {
  /** Required (absent = invalid) or optional (absent = fine). */
  required: boolean;
  ok: (v: unknown) => boolean;
}
const req = (ok: (v: unknown) => boolean): Field => ({ required: true, ok });
const opt = (ok: (v: unknown) => boolean): Field => ({ required: false, ok });

const NODE_FIELDS: Record<string, Field> = {
  id: req(isId),
  title: req(isNonEmpty),
  domain: req((v) => isNonEmpty(v) && v !== "session" && v !== "code-mirror"),
  subdomain: opt(orNull(isString)),
  tags: req((v) => Array.isArray(v) && v.length >= 1 && v.every(isNonEmpty)),
  status: req(isStatus),
  confidence: req(isUnit),
  source: req(isSource),
  confidence_floor: opt(orNull(isUnit)),
  edges: opt(() => true), // checked and rebuilt by edges()
  load_with: opt(orNull(listOf(isId))),
  context_size: opt(orNull(oneOf(["small", "medium", "large"]))),
  reading_priority: opt(orNull(oneOf(["full", "summary", "pitfalls-only"]))),
  content_ref: opt(orNull(isString)),
  akms_schema: req((v) => v === "v2"),
};

const LOCAL_FIELDS: Record<string, Field> = {
  ...NODE_FIELDS,
  activations: opt((v) => isInt(v) && v >= 0),
  last_activated: opt(orNull(isIsoDate)),
  activated_by_tasks: opt(orNull(listOf(isString))),
  session_refs: opt(orNull(listOf(isString))),
  origin_session: opt(orNull(isId)),
  origin_phase: opt(orNull(isInt)),
};

const MIRROR_FIELDS: Record<string, Field> = {
  id: req(isId),
  title: req(isNonEmpty),
  domain: req((v) => v === "code-mirror"),
  status: req((v) => v === "established" || v === "draft"),
  confidence: req((v) => v === 1),
  source: req((v) => v === "generated"),
  auto_update: req((v) => v === true),
  content_ref: req(isNonEmpty),
  source_file: req(isNonEmpty),
  generated_at: req(isIsoDateTime),
  generated_by_phase: req(orNull(isInt)),
  akms_schema: req((v) => v === "v2"),
};

interface Spec {
  fields: Map<string, { field: Field; at: number }>;
  /** Shape keys in the schema's order (the order zod's output has). */
  order: string[];
  required: number;
  refine: (d: Data) => boolean;
}

function spec(fields: Record<string, Field>, refine: (d: Data) => boolean): Spec {
  const order = Object.keys(fields);
  const map = new Map(order.map((k, at) => [k, { field: fields[k]!, at }]));
  return { fields: map, order, required: order.filter((k) => fields[k]!.required).length, refine };
}

const SPECS: Record<Origin, Spec> = {
  global: spec(NODE_FIELDS, (d) => !EXPERIENTIAL_FIELDS.some((f) => f in d) && d.source !== "generated"),
  local: spec(LOCAL_FIELDS, (d) => (d.source === "agent" || d.source === "human") && !("auto_update" in d)),
  "code-mirror": spec(MIRROR_FIELDS, (d) => !("tags" in d) && !("edges" in d)),
};

/**
 * What the origin's zod schema returns for `data` when it certainly accepts it, else undefined.
 * When `data` already has zod's key order and edge form (files usually do), it is returned itself.
 */
export function fastCheckNode(origin: Origin, data: Data): Data | undefined {
  const sp = SPECS[origin];
  let required = 0;
  let last = -1;
  let unknownSeen = false;
  let inOrder = true;
  let newEdges: unknown[] | undefined;
  for (const k in data) {
    const f = sp.fields.get(k);
    if (!f) {
      if (k === "__proto__") return undefined;
      unknownSeen = true;
      continue;
    }
    if (unknownSeen || f.at < last) inOrder = false;
    last = f.at;
    const v = data[k];
    if (!f.field.ok(v)) return undefined;
    if (f.field.required) required++;
    if (k === "edges" && v !== null) {
      const e = edges(v);
      if (!e) return undefined;
      if (e !== v) newEdges = e;
    }
  }
  if (required !== sp.required || !sp.refine(data)) return undefined;
  if (inOrder && !newEdges) return data;
  const out: Data = {};
  for (const k of sp.order) if (hasOwn(data, k)) out[k] = k === "edges" && newEdges ? newEdges : data[k];
  for (const k in data) if (!sp.fields.has(k)) out[k] = data[k];
  return out;
}

/** The fields each origin's check knows, in zod's output order (must equal the schemas' shapes). */
export function fastCheckOrders(): Record<Origin, string[]> {
  return { global: SPECS.global.order, local: SPECS.local.order, "code-mirror": SPECS["code-mirror"].order };
}
