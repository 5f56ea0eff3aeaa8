// Malformed input, every kind (issue 16's battery): seeded mutations of the demo's artifacts —
// missing and mistyped fields, broken YAML and JSON, truncation, invalid UTF-8, control characters,
// alias bombs — each run through the commands that read that kind. Never a stack trace, never a
// partial write, never a vault write, and a refusal names the file it refuses. CI runs a seeded
// sample; `npm run stress` runs ≥ 500 variants.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { akms, builtDemo, seededRandom, snapshot, treeHash } from "../helpers.js";

const VARIANTS = Number(process.env.AKMS_MALFORMED ?? (process.env.AKMS_STRESS ? 540 : 36));

interface Kind {
  name: string;
  file: string;
  /** The commands that read it (run in the repository). */
  commands: (rel: string) => string[][];
}

const KINDS: Kind[] = [
  { name: "global node", file: "../vault/green-operator-caching.md", commands: () => [["build"], ["validate", "../vault/green-operator-caching.md"]] },
  { name: "local node", file: "knowledge/local-nodes/solver-config-schema.md", commands: (f) => [["build"], ["validate", f]] },
  { name: "mirror node", file: "knowledge/code-mirror/solvers/fft/green.md", commands: (f) => [["build"], ["validate", f]] },
  { name: "overlay", file: "knowledge/graph/local_state.yaml", commands: (f) => [["build"], ["validate", f], ["update", "knowledge/sessions/task-103.md"]] },
  { name: "config", file: "knowledge/graph/propagation_config.yaml", commands: (f) => [["build"], ["validate", f], ["query", "--tags", "fft"]] },
  { name: "AgentMemory", file: "knowledge/sessions/task-103.md", commands: (f) => [["validate", f], ["update", f], ["record", f]] },
  { name: "PCD", file: "knowledge/sessions/handoff_phase_1.md", commands: (f) => [["validate", f], ["update", f]] },
  { name: "task record", file: "knowledge/tasks/task-201.json", commands: (f) => [["validate", f], ["query", "--task", f], ["loadout", "--task", f, "--no-qmd"]] },
];

type Mutation = (text: string, r: (n: number) => number) => string | Buffer;

const lines = (t: string) => t.split("\n");
const MUTATIONS: [string, Mutation][] = [
  ["drop a line", (t, r) => { const l = lines(t); l.splice(1 + r(Math.max(1, l.length - 2)), 1); return l.join("\n"); }],
  ["value → list", (t, r) => { const l = lines(t); const i = 1 + r(Math.max(1, l.length - 2)); l[i] = l[i]!.replace(/: (.+)$/, ": [$1, 2]"); return l.join("\n"); }],
  ["value → null", (t, r) => { const l = lines(t); const i = 1 + r(Math.max(1, l.length - 2)); l[i] = l[i]!.replace(/: (.+)$/, ": null"); return l.join("\n"); }],
  ["value → number", (t, r) => { const l = lines(t); const i = 1 + r(Math.max(1, l.length - 2)); l[i] = l[i]!.replace(/: (.+)$/, ": -7.5"); return l.join("\n"); }],
  ["value → mapping", (t, r) => { const l = lines(t); const i = 1 + r(Math.max(1, l.length - 2)); l[i] = l[i]!.replace(/: (.+)$/, ": {a: 1}"); return l.join("\n"); }],
  ["tab indentation", (t, r) => { const l = lines(t); const i = 1 + r(Math.max(1, l.length - 2)); l[i] = "\t" + l[i]; return l.join("\n"); }],
  ["unclosed quote", (t, r) => { const l = lines(t); const i = 1 + r(Math.max(1, l.length - 2)); l[i] = l[i]! + ' "unclosed'; return l.join("\n"); }],
  ["unclosed bracket", (t, r) => { const l = lines(t); const i = 1 + r(Math.max(1, l.length - 2)); l[i] = l[i]!.replace(/: (.*)$/, ": [$1"); return l.join("\n"); }],
  ["truncated", (t, r) => t.slice(0, 1 + r(Math.max(1, t.length - 1)))],
  ["invalid UTF-8", (t, r) => { const b = Buffer.from(t); const i = r(b.length); return Buffer.concat([b.subarray(0, i), Buffer.from([0xff, 0xfe, 0xc3]), b.subarray(i)]); }],
  ["control characters", (t, r) => { const i = r(t.length); return t.slice(0, i) + "\u001b[31m\u0007\u0000" + t.slice(i); }],
  ["duplicate key", (t) => { const l = lines(t); const i = l.findIndex((x, k) => k > 0 && /^[a-z_]+:/.test(x)); if (i > 0) l.splice(i, 0, l[i]!); return l.join("\n"); }],
  ["alias bomb", (t) => t.replace(/\n/, "\nbomb_a: &a [x, x, x, x, x, x, x, x, x, x]\nbomb_b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nbomb_c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nbomb_d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\nbomb_e: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n")],
  ["empty", () => ""],
  ["no frontmatter end", (t) => t.replace(/\n---\n/, "\n")],
  ["deep nesting", (t) => t.replace(/\n/, "\ndeep: " + "[".repeat(300) + "]".repeat(300) + "\n")],
];

