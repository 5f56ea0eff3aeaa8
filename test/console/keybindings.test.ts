// The binding table drives the router and the help overlay: no key may mean two things on a screen,
// and every command the router knows has a key.
import { test } from "node:test";
import assert from "node:assert/strict";
import { BINDINGS, commandFor, conflicts, keyName, SCREENS } from "../../src/console/keybindings.js";
import { helpLines } from "../../src/console/help.js";

const key = (over: Record<string, boolean> = {}) =>
  ({ upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false, ...over }) as never;

test("no key is bound to two commands on the same screen", () => {
  assert.deepEqual(conflicts(), []);
});

test("the conventional keys are there on every screen", () => {
  for (const s of SCREENS) {
    assert.equal(commandFor("j", s.id), "down");
    assert.equal(commandFor("k", s.id), "up");
    assert.equal(commandFor("down", s.id), "down");
    assert.equal(commandFor("enter", s.id), "enter");
    assert.equal(commandFor("esc", s.id), "back");
    assert.equal(commandFor("tab", s.id), "next-screen");
    assert.equal(commandFor("/", s.id), "filter");
    assert.equal(commandFor("?", s.id), "help");
    assert.equal(commandFor("q", s.id), "quit");
    assert.equal(commandFor(s.digit, s.id), `screen-${s.id}`);
  }
});

test("review actions have coherent keys where a node is selected, and not on Why/Loadout", () => {
  assert.equal(commandFor("p", "review"), "promote");
  assert.equal(commandFor("d", "review"), "draft");
  assert.equal(commandFor("D", "review"), "undraft");
  assert.equal(commandFor("a", "review"), "dedup-accept");
  assert.equal(commandFor("r", "review"), "dedup-reject");
  assert.equal(commandFor("u", "review"), "undo");
  assert.equal(commandFor("e", "review"), "edit");
  assert.equal(commandFor("p", "explorer"), "promote");
  assert.equal(commandFor("p", "why"), undefined);
  assert.equal(commandFor("m", "loadout"), "toggle-qmd");
  assert.equal(commandFor("m", "review"), "mark");
  assert.equal(commandFor("M", "review"), "mark-all");
  assert.equal(commandFor("m", "why"), undefined);
});

test("keyName gives canonical names", () => {
  assert.equal(keyName("j", key()), "j");
  assert.equal(keyName("", key({ downArrow: true })), "down");
  assert.equal(keyName("", key({ return: true })), "enter");
  assert.equal(keyName("", key({ escape: true })), "esc");
  assert.equal(keyName("", key({ tab: true, shift: true })), "shift+tab");
  assert.equal(keyName("c", key({ ctrl: true })), "ctrl+c");
  assert.equal(keyName(" ", key()), "space");
});

test("the help overlay is generated from the table: every binding of the screen is listed", () => {
  for (const s of SCREENS) {
    const text = helpLines(s.id).map((l) => l.text).join("\n");
    for (const b of BINDINGS) assert.ok(text.includes(b.description), `${s.id} help lacks "${b.description}"`);
  }
  const review = helpLines("review").map((l) => l.text).join("\n");
  assert.match(review, /radius \+ 1 — Explorer/);
});
