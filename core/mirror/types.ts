// What the language front ends (python.ts, typescript.ts) hand to drift and rendering:
// one entry per function, class and method, in source order.

export type Language = "python" | "typescript" | "javascript";

export type ParamKind =
  /** Python: before `/`. */
  | "posonly"
  | "normal"
  /** Python `*args`, TS/JS `...rest`. */
  | "vararg"
  /** Python: after `*` or `*args`. */
  | "kwonly"
  /** Python `**kwargs`. */
  | "kwarg"
  /** TS/JS destructured parameter (`{a, b}` / `[x, y]`): no name of its own. */
  | "pattern";

export interface Param {
  /** The parameter's name; for a destructured parameter, its source text. */
  name: string;
  kind: ParamKind;
  /** Names bound inside a destructured parameter. */
  bound?: string[];
}

export type DefKind = "function" | "method" | "class";

export interface SourceDef {
  /**
   * Qualified name, Python `__qualname__` style: `f`, `C`, `C.m`, `Outer.Inner.m`,
   * `f.<locals>.g`, `C.m.<locals>.g`.
   */
  qualname: string;
  name: string;
  kind: DefKind;
  async: boolean;
  /** 1-based line of the `def`/`class`/`function` keyword (Python ast's lineno). */
  line: number;
  /** 1-based first line of the source block (decorators included). */
  startLine: number;
  /** 1-based last line. */
  endLine: number;
  /** Parameters as written; empty for classes. */
  params: Param[];
  /** Return annotation text as written, or null when there is none. */
  returns: string | null;
  /** The docstring (Python: as `ast.get_docstring` returns it; TS/JS: the JSDoc text), or null. */
  docstring: string | null;
  /** TS/JS only: the JSDoc tags as the TypeScript parser read them (drift uses these). */
  jsdoc?: JsDocInfo;
  /** One-line signature for headings, e.g. `def f(a, b=1) -> int`. */
  signature: string;
  /** The full source text, whole lines from startLine to endLine. */
  source: string;
  /** Python: params of the class's own `__init__`; TS/JS: of its constructor (for class docstrings). */
  initParams?: Param[];
  /** JS/TS: the body reads `arguments`, so any documented parameter may be real. */
  usesArguments?: boolean;
}

export interface JsDocParamTag {
  /** As written, e.g. `opts.name`, `opts[].id`, `x`. */
  name: string;
  /** 1-based line of the tag. */
  line: number;
}

export interface JsDocInfo {
  params: JsDocParamTag[];
  /** The `@returns`/`@return` tag, when present. */
  returns: { type: string | null; text: string; line: number } | null;
}

export interface SyntaxProblem {
  line: number;
  column: number;
  message: string;
}

export interface ParsedSource {
  language: Language;
  /** Python: the module docstring; TS/JS: null. */
  moduleDoc: string | null;
  defs: SourceDef[];
  /** Where the parser had to recover (the file is still mirrored as far as it parsed). */
  syntaxErrors: SyntaxProblem[];
}
