// `akms eval retrieval`: how well each retrieval arm finds the nodes a person meant, on a labelled
// query set in akm-eval's file shape —
//   queries.jsonl  {"id", "text", "kind"}            kind: name | direct | paraphrase | multi-hop | no-answer
//   qrels.jsonl    {"query", "node", "grade" 0–3, "banned"?: true}
// (default: knowledge/eval/ of the repository; the demo ships 65 hand-graded queries). Arms: the
// search of `akms search` (qmd's BM25 when qmd is there), its lexical fallback, `akms query` over
// the tags derived from the query's text, every further arm the project has, a seeded random arm
// (the mean and interval of its draws) and the oracle (the labels' own order). Per kind and
// overall: nDCG@10, success@1, MRR@10, recall@5, the empty-result rate, banned_above (metrics.ts),
// each with a bootstrap interval, and each arm's paired difference from the first arm. Offline and
// deterministic: the same graph and set give the same bytes.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Context } from "../context.js";
import { UsageError, ValidationError, type Problem } from "../errors.js";
import type { GraphIndex } from "../graph.js";
import { displayPath } from "../paths.js";
import { searchMany } from "../agent/search.js";
import { qmdUse } from "../loadout/retrieve.js";
import { ENGINE_NAMES, loadEngine } from "../embed/engine.js";
import { deriveTags } from "../tags.js";
import { queryGraph, resolveRole } from "../query.js";
import { bootstrapMean, mean, mulberry32, pairedBootstrap, score, type Labels, type Scores } from "./metrics.js";

export const KINDS = ["name", "direct", "paraphrase", "multi-hop", "no-answer"] as const;
export type Kind = (typeof KINDS)[number];

export interface EvalQuery {
  id: string;
  text: string;
  kind: Kind;
  labels: Labels;
}

/** One arm: a name and, for every query, a ranked list of node ids. */
export interface Arm {
  name: string;
  /** What it is, for the table's notes. */
  about: string;
  rankAll(qs: readonly EvalQuery[]): Promise<string[][]>;
}

const RANDOM_DRAWS = 20;
const LIMIT = 10;
const METRICS: (keyof Scores)[] = ["ndcg10", "success1", "mrr10", "recall5", "empty", "banned_above"];

function readJsonl(file: string, shown: string): { line: number; value: Record<string, unknown> }[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new UsageError(`${shown} cannot be read`, "pass --queries DIR holding queries.jsonl and qrels.jsonl (the demo ships knowledge/eval/)");
  }
  const out: { line: number; value: Record<string, unknown> }[] = [];
  text.split("\n").forEach((raw, i) => {
    if (!raw.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw new ValidationError("a line is not JSON", { file: shown, line: i + 1, hint: "one JSON object per line" });
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) throw new ValidationError("a line is not a JSON object", { file: shown, line: i + 1, hint: "one JSON object per line" });
    out.push({ line: i + 1, value: value as Record<string, unknown> });
  });
  return out;
}

