// The plain Python-json writer that core/pyjson.ts's fast writer replaced (one piece per token),
// kept as the reference the tests compare the fast writer with, byte for byte.
import { FLOAT_KEYS, pyFloat, pyInt, pyString } from "../core/pyjson.js";

function cmpKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function dumpGeneric(v: unknown, indent: string, asFloat: boolean, out: string[]): void {
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
            dumpGeneric(v[i], inner, asFloat, own);
            out.push(own.join(""));
          } else dumpGeneric(v[i], inner, asFloat, out);
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
        dumpGeneric(obj[k], inner, FLOAT_KEYS.has(k), out);
      }
      out.push("\n" + indent + "}");
      return;
    }
    default:
      throw new TypeError(`cannot serialise ${typeof v}`);
  }
}


/** The reference writer's text; tests compare the fast writer with it. */
export function pyJsonDumpsGeneric(v: unknown): string {
  const out: string[] = [];
  dumpGeneric(v, "", false, out);
  out.push("\n");
  return out.join("");
}
