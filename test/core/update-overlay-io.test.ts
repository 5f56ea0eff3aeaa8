import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { dumpOverlay, dumpYaml, normalizeOverlay, overlayText, type OverlayReuse, type ReusableSection } from "../../core/update/overlay-io.js";
import type { Overlay } from "../../core/schemas/overlay.js";
import { parseYaml } from "../../core/yaml.js";
import { write } from "../helpers.js";
import * as reference from "../update-overlay-reference.js";
import { kb, memory, overlayText as overlayFile, run, type Used } from "../update-helpers.js";

// A small seeded generator: every failure names its seed.
function rng(seed: number) {
  let x = Math.imul(seed, 0x9e3779b1) >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
  for (let i = 0; i < 8; i++) next(); // small seeds start with small numbers
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof rng>;

// Strings a YAML reader could take for something else, or that need escapes.
const ODD = [
  "", " ", "a b", " lead", "trail ", "yes", "No", "ON", "off", "y", "n", "null", "Null", "~", "true", "False",
  "123", "-1", "1e5", "0x1F", "0o17", ".5", "1_000", ".inf", "-.Inf", ".nan", "2026-03-04", "2026-13-01", "2026-03-04T10:00:00", "12:30",
  "a: b", "a:b", "#c", "a #c", "- x", "-x", "[x]", "{x}", "*a", "&a", "!tag", "%x", "@x", "`x", "'q'", '"q"', "back\\slash", "|", ">",
  "ü", "Ä ✓ q", "日本語", "😀", "line\nbreak", "cr\rlf", "tab\tend", "\u2028", "\u2029", "\ufeff", "\u0085", "\u0001", "\u007f", "\u009f", "\uffff",
  "sessions/a.md", "knowledge/x_y-z.md", "_under", "dot.id",
];
const IDS = ["a", "b", "c.d", "x-1", "2026", "1.0", "yes", "on", "null", "true", "2026-03-04", "z_z", "node.with.dots", "g-000001", "g-000002"];

function str(r: Rng): string {
  if (r.chance(0.5)) return r.pick(ODD);
  const alphabet = "abcXYZ09_-./: #'\"\\\nü😀\u2028\u0007";
  let s = "";
  for (let i = r.int(8); i > 0; i--) s += alphabet[r.int(alphabet.length)] ?? "";
  return s;
}

function num(r: Rng): number {
  return r.pick([0, 1, -1, 0.5, 0.1 + 0.2, 1e-7, 1.5e-10, 123456789.125, 2 ** 53, -0, r.next(), Math.round(r.next() * 1e6) / 1e6, r.int(1000)]);
}

// `undefined` only as a mapping's value (left out), never as a list item (the writer refuses those).
function value(r: Rng, depth: number, inMap = false): unknown {
  const kinds = depth > 2 ? ["s", "n", "b", "null", "emptyList", "emptyMap"] : ["s", "n", "b", "null", "emptyList", "emptyMap", "list", "map", ...(inMap ? ["undef"] : [])];
  switch (r.pick(kinds)) {
    case "s":
      return str(r);
    case "n":
      return num(r);
    case "b":
      return r.chance(0.5);
    case "null":
      return null;
    case "emptyList":
      return [];
    case "emptyMap":
      return r.chance(0.5) ? {} : { gone: undefined };
    case "list":
      return Array.from({ length: 1 + r.int(3) }, () => value(r, depth + 1));
    case "map":
      return map(r, depth + 1);
    default:
      return undefined;
  }
}

function map(r: Rng, depth: number): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (let i = 1 + r.int(4); i > 0; i--) o[r.chance(0.3) ? r.pick(["confidence", "weight", "score", "history", "tags"]) : str(r)] = value(r, depth, true);
  return o;
}

function nodeEntry(r: Rng): Record<string, unknown> {
  const e: Record<string, unknown> = {};
  if (r.chance(0.8)) e.confidence = num(r);
  if (r.chance(0.5)) e.activations = r.int(50);
  if (r.chance(0.5)) e.last_activated = r.chance(0.8) ? "2026-0" + (1 + r.int(9)) + "-1" + r.int(10) : null;
  if (r.chance(0.5)) e.activated_by_tasks = Array.from({ length: r.int(4) }, () => str(r));
  if (r.chance(0.5)) e.session_refs = Array.from({ length: r.int(14) }, (_, i) => `sessions/t${i}.md`);
  if (r.chance(0.2)) e.status = "draft";
  if (r.chance(0.4)) e.history = Array.from({ length: r.int(25) }, () => ({ date: "2026-03-04", confidence: num(r), cause: str(r) || "x" }));
  if (r.chance(0.2)) e[str(r)] = value(r, 1, true);
  return e;
}

