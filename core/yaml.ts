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
  /** Largest Markdown node / document file we read. */
  maxFileBytes: 8 * 1024 * 1024,
  /** Largest YAML document (frontmatter, overlay, config). */
  maxYamlBytes: 4 * 1024 * 1024,
  /** Values visited while walking a parsed document (aliases counted each time they are reached). */
  maxExpandedValues: 1_000_000,
};

export interface YamlSource {
  file: string;
  /** 1-based line in `file` where the YAML text starts (2 for frontmatter). */
  firstLine?: number;
}

function checkExpansion(value: unknown, src: YamlSource): void {
  let budget = LIMITS.maxExpandedValues;
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (--budget < 0) {
      throw new YamlError("the YAML expands to too many values (alias bomb?)", {
        file: src.file,
        hint: "remove the YAML anchors/aliases (&name / *name); AKMS files never need them",
      });
    }
    if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (v !== null && typeof v === "object") for (const k in v as object) stack.push((v as Record<string, unknown>)[k]);
  }
}

export function parseYaml(text: string, src: YamlSource): unknown {
  if (text.length > LIMITS.maxYamlBytes) {
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
  // An alias needs a `*`; without one the document cannot expand.
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
