// The person's editor ($VISUAL, else $EDITOR, else vi) on one file, run as git runs it: a plain
// program name or path is executed directly; a value a shell would read differently (a space, a
// quote, `$`, `~`, …: `code --wait`, `'/Applications/Sublime Text.app/…/subl' -w`) runs as
// `sh -c '<editor> "$@"'` with the file as the positional argument, so the file's name is never
// part of the shell line. Used by the console's `e` and `akms orchestrate edit`.

/** What git treats as needing a shell (its `prepare_shell_cmd`'s set). */
const SHELL_CHARS = /[|&;<>()$`\\"' \t\n*?[#~=%]/;

export interface EditorRun {
  /** The program spawned (the editor, or sh). */
  command: string;
  args: string[];
  /** The editor as the person set it, for messages. */
  shown: string;
}

export function editorRun(file: string, env: NodeJS.ProcessEnv = process.env): EditorRun {
  const shown = (env.VISUAL || env.EDITOR || "").trim() || "vi";
  if (!SHELL_CHARS.test(shown)) return { command: shown, args: [file], shown };
  return { command: "sh", args: ["-c", `${shown} "$@"`, shown, file], shown };
}

/** How a finished editor run failed, or null: spawnSync's outcome in the person's words. */
export function editorFailure(run: EditorRun, r: { error?: Error; status: number | null; signal: NodeJS.Signals | null }): { started: boolean; message: string } | null {
  const notRun = (why: string) => ({ started: false, message: `could not run ${run.shown} (from $VISUAL/$EDITOR): ${why}` });
  if (r.error) return notRun(r.error.message);
  // sh's own "not found" (127) and "not executable" (126).
  if (run.command === "sh" && (r.status === 127 || r.status === 126)) return notRun(r.status === 127 ? "not found" : "not executable");
  if (r.status !== 0) return { started: true, message: `${run.shown} exited with status ${r.status ?? r.signal}` };
  return null;
}