function sessionEntry(r: Rng): Record<string, unknown> {
  return {
    title: str(r) || "t",
    ...(r.chance(0.5) ? { tags: [str(r)] } : {}),
    outcome: r.pick(["complete", "partial"]),
    content_ref: "sessions/x.md",
    phase: r.int(5),
    source_hash: "ab".repeat(32),
    ...(r.chance(0.4) ? { unanchored_pitfalls: [{ description: str(r), severity: "low" }] } : {}),
    ...(r.chance(0.3) ? { new_knowledge: [{ suggested_id: "n", node: "n", match: null, score: r.chance(0.5) ? null : num(r), action: "created" }] } : {}),
  };
}

function overlay(r: Rng): Overlay {
  const nodes: Record<string, unknown> = {};
  for (let i = r.int(12); i > 0; i--) nodes[r.chance(0.5) ? r.pick(IDS) : `n${r.int(100)}`] = nodeEntry(r);
  const sessions: Record<string, unknown> = {};
  for (let i = r.int(5); i > 0; i--) sessions[`session-${r.pick(IDS)}`] = sessionEntry(r);
  const ov: Record<string, unknown> = {
    akms_schema: "v2",
    nodes: r.chance(0.1) ? null : nodes,
    local_edges: r.chance(0.2) ? undefined : Array.from({ length: r.int(4) }, () => ({ from: r.pick(IDS), to: r.pick(IDS), type: "pitfall", weight: num(r), note: r.chance(0.3) ? null : str(r) })),
    session_nodes: r.chance(0.1) ? undefined : sessions,
    suppressed_edges: r.chance(0.5) ? [] : undefined,
  };
  if (r.chance(0.5)) ov.repo_id = r.chance(0.2) ? null : str(r);
  if (r.chance(0.3)) ov[str(r)] = value(r, 0, true);
  return ov as Overlay;
}

const LIMITS = { maxSessionRefs: 10, maxHistory: 20 };

test("the overlay writer gives the reference writer's bytes on many overlays (odd strings, unicode, empty lists, history)", () => {
  for (let seed = 1; seed <= 400; seed++) {
    const r = rng(seed);
    const ov = overlay(r);
    const limits = r.chance(0.3) ? { maxSessionRefs: 1 + r.int(4), maxHistory: 1 + r.int(4) } : LIMITS;
    assert.equal(dumpOverlay(ov, limits), reference.dumpOverlay(ov, limits), `seed ${seed}`);
    const m = map(r, 0);
    assert.equal(dumpYaml(m), reference.dumpYaml(m), `seed ${seed} (dumpYaml)`);
  }
  assert.equal(dumpYaml({}), reference.dumpYaml({}));
  for (const bad of [{ a: Number.NaN }, { a: [undefined] }, { a: () => 1 }, { a: 1n }]) {
    assert.throws(() => dumpYaml(bad as Record<string, unknown>), (e: Error) => {
      assert.throws(() => reference.dumpYaml(bad as Record<string, unknown>), { name: e.name, message: e.message });
      return true;
    });
  }
});

// A later overlay derived from `before` the way an update derives it: entries changed in place or
// added (their ids recorded), other sections changed freely.
function derive(r: Rng, before: Overlay): { after: Overlay; changed: Record<ReusableSection, Set<string>> } {
  const after = structuredClone(before) as Overlay & Record<string, unknown>;
  const changed = { nodes: new Set<string>(), session_nodes: new Set<string>() };
  after.nodes ??= {};
  after.session_nodes ??= {};
  const ids = Object.keys(after.nodes);
  for (let i = r.int(4); i > 0 && ids.length; i--) {
    const id = r.pick(ids);
    const e = after.nodes[id] as Record<string, unknown>;
    if (r.chance(0.5)) e.confidence = num(r);
    else e.session_refs = [...((e.session_refs as string[]) ?? []), str(r) || "s"];
    changed.nodes.add(id);
  }
  for (let i = r.int(4); i > 0; i--) {
    const id = r.chance(0.5) ? r.pick(IDS) : `m${r.int(100)}`;
    after.nodes[id] = nodeEntry(r) as never;
    changed.nodes.add(id);
  }
  if (r.chance(0.3) && ids.length) changed.nodes.add(r.pick(ids)); // named, yet unchanged: written again, same bytes
  for (let i = r.int(3); i > 0 && ids.length; i--) {
    // Removed, and named (a review action's undraft, an entry of sessions taken out); an id named that was never there is nothing.
    const id = r.chance(0.8) ? r.pick(ids) : `gone${r.int(10)}`;
    delete after.nodes[id];
    changed.nodes.add(id);
  }
  const sessions = Object.keys(after.session_nodes);
  if (r.chance(0.3) && sessions.length) {
    const id = r.pick(sessions);
    delete after.session_nodes[id];
    changed.session_nodes.add(id);
  }
  for (let i = r.int(3); i > 0; i--) {
    const id = `session-new-${r.int(50)}`;
    after.session_nodes[id] = sessionEntry(r) as never;
    changed.session_nodes.add(id);
  }
  if (r.chance(0.5)) (after.local_edges ??= []).push({ from: "a", to: "b", type: "pitfall", weight: 0.5, note: str(r) });
  if (r.chance(0.2)) after.repo_id = str(r);
  return { after, changed };
}

