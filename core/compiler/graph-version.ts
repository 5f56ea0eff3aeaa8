import { sha256 } from "../fsx.js";

/** The graph-level generated_at line (4-space indent; node attributes sit deeper). */
const GENERATED_AT = /^ {4}"generated_at": "[^"]*"/m;

export function blankGeneratedAt(text: string): string {
  return text.replace(GENERATED_AT, '    "generated_at": ""');
}

export function generatedAtOf(text: string): string | null {
  const m = /^ {4}"generated_at": "([^"]*)"/m.exec(text);
  return m ? m[1]! : null;
}

/** DESIGN §4: first 12 hex of sha256 of graph.json with the generated_at value blanked. */
export function graphVersionOf(text: string): string {
  return sha256(blankGeneratedAt(text)).slice(0, 12);
}

/** Sets the graph-level generated_at of a serialised graph whose value is blank. */
export function stampGeneratedAt(text: string, iso: string): string {
  return text.replace(GENERATED_AT, `    "generated_at": "${iso}"`);
}
