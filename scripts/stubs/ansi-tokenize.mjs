// @alcalzone/ansi-tokenize as ink's output gets it in the bundle (the three functions it uses):
// styledCharsToString and, for simple text, tokenize from ansi-tokenize-fast.mjs (same results);
// the package's tokenize for anything else, its module initialised on first use (`require`: it
// creates a grapheme segmenter when loaded, which loads ICU's break data before the first frame).
import { simpleTokens, styledCharsToString } from "./ansi-tokenize-fast.mjs";

export { styledCharsFromTokens } from "../../node_modules/@alcalzone/ansi-tokenize/build/styledChars.js";
export { styledCharsToString };

let fullTokenize = null;

export function tokenize(str, endChar = Number.POSITIVE_INFINITY) {
  const simple = endChar === Number.POSITIVE_INFINITY ? simpleTokens(str) : null;
  if (simple) return simple;
  fullTokenize ??= require("../../node_modules/@alcalzone/ansi-tokenize/build/tokenize.js").tokenize;
  return fullTokenize(str, endChar);
}
