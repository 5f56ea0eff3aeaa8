import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { fastCheckNode, fastCheckOrders } from "../../core/compiler/fast-node-check.js";
import * as common from "../../core/schemas/common.js";
import * as vocabulary from "../../core/schemas/vocabulary.js";
import { readNode, type Origin } from "../../core/compiler/sources.js";
import { parseFrontmatter } from "../../core/frontmatter.js";
import { safeCheck } from "../../core/schema-check.js";
import { GlobalNode, LocalNode, MirrorNode, hasContentDraft } from "../../core/schemas/node.js";
import { generateVault } from "../../scripts/bench/genvault.js";
import { DEMO, ROOT, nodeFiles, tmp } from "../helpers.js";

const SCHEMAS: Record<Origin, z.ZodType> = { global: GlobalNode, local: LocalNode, "code-mirror": MirrorNode };

/** zod's answer, as readNode's slow path gets it. */
function zodCheck(origin: Origin, data: Record<string, unknown>) {
  return safeCheck(SCHEMAS[origin], data, { file: "t.md" });
}

/** The fast check either says "not sure" or returns exactly zod's data (same keys in the same order). */
function assertAgrees(origin: Origin, data: Record<string, unknown>, what: string): "same" | "bail" {
  const copy = structuredClone(data);
  const fast = fastCheckNode(origin, copy);
  assert.deepStrictEqual(copy, data, "the fast check must not change its input");
  if (fast === undefined) return "bail";
  const ref = zodCheck(origin, data);
  assert.ok(ref.ok, `fast check accepted what zod rejects: ${what} ${JSON.stringify(data)} ${JSON.stringify(!ref.ok && ref.problems)}`);
  assert.deepStrictEqual(fast, ref.data, what);
  assert.equal(JSON.stringify(fast), JSON.stringify(ref.data), `key order differs: ${what}`);
  return "same";
}

const generated = (() => {
  const dir = tmp("akms-fastcheck-");
  generateVault(dir, 60);
  return dir;
})();
const CORPUS = [DEMO, join(ROOT, ".bench", "kb-500"), generated];

test("the date patterns the fast check uses accept exactly what the schemas accept", () => {
  const dates = [
    "2026-03-04", "2026-3-04", "26-03-04", "2026-03-04 ", " 2026-03-04", "2026-03-04T10:32", "2026-03-04T10:32:00", "2026-03-04 10:32:00",
    "2026-03-04T10:32:00.5", "2026-03-04T10:32:00.123Z", "2026-03-04T10:32:00+01:00", "2026-03-04T10:32:00+0100", "2026-03-04T10:32:00-01",
    "2026-03-04T10", "2026-03-04T10:32:0", "2026-03-04t10:32", "2026-03-04T10:32Z", "2026-03-04Z", "2026-03-04\n", "٢٠٢٦-٠٣-٠٤", "",
  ];
  for (const d of dates) {
    assert.equal(vocabulary.ISO_DATE.test(d), common.IsoDate.safeParse(d).success, JSON.stringify(d));
    assert.equal(vocabulary.ISO_DATE_TIME.test(d), common.IsoDateTime.safeParse(d).success, JSON.stringify(d));
  }
});

// The fast check copies the schemas' field lists: this test is what keeps them the same.
test("the fast check knows exactly the fields of each node schema", () => {
  const orders = fastCheckOrders();
  assert.deepEqual(orders.global, Object.keys(GlobalNode.shape));
  assert.deepEqual(orders.local, Object.keys(LocalNode.shape));
  assert.deepEqual(orders["code-mirror"], Object.keys(MirrorNode.shape));
});

test("every demo, kb-500 and generated node: the fast check returns zod's data", () => {
  let n = 0;
  for (const root of CORPUS) {
    for (const { file, origin } of nodeFiles(root)) {
      const fm = parseFrontmatter(readFileSync(file, "utf8"), file);
      assert.equal(assertAgrees(origin, fm.data, file), "same", `the fast check bailed on ${file}`);
      n++;
    }
  }
  assert.ok(n >= 100, `only ${n} node files`);
});

