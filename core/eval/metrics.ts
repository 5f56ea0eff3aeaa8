// The retrieval metrics of `akms eval retrieval`, over one ranked list of node ids and the graded
// labels of its query (grade 0–3; grade ≥ 1 counts as relevant). Pure and small, so each is
// checked against hand-computed values (test/core/eval-metrics.test.ts).
//   nDCG@k   Σ (2^g − 1) / log2(i + 1) over the first k, divided by the same sum of the ideal order
//   MRR@k    1 / the rank of the first relevant result within k (0 when none)
//   success@1 whether the first result is relevant
//   recall@k relevant results within k / all relevant labels
// A banned node (deprecated, drafted, contradicted, outdated) must not rank above a relevant one:
// banned_above is whether one does — above the first relevant result, or anywhere in the first k
// when no relevant result is there.

export interface Labels {
  grades: ReadonlyMap<string, number>;
  banned: ReadonlySet<string>;
}

export const K = 10;

function gain(g: number): number {
  return 2 ** g - 1;
}

export function ndcgAt(ranked: readonly string[], l: Labels, k = K): number {
  let dcg = 0;
  ranked.slice(0, k).forEach((id, i) => (dcg += gain(l.grades.get(id) ?? 0) / Math.log2(i + 2)));
  const ideal = [...l.grades.values()].filter((g) => g > 0).sort((a, b) => b - a).slice(0, k);
  let idcg = 0;
  ideal.forEach((g, i) => (idcg += gain(g) / Math.log2(i + 2)));
  return idcg === 0 ? 0 : dcg / idcg;
}

export function mrrAt(ranked: readonly string[], l: Labels, k = K): number {
  const i = ranked.slice(0, k).findIndex((id) => (l.grades.get(id) ?? 0) > 0);
  return i < 0 ? 0 : 1 / (i + 1);
}

export function successAt1(ranked: readonly string[], l: Labels): number {
  return ranked.length && (l.grades.get(ranked[0]!) ?? 0) > 0 ? 1 : 0;
}

export function recallAt(ranked: readonly string[], l: Labels, k = 5): number {
  const relevant = [...l.grades].filter(([, g]) => g > 0).map(([id]) => id);
  if (!relevant.length) return 0;
  const top = new Set(ranked.slice(0, k));
  return relevant.filter((id) => top.has(id)).length / relevant.length;
}

export function bannedAbove(ranked: readonly string[], l: Labels, k = K): number {
  const top = ranked.slice(0, k);
  const firstRelevant = top.findIndex((id) => (l.grades.get(id) ?? 0) > 0);
  const until = firstRelevant < 0 ? top.length : firstRelevant;
  return top.slice(0, until).some((id) => l.banned.has(id)) ? 1 : 0;
}

/** Every metric of one ranked list. */
export interface Scores {
  ndcg10: number;
  success1: number;
  mrr10: number;
  recall5: number;
  empty: number;
  banned_above: number;
}

export function score(ranked: readonly string[], l: Labels): Scores {
  return {
    ndcg10: ndcgAt(ranked, l),
    success1: successAt1(ranked, l),
    mrr10: mrrAt(ranked, l),
    recall5: recallAt(ranked, l),
    empty: ranked.length ? 0 : 1,
    banned_above: bannedAbove(ranked, l),
  };
}

export function mean(xs: readonly number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
}

/** mulberry32: a small seeded generator in [0, 1) (the bootstrap, the random arm and the test fuzzers must repeat exactly). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The paired bootstrap of mean(b − a) over the same queries: `draws` resamples of the queries with
 * replacement, the 2.5th and 97.5th percentiles of the mean difference. Seeded: the same inputs
 * give the same interval.
 */
export function pairedBootstrap(a: readonly number[], b: readonly number[], draws = 2000, seed = 1): { diff: number; low: number; high: number } {
  if (a.length !== b.length) throw new Error("pairedBootstrap: the two arms must score the same queries");
  const n = a.length;
  const d = a.map((x, i) => b[i]! - x);
  if (!n) return { diff: 0, low: 0, high: 0 };
  const rnd = mulberry32(seed);
  const means: number[] = [];
  for (let r = 0; r < draws; r++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += d[Math.floor(rnd() * n)]!;
    means.push(s / n);
  }
  means.sort((x, y) => x - y);
  return { diff: mean(d), low: means[Math.floor(0.025 * (draws - 1))]!, high: means[Math.ceil(0.975 * (draws - 1))]! };
}

/** The bootstrap interval of one arm's mean (for the per-kind tables). */
export function bootstrapMean(xs: readonly number[], draws = 2000, seed = 1): { mean: number; low: number; high: number } {
  const zero = xs.map(() => 0);
  const r = pairedBootstrap(zero, xs, draws, seed);
  return { mean: r.diff, low: r.low, high: r.high };
}
