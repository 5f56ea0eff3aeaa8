// `akms migrate`: a repository (and, as a copy, a global vault) from AKMS v1 to v2 (spec §8.3): the
// experiential state v1 kept in node frontmatter moves into the repository's local_state.yaml, the
// node files lose those fields and are re-stamped v2 (every other byte as it was), and a full
// build validates the result. The v1 format accepted is in docs/decisions.md. All or nothing:
// every new text is validated first, then written through the update's journal (a kill at any
// point: the next command finishes it or nothing happened), then compiled. The global vault is
// never written in place: `--vault-out DIR` writes its migrated copy. The v2 → v3 hook runs
// knowledge/graph/migrations/v2_to_v3.* when a repository ships one.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join, relative, resolve } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { loadContext, locateRepo, type Context, type ContextOptions } from "./context.js";
import { parseConfig } from "./config.js";
import { StateError, UsageError, ValidationError, type Problem } from "./errors.js";
import { splitFrontmatter } from "./frontmatter.js";
import { displayPath } from "./paths.js";
import { listTaskFiles } from "./query/task.js";
import { readTextIfExists, replaceDirWhole, writableCopy } from "./fsx.js";
import { listMarkdown } from "./compiler/sources.js";
import { NodeFiles } from "./node-files.js";
import { parseYaml } from "./yaml.js";
import { withLock } from "./lock.js";
import { buildLocked } from "./compiler/build.js";
import { commitTransaction, finishTransaction, recoverPendingTransaction } from "./transaction.js";
import { readOverlayState } from "./overlay-file.js";
import { dumpOverlay, overlayLimits } from "./update/overlay-io.js";
import { validateText, type Kind } from "./validate.js";
import { PITFALL_WEIGHT } from "./schemas/vocabulary.js";
import type { LocalEdge, NodeOverride, Overlay, SessionNodeEntry } from "./schemas/overlay.js";
import { plural } from "./plural.js";

/** The v1 frontmatter fields that are experience, not knowledge (they move to the overlay). */
export const V1_FIELDS = ["current_confidence", "activations", "last_activated", "activated_by_tasks", "session_refs", "pitfalls"] as const;

export interface MigratedFile {
  file: string;
  shown: string;
  id: string;
  origin: "local" | "global";
  text: string;
  moved: string[];
  entry: NodeOverride;
  edges: LocalEdge[];
  /** Its origin_phase, for a session it names that the overlay lacks. */
  phase: number | null;
}

export interface MigrationPlan {
  files: MigratedFile[];
  /** Evidence documents and task records stamped v1. */
  documents: MigratedDoc[];
  /** propagation_config.yaml re-stamped v2 when it says v1 (its keys are the same in both versions). */
  config: { file: string; shown: string; text: string } | null;
  /** The overlay after the merge, and whether it differs from the current one. */
  overlay: Overlay;
  overlayChanged: boolean;
  /** The migrated vault copy's target (null: the vault needs none, or no --vault-out). */
  vaultOut: string | null;
  /** knowledge/graph/migrations/v2_to_v3.* when present. */
  v3Script: string | null;
}

const problem = (file: string, field: string, message: string, hint: string): Problem => ({ file, field, message, hint });

