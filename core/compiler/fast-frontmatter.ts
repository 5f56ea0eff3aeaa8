// A fast path for the common shape of node frontmatter. It returns exactly what core/yaml.ts's
// parseYaml (js-yaml, CORE schema) returns, or `undefined` whenever it is not certain — then the
// caller runs the js-yaml path, so every error message and every edge case stays js-yaml's.
//
// Understood: a block mapping at column 0 whose keys are plain words ([A-Za-z0-9_][A-Za-z0-9_.-]*),
// nested block mappings and block sequences (also a sequence at its key's column), compact
// mappings in sequence items (`- to: x` + aligned keys), one-line plain scalars, one-line
// double-quoted scalars (simple, \x and \u escapes), one-line single-quoted scalars, one-line flow
// sequences of plain words (`[]`, `[a, b]`), blank lines, whole-line comments and comments after
// a value. Everything else — tabs, CR, control or non-printable characters, BOM, anchors,
// aliases, tags, block scalars, other flow collections, multi-line scalars, explicit keys,
// duplicate keys, `__proto__`, `key: a: b`, odd indentation, document markers — answers
// `undefined`.
//
// Plain scalars are resolved by js-yaml's own CORE implicit types (null, bool, int, float), in
// its order, so `01`, `0x1F`, `1e3`, `.inf`, `~`, dates… come out exactly as js-yaml makes them.
import jsyaml from "js-yaml";

interface ImplicitType {
  resolve(data: string): boolean;
  construct(data: string): unknown;
}
const IMPLICIT = (jsyaml.CORE_SCHEMA as unknown as { compiledImplicit: ImplicitType[] }).compiledImplicit;

/** LIMITS.maxYamlBytes of core/yaml.ts (not imported: the parse worker does without that module; a test pins it). */
export const MAX_CHARS = 4 * 1024 * 1024;
/**
 * Above this many characters a document could hold more values than parseYaml's alias-expansion
 * budget, which it counts when the text has a `*`: such documents go to js-yaml.
 */
const MAX_CHARS_WITH_STAR = 900_000;
const MAX_DEPTH = 16;

const BAIL: unique symbol = Symbol("bail");
type Out = unknown | typeof BAIL;

// Any character outside plain printable text (then checked one by one: only surrogate pairs pass).
const SUSPECT = /[^\n\x20-\x7E\xA0-\uD7FF\uE000-\uFEFE\uFF00-\uFFFD]/;

function charsOk(s: string): boolean {
  if (!SUSPECT.test(s)) return true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 10 || (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfefe) || (c >= 0xff00 && c <= 0xfffd)) continue;
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
    }
    return false;
  }
  return true;
}

// js-yaml's simple escapes (loader.js simpleEscapeSequence), minus `\<TAB>` (tabs never get here).
const ESCAPES: Record<string, string> = {
  "0": "\x00", a: "\x07", b: "\x08", t: "\x09", n: "\x0A", v: "\x0B", f: "\x0C", r: "\x0D", e: "\x1B",
  " ": " ", '"': '"', "/": "/", "\\": "\\", N: "\x85", _: "\xA0", L: "\u2028", P: "\u2029",
};

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lc = c | 0x20;
  return lc >= 0x61 && lc <= 0x66 ? lc - 0x61 + 10 : -1;
}

function isKeyStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}
function isKeyChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45 || c === 46;
}

// Parser state (one document at a time; the parser is not re-entrant).
let s = "";
let n = 0;
/** Start of the next unread line. */
let next = 0;
// The current significant line: start, indent (-1 at the end), content start, end (index of \n or n).
let ls = 0;
let ind = -1;
let cs = 0;
let le = 0;

/** Moves to the next line that is neither blank nor a whole-line comment. */
function advance(): void {
  while (next < n) {
    const start = next;
    let end = s.indexOf("\n", start);
    if (end < 0) end = n;
    next = end + 1;
    let i = start;
    while (i < end && s.charCodeAt(i) === 32) i++;
    if (i === end || s.charCodeAt(i) === 35) continue;
    ls = start;
    ind = i - start;
    cs = i;
    le = end;
    return;
  }
  ind = -1;
  ls = cs = le = n;
}

/** The line ends at `j` but for spaces and a comment (which needs a space before its `#`). */
function restIsEmpty(j: number): boolean {
  const from = j;
  while (j < le && s.charCodeAt(j) === 32) j++;
  return j === le || (j > from && s.charCodeAt(j) === 35);
}

