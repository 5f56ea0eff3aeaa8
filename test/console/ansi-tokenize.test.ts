// The bundle's ansi-tokenize parts (scripts/stubs/ansi-tokenize-fast.mjs, what ink's output uses
// to turn lines into cells and cells back into text) give byte for byte what the package gives.
import { test } from "node:test";
import assert from "node:assert/strict";
// @ts-expect-error a plain ES module without types (the bundle's stub)
import { simpleTokens, styledCharsToString as fast } from "../../scripts/stubs/ansi-tokenize-fast.mjs";
import { styledCharsFromTokens, styledCharsToString as real, tokenize } from "@alcalzone/ansi-tokenize";

const CODES = [
  "\x1b[1m", "\x1b[2m", "\x1b[22m", "\x1b[3m", "\x1b[23m", "\x1b[4m", "\x1b[24m", "\x1b[7m", "\x1b[27m", "\x1b[31m", "\x1b[36m", "\x1b[39m",
  "\x1b[38;5;123m", "\x1b[48;2;1;2;3m", "\x1b[49m", "\x1b[0m", "\x1b[90m", "\x1b[1;3;31m", "\x1b[0;38;5;9;1m", "\x1b[38;2;9;9m", "\x1b[m", "\x1b[;m",
];
const TEXT = ["a", "b", " ", "─", "→", "·", "…", "x", "│", "é", "✓"];
const ODD = ["表", "🙂", "\u0301", "\x1b[1", "\x1b]8;;http://x\x07", "\x1b[?25l", "\x9b1m", "\u200b", "가"];

let seed = 11;
const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) >>> 0) % n);
function text(odd: boolean): string {
  let s = "";
  for (let i = 1 + rnd(12); i > 0; i--) s += odd && rnd(8) === 0 ? ODD[rnd(ODD.length)] : rnd(3) === 0 ? CODES[rnd(CODES.length)] : TEXT[rnd(TEXT.length)];
  return s;
}

test("tokenize: simple text gets the package's tokens; anything else is left to the package", () => {
  let simple = 0;
  for (let round = 0; round < 4000; round++) {
    const s = text(round % 2 === 1);
    const t = simpleTokens(s);
    if (t === null) continue;
    simple++;
    assert.deepEqual(t, tokenize(s), JSON.stringify(s));
  }
  assert.ok(simple > 2000, `${simple} simple strings`);
  for (const s of ODD) assert.equal(simpleTokens(`a${s}b`), null, JSON.stringify(s));
  assert.deepEqual(simpleTokens(""), []);
});

test("styledCharsToString: the same string as the package's, for cells with and without styles", () => {
  for (let round = 0; round < 2000; round++) {
    const cells: ReturnType<typeof styledCharsFromTokens> = [];
    for (let p = 1 + rnd(4); p > 0; p--) {
      // Blank cells as ink makes them (each its own empty style list), then a styled run.
      for (let i = rnd(4); i > 0; i--) cells.push({ type: "char", value: " ", fullWidth: false, styles: [] });
      cells.push(...styledCharsFromTokens(tokenize(text(true))));
    }
    assert.equal(fast(cells), real(cells), JSON.stringify(cells.map((c) => c.value).join("")));
  }
  assert.equal(fast([]), real([]));
});
