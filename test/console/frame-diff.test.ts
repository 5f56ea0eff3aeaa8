// The filter between ink and the terminal (src/console/frame-diff.ts): a frame over one of the same
// height goes out as its changed lines; anything else as ink wrote it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { frameDiff } from "../../src/console/frame-diff.js";

const erase = (n: number) => "\x1b[2K\x1b[1A".repeat(n - 1) + "\x1b[2K\x1b[G";

test("a frame over one of the same height: only the changed lines, the cursor left on the last line", () => {
  const f = frameDiff();
  assert.equal(f("a\nb\nc\n"), "a\nb\nc\n", "the first frame goes as written");
  assert.equal(f(erase(4) + "a\nB\nc\n"), "\x1b[2A\x1b[G\x1b[2KB\x1b[2B", "line 2 changed: up two, rewrite it, down to the last line (the empty one after the newline)");
  assert.equal(f(erase(4) + "a\nB\nc\n"), "", "nothing changed: nothing written");
  assert.equal(f(erase(4) + "A\nB\nC\n"), "\x1b[3A\x1b[G\x1b[2KA\x1b[2B\x1b[G\x1b[2KC\x1b[1B");
});

test("a frame of another height, a clear, or a frame over an unknown screen goes through as ink wrote it", () => {
  const f = frameDiff();
  f("a\nb\n");
  const taller = erase(3) + "a\nb\nc\n";
  assert.equal(f(taller), taller);
  const clear = "\x1b[2J\x1b[3J\x1b[Hx\ny\n";
  assert.equal(f(clear), clear);
  // After the clear the screen is not known: the next frame is written whole too.
  const next = erase(3) + "x\nY\n";
  assert.equal(f(next), next);
  assert.equal(f(erase(3) + "x\nZ\n"), "\x1b[1A\x1b[G\x1b[2KZ\x1b[1B");
});

test("the cursor shown or hidden and ink's synchronized-update brackets change nothing on screen", () => {
  const f = frameDiff();
  f("a\nb\n");
  assert.equal(f("\x1b[?25l"), "\x1b[?25l");
  assert.equal(f("\x1b[?2026h"), "\x1b[?2026h");
  assert.equal(f(erase(3) + "a\nc\n"), "\x1b[1A\x1b[G\x1b[2Kc\x1b[1B");
  assert.equal(f("\x1b[?2026h" + erase(3) + "d\nc\n" + "\x1b[?2026l"), "\x1b[?2026h\x1b[2A\x1b[G\x1b[2Kd\x1b[2B\x1b[?2026l");
});
