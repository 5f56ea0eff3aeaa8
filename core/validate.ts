// `akms validate`: detects the kind of each AKMS artifact — by file name and location first, then by
// its distinguishing fields — and validates it with the v2 schemas. Every problem names the file,
// the line and the field, and says what to do. Nothing is written.
import { basename, dirname, extname, join, resolve, sep } from "node:path";
import { statSync } from "node:fs";
import type { z } from "zod";
import { AkmsError, UsageError, type Problem } from "./errors.js";
import { parseFrontmatter } from "./frontmatter.js";
import { jsonDepthError, parseYaml, lineOfPath } from "./yaml.js";
import { safeCheck } from "./schema-check.js";
import { loadConfig, parseConfig } from "./config.js";
import { readTextFile } from "./textfile.js";
import { pcdFileName, pcdPhaseOfName, resolveInside } from "./paths.js";
import { evidenceRuleProblems, unknownMemoryKeys } from "./update/documents.js";
import { extractSummary } from "./markdown.js";
import { GlobalNode, LocalNode, MirrorNode, hasContentDraft } from "./schemas/node.js";
import { Overlay } from "./schemas/overlay.js";
import { AgentMemory, Pcd } from "./schemas/evidence.js";
import { TaskRecord } from "./schemas/task.js";
import { LoadoutHeader } from "./schemas/loadout.js";

export const KINDS = {
  "global-node": { label: "global node", spec: "§4.1" },
  "local-node": { label: "local node", spec: "§4.1 and §4.1.4" },
  "mirror-node": { label: "code-mirror node", spec: "§4.7" },
  overlay: { label: "local_state.yaml overlay", spec: "§4.2" },
  "agent-memory": { label: "AgentMemory", spec: "§4.3" },
  pcd: { label: "phase completion document (PCD)", spec: "§4.4" },
  task: { label: "task record", spec: "§4.5" },
  loadout: { label: "loadout", spec: "§4.6" },
  config: { label: "propagation_config.yaml", spec: "§4.8" },
} as const;
export type Kind = keyof typeof KINDS;
export const KIND_NAMES = Object.keys(KINDS) as Kind[];

const ALIASES: Record<string, Kind> = {
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
  propagation_config: "config",
};

/** The `--kind` value → a kind; anything else is a usage error listing the kinds. */
export function parseKind(s: string): Kind {
  const k = s.trim().toLowerCase();
  if (k in KINDS) return k as Kind;
  const a = ALIASES[k];
  if (a) return a;
  throw new UsageError(`unknown kind "${s}"`, `--kind takes one of: ${KIND_NAMES.join(", ")}`);
}

export interface Detection {
  kind: Kind;
  /** Why this kind: the rule that matched, in words. */
  reason: string;
}

export interface FileReport {
  /** The path as given. */
  file: string;
  kind: Kind | null;
  detected_by: string | null;
  ok: boolean;
  errors: Problem[];
  warnings: Problem[];
}

/** Directory names whose .md files have a fixed kind (the nearest such ancestor decides). */
const MD_DIRS: Record<string, Kind> = {
  "local-nodes": "local-node",
  "code-mirror": "mirror-node",
  loadouts: "loadout",
  sessions: "agent-memory",
};

