// The planning commands' (query, loadout) check of their input before the graph is prepared: the
// flags (--task or --tags) and the task record, read as the command reads them (the validated
// record is kept in the store's facts, so the command's own read of it costs no second validation).
import { loadContext } from "../../core/context.js";
import { readPlanningFlags } from "../../core/query/input.js";
import type { Flags } from "./types.js";

export function checkPlanningInput(flags: Flags): void {
  const ctx = flags.task !== undefined ? loadContext({ repo: flags.repo, vault: flags.vault, writeCache: true }) : undefined;
  readPlanningFlags({ task: flags.task, tags: flags.tags }, process.cwd(), ctx);
}
