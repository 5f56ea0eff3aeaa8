// The overlay's per-repository `status: draft` override of a global node (DESIGN §4 Review actions),
// edited in place line by line so that every other byte of local_state.yaml stays as it was.
// Each edit is verified by parsing the result: it must equal the old overlay plus exactly the
// intended change, or nothing is written.
import { StateError } from "../errors.js";
import { parseYaml } from "../yaml.js";
import { Overlay } from "../schemas/overlay.js";
import { dumpOverlay, HEADER, normalizeOverlay, rewrittenOverlay, sameData, type OverlayLimits } from "../update/overlay-io.js";
import { keptOverlay, type KeptOverlay } from "../overlay-file.js";
import type { RepoPaths } from "../paths.js";

interface Line {
  text: string; // without the line ending
  eol: string;
}

function splitLines(text: string): Line[] {
  const out: Line[] = [];
  const re = /([^\r\n]*)(\r\n|\n|$)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    if (m[0] === "") break;
    out.push({ text: m[1]!, eol: m[2]! });
  }
  return out;
}

const join = (lines: Line[]) => lines.map((l) => l.text + l.eol).join("");
const indentOf = (s: string) => /^ */.exec(s)![0].length;
const isBlankOrComment = (s: string) => /^\s*(#.*)?$/.test(s);
const keyRe = (indent: number, key: string) =>
  new RegExp(`^ {${indent}}(?:${key.replace(/[.]/g, "\\.")}|"${key.replace(/[.]/g, "\\.")}"|'${key.replace(/[.]/g, "\\.")}')[ \\t]*:(?:[ \\t]+(.*))?$`);

/** The overlay's text as data (js-yaml, with the file named in any error). */
export function parseOverlayText(text: string, shown: string): unknown {
  return parseYaml(text, { file: shown, machineWritten: true });
}

/** What the overlay file's `bytes` hold: the store's record of them when it has one (nothing parsed), else the text parsed. */
export function overlayData(paths: RepoPaths, bytes: Buffer, shown: string): unknown {
  return keptOverlay(paths, bytes)?.overlay ?? parseOverlayText(bytes.toString("utf8"), shown);
}

function unsupported(shown: string, why: string): StateError {
  return new StateError(`cannot change local_state.yaml in place: ${why}`, {
    file: shown,
    hint: "write the `nodes:` section in block style (one key per line), as `akms update` does, then retry",
  });
}

interface NodesBlock {
  /** Index of the `nodes:` line (-1 when absent). */
  header: number;
  /** Inline value after `nodes:` ("" when a block follows). */
  inline: string;
  /** Line range of the block's content: [start, end). */
  start: number;
  end: number;
}

function findNodesBlock(lines: Line[]): NodesBlock {
  const header = lines.findIndex((l) => /^nodes[ \t]*:/.test(l.text));
  if (header < 0) return { header: -1, inline: "", start: lines.length, end: lines.length };
  const inline = (/^nodes[ \t]*:(.*)$/.exec(lines[header]!.text)![1] ?? "").replace(/\s+#.*$/, "").trim();
  let end = header + 1;
  let lastContent = header;
  for (; end < lines.length; end++) {
    const t = lines[end]!.text;
    if (isBlankOrComment(t)) continue;
    if (indentOf(t) === 0) break;
    lastContent = end;
  }
  return { header, inline, start: header + 1, end: lastContent + 1 };
}

interface Entry {
  key: number; // index of the `<id>:` line
  inline: string;
  childIndent: number | null;
  /** [key + 1, end) holds the entry's children (and interleaved blanks/comments). */
  end: number;
}

function entryIndent(lines: Line[], b: NodesBlock): number | null {
  for (let i = b.start; i < b.end; i++) if (!isBlankOrComment(lines[i]!.text)) return indentOf(lines[i]!.text);
  return null;
}

function findEntry(lines: Line[], b: NodesBlock, indent: number, id: string): Entry | null {
  const re = keyRe(indent, id);
  for (let i = b.start; i < b.end; i++) {
    const m = re.exec(lines[i]!.text);
    if (!m) continue;
    let end = i + 1;
    let last = i;
    let childIndent: number | null = null;
    for (; end < b.end; end++) {
      const t = lines[end]!.text;
      if (isBlankOrComment(t)) continue;
      const ind = indentOf(t);
      if (ind <= indent) break;
      if (childIndent === null) childIndent = ind;
      last = end;
    }
    return { key: i, inline: (m[1] ?? "").replace(/\s+#.*$/, "").trim(), childIndent, end: last + 1 };
  }
  return null;
}

/** Keys of the entries at `indent` with their line index, in file order. */
function entryKeys(lines: Line[], b: NodesBlock, indent: number): { key: string; line: number }[] {
  const out: { key: string; line: number }[] = [];
  const re = new RegExp(`^ {${indent}}(["']?)([^"':#\\s][^"':]*)\\1[ \\t]*:`);
  for (let i = b.start; i < b.end; i++) {
    const t = lines[i]!.text;
    if (isBlankOrComment(t) || indentOf(t) !== indent) continue;
    const m = re.exec(t);
    if (m) out.push({ key: m[2]!, line: i });
  }
  return out;
}

/**
 * The edited text must parse to the old overlay plus exactly the intended change (the old overlay
 * was valid — the graph compiled from it — and the override is a valid addition or removal).
 */
function verify(oldText: string, newText: string, shown: string, expect: (old: Record<string, unknown>) => Record<string, unknown>, oldParsed?: unknown): void {
  let oldData: Record<string, unknown>;
  let newData: unknown;
  try {
    oldData = ((oldParsed ?? parseOverlayText(oldText, shown)) ?? {}) as Record<string, unknown>;
    newData = parseOverlayText(newText, shown);
  } catch {
    throw unsupported(shown, "the edited text would not parse");
  }
  const want = expect(oldData);
  if (!sameData(newData, want)) throw unsupported(shown, "the edit would change more than the one override");
}

/** Text of the overlay with `nodes.<id>.status: draft` set. `oldText` null: the overlay does not exist yet. */
export function setDraftOverride(oldText: string | null, id: string, shown: string, oldParsed?: unknown): string {
  if (oldText === null) return `akms_schema: v2\nnodes:\n  ${id}:\n    status: draft\n`;
  const lines = splitLines(oldText);
  const eol = oldText.includes("\r\n") ? "\r\n" : "\n";
  const b = findNodesBlock(lines);
  let out: Line[];
  if (b.header < 0) {
    out = [...lines];
    if (out.length && out[out.length - 1]!.eol === "") out[out.length - 1] = { ...out[out.length - 1]!, eol };
    out.push({ text: "nodes:", eol }, { text: `  ${id}:`, eol }, { text: "    status: draft", eol });
  } else {
    const indent = entryIndent(lines, b);
    if (b.inline !== "" && !/^(\{\s*\}|null|~)$/.test(b.inline)) throw unsupported(shown, "`nodes:` is written in flow style");
    if (indent === null) {
      // `nodes:` with nothing under it (null or {}): give it its first entry.
      out = [...lines.slice(0, b.header), { text: "nodes:", eol: lines[b.header]!.eol || eol }];
      out.push({ text: `  ${id}:`, eol }, { text: "    status: draft", eol: b.header + 1 < lines.length ? eol : lines[b.header]!.eol });
      out.push(...lines.slice(b.header + 1));
    } else {
      const e = findEntry(lines, b, indent, id);
      if (e) {
        if (e.inline !== "" && !/^(\{\s*\}|null|~)$/.test(e.inline)) throw unsupported(shown, `the entry for "${id}" is written in flow style`);
        const child = e.childIndent ?? indent + 2;
        const keyLine = e.inline === "" ? lines[e.key]! : { text: lines[e.key]!.text.replace(/:[ \t]+.*$/, ":"), eol: lines[e.key]!.eol };
        out = [...lines.slice(0, e.key), { text: keyLine.text, eol: keyLine.eol || eol }, { text: `${" ".repeat(child)}status: draft`, eol: keyLine.eol }, ...lines.slice(e.key + 1)];
      } else {
        const keys = entryKeys(lines, b, indent);
        const sample = findEntry(lines, b, indent, keys[0]?.key ?? "");
        const child = sample?.childIndent ?? indent + 2;
        const next = keys.find((k) => k.key > id);
        const at = next ? next.line : b.end;
        const before = lines.slice(0, at);
        if (before.length && before[before.length - 1]!.eol === "") before[before.length - 1] = { ...before[before.length - 1]!, eol };
        const lastEol = at < lines.length ? eol : lines[lines.length - 1]!.eol === "" ? "" : eol;
        out = [...before, { text: `${" ".repeat(indent)}${id}:`, eol }, { text: `${" ".repeat(child)}status: draft`, eol: lastEol }, ...lines.slice(at)];
      }
    }
  }
  const text = join(out);
  verify(oldText, text, shown, (old) => {
    const nodes = { ...((old.nodes ?? {}) as Record<string, Record<string, unknown> | null>) };
    nodes[id] = { ...(nodes[id] ?? {}), status: "draft" };
    return { ...old, nodes };
  }, oldParsed);
  return text;
}

/** Text of the overlay without the `nodes.<id>.status: draft` override (and without the entry when nothing else is left in it). */
export function clearDraftOverride(oldText: string, id: string, shown: string, oldParsed?: unknown): string {
  const lines = splitLines(oldText);
  const b = findNodesBlock(lines);
  const indent = b.header < 0 ? null : entryIndent(lines, b);
  const e = indent === null ? null : findEntry(lines, b, indent, id);
  if (!e || e.childIndent === null) throw unsupported(shown, `no block entry for "${id}" under \`nodes:\``);
  const statusRe = new RegExp(`^ {${e.childIndent}}(?:status|"status"|'status')[ \\t]*:[ \\t]*["']?draft["']?[ \\t]*(#.*)?$`);
  const at = lines.findIndex((l, i) => i > e.key && i < e.end && statusRe.test(l.text));
  if (at < 0) throw unsupported(shown, `no \`status: draft\` line in the entry for "${id}"`);
  let out = [...lines.slice(0, at), ...lines.slice(at + 1)];
  const othersLeft = out.slice(e.key + 1, e.end - 1).some((l) => !isBlankOrComment(l.text));
  if (!othersLeft) out = [...out.slice(0, e.key), ...out.slice(e.end - 1)];
  // Keep the file's final-newline state as it was.
  if (out.length && lines[lines.length - 1]!.eol === "" && out[out.length - 1]!.eol !== "") out[out.length - 1] = { ...out[out.length - 1]!, eol: "" };
  const text = join(out);
  verify(oldText, text, shown, (old) => {
    const nodes = { ...((old.nodes ?? {}) as Record<string, Record<string, unknown>>) };
    const rest = { ...(nodes[id] ?? {}) };
    delete rest.status;
    if (Object.keys(rest).length) nodes[id] = rest;
    else delete nodes[id];
    return { ...old, nodes: Object.keys(nodes).length ? nodes : null };
  }, oldParsed);
  return text;
}

export interface OverlayEdit {
  text: string;
  /** "overlay-io": the overlay was in the canonical form `akms update` writes, and was rewritten by
   *  the same writer; "in-place": it was not, and only the override's line(s) were edited. */
  writer: "overlay-io" | "in-place";
  /**
   * The overlay `text` is the writing of, when the edit started from the store's record (`held`: a
   * validated overlay, so the store may keep this one for the new bytes: core/overlay-file.ts keepOverlay).
   */
  data?: Overlay;
}

/** Whether the update's writer, given `ov`, writes exactly `text` (its output starts with its header: any other text is not). */
function writesAs(ov: Overlay, text: string, limits: OverlayLimits): boolean {
  try {
    return text.startsWith(HEADER) && dumpOverlay(ov, limits) === text;
  } catch {
    return false; // a value the writer cannot write
  }
}

/**
 * The store's record of `text`'s bytes (`held`), when the update's writer wrote the text for it: the
 * record says so and the limits prune nothing of it now, or the writer, given it, writes the text
 * again. Null otherwise; nothing is parsed.
 */
export function heldAsWritten(text: string, limits: OverlayLimits, held: KeptOverlay | null | undefined): Overlay | null {
  if (!held) return null;
  const unpruned = held.canonical && held.overlay.nodes !== undefined && normalizeOverlay(held.overlay, limits).nodes === held.overlay.nodes;
  return unpruned || writesAs(held.overlay, text, limits) ? held.overlay : null;
}

/**
 * The overlay `text` holds, and whether it is what the update's writer gives for it (`canonical`):
 * the store's record when the writer wrote the text for it (heldAsWritten; `validated`: the schema's
 * output, which the store may keep for bytes written from it), else the text parsed as it is
 * (`parsed`, when the caller has it) and the same test of the writer.
 */
export function overlayAsWritten(text: string, shown: string, limits: OverlayLimits, held: KeptOverlay | null | undefined, parsed?: unknown): { ov: Overlay | undefined; canonical: boolean; validated?: true } {
  const written = heldAsWritten(text, limits, held);
  if (written) return { ov: written, canonical: true, validated: true };
  let ov: Overlay | undefined;
  try {
    const data = parsed ?? parseOverlayText(text, shown);
    if (data && typeof data === "object" && !Array.isArray(data)) ov = data as Overlay;
  } catch {
    return { ov: undefined, canonical: false };
  }
  return { ov, canonical: ov !== undefined && writesAs(ov, text, limits) };
}

/**
 * Sets (`on`) or clears the `nodes.<id>.status: draft` override. A canonical overlay (the exact bytes
 * the update's deterministic writer produces) is rewritten by that writer, so it stays canonical and
 * only the override's line differs; any other layout is edited in place, keeping every other byte.
 * `held`: the store's record of `oldText`'s bytes (core/overlay-file.ts keptOverlay), when it has one.
 */
export function editDraftOverride(oldText: string | null, id: string, shown: string, limits: OverlayLimits, on: boolean, parsed?: unknown, held?: KeptOverlay | null): OverlayEdit {
  if (oldText === null) {
    if (!on) throw unsupported(shown, "there is no overlay");
    return { text: dumpOverlay({ akms_schema: "v2", nodes: { [id]: { status: "draft" } } }, limits), writer: "overlay-io" };
  }
  const { ov, canonical, validated } = overlayAsWritten(oldText, shown, limits, held, parsed);
  if (ov && canonical) {
    const nodes = { ...(ov.nodes ?? {}) };
    if (on) nodes[id] = { ...(nodes[id] ?? {}), status: "draft" };
    else {
      const rest = { ...(nodes[id] ?? {}) };
      delete rest.status;
      if (Object.keys(rest).length) nodes[id] = rest;
      else delete nodes[id];
    }
    const { text, data } = rewrittenOverlay(oldText, ov, { ...ov, nodes }, { nodes: [id] }, limits);
    return validated ? { text, writer: "overlay-io", data } : { text, writer: "overlay-io" };
  }
  return { text: on ? setDraftOverride(oldText, id, shown, ov) : clearDraftOverride(oldText, id, shown, ov), writer: "in-place" };
}