/** Step 1: the file name and location alone. */
export function detectByLocation(absPath: string): Detection | null {
  const name = basename(absPath);
  const ext = extname(name).toLowerCase();
  if (name === "propagation_config.yaml" || name === "propagation_config.yml") return { kind: "config", reason: `file name ${name}` };
  if (name === "local_state.yaml" || name === "local_state.yml") return { kind: "overlay", reason: `file name ${name}` };
  if (pcdPhaseOfName(name) !== null) return { kind: "pcd", reason: "file name handoff_phase_<N>.md" };
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

const OVERLAY_KEYS = ["nodes", "local_edges", "session_nodes", "suppressed_edges", "repo_id"];
const CONFIG_KEYS = ["global_vault", "confidence", "edge_type_propagation", "loadout", "graph", "query_roles", "tag_derivation", "orchestrator", "mirror", "model_routing"];

/** Step 2: the distinguishing fields of the parsed content. */
export function detectByFields(ext: string, data: Record<string, unknown>): Detection | null {
  const has = (k: string) => Object.prototype.hasOwnProperty.call(data, k);
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

const MD_KINDS: readonly Kind[] = ["global-node", "local-node", "mirror-node", "agent-memory", "pcd", "loadout"];
const YAML_KINDS: readonly Kind[] = ["overlay", "config"];

/** The parsed content of a file in the format its kind (or extension) implies. */
interface Parsed {
  data: Record<string, unknown>;
  /** The YAML/JSON text fields are located in, and its first line within the file. */
  text: string;
  firstLine: number;
  /** Markdown body (after the frontmatter) and the line it starts at. */
  body?: string;
  bodyLine?: number;
}

function jsonErrorLine(text: string, message: string): number | undefined {
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
  return undefined;
}

function parseAs(format: "md" | "yaml" | "json", text: string, shown: string, machineWritten = false): Parsed {
  if (format === "md") {
    const fm = parseFrontmatter(text, shown);
    return { data: fm.data, text: fm.yaml, firstLine: fm.firstLine, body: fm.body, bodyLine: fm.endLine + 1 };
  }
  if (format === "yaml") {
    const data = parseYaml(text, { file: shown, machineWritten });
    if (data === null || data === undefined) {
      throw new AkmsError("EMPTY", "the file holds no YAML fields", { file: shown, line: 1, hint: "add the fields of the artifact, starting with `akms_schema: v2`" });
    }
    if (typeof data !== "object" || Array.isArray(data)) {
      throw new AkmsError("YAML", "the file must be a YAML mapping (key: value lines)", { file: shown, line: 1, hint: "start each top-level field at column 0 as `key: value`" });
    }
    return { data: data as Record<string, unknown>, text, firstLine: 1 };
  }
  const deep = jsonDepthError(text, shown);
  if (deep) throw new AkmsError("JSON", deep.message, { file: shown, line: deep.line, hint: deep.hint });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const msg = (e as Error).message;
    throw new AkmsError("JSON", `invalid JSON: ${msg.replace(/^JSON\.parse: /, "")}`, {
      file: shown,
      line: jsonErrorLine(text, msg),
      hint: "fix the JSON syntax at the line shown",
    });
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new AkmsError("JSON", "a task record must be a JSON object ({ … })", { file: shown, line: 1, hint: 'write the record as an object with "task_id", "akms_tags" and "akms_schema"' });
  }
  return { data: data as Record<string, unknown>, text, firstLine: 1 };
}

function formatOf(kind: Kind): "md" | "yaml" | "json" {
  if (MD_KINDS.includes(kind)) return "md";
  if (YAML_KINDS.includes(kind)) return "yaml";
  return "json";
}

function formatOfExt(ext: string): "md" | "yaml" | "json" | null {
  if (ext === ".md" || ext === ".markdown") return "md";
  if (ext === ".yaml" || ext === ".yml") return "yaml";
  if (ext === ".json") return "json";
  return null;
}

function toProblem(e: unknown, shown: string): Problem[] {
  if (e instanceof AkmsError) {
    if (e.problems.length) return e.problems.map((p) => ({ ...p, code: p.code ?? e.code, file: p.file ?? shown }));
    return [{ code: e.code, file: e.file ?? shown, line: e.line, field: e.field, message: e.message, hint: e.hint }];
  }
  throw e;
}

const SCHEMAS: Partial<Record<Kind, z.ZodType>> = {
  "global-node": GlobalNode,
  "local-node": LocalNode,
  "mirror-node": MirrorNode,
  overlay: Overlay,
  "agent-memory": AgentMemory,
  pcd: Pcd,
  task: TaskRecord,
  loadout: LoadoutHeader,
};

/** Fills in a hint for schema problems that lack one, so every problem says what to do. */
function withHint(p: Problem, kind: Kind): Problem {
  if (p.hint) return p;
  const where = `see spec ${KINDS[kind].spec} for the ${KINDS[kind].label} schema`;
  const hint =
    p.message.startsWith("is required but missing") && p.field
      ? `add \`${p.field}\` (${where})`
      : p.field
        ? `fix \`${p.field}\` (${where})`
        : `fix the file (${where})`;
  return { ...p, hint };
}

/** Loadout body: the fixed sections of spec §4.6, present and in order (fenced code is skipped). */
export const LOADOUT_SECTIONS = ["Domain Knowledge", "Known Pitfalls", "Relevant Session History", "Suggested Reading Order"] as const;

export function checkLoadoutSections(body: string, bodyLine: number, shown: string): Problem[] {
  const headings: { name: string; line: number }[] = [];
  let fence: string | null = null;
  const lines = body.split("\n");
  lines.forEach((raw, i) => {
    const l = raw.replace(/\r$/, "");
    const f = /^\s{0,3}(`{3,}|~{3,})/.exec(l);
    if (f) {
      if (fence === null) fence = f[1]![0]!;
      else if (f[1]![0] === fence) fence = null;
      return;
    }
    if (fence !== null) return;
    const h = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(l);
    if (h) headings.push({ name: `${h[1]} ${h[2]}`, line: bodyLine + i });
  });
  const problems: Problem[] = [];
  const required = ["# Loadout:", ...LOADOUT_SECTIONS.map((s) => `## ${s}`)];
  const matches = (h: string, want: string) => (want.endsWith(":") ? h.startsWith(want) : h === want || h.startsWith(want + " "));
  let from = 0;
  let prev: string | null = null;
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
        hint: `order the sections as spec §4.6 fixes them: ${required.join(", ")}`,
      });
    } else {
      problems.push({
        code: "VALIDATION",
        file: shown,
        line: headings[from]?.line ?? endLine,
        field: "body",
        message: `the ${label} is missing`,
        hint: `a loadout has the fixed sections ${required.join(", ")} in this order (spec §4.6); regenerate it with \`akms loadout\``,
      });
    }
  }
  return problems;
}

