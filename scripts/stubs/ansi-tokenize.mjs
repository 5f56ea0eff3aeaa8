// @alcalzone/ansi-tokenize as ink's output gets it in the bundle: the same functions, with
// styledCharsToString skipping the style diff between neighbours whose styles are the same codes
// (the diff is then empty). ink turns every cell of the screen into a string this way on every
// frame — 4,800 cells at 120 × 40, most of them blank — and the diff allocates a handful of sets
// and arrays per cell: the largest part of the console's first frame after React itself.
// test/console/ansi-tokenize.test.ts compares it with the package's own function.
import { ansiCodesToString, diffAnsiCodes } from "../../node_modules/@alcalzone/ansi-tokenize/build/index.js";

export * from "../../node_modules/@alcalzone/ansi-tokenize/build/index.js";

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
