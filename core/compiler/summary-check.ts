// FR-L11: "Authors MUST include a `## Summary` section in nodes with context_size: large". The
// compile reads only a node's frontmatter, so whether a large node's body has the section is
// checked here, from the file, and remembered by the file's stat (knowledge/graph/.cache/
// summary-check.json): a rebuild reads only the large nodes that changed. A missing section is a
// build warning (the node stays in the graph, UR-02) and an error of `akms validate`.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { readTextIfExists, writeFileAtomic } from "../fsx.js";
import { splitFrontmatter } from "../frontmatter.js";
import { extractSummary } from "../markdown.js";

const FORMAT = "akms-summary-check-1";

type Entry = [size: number, mtimeMs: number, ino: number, ok: 0 | 1];

export interface SummaryChecker {
  (file: string): boolean;
  /** Writes what was learnt (the caller holds the repository lock). */
  save(): void;
}

export function hasSummarySection(text: string): boolean {
  const body = splitFrontmatter(text)?.body ?? text;
  return extractSummary(body) !== null;
}

export function summaryChecker(cacheDir: string): SummaryChecker {
  const path = join(cacheDir, "summary-check.json");
  let known: Record<string, Entry> = {};
  try {
    const doc = JSON.parse(readTextIfExists(path) ?? "null") as { format?: string; files?: Record<string, Entry> } | null;
    if (doc?.format === FORMAT && doc.files) known = doc.files;
  } catch {
    /* a damaged cache is read again from the files */
  }
  const next: Record<string, Entry> = {};
  let changed = false;
  const check = ((file: string): boolean => {
    let st;
    try {
      st = statSync(file);
    } catch {
      return true; // gone: nothing to say
    }
    const k = known[file];
    if (k && k[0] === st.size && k[1] === st.mtimeMs && k[2] === st.ino) {
      next[file] = k;
      return k[3] === 1;
    }
    let ok = true;
    try {
      ok = hasSummarySection(readFileSync(file, "utf8"));
    } catch {
      /* unreadable: the compile reports it */
    }
    next[file] = [st.size, st.mtimeMs, st.ino, ok ? 1 : 0];
    changed = true;
    return ok;
  }) as SummaryChecker;
  check.save = () => {
    if (!changed && Object.keys(next).length === Object.keys(known).length) return;
    const files = Object.fromEntries(Object.keys(next).sort().map((f) => [f, next[f]!]));
    writeFileAtomic(path, JSON.stringify({ format: FORMAT, files }) + "\n");
  };
  return check;
}