/** The `..`-free, non-absolute, inside-its-root check of a content_ref (spec §4.1.5, DESIGN §5). */
function checkContentRef(ref: unknown, root: string | null, shown: string, lineOf: () => number | undefined, field: string): Problem[] {
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
        hint: "make it a path relative to the node's layer root, without '..'",
      },
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
      hint: "create the file, or fix the path (relative to the layer root)",
    },
  ];
}

/** The layer root a node's content_ref is relative to: the vault for a global node, knowledge/ for local and mirror nodes. */
function layerRoot(kind: Kind, abs: string): string | null {
  if (kind === "global-node") return dirname(abs);
  const marker = kind === "local-node" ? "local-nodes" : kind === "mirror-node" ? "code-mirror" : null;
  if (!marker) return null;
  const parts = abs.split(sep);
  const i = parts.lastIndexOf(marker);
  return i > 0 ? parts.slice(0, i).join(sep) || sep : null;
}

function idMismatch(shown: string, lineOf: () => number | undefined, field: string, value: unknown, expected: string, what: string): Problem[] {
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
      hint: `rename the file to ${what}, or fix ${field}; tools find this artifact by that name`,
    },
  ];
}

/** Checks beyond the schema: the kind's own rules (spec §4.1.4, §4.6) and the warnings. */
function extraChecks(kind: Kind, parsed: Parsed, abs: string, shown: string): { errors: Problem[]; warnings: Problem[] } {
  const errors: Problem[] = [];
  const warnings: Problem[] = [];
  const d = parsed.data;
  const lineOf = (path: (string | number)[]) => lineOfPath(parsed.text, path, parsed.firstLine);
  const name = basename(abs);
  const stem = name.replace(/\.[^.]+$/, "");
  if (kind === "global-node" || kind === "local-node") {
    warnings.push(...idMismatch(shown, () => lineOf(["id"]), "id", d.id, stem, `${String(d.id)}.md`));
  }
  // An evidence document's rules beyond its fields are the update's own (one rule for both).
  if (kind === "agent-memory" || kind === "pcd") errors.push(...evidenceRuleProblems(kind, d, shown, parsed.text, parsed.firstLine));
  if (kind === "global-node" || kind === "local-node" || kind === "mirror-node") {
    warnings.push(...checkContentRef(d.content_ref, layerRoot(kind, abs), shown, () => lineOf(["content_ref"]), "content_ref"));
  }
  if (kind === "local-node" && d.source === "agent" && !hasContentDraft(parsed.body ?? "")) {
    const p: Problem = {
      code: "MISSING_CONTENT_DRAFT",
      file: shown,
      line: parsed.bodyLine,
      field: "body",
      message: "an agent-written local node must carry a `## content_draft` section marking its text as agent-authored (spec §4.1.4)",
      hint: "add a `## content_draft` heading above the agent-written text",
    };
    // Once a human has reviewed and promoted the node, the marker is no longer required.
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
      hint: "add a `## Summary` section of 3–5 sentences to the body, or set a smaller context_size",
    });
  }
  if (kind === "overlay" && Array.isArray(d.local_edges)) {
    const sessions = d.session_nodes && typeof d.session_nodes === "object" ? (d.session_nodes as Record<string, unknown>) : {};
    (d.local_edges as Record<string, unknown>[]).forEach((e, i) => {
      if (e?.type !== "pitfall" || typeof e.to !== "string" || Object.hasOwn(sessions, e.to)) return;
      errors.push({
        code: "PITFALL_TARGET",
        file: shown,
        line: lineOf(["local_edges", i, "to"]),
        field: `local_edges[${i}].to`,
        message: `a pitfall edge must point at a session node (spec §4.2); "${e.to}" is not one of session_nodes`,
        hint: "point it at the session that reported the pitfall (session-<task_id> or session-phase<N>), or remove the edge",
      });
    });
  }
  if (kind === "overlay" && d.session_nodes && typeof d.session_nodes === "object") {
    for (const [id, entry] of Object.entries(d.session_nodes as Record<string, unknown>)) {
      const ref = (entry as Record<string, unknown> | null)?.content_ref;
      const p = checkContentRef(ref, null, shown, () => lineOf(["session_nodes", id, "content_ref"]), `session_nodes.${id}.content_ref`);
      warnings.push(...p);
    }
  }
  if (kind === "agent-memory" && basename(dirname(abs)) === "sessions") {
    warnings.push(...idMismatch(shown, () => lineOf(["task_id"]), "task_id", d.task_id, stem, `${String(d.task_id)}.md`));
  }
  if (kind === "pcd") {
    const n = pcdPhaseOfName(name);
    if (n !== null) warnings.push(...idMismatch(shown, () => lineOf(["phase_id"]), "phase_id", d.phase_id, String(n), pcdFileName(d.phase_id as number)));
  }
  if (kind === "task") {
    warnings.push(...idMismatch(shown, () => lineOf(["task_id"]), "task_id", d.task_id, stem, `${String(d.task_id)}.json`));
    const roleProblem = taskRoleProblem(abs, d.agent_role, shown, () => lineOf(["agent_role"]));
    if (roleProblem) errors.push(roleProblem);
  }
  if (kind === "loadout") errors.push(...checkLoadoutSections(parsed.body ?? "", parsed.bodyLine ?? 1, shown));
  return { errors, warnings };
}

