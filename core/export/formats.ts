// The interchange formats of `akms export`, each from the one graphology graph select.ts builds,
// written here: GraphML (graphology-graphml only reads it), GEXF (graphology-gexf's writer is too
// slow for a large graph: see gexf()), DOT, Mermaid and Cytoscape.js JSON; the tests read GraphML
// and GEXF back with graphology's parsers and with NetworkX. Edge types are told apart in each: an attribute (GraphML,
// GEXF, Cytoscape) and a colour and line style (DOT, Mermaid; GEXF viz colour for Gephi). Same
// graph, same bytes.
import type { EdgeAttributes, ExportGraph, NodeAttributes } from "./select.js";

export const FORMATS = ["graphml", "gexf", "dot", "mermaid", "cytoscape"] as const;
export type Format = (typeof FORMATS)[number];

/** One colour and line style per edge type (unknown types: grey, solid). */
const STYLE: Record<string, { color: string; rgb: [number, number, number]; dot: string; mermaid: string }> = {
  requires: { color: "#1f77b4", rgb: [31, 119, 180], dot: "solid", mermaid: "stroke:#1f77b4" },
  "feeds-into": { color: "#2ca02c", rgb: [44, 160, 44], dot: "solid", mermaid: "stroke:#2ca02c" },
  refines: { color: "#9467bd", rgb: [148, 103, 189], dot: "dashed", mermaid: "stroke:#9467bd,stroke-dasharray:5 5" },
  contradicts: { color: "#d62728", rgb: [214, 39, 40], dot: "bold", mermaid: "stroke:#d62728,stroke-width:3px" },
  pitfall: { color: "#ff7f0e", rgb: [255, 127, 14], dot: "dotted", mermaid: "stroke:#ff7f0e,stroke-dasharray:2 2" },
  implements: { color: "#7f7f7f", rgb: [127, 127, 127], dot: "solid", mermaid: "stroke:#7f7f7f" },
};
const styleOf = (type: string) => STYLE[type] ?? { color: "#999999", rgb: [153, 153, 153] as [number, number, number], dot: "solid", mermaid: "stroke:#999999" };

const NODE_KEYS: [keyof NodeAttributes, "string" | "double"][] = [
  ["label", "string"],
  ["title", "string"],
  ["domain", "string"],
  ["status", "string"],
  ["confidence", "double"],
  ["confidence_default", "double"],
  ["node_origin", "string"],
  ["source", "string"],
  ["tags", "string"],
  ["activations", "double"],
  ["last_activated", "string"],
];
const EDGE_KEYS: [keyof EdgeAttributes, "string" | "double"][] = [
  ["type", "string"],
  ["weight", "double"],
  ["edge_origin", "string"],
  ["note", "string"],
  ["severity", "string"],
];

function xml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "");
}

function graphml(g: ExportGraph): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">'];
  for (const [k, t] of NODE_KEYS) out.push(`  <key id="n_${k}" for="node" attr.name="${k}" attr.type="${t}"/>`);
  for (const [k, t] of EDGE_KEYS) out.push(`  <key id="e_${k}" for="edge" attr.name="${k}" attr.type="${t}"/>`);
  out.push('  <graph id="akms" edgedefault="directed">');
  g.forEachNode((id, a) => {
    out.push(`    <node id="${xml(id)}">`);
    for (const [k] of NODE_KEYS) out.push(`      <data key="n_${k}">${xml(String(a[k]))}</data>`);
    out.push("    </node>");
  });
  g.forEachEdge((key, a, s, t) => {
    out.push(`    <edge id="${xml(key)}" source="${xml(s)}" target="${xml(t)}">`);
    for (const [k] of EDGE_KEYS) out.push(`      <data key="e_${k}">${xml(String(a[k]))}</data>`);
    out.push("    </edge>");
  });
  out.push("  </graph>", "</graphml>");
  return out.join("\n") + "\n";
}

/**
 * GEXF 1.2 (the 1.2draft namespace Gephi and NetworkX read), written here in one pass: graphology-gexf's
 * writer took 7.7 s and 1.3 GB for the 50,000-node graph (the goal is 5 s), and names its viz
 * namespace "http:///www.gexf.net/1.1draft/viz". Same elements and attribute ids as that writer.
 */
function gexf(g: ExportGraph): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gexf version="1.2" xmlns="http://www.gexf.net/1.2draft" xmlns:viz="http://www.gexf.net/1.2draft/viz">',
    "  <meta/>",
    '  <graph defaultedgetype="directed">',
    '    <attributes class="node">',
  ];
  const nodeKeys = NODE_KEYS.filter(([k]) => k !== "label");
  for (const [k, t] of nodeKeys) out.push(`      <attribute id="${k}" title="${k}" type="${t}"/>`);
  out.push("    </attributes>", '    <attributes class="edge">');
  for (const [k, t] of EDGE_KEYS) out.push(`      <attribute id="${k}" title="${k}" type="${t}"/>`);
  out.push("    </attributes>", "    <nodes>");
  g.forEachNode((id, a) => {
    out.push(`      <node id="${xml(id)}" label="${xml(a.label)}">`, "        <attvalues>");
    for (const [k] of nodeKeys) out.push(`          <attvalue for="${k}" value="${xml(String(a[k]))}"/>`);
    out.push("        </attvalues>", "      </node>");
  });
  out.push("    </nodes>", "    <edges>");
  g.forEachEdge((key, a, s, t) => {
    const [r, gr, b] = styleOf(a.type).rgb;
    out.push(`      <edge id="${xml(key)}" source="${xml(s)}" target="${xml(t)}" weight="${a.weight}">`, "        <attvalues>");
    for (const [k] of EDGE_KEYS) out.push(`          <attvalue for="${k}" value="${xml(String(a[k]))}"/>`);
    out.push("        </attvalues>", `        <viz:color r="${r}" g="${gr}" b="${b}"/>`, "      </edge>");
  });
  out.push("    </edges>", "  </graph>", "</gexf>");
  return out.join("\n") + "\n";
}

