import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { akms, ROOT, scratch, snapshot, tmp, treeHash, write } from "../helpers.js";
import { parseFrontmatter } from "../../core/frontmatter.js";
import { MirrorNode } from "../../core/schemas/node.js";

type S = ReturnType<typeof scratch>;

const PY_DRIFT = `"""Green's function helpers."""


def green(k, r) -> None:
    """Evaluate the kernel.

    Args:
        k: wavenumber
        omega: angular frequency

    Returns:
        complex: the kernel value
    """
    print(k, r)


class Solver:
    """A solver."""

    def run(self, steps: int) -> int:
        """Run.

        :param steps: how many
        """
        return steps
`;

const TS_CLEAN = `/**
 * Adds.
 * @param a first
 * @param b second
 * @returns the sum
 */
export function add(a: number, b: number): number {
  return a + b;
}
`;

function mirror(s: S, args: string[], env: NodeJS.ProcessEnv = {}) {
  return akms(["mirror", "--repo", s.repo, "--vault", s.vault, "--json", ...args], { cwd: s.repo, env });
}

function knowledgeSnap(s: S): Map<string, string> {
  const snap = snapshot(s.knowledge);
  for (const k of [...snap.keys()]) if (k.startsWith("graph/.cache/")) snap.delete(k);
  return snap;
}

function gitIn(dir: string, args: string[]): string {
  const r = spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false", ...args], { cwd: dir, encoding: "utf8" });
  assert.equal(r.status, 0, `git ${args.join(" ")}: ${r.stderr}`);
  return r.stdout;
}

function config(s: S, extra: string): void {
  write(join(s.knowledge, "graph", "propagation_config.yaml"), `akms_schema: v2\n${extra}\n`);
}

