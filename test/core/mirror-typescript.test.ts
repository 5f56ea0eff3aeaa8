import { test } from "node:test";
import assert from "node:assert/strict";
import { parseTypeScript, cleanJsDoc } from "../../core/mirror/typescript.js";

const TS = `import { x } from "./x.js";

/**
 * Adds two numbers.
 * @param {number} a - first
 * @param [b=1] second
 * @returns {number} the sum
 */
export function add(a: number, b = 1): number {
  function helper(): void {}
  return a + b;
}

/** Overloads: only the implementation is listed. */
export function over(a: string): string;
export function over(a: number): number;
export function over(a: unknown): unknown {
  return a;
}
declare function ambient(q: string): void;

/** Arrow bound to a name. */
export const arrow = async ({ id, name: [first] }: Opts, ...rest: string[]): Promise<void> => {};
const expr = function named(this: Window, e: Event) { return arguments.length; };

/**
 * A shape.
 * @param side the side
 */
@sealed
export class Square extends Shape implements Sized {
  side: number;
  /** Click handler. */
  onClick = (ev: MouseEvent): void => {};
  constructor(side: number) {
    super();
    this.side = side;
  }
  /** Area. @returns the area */
  area(): number {
    return this.side ** 2;
  }
  get size(): number { return this.side; }
  set size(v: number) { this.side = v; }
  static [Symbol.iterator]() {}
  abstractLike?(): void;
}

namespace Geo.Util {
  export function dist(p: P, q: P): number { return 0; }
}

export default function () {}
`;

test("TypeScript: functions, bound arrows and function expressions, classes, methods, namespaces — with JSDoc", async () => {
  const p = await parseTypeScript(TS, "src/shapes.ts");
  assert.equal(p.language, "typescript");
  assert.deepEqual(p.syntaxErrors, []);
  assert.deepEqual(
    p.defs.map((d) => `${d.kind} ${d.qualname}`),
    [
      "function add",
      "function add.<locals>.helper",
      "function over",
      "function arrow",
      "function expr",
      "class Square",
      "method Square.onClick",
      "method Square.constructor",
      "method Square.area",
      "method Square.size",
      "method Square.size",
      "method Square.[Symbol.iterator]",
      "function Geo.Util.dist",
      "function default",
    ],
  );
  const add = p.defs[0]!;
  assert.equal(add.docstring, "Adds two numbers.\n@param {number} a - first\n@param [b=1] second\n@returns {number} the sum");
  assert.deepEqual(add.params, [
    { name: "a", kind: "normal" },
    { name: "b", kind: "normal" },
  ]);
  assert.equal(add.returns, "number");
  assert.deepEqual(add.jsdoc!.params.map((t) => t.name), ["a", "b"]);
  assert.deepEqual(add.jsdoc!.returns, { type: "number", text: "the sum", line: 7 });
  assert.equal(add.signature, "function add(a: number, b = 1): number");
  assert.equal(add.startLine, 9);
  assert.equal(add.endLine, 12);
  assert.match(add.source, /^export function add[\s\S]*return a \+ b;\n}$/);

  const over = p.defs.find((d) => d.qualname === "over")!;
  assert.equal(over.docstring, null, "the overload signature's JSDoc is not the implementation's");
  const arrow = p.defs.find((d) => d.qualname === "arrow")!;
  assert.equal(arrow.async, true);
  assert.equal(arrow.docstring, "Arrow bound to a name.");
  assert.deepEqual(arrow.params, [
    { name: "{ id, name: [first] }", kind: "pattern", bound: ["id", "first"] },
    { name: "rest", kind: "vararg" },
  ]);
  assert.equal(arrow.returns, "Promise<void>");
  const expr = p.defs.find((d) => d.qualname === "expr")!;
  assert.deepEqual(expr.params, [{ name: "e", kind: "normal" }], "`this:` is a type annotation, not a parameter");
  assert.equal(expr.usesArguments, true);

  const square = p.defs.find((d) => d.qualname === "Square")!;
  assert.equal(square.signature, "class Square extends Shape implements Sized");
  assert.deepEqual(square.initParams, [{ name: "side", kind: "normal" }]);
  assert.ok(square.source.startsWith("@sealed\nexport class Square"), "decorators belong to the source");
  assert.deepEqual(square.jsdoc!.params.map((t) => t.name), ["side"]);
  assert.equal(p.defs.find((d) => d.qualname === "Square.onClick")!.docstring, "Click handler.");
  assert.equal(p.defs.find((d) => d.qualname === "Square.area")!.jsdoc!.returns!.text, "the area");
});

test("JavaScript flavours: .js, .mjs, .cjs, .jsx parse with JSDoc; syntax errors are located and the rest still listed", async () => {
  const js = `/**
 * Greets.
 * @param {string} name
 */
function greet(name) { return "hi " + name; }
module.exports = { greet };
`;
  for (const ext of [".js", ".mjs", ".cjs"]) {
    const p = await parseTypeScript(js, `lib/g${ext}`);
    assert.equal(p.language, "javascript");
    assert.deepEqual(p.defs.map((d) => d.qualname), ["greet"]);
    assert.deepEqual(p.defs[0]!.jsdoc!.params.map((t) => t.name), ["name"]);
  }
  const jsx = await parseTypeScript(`export const App = () => <div className="x">{1}</div>;\n`, "ui/App.jsx");
  assert.deepEqual(jsx.defs.map((d) => d.qualname), ["App"]);
  assert.deepEqual(jsx.syntaxErrors, []);
  const tsx = await parseTypeScript(`export function View(): JSX.Element { return <b/>; }\n`, "ui/View.tsx");
  assert.deepEqual(tsx.defs.map((d) => d.qualname), ["View"]);

  const broken = await parseTypeScript("function ok() {}\nfunction bad( {\n\nclass Later { m() {} }\n", "b.ts");
  assert.ok(broken.syntaxErrors.length >= 1);
  assert.ok(broken.syntaxErrors.every((e) => e.line >= 2), JSON.stringify(broken.syntaxErrors));
  assert.match(broken.syntaxErrors[0]!.message, /syntax error/);
  assert.ok(broken.defs.some((d) => d.qualname === "ok"));
});

test("JSDoc text: delimiters and leading stars removed, content kept", () => {
  assert.equal(cleanJsDoc("/** one line */"), "one line");
  assert.equal(cleanJsDoc("/**\n   * Title.\n   *\n   *   indented\n   * @param x the x\n   */"), "Title.\n\n  indented\n@param x the x");
});
