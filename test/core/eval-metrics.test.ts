// The retrieval metrics against values computed by hand, the bootstrap's determinism, and
// `akms eval retrieval` on the demo's labelled set (its arms, its files, its errors).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { akms, copyDemo, tmp } from "../helpers.js";
import { bannedAbove, mrrAt, ndcgAt, pairedBootstrap, recallAt, score, successAt1, type Labels } from "../../core/eval/metrics.js";

const labels = (grades: Record<string, number>, banned: string[] = []): Labels => ({ grades: new Map(Object.entries(grades)), banned: new Set(banned) });

test("nDCG@10 by hand: gains 2^g − 1 discounted by log2(rank + 1), over the ideal order", () => {
  const l = labels({ a: 3, b: 1 });
  // ideal: a (7/1) + b (1/log2 3 = 0.6309) = 7.6309
  assert.equal(ndcgAt(["a", "b"], l), 1);
  // b first: 1/1 + 7/log2(3) = 1 + 4.4165 = 5.4165 → 5.4165 / 7.6309 = 0.70982
  assert.ok(Math.abs(ndcgAt(["b", "a"], l) - 0.70982) < 1e-4);
  // x, a: 0 + 7/log2(3) = 4.4165 → 0.57877
  assert.ok(Math.abs(ndcgAt(["x", "a"], l) - 0.57877) < 1e-4);
  assert.equal(ndcgAt([], l), 0);
  assert.equal(ndcgAt(["a"], labels({})), 0);
});

test("MRR@10, success@1, recall@5 and banned_above by hand", () => {
  const l = labels({ a: 2, b: 1, c: 3 }, ["z"]);
  assert.equal(mrrAt(["x", "y", "b"], l), 1 / 3);
  assert.equal(mrrAt(["x"], l), 0);
  assert.equal(successAt1(["a", "x"], l), 1);
  assert.equal(successAt1(["x", "a"], l), 0);
  assert.equal(recallAt(["a", "x", "y", "z", "w", "c"], l), 1 / 3); // c is sixth: outside @5
  assert.equal(bannedAbove(["z", "a"], l), 1);
  assert.equal(bannedAbove(["a", "z"], l), 0);
  assert.equal(bannedAbove(["x", "z"], labels({}, ["z"])), 1); // no relevant result: a banned one anywhere in the top 10
  assert.deepEqual(score([], l), { ndcg10: 0, success1: 0, mrr10: 0, recall5: 0, empty: 1, banned_above: 0 });
});

test("the paired bootstrap is seeded, centred on the mean difference, and brackets it", () => {
  const a = [0.1, 0.5, 0.2, 0.9, 0.4, 0.3];
  const b = [0.3, 0.6, 0.2, 1.0, 0.7, 0.3];
  const r = pairedBootstrap(a, b, 1000, 7);
  assert.deepEqual(r, pairedBootstrap(a, b, 1000, 7));
  assert.ok(Math.abs(r.diff - 0.7 / 6) < 1e-12); // (0.2 + 0.1 + 0 + 0.1 + 0.3 + 0) / 6
  assert.ok(r.low <= r.diff && r.diff <= r.high && r.low >= 0, JSON.stringify(r));
  assert.deepEqual(pairedBootstrap(a, a, 100, 1), { diff: 0, low: 0, high: 0 });
});

test("akms eval retrieval on the demo: every arm per kind, summary.json and samples.jsonl, the same bytes twice", () => {
  const d = copyDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault, AKMS_QMD_BIN: "/nonexistent/qmd" };
  const out = tmp("akms-eval-");
  // The arms without a model (the embedding arms are measured in test/core/semantic-search.test.ts and the bench).
  const r = akms(["eval", "retrieval", "--repo", d.repo, "--out", out, "--arms", "lexical,query", "--json"], { env });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.json.queries, 65);
  assert.deepEqual(r.json.by_kind, { name: 14, direct: 16, paraphrase: 18, "multi-hop": 10, "no-answer": 7 });
  const arms = r.json.arms.map((a: { arm: string }) => a.arm);
  assert.ok(arms.includes("lexical") && arms.includes("query") && arms.includes("random") && arms.includes("oracle"), arms.join(","));
  const oracle = r.json.arms.find((a: { arm: string }) => a.arm === "oracle");
  assert.equal(oracle.kinds.all.ndcg10.mean, 1);
  assert.match(r.json.notes.join("\n"), /qmd's BM25 not measured: qmd not installed/);
  const samples = readFileSync(join(out, "samples.jsonl"), "utf8").trim().split("\n");
  assert.equal(samples.length, 65 * arms.length);
  const first = readFileSync(join(out, "summary.json"), "utf8");
  assert.equal(akms(["eval", "retrieval", "--repo", d.repo, "--out", out, "--arms", "lexical,query"], { env }).code, 0);
  assert.equal(readFileSync(join(out, "summary.json"), "utf8"), first, "deterministic");
  const unknown = akms(["eval", "retrieval", "--arms", "no-such-arm", "--repo", d.repo], { env });
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /no arm "no-such-arm"/);
});

test("akms eval: a bad label names its file, line and field; no subcommand or an unknown one is a usage error", () => {
  const d = copyDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault, AKMS_QMD_BIN: "/nonexistent/qmd" };
  const qrels = join(d.knowledge, "eval", "qrels.jsonl");
  writeFileSync(qrels, readFileSync(qrels, "utf8") + '{"query": "n01", "node": "no-such-node", "grade": 2}\n');
  const r = akms(["eval", "retrieval", "--repo", d.repo], { env });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /knowledge\/eval\/qrels\.jsonl:109/);
  assert.match(r.stderr, /no-such-node/);
  assert.doesNotMatch(r.stderr, /at .*\.js:\d+/);
  assert.equal(akms(["eval", "--repo", d.repo], { env }).code, 2);
  assert.equal(akms(["eval", "replay-everything", "--repo", d.repo], { env }).code, 2);
});
