// An error as the CLI prints it (core/errors.ts formatError): the head, then the further problems —
// the head said once when it is the first problem itself, and the count of those left unlisted right.
import { test } from "node:test";
import assert from "node:assert/strict";
import { AkmsError, formatError, formatProblem } from "../../core/errors.js";
import { recordMemory } from "../../core/agent/record.js";
import { builtDemo } from "../helpers.js";

/** The error `akms record` refuses an AgentMemory with (its frontmatter lines), as from mem.md. */
function refused(...fields: string[]): AkmsError {
  try {
    recordMemory(builtDemo().ctx, `---\nakms_schema: v2\n${fields.join("\n")}\nnodes_used: []\nnew_knowledge: []\n---\n`, { source: "mem.md" });
  } catch (e) {
    if (e instanceof AkmsError) return e;
    throw e;
  }
  throw new Error("the AgentMemory was recorded");
}
const COMMON = ["task_id: t-1", "task_description: x", "phase_id: 1", "timestamp: 2026-12-06T10:00:00", "agent_model: m", "status: complete"];

test("an error whose head is its one problem says it once", () => {
  // One problem: a field of the wrong type.
  const e = refused(...COMMON, "loadout_used: 7", "tests_passed: 1", "tests_total: 1");
  assert.equal(e.code, "VALIDATION", String(e));
  assert.equal(e.problems.length, 1, "the document has one problem");
  const text = formatError(e);
  assert.equal(text.split("\n").length, 1, text);
  assert.match(text, /^error\[VALIDATION\]: mem\.md:\d+: loadout_used: must be a string/);
});

test("a head over several problems names their file, not the first one's line and field", () => {
  // Two problems: tests_passed and tests_total missing.
  const e = refused(...COMMON, "loadout_used: l.md");
  assert.equal(e.code, "VALIDATION", String(e));
  const [head, ...rest] = formatError(e).split("\n");
  assert.equal(head, "error[VALIDATION]: mem.md: 2 problems in the AgentMemory; nothing was recorded — each is listed in problems (field, line, fix); send the corrected document again (record_memory with dry_run: true, or `akms validate FILE`, checks it without recording)");
  assert.deepEqual(rest.map((l) => /^ {2}mem\.md:\d+: (\w+): /.exec(l)?.[1]), ["tests_passed", "tests_total"]);
});

test("further problems are listed under the head, and the ones left out are counted", () => {
  const p = (i: number) => ({ file: `f${i}.md`, line: 2, field: "akms_schema", message: "akms_schema is missing" });
  const many = Array.from({ length: 40 }, (_, i) => p(i));
  // The head is the first problem: it is not listed again, and the count is of the rest.
  const a = formatError(new AkmsError("SCHEMA_VERSION", "akms_schema is missing", { file: "f0.md", line: 2, field: "akms_schema", problems: many }));
  const listed = a.split("\n").filter((l) => l.startsWith("  f"));
  assert.equal(listed[0], "  f1.md:2: akms_schema is missing");
  const more = /… and (\d+) more/.exec(a);
  assert.equal(listed.length + Number(more?.[1] ?? 0), 39, a);
  // A head of its own (a summary): every problem is listed or counted.
  const b = formatError(new AkmsError("VALIDATION", "40 problems", { problems: many }));
  const listedB = b.split("\n").filter((l) => l.startsWith("  f"));
  assert.equal(listedB[0], "  f0.md:2: akms_schema is missing");
  assert.equal(listedB.length + Number(/… and (\d+) more/.exec(b)?.[1] ?? 0), 40, b);
});

test("a problem names its field once: not again when its message opens with it or names it after its head", () => {
  assert.equal(formatProblem({ file: "a.md", line: 2, field: "akms_schema", message: "akms_schema is missing" }), "a.md:2: akms_schema is missing");
  assert.equal(formatProblem({ file: "a.md", line: 3, field: "tests_total", message: "is required but missing" }), "a.md:3: tests_total: is required but missing");
  assert.equal(
    formatProblem({ file: "m.md", line: 7, field: "loadout_used", message: "invalid AgentMemory: loadout_used must be a string" }),
    "m.md:7: invalid AgentMemory: loadout_used must be a string"
  );
  // A message that only starts with the same letters is not its field.
  assert.equal(formatProblem({ file: "a.md", field: "id", message: "ids must be unique" }), "a.md: id: ids must be unique");
});

test("unknown fields are counted in words that agree: 'unknown field: b', 'unknown fields: b, c'", async () => {
  const { z } = await import("zod");
  const { issuesToProblems } = await import("../../core/schema-check.js");
  const strict = z.strictObject({ a: z.string() });
  const one = strict.safeParse({ a: "x", b: 1 });
  const two = strict.safeParse({ a: "x", b: 1, c: 2 });
  assert.equal(issuesToProblems(one.error!.issues, { file: "f" })[0]!.message, "unknown field: b");
  assert.equal(issuesToProblems(two.error!.issues, { file: "f" })[0]!.message, "unknown fields: b, c");
});
