// `akms init`: scaffolds knowledge/ with its directories, a commented propagation_config.yaml that
// holds every default (spec §4.8 plus DESIGN's optional keys) and a .gitignore for the derived
// caches. Never overwrites a file; writes atomically under the repository lock.
import { mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { NotFoundError, type AkmsError } from "./errors.js";
import { exists, readTextIfExists, removeStaleTemps, writeFileAtomic } from "./fsx.js";
import { withLock } from "./lock.js";
import { parseConfig } from "./config.js";
import { displayPath, type RepoPaths } from "./paths.js";
import { yamlString } from "./update/overlay-io.js";

/** The commented default config. `parseConfig` of this text yields exactly DEFAULT_CONFIG (tested). */
export const CONFIG_TEMPLATE = `# AKMS propagation_config.yaml: every tunable of this repository, with its default.
# Delete a key to use its default; unknown keys are ignored with a warning. Spec §4.8.
akms_schema: v2                    # schema version stamp; must be v2

# Directory of the global vault's node files (read-only to akms). A relative path is relative to
# the repository root; ~ is your home. Overridden by $AKMS_GLOBAL_VAULT, then by --vault.
global_vault: ~/.claude/akms/nodes

confidence:                        # how task evidence moves a node's per-repository confidence (spec §5.5)
  local_decay: 0.85                # multiplicative decay on a negative signal (outdated / missing-detail); 0.0–1.0
  propagation_factor: 0.30         # strength of a hit's propagation to neighbouring nodes; 0.0–1.0
  activation_boost: 0.02           # additive boost when a node is confirmed useful; 0.0–1.0
  min_confidence: 0.10             # global floor (a node's own confidence_floor overrides it); 0.0–1.0
  max_confidence: 0.99             # ceiling after every update; 0.0–1.0
  hop_limit: 1                     # how many hops a hit propagates to predecessors; whole number 0–10

edge_type_propagation:             # share of a hit that propagates along each edge type; each 0.0–1.0
  requires: 1.0                    # target is a prerequisite: full propagation
  refines: 0.7                     # this node specialises the target
  feeds-into: 0.5                  # looser dependency
  contradicts: 0.0                 # explicit conflict: no propagation
  pitfall: 0.0                     # domain node → session node warning: no propagation
  implements: 0.0                  # link to code: no propagation

loadout:                           # what goes into a task's loadout and how large it may be (spec §5.4)
  max_nodes_per_loadout: 8         # most domain nodes in one loadout; whole number ≥ 1
  max_pitfall_nodes: 4             # most pitfall warnings in one loadout; whole number ≥ 0
  min_confidence_threshold: 0.30   # nodes below this confidence are left out; 0.0–1.0
  max_loadout_tokens: 12000        # token cap of a full-mode loadout's inline content; whole number ≥ 1
  context_size_tokens: {small: 500, medium: 1500, large: 3000}  # full-mode tokens per context_size hint; whole numbers ≥ 1
  routing_tokens_per_node: 200     # estimated tokens of one routing-mode entry; whole number ≥ 1
  max_depth: 2                     # hops the subgraph query follows from the seed nodes; whole number 0–10
  # ego_direction: out             # akms's own key (commented: the Python implementation refuses keys it does not know): out follows edges as declared (NetworkX ego_graph); both also walks them backwards
  # tag_match: case-insensitive    # akms's own key: how task tags match node tags; exact compares them as written
  mode_selection:                  # how routing vs full mode is chosen from the available context
    budget_fraction: 0.15          # largest share of the available context a loadout may take; above 0, at most 1
    low_threshold: 8000            # below this many available tokens the loadout is always routing mode; ≥ 0
    safety_margin: 4000            # tokens kept free as headroom; ≥ 0
    default_mode: routing          # mode when the budget allows either: routing | full
    model_context_limit: 200000    # the agent model's context window in tokens; whole number ≥ 1
    system_prompt_tokens: 0        # tokens the agent's system prompt already uses; ≥ 0

graph:                             # health-report and overlay-maintenance settings
  stale_node_days: 90              # a node unused this many days is reported stale; whole number ≥ 1
  orphan_warning: true             # report nodes with no edges and no activations: true | false
  max_session_refs: 10             # session_refs kept per node (most recent); whole number ≥ 1
  dedup_threshold: 0.75            # token-Jaccard score above which new knowledge merges into a node; 0.0–1.0
  max_history: 20                  # confidence-history entries kept per node in the overlay; whole number ≥ 1

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

tag_derivation:                    # the deterministic fallback that fills empty akms_tags (spec §4.5)
  min_tag_length: 2                # shortest tag matched as a substring of the task text; whole number ≥ 1
  title_match: whole_word          # how node titles match the task text: whole_word | substring
  log_derived_tags: true           # log each derived tag with its source: true | false

orchestrator:                      # the reference pipeline \`akms orchestrate\` (spec §5.8)
  plan_name: ""                    # used in phase-branch names; any text
  base_branch: main                # phase 1 branches from here; a branch name
  # The task agent's argv, each element's {placeholders} filled in (\`akms orchestrate --help\`); Claude Code, e.g.:
  # [claude, -p, "Do task {task_id}. Read {loadout} first; write your AgentMemory to {memory_out}.", --allowedTools, "Read,Edit,Write,Bash,mcp__akms"]
  agent_command: []                # [] = no agent configured
  agent_timeout_seconds: 3600      # an agent still running after this long is stopped; whole number ≥ 1

mirror:                            # the code mirror \`akms mirror\` writes (spec §5.6)
  languages: [python, typescript, javascript]  # source languages mirrored: python | typescript | javascript
  semantic_drift: false            # also run the optional model-based docstring-drift check: true | false
  max_file_bytes: 1000000          # source files larger than this are not mirrored; whole number ≥ 1

# The review console (akms's own key, commented out like the agents block below):
# console:
#   confirm_undoable: true         # false: p, d, D, a, r act at once (each is undone by u); undo still asks

# What the MCP server sends an agent's model (akms's own key; commented out, as the spec's Python
# implementation refuses keys it does not know):
# agents:
#   max_result_bytes: 8000         # bytes per tool result (text and structuredContent alike); longer results page with a cursor; at least 2000
#   impressions: true              # log what agents were shown (knowledge/impressions.jsonl, read by akms eval and the review)

# Optional: which provider/model serves the semantic docstring-drift check (free-form mapping),
# e.g. {provider: anthropic, model: <model-id>}. Absent = not configured (the spec's Python
# implementation refuses an explicit null).
# model_routing: {provider: anthropic, model: <model-id>}
`;

/** knowledge/.gitignore: the derived caches (DESIGN §3) and the transient lock file. */
export const GITIGNORE_TEMPLATE = `# Derived by akms; safe to delete, never committed (graph.json is rebuilt by \`akms build\`).
graph/graph.json
graph/.cache/
graph/.qmd_cache/
graph/.akms.lock
`;

const GITIGNORE_LINES = ["graph/.cache/", "graph/.qmd_cache/"];

export interface InitResult {
  repo: string;
  /** Repository-relative paths of what was created (directories end with /). */
  created: string[];
  /** Files that existed and were kept as they are. */
  kept: string[];
  /** Notes about kept files (an invalid config, a .gitignore missing the cache entries). */
  notes: string[];
}

function dirsOf(paths: RepoPaths): string[] {
  return [paths.knowledge, paths.graphDir, paths.localNodes, paths.sessions, paths.loadouts, paths.codeMirror, paths.tasks, paths.reviews];
}

/** The default config, naming `vault` as the global vault when given (as the config holds it: relative to the repository root, ~, or absolute). */
export function configText(vault?: string): string {
  if (vault === undefined) return CONFIG_TEMPLATE;
  const line = "\nglobal_vault: ~/.claude/akms/nodes\n";
  if (!CONFIG_TEMPLATE.includes(line)) throw new Error("the config template has no global_vault line");
  return CONFIG_TEMPLATE.replace(line, `\nglobal_vault: ${yamlString(vault)}\n`);
}

/**
 * Scaffolds knowledge/. `vault`: the global vault the new config names (`akms init --vault`); a
 * config that exists is kept, and one naming another vault is a note.
 */
export function initKnowledge(paths: RepoPaths, vault?: string): InitResult {
  let st;
  try {
    st = statSync(paths.repo);
  } catch {
    st = null;
  }
  if (!st?.isDirectory()) {
    throw new NotFoundError(`the repository directory ${paths.repo} does not exist`, {
      file: paths.repo,
      hint: "create it first, or pass --repo with an existing directory",
    });
  }
  const shown = (p: string) => displayPath(paths.repo, p);
  const result: InitResult = { repo: paths.repo, created: [], kept: [], notes: [] };
  // Taking the lock creates graph/ (the lock file lives there), so note what is missing first.
  const missingDirs = dirsOf(paths).filter((d) => !exists(d));
  return withLock(paths.lock, () => {
    // An init killed before a rename left its temp file: gone before this one writes.
    removeStaleTemps(paths.knowledge);
    removeStaleTemps(paths.graphDir);
    for (const d of missingDirs) {
      mkdirSync(d, { recursive: true });
      result.created.push(shown(d) + "/");
    }
    const gitignore = join(paths.knowledge, ".gitignore");
    const existingConfig = readTextIfExists(paths.config);
    if (existingConfig === null) {
      writeFileAtomic(paths.config, configText(vault));
      result.created.push(shown(paths.config));
    } else {
      result.kept.push(shown(paths.config));
      try {
        const cfg = parseConfig(existingConfig, shown(paths.config));
        for (const w of cfg.warnings) result.notes.push(w);
        if (vault !== undefined && cfg.config.global_vault !== vault) {
          result.notes.push(`${shown(paths.config)} names another global vault (global_vault: ${cfg.config.global_vault}); --vault ${vault} applies to this command only — set global_vault there to keep it`);
        }
      } catch (e) {
        const err = e as AkmsError;
        result.notes.push(
          `the existing ${shown(paths.config)} is invalid (${err.message}); run \`akms validate ${shown(paths.config)}\` for every problem`,
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
