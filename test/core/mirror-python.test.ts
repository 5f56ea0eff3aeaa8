import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { spawnSync } from "node:child_process";
import { ROOT, pyFiles, tmp } from "../helpers.js";
import { cleandoc, parsePython } from "../../core/mirror/python.js";
import type { SourceDef } from "../../core/mirror/types.js";

const FIXTURES = join(ROOT, "fixtures", "mirror", "python");
const REFERENCE = join(ROOT, "fixtures", "mirror", "ast_reference.py");

/** What Python's own ast module finds (python3 is required: this is the reference). */
function astReference(files: string[]): Record<string, unknown[]> {
  const r = spawnSync("python3", [REFERENCE, ...files], { encoding: "utf8", maxBuffer: 256 << 20 });
  assert.ok(!r.error, `python3 is needed for the ast comparison: ${r.error?.message}`);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

const comparableDefs = (defs: SourceDef[]) =>
  defs.map((d) => ({
    qualname: d.qualname,
    kind: d.kind,
    async: d.async,
    line: d.line,
    params: d.params.map((p) => ({ name: p.name, kind: p.kind })),
    returns: d.returns,
    docstring: d.docstring,
  }));

test("on CPython standard-library modules, tree-sitter finds exactly the definitions Python's ast finds", async () => {
  const files = pyFiles(FIXTURES);
  assert.ok(files.length >= 6, "the stdlib fixtures are missing");
  const ref = astReference(files);
  let total = 0;
  const seen = { nestedClass: false, asyncDef: false, decorated: false, locals: false };
  for (const f of files) {
    const parsed = await parsePython(readFileSync(f, "utf8"));
    assert.deepEqual(parsed.syntaxErrors, [], `${relative(ROOT, f)} parsed with errors`);
    const mine = comparableDefs(parsed.defs);
    // Names first, for a readable failure; then everything (params, return annotation, docstring).
    assert.deepEqual(
      mine.map((d) => `${d.line} ${d.qualname}`),
      (ref[f] as { line: number; qualname: string }[]).map((d) => `${d.line} ${d.qualname}`),
      `${relative(ROOT, f)}: the definitions differ from ast's`,
    );
    assert.deepEqual(mine, ref[f], `${relative(ROOT, f)}: signatures or docstrings differ from ast's`);
    total += mine.length;
    for (const d of parsed.defs) {
      if (d.kind === "class" && d.qualname.includes(".") && !d.qualname.includes("<locals>")) seen.nestedClass = true;
      if (d.async) seen.asyncDef = true;
      if (d.source.trimStart().startsWith("@")) seen.decorated = true;
      if (d.qualname.includes(".<locals>.")) seen.locals = true;
    }
  }
  assert.ok(total > 400, `only ${total} definitions compared`);
  assert.deepEqual(seen, { nestedClass: true, asyncDef: true, decorated: true, locals: true }, "the fixtures should cover nested classes, async defs, decorators and local functions");
});

test("crafted edge cases match ast too: docstring literals, parameter kinds, definitions in compound statements", async () => {
  const src = [
    '"""Module doc."""',
    "import sys",
    "def plain(a, b=1, /, c=2, *args: int, d, e=3, **kw) -> 'Thing':",
    "    # a comment before the docstring does not hide it",
    "    'single \\t quoted \\x41\\u00e9\\101 \\",
    "    continued'",
    "def concat(*, key):",
    '    ("implicit " "concatenation")',
    "def raw():",
    '    r"""raw \\n stays"""',
    "def fstring():",
    '    f"""not a docstring"""',
    "def bytes_():",
    '    b"not a docstring either"',
    "def late():",
    "    x = 1",
    '    "not first, so not a docstring"',
    "def tabs():",
    '\t"""First line.',
    "",
    "\t\tindented with tabs",
    '\t"""',
    "if sys.platform == 'win32':",
    "    def twice(): pass",
    "else:",
    "    def twice(): pass",
    "try:",
    "    class InTry:",
    "        class Inner:",
    "            async def deep(self, *, flag: bool = False) -> None: ...",
    "except ImportError:",
    "    pass",
    "with open(__file__) as fh:",
    "    def in_with(): pass",
    "for i in range(2):",
    "    def in_for(): pass",
    "while False:",
    "    def in_while(): pass",
    "match sys.argv:",
    "    case [_, *rest]:",
    "        def in_case(): pass",
    "square = lambda x: x * x",
    "def outer():",
    "    class Local:",
    "        def method(self): pass",
    "    def inner():",
    "        def innermost(): pass",
    "    return inner",
    "@staticmethod",
    "@property",
    "def decorated(cls): pass",
    "",
  ].join("\n");
  const dir = tmp();
  const file = join(dir, "edge.py");
  writeFileSync(file, src);
  const ref = astReference([file]);
  const parsed = await parsePython(src);
  assert.deepEqual(comparableDefs(parsed.defs), ref[file]);
  assert.equal(parsed.moduleDoc, "Module doc.");
  const plain = parsed.defs.find((d) => d.qualname === "plain")!;
  // \t expanded by cleandoc, \x41 \u00e9 \101 decoded, backslash-newline joined (its indentation kept).
  assert.equal(plain.docstring, "single   quoted AéA     continued");
  assert.equal(plain.signature, "def plain(a, b=1, /, c=2, *args: int, d, e=3, **kw) -> 'Thing'");
  const decorated = parsed.defs.find((d) => d.qualname === "decorated")!;
  assert.equal(decorated.source, "@staticmethod\n@property\ndef decorated(cls): pass");
  assert.equal(decorated.startLine, decorated.line - 2);
});

test("a file with a syntax error: what parses is listed, and the error is located by line", async () => {
  const src = ["def good_before(x):", '    """Fine."""', "", "def broken(:", "    pass", "", "class After:", "    def method(self, y):", "        return y", ""].join("\n");
  const parsed = await parsePython(src);
  const names = parsed.defs.map((d) => d.qualname);
  assert.ok(names.includes("good_before"));
  assert.ok(names.includes("After") && names.includes("After.method"), names.join(", "));
  assert.ok(parsed.syntaxErrors.length >= 1);
  assert.equal(parsed.syntaxErrors[0]!.line, 4);
  assert.match(parsed.syntaxErrors[0]!.message, /syntax error/);
});

test("CRLF and a byte-order mark are read the way Python reads them", async () => {
  const parsed = await parsePython('\uFEFFdef f():\r\n    """Line one.\r\n\r\n    Line two."""\r\n    return 1\r\n');
  assert.equal(parsed.defs[0]!.docstring, "Line one.\n\nLine two.");
  assert.equal(parsed.defs[0]!.source, 'def f():\n    """Line one.\n\n    Line two."""\n    return 1');
});

test("cleandoc follows inspect.cleandoc", () => {
  assert.equal(cleandoc("  First.\n      more\n    less\n\n"), "First.\n  more\nless");
  assert.equal(cleandoc("\n\n   only\n"), "only");
  assert.equal(cleandoc("a\n\tb"), "a\nb");
});
