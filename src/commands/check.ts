// `akms check`: the knowledge of this checkout holds together — for CI on a pull request
// (core/team/check.ts says what it checks). Exit 1 with the findings, each with its fix; 0 when
// there is none. --no-replay skips the replay of the overlay's evidence (the slow part on a large
// repository, and one that cannot pass where older sessions' documents were pruned).
import { loadContext } from "../../core/context.js";
import { UsageError } from "../../core/errors.js";
import { requireKnowledge } from "../../core/paths.js";
import { runCheck } from "../../core/team/check.js";
import type { CommandSpec } from "./types.js";
import { plural } from "../../core/plural.js";

export const checkCommand: CommandSpec = {
  name: "check",
  summary: "CI for knowledge: conflict markers, committed evidence not applied or applied evidence not committed, the overlay not the replay of its evidence, the merge driver, a stale committed graph.json, agent nodes promoted outside the review (exit 1 with each fix)",
  flags: ["replay"],
  usage: "akms check [--no-replay]",
  async run(args, flags) {
    if (args.length) throw new UsageError("akms check takes no arguments", "akms check [--no-replay]");
    const given = { repo: flags.repo, vault: flags.vault };
    const ctx = loadContext(given);
    requireKnowledge(ctx.paths);
    const r = await runCheck(ctx, { given, env: process.env, replay: flags.replay !== false });
    const lines = r.ok
      ? [`akms check: all clear (${r.checked.join("; ")})`]
      : [`akms check: ${plural(r.findings.length, "finding")}`, ...r.findings.flatMap((f) => [`  ${f.code}: ${f.message}`, `    fix: ${f.fix}`])];
    return { json: r, text: lines.join("\n"), notes: r.notes.map((n) => `note: ${n}`), exitCode: r.ok ? 0 : 1 };
  },
};
