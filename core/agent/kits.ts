// Host kits (`akms init --agent claude|codex|cursor`): what tells an agent host about akms — its
// MCP server entry, a short instructions block, a skill, hooks, rules. A person's file is never
// overwritten: Markdown and TOML files get one marked block (added, or refreshed in place); JSON
// files get akms's own entries by surgical edits (jsonc-parser), every other byte kept. Files that
// are wholly akms's (the skill, the Cursor rule) carry the marker and are refreshed only when
// they do. Running a kit twice changes nothing.
import { existsSync, lstatSync, readFileSync, readlinkSync, realpathSync, statSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { applyEdits, modify, parse, type ParseError } from "jsonc-parser";
import { AkmsError } from "../errors.js";
import { withLineEndsOf } from "../textfile.js";
import { WORKSPACE_FOLDER } from "./workspace-folder.js";
import { commandLine, type Launcher } from "./launcher.js";

export const AGENTS = ["claude", "codex", "cursor"] as const;
export type Agent = (typeof AGENTS)[number];

export interface KitFile {
  /** Repository-relative path. */
  path: string;
  /** The file a write goes to (the path, or the file its symlink names). */
  target: string;
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

/** `text` with the block between `begin` and `end` put in (replacing an earlier one), the rest unchanged. */
export function upsertBlock(text: string | null, begin: string, end: string, body: string): string {
  const block = `${begin}\n${body.trimEnd()}\n${end}`;
  if (text === null || text === "") return `${block}\n`;
  const markerStart = begin.slice(0, begin.indexOf("("));
  const i = text.indexOf(markerStart);
  if (i < 0) {
    const sep = text.endsWith("\n\n") ? "" : text.endsWith("\n") ? "\n" : "\n\n";
    return `${text}${sep}${block}\n`;
  }
  const j = text.indexOf(end, i);
  const again = text.indexOf(markerStart, i + markerStart.length);
  // Only a whole block is replaced: a begin without its end, or a second begin inside, would make
  // "the block" run over a person's text.
  if (j < 0 || (again >= 0 && again < j) || text.indexOf(markerStart, j) >= 0) {
    const line = text.slice(0, i).split("\n").length;
    throw new AkmsError("KIT_BLOCK", `the akms block that starts on line ${line} ${j < 0 ? "has no end marker" : "is not alone (another akms:begin marker)"}; akms will not guess where it ends`, {
      line,
      hint: `put \`${end}\` after the last line of akms's block (or delete the akms:begin line and what akms wrote), then run \`akms init --agent …\` again`,
    });
  }
  return text.slice(0, i) + block + text.slice(j + end.length);
}

const BOM = "\uFEFF";

/** `edit` applied to the text without its byte-order mark; the mark, when there was one, kept. */
function keepBom(text: string, edit: (t: string) => string): string {
  return text.startsWith(BOM) ? BOM + edit(text.slice(1)) : edit(text);
}

function readJson(path: string, text: string): Record<string, unknown> {
  const errors: ParseError[] = [];
  const v = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length || (v !== undefined && (typeof v !== "object" || v === null || Array.isArray(v)))) {
    throw new AkmsError("KIT_JSON", `${path} is not a JSON object; akms will not rewrite it`, { file: path, hint: "fix the file's JSON (or move it aside), then run `akms init --agent …` again" });
  }
  return (v ?? {}) as Record<string, unknown>;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A key of a person's JSON that must hold `what` (else the file is refused, never replaced). */
function expect(path: string, where: string, v: unknown, ok: boolean, what: string): void {
  if (v !== undefined && !ok) {
    throw new AkmsError("KIT_JSON", `${where} in ${path} is not ${what}; akms will not replace it`, { file: path, field: where, hint: `make ${where} ${what} (or move it aside), then run \`akms init --agent …\` again` });
  }
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

/**
 * A JSON file with mcpServers.akms set. An existing akms entry keeps what a person added to it
 * (env, timeouts): only the keys akms owns (type, command, args) are set.
 */
function mcpJson(path: string, before: string | null, server: Record<string, unknown>): string {
  if (before === null) return JSON.stringify({ mcpServers: { akms: server } }, null, 2) + "\n";
  return keepBom(before, (text) => {
    const v = readJson(path, text);
    expect(path, "mcpServers", v.mcpServers, isObject(v.mcpServers), "an object");
    const cur = isObject(v.mcpServers) ? v.mcpServers.akms : undefined;
    expect(path, "mcpServers.akms", cur, isObject(cur), "an object");
    if (!isObject(cur)) return setJson(text, ["mcpServers", "akms"], server);
    let out = text;
    for (const [k, val] of Object.entries(server)) {
      if (JSON.stringify(cur[k]) !== JSON.stringify(val)) out = setJson(out, ["mcpServers", "akms", k], val);
    }
    return out;
  });
}

interface HookGroup {
  matcher?: string;
  hooks?: { type?: string; command?: string }[];
}

/** The tools whose calls the PreToolUse hook checks (file tools, and Bash for its redirections). */
export const GUARDED_TOOLS = "Write|Edit|MultiEdit|NotebookEdit|Bash";

/** A command akms wrote for `hook X` in any of its launcher forms (a person's tweak is not one). */
function akmsWrote(command: string, hook: string): boolean {
  return new RegExp(`^(akms|npx --no-install akms|\\S+ \\S*akms\\.mjs'?) hook ${hook}$`).test(command.trim()) || new RegExp(`^'[^']*' '[^']*akms\\.mjs' hook ${hook}$`).test(command.trim());
}

/**
 * .claude/settings.json with akms's SessionStart and PreToolUse hooks (others' hooks untouched).
 * akms's group is found by its command (`… akms … hook <name>`); a group whose command a person
 * changed is theirs now and is kept as it is — never a second group beside it.
 */
function claudeSettings(path: string, before: string | null, l: Launcher, notes: string[]): string {
  const wanted: [string, string, HookGroup][] = [
    ["SessionStart", "session-start", { hooks: [{ type: "command", command: commandLine(l, "hook", "session-start") }] }],
    ["PreToolUse", "pre-tool-use", { matcher: GUARDED_TOOLS, hooks: [{ type: "command", command: commandLine(l, "hook", "pre-tool-use") }] }],
  ];
  if (before === null) return JSON.stringify({ hooks: Object.fromEntries(wanted.map(([e, , g]) => [e, [g]])) }, null, 2) + "\n";
  return keepBom(before, (start) => {
    let text = start;
    for (const [event, hook, group] of wanted) {
      const v = readJson(path, text);
      expect(path, "hooks", v.hooks, isObject(v.hooks), "an object");
      const raw = isObject(v.hooks) ? v.hooks[event] : undefined;
      expect(path, `hooks.${event}`, raw, Array.isArray(raw), "a list");
      const list = Array.isArray(raw) ? (raw as HookGroup[]) : null;
      if (!list) {
        text = setJson(text, ["hooks", event], [group]);
        continue;
      }
      const commands = (g: HookGroup) => (isObject(g) && Array.isArray(g.hooks) ? g.hooks.map((h) => (isObject(h) && typeof h.command === "string" ? h.command : "")) : []);
      const at = list.findIndex((g) => commands(g).some((c) => /akms/.test(c) && new RegExp(`\\bhook ${hook}\\b`).test(c)));
      if (at < 0) text = setJson(text, ["hooks", event, list.length], group, true);
      else if (!commands(list[at]!).every((c) => akmsWrote(c, hook))) notes.push(`kept your ${event} hook command in ${path} (changed by hand)`);
      else if (JSON.stringify(list[at]) !== JSON.stringify(group)) text = setJson(text, ["hooks", event, at], group);
    }
    return text;
  });
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

/**
 * The AgentMemory in its smallest useful form, for every place an agent meets akms without the
 * skill (the server's instructions, AGENTS.md, the Cursor rule): the fields an update reads, one
 * entry of each list. Valid as it stands (tested).
 */
export const AGENT_MEMORY_COMPACT = `---
task_id: TASK-101
task_description: "What the task was"
phase_id: 1
timestamp: 2026-11-03T10:32:00
agent_model: your-model-id
loadout_used: knowledge/loadouts/phase1-TASK-101-loadout.md   # the loadout's path, as the loadout tool gave it
status: complete            # complete | partial | failed | deferred
tests_passed: 12
tests_total: 12
nodes_used:                 # ids as the loadout names them
  - id: green-operator-caching
    useful: true
    coverage: sufficient    # sufficient | missing-detail | outdated
nodes_missing:
  - description: "What you needed and did not find"
    suggested_id: green-operator-test-identities
    domain: fft-galerkin
    tags: [green-operator, testing]
    priority: medium        # high | medium | low
pitfalls_discovered:
  - node_ref: green-operator-caching   # or null
    description: "What bit you, and how to avoid it"
    severity: medium        # high | medium | low
new_knowledge:
  - suggested_id: green-cache-key-reference-medium
    title: "One line"
    domain: software-eng
    tags: [caching]
    status: tentative
    source: agent
    content_draft: "What you learned, for a reviewer to promote"
akms_schema: v2
---
`;

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
    ...(agent === "claude"
      ? []
      : ["", "The AgentMemory, smallest form (YAML frontmatter; `record_memory` with `dry_run: true` checks it and lists every problem):", "", "```markdown", AGENT_MEMORY_COMPACT.trimEnd(), "```"]),
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

function cursorRule(l: Launcher): string {
  return ["---", "description: akms knowledge layer — read the task's loadout first, hand in an AgentMemory at the end", "globs: knowledge/**", "alwaysApply: true", "---", BEGIN("cursor"), "", instructions("cursor", l), END, ""].join("\n");
}

function codexToml(l: Launcher): string {
  const [command, ...args] = [...l.argv, "mcp"];
  return ["[mcp_servers.akms]", `command = ${JSON.stringify(command)}`, `args = ${JSON.stringify(args)}`].join("\n");
}

/** A file a kit edits: its text (null when absent) and the file a write goes to (through a symlink). */
export interface KitSource {
  text: string | null;
  target: string;
}

type Reader = (path: string) => KitSource;

function file(src: KitSource, path: string, edited: string): KitFile {
  const before = src.text;
  const after = withLineEndsOf(before, edited);
  return { path, target: src.target, before, after, action: before === null ? "create" : before === after ? "unchanged" : "update" };
}

/** A file that is wholly akms's: refreshed when it carries the marker, else left alone. */
function ownFile(src: KitSource, path: string, after: string, agent: Agent): KitFile {
  const before = src.text;
  if (before !== null && before !== after && !before.includes(BEGIN(agent).slice(0, 12))) {
    return { path, target: src.target, before, after: before, action: "skipped", note: `${path} exists and was not written by akms; left as it is` };
  }
  return file(src, path, after);
}

export function planKit(agent: Agent, l: Launcher, read: Reader): KitPlan {
  const server = { command: l.argv[0]!, args: [...l.argv.slice(1), "mcp"] };
  const print: string[] = [`command: \`${commandLine(l)}\` — ${l.why}`];
  const files: KitFile[] = [];
  const notes: string[] = [];
  const md = (path: string, body: string) => {
    const src = read(path);
    files.push(file(src, path, upsertBlockIn(path, src.text, BEGIN(agent), END, body)));
  };
  if (agent === "claude") {
    const m = read(".mcp.json");
    files.push(file(m, ".mcp.json", mcpJson(".mcp.json", m.text, { type: "stdio", ...server })));
    md("CLAUDE.md", instructions("claude", l));
    files.push(ownFile(read(".claude/skills/akms/SKILL.md"), ".claude/skills/akms/SKILL.md", skill(l), "claude"));
    const s = read(".claude/settings.json");
    files.push(file(s, ".claude/settings.json", claudeSettings(".claude/settings.json", s.text, l, notes)));
    print.push("start Claude Code in this repository: it asks once to trust the akms server of .mcp.json");
  } else if (agent === "codex") {
    md("AGENTS.md", instructions("codex", l));
    const src = read(".codex/config.toml");
    const cfg = src.text;
    if (cfg !== null) {
      if (/^\[mcp_servers\.akms\]/m.test(cfg) && !cfg.includes(TOML_BEGIN(agent).slice(0, 12))) {
        files.push({ path: ".codex/config.toml", target: src.target, before: cfg, after: cfg, action: "skipped", note: ".codex/config.toml already configures mcp_servers.akms by hand; left as it is" });
      } else files.push(file(src, ".codex/config.toml", upsertBlockIn(".codex/config.toml", cfg, TOML_BEGIN(agent), TOML_END, codexToml(l))));
    }
    print.push(
      `register the server with Codex: codex mcp add akms -- ${commandLine(l, "mcp")}`,
      "or add to ~/.codex/config.toml (or the repository's .codex/config.toml):",
      ...codexToml(l).split("\n").map((x) => `  ${x}`),
    );
  } else {
    files.push(ownFile(read(".cursor/rules/akms.mdc"), ".cursor/rules/akms.mdc", cursorRule(l), "cursor"));
    const m = read(".cursor/mcp.json");
    const bound = { ...server, args: [...server.args, "--repo", WORKSPACE_FOLDER] };
    files.push(file(m, ".cursor/mcp.json", mcpJson(".cursor/mcp.json", m.text, bound)));
    print.push("open the repository in Cursor and enable the akms server under Settings → MCP");
  }
  for (const n of notes) print.push(n);
  return { agent, files, print };
}

/** upsertBlock, its refusal naming the file. */
function upsertBlockIn(path: string, text: string | null, begin: string, end: string, body: string): string {
  try {
    return keepBom(text ?? "", (t) => upsertBlock(t === "" && text === null ? null : t, begin, end, body));
  } catch (e) {
    if (e instanceof AkmsError) throw new AkmsError(e.code, `${path}: ${e.message}`, { file: path, line: e.line, hint: e.hint });
    throw e;
  }
}

/** Largest file a kit edits (a settings file or instructions block is a few kilobytes). */
const MAX_KIT_FILE = 1024 * 1024;

/**
 * Reads a kit file of the repository as a write will meet it: through a symlink to the file it
 * names (inside the repository), refusing what cannot be edited safely — a dangling link, a link
 * out of the repository, a directory, a read-only or huge file.
 */
export function readRepoFile(repo: string): Reader {
  const root = realpathSync(repo);
  return (path) => {
    const abs = join(repo, path);
    const refuse = (why: string, hint: string): never => {
      throw new AkmsError("KIT_FILE", `${path} ${why}; akms will not edit it`, { file: path, hint });
    };
    let st;
    try {
      st = lstatSync(abs);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
      // Absent: written in its directory as the path names it — inside the repository.
      let dir = dirname(abs);
      while (!existsSync(dir)) dir = dirname(dir);
      const realDir = realpathSync(dir);
      if (realDir !== root && !realDir.startsWith(root + sep)) refuse(`would be written through ${relative(repo, dir) || dir}, a link out of the repository`, "make that directory part of the repository, or add akms's entries by hand");
      return { text: null, target: abs };
    }
    let target = abs;
    if (st.isSymbolicLink()) {
      let real: string;
      try {
        real = realpathSync(abs);
      } catch {
        return refuse(`is a symbolic link to ${readlinkSync(abs)}, which does not exist`, "point the link at an existing file, or remove it");
      }
      if (real !== root && !real.startsWith(root + sep)) refuse(`is a symbolic link out of the repository (${real})`, "edit that file yourself, or replace the link with a file");
      target = real;
      st = statSync(real);
    }
    if (!st.isFile()) refuse("is not a regular file", "move it aside, then run `akms init --agent …` again");
    if (st.size > MAX_KIT_FILE) refuse(`is ${st.size} bytes (more than ${MAX_KIT_FILE})`, "shorten it, or add akms's entries by hand");
    if ((st.mode & 0o222) === 0) refuse("is read-only", "make it writable (chmod u+w), then run `akms init --agent …` again");
    return { text: readFileSync(target, "utf8"), target };
  };
}
