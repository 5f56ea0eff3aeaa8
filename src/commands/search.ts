import { QMD_INSTALL_HINT } from "../../core/qmd.js";
import { loadContext } from "../../core/context.js";
import { UsageError } from "../../core/errors.js";
import { openGraphOrNull } from "../../core/graph.js";
import { searchKnowledge, SEARCH_SCOPES, type SearchScope } from "../../core/agent/search.js";
import { qmdIndexMessage } from "../../core/qmd.js";
import type { CommandSpec } from "./types.js";
import { plural } from "../../core/plural.js";

export const searchCommand: CommandSpec = {
  name: "search",
  summary: "search over node files, sessions or the code mirror: BM25 (qmd; a lexical search without it) and, when installed, an offline embedding model, fused by rank; hits named by node id",
  flags: ["in", "limit", "qmd"],
  usage: "akms search QUERY… [--in nodes|sessions|mirror] [--limit N] [--no-qmd]",
  async run(args, flags) {
    if (!args.length) throw new UsageError("give the words to search for", 'akms search "green operator cache" [--in sessions]');
    const scope = (flags.in ?? "nodes") as string;
    if (!(SEARCH_SCOPES as readonly string[]).includes(scope)) throw new UsageError(`--in must be one of ${SEARCH_SCOPES.join(", ")} (got "${scope}")`);
    if (flags.limit !== undefined && (typeof flags.limit !== "number" || !Number.isInteger(flags.limit) || flags.limit < 1)) throw new UsageError("--limit needs a whole number of at least 1");
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    // No graph yet: hits are still shown, without their node ids for sessions and mirror files. (A
    // damaged index is thrown: the command runs once more on one made anew.)
    const r = await searchKnowledge(ctx, openGraphOrNull(ctx.paths), args.join(" "), {
      scope: scope as SearchScope,
      limit: flags.limit as number | undefined,
      noQmd: flags.qmd === false,
      // On stderr while it runs (stdout is the result; under `akms mcp`, stderr is the server's log).
      onIndex: (kind) => process.stderr.write(qmdIndexMessage(kind) + "\n"),
    });
    const sem = r.semantic && "engine" in r.semantic ? `; embeddings ${r.semantic.engine}: ${r.semantic.covered} of ${r.semantic.files} files${r.semantic.covered < r.semantic.files ? " (the rest by BM25 alone until `akms index`)" : ""}` : "";
    const engine = `${r.engine}${r.qmd_index ? `, index ${r.qmd_index} for this search` : ""}${r.degraded ? `; degraded: ${r.degraded}` : ""}${sem}`;
    const lines = [`search "${r.query}" in ${r.scope}: ${plural(r.hits.length, "hit")} (${engine}; ${r.files_searched} files)`];
    for (const h of r.hits) lines.push(`  ${h.id ?? "(no node)"}  ${h.file}:${h.line}`, `      ${h.snippet}`);
    const notes = r.degraded ? [`note: ${r.degraded}; a lexical search was used`, ...(r.degraded === "qmd not installed" ? [`note: ${QMD_INSTALL_HINT}`] : [])] : [];
    if (r.semantic && "off" in r.semantic && !flags.json) notes.push(`note: no semantic arm: ${r.semantic.off}`);
    return { json: r, text: lines.join("\n"), notes };
  },
};
