// core/qmd.ts against the real qmd CLI (BM25 `qmd search` only), plus fake broken binaries.
// Without qmd installed the real-qmd tests are skipped, unless AKMS_REQUIRE_QMD=1 (then they fail).
// Point AKMS_QMD_BIN at a qmd binary to test one that is not in node_modules/.bin or on PATH.
import { test, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, symlinkSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { delimiter, dirname, join, relative } from "node:path";
import { findQmd, hasQmdIndex, nodeTooOld, probeQmd, probeQmdAsync, qmdLaunch, qmdSearch, qmdSearchMany, QmdError, run as runQmd, runAsync as runQmdAsync, type QmdHit, type QmdStatus } from "../../core/qmd.js";
import { runConcurrently } from "../../core/qmd-runner.js";
import { AkmsError } from "../../core/errors.js";
import { shellWord } from "../../core/shell-word.js";
import { processEnded, ROOT, tmp } from "../helpers.js";
import { pathToFileURL } from "node:url";


function put(path: string, text: string): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

/** The real qmd, or null after skipping (failing when AKMS_REQUIRE_QMD=1). */
function realQmd(t: TestContext): string | null {
  const bin = findQmd();
  if (bin) return bin;
  if (process.env.AKMS_REQUIRE_QMD === "1") {
    assert.fail("AKMS_REQUIRE_QMD=1 but qmd is not installed (run `npm ci`, or set AKMS_QMD_BIN)");
  }
  t.skip("qmd not installed");
  return null;
}

/** Every file under `dir` (relative path → size and mtime), skipping `skip`. */
function snapshot(dir: string, skip: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (p === skip) continue;
      const st = statSync(p);
      if (st.isDirectory()) {
        out.set(relative(dir, p) + "/", "dir");
        walk(p);
      } else out.set(relative(dir, p), `${st.size}:${st.mtimeMs}`);
    }
  };
  walk(dir);
  return out;
}

function fakeQmd(dir: string, name: string, script: string): string {
  const p = put(join(dir, name), `#!/bin/sh\n${script}\n`);
  chmodSync(p, 0o755);
  return p;
}