const BASE: Record<Origin, Record<string, unknown>> = {
  global: {
    id: "a-1", title: "T", domain: "d", subdomain: "s", tags: ["x", "y"], status: "established", confidence: 0.5, source: "human",
    confidence_floor: 0.2, edges: [{ to: "b", type: "requires", weight: 1, note: "n" }, { to: "c.d", type: "refines", weight: 0 }],
    load_with: ["b"], context_size: "small", reading_priority: "summary", content_ref: "docs/a.md", akms_schema: "v2", extra_field: { any: [1] },
  },
  local: {
    akms_schema: "v2", id: "l-1", title: "L", domain: "d", tags: ["x"], status: "tentative", confidence: 0.6, source: "agent",
    edges: [{ to: "g", type: "feeds-into", weight: 0.8 }], activations: 3, last_activated: "2026-01-02", activated_by_tasks: ["t1", ""],
    session_refs: ["s.md"], origin_session: "session-1", origin_phase: 2, custom: "kept",
  },
  "code-mirror": {
    id: "mirror-x", title: "Code Mirror: x", domain: "code-mirror", status: "established", confidence: 1, source: "generated",
    auto_update: true, content_ref: "code-mirror/x.md", source_file: "src/x.ts", generated_at: "2026-01-01T00:00:00",
    generated_by_phase: 1, akms_schema: "v2",
  },
};

const VALUES: unknown[] = [
  undefined, null, "", "x", "X", "a..b", "a/b", "-a", "a".repeat(128), "a".repeat(129), "v2", "v1", "session", "code-mirror",
  "generated", "human", "agent", "hybrid", "draft", "established", "tentative", "deprecated", "small", "huge", "full",
  "pitfalls-only", "requires", "pitfall", "2026-01-02", "2026-01-02T10:00:00Z", "2026-1-2", 0, 1, -0, 0.5, 1.5, -0.1, 3, -1,
  2 ** 53, NaN, Infinity, true, false, [], ["x"], [""], [1], ["a", "b..c"], {}, { to: "b" },
];

const EDGE_VARIANTS: unknown[] = [
  [], [{}], [null], ["b"], [[]], [{ to: "b", type: "requires", weight: 0.5, extra: 1 }], [{ to: "b", type: "requires", weight: 0.5, note: null }],
  [{ to: "b", type: "requires", weight: 0.5, note: 3 }], [{ to: "B", type: "requires", weight: 0.5 }], [{ to: "b", type: "nope", weight: 0.5 }],
  [{ to: "b", type: "requires", weight: 2 }], [{ to: "b", type: "requires" }], [{ weight: 0.5, type: "implements", to: "b" }],
  [{ to: "b", type: "contradicts", weight: -0, note: "" }],
];

test("every field set to every kind of value: the fast check bails or equals zod", () => {
  let same = 0;
  let bail = 0;
  for (const origin of ["global", "local", "code-mirror"] as Origin[]) {
    assert.equal(assertAgrees(origin, BASE[origin], `${origin} base`), "same");
    const fields = new Set([
      ...Object.keys(BASE.global), ...Object.keys(BASE.local), ...Object.keys(BASE["code-mirror"]),
      "auto_update", "tags", "edges", "activations", "session_refs", "last_activated",
    ]);
    for (const field of fields) {
      for (const v of field === "edges" ? [...VALUES, ...EDGE_VARIANTS] : VALUES) {
        const d = { ...BASE[origin] };
        if (v === undefined) delete d[field];
        else d[field] = v;
        if (assertAgrees(origin, d, `${origin}.${field} = ${JSON.stringify(v)}`) === "same") same++;
        else bail++;
      }
    }
  }
  assert.ok(same > 100 && bail > 100, `same ${same}, bail ${bail}`);
});

