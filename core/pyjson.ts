// JSON exactly as Python writes it with json.dumps(obj, sort_keys=True, indent=2): sorted keys,
// 2-space indent, ", " → "," line breaks, non-ASCII escaped as \uXXXX, floats in Python's repr.
// Keys listed in FLOAT_KEYS always print as floats (1.0, not 1), like the spec's examples.

export const FLOAT_KEYS = new Set(["confidence", "confidence_default", "confidence_floor", "weight", "score"]);

/**
 * An object carrying this property ({ depth, text }) is written as `text` — its own serialisation,
 * made earlier by pyJsonText at that depth — when it sits at that depth (the compiler's parse
 * cache keeps each node's text so an unchanged node need not be serialised again). Whoever changes
 * such an object must drop the property.
 */
export const RAW_TEXT = Symbol("akms.pyjson.raw");

export interface RawText {
  depth: number;
  text: string;
}

/** Python's repr(float). */
export function pyFloat(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "-Infinity";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const ax = Math.abs(x);
  if (ax >= 1e-4 && ax < 1e16) {
    // In this range both JS and Python print the shortest digits in fixed notation.
    const s = String(x);
    return s.includes(".") ? s : s + ".0";
  }
  const neg = x < 0;
  const e = Math.abs(x).toExponential(); // shortest round-trip digits
  const [mant, expS] = e.split("e") as [string, string];
  const digits = mant.replace(".", "");
  const exp = Number(expS);
  const decpt = exp + 1;
  let s: string;
  if (decpt <= -4 || decpt > 16) {
    s = digits[0]! + (digits.length > 1 ? "." + digits.slice(1) : "") + "e" + (exp < 0 ? "-" : "+") + String(Math.abs(exp)).padStart(2, "0");
  } else if (decpt <= 0) {
    s = "0." + "0".repeat(-decpt) + digits;
  } else if (decpt >= digits.length) {
    s = digits + "0".repeat(decpt - digits.length) + ".0";
  } else {
    s = digits.slice(0, decpt) + "." + digits.slice(decpt);
  }
  return neg ? "-" + s : s;
}

export function pyInt(x: number): string {
  // Integers beyond 2^53 are not exact in JS anyway; print like Python would print the float's int.
  return Number.isSafeInteger(x) ? String(x) : BigInt(x).toString();
}

const SAFE = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

export function pyString(s: string): string {
  if (SAFE.test(s)) return '"' + s + '"';
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) out += '\\"';
    else if (c === 0x5c) out += "\\\\";
    else if (c === 0x0a) out += "\\n";
    else if (c === 0x0d) out += "\\r";
    else if (c === 0x09) out += "\\t";
    else if (c === 0x08) out += "\\b";
    else if (c === 0x0c) out += "\\f";
    else if (c < 0x20 || c > 0x7e) out += "\\u" + c.toString(16).padStart(4, "0");
    else out += s[i];
  }
  return out + '"';
}

function cmpKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// The fast writer: the same tokens as the reference, with almost nothing allocated per value.
// Each element of a long array (the graph's nodes and links) is collected into one reusable piece
// list and joined into one flat string; the pieces are mostly cached strings — the separator,
// indent and quoted key with the opening quote of a plain string value, floats, the sorted key
// order of an object shape — so the 40 MB graph costs little more than its final strings.

interface KeyInfo {
  name: string;
  float: boolean;
  /** Per depth: `,\n<indent>"key": ` (first key: without the comma). */
  heads: string[];
  firstHeads: string[];
  /** The same heads followed by the opening quote of a string value (index: depth * 2 + first). */
  quoted: string[];
}

const keyInfos = new Map<string, KeyInfo>();
function keyInfo(k: string): KeyInfo {
  let ki = keyInfos.get(k);
  if (ki === undefined) {
    ki = { name: k, float: FLOAT_KEYS.has(k), heads: [], firstHeads: [], quoted: [] };
    if (keyInfos.size < 4096) keyInfos.set(k, ki);
  }
  return ki;
}
function headOf(ki: KeyInfo, depth: number, first: boolean): string {
  const list = first ? ki.firstHeads : ki.heads;
  let h = list[depth];
  if (h === undefined) {
    h = (first ? "{\n" : ",\n") + indentOf(depth + 1) + pyString(ki.name) + ": ";
    list[depth] = h;
  }
  return h;
}

function quotedHeadOf(ki: KeyInfo, depth: number, first: boolean): string {
  return (ki.quoted[depth * 2 + (first ? 1 : 0)] ??= headOf(ki, depth, first) + '"');
}

const floatCache = new Map<number, string>();
function floatText(x: number): string {
  // A Map holds 0 and -0 as one key; they print differently.
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  let s = floatCache.get(x);
  if (s === undefined) {
    s = pyFloat(x);
    if (floatCache.size < 65536) floatCache.set(x, s);
  }
  return s;
}

function plainAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return false;
  }
  return true;
}

// The sorted key order of the last object shape met at each depth: the objects of one array
// usually share their shape, so the sort runs once per shape, not once per object.
const shapeRaw: string[][] = [];
const shapeSorted: KeyInfo[][] = [];
const scratchKeys: string[] = [];

function sortedKeys(obj: Record<string, unknown>, depth: number): KeyInfo[] {
  let n = 0;
  for (const k in obj) if (obj[k] !== undefined) scratchKeys[n++] = k;
  const raw = shapeRaw[depth];
  if (raw !== undefined && raw.length === n) {
    let i = 0;
    while (i < n && raw[i] === scratchKeys[i]) i++;
    if (i === n) return shapeSorted[depth]!;
  }
  const keys = scratchKeys.slice(0, n);
  const sorted = keys.slice().sort(cmpKeys).map(keyInfo);
  shapeRaw[depth] = keys;
  shapeSorted[depth] = sorted;
  return sorted;
}