test("qmdSearch: BM25 hits limited to the given files, sorted by (file, line), deterministic, state kept in stateDir", async (t) => {
  const bin = realQmd(t);
  if (!bin) return;
  const status = probeQmd();
  assert.equal(status.available, true, `qmd at ${bin} is installed but does not work: ${status.reason}`);
  assert.match(status.version ?? "", /^\d+\.\d+\.\d+/);

  const root = tmp("akms-qmd-test-");
  const home = join(root, "home");
  const xdgCache = join(root, "xdg-cache");
  const xdgConfig = join(root, "xdg-config");
  for (const d of [home, xdgCache, xdgConfig]) mkdirSync(d, { recursive: true });
  const saved = { HOME: process.env.HOME, XDG_CACHE_HOME: process.env.XDG_CACHE_HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME };
  process.env.HOME = home;
  process.env.XDG_CACHE_HOME = xdgCache;
  process.env.XDG_CONFIG_HOME = xdgConfig;
  t.after(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    rmSync(root, { recursive: true, force: true });
  });

  const vault = join(root, "vault");
  const repo = join(root, "repo");
  const local = join(repo, "knowledge", "local-nodes");
  const stateDir = join(repo, "knowledge", "graph", ".qmd_cache", "state");
  const alpha = put(join(vault, "alpha.md"), "---\nid: alpha\ntags: [x]\n---\n\n# Alpha\n\nThe frobnicator handles widgets.\nMore text.\n");
  const beta = put(join(vault, "sub", "My_Beta_File.md"), "# Beta\n\nNothing here.\n\n\n\n\nLater: frobnicator settings live in beta.\n");
  const excluded = put(join(vault, "excluded.md"), "# Excluded\n\nfrobnicator frobnicator frobnicator\n");
  const gamma = put(join(local, "gamma.md"), "# Gamma\n\nA local frobnicator note.\n");
  const quiet = put(join(local, "quiet.md"), "# Quiet\n\nNo match in this one.\n");
  const files = [alpha, beta, gamma, quiet];
  mkdirSync(dirname(stateDir), { recursive: true }); // knowledge/graph/.qmd_cache exists in a real repository
  const collections = [
    { name: "vault", dir: vault },
    { name: "local", dir: local },
  ];
  const before = snapshot(root, stateDir);

  const hits = qmdSearch(bin, { stateDir, collections, query: "frobnicator", files });
  assert.deepEqual(hits.map((h) => h.file), [gamma, alpha, beta].sort());
  assert.ok(!hits.some((h) => h.file === excluded), "a file outside `files` is never returned");
  const sorted = [...hits].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  assert.deepEqual(hits, sorted);
  for (const h of hits) {
    // the passage is the file's text from `line` on
    const lines = readFileSync(h.file, "utf8").split("\n");
    assert.equal(h.text.split("\n")[0], lines[h.line - 1].trimEnd(), `${h.file}:${h.line}`);
    assert.match(h.text, /frobnicator/);
  }
  assert.equal(hits.find((h) => h.file === beta)?.line, 8);

  // the same inputs give the same answer
  const again = qmdSearch(bin, { stateDir, collections, query: "frobnicator", files });
  assert.deepEqual(again, hits);

  // a limit keeps that many hits, still sorted
  const one = qmdSearch(bin, { stateDir, collections, query: "frobnicator", files, limit: 1 });
  assert.equal(one.length, 1);

  // a changed file is re-indexed before the next search
  writeFileSync(gamma, "# Gamma\n\nNothing to see any more.\n");
  writeFileSync(quiet, "# Quiet\n\nline two\nNow the frobnicator is here.\n");
  const changed = qmdSearch(bin, { stateDir, collections, query: "frobnicator", files });
  assert.deepEqual(changed.map((h) => h.file), [alpha, beta, quiet].sort());
  assert.equal(changed.find((h) => h.file === quiet)?.line, 3); // the passage starts one line before the match

  // only one collection asked: hits only from it; odd queries do not break the call
  const vaultOnly = qmdSearch(bin, { stateDir, collections: [collections[0]], query: "frobnicator", files });
  assert.deepEqual(vaultOnly.map((h) => h.file), [alpha, beta].sort());
  assert.deepEqual(qmdSearch(bin, { stateDir, collections, query: "-frobnicator", files }), []);
  assert.deepEqual(qmdSearch(bin, { stateDir, collections, query: "zzzunmatchedzzz", files }), []);
  assert.ok(Array.isArray(qmdSearch(bin, { stateDir, collections, query: '"frobnicator settings', files })));
  assert.deepEqual(qmdSearch(bin, { stateDir, collections, query: "frobnicator", files: [] }), []);
  assert.deepEqual(qmdSearch(bin, { stateDir, collections: [{ name: "gone", dir: join(root, "missing") }], query: "frobnicator", files }), []);

  // qmd's state is inside stateDir, and nothing else was written: not in $HOME, not in the XDG dirs,
  // not next to the searched files
  assert.ok(existsSync(join(stateDir, "cache", "qmd", "akms.sqlite")), "the index lives in stateDir");
  for (const d of [home, xdgCache, xdgConfig]) assert.deepEqual(readdirSync(d), [], `${d} stays empty`);
  const after = snapshot(root, stateDir);
  for (const f of [gamma, quiet]) {
    before.delete(relative(root, f));
    after.delete(relative(root, f));
  }
  assert.deepEqual([...after.keys()].sort(), [...before.keys()].sort());
  assert.deepEqual(after, before);
});

