import { readFileSync } from "node:fs";
import { plural } from "../../core/plural.js";
import { resolve } from "node:path";
import { loadContext } from "../../core/context.js";
import { AkmsError, UsageError } from "../../core/errors.js";
import { recordMemory } from "../../core/agent/record.js";
import type { CommandSpec } from "./types.js";

function readInput(arg: string): string {
  try {
    return readFileSync(arg === "-" ? 0 : resolve(process.cwd(), arg), "utf8");
  } catch (e) {
    throw new AkmsError("NOT_FOUND", `cannot read ${arg === "-" ? "standard input" : arg}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, { file: arg, hint: "pass an AgentMemory file, or - to read it from standard input" });
  }
}

export const recordCommand: CommandSpec = {
  name: "record",
  summary: "validate an AgentMemory and record it as knowledge/sessions/<task_id>.md (never runs the update); says what the update will do with its new knowledge",
  flags: [],
  usage: "akms record FILE|-",
  run(args, flags) {
    if (args.length !== 1) throw new UsageError("give one AgentMemory file (or - for standard input)", "akms record memory.md");
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    const r = recordMemory(ctx, readInput(args[0]!), { source: args[0] === "-" ? "(standard input)" : args[0] });
    const lines = [`${r.written ? "recorded" : "already recorded, unchanged:"} ${r.file} (task ${r.task_id} → ${r.session}; ${plural(r.nodes_used, "node")} used, ${plural(r.pitfalls, "pitfall")})`];
    for (const k of r.new_knowledge) {
      lines.push(
        k.action === "appended"
          ? `  new knowledge ${k.suggested_id}: likely a duplicate of local node ${k.node} (score ${k.score}); the update will append it there for review`
          : `  new knowledge ${k.suggested_id}: will become tentative node ${k.node}${k.match ? ` (similar to global ${k.match}, score ${k.score})` : ""}`,
      );
    }
    for (const k of r.known_pitfalls) lines.push(`  known pitfall: ${k.says}`);
    lines.push(`next (after the phase): ${r.next}`);
    return { json: r, text: lines.join("\n"), notes: r.warnings.map((w) => `warning: ${w}`) };
  },
};