/** The labelled set, checked against the graph: every problem named by file, line and field. */
export function readQuerySet(ctx: Context, graph: GraphIndex, dir: string): EvalQuery[] {
  const qFile = join(dir, "queries.jsonl");
  const rFile = join(dir, "qrels.jsonl");
  const qShown = displayPath(ctx.repo, qFile);
  const rShown = displayPath(ctx.repo, rFile);
  const problems: Problem[] = [];
  const queries = new Map<string, { id: string; text: string; kind: Kind; grades: Map<string, number>; banned: Set<string> }>();
  for (const { line, value } of readJsonl(qFile, qShown)) {
    const { id, text, kind } = value;
    if (typeof id !== "string" || !id) problems.push({ file: qShown, line, field: "id", message: "needs a non-empty string id" });
    else if (queries.has(id)) problems.push({ file: qShown, line, field: "id", message: `query id "${id}" appears twice` });
    if (typeof text !== "string" || !text.trim()) problems.push({ file: qShown, line, field: "text", message: "needs the query's text" });
    if (!KINDS.includes(kind as Kind)) problems.push({ file: qShown, line, field: "kind", message: `kind must be one of ${KINDS.join(", ")} (got ${JSON.stringify(kind)})` });
    if (typeof id === "string" && id && typeof text === "string" && KINDS.includes(kind as Kind)) queries.set(id, { id, text, kind: kind as Kind, grades: new Map(), banned: new Set() });
  }
  for (const { line, value } of readJsonl(rFile, rShown)) {
    const { query, node, grade, banned } = value;
    const q = typeof query === "string" ? queries.get(query) : undefined;
    if (!q) problems.push({ file: rShown, line, field: "query", message: `names no query of ${qShown} (${JSON.stringify(query)})` });
    if (typeof node !== "string" || !graph.nodes.has(node)) problems.push({ file: rShown, line, field: "node", message: `${JSON.stringify(node)} is not a node of the compiled graph`, hint: "label the node ids `akms query` shows" });
    if (!(typeof grade === "number" && Number.isInteger(grade) && grade >= 0 && grade <= 3)) problems.push({ file: rShown, line, field: "grade", message: "grade must be a whole number from 0 to 3" });
    if (banned !== undefined && typeof banned !== "boolean") problems.push({ file: rShown, line, field: "banned", message: "banned must be true or false" });
    if (q && typeof node === "string" && typeof grade === "number") {
      if (banned === true) q.banned.add(node);
      else if (grade > 0) q.grades.set(node, grade);
    }
  }
  for (const q of queries.values()) {
    if (q.kind !== "no-answer" && ![...q.grades.values()].some((g) => g > 0)) problems.push({ file: rShown, field: "query", message: `query ${q.id} (${q.kind}) has no relevant node`, hint: "grade at least one node 1–3, or make it kind no-answer" });
    if (q.kind === "no-answer" && q.grades.size) problems.push({ file: rShown, field: "query", message: `query ${q.id} is no-answer but has relevant nodes` });
  }
  if (problems.length) throw new ValidationError(`the query set in ${displayPath(ctx.repo, dir)} is invalid`, { hint: "fix the lines named", problems });
  if (!queries.size) throw new UsageError(`${qShown} holds no query`, "one JSON object per line: {\"id\", \"text\", \"kind\"}");
  return [...queries.values()].map((q) => ({ id: q.id, text: q.text, kind: q.kind, labels: { grades: q.grades, banned: q.banned } }));
}

/** Ranked node ids of a search result: each node once, in hit order, files of no node left out. */
function nodesOf(hits: { id: string | null }[]): string[] {
  const out: string[] = [];
  for (const h of hits) if (h.id !== null && !out.includes(h.id)) out.push(h.id);
  return out.slice(0, LIMIT);
}

/**
 * The project's retrieval arms: search's BM25 arm (qmd, and its lexical fallback), each installed
 * embedding engine alone and fused with BM25 (the hybrid `akms search` runs), and the graph query
 * over the tags derived from the query's text.
 */
export async function productArms(ctx: Context, graph: GraphIndex, env: NodeJS.ProcessEnv, extra: boolean): Promise<{ arms: Arm[]; notes: string[] }> {
  const notes: string[] = [];
  const arms: Arm[] = [];
  const many = async (qs: readonly EvalQuery[], o: Parameters<typeof searchMany>[3]) => (await searchMany(ctx, graph, qs.map((q) => q.text), { limit: 40, env, embedBudget: Infinity, ...o })).map((r) => nodesOf(r.hits));
  // The BM25 arm's own test of qmd (no search run to learn it).
  const use = qmdUse(false, env, { dir: ctx.paths.qmdCacheDir, lock: ctx.paths.lock });
  const qmd = use.available;
  if (qmd) arms.push({ name: "search-bm25", about: "`akms search`'s BM25 arm (qmd)", rankAll: (qs) => many(qs, { arms: ["bm25"] }) });
  else notes.push(`qmd's BM25 not measured: qmd ${use.reason}`);
  arms.push({ name: "lexical", about: "the lexical BM25 fallback (no qmd)", rankAll: (qs) => many(qs, { arms: ["bm25"], noQmd: true }) });
  for (const engine of ENGINE_NAMES) {
    const load = await loadEngine(engine);
    if ("missing" in load) {
      notes.push(`${engine} not measured: ${load.missing}`);
      continue;
    }
    arms.push({ name: `embed-${engine}`, about: `the embedding arm alone (${load.engine.id})`, rankAll: (qs) => many(qs, { arms: ["embed"], engine }) });
    arms.push({ name: `hybrid-${engine}`, about: `the lexical BM25 + ${engine}, reciprocal-rank fused (\`akms search\` with search.embedding: ${engine})`, rankAll: (qs) => many(qs, { engine }) });
    // The hybrid with qmd's BM25 instead (the measurement behind the lexical BM25's place in the hybrid): on request, it costs a qmd run per query and word.
    if (qmd && extra) arms.push({ name: `hybrid-qmd-${engine}`, about: `qmd's BM25 + ${engine}, reciprocal-rank fused (the hybrid with qmd as its BM25 arm)`, rankAll: (qs) => many(qs, { engine, hybridBm25: "qmd" }) });
  }
  const role = resolveRole(ctx.cfg);
  const roots = { repo: ctx.repo, knowledge: ctx.paths.knowledge, vault: ctx.vault.path };
  arms.push({
    name: "query",
    about: "`akms query` over the tags derived from the query's text",
    rankAll: async (qs) =>
      qs.map((q) => {
        const tags = deriveTags(graph, ctx.cfg, { description: q.text }, roots).tags.map((t) => t.tag);
        if (!tags.length) return [];
        return queryGraph(graph, ctx.cfg, { tags, role }).nodes.filter((n) => !n.below_threshold).map((n) => n.id).slice(0, LIMIT);
      }),
  });
  return { arms, notes };
}

