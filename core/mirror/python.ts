// Python front end: tree-sitter (web-tree-sitter + the pinned tree-sitter-python grammar).
// It lists exactly the definitions Python's own `ast` module finds — every FunctionDef,
// AsyncFunctionDef and ClassDef anywhere in the module, named by `__qualname__` rules
// (`C.m`, `Outer.Inner.m`, `f.<locals>.g`) — with docstrings as `ast.get_docstring` returns them.
// test/core/mirror-python.test.ts checks that against fixtures/mirror/ast_reference.py.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { Node as TsNode, Parser as TsParser } from "web-tree-sitter";
import { AkmsError } from "../errors.js";
import type { DefKind, Param, ParamKind, ParsedSource, SourceDef, SyntaxProblem } from "./types.js";
import { oneLine } from "../control-chars.js";

const require = createRequire(import.meta.url);

let parserPromise: Promise<TsParser> | null = null;

/**
 * The grammar's WebAssembly file: next to the bundle in an installed akms (scripts/bundle.mjs copies
 * it there, so the package needs neither tree-sitter-python nor its native install script), else
 * the tree-sitter-python package's own (a run from source).
 */
function grammarFile(): string {
  const beside = fileURLToPath(new URL("./tree-sitter-python.wasm", import.meta.url));
  return existsSync(beside) ? beside : require.resolve("tree-sitter-python/tree-sitter-python.wasm");
}

/** The one tree-sitter parser for Python (web-tree-sitter's init is asynchronous). */
export function pythonParser(): Promise<TsParser> {
  if (!parserPromise) {
    parserPromise = (async () => {
      try {
        const wts = await import("web-tree-sitter");
        const runtime = require.resolve("web-tree-sitter/tree-sitter.wasm");
        await wts.Parser.init({ locateFile: () => runtime });
        const lang = await wts.Language.load(grammarFile());
        const parser = new wts.Parser();
        parser.setLanguage(lang);
        return parser;
      } catch (e) {
        parserPromise = null;
        throw new AkmsError("PARSER_UNAVAILABLE", `the Python parser could not be loaded: ${(e as Error).message}`, {
          hint: "reinstall akms (its package ships web-tree-sitter and the Python grammar)",
        });
      }
    })();
  }
  return parserPromise;
}

/**
 * The source being walked. Node#text re-reads a callback-parsed tree through the callback; slicing
 * the string is cheaper. Set right after parsing; the walk that reads it is synchronous.
 */
let text_ = "";
const txt = (n: TsNode) => text_.slice(n.startIndex, n.endIndex);

interface Frame {
  qualname: string;
  kind: DefKind;
  /** End offset of the definition: later definitions inside it are its children. */
  end: number;
}

/** Source text with Python's own newline handling: a leading BOM dropped, \r\n and \r read as \n. */
export function normalizePythonSource(text: string): string {
  return (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).replace(/\r\n?/g, "\n");
}

/** Parses `text` and lists its definitions. */
export async function parsePython(text: string): Promise<ParsedSource> {
  const parser = await pythonParser();
  const src = normalizePythonSource(text);
  // Fed in 1 KiB slices: handing web-tree-sitter the whole string makes it copy up to 10 KiB per
  // lexer read, which triples the parse time of a large file.
  const tree = parser.parse((index: number) => src.slice(index, index + 1024));
  text_ = src;
  if (!tree) throw new AkmsError("PARSE_FAILED", "the Python parser returned no tree", { hint: "this is unexpected; please report it" });
  try {
    const lines = src.split("\n");
    const root = tree.rootNode;
    // Statements are the only place a `def` or `class` can be (lambdas hold none), so every
    // function_definition / class_definition node is one ast would find. The search runs inside
    // tree-sitter; nesting (and so the qualified name) follows from the nodes' offsets.
    const found = root.descendantsOfType(["function_definition", "class_definition"]).filter((n): n is TsNode => !!n);
    found.sort((a, b) => a.startIndex - b.startIndex);
    const defs: SourceDef[] = [];
    const stack: Frame[] = [];
    const byQualname = new Map<string, SourceDef>();
    const classes: { def: SourceDef; qualname: string }[] = [];
    for (const node of found) {
      while (stack.length && stack[stack.length - 1]!.end <= node.startIndex) stack.pop();
      const def = visitDef(node, stack, lines);
      if (!def) continue;
      defs.push(def);
      byQualname.set(def.qualname, def); // the last binding wins, as in Python
      if (def.kind === "class") classes.push({ def, qualname: def.qualname });
      stack.push({ qualname: def.qualname, kind: def.kind === "class" ? "class" : "function", end: node.endIndex });
    }
    for (const c of classes) {
      const init = byQualname.get(`${c.qualname}.__init__`);
      if (init) c.def.initParams = init.params;
    }
    return {
      language: "python",
      moduleDoc: docstringOf(root),
      defs,
      syntaxErrors: root.hasError ? syntaxProblems(root) : [],
    };
  } finally {
    tree.delete();
  }
}