const indents: string[] = [""];
function indentOf(depth: number): string {
  while (indents.length <= depth) indents.push(indents[indents.length - 1]! + "  ");
  return indents[depth]!;
}
const closers: string[] = [];
function closerOf(depth: number, bracket: "]" | "}"): string {
  const i = depth * 2 + (bracket === "]" ? 1 : 0);
  return (closers[i] ??= "\n" + indentOf(depth) + bracket);
}
const itemHeads: string[] = [];
function itemHeadOf(depth: number, first: boolean): string {
  const i = depth * 2 + (first ? 1 : 0);
  return (itemHeads[i] ??= (first ? "[\n" : ",\n") + indentOf(depth + 1));
}

const quotedItemHeads: string[] = [];
function quotedItemHeadOf(depth: number, first: boolean): string {
  return (quotedItemHeads[depth * 2 + (first ? 1 : 0)] ??= itemHeadOf(depth, first) + '"');
}

/** Pushes the tokens of one value. */
function put(v: unknown, depth: number, asFloat: boolean, out: string[]): void {
  if (v === null || v === undefined) {
    out.push("null");
    return;
  }
  switch (typeof v) {
    case "string":
      if (plainAscii(v)) out.push('"', v, '"');
      else out.push(pyString(v));
      return;
    case "number":
      out.push(asFloat || !Number.isInteger(v) ? floatText(v) : pyInt(v));
      return;
    case "boolean":
      out.push(v ? "true" : "false");
      return;
    case "object": {
      if (Array.isArray(v)) {
        const len = v.length;
        if (len === 0) {
          out.push("[]");
          return;
        }
        for (let i = 0; i < len; i++) {
          const item: unknown = v[i];
          if (typeof item === "string" && plainAscii(item)) out.push(quotedItemHeadOf(depth, i === 0), item, '"');
          else {
            out.push(itemHeadOf(depth, i === 0));
            put(item, depth + 1, asFloat, out);
          }
        }
        out.push(closerOf(depth, "]"));
        return;
      }
      const raw = (v as { [RAW_TEXT]?: RawText })[RAW_TEXT];
      if (raw !== undefined && raw.depth === depth) {
        out.push(raw.text);
        return;
      }
      const obj = v as Record<string, unknown>;
      const keys = sortedKeys(obj, depth);
      const n = keys.length;
      if (n === 0) {
        out.push("{}");
        return;
      }
      for (let i = 0; i < n; i++) {
        const ki = keys[i]!;
        const value = obj[ki.name];
        if (typeof value === "string" && plainAscii(value)) out.push(quotedHeadOf(ki, depth, i === 0), value, '"');
        else {
          out.push(headOf(ki, depth, i === 0));
          put(value, depth + 1, ki.float, out);
        }
      }
      out.push(closerOf(depth, "}"));
      return;
    }
    default:
      throw new TypeError(`cannot serialise ${typeof v}`);
  }
}

/** Collects the output in chunks of at least `max` characters. */
class Sink {
  chunks: string[] = [];
  private parts: string[] = [];
  private size = 0;
  constructor(readonly max: number) {}
  add(s: string): void {
    this.parts.push(s);
    this.size += s.length;
    if (this.size >= this.max) this.end();
  }
  end(): void {
    if (this.parts.length) this.chunks.push(this.parts.join(""));
    this.parts = [];
    this.size = 0;
  }
}

const pieces: string[] = [];
function joined(v: unknown, depth: number, asFloat: boolean): string {
  pieces.length = 0;
  put(v, depth, asFloat, pieces);
  const s = pieces.join("");
  pieces.length = 0;
  return s;
}

/**
 * The containers that hold long arrays (the document and its top-level values) are written
 * piece by piece; each element of a long array, and every other value, as one joined string.
 */
function write(v: unknown, depth: number, asFloat: boolean, sink: Sink): void {
  if (v === null || typeof v !== "object") return sink.add(joined(v, depth, asFloat));
  if (Array.isArray(v)) {
    if (v.length <= 64) return sink.add(joined(v, depth, asFloat));
    for (let i = 0; i < v.length; i++) {
      sink.add(itemHeadOf(depth, i === 0));
      sink.add(joined(v[i], depth + 1, asFloat));
    }
    return sink.add(closerOf(depth, "]"));
  }
  const obj = v as Record<string, unknown>;
  // A copy: the per-depth shape cache may be replaced while the values are written.
  const keys = sortedKeys(obj, depth).slice();
  if (keys.length === 0) return sink.add("{}");
  for (let i = 0; i < keys.length; i++) {
    const ki = keys[i]!;
    sink.add(headOf(ki, depth, i === 0));
    write(obj[ki.name], depth + 1, ki.float, sink);
  }
  sink.add(closerOf(depth, "}"));
}

/** The text of `v` as it appears at `depth` (indent level) inside a larger document. */
export function pyJsonText(v: unknown, depth: number): string {
  return joined(v, depth, false);
}

/** `v` as graph.json's text reads it back: every object's keys sorted, every number as written. */
export function asReadBack<T>(v: T): T {
  return JSON.parse(pyJsonText(v, 0)) as T;
}

/** `json.dumps(v, sort_keys=True, indent=2) + "\n"`. */
export function pyJsonDumps(v: unknown): string {
  return pyJsonChunks(v).join("");
}

/**
 * The same text as pyJsonDumps, as a list of chunks of roughly `chunkChars` characters, so that
 * a large document can be hashed and written without ever holding one giant string.
 */
export function pyJsonChunks(v: unknown, chunkChars = 256 * 1024): string[] {
  const sink = new Sink(chunkChars);
  write(v, 0, false, sink);
  sink.add("\n");
  sink.end();
  return sink.chunks;
}
