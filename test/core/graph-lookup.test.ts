// The review actions' look-up over graph.json's text must answer exactly as the full parse
// (graphFromText) does: every node, every absent id, the warnings — in the compiler's layout, and
// (by parsing) in any other.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { copyDemo, snapshot } from "../helpers.js";
import { loadContext } from "../../core/context.js";
import { build } from "../../core/compiler/build.js";
import { graphFromText, type GraphDoc } from "../../core/graph.js";
import { graphLookupFromText } from "../../core/graph-file/lookup.js";
import { recompile } from "../../core/review/recompile.js";
import { dedupReject, draft, promote, undo } from "../../core/review/actions.js";
import { parseDedupSections } from "../../core/review/dedup-sections.js";
import { pyJsonChunks } from "../../core/pyjson.js";
import { writtenKey } from "../../core/store/freshness.js";

process.env.SOURCE_DATE_EPOCH = "1790000000";

function compiledDemo() {
  const d = copyDemo();
  const ctx = loadContext({ repo: d.repo, env: {} });
  build(ctx);
  return { ctx, text: readFileSync(ctx.paths.graphJson, "utf8") };
}

function sameAnswers(text: string, extraIds: string[] = []): void {
  const full = graphFromText(text, "graph.json");
  const ids = [...full.nodes.keys(), ...extraIds, "no-such-node", "Not-An-Id", 'quo"te', "", "g-000000x"];
  for (const l of full.doc.links.slice(0, 50)) ids.push(l.source, l.target);
  const lookup = graphLookupFromText(text, "graph.json");
  for (const id of ids) {
    assert.deepEqual(lookup.nodes.get(id), full.nodes.get(id), `node ${JSON.stringify(id)}`);
    assert.equal(lookup.nodes.has(id), full.nodes.has(id), `has ${JSON.stringify(id)}`);
  }
  // A fresh look-up asked for the warnings first (they come from the "graph" object alone).
  assert.deepEqual(graphLookupFromText(text, "graph.json").warnings, full.warnings);
  assert.deepEqual([...graphLookupFromText(text, "graph.json").ids()], [...full.nodes.keys()]);
}

test("the text look-up answers as the full parse on a compiled graph", () => {
  const { text } = compiledDemo();
  sameAnswers(text);
});

test("the text look-up answers as the full parse with warnings, odd ids, the same id twice, and other layouts", () => {
  const { text } = compiledDemo();
  const doc = JSON.parse(text) as GraphDoc;
  const first = doc.nodes[0]!;
  doc.graph.warnings = [
    { code: "DUPLICATE_ID", message: "x", file: "a.md", node: first.id },
    { code: "ID_COLLISION", message: "y — ü", file: "b.md", node: "other" },
  ] as GraphDoc["graph"]["warnings"];
  doc.nodes.push({ ...first, id: "ünïcode", title: "é \u2028" } as (typeof doc.nodes)[number]);
  doc.nodes.push({ ...first, id: "Upper.Case", title: "t" } as (typeof doc.nodes)[number]);
  const written = pyJsonChunks(doc).join("");
  sameAnswers(written, ["ünïcode", "Upper.Case"]);
  // The same id twice: the full parse keeps the last one.
  const twice = { ...doc, nodes: [...doc.nodes, { ...first, title: "the second" }] };
  sameAnswers(pyJsonChunks(twice).join(""));
  // Not the compiler's layout: answered by the parse.
  sameAnswers(JSON.stringify(doc));
  sameAnswers(JSON.stringify(doc, null, 3));
  sameAnswers(JSON.stringify(doc, null, 2) + "\n");
});

test("the recompile uses the action's graph.json bytes only while the file keeps the stat they were read at", () => {
  const { ctx, text } = compiledDemo();
  const full = graphFromText(text, ctx.paths.graphJson);
  const id = [...full.nodes.values()].find((n) => n.node_origin === "global" && n.status !== "draft")!.id;
  const key = writtenKey(ctx.paths.graphJson)!;
  // Bytes from before another writer replaced the file: ignored, the file is read again.
  writeFileSync(`${ctx.paths.graphJson}.new`, text);
  renameSync(`${ctx.paths.graphJson}.new`, ctx.paths.graphJson);
  const stale = recompile(ctx, { kind: "status", id, status: "draft" }, { files: [], base: null, graphBytes: { key, bytes: Buffer.from(text.replace('"node_count": ', '"node_count": 1')) } });
  assert.equal(stale.how, "patch");
  const patched = readFileSync(ctx.paths.graphJson, "utf8");
  assert.equal(graphFromText(patched, "g").doc.graph.node_count, full.doc.graph.node_count);
  assert.equal(graphFromText(patched, "g").nodes.get(id)!.status, "draft");
  // The bytes as the file now is: used as they are (here: without reading the file again).
  const now = writtenKey(ctx.paths.graphJson)!;
  const used = recompile(ctx, { kind: "status", id, status: "established" }, { files: [], base: null, graphBytes: { key: now, bytes: Buffer.from(patched.replace('"node_count": ', '"node_count": 1')) } });
  assert.equal(used.how, "patch");
  assert.equal(graphFromText(readFileSync(ctx.paths.graphJson, "utf8"), "g").doc.graph.node_count, Number(`1${full.doc.graph.node_count}`));
});

test("a one-shot action (the CLI's: graph.json looked up in its text) writes what the same action with the parsed graph writes", () => {
  const runs = [false, true].map((oneShot) => {
    const d = copyDemo();
    const ctx = loadContext({ repo: d.repo, env: {} });
    build(ctx);
    const g = graphFromText(readFileSync(ctx.paths.graphJson, "utf8"), ctx.paths.graphJson);
    const local = [...g.nodes.values()].find((n) => n.node_origin === "local" && n.status === "tentative" && n.source === "agent")!.id;
    const global = [...g.nodes.values()].find((n) => n.node_origin === "global" && n.status === "established" && n.domain !== "session")!.id;
    const dedup = readdirSync(join(d.knowledge, "local-nodes"))
      .map((f) => readFileSync(join(d.knowledge, "local-nodes", f), "utf8"))
      .filter((t) => parseDedupSections(t).some((s) => s.status === "pending"))
      .map((t) => /^id:\s*(\S+)/m.exec(t)![1]!)
      .sort()[0]!;
    const results = [promote(ctx, { id: local, oneShot }), draft(ctx, { id: global, oneShot }), dedupReject(ctx, { id: dedup, oneShot }), undo(ctx), undo(ctx)];
    const tree = snapshot(d.knowledge);
    for (const k of [...tree.keys()]) if (k.startsWith("graph/.cache/") || k === "graph/review_log.jsonl") tree.delete(k);
    return { results: results.map((r) => ({ files: r.files, graphVersion: r.graphVersion, action: r.action, id: r.id })), tree };
  });
  assert.deepEqual(runs[1]!.results, runs[0]!.results);
  assert.deepEqual(runs[1]!.tree, runs[0]!.tree);
});
