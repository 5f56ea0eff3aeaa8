// Reading the evidence of an update: AgentMemory files (spec §4.3) and PCDs (spec §4.4), both
// through the evidence schemas (FR-M08). Every problem of every document is collected and reported
// at once, located by file, line and field; one bad document rejects the whole call.
import { readFileSync, statSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { AkmsError, fileError, problemsError, ValidationError, type Problem } from "../errors.js";
import { parseFrontmatter } from "../frontmatter.js";
import { LIMITS, lineLocator, lineOfPath, parseYaml } from "../yaml.js";
import { checkSchema, fieldPath } from "../schema-check.js";
import { displayPath, resolveInside } from "../paths.js";
import { sha256 } from "../fsx.js";
import { decodeUtf8 } from "../textfile.js";
import { ID_PATTERN, TASK_ID_PATTERN } from "../schemas/common.js";
import { AgentMemory, Pcd } from "../schemas/evidence.js";
import { plural } from "../plural.js";
import { didYouMean } from "../suggest.js";

export type EvidenceKind = "agent-memory" | "pcd";

export interface EvidenceDoc {
  /** Absolute path. */
  file: string;
  /** Repository-relative path (absolute when outside the repository), for messages. */
  shown: string;
  bytes: Buffer;
  /** sha256 of the document's bytes: the session node's source_hash. */
  hash: string;
  kind: EvidenceKind;
  /** The YAML the fields came from, and its first line in the file (for locating problems). */
  yaml: string;
  firstLine: number;
  data: AgentMemory | Pcd;
  /** `session-<task_id>` (AgentMemory) or `session-phase<N>` (PCD). */
  sessionId: string;
  taskId: string | null;
  phase: number;
  /** The document's own date (YYYY-MM-DD): never the wall clock. */
  date: string;
}

/** An AgentMemory's session node: `session-<task_id>`, lower-cased (node ids are lower case). */
/** The session node an evidence document becomes: `session-phase<N>` for a PCD, else its task's. */
function sessionOfDocument(kind: EvidenceKind, d: { phase_id: unknown; task_id?: unknown }): string {
  return kind === "pcd" ? `session-phase${String(d.phase_id)}` : sessionOfTask(String(d.task_id));
}

export function sessionOfTask(taskId: string): string {
  return `session-${taskId.toLowerCase()}`;
}

/**
 * The document's id in the applied-documents ledger (the overlay's `processed_sources`, which the
 * spec's Python implementation keeps and checks): an AgentMemory's task id as written, a PCD's
 * `phase-<N>`. akms writes it for every document it applies and applies nothing it names.
 */
export function ledgerId(d: Pick<EvidenceDoc, "kind" | "taskId" | "phase">): string {
  return d.kind === "pcd" ? `phase-${d.phase}` : d.taskId!;
}

/**
 * The one order evidence is replayed in (the merge driver, `akms check`, `akms eval replay`): the
 * documents' own dates, then their phases (a day's phase 2 after its phase 1, and phase 10 after
 * phase 9, which their session ids sort before), then their session ids.
 */
export function canonicalOrder(docs: readonly EvidenceDoc[]): EvidenceDoc[] {
  return [...docs].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.phase - b.phase || (a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : 0)));
}

export const KIND_LABEL: Record<EvidenceKind, string> = { "agent-memory": "AgentMemory", pcd: "PCD" };

const RESERVED_DOMAINS = new Set(["session", "code-mirror"]);

function problemsOf(e: unknown, shown: string): Problem[] {
  if (e instanceof AkmsError) {
    const head: Problem = { code: e.code, file: e.file ?? shown, line: e.line, field: e.field, message: e.message, hint: e.hint };
    return e.problems.length ? e.problems.map((p) => ({ ...p, file: p.file ?? shown })) : [head];
  }
  throw e;
}

