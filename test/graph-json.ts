// graph.json parsed whole, for the tests and benches that hold the store's index to the file it
// indexes (the product never parses graph.json: every reader opens the index, core/graph.ts).
import { readFileSync } from "node:fs";
import { graphFromDoc, type LoadedGraph } from "../core/graph.js";
import type { GraphDoc } from "../core/graph-file/doc.js";
import { graphVersionOf } from "../core/graph-file/version.js";
import type { RepoPaths } from "../core/paths.js";

export type { LoadedGraph };

/** A node-link document's text with its id and adjacency maps. */
export function graphFromText(text: string, file: string): LoadedGraph {
  return graphFromDoc(JSON.parse(text) as GraphDoc, file, graphVersionOf(text));
}

/** The repository's graph.json, parsed. */
export function loadGraph(paths: RepoPaths): LoadedGraph {
  return graphFromText(readFileSync(paths.graphJson, "utf8"), paths.graphJson);
}
