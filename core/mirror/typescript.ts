// TypeScript / JavaScript front end: the TypeScript compiler's parser (`ts.createSourceFile`, no
// type checker). Lists function declarations, functions bound to names (`const f = () => …`,
// `const f = function …`), classes (declared or bound to a name) and their methods, constructors,
// accessors and arrow-function properties, with the closest JSDoc block as the docstring.
// Naming follows the Python side: `C.m`, `N.f` inside `namespace N`, `f.<locals>.g` for a
// function declared inside another; anonymous callbacks are transparent.
import { createRequire } from "node:module";
import type TsModule from "typescript";
import { AkmsError } from "../errors.js";
import type { DefKind, JsDocInfo, Language, Param, ParsedSource, SourceDef, SyntaxProblem } from "./types.js";
import { oneLine } from "../control-chars.js";

type TS = typeof TsModule;
type Node = TsModule.Node;
type SourceFile = TsModule.SourceFile;

const require = createRequire(import.meta.url);
let tsPromise: Promise<TS> | null = null;

export function typescriptModule(): Promise<TS> {
  if (!tsPromise) {
    tsPromise = (async () => {
      try {
        const mod = (await import(require.resolve("typescript"))) as { default?: TS } & TS;
        return mod.default ?? mod;
      } catch (e) {
        tsPromise = null;
        throw new AkmsError("PARSER_UNAVAILABLE", `the TypeScript parser could not be loaded: ${(e as Error).message}`, {
          hint: "reinstall akms's dependencies (the typescript package ships the parser)",
        });
      }
    })();
  }
  return tsPromise;
}

export const TS_EXTENSIONS: Record<string, Language> = {
  ".ts": "typescript",
  ".tsx": "typescript",
  ".mts": "typescript",
  ".cts": "typescript",
  ".js": "javascript",
  ".jsx": "javascript",
  ".mjs": "javascript",
  ".cjs": "javascript",
};

function scriptKind(ts: TS, fileName: string): TsModule.ScriptKind {
  const ext = fileName.slice(fileName.lastIndexOf(".")).toLowerCase();
  if (ext === ".tsx") return ts.ScriptKind.TSX;
  if (ext === ".jsx") return ts.ScriptKind.JSX;
  if (ext === ".js" || ext === ".mjs" || ext === ".cjs") return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

interface Frame {
  qualname: string;
  kind: DefKind | "namespace";
}

/** Parses a TS/JS file (the extension of `fileName` picks TS, TSX, JS or JSX). */
export async function parseTypeScript(text: string, fileName: string): Promise<ParsedSource> {
  const ts = await typescriptModule();
  const src = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).replace(/\r\n?/g, "\n");
  const sf = ts.createSourceFile(fileName, src, ts.ScriptTarget.Latest, true, scriptKind(ts, fileName));
  const lines = src.split("\n");
  const defs: SourceDef[] = [];
  new Walker(ts, sf, lines, defs).visitChildren(sf, []);
  // parseDiagnostics is internal API, but it is exactly "what the parser had to recover from".
  const diags = ((sf as unknown as { parseDiagnostics?: TsModule.DiagnosticWithLocation[] }).parseDiagnostics ?? []).slice();
  diags.sort((a, b) => a.start - b.start);
  const syntaxErrors: SyntaxProblem[] = diags.map((d) => {
    const pos = sf.getLineAndCharacterOfPosition(d.start);
    return { line: pos.line + 1, column: pos.character + 1, message: `syntax error: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}` };
  });
  const ext = fileName.slice(fileName.lastIndexOf(".")).toLowerCase();
  return { language: TS_EXTENSIONS[ext] ?? "typescript", moduleDoc: null, defs, syntaxErrors };
}

type FunctionLike =
  | TsModule.FunctionDeclaration
  | TsModule.FunctionExpression
  | TsModule.ArrowFunction
  | TsModule.MethodDeclaration
  | TsModule.ConstructorDeclaration
  | TsModule.GetAccessorDeclaration
  | TsModule.SetAccessorDeclaration;