test(`${VARIANTS} malformed variants across every kind: no stack trace, no partial write, no vault write, the right file blamed`, () => {
  const d = builtDemo();
  const vault = treeHash(d.vault);
  const env = { AKMS_GLOBAL_VAULT: d.vault, SOURCE_DATE_EPOCH: "1767225600" };
  const draw = seededRandom(16);
  const stats = { runs: 0, stackTraces: 0, partialWrites: 0, vaultWrites: 0, wrongBlame: 0 };
  const failures: string[] = [];
  for (let v = 0; v < VARIANTS; v++) {
    const kind = KINDS[v % KINDS.length]!;
    const [mname, mutate] = MUTATIONS[Math.floor(v / KINDS.length) % MUTATIONS.length]!;
    const abs = join(d.repo, kind.file);
    const original = readFileSync(abs);
    const mutated = mutate(original.toString("utf8"), draw);
    writeFileSync(abs, mutated);
    try {
      for (const args of kind.commands(kind.file)) {
        const before = snapshot(d.knowledge);
        const vaultBefore = treeHash(d.vault);
        const r = akms([...args, "--json"], { cwd: d.repo, env });
        stats.runs++;
        const label = `${kind.name} / ${mname} / akms ${args.join(" ")}`;
        if (/\n\s+at \S+ \(|error\[BUG\]|"code": "BUG"/.test(r.stdout + r.stderr) || r.code < 0 || r.code > 3) {
          stats.stackTraces++;
          failures.push(`${label}: exit ${r.code}: ${(r.stderr || r.stdout).slice(0, 300)}`);
        }
        if (treeHash(d.vault) !== vaultBefore) {
          stats.vaultWrites++;
          failures.push(`${label}: the vault changed`);
        }
        if (r.code !== 0) {
          const after = snapshot(d.knowledge);
          const changed = [...new Set([...before.keys(), ...after.keys()])].filter((k) => before.get(k) !== after.get(k) && !k.startsWith("graph/.cache/") && !k.startsWith("graph/.qmd_cache/"));
          if (changed.length) {
            stats.partialWrites++;
            failures.push(`${label}: exit ${r.code} but wrote ${changed.join(", ")}`);
          }
          const err = r.json?.error ?? null;
          const named = JSON.stringify(r.json ?? {});
          const base = kind.file.split("/").pop()!;
          if (r.code === 1 && err && !named.includes(base)) {
            stats.wrongBlame++;
            failures.push(`${label}: the refusal does not name ${base}: ${JSON.stringify(err).slice(0, 300)}`);
          }
        }
      }
    } finally {
      writeFileSync(abs, original);
    }
  }
  if (treeHash(d.vault) !== vault) failures.push("the vault differs from its first state after the battery");
  process.stdout.write(`# malformed: ${VARIANTS} variants, ${stats.runs} runs; stack traces ${stats.stackTraces}, partial writes ${stats.partialWrites}, vault writes ${stats.vaultWrites}, wrong-file blame ${stats.wrongBlame}\n`);
  assert.deepEqual(failures.slice(0, 12), []);
});