function readBytes(abs: string, shown: string): Buffer {
  let size: number;
  try {
    const st = statSync(abs);
    if (!st.isFile()) throw new AkmsError("NOT_A_FILE", "is not a regular file", { file: shown, hint: "pass AgentMemory or PCD files" });
    size = st.size;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") {
      throw new AkmsError("NOT_FOUND", "no such file", { file: shown, hint: "check the path of the document" });
    }
    throw fileError(e, shown) ?? e;
  }
  if (size > LIMITS.maxFileBytes) {
    throw new AkmsError("TOO_LARGE", `the document is too large (${size} bytes, limit ${LIMITS.maxFileBytes})`, {
      file: shown,
      hint: "an AgentMemory or PCD is a few kilobytes; check that this is the right file",
    });
  }
  try {
    return readFileSync(abs);
  } catch (e) {
    throw fileError(e, shown) ?? e;
  }
}

function detectKind(data: Record<string, unknown>, shown: string): EvidenceKind {
  const has = (k: string) => Object.prototype.hasOwnProperty.call(data, k);
  if (has("next_phase_warnings") || has("plan_file")) return "pcd";
  if (has("task_id") || has("task_description") || has("agent_model")) return "agent-memory";
  throw new ValidationError("cannot tell whether this is an AgentMemory or a PCD", {
    file: shown,
    line: 1,
    hint: "an AgentMemory has task_id (spec §4.3); a PCD has plan_file and next_phase_warnings (spec §4.4)",
  });
}

type Src = { file: string; yaml: string; firstLine: number; locate?: (path: (string | number)[]) => number | undefined };

function at(src: Src, path: (string | number)[], message: string, hint?: string): Problem {
  src.locate ??= lineLocator(src.yaml, src.firstLine); // one parse for all of a document's problems
  return { file: src.file, line: src.locate(path), field: fieldPath(path), message, ...(hint ? { hint } : {}) };
}

/**
 * The rules beyond the field types for a document that passed its schema, as `akms validate` checks
 * them (the update checks the same in parseDocument).
 */
export function evidenceRuleProblems(kind: EvidenceKind, raw: Record<string, unknown>, shown: string, yaml: string, firstLine: number): Problem[] {
  const sessionId = sessionOfDocument(kind, raw as { phase_id: unknown; task_id: unknown });
  return semanticProblems(kind, raw, { file: shown, yaml, firstLine }, sessionId);
}

/**
 * An AgentMemory's top-level keys its schema does not know, each with the nearest known one: an
 * agent's typo (`pitfalls_encountered:` for `pitfalls_discovered:`) would drop what it reported
 * without a word. `akms validate`, `record_memory` and the orchestrator's EXECUTE refuse them; an
 * update of committed evidence applies the rest and warns (a merge's replay never stops on one).
 */
export function unknownMemoryKeys(raw: Record<string, unknown>, shown: string, yaml: string, firstLine: number): Problem[] {
  const known = Object.keys((AgentMemory as unknown as { shape: Record<string, unknown> }).shape);
  return Object.keys(raw)
    .filter((k) => !known.includes(k))
    .map((k) => ({ file: shown, line: lineOfPath(yaml, [k], firstLine), field: k, code: "UNKNOWN_KEY", message: `unknown key "${k}": an update would ignore it`, hint: didYouMean(k, known) ?? `the keys are: ${known.join(", ")}` }));
}

/**
 * Whether a PCD holds an AgentMemory's evidence: it lists the task, and every entry of the memory's
 * persistent zone is among its own (a nodes_used entry with the same verdict, and the task's id when
 * it names one; a pitfall with the same node and description, or the description prefixed with the
 * task's id; a new-knowledge entry with the same id and draft; a missing node with the same
 * description). The orchestrator's PCD is assembled so (core/orchestrator/pcd.ts); a phase agent's
 * may list its tasks and hold evidence of its own.
 */
