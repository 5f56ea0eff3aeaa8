import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  UsageError
} from "./chunk-C3ZMY3KT.mjs";

// src/commands/actions-shared.ts
var short = (sha) => sha === null ? "(none)" : sha.slice(0, 12);
function actionOutput(r) {
  const lines = [r.message, ...r.files.map((f) => `  ${f.path}: ${short(f.before_sha)} \u2192 ${short(f.after_sha)}`), `  graph_version ${r.graphVersion} \xB7 journal #${r.seq}`];
  if (r.action !== "undo") lines.push(`  \`akms undo\` reverts it`);
  return {
    json: { ok: true, action: r.action, id: r.id, seq: r.seq, files: r.files, cli: r.cli, graph_version: r.graphVersion, message: r.message },
    text: lines.join("\n")
  };
}
function oneId(args, usage) {
  if (args.length !== 1 || !args[0]) throw new UsageError(args.length ? `expected one node id, got ${args.length} arguments` : "missing the node id", `usage: ${usage}`);
  return args[0];
}

export {
  actionOutput,
  oneId
};
