// Tag derivation (spec §4.5): pure string matching, no model. Scope files → code-mirror nodes (by
// source_file) → the concept nodes that `implements` them, and nodes whose content_ref is a scope
// file; the task text → whole-word node titles and node tags as substrings. Union, dedup, and for
// every tag the list of sources it came from.
import { isAbsolute, join, relative, resolve } from "node:path";
import { nowIso } from "./clock.js";
import type { LoadedConfig } from "./config.js";
import type { Context } from "./context.js";
import { StaleWriteError } from "./errors.js";
import { readTextIfExists, writeFileAtomic } from "./fsx.js";
import type { GNode } from "./graph.js";
import { withLock } from "./lock.js";
import { commitTransaction, finishTransaction } from "./transaction.js";
import type { QueryGraph } from "./query.js";
import { withTags, type LoadedTask } from "./query/task.js";
import { confineToKnowledge, displayPath, resolveInside } from "./paths.js";
import { normalizeTags } from "./query.js";

export type TagSource =
  | { kind: "scope-mirror"; file: string; mirror: string; node: string }
  | { kind: "scope-content-ref"; file: string; node: string }
  | { kind: "title"; node: string; title: string }
  | { kind: "tag-substring"; tag: string };

export interface DerivedTag {
  tag: string;
  sources: TagSource[];
}

export interface TagDerivation {
  tags: DerivedTag[];
  /** The task fields whose text was matched. */
  text_fields: string[];
  scope: string[];
  warnings: string[];
}

/** The task fields tag derivation reads (a TaskRecord satisfies it). */
export interface TaskTextFields {
  title?: string;
  objective?: string;
  description?: string;
  implementation_steps?: string[];
  steps?: string[];
  scope?: string[];
}

export interface DeriveRoots {
  /** Repository root: scope paths are relative to it. */
  repo: string;
  /** Root of local nodes' content_ref (knowledge/). */
  knowledge: string;
  /** Root of global nodes' content_ref. */
  vault: string;
}

const TEXT_FIELDS = ["title", "objective", "description", "implementation_steps", "steps"] as const;

export function taskText(task: TaskTextFields): { text: string; fields: string[] } {
  const parts: string[] = [];
  const fields: string[] = [];
  for (const f of TEXT_FIELDS) {
    const v = task[f];
    if (typeof v === "string" && v.trim()) {
      parts.push(v);
      fields.push(f);
    } else if (Array.isArray(v) && v.some((s) => typeof s === "string" && s.trim())) {
      parts.push(v.filter((s) => typeof s === "string").join("\n"));
      fields.push(f);
    }
  }
  return { text: parts.join("\n"), fields };
}

const WORD = /[\p{L}\p{N}_]/u;

/** Whole-word (or substring) occurrence of `needle` in `hay`; both already lower-cased. */
export function containsPhrase(hay: string, needle: string, wholeWord: boolean): boolean {
  if (!needle) return false;
  let at = hay.indexOf(needle);
  if (!wholeWord) return at >= 0;
  while (at >= 0) {
    const before = at > 0 ? hay[at - 1]! : "";
    const after = hay[at + needle.length] ?? "";
    const startOk = !before || !WORD.test(before) || !WORD.test(needle[0]!);
    const endOk = !after || !WORD.test(after) || !WORD.test(needle[needle.length - 1]!);
    if (startOk && endOk) return true;
    at = hay.indexOf(needle, at + 1);
  }
  return false;
}

const isMirror = (n: GNode) => n.domain === "code-mirror" || n.node_origin === "code-mirror";

const KIND_ORDER: Record<TagSource["kind"], number> = { "scope-mirror": 0, "scope-content-ref": 1, title: 2, "tag-substring": 3 };

function sourceKey(s: TagSource): string {
  switch (s.kind) {
    case "scope-mirror":
      return `${KIND_ORDER[s.kind]}\0${s.file}\0${s.mirror}\0${s.node}`;
    case "scope-content-ref":
      return `${KIND_ORDER[s.kind]}\0${s.file}\0${s.node}`;
    case "title":
      return `${KIND_ORDER[s.kind]}\0${s.node}`;
    case "tag-substring":
      return `${KIND_ORDER[s.kind]}\0${s.tag}`;
  }
}

