import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  AgentMemory,
  Pcd
} from "./chunk-2ZAOF5AY.mjs";
import {
  extractSummary
} from "./chunk-JAGXTLBI.mjs";
import {
  GlobalNode,
  LocalNode,
  MirrorNode,
  Overlay,
  hasContentDraft
} from "./chunk-2N2TC7TM.mjs";
import {
  parseFrontmatter
} from "./chunk-OBKM57IJ.mjs";
import {
  loadConfig,
  parseConfig
} from "./chunk-IWODBICT.mjs";
import {
  TaskRecord
} from "./chunk-PEBIPHYY.mjs";
import {
  Id,
  Int,
  IsoDateTime,
  NonNegInt,
  SchemaTag,
  lazy,
  lineOfPath,
  parseYaml,
  readTextFile,
  safeCheck,
  zod
} from "./chunk-DWREGR5U.mjs";
import {
  resolveInside
} from "./chunk-Q4IS5S6U.mjs";
import {
  AkmsError,
  UsageError,
  formatProblem
} from "./chunk-C3ZMY3KT.mjs";

// core/validate.ts
import { basename, dirname, extname, join, resolve, sep } from "node:path";
import { statSync } from "node:fs";

// core/schemas/loadout.ts
var LoadoutHeader = lazy(
  () => zod.looseObject({
    task_id: Id,
    phase: Int.nullable(),
    generated_at: IsoDateTime,
    graph_version: zod.string().regex(/^[0-9a-f]{6,64}$/, { error: "must be a hex hash" }),
    seed_tags: zod.array(zod.string()),
    agent_role: zod.string().min(1),
    node_count: NonNegInt,
    loadout_mode: zod.enum(["routing", "full"], { error: "must be routing or full" }),
    available_context: Int,
    qmd_available: zod.boolean(),
    akms_schema: SchemaTag
  })
);

