// The agent-host hooks (Claude Code's hook protocol: JSON on stdin, JSON on stdout):
// - session-start: which task is the agent's (core/agent/current-task.ts) and its loadout — path and
//   known pitfalls — as additionalContext, or the open tasks when it cannot tell;
// - pre-tool-use: denies an agent's own writes that bypass the review gate (core/agent/guard.ts):
//   the global vault, knowledge/graph/**, a local node's status line — by file tools and by Bash.
import { plural } from "../plural.js";
import { dirname } from "node:path";
import { guardToolCall } from "./guard.js";
import { oneLine } from "../control-chars.js";
import { currentLoadout, currentTask } from "./current-task.js";
import type { Context } from "../context.js";
import { logImpression } from "./impressions.js";
import { ID_BODY } from "../schemas/vocabulary.js";

/** A node id as the loadout writes it in a line: in backticks. */
const BACKTICKED_ID = new RegExp(`\`(${ID_BODY})\``, "g");

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
  const ct = currentTask(ctx, env);
  const taskId = ct.task_id;
  const l = taskId ? currentLoadout(ctx, taskId) : null;
  const lines: string[] = ["akms (persistent knowledge for this repository):"];
  let pitfallLines: string[] = [];
  if (!taskId) {
    lines.push(`- ${ct.note}`);
    for (const t of ct.candidates.slice(0, 6)) lines.push(`  - ${t.task_id}${t.title ? `: ${t.title}` : ""} (${t.status ?? "no status"}${t.phase !== null ? `, phase ${t.phase}` : ""})`);
    if (ct.candidates.length > 6) lines.push(`  - … ${ct.candidates.length - 6} more (the current_task tool lists them)`);
    // With no task record to name, the loadout comes by tags (the loadout tool takes a task id only when its record exists).
    lines.push(ct.candidates.length ? "- once you know your task, get its loadout with the loadout tool (task: its id)." : `- get a loadout with the loadout tool (tags: the task's tags), and give its path as your AgentMemory's loadout_used.`);
  } else if (!l) {
    lines.push(
      ct.task
        ? `- your task: ${taskId} (${ct.source}). It has no loadout yet: the loadout tool (task: "${taskId}") writes one.`
        : `- your task: ${taskId} (${ct.source}), with no task record: the loadout tool (tags: the task's tags) writes a loadout; give its path as your AgentMemory's loadout_used.`,
    );
  } else {
    const f = l.fields;
    lines.push(
      `- task ${f.task_id ?? "?"} (phase ${f.phase ?? "?"}, role ${f.agent_role ?? "?"}): read the loadout ${l.shown} before you start — ${f.node_count === undefined ? "? nodes" : plural(Number(f.node_count), "node")}, ${f.loadout_mode ?? "?"} mode${f.qmd_available === "false" ? ", degraded (no qmd passages)" : ""}.`,
    );
    const pitfalls = sectionLines(l.body, "Known Pitfalls", 6).filter((x) => x.startsWith("-") || x.startsWith("|"));
    if (pitfalls.length) lines.push("- known pitfalls (the loadout has them all):", ...pitfalls.map((p) => `  ${oneLine(p, 240)}`));
    pitfallLines = pitfalls;
  }
  lines.push(
    "- when the task is done, write your AgentMemory (spec §4.3) with the record_memory tool, or to knowledge/sessions/<task_id>.md; the graph learns from it after the phase.",
    "- never edit the global vault; `akms pitfalls --nodes ID` and `akms show ID` answer questions about a node.",
  );
  const context = lines.join("\n");
  // What the session starts knowing goes to the impression log: the task, and the nodes its pitfall lines name (in backticks, as the loadout writes them).
  const nodes = [...new Set(pitfallLines.flatMap((p) => [...p.matchAll(BACKTICKED_ID)].map((m) => m[1]!)))];
  if (ctx.cfg.config.agents.impressions) logImpression(ctx.paths, { via: "hook", tool: "session-start", task_id: taskId ?? null, graph_version: l?.fields.graph_version ?? null, nodes, tokens: Math.ceil(context.length / 4) });
  return { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: context } };
}
