import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { MAX_CHARS, fastParseYaml, fastSplitFrontmatter } from "../../core/compiler/fast-frontmatter.js";
import { splitFrontmatter } from "../../core/frontmatter.js";
import { LIMITS, parseYaml } from "../../core/yaml.js";
import { generateVault, mulberry32 } from "../../scripts/bench/genvault.js";
import { DEMO, ROOT, tmp } from "../helpers.js";

function* markdownFiles(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const f = join(dir, e.name);
    if (e.isDirectory()) yield* markdownFiles(f);
    else if (e.name.endsWith(".md")) yield f;
  }
}

/** js-yaml's answer: the value, or the error message. */
function reference(yaml: string): { value?: unknown; error?: string } {
  try {
    return { value: parseYaml(yaml, { file: "t.md", firstLine: 2 }) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** The fast parser either bails or returns exactly js-yaml's value (same keys, same order, -0 kept). */
function assertAgrees(yaml: string): "same" | "bail" {
  const fast = fastParseYaml(yaml);
  if (fast === undefined) return "bail";
  const ref = reference(yaml);
  assert.equal(ref.error, undefined, `fast parse accepted what js-yaml rejects (${ref.error}): ${JSON.stringify(yaml)}`);
  assert.deepStrictEqual(fast, ref.value, JSON.stringify(yaml));
  assert.equal(JSON.stringify(fast), JSON.stringify(ref.value), `key order differs: ${JSON.stringify(yaml)}`);
  return "same";
}

const generated = (() => {
  const dir = tmp("akms-fastfm-");
  generateVault(dir, 60);
  return dir;
})();

const CORPUS = [join(DEMO, "vault"), join(DEMO, "repo", "knowledge"), join(ROOT, ".bench", "kb-500"), generated];

test("every demo, kb-500 and generated node file: fast split and parse equal splitFrontmatter + js-yaml", () => {
  let nodes = 0;
  for (const root of CORPUS) {
    for (const f of markdownFiles(root)) {
      const text = readFileSync(f, "utf8");
      const ref = splitFrontmatter(text);
      const fast = fastSplitFrontmatter(text);
      if (fast) assert.deepEqual(fast, { yaml: ref!.yaml, body: ref!.body }, f);
      if (!ref) continue;
      const r = assertAgrees(ref.yaml);
      // Node files (global, local, code-mirror) are the common shape: the fast path must take them all.
      if (!/\/(sessions|loadouts)\//.test(f)) {
        assert.ok(fast, `fast split bailed on ${f}`);
        assert.equal(r, "same", `fast parse bailed on ${f}`);
        nodes++;
      }
    }
  }
  assert.ok(nodes >= 100, `only ${nodes} node files seen`);
});

test("every overlay and YAML file of the demo, kb-500 and the generated vault: fast parse equals js-yaml", () => {
  let n = 0;
  const walk = function* (dir: string): Generator<string> {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const f = join(dir, e.name);
      if (e.isDirectory()) yield* walk(f);
      else if (/\.ya?ml$/.test(e.name)) yield f;
    }
  };
  for (const root of CORPUS) {
    for (const f of walk(root)) {
      const r = assertAgrees(readFileSync(f, "utf8"));
      if (f.endsWith("local_state.yaml") && !f.includes("/demo/")) assert.equal(r, "same", f);
      n++;
    }
  }
  assert.ok(n >= 2, `only ${n} YAML files`);
});

test("objects of any key sequence: long ones, odd keys, and more sequences than the maker cache holds", () => {
  const long = Array.from({ length: 40 }, (_, i) => `k${i}: ${i}`).join("\n") + "\n";
  assert.equal(assertAgrees(long), "same");
  assert.equal(assertAgrees("1e21: a\nb: 1\n"), "same");
  for (let i = 0; i < 1100; i++) assert.equal(assertAgrees(`x${i}: 1\ny: [a]\nz:\n  - q${i}: 2\n`), "same");
});

test("without code generation from strings the parser still answers (plain property stores)", () => {
  const code = `import("${join(ROOT, "core", "compiler", "fast-frontmatter.ts")}").then((m) => console.log(JSON.stringify(m.fastParseYaml("a: 1\\nb: [x]\\nc:\\n  - d: 2\\n"))))`;
  const r = spawnSync(process.execPath, ["--disallow-code-generation-from-strings", "--import", "tsx", "-e", code], { cwd: ROOT, encoding: "utf8" });
  assert.equal(r.stdout.trim(), JSON.stringify({ a: 1, b: ["x"], c: [{ d: 2 }] }), r.stderr);
});

test("the fast parser leaves documents above parseYaml's size limit to js-yaml", () => {
  assert.ok(MAX_CHARS <= LIMITS.maxYamlBytes);
  assert.equal(fastParseYaml("a: b\n".repeat(Math.ceil((MAX_CHARS + 1) / 5))), undefined);
});

test("tricky inputs: each equals js-yaml's value or bails", () => {
  const cases: [string, "same" | "bail" | "any"][] = [
    ['title: "a \\"q\\" \\\\ \\n \\t \\/ \\x41 \\u00e9 \\0 \\e \\N \\_"\n', "same"],
    ['title: "\\ud83d\\ude00 and \\U0001F600"\n', "bail"],
    ['title: "bad \\q escape"\n', "bail"],
    ["title: 'it''s'\n", "same"],
    ["title: ''\n", "same"],
    ['title: ""\n', "same"],
    ["title: 'open\n", "bail"],
    ['title: "two\n  lines"\n', "bail"],
    ["title: two\n  lines\n", "bail"],
    ["a: 01\nb: 1e3\nc: -0.0\nd: .5\ne: +1\nf: 0x1F\ng: 1_000\nh: .inf\ni: -.inf\nj: .nan\nk: 0o17\nl: 0b101\nm: 12345678901234567890\nn: -0\no: 1.0\np: 0.50\n", "same"],
    ["a: true\nb: True\nc: TRUE\nd: yes\ne: null\nf: ~\ng: Null\nh: NULL\ni: False\nj: nULL\nk: no\nl: on\n", "same"],
    ["a:\nb: \nc:   # comment\n", "same"],
    ["tags:\n  - a\n  - b\n", "same"],
    ["tags:\n- a\n- b\nstatus: x\n", "same"],
    ["tags:\n    - a\n    - b\nnext: 1\n", "same"],
    ["tags:\n  - a\n - b\n", "bail"],
    ["tags:\n  - a\n   - b\n", "bail"],
    ["a: 1   \nb: x y   \n", "same"],
    ["a: 1\r\nb: 2\r\n", "bail"],
    ["# lead\na: 1 # trailing\n  # indented\nb: x#y\n\n\nc: 'q' # after\nd: \"q\" # after\n", "same"],
    ['a: "q"#c\n', "bail"],
    ["title: Grüße — ✓ 日本語 😀\n", "same"],
    ["a: 1\na: 2\n", "bail"],
    ["a:\n\tb: 1\n", "bail"],
    ["a: x\tb\n", "bail"],
    ["last_activated: 2024-01-01\nat: 2026-03-04T10:32:00\nz: 2026-03-04 10:32:00Z\n", "same"],
    ["title: a: b\n", "bail"],
    ["title: a:b\nurl: http://x.y/z?q=1#frag\n", "same"],
    ["title: a #not part\nt2: a# part\n", "same"],
    ["a: &x 1\nb: *x\n", "bail"],
    ["a: !!str 1\n", "bail"],
    ["a: |\n  text\n", "bail"],
    ["a: >\n  text\n", "bail"],
    ["a: {b: 1}\n", "bail"],
    ["a: []\nb: [x, y, 1, 2.5, ~, true, 2024-01-01]\nc: [ x ,y ]\n", "same"],
    ["a: [x, ]\n", "bail"],
    ["a: [x y]\n", "bail"],
    ["a: [- x]\n", "bail"],
    ["a: [-]\n", "bail"],
    ["a: [-, x]\n", "bail"],
    ["a: [?]\n", "bail"],
    ["a: [x-, y.z, 1e3, 0x1F, .5]\n", "same"],
    ["a: [x] y\n", "bail"],
    ["? a\n: b\n", "bail"],
    ["__proto__: x\n", "bail"],
    ["true: x\n", "same"],
    ["constructor: x\ntoString: y\n", "same"],
    ["  a: 1\n", "bail"],
    ["a: 1\n b: 2\n", "bail"],
    ["- a\n- b\n", "bail"],
    ["", "bail"],
    ["# only a comment\n", "bail"],
    ["a: 1\n---\nb: 2\n", "bail"],
    ["a: 1\n...\n", "bail"],
    ["%YAML 1.2\n---\na: 1\n", "bail"],
    ["edges:\n  - to: x\n    type: requires\n    weight: 0.5\n  - to: y\n    type: refines\n    weight: 1.0\n    note: \"n: o\"\n", "same"],
    ["edges:\n  -   to: x\n      type: y\n", "same"],
    ["edges:\n  - to: x\n   type: y\n", "bail"],
    ["edges:\n  - to: x\n     type: y\n", "bail"],
    ["edges:\n  - to:\n    type: y\n", "same"],
    ["edges:\n  - to:\n      - a\n    type: y\n", "same"],
    ["edges:\n  -\n    to: x\n", "bail"],
    ["edges:\n  - - x\n", "bail"],
    ["a:\n  b:\n    c: 1\n  d: [e]\n", "same"],
    ["a: -x\nb: -5\nc: - x\n", "bail"],
    ["a: -x\nb: -5\n", "same"],
    ["a: ?x\n", "bail"],
    ["a: :x\n", "bail"],
    ["a: x:\n", "bail"],
    ["a: @x\n", "bail"],
    ["a: `x`\n", "bail"],
    ["a: %x\n", "bail"],
    ["a: x\u00a0\n", "same"],
    ["a: \ufeffx\n", "bail"],
    ["a: x\u0085y\n", "bail"],
    ["a: x\u2028y\n", "same"], // js-yaml reads U+2028 as content
    ["a: \ud800\n", "bail"],
    ["a: x\u0007\n", "bail"],
    ["a: \"\\\n  b\"\n", "bail"],
    ["key with space: 1\n", "bail"],
    ["a.b-c_d: 1\n_x: 2\nA1: 3\n", "same"],
    ["1: a\n1e3: b\n0x1F: c\n2.50: d\n3d-print: e\n12345678901234567890: f\n0: g\n", "same"],
    ["1: a\n01: b\n", "bail"],
    ["null: a\nTrue: b\nFALSE: c\n", "same"],
    ["null: a\n~: b\n", "bail"],
    ["a: 1", "same"],
    ["a: x\n\n\n  \n", "same"],
  ];
  for (const [yaml, want] of cases) {
    const got = assertAgrees(yaml);
    if (want !== "any") assert.equal(got, want, `expected ${want} for ${JSON.stringify(yaml)}`);
  }
});

test("numbers: every short numeral reads as js-yaml reads it", () => {
  const r = rng(7);
  const ALPHABET = "0123456789.0123456789.-+eE_xob";
  for (let i = 0; i < 20000; i++) {
    let v = "";
    const len = 1 + Math.floor(r() * 18);
    for (let k = 0; k < len; k++) v += ALPHABET[Math.floor(r() * ALPHABET.length)];
    assertAgrees(`a: ${v}\nb: [${v}]\n${v}: c\n`);
  }
  for (const v of ["0", "00", "007", "0.50", "00.5", "1.", ".1", "123456789012345", "1234567890123456", "9007199254740993", "0.1234567890123"]) {
    assert.equal(assertAgrees(`a: ${v}\n`), "same", v);
  }
});

const rng = mulberry32;

test("fuzz: mutated real frontmatter is parsed as js-yaml parses it, or bailed on", () => {
  const seeds: string[] = [];
  for (const root of [join(DEMO, "vault"), join(DEMO, "repo", "knowledge"), generated]) {
    for (const f of markdownFiles(root)) {
      const sp = splitFrontmatter(readFileSync(f, "utf8"));
      if (sp) seeds.push(sp.yaml);
    }
  }
  const r = rng(20261129);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const CHARS = [":", " ", "#", "-", "'", '"', "\\", "[", "]", "{", "}", ",", "&", "*", "!", "|", ">", "%", "@", "`", "\t", "\r", "~", ".", "0", "1", "e", "x", "\n", "?", "é", "_"];
  const TOKENS = [
    "01", "1e3", "-0.0", ".5", "+1", "0x1F", "1_000", ".inf", "~", "yes", "True", "TRUE", "null", "Null", "", "2024-01-01",
    "'it''s'", '"a\\tb"', '"\\u00e9"', "[a, b]", "[]", "{}", "a: b", "a:b", "a #c", "a#c", "&a x", "*a", "!!str 1", "|", ">",
    "- x", "-x", "12345678901234567890", "0.1e-5", "- ", "[x,", "'", '"', "\\", "? x", "x\ty", "[-]", "[x, -]", "[a b]", "[x]#c",
  ];
  let same = 0;
  let bail = 0;
  for (let iter = 0; iter < 6000; iter++) {
    let y = pick(seeds);
    const steps = 1 + Math.floor(r() * 3);
    for (let k = 0; k < steps; k++) {
      const lines = y.split("\n");
      const li = Math.floor(r() * lines.length);
      const line = lines[li]!;
      const at = Math.floor(r() * (line.length + 1));
      switch (Math.floor(r() * 7)) {
        case 0: // insert a character
          lines[li] = line.slice(0, at) + pick(CHARS) + line.slice(at);
          break;
        case 1: // delete a character
          lines[li] = line.slice(0, at) + line.slice(at + 1);
          break;
        case 2: {
          // replace the value of a `key: value` line
          const m = /^(\s*(?:- )?[^:]+:\s?)/.exec(line);
          if (m) lines[li] = m[1] + pick(TOKENS);
          break;
        }
        case 3: // re-indent
          lines[li] = " ".repeat(Math.floor(r() * 6)) + line.trimStart();
          break;
        case 4: // duplicate a line
          lines.splice(li, 0, line);
          break;
        case 5: // swap two lines
          {
            const lj = Math.floor(r() * lines.length);
            [lines[li], lines[lj]] = [lines[lj]!, line];
          }
          break;
        default: // insert a comment or blank line
          lines.splice(li, 0, pick(["", "# c", "  # c", "    ", " #"]));
      }
      y = lines.join("\n");
    }
    if (assertAgrees(y) === "same") same++;
    else bail++;
  }
  // Both outcomes must occur, or the fuzz tests nothing.
  assert.ok(same > 1000 && bail > 1000, `same ${same}, bail ${bail}`);
});

test("a mapping with many keys: parsed like js-yaml, and a duplicate key anywhere in it bails", () => {
  const keys = Array.from({ length: 300 }, (_, i) => `n-${String(i).padStart(4, "0")}`);
  const many = keys.map((k, i) => `  ${k}:\n    confidence: 0.${i % 10}5\n    tags: [a, b]\n`).join("");
  assert.equal(assertAgrees(`akms_schema: v2\nnodes:\n${many}`), "same");
  // A duplicate before, at and after the switch from a scan to a set of keys, and at the end.
  for (const at of [3, 15, 16, 17, 200, 299]) {
    const dup = `${many}  ${keys[at]}:\n    confidence: 0.5\n`;
    assert.equal(fastParseYaml(`nodes:\n${dup}`), undefined, `duplicate of key ${at}`);
    assert.ok(reference(`nodes:\n${dup}`).error, "js-yaml rejects it too");
  }
  for (const n of [15, 16, 17]) {
    const dupLast = keys.slice(0, n).map((k) => `  ${k}: 1\n`).join("") + `  ${keys[0]}: 2\n`;
    assert.equal(fastParseYaml(`m:\n${dupLast}`), undefined, `${n} keys, then the first again`);
  }
});
