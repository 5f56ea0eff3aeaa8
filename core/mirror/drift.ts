// Docstring drift (DESIGN §4 Mirror, spec §5.6): a docstring that CONTRADICTS the code —
//   • it documents a parameter the signature does not have (Google `Args:`, NumPy `Parameters`,
//     Sphinx `:param x:`, JSDoc `@param x`), or
//   • it documents a return value where the return annotation is `None` (Python) / `void` (TS).
// A missing, partial or vague docstring is never drift. Nor is a documented name the code may
// really accept: with `*args`, `**kwargs`, `...rest` or a read of `arguments` any name may be one
// of the values collected; a destructured JS parameter may be named freely; a class docstring is
// checked only against the class's own __init__ / constructor. Deterministic: no model is called
// here (the optional semantic check lives in semantic.ts and runs only when configured).
import type { Language, Param, SourceDef } from "./types.js";
import { oneLine } from "../control-chars.js";

export type DriftKind = "unknown-parameter" | "return-on-none" | "semantic";

export interface DriftFinding {
  /** Qualified name of the function, method or class. */
  function: string;
  kind: DriftKind;
  /** What contradicts what, in one sentence. */
  detail: string;
  /** 1-based line of the definition in the source file. */
  line: number;
}

export interface DocumentedParam {
  /** As written, without RST escapes (e.g. `*args`, `opts.name`). */
  name: string;
  /** Which convention documented it (for the message). */
  style: string;
}

export interface DocumentedReturn {
  style: string;
  /** What the docstring says is returned (type and/or description). */
  text: string;
}

// ── Python docstring conventions ──

const GOOGLE_PARAM_SECTIONS = new Set(["args", "arguments", "parameters", "params", "keyword args", "keyword arguments", "kwargs", "other parameters"]);
const GOOGLE_RETURN_SECTIONS = new Set(["returns", "return"]);
const GOOGLE_SECTIONS = new Set([
  ...GOOGLE_PARAM_SECTIONS,
  ...GOOGLE_RETURN_SECTIONS,
  "yields",
  "yield",
  "raises",
  "raise",
  "attributes",
  "example",
  "examples",
  "note",
  "notes",
  "see also",
  "warning",
  "warnings",
  "warns",
  "todo",
  "references",
  "methods",
]);
const NUMPY_PARAM_SECTIONS = new Set(["parameters", "other parameters", "params"]);
const NUMPY_RETURN_SECTIONS = new Set(["returns", "return"]);

const indentOf = (line: string) => line.length - line.trimStart().length;
const isBlank = (line: string) => line.trim() === "";
/** `\*args`, `*args`, `**kwargs` → `args`, `kwargs`. */
export const bareName = (name: string) => name.replace(/\\/g, "").replace(/^\*{1,2}/, "").replace(/^\.\.\./, "");

interface PyDoc {
  params: DocumentedParam[];
  returns: DocumentedReturn[];
}

