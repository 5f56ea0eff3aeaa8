import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  ROLE_NAME,
  warm
} from "./chunk-PEBIPHYY.mjs";
import {
  EDGE_TYPES,
  EdgeType,
  NonEmpty,
  Unit,
  checkSchemaVersion,
  decodeUtf8,
  issuesToProblems,
  lazy,
  lineOfPath,
  parseYaml,
  zod
} from "./chunk-DWREGR5U.mjs";
import {
  ConfigError
} from "./chunk-C3ZMY3KT.mjs";

// core/formula.ts
var FORMULA_VARIABLES = ["confidence", "activations", "depth", "weight"];
function tokenize(src) {
  const out = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const num = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(src.slice(i));
    if (num) {
      out.push({ t: "num", v: num[0], at: i });
      i += num[0].length;
      continue;
    }
    const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i));
    if (id) {
      out.push({ t: "id", v: id[0], at: i });
      i += id[0].length;
      continue;
    }
    if ("+-*/\xD7\xF7\u2212".includes(c)) {
      out.push({ t: "op", v: c === "\xD7" ? "*" : c === "\xF7" ? "/" : c === "\u2212" ? "-" : c, at: i });
      i++;
      continue;
    }
    if (c === "(" || c === ")") {
      out.push({ t: c, v: c, at: i });
      i++;
      continue;
    }
    throw new Error(`unexpected character '${c}' at position ${i + 1}`);
  }
  return out;
}
function parse(src) {
  const toks = tokenize(src);
  let p = 0;
  const peek = () => toks[p];
  const expr = () => {
    let a = term();
    while (peek()?.t === "op" && (peek().v === "+" || peek().v === "-")) {
      const op = toks[p++].v;
      a = { k: "bin", op, a, b: term() };
    }
    return a;
  };
  const term = () => {
    let a = unary();
    while (peek()?.t === "op" && (peek().v === "*" || peek().v === "/")) {
      const op = toks[p++].v;
      a = { k: "bin", op, a, b: unary() };
    }
    return a;
  };
  const unary = () => {
    const t = peek();
    if (t?.t === "op" && (t.v === "-" || t.v === "+")) {
      p++;
      const a = unary();
      return t.v === "-" ? { k: "neg", a } : a;
    }
    return atom();
  };
  const atom = () => {
    const t = toks[p++];
    if (!t) throw new Error("the expression ends too early");
    if (t.t === "num") return { k: "num", v: Number(t.v) };
    if (t.t === "id") {
      if (!FORMULA_VARIABLES.includes(t.v)) {
        throw new Error(`unknown variable '${t.v}' (allowed: ${FORMULA_VARIABLES.join(", ")})`);
      }
      return { k: "var", name: t.v };
    }
    if (t.t === "(") {
      const a = expr();
      if (toks[p++]?.t !== ")") throw new Error(`missing ')' for '(' at position ${t.at + 1}`);
      return a;
    }
    throw new Error(`unexpected '${t.v}' at position ${t.at + 1}`);
  };
  if (!toks.length) throw new Error("the formula is empty");
  const ast = expr();
  if (p < toks.length) throw new Error(`unexpected '${toks[p].v}' at position ${toks[p].at + 1}`);
  return ast;
}
function evaluate(a, v) {
  switch (a.k) {
    case "num":
      return a.v;
    case "var":
      return v[a.name];
    case "neg":
      return -evaluate(a.a, v);
    case "bin": {
      const x = evaluate(a.a, v);
      const y = evaluate(a.b, v);
      return a.op === "+" ? x + y : a.op === "-" ? x - y : a.op === "*" ? x * y : x / y;
    }
  }
}
function compileFormula(src, where = "rank_formula") {
  let ast;
  try {
    ast = parse(src);
  } catch (e) {
    throw new ConfigError(`invalid ${where} "${src}": ${e.message}`, {
      field: where,
      hint: `use + - * / ( ) numbers and ${FORMULA_VARIABLES.join(", ")}, e.g. "confidence * activations"`
    });
  }
  return (v) => {
    const r = evaluate(ast, v);
    return Number.isFinite(r) ? r : 0;
  };
}

