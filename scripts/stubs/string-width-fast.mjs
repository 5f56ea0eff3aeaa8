// The one-cell shortcut of the bundle's string-width (string-width.mjs): text made only of
// characters that are one cell each and never join a neighbour (printable ASCII, Latin-1,
// punctuation, arrows, math operators, box drawing, most geometric shapes) is as wide as it is
// long. test/console/string-width.test.ts checks every character of the class against string-width.
import stripAnsi from "../../node_modules/strip-ansi/index.js";

// Left out on purpose: U+00AD (soft hyphen), U+203C and U+2049 (emoji), the zero-width and
// bidi marks of U+200B–U+200F, U+2028–U+202F and U+205F–U+206F, and the emoji among the
// geometric shapes (U+25AA U+25AB U+25B6 U+25C0 U+25FB–U+25FE).
export const ONE_CELL =
  /^[\u0020-\u007e\u00a0-\u00ac\u00ae-\u00ff\u2010-\u2027\u2030-\u203b\u203d-\u2048\u204a-\u205e\u2190-\u21ff\u2200-\u22ff\u2500-\u25a9\u25ac-\u25b5\u25b7-\u25bf\u25c1-\u25fa\u2713]*$/;

/** string-width's answer when the shortcut knows it (default options only), else null. */
export function oneCellWidth(input, options) {
  if (typeof input !== "string" || options !== undefined) return null;
  const text = input.includes("\u001b") || input.includes("\u009b") ? stripAnsi(input) : input;
  return ONE_CELL.test(text) ? text.length : null;
}