export function describeSource(s: TagSource): string {
  switch (s.kind) {
    case "scope-mirror":
      return `scope file ${s.file} → code-mirror node ${s.mirror} → ${s.node} implements it`;
    case "scope-content-ref":
      return `scope file ${s.file} is the content_ref of ${s.node}`;
    case "title":
      return `task text contains the title of ${s.node} ("${s.title}")`;
    case "tag-substring":
      return `task text contains the tag "${s.tag}"`;
  }
}

export function deriveTags(graph: QueryGraph, cfg: LoadedConfig, task: TaskTextFields, roots: DeriveRoots): TagDerivation {
  const td = cfg.config.tag_derivation;
  const warnings: string[] = [];
  // Derived tags are lower-case (seed matching ignores case), each with its sources.
  const found = new Map<string, { tag: string; sources: Map<string, TagSource> }>();
  const add = (tag: string, src: TagSource) => {
    const k = tag.toLowerCase();
    let e = found.get(k);
    if (!e) found.set(k, (e = { tag: k, sources: new Map() }));
    e.sources.set(sourceKey(src), src);
  };
  const nodeTags = (n: GNode): string[] => (Array.isArray(n.tags) ? n.tags.filter((t): t is string => typeof t === "string" && t.trim() !== "") : []);

  // 1. Scope-based.
  const scope = (task.scope ?? []).filter((s) => typeof s === "string" && s.trim() !== "");
  if (scope.length) {
    const scopeAbs = new Map<string, string>(); // absolute → as written
    for (const s of scope) scopeAbs.set(resolve(roots.repo, s.trim()), s.trim());
    for (const n of graph.nodes.values()) {
      if (isMirror(n)) {
        const sf = typeof n.source_file === "string" ? n.source_file : null;
        const file = sf ? scopeAbs.get(resolve(roots.repo, sf)) : undefined;
        if (file === undefined) continue;
        for (const l of graph.in.get(n.id) ?? []) {
          if (l.type !== "implements") continue;
          const concept = graph.nodes.get(l.source);
          if (!concept || isMirror(concept)) continue;
          for (const t of nodeTags(concept)) add(t, { kind: "scope-mirror", file, mirror: n.id, node: concept.id });
        }
        continue;
      }
      const ref = typeof n.content_ref === "string" && n.content_ref ? n.content_ref : null;
      if (!ref) continue;
      const root = n.node_origin === "global" ? roots.vault : roots.knowledge;
      const file = scopeAbs.get(resolve(root, ref));
      if (file === undefined) continue;
      if (resolveInside(root, ref) === null) {
        warnings.push(`node ${n.id}: content_ref "${ref}" leaves its layer root; it is not used to match scope file ${file}`);
        continue;
      }
      for (const t of nodeTags(n)) add(t, { kind: "scope-content-ref", file, node: n.id });
    }
  }

  // 2. Text-based.
  const { text, fields } = taskText(task);
  if (text) {
    const hay = text.toLowerCase();
    const whole = td.title_match === "whole_word";
    const seenTags = new Set<string>();
    for (const n of graph.nodes.values()) {
      if (isMirror(n)) continue;
      const tags = nodeTags(n);
      if (!tags.length) continue;
      const title = typeof n.title === "string" ? n.title.trim() : "";
      if (title && containsPhrase(hay, title.toLowerCase(), whole)) {
        for (const t of tags) add(t, { kind: "title", node: n.id, title });
      }
      for (const t of tags) {
        const k = t.toLowerCase();
        if (seenTags.has(k)) continue;
        seenTags.add(k);
        if ([...k].length >= td.min_tag_length && hay.includes(k)) add(k, { kind: "tag-substring", tag: k });
      }
    }
  }

  // 3. Union + dedup (by lower-case), sorted; each tag's sources sorted.
  const tags = [...found.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([, e]) => ({ tag: e.tag, sources: [...e.sources.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([, s]) => s) }));
  return { tags, text_fields: fields, scope, warnings };
}

