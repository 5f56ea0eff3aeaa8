// Before a reader shows anything: a write that was killed half-way (a journal left in
// knowledge/graph/.txn/) is completed and graph.json recompiled, so no command reads the state of a
// crashed promote or update. Costs one stat when there is nothing to settle; a live writer holding
// the lock is left to finish its own work.
import { plural } from "./plural.js";
import { existsSync } from "node:fs";
import { loadContext, locateRepo, type Context, type ContextOptions } from "./context.js";
import { isAkmsError, isStoreDamaged, LockHeldError } from "./errors.js";
import { freshnessUnsure, mustCheckFreshness, withFreshVerdict } from "./source-watch.js";

export async function settleInterrupted(opts: ContextOptions): Promise<boolean> {
  const { paths } = locateRepo(opts);
  if (!existsSync(paths.txnDir)) return false;
  const [{ buildLocked }, { recoverPendingTransaction }, { withLock }] = await Promise.all([
    import("./compiler/build.js"),
    import("./transaction.js"),
    import("./lock.js"),
  ]);
  const ctx = loadContext(opts);
  try {
    withLock(paths.lock, () => recoverPendingTransaction(ctx, () => buildLocked(ctx)));
    return true;
  } catch (e) {
    if (e instanceof LockHeldError) return false;
    throw e;
  }
}

/** What a reader did to have a graph to answer from: compiled it, and why. */
export interface Compiled {
  /** missing / stale: compiled now; kept: stale, the compile failed, the last graph.json answers. */
  reason: "missing" | "stale" | "kept";
  /** One line for the person (stderr) and the agent (the text result). */
  note: string;
  /** The result's `compiled` field. */
  json: { reason: string; graph_version?: string; node_count?: number; error?: string };
}

/**
 * Before a reader opens the graph: a write killed half-way is settled, then — when graph.json is
 * missing (a fresh clone: it is derived and ignored by git), no longer the compile of the sources
 * (a `git checkout` of another branch, a hand edit), or without its index in the store (the one
 * thing readers read) — the graph is compiled under the lock, waiting
 * a bounded time for a writer to finish. Null when graph.json was already current. Never answers
 * from another branch's graph: the freshness test is the no-op build's own.
 */
export async function prepareRead(opts: ContextOptions): Promise<Compiled | null> {
  return (await prepared(opts)).compiled;
}

/** prepareRead, and the verdict it leaves for the command: the roots, and freshnessKey of graph.json as found fresh (or made so). */
async function prepared(opts: ContextOptions): Promise<{ compiled: Compiled | null; verdict?: { knowledge: string; vault: string; key: string | null } }> {
  await settleInterrupted(opts);
  const { paths } = locateRepo(opts);
  if (!existsSync(paths.knowledge)) return { compiled: null }; // the command says what is missing
  const { freshnessKey } = await import("./compiler/build.js");
  const ctx = loadContext(opts);
  const compiled = await compileIfStale(ctx);
  return { compiled, verdict: compiled?.reason === "kept" ? undefined : { knowledge: paths.knowledge, vault: ctx.vault.path, key: freshnessKey(ctx) } };
}

