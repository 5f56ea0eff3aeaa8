// The one scratch directory of a process (core/fsx.ts scratchDir): the merge driver, the qmd probe,
// `akms diff` and `akms eval replay` take theirs from it, and a process killed mid-use (a SIGKILL
// runs no cleanup) leaves its folder only until the next one of that kind starts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, tmp } from "../helpers.js";
import { scratchDir, withScratchDir } from "../../core/fsx.js";

test("a scratch folder left by a killed process goes when the next of its kind starts; a live process's, another kind's and a person's stay", (t) => {
  if (process.platform === "win32") return t.skip("signals are POSIX");
  const temp = tmp("akms-scratch-");
  const was = process.env.TMPDIR;
  try {
    // A process that took its scratch folder and was killed before it could remove it.
    const fsx = pathToFileURL(join(ROOT, "core", "fsx.ts")).href;
    const script = `import { scratchDir } from ${JSON.stringify(fsx)};\nconst d = scratchDir("akms-merge-");\nconsole.log(d);\nprocess.kill(process.pid, "SIGKILL");\n`;
    const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT, env: { ...process.env, TMPDIR: temp }, encoding: "utf8", timeout: 60_000 });
    assert.equal(r.signal, "SIGKILL", r.stderr);
    const killed = r.stdout.trim();
    assert.ok(killed.startsWith(join(temp, "akms-merge-")) && existsSync(killed), `the killed process's folder is there: ${r.stdout} ${r.stderr}`);
    const live = join(temp, `akms-merge-${process.pid}-live`); // this process: alive
    const other = join(temp, `akms-diff-${r.pid}-other`); // the dead pid, another kind
    const persons = join(temp, "akms-merge-notes"); // not named by a process
    for (const d of [live, other, persons]) mkdirSync(d);

    process.env.TMPDIR = temp;
    const inner = withScratchDir("akms-merge-", (dir) => {
      assert.ok(existsSync(dir) && dir.startsWith(join(temp, `akms-merge-${process.pid}-`)));
      return dir;
    });
    assert.equal(existsSync(inner), false, "withScratchDir removes its folder");
    assert.equal(existsSync(killed), false, "the killed process's folder was removed");
    for (const d of [live, other, persons]) assert.ok(existsSync(d), `${d} stays`);
    const mine = scratchDir("akms-merge-");
    assert.deepEqual(readdirSync(temp).filter((n) => n.startsWith("akms-")).sort(), ["akms-diff-" + r.pid + "-other", "akms-merge-notes", `akms-merge-${process.pid}-live`, mine.slice(temp.length + 1)].sort());
  } finally {
    if (was === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = was;
    rmSync(temp, { recursive: true, force: true });
  }
});
