// "Did you mean …?" for unknown ids: the nearest known ids by edit distance.

/** Levenshtein distance, giving up (returning limit + 1) once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = new Array<number>(b.length + 1);
  let cur = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (cur[j]! < rowMin) rowMin = cur[j]!;
    }
    if (rowMin > limit) return limit + 1;
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}

/**
 * Up to `max` candidates nearest to `wanted`: within max(2, ⌊len/3⌋) edits, or containing it /
 * contained in it; ties broken by id. Deterministic.
 */
export function nearestIds(wanted: string, candidates: Iterable<string>, max = 3): string[] {
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  const scored: { id: string; d: number }[] = [];
  for (const id of candidates) {
    if (id === wanted) continue;
    let d = editDistance(wanted, id, limit);
    if (d > limit && wanted.length >= 4 && (id.includes(wanted) || wanted.includes(id))) d = limit;
    if (d <= limit) scored.push({ id, d });
  }
  scored.sort((x, y) => x.d - y.d || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  return scored.slice(0, max).map((s) => s.id);
}

export function didYouMean(wanted: string, candidates: Iterable<string>): string | undefined {
  const near = nearestIds(wanted, candidates);
  return near.length ? `did you mean ${near.map((n) => `\`${n}\``).join(", ")}?` : undefined;
}
