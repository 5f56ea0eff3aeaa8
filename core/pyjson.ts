// JSON exactly as Python writes it with json.dumps(obj, sort_keys=True, indent=2): sorted keys,
// 2-space indent, ", " → "," line breaks, non-ASCII escaped as \uXXXX, floats in Python's repr.
// Keys listed in FLOAT_KEYS always print as floats (1.0, not 1), like the spec's examples.

export const FLOAT_KEYS = new Set(["confidence", "confidence_default", "confidence_floor", "weight", "score"]);

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

function pyInt(x: number): string {
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

// Pieces go into one array; the elements of long arrays (the graph's nodes and links) are joined
// one by one, so that neither millions of tiny strings nor a deep rope pile up in memory.
function dumpInto(v: unknown, indent: string, asFloat: boolean, out: string[]): void {
  if (v === null || v === undefined) {
    out.push("null");
    return;
  }
  switch (typeof v) {
    case "string":
      out.push(pyString(v));
      return;
    case "number":
      out.push(asFloat || !Number.isInteger(v) ? pyFloat(v) : pyInt(v));
      return;
    case "boolean":
      out.push(v ? "true" : "false");
      return;
    case "object": {
      const inner = indent + "  ";
      if (Array.isArray(v)) {
        if (v.length === 0) {
          out.push("[]");
          return;
        }
        const long = v.length > 64;
        out.push("[\n");
        for (let i = 0; i < v.length; i++) {
          out.push(i ? ",\n" + inner : inner);
          if (long) {
            const own: string[] = [];
            dumpInto(v[i], inner, asFloat, own);
            out.push(own.join(""));
          } else dumpInto(v[i], inner, asFloat, out);
        }
        out.push("\n" + indent + "]");
        return;
      }
      const obj = v as Record<string, unknown>;
      const keys: string[] = [];
      for (const k in obj) if (obj[k] !== undefined) keys.push(k);
      if (keys.length === 0) {
        out.push("{}");
        return;
      }
      keys.sort(cmpKeys);
      out.push("{\n");
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i]!;
        out.push((i ? ",\n" : "") + inner + pyString(k) + ": ");
        dumpInto(obj[k], inner, FLOAT_KEYS.has(k), out);
      }
      out.push("\n" + indent + "}");
      return;
    }
    default:
      throw new TypeError(`cannot serialise ${typeof v}`);
  }
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
  const out: string[] = [];
  dumpInto(v, "", false, out);
  out.push("\n");
  const chunks: string[] = [];
  let group: string[] = [];
  let size = 0;
  for (const piece of out) {
    group.push(piece);
    size += piece.length;
    if (size >= chunkChars) {
      chunks.push(group.join(""));
      group = [];
      size = 0;
    }
  }
  if (group.length) chunks.push(group.join(""));
  return chunks;
}
