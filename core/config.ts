// propagation_config.yaml: spec §4.8 defaults plus DESIGN's optional keys. Unknown keys are
// warnings; bad values are errors naming the key and what is allowed.
import { readFileSync } from "node:fs";
import type { z } from "zod";
import { lazy, zod } from "./zod.js";
import { ConfigError } from "./errors.js";
import { parseYaml } from "./yaml.js";
import { checkSchemaVersion, issuesToProblems } from "./schema-check.js";
import { lineOfPath } from "./yaml.js";
import { decodeUtf8 } from "./textfile.js";
import { compileFormula, type RankFn } from "./formula.js";
import { EDGE_TYPES, EdgeType, NonEmpty, Unit } from "./schemas/common.js";
import { ROLE_NAME } from "./schemas/task.js";
import { DEFAULT_CONFIG } from "./config-defaults.js";
import { warm } from "./store/memo.js";

const PosInt = lazy(() => zod.number({ error: "must be a whole number" }).int({ error: "must be a whole number" }).min(1, { error: "must be 1 or more" }));
const NonNegNum = lazy(() => zod.number({ error: "must be a number" }).min(0, { error: "must be 0 or more" }));

export const RoleProfile = lazy(() =>
  zod.strictObject({
    edge_types: zod.array(EdgeType),
    rank_formula: NonEmpty,
    prefer_domains: zod.array(zod.string()).default([]),
    exclude_domains: zod.array(zod.string()).default([]),
  })
);
export type RoleProfile = z.infer<typeof RoleProfile>;

export const ConfigSchema = lazy(() =>
  zod.object({
    akms_schema: zod.literal("v2"),
    global_vault: zod.string().min(1, { error: "must be a directory path" }).regex(/\S/, { error: "must be a directory path (not only spaces)" }),
    confidence: zod.object({
      local_decay: Unit,
      propagation_factor: Unit,
      activation_boost: Unit,
      min_confidence: Unit,
      max_confidence: Unit,
      hop_limit: zod.number().int({ error: "must be a whole number" }).min(0, { error: "must be 0 or more" }).max(10, { error: "must be at most 10" }),
    }),
    edge_type_propagation: zod.object(Object.fromEntries(EDGE_TYPES.map((t) => [t, Unit])) as Record<(typeof EDGE_TYPES)[number], typeof Unit>),
    loadout: zod.object({
      max_nodes_per_loadout: PosInt,
      max_pitfall_nodes: zod.number().int().min(0, { error: "must be 0 or more" }),
      min_confidence_threshold: Unit,
      max_loadout_tokens: PosInt,
      context_size_tokens: zod.object({ small: PosInt, medium: PosInt, large: PosInt }),
      routing_tokens_per_node: PosInt,
      max_depth: zod.number().int().min(0, { error: "must be 0 or more" }).max(10, { error: "must be at most 10" }),
      ego_direction: zod.enum(["out", "both"], { error: "must be out (NetworkX's ego_graph on a DiGraph) or both (the graph read as undirected)" }),
      tag_match: zod.enum(["case-insensitive", "exact"], { error: "must be case-insensitive or exact" }),
      mode_selection: zod.object({
        budget_fraction: zod.number().gt(0, { error: "must be above 0" }).max(1, { error: "must be at most 1" }),
        low_threshold: NonNegNum,
        safety_margin: NonNegNum,
        default_mode: zod.enum(["routing", "full"], { error: "must be routing or full" }),
        model_context_limit: PosInt,
        system_prompt_tokens: NonNegNum,
      }),
    }),
    graph: zod.object({
      stale_node_days: PosInt,
      orphan_warning: zod.boolean({ error: "must be true or false" }),
      max_session_refs: PosInt,
      dedup_threshold: Unit,
      max_history: PosInt,
    }),
    query_roles: zod
      .record(zod.string().regex(ROLE_NAME, { error: "role names are lower-case words like implementer" }), RoleProfile)
      .refine((r) => Object.keys(r).length > 0, { error: "needs at least one role" }),
    tag_derivation: zod.object({
      min_tag_length: PosInt,
      title_match: zod.enum(["whole_word", "substring"], { error: "must be whole_word or substring" }),
      log_derived_tags: zod.boolean({ error: "must be true or false" }),
    }),
    orchestrator: zod.object({
      // Empty: the plan file's name. Blank (only spaces) names no branch.
      plan_name: zod.string().regex(/^(?:|.*\S.*)$/, { error: "must be a name for the phase branches, or empty (the plan file's name)" }),
      base_branch: NonEmpty,
      agent_command: zod.array(zod.string()).default([]),
      agent_timeout_seconds: PosInt,
    }),
    mirror: zod.object({
      languages: zod.array(zod.enum(["python", "typescript", "javascript"], { error: "must be python, typescript or javascript" })),
      semantic_drift: zod.boolean({ error: "must be true or false" }),
      max_file_bytes: PosInt,
    }),
    search: zod.object({
      embedding: zod.enum(["minilm", "use-lite", "none"], { error: "must be minilm, use-lite or none" }),
    }),
    console: zod.object({
      confirm_undoable: zod.boolean({ error: "must be true or false" }),
    }),
    agents: zod.object({
      max_result_bytes: PosInt.refine((n: number) => n >= 2000, { message: "must be at least 2000 (a result must hold one whole item)" }),
      impressions: zod.boolean({ error: "must be true or false" }),
    }),
    model_routing: zod.record(zod.string(), zod.unknown()).nullable().default(null),
  })
);
export type Config = z.infer<typeof ConfigSchema>;

export { DEFAULT_CONFIG };

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
  return warm(`config:${file}`, [file], () => readConfig(file));
}

function readConfig(file: string): LoadedConfig {
  let text: string | null = null;
  try {
    text = decodeUtf8(readFileSync(file), file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  return parseConfig(text, file);
}
