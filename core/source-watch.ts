// A long-running reader's shortcut to "is graph.json still the compile of its sources?" The full
// test (graphIsFresh: a stat of every source) costs ≈ 0.2 s at 50,000 nodes — on every MCP call
// that was most of a warm query. A warm process (keepWarm in core/store/memo.ts: the MCP server)
// watches the source trees instead — the vault and knowledge/'s source directories (start() says
// which) — and runs the full test only when something there changed since the last one, when a
// watch could not be set up, or when the last full test is older than FULL_EVERY_MS (a backstop for inputs outside the watched trees, such as
// a content_ref's target). Paths akms writes for itself (its caches, loadouts, reviews, the
// orchestrator's state) are not sources and do not count as changes.
//
// And every reader's shortcut within one command: the test that readPrepared ran before the command
// (core/settle.ts) stands for the rest of it while graph.json and the build manifest are the files
// it vouched for (withFreshVerdict), so a command that asks again under the lock (a dedup reject:
// does graph.json hold every id?) does not stat every source twice — 0.18–0.21 s at 50,000 nodes. A
// source changed by hand between the two is the same race as one changed just after the second test.
import { AsyncLocalStorage } from "node:async_hooks";
import { existsSync, readdirSync, watch, type FSWatcher } from "node:fs";
import { join, relative, sep } from "node:path";
import { realTarget } from "./paths.js";
import { isWarm } from "./store/memo.js";
import { statOrNull } from "./store/freshness.js";

const FULL_EVERY_MS = 10_000;
/** knowledge/-relative prefixes that are never compile inputs. */
const NOT_SOURCES = ["graph/.cache", "graph/.qmd_cache", "graph/.txn", "graph/.akms.lock", "graph/review_log.jsonl", "impressions.jsonl", "eval", "loadouts", "reviews", "orchestrator", "sessions", "tasks"];

interface Watched {
  watchers: FSWatcher[];
  /** A change was seen (or the watch is unsure) since the last full test. */
  dirty: boolean;
  lastFull: number;
  /** A watched directory was created or removed: the watches are set up again before the next answer. */
  rewatch: boolean;
}

/** One per repository and vault a process reads (a long-running process serves one or two). */
const byRoots = new Map<string, Watched>();

/** knowledge/'s source trees, watched recursively; the rest of knowledge/ is watched one level deep. */
const SOURCE_TREES = ["local-nodes", "code-mirror"];

function ignored(knowledge: string, file: string): boolean {
  const rel = relative(knowledge, file).split(sep).join("/");
  if (rel.startsWith("..")) return false;
  return NOT_SOURCES.some((p) => rel === p || rel.startsWith(`${p}/`));
}

/**
 * The watches: the vault and knowledge/'s source trees (every directory of them), knowledge/ and
 * knowledge/graph/ one level deep. Not knowledge/ as a whole: akms appends to files there on every
 * read (the impression log) — watched whole, that cost a warm query at 5,000 nodes 0.2 ms and 40 %
 * more CPU (docs/benchmarks.md).
 *
 * A tree is watched one directory at a time, not with Node's recursive watch: on Linux that stats
 * every file to keep a tree of its own (1.1 s of the first MCP call at 50,000 nodes), while a watch
 * of a directory already reports a change to any entry in it. A directory created in a tree has the
 * watches set up again before the next answer, which then runs the full test.
 */
function start(knowledge: string, vault: string): Watched {
  const w: Watched = { watchers: [], dirty: true, lastFull: 0, rewatch: false };
  const k = realTarget(knowledge);
  const add = (dir: string, onName: (name: string | null) => void) => {
    const fw = watch(dir, { persistent: false }, (_event, name) => onName(name === null ? null : String(name)));
    fw.on("error", () => {
      w.dirty = true;
      stop(w);
    });
    w.watchers.push(fw);
  };
  const tree = (root: string) => {
    for (const dir of directoriesOf(root)) {
      add(dir, (name) => {
        w.dirty = true;
        if (name === null || isDirectory(join(dir, name))) w.rewatch = true; // a directory came (or the event does not say)
      });
    }
  };
  try {
    add(k, (name) => {
      if (name !== null && (SOURCE_TREES.includes(name) || name === "graph")) w.rewatch = true; // created, removed or replaced
      if (name === null || !ignored(k, join(k, name))) w.dirty = true;
    });
    if (existsSync(join(k, "graph"))) add(join(k, "graph"), (name) => {
      if (name === null || !ignored(k, join(k, "graph", name))) w.dirty = true;
    });
    for (const t of SOURCE_TREES) if (existsSync(join(k, t))) tree(join(k, t));
    const v = realTarget(vault);
    if (v !== k) tree(v);
  } catch {
    stop(w); // no watch (a missing vault, no inotify left): every call runs the full test
  }
  return w;
}

/**
 * `root` and every directory below it that the compile's listing walks: hidden ones (`.git`, a
 * cache) are skipped and symbolic links to directories are not followed, as the listing does.
 */
function directoriesOf(root: string): string[] {
  const dirs = [root];
  for (let i = 0; i < dirs.length; i++) {
    for (const e of readdirSync(dirs[i]!, { withFileTypes: true })) if (e.isDirectory() && !e.name.startsWith(".")) dirs.push(join(dirs[i]!, e.name));
  }
  return dirs;
}

function isDirectory(path: string): boolean {
  return statOrNull(path)?.isDirectory() ?? false;
}

function stop(w: Watched): void {
  for (const fw of w.watchers) fw.close();
  w.watchers = [];
}

/**
 * Whether the caller must run the full freshness test now. Outside a warm process: always. A
 * `true` answer is taken as "the test runs now": changes from here on make the next answer true.
 */
export function mustCheckFreshness(knowledge: string, vault: string): boolean {
  if (!isWarm()) return true;
  const key = `${knowledge}\0${vault}`;
  let w = byRoots.get(key);
  if (w?.rewatch) {
    stop(w);
    w = undefined;
  }
  if (!w) byRoots.set(key, (w = start(knowledge, vault)));
  const now = Date.now();
  if (!w.dirty && w.watchers.length && now - w.lastFull < FULL_EVERY_MS) return false;
  w.dirty = false;
  w.lastFull = now;
  return true;
}

/** A full test found the graph stale but could not make it fresh: keep checking on every call. */
export function freshnessUnsure(knowledge: string, vault: string): void {
  const w = byRoots.get(`${knowledge}\0${vault}`);
  if (w) w.dirty = true;
}

/** The verdict of readPrepared's test: for these roots, graph.json was fresh while `key` (core/compiler/build.ts freshnessKey) holds. */
const verdicts = new AsyncLocalStorage<{ roots: string; key: string }>();

/** Runs `run` (and what it awaits) with graph.json found fresh at `key`; without a key, as it is. */
export function withFreshVerdict<T>(knowledge: string, vault: string, key: string | null, run: () => T): T {
  return key === null ? run() : verdicts.run({ roots: `${knowledge}\0${vault}`, key }, run);
}

/** Whether this command's verdict stands: taken for these roots, and graph.json and the manifest still the files it vouched for. */
export function freshVerdictStands(knowledge: string, vault: string, key: () => string | null): boolean {
  const v = verdicts.getStore();
  return v !== undefined && v.roots === `${knowledge}\0${vault}` && v.key === key();
}
