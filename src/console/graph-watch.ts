// The console follows graph.json: when another process rewrites it — an agent's `akms update`, the
// post-merge hook's build after a pull, `akms build` in another terminal — the console reloads, as
// reviewers expect of lazygit or k9s. One watch on graph.json's directory (not recursive), its
// events for graph.json collected for DEBOUNCE_MS; whether the file really changed is the caller's
// to decide (its model's written key), so the console's own writes, which reload anyway, are not
// reloaded twice.
import { watch } from "node:fs";
import { basename, dirname } from "node:path";

const DEBOUNCE_MS = 250;

/** Calls `changed` after graph.json's directory reports it; returns the function that stops watching. */
export function watchGraphFile(graphJson: string, changed: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const name = basename(graphJson);
  let w: ReturnType<typeof watch> | null = null;
  try {
    w = watch(dirname(graphJson), { persistent: false }, (_event, file) => {
      if (file !== null && String(file) !== name) return;
      clearTimeout(timer);
      timer = setTimeout(changed, DEBOUNCE_MS);
    });
    w.on("error", () => w?.close());
  } catch {
    /* no watch (no inotify left, a missing directory): R still reloads */
  }
  return () => {
    clearTimeout(timer);
    w?.close();
  };
}