/** Node ids an arm may return: knowledge nodes (no session or mirror records), in id order. */
function candidates(graph: GraphIndex): string[] {
  return [...graph.nodes.values()].filter((n) => n.domain !== "session" && n.node_origin !== "code-mirror").map((n) => n.id).sort();
}

function oracleArm(): Arm {
  return { name: "oracle", about: "the labels' own order (the ceiling)", rankAll: async (qs) => qs.map((q) => [...q.labels.grades].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id).slice(0, LIMIT)) };
}

function shuffleTop(ids: readonly string[], rnd: () => number): string[] {
  const a = [...ids];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a.slice(0, LIMIT);
}

export interface ArmSummary {
  arm: string;
  about: string;
  /** Per kind and "all" (answerable kinds only for the ranking metrics; no-answer counts only `empty`). */
  kinds: Record<string, { n: number } & Record<keyof Scores, { mean: number; low: number; high: number }>>;
  /** Paired difference of nDCG@10 from the first arm over the answerable queries. */
  vs_first: { arm: string; diff: number; low: number; high: number } | null;
}

export interface RetrievalEval {
  ok: true;
  graph_version: string;
  queries: number;
  by_kind: Record<string, number>;
  arms: ArmSummary[];
  notes: string[];
  samples: { query: string; kind: Kind; arm: string; ranked: string[]; scores: Scores }[];
}