export function pcdCarries(pcd: Pcd | Record<string, unknown>, memory: AgentMemory | Record<string, unknown>): boolean {
  const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === "object") : []);
  const [p, m] = [pcd as Record<string, unknown>, memory as Record<string, unknown>];
  const task = m.task_id;
  if (typeof task !== "string" || !list(p.tasks).some((t) => t.task_id === task)) return false;
  const holds = (key: string, same: (mine: Record<string, unknown>, theirs: Record<string, unknown>) => boolean) => list(m[key]).every((x) => list(p[key]).some((y) => same(x, y)));
  return (
    holds("nodes_used", (u, q) => q.id === u.id && q.useful === u.useful && q.coverage === u.coverage && (q.task_id === undefined || q.task_id === task)) &&
    holds("pitfalls_discovered", (f, q) => q.node_ref === f.node_ref && (q.description === f.description || q.description === `${task}: ${String(f.description)}`)) &&
    holds("new_knowledge", (k, q) => q.suggested_id === k.suggested_id && q.content_draft === k.content_draft) &&
    holds("nodes_missing", (g, q) => q.description === g.description)
  );
}

/**
 * The AgentMemories a PCD holds (pcdCarries) that are not applied as sessions of their own
 * (`applied(session)` false), read and validated from `<sessionsDir>/<task_id>.md`, in the PCD's
 * task order: the orchestrator applies its assembled PCD alone, and its tasks' documents stay there
 * (the review's look back and `akms eval replay` score them as the tasks they are). A missing or
 * invalid document is not held.
 */
export function carriedDocuments(sessionsDir: string, pcd: Record<string, unknown>, applied: (session: string) => boolean): EvidenceDoc[] {
  const out: EvidenceDoc[] = [];
  for (const t of Array.isArray(pcd.tasks) ? pcd.tasks : []) {
    const id = (t as Record<string, unknown> | null)?.task_id;
    if (typeof id !== "string" || !TASK_ID_PATTERN.test(id) || applied(sessionOfTask(id))) continue;
    const file = join(sessionsDir, `${id}.md`);
    try {
      const doc = parseDocument(readFileSync(file), file, `knowledge/sessions/${id}.md`);
      if (doc.kind === "agent-memory" && pcdCarries(pcd, doc.data)) out.push(doc);
    } catch {
      /* not there, or not a valid AgentMemory: not held */
    }
  }
  return out;
}

/** Rules beyond the field types: test counts, 0–1 numbers, reserved domains, id lengths. */
function semanticProblems(kind: EvidenceKind, d: Record<string, unknown>, src: Src, sessionId: string): Problem[] {
  const out: Problem[] = [];
  const list = (k: string) => (Array.isArray(d[k]) ? (d[k] as Record<string, unknown>[]) : []);
  const counts = (o: Record<string, unknown>, path: (string | number)[]) => {
    if (typeof o.tests_passed === "number" && typeof o.tests_total === "number" && o.tests_passed > o.tests_total) {
      out.push(at(src, [...path, "tests_passed"], `is ${o.tests_passed}, more than tests_total (${o.tests_total})`, "tests_passed counts passing tests out of tests_total"));
    }
  };
  counts(d, []);
  if (kind === "pcd") list("tasks").forEach((t, i) => counts(t, ["tasks", i]));
  if (!ID_PATTERN.test(sessionId)) {
    const field = kind === "pcd" ? "phase_id" : "task_id";
    out.push(at(src, [field], `gives the session id "${sessionId}", which is not a valid id (at most 128 characters)`, `shorten ${field}`));
  }
  // Agents sometimes attach a confidence or weight to an entry: never used, but a typo (85 for 0.85) is reported.
  for (const section of ["nodes_used", "pitfalls_discovered", "new_knowledge"]) {
    list(section).forEach((e, i) => {
      for (const k of ["confidence", "weight"]) {
        if (!(k in e)) continue;
        const v = e[k];
        if (typeof v !== "number" || !(v >= 0 && v <= 1)) {
          out.push(at(src, [section, i, k], "must be a number between 0.0 and 1.0", "confidence changes come from the update rules; remove the field or fix its value"));
        }
      }
    });
  }
  for (const section of ["new_knowledge", "nodes_missing"]) {
    list(section).forEach((e, i) => {
      if (typeof e.domain === "string" && RESERVED_DOMAINS.has(e.domain)) {
        out.push(at(src, [section, i, "domain"], `"${e.domain}" is a system-reserved domain`, "use the knowledge's own domain"));
      }
    });
  }
  list("new_knowledge").forEach((e, i) => {
    if (typeof e.content_draft === "string" && /^[\s\u0000-\u001f\u007f]*$/.test(e.content_draft)) {
      out.push(at(src, ["new_knowledge", i, "content_draft"], "holds no text", "write the drafted knowledge, or drop the entry"));
    }
  });
  if (kind === "pcd") {
    list("nodes_used").forEach((e, i) => {
      if ("task_id" in e && !(typeof e.task_id === "string" && TASK_ID_PATTERN.test(e.task_id))) {
        out.push(at(src, ["nodes_used", i, "task_id"], "must be a task id (^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$)"));
      }
    });
  }
  return out;
}

