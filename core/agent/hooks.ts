// The agent-host hooks (Claude Code's hook protocol: JSON on stdin, JSON on stdout):
// - session-start: the current task's loadout — its path and a short summary — as additionalContext;
// - pre-tool-use: denies an agent's own writes that bypass the review gate (core/agent/guard.ts):
//   the global vault, knowledge/graph/**, a local node's status line — by file tools and by Bash.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { guardToolCall } from "./guard.js";
import type { Context } from "../context.js";
import { splitFrontmatter } from "../frontmatter.js";

/** The fields of a host's hook input that the hooks read (the rest is ignored). */
export interface HookInput {
  hook_event_name?: string;
  cwd?: string;
  tool_name?: string;
  tool_input?: Record<string, unknown>;
  source?: string;
}

export interface HookOutput {
  hookSpecificOutput?: {
    hookEventName: "SessionStart" | "PreToolUse";
    additionalContext?: string;
    permissionDecision?: "allow" | "deny" | "ask";
    permissionDecisionReason?: string;
  };
}

/** The PreToolUse decision (core/agent/guard.ts) in Claude Code's hook protocol. */
export function preToolUse(ctx: Context, input: HookInput): HookOutput {
  const roots = { vault: ctx.vault.path, repo: ctx.repo, graphDir: dirname(ctx.paths.graphJson), localNodes: ctx.paths.localNodes };
  const v = guardToolCall(roots, input);
  if (!v.deny) return {};
  return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: v.reason } };
}

interface LoadoutFile {
  file: string;
  shown: string;
  mtimeMs: number;
  fields: Record<string, string>;
  body: string;
}

function readLoadout(file: string, shown: string): LoadoutFile | null {
  try {
    const text = readFileSync(file, "utf8");
    const split = splitFrontmatter(text);
    const fields: Record<string, string> = {};
    for (const line of (split?.yaml ?? "").split(/\r?\n/)) {
      const m = /^([a-z_]+):[ \t]*(.*)$/.exec(line);
      if (m) fields[m[1]!] = m[2]!.replace(/^"(.*)"$/, "$1");
    }
    return { file, shown, mtimeMs: statSync(file).mtimeMs, fields, body: split?.body ?? text };
  } catch {
    return null;
  }
}

/** The loadout of task `taskId` (newest phase), else the newest loadout of all. */
export function currentLoadout(ctx: Context, taskId: string | null): LoadoutFile | null {
  let names: string[];
  try {
    names = readdirSync(ctx.paths.loadouts).filter((n) => n.endsWith("-loadout.md"));
  } catch {
    return null;
  }
  const all = names.map((n) => readLoadout(join(ctx.paths.loadouts, n), `knowledge/loadouts/${n}`)).filter((l): l is LoadoutFile => l !== null);
  const pick = taskId ? all.filter((l) => l.fields.task_id === taskId) : all;
  pick.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.shown < b.shown ? 1 : -1));
  return pick[0] ?? null;
}

function sectionLines(body: string, heading: string, max: number): string[] {
  const m = new RegExp(`^##[ \\t]+${heading}[ \\t]*$`, "m").exec(body);
  if (!m) return [];
  const rest = body.slice(m.index + m[0].length);
  const next = /^##[ \t]+\S/m.exec(rest);
  return rest
    .slice(0, next ? next.index : undefined)
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("|---"))
    .slice(0, max);
}

export function sessionStart(ctx: Context, env: NodeJS.ProcessEnv = process.env): HookOutput {
  const taskId = env.AKMS_TASK_ID?.trim() || null;
  const l = currentLoadout(ctx, taskId);
  const lines: string[] = ["akms (persistent knowledge for this repository):"];
  if (!l) {
    lines.push(
      taskId ? `- no loadout for task ${taskId} yet: \`akms loadout --task knowledge/tasks/${taskId}.json\` (or the loadout MCP tool) writes one.` : "- no loadout yet: get one with the loadout MCP tool, or `akms loadout --task knowledge/tasks/<task_id>.json`.",
    );
  } else {
    const f = l.fields;
    lines.push(
      `- task ${f.task_id ?? "?"} (phase ${f.phase ?? "?"}, role ${f.agent_role ?? "?"}): read the loadout ${l.shown} before you start — ${f.node_count ?? "?"} nodes, ${f.loadout_mode ?? "?"} mode${f.qmd_available === "false" ? ", degraded (no qmd passages)" : ""}.`,
    );
    const pitfalls = sectionLines(l.body, "Known Pitfalls", 6).filter((x) => x.startsWith("-") || x.startsWith("|"));
    if (pitfalls.length) lines.push("- known pitfalls (the loadout has them all):", ...pitfalls.map((p) => `  ${p.slice(0, 240)}`));
  }
  lines.push(
    "- when the task is done, write your AgentMemory (spec §4.3) with the record_memory tool, or to knowledge/sessions/<task_id>.md; the graph learns from it after the phase.",
    "- never edit the global vault; `akms pitfalls --nodes ID` and `akms show ID` answer questions about a node.",
  );
  return { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: lines.join("\n") } };
}