/** A YAML text's `akms_schema: v1` line (quoted or not, a comment after it). */
const V1_STAMP = /^akms_schema:[ \t]*["']?v1["']?[ \t]*(#.*)?$/m;
const hasV1Stamp = (yaml: string): boolean => V1_STAMP.test(yaml);

/** The `akms_schema: v1` line of a YAML text as v2 (every other byte as it was: a CRLF line keeps its CR). */
function restamp(line: string): string {
  return hasV1Stamp(line) ? "akms_schema: v2" + (line.endsWith("\r") ? "\r" : "") : line;
}

/** The repository's config re-stamped v2, when it says v1 (null: it does not, or there is none). */
function v1Config(configFile: string): string | null {
  const text = readTextIfExists(configFile);
  if (text === null || !hasV1Stamp(text)) return null;
  return text.split("\n").map(restamp).join("\n");
}

/**
 * The context `akms migrate` works in: a v1 config read as the v2 one it will write (the config's
 * keys are the same in both versions), so that migrate runs where every other command refuses.
 */
export function migrationContext(opts: ContextOptions): Context {
  const { paths } = locateRepo(opts);
  const v2 = v1Config(paths.config);
  return loadContext({ ...opts, ...(v2 !== null ? { cfg: parseConfig(v2, paths.config) } : {}) });
}

/** The frontmatter lines of top-level `keys` removed (a key line and its indented or listed value lines), the stamp set to v2. */
function editFrontmatter(yaml: string, keys: ReadonlySet<string>): string {
  const out: string[] = [];
  let skipping = false;
  for (const line of yaml.split("\n")) {
    const top = /^([A-Za-z_][\w-]*)[ \t]*:/.exec(line);
    if (top) skipping = keys.has(top[1]!);
    else if (skipping && !/^([ \t]|-( |$))/.test(line)) skipping = false;
    if (skipping) continue;
    out.push(restamp(line));
  }
  return out.join("\n");
}

function v1Experience(data: Record<string, unknown>, id: string, shown: string): { entry: NodeOverride; edges: LocalEdge[]; problems: Problem[] } {
  const entry: Record<string, unknown> = {};
  const edges: LocalEdge[] = [];
  const problems: Problem[] = [];
  const bad = (field: string, what: string) => problems.push(problem(shown, field, `${field}: ${what}`, "fix the v1 field, or remove it, then run `akms migrate` again"));
  const c = data.current_confidence;
  if (c !== undefined) typeof c === "number" && c >= 0 && c <= 1 ? (entry.confidence = c) : bad("current_confidence", "must be a number from 0 to 1");
  const a = data.activations;
  if (a !== undefined) Number.isInteger(a) && (a as number) >= 0 ? (entry.activations = a) : bad("activations", "must be a whole number of at least 0");
  const l = data.last_activated;
  if (l !== undefined && l !== null) {
    const s = l instanceof Date ? l.toISOString().slice(0, 10) : l;
    typeof s === "string" && /^\d{4}-\d{2}-\d{2}$/.test(s) ? (entry.last_activated = s) : bad("last_activated", "must be a date, YYYY-MM-DD");
  }
  const t = data.activated_by_tasks;
  if (t !== undefined) Array.isArray(t) && t.every((x) => typeof x === "string" && x) ? (entry.activated_by_tasks = t) : bad("activated_by_tasks", "must be a list of task ids");
  // The sessions that used the node (spec §4.1's experiential session_refs): the overlay's list.
  const r = data.session_refs;
  if (r !== undefined && r !== null) Array.isArray(r) && r.every((x) => typeof x === "string" && x) ? (entry.session_refs = r) : bad("session_refs", "must be a list of session document paths");
  const p = data.pitfalls;
  if (p !== undefined) {
    if (!Array.isArray(p)) bad("pitfalls", "must be a list of { session, severity, note } entries");
    else
      p.forEach((x, i) => {
        const r = x as Record<string, unknown>;
        const sev = r?.severity;
        if (!r || typeof r.session !== "string" || !/^session-/.test(r.session) || !["high", "medium", "low"].includes(String(sev))) {
          return bad(`pitfalls[${i}]`, "needs `session` (the session that reported it, session-<task_id>) and `severity` (high, medium or low)");
        }
        const weight = typeof r.weight === "number" ? r.weight : PITFALL_WEIGHT[String(sev)]!;
        const note = typeof r.note === "string" ? r.note : "";
        // v2: the pitfall edge goes from the node to the session that reported it (spec §4.2).
        edges.push({ from: id, to: r.session, type: "pitfall", weight, note, reports: [{ weight, severity: sev as "high" | "medium" | "low", note, ...(typeof r.task_id === "string" ? { task_id: r.task_id } : {}) }] });
      });
  }
  return { entry: entry as NodeOverride, edges, problems };
}

/** One v1 node file migrated in memory (null: the file is not v1). */
export function migrateNodeText(text: string, file: string, shown: string, origin: "local" | "global"): { file: MigratedFile | null; problems: Problem[] } {
  const fm = splitFrontmatter(text);
  if (!fm) return { file: null, problems: [] };
  const data = parseYaml(fm.yaml, { file: shown }) as Record<string, unknown> | null;
  if (!data || typeof data !== "object" || data.akms_schema !== "v1") return { file: null, problems: [] };
  const id = typeof data.id === "string" ? data.id : "";
  if (!id) return { file: null, problems: [problem(shown, "id", "id: a v1 node without an id", "give the node its id, then migrate")] };
  const moved = V1_FIELDS.filter((k) => Object.hasOwn(data, k));
  const { entry, edges, problems } = v1Experience(data, id, shown);
  if (problems.length) return { file: null, problems };
  const yaml = editFrontmatter(fm.yaml, new Set(moved));
  const head = text.slice(0, text.length - fm.body.length);
  const newText = head.replace(fm.yaml, yaml) + fm.body;
  // The edit by lines is checked against the parse: exactly the moved fields are gone, the stamp is v2.
  const after = parseYaml(splitFrontmatter(newText)!.yaml, { file: shown }) as Record<string, unknown>;
  const expected: Record<string, unknown> = { ...data, akms_schema: "v2" };
  for (const k of moved) delete expected[k];
  if (!isDeepStrictEqual(after, expected)) {
    return { file: null, problems: [problem(shown, moved.join(", ") || "akms_schema", "the v1 fields could not be removed line by line (an unusual layout)", "move them to local_state.yaml by hand, set `akms_schema: v2`, then run `akms build`")] };
  }
  return { file: { file, shown, id, origin, text: newText, moved, entry, edges, phase: typeof data.origin_phase === "number" ? data.origin_phase : null }, problems: [] };
}

/** A v1-stamped evidence document or task record, re-stamped v2 (its fields are the same in v2). */
export interface MigratedDoc {
  file: string;
  shown: string;
  text: string;
}

/**
 * The AgentMemories and PCDs (sessions/*.md, *.yaml) and task records (tasks/*.json) stamped v1,
 * each with only its stamp changed; the one validator then decides that the rest is v2.
 */
function v1Documents(ctx: Context, problems: Problem[]): MigratedDoc[] {
  const out: MigratedDoc[] = [];
  const names = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);
  for (const name of names(ctx.paths.sessions)) {
    if (!/\.(md|ya?ml)$/i.test(name)) continue;
    const file = join(ctx.paths.sessions, name);
    const text = readFileSync(file, "utf8");
    const yaml = name.endsWith(".md") ? splitFrontmatter(text)?.yaml : text;
    if (!yaml || !hasV1Stamp(yaml)) continue;
    const head = name.endsWith(".md") ? text.slice(0, text.indexOf(yaml) + yaml.length) : text;
    out.push({ file, shown: displayPath(ctx.repo, file), text: head.split("\n").map(restamp).join("\n") + text.slice(head.length) });
  }
  for (const file of listTaskFiles(ctx.paths)) {
    const text = readFileSync(file, "utf8");
    const stamp = /("akms_schema"[ \t]*:[ \t]*)"v1"/;
    if (!stamp.test(text)) continue;
    const next = text.replace(stamp, '$1"v2"');
    try {
      if ((JSON.parse(next) as { akms_schema?: unknown }).akms_schema !== "v2") throw new Error("the stamp is not the record's own");
    } catch (e) {
      problems.push(problem(displayPath(ctx.repo, file), "akms_schema", (e as Error).message, "set `\"akms_schema\": \"v2\"` by hand, then migrate"));
      continue;
    }
    out.push({ file, shown: displayPath(ctx.repo, file), text: next });
  }
  return out;
}

