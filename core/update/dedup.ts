// Deterministic deduplication of new knowledge (spec §5.5.3, DESIGN §4 Update): tokens
// `[a-z0-9]+` of the lower-cased text, Jaccard of (title + "\n" + draft text), exact id = 1.0,
// a match only when the score is above the threshold, ties broken by the lowest id. No model call.
import { round6 } from "./confidence.js";
import { splitFrontmatter } from "../frontmatter.js";
import { draftTextOf } from "./nodes.js";

export function tokens(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? []);
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let common = 0;
  for (const t of small) if (large.has(t)) common++;
  return round6(common / (a.size + b.size - common));
}

/**
 * The same pitfall reported again (a repeat bite): on the same node, with descriptions the dedup
 * score calls the same (above graph.dedup_threshold). `akms eval replay` and the review's "Would it
 * have helped?" count repeat bites by this one rule.
 */
export function samePitfall(a: { node_ref?: string | null; description: string }, b: { node_ref?: string | null; description: string }, threshold: number): boolean {
  return typeof a.node_ref === "string" && a.node_ref === b.node_ref && jaccard(tokens(a.description), tokens(b.description)) > threshold;
}

export interface DedupCandidate {
  id: string;
  origin: "local" | "global";
  /** title + "\n" + draft text. */
  text: string;
}

export interface DedupMatch {
  id: string;
  origin: "local" | "global";
  score: number;
}

export function dedupText(title: string, draft: string): string {
  return `${title}\n${draft}`;
}

/** What an existing node contributes to dedup: its title and its file's draft text (null text: the title alone). */
export function nodeDedupText(title: string, text: string | null): string {
  const body = text === null ? "" : (splitFrontmatter(text)?.body ?? text);
  return dedupText(title, draftTextOf(body));
}

/** The best candidate scoring above `threshold`, or null. */
export function bestMatch(
  entry: { id: string; text: string },
  candidates: readonly DedupCandidate[],
  threshold: number,
): DedupMatch | null {
  const mine = tokens(entry.text);
  let best: DedupMatch | null = null;
  for (const c of candidates) {
    const score = c.id === entry.id ? 1 : jaccard(mine, tokens(c.text));
    if (!(score > threshold)) continue;
    if (!best || score > best.score || (score === best.score && c.id < best.id)) best = { id: c.id, origin: c.origin, score };
  }
  return best;
}
