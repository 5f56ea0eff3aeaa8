import { test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parsePython } from "../../core/mirror/python.js";
import { parseTypeScript } from "../../core/mirror/typescript.js";
import { checkAllDrift, parsePythonDocstring, saysNothingReturned, type DriftFinding } from "../../core/mirror/drift.js";
import { NO_MODEL_MESSAGE, semanticDrift, semanticSetup } from "../../core/mirror/semantic.js";
import { DEFAULT_CONFIG, type Config } from "../../core/config.js";
import { tmp } from "../helpers.js";

async function pyDrift(src: string): Promise<DriftFinding[]> {
  const p = await parsePython(src);
  assert.deepEqual(p.syntaxErrors, [], "the crafted example should be valid Python");
  return checkAllDrift(p.defs, "python");
}

async function tsDrift(src: string, file = "x.ts"): Promise<DriftFinding[]> {
  const p = await parseTypeScript(src, file);
  assert.deepEqual(p.syntaxErrors, [], "the crafted example should be valid");
  return checkAllDrift(p.defs, p.language);
}

const summary = (fs: DriftFinding[]) => fs.map((f) => `${f.function} ${f.kind}`);

test("Python: a documented parameter the signature lacks is drift, in Google, NumPy and Sphinx style", async () => {
  const google = await pyDrift(`
def scale(values, factor):
    """Scale values.

    Args:
        values (list[float]): the values
        offset: added afterwards
        factor: the factor
    """
`);
  assert.deepEqual(summary(google), ["scale unknown-parameter"]);
  assert.match(google[0]!.detail, /Google Args:.*`offset`.*\(values, factor\)/);
  assert.equal(google[0]!.line, 2);

  const numpy = await pyDrift(`
def solve(a, b):
    """Solve a x = b.

    Parameters
    ----------
    a : ndarray
        The matrix.
    b, tol : float
        Right-hand side and tolerance.

    Returns
    -------
    x : ndarray
    """
`);
  assert.deepEqual(summary(numpy), ["solve unknown-parameter"]);
  assert.match(numpy[0]!.detail, /NumPy Parameters.*`tol`/);

  const sphinx = await pyDrift(`
class Grid:
    def cell(self, i, j):
        """Return a cell.

        :param i: row
        :param int k: column
        :type j: int
        :type z: str
        """
`);
  assert.deepEqual(summary(sphinx), ["Grid.cell unknown-parameter", "Grid.cell unknown-parameter"]);
  assert.match(sphinx[0]!.detail, /Sphinx :param:.*`k`.*\(self, i, j\)/);
  assert.match(sphinx[1]!.detail, /Sphinx :type:.*`z`/);
});

test("Python: documenting a return value on a `-> None` function is drift; saying it returns None is not", async () => {
  const fs = await pyDrift(`
def g1(x) -> None:
    """Google.

    Returns:
        int: the count
    """

def g2(x) -> None:
    """NumPy.

    Returns
    -------
    float
        The value.
    """

def g3(x) -> None:
    """Sphinx.

    :returns: the value
    """

def g4(x) -> None:
    """Sphinx rtype.

    :rtype: int
    """

def ok1(x) -> None:
    """Returns:
        None
    """

def ok2(x) -> None:
    """Do it.

    Returns:
        Nothing.
    """

def ok3(x):
    """No annotation: nothing to contradict.

    Returns:
        int: the count
    """

def ok4(x) -> int:
    """Annotated int.

    :returns: the count
    """
`);
  assert.deepEqual(summary(fs), ["g1 return-on-none", "g2 return-on-none", "g3 return-on-none", "g4 return-on-none"]);
  assert.match(fs[0]!.detail, /Google Returns:.*int: the count.*`-> None`/);
});