export interface TagWriteResult {
  written: boolean;
  /** Why nothing was written, when it was not. */
  skipped: string | null;
  log: string | null;
  previous: string[];
}

/**
 * `derive-tags --write` (spec §4.5 step 4, FR-T04): the derived tags go into the task record's
 * akms_tags (only that value's bytes change) and each tag's sources are appended to
 * knowledge/tasks/<task_id>.tags.jsonl. A non-empty akms_tags is the author's and is kept unless
 * `force`. Runs under the repository lock; refuses when the record changed since it was read.
 */
export function writeTaskTags(
  ctx: Context,
  task: LoadedTask,
  derivation: TagDerivation,
  graphVersion: string,
  opts: { force?: boolean; env?: NodeJS.ProcessEnv } = {},
): TagWriteResult {
  const previous = task.record.akms_tags;
  const tags = derivation.tags.map((t) => t.tag);
  if (previous.length && !opts.force) {
    return { written: false, skipped: "akms_tags is already set by the task author (derived tags fill an empty list; --force replaces it)", log: null, previous };
  }
  if (previous.length === tags.length && previous.every((t, i) => t === tags[i])) {
    return { written: false, skipped: "akms_tags already holds exactly these tags", log: null, previous };
  }
  confineToKnowledge(ctx.paths.knowledge, task.file, task.shown); // a record reached through a link out of knowledge/ is not rewritten
  return withLock(ctx.paths.lock, () => {
    const now = readTextIfExists(task.file);
    if (now !== task.text) {
      throw new StaleWriteError("the task record changed while its tags were derived", { file: task.shown, hint: "run `akms derive-tags --write` again" });
    }
    const record = withTags(task.text, tags);
    let log: string | null = null;
    let logText: string | null = null;
    if (ctx.cfg.config.tag_derivation.log_derived_tags) {
      log = join(ctx.paths.tasks, `${task.record.task_id}.tags.jsonl`);
      const entry = {
        at: nowIso(opts.env),
        task_id: task.record.task_id,
        task_file: displayPath(ctx.repo, task.file),
        graph_version: graphVersion,
        previous,
        tags: derivation.tags.map((t) => ({ tag: t.tag, sources: t.sources, why: t.sources.map(describeSource) })),
      };
      logText = (readTextIfExists(log) ?? "") + JSON.stringify(entry) + "\n";
    }
    // The record and its log entry together: one journal when both are in knowledge/ (a kill between
    // them would leave the tags written and their sources unlogged), else the log first.
    const rel = relative(ctx.paths.knowledge, task.file);
    if (log && logText !== null && !rel.startsWith("..") && !isAbsolute(rel)) {
      // (A journal left by a killed write was settled before: by the CLI before a reader command,
      // by the orchestrator when it took the lock.)
      commitTransaction(ctx, [
        { path: task.file, data: record },
        { path: log, data: logText },
      ]);
      finishTransaction(ctx);
    } else {
      if (log && logText !== null) writeFileAtomic(log, logText);
      writeFileAtomic(task.file, record);
    }
    return { written: true, skipped: null, log: log && displayPath(ctx.repo, log), previous };
  });
}

/** The tags a task queries with: its akms_tags, or (empty) the derived ones. */
export function taskTags(ctx: Context, graph: QueryGraph, task: LoadedTask): { tags: string[]; from: "akms_tags" | "derived"; derivation: TagDerivation | null } {
  if (task.record.akms_tags.length) return { tags: normalizeTags(task.record.akms_tags), from: "akms_tags", derivation: null };
  const derivation = deriveTags(graph, ctx.cfg, task.record, { repo: ctx.repo, knowledge: ctx.paths.knowledge, vault: ctx.vault.path });
  return { tags: derivation.tags.map((t) => t.tag), from: "derived", derivation };
}
