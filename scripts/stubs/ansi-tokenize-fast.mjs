// Faster, same-result parts of @alcalzone/ansi-tokenize for ink's output (scripts/stubs/ansi-tokenize.mjs
// wires them into the bundle; test/console/ansi-tokenize.test.ts compares them with the package's).
// ink turns every line of every frame into styled cells (tokenize, styledCharsFromTokens) and every
// row of cells back into a string (styledCharsToString): 4,800 cells at 120 × 40.
import { ansiCodesToString, getEndCode } from "../../node_modules/@alcalzone/ansi-tokenize/build/ansiCodes.js";
import { diffAnsiCodes } from "../../node_modules/@alcalzone/ansi-tokenize/build/diff.js";
import { ONE_CELL } from "./string-width-fast.mjs";

// ── tokenize ─────────────────────────────────────────────────────────────────────────────────
// Text made of SGR sequences (ESC [ digits/semicolons m) and characters that are one cell each
// and their own grapheme (string-width-fast.mjs's class, none of them full-width) is tokenized
// by walking its code units: no grapheme segmenter (whose creation alone loads ICU's break data).

const SIMPLE = new RegExp(`^(?:\\u001b\\[[0-9;]*m|${ONE_CELL.source.slice(1, -2)})*$`);

/** Splits compound SGR sequences like `\x1B[1;3;31m` into individual components (the package's rule). */
function splitCompoundSGRSequences(code) {
  if (!code.includes(";")) return [code];
  const codeParts = code.slice(2, -1).split(";");
  const ret = [];
  for (let i = 0; i < codeParts.length; i++) {
    const rawCode = codeParts[i];
    if (rawCode === "38" || rawCode === "48") {
      if (i + 2 < codeParts.length && codeParts[i + 1] === "5") {
        ret.push(codeParts.slice(i, i + 3).join(";"));
        i += 2;
        continue;
      } else if (i + 4 < codeParts.length && codeParts[i + 1] === "2") {
        ret.push(codeParts.slice(i, i + 5).join(";"));
        i += 4;
        continue;
      }
    }
    ret.push(rawCode);
  }
  return ret.map((part) => `\x1b[${part}m`);
}

/** tokenize(str)'s tokens when `str` is simple text (see above), else null. */
export function simpleTokens(str) {
  if (!SIMPLE.test(str)) return null;
  const ret = [];
  for (let i = 0; i < str.length; ) {
    if (str.charCodeAt(i) === 0x1b) {
      const end = str.indexOf("m", i);
      for (const code of splitCompoundSGRSequences(str.slice(i, end + 1))) ret.push({ type: "ansi", code, endCode: getEndCode(code) });
      i = end + 1;
    } else {
      ret.push({ type: "char", value: str[i], fullWidth: false });
      i++;
    }
  }
  return ret;
}

// ── styledCharsToString ──────────────────────────────────────────────────────────────────────
// The style diff between neighbours whose styles are the same codes is empty: it is skipped (the
// diff allocates a handful of sets and arrays per cell, and most cells are blank or in a run).

function sameCodes(a, b) {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k].code !== b[k].code || a[k].endCode !== b[k].endCode) return false;
  return true;
}

export function styledCharsToString(chars) {
  let ret = "";
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i];
    if (i === 0) {
      ret += ansiCodesToString(char.styles);
    } else {
      const prev = chars[i - 1].styles;
      if (!sameCodes(prev, char.styles)) ret += ansiCodesToString(diffAnsiCodes(prev, char.styles));
    }
    ret += char.value;
    // reset active styles at the end of the string
    if (i === chars.length - 1 && char.styles.length) ret += ansiCodesToString(diffAnsiCodes(char.styles, []));
  }
  return ret;
}