function readOne(abs: string, shown: string): EvidenceDoc {
  return parseDocument(readBytes(abs, shown), abs, shown);
}

/**
 * The document an applied session's registry record names (its content_ref: a path inside
 * knowledge/), read and validated — the one reading of it from the working tree (the update's
 * applied PCD and sessions applied again, the replay of `akms check`). Null when no such file is
 * inside knowledge/; an invalid document throws, as parseDocument does.
 */
export function sessionDocument(knowledge: string, ref: string): EvidenceDoc | null {
  const abs = resolveInside(knowledge, ref);
  let bytes: Buffer;
  try {
    if (abs === null) return null;
    bytes = readFileSync(abs);
  } catch {
    return null;
  }
  return parseDocument(bytes, abs, `knowledge/${ref}`);
}

/** One document from its bytes (`abs`: where it is or will be; its extension says YAML or Markdown). */
export function parseDocument(bytes: Buffer, abs: string, shown: string): EvidenceDoc {
  const text = decodeUtf8(bytes, shown);
  if (text.trim() === "") {
    throw new ValidationError("the document is empty", { file: shown, line: 1, hint: "an update needs an AgentMemory (spec §4.3) or a PCD (spec §4.4)" });
  }
  let yaml: string;
  let firstLine: number;
  let data: unknown;
  const ext = extname(abs).toLowerCase();
  if (ext === ".yaml" || ext === ".yml") {
    yaml = text;
    firstLine = 1;
    data = parseYaml(text, { file: shown });
    if (data === null || data === undefined) throw new ValidationError("the document is empty", { file: shown, line: 1, hint: "add the document's fields" });
    if (typeof data !== "object" || Array.isArray(data)) throw new ValidationError("the document must be a YAML mapping (key: value lines)", { file: shown, line: 1 });
  } else {
    const fm = parseFrontmatter(text, shown);
    yaml = fm.yaml;
    firstLine = fm.firstLine;
    data = fm.data;
  }
  const raw = data as Record<string, unknown>;
  const kind = detectKind(raw, shown);
  const src: Src = { file: shown, yaml, firstLine };
  const located = { file: shown, text: yaml, firstLine };
  const parsed = kind === "pcd" ? checkSchema(Pcd, raw, located, "PCD") : checkSchema(AgentMemory, raw, located, "AgentMemory");
  const taskId = kind === "agent-memory" ? (parsed as AgentMemory).task_id : null;
  const sessionId = sessionOfDocument(kind, parsed as { phase_id: unknown; task_id?: unknown });
  const problems = semanticProblems(kind, raw, src, sessionId);
  if (problems.length) throw new ValidationError(problems[0]!.message, { file: shown, problems });
  const when = kind === "pcd" ? (parsed as Pcd).date : (parsed as AgentMemory).timestamp;
  return {
    file: abs,
    shown,
    bytes,
    hash: sha256(bytes),
    kind,
    yaml,
    firstLine,
    data: parsed,
    sessionId,
    taskId,
    phase: parsed.phase_id,
    date: when.slice(0, 10),
  };
}

