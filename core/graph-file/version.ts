import { sha256 } from "../fsx.js";

/** The graph-level generated_at line (4-space indent; node attributes sit deeper). */
const GENERATED_AT = /^ {4}"generated_at": "[^"]*"/m;

export function blankGeneratedAt(text: string): string {
  return text.replace(GENERATED_AT, '    "generated_at": ""');
}

/**
 * sha256(blankGeneratedAt(text)) of graph.json's bytes, without decoding the whole file: the
 * graph-level generated_at sits in the first lines, so only the head is decoded and patched.
 */
export function blankedSha(bytes: Buffer): string {
  const blanked = blankedBytes(bytes);
  return blanked ? sha256(blanked) : sha256(blankGeneratedAt(bytes.toString("utf8")));
}

/**
 * The bytes blankedSha hashes when the head allows the shortcut (an ASCII head holding the whole
 * generated_at line), else null (then only the decoded text can be blanked).
 */
export function blankedBytes(bytes: Buffer): Buffer | null {
  const HEAD = 4096;
  const head = bytes.subarray(0, HEAD).toString("latin1");
  const m = GENERATED_AT.exec(head);
  // Only for an ASCII head (latin1 offsets are then UTF-8 offsets) and a match wholly inside it.
  if (m === null || /[^\x00-\x7f]/.test(head) || (bytes.length > HEAD && m.index + m[0].length >= HEAD - 1)) return null;
  const patched = Buffer.from(head.slice(0, m.index) + '    "generated_at": ""' + head.slice(m.index + m[0].length), "latin1");
  return Buffer.concat([patched, bytes.subarray(HEAD)]);
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