// core/config-defaults.ts
var DEFAULT_CONFIG = {
  akms_schema: "v2",
  global_vault: "~/.claude/akms/nodes",
  confidence: { local_decay: 0.85, propagation_factor: 0.3, activation_boost: 0.02, min_confidence: 0.1, max_confidence: 0.99, hop_limit: 1 },
  // In the schema's key order (EDGE_TYPES): the order parseConfig gives the keys.
  edge_type_propagation: { requires: 1, "feeds-into": 0.5, refines: 0.7, contradicts: 0, pitfall: 0, implements: 0 },
  loadout: {
    max_nodes_per_loadout: 8,
    max_pitfall_nodes: 4,
    min_confidence_threshold: 0.3,
    max_loadout_tokens: 12e3,
    context_size_tokens: { small: 500, medium: 1500, large: 3e3 },
    routing_tokens_per_node: 200,
    max_depth: 2,
    mode_selection: {
      budget_fraction: 0.15,
      low_threshold: 8e3,
      safety_margin: 4e3,
      default_mode: "routing",
      model_context_limit: 2e5,
      system_prompt_tokens: 0
    }
  },
  graph: { stale_node_days: 90, orphan_warning: true, max_session_refs: 10, dedup_threshold: 0.75, max_history: 20 },
  query_roles: {
    implementer: { edge_types: ["requires", "feeds-into", "pitfall"], rank_formula: "confidence * activations", prefer_domains: [], exclude_domains: [] },
    code_reviewer: { edge_types: ["requires", "feeds-into", "pitfall"], rank_formula: "confidence * activations", prefer_domains: [], exclude_domains: [] },
    physics_reviewer: { edge_types: ["requires", "contradicts"], rank_formula: "confidence", prefer_domains: [], exclude_domains: ["code-mirror"] }
  },
  tag_derivation: { min_tag_length: 2, title_match: "whole_word", log_derived_tags: true },
  orchestrator: { plan_name: "", base_branch: "main", agent_command: [], agent_timeout_seconds: 3600 },
  mirror: { languages: ["python", "typescript", "javascript"], semantic_drift: false, max_file_bytes: 1e6 },
  model_routing: null
};

