import { loadContext } from "../../core/context.js";
import { requireKnowledge } from "../../core/paths.js";
import { UsageError } from "../../core/errors.js";
import { SECTION_TITLES, writeReviewReport } from "../../core/report.js";
import { SECTION_ORDER } from "../../core/review/sections.js";
import type { CommandSpec, Flags } from "./types.js";

async function reportRun(flags: Flags) {
  const phase = flags.phase as number | undefined;
  if (phase !== undefined && (!Number.isInteger(phase) || phase < 0)) throw new UsageError("--phase must be a whole number (0 or more)", "akms review --report --phase 2");
  const out = flags.out === "-" ? "-" : typeof flags.out === "string" && flags.out ? flags.out : undefined;
  // Imported here: the config's schema (zod) is built when the module loads, and the console does not need it.
  const { loadContext } = await import("../../core/context.js");
  const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
  requireKnowledge(ctx.paths);
  const r = writeReviewReport(ctx, { phase, out });
  const notes = phase !== undefined && !r.known_phases.includes(phase) ? [`warning: no session of this repository is in phase ${phase} (phases: ${r.known_phases.join(", ") || "none yet"}); the report for it has no phase-bound items`] : [];
  const json = { ok: true, path: r.path, written: r.written, phase: r.phase, graph_version: r.graph_version, summary: r.summary, warnings: notes.map((n) => n.replace(/^warning: /, "")) };
  if (r.text !== undefined) return { json: { ...json, markdown: r.text }, text: r.text, notes };
  const w = Math.max(...SECTION_ORDER.map((k) => SECTION_TITLES[k].length));
  const lines = [`${r.written ? "wrote" : "unchanged"} ${r.path} (phase ${r.phase}, graph_version ${r.graph_version})`];
  for (const k of SECTION_ORDER) lines.push(`  ${SECTION_TITLES[k].padEnd(w)}  ${String(r.summary[k]).padStart(4)}`);
  return { json, text: lines.join("\n"), notes };
}

export const reviewCommand: CommandSpec = {
  name: "review",
  summary: "the review console (a terminal); --report writes the Markdown review report (knowledge/reviews/phase-<N>-review.md)",
  flags: ["report", "phase", "out"],
  usage: "akms review [--report [--phase N] [--out FILE]]",
  async run(args, flags) {
    // `--out -` (standard output): the parser may hand the lone "-" over as an argument.
    if (flags.report && args.length === 1 && args[0] === "-" && (flags.out === undefined || flags.out === "")) return reportRun({ ...flags, out: "-" });
    if (args.length) throw new UsageError(`\`akms review\` takes no arguments (got ${args.join(" ")})`, "akms review, or akms review --report [--phase N] [--out FILE]");
    if (flags.report) return reportRun(flags);
    if (!process.stdout.isTTY || !process.stdin.isTTY) {
      throw new UsageError("the review console needs an interactive terminal", "use `akms review --report` for the Markdown report, and `akms promote|draft|undraft|dedup|undo` to act");
    }
    const phase = flags.phase as number | undefined;
    if (phase !== undefined && (!Number.isInteger(phase) || phase < 0)) throw new UsageError("--phase must be a whole number (0 or more)", "akms review --phase 2");
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault, writeCache: true });
    requireKnowledge(ctx.paths);
    // Loaded only here: the console (ink, react) is most of the bundle, and no other command needs it.
    const { importConsole } = await import("../../screens/import-console.js");
    const { openConsole } = await importConsole();
    return openConsole(ctx, flags);
  },
};
