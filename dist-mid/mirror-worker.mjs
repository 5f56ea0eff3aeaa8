import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
var __defProp = Object.defineProperty;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// core/errors.ts
var AkmsError;
var init_errors = __esm({
  "core/errors.ts"() {
    "use strict";
    AkmsError = class extends Error {
      code;
      hint;
      file;
      line;
      field;
      exitCode;
      /** Further problems of the same call (e.g. every bad file of a build). */
      problems;
      constructor(code, message, opts = {}) {
        super(message);
        this.name = new.target.name;
        this.code = code;
        this.hint = opts.hint;
        this.file = opts.file;
        this.line = opts.line;
        this.field = opts.field;
        this.exitCode = opts.exitCode ?? 1;
        this.problems = opts.problems ?? [];
      }
      toJSON() {
        return {
          code: this.code,
          message: this.message,
          ...this.file !== void 0 ? { file: this.file } : {},
          ...this.line !== void 0 ? { line: this.line } : {},
          ...this.field !== void 0 ? { field: this.field } : {},
          ...this.hint !== void 0 ? { hint: this.hint } : {},
          ...this.problems.length ? { problems: this.problems } : {}
        };
      }
    };
  }
});

// core/mirror/python.ts
var python_exports = {};
__export(python_exports, {
  cleandoc: () => cleandoc,
  normalizePythonSource: () => normalizePythonSource,
  parsePython: () => parsePython,
  pythonParser: () => pythonParser,
  unescapePython: () => unescapePython
});
import { createRequire } from "node:module";
function pythonParser() {
  if (!parserPromise) {
    parserPromise = (async () => {
      try {
        const wts = await import("web-tree-sitter");
        const runtime = require2.resolve("web-tree-sitter/tree-sitter.wasm");
        await wts.Parser.init({ locateFile: () => runtime });
        const lang = await wts.Language.load(require2.resolve("tree-sitter-python/tree-sitter-python.wasm"));
        const parser = new wts.Parser();
        parser.setLanguage(lang);
        return parser;
      } catch (e) {
        parserPromise = null;
        throw new AkmsError("PARSER_UNAVAILABLE", `the Python parser could not be loaded: ${e.message}`, {
          hint: "reinstall akms's dependencies (web-tree-sitter and tree-sitter-python ship the parser)"
        });
      }
    })();
  }
  return parserPromise;
}
function normalizePythonSource(text) {
  return (text.charCodeAt(0) === 65279 ? text.slice(1) : text).replace(/\r\n?/g, "\n");
}
async function parsePython(text) {
  const parser = await pythonParser();
  const src = normalizePythonSource(text);
  const tree = parser.parse((index) => src.slice(index, index + 1024));
  text_ = src;
  if (!tree) throw new AkmsError("PARSE_FAILED", "the Python parser returned no tree", { hint: "this is unexpected; please report it" });
  try {
    const lines = src.split("\n");
    const root = tree.rootNode;
    const found = root.descendantsOfType(["function_definition", "class_definition"]).filter((n) => !!n);
    found.sort((a, b) => a.startIndex - b.startIndex);
    const defs = [];
    const stack = [];
    const byQualname = /* @__PURE__ */ new Map();
    const classes = [];
    for (const node of found) {
      while (stack.length && stack[stack.length - 1].end <= node.startIndex) stack.pop();
      const def = visitDef(node, stack, lines);
      if (!def) continue;
      defs.push(def);
      byQualname.set(def.qualname, def);
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
      syntaxErrors: root.hasError ? syntaxProblems(root) : []
    };
  } finally {
    tree.delete();
  }
}
function visitDef(node, stack, lines) {
  const nameNode = node.childForFieldName("name");
  if (!nameNode || nameNode.isMissing) return null;
  const body = node.childForFieldName("body");
  const name = txt(nameNode);
  const parent = stack[stack.length - 1];
  const qualname = !parent ? name : parent.kind === "class" ? `${parent.qualname}.${name}` : `${parent.qualname}.<locals>.${name}`;
  const isClass = node.type === "class_definition";
  const kind = isClass ? "class" : parent?.kind === "class" ? "method" : "function";
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
    source: lines.slice(startLine - 1, endLine).join("\n")
  };
}
function endLineOf(node) {
  const end = node.endPosition;
  return end.column === 0 && end.row > node.startPosition.row ? end.row : end.row + 1;
}
function paramsOf(node) {
  if (!node) return [];
  const out = [];
  let afterStar = false;
  const add = (name, kind) => out.push({ name, kind: kind === "normal" && afterStar ? "kwonly" : kind });
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
        break;
    }
  }
  function addSplat(n) {
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
function functionSignature(node, name, isAsync, returns) {
  const params = node.childForFieldName("parameters");
  const parts = (params?.namedChildren ?? []).filter((c) => !!c && c.type !== "comment").map((c) => squash(txt(c)));
  const tp = node.childForFieldName("type_parameters");
  return `${isAsync ? "async " : ""}def ${name}${tp ? squash(txt(tp)) : ""}(${parts.join(", ")})${returns !== null ? ` -> ${squash(returns)}` : ""}`;
}
function classSignature(node, name) {
  const sup = node.childForFieldName("superclasses");
  const parts = (sup?.namedChildren ?? []).filter((c) => !!c && c.type !== "comment").map((c) => squash(txt(c)));
  const tp = node.childForFieldName("type_parameters");
  return `class ${name}${tp ? squash(txt(tp)) : ""}${sup ? `(${parts.join(", ")})` : ""}`;
}
function docstringOf(body) {
  let first = body.firstNamedChild;
  while (first && first.type === "comment") first = first.nextNamedSibling;
  if (!first || first.type !== "expression_statement" || first.namedChildCount !== 1) return null;
  let expr = first.namedChild(0);
  while (expr && expr.type === "parenthesized_expression" && expr.namedChildCount === 1) expr = expr.namedChild(0);
  if (!expr) return null;
  const value = stringValue(expr);
  return value === null ? null : cleandoc(value);
}
function stringValue(node) {
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
function literalValue(text) {
  const m = /^([A-Za-z]*)('''|"""|'|")/.exec(text);
  if (!m) return null;
  const prefix = m[1].toLowerCase();
  if (prefix.includes("b") || prefix.includes("f") || prefix.includes("t")) return null;
  const q = m[2];
  if (!text.endsWith(q) || text.length < m[0].length + q.length) return null;
  const body = text.slice(m[0].length, text.length - q.length);
  return prefix.includes("r") ? body : unescapePython(body);
}
function unescapePython(s) {
  if (!s.includes("\\")) return s;
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch !== "\\" || i + 1 >= s.length) {
      out += ch;
      continue;
    }
    const n = s[i + 1];
    if (n in SIMPLE_ESCAPES) {
      out += SIMPLE_ESCAPES[n];
      i++;
    } else if (n >= "0" && n <= "7") {
      let j = i + 1;
      let digits = "";
      while (j < s.length && digits.length < 3 && s[j] >= "0" && s[j] <= "7") digits += s[j++];
      out += String.fromCodePoint(parseInt(digits, 8));
      i = j - 1;
    } else if (n === "x" || n === "u" || n === "U") {
      const len = n === "x" ? 2 : n === "u" ? 4 : 8;
      const hex = s.slice(i + 2, i + 2 + len);
      if (hex.length === len && /^[0-9a-fA-F]+$/.test(hex) && parseInt(hex, 16) <= 1114111) {
        out += String.fromCodePoint(parseInt(hex, 16));
        i += 1 + len;
      } else {
        out += ch;
      }
    } else {
      out += ch;
    }
  }
  return out;
}
function pyLstrip(s) {
  let i = 0;
  while (i < s.length && (s.charCodeAt(i) === 32 || PY_SPACE.test(s[i]))) i++;
  return i === 0 ? s : s.slice(i);
}
function expandTabs(s) {
  if (!s.includes("	")) return s;
  let out = "";
  let col = 0;
  for (const ch of s) {
    if (ch === "	") {
      const n = 8 - col % 8;
      out += " ".repeat(n);
      col += n;
    } else {
      out += ch;
      col = ch === "\n" || ch === "\r" ? 0 : col + 1;
    }
  }
  return out;
}
function cleandoc(doc) {
  const lines = expandTabs(doc).split("\n");
  let margin = Infinity;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    const content = pyLstrip(line).length;
    if (content) margin = Math.min(margin, line.length - content);
  }
  if (lines.length) lines[0] = pyLstrip(lines[0]);
  if (margin < Infinity) for (let i = 1; i < lines.length; i++) lines[i] = lines[i].slice(margin);
  let end = lines.length;
  while (end > 0 && !lines[end - 1]) end--;
  let start = 0;
  while (start < end && !lines[start]) start++;
  return lines.slice(start, end).join("\n");
}
function syntaxProblems(root) {
  const out = [];
  const visit = (n) => {
    if (n.isMissing) {
      out.push({ line: n.startPosition.row + 1, column: n.startPosition.column + 1, message: `syntax error: missing \`${n.type}\`` });
      return;
    }
    if (n.type === "ERROR") {
      const snippet = squash(txt(n)).slice(0, 40);
      out.push({ line: n.startPosition.row + 1, column: n.startPosition.column + 1, message: `syntax error near \`${snippet}\`` });
      return;
    }
    for (const c of n.children) if (c && (c.hasError || c.isMissing)) visit(c);
  };
  visit(root);
  return out;
}
var require2, parserPromise, text_, txt, squash, SIMPLE_ESCAPES, PY_SPACE;
var init_python = __esm({
  "core/mirror/python.ts"() {
    "use strict";
    init_errors();
    require2 = createRequire(import.meta.url);
    parserPromise = null;
    text_ = "";
    txt = (n) => text_.slice(n.startIndex, n.endIndex);
    squash = (s) => s.replace(/\s+/g, " ").trim();
    SIMPLE_ESCAPES = {
      "\n": "",
      "\\": "\\",
      "'": "'",
      '"': '"',
      a: "\x07",
      b: "\b",
      f: "\f",
      n: "\n",
      r: "\r",
      t: "	",
      v: "\v"
    };
    PY_SPACE = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
  }
});

// core/mirror/typescript.ts
var typescript_exports = {};
__export(typescript_exports, {
  TS_EXTENSIONS: () => TS_EXTENSIONS,
  cleanJsDoc: () => cleanJsDoc,
  parseTypeScript: () => parseTypeScript,
  typescriptModule: () => typescriptModule
});
import { createRequire as createRequire2 } from "node:module";
function typescriptModule() {
  if (!tsPromise) {
    tsPromise = (async () => {
      try {
        const mod = await import(require3.resolve("typescript"));
        return mod.default ?? mod;
      } catch (e) {
        tsPromise = null;
        throw new AkmsError("PARSER_UNAVAILABLE", `the TypeScript parser could not be loaded: ${e.message}`, {
          hint: "reinstall akms's dependencies (the typescript package ships the parser)"
        });
      }
    })();
  }
  return tsPromise;
}
function scriptKind(ts, fileName) {
  const ext = fileName.slice(fileName.lastIndexOf(".")).toLowerCase();
  if (ext === ".tsx") return ts.ScriptKind.TSX;
  if (ext === ".jsx") return ts.ScriptKind.JSX;
  if (ext === ".js" || ext === ".mjs" || ext === ".cjs") return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}
async function parseTypeScript(text, fileName) {
  const ts = await typescriptModule();
  const src = (text.charCodeAt(0) === 65279 ? text.slice(1) : text).replace(/\r\n?/g, "\n");
  const sf = ts.createSourceFile(fileName, src, ts.ScriptTarget.Latest, true, scriptKind(ts, fileName));
  const lines = src.split("\n");
  const defs = [];
  new Walker(ts, sf, lines, defs).visitChildren(sf, []);
  const diags = (sf.parseDiagnostics ?? []).slice();
  diags.sort((a, b) => a.start - b.start);
  const syntaxErrors = diags.map((d) => {
    const pos = sf.getLineAndCharacterOfPosition(d.start);
    return { line: pos.line + 1, column: pos.character + 1, message: `syntax error: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}` };
  });
  const ext = fileName.slice(fileName.lastIndexOf(".")).toLowerCase();
  return { language: TS_EXTENSIONS[ext] ?? "typescript", moduleDoc: null, defs, syntaxErrors };
}
function hasModifier(ts, node, kind) {
  const mods = ts.canHaveModifiers(node) ? ts.getModifiers(node) : void 0;
  return !!mods?.some((m) => m.kind === kind);
}
function unwrap(ts, e) {
  let cur = e;
  for (; ; ) {
    if (ts.isParenthesizedExpression(cur) || ts.isAsExpression(cur) || ts.isSatisfiesExpression(cur) || ts.isTypeAssertionExpression(cur) || ts.isNonNullExpression(cur)) {
      cur = cur.expression;
    } else return cur;
  }
}
function memberName(ts, name, sf) {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return squash2(name.getText(sf));
}
function boundNames(ts, pattern) {
  const out = [];
  const walk = (n) => {
    if (ts.isIdentifier(n)) out.push(n.text);
    else for (const el of n.elements) if (!ts.isOmittedExpression(el)) walk(el.name);
  };
  walk(pattern);
  return out;
}
function usesArguments(ts, body) {
  let found = false;
  const visit = (n) => {
    if (found) return;
    if (ts.isIdentifier(n) && n.text === "arguments") {
      found = true;
      return;
    }
    if (ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isMethodDeclaration(n) || ts.isClassLike(n)) return;
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(body, visit);
  return found;
}
function cleanJsDoc(raw) {
  const inner = raw.replace(/^\/\*\*/, "").replace(/\*\/$/, "");
  const lines = inner.split("\n").map((l) => l.replace(/^[ \t]*\*(?![*/]) ?/, "").replace(/[ \t]+$/, ""));
  if (lines.length && !lines[0].trim()) lines.shift();
  else if (lines.length) lines[0] = lines[0].trimStart();
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  while (lines.length && !lines[0].trim()) lines.shift();
  return lines.join("\n");
}
var require3, tsPromise, TS_EXTENSIONS, squash2, Walker;
var init_typescript = __esm({
  "core/mirror/typescript.ts"() {
    "use strict";
    init_errors();
    require3 = createRequire2(import.meta.url);
    tsPromise = null;
    TS_EXTENSIONS = {
      ".ts": "typescript",
      ".tsx": "typescript",
      ".mts": "typescript",
      ".cts": "typescript",
      ".js": "javascript",
      ".jsx": "javascript",
      ".mjs": "javascript",
      ".cjs": "javascript"
    };
    squash2 = (s) => s.replace(/\s+/g, " ").trim();
    Walker = class {
      constructor(ts, sf, lines, defs) {
        this.ts = ts;
        this.sf = sf;
        this.lines = lines;
        this.defs = defs;
      }
      ts;
      sf;
      lines;
      defs;
      visitChildren(node, stack) {
        this.ts.forEachChild(node, (child) => {
          this.visit(child, stack);
        });
      }
      qual(stack, name) {
        const parent = stack[stack.length - 1];
        if (!parent) return name;
        return parent.kind === "class" || parent.kind === "namespace" ? `${parent.qualname}.${name}` : `${parent.qualname}.<locals>.${name}`;
      }
      visit(node, stack) {
        const ts = this.ts;
        if (ts.isFunctionDeclaration(node)) {
          if (!node.body) return;
          const name = node.name?.text ?? "default";
          this.addFunction(node, node, name, stack, "function");
          return;
        }
        if (ts.isClassDeclaration(node)) {
          this.addClass(node, node, node.name?.text ?? "default", stack);
          return;
        }
        if (ts.isModuleDeclaration(node) && node.body) {
          const name = node.name.getText(this.sf);
          let body = node.body;
          let qual = this.qual(stack, name);
          while (body && ts.isModuleDeclaration(body)) {
            qual = `${qual}.${body.name.getText(this.sf)}`;
            body = body.body;
          }
          if (body) this.visitChildren(body, [...stack, { qualname: qual, kind: "namespace" }]);
          return;
        }
        if (ts.isVariableStatement(node)) {
          for (const decl of node.declarationList.declarations) this.visitVariable(decl, node, stack);
          return;
        }
        if (ts.isExportAssignment(node)) {
          const fn = unwrap(ts, node.expression);
          if (fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) {
            this.addFunction(fn, node, fn.name?.text ?? "default", stack, "function");
            return;
          }
          if (fn && ts.isClassExpression(fn)) {
            this.addClass(fn, node, fn.name?.text ?? "default", stack);
            return;
          }
        }
        this.visitChildren(node, stack);
      }
      visitVariable(decl, statement, stack) {
        const ts = this.ts;
        const init = decl.initializer ? unwrap(ts, decl.initializer) : void 0;
        if (ts.isIdentifier(decl.name) && init) {
          if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) {
            this.addFunction(init, decl, decl.name.text, stack, "function", statement);
            return;
          }
          if (ts.isClassExpression(init)) {
            this.addClass(init, decl, decl.name.text, stack, statement);
            return;
          }
        }
        this.visitChildren(decl, stack);
      }
      /** `docHost` carries the JSDoc; `sourceHost` spans the source shown (defaults to docHost). */
      addFunction(fn, docHost, name, stack, kind, sourceHost = docHost) {
        const ts = this.ts;
        const qualname = this.qual(stack, name);
        const isAsync = hasModifier(ts, fn, ts.SyntaxKind.AsyncKeyword);
        const params = this.params(fn.parameters);
        const returns = fn.type ? fn.type.getText(this.sf) : null;
        const { docstring, jsdoc } = this.jsdoc(docHost);
        const def = {
          qualname,
          name,
          kind,
          async: isAsync,
          line: this.lineOf((fn.name ?? fn).getStart(this.sf)),
          ...this.span(sourceHost),
          params,
          returns,
          docstring,
          jsdoc,
          signature: this.signature(fn, name, kind, isAsync),
          usesArguments: !ts.isArrowFunction(fn) && !!fn.body && usesArguments(ts, fn.body)
        };
        this.defs.push(def);
        if (fn.body) this.visitChildren(fn.body, [...stack, { qualname, kind }]);
      }
      addClass(cls, docHost, name, stack, sourceHost = docHost) {
        const ts = this.ts;
        const qualname = this.qual(stack, name);
        const { docstring, jsdoc } = this.jsdoc(docHost);
        const heritage = (cls.heritageClauses ?? []).map((h) => squash2(h.getText(this.sf)));
        const def = {
          qualname,
          name,
          kind: "class",
          async: false,
          line: this.lineOf((cls.name ?? cls).getStart(this.sf)),
          ...this.span(sourceHost),
          params: [],
          returns: null,
          docstring,
          jsdoc,
          signature: ["class", name, ...heritage].join(" ")
        };
        this.defs.push(def);
        const inner = [...stack, { qualname, kind: "class" }];
        for (const m of cls.members) {
          if (ts.isConstructorDeclaration(m)) {
            if (!m.body) continue;
            this.addFunction(m, m, "constructor", inner, "method");
            def.initParams = this.params(m.parameters);
          } else if ((ts.isMethodDeclaration(m) || ts.isGetAccessorDeclaration(m) || ts.isSetAccessorDeclaration(m)) && m.body) {
            this.addFunction(m, m, memberName(ts, m.name, this.sf), inner, "method");
          } else if (ts.isPropertyDeclaration(m) && m.initializer) {
            const init = unwrap(ts, m.initializer);
            if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
              this.addFunction(init, m, memberName(ts, m.name, this.sf), inner, "method");
            } else {
              this.visitChildren(m, inner);
            }
          } else {
            this.visitChildren(m, inner);
          }
        }
        for (const h of cls.heritageClauses ?? []) this.visitChildren(h, stack);
      }
      params(list) {
        const ts = this.ts;
        const out = [];
        for (const p of list) {
          if (ts.isIdentifier(p.name)) {
            if (p.name.text === "this") continue;
            out.push({ name: p.name.text, kind: p.dotDotDotToken ? "vararg" : "normal" });
          } else {
            out.push({ name: squash2(p.name.getText(this.sf)), kind: "pattern", bound: boundNames(ts, p.name) });
          }
        }
        return out;
      }
      jsdoc(host) {
        const ts = this.ts;
        const docs = ts.getJSDocCommentsAndTags(host).filter((d) => ts.isJSDoc(d));
        const doc = docs[docs.length - 1];
        if (!doc) return { docstring: null };
        const text = cleanJsDoc(this.sf.text.slice(doc.pos, doc.end));
        const info = { params: [], returns: null };
        for (const tag of doc.tags ?? []) {
          if (ts.isJSDocParameterTag(tag)) {
            info.params.push({ name: tag.name.getText(this.sf).replace(/^\.\.\./, ""), line: this.lineOf(tag.getStart(this.sf)) });
          } else if (ts.isJSDocReturnTag(tag)) {
            info.returns = {
              type: tag.typeExpression ? tag.typeExpression.type.getText(this.sf) : null,
              text: squash2(ts.getTextOfJSDocComment(tag.comment) ?? ""),
              line: this.lineOf(tag.getStart(this.sf))
            };
          }
        }
        return { docstring: text || null, jsdoc: info };
      }
      signature(fn, name, kind, isAsync) {
        const ts = this.ts;
        const tp = fn.typeParameters ? `<${fn.typeParameters.map((t) => squash2(t.getText(this.sf))).join(", ")}>` : "";
        const params = fn.parameters.map((p) => squash2(p.getText(this.sf))).join(", ");
        const ret = fn.type ? `: ${squash2(fn.type.getText(this.sf))}` : "";
        const prefix = ts.isGetAccessorDeclaration(fn) ? "get " : ts.isSetAccessorDeclaration(fn) ? "set " : "";
        const head = kind === "function" ? `${isAsync ? "async " : ""}function ${name}` : `${isAsync ? "async " : ""}${prefix}${name}`;
        return `${head}${tp}(${params})${ret}`;
      }
      lineOf(pos) {
        return this.sf.getLineAndCharacterOfPosition(pos).line + 1;
      }
      span(node) {
        const startLine = this.lineOf(node.getStart(this.sf));
        const endLine = this.lineOf(Math.max(node.getStart(this.sf), node.getEnd() - 1));
        return { startLine, endLine, source: this.lines.slice(startLine - 1, endLine).join("\n") };
      }
    };
  }
});

// core/mirror/parse-worker.ts
import { parentPort } from "node:worker_threads";

// core/mirror/parse-pool.ts
async function parseOne(job) {
  if (job.lang === "python") return (await Promise.resolve().then(() => (init_python(), python_exports))).parsePython(job.text);
  return (await Promise.resolve().then(() => (init_typescript(), typescript_exports))).parseTypeScript(job.text, job.path);
}

// core/mirror/parse-worker.ts
var port = parentPort;
if (port) {
  port.on("message", async (m) => {
    try {
      port.postMessage({ index: m.index, json: JSON.stringify(await parseOne(m.job)) });
    } catch (e) {
      port.postMessage({ index: m.index, error: e.message });
    }
  });
}
