// Bad input to `akms build`, one artifact kind and one defect at a time: each is a clear error
// naming file, line and field (or the warning the spec names), never a stack trace, never a
// partial write — knowledge/ is byte-identical afterwards and the global vault untouched.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { akms, scratch, snapshot, tmp, treeHash, write, writeNode } from "../helpers.js";
import { OVERLAY, aliasBomb, globalNode, localNode, mirrorNode } from "../fixtures-text.js";

const STACK = /^\s{4}at /m;

type Scratch = ReturnType<typeof scratch>;

/** A repo that builds cleanly (global alpha, local beta, a mirror node, an overlay), built once. */
let template: Scratch | null = null;
function good(): Scratch {
  if (!template) {
    const s = scratch();
    write(join(s.vault, "alpha.md"), globalNode("alpha"));
    write(join(s.knowledge, "local-nodes", "beta.md"), localNode("beta"));
    write(join(s.knowledge, "code-mirror", "a.md"), mirrorNode());
    write(join(s.knowledge, "sessions", "t1.md"), "# t1\n");
    write(join(s.knowledge, "graph", "local_state.yaml"), OVERLAY);
    const r = akms(["build", "--repo", s.repo, "--vault", s.vault, "--json"]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.deepEqual(r.json.warnings, []);
    template = s;
  }
  // A copy of the built template: its graph.json and build cache are a previous good build's.
  const dir = tmp("akms-bad-");
  cpSync(template.dir, dir, { recursive: true });
  return { dir, vault: join(dir, "vault"), repo: join(dir, "repo"), knowledge: join(dir, "repo", "knowledge") };
}

interface Case {
  name: string;
  break: (s: Scratch) => void;
  /** Patterns the human error output (stderr) must show. */
  expect: RegExp[];
  code?: string;
}

function failsCleanly(c: Case): void {
  const s = good();
  c.break(s);
  const before = snapshot(s.knowledge);
  const vault = treeHash(s.vault);
  const graph = readFileSync(join(s.knowledge, "graph", "graph.json"));
  const r = akms(["build", "--repo", s.repo, "--vault", s.vault]);
  assert.equal(r.code, 1, `${c.name}: ${r.stdout}${r.stderr}`);
  assert.equal(r.stdout, "", c.name);
  for (const re of c.expect) assert.match(r.stderr, re, `${c.name}:\n${r.stderr}`);
  assert.doesNotMatch(r.stderr, STACK, c.name);
  assert.doesNotMatch(r.stderr, /error\[BUG\]/, c.name);
  assert.deepEqual(snapshot(s.knowledge), before, `${c.name}: knowledge/ changed`);
  assert.deepEqual(readFileSync(join(s.knowledge, "graph", "graph.json")), graph);
  assert.equal(treeHash(s.vault), vault, `${c.name}: the vault changed`);
  if (c.code) {
    const j = akms(["build", "--repo", s.repo, "--vault", s.vault, "--json"]);
    assert.equal(j.code, 1);
    assert.equal(j.json.ok, false);
    assert.equal(j.json.error.code, c.code, c.name);
    assert.deepEqual(snapshot(s.knowledge), before);
  }
}

const vaultFile = (s: Scratch, name: string, text: string | Buffer) => writeFileSync(join(s.vault, name), text);
const localFile = (s: Scratch, name: string, text: string) => write(join(s.knowledge, "local-nodes", name), text);

const CASES: Case[] = [
  {
    name: "global node: malformed YAML",
    break: (s) => vaultFile(s, "bad.md", "---\nid: bad\ntitle: [unclosed\ndomain: d\n---\n"),
    expect: [/bad\.md:\d+: invalid YAML/],
  },
  {
    name: "global node: wrong types",
    break: (s) => vaultFile(s, "bad.md", globalNode("bad").replace("confidence: 0.8", "confidence: high").replace("tags: [spectral]", "tags: spectral")),
    expect: [/bad\.md:5: tags: must be a list of tags/, /bad\.md:7: confidence: must be a number between 0\.0 and 1\.0/],
  },
  {
    name: "global node: missing required fields",
    break: (s) => vaultFile(s, "bad.md", globalNode("bad").replace("domain: demo\n", "").replace("source: human\n", "")),
    expect: [/bad\.md:\d+: domain: is required but missing/, /bad\.md:\d+: source: is required but missing \(must be one of human \| agent \| hybrid \| generated\)/],
  },
  {
    name: "global node: wrong schema version",
    break: (s) => vaultFile(s, "bad.md", globalNode("bad").replace("akms_schema: v2", "akms_schema: v1")),
    expect: [/error\[SCHEMA_VERSION\]: .*bad\.md:9: akms_schema is "v1", expected "v2" — this tool reads AKMS v2 only/],
    code: "SCHEMA_VERSION",
  },
  {
    name: "two nodes without akms_schema (written by hand): said missing, both files named",
    break: (s) => {
      vaultFile(s, "bad.md", globalNode("bad").replace("akms_schema: v2\n", ""));
      vaultFile(s, "worse.md", globalNode("worse").replace("akms_schema: v2\n", ""));
    },
    expect: [
      /error\[SCHEMA_VERSION\]: .*bad\.md:2: akms_schema is missing; every AKMS v2 file carries `akms_schema: v2` \(and 1 more file, listed below\) — add the line `akms_schema: v2`/,
      /\n {2}.*worse\.md:2: akms_schema is missing/,
      // Not `akms migrate`: it migrates files stamped v1, and says there is nothing to migrate here.
      /add the line `akms_schema: v2` to the frontmatter$/m,
    ],
    code: "SCHEMA_VERSION",
  },
  {
    name: "global node: path-like id ../x",
    break: (s) => vaultFile(s, "x.md", globalNode('"../x"')),
    expect: [/x\.md:2: id: must match \^\[a-z0-9\]/],
  },
  {
    name: "global node: path-like id a/b",
    break: (s) => vaultFile(s, "ab.md", globalNode('"a/b"')),
    expect: [/ab\.md:2: id: must match/],
  },
  {
    name: "global node: upper-case id",
    break: (s) => vaultFile(s, "up.md", globalNode("Alpha2")),
    expect: [/up\.md:2: id: must match/],
  },
  {
    name: "global node: an edge to a path-like id",
    break: (s) => vaultFile(s, "e.md", globalNode("e", "edges:\n  - to: ../../etc\n    type: requires\n    weight: 1.0\n")),
    expect: [/e\.md:10: edges\[0\]\.to: must match/],
  },
  {
    name: "global node: YAML alias bomb",
    break: (s) => vaultFile(s, "bomb.md", `---\nid: bomb\n${aliasBomb()}akms_schema: v2\n---\n`),
    expect: [/bomb\.md: the YAML expands to too many values \(alias bomb\?\)/],
  },
  {
    name: "global node: oversized file",
    break: (s) => vaultFile(s, "big.md", globalNode("big") + "x".repeat(8 * 1024 * 1024)),
    expect: [/big\.md: file is too large/],
  },
  {
    name: "global node: oversized frontmatter",
    break: (s) => vaultFile(s, "bigfm.md", `---\nid: bigfm\ntitle: "${"y".repeat(4 * 1024 * 1024)}"\n---\n`),
    expect: [/bigfm\.md: YAML is too large/],
  },
  {
    name: "global node: non-UTF-8 bytes",
    break: (s) => vaultFile(s, "latin.md", Buffer.from(globalNode("latin").replace('"Alpha"', '"Caf\xe9"'), "latin1")),
    expect: [/latin\.md:3: the file is not valid UTF-8/],
  },
  {
    name: "global node: empty file",
    break: (s) => vaultFile(s, "empty.md", ""),
    expect: [/empty\.md:1: no YAML frontmatter found/],
  },
  {
    name: "global node: no frontmatter",
    break: (s) => vaultFile(s, "plain.md", "# Just Markdown\n\nNo fields.\n"),
    expect: [/plain\.md:1: no YAML frontmatter found — start the file with a line `---`/],
  },
  {
    name: "global node: experiential fields",
    break: (s) => vaultFile(s, "exp.md", globalNode("exp", "activations: 4\nsession_refs: [sessions/t1.md]\n")),
    expect: [/exp\.md:9: activations: experiential fields are not allowed in a global node/, /exp\.md:10: session_refs: experiential/],
  },
  {
    name: "global node: source generated",
    break: (s) => vaultFile(s, "gen.md", globalNode("gen").replace("source: human", "source: generated")),
    expect: [/gen\.md:8: source: `generated` is reserved for code-mirror nodes/],
  },
  {
    name: "local node: source generated",
    break: (s) => localFile(s, "gen.md", localNode("gen", { source: "generated" })),
    expect: [/knowledge\/local-nodes\/gen\.md:8: source: a local node's source must be agent or human/],
  },
  {
    name: "local node: wrong schema version",
    break: (s) => localFile(s, "old.md", localNode("old").replace("akms_schema: v2", "akms_schema: v1")),
    expect: [/error\[SCHEMA_VERSION\]: knowledge\/local-nodes\/old\.md:9/],
    code: "SCHEMA_VERSION",
  },
  {
    name: "local node: reserved domain",
    break: (s) => localFile(s, "dom.md", localNode("dom").replace("domain: demo", "domain: session")),
    expect: [/dom\.md:4: domain: `session` and `code-mirror` are system-reserved domains/],
  },
  {
    name: "code-mirror node: tags",
    break: (s) => write(join(s.knowledge, "code-mirror", "b.md"), mirrorNode("tags: [python]\n").replace("mirror-a", "mirror-b")),
    expect: [/knowledge\/code-mirror\/b\.md:13: tags: a code-mirror node has no tags \(spec §4\.7\)/],
  },
  {
    name: "code-mirror node: missing source_file",
    break: (s) => write(join(s.knowledge, "code-mirror", "c.md"), mirrorNode().replace("mirror-a", "mirror-c").replace("source_file: src/a.py\n", "")),
    expect: [/code-mirror\/c\.md:\d+: source_file: is required but missing/],
  },
  {
    name: "overlay: non-empty suppressed_edges",
    break: (s) => writeFileSync(join(s.knowledge, "graph", "local_state.yaml"), OVERLAY.replace("suppressed_edges: []", "suppressed_edges:\n  - {from: alpha, to: beta}")),
    expect: [/the overlay knowledge\/graph\/local_state\.yaml is invalid/, /local_state\.yaml:19: suppressed_edges: is reserved in v2 and MUST be an empty list \[\]/],
  },
  {
    name: "overlay: malformed YAML",
    break: (s) => writeFileSync(join(s.knowledge, "graph", "local_state.yaml"), OVERLAY.replace("    activations: 2\n", "   activations: 2\n")),
    expect: [/local_state\.yaml:6: invalid YAML/],
  },
  {
    name: "overlay: wrong types",
    break: (s) => writeFileSync(join(s.knowledge, "graph", "local_state.yaml"), OVERLAY.replace("activations: 2", "activations: many")),
    expect: [/local_state\.yaml:6: nodes\.alpha\.activations: must be an integer/],
  },
  {
    name: "overlay: path-like node key",
    break: (s) => writeFileSync(join(s.knowledge, "graph", "local_state.yaml"), OVERLAY.replace("  alpha:\n", '  "a/b":\n')),
    expect: [/local_state\.yaml:4: nodes\.a\/b: the key "a\/b" must match/],
  },
  {
    name: "overlay: wrong schema version",
    break: (s) => writeFileSync(join(s.knowledge, "graph", "local_state.yaml"), OVERLAY.replace("akms_schema: v2", "akms_schema: v3")),
    expect: [/error\[SCHEMA_VERSION\]: knowledge\/graph\/local_state\.yaml:1/],
    code: "SCHEMA_VERSION",
  },
  {
    name: "overlay: YAML alias bomb",
    break: (s) => writeFileSync(join(s.knowledge, "graph", "local_state.yaml"), `akms_schema: v2\n${aliasBomb()}`),
    expect: [/local_state\.yaml: the YAML expands to too many values/],
  },
  {
    name: "overlay: non-UTF-8 bytes",
    break: (s) =>
      writeFileSync(join(s.knowledge, "graph", "local_state.yaml"), Buffer.concat([Buffer.from(OVERLAY.replace("repo_id: demo", 'repo_id: "')), Buffer.from([0xff]), Buffer.from('"\n')])),
    expect: [/local_state\.yaml:\d+: the file is not valid UTF-8/],
  },
  {
    name: "overlay: empty file",
    break: (s) => writeFileSync(join(s.knowledge, "graph", "local_state.yaml"), ""),
    expect: [/local_state\.yaml:1: the overlay is empty/],
  },
  {
    name: "config: bad enum value",
    break: (s) => write(join(s.knowledge, "graph", "propagation_config.yaml"), "akms_schema: v2\ntag_derivation:\n  title_match: fuzzy\n"),
    expect: [/error\[CONFIG\]: .*knowledge\/graph\/propagation_config\.yaml:3: tag_derivation\.title_match: config key `tag_derivation\.title_match` must be whole_word or substring/],
    code: "CONFIG",
  },
  {
    name: "config: bad rank formula",
    break: (s) =>
      write(join(s.knowledge, "graph", "propagation_config.yaml"), "akms_schema: v2\nquery_roles:\n  implementer:\n    edge_types: [requires]\n    rank_formula: import os\n"),
    expect: [/propagation_config\.yaml:5: query_roles\.implementer\.rank_formula: invalid query_roles\.implementer\.rank_formula/],
    code: "CONFIG",
  },
  {
    name: "config: non-UTF-8 bytes",
    break: (s) => writeFileSync(join(s.knowledge, "graph", "propagation_config.yaml"), Buffer.from("akms_schema: v2\norchestrator:\n  plan_name: \"\xe9\"\n", "latin1")),
    expect: [/propagation_config\.yaml:3: the file is not valid UTF-8/],
    code: "ENCODING",
  },
  {
    name: "local node: a symbolic link that loops",
    break: (s) => {
      symlinkSync("loop-b.md", join(s.knowledge, "local-nodes", "loop-a.md"));
      symlinkSync("loop-a.md", join(s.knowledge, "local-nodes", "loop-b.md"));
    },
    expect: [/local-nodes\/loop-a\.md: cannot be read: a symbolic link that loops \(too many levels of links\) — remove the link, or point it at a file/, /local-nodes\/loop-b\.md: cannot be read/],
    code: "VALIDATION",
  },
  {
    name: "global node: a symbolic link whose target is gone",
    break: (s) => symlinkSync("no-such-target.md", join(s.vault, "dangling.md")),
    expect: [/dangling\.md: no such file \(or a symbolic link whose target is gone\) — check the path; remove a dangling link or restore its target/],
    code: "VALIDATION",
  },
];

for (const c of CASES) {
  test(`build rejects bad input cleanly — ${c.name}`, () => failsCleanly(c));
}

test("a file given on the command line that is a looping link is named, with what to do, by every command that reads one", () => {
  const s = good();
  const loop = join(s.dir, "loop.md");
  symlinkSync(join(s.dir, "loop2.md"), loop);
  symlinkSync(loop, join(s.dir, "loop2.md"));
  const base = ["--repo", s.repo, "--vault", s.vault];
  for (const argv of [["validate", loop], ["update", loop], ["record", loop], ["derive-tags", "--task", loop], ["query", "--task", loop]]) {
    const r = akms([...argv, ...base]);
    assert.equal(r.code, 1, `${argv[0]}: ${r.stdout}${r.stderr}`);
    assert.match(r.stdout + r.stderr, /loop\.md: cannot be read|cannot read .*loop\.md/, argv[0]);
    assert.doesNotMatch(r.stderr, /error\[BUG\]/, argv[0]);
    assert.doesNotMatch(r.stderr, STACK, argv[0]);
  }
});

test("status names a local node file it cannot read (a looping link) and reports the rest", () => {
  const s = good();
  symlinkSync("loop-b.md", join(s.knowledge, "local-nodes", "loop-a.md"));
  symlinkSync("loop-a.md", join(s.knowledge, "local-nodes", "loop-b.md"));
  const r = akms(["status", "--repo", s.repo, "--vault", s.vault, "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const named = r.json.problems.filter((p: { file: string }) => p.file.startsWith("knowledge/local-nodes/"));
  assert.deepEqual(
    named.map((p: { file: string }) => p.file),
    ["knowledge/local-nodes/loop-a.md", "knowledge/local-nodes/loop-b.md"],
  );
  assert.match(named[0].message, /a symbolic link that loops/);
  const text = akms(["status", "--repo", s.repo, "--vault", s.vault]);
  assert.match(text.stdout, /Could not read \(\d+\)\n(  .*\n)*  knowledge\/local-nodes\/loop-a\.md: cannot be read: a symbolic link that loops/);
});

test("build reports every bad file of a run at once", () => {
  const s = good();
  vaultFile(s, "b1.md", "---\nid: b1\nakms_schema: v2\n---\n");
  vaultFile(s, "b2.md", globalNode("b2", "auto_update: true\n"));
  localFile(s, "b3.md", localNode("b3", { source: "generated" }));
  const r = akms(["build", "--repo", s.repo, "--vault", s.vault]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /3 node files are invalid; graph\.json was not changed/);
  for (const f of ["b1.md", "b2.md", "b3.md"]) assert.match(r.stderr, new RegExp(f.replace(".", "\\.")));
});

test("`..`, absolute and symlinked-out content_refs are MISSING_CONTENT_REF warnings and never resolved", () => {
  const s = good();
  const secret = write(join(s.dir, "secret.md"), "top secret\n");
  writeNode(s.vault, { id: "up", extra: "content_ref: ../secret.md" });
  writeNode(s.vault, { id: "abs", extra: `content_ref: ${secret}` });
  symlinkSync(secret, join(s.vault, "link.txt"));
  writeNode(s.vault, { id: "sym", extra: "content_ref: link.txt" });
  writeNode(join(s.knowledge, "local-nodes"), { id: "lup", source: "human", status: "tentative", extra: "content_ref: ../../secret.md" });
  write(join(s.vault, "docs", "ok.md"), "inside\n");
  writeNode(s.vault, { id: "fine", extra: "content_ref: docs/ok.md" });
  const vault = treeHash(s.vault);
  const r = akms(["build", "--repo", s.repo, "--vault", s.vault, "--json"]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const missing = r.json.warnings.filter((w: { code: string }) => w.code === "MISSING_CONTENT_REF").map((w: { node: string }) => w.node).sort();
  assert.deepEqual(missing, ["abs", "lup", "sym", "up"]);
  const text = readFileSync(join(s.knowledge, "graph", "graph.json"), "utf8");
  assert.doesNotMatch(text, /top secret/);
  assert.equal(treeHash(s.vault), vault);
});

test("--repo that is a file or a looping link is a usage error naming it, for any command", () => {
  const s = good();
  const file = write(join(s.dir, "not-a-repo"), "x\n");
  const loop = join(s.dir, "loop-repo");
  symlinkSync(join(s.dir, "loop-repo2"), loop);
  symlinkSync(loop, join(s.dir, "loop-repo2"));
  for (const [repo, why] of [
    [file, /--repo .*not-a-repo is not a directory/],
    [loop, /--repo .*loop-repo: cannot be read: a symbolic link that loops/],
  ] as const) {
    for (const argv of [["build"], ["query", "--tags", "alpha"], ["status"]]) {
      const r = akms([...argv, "--repo", repo, "--vault", s.vault]);
      assert.equal(r.code, 2, `${argv[0]} ${repo}: ${r.stderr}`);
      assert.match(r.stderr, why);
      assert.doesNotMatch(r.stderr, /error\[BUG\]/);
    }
  }
});

test("a vault the user named that is not a directory or holds no node is an error for a build that would drop the graph's global nodes (graph.json kept) unless --allow-empty-vault; a first build goes on (cold start); the default one may be missing", () => {
  const s = good();
  assert.equal(akms(["build", "--repo", s.repo, "--vault", s.vault]).code, 0);
  const graph = readFileSync(join(s.knowledge, "graph", "graph.json"));
  const missing = join(s.dir, "no-such-vault");
  const r = akms(["build", "--repo", s.repo, "--vault", missing, "--json"]);
  assert.equal(r.code, 1, r.stdout);
  assert.equal(r.json.error.code, "VAULT");
  assert.match(r.json.error.message, /^the global vault .*no-such-vault \(--vault\) is not a directory: no global node was compiled, and graph\.json holds global nodes: a build now would drop them, so graph\.json was not rewritten$/);
  assert.match(r.json.error.hint, /--allow-empty-vault/);
  assert.deepEqual(readFileSync(join(s.knowledge, "graph", "graph.json")), graph, "graph.json kept");
  const empty = tmp("akms-empty-vault-");
  const e = akms(["build", "--repo", s.repo, "--vault", empty, "--json"]);
  assert.equal(e.json.error.code, "VAULT");
  assert.match(e.json.error.message, /holds no node file/);
  const allowed = akms(["build", "--repo", s.repo, "--vault", missing, "--allow-empty-vault", "--json"]);
  assert.equal(allowed.code, 0, allowed.stderr);
  assert.match(allowed.json.vault_warning, /^the global vault .*no-such-vault \(--vault\) is not a directory: no global node was compiled$/);
  // The build with --allow-empty-vault has dropped the global nodes: a later one is a cold start again.
  assert.equal(akms(["build", "--repo", s.repo, "--vault", s.vault]).code, 0);
  const env = akms(["build", "--repo", s.repo, "--json"], { env: { AKMS_GLOBAL_VAULT: write(join(s.dir, "vault-file"), "x\n") } });
  assert.match(env.json.error.message, /\(\$AKMS_GLOBAL_VAULT\) is not a directory/);
  const fine = akms(["build", "--repo", s.repo, "--vault", s.vault, "--json"]);
  assert.equal(fine.json.vault_warning, null);
  const home = tmp("akms-home-");
  const dflt = akms(["build", "--repo", s.repo, "--json"], { env: { HOME: home, AKMS_GLOBAL_VAULT: undefined } });
  assert.equal(dflt.code, 0, dflt.stderr);
  assert.equal(dflt.json.vault_warning, null, "the default vault may not exist yet");
});

test("a reader with a mistyped vault answers from the kept graph and says why (its recompile refuses to drop the global nodes); a review action then patches that graph, never dropping them", () => {
  const s = good();
  const graphFile = join(s.knowledge, "graph", "graph.json");
  const graph = readFileSync(graphFile);
  const missing = join(s.dir, "no-such-vault");
  const q = akms(["query", "--tags", "spectral", "--repo", s.repo, "--vault", missing, "--json"]);
  assert.equal(q.code, 0, q.stderr);
  assert.match(q.stderr, /could not be recompiled \(VAULT: the global vault .*no-such-vault \(--vault\) is not a directory/);
  assert.ok(q.json.nodes.some((n: { id: string }) => n.id === "alpha"), "the answer keeps the global node");
  assert.deepEqual(readFileSync(graphFile), graph, "graph.json kept by the reader");
  const d = akms(["draft", "alpha", "--repo", s.repo, "--vault", missing, "--json"]);
  assert.equal(d.code, 0, d.stderr);
  assert.equal(d.json.compiled.reason, "kept");
  const alpha = (JSON.parse(readFileSync(graphFile, "utf8")) as { nodes: { id: string; node_origin: string; status: string }[] }).nodes.find((n) => n.id === "alpha");
  assert.deepEqual([alpha?.node_origin, alpha?.status], ["global", "draft"], "the global node is still in graph.json, drafted");
  assert.equal(akms(["build", "--repo", s.repo, "--vault", missing, "--json"]).json.error.code, "VAULT");
});
