// The agent command template (orchestrator.agent_command): an argv array whose elements may hold
// placeholders like {task_file}. Expanded element by element — never joined into a shell string.
import type { Problem } from "../errors.js";

export const PLACEHOLDERS = {
  task_file: "the task record (absolute path)",
  task_id: "the task's id",
  loadout: "the task's loadout (absolute path)",
  memory_out: "where the agent writes its AgentMemory: knowledge/sessions/<task_id>.md (absolute path)",
  phase: "the phase number",
  repo: "the repository root (absolute path)",
  pcd: "the previous phase's completion document (absolute path; empty in phase 1)",
  role: "the task's agent role (implementer, …)",
  branch: "the phase branch",
  plan_file: "the plan document (absolute path)",
} as const;
export type Placeholder = keyof typeof PLACEHOLDERS;

const TOKEN = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Problems of a template: empty, not a list of strings, unknown placeholders. */
export function templateProblems(argv: unknown, field = "orchestrator.agent_command"): Problem[] {
  if (!Array.isArray(argv) || argv.some((a) => typeof a !== "string")) {
    return [{ field, message: "must be a list of strings (an argv array, not a shell string)", hint: 'e.g. agent_command: [my-agent, --task, "{task_file}", --loadout, "{loadout}", --out, "{memory_out}"]' }];
  }
  if (!argv.length || !String(argv[0]).trim()) {
    return [
      {
        field,
        message: "is not set: the orchestrator has no agent to start",
        hint: 'set it in knowledge/graph/propagation_config.yaml, e.g. agent_command: [my-agent, --task, "{task_file}", --loadout, "{loadout}", --out, "{memory_out}"]',
      },
    ];
  }
  const problems: Problem[] = [];
  argv.forEach((a: string, i) => {
    for (const m of a.matchAll(TOKEN)) {
      if (!Object.hasOwn(PLACEHOLDERS, m[1]!)) {
        problems.push({ field: `${field}[${i}]`, message: `unknown placeholder {${m[1]}}`, hint: `placeholders: ${Object.keys(PLACEHOLDERS).map((k) => `{${k}}`).join(" ")}` });
      }
    }
  });
  return problems;
}

/** The argv for one agent: each placeholder replaced in place; nothing is split or quoted. */
export function expandTemplate(argv: readonly string[], values: Record<Placeholder, string>): string[] {
  return argv.map((a) => a.replace(TOKEN, (whole, name: string) => (Object.hasOwn(values, name) ? values[name as Placeholder] : whole)));
}
