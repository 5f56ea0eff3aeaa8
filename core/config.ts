// propagation_config.yaml: spec §4.8 defaults plus DESIGN's optional keys. Unknown keys are
// warnings; bad values are errors naming the key and what is allowed.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { ConfigError } from "./errors.js";
import { parseYaml } from "./yaml.js";
import { checkSchemaVersion, issuesToProblems } from "./schema-check.js";
import { lineOfPath } from "./yaml.js";
import { decodeUtf8 } from "./textfile.js";
import { compileFormula, type RankFn } from "./formula.js";
import { EDGE_TYPES, EdgeType, NonEmpty, Unit } from "./schemas/common.js";
import { ROLE_NAME } from "./schemas/task.js";

const PosInt = z.number({ error: "must be a whole number" }).int({ error: "must be a whole number" }).min(1, { error: "must be 1 or more" });
const NonNegNum = z.number({ error: "must be a number" }).min(0, { error: "must be 0 or more" });

export const RoleProfile = z.strictObject({
  edge_types: z.array(EdgeType),
  rank_formula: NonEmpty,
  prefer_domains: z.array(z.string()).default([]),
  exclude_domains: z.array(z.string()).default([]),
});
export type RoleProfile = z.infer<typeof RoleProfile>;

export const ConfigSchema = z.object({
  akms_schema: z.literal("v2"),
  global_vault: z.string().min(1, { error: "must be a directory path" }),
  confidence: z.object({
    local_decay: Unit,
    propagation_factor: Unit,
    activation_boost: Unit,
    min_confidence: Unit,
    max_confidence: Unit,
    hop_limit: z.number().int({ error: "must be a whole number" }).min(0, { error: "must be 0 or more" }).max(10, { error: "must be at most 10" }),
  }),
  edge_type_propagation: z.object(Object.fromEntries(EDGE_TYPES.map((t) => [t, Unit])) as Record<(typeof EDGE_TYPES)[number], typeof Unit>),
  loadout: z.object({
    max_nodes_per_loadout: PosInt,
    max_pitfall_nodes: z.number().int().min(0, { error: "must be 0 or more" }),
    min_confidence_threshold: Unit,
    max_loadout_tokens: PosInt,
    context_size_tokens: z.object({ small: PosInt, medium: PosInt, large: PosInt }),
    routing_tokens_per_node: PosInt,
    max_depth: z.number().int().min(0, { error: "must be 0 or more" }).max(10, { error: "must be at most 10" }),
    mode_selection: z.object({
      budget_fraction: z.number().gt(0, { error: "must be above 0" }).max(1, { error: "must be at most 1" }),
      low_threshold: NonNegNum,
      safety_margin: NonNegNum,
      default_mode: z.enum(["routing", "full"], { error: "must be routing or full" }),
      model_context_limit: PosInt,
      system_prompt_tokens: NonNegNum,
    }),
  }),
  graph: z.object({
    stale_node_days: PosInt,
    orphan_warning: z.boolean({ error: "must be true or false" }),
    max_session_refs: PosInt,
    dedup_threshold: Unit,
    max_history: PosInt,
  }),
  query_roles: z
    .record(z.string().regex(ROLE_NAME, { error: "role names are lower-case words like implementer" }), RoleProfile)
    .refine((r) => Object.keys(r).length > 0, { error: "needs at least one role" }),
  tag_derivation: z.object({
    min_tag_length: PosInt,
    title_match: z.enum(["whole_word", "substring"], { error: "must be whole_word or substring" }),
    log_derived_tags: z.boolean({ error: "must be true or false" }),
  }),
  orchestrator: z.object({
    plan_name: z.string(),
    base_branch: z.string().min(1),
    agent_command: z.array(z.string()).default([]),
    agent_timeout_seconds: PosInt,
  }),
  mirror: z.object({
    languages: z.array(z.enum(["python", "typescript", "javascript"], { error: "must be python, typescript or javascript" })),
    semantic_drift: z.boolean({ error: "must be true or false" }),
    max_file_bytes: PosInt,
  }),
  model_routing: z.record(z.string(), z.unknown()).nullable().default(null),
});
export type Config = z.infer<typeof ConfigSchema>;

