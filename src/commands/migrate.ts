import { resolve } from "node:path";
import { loadContext } from "../../core/context.js";
import { UsageError } from "../../core/errors.js";
import { migrate, migrationContext, planned, runV3Migration, type MigrationPlan } from "../../core/migrate.js";
import type { CommandSpec } from "./types.js";

function planLines(plan: MigrationPlan): string[] {
  const lines = plan.files.map((f) => `  ${f.shown}: ${f.moved.length ? `moves ${f.moved.join(", ")} to the overlay; ` : ""}akms_schema v1 → v2`);
  if (plan.config) lines.push(`  ${plan.config.shown}: akms_schema v1 → v2 (its keys are the same in v2)`);
  for (const d of plan.documents) lines.push(`  ${d.shown}: akms_schema v1 → v2`);
  if (plan.overlayChanged) {
    const moving = plan.files.filter((f) => Object.keys(f.entry).length || f.edges.length);
    lines.push(`  knowledge/graph/local_state.yaml: receives the experience of ${moving.length} node(s):`);
    // What the overlay will say, entry by entry (the whole plan, before anything is written).
    for (const f of moving) {
      if (Object.keys(f.entry).length) lines.push(`    nodes.${f.id}: ${JSON.stringify(f.entry)}`);
      for (const e of f.edges) lines.push(`    local_edges: ${e.from} → ${e.to} (${e.type}, weight ${e.weight}${e.note ? `: ${JSON.stringify(e.note)}` : ""})`);
    }
  }
  if (plan.vaultOut) lines.push(`  the migrated vault copy goes to ${plan.vaultOut} (the vault itself is not written)`);
  return lines;
}

export const migrateCommand: CommandSpec = {
  name: "migrate",
  summary: "migrate a v1 repository to v2 (experience out of node frontmatter into local_state.yaml; --vault-out DIR for a v1 vault's copy); --from v2 runs the repository's v2_to_v3 migration",
  flags: ["from", "dryRun", "vaultOut"],
  usage: "akms migrate [--from v1] [--dry-run] [--vault-out DIR] · akms migrate --from v2",
  run(args, flags) {
    if (args.length) throw new UsageError(`akms migrate takes no arguments (got ${args.join(" ")})`);
    const from = flags.from ?? "v1";
    // A v1 config is read as the v2 one migrate writes: migrate runs where every other command refuses it.
    const ctx = migrationContext({ repo: flags.repo, vault: flags.vault });
    if (from === "v2") {
      const r = runV3Migration(ctx);
      if (r.status !== 0) throw new UsageError(`${r.script} exited with status ${r.status}:\n${r.output.trim()}`, "fix the migration script or the repository, then run it again");
      return { json: { ok: true, from: "v2", to: "v3", script: r.script, output: r.output }, text: `ran ${r.script}\n${r.output.trim()}` };
    }
    if (from !== "v1") throw new UsageError(`--from must be v1 (or v2, to run a v2 → v3 migration the repository ships); got "${String(from)}"`);
    const vaultOut = typeof flags.vaultOut === "string" ? resolve(process.cwd(), flags.vaultOut) : undefined;
    if (flags.vaultOut !== undefined && !vaultOut) throw new UsageError("--vault-out needs a directory");
    const r = migrate(ctx, { vaultOut, dryRun: Boolean(flags.dryRun), vaultCtx: (vault) => loadContext({ repo: ctx.repo, vault }) });
    const plan = planLines(r.plan);
    const text = !planned(r.plan)
      ? "nothing to migrate: no v1 node file, config, evidence document or task record here (the repository is v2)"
      : flags.dryRun
        ? ["akms migrate --dry-run: would change", ...plan, "(nothing written)"].join("\n")
        : ["migrated v1 → v2:", ...plan, `graph_version ${r.graphVersion}${r.plan.vaultOut ? ` · build with --vault ${r.plan.vaultOut} (or set AKMS_GLOBAL_VAULT to it) from now on` : ""}`].join("\n");
    return {
      json: { ok: true, dry_run: Boolean(flags.dryRun), files: r.plan.files.map((f) => ({ file: f.shown, id: f.id, moved: f.moved, overlay_entry: f.entry, overlay_edges: f.edges })), config: r.plan.config?.shown ?? null, documents: r.plan.documents.map((d) => d.shown), overlay_changed: r.plan.overlayChanged, vault_out: r.plan.vaultOut, written: r.written, graph_version: r.graphVersion },
      text,
    };
  },
};
