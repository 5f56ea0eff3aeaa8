// `akms eval retrieval`: the retrieval arms measured on a labelled query set (core/eval/retrieval.ts).
// `akms eval replay`: the evidence replayed, each task's context per arm scored against what its
// agent reported (core/eval/replay.ts). Each prints its table and writes summary.json and
// samples.jsonl to --out, so two versions of akms (or of the knowledge) can be compared file to file.
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadContext } from "../../core/context.js";
import { UsageError } from "../../core/errors.js";
import { writeFileAtomic } from "../../core/fsx.js";
import { openGraph } from "../../core/graph.js";
import { withLock } from "../../core/lock.js";
import { displayPath, requireKnowledge, staysInside } from "../../core/paths.js";
import { evalRetrieval, evalTable, readQuerySet } from "../../core/eval/retrieval.js";
import { evalReplay, replayTable } from "../../core/eval/replay.js";
import type { CommandSpec } from "./types.js";

export const evalCommand: CommandSpec = {
  name: "eval",
  summary: "measure retrieval on a labelled query set (retrieval), or replay the evidence and score what each task's context carried (replay)",
  flags: ["queries", "out", "seed", "arms"],
  usage: "akms eval retrieval [--queries DIR] [--out DIR] [--seed N] [--arms a,b|all]  |  akms eval replay [--out DIR] [--seed N] [--arms a,b]",
  help: `
  akms eval retrieval [--queries DIR] [--out DIR] [--seed N] [--arms a,b|all]
  akms eval replay [--out DIR] [--seed N] [--arms a,b]

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

  replay: in a scratch copy of knowledge/ (the repository is not written but for --out), the
  overlay is taken back to before its sessions and every applied AgentMemory / PCD is applied again
  by akms update in the canonical order; before each AgentMemory, each arm (loadout, bm25,
  embedding, hybrid, vault, random, last-phase, shown) builds the task's context from the graph as
  it stood, at the token budget of the loadout akms would have written, and is scored against what
  the task reported: helpful recall (with how much of the context the evidence labels at all),
  known pitfalls carried, repeat bites (pitfalls reported again after they were known) carried or
  not, stale tokens, tokens per helpful node; and the gaps. Default --out:
  knowledge/graph/.cache/eval/replay/.
`,
  async run(args, flags) {
    if ((args[0] !== "retrieval" && args[0] !== "replay") || args.length !== 1) throw new UsageError(args.length ? `akms eval does not know "${args.join(" ")}"` : "say what to evaluate", "akms eval retrieval [--queries DIR]  or  akms eval replay");
    const seed = flags.seed === undefined ? 1 : flags.seed;
    if (typeof seed !== "number" || !Number.isInteger(seed) || seed < 0) throw new UsageError("--seed needs a whole number ≥ 0");
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    requireKnowledge(ctx.paths);
    const armList = typeof flags.arms === "string" ? flags.arms.split(",").map((a) => a.trim()).filter(Boolean) : undefined;
    const outDir = (what: string) => {
      const out = typeof flags.out === "string" ? resolve(flags.out) : join(ctx.paths.cacheDir, "eval", what);
      if (staysInside(ctx.vault.path, out)) throw new UsageError(`--out ${flags.out} is inside the global vault, which akms never writes`, `write the results elsewhere (default: knowledge/graph/.cache/eval/${what}/)`);
      return out;
    };
    // The repository's lock for a write into it; results written elsewhere (--out) need none, so a
    // read-only checkout can be evaluated.
    const write = (out: string, summary: unknown, samples: readonly unknown[]) => {
      const put = () => {
        mkdirSync(out, { recursive: true });
        writeFileAtomic(join(out, "summary.json"), JSON.stringify(summary, null, 2) + "\n");
        writeFileAtomic(join(out, "samples.jsonl"), samples.map((s) => JSON.stringify(s)).join("\n") + "\n");
      };
      return staysInside(ctx.repo, out) ? withLock(ctx.paths.lock, put) : put();
    };
    if (args[0] === "replay") {
      if (flags.queries !== undefined) throw new UsageError("--queries is for akms eval retrieval; the replay's labels are the evidence itself", "akms eval replay [--out DIR] [--seed N] [--arms a,b]");
      const out = outDir("replay");
      const r = await evalReplay(ctx, { env: process.env, seed, arms: armList });
      const { samples, ...summary } = r;
      write(out, summary, samples);
      const shown = displayPath(ctx.repo, out);
      return { json: { ...summary, out: shown }, text: `${replayTable(r)}\n\nwritten: ${shown}/summary.json, ${shown}/samples.jsonl` };
    }
    const graph = openGraph(ctx.paths);
    const dir = typeof flags.queries === "string" ? resolve(flags.queries) : join(ctx.paths.knowledge, "eval");
    const set = readQuerySet(ctx, graph, dir);
    const out = outDir("retrieval");
    const r = await evalRetrieval(ctx, graph, set, { env: process.env, seed, arms: armList });
    const { samples, ...summary } = r;
    write(out, summary, samples);
    const shown = displayPath(ctx.repo, out);
    return { json: { ...summary, out: shown }, text: `${evalTable(r)}\n\nwritten: ${shown}/summary.json, ${shown}/samples.jsonl` };
  },
};