/** A task record in <repo>/knowledge/tasks/ whose agent_role its repository's config does not define. */
function taskRoleProblem(abs: string, role: unknown, shown: string, line: () => number | undefined): Problem | null {
  if (typeof role !== "string" || basename(dirname(abs)) !== "tasks") return null;
  const config = join(dirname(dirname(abs)), "graph", "propagation_config.yaml");
  let roles: string[];
  try {
    roles = Object.keys(loadConfig(config).config.query_roles).sort();
  } catch {
    return null; // a broken config is reported when it is validated itself
  }
  if (roles.includes(role)) return null;
  return {
    code: "UNKNOWN_ROLE",
    file: shown,
    line: line(),
    field: "agent_role",
    message: `agent_role "${role}" is not a role of this repository (${roles.join(", ")})`,
    hint: `use one of ${roles.join(", ")}, or define "${role}" under query_roles in knowledge/graph/propagation_config.yaml`,
  };
}

function unknownKind(shown: string, why: string): Problem {
  return {
    code: "UNKNOWN_KIND",
    file: shown,
    message: `cannot tell what kind of AKMS artifact this is (${why})`,
    hint:
      `name or place it as akms expects (local-nodes/*.md, code-mirror/**/*.md, sessions/*.md, sessions/handoff_phase_<N>.md, ` +
      `loadouts/*.md, tasks/*.json, local_state.yaml, propagation_config.yaml), or pass --kind with one of: ${KIND_NAMES.join(", ")}`,
  };
}

