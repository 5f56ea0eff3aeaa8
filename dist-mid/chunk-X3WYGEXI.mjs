import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  AkmsError
} from "./chunk-C3ZMY3KT.mjs";

// core/mirror/typescript.ts
import { createRequire } from "node:module";
var require2 = createRequire(import.meta.url);
var tsPromise = null;
function typescriptModule() {
  if (!tsPromise) {
    tsPromise = (async () => {
      try {
        const mod = await import(require2.resolve("typescript"));
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
var TS_EXTENSIONS = {
  ".ts": "typescript",
  ".tsx": "typescript",
  ".mts": "typescript",
  ".cts": "typescript",
  ".js": "javascript",
  ".jsx": "javascript",
  ".mjs": "javascript",
  ".cjs": "javascript"
};
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
var squash = (s) => s.replace(/\s+/g, " ").trim();
var Walker = class {
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
    const heritage = (cls.heritageClauses ?? []).map((h) => squash(h.getText(this.sf)));
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
        out.push({ name: squash(p.name.getText(this.sf)), kind: "pattern", bound: boundNames(ts, p.name) });
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
          text: squash(ts.getTextOfJSDocComment(tag.comment) ?? ""),
          line: this.lineOf(tag.getStart(this.sf))
        };
      }
    }
    return { docstring: text || null, jsdoc: info };
  }
  signature(fn, name, kind, isAsync) {
    const ts = this.ts;
    const tp = fn.typeParameters ? `<${fn.typeParameters.map((t) => squash(t.getText(this.sf))).join(", ")}>` : "";
    const params = fn.parameters.map((p) => squash(p.getText(this.sf))).join(", ");
    const ret = fn.type ? `: ${squash(fn.type.getText(this.sf))}` : "";
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
  return squash(name.getText(sf));
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

export {
  typescriptModule,
  TS_EXTENSIONS,
  parseTypeScript,
  cleanJsDoc
};