/** The v1 files among the node files the compile reads in `dir` (listMarkdown, as the compile lists them). */
function migrateDir(dir: string, shownPrefix: string, origin: "local" | "global", problems: Problem[]): MigratedFile[] {
  const out: MigratedFile[] = [];
  for (const f of listMarkdown(dir, shownPrefix)) {
    let r: ReturnType<typeof migrateNodeText>;
    try {
      r = migrateNodeText(readFileSync(f.file, "utf8"), f.file, f.shown, origin);
    } catch (e) {
      problems.push(problem(f.shown, "frontmatter", (e as Error).message, "fix the file's YAML, then migrate"));
      continue;
    }
    problems.push(...r.problems);
    if (r.file) out.push(r.file);
  }
  return out;
}

/** The overlay with every migrated file's experience merged; a conflicting entry already there is an error. */
function mergeOverlay(ctx: Context, files: MigratedFile[], problems: Problem[]): { overlay: Overlay; changed: boolean } {
  const state = readOverlayState(ctx);
  const base: Overlay = state?.overlay ?? ({ akms_schema: "v2", repo_id: null, nodes: {}, local_edges: [], session_nodes: {}, suppressed_edges: [] } as Overlay);
  const nodes: Record<string, NodeOverride> = { ...(base.nodes ?? {}) };
  const edges: LocalEdge[] = [...(base.local_edges ?? [])];
  const sessions: Record<string, SessionNodeEntry> = { ...(base.session_nodes ?? {}) };
  const shown = displayPath(ctx.repo, ctx.paths.overlay);
  for (const f of files) {
    if (Object.keys(f.entry).length) {
      const had = nodes[f.id];
      const merged = { ...(had ?? {}), ...f.entry } as NodeOverride;
      if (had && Object.entries(f.entry).some(([k, v]) => k in had && !isDeepStrictEqual((had as Record<string, unknown>)[k], v))) {
        problems.push(problem(shown, `nodes.${f.id}`, `nodes.${f.id}: the overlay already holds other values than ${f.shown}'s v1 fields`, "decide which is right, remove the other, then migrate again"));
      }
      nodes[f.id] = merged;
    }
    for (const e of f.edges) {
      if (!sessions[e.to]) {
        // A session v1 knew only by name: its node in the overlay, from its evidence document.
        const ref = `sessions/${e.to.replace(/^session-/, "")}.md`;
        if (!existsSync(join(ctx.paths.knowledge, ref))) {
          problems.push(problem(f.shown, "pitfalls", `pitfalls: ${e.to} is not a session of the overlay and knowledge/${ref} does not exist`, `put the session's evidence document at knowledge/${ref} (or correct the session id), then migrate again`));
          continue;
        }
        sessions[e.to] = { title: `${e.to} (migrated from v1)`, outcome: "complete", content_ref: ref, phase: typeof f.phase === "number" ? f.phase : 0 } as SessionNodeEntry;
      }
      if (!edges.some((x) => isDeepStrictEqual(x, e))) edges.push(e);
    }
  }
  const overlay = { ...base, akms_schema: "v2", nodes, local_edges: edges, session_nodes: sessions } as Overlay;
  return { overlay, changed: !state || !isDeepStrictEqual(overlay, state.overlay) };
}

