import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  sha256
} from "./chunk-Q4IS5S6U.mjs";

// core/compiler/graph-version.ts
var GENERATED_AT = /^ {4}"generated_at": "[^"]*"/m;
function blankGeneratedAt(text) {
  return text.replace(GENERATED_AT, '    "generated_at": ""');
}
function blankedSha(bytes) {
  const blanked = blankedBytes(bytes);
  return blanked ? sha256(blanked) : sha256(blankGeneratedAt(bytes.toString("utf8")));
}
function blankedBytes(bytes) {
  const HEAD = 4096;
  const head = bytes.subarray(0, HEAD).toString("latin1");
  const m = GENERATED_AT.exec(head);
  if (m === null || /[^\x00-\x7f]/.test(head) || bytes.length > HEAD && m.index + m[0].length >= HEAD - 1) return null;
  const patched = Buffer.from(head.slice(0, m.index) + '    "generated_at": ""' + head.slice(m.index + m[0].length), "latin1");
  return Buffer.concat([patched, bytes.subarray(HEAD)]);
}
function graphVersionOf(text) {
  return sha256(blankGeneratedAt(text)).slice(0, 12);
}
function stampGeneratedAt(text, iso) {
  return text.replace(GENERATED_AT, `    "generated_at": "${iso}"`);
}

export {
  blankGeneratedAt,
  blankedSha,
  blankedBytes,
  graphVersionOf,
  stampGeneratedAt
};