// core/config.ts
import { readFileSync } from "node:fs";
var PosInt = lazy(() => zod.number({ error: "must be a whole number" }).int({ error: "must be a whole number" }).min(1, { error: "must be 1 or more" }));
var NonNegNum = lazy(() => zod.number({ error: "must be a number" }).min(0, { error: "must be 0 or more" }));
var RoleProfile = lazy(
  () => zod.strictObject({
    edge_types: zod.array(EdgeType),
    rank_formula: NonEmpty,
    prefer_domains: zod.array(zod.string()).default([]),
    exclude_domains: zod.array(zod.string()).default([])
  })
);
var ConfigSchema = lazy(
  () => zod.object({
    akms_schema: zod.literal("v2"),
    global_vault: zod.string().min(1, { error: "must be a directory path" }),
    confidence: zod.object({
      local_decay: Unit,
      propagation_factor: Unit,
      activation_boost: Unit,
      min_confidence: Unit,
      max_confidence: Unit,
      hop_limit: zod.number().int({ error: "must be a whole number" }).min(0, { error: "must be 0 or more" }).max(10, { error: "must be at most 10" })
    }),
    edge_type_propagation: zod.object(Object.fromEntries(EDGE_TYPES.map((t) => [t, Unit]))),
    loadout: zod.object({
      max_nodes_per_loadout: PosInt,
      max_pitfall_nodes: zod.number().int().min(0, { error: "must be 0 or more" }),
      min_confidence_threshold: Unit,
      max_loadout_tokens: PosInt,
      context_size_tokens: zod.object({ small: PosInt, medium: PosInt, large: PosInt }),
      routing_tokens_per_node: PosInt,
      max_depth: zod.number().int().min(0, { error: "must be 0 or more" }).max(10, { error: "must be at most 10" }),
      mode_selection: zod.object({
        budget_fraction: zod.number().gt(0, { error: "must be above 0" }).max(1, { error: "must be at most 1" }),
        low_threshold: NonNegNum,
        safety_margin: NonNegNum,
        default_mode: zod.enum(["routing", "full"], { error: "must be routing or full" }),
        model_context_limit: PosInt,
        system_prompt_tokens: NonNegNum
      })
    }),
    graph: zod.object({
      stale_node_days: PosInt,
      orphan_warning: zod.boolean({ error: "must be true or false" }),
      max_session_refs: PosInt,
      dedup_threshold: Unit,
      max_history: PosInt
    }),
    query_roles: zod.record(zod.string().regex(ROLE_NAME, { error: "role names are lower-case words like implementer" }), RoleProfile).refine((r) => Object.keys(r).length > 0, { error: "needs at least one role" }),
    tag_derivation: zod.object({
      min_tag_length: PosInt,
      title_match: zod.enum(["whole_word", "substring"], { error: "must be whole_word or substring" }),
      log_derived_tags: zod.boolean({ error: "must be true or false" })
    }),
    orchestrator: zod.object({
      plan_name: zod.string(),
      base_branch: zod.string().min(1),
      agent_command: zod.array(zod.string()).default([]),
      agent_timeout_seconds: PosInt
    }),
    mirror: zod.object({
      languages: zod.array(zod.enum(["python", "typescript", "javascript"], { error: "must be python, typescript or javascript" })),
      semantic_drift: zod.boolean({ error: "must be true or false" }),
      max_file_bytes: PosInt
    }),
    model_routing: zod.record(zod.string(), zod.unknown()).nullable().default(null)
  })
);
var OPEN_SECTIONS = /* @__PURE__ */ new Set(["query_roles", "model_routing"]);
function isPlainObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}
function mergeDefaults(defaults, user, path, unknown) {
  if (!isPlainObject(defaults) || !isPlainObject(user)) return user === void 0 ? defaults : user;
  const out = { ...defaults };
  for (const [k, v] of Object.entries(user)) {
    const here = [...path, k];
    if (!(k in defaults)) {
      unknown.push(here);
      continue;
    }
    if (v === null && isPlainObject(defaults[k])) continue;
    if (path.length === 0 && OPEN_SECTIONS.has(k)) {
      out[k] = v;
      continue;
    }
    out[k] = mergeDefaults(defaults[k], v, here, unknown);
  }
  return out;
}
function parseConfig(text, file) {
  const warnings = [];
  let user = {};
  if (text !== null) {
    user = parseYaml(text, { file }) ?? {};
    if (!isPlainObject(user)) throw new ConfigError("the config must be a YAML mapping", { file, line: 1 });
    checkSchemaVersion(user, { file, text });
  }
  const unknown = [];
  const merged = mergeDefaults(DEFAULT_CONFIG, user, [], unknown);
  const unknownKeys = unknown.map((path) => ({ key: path.join("."), line: text === null ? void 0 : lineOfPath(text, path) }));
  for (const u of unknownKeys) {
    warnings.push(`${file}${u.line ? `:${u.line}` : ""}: unknown config key \`${u.key}\` is ignored (check its spelling; see \`akms init\`'s commented config)`);
  }
  const r = ConfigSchema.safeParse(merged, { reportInput: true });
  if (!r.success) {
    const problems = issuesToProblems(r.error.issues, { file, text: text ?? void 0 });
    const p = problems[0];
    throw new ConfigError(`config key \`${p.field}\` ${p.message}`, {
      file,
      line: p.line,
      field: p.field,
      hint: "fix the value, or delete the key to use the default",
      ...problems.length > 1 ? { problems } : {}
    });
  }
  const config = r.data;
  const rank = {};
  for (const [role, prof] of Object.entries(config.query_roles)) {
    try {
      rank[role] = compileFormula(prof.rank_formula, `query_roles.${role}.rank_formula`);
    } catch (e) {
      const err = e;
      const line = text === null ? void 0 : lineOfPath(text, ["query_roles", role, "rank_formula"]);
      throw new ConfigError(err.message, { file, line, field: err.field, hint: err.hint });
    }
  }
  return { config, file: text === null ? null : file, warnings, rank, unknownKeys };
}
function loadConfig(file) {
  return warm(`config:${file}`, [file], () => readConfig(file));
}
function readConfig(file) {
  let text = null;
  try {
    text = decodeUtf8(readFileSync(file), file);
  } catch (e) {
    if (e.code !== "ENOENT") throw e;
  }
  return parseConfig(text, file);
}

export {
  compileFormula,
  DEFAULT_CONFIG,
  parseConfig,
  loadConfig
};
