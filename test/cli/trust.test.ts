// The review gate's trust fixes (issue 16), each pinned: spec examples accepted, task ids that differ
// only by case refused, a wrong directory refused with nothing written.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { akms, builtDemo, ROOT, scratch, snapshot, tmp, write, writeNode } from "../helpers.js";
import { memoryText } from "../mcp/memory-text.js";
import { blankGeneratedAt } from "../../core/graph-file/version.js";

const EXAMPLES = join(ROOT, "fixtures", "spec-examples");
const KIND: Record<string, string> = {
  "lippmann-schwinger.md": "global-node",
  "my-concept.md": "global-node",
  "TASK-101.md": "agent-memory",
  "TASK-302.json": "task",
  "loadout.md": "loadout",
  "mirror-solvers-fft-green.md": "mirror-node",
};

test("every example copied from the spec validates, without a warning", () => {
  const files = readdirSync(EXAMPLES).filter((f) => f !== "README.md").sort();
  assert.deepEqual(files, Object.keys(KIND).sort());
  for (const f of files) {
    const r = akms(["validate", join(EXAMPLES, f), "--kind", KIND[f]!, "--json"]);
    assert.equal(r.code, 0, `${f}: ${r.stdout}`);
    assert.deepEqual(r.json.files[0].errors, [], f);
    assert.deepEqual(r.json.files[0].warnings, [], f);
  }
});

test("an AgentMemory with an upper-case task id applies; a second differing only by case is refused", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault };
  const a = write(join(d.knowledge, "sessions", "TASK-501.md"), memoryText("TASK-501"));
  const r = akms(["update", a, "--json"], { cwd: d.repo, env });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.equal(r.json.documents[0].session, "session-task-501");
  const b = write(join(d.knowledge, "sessions", "task-501.md"), memoryText("task-501"));
  const before = snapshot(d.knowledge);
  const r2 = akms(["update", b, "--json"], { cwd: d.repo, env });
  assert.equal(r2.code, 1);
  assert.equal(r2.json.error.code, "TASK_ID_CASE", r2.stdout);
  assert.deepEqual(snapshot(d.knowledge), before, "nothing changed");
});

test("review, review --report, status and mcp in a directory with no knowledge/ refuse and write nothing", () => {
  const dir = tmp("akms-wrongdir-");
  write(join(dir, "README.md"), "not a repository of ours\n");
  for (const args of [["review", "--report"], ["status"], ["mcp"]]) {
    const r = akms([...args, "--repo", dir, "--json"], { input: "" });
    assert.equal(r.code, 1, `${args.join(" ")}: ${r.stdout}`);
    assert.equal(r.json.error.code, "NOT_FOUND");
    assert.match(r.json.error.message, /no knowledge\/ here/);
    assert.match(r.json.error.hint, /akms init/);
    assert.deepEqual([...snapshot(dir).keys()], ["README.md"], `${args.join(" ")} wrote nothing`);
  }
});

test("reading_priority pitfalls-only gives the agent the node's pitfalls, in every mode, and the table says so", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault };
  for (const mode of ["routing", "full"]) {
    for (const qmd of [[], ["--no-qmd"]]) {
      const r = akms(["loadout", "--tags", "memoization", "--mode", mode, ...qmd, "--out", `lo-${mode}-${qmd.length}.md`, "--json"], { cwd: d.repo, env });
      assert.equal(r.code, 0, r.stderr);
      const md = readFileSync(join(d.repo, `lo-${mode}-${qmd.length}.md`), "utf8");
      assert.match(md, /\| `memoization-mutable-arrays` .*\| pitfalls-only \(4 warnings under Known Pitfalls\) \|/, `${mode} ${qmd.join("")}`);
      const pitfalls = md.slice(md.indexOf("## Known Pitfalls"), md.indexOf("## Relevant Session History"));
      assert.match(pitfalls, /`memoization-mutable-arrays` \(its `## Pitfalls`, reading_priority pitfalls-only\): `lru_cache` requires hashable arguments/);
      assert.equal((pitfalls.match(/reading_priority pitfalls-only\)/g) ?? []).length, 4);
    }
  }
});

test("promoting a node with an undecided dedup merge says that the merge is still pending", () => {
  const d = builtDemo();
  const r = akms(["promote", "green-cache-key-includes-ref-medium", "--json"], { cwd: d.repo, env: { AKMS_GLOBAL_VAULT: d.vault } });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.json.message, /1 dedup merge into green-cache-key-includes-ref-medium \(from session-task-102\) still pending/);
  assert.match(r.json.message, /akms dedup accept\|reject green-cache-key-includes-ref-medium/);
});