test("qmdSearch: a collection moved to another directory is re-registered", async (t) => {
  const bin = realQmd(t);
  if (!bin) return;
  const root = tmp("akms-qmd-move-");
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const stateDir = join(root, "state");
  const a = put(join(root, "one", "n.md"), "# N\n\nfrobnicator one\n");
  const b = put(join(root, "two", "n.md"), "# N\n\nfrobnicator two\n");
  const first: QmdHit[] = qmdSearch(bin, { stateDir, collections: [{ name: "kb", dir: join(root, "one") }], query: "frobnicator", files: [a, b] });
  assert.deepEqual(first.map((h) => h.file), [a]);
  const second = qmdSearch(bin, { stateDir, collections: [{ name: "kb", dir: join(root, "two") }], query: "frobnicator", files: [a, b] });
  assert.deepEqual(second.map((h) => h.file), [b]);
  // the same directory under a new name (qmd allows one collection per directory)
  const renamed = qmdSearch(bin, { stateDir, collections: [{ name: "kb2", dir: join(root, "two") }], query: "frobnicator", files: [a, b] });
  assert.deepEqual(renamed, second);
  // one directory given twice is searched once
  const twice = qmdSearch(bin, {
    stateDir,
    collections: [{ name: "x", dir: join(root, "one") }, { name: "y", dir: join(root, "one") }, { name: "kb2", dir: join(root, "two") }],
    query: "frobnicator",
    files: [a, b],
  });
  assert.deepEqual(twice.map((h) => h.file), [a, b]);
});