test("Python: never drift for a missing, partial or vague docstring, self/cls, *args/**kwargs, or a class without __init__", async () => {
  const fs = await pyDrift(`
def undocumented(a, b): pass

def partial(a, b, c):
    """Only a is documented.

    Args:
        a: the a
    """

def vague(a) -> None:
    """Does things with a, returns when done."""

class K:
    def m(self, x):
        """Method.

        Args:
            self: the instance
            x: the x
        """

    @classmethod
    def make(cls, *args, **kwargs):
        """Factory.

        Args:
            cls: the class
            *args: positional
            **kwargs: keywords
            \\*args: escaped in reST
            args: bare
            kwargs: bare
        """

def passthrough(a, **options):
    """Keyword names go through **options.

    Args:
        a: the a
        timeout: a keyword accepted via **options
    """

def variadic(*paths):
    """Joins paths.

    Args:
        first: the first path, collected by *paths
    """

class Point:
    """A dataclass-like record: documented fields, no __init__ of its own.

    Args:
        x: abscissa
        y: ordinate
    """
    x: int
    y: int

def examples(a):
    """Shows usage.

    Example:
        :param nothing: inside an example block is not documentation
    """
`);
  assert.deepEqual(fs, []);
});

test("Python: a class docstring is checked against its own __init__", async () => {
  const fs = await pyDrift(`
class Box:
    """A box.

    Args:
        width: the width
        depth: the depth
    """
    def __init__(self, width, height):
        self.width = width
`);
  assert.deepEqual(summary(fs), ["Box unknown-parameter"]);
  assert.match(fs[0]!.detail, /`depth`.*__init__ is \(self, width, height\)/);
});

test("a real drift in CPython: ipaddress._BaseV6._explode_shorthand_ip_string documents ip_str", async () => {
  const fs = await pyDrift(`
class _BaseV6:
    def _explode_shorthand_ip_string(self):
        """Expand a shortened IPv6 address.

        Args:
            ip_str: A string, the IPv6 address.

        Returns:
            A string, the expanded IPv6 address.

        """
`);
  assert.deepEqual(summary(fs), ["_BaseV6._explode_shorthand_ip_string unknown-parameter"]);
});

test("TypeScript/JavaScript: @param of a missing parameter and @returns on void are drift", async () => {
  const fs = await tsDrift(`
/**
 * Adds.
 * @param {number} a first
 * @param {number} c not in the signature
 * @returns {number} the sum
 */
export function add(a: number, b: number): void {}

/**
 * @param opts.name dotted, but there is no opts
 */
function byName(options: { name: string }) {}

class Store {
  /**
   * Saves.
   * @returns the new id
   */
  save(item: Item): void {}
}

/**
 * @param size the size
 */
class Cube {
  constructor(edge: number) {}
}
`);
  assert.deepEqual(summary(fs), ["add unknown-parameter", "add return-on-none", "byName unknown-parameter", "Store.save return-on-none", "Cube unknown-parameter"]);
  assert.match(fs[0]!.detail, /@param c`.*\(a, b\)/);
  assert.match(fs[1]!.detail, /@returns \{number\} the sum.*`void`/);
  assert.match(fs[2]!.detail, /@param opts\.name`/);
  assert.match(fs[4]!.detail, /constructor is \(edge\)/);

  const js = await tsDrift(
    `/**
 * @param {string} who
 * @param {number} times
 */
function greet(who) { return "hi " + who; }
`,
    "g.js",
  );
  assert.deepEqual(summary(js), ["greet unknown-parameter"]);
});

test("TypeScript/JavaScript: never drift for typed, optional, dotted or destructured params, rest, arguments, void returns, missing or partial JSDoc", async () => {
  const fs = await tsDrift(`
/**
 * @param {string} a typed
 * @param [b] optional
 * @param [c=3] optional with default
 * @param opts the options
 * @param opts.name dotted, opts exists
 * @param {Object[]} list
 * @param list[].id nested
 * @returns {void}
 */
export function typed(a: string, b?: number, c = 3, opts: O = {}, list: L[] = []): void {}

/**
 * @param options the options
 * @param options.verbose destructured, named freely
 * @param id bound inside the pattern
 */
export const destructured = ({ id, verbose }: Options) => {};

/**
 * @param first collected by ...rest
 */
function variadic(...rest: string[]) {}

/**
 * @param legacy read through arguments
 */
function legacy() { return arguments[0]; }

/** @returns nothing */
function nothing(): void {}

/** @returns {undefined} */
function undef(): void {}

/** @returns a promise that settles when saved */
async function save(): Promise<void> {}

function undocumented(a: number): void {}

/**
 * Partial: only a.
 * @param a the a
 */
function partial(a: number, b: number) {}

/**
 * No constructor of its own: nothing to contradict.
 * @param anything inherited
 */
class Child extends Parent {}
`);
  assert.deepEqual(fs, []);
});

