import { readFileSync } from "node:fs";
import { loadContext } from "../../core/context.js";
import { AkmsError, UsageError } from "../../core/errors.js";
import { preToolUse, sessionStart, type HookInput } from "../../core/agent/hooks.js";
import type { CommandSpec } from "./types.js";

const HOOKS = ["session-start", "pre-tool-use"] as const;

function readInput(): HookInput {
  let text = "";
  try {
    text = readFileSync(0, "utf8");
  } catch {
    /* no standard input: an empty object */
  }
  if (!text.trim()) return {};
  try {
    const v = JSON.parse(text) as unknown;
    if (v && typeof v === "object" && !Array.isArray(v)) return v as HookInput;
  } catch {
    /* reported below */
  }
  throw new AkmsError("HOOK_INPUT", "the hook's standard input is not a JSON object", { hint: "the agent host sends the hook's input as one JSON object on standard input" });
}

export const hookCommand: CommandSpec = {
  name: "hook",
  summary: "agent-host hooks (JSON in, JSON out): session-start gives the task's loadout as context; pre-tool-use denies writes that bypass the review (the global vault, knowledge/graph/, a node's status), by file tools and Bash",
  flags: [],
  usage: "akms hook session-start|pre-tool-use",
  run(args, flags) {
    const which = args[0];
    if (args.length !== 1 || !(HOOKS as readonly string[]).includes(which!)) throw new UsageError(`akms hook takes one of ${HOOKS.join(", ")}`);
    const input = readInput();
    // The project is the one the host names (CLAUDE_PROJECT_DIR), whatever directory the session has cd'ed into.
    const project = process.env.CLAUDE_PROJECT_DIR?.trim() || undefined;
    const cwd = project ?? (typeof input.cwd === "string" && input.cwd ? input.cwd : process.cwd());
    const ctx = loadContext({ cwd, repo: flags.repo, vault: flags.vault });
    const out = which === "session-start" ? sessionStart(ctx) : preToolUse(ctx, input);
    return { json: out, text: JSON.stringify(out) };
  },
};