function visitDef(node: TsNode, stack: Frame[], lines: string[]): SourceDef | null {
  const nameNode = node.childForFieldName("name");
  // A definition the parser could not even name (inside an error) is not one Python would have.
  if (!nameNode || nameNode.isMissing) return null;
  const body = node.childForFieldName("body");
  const name = txt(nameNode);
  const parent = stack[stack.length - 1];
  const qualname = !parent ? name : parent.kind === "class" ? `${parent.qualname}.${name}` : `${parent.qualname}.<locals>.${name}`;
  const isClass = node.type === "class_definition";
  const kind: DefKind = isClass ? "class" : parent?.kind === "class" ? "method" : "function";
  const isAsync = !isClass && node.firstChild?.type === "async";
  const up = node.parent;
  const outer = up && up.type === "decorated_definition" ? up : node;
  const startLine = outer.startPosition.row + 1;
  const endLine = endLineOf(node);
  const params = isClass ? [] : paramsOf(node.childForFieldName("parameters"));
  const returnNode = isClass ? null : node.childForFieldName("return_type");
  const returns = returnNode ? txt(returnNode) : null;
  return {
    qualname,
    name,
    kind,
    async: isAsync,
    line: node.startPosition.row + 1,
    startLine,
    endLine,
    params,
    returns,
    docstring: body ? docstringOf(body) : null,
    signature: isClass ? classSignature(node, name) : functionSignature(node, name, isAsync, returns),
    source: lines.slice(startLine - 1, endLine).join("\n"),
  };
}

function endLineOf(node: TsNode): number {
  const end = node.endPosition;
  return end.column === 0 && end.row > node.startPosition.row ? end.row : end.row + 1;
}

function paramsOf(node: TsNode | null): Param[] {
  if (!node) return [];
  const out: Param[] = [];
  let afterStar = false;
  const add = (name: string, kind: ParamKind) => out.push({ name, kind: kind === "normal" && afterStar ? "kwonly" : kind });
  for (const c of node.namedChildren) {
    if (!c) continue;
    switch (c.type) {
      case "identifier":
        add(txt(c), "normal");
        break;
      case "default_parameter":
      case "typed_default_parameter": {
        const n = c.childForFieldName("name");
        if (n) add(txt(n), "normal");
        break;
      }
      case "typed_parameter": {
        const inner = c.namedChildren.find((x) => x && x.type !== "type" && x.type !== "comment");
        if (inner) addSplat(inner);
        break;
      }
      case "list_splat_pattern":
      case "dictionary_splat_pattern":
        addSplat(c);
        break;
      case "keyword_separator":
        afterStar = true;
        break;
      case "positional_separator":
        for (const p of out) if (p.kind === "normal") p.kind = "posonly";
        break;
      default:
        break; // comments, and error recovery leftovers
    }
  }
  function addSplat(n: TsNode): void {
    if (n.type === "identifier") add(txt(n), "normal");
    else if (n.type === "list_splat_pattern") {
      const id = n.namedChildren.find((x) => x?.type === "identifier");
      if (id) out.push({ name: txt(id), kind: "vararg" });
      afterStar = true;
    } else if (n.type === "dictionary_splat_pattern") {
      const id = n.namedChildren.find((x) => x?.type === "identifier");
      if (id) out.push({ name: txt(id), kind: "kwarg" });
    }
  }
  return out;
}

function functionSignature(node: TsNode, name: string, isAsync: boolean, returns: string | null): string {
  const params = node.childForFieldName("parameters");
  const parts = (params?.namedChildren ?? []).filter((c): c is TsNode => !!c && c.type !== "comment").map((c) => oneLine(txt(c)));
  const tp = node.childForFieldName("type_parameters");
  return `${isAsync ? "async " : ""}def ${name}${tp ? oneLine(txt(tp)) : ""}(${parts.join(", ")})${returns !== null ? ` -> ${oneLine(returns)}` : ""}`;
}

function classSignature(node: TsNode, name: string): string {
  const sup = node.childForFieldName("superclasses");
  const parts = (sup?.namedChildren ?? []).filter((c): c is TsNode => !!c && c.type !== "comment").map((c) => oneLine(txt(c)));
  const tp = node.childForFieldName("type_parameters");
  return `class ${name}${tp ? oneLine(txt(tp)) : ""}${sup ? `(${parts.join(", ")})` : ""}`;
}

// ── Docstrings: the value of a leading string-literal statement, cleaned like inspect.cleandoc ──

function docstringOf(body: TsNode): string | null {
  let first = body.firstNamedChild;
  while (first && first.type === "comment") first = first.nextNamedSibling;
  if (!first || first.type !== "expression_statement" || first.namedChildCount !== 1) return null;
  let expr = first.namedChild(0);
  while (expr && expr.type === "parenthesized_expression" && expr.namedChildCount === 1) expr = expr.namedChild(0);
  if (!expr) return null;
  const value = stringValue(expr);
  return value === null ? null : cleandoc(value);
}

