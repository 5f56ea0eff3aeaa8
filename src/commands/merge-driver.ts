import { UsageError } from "../../core/errors.js";
import { runMergeDriver } from "../../core/team/driver.js";
import { gitTop } from "../../core/team/register.js";
import type { CommandSpec } from "./types.js";

const USAGE = "akms merge-driver %O %A %B %P   (run by git; register it with `akms init --git`)";

export const mergeDriverCommand: CommandSpec = {
  name: "merge-driver",
  summary: "git's merge driver for knowledge/: replays both sides' evidence into the overlay, joins the review journal, merges dedup sections; leaves git's conflict version and exits 1 when it will not merge",
  flags: [],
  usage: USAGE,
  run(args) {
    if (args.length !== 4) throw new UsageError(`merge-driver takes 4 arguments (git's %O %A %B %P), got ${args.length}`, USAGE);
    const [base, ours, theirs, path] = args as [string, string, string, string];
    const top = gitTop(process.cwd()) ?? process.cwd();
    const r = runMergeDriver(top, { base, ours, theirs, path });
    // git shows the driver's output on the terminal; stdout stays empty.
    return { json: { ok: r.ok, kind: r.kind, path, message: r.message }, text: "", notes: [`akms merge-driver: ${r.message}`], exitCode: r.ok ? 0 : 1 };
  },
};