test("a node with context_size: large and no ## Summary is an error of validate, naming the fix", () => {
  const dir = tmp("akms-summary-");
  const text = "---\nid: big\ntitle: Big\ndomain: d\ntags: [t]\nstatus: established\nconfidence: 0.8\nsource: human\ncontext_size: large\nakms_schema: v2\n---\n\n# Big\n\nLots of text.\n";
  const f = write(join(dir, "big.md"), text);
  const r = akms(["validate", f, "--kind", "global-node", "--json"]);
  assert.equal(r.code, 1);
  assert.equal(r.json.files[0].errors[0].code, "MISSING_SUMMARY");
  assert.equal(r.json.files[0].errors[0].field, "context_size");
  assert.match(r.json.files[0].errors[0].hint, /## Summary/);
  writeFileSync(f, text.replace("Lots of text.", "## Summary\n\nShort.\n\n## Body\n\nLots of text."));
  assert.equal(akms(["validate", f, "--kind", "global-node"]).code, 0);
});

test("a node file that links outside its directory is refused, naming the link and its target; a link inside is compiled", () => {
  const s = scratch();
  writeNode(s.vault, { id: "inside-target", tags: ["t"] });
  const outside = join(s.dir, "elsewhere");
  writeNode(outside, { id: "smuggled", tags: ["t"] });
  mkdirSync(join(s.knowledge, "local-nodes"), { recursive: true });
  symlinkSync(join(outside, "smuggled.md"), join(s.vault, "smuggled.md"));
  symlinkSync(join(outside, "smuggled.md"), join(s.knowledge, "local-nodes", "smuggled-local.md"));
  mkdirSync(join(s.vault, "sub"));
  writeNode(join(s.vault, "sub"), { id: "deep", tags: ["t"] });
  symlinkSync(join(s.vault, "sub", "deep.md"), join(s.vault, "deep.md"));
  const env = { AKMS_GLOBAL_VAULT: s.vault };
  const r = akms(["build", "--repo", s.repo, "--json"], { env });
  assert.equal(r.code, 1, r.stdout);
  const problems = r.json.error.problems as { code: string; file: string; message: string }[];
  assert.deepEqual(problems.map((p) => p.code).sort(), ["SYMLINK_OUTSIDE", "SYMLINK_OUTSIDE"]);
  assert.ok(problems.some((p) => p.file.endsWith("smuggled.md") && p.message.includes(join(outside, "smuggled.md"))), JSON.stringify(problems));
  assert.ok(problems.some((p) => p.file === "knowledge/local-nodes/smuggled-local.md"));
  const k = akms(["build", "--repo", s.repo, "--keep-going", "--json"], { env });
  assert.equal(k.code, 1, "a build that left files out says so"); // exit 1 with --keep-going when files were rejected
  assert.equal(k.json.ok, true);
  assert.equal(k.json.rejects.length, 2);
  const g = JSON.parse(readFileSync(join(s.knowledge, "graph", "graph.json"), "utf8"));
  const ids = g.nodes.map((n: { id: string }) => n.id).sort();
  assert.ok(!ids.includes("smuggled"), "nothing from outside is compiled");
  assert.ok(ids.includes("deep") && ids.includes("inside-target"), "a link inside the vault is an ordinary node file");
});

test("build and status list a large node without ## Summary as a warning; adding the section clears it, also through an edit rebuild", () => {
  const s = scratch();
  const text = "---\nid: big\ntitle: Big\ndomain: d\ntags: [t]\nstatus: established\nconfidence: 0.8\nsource: human\ncontext_size: large\nakms_schema: v2\n---\n\n# Big\n\nLots of text.\n";
  write(join(s.vault, "big.md"), text);
  writeNode(s.vault, { id: "small", tags: ["t"] });
  const env = { AKMS_GLOBAL_VAULT: s.vault };
  const b = akms(["build", "--repo", s.repo, "--json"], { env });
  assert.equal(b.code, 0, b.stdout);
  assert.deepEqual(b.json.warnings.map((w: { code: string; node: string }) => [w.code, w.node]), [["MISSING_SUMMARY", "big"]]);
  const st = akms(["status", "--repo", s.repo, "--json"], { env });
  assert.ok(st.json.sections.compile_warnings.some((w: { code: string; command?: string; fix?: string }) => w.code === "MISSING_SUMMARY"), JSON.stringify(st.json.sections.compile_warnings));
  writeFileSync(join(s.vault, "big.md"), text.replace("Lots of text.", "## Summary\n\nShort.\n\n## Body\n\nLots of text."));
  const b2 = akms(["build", "--repo", s.repo, "--json"], { env });
  assert.deepEqual(b2.json.warnings, [], "the edit rebuild sees the new section");
  const graph = () => blankGeneratedAt(readFileSync(join(s.repo, "knowledge", "graph", "graph.json"), "utf8"));
  const asCompiled = (what: string) => {
    const kept = graph();
    assert.equal(akms(["build", "--no-cache", "--repo", s.repo], { env }).code, 0);
    assert.equal(kept, graph(), `${what}: graph.json is what the full compile writes`);
  };
  asCompiled("the section added");
  writeFileSync(join(s.vault, "big.md"), text);
  assert.equal(akms(["build", "--repo", s.repo, "--json"], { env }).json.warnings[0]?.code, "MISSING_SUMMARY", "and its removal");
  asCompiled("the section removed");
  // The body fact is kept with the node's record: a build that reads no file keeps the warning.
  assert.equal(akms(["build", "--repo", s.repo, "--json"], { env }).json.warnings[0]?.code, "MISSING_SUMMARY", "a cached build keeps it");
  writeFileSync(join(s.vault, "small.md"), readFileSync(join(s.vault, "small.md"), "utf8") + "\nMore.\n");
  assert.equal(akms(["build", "--repo", s.repo, "--json"], { env }).json.warnings[0]?.code, "MISSING_SUMMARY", "another node's edit keeps it (big.md from its record)");
  asCompiled("another node edited");
  writeNode(s.vault, { id: "newer", tags: ["t"] });
  assert.equal(akms(["build", "--repo", s.repo, "--json"], { env }).json.warnings[0]?.code, "MISSING_SUMMARY", "a compile that takes big.md from its record keeps it");
  asCompiled("a node added");
});