function reject(problems: Problem[], what: string): never {
  const files = new Set(problems.map((p) => p.file)).size;
  throw problemsError(problems, "VALIDATION", `${problems.length} problems in ${plural(files, what)}; nothing was changed`, problems.length === 1 ? "fix the document" : "fix every problem listed");
}

/** Reads and validates every document; throws one ValidationError listing all problems. */
export function readDocuments(files: readonly string[], opts: { cwd: string; repo: string }): EvidenceDoc[] {
  const problems: Problem[] = [];
  const docs: EvidenceDoc[] = [];
  for (const f of files) {
    const abs = resolve(opts.cwd, f);
    const shown = displayPath(opts.repo, abs);
    try {
      docs.push(readOne(abs, shown));
    } catch (e) {
      problems.push(...problemsOf(e, shown));
    }
  }
  const seen = new Map<string, EvidenceDoc>();
  for (const d of docs) {
    const other = seen.get(d.sessionId);
    if (other && other.shown === d.shown) {
      problems.push({ file: d.shown, message: "is given twice", hint: "pass each document once" });
    } else if (other) {
      const field = d.kind === "pcd" ? "phase_id" : "task_id";
      problems.push({
        file: d.shown,
        line: lineOfPath(d.yaml, [field], d.firstLine),
        field,
        message: `gives session ${d.sessionId}, like ${other.shown}: one call applies each ${d.kind === "pcd" ? "phase" : "task"} once`,
        hint: "pass each document once (a PCD per phase, an AgentMemory per task)",
      });
    } else seen.set(d.sessionId, d);
  }
  if (problems.length) reject(problems, "document");
  return docs;
}

/** The compiled graph's nodes as the check reads them (a Map or the index's NodeTable). */
export interface NodeLookup {
  get(id: string): { domain?: unknown } | undefined;
  keys(): Iterable<string>;
}

/** Unknown ids given a "did you mean": each looks at every id (≈ 60 ms at 58,000 nodes). */
const SUGGESTED = 20;

/** Every nodes_used id and non-null pitfall node_ref must name a node of the compiled graph; an unknown one's hint names the nearest ids. */
export function checkNodeRefs(docs: readonly EvidenceDoc[], nodes: NodeLookup): void {
  const problems: Problem[] = [];
  const node = (id: string) => nodes.get(id);
  let suggested = 0;
  const nearest = (id: string) => (suggested++ < SUGGESTED ? didYouMean(id, nodes.keys()) : undefined);
  for (const d of docs) {
    const src: Src = { file: d.shown, yaml: d.yaml, firstLine: d.firstLine };
    (d.data.nodes_used ?? []).forEach((u, i) => {
      if (!node(u.id)) {
        const near = nearest(u.id);
        problems.push(at(src, ["nodes_used", i, "id"], `unknown node id "${u.id}": no node of the compiled graph has it`, `${near ? `${near} Else ` : ""}use an id from the graph (\`akms query\`), or list the missing knowledge under nodes_missing`));
      }
    });
    (d.data.pitfalls_discovered ?? []).forEach((p, i) => {
      if (p.node_ref === null) return;
      const n = node(p.node_ref);
      if (!n) {
        const near = nearest(p.node_ref);
        problems.push(at(src, ["pitfalls_discovered", i, "node_ref"], `unknown node id "${p.node_ref}": no node of the compiled graph has it`, `${near ? `${near} Else ` : ""}use an existing node's id, or null for a pitfall with no node`));
      } else if (n.domain === "session" || n.domain === "code-mirror") {
        problems.push(at(src, ["pitfalls_discovered", i, "node_ref"], `"${p.node_ref}" is a ${n.domain} node; a pitfall hangs on a domain node`, "name the domain node the pitfall is about, or null"));
      }
    });
  }
  if (problems.length) reject(problems, "document");
}
