// `akms eval retrieval`: the retrieval arms measured on a labelled query set (core/eval/retrieval.ts).
// Prints the table; writes summary.json and samples.jsonl (one line per query × arm) to --out, so
// two versions of akms (or of the knowledge) can be compared file to file.
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadContext } from "../../core/context.js";
import { UsageError } from "../../core/errors.js";
import { writeFileAtomic } from "../../core/fsx.js";
import { loadGraph } from "../../core/graph.js";
import { withLock } from "../../core/lock.js";
import { displayPath, staysInside } from "../../core/paths.js";
import { evalRetrieval, evalTable, readQuerySet } from "../../core/eval/retrieval.js";
import type { CommandSpec } from "./types.js";

export const evalCommand: CommandSpec = {
  name: "eval",
  summary: "measure retrieval on a labelled query set (nDCG@10, success@1, MRR@10, recall@5, empty results, banned nodes ranked above relevant ones; per query kind, with bootstrap intervals)",
  flags: ["queries", "out", "seed", "arms"],
  usage: "akms eval retrieval [--queries DIR] [--out DIR] [--seed N] [--arms a,b|all]",
  help: `
  akms eval retrieval [--queries DIR] [--out DIR] [--seed N] [--arms a,b|all]

  Runs every retrieval arm of this installation — akms search (qmd BM25), its lexical fallback,
  akms query over the tags derived from each query, the embedding and hybrid arms when the optional
  embedding model is installed — plus a seeded random arm and the oracle, over a labelled set:
    DIR/queries.jsonl  {"id", "text", "kind"}   kind: name | direct | paraphrase | multi-hop | no-answer
    DIR/qrels.jsonl    {"query", "node", "grade": 0-3, "banned"?: true}
  (default DIR: knowledge/eval/). Prints nDCG@10 per kind with 95 % bootstrap intervals and the
  overall metrics; writes summary.json and samples.jsonl to --out (default:
  knowledge/graph/.cache/eval/retrieval/). --arms picks arms by name; all adds the hybrids with
  qmd's BM25 (slower: a qmd run per query and word). Deterministic: the same graph and set give
  the same bytes.
`,
  async run(args, flags) {
    if (args[0] !== "retrieval" || args.length !== 1) throw new UsageError(args.length ? `akms eval does not know "${args.join(" ")}"` : "say what to evaluate", "akms eval retrieval [--queries DIR]");
    const seed = flags.seed === undefined ? 1 : flags.seed;
    if (typeof seed !== "number" || !Number.isInteger(seed) || seed < 0) throw new UsageError("--seed needs a whole number ≥ 0");
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    const graph = loadGraph(ctx.paths);
    const dir = typeof flags.queries === "string" ? resolve(flags.queries) : join(ctx.paths.knowledge, "eval");
    const set = readQuerySet(ctx, graph, dir);
    const arms = typeof flags.arms === "string" ? flags.arms.split(",").map((a) => a.trim()).filter(Boolean) : undefined;
    const r = await evalRetrieval(ctx, graph, set, { env: process.env, seed, arms });
    const out = typeof flags.out === "string" ? resolve(flags.out) : join(ctx.paths.cacheDir, "eval", "retrieval");
    if (staysInside(ctx.vault.path, out)) throw new UsageError(`--out ${flags.out} is inside the global vault, which akms never writes`, "write the results elsewhere (default: knowledge/graph/.cache/eval/retrieval/)");
    const { samples, ...summary } = r;
    withLock(ctx.paths.lock, () => {
      mkdirSync(out, { recursive: true });
      writeFileAtomic(join(out, "summary.json"), JSON.stringify(summary, null, 2) + "\n");
      writeFileAtomic(join(out, "samples.jsonl"), samples.map((s) => JSON.stringify(s)).join("\n") + "\n");
    });
    const shown = displayPath(ctx.repo, out);
    return { json: { ...summary, out: shown }, text: `${evalTable(r)}\n\nwritten: ${shown}/summary.json, ${shown}/samples.jsonl` };
  },
};
