// Safe YAML: js-yaml's CORE schema (no custom tags, dates stay strings, duplicate keys rejected),
// with size limits and an alias-expansion budget against "billion laughs" documents.
// The slower `yaml` package is used only on the error path, to name the line of a bad field: it is
// loaded then (require, from node_modules; not in the bundle), so that no command compiles its
// ≈ 370 KB on the way to a result without problems (the console's first frame among them).
import jsyaml from "js-yaml";
import { createRequire } from "node:module";
import type * as YamlPackage from "yaml";
import type { Node as YNode } from "yaml";
import { YamlError } from "./errors.js";

let yamlPackage: typeof YamlPackage | null = null;
const loadYamlPackage = (): typeof YamlPackage => (yamlPackage ??= createRequire(import.meta.url)("yaml") as typeof YamlPackage);

export const LIMITS = {
  /** Largest Markdown node / document file a person writes that we read. */
  maxFileBytes: 8 * 1024 * 1024,
  /** Largest YAML a person writes (frontmatter, config, evidence); machine-written YAML (the overlay) has no byte cap. */
  maxYamlBytes: 4 * 1024 * 1024,
  /** Containers reached again through an alias while walking a parsed document (a "billion laughs" document reaches them billions of times). */
  maxAliasRevisits: 100_000,
  /** Nesting of mappings and sequences. */
  maxDepth: 200,
};

/**
 * JSON (a task record) nested deeper than LIMITS.maxDepth, found by one scan of the text before
 * anything walks the parsed value recursively (a 3,000-deep record overflowed the stack of every
 * reader while the validator passed it): the located error, or null.
 */
export function jsonDepthError(text: string, shown: string): YamlError | null {
  let depth = 0;
  let inString = false;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    if (inString) {
      if (c === 92) i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > LIMITS.maxDepth) {
        return new YamlError(`the JSON is nested more than ${LIMITS.maxDepth} levels deep`, { file: shown, line, hint: `a task record is a flat object of a few fields: flatten the value that nests at line ${line}` });
      }
    } else if (c === 93 || c === 125) depth--;
  }
  return null;
}

export interface YamlSource {
  file: string;
  /** 1-based line in `file` where the YAML text starts (2 for frontmatter). */
  firstLine?: number;
  /**
   * Written by akms itself (the overlay): no byte cap, as a busy repository's grows with use. The
   * defences against a hostile document — aliases and depth — apply to every document.
   */
  machineWritten?: boolean;
}

/** Rejects a document whose aliases expand it (each container counted again each time it is reached) or that nests too deep. */
function checkExpansion(value: unknown, src: YamlSource): void {
  const fail = (message: string) => {
    throw new YamlError(message, { file: src.file, hint: "remove the YAML anchors/aliases (&name / *name) and deep nesting; AKMS files never need them" });
  };
  const seen = new Set<object>();
  let revisits = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth > LIMITS.maxDepth) fail(`the YAML nests deeper than ${LIMITS.maxDepth} levels`);
    if (seen.has(v)) {
      if (++revisits > LIMITS.maxAliasRevisits) fail("the YAML expands to too many values (alias bomb?)");
    } else seen.add(v);
    if (Array.isArray(v)) for (const x of v) stack.push([x, depth + 1]);
    else for (const k in v as object) stack.push([(v as Record<string, unknown>)[k], depth + 1]);
  }
}

export function parseYaml(text: string, src: YamlSource): unknown {
  if (!src.machineWritten && text.length > LIMITS.maxYamlBytes) {
    throw new YamlError(`YAML is too large (${text.length} bytes, limit ${LIMITS.maxYamlBytes})`, {
      file: src.file,
      hint: "AKMS YAML is small; move long text into the Markdown body",
    });
  }
  let value: unknown;
  try {
    value = jsyaml.load(text, { schema: jsyaml.CORE_SCHEMA, filename: src.file, json: false });
  } catch (e) {
    const err = e as { reason?: string; mark?: { line: number }; message: string };
    const line = err.mark ? err.mark.line + (src.firstLine ?? 1) : undefined;
    throw new YamlError(`invalid YAML: ${err.reason ?? err.message.split("\n")[0]}`, { file: src.file, line });
  }
  // An alias needs a `*`; without one the document cannot expand (js-yaml's own recursion bounds
  // the depth it can build).
  if (text.includes("*")) checkExpansion(value, src);
  return value;
}

/** Finds the 1-based line of a field path in YAML text (error path only). */
export function lineOfPath(text: string, path: readonly (string | number)[], firstLine = 1): number | undefined {
  return lineLocator(text, firstLine)(path);
}

/** Like lineOfPath for many paths of one text: the YAML is parsed once (files with many problems). */
export function lineLocator(text: string, firstLine = 1): (path: readonly (string | number)[]) => number | undefined {
  const { LineCounter, parseDocument, isMap, isSeq, isPair, isScalar } = loadYamlPackage();
  let lc: InstanceType<typeof LineCounter>;
  let root: YNode | null;
  try {
    lc = new LineCounter();
    root = parseDocument(text, { lineCounter: lc, uniqueKeys: false, strict: false }).contents as YNode | null;
  } catch {
    return () => undefined;
  }
  return (path) => {
    try {
      let node: YNode | null | undefined = root;
      let lastRange: [number, number, number] | undefined = node?.range ?? undefined;
      for (const key of path) {
        if (!node) break;
        if (isMap(node)) {
          const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(key));
          if (!pair) break;
          const k = pair.key as YNode;
          // The key's line names the field, also when its value is a block that starts below it.
          lastRange = k.range ?? lastRange;
          node = pair.value as YNode | null;
        } else if (isSeq(node) && typeof key === "number") {
          const item = node.items[key] as YNode | undefined;
          if (!item) break;
          node = item;
          if (item.range) lastRange = item.range;
        } else break;
      }
      if (!lastRange) return undefined;
      return lc.linePos(lastRange[0]).line + firstLine - 1;
    } catch {
      return undefined;
    }
  };
}
