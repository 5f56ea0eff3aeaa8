import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  QmdError,
  knowledgeCollectionName,
  qmdSearch,
  qmdUse
} from "./chunk-VDEEV4GL.mjs";
import {
  idOfText
} from "./chunk-2BK6NNZL.mjs";
import "./chunk-B4QPU3Q7.mjs";
import {
  loadGraph
} from "./chunk-WKFECQLF.mjs";
import {
  stripControl
} from "./chunk-NTRS6NJ7.mjs";
import "./chunk-SIN2K5UU.mjs";
import {
  loadContext
} from "./chunk-2KKMRBBQ.mjs";
import "./chunk-W24I3PEA.mjs";
import {
  listMarkdown
} from "./chunk-2N2TC7TM.mjs";
import "./chunk-OBKM57IJ.mjs";
import "./chunk-IWODBICT.mjs";
import "./chunk-PEBIPHYY.mjs";
import "./chunk-DWREGR5U.mjs";
import "./chunk-Q4IS5S6U.mjs";
import {
  UsageError
} from "./chunk-C3ZMY3KT.mjs";
import "./chunk-F7TTDJ7Y.mjs";

// core/agent/search.ts
import { readFileSync } from "node:fs";
import { join } from "node:path";
var SEARCH_SCOPES = ["nodes", "sessions", "mirror"];
var SNIPPET_CHARS = 200;
function scopeFiles(ctx, scope) {
  if (scope === "nodes") {
    return {
      collections: [
        { name: "vault", dir: ctx.vault.path },
        { name: "local-nodes", dir: ctx.paths.localNodes }
      ],
      files: [...listMarkdown(ctx.vault.path, ctx.vault.display.replace(/\/+$/, "") + "/"), ...listMarkdown(ctx.paths.localNodes, "knowledge/local-nodes/")]
    };
  }
  const seg = scope === "sessions" ? "sessions" : "code-mirror";
  const dir = join(ctx.paths.knowledge, seg);
  return { collections: [{ name: knowledgeCollectionName(seg), dir }], files: listMarkdown(dir, `knowledge/${seg}/`, true) };
}
function idResolver(ctx, graph, scope) {
  if (scope === "nodes") {
    return (file) => {
      try {
        const id = idOfText(readFileSync(file, "utf8"));
        return id && (!graph || graph.nodes.has(id)) ? id : null;
      } catch {
        return null;
      }
    };
  }
  const byRef = /* @__PURE__ */ new Map();
  for (const n of graph?.nodes.values() ?? []) {
    if (typeof n.content_ref === "string" && (n.domain === "session" || n.node_origin === "code-mirror")) byRef.set(join(ctx.paths.knowledge, n.content_ref), n.id);
  }
  return (file) => byRef.get(file) ?? null;
}
function words(q) {
  return [...new Set(q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
}
function snippet(text) {
  const t = stripControl(text).replace(/\s+/g, " ").trim();
  return t.length > SNIPPET_CHARS ? t.slice(0, SNIPPET_CHARS - 1) + "\u2026" : t;
}
function lexicalSearch(files, query, limit) {
  const want = words(query);
  if (!want.length) return [];
  const scored = [];
  for (const f of files) {
    let text;
    try {
      text = readFileSync(f.file, "utf8");
    } catch {
      continue;
    }
    const lower = text.toLowerCase();
    let distinct = 0;
    let count = 0;
    for (const w of want) {
      let at = lower.indexOf(w);
      if (at >= 0) distinct++;
      while (at >= 0) {
        count++;
        at = lower.indexOf(w, at + w.length);
      }
    }
    if (!distinct) continue;
    const lines = text.split(/\r?\n/);
    let best = 0;
    let bestScore = -1;
    lines.forEach((l, i) => {
      const ll = l.toLowerCase();
      const s = want.filter((w) => ll.includes(w)).length;
      if (s > bestScore) {
        best = i;
        bestScore = s;
      }
    });
    scored.push({ file: f, line: best + 1, text: lines[best] ?? "", distinct, count });
  }
  scored.sort((a, b) => b.distinct - a.distinct || b.count - a.count || (a.file.shown < b.file.shown ? -1 : a.file.shown > b.file.shown ? 1 : 0));
  return scored.slice(0, limit);
}
function searchKnowledge(ctx, graph, query, opts = {}) {
  const scope = opts.scope ?? "nodes";
  if (!SEARCH_SCOPES.includes(scope)) throw new UsageError(`--in must be one of ${SEARCH_SCOPES.join(", ")} (got "${String(scope)}")`);
  const limit = opts.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1e3) throw new UsageError("--limit needs a whole number from 1 to 1000");
  const q = query.replace(/\s+/g, " ").trim();
  if (!q) throw new UsageError("give the words to search for", 'akms search "green operator cache"');
  const { collections, files } = scopeFiles(ctx, scope);
  const idOf = idResolver(ctx, graph, scope);
  const shownOf = new Map(files.map((f) => [f.file, f.shown]));
  const use = qmdUse(Boolean(opts.noQmd), opts.env, { dir: ctx.paths.qmdCacheDir, lock: ctx.paths.lock });
  let degraded = use.available ? null : `qmd ${use.reason}`;
  let hits = null;
  if (use.available && use.bin) {
    try {
      const found = qmdSearch(use.bin, { stateDir: join(ctx.paths.qmdCacheDir, "index"), collections, query: q, files: files.map((f) => f.file), limit, bestFirst: true });
      hits = found.map((h) => ({ id: idOf(h.file), file: shownOf.get(h.file) ?? h.file, line: h.line, snippet: snippet(h.text) }));
    } catch (e) {
      if (!(e instanceof QmdError)) throw e;
      degraded = `qmd failed: ${e.message}`;
    }
  }
  hits ??= lexicalSearch(files, q, limit).map((h) => ({ id: idOf(h.file.file), file: h.file.shown, line: h.line, snippet: snippet(h.text) }));
  return { ok: true, query: q, scope, engine: degraded === null ? "qmd" : "lexical", degraded, files_searched: files.length, hits };
}

// src/commands/search.ts
function graphOrNull(paths) {
  try {
    return loadGraph(paths);
  } catch {
    return null;
  }
}
var searchCommand = {
  name: "search",
  summary: "full-text search (qmd BM25; a lexical search without qmd) over node files, sessions or the code mirror; hits named by node id",
  usage: "akms search QUERY\u2026 [--in nodes|sessions|mirror] [--limit N] [--no-qmd]",
  run(args, flags) {
    if (!args.length) throw new UsageError("give the words to search for", 'akms search "green operator cache" [--in sessions]');
    const scope = flags.in ?? "nodes";
    if (!SEARCH_SCOPES.includes(scope)) throw new UsageError(`--in must be one of ${SEARCH_SCOPES.join(", ")} (got "${scope}")`);
    if (flags.limit !== void 0 && (typeof flags.limit !== "number" || !Number.isInteger(flags.limit) || flags.limit < 1)) throw new UsageError("--limit needs a whole number of at least 1");
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    const r = searchKnowledge(ctx, graphOrNull(ctx.paths), args.join(" "), { scope, limit: flags.limit, noQmd: flags.qmd === false });
    const lines = [`search "${r.query}" in ${r.scope}: ${r.hits.length} hit${r.hits.length === 1 ? "" : "s"} (${r.engine}${r.degraded ? `; degraded: ${r.degraded}` : ""}; ${r.files_searched} files)`];
    for (const h of r.hits) lines.push(`  ${h.id ?? "(no node)"}  ${h.file}:${h.line}`, `      ${h.snippet}`);
    return { json: r, text: lines.join("\n"), notes: r.degraded ? [`note: ${r.degraded}; a lexical search was used`] : [] };
  }
};
export {
  searchCommand
};
