// `akms diff A...B` (or A..B): what a branch changes in the knowledge (core/team/diff.ts), as Markdown for a
// pull request's comment (or JSON).
import { loadContext } from "../../core/context.js";
import { UsageError } from "../../core/errors.js";
import { requireKnowledge } from "../../core/paths.js";
import { diffMarkdown, knowledgeDiff } from "../../core/team/diff.js";
import type { CommandSpec } from "./types.js";

export const diffCommand: CommandSpec = {
  name: "diff",
  summary: "what a branch changes in the knowledge, as Markdown for a pull request: new nodes, status changes, confidence moves, pitfalls, sessions, review decisions",
  flags: ["threshold"],
  usage: "akms diff A...B | A..B [--threshold X]",
  run(args, flags) {
    if (args.length !== 1) throw new UsageError("akms diff takes one range A...B or A..B", "akms diff main...my-branch: what the branch changed since it left main (main..my-branch compares the two commits)");
    const t = flags.threshold;
    if (t !== undefined && (typeof t !== "number" || !(t >= 0 && t <= 1))) throw new UsageError("--threshold needs a number from 0 to 1 (the smallest confidence move listed)");
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    requireKnowledge(ctx.paths);
    const d = knowledgeDiff(ctx, args[0]!, { env: process.env, threshold: t as number | undefined });
    return { json: d, text: diffMarkdown(d).replace(/\n$/, "") };
  },
};
