import { findRepo, repoPaths } from "../../core/paths.js";
import { initKnowledge } from "../../core/init.js";
import type { CommandSpec } from "./types.js";

export const initCommand: CommandSpec = {
  name: "init",
  summary: "scaffold knowledge/ (directories, a commented propagation_config.yaml with every default, .gitignore); never overwrites a file",
  usage: "akms init",
  run(_args, flags) {
    const paths = repoPaths(findRepo(process.cwd(), flags.repo));
    const r = initKnowledge(paths);
    const lines: string[] = [];
    if (r.created.length) {
      lines.push(`initialised ${paths.knowledge}`);
      for (const c of r.created) lines.push(`  created ${c}`);
    } else {
      lines.push(`${paths.knowledge} is already initialised; nothing written`);
    }
    for (const k of r.kept) lines.push(`  kept    ${k} (exists; not overwritten)`);
    lines.push(
      "next:",
      "  point global_vault in knowledge/graph/propagation_config.yaml (or $AKMS_GLOBAL_VAULT) at your vault — optional, akms works with zero nodes",
      "  akms build      compile knowledge/graph/graph.json",
    );
    return {
      json: { ok: true, repo: r.repo, knowledge: paths.knowledge, created: r.created, kept: r.kept, notes: r.notes },
      text: lines.join("\n"),
      notes: r.notes.map((n) => `note: ${n}`),
    };
  },
};