/** `raw` as digits (0) or digits.digits (1), at most 15 characters; else -1. */
function simpleNumber(raw: string): number {
  const len = raw.length;
  if (len > 15) return -1;
  let dot = -1;
  for (let i = 0; i < len; i++) {
    const c = raw.charCodeAt(i);
    if (c >= 48 && c <= 57) continue;
    if (c !== 46 || dot >= 0) return -1;
    dot = i;
  }
  if (dot < 0) return 0;
  return dot > 0 && dot < len - 1 ? 1 : -1;
}

function resolvePlain(raw: string): unknown {
  const c = raw.charCodeAt(0);
  // A plain scalar starting with a letter is a string unless it is one of null/bool's words (4–5 letters).
  if (((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) && raw.length !== 4 && raw.length !== 5) return raw;
  // What js-yaml's int and float types make of `007` and `0.50` (int wins for digits only).
  if (c >= 48 && c <= 57) {
    const kind = simpleNumber(raw);
    if (kind === 0) return parseInt(raw, 10);
    if (kind === 1) return parseFloat(raw);
  }
  for (const t of IMPLICIT) if (t.resolve(raw)) return t.construct(raw);
  return raw;
}

function doubleQuoted(i: number): Out {
  let j = i + 1;
  let start = j;
  let out = "";
  for (;;) {
    if (j >= le) return BAIL; // continues on the next line
    const c = s.charCodeAt(j);
    if (c === 34) {
      out += s.slice(start, j);
      j++;
      break;
    }
    if (c === 92) {
      out += s.slice(start, j);
      if (++j >= le) return BAIL;
      const e = s[j]!;
      const simple = ESCAPES[e];
      if (simple !== undefined && Object.prototype.hasOwnProperty.call(ESCAPES, e)) {
        out += simple;
        j++;
      } else {
        // \xXX and \uXXXX; \U (8 digits) is left to js-yaml.
        const len = e === "x" ? 2 : e === "u" ? 4 : 0;
        if (!len) return BAIL;
        let cp = 0;
        for (let k = 1; k <= len; k++) {
          const h = j + k < le ? hexValue(s.charCodeAt(j + k)) : -1;
          if (h < 0) return BAIL;
          cp = (cp << 4) + h;
        }
        out += String.fromCharCode(cp);
        j += len + 1;
      }
      start = j;
      continue;
    }
    j++;
  }
  return restIsEmpty(j) ? out : BAIL;
}

function singleQuoted(i: number): Out {
  let j = i + 1;
  let start = j;
  let out = "";
  for (;;) {
    if (j >= le) return BAIL;
    if (s.charCodeAt(j) === 39) {
      out += s.slice(start, j);
      if (j + 1 < le && s.charCodeAt(j + 1) === 39) {
        out += "'";
        j += 2;
        start = j;
        continue;
      }
      j++;
      break;
    }
    j++;
  }
  return restIsEmpty(j) ? out : BAIL;
}

function isFlowWordChar(c: number): boolean {
  // Not a space, not a flow indicator, no `#` or `:` (comments, pairs), no quotes.
  return c > 32 && c !== 44 && c !== 91 && c !== 93 && c !== 123 && c !== 125 && c !== 35 && c !== 58 && c !== 34 && c !== 39;
}

/** `[]` or `[a, b, c]` on one line, items plain words without spaces. */
function flowSequence(i: number): Out {
  const arr: unknown[] = [];
  let j = i + 1;
  while (j < le && s.charCodeAt(j) === 32) j++;
  if (s.charCodeAt(j) !== 93) {
    for (;;) {
      const start = j;
      const c = s.charCodeAt(j);
      // Indicators that would make the item something else than a plain scalar.
      if (c === 45 || c === 63 || c === 38 || c === 42 || c === 33 || c === 124 || c === 62 || c === 37 || c === 64 || c === 96) return BAIL;
      while (j < le && isFlowWordChar(s.charCodeAt(j))) j++;
      if (j === start) return BAIL;
      arr.push(resolvePlain(s.slice(start, j)));
      while (j < le && s.charCodeAt(j) === 32) j++;
      const d = s.charCodeAt(j);
      if (d === 93) break;
      if (d !== 44) return BAIL;
      j++;
      while (j < le && s.charCodeAt(j) === 32) j++;
    }
  }
  return j < le && restIsEmpty(j + 1) ? arr : BAIL;
}

/** A one-line value starting at `i` (not a space, not the line end); the rest of the line must be empty. */
function inlineValue(i: number): Out {
  const c = s.charCodeAt(i);
  if (c === 34) return doubleQuoted(i);
  if (c === 39) return singleQuoted(i);
  if (c === 91) return flowSequence(i);
  // Indicators that start something other than a plain scalar (or a plain scalar js-yaml reads oddly).
  if (
    c === 44 || c === 93 || c === 123 || c === 125 || c === 35 || c === 38 || c === 42 || c === 33 || c === 124 ||
    c === 62 || c === 37 || c === 64 || c === 96 || c === 63 || c === 58
  ) {
    return BAIL;
  }
  if (c === 45 && (i + 1 === le || s.charCodeAt(i + 1) === 32)) return BAIL;
  let end = i + 1;
  for (let j = i + 1; j < le; j++) {
    const ch = s.charCodeAt(j);
    if (ch === 58) {
      if (j + 1 === le || s.charCodeAt(j + 1) === 32) return BAIL; // `a: b` in a value: a mapping, or an error
    } else if (ch === 35) {
      if (s.charCodeAt(j - 1) === 32) break; // a comment
    }
    if (ch !== 32) end = j + 1;
  }
  return resolvePlain(s.slice(i, end));
}

/** Length of a plain-word key at `i` followed by `:` and a space or the line end, else 0. */
function keyLength(i: number): number {
  if (!isKeyStart(s.charCodeAt(i))) return 0;
  let j = i + 1;
  while (j < le && isKeyChar(s.charCodeAt(j))) j++;
  if (j >= le || s.charCodeAt(j) !== 58) return 0;
  if (j + 1 < le && s.charCodeAt(j + 1) !== 32) return 0;
  return j - i;
}

function isSeqItem(): boolean {
  return s.charCodeAt(cs) === 45 && (cs + 1 === le || s.charCodeAt(cs + 1) === 32);
}


// Keys of node frontmatter and of the overlay, kept as constants: storing a property under an
// interned string is much cheaper than under a fresh slice (V8 would intern each one).
const KNOWN_KEYS: string[][] = [];
for (const k of [
  "id", "title", "domain", "subdomain", "tags", "status", "confidence", "source", "confidence_floor", "edges", "load_with",
  "context_size", "reading_priority", "content_ref", "akms_schema", "to", "type", "weight", "note", "activations",
  "last_activated", "activated_by_tasks", "session_refs", "origin_session", "origin_phase", "auto_update", "source_file",
  "generated_at", "generated_by_phase", "repo_id", "nodes", "local_edges", "session_nodes", "suppressed_edges", "from",
  "outcome", "phase", "history", "date", "cause", "source_hash",
]) {
  (KNOWN_KEYS[k.length] ??= []).push(k);
}

function keyAt(i: number, len: number): string {
  const known = KNOWN_KEYS[len];
  if (known) for (const k of known) if (s.startsWith(k, i)) return k;
  // A key is a plain scalar too: js-yaml resolves it (`1e3` → 1000) and uses it as a string ("1000").
  return String(resolvePlain(s.slice(i, i + len)));
}

// A mapping's keys and values are gathered on these stacks, then made into an object in one go.
const keyStack: string[] = [];
const valueStack: unknown[] = [];
let top = 0;
/** How far the stacks were used in this document (cleared after it). */
let high = 0;

/**
 * Makers of objects by key sequence: an object literal builds the object with its final layout at
 * once, far cheaper than adding the properties one by one (files share a few key sequences).
 */
interface Shape {
  next: Map<string, Shape>;
  make?: (values: unknown[], from: number) => Record<string, unknown>;
}
const shapes: Shape = { next: new Map() };
let shapeCount = 0;
const MAX_SHAPES = 1000;
const PLAIN_KEY = /^[A-Za-z0-9_.-]+$/;
let makersAllowed = true;

function makeObject(from: number, to: number): Record<string, unknown> {
  let node: Shape | undefined = to - from <= 32 ? shapes : undefined;
  for (let i = from; i < to && node; i++) {
    const k = keyStack[i]!;
    let next = node.next.get(k);
    if (!next && shapeCount < MAX_SHAPES && PLAIN_KEY.test(k)) {
      next = { next: new Map() };
      node.next.set(k, next);
      shapeCount++;
    }
    node = next;
  }
  if (node && !node.make && makersAllowed) {
    const fields = keyStack.slice(from, to).map((k, i) => `${JSON.stringify(k)}: v[o + ${i}]`);
    try {
      node.make = new Function("v", "o", `return { ${fields.join(", ")} };`) as Shape["make"];
    } catch {
      makersAllowed = false; // node --disallow-code-generation-from-strings
    }
  }
  if (node?.make) return node.make(valueStack, from);
  const obj: Record<string, unknown> = {};
  for (let i = from; i < to; i++) obj[keyStack[i]!] = valueStack[i];
  return obj;
}

/** The block mapping whose keys sit at column `indent` (the current line is its first key). */
function parseMapping(indent: number, depth: number): Out {
  if (depth > MAX_DEPTH) return BAIL;
  const base = top;
  // A duplicate key bails: a scan of the keys so far, a set once there are many (an overlay's
  // `nodes` holds tens of thousands).
  let seen: Set<string> | null = null;
  while (ind === indent) {
    const klen = keyLength(cs);
    if (!klen) return BAIL;
    const key = keyAt(cs, klen);
    if (key === "__proto__") return BAIL;
    if (seen !== null) {
      if (seen.has(key)) return BAIL;
      seen.add(key);
    } else if (top - base < 16) {
      for (let j = base; j < top; j++) if (keyStack[j] === key) return BAIL;
    } else {
      seen = new Set(keyStack.slice(base, top));
      if (seen.has(key)) return BAIL;
      seen.add(key);
    }
    const at = top++;
    if (top > high) high = top;
    keyStack[at] = key;
    let i = cs + klen + 1;
    while (i < le && s.charCodeAt(i) === 32) i++;
    let value: Out;
    if (i === le || s.charCodeAt(i) === 35) {
      // No value on the key's line: a nested block below it, or null.
      advance();
      if (ind > indent) value = isSeqItem() ? parseSequence(ind, depth + 1) : parseMapping(ind, depth + 1);
      else if (ind === indent && isSeqItem()) value = parseSequence(indent, depth + 1);
      else value = null;
    } else {
      value = inlineValue(i);
      advance();
    }
    if (value === BAIL) return BAIL;
    valueStack[at] = value;
    if (ind > indent) return BAIL; // a continuation line or bad indentation
  }
  const obj = makeObject(base, top);
  top = base;
  return obj;
}

/** The block sequence whose `- ` sit at column `indent` (the current line is its first item). */
function parseSequence(indent: number, depth: number): Out {
  if (depth > MAX_DEPTH) return BAIL;
  const arr: unknown[] = [];
  while (ind === indent && s.charCodeAt(cs) === 45) {
    if (cs + 1 >= le || s.charCodeAt(cs + 1) !== 32) return BAIL;
    let i = cs + 2;
    while (i < le && s.charCodeAt(i) === 32) i++;
    if (i === le || s.charCodeAt(i) === 35) return BAIL; // an empty item
    let value: Out;
    if (keyLength(i)) {
      // A compact mapping: its keys are aligned on the first key's column.
      cs = i;
      ind = i - ls;
      value = parseMapping(ind, depth + 1);
    } else {
      if (s.charCodeAt(i) === 45 && (i + 1 === le || s.charCodeAt(i + 1) === 32)) return BAIL; // `- - x`
      value = inlineValue(i);
      advance();
    }
    if (value === BAIL) return BAIL;
    arr.push(value);
    if (ind > indent) return BAIL;
  }
  return arr;
}

/** js-yaml's result for `yaml` when it is a mapping in the understood subset, else undefined. */
export function fastParseYaml(yaml: string): Record<string, unknown> | undefined {
  if (yaml.length > MAX_CHARS || (yaml.length > MAX_CHARS_WITH_STAR && yaml.includes("*"))) return undefined;
  // A concatenation is flattened into a fresh string on first use: the values sliced from it keep
  // that copy alive, not a whole file the YAML may be a slice of. (The extra line end is blank.)
  s = yaml + "\n";
  n = s.length;
  next = 0;
  top = high = 0;
  try {
    if (!charsOk(s)) return undefined;
    advance();
    if (ind !== 0) return undefined;
    const r = parseMapping(0, 1);
    if (r === BAIL || (ind as number) !== -1) return undefined;
    return r as Record<string, unknown>;
  } finally {
    s = "";
    valueStack.fill(undefined, 0, high);
  }
}

/** splitFrontmatter's answer for the common file shape (`---\n` … `\n---\n`), or undefined. */
export function fastSplitFrontmatter(text: string): { yaml: string; body: string } | undefined {
  if (!text.startsWith("---\n")) return undefined;
  const close = text.indexOf("\n---", 3);
  if (close < 0) return undefined;
  const after = close + 4;
  if (after < text.length && text.charCodeAt(after) !== 10) return undefined;
  const yaml = text.slice(4, close + 1);
  // An earlier `...` line would have closed the frontmatter; so would `---` or `...` right at the start.
  if (yaml.startsWith("---") || yaml.startsWith("...") || yaml.includes("\n...")) return undefined;
  const body = after < text.length ? text.slice(after + 1) : "";
  return { yaml, body };
}