function reuseOf(text: string, before: Overlay, changed: Record<ReusableSection, Set<string>>): OverlayReuse {
  return {
    text,
    sections: {
      nodes: { before: Object.keys(before.nodes ?? {}).length, changed: changed.nodes },
      session_nodes: { before: Object.keys(before.session_nodes ?? {}).length, changed: changed.session_nodes },
    },
  };
}

test("copying the unchanged entries' lines from the previous bytes gives exactly the bytes of a full write", () => {
  for (let seed = 1; seed <= 400; seed++) {
    const r = rng(seed);
    const before = normalizeOverlay(overlay(r), LIMITS);
    const text = overlayText(before);
    const { after, changed } = derive(r, before);
    const data = normalizeOverlay(after, LIMITS);
    assert.equal(overlayText(data, reuseOf(text, before, changed)), reference.dumpOverlay(after, LIMITS), `seed ${seed}`);
  }
});

test("an entry removed without being named, or bytes not laid out by the writer, make it write the section in full", () => {
  const before = normalizeOverlay({ akms_schema: "v2", nodes: { a: { confidence: 0.5 }, b: { confidence: 0.6 }, c: { activations: 1 } } }, LIMITS);
  const text = overlayText(before);
  const removed = normalizeOverlay({ ...before, nodes: { a: { confidence: 0.5 }, c: { activations: 2 } } }, LIMITS);
  const noChange = { nodes: new Set<string>(), session_nodes: new Set<string>() };
  assert.equal(overlayText(removed, reuseOf(text, before, { ...noChange, nodes: new Set(["c"]) })), reference.dumpOverlay(removed, LIMITS));
  const changedB = normalizeOverlay({ ...before, nodes: { ...before.nodes, b: { confidence: 0.7 } } }, LIMITS);
  const mangled = text.replace("  b:\n", "  b :\n");
  assert.equal(overlayText(changedB, reuseOf(mangled, before, { ...noChange, nodes: new Set(["b"]) })), reference.dumpOverlay(changedB, LIMITS));
  // The contract: an entry left out of `changed` is copied as it was.
  assert.match(overlayText(changedB, reuseOf(text, before, noChange)), /confidence: 0\.6\n/);
  // A removed entry that is named leaves the section spliced: the others copied as they were (a's
  // old line, though a's data says otherwise), the removed one's lines gone.
  const withoutB = normalizeOverlay({ ...before, nodes: { a: { confidence: 0.9 }, c: { activations: 1 } } }, LIMITS);
  const spliced = overlayText(withoutB, reuseOf(text, before, { ...noChange, nodes: new Set(["b"]) }));
  assert.equal(spliced, text.replace("  b:\n    confidence: 0.6\n", ""));
});

test("update after update, the overlay file is always the writer's full output (lowered limits prune entries not touched)", () => {
  const s = kb([
    { id: "x", confidence: 0.85, domain: "fft" },
    { id: "p", confidence: 0.85, domain: "fft", edges: [{ to: "x", type: "requires", weight: 0.8 }] },
    { id: "on", confidence: 0.6, domain: "fft" },
    { id: "yes", confidence: 0.6, domain: "other" },
  ]);
  const limits = (refs: number) => ({ maxSessionRefs: refs, maxHistory: 20 });
  const canonical = (refs: number) => {
    const text = overlayFile(s);
    assert.equal(text, reference.dumpOverlay(parseYaml(text, { file: "o" }) as Overlay, limits(refs)));
  };
  const used: Used[][] = [
    [{ id: "x", useful: true, coverage: "outdated" }, { id: "on", useful: true, coverage: "sufficient" }],
    [{ id: "x", useful: false, coverage: "missing-detail" }],
    [{ id: "x", useful: true, coverage: "sufficient" }, { id: "yes", useful: false, coverage: "outdated" }],
    [{ id: "p", useful: true, coverage: "sufficient" }],
    [{ id: "yes", useful: true, coverage: "sufficient" }],
  ];
  used.forEach((u, i) => {
    if (i === 3) write(join(s.knowledge, "graph", "propagation_config.yaml"), "akms_schema: v2\nglobal_vault: ../vault\ngraph:\n  max_session_refs: 2\n");
    write(join(s.dir, `m${i}.md`), memory({ task: `t${i}`, used: u, pitfalls: i === 2 ? [{ node_ref: "p", description: "a: b", severity: "low" }] : [] }));
    const r = run(s, ["update", `m${i}.md`]);
    assert.equal(r.code, 0, r.stderr);
    canonical(i >= 3 ? 2 : 10);
  });
  const x = (parseYaml(overlayFile(s), { file: "o" }) as Overlay).nodes!.x!;
  assert.deepEqual(x.session_refs, ["sessions/t1.md", "sessions/t2.md"]);
});
