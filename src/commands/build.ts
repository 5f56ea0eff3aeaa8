import { build } from "../../core/compiler/build.js";
import { loadContext } from "../../core/context.js";
import { formatProblem } from "../../core/errors.js";
import { requireKnowledge, vaultProblem } from "../../core/paths.js";
import type { CommandSpec } from "./types.js";
import { plural } from "../../core/plural.js";
import { openGraphOrNull } from "../../core/graph.js";
import { didYouMean } from "../../core/suggest.js";

export const buildCommand: CommandSpec = {
  name: "build",
  summary: "compile the global vault, local nodes, code mirror and overlay into knowledge/graph/graph.json",
  flags: ["keepGoing", "cache", "allowEmptyVault"],
  usage: "akms build [--keep-going] [--no-cache] [--allow-empty-vault]",
  async run(_args, flags) {
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault, writeCache: true });
    requireKnowledge(ctx.paths); // `akms init` makes knowledge/; a build in the wrong directory does not
    const r = build(ctx, { keepGoing: Boolean(flags.keepGoing), noCache: flags.cache === false, allowEmptyVault: Boolean(flags.allowEmptyVault) });
    const vault = vaultProblem(ctx.vault);
    const lines = [
      `${r.written ? "wrote" : "unchanged"} ${ctx.paths.graphJson}`,
      `  ${plural(r.nodeCount, "node")}, ${plural(r.edgeCount, "edge")}, graph_version ${r.graphVersion}`,
      `  global vault: ${ctx.vault.display}${ctx.vault.path !== ctx.vault.display ? ` (${ctx.vault.path})` : ""}`,
    ];
    if (r.warnings.length) {
      lines.push(`  ${plural(r.warnings.length, "warning")} (kept for \`akms status\`):`);
      // A mistyped edge target is met here first: the nearest id, as `akms status` names it.
      const ids = r.warnings.slice(0, 20).some((w) => w.code === "DANGLING_EDGE") ? [...(openGraphOrNull(ctx.paths)?.nodes.keys() ?? [])] : [];
      for (const w of r.warnings.slice(0, 20)) {
        const near = w.code === "DANGLING_EDGE" && w.target ? didYouMean(w.target, ids) : undefined;
        lines.push(`    ${w.code.toLowerCase()}: ${w.file ? w.file + ": " : ""}${w.message}${near ? ` — ${near}` : ""}`);
      }
      if (r.warnings.length > 20) lines.push(`    … ${r.warnings.length - 20} more`);
    }
    if (r.rejects.length) {
      lines.push(`  rejected (--keep-going), not compiled:`);
      for (const p of r.rejects) lines.push(`    ${formatProblem(p)}`);
    }
    return {
      json: {
        ok: true,
        written: r.written,
        graph_json: r.graphJson,
        graph_version: r.graphVersion,
        node_count: r.nodeCount,
        edge_count: r.edgeCount,
        warnings: r.warnings,
        rejects: r.rejects,
        config_warnings: ctx.cfg.warnings,
        vault_warning: vault,
      },
      text: lines.join("\n"),
      notes: [...ctx.cfg.warnings.map((w) => `warning: ${w}`), ...(vault ? [`warning: ${vault} — check the path, or pass --vault DIR`] : [])],
      exitCode: r.rejects.length ? 1 : 0,
    };
  },
};