class Walker {
  constructor(
    private ts: TS,
    private sf: SourceFile,
    private lines: string[],
    private defs: SourceDef[],
  ) {}

  visitChildren(node: Node, stack: Frame[]): void {
    this.ts.forEachChild(node, (child) => {
      this.visit(child, stack);
    });
  }

  private qual(stack: Frame[], name: string): string {
    const parent = stack[stack.length - 1];
    if (!parent) return name;
    return parent.kind === "class" || parent.kind === "namespace" ? `${parent.qualname}.${name}` : `${parent.qualname}.<locals>.${name}`;
  }

  private visit(node: Node, stack: Frame[]): void {
    const ts = this.ts;
    if (ts.isFunctionDeclaration(node)) {
      if (!node.body) return; // overload signature or `declare function`: no implementation
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
      let body: Node | undefined = node.body;
      let qual = this.qual(stack, name);
      // `namespace A.B {}` nests module declarations.
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

  private visitVariable(decl: TsModule.VariableDeclaration, statement: TsModule.VariableStatement, stack: Frame[]): void {
    const ts = this.ts;
    const init = decl.initializer ? unwrap(ts, decl.initializer) : undefined;
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
  private addFunction(fn: FunctionLike, docHost: Node, name: string, stack: Frame[], kind: DefKind, sourceHost: Node = docHost): void {
    const ts = this.ts;
    const qualname = this.qual(stack, name);
    const isAsync = hasModifier(ts, fn, ts.SyntaxKind.AsyncKeyword);
    const params = this.params(fn.parameters);
    const returns = fn.type ? fn.type.getText(this.sf) : null;
    const { docstring, jsdoc } = this.jsdoc(docHost);
    const def: SourceDef = {
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
      usesArguments: !ts.isArrowFunction(fn) && !!fn.body && usesArguments(ts, fn.body),
    };
    this.defs.push(def);
    if (fn.body) this.visitChildren(fn.body, [...stack, { qualname, kind }]);
  }

  private addClass(cls: TsModule.ClassLikeDeclaration, docHost: Node, name: string, stack: Frame[], sourceHost: Node = docHost): void {
    const ts = this.ts;
    const qualname = this.qual(stack, name);
    const { docstring, jsdoc } = this.jsdoc(docHost);
    const heritage = (cls.heritageClauses ?? []).map((h) => oneLine(h.getText(this.sf)));
    const def: SourceDef = {
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
      signature: ["class", name, ...heritage].join(" "),
    };
    this.defs.push(def);
    const inner: Frame[] = [...stack, { qualname, kind: "class" }];
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
    // Decorators and heritage expressions can hold class expressions or functions of their own.
    for (const h of cls.heritageClauses ?? []) this.visitChildren(h, stack);
  }

  private params(list: TsModule.NodeArray<TsModule.ParameterDeclaration>): Param[] {
    const ts = this.ts;
    const out: Param[] = [];
    for (const p of list) {
      if (ts.isIdentifier(p.name)) {
        if (p.name.text === "this") continue; // a type annotation for `this`, not an argument
        out.push({ name: p.name.text, kind: p.dotDotDotToken ? "vararg" : "normal" });
      } else {
        out.push({ name: oneLine(p.name.getText(this.sf)), kind: "pattern", bound: boundNames(ts, p.name) });
      }
    }
    return out;
  }

  private jsdoc(host: Node): { docstring: string | null; jsdoc?: JsDocInfo } {
    const ts = this.ts;
    const docs = ts.getJSDocCommentsAndTags(host).filter((d): d is TsModule.JSDoc => ts.isJSDoc(d));
    // Only the block written right above the declaration belongs to it.
    const doc = docs[docs.length - 1];
    if (!doc) return { docstring: null };
    const text = cleanJsDoc(this.sf.text.slice(doc.pos, doc.end));
    const info: JsDocInfo = { params: [], returns: null };
    for (const tag of doc.tags ?? []) {
      if (ts.isJSDocParameterTag(tag)) {
        info.params.push({ name: tag.name.getText(this.sf).replace(/^\.\.\./, ""), line: this.lineOf(tag.getStart(this.sf)) });
      } else if (ts.isJSDocReturnTag(tag)) {
        info.returns = {
          type: tag.typeExpression ? tag.typeExpression.type.getText(this.sf) : null,
          text: oneLine(ts.getTextOfJSDocComment(tag.comment) ?? ""),
          line: this.lineOf(tag.getStart(this.sf)),
        };
      }
    }
    return { docstring: text || null, jsdoc: info };
  }

  private signature(fn: FunctionLike, name: string, kind: DefKind, isAsync: boolean): string {
    const ts = this.ts;
    const tp = fn.typeParameters ? `<${fn.typeParameters.map((t) => oneLine(t.getText(this.sf))).join(", ")}>` : "";
    const params = fn.parameters.map((p) => oneLine(p.getText(this.sf))).join(", ");
    const ret = fn.type ? `: ${oneLine(fn.type.getText(this.sf))}` : "";
    const prefix = ts.isGetAccessorDeclaration(fn) ? "get " : ts.isSetAccessorDeclaration(fn) ? "set " : "";
    const head = kind === "function" ? `${isAsync ? "async " : ""}function ${name}` : `${isAsync ? "async " : ""}${prefix}${name}`;
    return `${head}${tp}(${params})${ret}`;
  }

  private lineOf(pos: number): number {
    return this.sf.getLineAndCharacterOfPosition(pos).line + 1;
  }

  private span(node: Node): { startLine: number; endLine: number; source: string } {
    const startLine = this.lineOf(node.getStart(this.sf));
    const endLine = this.lineOf(Math.max(node.getStart(this.sf), node.getEnd() - 1));
    return { startLine, endLine, source: this.lines.slice(startLine - 1, endLine).join("\n") };
  }
}

function hasModifier(ts: TS, node: Node, kind: TsModule.SyntaxKind): boolean {
  const mods = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
  return !!mods?.some((m) => m.kind === kind);
}

/** `(x)`, `x as T`, `x satisfies T`, `<T>x`, `x!` → x. */
function unwrap(ts: TS, e: TsModule.Expression): TsModule.Expression | undefined {
  let cur: TsModule.Expression = e;
  for (;;) {
    if (ts.isParenthesizedExpression(cur) || ts.isAsExpression(cur) || ts.isSatisfiesExpression(cur) || ts.isTypeAssertionExpression(cur) || ts.isNonNullExpression(cur)) {
      cur = cur.expression;
    } else return cur;
  }
}

function memberName(ts: TS, name: TsModule.PropertyName, sf: SourceFile): string {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return oneLine(name.getText(sf));
}

function boundNames(ts: TS, pattern: TsModule.BindingName): string[] {
  const out: string[] = [];
  const walk = (n: TsModule.BindingName) => {
    if (ts.isIdentifier(n)) out.push(n.text);
    else for (const el of n.elements) if (!ts.isOmittedExpression(el)) walk(el.name);
  };
  walk(pattern);
  return out;
}

/** Does the body read `arguments` (not inside a nested non-arrow function, which has its own)? */
function usesArguments(ts: TS, body: Node): boolean {
  let found = false;
  const visit = (n: Node) => {
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

/** The text of a `/** … *\/` block: delimiters and the leading ` * ` of each line removed. */
export function cleanJsDoc(raw: string): string {
  const inner = raw.replace(/^\/\*\*/, "").replace(/\*\/$/, "");
  const lines = inner.split("\n").map((l) => l.replace(/^[ \t]*\*(?![*/]) ?/, "").replace(/[ \t]+$/, ""));
  if (lines.length && !lines[0]!.trim()) lines.shift();
  else if (lines.length) lines[0] = lines[0]!.trimStart();
  while (lines.length && !lines[lines.length - 1]!.trim()) lines.pop();
  while (lines.length && !lines[0]!.trim()) lines.shift();
  return lines.join("\n");
}
