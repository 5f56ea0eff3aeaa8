// Byte-exact edit of a node file's top-level `status:` value: only that value changes; quotes,
// comments, line endings and every other byte of the file stay as they were.
import { splitFrontmatter } from "../frontmatter.js";
import { StateError } from "../errors.js";

const STATUS_LINE = /^(status[ \t]*:[ \t]*)(["']?)([A-Za-z_-]+)\2([ \t]*(?:#[^\r\n]*)?)(\r?\n|$)/gm;

export interface StatusLine {
  /** The value as written. */
  value: string;
  /** Offset of the value's first character within the whole file. */
  start: number;
  end: number;
}

/** Locates the top-level `status:` value inside the frontmatter; null when there is none on one line. */
export function findStatusLine(text: string): StatusLine | null {
  const split = splitFrontmatter(text);
  if (!split) return null;
  const yamlStart = split.yamlStart; // after a byte-order mark too
  const yamlEnd = yamlStart + split.yaml.length;
  const region = text.slice(yamlStart, yamlEnd);
  STATUS_LINE.lastIndex = 0;
  const hits: StatusLine[] = [];
  let m: RegExpExecArray | null;
  while ((m = STATUS_LINE.exec(region))) {
    const valueStart = yamlStart + m.index + m[1]!.length + m[2]!.length;
    hits.push({ value: m[3]!, start: valueStart, end: valueStart + m[3]!.length });
    if (m[0].length === 0) STATUS_LINE.lastIndex++;
  }
  return hits.length === 1 ? hits[0]! : null;
}

/** Returns the file text with the status value replaced; throws when the line cannot be found. */
export function replaceStatus(text: string, to: string, shown: string): string {
  const line = findStatusLine(text);
  if (!line) {
    throw new StateError("cannot find one top-level `status:` line in the frontmatter to change", {
      file: shown,
      field: "status",
      hint: "write the status on its own line (`status: tentative`), then retry",
    });
  }
  return text.slice(0, line.start) + to + text.slice(line.end);
}
