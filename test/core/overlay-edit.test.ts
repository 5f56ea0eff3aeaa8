// The overlay edit's verification compares the parsed result with the expected data, key order
// aside: sameData must answer exactly as comparing JSON with sorted keys does (the reference).
import { test } from "node:test";
import assert from "node:assert/strict";
import { mulberry32 } from "../../scripts/bench/genvault.js";
import { setDraftOverride, clearDraftOverride, editDraftOverride } from "../../core/review/overlay-edit.js";
import { sameData } from "../../core/update/overlay-io.js";
import { dumpOverlay, normalizeOverlay, rewrittenOverlay } from "../../core/update/overlay-io.js";
import type { Overlay } from "../../core/schemas/overlay.js";

function sortedJson(v: unknown): string {
  return JSON.stringify(v, (_k, val) =>
    val && typeof val === "object" && !Array.isArray(val) ? Object.fromEntries(Object.entries(val).sort(([a], [b]) => (a < b ? -1 : 1))) : val,
  );
}

function value(rnd: () => number, depth: number): unknown {
  const r = rnd();
  if (depth > 3 || r < 0.45) {
    const leaves = [null, true, false, 0, -0, 1, 0.5, NaN, "", "a", "draft", "0", "null", undefined];
    return leaves[Math.floor(rnd() * leaves.length)];
  }
  if (r < 0.7) return Array.from({ length: Math.floor(rnd() * 4) }, () => value(rnd, depth + 1));
  const o: Record<string, unknown> = {};
  for (let i = Math.floor(rnd() * 4); i > 0; i--) o[["a", "b", "status", "nodes", "x1"][Math.floor(rnd() * 5)]!] = value(rnd, depth + 1);
  return o;
}

/** A copy with every object's keys in reverse order, and (sometimes) one change somewhere. */
function variant(v: unknown, rnd: () => number, change: { left: boolean }): unknown {
  if (change.left && rnd() < 0.15) {
    change.left = false;
    return value(rnd, 3);
  }
  if (Array.isArray(v)) return v.map((x) => variant(x, rnd, change));
  if (v !== null && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).reverse()) out[k] = variant((v as Record<string, unknown>)[k], rnd, change);
    return out;
  }
  return v;
}

test("sameData answers as the sorted-key JSON comparison does", () => {
  const rnd = mulberry32(7);
  let same = 0;
  let differ = 0;
  for (let i = 0; i < 20000; i++) {
    const a = { top: value(rnd, 0) };
    const b = variant(a, rnd, { left: rnd() < 0.5 });
    const want = sortedJson(a) === sortedJson(b);
    assert.equal(sameData(a, b), want, `${sortedJson(a)} vs ${sortedJson(b)}`);
    if (want) same++;
    else differ++;
  }
  assert.ok(same > 1000 && differ > 1000, `both answers exercised (${same} same, ${differ} differ)`);
  assert.equal(sameData({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }), true);
  assert.equal(sameData({ a: 1 }, { a: 1, b: null }), false);
  assert.equal(sameData({ a: [1, 2] }, { a: [2, 1] }), false);
});

test("an in-place draft override is verified and written; clearing it gives the text back", () => {
  const text = "# kept\nakms_schema: v2\nnodes:\n  zeta:\n    confidence: 0.5\n  alpha:   # a comment\n    activations: 3\n";
  const on = setDraftOverride(text, "beta", "local_state.yaml");
  assert.match(on, /\n  beta:\n    status: draft\n/);
  assert.equal(clearDraftOverride(on, "beta", "local_state.yaml"), text);
});

test("a canonical overlay's draft override, with the other entries copied from its bytes, is the writer's own output", () => {
  const limits = { maxSessionRefs: 2, maxHistory: 3 };
  const ov: Overlay = {
    akms_schema: "v2",
    repo_id: "r",
    nodes: {
      "b-node": { confidence: 0.5, session_refs: ["sessions/a.md", "sessions/b.md"] },
      "d-node": { status: "draft" },
      "f-node": { activations: 3, last_activated: "2026-01-02" },
    },
    session_nodes: { "session-phase1": { phase: 1 } },
    local_edges: [{ from: "b-node", to: "session-phase1", type: "pitfall", weight: 0.5 }],
  } as unknown as Overlay;
  const text = dumpOverlay(ov, limits);
  for (const id of ["a-node", "b-node", "c-node", "d-node", "f-node", "z-node"]) {
    for (const on of [true, false]) {
      const nodes = { ...ov.nodes };
      if (on) nodes[id] = { ...(nodes[id] ?? {}), status: "draft" };
      else {
        const rest = { ...(nodes[id] ?? {}) };
        delete rest.status;
        if (Object.keys(rest).length) nodes[id] = rest;
        else delete nodes[id];
      }
      const want = dumpOverlay({ ...ov, nodes }, limits);
      assert.equal(rewrittenOverlay(text, ov, { ...ov, nodes }, { nodes: [id] }, limits).text, want, `${id} ${on}`);
      if (on || ov.nodes?.[id]?.status === "draft") {
        const held = { overlay: normalizeOverlay(ov, limits), canonical: true };
        // Parsed from the text, or taken from the store's record of it: the writer's own bytes either
        // way; from the record (validated), the overlay they write too, for the store to keep.
        assert.deepEqual(editDraftOverride(text, id, "local_state.yaml", limits, on), { text: want, writer: "overlay-io" });
        assert.deepEqual(editDraftOverride(text, id, "local_state.yaml", limits, on, undefined, held), { text: want, writer: "overlay-io", data: normalizeOverlay({ ...ov, nodes }, limits) });
      }
    }
  }
  // The store's record of the bytes, with limits that would now prune an entry of it (b-node's two
  // session_refs against one): the record does not make the text canonical, and the text, parsed, is not.
  const pruning = { maxSessionRefs: 1, maxHistory: 3 };
  const held = { overlay: normalizeOverlay(ov, limits), canonical: true };
  assert.equal(editDraftOverride(text, "c-node", "local_state.yaml", pruning, true, undefined, held).writer, "in-place");
  // Without the writer's header the text is not canonical: edited in place, every other byte kept.
  const bare = text.slice(text.indexOf("akms_schema:"));
  const edit = editDraftOverride(bare, "c-node", "local_state.yaml", limits, true);
  assert.equal(edit.writer, "in-place");
  assert.equal(edit.text, setDraftOverride(bare, "c-node", "local_state.yaml"));
});