function v3ScriptOf(ctx: Context): string | null {
  const dir = join(ctx.paths.graphDir, "migrations");
  for (const ext of [".py", ".mjs", ".js", ".sh"]) {
    const f = join(dir, `v2_to_v3${ext}`);
    if (existsSync(f)) return f;
  }
  return null;
}

export function planMigration(ctx: Context, opts: { vaultOut?: string }): MigrationPlan {
  const problems: Problem[] = [];
  const locals = migrateDir(ctx.paths.localNodes, "knowledge/local-nodes/", "local", problems);
  const globals = migrateDir(ctx.vault.path, new NodeFiles(ctx).global.shownPrefix, "global", problems);
  if (globals.length && !opts.vaultOut) {
    throw new UsageError(`the global vault holds ${plural(globals.length, "v1 node file")} (${globals[0]!.shown}…); akms never writes the vault in place`, "add `--vault-out DIR` to write its migrated copy, then use that directory as the vault (--vault or AKMS_GLOBAL_VAULT)");
  }
  const files = [...locals, ...globals];
  const documents = v1Documents(ctx, problems);
  const { overlay, changed } = mergeOverlay(ctx, files, problems);
  const failing = new Set(problems.map((p) => p.file)).size;
  if (problems.length) throw new ValidationError(`${plural(failing, "file")} cannot be migrated; nothing was changed`, { problems, hint: "fix what is listed, then run `akms migrate` again" });
  const v2 = v1Config(ctx.paths.config);
  const config = v2 === null ? null : { file: ctx.paths.config, shown: displayPath(ctx.repo, ctx.paths.config), text: v2 };
  return { files, documents, config, overlay, overlayChanged: changed && files.length > 0, vaultOut: globals.length && opts.vaultOut ? resolve(opts.vaultOut) : null, v3Script: v3ScriptOf(ctx) };
}

/** Whether the plan changes anything. */
export function planned(plan: MigrationPlan): boolean {
  return plan.files.length > 0 || plan.documents.length > 0 || plan.config !== null;
}

function checkValid(text: string, abs: string, shown: string, kind: Kind, problems: Problem[]): void {
  const r = validateText(text, abs, shown, { kind });
  problems.push(...r.errors);
}