export async function evalRetrieval(ctx: Context, graph: GraphIndex, set: EvalQuery[], opts: { env: NodeJS.ProcessEnv; seed?: number; arms?: readonly string[] }): Promise<RetrievalEval> {
  const seed = opts.seed ?? 1;
  const wanted = opts.arms ?? null;
  const product = await productArms(ctx, graph, opts.env, wanted !== null);
  const notes = product.notes;
  const all = wanted === null || wanted.includes("all") ? product.arms : product.arms.filter((a) => wanted.includes(a.name));
  if (wanted !== null && !wanted.includes("all")) {
    const known = new Set([...product.arms.map((a) => a.name), "random", "oracle"]);
    const unknown = wanted.filter((w) => !known.has(w));
    if (unknown.length) throw new UsageError(`--arms: no arm ${unknown.map((u) => `"${u}"`).join(", ")} here`, `the arms: ${[...known].join(", ")}, or all`);
  }
  const samples: RetrievalEval["samples"] = [];
  const per = new Map<string, Scores[]>();
  for (const arm of [...all, oracleArm()]) {
    const rankings = await arm.rankAll(set);
    const scores = set.map((q, qi) => {
      const ranked = rankings[qi]!;
      const s = score(ranked, q.labels);
      samples.push({ query: q.id, kind: q.kind, arm: arm.name, ranked, scores: s });
      return s;
    });
    per.set(arm.name, scores);
  }
  // The random arm: RANDOM_DRAWS seeded shuffles of every candidate node, each query's score the mean over the draws.
  const pool = candidates(graph);
  const rnd = mulberry32(seed);
  const randomScores = set.map((q) => {
    const draws = Array.from({ length: RANDOM_DRAWS }, () => score(shuffleTop(pool, rnd), q.labels));
    const s = Object.fromEntries(METRICS.map((m) => [m, mean(draws.map((d) => d[m]))])) as unknown as Scores;
    samples.push({ query: q.id, kind: q.kind, arm: "random", ranked: [], scores: s });
    return s;
  });
  per.set("random", randomScores);
  const abouts = new Map<string, string>([...all.map((a) => [a.name, a.about] as const), ["random", `${RANDOM_DRAWS} seeded shuffles of the ${pool.length} knowledge nodes (seed ${seed})`], ["oracle", oracleArm().about]]);
  const answerable = set.map((q, i) => [q, i] as const).filter(([q]) => q.kind !== "no-answer");
  const first = all[0]?.name ?? null;
  const summaries: ArmSummary[] = [...per.keys()].map((arm) => {
    const scores = per.get(arm)!;
    const kinds: ArmSummary["kinds"] = {};
    for (const kind of [...KINDS, "all"] as const) {
      const idx = kind === "all" ? answerable.map(([, i]) => i) : set.map((q, i) => [q, i] as const).filter(([q]) => q.kind === kind).map(([, i]) => i);
      if (!idx.length) continue;
      const metric = (m: keyof Scores) => bootstrapMean(idx.map((i) => scores[i]![m]), 2000, seed);
      kinds[kind] = { n: idx.length, ...(Object.fromEntries(METRICS.map((m) => [m, metric(m)])) as Record<keyof Scores, { mean: number; low: number; high: number }>) };
    }
    // no-answer queries count only for `empty` (and banned_above): their ranking metrics are 0 by definition.
    const idx = answerable.map(([, i]) => i);
    const vs = first !== null && arm !== first ? { arm: first, ...pairedBootstrap(idx.map((i) => per.get(first)![i]!.ndcg10), idx.map((i) => scores[i]!.ndcg10), 2000, seed) } : null;
    return { arm, about: abouts.get(arm) ?? arm, kinds, vs_first: vs };
  });
  const byKind = Object.fromEntries(KINDS.map((k) => [k, set.filter((q) => q.kind === k).length]).filter(([, n]) => n));
  return { ok: true, graph_version: graph.version, queries: set.length, by_kind: byKind, arms: summaries, notes, samples };
}

const f2 = (x: number) => x.toFixed(2);

/** The terminal table: per arm, nDCG@10 per kind with its interval, then the overall metrics. */
export function evalTable(r: RetrievalEval): string {
  const kinds = KINDS.filter((k) => k !== "no-answer" && r.by_kind[k]);
  const head = ["arm", ...kinds.map((k) => `${k} (${r.by_kind[k]})`), "all nDCG@10", "success@1", "MRR@10", "recall@5", "empty (answerable)", ...(r.by_kind["no-answer"] ? [`empty (no-answer, ${r.by_kind["no-answer"]})`] : []), "banned above", "Δ nDCG vs first"];
  const cell = (x: { mean: number; low: number; high: number } | undefined) => (x ? `${f2(x.mean)} [${f2(x.low)}, ${f2(x.high)}]` : "–");
  const rows = r.arms.map((a) => [
    a.arm,
    ...kinds.map((k) => cell(a.kinds[k]?.ndcg10)),
    cell(a.kinds.all?.ndcg10),
    f2(a.kinds.all?.success1.mean ?? 0),
    f2(a.kinds.all?.mrr10.mean ?? 0),
    f2(a.kinds.all?.recall5.mean ?? 0),
    f2(a.kinds.all?.empty.mean ?? 0),
    ...(r.by_kind["no-answer"] ? [f2(a.kinds["no-answer"]?.empty.mean ?? 0)] : []),
    f2(a.kinds.all?.banned_above.mean ?? 0),
    a.vs_first ? `${a.vs_first.diff >= 0 ? "+" : ""}${f2(a.vs_first.diff)} [${f2(a.vs_first.low)}, ${f2(a.vs_first.high)}]` : "–",
  ]);
  const lines = [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((row) => `| ${row.join(" | ")} |`)];
  const about = r.arms.map((a) => `  ${a.arm}: ${a.about}`);
  return [`akms eval retrieval: ${r.queries} queries (${Object.entries(r.by_kind).map(([k, n]) => `${n} ${k}`).join(", ")}), graph ${r.graph_version}; 95 % bootstrap intervals`, "", ...lines, "", "arms:", ...about, ...r.notes.map((n) => `note: ${n}`)].join("\n");
}
