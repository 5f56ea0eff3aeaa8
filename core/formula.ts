// The rank formula: a safe arithmetic expression (+ - * / and parentheses, numbers) over the
// variables confidence, activations, depth and weight. Parsed once, never eval'd.
import { ConfigError } from "./errors.js";

export const FORMULA_VARIABLES = ["confidence", "activations", "depth", "weight"] as const;
export type FormulaVars = Record<(typeof FORMULA_VARIABLES)[number], number>;

type Ast =
  | { k: "num"; v: number }
  | { k: "var"; name: (typeof FORMULA_VARIABLES)[number] }
  | { k: "neg"; a: Ast }
  | { k: "bin"; op: "+" | "-" | "*" | "/"; a: Ast; b: Ast };

interface Tok {
  t: "num" | "id" | "op" | "(" | ")";
  v: string;
  at: number;
}

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const num = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(src.slice(i));
    if (num) {
      out.push({ t: "num", v: num[0], at: i });
      i += num[0].length;
      continue;
    }
    const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i));
    if (id) {
      out.push({ t: "id", v: id[0], at: i });
      i += id[0].length;
      continue;
    }
    if ("+-*/×÷−".includes(c)) {
      out.push({ t: "op", v: c === "×" ? "*" : c === "÷" ? "/" : c === "−" ? "-" : c, at: i });
      i++;
      continue;
    }
    if (c === "(" || c === ")") {
      out.push({ t: c, v: c, at: i });
      i++;
      continue;
    }
    throw new Error(`unexpected character '${c}' at position ${i + 1}`);
  }
  return out;
}

function parse(src: string): Ast {
  const toks = tokenize(src);
  let p = 0;
  const peek = () => toks[p];
  const expr = (): Ast => {
    let a = term();
    while (peek()?.t === "op" && (peek()!.v === "+" || peek()!.v === "-")) {
      const op = toks[p++]!.v as "+" | "-";
      a = { k: "bin", op, a, b: term() };
    }
    return a;
  };
  const term = (): Ast => {
    let a = unary();
    while (peek()?.t === "op" && (peek()!.v === "*" || peek()!.v === "/")) {
      const op = toks[p++]!.v as "*" | "/";
      a = { k: "bin", op, a, b: unary() };
    }
    return a;
  };
  const unary = (): Ast => {
    const t = peek();
    if (t?.t === "op" && (t.v === "-" || t.v === "+")) {
      p++;
      const a = unary();
      return t.v === "-" ? { k: "neg", a } : a;
    }
    return atom();
  };
  const atom = (): Ast => {
    const t = toks[p++];
    if (!t) throw new Error("the expression ends too early");
    if (t.t === "num") return { k: "num", v: Number(t.v) };
    if (t.t === "id") {
      if (!(FORMULA_VARIABLES as readonly string[]).includes(t.v)) {
        throw new Error(`unknown variable '${t.v}' (allowed: ${FORMULA_VARIABLES.join(", ")})`);
      }
      return { k: "var", name: t.v as (typeof FORMULA_VARIABLES)[number] };
    }
    if (t.t === "(") {
      const a = expr();
      if (toks[p++]?.t !== ")") throw new Error(`missing ')' for '(' at position ${t.at + 1}`);
      return a;
    }
    throw new Error(`unexpected '${t.v}' at position ${t.at + 1}`);
  };
  if (!toks.length) throw new Error("the formula is empty");
  const ast = expr();
  if (p < toks.length) throw new Error(`unexpected '${toks[p]!.v}' at position ${toks[p]!.at + 1}`);
  return ast;
}

function evaluate(a: Ast, v: FormulaVars): number {
  switch (a.k) {
    case "num":
      return a.v;
    case "var":
      return v[a.name];
    case "neg":
      return -evaluate(a.a, v);
    case "bin": {
      const x = evaluate(a.a, v);
      const y = evaluate(a.b, v);
      return a.op === "+" ? x + y : a.op === "-" ? x - y : a.op === "*" ? x * y : x / y;
    }
  }
}

export type RankFn = (v: FormulaVars) => number;

/** Compiles a formula; a non-finite result (e.g. division by zero) ranks as 0. */
export function compileFormula(src: string, where = "rank_formula"): RankFn {
  let ast: Ast;
  try {
    ast = parse(src);
  } catch (e) {
    throw new ConfigError(`invalid ${where} "${src}": ${(e as Error).message}`, {
      field: where,
      hint: `use + - * / ( ) numbers and ${FORMULA_VARIABLES.join(", ")}, e.g. "confidence * activations"`,
    });
  }
  return (v) => {
    const r = evaluate(ast, v);
    return Number.isFinite(r) ? r : 0;
  };
}
