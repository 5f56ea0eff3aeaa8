import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  parseYaml
} from "./chunk-DWREGR5U.mjs";
import {
  ValidationError,
  YamlError
} from "./chunk-C3ZMY3KT.mjs";

// core/frontmatter.ts
var OPEN = /^\uFEFF?---[ \t]*\r?\n/;
function splitFrontmatter(text) {
  const open = OPEN.exec(text);
  if (!open) return null;
  const rest = text.slice(open[0].length);
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
  const fenceLine = /^(?:---|\.\.\.)[ \t]*(\r?\n|$)/.exec(rest.slice(closeAt));
  closeLen = fenceLine[0].length;
  const yaml = rest.slice(0, closeAt);
  const body = rest.slice(closeAt + closeLen);
  let endLine = 2;
  for (let i = 0; i < yaml.length; i++) if (yaml.charCodeAt(i) === 10) endLine++;
  return { yaml, body, endLine };
}
function parseFrontmatter(text, file) {
  const split = splitFrontmatter(text);
  if (!split) {
    throw new ValidationError("no YAML frontmatter found", {
      file,
      line: 1,
      hint: "start the file with a line `---`, the YAML fields, and a closing `---` line"
    });
  }
  const data = parseYaml(split.yaml, { file, firstLine: 2 });
  if (data === null || data === void 0) {
    throw new ValidationError("the frontmatter is empty", { file, line: 2, hint: "add the required fields (see `akms validate --help`)" });
  }
  if (typeof data !== "object" || Array.isArray(data)) {
    throw new YamlError("the frontmatter must be a YAML mapping (key: value lines)", { file, line: 2 });
  }
  return { yaml: split.yaml, data, body: split.body, firstLine: 2, endLine: split.endLine };
}

export {
  splitFrontmatter,
  parseFrontmatter
};