/** The graph compiled when the freshness test finds it stale or missing (prepareRead); null when it was current. */
async function compileIfStale(ctx: Context): Promise<Compiled | null> {
  const { paths } = ctx;
  const [{ buildLocked, graphIsFresh, otherInputs }, { agentLockWaitMs, withLockWait }, { recoverPendingTransaction }, { graphIndexed }] = await Promise.all([
    import("./compiler/build.js"),
    import("./lock.js"),
    import("./transaction.js"),
    import("./graph.js"),
  ]);
  // A warm process runs the full test only after its watched sources changed (source-watch.ts);
  // one turn of the event loop first, so that a change made just before this call has been seen.
  await new Promise((r) => setImmediate(r));
  if (!mustCheckFreshness(paths.knowledge, ctx.vault.path)) return null;
  if (graphIsFresh(ctx)) return null;
  const reason = existsSync(paths.graphJson) ? "stale" : "missing";
  const indexed = reason === "stale" && graphIndexed(paths, false);
  const other = indexed ? otherInputs(ctx) : null; // another vault, build of akms or repository path, said by the manifest the build replaces
  let r: { nodeCount: number; graphVersion: string; fromCache: boolean };
  try {
    r = withLockWait(paths.lock, agentLockWaitMs(), () => {
      // The same steps as `akms build`, under the lock taken here.
      recoverPendingTransaction(ctx, () => buildLocked(ctx));
      return buildLocked(ctx);
    });
  } catch (e) {
    // A source that does not compile: with a graph.json to answer from, the reader answers from it
    // and says so (status and the review exist to show such problems); without one, the error.
    freshnessUnsure(paths.knowledge, ctx.vault.path);
    // (Readers read the store's index of graph.json, never graph.json: without one there is nothing to answer from.)
    if (reason === "missing" || !isAkmsError(e) || e instanceof LockHeldError || !graphIndexed(paths)) throw e;
    const msg =
      e.code === "NOT_WRITABLE"
        ? `graph.json was not brought up to date: ${e.file} ${e.message}, and ${other ?? "its sources' files (their content, or only their times)"} changed since it was built; answering from the last compiled graph`
        : `graph.json is older than its sources and could not be recompiled (${e.code}: ${e.message}); answering from the last compiled graph — \`akms build\` shows every problem`;
    return { reason: "kept", note: msg, json: { reason: "kept", error: `${e.code}: ${e.message}` } };
  }
  // Nothing to compile after all: a writer compiled while this reader waited for the lock, or the
  // store's index was only re-keyed to a copied graph.json.
  if (r.fromCache) return null;
  const note =
    reason === "missing"
      ? `compiled graph.json first (it did not exist: a fresh clone, or never built): ${plural(r.nodeCount, "node")}, graph_version ${r.graphVersion}`
      : indexed
        ? `recompiled graph.json first (${other ?? "its sources"} changed since it was built${other ? "" : ": a checkout, a pull or an edit"}): ${plural(r.nodeCount, "node")}, graph_version ${r.graphVersion}`
        : `compiled the store's index of graph.json first (knowledge/graph/.cache/ held none for it: deleted, found damaged, or graph.json written by another program): ${plural(r.nodeCount, "node")}, graph_version ${r.graphVersion}`;
  return { reason, note, json: { reason, graph_version: r.graphVersion, node_count: r.nodeCount } };
}

/**
 * A reader run after prepareRead. When it stops because the store's index of graph.json turned out
 * damaged (its reader removed it: core/store/graph-index.ts; a review action puts its files back
 * first), the graph is prepared again — the index made anew from the sources — and the reader runs
 * once more, so the person sees the answer, and a note on stderr, not the damage.
 */
export async function readPrepared<T>(opts: ContextOptions, run: () => T | Promise<T>): Promise<{ compiled: Compiled | null; result: T }> {
  const first = await prepared(opts);
  try {
    return { compiled: first.compiled, result: await withVerdict(first, run) };
  } catch (e) {
    if (!isStoreDamaged(e)) throw e;
    const { paths } = locateRepo(opts);
    freshnessUnsure(paths.knowledge, loadContext(opts).vault.path);
    const again = await prepared(opts);
    return { compiled: again.compiled ?? first.compiled, result: await withVerdict(again, run) };
  }
}

/** The command run with prepareRead's verdict standing (source-watch.ts withFreshVerdict). */
function withVerdict<T>({ verdict: v }: Awaited<ReturnType<typeof prepared>>, run: () => T | Promise<T>): Promise<T> {
  return Promise.resolve(v === undefined ? run() : withFreshVerdict(v.knowledge, v.vault, v.key, run));
}
