// `akms re-evaluate` (spec §5.1): every loadout in knowledge/loadouts/ whose graph_version is not
// the current graph's is generated again from the request its header records (task file or tags,
// role, phase, mode, context limit, --no-qmd); the report says which changed and how.
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Context } from "./context.js";
import { isAkmsError } from "./errors.js";
import { readTextIfExists } from "./fsx.js";
import { withLock } from "./lock.js";
import { displayPath } from "./paths.js";
import { writeLoadouts, type LoadoutOutcome, type LoadoutRequest } from "./loadout.js";
import { loadoutHeader, loadoutNodeIds } from "./loadout/render.js";
import type { QueryGraph } from "./query.js";
import { isComplete, readTask } from "./query/task.js";
import { qmdUse } from "./loadout/retrieve.js";

export interface ReevaluateEntry {
  file: string;
  task_id: string | null;
  role: string | null;
  /** kept: a done task's loadout — what its agent read, left as it was. */
  status: "current" | "regenerated" | "kept" | "failed";
  old_version: string | null;
  new_version: string;
  written: boolean;
  nodes_in: string[];
  nodes_out: string[];
  mode_before: string | null;
  mode_after: string | null;
  error?: { code: string; message: string; hint?: string };
}

export interface ReevaluateResult {
  graph_version: string;
  checked: number;
  stale: number;
  regenerated: number;
  /** Stale loadouts of done tasks, left as their agents read them. */
  kept: number;
  failed: number;
  entries: ReevaluateEntry[];
}

export function reevaluate(ctx: Context, graph: QueryGraph, opts: { noQmd?: boolean; env?: NodeJS.ProcessEnv } = {}): ReevaluateResult {
  return withLock(ctx.paths.lock, () => {
    let names: string[] = [];
    try {
      names = readdirSync(ctx.paths.loadouts).filter((n) => n.endsWith(".md") && !n.startsWith(".")).sort();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    }
    const probed = qmdUse(Boolean(opts.noQmd), opts.env, { dir: ctx.paths.qmdCacheDir, lock: ctx.paths.lock });
    // Stale loadouts are regenerated together (their qmd searches run concurrently), in order.
    type Base = Omit<ReevaluateEntry, "status" | "written" | "nodes_in" | "nodes_out" | "mode_after" | "error">;
    const slots: ({ base: Base; entry: ReevaluateEntry } | { base: Base; text: string; req: LoadoutRequest } | { base: Base; error: unknown })[] = [];
    for (const name of names) {
      const file = join(ctx.paths.loadouts, name);
      const shown = displayPath(ctx.repo, file);
      const text = readTextIfExists(file) ?? "";
      const h = loadoutHeader(text, shown);
      const base: Base = {
        file: shown,
        task_id: typeof h?.task_id === "string" ? h.task_id : null,
        role: typeof h?.agent_role === "string" ? h.agent_role : null,
        old_version: typeof h?.graph_version === "string" ? h.graph_version : null,
        new_version: graph.version,
        mode_before: typeof h?.loadout_mode === "string" ? h.loadout_mode : null,
      };
      if (base.old_version === graph.version) {
        slots.push({ base, entry: { ...base, status: "current", written: false, nodes_in: [], nodes_out: [], mode_after: base.mode_before } });
        continue;
      }
      try {
        if (!h) throw new Error("its header cannot be read; delete it and run `akms loadout` again");
        const taskFile = typeof h.task_file === "string" && h.task_file ? resolve(ctx.repo, h.task_file) : null;
        const req: LoadoutRequest = {
          task: taskFile ? readTask(taskFile, ctx.repo) : null,
          tags: Array.isArray(h.seed_tags) ? h.seed_tags.map(String) : [],
          role: base.role ?? undefined,
          phase: typeof h.phase === "number" ? h.phase : null,
          mode: h.mode_requested === "routing" || h.mode_requested === "full" ? h.mode_requested : "auto",
          noQmd: Boolean(opts.noQmd) || h.no_qmd === true,
          contextLimit: typeof h.context_limit === "number" ? h.context_limit : undefined,
          out: file,
          env: opts.env,
          qmd: probed,
        };
        if (req.task && isComplete(req.task.record.status)) {
          slots.push({ base, entry: { ...base, status: "kept", written: false, nodes_in: [], nodes_out: [], mode_after: base.mode_before } });
          continue;
        }
        slots.push({ base, text, req });
      } catch (error) {
        slots.push({ base, error });
      }
    }
    const pending = slots.flatMap((s) => ("req" in s ? [s.req] : []));
    const outcomes = writeLoadouts(ctx, graph, pending);
    let k = 0;
    const entries: ReevaluateEntry[] = slots.map((s) => {
      if ("entry" in s) return s.entry;
      const o: LoadoutOutcome = "req" in s ? outcomes[k++]! : { ok: false, error: s.error };
      if (!o.ok) {
        const e = o.error;
        const error = isAkmsError(e) ? { code: e.code, message: e.message, ...(e.hint ? { hint: e.hint } : {}) } : { code: "FAILED", message: (e as Error).message };
        return { ...s.base, status: "failed", written: false, nodes_in: [], nodes_out: [], mode_after: null, error };
      }
      const r = o.result;
      const before = loadoutNodeIds("text" in s ? s.text : "");
      return {
        ...s.base,
        status: "regenerated",
        written: r.written,
        nodes_in: r.node_ids.filter((id) => !before.includes(id)),
        nodes_out: before.filter((id) => !r.node_ids.includes(id)),
        mode_after: r.loadout_mode,
      };
    });
    return {
      graph_version: graph.version,
      checked: entries.length,
      stale: entries.filter((e) => e.status !== "current").length,
      regenerated: entries.filter((e) => e.status === "regenerated").length,
      kept: entries.filter((e) => e.status === "kept").length,
      failed: entries.filter((e) => e.status === "failed").length,
      entries,
    };
  });
}