export const DEFAULT_CONFIG: Config = {
  akms_schema: "v2",
  global_vault: "~/.claude/akms/nodes",
  confidence: { local_decay: 0.85, propagation_factor: 0.3, activation_boost: 0.02, min_confidence: 0.1, max_confidence: 0.99, hop_limit: 1 },
  edge_type_propagation: { requires: 1.0, refines: 0.7, "feeds-into": 0.5, contradicts: 0.0, pitfall: 0.0, implements: 0.0 },
  loadout: {
    max_nodes_per_loadout: 8,
    max_pitfall_nodes: 4,
    min_confidence_threshold: 0.3,
    max_loadout_tokens: 12000,
    context_size_tokens: { small: 500, medium: 1500, large: 3000 },
    routing_tokens_per_node: 200,
    max_depth: 2,
    mode_selection: {
      budget_fraction: 0.15,
      low_threshold: 8000,
      safety_margin: 4000,
      default_mode: "routing",
      model_context_limit: 200000,
      system_prompt_tokens: 0,
    },
  },
  graph: { stale_node_days: 90, orphan_warning: true, max_session_refs: 10, dedup_threshold: 0.75, max_history: 20 },
  query_roles: {
    implementer: { edge_types: ["requires", "feeds-into", "pitfall"], rank_formula: "confidence * activations", prefer_domains: [], exclude_domains: [] },
    code_reviewer: { edge_types: ["requires", "feeds-into", "pitfall"], rank_formula: "confidence * activations", prefer_domains: [], exclude_domains: [] },
    physics_reviewer: { edge_types: ["requires", "contradicts"], rank_formula: "confidence", prefer_domains: [], exclude_domains: ["code-mirror"] },
  },
  tag_derivation: { min_tag_length: 2, title_match: "whole_word", log_derived_tags: true },
  orchestrator: { plan_name: "", base_branch: "main", agent_command: [], agent_timeout_seconds: 3600 },
  mirror: { languages: ["python", "typescript", "javascript"], semantic_drift: false, max_file_bytes: 1_000_000 },
  model_routing: null,
};

/** Sections whose keys are the user's own names (not checked for unknown keys). */
const OPEN_SECTIONS = new Set(["query_roles", "model_routing"]);

export interface LoadedConfig {
  config: Config;
  file: string | null;
  warnings: string[];
  /** Compiled rank formulas per role. */
  rank: Record<string, RankFn>;
  /** The ignored unknown keys (dotted paths) with their lines, for `akms validate`. */
  unknownKeys: { key: string; line?: number }[];
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function mergeDefaults(defaults: unknown, user: unknown, path: string[], unknown: string[][]): unknown {
  if (!isPlainObject(defaults) || !isPlainObject(user)) return user === undefined ? defaults : user;
  const out: Record<string, unknown> = { ...defaults };
  for (const [k, v] of Object.entries(user)) {
    const here = [...path, k];
    if (!(k in defaults)) {
      unknown.push(here);
      continue;
    }
    if (v === null && isPlainObject(defaults[k])) continue; // an emptied section keeps its defaults
    if (path.length === 0 && OPEN_SECTIONS.has(k)) {
      out[k] = v;
      continue;
    }
    out[k] = mergeDefaults(defaults[k], v, here, unknown);
  }
  return out;
}

export function parseConfig(text: string | null, file: string): LoadedConfig {
  const warnings: string[] = [];
  let user: unknown = {};
  if (text !== null) {
    user = parseYaml(text, { file }) ?? {};
    if (!isPlainObject(user)) throw new ConfigError("the config must be a YAML mapping", { file, line: 1 });
    checkSchemaVersion(user, { file, text });
  }
  const unknown: string[][] = [];
  const merged = mergeDefaults(DEFAULT_CONFIG, user, [], unknown);
  const unknownKeys = unknown.map((path) => ({ key: path.join("."), line: text === null ? undefined : lineOfPath(text, path) }));
  for (const u of unknownKeys) {
    warnings.push(`${file}${u.line ? `:${u.line}` : ""}: unknown config key \`${u.key}\` is ignored (check its spelling; see \`akms init\`'s commented config)`);
  }
  const r = ConfigSchema.safeParse(merged, { reportInput: true });
  if (!r.success) {
    const problems = issuesToProblems(r.error.issues, { file, text: text ?? undefined });
    const p = problems[0]!;
    throw new ConfigError(`config key \`${p.field}\` ${p.message}`, {
      file,
      line: p.line,
      field: p.field,
      hint: "fix the value, or delete the key to use the default",
      ...(problems.length > 1 ? { problems } : {}),
    } as never);
  }
  const config = r.data;
  const rank: Record<string, RankFn> = {};
  for (const [role, prof] of Object.entries(config.query_roles)) {
    try {
      rank[role] = compileFormula(prof.rank_formula, `query_roles.${role}.rank_formula`);
    } catch (e) {
      const err = e as ConfigError;
      const line = text === null ? undefined : lineOfPath(text, ["query_roles", role, "rank_formula"]);
      throw new ConfigError(err.message, { file, line, field: err.field, hint: err.hint });
    }
  }
  return { config, file: text === null ? null : file, warnings, rank, unknownKeys };
}

export function loadConfig(file: string): LoadedConfig {
  let text: string | null = null;
  try {
    text = decodeUtf8(readFileSync(file), file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  return parseConfig(text, file);
}