export interface ValidateOptions {
  /** Directory relative paths are resolved against (default: process.cwd()). */
  cwd?: string;
  /** Skip detection: validate every file as this kind. */
  kind?: Kind;
}

/** Validates text as if read from `abs` (shown as `shown`). */
export function validateText(text: string, abs: string, shown: string, opts: ValidateOptions = {}): FileReport {
  const report: FileReport = { file: shown, kind: null, detected_by: null, ok: false, errors: [], warnings: [] };
  let det: Detection | null = opts.kind ? { kind: opts.kind, reason: "--kind" } : detectByLocation(abs);
  if (text.trim() === "") {
    if (det) (report.kind = det.kind), (report.detected_by = det.reason);
    report.errors.push({
      code: "EMPTY",
      file: shown,
      line: 1,
      message: "the file is empty",
      hint: det ? `write the ${KINDS[det.kind].label} fields (spec ${KINDS[det.kind].spec}), or delete the file` : "write the artifact's fields, or delete the file",
    });
    return report;
  }
  const ext = extname(abs).toLowerCase();
  if (!det && basename(abs) === "graph.json") {
    report.errors.push(unknownKind(shown, "graph.json is the compiled graph `akms build` writes, not a source artifact; validate its sources"));
    return report;
  }
  let parsed: Parsed;
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
    parsed = parseAs(format, text, shown, det?.kind === "overlay");
    det ??= detectByFields(ext === ".markdown" ? ".md" : ext, parsed.data);
  } catch (e) {
    if (det) (report.kind = det.kind), (report.detected_by = det.reason);
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
          hint: "check its spelling against the commented config `akms init` writes, or delete it",
        });
      }
    } catch (e) {
      report.errors.push(...toProblem(e, shown));
    }
  } else {
    const r = safeCheck(SCHEMAS[kind]!, parsed.data, { file: shown, text: parsed.text, firstLine: parsed.firstLine });
    if (!r.ok) report.errors.push(...r.problems.map((p) => withHint(p, kind)));
    // Listed with the schema's problems (one pass names every fix): what a typo'd key held would be lost.
    if (kind === "agent-memory") report.errors.push(...unknownMemoryKeys(parsed.data, shown, parsed.text, parsed.firstLine));
  }
  // Kind-specific rules run on structurally valid data only (their messages assume the schema holds).
  if (!report.errors.length) {
    const extra = extraChecks(kind, parsed, abs, shown);
    report.errors.push(...extra.errors);
    report.warnings.push(...extra.warnings);
  }
  if (report.errors.length && det.reason !== "--kind" && !det.reason.startsWith("file name")) {
    // The detection may have guessed wrong: say how to override it.
    const first = report.errors[0]!;
    if (first.code !== "SCHEMA_VERSION" && first.code !== "YAML" && first.code !== "ENCODING") {
      report.errors[0] = { ...first, hint: `${first.hint ?? ""}${first.hint ? "; " : ""}validated as ${/^[aeiou]/i.test(KINDS[kind].label) ? "an" : "a"} ${KINDS[kind].label} (${det.reason}) — if it is another kind, pass --kind` };
    }
  }
  report.ok = report.errors.length === 0;
  return report;
}

/** Reads and validates one file; never throws for a bad file (its problems are in the report). */
export function validateFile(path: string, opts: ValidateOptions = {}): FileReport {
  const abs = resolve(opts.cwd ?? process.cwd(), path);
  let text: string;
  // The overlay is written by akms and grows with use: no byte cap (the other kinds are a person's).
  const located = opts.kind ? { kind: opts.kind, reason: "--kind" } : detectByLocation(abs);
  try {
    text = readTextFile(abs, path, located?.kind === "overlay" ? Infinity : undefined);
  } catch (e) {
    const det = located;
    return { file: path, kind: det?.kind ?? null, detected_by: det?.reason ?? null, ok: false, errors: toProblem(e, path), warnings: [] };
  }
  return validateText(text, abs, path, opts);
}

export function validateFiles(paths: string[], opts: ValidateOptions = {}): FileReport[] {
  return paths.map((p) => validateFile(p, opts));
}
