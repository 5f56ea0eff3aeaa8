import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  withLock
} from "./chunk-W24I3PEA.mjs";
import {
  parseConfig
} from "./chunk-IWODBICT.mjs";
import "./chunk-PEBIPHYY.mjs";
import "./chunk-DWREGR5U.mjs";
import {
  displayPath,
  exists,
  findRepo,
  readTextIfExists,
  removeStaleTemps,
  repoPaths,
  writeFileAtomic
} from "./chunk-Q4IS5S6U.mjs";
import {
  AkmsError,
  NotFoundError,
  UsageError
} from "./chunk-C3ZMY3KT.mjs";
import "./chunk-F7TTDJ7Y.mjs";

// src/commands/init.ts
import { realpathSync } from "node:fs";
import { basename, delimiter, dirname, join as join2 } from "node:path";

// core/init.ts
import { mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
var CONFIG_TEMPLATE = `# AKMS propagation_config.yaml: every tunable of this repository, with its default.
# Delete a key to use its default; unknown keys are ignored with a warning. Spec \xA74.8.
akms_schema: v2                    # schema version stamp; must be v2

# Directory of the global vault's node files (read-only to akms). A relative path is relative to
# the repository root; ~ is your home. Overridden by $AKMS_GLOBAL_VAULT, then by --vault.
global_vault: ~/.claude/akms/nodes

confidence:                        # how task evidence moves a node's per-repository confidence (spec \xA75.5)
  local_decay: 0.85                # multiplicative decay on a negative signal (outdated / missing-detail); 0.0\u20131.0
  propagation_factor: 0.30         # strength of a hit's propagation to neighbouring nodes; 0.0\u20131.0
  activation_boost: 0.02           # additive boost when a node is confirmed useful; 0.0\u20131.0
  min_confidence: 0.10             # global floor (a node's own confidence_floor overrides it); 0.0\u20131.0
  max_confidence: 0.99             # ceiling after every update; 0.0\u20131.0
  hop_limit: 1                     # how many hops a hit propagates to predecessors; whole number 0\u201310

edge_type_propagation:             # share of a hit that propagates along each edge type; each 0.0\u20131.0
  requires: 1.0                    # target is a prerequisite: full propagation
  refines: 0.7                     # this node specialises the target
  feeds-into: 0.5                  # looser dependency
  contradicts: 0.0                 # explicit conflict: no propagation
  pitfall: 0.0                     # domain node \u2192 session node warning: no propagation
  implements: 0.0                  # link to code: no propagation

loadout:                           # what goes into a task's loadout and how large it may be (spec \xA75.4)
  max_nodes_per_loadout: 8         # most domain nodes in one loadout; whole number \u2265 1
  max_pitfall_nodes: 4             # most pitfall warnings in one loadout; whole number \u2265 0
  min_confidence_threshold: 0.30   # nodes below this confidence are left out; 0.0\u20131.0
  max_loadout_tokens: 12000        # token cap of a full-mode loadout's inline content; whole number \u2265 1
  context_size_tokens: {small: 500, medium: 1500, large: 3000}  # full-mode tokens per context_size hint; whole numbers \u2265 1
  routing_tokens_per_node: 200     # estimated tokens of one routing-mode entry; whole number \u2265 1
  max_depth: 2                     # hops the subgraph query follows from the seed nodes; whole number 0\u201310
  mode_selection:                  # how routing vs full mode is chosen from the available context
    budget_fraction: 0.15          # largest share of the available context a loadout may take; above 0, at most 1
    low_threshold: 8000            # below this many available tokens the loadout is always routing mode; \u2265 0
    safety_margin: 4000            # tokens kept free as headroom; \u2265 0
    default_mode: routing          # mode when the budget allows either: routing | full
    model_context_limit: 200000    # the agent model's context window in tokens; whole number \u2265 1
    system_prompt_tokens: 0        # tokens the agent's system prompt already uses; \u2265 0

graph:                             # health-report and overlay-maintenance settings
  stale_node_days: 90              # a node unused this many days is reported stale; whole number \u2265 1
  orphan_warning: true             # report nodes with no edges and no activations: true | false
  max_session_refs: 10             # session_refs kept per node (most recent); whole number \u2265 1
  dedup_threshold: 0.75            # token-Jaccard score above which new knowledge merges into a node; 0.0\u20131.0
  max_history: 20                  # confidence-history entries kept per node in the overlay; whole number \u2265 1

# Query profiles per agent role (names: lower-case words). Each role: edge_types it follows
# (requires | feeds-into | refines | contradicts | pitfall | implements), rank_formula (+ - * / ( )
# and numbers over confidence, activations, depth, weight), and domain filters (lists of domains).
# Defining query_roles replaces this whole section, so list every role you use.
query_roles:
  implementer:                     # the role that writes code
    edge_types: [requires, feeds-into, pitfall]  # edge types the query follows
    rank_formula: "confidence * activations"     # ranking of the nodes found
    prefer_domains: []             # domains ranked first
    exclude_domains: []            # domains never loaded for this role
  code_reviewer:                   # the role that reviews code
    edge_types: [requires, feeds-into, pitfall]  # edge types the query follows
    rank_formula: "confidence * activations"     # ranking of the nodes found
    prefer_domains: []             # domains ranked first
    exclude_domains: []            # domains never loaded for this role
  physics_reviewer:                # the role that reviews the physics / domain content
    edge_types: [requires, contradicts]          # edge types the query follows
    rank_formula: "confidence"     # ranking of the nodes found
    prefer_domains: []             # domains ranked first
    exclude_domains: [code-mirror] # domains never loaded for this role

tag_derivation:                    # the deterministic fallback that fills empty akms_tags (spec \xA74.5)
  min_tag_length: 2                # shortest tag matched as a substring of the task text; whole number \u2265 1
  title_match: whole_word          # how node titles match the task text: whole_word | substring
  log_derived_tags: true           # log each derived tag with its source: true | false

orchestrator:                      # the reference pipeline \`akms orchestrate\` (spec \xA75.8)
  plan_name: ""                    # used in phase-branch names; any text
  base_branch: main                # phase 1 branches from here; a branch name
  agent_command: []                # argv of the task agent, e.g. [claude, -p]; [] = no agent configured
  agent_timeout_seconds: 3600      # an agent still running after this long is stopped; whole number \u2265 1

mirror:                            # the code mirror \`akms mirror\` writes (spec \xA75.6)
  languages: [python, typescript, javascript]  # source languages mirrored: python | typescript | javascript
  semantic_drift: false            # also run the optional model-based docstring-drift check: true | false
  max_file_bytes: 1000000          # source files larger than this are not mirrored; whole number \u2265 1

# Optional: which provider/model serves the semantic docstring-drift check (free-form mapping),
# e.g. {provider: anthropic, model: <model-id>}. null = not configured.
model_routing: null
`;
var GITIGNORE_TEMPLATE = `# Derived by akms; safe to delete, never committed (graph.json is rebuilt by \`akms build\`).
graph/graph.json
graph/.cache/
graph/.qmd_cache/
graph/.akms.lock
`;
var GITIGNORE_LINES = ["graph/.cache/", "graph/.qmd_cache/"];
function dirsOf(paths) {
  return [paths.knowledge, paths.graphDir, paths.localNodes, paths.sessions, paths.loadouts, paths.codeMirror, paths.tasks, paths.reviews];
}
function initKnowledge(paths) {
  let st;
  try {
    st = statSync(paths.repo);
  } catch {
    st = null;
  }
  if (!st?.isDirectory()) {
    throw new NotFoundError(`the repository directory ${paths.repo} does not exist`, {
      file: paths.repo,
      hint: "create it first, or pass --repo with an existing directory"
    });
  }
  const shown = (p) => displayPath(paths.repo, p);
  const result = { repo: paths.repo, created: [], kept: [], notes: [] };
  const missingDirs = dirsOf(paths).filter((d) => !exists(d));
  return withLock(paths.lock, () => {
    removeStaleTemps(paths.knowledge);
    removeStaleTemps(paths.graphDir);
    for (const d of missingDirs) {
      mkdirSync(d, { recursive: true });
      result.created.push(shown(d) + "/");
    }
    const gitignore = join(paths.knowledge, ".gitignore");
    const existingConfig = readTextIfExists(paths.config);
    if (existingConfig === null) {
      writeFileAtomic(paths.config, CONFIG_TEMPLATE);
      result.created.push(shown(paths.config));
    } else {
      result.kept.push(shown(paths.config));
      try {
        const cfg = parseConfig(existingConfig, shown(paths.config));
        for (const w of cfg.warnings) result.notes.push(w);
      } catch (e) {
        const err = e;
        result.notes.push(
          `the existing ${shown(paths.config)} is invalid (${err.message}); run \`akms validate ${shown(paths.config)}\` for every problem`
        );
      }
    }
    const existingIgnore = readTextIfExists(gitignore);
    if (existingIgnore === null) {
      writeFileAtomic(gitignore, GITIGNORE_TEMPLATE);
      result.created.push(shown(gitignore));
    } else {
      result.kept.push(shown(gitignore));
      const have = new Set(existingIgnore.split(/\r?\n/).map((l) => l.trim()));
      const missing = GITIGNORE_LINES.filter((l) => !have.has(l) && !have.has("/" + l));
      if (missing.length) result.notes.push(`${shown(gitignore)} does not ignore ${missing.join(" and ")}; add ${missing.length === 1 ? "it" : "them"} (derived caches)`);
    }
    return result;
  });
}

// core/agent/kits.ts
import { readFileSync } from "node:fs";
import { applyEdits, modify, parse } from "jsonc-parser";
var AGENTS = ["claude", "codex", "cursor"];
var BEGIN = (agent) => `<!-- akms:begin (managed by \`akms init --agent ${agent}\`; re-running it refreshes this block) -->`;
var END = "<!-- akms:end -->";
var TOML_BEGIN = (agent) => `# akms:begin (managed by \`akms init --agent ${agent}\`; re-running it refreshes this block)`;
var TOML_END = "# akms:end";
function shellWord(s) {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
function commandLine(l, ...args) {
  return [...l.argv, ...args].map(shellWord).join(" ");
}
function upsertBlock(text, begin, end, body) {
  const block = `${begin}
${body.trimEnd()}
${end}`;
  if (text === null || text === "") return `${block}
`;
  const markerStart = begin.slice(0, begin.indexOf("("));
  const i = text.indexOf(markerStart);
  const j = i < 0 ? -1 : text.indexOf(end, i);
  if (i >= 0 && j >= 0) return text.slice(0, i) + block + text.slice(j + end.length);
  const sep = text.endsWith("\n\n") ? "" : text.endsWith("\n") ? "\n" : "\n\n";
  return `${text}${sep}${block}
`;
}
function readJson(path, text) {
  const errors = [];
  const v = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length || v !== void 0 && (typeof v !== "object" || v === null || Array.isArray(v))) {
    throw new AkmsError("KIT_JSON", `${path} is not a JSON object; akms will not rewrite it`, { file: path, hint: "fix the file's JSON (or move it aside), then run `akms init --agent \u2026` again" });
  }
  return v ?? {};
}
function setJson(text, path, value, insert = false) {
  const edits = modify(text, path, value, { isArrayInsertion: insert });
  const compact = JSON.stringify(value);
  const laid = edits.map((e) => {
    const at = e.content.lastIndexOf(compact);
    if (at < 0) return e;
    const lineStart = text.lastIndexOf("\n", e.offset - 1) + 1;
    const indent = /^[ \t]*/.exec(text.slice(lineStart))[0];
    const pretty = JSON.stringify(value, null, 2).replace(/\n/g, `
${indent}`);
    const head = e.content.slice(0, at).replace(/^,/, `,
${indent}`).replace(/":$/, '": ');
    return { ...e, content: head + pretty + e.content.slice(at + compact.length) };
  });
  return applyEdits(text, laid);
}
function mcpJson(path, before, server) {
  if (before === null) return JSON.stringify({ mcpServers: { akms: server } }, null, 2) + "\n";
  const text = before;
  const v = readJson(path, text);
  if (JSON.stringify(v.mcpServers?.akms) === JSON.stringify(server)) return text;
  return setJson(text, ["mcpServers", "akms"], server);
}
function claudeSettings(path, before, l) {
  const wanted = [
    ["SessionStart", { hooks: [{ type: "command", command: commandLine(l, "hook", "session-start") }] }],
    ["PreToolUse", { matcher: "Write|Edit|MultiEdit|NotebookEdit", hooks: [{ type: "command", command: commandLine(l, "hook", "pre-tool-use") }] }]
  ];
  if (before === null) return JSON.stringify({ hooks: Object.fromEntries(wanted.map(([e, g]) => [e, [g]])) }, null, 2) + "\n";
  let text = before;
  for (const [event, group] of wanted) {
    const v = readJson(path, text);
    const list = Array.isArray(v.hooks?.[event]) ? v.hooks[event] : null;
    const ours = (g) => Array.isArray(g?.hooks) && g.hooks.some((h) => typeof h?.command === "string" && / hook (session-start|pre-tool-use)$/.test(h.command) && /akms/.test(h.command));
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
var AGENT_MEMORY_EXAMPLE = `---
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
function instructions(agent, l) {
  const cmd = commandLine(l);
  return [
    "## akms: this repository's knowledge",
    "",
    "This repository keeps reviewed knowledge for coding agents in `knowledge/` (AKMS v2), served by the `akms` MCP server.",
    "",
    "- **Before a task**, read its loadout: `knowledge/loadouts/phase<N>-<task_id>-loadout.md`. The `loadout` tool writes it (or `" + cmd + " loadout --task knowledge/tasks/<task_id>.json`)" + (agent === "claude" ? "; the session-start hook names the current one." : "."),
    "- **While working**: `search`, `show_node` and `pitfalls` answer questions about the knowledge (`" + cmd + " search WORDS`, `" + cmd + " show ID`, `" + cmd + " pitfalls --nodes ID`). Heed the loadout's Known Pitfalls.",
    "- **When the task is done**, hand in your AgentMemory (spec \xA74.3: nodes used and whether they helped, what was missing, pitfalls, new knowledge) with the `record_memory` tool, or write it to `knowledge/sessions/<task_id>.md`" + (agent === "claude" ? " (the `akms` skill has the format and an example)." : "; `" + cmd + " validate FILE` checks it."),
    "- **Never** edit the global vault or promote knowledge: a person decides what becomes trusted (`akms review`)."
  ].join("\n");
}
function skill(l) {
  return [
    "---",
    "name: akms",
    `description: "Use when starting or finishing a task in this repository. Read the task's akms loadout first; at the end hand in an AgentMemory (what knowledge helped, what was missing, pitfalls, new knowledge) through the akms MCP server's record_memory tool."`,
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
    ""
  ].join("\n");
}
function cursorRule() {
  return ["---", "description: akms knowledge layer \u2014 read the task's loadout first, hand in an AgentMemory at the end", "globs: knowledge/**", "alwaysApply: true", "---", BEGIN("cursor"), "", instructions("cursor", { argv: ["akms"] }), END, ""].join("\n");
}
function codexToml(l) {
  const [command, ...args] = [...l.argv, "mcp"];
  return ["[mcp_servers.akms]", `command = ${JSON.stringify(command)}`, `args = ${JSON.stringify(args)}`].join("\n");
}
function file(path, before, after) {
  return { path, before, after, action: before === null ? "create" : before === after ? "unchanged" : "update" };
}
function ownFile(path, before, after, agent) {
  if (before !== null && before !== after && !before.includes(BEGIN(agent).slice(0, 12))) {
    return { path, before, after: before, action: "skipped", note: `${path} exists and was not written by akms; left as it is` };
  }
  return file(path, before, after);
}
function planKit(agent, l, read) {
  const server = { command: l.argv[0], args: [...l.argv.slice(1), "mcp"] };
  const print = [];
  const files = [];
  const md = (path, body) => {
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
      ...codexToml(l).split("\n").map((x) => `  ${x}`)
    );
  } else {
    files.push(ownFile(".cursor/rules/akms.mdc", read(".cursor/rules/akms.mdc"), cursorRule(), "cursor"));
    const m = read(".cursor/mcp.json");
    files.push(file(".cursor/mcp.json", m, mcpJson(".cursor/mcp.json", m, server)));
    print.push("open the repository in Cursor and enable the akms server under Settings \u2192 MCP");
  }
  return { agent, files, print };
}
function readRepoFile(repo) {
  return (path) => {
    try {
      return readFileSync(`${repo}/${path}`, "utf8");
    } catch (e) {
      if (e.code === "ENOENT") return null;
      throw e;
    }
  };
}

// src/commands/init.ts
function realOrNull(p) {
  try {
    return realpathSync(p);
  } catch {
    return null;
  }
}
function launcher(env = process.env) {
  const me = realOrNull(process.argv[1] ?? "");
  for (const dir of (env.PATH ?? "").split(delimiter).filter(Boolean)) {
    const found = realOrNull(join2(dir, "akms"));
    if (found && me && found === me) return { argv: ["akms"] };
  }
  return { argv: [process.execPath, me ?? process.argv[1] ?? "akms"] };
}
function agentsOf(flag) {
  const list = (Array.isArray(flag) ? flag : flag === void 0 ? [] : [flag]).flatMap((a) => String(a).split(",")).map((a) => a.trim()).filter(Boolean);
  for (const a of list) if (!AGENTS.includes(a)) throw new UsageError(`--agent must be one of ${AGENTS.join(", ")} (got "${a}")`, "akms init --agent claude [--agent codex] [--dry-run]");
  return [...new Set(list)];
}
function kitLines(plans, dry) {
  const lines = [];
  for (const p of plans) {
    lines.push(`${p.agent}:`);
    for (const f of p.files) {
      const changes = f.action === "create" || f.action === "update";
      lines.push(`  ${dry && changes ? `would ${f.action}` : f.action === "create" ? "created" : f.action === "update" ? "updated" : f.action}  ${f.path}${f.note ? ` \u2014 ${f.note}` : ""}`);
      if (dry && changes) lines.push(...f.after.trimEnd().split("\n").map((l) => `      | ${l}`));
    }
    for (const x of p.print) lines.push(`  ${x}`);
  }
  return lines;
}
var initCommand = {
  name: "init",
  summary: "scaffold knowledge/ (directories, a commented propagation_config.yaml with every default, .gitignore); --agent claude|codex|cursor adds the host kit (MCP entry, instructions, skill, hooks, rules); never overwrites a person's file",
  usage: "akms init [--agent claude|codex|cursor]\u2026 [--dry-run]",
  run(_args, flags) {
    const paths = repoPaths(findRepo(process.cwd(), flags.repo));
    const agents = agentsOf(flags.agent);
    const dry = Boolean(flags.dryRun);
    const plans = agents.map((a) => planKit(a, launcher(), readRepoFile(paths.repo)));
    const r = dry ? null : initKnowledge(paths);
    if (!dry && plans.length) {
      withLock(paths.lock, () => {
        for (const p of plans) {
          for (const f of p.files) {
            const abs = join2(paths.repo, f.path);
            removeStaleTemps(dirname(abs), basename(abs));
            if (f.action === "create" || f.action === "update") writeFileAtomic(abs, f.after);
          }
        }
      });
    }
    const lines = [];
    if (r) {
      if (r.created.length) {
        lines.push(`initialised ${paths.knowledge}`);
        for (const c of r.created) lines.push(`  created ${c}`);
      } else lines.push(`${paths.knowledge} is already initialised; nothing written there`);
      for (const k of r.kept) lines.push(`  kept    ${k} (exists; not overwritten)`);
    } else lines.push("dry run: nothing was written");
    lines.push(...kitLines(plans, dry));
    if (!plans.length) {
      lines.push(
        "next:",
        "  point global_vault in knowledge/graph/propagation_config.yaml (or $AKMS_GLOBAL_VAULT) at your vault \u2014 optional, akms works with zero nodes",
        "  akms build      compile knowledge/graph/graph.json",
        "  akms init --agent claude|codex|cursor   tell your agent host about akms"
      );
    }
    const kits = plans.map((p) => ({ agent: p.agent, files: p.files.map((f) => ({ path: f.path, action: f.action, ...f.note ? { note: f.note } : {}, ...dry ? { after: f.after } : {} })), print: p.print }));
    return {
      json: { ok: true, repo: paths.repo, knowledge: paths.knowledge, dry_run: dry, created: r?.created ?? [], kept: r?.kept ?? [], notes: r?.notes ?? [], kits },
      text: lines.join("\n"),
      notes: (r?.notes ?? []).map((n) => `note: ${n}`)
    };
  }
};
export {
  initCommand,
  launcher
};
