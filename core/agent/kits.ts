// Host kits (`akms init --agent claude|codex|cursor`): what tells an agent host about akms — its
// MCP server entry, a short instructions block, a skill, hooks, rules. A person's file is never
// overwritten: Markdown and TOML files get one marked block (added, or refreshed in place); JSON
// files get akms's own entries by surgical edits (jsonc-parser), every other byte kept. Files that
// are wholly akms's (the skill, the Cursor rule) carry the marker and are refreshed only when
// they do. Running a kit twice changes nothing.
import { readFileSync, realpathSync } from "node:fs";
import { delimiter, join } from "node:path";
import { applyEdits, modify, parse, type ParseError } from "jsonc-parser";
import { AkmsError } from "../errors.js";
import { WORKSPACE_FOLDER } from "./workspace-folder.js";

export const AGENTS = ["claude", "codex", "cursor"] as const;
export type Agent = (typeof AGENTS)[number];

/** How the host starts akms: the argv of the `akms` binary (`akms`, or node + the script). */
export interface Launcher {
  argv: string[];
}

export interface KitFile {
  /** Repository-relative path. */
  path: string;
  before: string | null;
  after: string;
  action: "create" | "update" | "unchanged" | "skipped";
  note?: string;
}

export interface KitPlan {
  agent: Agent;
  files: KitFile[];
  /** Text for the person (what to run by hand, e.g. `codex mcp add`). */
  print: string[];
}

const BEGIN = (agent: Agent) => `<!-- akms:begin (managed by \`akms init --agent ${agent}\`; re-running it refreshes this block) -->`;
const END = "<!-- akms:end -->";
const TOML_BEGIN = (agent: Agent) => `# akms:begin (managed by \`akms init --agent ${agent}\`; re-running it refreshes this block)`;
const TOML_END = "# akms:end";

function shellWord(s: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

function realOrNull(p: string): string | null {
  try {
    return realpathSync(p);
  } catch {
    return null;
  }
}

/** `akms` when the `akms` on PATH is this very program; else node and this script, by absolute path. */
export function launcher(env: NodeJS.ProcessEnv = process.env): Launcher {
  const me = realOrNull(process.argv[1] ?? "");
  for (const dir of (env.PATH ?? "").split(delimiter).filter(Boolean)) {
    const found = realOrNull(join(dir, "akms"));
    if (found && me && found === me) return { argv: ["akms"] };
  }
  return { argv: [process.execPath, me ?? process.argv[1] ?? "akms"] };
}

export function commandLine(l: Launcher, ...args: string[]): string {
  return [...l.argv, ...args].map(shellWord).join(" ");
}

/** `text` with the block between `begin` and `end` put in (replacing an earlier one), the rest unchanged. */
export function upsertBlock(text: string | null, begin: string, end: string, body: string): string {
  const block = `${begin}\n${body.trimEnd()}\n${end}`;
  if (text === null || text === "") return `${block}\n`;
  const markerStart = begin.slice(0, begin.indexOf("("));
  const i = text.indexOf(markerStart);
  const j = i < 0 ? -1 : text.indexOf(end, i);
  if (i >= 0 && j >= 0) return text.slice(0, i) + block + text.slice(j + end.length);
  const sep = text.endsWith("\n\n") ? "" : text.endsWith("\n") ? "\n" : "\n\n";
  return `${text}${sep}${block}\n`;
}

function readJson(path: string, text: string): unknown {
  const errors: ParseError[] = [];
  const v = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length || (v !== undefined && (typeof v !== "object" || v === null || Array.isArray(v)))) {
    throw new AkmsError("KIT_JSON", `${path} is not a JSON object; akms will not rewrite it`, { file: path, hint: "fix the file's JSON (or move it aside), then run `akms init --agent …` again" });
  }
  return v ?? {};
}

/**
 * `text` with `value` set at `path`. jsonc-parser's formatter would also reflow the neighbouring
 * line (a person's bytes), so the edit is made unformatted and only its own value is laid out, in
 * two-space steps from the indentation of the line it lands on.
 */