// The probe in two drivers: on this thread (spawnSync) and off it (the console's, spawn); the same
// judgement either way. Each driver gets its own fake binaries (the answer is cached per binary).
const PROBES: [string, (env: NodeJS.ProcessEnv) => QmdStatus | Promise<QmdStatus>][] = [
  ["probeQmd", probeQmd],
  ["probeQmdAsync", (env) => probeQmdAsync(env)],
];
for (const [name, probe] of PROBES) {
  test(`${name}: a missing or broken qmd is unavailable`, async () => {
    const dir = tmp("akms-qmd-fake-");
    try {
      await brokenQmdCases(dir, async (env) => await probe(env));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test("probeQmdAsync answers as probeQmd does for the real qmd, and leaves the caller's thread free meanwhile", async (t) => {
  const bin = realQmd(t);
  if (!bin) return;
  const dir = tmp("akms-qmd-async-");
  try {
    // A link of its own: the per-binary cache holds no answer for it yet.
    const link = join(dir, "qmd");
    symlinkSync(bin, link);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const status = await probeQmdAsync({ ...process.env, AKMS_QMD_BIN: link });
    clearInterval(timer);
    assert.ok(ticks > 3, `the event loop ran ${ticks} times while qmd was probed`);
    assert.deepEqual(status, { ...probeQmd(), bin: link });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A qmd that starts a 30-second child and writes its pid (whole, by rename) to `pidFile` once it runs. */
function sleepingQmd(dir: string): { bin: string; pidFile: string } {
  const pidFile = join(dir, "child.pid");
  return { bin: fakeQmd(dir, "qmd", `sleep 30 &\necho $! > "${pidFile}.tmp" && mv "${pidFile}.tmp" "${pidFile}"\nwait`), pidFile };
}

test("probeQmdAsync, aborted: the run under way is killed with everything it started, and nothing is remembered", async (t) => {
  if (process.platform === "win32") return t.skip("process groups are POSIX");
  const dir = tmp("akms-qmd-abort-");
  try {
    const { bin, pidFile } = sleepingQmd(dir);
    const closing = new AbortController();
    const probing = probeQmdAsync({ ...process.env, AKMS_QMD_BIN: bin }, closing.signal);
    for (let i = 0; i < 250 && !existsSync(pidFile); i++) await new Promise((res) => setTimeout(res, 20));
    closing.abort();
    await assert.rejects(probing, (e: unknown) => (e as Error).name === "AbortError");
    await gone(Number(readFileSync(pidFile, "utf8").trim()));
    // Not cached as unavailable: the next probe runs the binary again (and is killed by its own abort).
    rmSync(pidFile);
    const again = new AbortController();
    const second = probeQmdAsync({ ...process.env, AKMS_QMD_BIN: bin }, again.signal);
    for (let i = 0; i < 250 && !existsSync(pidFile); i++) await new Promise((res) => setTimeout(res, 20));
    assert.ok(existsSync(pidFile), "the aborted probe's answer was cached");
    again.abort();
    await assert.rejects(second);
    await gone(Number(readFileSync(pidFile, "utf8").trim()));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a process that exits while probeQmdAsync runs leaves no scratch folder behind", async (t) => {
  if (process.platform === "win32") return t.skip("process groups are POSIX");
  const dir = tmp("akms-qmd-exit-");
  try {
    const { bin, pidFile } = sleepingQmd(dir);
    const temp = join(dir, "tmp");
    mkdirSync(temp);
    const qmdModule = pathToFileURL(join(ROOT, "core", "qmd.ts")).href;
    // The probe is under way (its qmd has started) when the process exits.
    const script = `import { probeQmdAsync } from ${JSON.stringify(qmdModule)};\nimport { existsSync } from "node:fs";\nvoid probeQmdAsync({ ...process.env, AKMS_QMD_BIN: ${JSON.stringify(bin)} });\nconst wait = () => (existsSync(${JSON.stringify(pidFile)}) ? process.exit(0) : setTimeout(wait, 20));\nwait();\n`;
    const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT, env: { ...process.env, TMPDIR: temp }, encoding: "utf8", timeout: 60_000 });
    assert.equal(r.status, 0, r.stderr);
    try {
      process.kill(Number(readFileSync(pidFile, "utf8").trim()));
    } catch {
      // gone already
    }
    assert.deepEqual(readdirSync(temp).filter((n) => n.startsWith("akms-qmd-probe-")), [], "the probe's scratch folder was left in TMPDIR");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Asserts that `pid` ends within about a second. */
async function gone(pid: number): Promise<void> {
  assert.ok(pid > 0);
  assert.ok(await processEnded(pid), `process ${pid} survived`);
}

async function brokenQmdCases(dir: string, probeQmd: (env: NodeJS.ProcessEnv) => Promise<QmdStatus>): Promise<void> {
  const missing = await probeQmd({ ...process.env, AKMS_QMD_BIN: join(dir, "nope") });
  assert.deepEqual(missing, { available: false, bin: null, version: null, reason: "not installed" });

  const exit1 = fakeQmd(dir, "exit1", 'echo "boom: broken qmd" >&2\nexit 1');
  const s1 = await probeQmd({ ...process.env, AKMS_QMD_BIN: exit1 });
  assert.equal(s1.available, false);
  assert.equal(s1.bin, exit1);
  assert.match(s1.reason, /^installed but failing: .*boom: broken qmd/);

  const segv = fakeQmd(dir, "segv", "kill -SEGV $$");
  const s2 = await probeQmd({ ...process.env, AKMS_QMD_BIN: segv });
  assert.equal(s2.available, false);
  assert.match(s2.reason, /^installed but failing: .*SIGSEGV/);

  // prints a version, but crashes as soon as it opens its index
  const log = join(dir, "calls.log");
  const late = fakeQmd(dir, "late-segv", `echo "$1" >> ${shellWord(log)}\nif [ "$1" = "--version" ]; then echo "qmd 9.9.9"; exit 0; fi\nkill -SEGV $$`);
  const s3 = await probeQmd({ ...process.env, AKMS_QMD_BIN: late });
  assert.equal(s3.available, false);
  assert.equal(s3.version, "9.9.9");
  assert.match(s3.reason, /SIGSEGV/);
  // cached per process: a second probe does not run the binary again
  const calls = readFileSync(log, "utf8");
  assert.deepEqual(await probeQmd({ ...process.env, AKMS_QMD_BIN: late }), s3);
  assert.equal(readFileSync(log, "utf8"), calls);

  // qmd 2 on Node 20: `npm i -g @tobilu/qmd` gives a better-sqlite3 that crashes as it loads; the reason names the cause and the fix.
  const two = fakeQmd(dir, "qmd2-segv", `if [ "$1" = "--version" ]; then echo "qmd 2.8.3"; exit 0; fi\nkill -SEGV $$`);
  const s5 = await probeQmd({ ...process.env, AKMS_QMD_BIN: two });
  assert.equal(s5.available, false);
  const old = Number(process.versions.node.split(".")[0]) < 22;
  assert.equal(s5.reason.endsWith(` — qmd 2.8.3 needs Node 22 or newer; this is Node ${process.versions.node}: README, "Search", says how to install qmd for Node 20`), old, s5.reason);

  const silent = fakeQmd(dir, "silent", "exit 0");
  const s4 = await probeQmd({ ...process.env, AKMS_QMD_BIN: silent });
  assert.equal(s4.available, false);
  assert.match(s4.reason, /^installed but failing/);
}

test("qmdSearch: a failing qmd raises QmdError with a hint", () => {
  const dir = tmp("akms-qmd-fail-");
  try {
    const kb = join(dir, "kb");
    const f = put(join(kb, "a.md"), "# A\n\nword\n");
    const broken = fakeQmd(dir, "broken", 'echo "database is locked" >&2\nexit 3');
    assert.throws(
      () => qmdSearch(broken, { stateDir: join(dir, "state"), collections: [{ name: "kb", dir: kb }], query: "word", files: [f] }),
      (e: unknown) => {
        assert.ok(e instanceof QmdError);
        assert.ok(e instanceof AkmsError);
        assert.equal(e.code, "QMD_FAILED");
        assert.match(e.message, /database is locked/);
        assert.equal(typeof e.hint, "string");
        assert.ok(e.hint.length > 0);
        return true;
      },
    );
    const garbage = fakeQmd(dir, "garbage", 'if [ "$1" = "search" ]; then echo "not json"; fi\nexit 0');
    assert.throws(
      () => qmdSearch(garbage, { stateDir: join(dir, "state2"), collections: [{ name: "kb", dir: kb }], query: "word", files: [f] }),
      (e: unknown) => e instanceof QmdError && /not a JSON array/.test(e.message),
    );
    assert.throws(
      () => qmdSearch(garbage, { stateDir: join(dir, "state3"), collections: [{ name: "bad name", dir: kb }], query: "word", files: [f] }),
      QmdError,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

for (const [name, runIt] of [
  ["run", runQmd],
  ["runAsync", runQmdAsync],
] as const) {
  test(`${name}: a qmd that hangs is killed with everything it started when the timeout expires`, async (t) => {
    if (process.platform === "win32") return t.skip("process groups are POSIX");
    const dir = tmp("akms-qmd-hang-");
    const pidFile = join(dir, "child.pid");
    // Like qmd's launcher: a parent that starts a second long-lived process and waits for it.
    const bin = fakeQmd(dir, "qmd", `sleep 30 &\necho $! > "${pidFile}.tmp" && mv "${pidFile}.tmp" "${pidFile}"\nwait`);
    const r = await runIt(bin, ["search", "x"], dir, 500);
    assert.equal((r.error as NodeJS.ErrnoException | undefined)?.code, "ETIMEDOUT");
    await gone(Number(readFileSync(pidFile, "utf8").trim()));
    rmSync(dir, { recursive: true, force: true });
  });
}

test("qmd's launcher is skipped only for an npm-installed @tobilu/qmd that our own node would run", () => {
  const dir = tmp("akms-qmd-launch-");
  const pathDir = join(dir, "path");
  mkdirSync(pathDir);
  symlinkSync(process.execPath, join(pathDir, "node"));
  const savedPath = process.env.PATH;
  const layout = (name: string, root: string, opts: { pkgName?: string; rootFiles?: string[] } = {}): { bin: string; entry: string } => {
    const pkgDir = join(dir, name, root, "@tobilu", "qmd");
    put(join(pkgDir, "package.json"), JSON.stringify({ name: opts.pkgName ?? "@tobilu/qmd" }));
    const entry = put(join(pkgDir, "dist", "cli", "qmd.js"), "");
    const bin = fakeQmd(join(pkgDir, "bin"), "qmd", "exit 0");
    for (const f of opts.rootFiles ?? []) put(join(dir, name, f), "");
    return { bin, entry };
  };
  try {
    process.env.PATH = pathDir;
    const npm = layout("npm", "node_modules", { rootFiles: ["package-lock.json"] });
    assert.deepEqual(qmdLaunch(npm.bin), [process.execPath, [npm.entry]]);
    const bun = layout("bun", "node_modules", { rootFiles: ["bun.lock"] });
    assert.deepEqual(qmdLaunch(bun.bin), [bun.bin, []], "a bun install keeps its launcher (it runs bun)");
    const other = layout("other", "node_modules", { pkgName: "qmd-lookalike", rootFiles: ["package-lock.json"] });
    assert.deepEqual(qmdLaunch(other.bin), [other.bin, []], "another package");
    const checkout = layout("checkout", "src", {});
    assert.deepEqual(qmdLaunch(checkout.bin), [checkout.bin, []], "not installed: the launcher may run the sources");
    const otherNode = join(dir, "other-node");
    mkdirSync(otherNode);
    symlinkSync("/bin/sh", join(otherNode, "node"));
    process.env.PATH = otherNode;
    const elsewhere = layout("elsewhere", "node_modules", { rootFiles: ["package-lock.json"] });
    assert.deepEqual(qmdLaunch(elsewhere.bin), [elsewhere.bin, []], "the launcher would run another node");
  } finally {
    process.env.PATH = savedPath;
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the real qmd started directly answers as through its launcher", (t) => {
  const bin = realQmd(t);
  if (!bin) return;
  // Where the `node` first on PATH is the one running this test (as on the CI machine), the
  // launcher is skipped; otherwise this only compares the launcher with itself.
  const pathNode = (process.env.PATH ?? "").split(delimiter).filter(Boolean).map((dir) => join(dir, "node")).find((f) => existsSync(f));
  if (pathNode && realpathSync(pathNode) === realpathSync(process.execPath)) {
    assert.equal(qmdLaunch(bin)[0], process.execPath, "the installed qmd is started without its launcher");
  }
  const dir = tmp("akms-qmd-direct-");
  try {
    const direct = runQmd(bin, ["--version"], dir, 30_000);
    const launcher = spawnSync(bin, ["--version"], { cwd: dir, encoding: "utf8", timeout: 30_000 });
    assert.equal(direct.status, 0, direct.stderr);
    assert.equal(direct.stdout, launcher.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("qmdSearchMany gives every query what qmdSearch gives it alone, run concurrently or not", async (t) => {
  const bin = realQmd(t);
  if (!bin) return;
  const root = tmp("akms-qmd-many-");
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const vault = join(root, "vault");
  const local = join(root, "local");
  const files = [
    put(join(vault, "alpha.md"), "# Alpha\n\nThe frobnicator handles widgets.\n"),
    put(join(vault, "sub", "beta.md"), "# Beta\n\nwidgets only\n\n\nfrobnicator later\n"),
    put(join(local, "gamma.md"), "# Gamma\n\nA local frobnicator note about gizmos.\n"),
  ];
  put(join(vault, "outside.md"), "widgets frobnicator gizmos\n");
  const collections = [
    { name: "vault", dir: vault },
    { name: "local", dir: local },
  ];
  const queries = ["frobnicator", "widgets", "gizmos", "zzzunmatchedzzz", "", "-widgets", "frobnicator"];
  const stateDir = join(root, "state");
  const reference = queries.map((query) => qmdSearch(bin, { stateDir, collections, query, files }));
  assert.ok(reference[0]!.length >= 3 && reference[1]!.length >= 2, "the reference finds something");
  for (const jobs of [1, 2, 3]) {
    assert.deepEqual(qmdSearchMany(bin, { stateDir, collections, queries, files, jobs }), reference, `jobs ${jobs}`);
  }
  // from a fresh state directory too (the index is built once, before the searches)
  assert.deepEqual(qmdSearchMany(bin, { stateDir: join(root, "state2"), collections, queries, files, jobs: 2 }), reference);
});

/** A fake qmd that logs when each search starts and ends, answers `qmd://kb/<query>.md`, and fails the query "bad". */
function timingQmd(dir: string, name: string, log: string): string {
  return fakeQmd(
    dir,
    name,
    `case "$1" in
  --version) echo "qmd 9.9.9" ;;
  collection) [ "$2" = show ] && exit 1; exit 0 ;;
  update) exit 0 ;;
  search)
    for a; do q="$a"; done
    echo "start $q $(date +%s%N)" >> "${log}"
    sleep 0.4
    echo "end $q $(date +%s%N)" >> "${log}"
    if [ "$q" = bad ]; then echo "boom for $q" >&2; exit 3; fi
    printf '[{"file":"qmd://kb/%s.md","line":3,"snippet":"@@ -3,1 @@\\\\n%s here","score":1}]' "$q" "$q" ;;
esac
exit 0`,
  );
}

/** Most searches running at the same time, from a timingQmd log. */
function maxOverlap(log: string): number {
  const events = readFileSync(log, "utf8")
    .trim()
    .split("\n")
    .map((l) => l.split(" "))
    .map(([kind, , ns]) => ({ kind, at: BigInt(ns!) }))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.kind === "end" ? -1 : 1));
  let now = 0;
  let most = 0;
  for (const e of events) {
    now += e.kind === "start" ? 1 : -1;
    most = Math.max(most, now);
  }
  return most;
}

test("qmdSearchMany runs the searches concurrently, at most `jobs` at once, each answer in its query's slot", (t) => {
  if (process.platform === "win32") return t.skip("searches run one by one on Windows");
  const dir = tmp("akms-qmd-conc-");
  try {
    const kb = join(dir, "kb");
    const files = ["a", "b", "c", "d"].map((q) => put(join(kb, `${q}.md`), `# ${q}\n\nx\n${q} here\n`));
    const queries = ["a", "bad", "b", "c", "d"];
    const run = (jobs: number) => {
      const log = join(dir, `log-${jobs}`);
      const bin = timingQmd(dir, `qmd-${jobs}`, log);
      const t0 = Date.now();
      const out = qmdSearchMany(bin, { stateDir: join(dir, `state-${jobs}`), collections: [{ name: "kb", dir: kb }], queries, files, jobs });
      return { out, ms: Date.now() - t0, overlap: maxOverlap(log) };
    };
    const one = run(1);
    const two = run(2);
    const three = run(3);
    assert.equal(one.overlap, 1);
    assert.equal(two.overlap, 2);
    assert.equal(three.overlap, 3);
    assert.ok(two.ms < one.ms, `two at once (${two.ms} ms) is faster than one by one (${one.ms} ms)`);
    for (const { out } of [one, two, three]) {
      assert.equal(out.length, queries.length);
      queries.forEach((q, i) => {
        const r = out[i]!;
        if (q === "bad") {
          assert.ok(r instanceof QmdError, "a failing search gives its error in its slot");
          assert.match(r.message, /qmd search failed .*exit code 3: boom for bad/);
        } else assert.deepEqual(r, [{ file: join(kb, `${q}.md`), line: 3, text: `${q} here` }]);
      });
    }
    assert.deepEqual(one.out.map(String), two.out.map(String), "the same answers and errors whichever way they ran");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("concurrent qmd runs: a run that hangs is killed with its whole group; so is every run when the runner times out", async (t) => {
  if (process.platform === "win32") return t.skip("process groups are POSIX");
  const dir = tmp("akms-qmd-conc-hang-");
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // like qmd's launcher: "hang-N" starts a long-lived second process (its pid in pid-N) and waits
  const bin = fakeQmd(dir, "qmd", `case "$1" in hang-*) sleep 30 & echo $! > "${dir}/pid-$1"; wait ;; *) echo "quick $1" ;; esac`);
  const env = { ...process.env };
  const alive = (pid: number): boolean => {
    try {
      process.kill(pid, 0);
      return !/^\S+ \(\S+\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
    } catch {
      return false;
    }
  };
  const gone = async (pid: number): Promise<boolean> => {
    for (let i = 0; i < 50 && alive(pid); i++) await new Promise((res) => setTimeout(res, 20));
    return !alive(pid);
  };
  const pidOf = (name: string) => Number(readFileSync(join(dir, `pid-${name}`), "utf8").trim());

  const runs = runConcurrently({ cmd: bin, argsList: [["hang-1"], ["q1"], ["q2"]], cwd: dir, env, timeoutMs: 600, jobs: 2, maxBuffer: 1 << 20 });
  assert.equal((runs[0]!.error as NodeJS.ErrnoException | undefined)?.code, "ETIMEDOUT");
  assert.deepEqual(runs.slice(1).map((r) => [r.status, r.stdout, r.error]), [
    [0, "quick q1\n", undefined],
    [0, "quick q2\n", undefined],
  ]);
  assert.ok(await gone(pidOf("hang-1")), "the grandchild survived its run's timeout");

  // the runner's own timeout: it kills every group still running before it goes
  const t0 = Date.now();
  const all = runConcurrently({ cmd: bin, argsList: [["hang-2"], ["hang-3"]], cwd: dir, env, timeoutMs: 60_000, jobs: 2, maxBuffer: 1 << 20, runnerTimeoutMs: 800 });
  assert.ok(Date.now() - t0 < 10_000);
  assert.deepEqual(all.map((r) => (r.error as NodeJS.ErrnoException | undefined)?.code), ["ETIMEDOUT", "ETIMEDOUT"]);
  for (const name of ["hang-2", "hang-3"]) assert.ok(await gone(pidOf(name)), `${name}'s grandchild survived the runner's timeout`);
});

test("qmdSearch maps hits back to the caller's paths: directly, or by real path when the files are given through a symlink", (t) => {
  if (process.platform === "win32") return t.skip("the fake qmd is a shell script");
  const dir = tmp("akms-qmd-alias-");
  try {
    const kb = join(dir, "kb");
    const a = put(join(kb, "a.md"), "# a\n");
    put(join(kb, "sub", "b.md"), "# b\n");
    put(join(kb, "c.md"), "# c\n");
    const alias = join(dir, "alias");
    symlinkSync(kb, alias);
    const bin = fakeQmd(
      dir,
      "qmd",
      `case "$1" in\n  --version) echo "qmd 9.9.9" ;;\n  collection) [ "$2" = show ] && exit 1 ;;\n  search) echo '[{"file":"qmd://kb/a.md","line":1,"snippet":"a"},{"file":"qmd://kb/sub/b.md","line":1,"snippet":"b"},{"file":"qmd://kb/c.md","line":1,"snippet":"c"}]' ;;\nesac\nexit 0`,
    );
    const search = (collDir: string, files: string[]) => qmdSearch(bin, { stateDir: join(dir, "state"), collections: [{ name: "kb", dir: collDir }], query: "x", files }).map((h) => h.file);
    const viaAlias = [join(alias, "sub", "b.md"), join(alias, "a.md")];
    assert.deepEqual(search(kb, [a, join(kb, "sub", "b.md")]), [a, join(kb, "sub", "b.md")], "direct paths");
    assert.deepEqual(search(kb, viaAlias), [...viaAlias].sort(), "the collection's real paths map back to the files given through the symlink");
    assert.deepEqual(search(alias, [a]), [a], "and the other way round");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("qmdSearch tells before it indexes: built on the first search, nothing while the files are unchanged, refreshed after a change", (t) => {
  const bin = realQmd(t);
  if (!bin) return;
  const root = tmp("akms-qmd-onindex-");
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const stateDir = join(root, "state");
  const a = put(join(root, "kb", "a.md"), "# A\n\nfrobnicator alpha\n");
  const told: string[] = [];
  const search = () => qmdSearch(bin, { stateDir, collections: [{ name: "kb", dir: join(root, "kb") }], query: "frobnicator", files: [a], onIndex: (k) => told.push(k) });
  assert.equal(hasQmdIndex(stateDir), false);
  assert.equal(search().length, 1);
  assert.deepEqual(told, ["built"]);
  assert.equal(hasQmdIndex(stateDir), true);
  search();
  assert.deepEqual(told, ["built"], "an up-to-date index is not announced");
  const b = put(join(root, "kb", "b.md"), "# B\n\nfrobnicator beta\n");
  assert.deepEqual(qmdSearch(bin, { stateDir, collections: [{ name: "kb", dir: join(root, "kb") }], query: "frobnicator", files: [a, b], onIndex: (k) => told.push(k) }).map((h) => h.file), [a, b]);
  assert.deepEqual(told, ["built", "refreshed"]);
});

test("nodeTooOld: a qmd 2 killed by a signal on Node < 22 is said to need Node 22; nothing else is", () => {
  assert.match(nodeTooOld("2.8.3", "SIGSEGV", "20.20.2"), /^ — qmd 2\.8\.3 needs Node 22 or newer; this is Node 20\.20\.2: README, "Search", says how to install qmd for Node 20$/);
  assert.equal(nodeTooOld("2.8.3", "SIGSEGV", "22.1.0"), "");
  assert.equal(nodeTooOld("1.4.0", "SIGSEGV", "20.20.2"), "");
  assert.equal(nodeTooOld("2.8.3", null, "20.20.2"), "");
});
