import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  preToolUse,
  sessionStart
} from "./chunk-GNELFSCR.mjs";
import {
  loadContext
} from "./chunk-2KKMRBBQ.mjs";
import "./chunk-W24I3PEA.mjs";
import "./chunk-OBKM57IJ.mjs";
import "./chunk-IWODBICT.mjs";
import "./chunk-PEBIPHYY.mjs";
import "./chunk-DWREGR5U.mjs";
import "./chunk-Q4IS5S6U.mjs";
import {
  AkmsError,
  UsageError
} from "./chunk-C3ZMY3KT.mjs";
import "./chunk-F7TTDJ7Y.mjs";

// src/commands/hook.ts
import { readFileSync } from "node:fs";
var HOOKS = ["session-start", "pre-tool-use"];
function readInput() {
  let text = "";
  try {
    text = readFileSync(0, "utf8");
  } catch {
  }
  if (!text.trim()) return {};
  try {
    const v = JSON.parse(text);
    if (v && typeof v === "object" && !Array.isArray(v)) return v;
  } catch {
  }
  throw new AkmsError("HOOK_INPUT", "the hook's standard input is not a JSON object", { hint: "the agent host sends the hook's input as one JSON object on standard input" });
}
var hookCommand = {
  name: "hook",
  summary: "agent-host hooks (JSON in, JSON out): session-start gives the task's loadout as context; pre-tool-use denies writes into the global vault",
  usage: "akms hook session-start|pre-tool-use",
  run(args, flags) {
    const which = args[0];
    if (args.length !== 1 || !HOOKS.includes(which)) throw new UsageError(`akms hook takes one of ${HOOKS.join(", ")}`);
    const input = readInput();
    const cwd = typeof input.cwd === "string" && input.cwd ? input.cwd : process.env.CLAUDE_PROJECT_DIR ?? process.cwd();
    const ctx = loadContext({ cwd, repo: flags.repo, vault: flags.vault });
    const out = which === "session-start" ? sessionStart(ctx) : preToolUse(ctx, input);
    return { json: out, text: JSON.stringify(out) };
  }
};
export {
  hookCommand
};