test("docstring section parsing and 'returns nothing' wording", () => {
  const d = parsePythonDocstring("Summary.\n\nArgs:\n    a (int): x\n    b: y\n        continued: not an entry\n\nReturns:\n    bool: ok");
  assert.deepEqual(d.params.map((p) => p.name), ["a", "b"]);
  assert.equal(d.returns[0]!.text, "bool: ok");
  for (const s of ["None", "none.", "`None`", "Nothing", "void", "undefined", ""]) assert.ok(saysNothingReturned(s), s);
  for (const s of ["int", "the count", "Nonetheless a value"]) assert.ok(!saysNothingReturned(s), s);
});

const withSemantic = (routing: Config["model_routing"]): Config => ({
  ...DEFAULT_CONFIG,
  mirror: { ...DEFAULT_CONFIG.mirror, semantic_drift: true },
  model_routing: routing,
});

test("semantic check: off by default; enabled without a usable model it says so; never fakes an answer", () => {
  assert.deepEqual(semanticSetup(DEFAULT_CONFIG), { enabled: false });
  const none = semanticSetup(withSemantic(null));
  assert.equal(none.enabled, true);
  assert.ok(none.enabled && none.route === null && none.message.startsWith(NO_MODEL_MESSAGE));
  const vendor = semanticSetup(withSemantic({ semantic_drift: { provider: "anthropic", model: "some-model" } }));
  assert.ok(vendor.enabled && vendor.route === null);
  assert.match((vendor as { message: string }).message, /^semantic drift check enabled but no model configured \(model_routing\).*provider "anthropic"/);
  const bad = semanticSetup(withSemantic({ semantic_drift: { command: "a shell string" } }));
  assert.ok(bad.enabled && bad.route === null);
});

test("semantic check: one call per documented function through the configured command; bad answers are reported, not drift", async () => {
  const dir = tmp();
  const log = join(dir, "calls.log");
  const script = join(dir, "model.mjs");
  // A stand-in for a model wrapper: it answers by a fixed rule, so the call path can be checked.
  writeFileSync(
    script,
    `import { appendFileSync, readFileSync } from "node:fs";
const req = JSON.parse(readFileSync(0, "utf8"));
appendFileSync(${JSON.stringify(log)}, req.function + "\\n");
if (req.function === "garbled") process.stdout.write("not json");
else process.stdout.write(JSON.stringify({ drift: req.docstring.includes("CONTRADICTS"), detail: "says it sorts; the code shuffles" }));
`,
  );
  chmodSync(script, 0o755);
  const setup = semanticSetup(withSemantic({ semantic_drift: { command: [process.execPath, script], timeout_seconds: 30 } }));
  assert.ok(setup.enabled && setup.route);
  const p = await parsePython('def a():\n    """CONTRADICTS."""\n\ndef b():\n    """Fine."""\n\ndef c(): pass\n\ndef garbled():\n    """x"""\n');
  const out = semanticDrift(setup.route!, p.defs, "python", "m.py", dir);
  assert.equal(out.calls, 3, "functions without a docstring are not sent");
  assert.deepEqual(out.findings.map((f) => `${f.function} ${f.kind}`), ["a semantic"]);
  assert.match(out.findings[0]!.detail, /^semantic check \(model\): says it sorts/);
  assert.equal(out.problems.length, 1);
  assert.match(out.problems[0]!, /garbled.*not JSON/);
  assert.ok(existsSync(log));

  const missing = semanticDrift({ command: [join(dir, "no-such-model")], timeoutMs: 5000 }, p.defs, "python", "m.py", dir);
  assert.equal(missing.findings.length, 0);
  assert.match(missing.problems[0]!, /was not found/);
});
