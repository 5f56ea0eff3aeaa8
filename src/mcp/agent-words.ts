// The CLI's words turned into a tool caller's: flags become arguments, `akms <command>` the tool of
// the same job. One function for every text the MCP server passes on from a command.
import { USAGE_HINT } from "../../core/errors.js";
import { stripControl } from "../../core/control-chars.js";

/**
 * The CLI's words as an agent calling a tool reads them (an error, a query's notes, a loadout's warnings): the CLI's flags become the tool's
 * arguments (`--task FILE` → `task`, `--no-qmd` → `no_qmd`), `akms <command>` the tool of the same
 * job, and no terminal escape sequence gets through.
 */
export function forAgent(text: string): string {
  // The CLI's pointer to its help: a model has the tool's schema instead.
  if (text === USAGE_HINT) return "the tool's input schema lists the arguments it takes";
  const TOOL_OF: Record<string, string> = { loadout: "loadout", query: "query", search: "search", show: "show_node", pitfalls: "pitfalls", status: "status", validate: "validate", record: "record_memory", "derive-tags": "derive_tags" };
  const flags = (t: string) =>
    t
      .replace(/--no-([a-z][a-z-]*)(?: [A-Z_]+)?/g, (_m, f: string) => `\`no_${f.replace(/-/g, "_")}: true\``)
      // A flag's placeholder goes with it: FILE, N, "…", and a list's a,b.
      .replace(/--([a-z][a-z-]*)(?:[ =]([A-Z_]+|"[^"]*"|[a-z](?:,[a-z])+\b))?/g, (_m, f: string) => `the \`${f.replace(/-/g, "_")}\` argument`);
  // `akms <command> …` spans: the tool of the same job, or (a person's command, such as `akms init --git`) kept whole.
  return stripControl(text)
    .split(/(`[^`\n]*`)/)
    .map((part) => {
      if (!part.startsWith("`") || part.length < 2) return flags(part);
      const inner = part.slice(1, -1);
      const cmd = /^akms ([a-z-]+)/.exec(inner);
      if (cmd) return TOOL_OF[cmd[1]!] ? `the ${TOOL_OF[cmd[1]!]} tool` : part;
      return /^--/.test(inner) ? flags(inner) : part;
    })
    .join("");
}
