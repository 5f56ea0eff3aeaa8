// The bundle's string-width (scripts/stubs/string-width.mjs) counts one-cell text itself
// (string-width-fast.mjs): every character of its class must be one cell and its own grapheme for
// the real string-width, so that any string of them measures the same both ways.
import { test } from "node:test";
import assert from "node:assert/strict";
// @ts-expect-error a plain ES module without types (the bundle's stub)
import { ONE_CELL, oneCellWidth } from "../../scripts/stubs/string-width-fast.mjs";
import real from "string-width";

/** What the bundle's string-width answers: the shortcut, else the real function. */
const fast = (s: string, options?: Parameters<typeof real>[1]): number => oneCellWidth(s, options) ?? real(s, options);

const segmenter = new Intl.Segmenter();
const graphemes = (s: string) => [...segmenter.segment(s)].length;

const inClass: string[] = [];
for (let cp = 0; cp <= 0xffff; cp++) {
  if (cp >= 0xd800 && cp <= 0xdfff) continue;
  const ch = String.fromCharCode(cp);
  if (ONE_CELL.test(ch)) inClass.push(ch);
}

test("every character the fast path counts is one cell and its own grapheme for string-width", () => {
  assert.ok(inClass.length > 800, `class has ${inClass.length} characters`);
  for (const ch of inClass) {
    assert.equal(real(ch), 1, `U+${ch.codePointAt(0)!.toString(16)}`);
    // Never joined to a neighbour of the class, before or after (Extend, SpacingMark, Prepend, ZWJ …).
    assert.equal(graphemes(`${ch}${ch}a${ch}~`), 5, `U+${ch.codePointAt(0)!.toString(16)}`);
    assert.equal(real(`${ch}${ch}a${ch}~`), 5);
  }
});

test("the stub measures what string-width measures (class strings, ANSI, and everything else)", () => {
  let seed = 7;
  const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) >>> 0) % n);
  const others = ["é", "\u0301", "表", "🙂", "⌚", "✔", "\u25fd", "\u200b", "\t", "\u00ad", "‼\ufe0f", "\u2028", "ｱ", "가"];
  const samples = ["", "─── Review ───", "a → b · c…", "\u001b[31m│ graph 0123456789ab │\u001b[39m", "\u009b31mx"];
  for (let i = 0; i < 3000; i++) {
    const len = 1 + rnd(12);
    let s = "";
    for (let j = 0; j < len; j++) s += rnd(10) === 0 ? others[rnd(others.length)] : inClass[rnd(inClass.length)];
    if (rnd(5) === 0) s = `\u001b[1m${s}\u001b[22m`;
    samples.push(s);
  }
  for (const s of samples) assert.equal(fast(s), real(s), JSON.stringify(s));
  assert.equal(fast("表─", { ambiguousIsNarrow: false }), real("表─", { ambiguousIsNarrow: false }));
  assert.equal(fast("─", { ambiguousIsNarrow: false }), real("─", { ambiguousIsNarrow: false }));
});
