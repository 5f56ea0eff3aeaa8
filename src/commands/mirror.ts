import { loadContext } from "../../core/context.js";
import { UsageError } from "../../core/errors.js";
import { generateMirror, type MirrorResult } from "../../core/mirror/generate.js";
import type { CommandSpec } from "./types.js";
import { plural } from "../../core/plural.js";


function describeSelection(r: MirrorResult): string {
  if (r.mode === "since") return `files changed since ${r.ref}`;
  if (r.mode === "pcd") return `files of ${r.pcd}`;
  if (r.mode === "all") return "every source file";
  return "the named files";
}

function text(r: MirrorResult): string {
  const lines: string[] = [];
  lines.push(
    `mirror (${describeSelection(r)}): ${r.mirrored.length} written, ${r.unchanged.length} unchanged, ${r.removed.length} removed` +
      (r.skipped.length ? `, ${r.skipped.length} skipped` : ""),
  );
  for (const m of r.mirrored) {
    lines.push(`  wrote    ${m.mirror}  ← ${m.source} (${plural(m.definitions, "definition")}${m.drift ? `, ${m.drift} drift → status draft` : ""})`);
  }
  for (const m of r.removed) lines.push(`  removed  ${m.mirror}  (${m.reason}: ${m.source})`);
  if (r.unchanged.length && r.unchanged.length <= 20) for (const m of r.unchanged) lines.push(`  same     ${m.mirror}`);
  for (const s of r.skipped) lines.push(`  skipped  ${s.source}: ${s.reason}`);
  if (r.drift.length) {
    lines.push("", `docstring drift (${r.drift.length}):`);
    for (const d of r.drift) lines.push(`  ${d.source_file}:${d.line}  ${d.function}  ${d.detail}`);
  } else {
    lines.push("no docstring drift");
  }
  if (r.semantic.enabled) {
    lines.push(r.semantic.ran ? `semantic drift check: ${plural(r.semantic.calls, "model call")}` : `semantic drift check: ${r.semantic.message ?? "nothing to check"}`);
  }
  if (r.graph) lines.push(`graph.json ${r.graph.written ? "rebuilt" : "unchanged"} (graph_version ${r.graph.graph_version})`);
  if (r.graph_error) lines.push(`graph.json NOT rebuilt: ${r.graph_error} — fix that, then run \`akms build\``);
  return lines.join("\n");
}

export const mirrorCommand: CommandSpec = {
  name: "mirror",
  summary: "regenerate the code mirror (one .md per source file) and check docstring drift",
  flags: ["files", "pcd", "since", "all", "phase"],
  usage: "akms mirror [--files F… | --pcd FILE | --since REF | --all] [--phase N]",
  async run(args, flags) {
    if (args.length) throw new UsageError(`unexpected argument "${args[0]}"`, "name files with --files F (repeat the flag for more)");
    const phase = flags.phase as number | undefined;
    if (phase !== undefined && (!Number.isInteger(phase) || phase < 0)) throw new UsageError("--phase takes a whole number", "for example --phase 2");
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    const r = await generateMirror(ctx, {
      files: (flags.files as string[] | undefined) ?? undefined,
      pcd: flags.pcd as string | undefined,
      since: flags.since as string | undefined,
      all: Boolean(flags.all),
      phase,
    });
    const notes = [
      ...ctx.cfg.warnings.map((w) => `warning: ${w}`),
      ...r.warnings.map((w) => `warning: ${w.file}${w.line !== undefined ? `:${w.line}` : ""}: ${w.message}`),
    ];
    return {
      json: { ok: true, ...r, config_warnings: ctx.cfg.warnings },
      text: text(r),
      notes,
      exitCode: 0,
    };
  },
};
