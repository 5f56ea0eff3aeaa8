// FR-L11: "Authors MUST include a `## Summary` section in nodes with context_size: large". The
// compile reads only a node's frontmatter, so whether a large node's body has the section is
// checked here, from the file, and kept as the store's `summary` fact under the file's stat key
// (core/store/facts.ts): a rebuild reads only the large nodes that changed. A missing section is a
// build warning (the node stays in the graph, UR-02) and an error of `akms validate`.
import { readFileSync } from "node:fs";
import { splitFrontmatter } from "../frontmatter.js";
import { extractSummary } from "../markdown.js";
import type { RepoPaths } from "../paths.js";
import { openFacts } from "../store/facts.js";
import { statKey } from "../store/freshness.js";

export interface SummaryChecker {
  (file: string): boolean;
  /** Writes what was learnt (the caller holds the repository lock). */
  save(): void;
}

export function hasSummarySection(text: string): boolean {
  const body = splitFrontmatter(text)?.body ?? text;
  return extractSummary(body) !== null;
}

export function summaryChecker(paths: RepoPaths): SummaryChecker {
  const facts = openFacts(paths);
  const checked = new Set<string>();
  const check = ((file: string): boolean => {
    const key = statKey(file); // null: missing, or changed too recently to key — read, and kept for nobody
    checked.add(file);
    const known = facts.get<boolean>("summary", file, key);
    if (known !== undefined) return known;
    let ok = true;
    try {
      ok = hasSummarySection(readFileSync(file, "utf8"));
    } catch {
      /* gone or unreadable: the compile reports it */
    }
    facts.put("summary", file, key, ok);
    return ok;
  }) as SummaryChecker;
  check.save = () => {
    facts.retain("summary", checked);
    facts.save();
  };
  return check;
}