/** The parameters and return values a Python docstring documents, in Google, NumPy and Sphinx style. */
export function parsePythonDocstring(doc: string): PyDoc {
  const lines = doc.split("\n");
  const out: PyDoc = { params: [], returns: [] };
  const numpyHeaderAt = (i: number) =>
    i + 1 < lines.length && /^\s*-{3,}\s*$/.test(lines[i + 1]!) && !isBlank(lines[i]!) && indentOf(lines[i]!) === indentOf(lines[i + 1]!);

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // NumPy: a section title underlined with dashes.
    if (numpyHeaderAt(i)) {
      const title = line.trim().toLowerCase();
      const indent = indentOf(line);
      let j = i + 2;
      const body: string[] = [];
      while (j < lines.length && !numpyHeaderAt(j)) {
        const l = lines[j]!;
        if (!isBlank(l) && indentOf(l) < indent) break;
        body.push(l);
        j++;
      }
      const entries = body.filter((l) => !isBlank(l) && indentOf(l) === indent);
      if (NUMPY_PARAM_SECTIONS.has(title)) {
        for (const e of entries) {
          const names = e.trim().split(/\s+:\s*|\s*:\s+|\s*:$/)[0]!;
          for (const n of names.split(",")) {
            const name = n.trim().replace(/\\/g, "");
            if (/^\*{0,2}[A-Za-z_]\w*$/.test(name)) out.params.push({ name, style: "NumPy Parameters" });
          }
        }
      } else if (NUMPY_RETURN_SECTIONS.has(title)) {
        const text = body.map((l) => l.trim()).filter(Boolean).join(" ");
        out.returns.push({ style: "NumPy Returns", text });
      }
      i = j - 1;
      continue;
    }
    // Google: `Args:` / `Returns:` headers with an indented body.
    const g = /^(\s*)([A-Za-z][A-Za-z ]*?)\s*:\s*(.*)$/.exec(line);
    if (g && GOOGLE_SECTIONS.has(g[2]!.toLowerCase()) && (g[3] === "" || GOOGLE_RETURN_SECTIONS.has(g[2]!.toLowerCase()))) {
      const title = g[2]!.toLowerCase();
      const indent = g[1]!.length;
      let j = i + 1;
      const body: string[] = [];
      while (j < lines.length && (isBlank(lines[j]!) || indentOf(lines[j]!) > indent)) body.push(lines[j++]!);
      while (body.length && isBlank(body[body.length - 1]!)) body.pop();
      if (GOOGLE_PARAM_SECTIONS.has(title)) {
        const first = body.find((l) => !isBlank(l));
        const entryIndent = first === undefined ? -1 : indentOf(first);
        for (const l of body) {
          if (isBlank(l) || indentOf(l) !== entryIndent) continue;
          const m = /^\s*((?:\\?\*){0,2}[A-Za-z_]\w*)\s*(?:\([^)]*\))?\s*:/.exec(l);
          if (m) out.params.push({ name: m[1]!.replace(/\\/g, ""), style: `Google ${g[2]}:` });
        }
      } else if (GOOGLE_RETURN_SECTIONS.has(title)) {
        const text = [g[3]!, ...body.map((l) => l.trim())].filter(Boolean).join(" ");
        out.returns.push({ style: `Google ${g[2]}:`, text });
      }
      if (body.length) i = i + body.length;
      continue;
    }
    // Sphinx / reST field lists.
    const sp = /^\s*:(param|parameter|arg|argument|key|keyword|type)\s+([^:]*?)\s*:/.exec(line);
    if (sp) {
      const words = sp[2]!.trim().split(/\s+/);
      const name = words[words.length - 1]!.replace(/\\/g, "");
      if (/^\*{0,2}[A-Za-z_]\w*$/.test(name)) out.params.push({ name, style: `Sphinx :${sp[1]}:` });
      continue;
    }
    const sr = /^(\s*):(returns?|rtype)\s*:\s*(.*)$/.exec(line);
    if (sr) {
      const indent = sr[1]!.length;
      const more: string[] = [];
      let j = i + 1;
      while (j < lines.length && !isBlank(lines[j]!) && indentOf(lines[j]!) > indent) more.push(lines[j++]!.trim());
      out.returns.push({ style: `Sphinx :${sr[2]}:`, text: [sr[3]!, ...more].join(" ").trim() });
    }
  }
  return out;
}

// ── The check ──

