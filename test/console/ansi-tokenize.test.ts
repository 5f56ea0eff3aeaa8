// The bundle's styledCharsToString (scripts/stubs/ansi-tokenize.mjs, what ink's output uses to turn
// the screen's cells into text) gives byte for byte what @alcalzone/ansi-tokenize's own gives.
import { test } from "node:test";
import assert from "node:assert/strict";
// @ts-expect-error a plain ES module without types (the bundle's stub)
import { styledCharsToString as fast, tokenize as stubTokenize } from "../../scripts/stubs/ansi-tokenize.mjs";
import { styledCharsFromTokens, styledCharsToString as real, tokenize } from "@alcalzone/ansi-tokenize";

const CODES = ["\x1b[1m", "\x1b[2m", "\x1b[22m", "\x1b[3m", "\x1b[23m", "\x1b[4m", "\x1b[24m", "\x1b[7m", "\x1b[27m", "\x1b[31m", "\x1b[36m", "\x1b[39m", "\x1b[38;5;123m", "\x1b[48;2;1;2;3m", "\x1b[49m", "\x1b[0m", "\x1b[90m"];
const TEXT = ["a", "b", " ", "─", "→", "·", "表", "x"];

test("styledCharsToString: the same string as the package's, for cells with and without styles", () => {
  assert.equal(stubTokenize, tokenize, "everything else is the package's own");
  let seed = 11;
  const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) >>> 0) % n);
  for (let round = 0; round < 2000; round++) {
    const cells: { type: string; value: string; fullWidth: boolean; styles: unknown[] }[] = [];
    const parts = 1 + rnd(4);
    for (let p = 0; p < parts; p++) {
      // Blank cells as ink makes them (each its own empty style list), then a styled run.
      for (let i = rnd(4); i > 0; i--) cells.push({ type: "char", value: " ", fullWidth: false, styles: [] });
      let s = "";
      for (let i = 1 + rnd(10); i > 0; i--) s += rnd(3) === 0 ? CODES[rnd(CODES.length)] : TEXT[rnd(TEXT.length)];
      cells.push(...styledCharsFromTokens(tokenize(s)));
    }
    assert.equal(fast(cells), real(cells), JSON.stringify(cells.map((c) => c.value).join("")));
  }
  assert.equal(fast([]), real([]));
});
