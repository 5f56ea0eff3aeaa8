// Splitting a Markdown file into YAML frontmatter and body.
import { YamlError, ValidationError } from "./errors.js";
import { parseYaml } from "./yaml.js";

export interface Frontmatter {
  /** The YAML text between the fences. */
  yaml: string;
  /** Parsed YAML (a plain object when valid). */
  data: Record<string, unknown>;
  /** Everything after the closing fence line. */
  body: string;
  /** 1-based line of the first YAML line (always 2). */
  firstLine: number;
  /** 1-based line of the closing fence. */
  endLine: number;
}

// A leading byte-order mark (some Windows editors write one) does not hide the frontmatter.
const OPEN = /^\uFEFF?---[ \t]*\r?\n/;

/** Returns the YAML and body text without parsing (and where the YAML starts in `text`), or null when the file has no frontmatter. */
export function splitFrontmatter(text: string): { yaml: string; body: string; endLine: number; yamlStart: number } | null {
  const open = OPEN.exec(text);
  if (!open) return null;
  const rest = text.slice(open[0].length);
  // The closing fence must start a line: either right away (empty frontmatter) or after a newline.
  let closeAt = -1;
  let closeLen = 0;
  if (/^(?:---|\.\.\.)[ \t]*(\r?\n|$)/.test(rest)) {
    closeAt = 0;
  } else {
    const m = /\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(rest);
    if (m) {
      closeAt = m.index + 1;
    }
  }
  if (closeAt < 0) return null;
  const fenceLine = /^(?:---|\.\.\.)[ \t]*(\r?\n|$)/.exec(rest.slice(closeAt))!;
  closeLen = fenceLine[0].length;
  const yaml = rest.slice(0, closeAt);
  const body = rest.slice(closeAt + closeLen);
  let endLine = 2;
  for (let i = 0; i < yaml.length; i++) if (yaml.charCodeAt(i) === 10) endLine++;
  return { yaml, body, endLine, yamlStart: open[0].length };
}

export function parseFrontmatter(text: string, file: string): Frontmatter {
  const split = splitFrontmatter(text);
  if (!split) {
    throw new ValidationError("no YAML frontmatter found", {
      file,
      line: 1,
      hint: "start the file with a line `---`, the YAML fields, and a closing `---` line",
    });
  }
  const data = parseYaml(split.yaml, { file, firstLine: 2 });
  if (data === null || data === undefined) {
    throw new ValidationError("the frontmatter is empty", { file, line: 2, hint: "add the required fields (see `akms validate --help`)" });
  }
  if (typeof data !== "object" || Array.isArray(data)) {
    throw new YamlError("the frontmatter must be a YAML mapping (key: value lines)", { file, line: 2 });
  }
  return { yaml: split.yaml, data: data as Record<string, unknown>, body: split.body, firstLine: 2, endLine: split.endLine };
}