test("named files: one mirror per file with spec frontmatter and drift; a re-run is byte-identical; the vault is untouched", () => {
  const s = scratch();
  write(join(s.repo, "src", "solvers", "fft", "green.py"), PY_DRIFT);
  write(join(s.repo, "src", "util", "add.ts"), TS_CLEAN);
  const vaultBefore = treeHash(s.vault);
  const r = mirror(s, ["--files", "src/solvers/fft/green.py", "--files", "src/util/add.ts", "--phase", "2"], { SOURCE_DATE_EPOCH: "1750000000" });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.deepEqual(r.json.mirrored.map((m: { mirror: string }) => m.mirror), ["knowledge/code-mirror/solvers/fft/green.md", "knowledge/code-mirror/util/add.md"]);

  const text = readFileSync(join(s.knowledge, "code-mirror", "solvers", "fft", "green.md"), "utf8");
  const fm = parseFrontmatter(text, "green.md");
  assert.ok(MirrorNode.safeParse(fm.data).success, "the mirror frontmatter validates as a MirrorNode");
  assert.equal(fm.data.id, "mirror-solvers-fft-green");
  assert.equal(fm.data.title, "Code Mirror: src/solvers/fft/green.py");
  assert.equal(fm.data.domain, "code-mirror");
  assert.equal(fm.data.status, "draft");
  assert.equal(fm.data.confidence, 1);
  assert.equal(fm.data.source, "generated");
  assert.equal(fm.data.auto_update, true);
  assert.equal(fm.data.content_ref, "code-mirror/solvers/fft/green.md");
  assert.equal(fm.data.source_file, "src/solvers/fft/green.py");
  assert.equal(fm.data.generated_at, "2025-06-15T15:06:40Z");
  assert.equal(fm.data.generated_by_phase, 2);
  assert.equal(fm.data.akms_schema, "v2");
  assert.ok(!("tags" in fm.data) && !("edges" in fm.data));
  assert.deepEqual(
    (fm.data.drift as { function: string; kind: string }[]).map((d) => `${d.function} ${d.kind}`),
    ["green return-on-none", "green unknown-parameter"],
  );
  // Per definition: docstring as Markdown, then the full source in a fenced block.
  assert.match(text, /## `green`\n\nfunction · lines 4–14 · `def green\(k, r\) -> None`/);
  assert.match(text, /Evaluate the kernel\.\n\nArgs:\n {4}k: wavenumber/);
  assert.ok(text.includes("```python\ndef green(k, r) -> None:\n    \"\"\"Evaluate the kernel."));
  assert.match(text, /## `Solver\.run`/);
  assert.equal(r.json.drift.length, 2);
  assert.equal(r.json.drift[0].source_file, "src/solvers/fft/green.py");
  assert.match(r.json.drift[1].detail, /`omega`, but the signature is \(k, r\)/);

  const ts = parseFrontmatter(readFileSync(join(s.knowledge, "code-mirror", "util", "add.md"), "utf8"), "add.md");
  assert.equal(ts.data.status, "established");
  assert.ok(!("drift" in ts.data));
  assert.match(readFileSync(join(s.knowledge, "code-mirror", "util", "add.md"), "utf8"), /```ts\nexport function add/);

  const graph = JSON.parse(readFileSync(join(s.knowledge, "graph", "graph.json"), "utf8"));
  const node = graph.nodes.find((n: { id: string }) => n.id === "mirror-solvers-fft-green");
  assert.equal(node.node_origin, "code-mirror");
  assert.equal(node.status, "draft");
  assert.equal(node.drift.length, 2);

  // Nothing changed: nothing is rewritten (cache hit), and without the cache the bytes are the same.
  const before = knowledgeSnap(s);
  const again = mirror(s, ["--files", "src/solvers/fft/green.py", "--files", "src/util/add.ts", "--phase", "3"], { SOURCE_DATE_EPOCH: "1760000000" });
  assert.equal(again.code, 0, again.stderr);
  assert.equal(again.json.mirrored.length, 0);
  assert.equal(again.json.unchanged.length, 2);
  assert.equal(again.json.drift.length, 2, "drift of unchanged files is still reported");
  assert.deepEqual(knowledgeSnap(s), before);
  rmSync(join(s.knowledge, "graph", ".cache"), { recursive: true, force: true });
  const noCache = mirror(s, ["--files", "src/solvers/fft/green.py", "--files", "src/util/add.ts"], { SOURCE_DATE_EPOCH: "1770000000" });
  assert.equal(noCache.json.mirrored.length, 0);
  assert.deepEqual(knowledgeSnap(s), before, "generated_at and generated_by_phase are kept when nothing else changed");

  // A changed source rewrites its mirror (new generated_at), and fixing the docstring clears the drift.
  write(join(s.repo, "src", "solvers", "fft", "green.py"), PY_DRIFT.replace("        omega: angular frequency\n", "        r: distance\n").replace("        complex: the kernel value\n", "        None\n"));
  const changed = mirror(s, ["--files", "src/solvers/fft/green.py"], { SOURCE_DATE_EPOCH: "1780000000" });
  assert.equal(changed.json.mirrored.length, 1);
  const fm2 = parseFrontmatter(readFileSync(join(s.knowledge, "code-mirror", "solvers", "fft", "green.md"), "utf8"), "green.md");
  assert.equal(fm2.data.status, "established");
  assert.equal(fm2.data.generated_at, "2026-05-28T20:26:40Z");
  assert.equal(fm2.data.generated_by_phase, null);
  assert.equal(treeHash(s.vault), vaultBefore);
});

test("--all without git: walks the tree (skipping node_modules, dot-dirs, venvs, knowledge); clashes keep the full path; deletions remove mirrors", () => {
  const s = scratch();
  write(join(s.repo, "src", "a.py"), "def in_src(): pass\n");
  write(join(s.repo, "a.py"), "def at_root(): pass\n");
  write(join(s.repo, "lib", "tool.mjs"), "export function tool() {}\n");
  write(join(s.repo, "lib", "types.d.ts"), "export declare function t(): void;\n");
  write(join(s.repo, "node_modules", "dep", "index.js"), "function dep() {}\n");
  write(join(s.repo, ".hidden", "x.py"), "def h(): pass\n");
  write(join(s.repo, "venv", "pyvenv.cfg"), "home = /usr\n");
  write(join(s.repo, "venv", "lib", "site.py"), "def s(): pass\n");
  write(join(s.repo, "README.md"), "# readme\n");
  const r = mirror(s, ["--all"]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const got = Object.fromEntries(r.json.mirrored.map((m: { source: string; mirror: string; id: string }) => [m.source, `${m.mirror} ${m.id}`]));
  assert.deepEqual(got, {
    "a.py": "knowledge/code-mirror/a.md mirror-a",
    "lib/tool.mjs": "knowledge/code-mirror/lib/tool.md mirror-lib-tool",
    "src/a.py": "knowledge/code-mirror/src/a.md mirror-src-a",
  });

  // The clash disappears with a.py: its mirror is removed and src/a.py's moves to code-mirror/a.md.
  rmSync(join(s.repo, "a.py"));
  const r2 = mirror(s, ["--all"]);
  assert.equal(r2.code, 0, r2.stderr);
  assert.deepEqual(
    r2.json.removed.map((x: { mirror: string; reason: string }) => `${x.mirror}: ${x.reason}`).sort(),
    ["knowledge/code-mirror/a.md: source deleted", "knowledge/code-mirror/src/a.md: renamed to knowledge/code-mirror/a.md"],
  );
  assert.ok(!existsSync(join(s.knowledge, "code-mirror", "src")), "empty mirror directories are pruned");
  const fm = parseFrontmatter(readFileSync(join(s.knowledge, "code-mirror", "a.md"), "utf8"), "a.md");
  assert.equal(fm.data.source_file, "src/a.py");
  assert.equal(fm.data.id, "mirror-a");
  const graph = JSON.parse(readFileSync(join(s.knowledge, "graph", "graph.json"), "utf8"));
  assert.deepEqual(graph.nodes.map((n: { id: string }) => n.id).sort(), ["mirror-a", "mirror-lib-tool"]);
});

test("--since in a real git repository: only the changed files, deleted sources lose their mirror, default ref is base_branch", () => {
  const s = scratch();
  gitIn(s.repo, ["init", "-q", "-b", "main"]);
  write(join(s.repo, ".gitignore"), "knowledge/graph/.cache/\n");
  write(join(s.repo, "src", "one.py"), "def one(): pass\n");
  write(join(s.repo, "src", "two.py"), "def two(): pass\n");
  write(join(s.repo, "docs", "notes.md"), "notes\n");
  gitIn(s.repo, ["add", "-A"]);
  gitIn(s.repo, ["commit", "-qm", "base"]);
  assert.equal(mirror(s, ["--all"]).code, 0);
  gitIn(s.repo, ["add", "-A"]);
  gitIn(s.repo, ["commit", "-qm", "mirrors"]);
  gitIn(s.repo, ["checkout", "-q", "-b", "phase-1"]);
  write(join(s.repo, "src", "two.py"), 'def two(x):\n    """Two.\n\n    Args:\n        y: wrong\n    """\n');
  write(join(s.repo, "src", "three.ts"), "export const three = () => 3;\n");
  write(join(s.repo, "docs", "notes.md"), "more notes\n");
  gitIn(s.repo, ["rm", "-q", "src/one.py"]);
  gitIn(s.repo, ["add", "-A"]);
  gitIn(s.repo, ["commit", "-qm", "phase 1 work"]);

  const r = mirror(s, ["--since", "main", "--phase", "1"]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.equal(r.json.mode, "since");
  assert.equal(r.json.ref, "main");
  assert.deepEqual(r.json.mirrored.map((m: { source: string }) => m.source), ["src/three.ts", "src/two.py"]);
  assert.deepEqual(r.json.removed.map((m: { source: string }) => m.source), ["src/one.py"]);
  assert.equal(r.json.drift.length, 1);
  assert.ok(!existsSync(join(s.knowledge, "code-mirror", "one.md")));

  // No selection flag: the configured base branch (main), and nothing left to do.
  const d = mirror(s, []);
  assert.equal(d.code, 0, d.stderr);
  assert.equal(d.json.ref, "main");
  assert.equal(d.json.mirrored.length, 0);
  assert.equal(d.json.unchanged.length, 2);
  config(s, "orchestrator:\n  base_branch: trunk");
  const bad = mirror(s, []);
  assert.equal(bad.code, 1);
  assert.equal(bad.json.error.code, "UNKNOWN_REF");
  assert.match(bad.json.error.message, /trunk/);
  // The configured default: the error names the setting, its file and the repository's branches to choose from.
  assert.equal(bad.json.error.field, "orchestrator.base_branch");
  assert.equal(bad.json.error.file, "knowledge/graph/propagation_config.yaml");
  assert.match(bad.json.error.hint, /set orchestrator\.base_branch to this repository's base branch \(its branches: [^)]*\bmain\b[^)]*\)/);
  assert.match(bad.json.error.hint, /--all/);
  const named = mirror(s, ["--since", "trunk"]);
  assert.equal(named.json.error.code, "UNKNOWN_REF");
  assert.equal(named.json.error.field, undefined, "a ref given with --since is the flag's, not the config's");
  const dash = mirror(s, ["--since", "--output=x"]);
  assert.notEqual(dash.code, 0);
});

test("--since without git, or outside a git repository: a clear message, nothing written", () => {
  const s = scratch();
  write(join(s.repo, "src", "x.py"), "def x(): pass\n");
  const before = snapshot(s.repo);
  const notRepo = mirror(s, ["--since", "main"]);
  assert.equal(notRepo.code, 1);
  assert.equal(notRepo.json.error.code, "NOT_A_GIT_REPO");
  assert.match(notRepo.json.error.hint, /--files|--all/);
  const emptyPath = tmp();
  const noGit = mirror(s, ["--since", "main"], { PATH: emptyPath });
  assert.equal(noGit.code, 1);
  assert.equal(noGit.json.error.code, "NO_GIT");
  assert.match(noGit.json.error.message, /git is not installed/);
  const human = akms(["mirror", "--repo", s.repo, "--vault", s.vault, "--since", "main"], { cwd: s.repo, env: { PATH: emptyPath } });
  assert.equal(human.code, 1);
  assert.match(human.stderr, /git is not installed/);
  assert.doesNotMatch(human.stderr, /at .*\.js:\d+/, "no stack trace");
  // --all falls back to a directory walk when git is missing.
  const all = mirror(s, ["--all"], { PATH: emptyPath });
  assert.equal(all.code, 0, all.stderr);
  assert.equal(all.json.mirrored.length, 1);
  const after = snapshot(s.repo);
  for (const k of before.keys()) assert.equal(after.get(k), before.get(k));
});

test("--pcd: the PCD's files_modified and files_created are mirrored at its phase; files_deleted lose their mirror", () => {
  const s = scratch();
  write(join(s.repo, "src", "kept.py"), "def kept(): pass\n");
  write(join(s.repo, "src", "gone.py"), "def gone(): pass\n");
  assert.equal(mirror(s, ["--all"]).code, 0);
  rmSync(join(s.repo, "src", "gone.py"));
  write(join(s.repo, "src", "kept.py"), "def kept(a): pass\n");
  write(join(s.repo, "src", "new.ts"), "export function fresh() {}\n");
  const pcdText = (files: string) =>
    [
      "---",
      "phase_id: 4",
      "plan_file: plans/plan.md",
      "branch: plan_phase-4",
      "date: 2026-03-05",
      "loadout_used: loadouts/phase4-loadout.md",
      'tasks: [{"task_id": "t1", "title": "T1", "tests_passed": 1, "tests_total": 1, "status": "complete", "agent_model": "m"}]',
      'overall_test_status: {"pass": 1, "total": 1}',
      'next_phase_warnings: ["none"]',
      files,
      "akms_schema: v2",
      "---",
      "",
      "# Phase 4",
      "",
    ].join("\n");
  const pcd = write(
    join(s.knowledge, "sessions", "handoff_phase_4.md"),
    pcdText(
      [
        "files_modified:",
        "  - {path: src/kept.py, changes: signature}",
        "  - {path: README.md, changes: docs}",
        "files_created:",
        "  - {path: src/new.ts, description: new}",
        "files_deleted:",
        "  - {path: src/gone.py, reason: unused}",
      ].join("\n"),
    ),
  );
  const r = mirror(s, ["--pcd", pcd]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.equal(r.json.phase, 4);
  assert.deepEqual(r.json.mirrored.map((m: { source: string }) => m.source), ["src/kept.py", "src/new.ts"]);
  assert.deepEqual(r.json.removed.map((m: { source: string }) => m.source), ["src/gone.py"]);
  assert.deepEqual(r.json.skipped.map((m: { source: string }) => m.source), ["README.md"]);
  const fm = parseFrontmatter(readFileSync(join(s.knowledge, "code-mirror", "new.md"), "utf8"), "new.md");
  assert.equal(fm.data.generated_by_phase, 4);

  const evil = write(join(s.knowledge, "sessions", "handoff_phase_5.md"), pcdText("files_modified:\n  - {path: ../outside.py, changes: x}"));
  const before = snapshot(s.knowledge);
  const e = mirror(s, ["--pcd", evil]);
  assert.equal(e.code, 1);
  assert.match(JSON.stringify(e.json.error), /files_modified\[0\]\.path.*outside the repository/);
  assert.deepEqual(snapshot(s.knowledge), before);
  const invalid = write(join(s.knowledge, "sessions", "bad.md"), "---\nphase_id: x\nakms_schema: v2\n---\n");
  const iv = mirror(s, ["--pcd", invalid]);
  assert.equal(iv.code, 1);
  assert.match(iv.json.error.message, /invalid phase completion document/);
});

test("bad named files: binary, too large, not UTF-8, outside the repository (.., absolute, symlink), missing — exit 1, nothing written", () => {
  const s = scratch();
  config(s, "mirror:\n  max_file_bytes: 200");
  write(join(s.repo, "ok.py"), "def ok(): pass\n");
  writeFileSync(join(s.repo, "blob.py"), Buffer.from([0x64, 0x65, 0x66, 0x00, 0x01, 0x02]));
  write(join(s.repo, "huge.py"), `x = "${"a".repeat(400)}"\n`);
  writeFileSync(join(s.repo, "latin.py"), Buffer.from("s = 'caf\xe9'\n", "latin1"));
  const outside = join(s.dir, "outside.py");
  write(outside, "def evil(): pass\n");
  symlinkSync(outside, join(s.repo, "link.py"));
  write(join(s.dir, "elsewhere", "other.py"), "def other(): pass\n");
  symlinkSync(join(s.dir, "elsewhere"), join(s.repo, "linkdir"));
  const before = snapshot(s.repo);
  const cases: [string, RegExp][] = [
    ["blob.py", /binary/],
    ["huge.py", /too large.*mirror\.max_file_bytes is 200/],
    ["latin.py", /not valid UTF-8/],
    ["../outside.py", /outside the repository/],
    [outside, /outside the repository/],
    ["link.py", /outside the repository/],
    ["linkdir/other.py", /outside the repository/],
    ["missing.py", /no such file/],
  ];
  for (const [f, re] of cases) {
    const r = mirror(s, ["--files", "ok.py", "--files", f]);
    assert.equal(r.code, 1, `${f}: ${r.stdout}`);
    assert.equal(r.json.ok, false);
    assert.match(JSON.stringify(r.json.error), re, f);
    assert.deepEqual(snapshot(s.repo), before, `${f}: nothing may be written`);
    const human = akms(["mirror", "--repo", s.repo, "--vault", s.vault, "--files", f], { cwd: s.repo });
    assert.equal(human.code, 1);
    assert.match(human.stderr, /^error\[/);
  }
  assert.ok(!existsSync(join(s.knowledge, "code-mirror")));
  assert.ok(!existsSync(join(s.knowledge, "graph", ".akms.lock")), "the lock is released");

  // Through --all the same files are skipped with a warning, and the rest is mirrored.
  const all = mirror(s, ["--all"]);
  assert.equal(all.code, 0, all.stderr);
  assert.deepEqual(all.json.mirrored.map((m: { source: string }) => m.source), ["ok.py"]);
  const warned = all.json.warnings.map((w: { file: string; message: string }) => `${w.file}: ${w.message}`).join("\n");
  assert.match(warned, /blob\.py: is a binary file/);
  assert.match(warned, /huge\.py: is too large/);
  assert.match(warned, /latin\.py: is not valid UTF-8/);
  assert.match(warned, /link\.py: is a symlink that leads outside/);
});

test("a source with a syntax error is mirrored as far as it parses, with a file:line warning", () => {
  const s = scratch();
  write(join(s.repo, "src", "broken.py"), "def fine():\n    return 1\n\ndef broken(:\n    pass\n\nclass After:\n    def m(self): pass\n");
  write(join(s.repo, "src", "bad.ts"), "export function fine() {}\nexport function bad( {\n");
  const r = mirror(s, ["--files", "src/broken.py", "--files", "src/bad.ts"]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const w = r.json.warnings.find((x: { file: string }) => x.file === "src/broken.py");
  assert.equal(w.line, 4);
  assert.match(w.message, /syntax error/);
  assert.ok(r.json.warnings.some((x: { file: string; line?: number }) => x.file === "src/bad.ts" && typeof x.line === "number"));
  const text = readFileSync(join(s.knowledge, "code-mirror", "broken.md"), "utf8");
  assert.match(text, /Parsed with syntax errors\*\* \(line 4/);
  assert.match(text, /## `After\.m`/);
  // Run from outside the repository: a path that is not there but is in the repository is taken
  // relative to the repository root (the form reports and PCDs print).
  const human = akms(["mirror", "--repo", s.repo, "--vault", s.vault, "--files", "src/broken.py"], { cwd: s.dir });
  assert.equal(human.code, 0, human.stderr);
  assert.match(human.stderr, /src\/broken\.py:4: syntax error/);
});

test("usage errors exit 2; a live lock holder exits 3; semantic drift without a model says so", () => {
  const s = scratch();
  write(join(s.repo, "m.py"), 'def f(a):\n    """Doc."""\n');
  assert.equal(mirror(s, ["--files", "m.py", "--all"]).code, 2);
  assert.equal(mirror(s, ["--all", "--phase", "-1"]).code, 2);
  assert.equal(mirror(s, ["stray"]).code, 2);

  mkdirSync(join(s.knowledge, "graph"), { recursive: true });
  const lock = join(s.knowledge, "graph", ".akms.lock");
  writeFileSync(lock, JSON.stringify({ pid: process.pid, host: hostname(), proc_start: null, started_at: "2026-01-01T00:00:00Z", command: "akms test" }));
  const held = mirror(s, ["--all"]);
  assert.equal(held.code, 3);
  assert.ok(!existsSync(join(s.knowledge, "code-mirror")));
  rmSync(lock);

  config(s, "mirror:\n  semantic_drift: true");
  const r = mirror(s, ["--all"]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.json.semantic.enabled, true);
  assert.equal(r.json.semantic.ran, false);
  assert.match(r.json.semantic.message, /^semantic drift check enabled but no model configured \(model_routing\)/);
  const human = akms(["mirror", "--repo", s.repo, "--vault", s.vault, "--all"], { cwd: s.repo });
  assert.match(human.stderr + human.stdout, /semantic drift check enabled but no model configured \(model_routing\)/);
});

test("parsing on worker threads gives byte-identical mirrors to parsing in one thread", () => {
  const s = scratch();
  for (const name of ["textwrap", "shlex", "argparse"]) {
    write(join(s.repo, "lib", `${name}.py`), readFileSync(join(ROOT, "fixtures", "mirror", "python", `${name}.py`), "utf8"));
  }
  write(join(s.repo, "lib", "add.ts"), TS_CLEAN);
  write(join(s.repo, "lib", "green.py"), PY_DRIFT);
  const env = { SOURCE_DATE_EPOCH: "1750000000" };
  const threaded = mirror(s, ["--all"], { ...env, AKMS_MIRROR_WORKERS: "2" });
  assert.equal(threaded.code, 0, threaded.stderr);
  assert.equal(threaded.json.parsing.workers, 2);
  assert.equal(threaded.json.mirrored.length, 5);
  const a = snapshot(join(s.knowledge, "code-mirror"));
  rmSync(s.knowledge, { recursive: true });
  const single = mirror(s, ["--all"], { ...env, AKMS_MIRROR_WORKERS: "0" });
  assert.equal(single.json.parsing.workers, 0);
  assert.deepEqual(snapshot(join(s.knowledge, "code-mirror")), a);
  assert.deepEqual(single.json.drift, threaded.json.drift);
});

test("semantic drift: only with mirror.semantic_drift true and a model command; never on the deterministic path", () => {
  const s = scratch();
  write(join(s.repo, "m.py"), 'def shuffle(xs):\n    """Sorts xs in place. CONTRADICTS"""\n    import random\n    random.shuffle(xs)\n\ndef plain(x):\n    return x\n');
  const calls = join(s.dir, "calls.log");
  const model = write(
    join(s.dir, "model.mjs"),
    `import { appendFileSync, readFileSync } from "node:fs";
const req = JSON.parse(readFileSync(0, "utf8"));
appendFileSync(${JSON.stringify(calls)}, req.function + "\\n");
process.stdout.write(JSON.stringify({ drift: req.docstring.includes("CONTRADICTS"), detail: "says sorts, code shuffles" }));
`,
  );
  const routing = `model_routing:\n  semantic_drift:\n    command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(model)}]`;
  // Configured model, check off: the deterministic path never calls it.
  config(s, `${routing}\nmirror:\n  semantic_drift: false`);
  const det = mirror(s, ["--all"]);
  assert.equal(det.code, 0, det.stderr);
  assert.equal(det.json.semantic.enabled, false);
  assert.ok(!existsSync(calls), "no model call on the deterministic path");
  assert.equal(det.json.mirrored[0].status, "established");

  config(s, `${routing}\nmirror:\n  semantic_drift: true`);
  const sem = mirror(s, ["--all"]);
  assert.equal(sem.code, 0, sem.stderr);
  assert.deepEqual(sem.json.semantic, { enabled: true, ran: true, calls: 1 });
  assert.equal(readFileSync(calls, "utf8"), "shuffle\n", "one call per documented function");
  assert.deepEqual(sem.json.drift.map((d: { function: string; kind: string }) => `${d.function} ${d.kind}`), ["shuffle semantic"]);
  const fm = parseFrontmatter(readFileSync(join(s.knowledge, "code-mirror", "m.md"), "utf8"), "m.md");
  assert.equal(fm.data.status, "draft");
  // Unchanged source: no new calls, the finding is still reported.
  const again = mirror(s, ["--all"]);
  assert.equal(again.json.semantic.calls, 0);
  assert.equal(again.json.drift.length, 1);
  assert.equal(readFileSync(calls, "utf8"), "shuffle\n");
});