function dotString(s: string): string {
  return `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\r?\n/g, "\\n")}"`;
}

function dot(g: ExportGraph): string {
  const out = ["digraph akms {", "  rankdir=LR;", '  node [shape=box, style="rounded"];'];
  g.forEachNode((id, a) => {
    const attrs = [`label=${dotString(`${id}\n${a.title || id}`)}`, `tooltip=${dotString(`${a.status} · ${a.confidence} · ${a.node_origin}`)}`];
    if (a.node_origin === "local") attrs.push('color="#8c564b"');
    if (a.status === "draft" || a.status === "deprecated") attrs.push('fontcolor="#7f7f7f"');
    out.push(`  ${dotString(id)} [${attrs.join(", ")}];`);
  });
  g.forEachEdge((_k, a, s, t) => {
    const st = styleOf(a.type);
    out.push(`  ${dotString(s)} -> ${dotString(t)} [label=${dotString(`${a.type} ${a.weight}`)}, color="${st.color}", fontcolor="${st.color}", style=${st.dot}];`);
  });
  out.push("}");
  return out.join("\n") + "\n";
}

/** A Mermaid label: quoted, with the characters Mermaid would read escaped as entities. */
function mermaidLabel(s: string): string {
  return `"${s.replace(/[&"<>#|\[\]{}()]/g, (c) => `#${c.charCodeAt(0)};`).replace(/\r?\n/g, " ")}"`;
}

function mermaid(g: ExportGraph): string {
  // Node ids become n0, n1 … (Mermaid ids are identifiers); the real id is in the label.
  const short = new Map<string, string>();
  g.forEachNode((id) => short.set(id, `n${short.size}`));
  const out = ["flowchart LR"];
  g.forEachNode((id, a) => out.push(`  ${short.get(id)}[${mermaidLabel(a.title && a.title !== id ? `${id}: ${a.title}` : id)}]`));
  const styles: string[] = [];
  let i = 0;
  g.forEachEdge((_k, a, s, t) => {
    const arrow = a.type === "contradicts" ? "==>" : a.type === "refines" || a.type === "pitfall" ? "-.->" : "-->";
    out.push(`  ${short.get(s)} ${arrow}|${mermaidLabel(`${a.type} ${a.weight}`)}| ${short.get(t)}`);
    styles.push(`  linkStyle ${i++} ${styleOf(a.type).mermaid}`);
  });
  return [...out, ...styles].join("\n") + "\n";
}

function cytoscape(g: ExportGraph): string {
  const nodes: unknown[] = [];
  const edges: unknown[] = [];
  g.forEachNode((id, a) => nodes.push({ data: { id, ...a } }));
  g.forEachEdge((key, a, s, t) => edges.push({ data: { id: key, source: s, target: t, ...a, color: styleOf(a.type).color } }));
  return JSON.stringify({ elements: { nodes, edges } }, null, 2) + "\n";
}

/** Mermaid's defaults (its config schema): past either, a renderer draws an error box instead of the graph. */
const MERMAID_MAX_TEXT = 50_000;
const MERMAID_MAX_EDGES = 500;
/** Graphviz `dot` (hierarchical layout) did not finish on 5,800 nodes in 120 s here; `sfdp` did. */
const DOT_LAYOUT_NODES = 2_000;

/**
 * What a consumer of `format` will make of this export when it passes that consumer's known limits,
 * with the way around: a smaller selection, or another layout. Empty when it is within them.
 */
export function consumerLimits(g: ExportGraph, format: Format, text: string): string[] {
  const narrow = "export a part: --around ID --radius 1, or --tags a,b";
  const out: string[] = [];
  if (format === "mermaid") {
    if (text.length > MERMAID_MAX_TEXT) out.push(`this Mermaid text is ${text.length.toLocaleString("en")} characters; Mermaid renders only an error box past its maxTextSize (${MERMAID_MAX_TEXT.toLocaleString("en")} by default): ${narrow}, or raise maxTextSize where it is rendered`);
    if (g.size > MERMAID_MAX_EDGES) out.push(`this Mermaid graph has ${g.size.toLocaleString("en")} edges; Mermaid refuses more than its maxEdges (${MERMAID_MAX_EDGES} by default): ${narrow}, or raise maxEdges where it is rendered`);
  }
  if (format === "dot" && g.order > DOT_LAYOUT_NODES) out.push(`${g.order.toLocaleString("en")} nodes: Graphviz's dot layout may not finish on a graph this size (5,800 nodes did not in 120 s); lay it out with sfdp (\`sfdp -Tsvg\`) instead, or ${narrow}`);
  return out;
}

export function render(g: ExportGraph, format: Format): string {
  switch (format) {
    case "graphml":
      return graphml(g);
    case "gexf":
      return gexf(g);
    case "dot":
      return dot(g);
    case "mermaid":
      return mermaid(g);
    case "cytoscape":
      return cytoscape(g);
  }
}
