import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  showNode
} from "./chunk-BHJKTV5E.mjs";
import "./chunk-CN7HKROC.mjs";
import "./chunk-WNTECCL5.mjs";
import "./chunk-NBN2NJWP.mjs";
import {
  confidenceText
} from "./chunk-Z3FRYNR6.mjs";
import "./chunk-MOGCZWZI.mjs";
import "./chunk-2BK6NNZL.mjs";
import "./chunk-B4QPU3Q7.mjs";
import "./chunk-BHTI52HA.mjs";
import {
  loadGraph
} from "./chunk-WKFECQLF.mjs";
import "./chunk-GNOMD4OV.mjs";
import "./chunk-QVAO2ACK.mjs";
import "./chunk-SIN2K5UU.mjs";
import "./chunk-EUE77RB2.mjs";
import {
  loadContext
} from "./chunk-2KKMRBBQ.mjs";
import "./chunk-W24I3PEA.mjs";
import "./chunk-JAGXTLBI.mjs";
import "./chunk-2N2TC7TM.mjs";
import "./chunk-OBKM57IJ.mjs";
import "./chunk-IWODBICT.mjs";
import "./chunk-PEBIPHYY.mjs";
import "./chunk-DWREGR5U.mjs";
import "./chunk-Q4IS5S6U.mjs";
import {
  UsageError
} from "./chunk-C3ZMY3KT.mjs";
import "./chunk-F7TTDJ7Y.mjs";

// src/commands/show.ts
function text(r) {
  const n = r.node;
  const lines = [
    `${r.id}  ${String(n.title ?? "")}`,
    `  ${r.provenance.status} \xB7 ${confidenceText(n)} \xB7 ${r.provenance.node_origin} \xB7 source ${r.provenance.source}${r.provenance.origin_session ? ` \xB7 from ${r.provenance.origin_session}` : ""}`,
    `  file: ${r.file ?? r.file_note ?? "(none)"}`
  ];
  if (r.overlay.node) lines.push(`  overlay: ${JSON.stringify(r.overlay.node)}`);
  const edge = (e, dir) => `  ${dir === "out" ? `\u2192 ${e.to}` : `\u2190 ${e.from}`}  ${e.type} ${e.weight}${e.note ? `  ${e.note.split("\n")[0]}` : ""}`;
  if (r.edges.out.length) lines.push("edges out:", ...r.edges.out.map((e) => edge(e, "out")));
  if (r.edges.in.length) lines.push("edges in:", ...r.edges.in.map((e) => edge(e, "in")));
  if (r.body !== null) lines.push("", r.body);
  return lines.join("\n");
}
var showCommand = {
  name: "show",
  summary: "one node whole: frontmatter, body, overlay state, edges in and out, provenance",
  usage: "akms show ID",
  run(args, flags) {
    if (args.length !== 1) throw new UsageError("give one node id", "akms show green-operator-caching");
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    const r = showNode(ctx, loadGraph(ctx.paths), args[0]);
    return { json: r, text: text(r) };
  }
};
export {
  showCommand
};