/** "None", "Nothing.", "`None`", "void", "undefined" … — a documented absence of a return value. */
export function saysNothingReturned(text: string): boolean {
  const t = text.replace(/[`*_{}()[\]'"]/g, "").trim().toLowerCase();
  return t === "" || /^(none|nothing|void|undefined|never|n\/a|no return value|no value)\b/.test(t);
}

function isNoneAnnotation(lang: Language, returns: string | null): boolean {
  if (returns === null) return false;
  const r = returns.trim();
  if (lang === "python") return r === "None" || r === "'None'" || r === '"None"';
  return r === "void";
}

function signatureText(params: Param[], lang: Language): string {
  const shown = params.map((p) => (p.kind === "vararg" ? (lang === "python" ? `*${p.name}` : `...${p.name}`) : p.kind === "kwarg" ? `**${p.name}` : p.name));
  return `(${shown.join(", ")})`;
}

/** `*args`, `**kwargs`, `...rest`: a documented name may be one of the values they collect. */
const hasCatchAll = (params: Param[]) => params.some((p) => p.kind === "vararg" || p.kind === "kwarg");

/** Structural drift of one definition. Never flags a missing or partial docstring. */
export function checkDrift(def: SourceDef, lang: Language): DriftFinding[] {
  if (!def.docstring) return [];
  const findings: DriftFinding[] = [];
  const isClass = def.kind === "class";
  // A class docstring documents its constructor; with no constructor of its own there is
  // nothing to contradict (dataclass fields, inherited __init__).
  const params = isClass ? def.initParams : def.params;
  const where = isClass ? (lang === "python" ? "__init__" : "constructor") : "signature";

  if (lang === "python") {
    const doc = parsePythonDocstring(def.docstring);
    if (params && !hasCatchAll(params)) {
      const names = new Set(params.map((p) => p.name));
      const seen = new Set<string>();
      for (const d of doc.params) {
        const n = bareName(d.name);
        if (names.has(n) || seen.has(n)) continue;
        seen.add(n);
        findings.push({
          function: def.qualname,
          kind: "unknown-parameter",
          detail: `docstring (${d.style}) documents parameter \`${d.name}\`, but the ${where} is ${signatureText(params, lang)}`,
          line: def.line,
        });
      }
    }
    if (!isClass && isNoneAnnotation(lang, def.returns)) {
      const r = doc.returns.find((x) => !saysNothingReturned(x.text));
      if (r) {
        findings.push({
          function: def.qualname,
          kind: "return-on-none",
          detail: `docstring (${r.style}) documents a return value (${oneLine(r.text, 60)}), but the return annotation is \`-> ${def.returns!.trim()}\``,
          line: def.line,
        });
      }
    }
    return findings;
  }

  // TypeScript / JavaScript: the JSDoc tags as the TypeScript parser read them.
  const js = def.jsdoc;
  if (!js) return [];
  if (params && !hasCatchAll(params) && !def.usesArguments) {
    const names = new Set<string>(["this"]);
    let patterns = 0;
    for (const p of params) {
      if (p.kind === "pattern") {
        patterns++;
        for (const b of p.bound ?? []) names.add(b);
      } else names.add(p.name);
    }
    // A destructured parameter has no name: JSDoc names it freely (`@param opts`, `@param opts.x`).
    const freeRoots: string[] = [];
    const flagged = new Set<string>();
    for (const tag of js.params) {
      const root = tag.name.split(/[.[]/)[0]!;
      if (names.has(root)) continue;
      if (freeRoots.includes(root)) continue;
      if (freeRoots.length < patterns) {
        freeRoots.push(root);
        continue;
      }
      if (flagged.has(root)) continue;
      flagged.add(root);
      findings.push({
        function: def.qualname,
        kind: "unknown-parameter",
        detail: `JSDoc documents \`@param ${tag.name}\`, but the ${where} is ${signatureText(params, lang)}`,
        line: def.line,
      });
    }
  }
  if (!isClass && js.returns && isNoneAnnotation(lang, def.returns)) {
    const r = js.returns;
    const typeSaysNothing = r.type !== null && /^(void|undefined|never)$/.test(r.type.trim());
    const documents = r.type !== null ? !typeSaysNothing : !saysNothingReturned(r.text);
    if (documents) {
      const what = [r.type !== null ? `{${r.type}}` : "", r.text].filter(Boolean).join(" ");
      findings.push({
        function: def.qualname,
        kind: "return-on-none",
        detail: `JSDoc documents a return value (\`@returns ${oneLine(what, 60)}\`), but the return type is \`${def.returns!.trim()}\``,
        line: def.line,
      });
    }
  }
  return findings;
}

export function checkAllDrift(defs: SourceDef[], lang: Language): DriftFinding[] {
  return defs.flatMap((d) => checkDrift(d, lang));
}
