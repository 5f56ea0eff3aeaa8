import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DEMO, ROOT, seededRandom } from "../helpers.js";
import { parseYaml } from "../../core/yaml.js";
import { HistoryEntry, LocalEdge, NodeOverride, Overlay, SessionNodeEntry } from "../../core/schemas/overlay.js";
import { LOCAL_EDGE_FIELDS, NODE_OVERRIDE_FIELDS, OVERLAY_FIELDS, SESSION_NODE_FIELDS, fastOverlay } from "../../core/compiler/fast-overlay-check.js";

/** The fast check never disagrees with zod: what it returns is zod's result, key order included. */
function agree(data: unknown, label: string): "same" | "zod" {
  const fast = fastOverlay(data);
  const z = Overlay.safeParse(data);
  if (fast === undefined) return "zod";
  assert.ok(z.success, `${label}: the fast check accepted what zod rejects`);
  assert.equal(JSON.stringify(fast), JSON.stringify(z.data), label);
  assert.deepEqual(fast, z.data, label);
  return "same";
}

const keys = (fields: readonly [string, unknown, boolean][]) => fields.map(([k]) => k);

test("the fast overlay check knows exactly the fields of each overlay schema, in their order", () => {
  assert.deepEqual(keys(OVERLAY_FIELDS), Object.keys(Overlay.shape));
  assert.deepEqual(keys(NODE_OVERRIDE_FIELDS), Object.keys(NodeOverride.shape));
  assert.deepEqual(keys(LOCAL_EDGE_FIELDS), Object.keys(LocalEdge.shape));
  assert.deepEqual(keys(SESSION_NODE_FIELDS), Object.keys(SessionNodeEntry.shape));
  assert.deepEqual(Object.keys(HistoryEntry.shape), ["date", "confidence", "cause"]);
});

const OVERLAYS = [join(DEMO, "repo", "knowledge", "graph", "local_state.yaml"), join(ROOT, ".bench", "kb-500", "repo", "knowledge", "graph", "local_state.yaml")].filter((f) => existsSync(f));

test("the demo's and a generated overlay are checked fast, with zod's result", () => {
  for (const f of OVERLAYS) assert.equal(agree(parseYaml(readFileSync(f, "utf8"), { file: f }), f), "same", f);
});

test("generated overlays, valid or with one value made wrong: the fast check returns zod's result or leaves the overlay to zod", () => {
  const rnd = seededRandom(5);
  /** One of the good values (the overlays are valid; one value is then made wrong, half the time). */
  const field = (good: unknown[], _bad: unknown[]): unknown => good[rnd(good.length)];
  const BAD = [null, "", "Bad Id", "x..y", -1, 1.5, 2 ** 53, 0.5, true, [], ["a", ""], [1], {}, "nope", "draft", "2026-3-4", "v1", { extra: 1 }];
  /** Every place in `v` a value sits: [container, key]. */
  const places = (v: unknown, out: [Record<string | number, unknown>, string | number][] = []) => {
    if (v !== null && typeof v === "object") {
      for (const k of Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v)) {
        out.push([v as Record<string | number, unknown>, k]);
        places((v as Record<string | number, unknown>)[k], out);
      }
    }
    return out;
  };
  const maybe = (o: Record<string, unknown>, k: string, v: () => unknown) => {
    if (rnd(3) !== 0) o[k] = v();
  };
  const extras = (o: Record<string, unknown>) => {
    if (rnd(6) === 0) o[["extra", "zeta", "a_key"][rnd(3)]!] = field([1, "x", { n: 1 }, [2]], BAD);
  };
  const ids = ["a-1", "b.2", "c_3", "node-9"];
  const history = () => {
    const h: Record<string, unknown> = { date: field(["2026-01-02", "x"], [1, null]), confidence: field([0, 0.5, 1, -0], BAD), cause: field(["session s-1", "review"], BAD) };
    extras(h);
    return h;
  };
  const override = () => {
    const o: Record<string, unknown> = {};
    maybe(o, "status", () => field(["draft"], ["tentative", null]));
    maybe(o, "confidence", () => field([0, 0.25, 1, -0], BAD));
    maybe(o, "history", () => (rnd(4) === 0 ? field([[]], BAD) : [history(), history()].slice(0, 1 + rnd(2))));
    maybe(o, "activations", () => field([0, 3, 2 ** 40], BAD));
    maybe(o, "last_activated", () => field(["2026-03-04", null], ["2026-3-4", "2026-03-04T10:00"]));
    maybe(o, "activated_by_tasks", () => field([["t-1"], [], ["x", "y"]], BAD));
    maybe(o, "session_refs", () => field([["s-1"], []], BAD));
    extras(o);
    return o;
  };
  const edge = () => {
    const e: Record<string, unknown> = { from: field(ids, BAD), to: field(ids, BAD), type: field(["requires", "pitfall", "refines"], BAD), weight: field([0, 0.7, 1], BAD) };
    maybe(e, "note", () => field(["n", null, ""], [1, []]));
    extras(e);
    return e;
  };
  const session = () => {
    const s: Record<string, unknown> = { title: field(["T"], BAD), outcome: field(["success", "failed", "complete"], BAD), content_ref: field(["sessions/a.md"], BAD), phase: field([0, 1, 7], BAD) };
    maybe(s, "tags", () => field([["a"], []], BAD));
    maybe(s, "source_hash", () => field(["abc", ""], [1, null]));
    extras(s);
    return s;
  };
  const record = (make: () => unknown) => {
    const r: Record<string, unknown> = {};
    for (let k = rnd(4); k > 0; k--) r[rnd(16) === 0 ? "Bad Key" : ids[rnd(ids.length)]!] = make();
    return r;
  };
  let same = 0;
  let zodOnly = 0;
  for (let i = 0; i < 20000; i++) {
    const o: Record<string, unknown> = { akms_schema: field(["v2"], ["v1", 2]) };
    maybe(o, "repo_id", () => field(["repo", null], [1]));
    maybe(o, "nodes", () => (rnd(5) === 0 ? null : record(override)));
    maybe(o, "local_edges", () => (rnd(5) === 0 ? null : [edge(), edge(), edge()].slice(0, rnd(4))));
    maybe(o, "session_nodes", () => (rnd(5) === 0 ? null : record(session)));
    maybe(o, "suppressed_edges", () => field([[], null], [[1], "x"]));
    extras(o);
    if (rnd(2) === 0) {
      const all = places(o);
      const [c, k] = all[rnd(all.length)]!;
      c[k] = BAD[rnd(BAD.length)];
    }
    // Keys in a shuffled order, as a hand-written file may have them.
    const shuffled: Record<string, unknown> = {};
    const ks = Object.keys(o);
    while (ks.length) {
      const k = ks.splice(rnd(ks.length), 1)[0]!;
      shuffled[k] = o[k];
    }
    if (agree(shuffled, JSON.stringify(shuffled)) === "same") same++;
    else if (Overlay.safeParse(shuffled).success) zodOnly++;
  }
  assert.ok(same > 5000, `only ${same} generated overlays were checked fast`);
  assert.equal(zodOnly, 0, "a valid overlay was left to zod");
});