test("any key order: the fast check returns zod's order", () => {
  let seed = 99;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  for (const origin of ["global", "local", "code-mirror"] as Origin[]) {
    for (let i = 0; i < 200; i++) {
      const entries = Object.entries({ ...BASE[origin], zeta: 1, alpha: [2] });
      for (let k = entries.length - 1; k > 0; k--) {
        const j = Math.floor(next() * (k + 1));
        [entries[k], entries[j]] = [entries[j]!, entries[k]!];
      }
      assert.equal(assertAgrees(origin, Object.fromEntries(entries), `${origin} shuffled`), "same");
    }
  }
});

test("readNode: the fast paths give the same node and problems as js-yaml + zod", () => {
  const dir = tmp("akms-readnode-");
  const files: { file: string; origin: Origin }[] = [...nodeFiles(DEMO), ...nodeFiles(generated)];
  // Files the fast paths must hand over to the slow path, each with its own problem.
  const bad: [Origin, string][] = [
    ["global", "---\nid: x\ntitle: a: b\n---\n"],
    ["global", "---\nid: x\nid: y\n---\n"],
    ["global", "---\nid: Bad\ntitle: t\ndomain: d\ntags: [a]\nstatus: draft\nconfidence: 0.5\nsource: human\nakms_schema: v2\n---\n"],
    ["global", "---\nid: x\ntitle: t\ndomain: session\ntags: []\nstatus: draft\nconfidence: 2\nsource: generated\nakms_schema: v2\nactivations: 1\n---\n"],
    ["global", "---\nid: x\nakms_schema: v1\n---\n"],
    ["global", "no frontmatter\n"],
    ["global", "---\n---\n"],
    ["local", "---\nid: x\ntitle: t\ndomain: d\ntags: [a]\nstatus: draft\nconfidence: 0.5\nsource: hybrid\nauto_update: true\nakms_schema: v2\n---\n"],
    ["local", "---\nid: x\ntitle: t\ndomain: d\ntags: [a]\nstatus: draft\nconfidence: 0.5\nsource: agent\nakms_schema: v2\n---\nno draft\n"],
    ["local", "---\r\nid: x\r\ntitle: t\r\ndomain: d\r\ntags: [a]\r\nstatus: draft\r\nconfidence: 0.5\r\nsource: agent\r\nakms_schema: v2\r\n---\r\n## content_draft\r\n"],
    ["code-mirror", "---\nid: m\ntitle: t\ndomain: code-mirror\nstatus: established\nconfidence: 1.0\nsource: generated\nauto_update: true\ncontent_ref: x.md\nsource_file: x.ts\ngenerated_at: 2026-01-01\ngenerated_by_phase: ~\nakms_schema: v2\ntags: [a]\n---\n"],
  ];
  mkdirSync(dir, { recursive: true });
  bad.forEach(([origin, text], i) => {
    const file = join(dir, `bad-${i}.md`);
    writeFileSync(file, text);
    files.push({ file, origin });
  });
  for (const { file, origin } of files) {
    const got = readNode({ file, shown: file }, origin);
    let want: ReturnType<typeof readNode>;
    try {
      const fm = parseFrontmatter(readFileSync(file, "utf8"), file);
      const r = safeCheck(SCHEMAS[origin], fm.data, { file, text: fm.yaml, firstLine: fm.firstLine });
      if (!r.ok) want = { problems: r.problems };
      else {
        const data = r.data as Record<string, unknown>;
        const missingDraft = origin === "local" && data.source === "agent" && !hasContentDraft(fm.body);
        want = { node: { id: data.id as string, origin, file, shown: file, data, missingDraft }, problems: [] };
      }
    } catch (e) {
      const err = e as { file?: string; line?: number; field?: string; message: string; hint?: string };
      want = { problems: [{ file: err.file ?? file, line: err.line, field: err.field, message: err.message, hint: err.hint }] };
    }
    assert.deepStrictEqual(got, want, file);
    assert.equal(JSON.stringify(got), JSON.stringify(want), file);
  }
});
