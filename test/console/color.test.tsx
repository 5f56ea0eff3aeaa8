// NO_COLOR / --no-color: no colour codes at all (bold, dim and inverse are not colours). Colour
// support is forced on for this file, so the "with colour" case proves the check can fail.
process.env.FORCE_COLOR = "3";
const { test } = await import("node:test");
const assert = (await import("node:assert/strict")).default;
const { demoRepo, openConsole } = await import("./helpers.js");

const COLOUR = /\x1b\[(3[0-7]|9[0-7]|4[0-7]|10[0-7]|38;|48;)/;

test("with colour the console uses colour codes; with NO_COLOR it uses none", async () => {
  const d = demoRepo();
  const coloured = await openConsole(d.ctx, { color: true });
  try {
    await coloured.press("j");
    assert.match(coloured.frames.join(""), COLOUR);
  } finally {
    coloured.unmount();
  }
  const plain = await openConsole(d.ctx, { color: false });
  try {
    for (const k of ["j", "l", "2", "3", "4", "5", "?"]) await plain.press(k);
    const all = plain.frames.join("");
    assert.doesNotMatch(all, COLOUR);
    assert.match(all, /\x1b\[7m/, "the selection is still visible (inverse)");
  } finally {
    plain.unmount();
  }
});