function setJson(text: string, path: (string | number)[], value: unknown, insert = false): string {
  const edits = modify(text, path, value, { isArrayInsertion: insert });
  const compact = JSON.stringify(value);
  const laid = edits.map((e) => {
    const at = e.content.lastIndexOf(compact);
    if (at < 0) return e;
    const lineStart = text.lastIndexOf("\n", e.offset - 1) + 1;
    const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
    const pretty = JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`);
    const head = e.content.slice(0, at).replace(/^,/, `,\n${indent}`).replace(/":$/, '": ');
    return { ...e, content: head + pretty + e.content.slice(at + compact.length) };
  });
  return applyEdits(text, laid);
}

/** A JSON file with mcpServers.akms set. */
function mcpJson(path: string, before: string | null, server: Record<string, unknown>): string {
  if (before === null) return JSON.stringify({ mcpServers: { akms: server } }, null, 2) + "\n";
  const text = before;
  const v = readJson(path, text) as { mcpServers?: Record<string, unknown> };
  if (JSON.stringify(v.mcpServers?.akms) === JSON.stringify(server)) return text;
  return setJson(text, ["mcpServers", "akms"], server);
}

interface HookGroup {
  matcher?: string;
  hooks?: { type?: string; command?: string }[];
}

/** .claude/settings.json with akms's SessionStart and PreToolUse hooks (others' hooks untouched). */
function claudeSettings(path: string, before: string | null, l: Launcher): string {
  const wanted: [string, HookGroup][] = [
    ["SessionStart", { hooks: [{ type: "command", command: commandLine(l, "hook", "session-start") }] }],
    ["PreToolUse", { matcher: "Write|Edit|MultiEdit|NotebookEdit", hooks: [{ type: "command", command: commandLine(l, "hook", "pre-tool-use") }] }],
  ];
  if (before === null) return JSON.stringify({ hooks: Object.fromEntries(wanted.map(([e, g]) => [e, [g]])) }, null, 2) + "\n";
  let text = before;
  for (const [event, group] of wanted) {
    const v = readJson(path, text) as { hooks?: Record<string, HookGroup[]> };
    const list = Array.isArray(v.hooks?.[event]) ? v.hooks![event]! : null;
    const ours = (g: HookGroup) => Array.isArray(g?.hooks) && g.hooks.some((h) => typeof h?.command === "string" && / hook (session-start|pre-tool-use)$/.test(h.command) && /akms/.test(h.command));
    if (!list) {
      text = setJson(text, ["hooks", event], [group]);
      continue;
    }
    const at = list.findIndex(ours);
    if (at < 0) text = setJson(text, ["hooks", event, list.length], group, true);
    else if (JSON.stringify(list[at]) !== JSON.stringify(group)) text = setJson(text, ["hooks", event, at], group);
  }
  return text;
}

const AGENT_MEMORY_EXAMPLE = `---
task_id: TASK-101
task_description: "Add a cache for the Green operator's frequency grids"
phase_id: 1
timestamp: 2026-11-03T10:32:00
agent_model: claude-sonnet-4-5
loadout_used: knowledge/loadouts/phase1-TASK-101-loadout.md
status: complete
commit: 3f9c2a1
tests_passed: 12
tests_total: 12
nodes_used:
  - id: green-operator-caching
    useful: true
    coverage: sufficient
  - id: fft-frequency-conventions
    useful: true
    coverage: missing-detail
    note: "Says nothing about the Nyquist column of rfftn grids"
nodes_missing:
  - description: "How to unit-test a Green operator"
    suggested_id: green-operator-test-identities
    domain: fft-galerkin
    tags: [green-operator, testing]
    priority: medium
lessons:
  worked:
    - "Caching the frequency grids read-only caught an in-place update in the first test run"
  failed: []
pitfalls_discovered:
  - node_ref: green-operator-caching
    description: "Cached arrays returned by reference were modified in place by a caller; mark them read-only"
    severity: medium
new_knowledge:
  - suggested_id: green-cache-key-reference-medium
    title: "Green-operator cache key must include the reference medium"
    domain: software-eng
    tags: [caching, green-operator]
    status: tentative
    source: agent
    content_draft: |
      A cache keyed by grid shape alone returns the operator of the previous
      reference medium after the phase properties change.
akms_schema: v2
---

Free notes for the reviewer may follow the frontmatter.
`;

export function agentMemoryExample(): string {
  return AGENT_MEMORY_EXAMPLE;
}

function instructions(agent: Agent, l: Launcher): string {
  const cmd = commandLine(l);
  return [
    "## akms: this repository's knowledge",
    "",
    "This repository keeps reviewed knowledge for coding agents in `knowledge/` (AKMS v2), served by the `akms` MCP server.",
    "",
    "- **Before a task**, read its loadout: `knowledge/loadouts/phase<N>-<task_id>-loadout.md`. The `loadout` tool writes it (or `" + cmd + " loadout --task knowledge/tasks/<task_id>.json`)" + (agent === "claude" ? "; the session-start hook names the current one." : "."),
    "- **While working**: `search`, `show_node` and `pitfalls` answer questions about the knowledge (`" + cmd + " search WORDS`, `" + cmd + " show ID`, `" + cmd + " pitfalls --nodes ID`). Heed the loadout's Known Pitfalls.",
    "- **When the task is done**, hand in your AgentMemory (spec §4.3: nodes used and whether they helped, what was missing, pitfalls, new knowledge) with the `record_memory` tool, or write it to `knowledge/sessions/<task_id>.md`" + (agent === "claude" ? " (the `akms` skill has the format and an example)." : "; `" + cmd + " validate FILE` checks it."),
    "- **Never** edit the global vault or promote knowledge: a person decides what becomes trusted (`akms review`).",
  ].join("\n");
}

function skill(l: Launcher): string {
  return [
    "---",
    "name: akms",
    'description: "Use when starting or finishing a task in this repository. Read the task\'s akms loadout first; at the end hand in an AgentMemory (what knowledge helped, what was missing, pitfalls, new knowledge) through the akms MCP server\'s record_memory tool."',
    "---",
    BEGIN("claude"),
    "",
    "# akms: loadouts in, AgentMemory out",
    "",
    "1. Start: the loadout for your task lists the knowledge nodes to read (in order), known pitfalls and session history. Get it with the `loadout` tool (`task`: the task id).",
    "2. Work: `search`, `show_node`, `pitfalls` for questions. Do not edit the global vault (a hook refuses it).",
    "3. Finish: write the AgentMemory below and pass it whole to `record_memory` (`memory`: the text). It is validated as `akms update` validates it; fix what it reports. It is written to `knowledge/sessions/<task_id>.md` and applied after the phase.",
    "",
    "Rules: `nodes_used` ids must be nodes of the graph (as the loadout names them); `coverage` is sufficient | missing-detail | outdated; `status` is complete | partial | failed | deferred; `severity` is high | medium | low; `new_knowledge` entries are `status: tentative`, `source: agent`; a pitfall with no node has `node_ref: null`. If `record_memory` names a likely duplicate, say so in your draft or cite the existing node.",
    "",
    "Example (a valid AgentMemory; `" + commandLine(l, "validate", "FILE") + "` accepts it):",
    "",
    "```markdown",
    AGENT_MEMORY_EXAMPLE.trimEnd(),
    "```",
    END,
    "",
  ].join("\n");
}

function cursorRule(): string {
  return ["---", "description: akms knowledge layer — read the task's loadout first, hand in an AgentMemory at the end", "globs: knowledge/**", "alwaysApply: true", "---", BEGIN("cursor"), "", instructions("cursor", { argv: ["akms"] }), END, ""].join("\n");
}

function codexToml(l: Launcher): string {
  const [command, ...args] = [...l.argv, "mcp"];
  return ["[mcp_servers.akms]", `command = ${JSON.stringify(command)}`, `args = ${JSON.stringify(args)}`].join("\n");
}

type Reader = (path: string) => string | null;

function file(path: string, before: string | null, after: string): KitFile {
  return { path, before, after, action: before === null ? "create" : before === after ? "unchanged" : "update" };
}

/** A file that is wholly akms's: refreshed when it carries the marker, else left alone. */
function ownFile(path: string, before: string | null, after: string, agent: Agent): KitFile {
  if (before !== null && before !== after && !before.includes(BEGIN(agent).slice(0, 12))) {
    return { path, before, after: before, action: "skipped", note: `${path} exists and was not written by akms; left as it is` };
  }
  return file(path, before, after);
}

export function planKit(agent: Agent, l: Launcher, read: Reader): KitPlan {
  const server = { command: l.argv[0]!, args: [...l.argv.slice(1), "mcp"] };
  const print: string[] = [];
  const files: KitFile[] = [];
  const md = (path: string, body: string) => {
    const before = read(path);
    files.push(file(path, before, upsertBlock(before, BEGIN(agent), END, body)));
  };
  if (agent === "claude") {
    files.push(file(".mcp.json", read(".mcp.json"), mcpJson(".mcp.json", read(".mcp.json"), { type: "stdio", ...server })));
    md("CLAUDE.md", instructions("claude", l));
    files.push(ownFile(".claude/skills/akms/SKILL.md", read(".claude/skills/akms/SKILL.md"), skill(l), "claude"));
    const s = read(".claude/settings.json");
    files.push(file(".claude/settings.json", s, claudeSettings(".claude/settings.json", s, l)));
    print.push("start Claude Code in this repository: it asks once to trust the akms server of .mcp.json");
  } else if (agent === "codex") {
    md("AGENTS.md", instructions("codex", l));
    const cfg = read(".codex/config.toml");
    if (cfg !== null) {
      if (/^\[mcp_servers\.akms\]/m.test(cfg) && !cfg.includes(TOML_BEGIN(agent).slice(0, 12))) {
        files.push({ path: ".codex/config.toml", before: cfg, after: cfg, action: "skipped", note: ".codex/config.toml already configures mcp_servers.akms by hand; left as it is" });
      } else files.push(file(".codex/config.toml", cfg, upsertBlock(cfg, TOML_BEGIN(agent), TOML_END, codexToml(l))));
    }
    print.push(
      `register the server with Codex: codex mcp add akms -- ${commandLine(l, "mcp")}`,
      "or add to ~/.codex/config.toml:",
      ...codexToml(l).split("\n").map((x) => `  ${x}`),
    );
  } else {
    files.push(ownFile(".cursor/rules/akms.mdc", read(".cursor/rules/akms.mdc"), cursorRule(), "cursor"));
    const m = read(".cursor/mcp.json");
    const bound = { ...server, args: [...server.args, "--repo", WORKSPACE_FOLDER] };
    files.push(file(".cursor/mcp.json", m, mcpJson(".cursor/mcp.json", m, bound)));
    print.push("open the repository in Cursor and enable the akms server under Settings → MCP");
  }
  return { agent, files, print };
}

export function readRepoFile(repo: string): Reader {
  return (path) => {
    try {
      return readFileSync(`${repo}/${path}`, "utf8");
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw e;
    }
  };
}
