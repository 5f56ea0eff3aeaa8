import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  splitFrontmatter
} from "./chunk-OBKM57IJ.mjs";

// core/agent/hooks.ts
import { readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
var WRITE_TOOLS = /* @__PURE__ */ new Set(["Write", "Edit", "MultiEdit", "NotebookEdit"]);
function realish(p) {
  let dir = p;
  const rest = [];
  for (; ; ) {
    try {
      return join(realpathSync(dir), ...rest.reverse());
    } catch {
      const up = dirname(dir);
      if (up === dir) return p;
      rest.push(basename(dir));
      dir = up;
    }
  }
}
function inside(root, p) {
  const r = relative(root, p);
  return r === "" || !r.startsWith("..") && !isAbsolute(r);
}
function preToolUse(ctx, input) {
  if (!input.tool_name || !WRITE_TOOLS.has(input.tool_name)) return {};
  const raw = input.tool_input?.file_path ?? input.tool_input?.notebook_path ?? input.tool_input?.path;
  if (typeof raw !== "string" || !raw) return {};
  const target = realish(resolve(input.cwd ?? ctx.repo, raw));
  const vault = realish(ctx.vault.path);
  if (!inside(vault, target)) return {};
  return {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: `${raw} is inside the global AKMS vault (${ctx.vault.display}), which agents never write. Report what you learned in your AgentMemory instead (new_knowledge / pitfalls_discovered, via the record_memory tool or knowledge/sessions/<task_id>.md); a person reviews it and promotes it.`
    }
  };
}
function readLoadout(file, shown) {
  try {
    const text = readFileSync(file, "utf8");
    const split = splitFrontmatter(text);
    const fields = {};
    for (const line of (split?.yaml ?? "").split(/\r?\n/)) {
      const m = /^([a-z_]+):[ \t]*(.*)$/.exec(line);
      if (m) fields[m[1]] = m[2].replace(/^"(.*)"$/, "$1");
    }
    return { file, shown, mtimeMs: statSync(file).mtimeMs, fields, body: split?.body ?? text };
  } catch {
    return null;
  }
}
function currentLoadout(ctx, taskId) {
  let names;
  try {
    names = readdirSync(ctx.paths.loadouts).filter((n) => n.endsWith("-loadout.md"));
  } catch {
    return null;
  }
  const all = names.map((n) => readLoadout(join(ctx.paths.loadouts, n), `knowledge/loadouts/${n}`)).filter((l) => l !== null);
  const pick = taskId ? all.filter((l) => l.fields.task_id === taskId) : all;
  pick.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.shown < b.shown ? 1 : -1));
  return pick[0] ?? null;
}
function sectionLines(body, heading, max) {
  const m = new RegExp(`^##[ \\t]+${heading}[ \\t]*$`, "m").exec(body);
  if (!m) return [];
  const rest = body.slice(m.index + m[0].length);
  const next = /^##[ \t]+\S/m.exec(rest);
  return rest.slice(0, next ? next.index : void 0).split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith("|---")).slice(0, max);
}
function sessionStart(ctx, env = process.env) {
  const taskId = env.AKMS_TASK_ID?.trim() || null;
  const l = currentLoadout(ctx, taskId);
  const lines = ["akms (persistent knowledge for this repository):"];
  if (!l) {
    lines.push(
      taskId ? `- no loadout for task ${taskId} yet: \`akms loadout --task knowledge/tasks/${taskId}.json\` (or the loadout MCP tool) writes one.` : "- no loadout yet: get one with the loadout MCP tool, or `akms loadout --task knowledge/tasks/<task_id>.json`."
    );
  } else {
    const f = l.fields;
    lines.push(
      `- task ${f.task_id ?? "?"} (phase ${f.phase ?? "?"}, role ${f.agent_role ?? "?"}): read the loadout ${l.shown} before you start \u2014 ${f.node_count ?? "?"} nodes, ${f.loadout_mode ?? "?"} mode${f.qmd_available === "false" ? ", degraded (no qmd passages)" : ""}.`
    );
    const pitfalls = sectionLines(l.body, "Known Pitfalls", 6).filter((x) => x.startsWith("-") || x.startsWith("|"));
    if (pitfalls.length) lines.push("- known pitfalls (the loadout has them all):", ...pitfalls.map((p) => `  ${p.slice(0, 240)}`));
  }
  lines.push(
    "- when the task is done, write your AgentMemory (spec \xA74.3) with the record_memory tool, or to knowledge/sessions/<task_id>.md; the graph learns from it after the phase.",
    "- never edit the global vault; `akms pitfalls --nodes ID` and `akms show ID` answer questions about a node."
  );
  return { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: lines.join("\n") } };
}

export {
  preToolUse,
  currentLoadout,
  sessionStart
};