/** The migrated vault: every file of the vault, the v1 ones migrated, written whole and swapped in. */
function writeVaultCopy(ctx: Context, plan: MigrationPlan): void {
  const dir = plan.vaultOut!;
  const inside = (a: string, b: string) => !relative(b, a).startsWith("..");
  if (inside(dir, ctx.vault.path) || inside(dir, ctx.paths.knowledge)) throw new UsageError(`--vault-out ${dir} is inside the vault or knowledge/`, "give a new directory beside them");
  if (existsSync(dir) && readdirSync(dir).length && !existsSync(join(dir, ".akms-migrated-vault"))) throw new UsageError(`--vault-out ${dir} is not empty (and not an earlier migrated copy)`, "give a new or empty directory");
  replaceDirWhole(dir, (tmp) => {
    writableCopy(ctx.vault.path, tmp);
    for (const f of plan.files) if (f.origin === "global") writeFileSync(join(tmp, relative(ctx.vault.path, f.file)), f.text);
    writeFileSync(join(tmp, ".akms-migrated-vault"), `migrated from ${ctx.vault.path} by akms migrate (v1 → v2)\n`);
  });
}

export interface MigrationResult {
  plan: MigrationPlan;
  written: string[];
  graphVersion: string | null;
}

/** Validates, writes (journaled), then compiles; `vaultCtx`: the context that reads the migrated vault. */
export function migrate(ctx: Context, opts: { vaultOut?: string; dryRun?: boolean; vaultCtx?: (vault: string) => Context }): MigrationResult {
  return withLock(ctx.paths.lock, () => {
    recoverPendingTransaction(ctx, () => buildLocked(ctx));
    const plan = planMigration(ctx, opts);
    const problems: Problem[] = [];
    const limits = overlayLimits(ctx.cfg.config.graph);
    const overlayText = plan.overlayChanged ? dumpOverlay(plan.overlay, limits) : null;
    for (const f of plan.files) checkValid(f.text, f.file, f.shown, f.origin === "local" ? "local-node" : "global-node", problems);
    if (overlayText !== null) checkValid(overlayText, ctx.paths.overlay, displayPath(ctx.repo, ctx.paths.overlay), "overlay", problems);
    if (plan.config) checkValid(plan.config.text, plan.config.file, plan.config.shown, "config", problems);
    for (const d of plan.documents) problems.push(...validateText(d.text, d.file, d.shown).errors);
    if (problems.length) throw new ValidationError("the migrated files would not be valid v2; nothing was changed", { problems, hint: "fix the v1 files listed, then migrate again" });
    if (opts.dryRun || !planned(plan)) return { plan, written: [], graphVersion: null };
    if (plan.vaultOut) writeVaultCopy(ctx, plan);
    const writes = plan.files.filter((f) => f.origin === "local").map((f) => ({ path: f.file, data: f.text }));
    if (overlayText !== null) writes.push({ path: ctx.paths.overlay, data: overlayText });
    if (plan.config) writes.push({ path: plan.config.file, data: plan.config.text });
    for (const d of plan.documents) writes.push({ path: d.file, data: d.text });
    // A kill after this: the next command rolls the files forward and leaves graph.json to the next
    // reader (the migrated vault may not be the one that command was given).
    const written = commitTransaction(ctx, writes, { rebuild: "reader" });
    const buildCtx = plan.vaultOut && opts.vaultCtx ? opts.vaultCtx(plan.vaultOut) : ctx;
    const r = buildLocked(buildCtx);
    finishTransaction(ctx);
    return { plan, written, graphVersion: r.graphVersion };
  });
}

/** Runs the repository's knowledge/graph/migrations/v2_to_v3.* (spec §8.1) with the repository as its argument. */
export function runV3Migration(ctx: Context, python = process.env.AKMS_PYTHON ?? "python3"): { script: string; status: number; output: string } {
  const script = v3ScriptOf(ctx);
  if (!script) throw new StateError("this repository ships no v2 → v3 migration (knowledge/graph/migrations/v2_to_v3.py, .mjs, .js or .sh)", { hint: "a v3 release of akms ships its migration; until then there is nothing to run" });
  return withLock(ctx.paths.lock, () => {
    const argv = script.endsWith(".py") ? [python, script] : script.endsWith(".sh") ? ["sh", script] : [process.execPath, script];
    const r = spawnSync(argv[0]!, [...argv.slice(1), ctx.repo], { encoding: "utf8", cwd: ctx.repo });
    return { script, status: r.status ?? 1, output: `${r.stdout ?? ""}${r.stderr ?? ""}` };
  });
}