// core/validate.ts
var KINDS = {
  "global-node": { label: "global node", spec: "\xA74.1" },
  "local-node": { label: "local node", spec: "\xA74.1 and \xA74.1.4" },
  "mirror-node": { label: "code-mirror node", spec: "\xA74.7" },
  overlay: { label: "local_state.yaml overlay", spec: "\xA74.2" },
  "agent-memory": { label: "AgentMemory", spec: "\xA74.3" },
  pcd: { label: "phase completion document (PCD)", spec: "\xA74.4" },
  task: { label: "task record", spec: "\xA74.5" },
  loadout: { label: "loadout", spec: "\xA74.6" },
  config: { label: "propagation_config.yaml", spec: "\xA74.8" }
};
var KIND_NAMES = Object.keys(KINDS);
var ALIASES = {
  node: "global-node",
  global: "global-node",
  local: "local-node",
  mirror: "mirror-node",
  "code-mirror": "mirror-node",
  "local-state": "overlay",
  local_state: "overlay",
  memory: "agent-memory",
  agentmemory: "agent-memory",
  "task-record": "task",
  "propagation-config": "config",
  propagation_config: "config"
};
function parseKind(s) {
  const k = s.trim().toLowerCase();
  if (k in KINDS) return k;
  const a = ALIASES[k];
  if (a) return a;
  throw new UsageError(`unknown kind "${s}"`, `--kind takes one of: ${KIND_NAMES.join(", ")}`);
}
var MD_DIRS = {
  "local-nodes": "local-node",
  "code-mirror": "mirror-node",
  loadouts: "loadout",
  sessions: "agent-memory"
};
var HANDOFF = /^handoff_phase_(\d+)\.md$/;
function detectByLocation(absPath) {
  const name = basename(absPath);
  const ext = extname(name).toLowerCase();
  if (name === "propagation_config.yaml" || name === "propagation_config.yml") return { kind: "config", reason: `file name ${name}` };
  if (name === "local_state.yaml" || name === "local_state.yml") return { kind: "overlay", reason: `file name ${name}` };
  if (HANDOFF.test(name)) return { kind: "pcd", reason: "file name handoff_phase_<N>.md" };
  if (ext === ".md" && name.endsWith("-loadout.md")) return { kind: "loadout", reason: "file name *-loadout.md" };
  const dirs = dirname(absPath).split(sep).reverse();
  if (ext === ".md") {
    for (const d of dirs) {
      const k = MD_DIRS[d];
      if (k) return { kind: k, reason: `a .md file under ${d}/` };
    }
  }
  if (ext === ".json" && dirs.includes("tasks")) return { kind: "task", reason: "a .json file under tasks/" };
  return null;
}
var OVERLAY_KEYS = ["nodes", "local_edges", "session_nodes", "suppressed_edges", "repo_id"];
var CONFIG_KEYS = ["global_vault", "confidence", "edge_type_propagation", "loadout", "graph", "query_roles", "tag_derivation", "orchestrator", "mirror", "model_routing"];
function detectByFields(ext, data) {
  const has = (k) => Object.prototype.hasOwnProperty.call(data, k);
  if (ext === ".md") {
    if (has("loadout_mode") || has("seed_tags")) return { kind: "loadout", reason: "frontmatter has loadout_mode/seed_tags" };
    if (has("next_phase_warnings") || has("plan_file")) return { kind: "pcd", reason: "frontmatter has next_phase_warnings/plan_file" };
    if (has("task_description") || has("agent_model")) return { kind: "agent-memory", reason: "frontmatter has task_description/agent_model" };
    if (has("source_file") || data.domain === "code-mirror" || data.source === "generated") {
      return { kind: "mirror-node", reason: "frontmatter has source_file / domain: code-mirror / source: generated" };
    }
    if (has("id")) return { kind: "global-node", reason: "frontmatter has id, file not under local-nodes/" };
    return null;
  }
  if (ext === ".yaml" || ext === ".yml") {
    const ov = OVERLAY_KEYS.filter(has);
    const cf = CONFIG_KEYS.filter(has);
    if (ov.length && !cf.length) return { kind: "overlay", reason: `top-level key${ov.length > 1 ? "s" : ""} ${ov.join(", ")}` };
    if (cf.length && !ov.length) return { kind: "config", reason: `top-level key${cf.length > 1 ? "s" : ""} ${cf.join(", ")}` };
    return null;
  }
  if (ext === ".json") {
    if (has("akms_tags") || has("task_id")) return { kind: "task", reason: "JSON with task_id/akms_tags" };
  }
  return null;
}
var MD_KINDS = ["global-node", "local-node", "mirror-node", "agent-memory", "pcd", "loadout"];
var YAML_KINDS = ["overlay", "config"];
function jsonErrorLine(text, message) {
  const lc = /line (\d+) column/.exec(message);
  if (lc) return Number(lc[1]);
  const pos = /position (\d+)/.exec(message);
  if (pos) {
    let line = 1;
    const end = Math.min(Number(pos[1]), text.length);
    for (let i = 0; i < end; i++) if (text.charCodeAt(i) === 10) line++;
    return line;
  }
  if (/end of JSON input/.test(message)) return text.split("\n").length;
  return void 0;
}
function parseAs(format, text, shown) {
  if (format === "md") {
    const fm = parseFrontmatter(text, shown);
    return { data: fm.data, text: fm.yaml, firstLine: fm.firstLine, body: fm.body, bodyLine: fm.endLine + 1 };
  }
  if (format === "yaml") {
    const data2 = parseYaml(text, { file: shown });
    if (data2 === null || data2 === void 0) {
      throw new AkmsError("EMPTY", "the file holds no YAML fields", { file: shown, line: 1, hint: "add the fields of the artifact, starting with `akms_schema: v2`" });
    }
    if (typeof data2 !== "object" || Array.isArray(data2)) {
      throw new AkmsError("YAML", "the file must be a YAML mapping (key: value lines)", { file: shown, line: 1, hint: "start each top-level field at column 0 as `key: value`" });
    }
    return { data: data2, text, firstLine: 1 };
  }
  let data;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const msg = e.message;
    throw new AkmsError("JSON", `invalid JSON: ${msg.replace(/^JSON\.parse: /, "")}`, {
      file: shown,
      line: jsonErrorLine(text, msg),
      hint: "fix the JSON syntax at the line shown"
    });
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new AkmsError("JSON", "a task record must be a JSON object ({ \u2026 })", { file: shown, line: 1, hint: 'write the record as an object with "task_id", "akms_tags" and "akms_schema"' });
  }
  return { data, text, firstLine: 1 };
}
function formatOf(kind) {
  if (MD_KINDS.includes(kind)) return "md";
  if (YAML_KINDS.includes(kind)) return "yaml";
  return "json";
}
function formatOfExt(ext) {
  if (ext === ".md" || ext === ".markdown") return "md";
  if (ext === ".yaml" || ext === ".yml") return "yaml";
  if (ext === ".json") return "json";
  return null;
}
function toProblem(e, shown) {
  if (e instanceof AkmsError) {
    if (e.problems.length) return e.problems.map((p) => ({ ...p, code: p.code ?? e.code, file: p.file ?? shown }));
    return [{ code: e.code, file: e.file ?? shown, line: e.line, field: e.field, message: e.message, hint: e.hint }];
  }
  throw e;
}
var SCHEMAS = {
  "global-node": GlobalNode,
  "local-node": LocalNode,
  "mirror-node": MirrorNode,
  overlay: Overlay,
  "agent-memory": AgentMemory,
  pcd: Pcd,
  task: TaskRecord,
  loadout: LoadoutHeader
};
function withHint(p, kind) {
  if (p.hint) return p;
  const where = `see spec ${KINDS[kind].spec} for the ${KINDS[kind].label} schema`;
  const hint = p.message.startsWith("is required but missing") && p.field ? `add \`${p.field}\` (${where})` : p.field ? `fix \`${p.field}\` (${where})` : `fix the file (${where})`;
  return { ...p, hint };
}
var LOADOUT_SECTIONS = ["Domain Knowledge", "Known Pitfalls", "Relevant Session History", "Suggested Reading Order"];
function checkLoadoutSections(body, bodyLine, shown) {
  const headings = [];
  let fence = null;
  const lines = body.split("\n");
  lines.forEach((raw, i) => {
    const l = raw.replace(/\r$/, "");
    const f = /^\s{0,3}(`{3,}|~{3,})/.exec(l);
    if (f) {
      if (fence === null) fence = f[1][0];
      else if (f[1][0] === fence) fence = null;
      return;
    }
    if (fence !== null) return;
    const h = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(l);
    if (h) headings.push({ name: `${h[1]} ${h[2]}`, line: bodyLine + i });
  });
  const problems = [];
  const required = ["# Loadout:", ...LOADOUT_SECTIONS.map((s) => `## ${s}`)];
  const matches = (h, want) => want.endsWith(":") ? h.startsWith(want) : h === want || h.startsWith(want + " ");
  let from = 0;
  let prev = null;
  const endLine = bodyLine + lines.length - 1;
  for (const want of required) {
    const idx = headings.findIndex((h, i) => i >= from && matches(h.name, want));
    if (idx >= 0) {
      from = idx + 1;
      prev = want;
      continue;
    }
    const earlier = headings.find((h) => matches(h.name, want));
    const label = want === "# Loadout:" ? "`# Loadout: <task>` title" : `\`${want}\` section`;
    if (earlier) {
      problems.push({
        code: "VALIDATION",
        file: shown,
        line: earlier.line,
        field: "body",
        message: `the ${label} is out of order: it must come after \`${prev}\``,
        hint: `order the sections as spec \xA74.6 fixes them: ${required.join(", ")}`
      });
    } else {
      problems.push({
        code: "VALIDATION",
        file: shown,
        line: headings[from]?.line ?? endLine,
        field: "body",
        message: `the ${label} is missing`,
        hint: `a loadout has the fixed sections ${required.join(", ")} in this order (spec \xA74.6); regenerate it with \`akms loadout\``
      });
    }
  }
  return problems;
}
function checkContentRef(ref, root, shown, lineOf, field) {
  if (typeof ref !== "string" || ref === "") return [];
  const escapes = ref.startsWith("/") || /^[A-Za-z]:[\\/]/.test(ref) || ref.startsWith("~") || ref.split(/[\\/]/).includes("..") || ref.includes("\0");
  if (escapes) {
    return [
      {
        code: "MISSING_CONTENT_REF",
        file: shown,
        line: lineOf(),
        field,
        message: `${field} ${JSON.stringify(ref)} is absolute or climbs out with '..'; it is never read (the build warns MISSING_CONTENT_REF)`,
        hint: "make it a path relative to the node's layer root, without '..'"
      }
    ];
  }
  if (root === null) return [];
  const full = resolveInside(root, ref);
  let isFile = false;
  try {
    isFile = full !== null && statSync(full).isFile();
  } catch {
    isFile = false;
  }
  if (isFile) return [];
  return [
    {
      code: "MISSING_CONTENT_REF",
      file: shown,
      line: lineOf(),
      field,
      message: `${field} ${JSON.stringify(ref)} does not resolve to a file inside ${root}${full === null ? " (a symlink leads out of it)" : ""}`,
      hint: "create the file, or fix the path (relative to the layer root)"
    }
  ];
}
function layerRoot(kind, abs) {
  if (kind === "global-node") return dirname(abs);
  const marker = kind === "local-node" ? "local-nodes" : kind === "mirror-node" ? "code-mirror" : null;
  if (!marker) return null;
  const parts = abs.split(sep);
  const i = parts.lastIndexOf(marker);
  return i > 0 ? parts.slice(0, i).join(sep) || sep : null;
}
function idMismatch(shown, lineOf, field, value, expected, what) {
  if (typeof value !== "string" && typeof value !== "number") return [];
  if (String(value) === expected) return [];
  const line = lineOf();
  return [
    {
      code: "ID_FILENAME_MISMATCH",
      file: shown,
      line,
      field,
      message: `${field} is ${JSON.stringify(value)} but the file is named for ${JSON.stringify(expected)}`,
      hint: `rename the file to ${what}, or fix ${field}; tools find this artifact by that name`
    }
  ];
}
function extraChecks(kind, parsed, abs, shown) {
  const errors = [];
  const warnings = [];
  const d = parsed.data;
  const lineOf = (path) => lineOfPath(parsed.text, path, parsed.firstLine);
  const name = basename(abs);
  const stem = name.replace(/\.[^.]+$/, "");
  if (kind === "global-node" || kind === "local-node") {
    warnings.push(...idMismatch(shown, () => lineOf(["id"]), "id", d.id, stem, `${String(d.id)}.md`));
  }
  if (kind === "global-node" || kind === "local-node" || kind === "mirror-node") {
    warnings.push(...checkContentRef(d.content_ref, layerRoot(kind, abs), shown, () => lineOf(["content_ref"]), "content_ref"));
  }
  if (kind === "local-node" && d.source === "agent" && !hasContentDraft(parsed.body ?? "")) {
    const p = {
      code: "MISSING_CONTENT_DRAFT",
      file: shown,
      line: parsed.bodyLine,
      field: "body",
      message: "an agent-written local node must carry a `## content_draft` section marking its text as agent-authored (spec \xA74.1.4)",
      hint: "add a `## content_draft` heading above the agent-written text"
    };
    if (d.status === "established" || d.status === "deprecated") warnings.push(p);
    else errors.push(p);
  }
  if ((kind === "global-node" || kind === "local-node") && d.context_size === "large" && extractSummary(parsed.body ?? "") === null) {
    errors.push({
      code: "MISSING_SUMMARY",
      file: shown,
      line: lineOf(["context_size"]),
      field: "context_size",
      message: "a node with context_size: large MUST have a `## Summary` section (spec FR-L11): routing-mode loadouts show it instead of the whole node",
      hint: "add a `## Summary` section of 3\u20135 sentences to the body, or set a smaller context_size"
    });
  }
  if (kind === "overlay" && Array.isArray(d.local_edges)) {
    const sessions = d.session_nodes && typeof d.session_nodes === "object" ? d.session_nodes : {};
    d.local_edges.forEach((e, i) => {
      if (e?.type !== "pitfall" || typeof e.to !== "string" || Object.hasOwn(sessions, e.to)) return;
      errors.push({
        code: "PITFALL_TARGET",
        file: shown,
        line: lineOf(["local_edges", i, "to"]),
        field: `local_edges[${i}].to`,
        message: `a pitfall edge must point at a session node (spec \xA74.2); "${e.to}" is not one of session_nodes`,
        hint: "point it at the session that reported the pitfall (session-<task_id> or session-phase<N>), or remove the edge"
      });
    });
  }
  if (kind === "overlay" && d.session_nodes && typeof d.session_nodes === "object") {
    for (const [id, entry] of Object.entries(d.session_nodes)) {
      const ref = entry?.content_ref;
      const p = checkContentRef(ref, null, shown, () => lineOf(["session_nodes", id, "content_ref"]), `session_nodes.${id}.content_ref`);
      warnings.push(...p);
    }
  }
  if (kind === "agent-memory" && basename(dirname(abs)) === "sessions") {
    warnings.push(...idMismatch(shown, () => lineOf(["task_id"]), "task_id", d.task_id, stem, `${String(d.task_id)}.md`));
  }
  if (kind === "pcd") {
    const m = HANDOFF.exec(name);
    if (m) warnings.push(...idMismatch(shown, () => lineOf(["phase_id"]), "phase_id", d.phase_id, m[1], `handoff_phase_${String(d.phase_id)}.md`));
  }
  if (kind === "task") {
    warnings.push(...idMismatch(shown, () => lineOf(["task_id"]), "task_id", d.task_id, stem, `${String(d.task_id)}.json`));
    const roleProblem = taskRoleProblem(abs, d.agent_role, shown, () => lineOf(["agent_role"]));
    if (roleProblem) errors.push(roleProblem);
  }
  if (kind === "loadout") errors.push(...checkLoadoutSections(parsed.body ?? "", parsed.bodyLine ?? 1, shown));
  return { errors, warnings };
}
function taskRoleProblem(abs, role, shown, line) {
  if (typeof role !== "string" || basename(dirname(abs)) !== "tasks") return null;
  const config = join(dirname(dirname(abs)), "graph", "propagation_config.yaml");
  let roles;
  try {
    roles = Object.keys(loadConfig(config).config.query_roles).sort();
  } catch {
    return null;
  }
  if (roles.includes(role)) return null;
  return {
    code: "UNKNOWN_ROLE",
    file: shown,
    line: line(),
    field: "agent_role",
    message: `agent_role "${role}" is not a role of this repository (${roles.join(", ")})`,
    hint: `use one of ${roles.join(", ")}, or define "${role}" under query_roles in knowledge/graph/propagation_config.yaml`
  };
}
function unknownKind(shown, why) {
  return {
    code: "UNKNOWN_KIND",
    file: shown,
    message: `cannot tell what kind of AKMS artifact this is (${why})`,
    hint: `name or place it as akms expects (local-nodes/*.md, code-mirror/**/*.md, sessions/*.md, sessions/handoff_phase_<N>.md, loadouts/*.md, tasks/*.json, local_state.yaml, propagation_config.yaml), or pass --kind with one of: ${KIND_NAMES.join(", ")}`
  };
}
function validateText(text, abs, shown, opts = {}) {
  const report = { file: shown, kind: null, detected_by: null, ok: false, errors: [], warnings: [] };
  let det = opts.kind ? { kind: opts.kind, reason: "--kind" } : detectByLocation(abs);
  if (text.trim() === "") {
    if (det) report.kind = det.kind, report.detected_by = det.reason;
    report.errors.push({
      code: "EMPTY",
      file: shown,
      line: 1,
      message: "the file is empty",
      hint: det ? `write the ${KINDS[det.kind].label} fields (spec ${KINDS[det.kind].spec}), or delete the file` : "write the artifact's fields, or delete the file"
    });
    return report;
  }
  const ext = extname(abs).toLowerCase();
  if (!det && basename(abs) === "graph.json") {
    report.errors.push(unknownKind(shown, "graph.json is the compiled graph `akms build` writes, not a source artifact; validate its sources"));
    return report;
  }
  let parsed;
  try {
    const format = det ? formatOf(det.kind) : formatOfExt(ext);
    if (!format) {
      report.errors.push(unknownKind(shown, `the extension "${ext || "(none)"}" is not .md, .yaml or .json`));
      return report;
    }
    if (!det && format === "md" && !text.startsWith("---") && !text.startsWith("\uFEFF---")) {
      report.errors.push(unknownKind(shown, "a Markdown file without YAML frontmatter"));
      return report;
    }
    parsed = parseAs(format, text, shown);
    det ??= detectByFields(ext === ".markdown" ? ".md" : ext, parsed.data);
  } catch (e) {
    if (det) report.kind = det.kind, report.detected_by = det.reason;
    report.errors.push(...toProblem(e, shown));
    return report;
  }
  if (!det) {
    report.errors.push(unknownKind(shown, "neither its name, its location nor its fields match a kind"));
    return report;
  }
  report.kind = det.kind;
  report.detected_by = det.reason;
  const kind = det.kind;
  if (kind === "config") {
    try {
      const cfg = parseConfig(text, shown);
      for (const u of cfg.unknownKeys) {
        report.warnings.push({
          code: "UNKNOWN_KEY",
          file: shown,
          line: u.line,
          field: u.key,
          message: `unknown config key \`${u.key}\` is ignored`,
          hint: "check its spelling against the commented config `akms init` writes, or delete it"
        });
      }
    } catch (e) {
      report.errors.push(...toProblem(e, shown));
    }
  } else {
    const r = safeCheck(SCHEMAS[kind], parsed.data, { file: shown, text: parsed.text, firstLine: parsed.firstLine });
    if (!r.ok) report.errors.push(...r.problems.map((p) => withHint(p, kind)));
  }
  if (!Object.prototype.hasOwnProperty.call(parsed.data, "akms_schema")) {
    report.errors = report.errors.map(
      (p) => p.code === "SCHEMA_VERSION" ? { ...p, line: parsed.firstLine, message: "akms_schema is missing; every AKMS v2 file carries `akms_schema: v2`", hint: "add the line `akms_schema: v2`" } : p
    );
  }
  if (!report.errors.length) {
    const extra = extraChecks(kind, parsed, abs, shown);
    report.errors.push(...extra.errors);
    report.warnings.push(...extra.warnings);
  }
  if (report.errors.length && det.reason !== "--kind" && !det.reason.startsWith("file name")) {
    const first = report.errors[0];
    if (first.code !== "SCHEMA_VERSION" && first.code !== "YAML" && first.code !== "ENCODING") {
      report.errors[0] = { ...first, hint: `${first.hint ?? ""}${first.hint ? "; " : ""}validated as a ${KINDS[kind].label} (${det.reason}) \u2014 if it is another kind, pass --kind` };
    }
  }
  report.ok = report.errors.length === 0;
  return report;
}
function validateFile(path, opts = {}) {
  const abs = resolve(opts.cwd ?? process.cwd(), path);
  let text;
  try {
    text = readTextFile(abs, path);
  } catch (e) {
    const det = opts.kind ? { kind: opts.kind, reason: "--kind" } : detectByLocation(abs);
    return { file: path, kind: det?.kind ?? null, detected_by: det?.reason ?? null, ok: false, errors: toProblem(e, path), warnings: [] };
  }
  return validateText(text, abs, path, opts);
}
function validateFiles(paths, opts = {}) {
  return paths.map((p) => validateFile(p, opts));
}

// src/commands/validate.ts
function validationResult(reports) {
  const invalid = reports.filter((r) => !r.ok).length;
  const lines = [];
  for (const r of reports) {
    const what = r.kind ? `${KINDS[r.kind].label} (${r.detected_by})` : "kind unknown";
    lines.push(`${r.ok ? "ok     " : "invalid"}  ${r.file} \u2014 ${what}`);
    for (const p of r.errors) lines.push(`  error: ${formatProblem(p)}`);
    for (const p of r.warnings) lines.push(`  warning: ${formatProblem(p)}`);
  }
  const warned = reports.reduce((n, r) => n + r.warnings.length, 0);
  lines.push(
    `${reports.length} file${reports.length === 1 ? "" : "s"}: ${reports.length - invalid} valid, ${invalid} invalid` + (warned ? `, ${warned} warning${warned === 1 ? "" : "s"}` : "")
  );
  return {
    json: { ok: invalid === 0, checked: reports.length, invalid, files: reports },
    text: lines.join("\n"),
    exitCode: invalid ? 1 : 0
  };
}
var validateCommand = {
  name: "validate",
  summary: `check AKMS artifacts against the v2 schemas, detecting each file's kind (${KIND_NAMES.join(", ")}); writes nothing`,
  usage: "akms validate FILE\u2026 [--kind K]",
  run(args, flags) {
    if (!args.length) throw new UsageError("no files given", "usage: akms validate FILE\u2026 [--kind K]");
    const kind = typeof flags.kind === "string" ? parseKind(flags.kind) : void 0;
    return validationResult(validateFiles(args, { kind }));
  }
};

export {
  parseKind,
  validateText,
  validationResult,
  validateCommand
};