/** The str value of a string literal node, or null for bytes, f-strings and non-strings. */
function stringValue(node: TsNode): string | null {
  if (node.type === "string") return literalValue(txt(node));
  if (node.type === "concatenated_string") {
    let out = "";
    for (const part of node.namedChildren) {
      if (!part || part.type === "comment") continue;
      if (part.type !== "string") return null;
      const v = literalValue(txt(part));
      if (v === null) return null;
      out += v;
    }
    return out;
  }
  return null;
}

function literalValue(text: string): string | null {
  const m = /^([A-Za-z]*)('''|"""|'|")/.exec(text);
  if (!m) return null;
  const prefix = m[1]!.toLowerCase();
  if (prefix.includes("b") || prefix.includes("f") || prefix.includes("t")) return null;
  const q = m[2]!;
  if (!text.endsWith(q) || text.length < m[0].length + q.length) return null;
  const body = text.slice(m[0].length, text.length - q.length);
  return prefix.includes("r") ? body : unescapePython(body);
}

const SIMPLE_ESCAPES: Record<string, string> = {
  "\n": "",
  "\\": "\\",
  "'": "'",
  '"': '"',
  a: "\x07",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
};

/**
 * Python's escape sequences in a non-raw str literal. `\N{NAME}` stays as written: Node has no
 * Unicode name table (documented limitation; the fixtures' docstrings do not use it).
 */
export function unescapePython(s: string): string {
  if (!s.includes("\\")) return s;
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch !== "\\" || i + 1 >= s.length) {
      out += ch;
      continue;
    }
    const n = s[i + 1]!;
    if (n in SIMPLE_ESCAPES) {
      out += SIMPLE_ESCAPES[n];
      i++;
    } else if (n >= "0" && n <= "7") {
      let j = i + 1;
      let digits = "";
      while (j < s.length && digits.length < 3 && s[j]! >= "0" && s[j]! <= "7") digits += s[j++];
      out += String.fromCodePoint(parseInt(digits, 8));
      i = j - 1;
    } else if (n === "x" || n === "u" || n === "U") {
      const len = n === "x" ? 2 : n === "u" ? 4 : 8;
      const hex = s.slice(i + 2, i + 2 + len);
      if (hex.length === len && /^[0-9a-fA-F]+$/.test(hex) && parseInt(hex, 16) <= 0x10ffff) {
        out += String.fromCodePoint(parseInt(hex, 16));
        i += 1 + len;
      } else {
        out += ch; // Python would refuse the file; keep the text
      }
    } else {
      out += ch; // unknown escape: Python keeps the backslash
    }
  }
  return out;
}

// Python's str.isspace() characters (what str.lstrip() removes).
const PY_SPACE = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;

function pyLstrip(s: string): string {
  let i = 0;
  while (i < s.length && (s.charCodeAt(i) === 32 || PY_SPACE.test(s[i]!))) i++;
  return i === 0 ? s : s.slice(i);
}

/** str.expandtabs(8): the column restarts after \n and \r. */
function expandTabs(s: string): string {
  if (!s.includes("\t")) return s;
  let out = "";
  let col = 0;
  for (const ch of s) {
    if (ch === "\t") {
      const n = 8 - (col % 8);
      out += " ".repeat(n);
      col += n;
    } else {
      out += ch;
      col = ch === "\n" || ch === "\r" ? 0 : col + 1;
    }
  }
  return out;
}

/**
 * inspect.cleandoc, line for line. (Indentation is whitespace, all in the BMP, so UTF-16 lengths
 * count the same characters Python counts.)
 */
export function cleandoc(doc: string): string {
  const lines = expandTabs(doc).split("\n");
  let margin = Infinity;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const content = pyLstrip(line).length;
    if (content) margin = Math.min(margin, line.length - content);
  }
  if (lines.length) lines[0] = pyLstrip(lines[0]!);
  if (margin < Infinity) for (let i = 1; i < lines.length; i++) lines[i] = lines[i]!.slice(margin);
  let end = lines.length;
  while (end > 0 && !lines[end - 1]) end--;
  let start = 0;
  while (start < end && !lines[start]) start++;
  return lines.slice(start, end).join("\n");
}

// ── Syntax errors: where tree-sitter had to recover ──

function syntaxProblems(root: TsNode): SyntaxProblem[] {
  const out: SyntaxProblem[] = [];
  const visit = (n: TsNode) => {
    if (n.isMissing) {
      out.push({ line: n.startPosition.row + 1, column: n.startPosition.column + 1, message: `syntax error: missing \`${n.type}\`` });
      return;
    }
    if (n.type === "ERROR") {
      const snippet = oneLine(txt(n)).slice(0, 40);
      out.push({ line: n.startPosition.row + 1, column: n.startPosition.column + 1, message: `syntax error near \`${snippet}\`` });
      return;
    }
    for (const c of n.children) if (c && (c.hasError || c.isMissing)) visit(c);
  };
  visit(root);
  return out;
}
