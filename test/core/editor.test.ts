// $VISUAL / $EDITOR run as git runs them: a plain word directly, anything a shell reads through
// `sh -c '<editor> "$@"'` with the file as an argument — so a path with spaces can be quoted, and
// a file's name is never run as shell text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { editorFailure, editorRun } from "../../core/editor.js";
import { shellWord } from "../../core/shell-word.js";
import { tmp } from "../helpers.js";

/** An "editor" that appends its arguments, one per line, to a log next to it. */
function recordingEditor(dir: string): { bin: string; log: string } {
  const log = join(dir, "args.log");
  const bin = join(dir, "My Editors", "ed it");
  mkdirSync(join(dir, "My Editors"), { recursive: true });
  writeFileSync(bin, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a" >> ${shellWord(log)}; done\n`);
  chmodSync(bin, 0o755);
  return { bin, log };
}

function runIt(file: string, env: NodeJS.ProcessEnv) {
  const run = editorRun(file, env);
  const r = spawnSync(run.command, run.args, { stdio: "ignore", cwd: join(file, "..") });
  return { run, failed: editorFailure(run, r) };
}

test("a plain editor runs directly; one a shell must read runs through sh with the file as its argument", () => {
  assert.deepEqual(editorRun("/r/a.md", { EDITOR: "vim" }), { command: "vim", args: ["/r/a.md"], shown: "vim" });
  assert.deepEqual(editorRun("/r/a.md", { VISUAL: "nano", EDITOR: "vim" }).command, "nano", "VISUAL first");
  assert.deepEqual(editorRun("/r/a.md", { EDITOR: "  " }).command, "vi");
  assert.deepEqual(editorRun("/r/a.md", {}).command, "vi");
  assert.deepEqual(editorRun("/r/a.md", { EDITOR: "code --wait" }), { command: "sh", args: ["-c", 'code --wait "$@"', "code --wait", "/r/a.md"], shown: "code --wait" });
});

test("a quoted editor path with spaces and flags runs on the file; a hostile file name stays a name", () => {
  const dir = tmp("akms-editor-");
  const { bin, log } = recordingEditor(dir);
  const file = join(dir, "a $(touch pwned) `touch pwned2` ; touch pwned3.md");
  writeFileSync(file, "x\n");
  const r = runIt(file, { PATH: process.env.PATH, EDITOR: `${shellWord(bin)} -w` });
  assert.equal(r.failed, null);
  assert.equal(r.run.command, "sh");
  assert.deepEqual(readFileSync(log, "utf8").split("\n").filter(Boolean), ["-w", file]);
  for (const p of ["pwned", "pwned2", "pwned3.md"]) assert.ok(!existsSync(join(dir, p)), `${p}: the file's name was run as shell text`);
});

test("an editor that is missing or fails says which, in the person's words", () => {
  const dir = tmp("akms-editor-");
  const file = join(dir, "a.md");
  writeFileSync(file, "x\n");
  const direct = runIt(file, { PATH: process.env.PATH, EDITOR: "no-such-editor-akms" });
  assert.equal(direct.failed?.started, false);
  assert.match(direct.failed!.message, /^could not run no-such-editor-akms \(from \$VISUAL\/\$EDITOR\): .*ENOENT/);
  const viaShell = runIt(file, { PATH: process.env.PATH, EDITOR: "no-such-editor-akms --wait" });
  assert.deepEqual(viaShell.failed, { started: false, message: "could not run no-such-editor-akms --wait (from $VISUAL/$EDITOR): not found" });
  const fails = runIt(file, { PATH: process.env.PATH, EDITOR: "false" });
  assert.deepEqual(fails.failed, { started: true, message: "false exited with status 1" });
});
