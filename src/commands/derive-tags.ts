import { loadContext } from "../../core/context.js";
import { UsageError } from "../../core/errors.js";
import { openGraph } from "../../core/graph.js";
import { readTask, taskArgFile } from "../../core/query/task.js";
import { deriveTags, describeSource, writeTaskTags } from "../../core/tags.js";
import type { CommandSpec, Flags } from "./types.js";
import { plural } from "../../core/plural.js";

function taskOf(flags: Flags, ctx = loadContext({ repo: flags.repo, vault: flags.vault })) {
  if (typeof flags.task !== "string" || !flags.task) throw new UsageError("give --task FILE (a task record) or the task's id");
  return readTask(taskArgFile(ctx.paths, flags.task, process.cwd()));
}

export const deriveTagsCommand: CommandSpec = {
  name: "derive-tags",
  summary: "derive a task's tags from its scope files and text (spec §4.5), each with its source; --write fills akms_tags",
  flags: ["task", "write", "force"],
  usage: "akms derive-tags --task FILE|ID [--write [--force]]",
  checkInput: (flags) => void taskOf(flags),
  run(_args, flags) {
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    const task = taskOf(flags, ctx);
    const graph = openGraph(ctx.paths);
    const d = deriveTags(graph, ctx.cfg, task.record, { repo: ctx.repo, knowledge: ctx.paths.knowledge, vault: ctx.vault.path });
    const w = flags.write ? writeTaskTags(ctx, task, d, graph.version, { force: Boolean(flags.force) }) : null;
    const lines = [`task ${task.record.task_id} (${task.shown}): ${plural(d.tags.length, "derived tag")}`];
    lines.push(`  matched text: ${d.text_fields.join(", ") || "(no title, objective, description or steps)"}; scope: ${plural(d.scope.length, "file")}`);
    for (const t of d.tags) {
      lines.push(`  ${t.tag}`);
      for (const s of t.sources) lines.push(`      ${describeSource(s)}`);
    }
    if (task.record.akms_tags.length) lines.push(`  akms_tags already set: ${task.record.akms_tags.join(", ")}`);
    if (w) lines.push(w.written ? `wrote akms_tags to ${task.shown}${w.log ? `; sources logged in ${w.log}` : ""}` : `not written: ${w.skipped}`);
    return {
      json: {
        ok: true,
        task_id: task.record.task_id,
        task_file: task.shown,
        graph_version: graph.version,
        akms_tags: task.record.akms_tags,
        tags: d.tags.map((t) => ({ ...t, why: t.sources.map(describeSource) })),
        text_fields: d.text_fields,
        scope: d.scope,
        written: w?.written ?? false,
        skipped: w?.skipped ?? null,
        log: w?.log ?? null,
        warnings: d.warnings,
      },
      text: lines.join("\n"),
      notes: [...ctx.cfg.warnings, ...d.warnings].map((x) => `warning: ${x}`),
    };
  },
};
